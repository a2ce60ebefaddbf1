#!/usr/bin/env bash
# Splits the page's wasm where the views are loaded when first shown (issue 24; the split
# points are in src/main.rs), after Trunk has built the site into DIST (default dist/): Trunk
# cannot split (trunk-rs/trunk#1022). From cargo's wasm (linked with its relocations kept:
# build.rs), wasm-split-cli cuts the parts at the split points; wasm-bindgen makes the main
# part's glue (keeping the table and stack pointer the parts share); wasm-opt -Oz shrinks every
# part. The main part and its glue replace Trunk's, under the names Trunk's start script loads;
# beside them go the loaders (__wasm_split-<hash>.js), one split_<view>-<hash>.wasm per view and
# the chunk_<n>-<hash>.wasm that views share: each named by its content, so that a page of an
# older build never loads a newer build's part under the same name.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
DIST="${1:-dist}"
TARGET="$(cargo metadata --format-version 1 --no-deps | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>process.stdout.write(JSON.parse(s).target_directory))')"
WORK="$TARGET/page-split"
# The name Trunk gave the page's glue (ratings-lab-web-<hash>), which its start script imports.
STEM="$(grep -o "from '\./ratings-lab-web-[0-9a-f]*\.js'" "$DIST/index.html" | sed "s|from '\./||; s|\.js'||" || true)"
[ -n "$STEM" ] || { echo "build-page: Trunk's start script not found in $DIST/index.html" >&2; exit 1; }
# The wasm32 features rustc's target enables, for wasm-opt to accept and keep.
FEATURES=(--enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue)

rm -rf "$WORK" && mkdir -p "$WORK/bindgen" "$WORK/opt"
wasm-split-cli "$TARGET/wasm32-unknown-unknown/release/ratings-lab-web.wasm" "$WORK" --out-name "$STEM"
# --keep-lld-exports: the split parts import the main part's table and stack pointer.
wasm-bindgen --target web --no-typescript --keep-lld-exports --out-dir "$WORK/bindgen" "$WORK/$STEM.wasm"
wasm-opt -Oz "${FEATURES[@]}" "$WORK/bindgen/${STEM}_bg.wasm" -o "$DIST/${STEM}_bg.wasm"
for part in "$WORK"/split_*.wasm "$WORK"/chunk_*.wasm; do
  [ -e "$part" ] || continue
  wasm-opt -Oz "${FEATURES[@]}" "$part" -o "$WORK/opt/$(basename "$part")"
done
node scripts/name-parts.mjs "$WORK" "$DIST" "$STEM"
