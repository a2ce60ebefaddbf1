// The README's screenshot: the built site (default dist/, or the folder given) served from
// loopback, opened at desktop width in headless Chromium with its first-visit example rated,
// and the first screen saved as docs/images/app.png.
// `node scripts/screenshot.mjs [DIST]` after `./scripts/build.sh`.
import { launch, finished, ROOT } from '../tests/e2e/browser.mjs';
import { serve } from '../tests/e2e/server.mjs';

const site = await serve(process.argv[2] ?? `${ROOT}dist`);
const browser = await launch();
try {
  const context = await browser.newContext({ viewport: { width: 1100, height: 640 } });
  const page = await context.newPage();
  await page.goto(`${site.origin}/`);
  await finished(page);
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${ROOT}docs/images/app.png` });
} finally {
  await browser.close();
  await site.stop();
}
