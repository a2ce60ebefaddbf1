#!/usr/bin/env bash
# Fuzzes the engine with cargo-fuzz (libFuzzer), seeded from the test data:
#   parse      every parser on any text
#   detect     format detection, whole and chunked reading
#   rate       parse, then every method (every number finite)
#   tiebreaks  parse a tournament, then the standings with tiebreaks
# Usage: scripts/fuzz.sh [SECONDS per target (default 600)] [TARGET ...]
# Needs a nightly toolchain (skipped, saying so, without one); installs cargo-fuzz if missing.
# A crash stops the run and leaves its input in engine/fuzz/artifacts/<target>/.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(parse detect rate tiebreaks)

if ! rustup run nightly rustc --version >/dev/null 2>&1; then
  echo "fuzz: no nightly toolchain on this machine: fuzzing skipped"
  exit 0
fi
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
  echo "fuzz: installing cargo-fuzz"
  cargo install cargo-fuzz --locked --quiet
fi

# Seeds: every test input of the engine, and the shared data's small files when present (they
# are read in place, never copied into the repository). Rate and tiebreaks take a first byte
# that picks the method or tiebreak order, so their seeds get one.
corpus=engine/fuzz/corpus
seed() {
  local target=$1 prefix=$2
  mkdir -p "$corpus/$target"
  find engine/tests/data ../shared/data -type f -size -64k \
      \( -name '*.csv' -o -name '*.trf' -o -name '*.txt' -o -name '*.pgn' -o -name '*.tsv' -o -name '*.dat' \) \
      2>/dev/null | sort | while read -r f; do
    local name
    name=$(printf '%s' "$f" | md5sum | cut -c1-16)
    [ -e "$corpus/$target/$name" ] || { printf "$prefix"; cat "$f"; } > "$corpus/$target/$name"
  done
}
seed parse ''
seed detect ''
seed rate '\x07'
seed tiebreaks '\x03'

cd engine
for target in "${targets[@]}"; do
  echo "== fuzz: $target for ${seconds} s"
  log=$(mktemp)
  if ! cargo +nightly fuzz run "$target" "fuzz/corpus/$target" -- \
      -max_total_time="$seconds" -max_len=65536 -timeout=20 -rss_limit_mb=4096 -print_final_stats=1 >"$log" 2>&1; then
    tail -40 "$log"
    echo "fuzz: $target FAILED (the input is in engine/fuzz/artifacts/$target/)"
    exit 1
  fi
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')
  echo "fuzz: $target: $runs executions in ${seconds} s, no crash"
  rm -f "$log"
done
