// A measurement, not a test (issue 39, item 5: "8.7 minutes on 200,000 games with no
// estimate"): the held-out prediction of a 200,000-game league (`scripts/leagues.py
// --players 12500 --games 200000`, passed as the first argument) in the built site, with
// Brent and Elo and 20 rolling blocks: the estimate said before it (if any), then the time
// from "Predict" to the scores. Usage, after ./scripts/build.sh:
//   python3 scripts/leagues.py --players 12500 --games 200000 --out /tmp/l200k.csv
//   LEAGUE=/tmp/l200k.csv BLOCKS=20 node --test scripts/bench-predict.mjs
// (node's test runner only for the browser's set-up and tear-down; tests/e2e does not run it).
import { test } from 'node:test';
import { readFile } from 'node:fs/promises';
import { DESKTOP, finished, siteForTests } from '../tests/e2e/browser.mjs';

const file = process.env.LEAGUE ?? '/tmp/l200k.csv';
const blocks = process.env.BLOCKS ?? '20';
const shared = siteForTests();
test('the held-out prediction of a 200,000-game league, timed', { timeout: 1800000 }, async () => {
const { context, page } = await shared.open(DESKTOP);
await page.getByTestId('file-input').setInputFiles({ name: 'league.csv', mimeType: 'text/csv', buffer: await readFile(file) });
await finished(page);
await page.getByTestId('predict-open').click();
await page.getByTestId('predict-rolling').fill(blocks);
await page.getByTestId('predict-rolling').dispatchEvent('change');
const start = Date.now();
await page.getByTestId('predict-evaluate').click();
const estimate = page.getByTestId('predict-estimate');
await Promise.race([estimate.waitFor({ timeout: 600000 }), page.getByTestId('predict-table').waitFor({ timeout: 600000 })]);
if (await estimate.count()) {
  console.log(`estimate: ${await estimate.textContent()}`);
  await page.getByTestId('predict-go').click();
}
await page.getByTestId('predict-table').waitFor({ timeout: 1200000 });
console.log(`${blocks} blocks: ${((Date.now() - start) / 1000).toFixed(1)} s from Predict to the scores`);
await context.close();
});
