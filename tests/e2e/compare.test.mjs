// The compare view: Brent against Elo on the example (both columns, Kendall's τ, the scatter
// plot), Elo's spread over 20 shuffles against Brent's values in every order, the same
// method twice, sorting by the shift, and screenshots at desktop and phone width.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, DESKTOP, PHONE, compared, siteForTests } from './browser.mjs';

const { open } = siteForTests();

/** The method columns' headings (without the sort arrow). */
const columns = async (page) => (await page.getByTestId('compare-column').allTextContents()).map((s) => s.replace(/[▲▼]/g, '').trim());

/** Opens the compare view (which compares Brent against Elo at once). */
async function openCompare(page) {
  await page.getByTestId('compare-open').click();
  await compared(page);
}

test('Brent against Elo on the example: both columns, τ, the scatter plot', async () => {
  const { context, page, errors } = await open();
  await openCompare(page);
  assert.deepEqual(await columns(page), ['Brent', 'Elo']);
  assert.equal(await page.getByTestId('compare-row').count(), 20);
  assert.equal(await page.getByTestId('compare-name').first().textContent(), 'Manchester City FC');
  const brent = await page.getByTestId('compare-rating-0').allTextContents();
  const elo = await page.getByTestId('compare-rating-1').allTextContents();
  assert.ok(brent.every((v) => Number.isFinite(Number(v))) && elo.every((v) => Number.isFinite(Number(v))), `${brent} ${elo}`);
  const tau = Number(await page.getByTestId('agreement-tau').first().textContent());
  assert.ok(tau > 0.5 && tau <= 1, `τ = ${tau}`);
  assert.match(await page.getByTestId('agreement-top').first().textContent(), /of 10/);
  const scatter = page.getByTestId('scatter-chart');
  assert.match(await scatter.getAttribute('aria-label'), /Scatter plot of 20 players' ranks by Brent .* against Elo/);
  const drawn = await scatter.evaluate((c) => {
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let blue = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i] === 31 && d[i + 1] === 100 && d[i + 2] === 180) blue++;
    return { width: c.width, height: c.height, blue };
  });
  assert.ok(drawn.width > 200 && drawn.height >= 280 && drawn.blue > 200, JSON.stringify(drawn));
  // Focusing a row names the player and the two ratings under the plot.
  await page.getByTestId('compare-row').nth(2).focus();
  const name = await page.getByTestId('compare-name').nth(2).textContent();
  const tip = await page.getByTestId('scatter-tip').textContent();
  assert.ok(tip.startsWith(`${name}: Brent ${brent[2]} (rank 3), Elo ${elo[2]}`), tip);
  // Sorting by the shift puts the largest shift first.
  await page.getByTestId('compare-sort-shift').click();
  const shifts = (await page.getByTestId('compare-shift').allTextContents()).map((s) => (s === '=' ? 0 : Number(s.slice(1))));
  assert.deepEqual(shifts, [...shifts].sort((a, b) => b - a));
  assert.ok(shifts[0] > 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test("Elo's spread over 20 shuffles is > 0 while Brent's values are the same in every order", async () => {
  const { context, page, errors } = await open();
  await openCompare(page);
  assert.match(await page.getByTestId('compare-status').textContent(), /20 shuffled orders \(seed 1\)/);
  const spread = (k) => page.getByTestId(`spread-${k}`).evaluateAll((cells) => cells.map((c) => ({
    min: Number(c.dataset.min), max: Number(c.dataset.max), sd: Number(c.dataset.sd), text: c.textContent,
  })));
  const brent = await spread(0);
  const elo = await spread(1);
  assert.equal(brent.length, 20);
  assert.equal(elo.length, 20);
  for (const s of brent) {
    assert.ok(s.max - s.min < 1e-6 && s.sd < 1e-6, JSON.stringify(s));
    const [lo, hi] = s.text.split(' · ')[1].split(',')[0].split('–');
    assert.equal(lo, hi, `Brent's shown values are identical across orders: ${s.text}`);
  }
  assert.ok(elo.some((s) => s.sd > 0 && s.max > s.min), JSON.stringify(elo.slice(0, 3)));
  const sentences = await page.getByTestId('spread-sentence').allTextContents();
  assert.match(sentences[0], /^Brent: the same ratings in every order — spread 0\.0/);
  assert.match(sentences[1], /^Elo: takes the games one by one/);
  // K against the spread: larger K, larger spread.
  const sds = (await page.getByTestId('sweep-sd').allTextContents()).map(Number);
  assert.equal(sds.length, 4);
  assert.ok(sds.every((v, i) => i === 0 || v > sds[i - 1]), `${sds}`);
  // The same seed gives the same spreads; the reversed order is one more order.
  await page.getByTestId('compare-run').click();
  await compared(page);
  assert.deepEqual(await spread(1), elo, 'seeded: repeatable');
  await page.getByTestId('compare-replay').selectOption('reversed');
  await page.getByTestId('compare-run').click();
  await compared(page);
  assert.match(await page.getByTestId('compare-status').textContent(), /the reversed order/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the same method twice (Elo K = 16 against K = 40), and Cancel', async () => {
  const { context, page, errors } = await open();
  await page.getByTestId('compare-open').click();
  await compared(page);
  await page.getByTestId('compare-kind-0').selectOption('elo');
  await page.getByTestId('compare-0-k').fill('16');
  await page.getByTestId('compare-0-k').press('Enter');
  await page.getByTestId('compare-1-k').fill('40');
  await page.getByTestId('compare-1-k').press('Enter');
  await page.getByTestId('compare-add').click();
  await page.getByTestId('compare-kind-2').selectOption('brent');
  await page.getByTestId('compare-run').click();
  await compared(page);
  assert.deepEqual(await columns(page), ['Elo (K = 16)', 'Elo (K = 40)', 'Brent']);
  assert.equal(await page.getByTestId('agreement-row').count(), 3);
  // A long run can be cancelled.
  await page.getByTestId('compare-shuffles').fill('10000');
  await page.getByTestId('compare-shuffles').press('Enter');
  await page.getByTestId('compare-run').click();
  await page.getByTestId('compare-cancel').click();
  await page.waitForFunction(() => /^Cancelled/.test(document.querySelector('[data-testid=compare-status]')?.textContent ?? ''), null, { timeout: 30000 });
  assert.deepEqual(errors, []);
  await context.close();
});

test('screenshots of the compare view at desktop and phone width', async () => {
  for (const [viewport, name] of [[DESKTOP, 'desktop'], [PHONE, 'phone']]) {
    const { context, page, errors } = await open(viewport);
    await openCompare(page);
    await page.getByTestId('compare-panel').screenshot({ path: `${ARTIFACTS}/compare-${name}.png` });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `${name}: the page scrolls sideways by ${overflow}px`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('the lesson of a year away sets Glicko-2 and the compare view to Elo, Glicko-2 and WHR', async () => {
  const { context, page, errors } = await open();
  await page.getByTestId('lesson').selectOption('comeback');
  await page.getByTestId('lesson-note').waitFor();
  assert.match(await page.getByTestId('lesson-note').textContent(), /Rosa played for six months/);
  await page.waitForFunction(() => document.querySelector('[data-testid=results-panel]')?.dataset.method === 'glicko2'
    && /^Rated in one pass through 24 months/.test(document.querySelector('[data-testid=status]')?.textContent ?? ''));
  await openCompare(page);
  assert.deepEqual(await columns(page), ['Elo', 'Glicko-2', 'WHR']);
  assert.deepEqual(errors, []);
  await context.close();
});
