#!/usr/bin/env bash
# The rating methods on federation-sized leagues, file to JSON through the command line: for
# each league and method, the wall and processor seconds, the peak resident memory and that
# memory against the file's size (issue 40's table: WHR, Glicko, Glicko-2, Stephenson, Brent).
#
#   cargo build --locked --profile cli -p ratings-lab-cli
#   scripts/bench-methods.sh                      # 10,000/100,000 and 100,000/1,000,000, near
#   CLI=target/cli/ratings-lab SIZES="10000:100000" METHODS="whr glicko2" PAIRING=random \
#     DIR=/tmp/ratings-bench RUNS=3 scripts/bench-methods.sh
#   DAYS=1825 scripts/bench-methods.sh            # the leagues dated, over five years
#
# The leagues are `scripts/leagues.py`'s (seeded: the same flags write the same bytes), made
# in DIR when missing; with DAYS set, dated over that many days (`leagues.py --days`), as a
# federation's history is, where undated each game is a rating period of its own.
# MB = 10^6 bytes. Each run's JSON goes to /dev/null; a run that fails is reported as failed,
# with its exit code.
set -euo pipefail
cd "$(dirname "$0")/.."
CLI=${CLI:-target/cli/ratings-lab}
DIR=${DIR:-/tmp/ratings-bench}
SIZES=${SIZES:-"10000:100000 100000:1000000"}
METHODS=${METHODS:-"whr glicko2 glicko stephenson brent"}
PAIRING=${PAIRING:-near}
DAYS=${DAYS:-0}
RUNS=${RUNS:-1}
[ -x "$CLI" ] || { echo "no command line at $CLI: cargo build --locked --profile cli -p ratings-lab-cli" >&2; exit 1; }
mkdir -p "$DIR"
echo "| league | file | method | wall s | processor s | peak MB | × file |"
echo "|---|---|---|---|---|---|---|"
for size in $SIZES; do
  players=${size%%:*}; games=${size##*:}
  dated=""
  [ "$DAYS" = 0 ] || dated="-d$DAYS"
  file="$DIR/$PAIRING-$players-$games$dated.csv"
  [ -s "$file" ] || python3 scripts/leagues.py --players "$players" --games "$games" --pairing "$PAIRING" --days "$DAYS" --out "$file" >&2
  bytes=$(stat -c %s "$file")
  for method in $METHODS; do
    for _ in $(seq "$RUNS"); do
      out=$(mktemp)
      if /usr/bin/time -f "%e %U %S %M" -o "$out" "$CLI" rate --method "$method" "$file" --format json > /dev/null 2>&1; then
        read -r wall user sys kib < "$out"
        awk -v p="$players" -v g="$games" -v pr="$PAIRING" -v dd="${dated:+, dated over $DAYS days}" -v b="$bytes" -v m="$method" -v w="$wall" -v u="$user" -v s="$sys" -v k="$kib" \
          'BEGIN { mb = k * 1024 / 1e6; printf "| %s players, %s games, %s%s | %.1f MB | %s | %.2f | %.2f | %.0f | %.1f |\n", p, g, pr, dd, b / 1e6, m, w, u + s, mb, mb * 1e6 / b }'
      else
        echo "| $players players, $games games, $PAIRING${dated:+, dated over $DAYS days} | | $method | failed (exit $?) | | | |"
      fi
      rm -f "$out"
    done
  done
done
