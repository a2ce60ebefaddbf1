// Starts Ratings Lab from one self-contained file (dist/ratings-lab.html), with no server:
// the page's and the worker's JavaScript and wasm are in the file, gzipped and in base64
// (the #ratings-lab-assets element); scripts/postbuild.mjs puts this script beside them.
// The worker starts from a Blob URL holding its glue, its wasm and the lines that start it.
const note = document.getElementById('boot');
const element = document.getElementById('ratings-lab-assets');
const assets = JSON.parse(element.textContent);
element.remove();

const bytes = (b64) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
const gunzip = async (b64) => new Uint8Array(
  await new Response(new Blob([bytes(b64)]).stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer());
const text = async (b64) => new TextDecoder().decode(await gunzip(b64));

// Runs inside the worker, after its wasm-bindgen glue (which defines `wasm_bindgen`).
const workerStart = `
;(async (b64) => {
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  await wasm_bindgen({ module_or_path: await new Response(stream).arrayBuffer() });
})(${JSON.stringify(assets.workerWasm)});
`;

try {
  if (typeof DecompressionStream === 'undefined') throw new Error('this browser is too old for the one-file app (no DecompressionStream)');
  const [pageJs, pageWasm, workerJs] = await Promise.all([text(assets.pageJs), gunzip(assets.pageWasm), text(assets.workerJs)]);
  // The page's Rust starts its worker from here (see src/bridge.rs).
  window.ratingsLabWorker = URL.createObjectURL(new Blob([workerJs, workerStart], { type: 'text/javascript' }));
  window.ratingsLabOneFile = true;
  const glue = URL.createObjectURL(new Blob([pageJs], { type: 'text/javascript' }));
  const init = (await import(glue)).default;
  await init({ module_or_path: pageWasm });
} catch (e) {
  if (note) note.textContent = `Ratings Lab could not start in this browser: ${e?.message ?? e}. The site itself (served over http) may still work here.`;
  throw e;
}
