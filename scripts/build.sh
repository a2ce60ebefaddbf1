#!/usr/bin/env bash
# Builds the site into dist/ (release, wasm-opt -Oz: Trunk the styles, the assets and the first
# worker; scripts/build-split.sh the page, split into the parts each view loads, and the lab's
# and the desk's workers, split into the parts each kind of job loads), then the app in one file
# (dist/ratings-lab.html) and the service worker with the build's asset list (dist/sw.js),
# and prints the sizes.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
cargo fetch --locked >/dev/null
trunk build --release --offline --skip-version-check
./scripts/build-split.sh dist
node scripts/postbuild.mjs dist
echo "wasm sizes (raw / gzipped):"
for f in dist/*.wasm; do
  printf '  %-40s %8d bytes raw  %8d bytes gzipped\n' "$(basename "$f")" "$(stat -c %s "$f")" "$(gzip -9 -c "$f" | wc -c)"
done
