// The first look's start of the first worker (web/first-look.js; scripts/postbuild.mjs copies
// this into dist/): the worker's glue, as Trunk's worker_loader.js loads it, but its wasm
// handed over by the page, which fetched and compiled it while the worker's script was still
// on its way (on a slow link, two round trips sooner than the loader's own fetch after
// worker.js). What the page sends is the compiled module, or the wasm's address if the page
// could not compile it (the glue fetches it then).
importScripts('./worker.js');
onmessage = ({ data }) => {
  onmessage = null;
  wasm_bindgen({ module_or_path: data });
};
