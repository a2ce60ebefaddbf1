// The prediction view: Brent and Elo predicting the later games of the example (a table and a
// calibration chart), and the simulation lab with progress, Cancel (the tournaments done
// kept) and a result table; screenshots at desktop and phone width.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, DESKTOP, nearLeague, PHONE, siteForTests } from './browser.mjs';

const { open } = siteForTests();

/** Whether a canvas has anything but white on it. */
const drawn = (canvas) => canvas.evaluate((c) => {
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  for (let i = 0; i < d.length; i += 4) if (d[i] < 200 || d[i + 1] < 200 || d[i + 2] < 200) return true;
  return false;
});

test('the later games of the example predicted by Brent and Elo: a table and a calibration chart', async () => {
  for (const viewport of [DESKTOP, PHONE]) {
    const { context, page, errors } = await open(viewport);
    await page.getByTestId('predict-open').click();
    assert.equal(await page.getByTestId('predict-method-brent').isChecked(), true);
    assert.equal(await page.getByTestId('predict-method-elo').isChecked(), true);
    await page.getByTestId('predict-method-jrank').check();
    await page.getByTestId('predict-evaluate').click();
    await page.getByTestId('predict-table').waitFor({ timeout: 60000 });
    const rows = await page.getByTestId('predict-row').allTextContents();
    assert.equal(rows.length, 3, rows.join('\n'));
    // The methods by the names the page gives them everywhere else, not by their keys.
    const names = await page.locator('[data-testid=predict-row] td:first-child').allTextContents();
    assert.deepEqual(names, ['Brent', 'Elo', 'JRank']);
    for (const row of await page.locator('[data-testid=predict-row]').all()) {
      const cells = await row.locator('td').allTextContents();
      // Each score with its standard error: "0.6146 ± 0.0493" (issue 39).
      assert.match(cells[1], /^\d\.\d{4} ± \d\.\d{4}$/);
      const [logLoss, brier] = [Number.parseFloat(cells[1]), Number.parseFloat(cells[2])];
      assert.ok(logLoss > 0.3 && logLoss < 1.5 && brier > 0 && brier < 0.5, cells.join(' | '));
      assert.equal(cells[4], '76');
    }
    assert.match(await page.getByTestId('predict-caption').textContent(), /The later 20 % of the games \(76, taken by date\)/);
    if (viewport === PHONE) {
      // On a phone a score and its error wrap as two pieces ("0.6146" over "± 0.0493"), not
      // three, and a table wider than its box shows a shadow at the edge with more to see.
      for (const cell of await page.locator('[data-testid=predict-row] td:nth-child(2)').all()) {
        const lines = await cell.evaluate((td) => {
          const r = document.createRange();
          r.selectNodeContents(td);
          return new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size;
        });
        assert.ok(lines <= 2, `${await cell.textContent()}: ${lines} lines`);
      }
      const wrap = page.getByTestId('predict-table').locator('xpath=ancestor::div[contains(@class, "table-wrap")][1]');
      const [wider, shade] = await wrap.evaluate((w) => [w.scrollWidth > w.clientWidth, getComputedStyle(w).backgroundImage]);
      assert.ok(wider, 'the table is wider than a phone');
      assert.match(shade, /gradient/, 'a shadow says there is more to the side');
    }
    const chart = page.getByTestId('predict-calibration');
    assert.match(await chart.getAttribute('aria-label'), /^Calibration: predicted against observed score in ten bins\. Brent: /);
    assert.ok(await drawn(chart), 'the calibration chart is drawn');
    const at = viewport === PHONE ? 'phone' : 'desktop';
    await page.getByTestId('predict-panel').screenshot({ path: `${ARTIFACTS}/predict-${at}.png` });
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test("a prediction's long fit says how far it is, and Cancel stops it within a step, keeping the methods finished", async () => {
  const { context, page, errors } = await open();
  // An undated league (each game a day of its own) of 10,000 players and 100,000 games, whose
  // players meet their own level: WHR's Newton steps on it take tens of conjugate-gradient
  // iterations each, a fit seconds. The fit once ran whole between two looks at the worker's
  // messages, and a cancelled evaluation posted nothing: the panel stayed "running".
  await page.getByTestId('input').evaluate((t, text) => {
    t.value = text;
    t.dispatchEvent(new Event('input', { bubbles: true }));
  }, nearLeague(5, 10000, 100000));
  await page.waitForFunction(() => /^\d{4,5} players/.test(document.querySelector('[data-testid=row-count]')?.textContent ?? ''), null, { timeout: 60000 });
  await page.getByTestId('predict-open').click();
  await page.getByTestId('predict-method-brent').uncheck();
  await page.getByTestId('predict-method-whr').check();
  await page.getByTestId('predict-rolling').fill('2');
  await page.getByTestId('predict-rolling').dispatchEvent('change');
  await page.getByTestId('predict-evaluate').click();
  // A long evaluation is said first; go on.
  const go = page.getByTestId('predict-go');
  await Promise.race([go.waitFor({ timeout: 10000 }).then(() => go.click()), page.getByTestId('predict-progress').waitFor({ timeout: 10000 })]);
  // Within WHR's fit: its Newton step and how far the step is.
  await page.waitForFunction(() => /2 of 4 fits done, now WHR, block 1 of 2 \(Newton step \d+: \d+ conjugate-gradient iterations? so far\)/
    .test(document.querySelector('[data-testid=predict-progress]')?.textContent ?? ''), null, { timeout: 60000, polling: 10 });
  await page.getByTestId('predict-progress').screenshot({ path: `${ARTIFACTS}/predict-within-a-fit.png` });
  const t0 = Date.now();
  await page.getByTestId('predict-cancel').click();
  const failure = page.getByTestId('predict-failure');
  await failure.waitFor({ timeout: 10000 });
  assert.ok(Date.now() - t0 < 3000, `the cancel took ${Date.now() - t0} ms`);
  assert.equal(await failure.textContent(),
    'Cancelled after 2 of 4 fits: Elo is scored below; WHR (stopped during its first fit) was not finished.');
  // Elo, finished, is scored; the panel is ready for another run.
  const rows = await page.locator('[data-testid=predict-row] td:first-child').allTextContents();
  assert.deepEqual(rows, ['Elo']);
  assert.equal(await page.getByTestId('predict-evaluate').isEnabled(), true);
  assert.equal(await page.getByTestId('predict-progress').count(), 0);
  await page.getByTestId('predict-panel').screenshot({ path: `${ARTIFACTS}/predict-cancelled.png` });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the simulation lab: progress, Cancel keeps the tournaments done, then a full run with the baseline', async () => {
  const { context, page, errors } = await open();
  await page.getByTestId('predict-open').click();
  await page.getByTestId('lab-players').fill('60');
  await page.getByTestId('lab-players').dispatchEvent('change');
  await page.getByTestId('lab-repetitions').fill('3000');
  await page.getByTestId('lab-repetitions').dispatchEvent('change');
  await page.getByTestId('lab-run').click();
  await page.getByTestId('predict-progress').waitFor();
  await page.waitForFunction(() => / [1-9]\d* of 3000 /.test(document.querySelector('[data-testid=predict-progress]')?.textContent ?? ''));
  await page.getByTestId('predict-cancel').click();
  const failure = page.getByTestId('predict-failure');
  await failure.waitFor({ timeout: 30000 });
  const done = Number((await failure.textContent()).match(/Cancelled after (\d+) of 3000 tournaments/)[1]);
  assert.ok(done > 0 && done < 3000, `${done}`);
  assert.match(await page.getByTestId('lab-caption').textContent(), new RegExp(`^${done} tournaments \\(swiss:7\\) of 60 players`));
  // A short run to the end: both methods and the baseline.
  await page.getByTestId('lab-repetitions').fill('20');
  await page.getByTestId('lab-repetitions').dispatchEvent('change');
  await page.getByTestId('lab-schedule').selectOption('round-robin');
  await page.getByTestId('lab-run').click();
  await page.waitForFunction(() => /^20 tournaments \(round-robin\)/.test(document.querySelector('[data-testid=lab-caption]')?.textContent ?? ''), null, { timeout: 60000 });
  const rows = await page.getByTestId('lab-row').allTextContents();
  assert.equal(rows.length, 3, rows.join('\n'));
  assert.match(rows[0], /^Brent\d/);
  assert.match(rows[1], /^Elo\d/);
  assert.match(rows[2], /^points, then Buchholz/);
  for (const row of await page.locator('[data-testid=lab-row]').all()) {
    const tau = Number((await row.locator('td').nth(1).textContent()).split(' ± ')[0]);
    assert.ok(tau > 0.7 && tau <= 1, `τ ${tau}`);
  }
  assert.equal(await page.getByTestId('predict-failure').count(), 0);
  await page.getByTestId('predict-panel').screenshot({ path: `${ARTIFACTS}/lab-desktop.png` });
  assert.deepEqual(errors, []);
  await context.close();
});

test('Elo\'s K tuned out of sample: a curve, a table, and the value chosen put in Elo\'s panel', async () => {
  const { context, page, errors } = await open();
  await page.getByTestId('predict-open').click();
  await page.getByTestId('tune-run').click();
  await page.getByTestId('tune-table').waitFor({ timeout: 60000 });
  const rows = await page.getByTestId('tune-row').allTextContents();
  assert.equal(rows.length, 10, rows.join('\n'));
  assert.equal(rows.filter((r) => r.includes('← chosen')).length, 1);
  const chart = page.getByTestId('tune-chart');
  assert.match(await chart.getAttribute('aria-label'), /^Tuning curve of Elo's K: .* the lowest validation log-loss is at \d+/);
  assert.ok(await drawn(chart));
  const chosen = (await page.getByTestId('tune-apply').textContent()).match(/= (\d+(\.\d+)?)/)[1];
  await page.getByTestId('tune-apply').click();
  await page.getByTestId('method').selectOption('elo');
  await page.waitForFunction((k) => document.querySelector('[data-testid=k]')?.value === k, chosen);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Elo as sports analysts run it: each game\'s ratings before it, and the margin-of-victory multiplier', async () => {
  const { context, page, errors } = await open();
  await page.getByTestId('method').selectOption('elo');
  await page.waitForFunction(() => document.querySelector('[data-testid=results-panel]').dataset.method === 'elo', null, { timeout: 60000 });
  const before = await page.getByTestId('rating-row').first().textContent();
  await page.getByTestId('per-game').check();
  const games = page.getByTestId('game-table');
  await games.waitFor({ timeout: 60000 });
  assert.match(await games.locator('summary').textContent(), /Each game's ratings before it \(380 games; the latest 200 shown\)/);
  await games.locator('summary').click();
  assert.equal(await page.getByTestId('game-row').count(), 200);
  const first = await page.getByTestId('game-row').first().locator('td').allTextContents();
  assert.ok(Number(first[5]) > 0 && Number(first[5]) < 1, first.join(' | '));
  await page.getByTestId('mov').selectOption('fivethirtyeight');
  await page.waitForFunction((b) => document.querySelector('[data-testid=rating-row]').textContent !== b, before, { timeout: 60000 });
  assert.deepEqual(errors, []);
  await context.close();
});
