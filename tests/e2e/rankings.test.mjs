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
    assert.match(await page.getByTestId('predict-baseline-row').first().textContent(), /^\s*coin \(equal strengths\)\s*3\.1781/);
    assert.match(await page.getByTestId('predict-table').locator('thead').textContent(), /Events/);
    await axe(page, `${at} the later rooms predicted`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('the simulation lab with events of k players: the ranking methods ticked, each against the truth, mean place the baseline; a games method refused by name', async () => {
  const { context, page, errors } = await shared.open(DESKTOP);
  await page.getByTestId('predict-open').click();
  await page.getByTestId('lab-schedule').selectOption('events');
  await page.getByTestId('lab-events').waitFor();
  assert.equal(await page.getByTestId('lab-events').inputValue(), '500');
  assert.equal(await page.getByTestId('lab-event-size').inputValue(), '4');
  for (const m of ['plackett_luce', 'weng_lin', 'multi_elo']) assert.equal(await page.getByTestId(`predict-method-${m}`).isChecked(), true, m);
  for (const m of ['brent', 'elo']) assert.equal(await page.getByTestId(`predict-method-${m}`).isChecked(), false, m);
  await page.getByTestId('lab-repetitions').fill('10');
  await page.getByTestId('lab-repetitions').dispatchEvent('change');
  await page.getByTestId('lab-run').click();
  await page.waitForFunction(() => /^10 tournaments \(500 events of 4\)/.test(document.querySelector('[data-testid=lab-caption]')?.textContent ?? ''), null, { timeout: 60000 });
  const rows = await page.getByTestId('lab-row').allTextContents();
  assert.equal(rows.length, 4, rows.join('\n'));
  assert.match(rows[3], /^mean place/);
  for (const row of await page.locator('[data-testid=lab-row]').all()) {
    const tau = Number((await row.locator('td').nth(1).textContent()).split(' ± ')[0]);
    assert.ok(tau > 0.6 && tau <= 1, `τ ${tau}`);
  }
  await axe(page, 'the lab with events of 4');
  await page.getByTestId('predict-panel').screenshot({ path: `${ARTIFACTS}/lab-events-desktop.png` });
  // A method of two-player games ticked again: refused, by name.
  await page.getByTestId('predict-method-brent').check();
  await page.getByTestId('lab-run').click();
  await page.getByTestId('predict-failure').waitFor();
  assert.match(await page.getByTestId('predict-failure').textContent(), /The lab cannot run: events:500:4 with brent: Brent \(brent\) rates only two-player games/);
  assert.deepEqual(errors, []);
  await context.close();
});
