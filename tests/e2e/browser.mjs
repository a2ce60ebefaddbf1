// What the end-to-end test files share: Debian's headless Chromium, the paths, and waits.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { PDFParse } from 'pdf-parse';
import { serve } from './server.mjs';

export const ROOT = new URL('../../', import.meta.url).pathname;
export const ARTIFACTS = `${ROOT}test-artifacts`;
export const DESKTOP = { width: 1366, height: 900 };
export const PHONE = { width: 390, height: 844 };

export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Waits until the status says the ratings are done (converged, or rated in one pass). */
export async function finished(page, timeout = 60000) {
  await page.waitForFunction(() => /^(Converged|Rated in one pass)/.test(document.querySelector('[data-testid=status]')?.textContent ?? ''),
    null, { timeout });
}

/** Keeps the page's console messages (its workers' too), for a wait that times out to show. */
export function keepConsole(page) {
  page.consoleLog = [];
  page.on('console', (m) => page.consoleLog.push(`${m.type()}: ${m.text()}`));
}

/**
 * Waits until the compare view says it has compared; if it never does, the error says what the
 * view said instead and what the console said (a rare hang in CI, issue 39's session, left no
 * trace but the timeout).
 */
export async function compared(page, timeout = 60000) {
  try {
    await page.waitForFunction(() => /^Compared/.test(document.querySelector('[data-testid=compare-status]')?.textContent ?? ''), null, { timeout });
  } catch (e) {
    const seen = await page.evaluate(() => ({
      status: document.querySelector('[data-testid=compare-status]')?.textContent ?? '(no status: the view is not there)',
      panel: document.querySelector('[data-testid=compare-panel]')?.textContent?.slice(0, 300),
    }));
    const log = (page.consoleLog ?? []).slice(-20).join('\n  ');
    throw new Error(`${e.message}\nthe compare view said: ${seen.status}\nthe panel: ${seen.panel}\nthe console:\n  ${log}`);
  }
}

/**
 * The built site served and a browser launched for one test file (set up before its tests,
 * closed after), and `open(viewport, { options, setup })`: a fresh context (nothing stored)
 * on the site with the ratings done, its page errors collected.
 */
export function siteForTests() {
  const shared = {};
  before(async () => {
    await mkdir(ARTIFACTS, { recursive: true });
    shared.site = await serve(`${ROOT}dist`);
    shared.browser = await launch();
  });
  after(async () => {
    await shared.browser?.close();
    await shared.site?.stop();
  });
  shared.open = async (viewport = DESKTOP, { url, options = {} } = {}) => {
    const context = await shared.browser.newContext({ viewport, ...options });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    keepConsole(page);
    await page.goto(url ?? `${shared.site.origin}/`);
    await finished(page);
    return { context, page, errors };
  };
  return shared;
}

/**
 * The input's text area, open for editing: once read, the input folds to a one-line summary
 * (the results take the first screen), and *Edit* opens it again.
 */
export async function editInput(page) {
  const edit = page.getByTestId('edit-input');
  if (await edit.isVisible()) await edit.click();
  return page.getByTestId('input');
}

/**
 * An undated league as CSV text (each game a day of its own, for WHR): `players` players on a
 * line, each game between a player and one of the next 100, 20 % drawn, the stronger (earlier)
 * side winning more often; seeded, so a test's league is the same on every run.
 */
export function nearLeague(seed, players, games) {
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const lines = ['white,black,result'];
  for (let g = 0; g < games; g++) {
    const a = Math.floor(rnd() * players);
    const b = (a + 1 + Math.floor(rnd() * 100)) % players;
    const p = 1 / (1 + Math.exp(3 * (b - a) / players));
    const x = rnd();
    lines.push(`P${a},P${b},${x < 0.2 ? '1/2-1/2' : (x < 0.2 + 0.8 * p ? '1-0' : '0-1')}`);
  }
  return lines.join('\n');
}

/** Runs axe-core on the page: no serious or critical violation (evaluated, not added as a
 * script tag: the site's Content-Security-Policy refuses inline scripts). */
export async function axe(page, view) {
  await page.evaluate(await readFile(`${ROOT}node_modules/axe-core/axe.min.js`, 'utf8'));
  const violations = await page.evaluate(async () => (await window.axe.run(document)).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`));
  assert.deepEqual(violations, [], `${view}: ${violations.join('\n')}`);
}

/**
 * A fresh browser context (nothing kept) on the site of `shared` (`siteForTests()`), the
 * example rated, the tournament desk's new-tournament form opened by the keyboard; page errors
 * collected in `errors`.
 */
export async function newDeskTournament(shared) {
  const context = await shared.browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${shared.site.origin}/`);
  await finished(page);
  for (const testid of ['desk-toggle', 'desk-new']) {
    await page.getByTestId(testid).first().focus();
    await page.keyboard.press('Enter');
  }
  return { context, page, errors };
}

/** The text of each page of a PDF (Chromium's own print of a page), read back with pdf-parse. */
export async function pdfPages(pdf) {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).pages.map((p) => p.text);
  } finally {
    await parser.destroy();
  }
}

/** A seeded generator of numbers in [0, 1) (a test's random results, the same every run). */
export function seeded(seed) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** The header of FIDE's TXT players list (its columns, as `fideLine` fills them). */
export const FIDE_HEADER = 'ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag';

const pad = (s, n) => String(s).padEnd(n);

/** One line of FIDE's TXT players list: a Norwegian man born in 1990 with a standard rating. */
export function fideLine(id, name, rating) {
  return pad(id, 15) + pad(name, 61) + pad('NOR', 4) + pad('M', 4) + pad('', 5) + pad('', 5) + pad('', 15) + pad('', 4)
    + pad(rating, 6) + pad(10, 4) + pad(20, 3) + pad('', 6) + pad('', 4) + pad('', 3) + pad('', 6) + pad('', 4) + pad('', 3) + pad(1990, 6);
}

/**
 * Answers the desk's question yes by the keyboard, once the page has put the focus on its safe
 * answer (*no*, a frame after the question appears). Pressed sooner, that focus move can come
 * between the test's focus on *yes* and its Enter, which then answers no.
 */
export async function confirmYes(page) {
  await page.getByTestId('desk-confirm').waitFor({ timeout: 30000 });
  await page.waitForFunction(() => document.activeElement?.dataset?.testid === 'desk-confirm-no', null, { timeout: 30000 });
  await page.getByTestId('desk-confirm-yes').focus();
  await page.keyboard.press('Enter');
}
