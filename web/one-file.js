// Starts Ratings Lab from one self-contained file (dist/ratings-lab.html), with no server:
// the page's and the worker's JavaScript and wasm are in the file, gzipped and in base64
// (the #ratings-lab-assets element); scripts/postbuild.mjs puts this script beside them.
// The first worker starts from a Blob URL holding its glue, its wasm and the lines that start
// it; the split workers from one holding their files (splitWorker).
const note = document.getElementById('boot');
const element = document.getElementById('ratings-lab-assets');
const assets = JSON.parse(element.textContent);
element.remove();

const bytes = (b64) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
const gunzip = async (b64) => new Uint8Array(
  await new Response(new Blob([bytes(b64)]).stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer());
const text = async (b64) => new TextDecoder().decode(await gunzip(b64));

// Runs inside a worker, after its wasm-bindgen glue (which defines `wasm_bindgen`).
const workerStart = (wasm) => `
;(async (b64) => {
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  await wasm_bindgen({ module_or_path: await new Response(stream).arrayBuffer() });
})(${JSON.stringify(wasm)});
`;

// A split worker (the lab's, the desk's: scripts/build-split.sh), run from a Blob URL as a
// classic worker (Chromium starts no module worker from a Blob URL in a page opened from a
// file; a classic one may import modules): it unpacks its glue, its main part and its parts'
// loaders (which take the glue's exports from `self.ratingsLabGlue`, and each part from
// `self.ratingsLabPart`, not fetched: the policy allows no fetch) and starts. The Blob URLs of
// its modules are made in the worker, whose own code is in this text.
const splitWorkerStart = (w) => `
(async (w) => {
  const bytes = (b64) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const gunzip = async (b64) => new Response(new Blob([bytes(b64)]).stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer();
  const script = (text) => URL.createObjectURL(new Blob([text], { type: 'text/javascript' }));
  self.ratingsLabPart = async (name) => new Response(await gunzip(w.parts[name]), { headers: { 'Content-Type': 'application/wasm' } });
  const glue = await import(script(w.glue.replaceAll('"__LOADERS__"', JSON.stringify(script(w.loaders)))));
  self.ratingsLabGlue = glue;
  await glue.default({ module_or_path: await gunzip(w.wasm) });
})(${JSON.stringify(w)}).catch((e) => {
  // Said to the page as a failure of the worker (src/bridge.rs), which starts afresh.
  self.postMessage({ Crashed: { message: \`the worker could not start: \${e?.message ?? e}\` } });
});
`;

/** The Blob URL a split worker starts from (`packed`: its files, as postbuild packed them). */
async function splitWorker(packed) {
  const [glue, loaders] = await Promise.all([text(packed.js), text(packed.loaders)]);
  const own = {
    glue: glue.replace(/from "\.\/[^"]*__wasm_split-[0-9a-f]+\.js"/g, 'from "__LOADERS__"'),
    loaders: loaders
      .replace(/import \{ initSync \} from "[^"]+";/, 'const initSync = (...a) => self.ratingsLabGlue.initSync(...a);')
      .replace(/fetch\(new URL\("\.\/([^"]+)\.wasm", import\.meta\.url\)\)/g, (_, name) => `self.ratingsLabPart(${JSON.stringify(name)})`),
    wasm: packed.wasm,
    parts: packed.parts,
  };
  if (!own.glue.includes('"__LOADERS__"') || /import\.meta|from "/.test(own.loaders)) throw new Error("a split worker's loaders changed form");
  return URL.createObjectURL(new Blob([splitWorkerStart(own)], { type: 'text/javascript' }));
}

try {
  if (typeof DecompressionStream === 'undefined') throw new Error('this browser is too old for the one-file app (no DecompressionStream)');
  const [pageJs, pageWasm, workerJs, splitJs, labWorker, deskWorker] = await Promise.all([
    text(assets.pageJs), gunzip(assets.pageWasm), text(assets.workerJs), text(assets.splitJs),
    splitWorker(assets.labWorker), splitWorker(assets.deskWorker)]);
  // The page's Rust starts its workers from here (see src/bridge.rs).
  const worker = (js, wasm) => URL.createObjectURL(new Blob([js, workerStart(wasm)], { type: 'text/javascript' }));
  window.ratingsLabWorker = worker(workerJs, assets.workerWasm);
  window.ratingsLabLabWorker = labWorker;
  window.ratingsLabDeskWorker = deskWorker;
  window.ratingsLabOneFile = true;
  // The parts a view loads when first opened: from this file, not fetched (the policy allows
  // no fetch); the loaders take the page's exports from here (a Blob URL cannot import the
  // page's glue back).
  const part = async (name) => new Response(await gunzip(assets.parts[name]), { headers: { 'Content-Type': 'application/wasm' } });
  window.ratingsLabPart = part;
  const loaders = splitJs
    .replace(/import \{ initSync \} from "[^"]+";/, 'const initSync = (...a) => window.ratingsLabPage.initSync(...a);')
    .replace(/fetch\(new URL\("\.\/([^"]+)\.wasm", import\.meta\.url\)\)/g, (_, name) => `window.ratingsLabPart(${JSON.stringify(name)})`);
  if (/import\.meta|from "/.test(loaders)) throw new Error("the split page's loaders changed form");
  const loadersUrl = URL.createObjectURL(new Blob([loaders], { type: 'text/javascript' }));
  const glue = URL.createObjectURL(new Blob([pageJs.replace(/from "\.\/__wasm_split-[0-9a-f]+\.js"/g, `from ${JSON.stringify(loadersUrl)}`)], { type: 'text/javascript' }));
  const page = await import(glue);
  window.ratingsLabPage = page;
  await page.default({ module_or_path: pageWasm });
} catch (e) {
  if (note) note.textContent = `Ratings Lab could not start in this browser: ${e?.message ?? e}. The site itself (served over http) may still work here.`;
  throw e;
}
