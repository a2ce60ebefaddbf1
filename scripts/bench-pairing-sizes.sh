#!/usr/bin/env bash
# The pairing benchmark by field size (issue 40): round 1 of a Swiss open of each size in
# SIZES, a field spread like a federation's (scripts/pairing-field.py), paired by this
# engine's command line (reading, pairing and the JSON out) and by bbpPairings 6.0.0 (BBP, the
# reference; built outside this repository as engine/tests/data/pairing/bbp/SOURCE.txt says),
# each timed by /usr/bin/time (wall and processor seconds, peak memory) in the same run; a
# run over TIMEOUT seconds is stopped and said. The two pairings are compared board by board.
#
#   CLI=target/cli/ratings-lab BBP=/tmp/bbp/bbpPairings.exe SIZES="250 500 1000 2000 10000" \
#     TIMEOUT=900 scripts/bench-pairing-sizes.sh
#
# Figures and their load: docs/performance.md, "Pairing by field size".
set -u
CLI=${CLI:-target/cli/ratings-lab}
BBP=${BBP:-}
SIZES=${SIZES:-250 500 1000 2000 10000}
TIMEOUT=${TIMEOUT:-900}
dir=$(mktemp -d)
here=$(dirname "$0")
printf '%-7s %-34s %-34s %s\n' players "this engine: wall / cpu / peak" "bbpPairings: wall / cpu / peak" "same pairs"
for n in $SIZES; do
  python3 "$here/pairing-field.py" "$n" > "$dir/f$n.trf"
  run() { # label, command...: "wall s / cpu s / MB" or why not
    local out=$1; shift
    if /usr/bin/time -f '%e %U %S %M' -o "$dir/time" timeout "$TIMEOUT" "$@" > "$out" 2> "$dir/err"; then
      awk '{ printf "%.2f s / %.2f s / %d MB", $1, $2 + $3, $4 / 1024 }' "$dir/time"
    elif [ "$(head -c 7 "$dir/time")" = "Command" ] && grep -q "status 124" "$dir/time"; then
      printf 'stopped at %s s' "$TIMEOUT"
    else
      printf 'refused: %s' "$(grep -v '^pair:' "$dir/err" | head -c 90)"
    fi
  }
  ours=$(run "$dir/o$n.json" "$CLI" pair "$dir/f$n.trf" --round 1 --format json)
  theirs="not run (BBP unset)"
  same="-"
  if [ -n "$BBP" ]; then
    theirs=$(run "$dir/b$n.out" "$BBP" --dutch "$dir/f$n.trf" -p "$dir/b$n.txt")
    if [ -s "$dir/b$n.txt" ] && [ -s "$dir/o$n.json" ]; then
      # bbpPairings -p: a count line, then "white black" a board (0: the bye).
      python3 - "$dir/o$n.json" "$dir/b$n.txt" > "$dir/same" <<'PY'
import json, sys
ours = json.load(open(sys.argv[1]))
boards = {(b["white"], b["black"]) for b in ours["pairings"]}
if ours.get("bye"):
    boards.add((ours["bye"], 0))
lines = open(sys.argv[2]).read().split()[1:]
theirs = {(int(lines[i]), int(lines[i + 1])) for i in range(0, len(lines), 2)}
print("yes" if boards == theirs else "NO: %d boards differ" % len(boards ^ theirs))
PY
      same=$(cat "$dir/same")
    fi
  fi
  printf '%-7s %-34s %-34s %s\n' "$n" "$ours" "$theirs" "$same"
done
rm -rf "$dir"
