// Draws the app's PNG icons (for the web app manifest) from its SVG in headless Chromium:
// `node scripts/icons.mjs`. The PNGs are committed in public/; run this after changing the SVG.
import { readFile, writeFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';

const ROOT = new URL('../', import.meta.url).pathname;
const svg = await readFile(`${ROOT}public/favicon.svg`, 'utf8');
// A maskable icon is cropped to a circle or squircle by the system: full-bleed background,
// the bars inside the central 80% safe zone.
const maskable = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#1f64b4"/>'
  + '<g transform="translate(16 16) scale(0.62) translate(-16 -15)"><path d="M7 24V14M13 24V9M19 24V12M25 24V6" stroke="#fff" stroke-width="3.5" stroke-linecap="round"/></g></svg>';
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
const page = await browser.newPage();
for (const [name, source, size] of [['icon-192.png', svg, 192], ['icon-512.png', svg, 512], ['icon-maskable-512.png', maskable, 512], ['apple-touch-icon.png', maskable, 180]]) {
  await page.setViewportSize({ width: size, height: size });
  const uri = `data:image/svg+xml;base64,${Buffer.from(source).toString('base64')}`;
  await page.setContent(`<style>html,body{margin:0;background:transparent}</style><img src="${uri}" width="${size}" height="${size}">`);
  await writeFile(`${ROOT}public/${name}`, await page.screenshot({ omitBackground: true }));
}
await browser.close();
