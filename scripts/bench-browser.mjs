// Browser benchmark (not part of the test run): the built site (dist/, `./scripts/build.sh`)
// in Debian's headless Chromium, driven by playwright-core.
//   1. A generated league of 100,000 players and 1,000,000 games (log-strength spread 1.5,
//      20 % draws; about 26 MB) opened through the file picker: seconds from the file chosen
//      to the ratings table shown, and the longest stretch the page did not answer.
//   2. A 500-player Swiss: a parameter change (σ, then γ) to the new ratings drawn, in milliseconds;
//      the request posted to the ratings back, seen from the page; and the worker's part, from the
//      request's arrival in the worker to the ratings it posts, on the worker's own clock.
// Run: node scripts/bench-browser.mjs   (SIZE=100000 for a league ten times smaller; SWISS_ONLY=1
// for the Swiss alone, RUNS=n for n parameter changes). A first visit over a slow link at phone
// size (issue 40) is scripts/bench-slow-link.mjs.
import { chromium } from 'playwright-core';
import { serve } from '../tests/e2e/server.mjs';
import { editInput } from '../tests/e2e/browser.mjs';

const ROOT = new URL('../', import.meta.url).pathname;
const GAMES = Number(process.env.SIZE ?? 1000000);
const PLAYERS = GAMES / 10;

/** mulberry32: exact in JavaScript's numbers. */
function rng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function league() {
  const rnd = rng(11);
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

function swiss(n = 500, rounds = 9) {
  const rnd = rng(5);
  const strength = Array.from({ length: n }, () => 1.5 * (rnd() + rnd() + rnd() - 1.5) * 2);
  const score = new Array(n).fill(0);
  const lines = ['white,black,result'];
  for (let r = 0; r < rounds; r++) {
    const order = [...score.keys()].sort((x, y) => score[y] - score[x] || x - y);
    for (let k = 0; k + 1 < n; k += 2) {
      const [a, b] = [order[k], order[k + 1]];
      const p = 1 / (1 + Math.exp(strength[b] - strength[a]));
      const s = rnd() < 0.2 ? 0.5 : (rnd() < p ? 1 : 0);
      score[a] += s;
      score[b] += 1 - s;
      lines.push(`P${a},P${b},${s === 0.5 ? '1/2-1/2' : s === 1 ? '1-0' : '0-1'}`);
    }
  }
  return lines.join('\n') + '\n';
}

/** The longest gap between animation frames while `work` runs: how long the page froze. */
async function longestFreeze(page, work) {
  await page.evaluate(() => {
    window.__gaps = [];
    let last = performance.now();
    const tick = (t) => { window.__gaps.push(t - last); last = t; window.__raf = requestAnimationFrame(tick); };
    window.__raf = requestAnimationFrame(tick);
  });
  await work();
  return page.evaluate(() => { cancelAnimationFrame(window.__raf); return Math.max(...window.__gaps); });
}

const site = await serve(`${ROOT}dist`);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
// Every message to and from a worker, timed, so a parameter change's worker part (from the
// request posted to the ratings posted back) is told apart from the page's.
await page.addInitScript(() => {
  window.__worker = [];
  const Base = window.Worker;
  window.Worker = class extends Base {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => {
        const kind = e.data && typeof e.data === 'object' ? Object.keys(e.data)[0] : '';
        window.__worker.push({ t: performance.now(), dir: 'in', kind });
      });
    }
    postMessage(...args) {
      window.__worker.push({ t: performance.now(), dir: 'out', kind: '' });
      return super.postMessage(...args);
    }
  };
});
await page.goto(`${site.origin}/`);
await page.waitForFunction(() => document.querySelector('[data-testid=status]')?.textContent.startsWith('Converged'), null, { timeout: 60000 });

if (!process.env.SWISS_ONLY) {
const buffer = league();
console.log(`league: ${PLAYERS} players, ${GAMES} games, ${(buffer.length / 1e6).toFixed(1)} MB`);
// Playwright hands the file to the page through its protocol, which itself takes the page's
// thread for a while: the clock starts once the page has the file (the input's change event).
await page.evaluate(() => {
  document.querySelector('[data-testid=file-input]').addEventListener('change', () => { window.__chosen = performance.now(); }, { capture: true });
});
await page.getByTestId('file-input').setInputFiles({ name: 'league.csv', mimeType: 'text/csv', buffer });
let seconds = 0;
const freeze = await longestFreeze(page, async () => {
  await page.waitForFunction((n) => document.querySelector('[data-testid=format]').textContent.includes(`${n} games`)
    && document.querySelector('[data-testid=status]').textContent.startsWith('Converged')
    && document.querySelectorAll('[data-testid=rating-row]').length > 0, GAMES, { timeout: 600000, polling: 50 });
  seconds = (await page.evaluate(() => performance.now() - window.__chosen)) / 1000;
});
console.log(`file chosen to table shown: ${seconds.toFixed(2)} s; longest freeze after the file was handed over ${freeze.toFixed(0)} ms; ${await page.getByTestId('status').textContent()}`);
await page.getByTestId('clear').click();
}

// The input is folded on a first visit: unfolded as the end-to-end tests unfold it.
await (await editInput(page)).fill(swiss());
await page.waitForFunction(() => document.querySelector('[data-testid=status]').textContent.startsWith('Converged') && document.querySelectorAll('[data-testid=rating-row]').length > 0, null, { timeout: 60000 });
// Timed inside the page, so that no round trip to this script counts: from the new value
// being committed (the change event) to the first frame drawn after the new ratings arrived.
// σ changes only the speed (the worker starts from the last answer); γ moves the answer.
// Inside each worker, its own clock: a request's arrival and every message it posts.
for (const worker of page.workers()) {
  await worker.evaluate(() => {
    self.__log = [];
    const handler = self.onmessage;
    self.onmessage = (e) => {
      self.__log.push({ t: performance.now(), dir: 'in', kind: '' });
      return handler.call(self, e);
    };
    const post = self.postMessage.bind(self);
    self.postMessage = (m, ...rest) => {
      self.__log.push({ t: performance.now(), dir: 'out', kind: m && typeof m === 'object' ? Object.keys(m)[0] : '' });
      return post(m, ...rest);
    };
  });
}
/** The worker's part of the last change: from the request's arrival in the worker to the
 * ratings posted (the first `Done` after it), on the worker's own clock. */
async function workerPart() {
  for (const worker of page.workers()) {
    const log = await worker.evaluate(() => self.__log.splice(0)).catch(() => []);
    const arrived = log.filter((m) => m.dir === 'in').pop();
    const done = arrived && log.find((m) => m.dir === 'out' && m.kind === 'Done' && m.t >= arrived.t);
    if (done) return done.t - arrived.t;
  }
  return NaN;
}
async function change(control, value) {
  const [ms, trip] = await page.evaluate(async ([control, value]) => {
    const panel = document.querySelector('[data-testid=results-panel]');
    const input = document.querySelector(`[data-testid=${control}]`);
    const before = Number(panel.dataset.job);
    const t = performance.now();
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await new Promise((done) => {
      const check = () => (Number(panel.dataset.job) > before ? requestAnimationFrame(done) : requestAnimationFrame(check));
      check();
    });
    // Seen from the page: the last request posted after the change to the first ratings back.
    const log = window.__worker.filter((m) => m.t >= t);
    const done = log.find((m) => m.dir === 'in' && m.kind === 'Done');
    const sent = log.filter((m) => m.dir === 'out' && (!done || m.t <= done.t)).pop();
    return [performance.now() - t, done && sent ? done.t - sent.t : NaN];
  }, [control, value]);
  const worker = await workerPart();
  // Past the standard errors' pause, as a user between changes.
  await new Promise((done) => setTimeout(done, 400));
  return [ms, trip, worker];
}
const runs = Number(process.env.RUNS ?? 5);
for (const [control, values] of [
  ['sigma', Array.from({ length: runs }, (_, k) => (0.3 + 0.05 * ((k * 3) % 5)).toFixed(2))],
  ['gamma', Array.from({ length: runs }, (_, k) => ['0.5', '1', '0.25', '2', '0'][k % 5])],
]) {
  const times = [];
  for (const value of values) times.push(await change(control, value));
  const list = (k, digits) => times.map((t) => t[k].toFixed(digits)).join(', ');
  console.log(`500-player Swiss, ${control === 'sigma' ? 'σ' : 'γ'} changed to the new ratings drawn: ${list(0, 0)} ms; `
    + `request posted to ratings back, seen from the page: ${list(1, 1)} ms; the worker's part (request in to ratings out, its own clock): ${list(2, 1)} ms`);
}
// The simulation lab: 200 Swiss tournaments (7 rounds) of 100 players, every method.
await page.getByTestId('predict-open').click();
for (const k of ['jrank', 'aga', 'multi_elo']) await page.getByTestId(`predict-method-${k}`).check();
await page.getByTestId('lab-repetitions').fill('200');
await page.getByTestId('lab-repetitions').dispatchEvent('change');
const lab = [];
for (let i = 0; i < 3; i++) {
  const t0 = performance.now();
  await page.getByTestId('lab-run').click();
  await page.waitForFunction(() => !document.querySelector('[data-testid=lab-run]').disabled && document.querySelector('[data-testid=lab-table]'), null, { timeout: 120000 });
  lab.push((performance.now() - t0) / 1000);
}
console.log(`simulation lab, 200 Swiss tournaments of 100 players rated by all five methods: ${lab.map((t) => t.toFixed(2)).join(', ')} s`);
await browser.close();
site.server.close();
