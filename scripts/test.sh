#!/usr/bin/env bash
# Runs every test: the engine's native tests (unit, integration, command line, doc tests).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --workspace --locked
