// The answer on the first screen (issue 19, items 8–10): once read, the input folds to a line
// and the ratings (an organiser's standings) are in the first screen at desktop and phone
// width; a phone's standings keep the name and points in view while the tiebreaks scroll; the
// step view keeps the stepped ratings beside its buttons; the charts are drawn at the device
// pixel ratio, and say in words when there is nothing to draw. Screenshots of each first
// screen go to test-artifacts/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { ARTIFACTS, PHONE, ROOT, finished, siteForTests, editInput } from './browser.mjs';

const { open } = siteForTests();
const LAPTOP = { width: 1366, height: 768 };
const TRF = `${ROOT}engine/tests/data/trf/held_swiss_5.trf`;

/** The page box of the element with `testid` (the first), in CSS pixels from the top of the page. */
async function box(page, testid) {
  const b = await page.getByTestId(testid).first().boundingBox();
  assert.ok(b, `${testid} is laid out`);
  return b;
}

/** Asserts that the top of `testid` and a few rows under it are within the first screen (no
 * scrolling: the page is at its top). */
async function inFirstScreen(page, testid, rowTestid, viewport) {
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  const top = await box(page, testid);
  assert.ok(top.y >= 0 && top.y < viewport.height, `${testid} starts at y = ${top.y}, below the first screen (${viewport.height})`);
  const third = await page.getByTestId(rowTestid).nth(2).boundingBox();
  assert.ok(third.y + third.height <= viewport.height, `the first three rows are in the first screen (the third ends at ${third.y + third.height})`);
}

for (const [at, viewport] of [['laptop', LAPTOP], ['phone', PHONE]]) {
  test(`the example's ratings table is in the first screen (${at}), the input folded to a line with Edit`, async () => {
    const { context, page, errors } = await open(viewport);
    await page.getByTestId('rating-row').nth(2).waitFor();
    await inFirstScreen(page, 'results-table', 'rating-row', viewport);
    // The input: one line (format, games, players) and Edit; its text folded away.
    assert.match(await page.getByTestId('format').textContent(), /380 games · 20 players/);
    assert.ok(await page.getByTestId('input').isHidden(), 'the text is folded away');
    const panel = await box(page, 'input-panel');
    assert.ok(panel.height < (at === 'phone' ? 160 : 90), `the folded input is short (${panel.height}px)`);
    await page.screenshot({ path: `${ARTIFACTS}/first-screen-${at}.png` });
    // Edit opens the text, focused, with nothing lost; Done folds it again.
    await page.getByTestId('edit-input').click();
    await page.waitForFunction(() => document.activeElement?.dataset.testid === 'input');
    assert.match(await page.getByTestId('input').inputValue(), /^round,date,time,team1,team2/);
    await page.getByTestId('fold-input').click();
    assert.ok(await page.getByTestId('input').isHidden());
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`an organiser's standings are in the first screen after opening a TRF (${at})`, async () => {
    const { context, page, errors } = await open(viewport);
    await page.getByTestId('file-input').setInputFiles({ name: 'held_swiss_5.trf', mimeType: 'text/plain', buffer: await readFile(TRF) });
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=standing-row]').length === 16, null, { timeout: 30000 });
    await finished(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    assert.ok(await page.getByTestId('input').isHidden(), 'the TRF text is folded away');
    await inFirstScreen(page, 'standings-table', 'standing-row', viewport);
    await page.screenshot({ path: `${ARTIFACTS}/first-screen-trf-${at}.png` });
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('an input with errors does not fold: the errors and the text stay in view', async () => {
  const { context, page } = await open(LAPTOP);
  await (await editInput(page)).fill('white,black,result\nAnna,Ben,1-0\nAnna,Ben,maybe\n');
  await page.getByTestId('error-item').first().waitFor();
  await page.getByTestId('fold-input').waitFor({ state: 'detached' }).catch(() => {});
  assert.ok(await page.getByTestId('input').isVisible());
  assert.equal(await page.getByTestId('fold-input').count(), 0, 'no Done while there are errors');
  // Read afresh (a reload): still open, the errors listed.
  await page.reload();
  await page.getByTestId('error-item').first().waitFor({ timeout: 30000 });
  assert.ok(await page.getByTestId('input').isVisible());
  assert.equal(await page.getByTestId('edit-input').count(), 0);
  await context.close();
});

test("a phone's standings keep the name and points in view while the tiebreaks scroll, and say so", async () => {
  const { context, page, errors } = await open(PHONE);
  await page.getByTestId('file-input').setInputFiles({ name: 'held_swiss_5.trf', mimeType: 'text/plain', buffer: await readFile(TRF) });
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=standing-row]').length === 16, null, { timeout: 30000 });
  await finished(page);
  const hint = page.getByTestId('standings-scroll-hint');
  assert.ok(await hint.isVisible(), 'the hint shows');
  assert.match(await hint.textContent(), /scroll sideways for more tiebreaks →/i);
  const wrap = page.locator('.standings-panel .table-wrap');
  const overflow = await wrap.evaluate((w) => w.scrollWidth - w.clientWidth);
  assert.ok(overflow > 20, `the table is wider than a phone (${overflow}px more)`);
  // Scrolled to the last tiebreak: the name and points are where they were, and in the box.
  await wrap.evaluate((w) => { w.scrollLeft = w.scrollWidth; });
  await page.waitForTimeout(100);
  const frame = await wrap.boundingBox();
  const inside = async (testid) => {
    const b = await box(page, testid);
    assert.ok(b.x >= frame.x - 1 && b.x + b.width <= frame.x + frame.width + 1, `${testid} is in view (x ${b.x}–${b.x + b.width}, box ${frame.x}–${frame.x + frame.width})`);
    return b;
  };
  const name = await inside('standing-name');
  const points = await inside('standing-points');
  assert.ok(points.x >= name.x + name.width - 1, 'the points are beside the name, not over it');
  const heads = page.getByTestId('tiebreak-head');
  const last = await heads.nth((await heads.count()) - 1).boundingBox();
  assert.ok(last.x + last.width <= frame.x + frame.width + 1, 'the last tiebreak is in view once scrolled');
  assert.ok(last.x >= points.x + points.width - 1, 'and not under the pinned columns');
  await page.screenshot({ path: `${ARTIFACTS}/standings-scrolled-phone.png` });
  assert.deepEqual(errors, []);
  await context.close();
});

for (const [at, viewport] of [['laptop', LAPTOP], ['phone', PHONE]]) {
  test(`stepping keeps the stepped ratings beside the step buttons (${at})`, async () => {
    const { context, page, errors } = await open(viewport);
    await page.getByTestId('step-first').scrollIntoViewIfNeeded();
    await page.getByTestId('step-first').click();
    await page.getByTestId('step-next').click();
    await page.waitForFunction(() => /Showing iteration 2 of/.test(document.querySelector('[data-testid=step-label]')?.textContent ?? ''));
    const list = page.getByTestId('step-top');
    await list.waitFor();
    await page.getByTestId('step-next').scrollIntoViewIfNeeded();
    const buttons = await box(page, 'step-next');
    const top = await list.boundingBox();
    // Bounding boxes are relative to the viewport: both in it at once.
    assert.ok(buttons.y >= 0 && buttons.y + buttons.height <= viewport.height, 'the buttons are in view');
    assert.ok(top.y >= 0 && top.y + Math.min(top.height, 120) <= viewport.height, `the stepped ratings are in view beside them (y ${top.y})`);
    assert.ok(top.y - (buttons.y + buttons.height) < 80, `and right under the buttons (${top.y - buttons.y - buttons.height}px)`);
    // The list is the table's order at this step: the best of the stepped ratings first.
    const first = await page.getByTestId('step-top-row').first().locator('.step-top-name').textContent();
    await page.getByTestId('sort-rating').click();
    const ratings = await page.getByTestId('player-rating').allTextContents();
    const names = await page.getByTestId('player-name').allTextContents();
    const best = names[ratings.map(Number).indexOf(Math.max(...ratings.map(Number)))];
    assert.equal(first, best);
    // A step on changes the list.
    const before = await page.getByTestId('step-top-row').allTextContents();
    await page.getByTestId('step-next').click();
    await page.waitForFunction(() => /Showing iteration 3 of/.test(document.querySelector('[data-testid=step-label]')?.textContent ?? ''));
    assert.notDeepEqual(await page.getByTestId('step-top-row').allTextContents(), before);
    await page.screenshot({ path: `${ARTIFACTS}/step-view-${at}.png` });
    // The final ratings: no list (the table is the answer).
    await page.getByTestId('step-final').click();
    await list.waitFor({ state: 'detached' });
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('the charts are drawn at the device pixel ratio (2)', async () => {
  const { context, page, errors } = await open(LAPTOP, { options: { deviceScaleFactor: 2 } });
  // (The convergence chart's code comes with the first ratings: it may still be on its way.)
  await page.waitForFunction(() => document.querySelector('[data-testid=ratings-chart]').height > 0
    && document.querySelector('[data-testid=convergence-chart]')?.height > 0);
  await page.waitForTimeout(200);
  for (const id of ['ratings-chart', 'convergence-chart']) {
    const s = await page.getByTestId(id).evaluate((c) => ({ w: c.width, h: c.height, cw: c.getBoundingClientRect().width, ch: c.getBoundingClientRect().height, dpr: devicePixelRatio }));
    assert.equal(s.dpr, 2);
    assert.ok(Math.abs(s.w - s.cw * 2) <= 2, `${id}: backing width ${s.w} = CSS width ${s.cw} × 2`);
    assert.ok(Math.abs(s.h - s.ch * 2) <= 2, `${id}: backing height ${s.h} = CSS height ${s.ch} × 2`);
  }
  await page.getByTestId('convergence-chart').screenshot({ path: `${ARTIFACTS}/convergence-dpr2.png` });
  assert.deepEqual(errors, []);
  await context.close();
});

// The legend below the convergence chart on a phone: WHR's longest label ("largest change of
// a day's rating (natural-log units) (stops below ε)") is broken between words, not cut off at
// the canvas's edge. The canvas's pixels are read: no ink in the strip's right margin.
test('on a phone the convergence chart\'s legend wraps within the canvas', async () => {
  const { context, page, errors } = await open(PHONE);
  await page.getByTestId('method').selectOption('whr');
  await page.waitForFunction(() => document.querySelector('[data-testid=results-panel]')?.dataset.method === 'whr'
    && (document.querySelector('[data-testid=status]')?.textContent ?? '').startsWith('Converged')
    && document.querySelector('[data-testid=convergence-chart]')?.height > 0, null, { timeout: 60000 });
  await page.waitForTimeout(300);
  const strip = await page.getByTestId('convergence-chart').evaluate((c) => {
    const r = c.getBoundingClientRect();
    const scale = c.width / r.width;
    const top = Math.round(240 * scale);
    const margin = Math.round(6 * scale);
    const data = c.getContext('2d').getImageData(c.width - margin, top, margin, c.height - top).data;
    let ink = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 0 && data[i] + data[i + 1] + data[i + 2] < 600) ink += 1;
    return { ink, rows: Math.round((r.height - 240 - 6) / 20) };
  });
  assert.equal(strip.ink, 0, 'no legend text reaches the canvas\'s right edge');
  assert.ok(strip.rows >= 4, `the three entries take more than three rows at 390 px: ${strip.rows}`);
  await page.getByTestId('convergence-chart').screenshot({ path: `${ARTIFACTS}/convergence-whr-phone.png` });
  assert.deepEqual(errors, []);
  await context.close();
});

// The ratings chart names each method's own scale on its axis (JRank's strengths and
// Weng–Lin's skills were said to be dan and kyu), its ticks tell their values apart, and on a
// phone the longest names are cut with an ellipsis, not run off the canvas's left edge.
test('the ratings chart names the method\'s own scale, and fits its names on a phone', async () => {
  const { context, page, errors } = await open(PHONE);
  for (const [method, axis] of [['jrank', /Axis: strength \(JRank's scale\), /], ['weng_lin', /Axis: skill μ \(Weng–Lin's scale\), /],
    ['aga', /Axis: rank \(dan above 0, kyu below\), /], ['elo', /Axis: rating \(Elo points\), /], ['brent', /Axis: rating \(Elo points\), /]]) {
    await page.getByTestId('method').selectOption(method);
    await page.waitForFunction(([m, source]) => document.querySelector('[data-testid=results-panel]')?.dataset.method === m
      && new RegExp(source).test(document.querySelector('[data-testid=ratings-chart]')?.getAttribute('aria-label') ?? ''), [method, axis.source], { timeout: 60000 });
    assert.doesNotMatch(await page.getByTestId('ratings-chart').getAttribute('aria-label'), method === 'aga' ? /Elo/ : /dan|kyu/, method);
    // The example's games are dated: Elo's history runs through time, and its heading says so.
    if (method === 'elo') assert.equal(await page.getByTestId('history-heading').textContent(), "The leading players' ratings through time");
    await page.waitForTimeout(300);
    const ink = await page.getByTestId('ratings-chart').evaluate((c) => {
      const scale = c.width / c.getBoundingClientRect().width;
      const data = c.getContext('2d').getImageData(0, 0, Math.round(2 * scale), c.height).data;
      let n = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 0 && data[i] + data[i + 1] + data[i + 2] < 600) n += 1;
      return n;
    });
    assert.equal(ink, 0, `${method}: no name runs into the canvas's left edge`);
    await page.getByTestId('ratings-chart').screenshot({ path: `${ARTIFACTS}/ratings-chart-${method}-phone.png` });
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('a fit that converges at once says so in words, not with an empty chart', async () => {
  const { context, page, errors } = await open(LAPTOP);
  await (await editInput(page)).fill('white,black,result\nAnna,Ben,1-0\nBen,Cleo,1-0\nCleo,Anna,1-0\n');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=rating-row]').length === 3, null, { timeout: 30000 });
  await finished(page);
  const empty = page.getByTestId('convergence-empty');
  await empty.waitFor();
  assert.equal(await empty.textContent(), 'Converged at the first iteration: nothing to plot.');
  assert.ok(await page.getByTestId('convergence-chart').isHidden(), 'no empty chart');
  // With something to plot, the chart is back and the sentence gone.
  await (await editInput(page)).fill(await readFile(`${ROOT}engine/tests/data/openfootball/en.1.csv`, 'utf8'));
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=rating-row]').length === 20, null, { timeout: 30000 });
  await finished(page);
  await empty.waitFor({ state: 'detached' });
  assert.ok(await page.getByTestId('convergence-chart').isVisible());
  assert.deepEqual(errors, []);
  await context.close();
});
