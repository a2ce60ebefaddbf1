// The first look (issue 24, web/first-look.js): a plain first visit shows the example's
// ratings, computed by the first worker, in a still copy of the opening view before the page's
// own code is fetched; the app then takes its place, showing the same rows; a link or anything
// kept from an earlier visit opens the app without it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { siteForTests, DESKTOP, PHONE, ARTIFACTS, finished } from './browser.mjs';

const site = siteForTests();
const PAGE_CODE = /\/ratings-lab-web-[0-9a-f]+(_bg\.wasm|\.js)$/;

/** A fresh page whose own code is held back until `release()`; the files it asked for. */
async function held(viewport = DESKTOP, context = null) {
  context ??= await site.browser.newContext({ viewport, serviceWorkers: 'block' });
  let release;
  const gate = new Promise((r) => { release = r; });
  await context.route(PAGE_CODE, async (route) => {
    await gate;
    await route.continue();
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const fetched = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname.slice(1)));
  return { context, page, errors, fetched, release };
}

const cells = (page, rows) => page.$$eval(rows, (trs) => trs.map((tr) => [...tr.cells].map((td) => td.textContent)));

test("a first visit: the example's computed ratings before the page's code, then the app with the same rows", async () => {
  const { context, page, errors, fetched, release } = await held(PHONE);
  await page.goto(`${site.site.origin}/`);
  const look = page.locator('#first-look');
  await look.locator('[data-first-look=rows] tr').first().waitFor({ timeout: 30000 });
  const first = await cells(page, '#first-look [data-first-look=rows] tr');
  assert.equal(first.length, 20);
  assert.match(await page.locator('#first-look-note').textContent(), /Loading the controls/);
  await page.screenshot({ path: `${ARTIFACTS}/first-look-phone.png` });
  // What the worker computed is in the copy; the page's code is not yet running (nor fetched).
  assert.ok(fetched.includes('worker_bg.wasm'), 'the first worker rated it');
  // (Its glue is held back above, so its wasm could only have come through a preload.)
  assert.ok(!fetched.some((f) => /^ratings-lab-web-.*_bg\.wasm$/.test(f)), `the page's wasm not fetched: ${fetched.join(' ')}`);
  assert.equal(await page.locator('body > .page').count(), 0, "the app's view is not there yet");
  // Nothing in the copy answers to a test id, an id or the keyboard: it is the app's to have.
  assert.equal(await look.locator('[data-testid], [id]').count(), 0);
  assert.equal(await look.getAttribute('inert'), '');
  release();
  await finished(page);
  await page.getByTestId('rating-row').first().waitFor();
  assert.equal(await page.locator('#first-look, #first-look-note').count(), 0, 'the copy gone once the app has rated');
  // The app's rows, formatted by the app, equal the copy's, formatted by the first look.
  assert.deepEqual(await cells(page, '[data-testid=rating-row]'), first);
  assert.ok(await page.getByTestId('rating-row').first().isVisible());
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
    const { context: c, page, release } = await held(DESKTOP, ctx);
    await page.goto(`${site.site.origin}${url}`);
    await page.locator('#boot').waitFor({ state: 'attached' });
    // The first look has decided by the time the page is parsed; nothing of it is left.
    await page.waitForFunction(() => window.ratingsLabFirstLook !== undefined);
    assert.equal(await page.locator('#first-look, #first-look-note').count(), 0, what);
    release();
    await page.locator('body > .page').waitFor({ timeout: 30000 });
    assert.ok(await page.locator('body > .page').isVisible(), what);
    if (c !== context) await c.close();
  }
  await context.close();
});
