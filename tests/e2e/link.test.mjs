// A link that restores the scenario: Copy link puts the data, the method, every parameter and
// the view in the URL's fragment; a fresh browser opening it sees all of it; a cut link says so
// and shows the usual state; data too large for a link leave the settings only, saying so.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { serve } from './server.mjs';
import { ARTIFACTS, DESKTOP, PHONE, ROOT, axe, finished, launch } from './browser.mjs';

let browser, site;

before(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  site = await serve(`${ROOT}dist`);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

/** A fresh browser context (nothing stored) at `url`, the ratings done. */
async function open(url = `${site.origin}/`, viewport = DESKTOP) {
  const context = await browser.newContext({ viewport, permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url);
  await finished(page);
  return { context, page, errors };
}

const CHESS = 'white,black,result\nAnna,Ben,1-0\nBen,Cleo,1-0\nCleo,Anna,1-0\nAnna,Cleo,1/2-1/2\nDan,Anna,0-1\nDan,Ben,1/2-1/2\nCleo,Dan,1-0\n';
const OTHER = 'white,black,result\nXena,Yuri,1-0\nYuri,Zoe,1/2-1/2\nZoe,Xena,0-1\n';
const input = (page) => page.getByTestId('input').inputValue();
const rows = (page, n) => page.waitForFunction((n) => document.querySelectorAll('[data-testid=rating-row]').length === n, n, { timeout: 30000 });
const method = (page) => page.evaluate(() => document.querySelector('[data-testid=results-panel]').dataset.method);
const names = (page) => page.getByTestId('player-name').allTextContents();

async function setInput(page, text) {
  await page.getByTestId('input').evaluate((t, text) => {
    t.value = text;
    t.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
}

async function setNumber(page, id, value) {
  await page.getByTestId(id).fill(value);
  await page.getByTestId(id).press('Enter');
}

async function choose(page, name) {
  await page.getByTestId('method').selectOption(name);
  await page.waitForFunction((m) => document.querySelector('[data-testid=results-panel]').dataset.method === m, name, { timeout: 60000 });
  await finished(page);
}

/** Clicks Copy link; the link as the page shows it (and the clipboard holds). */
async function copyLink(page) {
  await page.getByTestId('copy-link').click();
  await page.waitForFunction(() => /Copied|Copy it from the box/.test(document.querySelector('[data-testid=link-status]')?.textContent ?? ''));
  return page.getByTestId('link').inputValue();
}


/** The scenario of the first test: the chess games, Brent's and Elo's parameters changed,
 * Elo chosen, the table by name, step 2 shown. */
async function makeScenario(page) {
  await setInput(page, CHESS);
  await rows(page, 4);
  await page.getByTestId('variant').selectOption('zermelo');
  await setNumber(page, 'sigma', '0.55');
  await setNumber(page, 'gamma', '1');
  await finished(page);
  await choose(page, 'elo');
  await setNumber(page, 'k', '40');
  await setNumber(page, 'home', '30');
  await page.getByTestId('margin').check();
  await page.getByTestId('chronological').uncheck();
  await finished(page);
  await page.getByTestId('sort-name').click();
  await page.getByTestId('step-first').click();
  await page.getByTestId('step-next').click();
  await page.waitForFunction(() => /\b2 of \d+/.test(document.querySelector('[data-testid=step-label]')?.textContent ?? ''));
}

/** Everything the scenario set, as a fresh page shows it. */
async function assertScenario(page) {
  await page.waitForFunction(() => /\b2 of \d+/.test(document.querySelector('[data-testid=step-label]')?.textContent ?? ''), null, { timeout: 30000 });
  assert.equal(await input(page), CHESS);
  assert.equal(await method(page), 'elo');
  assert.equal(await page.getByTestId('k').inputValue(), '40');
  assert.equal(await page.getByTestId('home').inputValue(), '30');
  assert.equal(await page.getByTestId('margin').isChecked(), true);
  assert.equal(await page.getByTestId('chronological').isChecked(), false);
  assert.deepEqual(await names(page), ['Anna', 'Ben', 'Cleo', 'Dan'], 'sorted by name');
  await page.getByTestId('step-final').click();
  await choose(page, 'brent');
  assert.equal(await page.getByTestId('variant').inputValue(), 'zermelo');
  assert.equal(await page.getByTestId('sigma').inputValue(), '0.55');
  assert.equal(await page.getByTestId('gamma').inputValue(), '1');
}

test('a copied link opened in a fresh browser restores the data, the method, every parameter and the view', async () => {
  const { context, page, errors } = await open();
  await makeScenario(page);
  const link = await copyLink(page);
  assert.match(link, new RegExp(`^${site.origin}/#v1=[A-Za-z0-9_-]+$`));
  assert.match(await page.getByTestId('link-status').textContent(), /holds the results, the method, every parameter and the view/);
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link, 'on the clipboard too');
  await axe(page, 'the link made');
  await page.screenshot({ path: `${ARTIFACTS}/link-made-desktop.png` });
  await context.close();

  const fresh = await open(link);
  await fresh.page.waitForFunction(() => /\b2 of \d+/.test(document.querySelector('[data-testid=step-label]')?.textContent ?? ''), null, { timeout: 30000 });
  await fresh.page.screenshot({ path: `${ARTIFACTS}/link-opened-desktop.png` });
  await assertScenario(fresh.page);
  assert.match(await fresh.page.getByTestId('link-opened').textContent(), /Opened a link/);
  assert.equal(new URL(fresh.page.url()).hash, '', 'the fragment is consumed');
  // A reload shows what is stored now: the link's scenario, without the note.
  await fresh.page.reload();
  await finished(fresh.page);
  assert.equal(await input(fresh.page), CHESS);
  assert.equal(await fresh.page.getByTestId('link-opened').count(), 0);
  assert.deepEqual([...errors, ...fresh.errors], []);
  await fresh.context.close();
});

test('a link opened over the own data keeps them one step back, and the own settings one click back', async () => {
  const first = await open();
  await setInput(first.page, CHESS);
  await rows(first.page, 4);
  await setNumber(first.page, 'sigma', '0.7');
  await finished(first.page);
  const link = await copyLink(first.page);
  await first.context.close();

  const { context, page, errors } = await open(`${site.origin}/`, PHONE);
  await setInput(page, OTHER);
  await rows(page, 3);
  await setNumber(page, 'sigma', '0.2');
  await finished(page);
  // Pasted into the address bar of the open page: only the fragment changes.
  await page.evaluate((hash) => { location.hash = hash; }, new URL(link).hash);
  await rows(page, 4);
  assert.equal(await input(page), CHESS);
  await page.waitForFunction(() => document.querySelector('[data-testid=sigma]').value === '0.7');
  assert.match(await page.getByTestId('undo-text').textContent(), /^Opened a link in place of the results before \(4 lines\)\.$/);
  await page.getByTestId('copy-link').click();
  await page.getByTestId('link').waitFor();
  await axe(page, 'a link opened, at phone width');
  await page.screenshot({ path: `${ARTIFACTS}/link-opened-phone.png`, fullPage: false });
  await page.getByTestId('undo').click();
  await rows(page, 3);
  assert.equal(await input(page), OTHER);
  await page.getByTestId('own-settings').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=sigma]').value === '0.2');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a cut or unknown link says so clearly and shows the usual state', async () => {
  const first = await open();
  await setInput(first.page, CHESS);
  await rows(first.page, 4);
  const link = await copyLink(first.page);
  await first.context.close();
  for (const [url, why] of [
    [link.slice(0, link.length - 12), /incomplete or damaged \(was it cut short/],
    [link.slice(0, link.indexOf('#') + 3), /incomplete or damaged/],
    [`${site.origin}/#v7=AAAA`, /newer version of Ratings Lab/],
  ]) {
    const { context, page, errors } = await open(url);
    await page.getByTestId('link-problem').waitFor();
    assert.match(await page.getByTestId('link-problem').textContent(), why);
    assert.match(await page.getByTestId('link-problem').textContent(), /your own results and settings/);
    await rows(page, 20); // the usual first visit: the example, rated
    assert.equal(await method(page), 'brent');
    assert.equal(await page.getByTestId('undo-bar').count(), 0);
    if (why.source.includes('cut short')) {
      await axe(page, 'a cut link');
      await page.screenshot({ path: `${ARTIFACTS}/link-cut-desktop.png` });
    }
    assert.deepEqual(errors, []);
    await context.close();
  }
});

/** CSV that compresses badly (a note of random characters on every line), among 30 players;
 * the same every time (mulberry32). */
function noisy(bytes) {
  let seed = 3;
  const rnd = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const lines = ['white,black,result,note'];
  let size = 0;
  while (size < bytes) {
    const a = Math.floor(rnd() * 30);
    const b = (a + 1 + Math.floor(rnd() * 29)) % 30;
    const note = Array.from({ length: 60 }, () => chars[Math.floor(rnd() * chars.length)]).join('');
    const line = `P${a},P${b},${['1-0', '0-1', '1/2-1/2'][Math.floor(rnd() * 3)]},${note}`;
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join('\n') + '\n';
}

test('data too large for a link: the link carries the settings only and says so', async () => {
  const { context, page, errors } = await open();
  await setInput(page, noisy(400_000));
  await rows(page, 30);
  await setNumber(page, 'sigma', '0.45');
  await finished(page);
  const link = await copyLink(page);
  assert.match(await page.getByTestId('link-status').textContent(), /^The data are too large for a link: it carries the settings only/);
  assert.ok(link.length < 2000, `${link.length} characters`);
  await page.screenshot({ path: `${ARTIFACTS}/link-settings-only-desktop.png` });
  // A large file kept in the browser (no text in the page) is not carried either.
  await page.getByTestId('file-input').setInputFiles({ name: 'big.csv', mimeType: 'text/csv', buffer: Buffer.from(noisy(1_100_000)) });
  await page.getByTestId('stored-file').and(page.locator(':not(.hidden)')).waitFor();
  const fileLink = await copyLink(page);
  assert.match(await page.getByTestId('link-status').textContent(), /^The data are a large file kept in this browser, too large for a link: it carries the settings only/);
  assert.ok(fileLink.length < 2000, `${fileLink.length} characters`);
  await context.close();

  const fresh = await open(link);
  assert.match(await fresh.page.getByTestId('link-opened').textContent(), /too large for a link: it carries the settings only.*your own results/);
  await rows(fresh.page, 20); // its own data: the example
  assert.equal(await fresh.page.getByTestId('sigma').inputValue(), '0.45');
  assert.deepEqual([...errors, ...fresh.errors], []);
  await fresh.context.close();
});
