#!/usr/bin/env bash
# Sets up whatever is missing, builds the site, and serves dist/ on http://127.0.0.1:8080
# (PORT=... to change), gzipped. The site is static: dist/ works from any static host too.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/build.sh
# Gzipped, as static hosts send the files (scripts/serve.mjs): a slow link's first visit waits
# for about a third of the bytes `python3 -m http.server --directory dist` would send.
exec node scripts/serve.mjs "${PORT:-8080}" dist
