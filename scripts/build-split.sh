#!/usr/bin/env bash
# Splits the page's wasm where the views are loaded when first shown, and the lab's and the
# desk's workers' where a kind of job is first asked for (issue 24: no wasm file over 350 KB
# gzipped; the split points are the `wasm_split` functions in src/main.rs, src/bin/lab_worker.rs
# and src/bin/desk_worker.rs), after Trunk has built the site into DIST (default dist/): Trunk
# cannot split (trunk-rs/trunk#1022), and builds only the page and the first worker. From
# cargo's wasm (linked with its relocations kept: build.rs), wasm-split-cli cuts the parts at the
# split points; wasm-bindgen makes the main part's glue (keeping the table and stack pointer the
# parts share); wasm-opt -Oz shrinks every part. The page's main part and glue replace Trunk's,
# under the names Trunk's start script loads; a worker's are <worker>.js and <worker>_bg.wasm,
# started by <worker>_loader.js (web/split-worker.js: a module worker, as the parts' loaders
# are modules). Beside them go the loaders (<prefix>__wasm_split-<hash>.js), one
# <prefix>split_<part>-<hash>.wasm per split point and the <prefix>chunk_<n>-<hash>.wasm that
# parts share (the page's without a prefix, a worker's with `<worker>-`): each named by its
# content, so that a page of an older build never loads a newer build's part under the same name.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
DIST="${1:-dist}"
TARGET="$(cargo metadata --format-version 1 --no-deps | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>process.stdout.write(JSON.parse(s).target_directory))')"
# The wasm32 features rustc's target enables, for wasm-opt to accept and keep.
FEATURES=(--enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue)

# split BIN STEM PREFIX: cargo's BIN.wasm split into DIST, its glue STEM.js and main part STEM_bg.wasm.
split() {
  local bin="$1" stem="$2" prefix="$3" work="$TARGET/split/$1"
  rm -rf "$work" && mkdir -p "$work/bindgen" "$work/opt"
  wasm-split-cli "$TARGET/wasm32-unknown-unknown/release/$bin.wasm" "$work" --out-name "$stem"
  # --keep-lld-exports: the split parts import the main part's table and stack pointer.
  wasm-bindgen --target web --no-typescript --keep-lld-exports --out-dir "$work/bindgen" "$work/$stem.wasm"
  wasm-opt -Oz "${FEATURES[@]}" "$work/bindgen/${stem}_bg.wasm" -o "$DIST/${stem}_bg.wasm"
  for part in "$work"/split_*.wasm "$work"/chunk_*.wasm; do
    [ -e "$part" ] || continue
    wasm-opt -Oz "${FEATURES[@]}" "$part" -o "$work/opt/$(basename "$part")"
  done
  node scripts/name-parts.mjs "$work" "$DIST" "$stem" "$prefix"
}

# The name Trunk gave the page's glue (ratings-lab-web-<hash>), which its start script imports.
STEM="$(grep -o "from '\./ratings-lab-web-[0-9a-f]*\.js'" "$DIST/index.html" | sed "s|from '\./||; s|\.js'||" || true)"
[ -n "$STEM" ] || { echo "build-split: Trunk's start script not found in $DIST/index.html" >&2; exit 1; }
split ratings-lab-web "$STEM" ""

cargo build --release --locked --offline --target wasm32-unknown-unknown --bin lab_worker --bin desk_worker
for worker in lab_worker desk_worker; do
  split "$worker" "$worker" "$worker-"
  sed "s|__WORKER__|$worker|g" web/split-worker.js > "$DIST/${worker}_loader.js"
done
