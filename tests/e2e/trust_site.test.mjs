// The site's shell (issue 19, items 17, 18, 27): its Content-Security-Policy (the site, its
// worker, offline use and the one-file app all work under it, and any violation fails the
// test), the page opened from a file (it says what to do and links to the one-file app), and
// the service worker's first visit (each file fetched once; the one-file app only when asked).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile, readdir } from 'node:fs/promises';
import { serve } from './server.mjs';
import { ARTIFACTS, DESKTOP, PHONE, ROOT, editInput, finished, launch } from './browser.mjs';

const DIST = `${ROOT}dist`;
const TRF = `${ROOT}engine/tests/data/trf/held_swiss_5.trf`;
let browser;

before(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  browser = await launch();
});

after(async () => {
  await browser?.close();
});

/**
 * A fresh context whose pages record every Content-Security-Policy violation (the DOM's
 * `securitypolicyviolation` events, and the console errors the browser writes for them, the
 * worker's included) and every page error.
 */
async function watched(viewport = DESKTOP, options = {}) {
  const context = await browser.newContext({ viewport, ...options });
  await context.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.cspViolations.push(`${e.violatedDirective}: ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  const page = await context.newPage();
  const errors = [];
  const console = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error' && /Content.Security.Policy/i.test(m.text())) console.push(m.text()); });
  const violations = async () => [...console, ...(await page.evaluate(() => window.cspViolations ?? []))];
  return { context, page, errors, violations };
}

const policyOf = (html) => html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)"/)?.[1];

/** The policy's directives: name → its sources. */
const directives = (policy) => Object.fromEntries(policy.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));

test("the site's policy: its own scripts (inline ones by hash), wasm and workers, nothing unsafe for scripts", async () => {
  const site = directives(policyOf(await readFile(`${DIST}/index.html`, 'utf8')));
  assert.deepEqual(site['default-src'], ["'self'"]);
  assert.ok(site['script-src'].includes("'self'") && site['script-src'].includes("'wasm-unsafe-eval'"));
  assert.ok(site['script-src'].some((s) => /^'sha256-[A-Za-z0-9+/]+=*'$/.test(s)), 'the inline scripts by hash');
  const unsafe = ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", '*', 'data:', 'http:', 'https:'];
  assert.ok(!site['script-src'].some((s) => [...unsafe, 'blob:'].includes(s)), site['script-src'].join(' '));
  assert.deepEqual(site['worker-src'], ["'self'"]);
  assert.deepEqual(site['object-src'], ["'none'"]);
  const one = directives(policyOf(await readFile(`${DIST}/ratings-lab.html`, 'utf8')));
  assert.deepEqual(one['default-src'], ["'none'"]);
  assert.ok(!one['script-src'].some((s) => unsafe.includes(s)), one['script-src'].join(' '));
  assert.ok(one['script-src'].includes("'wasm-unsafe-eval'") && one['script-src'].some((s) => s.startsWith("'sha256-")));
  assert.deepEqual(one['worker-src'], ['blob:']);
});

test('under the policy the app starts, its worker rates, a tournament is ranked and charts are drawn, with no violation', async (t) => {
  const site = await serve(DIST);
  t.after(() => site.stop());
  for (const [viewport, name] of [[DESKTOP, 'csp-site'], [PHONE, 'csp-site-phone']]) {
    const { context, page, errors, violations } = await watched(viewport);
    await page.goto(`${site.origin}/`);
    await finished(page);
    assert.equal(await page.getByTestId('rating-row').count(), 20, 'the example, rated by the worker');
    await (await editInput(page)).fill(await readFile(TRF, 'utf8'));
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=standing-row]').length === 16, null, { timeout: 30000 });
    await finished(page);
    assert.ok(await page.locator('canvas').count() > 0, 'a chart');
    await page.screenshot({ path: `${ARTIFACTS}/${name}.png` });
    assert.deepEqual(await violations(), []);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('the policy is enforced: a script injected into the page does not run, and is reported', async (t) => {
  const site = await serve(DIST);
  t.after(() => site.stop());
  const { context, page, violations } = await watched();
  await page.goto(`${site.origin}/`);
  await finished(page);
  const ran = await page.evaluate(async () => {
    const s = document.createElement('script');
    s.textContent = 'window.injected = true;';
    document.body.append(s);
    await new Promise((ok) => setTimeout(ok, 100));
    return window.injected === true;
  });
  assert.equal(ran, false);
  assert.match((await violations()).join('\n'), /script-src/);
  await context.close();
});

/** Counts the requests the server answers, by path. */
function counted(site) {
  const hits = new Map();
  site.server.on('request', (req) => {
    const path = new URL(req.url, 'http://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
  });
  return hits;
}

test('a first visit fetches each file once, not the one-file app; offline then works under the policy', async (t) => {
  const site = await serve(DIST);
  t.after(() => site.stop());
  const hits = counted(site);
  const { context, page, errors, violations } = await watched(DESKTOP, { acceptDownloads: true });
  await page.goto(`${site.origin}/`);
  await finished(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60000 });
  const sw = await readFile(`${DIST}/sw.js`, 'utf8');
  const version = sw.match(/const VERSION = "([0-9a-f]+)"/)[1];
  const cached = await page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname), `ratings-lab-${version}`);
  const twice = [...hits].filter(([, n]) => n > 1);
  assert.deepEqual(twice, [], `fetched more than once: ${JSON.stringify(twice)}`);
  assert.equal(hits.get('/ratings-lab.html'), undefined, 'the one-file app is not fetched unasked');
  assert.ok(!cached.includes('/ratings-lab.html'));
  for (const f of ['/', '/index.html', '/worker_loader.js', '/worker.js', '/worker_bg.wasm', '/favicon.svg', '/manifest.webmanifest']) {
    assert.ok(cached.includes(f), `${f} is kept for offline use`);
  }
  // Every wasm file of the build: the page's main part, each part a view loads when first
  // opened (issue 24), and the worker; so that every view works offline too.
  const wasm = (await readdir(DIST)).filter((f) => f.endsWith('.wasm')).map((f) => `/${f}`).sort();
  assert.deepEqual(cached.filter((f) => f.endsWith('.wasm')).sort(), wasm, 'the page, its parts and the worker');
  // Each file kept was fetched from the server once (the page as /, kept under both names).
  for (const f of cached.filter((f) => f !== '/index.html')) assert.equal(hits.get(f), 1, `${f} fetched once`);
  assert.equal(hits.get('/index.html'), undefined);
  // Asked for, the one-file app is fetched (once).
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-one-file').click()]);
  assert.equal(download.suggestedFilename(), 'ratings-lab.html');
  assert.equal(hits.get('/ratings-lab.html'), 1);
  // Offline, under the policy.
  await site.stop();
  await page.reload();
  await finished(page);
  assert.equal(await page.getByTestId('rating-row').count(), 20);
  assert.deepEqual(await violations(), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the one-file app under its own policy: starts from file://, its worker rates a tournament, no violation', async () => {
  for (const viewport of [DESKTOP, PHONE]) {
    const { context, page, errors, violations } = await watched(viewport);
    await page.goto(`file://${DIST}/ratings-lab.html`);
    await finished(page);
    assert.equal(await page.getByTestId('rating-row').count(), 20);
    await (await editInput(page)).fill(await readFile(TRF, 'utf8'));
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=standing-row]').length === 16, null, { timeout: 30000 });
    await finished(page);
    assert.deepEqual(await violations(), []);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('index.html opened from a file says the site must be served, and links to the one-file app beside it', async () => {
  for (const [viewport, name] of [[DESKTOP, 'from-file'], [PHONE, 'from-file-phone']]) {
    const { context, page } = await watched(viewport);
    await page.goto(`file://${DIST}/index.html`);
    const note = page.getByRole('alert');
    await note.waitFor();
    assert.match(await note.locator('h1').textContent(), /cannot start from this file/);
    assert.match(await note.textContent(), /served over http/);
    const link = page.getByTestId('open-one-file');
    assert.equal(await link.getAttribute('href'), 'ratings-lab.html');
    assert.ok(await link.isVisible());
    // Styled, though the site's stylesheet does not load from a file: the heading in the
    // site's blue, in the system font, the note a readable column.
    const look = await page.evaluate(() => {
      const h1 = getComputedStyle(document.querySelector('#boot h1'));
      return { colour: h1.color, font: h1.fontFamily, width: document.querySelector('#boot').getBoundingClientRect().width };
    });
    assert.equal(look.colour, 'rgb(31, 100, 180)');
    assert.match(look.font, /system-ui/);
    assert.ok(look.width <= Math.min(viewport.width, 720), `${look.width}`);
    await page.screenshot({ path: `${ARTIFACTS}/${name}.png` });
    // The link opens the app, which starts.
    await link.click();
    await finished(page);
    assert.match(page.url(), /ratings-lab\.html$/);
    assert.equal(await page.getByTestId('rating-row').count(), 20);
    await context.close();
  }
});
