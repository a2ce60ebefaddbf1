#!/usr/bin/env bash
# The pairing benchmark by field size (issue 40): rounds 1 to ROUNDS (3 unless set) of a Swiss
# open of each size in SIZES, a field spread like a federation's (scripts/pairing-field.py;
# each round's results drawn by the Elo expectation, a fifth drawn), paired by this engine's command line (reading,
# pairing and the JSON out) and by bbpPairings 6.0.0 (BBP, the reference; built outside this
# repository as engine/tests/data/pairing/bbp/SOURCE.txt says), each timed by /usr/bin/time
# (wall and processor seconds, peak memory) in the same run; a run over TIMEOUT seconds is
# stopped and said, bbpPairings is not run above BBP_MAX players. The two pairings of each
# round are compared board by board.
#
#   CLI=target/release/ratings-lab BBP=/tmp/bbp/bbpPairings.exe SIZES="250 500 1000 2000 9998" \
#     TIMEOUT=900 BBP_MAX=2000 ROUNDS=3 scripts/bench-pairing-sizes.sh
#
# (9,998, not 10,000: a TRF start number has four columns.)
#
# Figures and their load: docs/performance.md, "Pairing by field size".
set -u
CLI=${CLI:-target/release/ratings-lab}
BBP=${BBP:-}
SIZES=${SIZES:-250 500 1000 2000 9998}
TIMEOUT=${TIMEOUT:-900}
BBP_MAX=${BBP_MAX:-2000}
ROUNDS=${ROUNDS:-3}
dir=$(mktemp -d)
here=$(dirname "$0")

run() { # output file, command...: "wall s / cpu s / MB", or why not
  local out=$1; shift
  if /usr/bin/time -f '%e %U %S %M' -o "$dir/time" timeout "$TIMEOUT" "$@" > "$out" 2> "$dir/err"; then
    awk '{ printf "%.2f / %.2f s / %d MB", $1, $2 + $3, $4 / 1024 }' "$dir/time"
  elif grep -q "status 124" "$dir/time"; then
    printf 'stopped at %s s' "$TIMEOUT"
  else
    printf 'refused: %s' "$(grep -v '^pair:' "$dir/err" | head -c 70)"
  fi
}

same() { # our JSON, bbpPairings's -p output: whether the boards (and the bye) are the same
  python3 - "$1" "$2" <<'PY'
import json, sys
try:
    ours = json.load(open(sys.argv[1]))
    lines = open(sys.argv[2]).read().split()[1:]
except (OSError, ValueError):
    print("-"); sys.exit()
boards = {(b["white"], b["black"]) for b in ours["pairings"]}
if ours.get("bye"):
    boards.add((ours["bye"], 0))
theirs = {(int(lines[i]), int(lines[i + 1])) for i in range(0, len(lines), 2)}
print("yes" if boards == theirs else "NO: %d boards differ" % len(boards ^ theirs))
PY
}

printf '%-7s %-6s %-28s %-28s %s\n' players round "this engine: wall/cpu/peak" "bbpPairings: wall/cpu/peak" "same"
for n in $SIZES; do
  python3 "$here/pairing-field.py" "$n" > "$dir/f$n-1.trf"
  for round in $(seq 1 "$ROUNDS"); do
    file="$dir/f$n-$round.trf"
    if [ "$round" -gt 1 ]; then
      # Round R's field: round R-1 paired by this engine (the same as bbpPairings's, compared
      # above) and played.
      if ! "$CLI" pair "$dir/f$n-$((round - 1)).trf" --round $((round - 1)) --format trf > "$dir/r$n.trf" 2> /dev/null; then
        printf '%-7s %-6s %s\n' "$n" "$round" "not made: round $((round - 1)) was not paired"
        break
      fi
      python3 "$here/pairing-field.py" --play "$dir/r$n.trf" $((round - 1)) > "$file"
    fi
    ours=$(run "$dir/o.json" "$CLI" pair "$file" --round "$round" --format json)
    theirs="not run (BBP unset)"; agree="-"
    if [ -n "$BBP" ] && [ "$n" -le "$BBP_MAX" ]; then
      rm -f "$dir/b.txt"
      theirs=$(run "$dir/b.out" "$BBP" --dutch "$file" -p "$dir/b.txt")
      agree=$(same "$dir/o.json" "$dir/b.txt")
    elif [ -n "$BBP" ]; then
      theirs="not run (over $BBP_MAX)"
    fi
    printf '%-7s %-6s %-28s %-28s %s\n' "$n" "$round" "$ours" "$theirs" "$agree"
  done
done
rm -rf "$dir"
