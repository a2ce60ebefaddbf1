#!/usr/bin/env bash
# Installs what building and testing Ratings Lab needs, skipping whatever is already right:
# the wasm32 target, Trunk, wasm-bindgen-cli (the version Cargo.lock pins), wasm-opt from npm's
# binaryen 132 (never Debian's binaryen 108: it breaks the page at load), Debian's Chromium and
# ChromeDriver, wasm-split-cli, and the node packages (axe-core for the accessibility checks). See
# CONTRIBUTING.md (the toolchain) for why each is pinned.
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.21.14
WASM_BINDGEN_VERSION=0.2.130
# Splits the page's wasm at its split points (src/main.rs, scripts/build-split.sh): the version whose
# split format matches wasm_split_helpers 0.2.3 in Cargo.lock (Leptos's own, cargo-leptos's).
WASM_SPLIT_VERSION=0.2.4
say() { printf '[setup] %s\n' "$*"; }

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if [ "$(trunk --version 2>/dev/null || true)" != "trunk $TRUNK_VERSION" ]; then
  say "installing trunk $TRUNK_VERSION (about 15 minutes on 2 cores)"
  cargo install trunk --version "=$TRUNK_VERSION" --locked
fi

if [ "$(wasm-bindgen --version 2>/dev/null || true)" != "wasm-bindgen $WASM_BINDGEN_VERSION" ]; then
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION"
  if ! cargo install wasm-bindgen-cli --version "=$WASM_BINDGEN_VERSION" --locked; then
    # Its lock file pins a webpki-roots the registry here lacks: build it with the one before.
    say "plain install failed; building from the crate with webpki-roots 1.0.10"
    cargo info "wasm-bindgen-cli@$WASM_BINDGEN_VERSION" >/dev/null
    crate=$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/cache/*/wasm-bindgen-cli-$WASM_BINDGEN_VERSION.crate | head -1)
    tmp=$(mktemp -d)
    tar -xzf "$crate" -C "$tmp"
    (cd "$tmp/wasm-bindgen-cli-$WASM_BINDGEN_VERSION" \
      && cargo update -p webpki-roots --precise 1.0.10 \
      && cargo install --path . --locked)
    rm -rf "$tmp"
  fi
fi

# (It has no --version: cargo's list of installs says which one is there.)
if ! command -v wasm-split-cli >/dev/null || ! cargo install --list | grep -qx "wasm_split_cli_support v$WASM_SPLIT_VERSION:"; then
  say "installing wasm-split-cli $WASM_SPLIT_VERSION"
  cargo install wasm_split_cli_support --version "=$WASM_SPLIT_VERSION" --locked --features build-binary
fi

if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
  say "installing Debian's chromium and chromium-driver"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-driver >/dev/null
fi

if [ -f package.json ]; then
  if [ ! -x node_modules/.bin/wasm-opt ] || ! node_modules/.bin/wasm-opt --version 2>/dev/null | grep -q "version 132" \
    || [ ! -f node_modules/playwright-core/package.json ] || [ ! -f node_modules/axe-core/axe.min.js ]; then
    say "installing node packages (binaryen 132, playwright-core, axe-core)"
    npm ci --no-audit --no-fund
  fi
fi
say "toolchain ready"
