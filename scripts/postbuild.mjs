// After Trunk's build (scripts/build.sh runs this): writes into dist/
//  * ratings-lab.html, the whole app in one file that works when opened from a file: the
//    styles, the page's and the worker's JavaScript and wasm inlined (gzipped, base64), and
//    the loader web/one-file.js, which starts the worker from a Blob URL;
//  * sw.js, the service worker (web/sw.js) with the list of every file of the build and a
//    hash of their contents as the cache's version.
// Usage: node scripts/postbuild.mjs [dist]
import { createHash } from 'node:crypto';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

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

const packed = async (file) => gzipSync(await readFile(join(DIST, file)), { level: 9 }).toString('base64');

async function oneFile() {
  let html = await readFile(join(DIST, 'index.html'), 'utf8');
  const n = names(html);
  const css = await readFile(join(DIST, n.css), 'utf8');
  const icon = (await readFile(join(DIST, 'favicon.svg'))).toString('base64');
  const assets = {
    pageJs: await packed(n.js),
    pageWasm: await packed(n.wasm),
    workerJs: await packed('worker.js'),
    workerWasm: await packed('worker_bg.wasm'),
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
  for (const f of files) hash.update(f).update('\0').update(await readFile(join(DIST, f)));
  const version = hash.digest('hex').slice(0, 16);
  const template = await readFile(join(ROOT, 'web/sw.js'), 'utf8');
  const sw = template.replace("'__VERSION__'", JSON.stringify(version)).replace('__ASSETS__', JSON.stringify(['./', ...files], null, 2));
  await writeFile(join(DIST, 'sw.js'), sw);
  return { version, count: files.length + 1 };
}

const size = await oneFile();
const sw = await serviceWorker();
console.log(`postbuild: ${ONE_FILE} ${(size / 1e6).toFixed(2)} MB; sw.js precaches ${sw.count} files (version ${sw.version})`);
