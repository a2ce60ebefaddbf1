// The registry drives every view: each method `ratings-lab methods --format json` lists (made
// from the engine's registry) is in the method menu and the compare view's; each of its
// parameters has its control in the method panel; each the compare view offers has its field
// there; each tunable one is in the prediction view's tuner. (Stored settings and the link
// are checked for every parameter natively, in tests/registry.rs.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ROOT, finished, siteForTests } from './browser.mjs';

const { open } = siteForTests();
const CLI = `${ROOT}target/debug/ratings-lab`;

/** The registry, as the command line lists it. */
function registry() {
  assert.ok(existsSync(CLI), `the command line is built first (cargo build -p ratings-lab-cli): ${CLI}`);
  return JSON.parse(execFileSync(CLI, ['methods', '--format', 'json'], { encoding: 'utf8' })).methods;
}

const values = (select) => select.locator('option').evaluateAll((os) => os.map((o) => o.value));

test('every method and parameter of the registry is in the panel, the compare view and tuning', async () => {
  const methods = registry();
  assert.ok(methods.length >= 9, methods.map((m) => m.name).join(' '));
  const { context, page, errors } = await open();
  assert.deepEqual(await values(page.getByTestId('method')), methods.map((m) => m.name), 'the method menu');
  for (const m of methods) {
    await page.getByTestId('method').selectOption(m.name);
    await page.waitForFunction((name) => document.querySelector('[data-testid=results-panel]')?.dataset.method === name, m.name, { timeout: 60000 });
    await finished(page);
    for (const p of m.params) {
      assert.equal(await page.locator('.method-panel').getByTestId(p.id).count(), 1, `${m.name}: the panel's control for ${p.id}`);
    }
  }

  await page.getByTestId('compare-open').click();
  await page.getByTestId('compare-kind-1').waitFor();
  assert.deepEqual(await values(page.getByTestId('compare-kind-1')), methods.map((m) => m.name), "the compare view's menu");
  for (const m of methods) {
    await page.getByTestId('compare-kind-1').selectOption(m.name);
    for (const p of m.params.filter((q) => q.compare && (q.kind === 'number' || q.kind === 'integer'))) {
      assert.equal(await page.getByTestId(`compare-1-${p.id}`).count(), 1, `${m.name}: the compare view's field for ${p.id}`);
    }
  }

  await page.getByTestId('predict-open').click();
  await page.getByTestId('tune-parameter').waitFor();
  const tuned = await page.getByTestId('tune-parameter').locator('option').allTextContents();
  const tunable = methods.flatMap((m) => m.params.filter((p) => p.tunable).map((p) => p.tune.name));
  assert.ok(tunable.length >= 12, tunable.join(', '));
  assert.deepEqual(tuned, tunable, 'the tuner lists every tunable parameter, in the registry order');
  assert.deepEqual(errors, []);
  await context.close();
});
