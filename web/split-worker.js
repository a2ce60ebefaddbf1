// Starts a split worker (scripts/build-split.sh writes this as __WORKER___loader.js, with
// __WORKER__ its name): a module worker, since the loaders of its parts are modules. The
// wasm's main function installs the worker's message handler and tells the page it is ready.
import init from './__WORKER__.js';

await init({ module_or_path: new URL('./__WORKER___bg.wasm', import.meta.url) });
