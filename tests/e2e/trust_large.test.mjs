// A large input and a failed worker leave the page working (issue 19, item 7). A league of
// 1,000,000 games generated here (not committed: 50,000 players of log-strength sd 1.5, 20 %
// draws, like a real near-strength league) is opened, then the compare view (its estimate
// said before it starts, fewer orders taken), the race, held-out prediction and the
// simulation lab each run on it: progress never passes its total, each finishes or is
// cancelled, and the page still answers afterwards (a new input is rated). A worker made to
// fail (a panic; a trap, as when out of memory) is reported, and the next job runs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { ARTIFACTS, DESKTOP, PHONE, ROOT, editInput, finished, siteForTests } from './browser.mjs';

const shared = siteForTests();
const { open } = shared;

const GAMES = 1000000;
const PLAYERS = 50000;

/** mulberry32: exact in JavaScript's numbers. */
function rng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The league as a CSV (about 26 MB). */
function league() {
  const rnd = rng(19);
  const gauss = () => Math.sqrt(-2 * Math.log(rnd() + 1e-12)) * Math.cos(2 * Math.PI * rnd());
  const strength = Array.from({ length: PLAYERS }, () => 1.5 * gauss());
  const parts = ['white,black,result\n'];
  for (let g = 0; g < GAMES; g++) {
    const a = Math.floor(rnd() * PLAYERS);
    const b = (a + 1 + Math.floor(rnd() * (PLAYERS - 1))) % PLAYERS;
    const p = 1 / (1 + Math.exp(strength[b] - strength[a]));
    parts.push(`Player ${a},Player ${b},${rnd() < 0.2 ? '1/2-1/2' : (rnd() < p ? '1-0' : '0-1')}\n`);
  }
  return Buffer.from(parts.join(''));
}

const AXE = `${ROOT}node_modules/axe-core/axe.min.js`;

/**
 * axe on the compare panel as it is: no serious or critical violation. (The panel only: at
 * phone width the stored file's preview, a scrollable `pre` of the input panel, is reported
 * apart, as `scrollable-region-focusable`.)
 */
async function axe(page, view) {
  await page.evaluate(await readFile(AXE, 'utf8'));
  const violations = await page.evaluate(async () => (await window.axe.run('[data-testid=compare-panel]')).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`));
  assert.deepEqual(violations, [], `${view}: ${violations.join('\n')}`);
}

const text = (page, id) => page.evaluate((id) => document.querySelector(`[data-testid=${id}]`)?.textContent ?? '', id);

/**
 * Records every text `id` shows (and a progress bar's value and max inside `within`) until
 * `stop()`: what the user saw, however briefly.
 */
async function watch(page, id, within = id) {
  await page.evaluate(([id, within]) => {
    window.__seen = window.__seen ?? {};
    const seen = (window.__seen[id] = []);
    const look = () => {
      const t = document.querySelector(`[data-testid=${id}]`)?.textContent ?? '';
      const bar = document.querySelector(`[data-testid=${within}] progress, progress[data-testid=${within}]`);
      const entry = `${t}|${bar ? `${bar.value}/${bar.max}` : ''}`;
      if (seen[seen.length - 1]?.entry !== entry) seen.push({ entry, at: performance.now() });
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    look();
  }, [id, within]);
  return () => page.evaluate((id) => window.__seen[id].map((s) => s.entry), id);
}

/** How long each kind of step took, from the statuses seen (for the estimate's calibration). */
function stepTimes(page, id) {
  return page.evaluate((id) => {
    const times = {};
    const seen = window.__seen[id];
    for (let i = 0; i + 1 < seen.length; i++) {
      const kind = (seen[i].entry.match(/%\): ([^:]+: (rating|order)|K = \d+)/) ?? [])[1];
      const key = kind && kind.replace(/order$/, 'replay').replace(/K = \d+/, 'K sweep');
      if (key) times[key] = (times[key] ?? 0) + seen[i + 1].at - seen[i].at;
    }
    return times;
  }, id);
}

/** The page answers: a small input typed in is rated. */
async function stillAnswers(page) {
  await page.getByTestId('clear').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=stored-file]')?.classList.contains('hidden') ?? true);
  await (await editInput(page)).fill('white,black,result\nAnna,Ben,1-0\nBen,Cleo,1/2-1/2\nCleo,Anna,0-1\n');
  await finished(page, 60000);
  assert.match(await text(page, 'format'), /3 games · 3 players/);
}

test('a million games: compare (estimated, fewer orders), race, prediction and the lab leave the page working', { timeout: 420000 }, async () => {
  const { context, page, errors } = await open();
  const buffer = league();
  await page.getByTestId('file-input').setInputFiles({ name: 'league.csv', mimeType: 'text/csv', buffer });
  await page.waitForFunction((n) => document.querySelector('[data-testid=format]').textContent.includes(`${n} games`)
    && document.querySelector('[data-testid=status]').textContent.startsWith('Converged'), GAMES, { timeout: 150000, polling: 500 });

  console.log('phase: compare');
  // The compare view says how long before it starts, and does not start by itself.
  await page.getByTestId('compare-open').click();
  const estimate = page.getByTestId('compare-estimate');
  await estimate.waitFor();
  assert.match(await estimate.textContent(), /takes about \d+ (s|min) for 1,000,000 games and 20 orders/);
  assert.equal(await page.getByTestId('compare-progress').count(), 0, 'nothing started');
  assert.match(await text(page, 'compare-status'), /^Choose the methods, then Compare/);
  await page.setViewportSize(PHONE);
  await page.getByTestId('compare-estimate').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${ARTIFACTS}/trust-large-estimate-phone.png` });
  await axe(page, 'the compare view with its estimate, at phone width');
  await page.setViewportSize(DESKTOP);
  // Fewer orders: the estimate follows.
  await page.getByTestId('compare-fewer').click();
  assert.equal(await page.getByTestId('compare-shuffles').inputValue(), '5');
  await page.waitForFunction(() => /and 5 orders/.test(document.querySelector('[data-testid=compare-estimate]')?.textContent ?? 'and 5 orders'));
  const said = await page.evaluate(() => document.querySelector('[data-testid=compare-estimate]')?.textContent ?? '');
  const seen = await watch(page, 'compare-status', 'compare-progress');
  const t0 = Date.now();
  await page.getByTestId('compare-run').click();
  await page.waitForFunction(() => /^(Compared|The computation failed)/.test((document.querySelector('[data-testid=compare-status]')?.textContent ?? '')),
    null, { timeout: 180000, polling: 250 });
  console.log(`compare, Brent and Elo, 5 orders, ${GAMES} games: ${((Date.now() - t0) / 1000).toFixed(1)} s (estimated: ${said})`);
  console.log('step times (ms):', JSON.stringify(await stepTimes(page, 'compare-status')));
  const statuses = await seen();
  const steps = statuses.map((s) => s.match(/step (\d+) of (\d+) \((\d+) %\)|(\d+) of (\d+) steps done \((\d+) %\)/)).filter(Boolean);
  assert.ok(steps.length > 0, statuses.join('\n'));
  for (const m of steps) {
    const [k, n, p] = m[1] ? [Number(m[1]) - 1, Number(m[2]), Number(m[3])] : [Number(m[4]), Number(m[5]), Number(m[6])];
    assert.ok(k < n || (k === n && !m[1]), `never a step past the total: ${m[0]}`);
    assert.equal(p, Math.floor((100 * k) / n), `the percentage is of the steps done: ${m[0]}`);
  }
  for (const s of statuses) {
    const bar = s.split('|')[1];
    if (bar) {
      const [value, max] = bar.split('/').map(Number);
      assert.ok(value <= max, `progress bar ${bar}`);
    }
  }
  // Brent once (no order moves it), Elo once and 5 replays, K against the spread 4 × 5.
  assert.ok(steps.every((m) => Number(m[2] ?? m[5]) === 27), steps.map((m) => m[0]).join('\n'));
  const status = await text(page, 'compare-status');
  assert.match(status, /^Compared 2 methods on 50000 players; games replayed in 5 shuffled orders/);
  // The tables show a page of rows, not fifty thousand.
  assert.equal(await page.getByTestId('compare-row').count(), 200);
  assert.equal(await page.getByTestId('spread-row').count(), 200);
  assert.match(await page.getByTestId('compare-rows-shown').first().textContent(), /The first 200 of 50,000 players/);
  const tau = Number(await page.getByTestId('agreement-tau').first().textContent());
  assert.ok(tau > 0.5 && tau <= 1, `τ = ${tau}`);
  await page.getByTestId('compare-panel').screenshot({ path: `${ARTIFACTS}/trust-large-compare.png` });
  await axe(page, 'the compare view of a million games');

  console.log('phase: race');
  // The race: refused on this many players, at once, in words.
  await page.getByTestId('race-run').click();
  await page.getByTestId('race-error').waitFor({ timeout: 60000 });
  assert.match(await text(page, 'race-error'), /The race runs on inputs of up to \d+ players; this one has 50000/);

  console.log('phase: prediction');
  // Held-out prediction: progress by method, never past its total; it finishes or is cancelled.
  await page.getByTestId('predict-open').click();
  const predicted = await watch(page, 'predict-progress');
  await page.getByTestId('predict-evaluate').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=predict-table]') || document.querySelector('[data-testid=predict-failure]'),
    null, { timeout: 180000, polling: 500 });
  for (const s of await predicted()) {
    const m = s.match(/ (\d+) of (\d+) /);
    if (m) assert.ok(Number(m[1]) <= Number(m[2]), s);
  }
  assert.ok(await page.getByTestId('predict-row').count() >= 2 || /Cancelled/.test(await text(page, 'predict-failure')));

  console.log('phase: lab');
  // The simulation lab: started with the million games open, shows progress, is cancelled.
  await page.getByTestId('lab-repetitions').fill('3000');
  await page.getByTestId('lab-repetitions').dispatchEvent('change');
  await page.getByTestId('lab-run').click();
  await page.waitForFunction(() => / [1-9]\d* of 3000 /.test(document.querySelector('[data-testid=predict-progress]')?.textContent ?? ''),
    null, { timeout: 60000 });
  await page.getByTestId('predict-cancel').click();
  await page.waitForFunction(() => /^Cancelled after \d+ of 3000/.test(document.querySelector('[data-testid=predict-failure]')?.textContent ?? ''),
    null, { timeout: 60000 });

  console.log('phase: a new input');
  await stillAnswers(page);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a worker that fails is reported, and the next job runs in a fresh one', async () => {
  const { context, page, errors } = await open();
  // A panic while the lab runs: the lab says so, the page goes on.
  await page.getByTestId('predict-open').click();
  await page.getByTestId('lab-repetitions').fill('3000');
  await page.getByTestId('lab-repetitions').dispatchEvent('change');
  await page.getByTestId('lab-run').click();
  await page.getByTestId('predict-progress').waitFor();
  await page.evaluate(() => window.ratingsLabFailWorker(false));
  await page.waitForFunction(() => /^The computation failed: a failure asked for by a test/.test(document.querySelector('[data-testid=predict-failure]')?.textContent ?? ''),
    null, { timeout: 30000 });
  assert.match(await text(page, 'predict-failure'), /The page still works/);
  assert.equal(await page.getByTestId('predict-progress').count(), 0, 'no longer running');
  // A trap without a panic (as running out of memory ends the worker) during a comparison.
  await page.getByTestId('compare-open').click();
  await page.waitForFunction(() => /^Compared/.test((document.querySelector('[data-testid=compare-status]')?.textContent ?? '')), null, { timeout: 60000 });
  await page.getByTestId('compare-shuffles').fill('5000');
  await page.getByTestId('compare-shuffles').dispatchEvent('change');
  await page.getByTestId('compare-run').click();
  await page.getByTestId('compare-progress').waitFor();
  await page.evaluate(() => window.ratingsLabFailWorker(true));
  await page.waitForFunction(() => /^The computation failed: RuntimeError: unreachable \(the background worker stopped: it ran out of memory, or met a defect\)\. The page still works/.test((document.querySelector('[data-testid=compare-status]')?.textContent ?? '')),
    null, { timeout: 30000 });
  assert.ok(await page.getByTestId('compare-status').evaluate((e) => e.classList.contains('error')));
  await page.getByTestId('compare-panel').screenshot({ path: `${ARTIFACTS}/trust-large-worker-failed.png` });
  await axe(page, 'the compare view after the worker failed');
  // The next jobs run in a fresh worker: a comparison, and a rating of an edited input.
  await page.getByTestId('compare-shuffles').fill('5');
  await page.getByTestId('compare-shuffles').dispatchEvent('change');
  await page.getByTestId('compare-run').click();
  await page.waitForFunction(() => /^Compared 2 methods on 20 players; games replayed in 5 shuffled orders/.test((document.querySelector('[data-testid=compare-status]')?.textContent ?? '')),
    null, { timeout: 60000 });
  await stillAnswers(page);
  // A panic with nothing running: nothing to report, and the next rating still runs (once
  // the page has seen the failure: a job sent before would be reported failed with it).
  const seenFailure = page.waitForEvent('console', (m) => m.text().includes('the worker failed'));
  await page.evaluate(() => window.ratingsLabFailWorker(false));
  await seenFailure;
  await (await editInput(page)).fill('white,black,result\nAnna,Ben,1-0\nBen,Cleo,1-0\nCleo,Dan,1/2-1/2\nDan,Anna,0-1\n');
  await page.waitForFunction(() => /4 games · 4 players/.test(document.querySelector('[data-testid=format]').textContent)
    && /^(Converged|Rated in one pass)/.test(document.querySelector('[data-testid=status]').textContent), null, { timeout: 60000 });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a worker whose script never arrives is not waited for forever: a spare starts and rates', async () => {
  // (No service worker: its copy would answer the script's request before the route sees it.)
  const context = await shared.browser.newContext({ viewport: DESKTOP, serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  // A visit, then a reload (what is kept makes it open without the first look, whose worker
  // would otherwise be the first to ask).
  await page.goto(`${shared.site.origin}/`);
  await finished(page);
  // The first request for the worker's script is left unanswered (as Chromium may leave it
  // when the page reloads while a new service worker activates); later ones are served.
  let asked = 0;
  await context.route('**/worker_loader.js', (route) => (++asked === 1 ? undefined : route.continue()));
  const spare = page.waitForEvent('console', (m) => m.text().includes('starting a spare'));
  await page.reload();
  await spare;
  await finished(page);
  assert.equal(asked, 2, 'the first script request held, the spare served');
  assert.equal(await page.getByTestId('rating-row').count(), 20);
  assert.deepEqual(errors, []);
  await context.close();
});
