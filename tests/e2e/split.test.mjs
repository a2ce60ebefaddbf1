// The page split where its views load (issue 24): a view whose code cannot be fetched says
// so and the page goes on (no crash, the ratings still there); a later try fetches it afresh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { siteForTests, DESKTOP, finished, editInput } from './browser.mjs';

const site = siteForTests();

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
