#!/usr/bin/env bash
# Builds the site into dist/ (release, wasm-opt -Oz: Trunk the styles, the assets and the worker;
# scripts/build-page.sh the page, split into the parts each view loads), then the app in one file
# (dist/ratings-lab.html) and the service worker with the build's asset list (dist/sw.js),
# and prints the sizes.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
cargo fetch --locked >/dev/null
trunk build --release --offline --skip-version-check
./scripts/build-page.sh dist
node scripts/postbuild.mjs dist
echo "wasm sizes (raw / gzipped):"
for f in dist/*.wasm; do
  printf '  %-40s %8d bytes raw  %8d bytes gzipped\n' "$(basename "$f")" "$(stat -c %s "$f")" "$(gzip -9 -c "$f" | wc -c)"
done
