#!/usr/bin/env bash
# Fuzzes the engine with cargo-fuzz (libFuzzer), seeded from the test data:
#   parse      every parser on any text
#   detect     format detection, whole and chunked reading
#   rate       parse, then every method (every number finite)
#   tiebreaks  parse a tournament, then the standings with tiebreaks
#   link       the app's share link: any text read as a link, a link made of a results text
#              and read back, any JSON packed as one; what it restores rated and ranked
#              (the app's own fuzz crate, `fuzz/` at the root; the others are the engine's,
#              `engine/fuzz`, which depends on the engine alone)
#   team       parse a team tournament, then the team standings with team tiebreaks
#   roundtrip  parse a TRF, its standings, the TRF written back with the ranks, parsed again:
#              the same tournament
#   lab        the simulation lab's parameters checked, then run small (every measure finite)
#   pair       parse a TRF (40 entrants at most), pair every round by the FIDE Dutch system:
#              each pairing valid, the next round written for results reads back and pairs the same
# Usage: scripts/fuzz.sh [SECONDS per target (default 600)] [TARGET ...]
# Needs a nightly toolchain (skipped, saying so, without one); installs cargo-fuzz if missing.
# A crash stops the run and leaves its input in engine/fuzz/artifacts/<target>/ (fuzz/artifacts/link/).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(parse detect rate tiebreaks link team roundtrip lab pair check)

if ! rustup run nightly rustc --version >/dev/null 2>&1; then
  echo "fuzz: no nightly toolchain on this machine: fuzzing skipped"
  exit 0
fi
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
  echo "fuzz: installing cargo-fuzz"
  cargo install cargo-fuzz --locked --quiet
fi

# Seeds: every test input of the engine, and the shared data's small files when present (they
# are read in place, never copied into the repository). Rate, tiebreaks, link, team, roundtrip,
# pair and check take first bytes that pick the method, the tiebreaks or what is done, so their
# seeds get them.
corpus=engine/fuzz/corpus
# The shared data when this checkout has it beside it (it is not part of the repository).
data=(engine/tests/data)
[ -d ../shared/data ] && data+=(../shared/data)
# The app's target has its corpus in the app's fuzz crate.
dir_of() { [ "$1" = link ] && echo fuzz/corpus/link || echo "$corpus/$1"; }
seed() {
  local target=$1 prefix=$2 dir
  dir=$(dir_of "$target")
  mkdir -p "$dir"
  find "${data[@]}" -type f -size -64k \
      \( -name '*.csv' -o -name '*.trf' -o -name '*.txt' -o -name '*.pgn' -o -name '*.tsv' -o -name '*.dat' \) \
      2>/dev/null | sort | while read -r f; do
    local name
    name=$(printf '%s' "$f" | md5sum | cut -c1-16)
    [ -e "$dir/$name" ] || { printf "$prefix"; cat "$f"; } > "$dir/$name"
  done
}
seed parse ''
seed detect ''
seed rate '\x07'
seed tiebreaks '\x03'
seed link '\x01'           # a link made of the file
seed team '\x0c\x01\x05\x09' # match points, the 2023 rules, three team tiebreaks
seed roundtrip '\x03'
seed pair '\x00'          # the file's own total and initial colour
seed check '\x00'         # the file's own rules and total

# The link target also reads a scenario's JSON (first byte with 0x20 set): one a file, with
# settings, in the form a link holds (made with node, which the app's tests need anyway).
if command -v node >/dev/null 2>&1; then
  mkdir -p fuzz/corpus/link
  find "${data[@]}" -type f -size -16k \( -name '*.csv' -o -name '*.trf' -o -name '*.pgn' \) 2>/dev/null | sort \
    | node -e '
      const fs = require("fs"), crypto = require("crypto");
      const [dir] = process.argv.slice(1);
      // Every method, as the table of methods names them (Kind = "name": …).
      const table = fs.readFileSync("engine/src/methods/table.rs", "utf8");
      const methods = [...table.matchAll(/^\s+\w+ = "(\w+)": [\w:]+,/gm)].map((m) => m[1]);
      if (methods.length < 9) throw new Error("the table of methods was not found in engine/src/methods/table.rs");
      fs.readFileSync(0, "utf8").split("\n").filter(Boolean).forEach((f, i) => {
        const scenario = { settings: { method: methods[i % methods.length], tiebreaks: ["BH", "SB", "DE"], after_round: i % 3 ? null : 2 },
          view: { step: i % 4, sort: ["rating", i % 2 === 0], speed: 2 }, data: { text: fs.readFileSync(f, "utf8") } };
        const name = crypto.createHash("md5").update("json:" + f).digest("hex").slice(0, 16);
        const out = `${dir}/${name}`;
        if (!fs.existsSync(out)) fs.writeFileSync(out, Buffer.concat([Buffer.from([0x21]), Buffer.from(JSON.stringify(scenario))]));
      });' fuzz/corpus/link
  printf '\x21{"settings":{"method":"elo"},"view":{"step":3},"data":{"lesson":"cycle"}}' > fuzz/corpus/link/lesson
  printf '\x21{"settings":{},"data":{"left":"too_large"}}' > fuzz/corpus/link/left
fi

# The lab has no data: its seeds are setups (see fuzz_targets/lab.rs for the byte layout):
# a Swiss of 5 rounds, a round robin, a double round robin and random games, 10 players,
# spread 1.5, draws 0.3, 3 repetitions, two methods.
mkdir -p "$corpus/lab"
for schedule in '\x02\x05\x00\x00\x00' '\x00' '\x01' '\x03\x28\x00\x00\x00' '\x04\x07swiss:4'; do
  name=$(printf '%s' "$schedule" | md5sum | cut -c1-16)
  printf "$schedule"'\x0a\x00\x02\xdc\x05\x02\x02\x2c\x01\x03\x00\x00\x00\x07\x00\x00\x00\x00\x00\x00\x00\x01\x00\x04\x02\x90\x01\x01\x01\x00\x02\x20\x4e\x02' \
    > "$corpus/lab/$name"
done

for target in "${targets[@]}"; do
  echo "== fuzz: $target for ${seconds} s"
  log=$(mktemp)
  # The engine's targets run from engine/ (its fuzz crate), the app's from the root.
  home=engine
  [ "$target" = link ] && home=.
  if ! (cd "$home" && cargo +nightly fuzz run "$target" "fuzz/corpus/$target" -- \
      -max_total_time="$seconds" -max_len=65536 -timeout=20 -rss_limit_mb=4096 -print_final_stats=1) >"$log" 2>&1; then
    tail -40 "$log"
    echo "fuzz: $target FAILED (the input is in $home/fuzz/artifacts/$target/)"
    exit 1
  fi
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')
  echo "fuzz: $target: $runs executions in ${seconds} s, no crash"
  rm -f "$log"
done
