#!/usr/bin/env bash
# Sets up whatever is missing, builds the site, and serves dist/ on http://127.0.0.1:8080
# (PORT=... to change). The site is static: dist/ works from any static host too.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/build.sh
PORT="${PORT:-8080}"
echo "Ratings Lab: http://127.0.0.1:$PORT/"
exec python3 -m http.server "$PORT" --bind 127.0.0.1 --directory dist
