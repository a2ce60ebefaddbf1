// Browser benchmark (issue 40, item 6; not part of the test run): a first visit at phone size
// (390×844) over a slow link, Chromium's own throttling (CDP `Network.emulateNetworkConditions`:
// 150 ms of latency, 1.6 Mbit/s = 200,000 bytes/s each way), a cold cache (a fresh browser
// context: nothing cached, nothing stored, no service worker), the files served gzipped as a
// static host sends them (RAW=1: as they are, as `python3 -m http.server` sends them). Times
// from the navigation's start, on the page's own clock:
//  * ratings shown: the example's ratings on the screen (the first look's rows, or the app's
//    own where there is no first look);
//  * controls working: a control on the first screen answers: *Name* (the ratings' sort by
//    name) is tapped the moment the app has it on the screen, and the clock stops when the
//    table has been drawn again in the new order;
//  * the app started (`TrunkApplicationStarted`), for the waterfall's sake.
// With WATERFALL=1, each run's requests as Chromium saw them (the page's and its workers'):
// when each began and ended, gzipped and raw bytes.
// Run: node scripts/bench-slow-link.mjs [DIST ...]   (default dist/; RUNS=n runs of each, 3;
// several builds are taken in turn, run by run, so that the machine's load falls on each alike;
// MBIT=10 LATENCY=40 for another link)
import { chromium } from 'playwright-core';
import { serve } from '../tests/e2e/server.mjs';

const ROOT = new URL('../', import.meta.url).pathname;
const DISTS = process.argv.length > 2 ? process.argv.slice(2) : [`${ROOT}dist`];
const RUNS = Number(process.env.RUNS ?? 3);
const PHONE = { width: 390, height: 844 };
/** The link: 1.6 Mbit/s and 150 ms, or MBIT and LATENCY (ms) given. */
const MBIT = Number(process.env.MBIT ?? 1.6);
const LINK = { offline: false, latency: Number(process.env.LATENCY ?? 150), downloadThroughput: MBIT * 125000, uploadThroughput: MBIT * 125000 };

/** In the page, from its first script on: the moments the ratings show, the app starts and a
 * control answers (`window.__slow`), found by looking every 20 ms and at every change to the page. */
function watch() {
  const slow = (window.__slow = {});
  const visible = (el) => el && el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
  addEventListener('TrunkApplicationStarted', () => { slow.started ??= performance.now(); });
  let tapped = null;
  const look = () => {
    const now = performance.now();
    if (slow.ratings == null && (visible(document.querySelector('#first-look [data-first-look=rows] tr'))
      || visible(document.querySelector('[data-testid=rating-row]')))) slow.ratings = now;
    const rows = () => [...document.querySelectorAll('[data-testid=rating-row] [data-testid=player-name]')].map((td) => td.textContent);
    const sort = document.querySelector('[data-testid=sort-name]');
    if (tapped == null && visible(sort) && rows().length > 1) {
      tapped = rows();
      slow.tapped = now;
      sort.click();
    } else if (tapped != null && slow.controls == null) {
      const names = rows();
      const sorted = names.length === tapped.length && names.every((n, i) => i === 0 || names[i - 1].localeCompare(n) <= 0);
      if (sorted && names.join() !== tapped.join()) slow.controls = now;
    }
    if (slow.controls == null) setTimeout(look, 20);
  };
  const seen = new MutationObserver(() => slow.controls == null && look());
  seen.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  look();
}

/** One cold first visit of `site`: the moments (s) and, with WATERFALL, the requests. */
async function visit(browser, site) {
  const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.emulateNetworkConditions', LINK);
  await page.addInitScript(watch);
  const requests = [];
  page.on('requestfinished', async (r) => requests.push({ r, sizes: await r.sizes().catch(() => null) }));
  await page.goto(`${site.origin}/`);
  await page.waitForFunction(() => window.__slow?.controls != null, null, { timeout: 120000, polling: 100 });
  const t = await page.evaluate(() => ({ ...window.__slow, origin: performance.timeOrigin }));
  const s = (ms) => ms / 1000;
  const result = { ratings: s(t.ratings), started: s(t.started ?? NaN), tapped: s(t.tapped), controls: s(t.controls) };
  if (process.env.WATERFALL) {
    result.waterfall = requests.map(({ r, sizes }) => {
      const tm = r.timing();
      return {
        file: new URL(r.url()).pathname.slice(1) || 'index.html',
        start: s(tm.startTime - t.origin),
        end: s(tm.startTime + tm.responseEnd - t.origin),
        gz: sizes ? sizes.responseBodySize : NaN,
      };
    }).sort((a, b) => a.start - b.start);
  }
  await context.close();
  return result;
}

const servers = await Promise.all(DISTS.map((d) => serve(d, '/', { gzip: !process.env.RAW })));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const results = DISTS.map(() => []);
try {
  for (let run = 0; run < RUNS; run++) {
    for (const [k, site] of servers.entries()) {
      const r = await visit(browser, site);
      results[k].push(r);
      console.log(`${DISTS[k]} run ${run + 1}: ratings shown ${r.ratings.toFixed(2)} s, app started ${r.started.toFixed(2)} s, `
        + `controls working ${r.controls.toFixed(2)} s (tapped at ${r.tapped.toFixed(2)} s)`);
      for (const w of r.waterfall ?? []) {
        console.log(`    ${w.start.toFixed(2).padStart(6)}–${w.end.toFixed(2).padEnd(6)} s ${(w.gz / 1000).toFixed(1).padStart(7)} KB  ${w.file}`);
      }
    }
  }
} finally {
  await browser.close();
  await Promise.all(servers.map((s) => s.stop()));
}
const range = (xs) => `${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)} s`;
console.log(`a first visit at phone size over ${MBIT} Mbit/s, ${LINK.latency} ms (Chromium's throttling, cold cache, ${process.env.RAW ? 'files as they are' : 'gzipped'}), ${RUNS} runs:`);
for (const [k, rs] of results.entries()) {
  console.log(`  ${DISTS[k]}: ratings shown ${range(rs.map((r) => r.ratings))}; controls working ${range(rs.map((r) => r.controls))} (target ≤ 4 s)`);
}
