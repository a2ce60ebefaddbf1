// Ratings from rankings (issue 39): the debate lesson loaded, Plackett–Luce stepped through,
// the three ranking methods switched among and compared, axe clean at both widths.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, DESKTOP, PHONE, axe, compared, finished, siteForTests } from './browser.mjs';

const shared = siteForTests();


const method = (page) => page.evaluate(() => document.querySelector('[data-testid=results-panel]').dataset.method);

async function rated(page, name) {
  await page.waitForFunction((m) => document.querySelector('[data-testid=results-panel]')?.dataset.method === m, name, { timeout: 60000 });
  await finished(page);
}

test('the debate lesson: Plackett–Luce stepped through, the three ranking methods switched and compared, axe clean', async () => {
  for (const viewport of [DESKTOP, PHONE]) {
    const at = viewport === PHONE ? 'phone' : 'desktop';
    const { context, page, errors } = await shared.open(viewport);
    await page.getByTestId('lesson').selectOption('debate-league');
    await page.getByTestId('lesson-note').waitFor();
    assert.match(await page.getByTestId('lesson-note').textContent(), /Twelve teams, nine rounds, three rooms of four/);
    await rated(page, 'plackett_luce');
    assert.equal(await page.getByTestId('rating-row').count(), 12);
    assert.equal(await page.getByTestId('player-name').first().textContent(), 'Bankside');
    assert.equal(await page.getByTestId('player-sigma').count(), 12, 'standard errors from the Fisher information');
    await axe(page, `${at} Plackett–Luce on the debate league`);

    // The MM iteration step by step: the table follows the step, and says so.
    await page.getByTestId('step-first').click();
    await page.waitForFunction(() => /^The ratings after step 1 of \d+/.test(document.querySelector('[data-testid=table-step-note]')?.textContent ?? ''));
    await page.getByTestId('step-next').click();
    await page.waitForFunction(() => /^The ratings after step 2 of/.test(document.querySelector('[data-testid=table-step-note]')?.textContent ?? ''));
    await axe(page, `${at} Plackett–Luce's iteration, step 2`);
    await page.getByTestId('step-final').click();
    await page.getByTestId('table-step-note').waitFor({ state: 'detached' });

    for (const other of ['multi_elo', 'weng_lin', 'plackett_luce']) {
      await page.getByTestId('method').selectOption(other);
      await rated(page, other);
      assert.equal(await page.getByTestId('rating-row').count(), 12, other);
    }
    assert.equal(await method(page), 'plackett_luce');

    await page.getByTestId('compare-open').click();
    await compared(page);
    assert.deepEqual((await page.getByTestId('compare-column').allTextContents()).map((s) => s.replace(/[▲▼]/g, '').trim()).length, 3);
    assert.equal(await page.getByTestId('compare-row').count(), 12);
    await axe(page, `${at} the three ranking methods compared`);
    await page.screenshot({ path: `${ARTIFACTS}/rankings-${at}.png`, fullPage: false });

    // The later rooms' whole finishing orders predicted by the three (chosen by themselves:
    // the data are events), each scored, the coin's ln 4! below them.
    await page.getByTestId('predict-open').click();
    for (const m of ['plackett_luce', 'weng_lin', 'multi_elo']) assert.equal(await page.getByTestId(`predict-method-${m}`).isChecked(), true, m);
    assert.equal(await page.getByTestId('predict-method-brent').isChecked(), false);
    await page.getByTestId('predict-evaluate').click();
    await page.getByTestId('predict-table').waitFor({ timeout: 60000 });
    const rows = await page.getByTestId('predict-row').allTextContents();
    assert.equal(rows.length, 3, rows.join(' | '));
    for (const row of rows) assert.match(row, /\d\.\d{4} ± \d\.\d{4}/, row);
    assert.match(await page.getByTestId('predict-caption').textContent(), /whole finishing order/);
    assert.match(await page.getByTestId('predict-baseline-row').first().textContent(), /3\.1781/);
    assert.match(await page.getByTestId('predict-table').locator('thead').textContent(), /Events/);
    await axe(page, `${at} the later rooms predicted`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});
