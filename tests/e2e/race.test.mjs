// The iterations raced (four curves, the σ sweep, a curve picked to step through) and the
// working of a step (Brent's sums of (13) reproduce the next iterate; Elo's K·(S − μ) the
// next rating). Screenshots of the race at desktop and phone width go to test-artifacts/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, DESKTOP, PHONE, finished, siteForTests } from './browser.mjs';

const { open } = siteForTests();

/** Races the iterations and waits for the four rows. */
async function race(page) {
  await page.getByTestId('race-run').click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=race-row]').length === 4, null, { timeout: 120000 });
}

const num = (el, key) => Number(el.getAttribute(`data-${key}`));

test('the race shows four curves and the σ sweep iterations that vary with σ', async () => {
  for (const viewport of [DESKTOP, PHONE]) {
    const { context, page, errors } = await open(viewport);
    await race(page);
    const chart = page.getByTestId('race-chart');
    assert.equal(await chart.getAttribute('data-curves'), '4');
    assert.match(await chart.getAttribute('aria-label'), /Algorithm 1 \(13\) converged in \d+ iterations.*JRank/);
    const rows = await page.locator('[data-testid=race-row]').evaluateAll((rs) => rs.map((r) => ({
      racer: r.dataset.racer, iterations: Number(r.dataset.iterations), converged: r.dataset.converged === 'true',
      values: r.dataset.values.split(' ').map(Number),
    })));
    assert.deepEqual(rows.map((r) => r.racer), ['alg1', 'fixed', 'zermelo', 'jrank']);
    for (const r of rows) {
      assert.equal(r.values.length, r.iterations, r.racer);
      assert.ok(r.values.every((v) => Number.isFinite(v)), r.racer);
    }
    assert.ok(rows[0].converged && rows[3].converged);
    const sweep = await page.locator('[data-testid=sweep-row]').evaluateAll((rs) => rs.map((r) => ({
      sigma: Number(r.dataset.sigma), iterations: Number(r.dataset.iterations), converged: r.dataset.converged === 'true',
    })));
    assert.equal(sweep.length, 21);
    assert.deepEqual([sweep[0].sigma, sweep[20].sigma], [0, 1]);
    const counts = new Set(sweep.filter((p) => p.converged).map((p) => p.iterations));
    assert.ok(counts.size > 1, `iterations vary with σ: ${JSON.stringify(sweep)}`);
    const at = viewport === PHONE ? 'phone' : 'desktop';
    await page.getByTestId('race-panel').scrollIntoViewIfNeeded();
    await page.getByTestId('race-panel').screenshot({ path: `${ARTIFACTS}/race-${at}.png` });
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('picking a curve opens that iteration step by step', async () => {
  const { context, page, errors } = await open();
  await race(page);
  await page.locator('[data-testid=race-row][data-racer=zermelo] [data-testid=race-step]').click();
  await page.waitForFunction(() => /^Showing iteration 1 of \d+/.test(document.querySelector('[data-testid=step-label]')?.textContent ?? ''),
    null, { timeout: 60000 });
  assert.equal(await page.getByTestId('variant').inputValue(), 'zermelo');
  assert.equal(await page.locator('[data-testid=race-row][data-racer=zermelo] [data-testid=race-step]').getAttribute('aria-pressed'), 'true');
  await page.locator('[data-testid=race-row][data-racer=jrank] [data-testid=race-step]').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=results-panel]').dataset.method === 'jrank', null, { timeout: 60000 });
  await page.waitForFunction(() => /^Showing iteration 1 of/.test(document.querySelector('[data-testid=step-label]')?.textContent ?? ''), null, { timeout: 60000 });
  // A click on a curve picks it too: the end of Algorithm 1's curve.
  const ends = (await page.getByTestId('race-chart').getAttribute('data-ends')).split(' ').map((e) => e.split(',').map(Number));
  assert.equal(ends.length, 4);
  await page.getByTestId('race-chart').click({ position: { x: ends[0][0], y: ends[0][1] } });
  await page.waitForFunction(() => document.querySelector('[data-testid=results-panel]').dataset.method === 'brent', null, { timeout: 60000 });
  await page.waitForFunction(() => /^Showing iteration 1 of \d+/.test(document.querySelector('[data-testid=step-label]')?.textContent ?? ''),
    null, { timeout: 60000 });
  assert.equal(await page.getByTestId('variant').inputValue(), 'alg1');
  assert.equal(await page.locator('[data-testid=race-row][data-racer=alg1] [data-testid=race-step]').getAttribute('aria-pressed'), 'true');
  assert.deepEqual(errors, []);
  await context.close();
});

/** Chooses a player in the working and waits for their working of the step shown. */
async function working(page, name, method) {
  await page.getByTestId('working-player').selectOption(name);
  const w = page.locator(`[data-testid=working][data-method=${method}]`);
  await w.waitFor({ timeout: 30000 });
  return w;
}

test("a player's working reproduces their next iterate (Brent) and rating (Elo)", async () => {
  const { context, page, errors } = await open();
  await page.getByTestId('variant').selectOption('alg1');
  await finished(page);
  await page.getByTestId('step-first').click();
  await page.getByTestId('step-next').click();
  await page.getByTestId('step-next').click();
  assert.match(await page.getByTestId('step-label').textContent(), /^Showing iteration 3 of/);
  const strengths = {};
  for (const name of ['Arsenal FC', 'Luton Town FC']) {
    const w = await working(page, name, 'brent');
    await page.waitForFunction((n) => document.querySelector('[data-testid=working]')?.textContent.includes(`moves ${n}`), name);
    const terms = await page.locator('[data-testid=working-term]').evaluateAll((rs) => rs.map((r) => [Number(r.dataset.num), Number(r.dataset.den)]));
    assert.ok(terms.length >= 19, 'every opponent');
    const el = await w.elementHandle();
    const d = await el.evaluate((e) => Object.fromEntries(Object.entries(e.dataset).map(([k, v]) => [k, Number(v)])));
    const numerator = terms.reduce((s, t) => s + t[0], 0) + d.sigmaNum + d.priorNum;
    const denominator = terms.reduce((s, t) => s + t[1], 0) + d.sigmaDen + d.priorDen;
    const next = (numerator / denominator) * d.factor;
    assert.ok(Math.abs(next - d.next) <= 1e-9 * d.next, `${name}: ${next} vs ${d.next}`);
    assert.ok(Math.abs(numerator - d.num) <= 1e-9 * d.num && Math.abs(denominator - d.den) <= 1e-9 * d.den);
    assert.match(await w.textContent(), /Iteration 3 moves .* pulled up most by .* pulled down most by /);
    strengths[name] = d.next;
  }
  // The iterates are the table's ratings at this step: 400/ln 10 · ln(x_a/x_b) apart.
  const shown = Object.fromEntries(await page.locator('[data-testid=rating-row]').evaluateAll((rs) => rs.map((r) => [
    r.querySelector('[data-testid=player-name]').textContent, Number(r.querySelector('[data-testid=player-rating]').textContent)])));
  const gap = (400 / Math.LN10) * Math.log(strengths['Arsenal FC'] / strengths['Luton Town FC']);
  assert.ok(Math.abs(gap - (shown['Arsenal FC'] - shown['Luton Town FC'])) < 0.11, `${gap}`);

  await page.getByTestId('method').selectOption('elo');
  await page.waitForFunction(() => document.querySelector('[data-testid=results-panel]').dataset.method === 'elo', null, { timeout: 60000 });
  await finished(page);
  await page.getByTestId('step-first').click();
  const moved = await page.locator('[data-testid=rating-row]').evaluateAll((rs) => rs
    .filter((r) => r.querySelector('[data-testid=player-rating]').textContent !== '1500.0')
    .map((r) => [r.querySelector('[data-testid=player-name]').textContent, Number(r.querySelector('[data-testid=player-rating]').textContent)]));
  assert.ok(moved.length > 0);
  const [name, rating] = moved[0];
  const w = await working(page, name, 'elo');
  const games = await page.locator('[data-testid=working-game]').evaluateAll((rs) => rs.map((r) => ({
    mu: Number(r.dataset.expected), s: Number(r.dataset.score), k: Number(r.dataset.k), change: Number(r.dataset.change) })));
  assert.ok(games.length >= 1);
  const before = Number(await w.getAttribute('data-before'));
  const after = Number(await w.getAttribute('data-after'));
  for (const g of games) assert.ok(Math.abs(g.k * (g.s - g.mu) - g.change) <= 1e-9 * Math.max(1, Math.abs(g.change)));
  const sum = before + games.reduce((s, g) => s + g.change, 0);
  assert.ok(Math.abs(sum - after) <= 1e-9 * Math.abs(after));
  assert.ok(Math.abs(after - rating) < 0.051, `${after} vs the table's ${rating}`);
  assert.match(await w.textContent(), /expected score μ = .*K·\(S − μ\)/);
  await page.screenshot({ path: `${ARTIFACTS}/working-elo.png`, fullPage: false });
  assert.deepEqual(errors, []);
  await context.close();
});
