// After Trunk's build (scripts/build.sh runs this): writes into dist/
//  * ratings-lab.html, the whole app in one file that works when opened from a file: the
//    styles, the page's (with every part a view loads) and the worker's JavaScript and wasm
//    inlined (gzipped, base64), and
//    the loader web/one-file.js, which starts the worker from a Blob URL;
//  * sw.js, the service worker (web/sw.js) with the list of the files the site needs offline
//    (every file of the build but the one-file app, which is fetched only when asked for), each
//    with its SHA-256 (the worker checks what it stores), and a hash of them all as the cache's
//    version;
//  * the first look in index.html (issue 24): the still copy of the opening view that
//    web/first-look.js (put into the head) fills with the example's ratings from the first worker before the
//    app's own code is fetched (scripts/first-look.mjs takes it from the app as built), and
//    Trunk's start script made to wait for it (its preloads the first look's to add);
//  * the Content-Security-Policy of both pages completed: each inline script's and style's
//    hash added to index.html's policy, and the one-file app's own policy (everything in it is
//    inline: its loader and styles by hash, its wasm and worker from Blob URLs).
// Usage: node scripts/postbuild.mjs [dist]
import { createHash } from 'node:crypto';
import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { snapshot } from './first-look.mjs';

const ROOT = new URL('../', import.meta.url).pathname;
const DIST = process.argv[2] ?? join(ROOT, 'dist');
const ONE_FILE = 'ratings-lab.html';

/** Replaces `pattern` in `text`, failing loudly when the build's page no longer has it. */
function replace(text, pattern, by, what) {
  if (!new RegExp(pattern.source, pattern.flags.replace('g', '')).test(text)) throw new Error(`postbuild: ${what} not found in dist/index.html (did Trunk's output change?)`);
  return text.replace(pattern, by);
}

/** The file names Trunk put into the page: the stylesheet, the page's glue and its wasm. */
function names(html) {
  const find = (re, what) => {
    const m = html.match(re);
    if (!m) throw new Error(`postbuild: ${what} not found in dist/index.html`);
    return m[1];
  };
  return {
    css: find(/<link rel="stylesheet" href="\.\/([^"]+\.css)"/, 'the stylesheet'),
    js: find(/from '\.\/([^']+\.js)'/, "the page's JavaScript"),
    wasm: find(/module_or_path: '\.\/([^']+\.wasm)'/, "the page's wasm"),
  };
}

const sha256 = (data) => `sha256-${createHash('sha256').update(data).digest('base64')}`;

/** The hashes CSP allows an inline script or style by: each executable inline script (not a
 * JSON data block, not one with a src) and each style element, comments left out. */
function inlineHashes(html) {
  const bare = html.replace(/<!--[\s\S]*?-->/g, '');
  const scripts = [...bare.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attrs]) => !/\bsrc=/i.test(attrs) && !/type="application\/json"/i.test(attrs))
    .map(([, , body]) => `'${sha256(body)}'`);
  const styles = [...bare.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map(([, body]) => `'${sha256(body)}'`);
  return { scripts: [...new Set(scripts)].join(' '), styles: [...new Set(styles)].join(' ') };
}

const CSP = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/;

/** The page with `policy` (given the inline hashes) as its Content-Security-Policy. */
function withPolicy(html, policy) {
  const hashes = inlineHashes(html);
  return replace(html, CSP, () => `<meta http-equiv="Content-Security-Policy" content="${policy(hashes)}"`, 'the Content-Security-Policy');
}

/** The site's policy as index.html states it, with its inline scripts and styles by hash. */
const sitePolicy = (stated) => ({ scripts, styles }) => stated
  .replace("script-src 'self'", `script-src 'self' ${scripts}`)
  .replace("style-src-elem 'self'", `style-src-elem 'self' ${styles}`);

/** The one-file app's: nothing from any address (it has none: file://), its loader script and
 * styles by hash, the page's glue and the worker from the Blob URLs the loader makes, wasm, and
 * its icon from a data: URL. */
const oneFilePolicy = ({ scripts, styles }) => [
  "default-src 'none'",
  `script-src ${scripts} blob: 'wasm-unsafe-eval'`,
  'worker-src blob:',
  "style-src 'unsafe-inline'",
  `style-src-elem ${styles}`,
  'img-src data:',
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** The policy `html` states, without the hashes of an earlier pass (computed afresh). */
const statedPolicy = (html) => html.match(CSP)?.[1]?.replace(/ 'sha256-[^']*'/g, '');

async function sitePage() {
  const html = await readFile(join(DIST, 'index.html'), 'utf8');
  if (html.includes('id="first-look"')) throw new Error('postbuild: dist/index.html has been through postbuild already (run scripts/build.sh, which builds it afresh)');
  const stated = statedPolicy(html);
  if (!stated || !stated.includes("script-src 'self'") || !stated.includes("style-src-elem 'self'")) {
    throw new Error("postbuild: index.html's Content-Security-Policy lacks script-src 'self' or style-src-elem 'self'");
  }
  const page = withPolicy(html, sitePolicy(stated));
  await writeFile(join(DIST, 'index.html'), page);
  return page;
}

const packed = async (file) => gzipSync(await readFile(join(DIST, file)), { level: 9 }).toString('base64');

/** A split worker's files (scripts/build-split.sh), packed: its glue, its main part, its parts'
 * loaders and each part, by its name. */
async function splitWorker(files, name) {
  const loaders = files.find((f) => f.startsWith(`${name}-__wasm_split-`) && f.endsWith('.js'));
  if (!loaders) throw new Error(`postbuild: the loaders of ${name}'s parts (${name}-__wasm_split-<hash>.js) not found in dist/`);
  const parts = files.filter((f) => /^(split|chunk)_.*\.wasm$/.test(f.slice(name.length + 1)) && f.startsWith(`${name}-`)).sort();
  return {
    js: await packed(`${name}.js`),
    wasm: await packed(`${name}_bg.wasm`),
    loaders: await packed(loaders),
    parts: Object.fromEntries(await Promise.all(parts.map(async (f) => [f.replace(/\.wasm$/, ''), await packed(f)]))),
  };
}

async function oneFile(site) {
  let html = site;
  const n = names(html);
  const css = await readFile(join(DIST, n.css), 'utf8');
  const icon = (await readFile(join(DIST, 'favicon.svg'))).toString('base64');
  const files = await readdir(DIST);
  const parts = files.filter((f) => /^(split|chunk)_.*\.wasm$/.test(f)).sort();
  const loaders = files.find((f) => /^__wasm_split-[0-9a-f]+\.js$/.test(f));
  if (!loaders) throw new Error("postbuild: the split page's loaders (__wasm_split-<hash>.js) not found in dist/");
  const assets = {
    pageJs: await packed(n.js),
    pageWasm: await packed(n.wasm),
    // The page's parts loaded when a view is first opened (scripts/build-split.sh): their
    // loaders and each part, by its name.
    splitJs: await packed(loaders),
    parts: Object.fromEntries(await Promise.all(parts.map(async (f) => [f.replace(/\.wasm$/, ''), await packed(f)]))),
    workerJs: await packed('worker.js'),
    workerWasm: await packed('worker_bg.wasm'),
    labWorker: await splitWorker(files, 'lab_worker'),
    deskWorker: await splitWorker(files, 'desk_worker'),
  };
  const loader = await readFile(join(ROOT, 'web/one-file.js'), 'utf8');
  if (/<\/script/i.test(loader) || /<\/style/i.test(css)) throw new Error('postbuild: a closing tag inside inlined text');
  html = replace(html, /<link rel="stylesheet" href="[^"]+"[^>]*>/, () => `<style>\n${css}\n</style>`, 'the stylesheet link');
  html = replace(html, /<script type="module">[\s\S]*?<\/script>/, '', "Trunk's start script");
  html = replace(html, /<link rel="modulepreload"[^>]*>/, '', 'the modulepreload link');
  html = replace(html, /<link rel="preload"[^>]*>/g, '', 'the preload link');
  html = replace(html, /<link [^>]*data-site-only[^>]*>\s*/g, '', 'the site-only links');
  html = replace(html, /<script data-site-only>[\s\S]*?<\/script>\s*/g, '', 'the site-only scripts');
  html = replace(html, /<!-- data-site-only[^>]*-->\s*/, '', 'the site-only note');
  html = replace(html, /href="favicon\.svg"/, `href="data:image/svg+xml;base64,${icon}"`, 'the icon');
  html = replace(html, /<\/body>/, () => [
    `<script id="ratings-lab-assets" type="application/json">${JSON.stringify(assets)}</script>`,
    `<script type="module">\n${loader}</script>`,
    '</body>',
  ].join('\n'), 'the end of the body');
  html = withPolicy(html, oneFilePolicy);
  await writeFile(join(DIST, ONE_FILE), html);
  return html.length;
}

async function serviceWorker() {
  const files = (await readdir(DIST, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath ?? e.path, e.name).slice(DIST.length).replace(/^\/+/, ''))
    .filter((f) => f !== 'sw.js')
    .sort();
  const hash = createHash('sha256');
  const assets = [];
  for (const f of files) {
    const body = await readFile(join(DIST, f));
    hash.update(f).update('\0').update(body);
    if (f === ONE_FILE) continue;
    // The page under its two addresses, fetched once (as ./) and kept under both.
    if (f === 'index.html') {
      assets.unshift({ url: './', integrity: sha256(body), also: 'index.html' });
      continue;
    }
    assets.push({ url: f, integrity: sha256(body) });
  }
  const version = hash.digest('hex').slice(0, 16);
  const template = await readFile(join(ROOT, 'web/sw.js'), 'utf8');
  const sw = template.replace("'__VERSION__'", JSON.stringify(version)).replace('__ASSETS__', JSON.stringify(assets, null, 2));
  await writeFile(join(DIST, 'sw.js'), sw);
  return { version, count: assets.length };
}

/** The first look (issue 24) put into the site's page, which is written again with its policy:
 * the still copy (shown only on a plain first visit: web/first-look.js) with the example's
 * request, web/first-look.js in the page's head, and the page's own code fetched only once the
 * first look has shown the ratings (or given up): Trunk's start script waits for it, and its
 * preloads, which would fetch the page's code at once, are the first look's to add then. */
async function firstLook(site) {
  const look = await snapshot(DIST);
  const config = JSON.stringify({ request: look.request, columns: look.columns, decimals: look.decimals }).replace(/</g, '\\u003c');
  let html = replace(site, /<\/body>/, () => [
    `<div id="first-look" class="first-look" hidden inert data-site-only>${look.html}</div>`,
    '<p id="first-look-note" class="first-look-note" role="status" hidden data-site-only>Loading the controls…</p>',
    `<script id="first-look-config" type="application/json" data-site-only>${config}</script>`,
    '</body>',
  ].join('\n'), 'the end of the body');
  // Trunk's start script, waiting for the first look, and saying so if the page cannot start;
  // its preloads are the first look's to add when the page's code is to come.
  const n = names(html);
  html = replace(html, /<script type="module">[\s\S]*?<\/script>/, () => `<script type="module">
try {
  await window.ratingsLabFirstLook;
  const bindings = await import('./${n.js}');
  const wasm = await bindings.default({ module_or_path: './${n.wasm}' });
  window.wasmBindings = bindings;
  dispatchEvent(new CustomEvent("TrunkApplicationStarted", {detail: {wasm}}));
} catch (e) {
  window.ratingsLabNotStarted?.(e);
  throw e;
}
</script>`, "Trunk's start script");
  html = replace(html, /<link rel="modulepreload"[^>]*>\s*/, '', 'the modulepreload link');
  html = replace(html, /<link rel="preload"[^>]*>\s*/g, '', 'the preload link');
  // In the head, after the policy (which a script before it would escape): the worker starts
  // while the rest of the page arrives.
  // The page's code, and the first worker's wasm's size (the first look asks for the page's code
  // as the worker's wasm is about to end).
  const page = { js: `./${n.js}`, wasm: `./${n.wasm}`, workerBytes: (await stat(join(DIST, 'worker_bg.wasm'))).size };
  const script = (await readFile(join(ROOT, 'web/first-look.js'), 'utf8'))
    .replace(/const PAGE = \/\*[^*]*\*\/ null;/, () => `const PAGE = ${JSON.stringify(page)};`);
  if (!script.includes(`./${n.wasm}`)) throw new Error("postbuild: web/first-look.js's PAGE not found");
  // (The policy's hashes are of the scripts with comments left out: none may hold one.)
  if (/<\/script|<!--/i.test(script)) throw new Error('postbuild: a closing tag or a comment tag inside web/first-look.js');
  html = replace(html, /<meta http-equiv="Content-Security-Policy"[^>]*>/, (meta) => `${meta}\n    <script data-site-only>\n${script}</script>`, 'the Content-Security-Policy');
  await writeFile(join(DIST, 'index.html'), withPolicy(html, sitePolicy(statedPolicy(html))));
  // The first look's start of the first worker, which is handed its wasm by the page.
  await writeFile(join(DIST, 'first-look-worker.js'), await readFile(join(ROOT, 'web/first-look-worker.js')));
}

const site = await sitePage();
const size = await oneFile(site);
await firstLook(site);
const sw = await serviceWorker();
console.log(`postbuild: ${ONE_FILE} ${(size / 1e6).toFixed(2)} MB; sw.js precaches ${sw.count} files (version ${sw.version})`);
