// Puts a split wasm's parts into the site under names that carry their content's hash
// (scripts/build-split.sh runs this): each part `<prefix><name>-<hash>.wasm`, the loaders
// `<prefix>__wasm_split-<hash>.js` pointing at them, and the glue `<stem>.js` importing those.
// Usage: node scripts/name-parts.mjs WORK DIST STEM [PREFIX]
import { createHash } from 'node:crypto';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const [work, dist, stem, prefix = ''] = process.argv.slice(2);
const hash = (data) => createHash('sha256').update(data).digest('hex').slice(0, 16);

/** `text` with `from` replaced by `to`, failing loudly when the build's output changed form. */
function swap(text, from, to, what) {
  if (!text.includes(from)) throw new Error(`name-parts: ${from} not found in ${what}`);
  return text.split(from).join(to);
}

let loaders = await readFile(join(work, '__wasm_split.js'), 'utf8');
for (const file of (await readdir(join(work, 'opt'))).sort()) {
  const body = await readFile(join(work, 'opt', file));
  const named = `${prefix}${file.replace(/\.wasm$/, '')}-${hash(body)}.wasm`;
  await writeFile(join(dist, named), body);
  loaders = swap(loaders, `"./${file}"`, `"./${named}"`, '__wasm_split.js');
}
const loadersName = `${prefix}__wasm_split-${hash(loaders)}.js`;
await writeFile(join(dist, loadersName), loaders);
// Only the glue's imports: the wasm's own import module keeps its name (the imports object's key).
const glue = swap(await readFile(join(work, 'bindgen', `${stem}.js`), 'utf8'), 'from "./__wasm_split.js"', `from "./${loadersName}"`, `${stem}.js`);
await writeFile(join(dist, `${stem}.js`), glue);
