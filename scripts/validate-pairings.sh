#!/usr/bin/env bash
# Validation of the FIDE Dutch engine at scale (issue 38): tournaments made by bbpPairings 6.0.0
# (GPL-3, built OUTSIDE this repository; only its output is data here), every round re-paired
# by the engine from the rounds before it and compared (pairs and colours counted apart, the
# pairing-allocated bye), and every round, the file's and ours, checked for legality without
# any reference (engine/tests/common/round_check.rs). One axis at a time, so that none hides
# another; docs/pairing.md §11 has the counts.
#
# Usage: scripts/validate-pairings.sh BBP OUT AXIS FIRST_SEED COUNT
#        scripts/validate-pairings.sh --summary OUT...   (every run summed per axis)
#        scripts/validate-pairings.sh --sample BBP DIR    (the committed sample: see sample())
#        scripts/validate-pairings.sh --million BBP OUT   (every axis, ~1,000,000 rounds: million())
#   BBP     path of bbpPairings.exe
#   OUT     working directory: OUT/<axis>-<first seed>/ the files, OUT/disagree/ every
#           tournament with a round that differs, is illegal or does not pair (the round
#           named in OUT/disagree/rounds.tsv), OUT/results.tsv one line per run
#   AXIS    small      4-10 players, rounds 3-9 (at most players-1), requested byes for 15 % of
#                      the players (two in three half-point, else zero-point), no forfeits
#           plain      10-60 players, rounds 5-11, no requested bye, no forfeit
#           large      60-500 players, rounds 5-11, the rates of scripts/pairing-fixtures.sh
#           rounds5 … rounds11
#                      12-80 players, exactly that many rounds, those rates
#           forfeits   10-80 players, rounds 5-11, one game in 3-6 forfeited, no requested bye
#           forbidden, baku, xxa, black, all
#                      scripts/pairing-fixtures-extras.sh KIND (round by round with bbpPairings
#                      -p: 260/XXP, FIDE's Baku points as XXA, random XXA, 152 B / XXC black1,
#                      all of them), 8-60 players, rounds 5-11
#           entries    scripts/pairing-fixtures.sh --entries (late entries and withdrawals),
#                      8-60 players, rounds 5-11
#           ours       our own generator's files (ratings-lab generate --system dutch --players
#                      6-60, all else drawn from the seed), checked by bbpPairings -c as TRF-16
#                      (ours() below; the binary: $RATINGS_LAB, else built here with --profile cli),
#                      and re-paired here as every axis is
#   FIRST_SEED, COUNT  seeds FIRST_SEED .. FIRST_SEED+COUNT-1, one tournament each (a seed for
#                      which bbpPairings finds no valid pairing is skipped, counted in the log)
#
# The generator's axes write bbpPairings's -g configuration (PlayersNumber, RoundsNumber,
# DrawPercentage, ForfeitRate, RetiredRate, HalfPointByeRate, HighestRating, LowestRating: every
# key of its generatorconfiguration.cpp but the PointsFor… ones) and let it pair every round.
# The extras and entries axes call the fixture scripts with PAIRING_FIXTURES_QUICK=1 (no -c re-check,
# no boards: the comparison here covers every round).
#
# The comparison is the engine's example validate_pairings (built here, release), one process
# for the whole axis. results.tsv's columns: its line (axis, tournaments, rounds, pairs,
# pairs_agreeing, colours, colours_agreeing, byes, byes_agreeing, illegal_ours, illegal_file,
# unpaired, disagreeing_rounds, unreadable, seconds of the check), then the seconds bbpPairings
# took to make the files, the seeds skipped, the first seed, the date.
#
# Run it at nice -n 19, one axis after another (two shared cores): see docs/pairing.md §11.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
target=${CARGO_TARGET_DIR:-$here/target}
check=$target/release/examples/validate_pairings
ratings_lab=${RATINGS_LAB:-$target/cli/ratings-lab}

usage() {
  sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
  exit 2
}

# A deterministic number in [lo, hi] from the seed and a salt (as scripts/pairing-fixtures.sh).
draw() {
  local seed=$1 salt=$2 lo=$3 hi=$4
  local h=$(((seed * 2654435761 + salt * 40503 + 12345) % 4294967296))
  h=$(((h ^ (h >> 13)) * 1274126177 % 4294967296))
  echo $((lo + (h >> 7) % (hi - lo + 1)))
}

# The -g configuration of one seed of a generator axis, on stdout; "players rounds" on fd 3.
config() {
  local axis=$1 seed=$2 players rounds forfeit retired half
  forfeit=$(draw "$seed" 3 8 40) retired=$(draw "$seed" 4 4 25) half=$(draw "$seed" 5 4 25)
  case $axis in
    small)
      players=$(draw "$seed" 1 4 10) rounds=$(draw "$seed" 2 3 9) forfeit=1000000
      # 15 % of the players with requested byes, rounded at random (bbpPairings gives
      # floor(players / rate) players byes, none below 7 players at a rate of 6.7): two in
      # three half-point, the others zero-point; a rate a hair under players/k so that the
      # float division does not fall short of k.
      local k=$(((15 * players + $(draw "$seed" 9 0 99)) / 100)) kz
      kz=$(((k + $(draw "$seed" 10 0 2)) / 3))
      half=$( ((k - kz > 0)) && awk -v n="$players" -v k=$((k - kz)) 'BEGIN { print n / k * 0.999 }' || echo 1000000)
      retired=$( ((kz > 0)) && awk -v n="$players" -v k="$kz" 'BEGIN { print n / k * 0.999 }' || echo 1000000)
      ;;
    plain) players=$(draw "$seed" 1 10 60) rounds=$(draw "$seed" 2 5 11) forfeit=1000000 retired=1000000 half=1000000 ;;
    large) players=$(draw "$seed" 1 60 500) rounds=$(draw "$seed" 2 5 11) ;;
    rounds*) players=$(draw "$seed" 1 12 80) rounds=${axis#rounds} ;;
    forfeits) players=$(draw "$seed" 1 10 80) rounds=$(draw "$seed" 2 5 11) forfeit=$(draw "$seed" 3 3 6) retired=1000000 half=1000000 ;;
  esac
  ((rounds > players - 1)) && rounds=$((players - 1))
  echo "$players $rounds" >&3
  printf 'PlayersNumber=%s\nRoundsNumber=%s\nForfeitRate=%s\nRetiredRate=%s\nHalfPointByeRate=%s\n' \
    "$players" "$rounds" "$forfeit" "$retired" "$half"
  printf 'DrawPercentage=%s\nHighestRating=%s\nLowestRating=%s\n' \
    "$(draw "$seed" 6 10 50)" "$(draw "$seed" 7 2300 2800)" "$(draw "$seed" 8 1000 2000)"
}

# The tournaments of a generator axis into DIR; prints the seeds skipped.
generate() {
  local bbp=$1 dir=$2 axis=$3 first=$4 count=$5 skipped=0 seed players rounds size
  mkdir -p "$dir/cfg"
  for ((seed = first; seed < first + count; seed++)); do
    size=$(config "$axis" "$seed" 3>&1 > "$dir/cfg/s$seed.txt")
    read -r players rounds <<< "$size"
    if ! "$bbp" --dutch -g "$dir/cfg/s$seed.txt" -o "$dir/s$seed-p$players-r$rounds.trf" -s "$seed" > "$dir/gen.out" 2>&1; then
      echo "seed $seed: no tournament ($players players, $rounds rounds): $(tr '\n' ' ' < "$dir/gen.out")" >> "$dir/log.txt"
      rm -f "$dir/s$seed-p$players-r$rounds.trf"
      skipped=$((skipped + 1))
    fi
  done
  rm -f "$dir/gen.out"
  echo "$skipped"
}

# The tournaments of an extras or entries axis (8-60 players, 5-11 rounds, drawn from the seed).
generate_rounds() {
  local bbp=$1 dir=$2 axis=$3 first=$4 count=$5 seed players rounds specs=()
  for ((seed = first; seed < first + count; seed++)); do
    players=$(draw "$seed" 1 8 60) rounds=$(draw "$seed" 2 5 11)
    specs+=("$players:$rounds")
  done
  if [[ $axis == entries ]]; then
    PAIRING_FIXTURES_QUICK=1 "$here/scripts/pairing-fixtures.sh" --entries "$bbp" "$dir" "$first" "$count" "${specs[@]}" > /dev/null
  else
    PAIRING_FIXTURES_QUICK=1 "$here/scripts/pairing-fixtures-extras.sh" "$axis" "$bbp" "$dir" "$first" "$count" "${specs[@]}" > /dev/null
  fi
  grep -c '^seed ' "$dir/log.txt" || true
}

# --sample: the committed sample (engine/tests/data/pairing/sample/, its SOURCE.txt): per axis,
# the seeds of the table made as above and the files of at most MOST players kept, so that the
# debug test run stays fast; manifest.tsv: axis, file, players, rounds.
sample() {
  local bbp=$1 out=$2 axis first count most work f name players rounds
  mkdir -p "$out"
  printf 'axis\tfile\tplayers\trounds\n' > "$out/manifest.tsv"
  while read -r axis first count most; do
    work=$(mktemp -d)
    case $axis in
      small | plain | large | rounds[0-9]* | forfeits) generate "$bbp" "$work" "$axis" "$first" "$count" > /dev/null ;;
      *) generate_rounds "$bbp" "$work" "$axis" "$first" "$count" > /dev/null ;;
    esac
    rm -rf "${out:?}/$axis"
    mkdir -p "$out/$axis"
    for f in $(cd "$work" && ls -- *.trf | sort -V); do
      name=${f%.trf} players=${name##*-p} rounds=${name##*-r}
      players=${players%%-*}
      ((players <= most)) || continue
      cp "$work/$f" "$out/$axis/$f"
      printf '%s\t%s\t%s\t%s\n' "$axis" "$f" "$players" "$rounds" >> "$out/manifest.tsv"
    done
    rm -rf "$work"
  done << 'TABLE'
small 11000001 60 10
plain 12000001 80 16
rounds5 14050001 120 16
rounds6 14060001 120 16
rounds7 14070001 120 16
rounds8 14080001 120 16
rounds9 14090001 120 16
rounds10 14100001 120 16
rounds11 14110001 120 16
forfeits 13000001 100 16
forbidden 15000001 50 16
baku 16000001 50 16
xxa 16500001 50 16
black 17000001 50 16
entries 18000001 50 16
all 19000001 50 16
large 20000001 4 150
TABLE
}

# The axis of our own generator (ratings-lab generate, Dutch, 6-60 players, every other
# parameter drawn from the seed: byes of each kind, forfeits, late entries, withdrawals, Baku,
# forbidden pairs, the initial colour, the point system): its TRF-2026 files in DIR/trf26, as
# TRF-16 in DIR/trf16 (validate_pairings --trf16), each checked by bbpPairings -c, which
# re-pairs every round; prints "files rounds rounds_differing" and keeps each file bbpPairings
# pairs otherwise in OUT/disagree (its rounds in rounds.tsv).
ours() {
  local bbp=$1 dir=$2 first=$3 count=$4 out=$5 f name said
  # A seed whose tournament cannot be paired to the end is passed over by the batch itself,
  # which takes the next seed and names the seeds passed over in its last line: logged.
  said=$("$ratings_lab" generate --system dutch --players 6-60 --seed "$first" --count "$count" \
    --out "$dir/trf26/b$first-%d.trf" 2>/dev/null) || { echo "$said" >&2; return 1; }
  echo "$said" >> "$dir/log.txt"
  "$check" --trf16 "$dir/trf26" "$dir/trf16"
  for f in "$dir"/trf16/*.trf; do
    name=ours-$(basename "$f")
    # bbpPairings -c prints "<file>: Round #N" for each round, then a table for a round it pairs otherwise.
    "$bbp" --dutch "$f" -c 2>&1 | awk -v name="$name" -v keep="$out/disagree" '
      /: Round #[0-9]+$/ { n++; r = $NF; next }
      /^$/ { next }
      { if (!(r in bad)) { bad[r] = 1; d++; print "ours\t" name "\t" substr(r, 2) "\tbbpPairings -c pairs it otherwise" >> (keep "/rounds.tsv") } }
      END { printf "%d %d\n", n, d }'
    if grep -q "^ours	$name	" "$out/disagree/rounds.tsv" 2> /dev/null; then cp "$f" "$out/disagree/$name"; fi
  done | awk '{ files++; rounds += $1; differ += $2 } END { printf "%d\t%d\t%d\n", files, rounds, differ }'
}

# --million BBP OUT: issue 38's target, about 1,000,000 rounds: each axis in turn, about 58,800
# rounds each (1,000 for large), seeds from 100,000,000 up so that they meet no other run's;
# each run's files deleted once compared (those that disagree are kept in OUT/disagree).
million() {
  local bbp=$1 out=$2 axis first count
  while read -r axis first count; do
    "$0" "$bbp" "$out" "$axis" "$first" "$count" || echo "$axis: exit $?" >&2
    rm -rf "${out:?}/$axis-$first"
  done << 'TABLE'
small 100000001 12500
plain 101000001 7400
forfeits 102000001 7400
rounds5 103000001 11760
rounds6 104000001 9800
rounds7 105000001 8400
rounds8 106000001 7350
rounds9 107000001 6530
rounds10 108000001 5880
rounds11 109000001 5350
forbidden 110000001 7400
baku 111000001 7400
xxa 112000001 7400
black 113000001 7400
entries 114000001 7400
all 115000001 7400
ours 116000001 7800
large 117000001 120
TABLE
}

if [[ ${1:-} == --million && $# -eq 3 ]]; then
  million "$2" "$3"
  exit 0
fi
if [[ ${1:-} == --sample && $# -eq 3 ]]; then
  sample "$2" "$3"
  exit 0
fi
# --summary OUT...: every run of the OUT directories summed per axis (the columns of
# results.tsv, seeds and dates left out), then the total; and our generator's files as
# bbpPairings checked them (ours-bbp.tsv).
if [[ ${1:-} == --summary && $# -ge 2 ]]; then
  shift
  for o in "$@"; do tail -n +2 "$o/results.tsv"; done | awk -F'\t' '
    BEGIN { OFS = "\t"; print "axis", "tournaments", "rounds", "pairs", "pairs_agreeing", "colours", "colours_agreeing", "byes", "byes_agreeing", "illegal_ours", "illegal_file", "unpaired", "disagreeing_rounds", "unreadable", "check_seconds", "bbp_seconds", "skipped" }
    { if (!($1 in seen)) { seen[$1] = 1; order[++n] = $1 }
      for (k = 2; k <= 17; k++) { sum[$1, k] += $k; total[k] += $k } }
    END { for (i = 1; i <= n; i++) { a = order[i]; line = a; for (k = 2; k <= 17; k++) line = line OFS sum[a, k]; print line }
      line = "total"; for (k = 2; k <= 17; k++) line = line OFS total[k]; print line }' | column -t -s $'\t'
  for o in "$@"; do [[ -f $o/ours-bbp.tsv ]] && tail -n +2 "$o/ours-bbp.tsv"; done |
    awk -F'\t' '{ f += $1; r += $2; d += $3; s += $4 } END { if (NR) printf "ours as bbpPairings -c checks them: %d files, %d rounds, %d paired otherwise, %.0f s\n", f, r, d, s }'
  exit 0
fi
[[ $# -eq 5 ]] || usage
bbp=$1 out=$2 axis=$3 first=$4 count=$5
dir=$out/$axis-$first
rm -rf "$dir"
mkdir -p "$dir"
# Built every run (a no-op when fresh), so that a binary older than the sources is never used.
(cd "$here" && cargo build --release --locked -q -p ratings-engine --example validate_pairings)
[[ -f $out/results.tsv ]] || printf '%s\tbbp_seconds\tskipped\tfirst_seed\tdate\n' "$("$check" --header)" > "$out/results.tsv"

start=$(date +%s.%N)
case $axis in
  small | plain | large | rounds[0-9]* | forfeits) skipped=$(generate "$bbp" "$dir" "$axis" "$first" "$count") ;;
  forbidden | baku | xxa | black | all | entries) skipped=$(generate_rounds "$bbp" "$dir" "$axis" "$first" "$count") ;;
  ours)
    mkdir -p "$out/disagree"
    [[ -n ${RATINGS_LAB:-} ]] || (cd "$here" && cargo build --locked -q --profile cli -p ratings-lab-cli)
    bbp_start=$(date +%s.%N)
    by_bbp=$(ours "$bbp" "$dir" "$first" "$count" "$out")
    skipped=$(grep -c '^seed ' "$dir/log.txt" 2> /dev/null || true)
    [[ -f $out/ours-bbp.tsv ]] || printf 'files\trounds\trounds_bbppairings_pairs_otherwise\tseconds\tfirst_seed\tdate\n' > "$out/ours-bbp.tsv"
    printf '%s\t%s\t%s\t%s\n' "$by_bbp" "$(awk -v s="$bbp_start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }')" "$first" "$(date -u +%F)" \
      | tee -a "$out/ours-bbp.tsv"
    dir=$dir/trf26
    ;;
  *) usage ;;
esac
made=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }')
line=$("$check" "$axis" "$out/disagree" "$dir")
printf '%s\t%s\t%s\t%s\t%s\n' "$line" "$made" "${skipped:-0}" "$first" "$(date -u +%F)" | tee -a "$out/results.tsv"
