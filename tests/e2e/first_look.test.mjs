// The first look (issue 24, web/first-look.js): a plain first visit shows the example's
// ratings, computed by the first worker, in a still copy of the opening view before the page's
// own code has come (asked for once the worker's wasm has: issue 40); the app then takes its place, showing the same rows, with the same
// worker; a link or anything kept from an earlier visit opens the app without it; a first
// look that cannot start its worker gives way to the app.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { siteForTests, DESKTOP, PHONE, ROOT, ARTIFACTS, finished } from './browser.mjs';

const site = siteForTests();
const PAGE_CODE = /\/ratings-lab-web-[0-9a-f]+(_bg\.wasm|\.js)$/;
const ROWS = '#first-look [data-first-look=rows] tr';

/**
 * A fresh page (or one of `context`) whose own code is held back until `release()`; what it
 * asked for, in order, with `'(rows shown)'` where the first look's rows appeared (the page
 * says so, through a binding, as it adds them: before any request made after).
 */
async function held(viewport = DESKTOP, context = null) {
  context ??= await site.browser.newContext({ viewport, serviceWorkers: 'block' });
  let release;
  const gate = new Promise((r) => { release = r; });
  await context.route(PAGE_CODE, async (route) => {
    await gate;
    await route.continue();
  });
  const asked = [];
  await context.exposeBinding('firstLookRowsShown', () => asked.push('(rows shown)'));
  await context.addInitScript((rows) => {
    const seen = new MutationObserver(() => {
      if (document.querySelector(rows)) {
        seen.disconnect();
        window.firstLookRowsShown();
      }
    });
    seen.observe(document, { subtree: true, childList: true });
  }, ROWS);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('request', (r) => asked.push(new URL(r.url()).pathname.slice(1)));
  return { context, page, errors, asked, release };
}

const cells = (page, rows) => page.$$eval(rows, (trs) => trs.map((tr) => [...tr.cells].map((td) => td.textContent)));

test("a first visit: the example's computed ratings before the page's code has come, then the app with the same rows and worker", async () => {
  const { context, page, errors, asked, release } = await held(PHONE);
  await page.goto(`${site.site.origin}/`);
  const look = page.locator('#first-look');
  await look.locator('[data-first-look=rows] tr').first().waitFor({ timeout: 30000 });
  const first = await cells(page, ROWS);
  assert.equal(first.length, 20);
  assert.match(await page.locator('#first-look-note').textContent(), /Loading the controls/);
  await page.screenshot({ path: `${ARTIFACTS}/first-look-phone.png` });
  assert.equal(await page.locator('body > .page').count(), 0, "the app's view is not there yet");
  // Nothing in the copy answers to a test id, an id or the keyboard: it is the app's to have.
  assert.equal(await look.locator('[data-testid], [id]').count(), 0);
  assert.equal(await look.getAttribute('inert'), '');
  // axe finds nothing serious in the page as the first look shows it (as a11y.test.mjs asks of the app).
  await page.evaluate(await readFile(`${ROOT}node_modules/axe-core/axe.min.js`, 'utf8'));
  const violations = await page.evaluate(async () => (await window.axe.run(document)).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0].target.join(' ')}`));
  assert.deepEqual(violations, []);
  release();
  await finished(page);
  await page.getByTestId('rating-row').first().waitFor();
  assert.equal(await page.locator('#first-look, #first-look-note').count(), 0, 'the copy gone once the app has rated');
  // The app's rows, formatted by the app, equal the copy's, formatted by the first look.
  assert.deepEqual(await cells(page, '[data-testid=rating-row]'), first);
  assert.ok(await page.getByTestId('rating-row').first().isVisible());
  // The worker computed the rows, and the app rated with the same worker, fetched once (its
  // wasm by the page, handed to it: web/first-look-worker.js, not Trunk's loader). The page's
  // wasm was asked for once the worker's had come, before the rows (issue 40: the link carries
  // the ratings' bytes, then the controls', without waiting for the worker's answer); the
  // page's glue and wasm each once (the preloads are what the start script loads).
  const shown = asked.indexOf('(rows shown)');
  assert.ok(shown > asked.indexOf('worker_bg.wasm') && asked.includes('worker_bg.wasm'), asked.join(' '));
  const code = asked.filter((f) => PAGE_CODE.test(`/${f}`));
  assert.equal(code.length, 2, `the page's glue and wasm, each once: ${asked.join(' ')}`);
  const wasm = asked.indexOf(code.find((f) => f.endsWith('_bg.wasm')));
  assert.ok(asked.indexOf('worker_bg.wasm') < wasm && wasm < shown, `the worker's wasm, then the page's, then the rows: ${asked.join(' ')}`);
  const count = (f) => asked.filter((a) => a === f).length;
  assert.deepEqual(['first-look-worker.js', 'worker.js', 'worker_bg.wasm', 'worker_loader.js'].map(count), [1, 1, 1, 0], asked.join(' '));
  assert.deepEqual(errors, []);
  await context.close();
});

test('a link, or anything kept from a visit before, opens the app without the first look', async () => {
  // Kept: the first visit keeps the input and the settings; the next opens on them.
  const context = await site.browser.newContext({ viewport: DESKTOP, serviceWorkers: 'block' });
  const first = await context.newPage();
  await first.goto(`${site.site.origin}/`);
  await finished(first);
  await first.close();
  for (const [what, url, ctx] of [
    ['a visit after the first', '/', context],
    ['a link', '/#s=nothing-to-read', null],
  ]) {
    const { context: c, page, asked, release } = await held(DESKTOP, ctx);
    await page.goto(`${site.site.origin}${url}`);
    // Parsed (goto waits for the page's load): nothing of the first look is left, and the
    // page's code was asked for at once (its preloads), not after a first look.
    assert.equal(await page.locator('#first-look, #first-look-note').count(), 0, what);
    assert.ok(!asked.includes('(rows shown)') && asked.some((f) => PAGE_CODE.test(`/${f}`)), `${what}: ${asked.join(' ')}`);
    release();
    await page.locator('body > .page').waitFor({ timeout: 30000 });
    assert.ok(await page.locator('body > .page').isVisible(), what);
    if (c !== context) await c.close();
  }
  await context.close();
});

test("a first look whose worker cannot start gives way to the app, which rates with its own", async () => {
  const context = await site.browser.newContext({ viewport: DESKTOP, serviceWorkers: 'block' });
  const asked = { look: 0, app: 0 };
  await context.route('**/first-look-worker.js', (route) => {
    asked.look++;
    return route.abort();
  });
  await context.route('**/worker_loader.js', (route) => {
    asked.app++;
    return route.continue();
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${site.site.origin}/`);
  await finished(page);
  assert.deepEqual(asked, { look: 1, app: 1 }, "the first look's worker refused, the app's served");
  assert.equal(await page.getByTestId('rating-row').count(), 20);
  assert.ok(await page.getByTestId('rating-row').first().isVisible());
  assert.equal(await page.locator('#first-look, #first-look-note').count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a page whose own code cannot be fetched says so, where the first look's copy was", async () => {
  const context = await site.browser.newContext({ viewport: DESKTOP, serviceWorkers: 'block' });
  await context.route(/\/ratings-lab-web-[0-9a-f]+_bg\.wasm$/, (route) => route.abort());
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${site.site.origin}/`);
  const boot = page.locator('#boot');
  await page.waitForFunction(() => /could not start/.test(document.getElementById('boot')?.textContent ?? ''), null, { timeout: 30000 });
  assert.ok(await boot.isVisible());
  assert.equal(await boot.getAttribute('role'), 'alert');
  assert.match(await boot.textContent(), /Reload the page to try again/);
  assert.equal(await page.locator('#first-look, #first-look-note').count(), 0, 'no still copy left looking like a working page');
  // The failure is also thrown, for the browser's console.
  assert.equal(errors.length, 1, errors.join('\n'));
  await context.close();
});
