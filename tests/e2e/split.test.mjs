// The page split where its views load, and the workers where a kind of job is first asked for
// (issue 24): a view's or a job's code that cannot be fetched is said and the page goes on (no
// crash, the ratings still there); a later try fetches it afresh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { siteForTests, DESKTOP, finished, editInput } from './browser.mjs';

const site = siteForTests();

/** A fresh page with the example rated: the files it fetched (by name) and its errors. */
async function rated() {
  const context = await site.browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const fetched = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname.slice(1)));
  await page.goto(`${site.site.origin}/`);
  await finished(page);
  return { context, page, errors, fetched };
}

test("a view whose code cannot be fetched says so, the page goes on, and a later try loads it", async () => {
  // The compare view's part is refused (as when the network goes, or the site was updated
  // while the page stayed open): from the start, so that fetching it ahead fails too.
  const context = await site.browser.newContext({ viewport: DESKTOP });
  let refuse = true;
  await context.route(/\/split_compare-[0-9a-f]+\.wasm$/, (route) => (refuse ? route.abort() : route.continue()));
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${site.site.origin}/`);
  await finished(page);
  // Past the moment the page fetches the views ahead (its attempt fails, quietly).
  await page.waitForTimeout(2500);
  await page.getByTestId('compare-open').click();
  const unloaded = page.getByTestId('view-unloaded');
  await unloaded.waitFor({ timeout: 30000 });
  assert.match(await unloaded.textContent(), /could not be fetched.*Reload the page/);
  assert.equal(await page.getByTestId('compare-kind-1').count(), 0);
  // The page goes on: the ratings are there, and a change is rated again.
  assert.equal(await page.getByTestId('rating-row').count(), 20);
  await (await editInput(page)).fill('white,black,result\nAnna,Ben,1-0\nBen,Cleo,1-0\nCleo,Anna,1-0\n');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=rating-row]').length === 3, null, { timeout: 30000 });
  await finished(page);
  // Closed and opened again once the part can be had: the view comes.
  refuse = false;
  await page.getByTestId('compare-open').click();
  await page.getByTestId('compare-open').click();
  await page.getByTestId('compare-kind-1').waitFor({ timeout: 30000 });
  assert.equal(await unloaded.count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a part of the lab's worker that cannot be fetched fails its job, said, and a later try loads it", async () => {
  // The lab's worker is split as the page is (scripts/build-split.sh): the comparison's code is
  // a part of it, fetched when a comparison is first asked for. No service worker: its offline
  // copy would fetch the part too, whenever it installs.
  const context = await site.browser.newContext({ viewport: DESKTOP, serviceWorkers: 'block' });
  let refuse = true;
  const asked = [];
  await context.route(/\/lab_worker-split_lab_compare-[0-9a-f]+\.wasm$/, (route) => {
    asked.push(route.request().url());
    return refuse ? route.abort() : route.continue();
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${site.site.origin}/`);
  await finished(page);
  await page.getByTestId('compare-open').click();
  const status = page.getByTestId('compare-status');
  await page.waitForFunction(() => /could not be fetched/.test(document.querySelector('[data-testid=compare-status]')?.textContent ?? ''),
    null, { timeout: 60000 });
  assert.match(await status.textContent(), /reload the page to use it; nothing you entered is lost/);
  assert.equal(asked.length, 1, 'the part was asked for');
  // The worker goes on: a rating with another method (in its main part) is answered.
  await page.getByTestId('method').selectOption('elo');
  await finished(page);
  assert.equal(await page.getByTestId('rating-row').count(), 20);
  // Asked again once the part can be had: it is fetched afresh, and the comparison comes.
  refuse = false;
  await page.getByTestId('compare-run').click();
  await page.waitForFunction(() => /^Compared/.test(document.querySelector('[data-testid=compare-status]')?.textContent ?? ''),
    null, { timeout: 60000 });
  assert.equal(asked.length, 2, 'fetched afresh');
  assert.equal(await page.getByTestId('compare-row').count(), 20);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the first worker rates the page's text with Brent's method; another method starts the lab's worker, and back again", async () => {
  const { context, page, errors, fetched } = await rated();
  const table = () => page.$$eval('[data-testid=rating-row]', (rows) => rows.map((r) => r.textContent).join('\n'));
  const brent = await table();
  assert.ok(fetched.includes('worker_bg.wasm'), 'the first worker');
  assert.ok(!fetched.some((f) => f.startsWith('lab_worker')), `the lab's worker not fetched: ${fetched.join(' ')}`);
  // Elo is the lab's worker's: it starts, and rates.
  await page.getByTestId('method').selectOption('elo');
  await page.waitForFunction((before) => {
    const rows = [...document.querySelectorAll('[data-testid=rating-row]')].map((r) => r.textContent).join('\n');
    return rows !== before && /^(Converged|Rated in one pass)/.test(document.querySelector('[data-testid=status]')?.textContent ?? '');
  }, brent, { timeout: 30000 });
  assert.ok(fetched.includes('lab_worker_bg.wasm'), "the lab's worker started for Elo");
  assert.equal(await page.getByTestId('rating-row').count(), 20);
  // Back to Brent: the first worker answers again, with the same ratings.
  await page.getByTestId('method').selectOption('brent');
  await page.waitForFunction((before) => [...document.querySelectorAll('[data-testid=rating-row]')].map((r) => r.textContent).join('\n') === before,
    brent, { timeout: 30000 });
  await finished(page);
  assert.equal(fetched.filter((f) => f === 'worker_bg.wasm').length, 1, 'the first worker fetched once');
  assert.deepEqual(errors, []);
  await context.close();
});

test("a tournament read by the first worker is handed to the lab's worker, which rates it with its standings", async () => {
  const { context, page, errors, fetched } = await rated();
  assert.ok(!fetched.includes('lab_worker_bg.wasm'), "a first visit does not fetch the lab's worker");
  // The first worker's code has no tiebreaks: it reads the TRF and hands it on.
  await page.getByTestId('lesson').selectOption('swiss-buchholz');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=standing-row]').length === 16, null, { timeout: 30000 });
  await finished(page);
  assert.ok(fetched.includes('lab_worker_bg.wasm'), "the lab's worker rates the tournament");
  const table = () => page.$$eval('[data-testid=rating-row]', (rows) => rows.map((r) => r.textContent).join('\n'));
  const before = await table();
  assert.equal(await page.getByTestId('rating-row').count(), 16);
  // A parameter changed: rated again (by the lab's worker, the text being the one handed on).
  await page.getByTestId('gamma').fill('0.5');
  await page.getByTestId('gamma').press('Tab');
  await page.waitForFunction((b) => [...document.querySelectorAll('[data-testid=rating-row]')].map((r) => r.textContent).join('\n') !== b, before, { timeout: 30000 });
  await finished(page);
  assert.equal(await page.locator('[data-testid=standing-row]').count(), 16, 'the standings still shown');
  assert.deepEqual(errors, []);
  await context.close();
});

test("a rating cancelled while the lab's worker is still loading is answered once it has loaded", async () => {
  const { context, page, errors } = await rated();
  // The lab's worker's code held back until the cancel is clicked.
  let release;
  const held = new Promise((r) => { release = r; });
  await page.route('**/lab_worker_bg.wasm', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByTestId('method').selectOption('elo');
  await page.getByTestId('cancel').click({ timeout: 10000 });
  release();
  // Before, the held rating was dropped with the cancel, and "Computing…" stayed for good.
  await page.waitForFunction(() => /^(Converged|Rated in one pass|Cancelled after)/.test(document.querySelector('[data-testid=status]')?.textContent ?? ''),
    null, { timeout: 30000 });
  assert.equal(await page.getByTestId('rating-row').count(), 20);
  assert.deepEqual(errors, []);
  await context.close();
});
