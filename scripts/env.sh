# Sourced by the scripts: the project's node tools (wasm-opt from binaryen 132) come first on
# PATH, cargo's installs next, and Trunk never goes online.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$ROOT/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
export TRUNK_OFFLINE=true
export TRUNK_SKIP_VERSION_CHECK=true
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"
