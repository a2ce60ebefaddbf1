// Issue 19, item 5: the prediction view bolds no loser. On the NFL data (FiveThirtyEight, MIT,
// engine/tests/data/nfl/) with the defaults, Brent and Elo predict the later games worse than a
// coin: the table shows the baselines (a coin, the home rate), marks no method best, and says
// why in a note with a one-click switch to rolling blocks (after which Elo beats them and is
// marked); tuning says when it picks the end of its grid and carries the grid on in one click;
// Elo's home advantage is tunable. axe and screenshots at desktop and phone width.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { ARTIFACTS, DESKTOP, PHONE, ROOT, finished, siteForTests } from './browser.mjs';

const { open } = siteForTests();
const NFL = `${ROOT}engine/tests/data/nfl/nfl_games.csv`;
const AXE = `${ROOT}node_modules/axe-core/axe.min.js`;

/** Opens the NFL games through the picker and waits for their ratings. */
async function openNfl(page) {
  const buffer = await readFile(NFL);
  await page.getByTestId('file-input').setInputFiles({ name: 'nfl_games.csv', mimeType: 'text/csv', buffer });
  await page.waitForFunction(() => /16,?810 games|16810/.test(document.body.textContent), null, { timeout: 60000 });
  await finished(page);
}

/**
 * Runs axe on the prediction view as it is; fails on any serious or critical violation, naming
 * it. (Only the view this file is about: the input panel's preview of a file this large is
 * another view's.)
 */
async function axe(page, view) {
  await page.evaluate(await readFile(AXE, 'utf8'));
  const violations = await page.evaluate(async () => (await window.axe.run(document.querySelector('[data-testid=predict-panel]'))).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`));
  assert.deepEqual(violations, [], `${view}: ${violations.join('\n')}`);
}

/** Each row of the prediction table: its cells' text and whether its log-loss is bold. */
const tableRows = (page) => page.evaluate(() => [...document.querySelectorAll('[data-testid=predict-table] tbody tr:has(td)')].map((tr) => ({
  cells: [...tr.querySelectorAll('td')].map((td) => td.textContent.trim()),
  baseline: tr.dataset.testid === 'predict-baseline-row',
  bold: [...tr.querySelectorAll('td')].some((td) => Number(getComputedStyle(td).fontWeight) >= 600),
})));

test('NFL with the defaults: the baselines shown, no loser bolded, a note with rolling blocks one click away', async () => {
  for (const viewport of [DESKTOP, PHONE]) {
    const at = viewport === PHONE ? 'phone' : 'desktop';
    const { context, page, errors } = await open(viewport);
    await openNfl(page);
    await page.getByTestId('predict-open').click();
    await page.getByTestId('predict-evaluate').click();
    await page.getByTestId('predict-table').waitFor({ timeout: 120000 });
    let rows = await tableRows(page);
    assert.deepEqual(rows.map((r) => [r.cells[0], r.baseline]),
      [['Brent', false], ['Elo', false], ['coin (½ each)', true], ['home rate (58.2 %)', true]], JSON.stringify(rows));
    assert.deepEqual(rows.map((r) => r.cells[1]), ['0.7056 ± 0.0028', '0.7266 ± 0.0069', '0.6931 ± 0.0000', '0.6857 ± 0.0028']);
    assert.equal(await page.locator('[data-testid=predict-table] td.best').count(), 0, 'no method is marked best');
    assert.ok(rows.every((r) => !r.bold), 'no method or baseline is bold');
    assert.equal(await page.locator('[data-testid=predict-table] th.baseline-head').textContent(), 'Baselines (no ratings: a method should beat them)');
    const note = page.getByTestId('predict-behind');
    assert.ok(await note.isVisible());
    const text = await note.textContent();
    assert.match(text, /^No method beat the home rate, so none is marked best\. Brent and Elo predict the later games worse than the home rate \(log-loss 0\.7056 and 0\.7266 against 0\.6857\)/);
    assert.match(text, /frozen through all 3362 later games/);
    assert.match(text, /Predict in rolling blocks/);
    await axe(page, `${at} prediction view with the baselines and the note`);
    await page.getByTestId('predict-panel').screenshot({ path: `${ARTIFACTS}/trust-predict-${at}.png` });

    // One click: predicted again in 20 rolling blocks; Elo now beats both baselines and is bold.
    await page.getByTestId('predict-rolling-again').click();
    await page.waitForFunction(() => /rolling origin in 20 blocks/.test(document.querySelector('[data-testid=predict-caption]')?.textContent ?? ''),
      null, { timeout: 120000 });
    assert.equal(await page.getByTestId('predict-rolling').inputValue(), '20');
    rows = await tableRows(page);
    assert.deepEqual(rows.map((r) => [r.cells[0], r.cells[1], r.bold]).slice(0, 2), [['Brent', '0.6952 ± 0.0024', false], ['Elo', '0.6734 ± 0.0066', true]]);
    assert.ok(rows.filter((r) => r.baseline).every((r) => !r.bold));
    const after = await page.getByTestId('predict-behind').textContent();
    assert.match(after, /^ ?Brent predicts the later games worse than the home rate .* even in 20 rolling blocks/);
    assert.doesNotMatch(after, /No method beat|stale/);
    assert.equal(await page.getByTestId('predict-rolling-again').count(), 0);
    await page.getByTestId('predict-panel').screenshot({ path: `${ARTIFACTS}/trust-predict-rolling-${at}.png` });
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('NFL tuning: K at the end of its grid is noted and the grid carried on; the home advantage tuned', async () => {
  for (const viewport of [DESKTOP, PHONE]) {
    const at = viewport === PHONE ? 'phone' : 'desktop';
    const { context, page, errors } = await open(viewport);
    await openNfl(page);
    await page.getByTestId('predict-open').click();
    await page.getByTestId('tune-run').click();
    await page.getByTestId('tune-table').waitFor({ timeout: 120000 });
    const edge = page.getByTestId('tune-edge');
    assert.equal(await edge.locator('p').textContent(), 'K = 4 was the lowest value tried: the best may lie below; widen the grid.');
    await page.getByTestId('predict-panel').screenshot({ path: `${ARTIFACTS}/trust-tune-${at}.png` });
    await page.getByTestId('tune-widen').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=tune-row]').length === 13, null, { timeout: 120000 });
    const first = await page.getByTestId('tune-row').first().textContent();
    assert.match(first, /^0\.5 ← chosen/);
    assert.match(await edge.locator('p').textContent(), /^K = 0\.5 was the lowest value tried/);
    // Elo's home advantage: in the picker, tuned, chosen inside its grid (no note), put in Elo's panel.
    await page.getByTestId('tune-parameter').selectOption({ label: "Elo's home advantage h" });
    await page.getByTestId('tune-run').click();
    await page.waitForFunction(() => /home advantage h/.test(document.querySelector('[data-testid=tune-apply]')?.textContent ?? ''), null, { timeout: 120000 });
    assert.equal(await page.getByTestId('tune-row').count(), 8);
    assert.equal(await page.getByTestId('tune-apply').textContent(), "Use Elo's home advantage h = 65");
    assert.equal(await page.getByTestId('tune-edge').count(), 0);
    if (viewport === DESKTOP) {
      await page.getByTestId('tune-apply').click();
      await page.getByTestId('method').selectOption('elo');
      await page.waitForFunction(() => document.querySelector('[data-testid=home]')?.value === '65', null, { timeout: 60000 });
    }
    await axe(page, `${at} tuning h`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});
