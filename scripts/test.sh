#!/usr/bin/env bash
# Sets up whatever is missing, then runs every test:
#  1. the engine's and the command line's native tests (unit, integration, doc tests; the
#     command line's, with docs/cli.md against its help, in cli/tests), every committed
#     pairing fixture in an optimised build, then a short
#     run of each fuzz target (when a nightly toolchain is present; skipped, saying so, if not);
#  2. the app's wasm tests in headless Chromium (wasm-bindgen-test);
#  3. the release build of the site, then end-to-end tests driving it in Chromium
#     (playwright-core; screenshots land in test-artifacts/).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
source scripts/env.sh
# A test run builds once: incremental caches would only take disk (a CI disk once ran out).
export CARGO_INCREMENTAL=0
echo "== disk free here: $(df -h . | awk 'NR==2 {print $4}')"
echo "== engine and command line: native tests"
cargo test --locked
echo "== engine: every committed pairing fixture re-paired, optimised (the debug run above takes those of up to 60 players)"
cargo test --locked --release -p ratings-engine --test pairing_dutch -- --ignored all_fixtures
echo "== engine: fuzzing, 20 s a target (scripts/fuzz.sh runs longer)"
./scripts/fuzz.sh 20
echo "== app: wasm tests in headless Chromium"
cargo test --locked -p ratings-lab-web --target wasm32-unknown-unknown --test web
echo "== app: release build"
./scripts/build.sh
echo "== app: end-to-end tests in headless Chromium"
node --test --test-reporter=spec tests/e2e/
