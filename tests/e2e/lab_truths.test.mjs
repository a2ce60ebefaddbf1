// What a class is shown must be true (issue 39, item 5): each defect a teacher met, as a test
// that failed before its fix.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, DESKTOP, PHONE, compared, finished, siteForTests } from './browser.mjs';

const shared = siteForTests();

/** The header's arrow and `aria-sort`, and the column's numbers as shown, top to bottom. */
async function column(page, header, cells) {
  const th = page.getByTestId(header).locator('xpath=..');
  const arrow = (await page.getByTestId(header).textContent()).match(/[▲▼]/)?.[0] ?? '';
  const numbers = (await page.getByTestId(cells).allTextContents()).map((t) => Number.parseFloat(t.replace(/[^0-9.+-]/g, '')));
  return { aria: await th.getAttribute('aria-sort'), arrow, numbers };
}

const descending = (xs) => xs.every((x, i) => i === 0 || xs[i - 1] >= x);
const ascending = (xs) => xs.every((x, i) => i === 0 || xs[i - 1] <= x);

test('a number column sorted largest first says descending (▼, aria-sort), and the other way ascending', async () => {
  const { context, page, errors } = await shared.open(DESKTOP);
  for (const [header, cells] of [['sort-rating', 'player-rating'], ['sort-games', 'player-games']]) {
    await page.getByTestId(header).click();
    let c = await column(page, header, cells);
    assert.ok(descending(c.numbers) || ascending(c.numbers), `${header}: sorted`);
    const said = c.aria === 'descending' ? descending : ascending;
    assert.ok(said(c.numbers), `${header}: aria-sort ${c.aria} but the column reads ${c.numbers.slice(0, 4).join(', ')}…`);
    assert.equal(c.arrow, c.aria === 'descending' ? '▼' : '▲', `${header}: the arrow says what aria-sort says`);
    assert.equal(c.aria, 'descending', `${header}: a number column's first click puts the largest first`);
    await page.getByTestId(header).click();
    c = await column(page, header, cells);
    assert.equal(c.aria, 'ascending');
    assert.equal(c.arrow, '▲');
    assert.ok(ascending(c.numbers), `${header}: the second click, smallest first`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('the compare table: the shift column sorted largest first says descending', async () => {
  const { context, page, errors } = await shared.open(DESKTOP);
  await page.getByTestId('compare-open').click();
  await compared(page);
  await page.getByTestId('compare-sort-shift').click();
  const c = await column(page, 'compare-sort-shift', 'compare-shift');
  const sizes = c.numbers.filter((x) => !Number.isNaN(x)).map(Math.abs);
  assert.ok(descending(sizes), `largest shift first: ${sizes.slice(0, 5).join(', ')}`);
  assert.equal(c.aria, 'descending');
  assert.equal(c.arrow, '▼');
  await page.getByTestId('compare-sort-rank-0').click();
  const r = await column(page, 'compare-sort-rank-0', 'compare-rank-0');
  assert.equal(r.aria, 'ascending', 'rank 1 first is ascending');
  assert.ok(ascending(r.numbers));
  assert.deepEqual(errors, []);
  await context.close();
});

test('"±" means one standard deviation in the column and the chart, for every method', async () => {
  const { context, page, errors } = await shared.open(DESKTOP);
  for (const method of ['brent', 'glicko']) {
    await page.getByTestId('method').selectOption(method);
    await page.waitForFunction((m) => document.querySelector('[data-testid=results-panel]').dataset.method === m, method, { timeout: 60000 });
    await finished(page);
    assert.equal((await page.getByTestId('sigma-heading').textContent()).trim(), '±1σ', `${method}: the column says ±1σ`);
    assert.match(await page.getByTestId('sigma-heading').getAttribute('title'), /One standard deviation/);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('in the step view the table ranks by that step\'s ratings, and says a step is shown', async () => {
  const { context, page, errors } = await shared.open(DESKTOP);
  await page.getByTestId('step-first').click();
  await page.waitForFunction(() => /^The ratings after step 1 of/.test(document.querySelector('[data-testid=table-step-note]')?.textContent ?? ''), null, { timeout: 10000 });
  const rows = await page.getByTestId('rating-row').evaluateAll((trs) => trs.map((tr) => ({
    rank: Number(tr.querySelector('td').textContent),
    rating: Number(tr.querySelector('[data-testid=player-rating]').textContent),
  })));
  assert.equal(rows.length, 20);
  for (let i = 1; i < rows.length; i++) {
    assert.ok(rows[i - 1].rank <= rows[i].rank, `ranks in order: ${JSON.stringify(rows.slice(0, 4))}`);
    assert.ok(rows[i - 1].rating >= rows[i].rating, `rank ${rows[i - 1].rank} at ${rows[i - 1].rating} above rank ${rows[i].rank} at ${rows[i].rating}`);
  }
  await page.getByTestId('step-final').click();
  await page.getByTestId('table-step-note').waitFor({ state: 'detached' });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the ratings chart says its axis, and Elo\'s close ratings are not magnified: at least 400 points shown', async () => {
  const { context, page, errors } = await shared.open(DESKTOP);
  const axis = async () => {
    const label = await page.getByTestId('ratings-chart').getAttribute('aria-label');
    const m = label.match(/Axis: rating \(Elo points\), (-?\d+) to (-?\d+)\./);
    assert.ok(m, label);
    return [Number(m[1]), Number(m[2])];
  };
  const [blo, bhi] = await axis();
  await page.getByTestId('method').selectOption('elo');
  await page.waitForFunction(() => document.querySelector('[data-testid=results-panel]').dataset.method === 'elo', null, { timeout: 60000 });
  await finished(page);
  await page.waitForFunction(() => /Axis:/.test(document.querySelector('[data-testid=ratings-chart]')?.getAttribute('aria-label') ?? '')
    && !/1789\.1/.test(document.querySelector('[data-testid=ratings-chart]').getAttribute('aria-label')));
  const [elo, ehi] = await axis();
  assert.ok(ehi - elo >= 399, `Elo's axis ${elo}–${ehi} (Brent's ${blo}–${bhi})`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the year-away lesson draws Glicko-2\'s history by date, each rating held until the next game', async () => {
  const { context, page, errors } = await shared.open(DESKTOP);
  await page.getByTestId('lesson').selectOption('comeback');
  await page.waitForFunction(() => document.querySelector('[data-testid=results-panel]')?.dataset.method === 'glicko2', null, { timeout: 60000 });
  await finished(page);
  await page.waitForFunction(() => /by date/.test(document.querySelector('[data-testid=history-chart]')?.getAttribute('aria-label') ?? ''), null, { timeout: 30000 });
  const label = await page.getByTestId('history-chart').getAttribute('aria-label');
  assert.match(label, /^Rating history of the leading players by date, 2024-01-01 to \d{4}-\d\d-\d\d, each rating held until the player's next game: /);
  await page.getByTestId('history-chart').screenshot({ path: `${ARTIFACTS}/history-in-time.png` });
  assert.deepEqual(errors, []);
  await context.close();
});

test('on a slow link a method change goes before the background fetch of the views, and the table says it is busy', async () => {
  const context = await shared.browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  // 1.6 Mbit/s and 150 ms, as issue 40's phone on a slow link.
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 0.75e6 / 8 });
  const started = [];
  const ended = new Map();
  page.on('request', (r) => started.push({ url: new URL(r.url()).pathname, at: Date.now() }));
  page.on('requestfinished', (r) => ended.set(new URL(r.url()).pathname, Date.now()));
  await page.goto(`${shared.site.origin}/`);
  await finished(page, 120000);
  const asked = Date.now();
  await page.getByTestId('method').selectOption('elo');
  await page.getByTestId('results-busy').waitFor({ timeout: 5000 });
  assert.match(await page.getByTestId('results-busy').textContent(), /^Rating by Elo… until then the table shows Brent's ratings\.$/);
  assert.equal(await page.getByTestId('results-panel').getAttribute('aria-busy'), 'true');
  await page.waitForFunction(() => document.querySelector('[data-testid=results-panel]').dataset.method === 'elo', null, { timeout: 180000 });
  await page.getByTestId('results-busy').waitFor({ state: 'detached' });
  const labWasm = [...ended.keys()].find((u) => /\/lab_worker_bg\.wasm$/.test(u));
  assert.ok(labWasm, 'the lab worker was fetched');
  const labDone = ended.get(labWasm);
  const pageParts = started.filter((r) => /^\/chunk_\d+-[0-9a-f]+\.wasm$/.test(r.url) && r.at > asked && r.at < labDone);
  assert.deepEqual(pageParts.map((r) => r.url), [], 'no part of the page\'s views fetched ahead while the lab worker the user asked for loads');
  assert.deepEqual(errors, []);
  await context.close();
});
