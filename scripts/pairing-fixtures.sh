#!/usr/bin/env bash
# Reference pairings for issue 21 (FIDE Dutch system, C.04.3 as bbpPairings 6.0.0 implements
# it, "FIDE_DUTCH_2025"): random tournaments made and paired by bbpPairings, then checked by
# bbpPairings's own checker (-c), so that each file's pairings are bbpPairings's, round for round.
#
# Needs: bash, a built bbpPairings binary (GPL-3; built OUTSIDE this repository, e.g.
#   git --git-dir=<mirror> archive HEAD | tar -x -C /tmp/bbp && (cd /tmp/bbp && nice make)),
#   coreutils, awk (the results of --entries are drawn by awk's rand(): mawk 1.3.4 here), diff.
#   Nothing of bbpPairings enters the repository: only its output (data).
#
# Usage: scripts/pairing-fixtures.sh [--entries] BBP OUTDIR FIRST_SEED COUNT [SPEC...]
#        scripts/pairing-fixtures.sh --boards BBP FILE.trf...
#   --entries   make the tournaments round by round here (late entries and withdrawals),
#               each round paired by bbpPairings -p, instead of with its generator (-g)
#   BBP         path of bbpPairings.exe
#   OUTDIR      directory to write into (created)
#   FIRST_SEED  the first seed; tournament i (0-based) uses seed FIRST_SEED+i, both for
#               bbpPairings's -s and for the sizes and rates below
#   COUNT       number of tournaments
#   SPEC...     optional PLAYERS:ROUNDS pairs; tournament i uses SPEC[i mod #SPEC]. Without
#               them, players are 6-160 and rounds 5-11, both drawn from the seed.
#
# Writes, per tournament, OUTDIR/s<seed>-p<players>-r<rounds>.trf (TRF as bbpPairings writes
# it: CR line ends, "012 AutoTest Tournament <seed>", "092 FIDE_DUTCH_2025", no 142/XXR once
# every round is played) and its generator configuration OUTDIR/cfg/s<seed>.txt; and
# OUTDIR/manifest.tsv (file, players, rounds, half-point byes, zero-point byes, forfeits,
# pairing-allocated byes, late entries, withdrawals: see SOURCE.txt) and OUTDIR/log.txt.
# The rounds are forced to at most players-1 (a Swiss of n players has at most n-1 rounds);
# a seed for which bbpPairings finds no valid pairing for some round (exit 1) is skipped and
# logged, since the generator cannot make that tournament. Any checker discrepancy stops the
# script with exit 1.
# With PAIRING_FIXTURES_QUICK set (scripts/validate-pairings.sh), bbpPairings -c is not run.
#
# bbpPairings's generator has no late entries and no withdrawals as such; it gives zero-point
# byes ("RetiredRate") in random rounds. A player whose first round is a zero-point bye is a
# late entry as far as pairing goes (not paired in round 1, no points), and one whose last
# rounds are all zero-point byes is a withdrawal: the manifest counts both. --entries makes
# real ones (files e<seed>-p<players>-r<rounds>.trf, LF line ends, with XXR and XXC; the
# players' plan in OUTDIR/cfg/e<seed>.plan: start number, rating, entry round, withdrawal
# round, half-point bye round), its results drawn by awk from the seed (a draw one game in
# four, else by the Elo expectation; each side absent with probability 0.03: a forfeit).
#
# --boards writes FILE.boards.tsv next to each FILE.trf (round, board, white, black; black 0:
# the pairing-allocated bye): each round as bbpPairings -p pairs it from the rounds before,
# checked to be the file's own round, in bbpPairings's board order (a TRF has no boards).
#
# How long: on this machine (2 shared cores) about 0.35 s a tournament on average, up to ~1.6 s
# for 160 players and 11 rounds, checking included: seeds 1-1010 (1,003 tournaments) took
# 6 min 9 s; --entries is faster (200 tournaments in 69 s); --boards on the 54 committed
# files took 29 s.
set -euo pipefail

# ---------------------------------------------------------------------------------------
# --boards: the board order, which a TRF does not record. For each FILE and each round R,
# bbpPairings -p pairs round R from the file cut after round R-1 (round R's requested byes
# and absences kept, its points recomputed, XXR the file's rounds), and the pairs must be
# the file's round R; FILE's boards go to FILE without .trf + .boards.tsv: round, board,
# white, black (0: the pairing-allocated bye), in bbpPairings's board order.

# The first round's colour of the top player (XXC), as bbpPairings infers it from a file:
# the round-1 colour of the highest player paired in round 1, reversed for every player paired
# above him who had none (a pairing-allocated bye).
first_colour() {
  tr '\r' '\n' < "$1" | awk '/^001/ && !done {
      c = substr($0, 92, 8); col = substr(c, 6, 1); res = substr(c, 8, 1)
      if (col == "w" || col == "b") { done = 1; white = (col == "w") != (above % 2 == 1) }
      else if (res == "U") above++
    }
    END { print white ? "white1" : "black1" }'
}

# The file cut after round $2 - 1 for pairing round $2 of $3 (LF line ends; scoring 1/0.5/0).
cut_before() {
  local colour
  colour=$(first_colour "$1")
  tr '\r' '\n' < "$1" | awk -v R="$2" -v total="$3" -v colour="$colour" '
    BEGIN { print "XXR " total; print "XXC " colour }
    /^(142|XXR|XXC)/ { next }
    !/^001/ { print; next }
    { line = substr($0, 1, 89); points = 0
      for (k = 0; k < R; k++) {
        c = substr($0, 92 + 10 * k, 8); res = substr(c, 8, 1)
        # Round R keeps only what the players asked for: byes and absences, not the pairing.
        if (k == R - 1 && !(substr(c, 1, 4) == "0000" && res ~ /[HZF-]/)) break
        if (c == "") break
        line = line "  " c
        points += (res ~ /[1+UF]/) ? 1 : (res ~ /[=H]/) ? 0.5 : 0
      }
      print substr(line, 1, 80) sprintf("%4.1f", points) substr(line, 85) }'
}

# The pairs of round $2 as the file has them, one "white black" line a pair sorted.
file_pairs() {
  tr '\r' '\n' < "$1" | awk -v R="$2" '/^001/ {
      c = substr($0, 92 + 10 * (R - 1), 8); opp = substr(c, 1, 4) + 0
      if (substr(c, 6, 1) == "w") print substr($0, 5, 4) + 0, opp
      else if (opp == 0 && substr(c, 8, 1) == "U") print substr($0, 5, 4) + 0, 0
    }' | sort
}

boards() {
  local bbp=$1 file=$2 dir
  dir=$(mktemp -d)
  local rounds out=${file%.trf}.boards.tsv
  rounds=$(tr '\r' '\n' < "$file" | awk '/^001/ { n = int((length($0) - 89 + 2) / 10); if (n > m) m = n } END { print m }')
  printf 'round\tboard\twhite\tblack\n' > "$out"
  for ((r = 1; r <= rounds; r++)); do
    cut_before "$file" "$r" "$rounds" > "$dir/in.trf"
    "$bbp" --dutch "$dir/in.trf" -p "$dir/pairs" > "$dir/err" 2>&1 || { cat "$dir/err" >&2; return 1; }
    if ! diff <(tail -n +2 "$dir/pairs" | sort) <(file_pairs "$file" "$r") > /dev/null; then
      echo "$file: round $r: bbpPairings -p pairs it otherwise than the file" >&2
      return 1
    fi
    tail -n +2 "$dir/pairs" | awk -v r="$r" '{ printf "%d\t%d\t%d\t%d\n", r, NR, $1, $2 }' >> "$out"
  done
  rm -r "$dir"
}

if [[ ${1:-} == --boards && $# -ge 3 ]]; then
  bbp=$2
  shift 2
  for file in "$@"; do
    boards "$bbp" "$file"
  done
  exit 0
fi

entries=0
if [[ ${1:-} == --entries ]]; then
  entries=1
  shift
fi
if [[ $# -lt 4 ]]; then
  sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
  exit 2
fi
bbp=$1 out=$2 first=$3 count=$4
shift 4
specs=("$@")
mkdir -p "$out/cfg"
manifest=$out/manifest.tsv
log=$out/log.txt
printf 'file\tplayers\trounds\thalf_byes\tzero_byes\tforfeits\tpab\tlate_entries\twithdrawals\n' > "$manifest"
: > "$log"

# A deterministic number in [lo, hi] from the seed and a salt (no $RANDOM: its sequence
# changed between bash versions, and the sizes must be reproducible from the seed alone).
draw() {
  local seed=$1 salt=$2 lo=$3 hi=$4
  local h=$(( (seed * 2654435761 + salt * 40503 + 12345) % 4294967296 ))
  h=$(( (h ^ (h >> 13)) * 1274126177 % 4294967296 ))
  echo $(( lo + (h >> 7) % (hi - lo + 1) ))
}

# Counts, from a generated file, what the manifest records about it (awk over the CR lines).
stats() {
  tr '\r' '\n' < "$1" | awk -v rounds="$2" '
    /^001/ {
      n = 0; first = ""; last_played = 0
      for (r = 1; r <= rounds; r++) {
        s = 92 + 10 * (r - 1); opp = substr($0, s, 4) + 0; res = substr($0, s + 7, 1)
        if (res == "H") h++
        if (res == "Z") { z++; if (r == 1) late++ }
        else last_played = r
        if (res == "U") u++
        if (opp > 0 && (res == "+" || res == "-")) f++
      }
      if (last_played < rounds && last_played > 0) wd++
    }
    END { printf "%d\t%d\t%d\t%d\t%d\t%d", h, z, f / 2, u, late, wd }'
}

# ---------------------------------------------------------------------------------------
# --entries: tournaments made round by round by this script, each round paired by
# bbpPairings -p, for what its generator lacks: players who enter late (zero-point byes in
# every round before their first) and players who withdraw (zero-point byes in every round
# from their withdrawal to the end), with requested half-point byes and forfeits as well.
# The file is TRF(x) as JaVaFo reads it (LF line ends, XXR, XXC), kept as this script writes
# it; each round's results are drawn by awk from the seed.

# The players' plan: rating, entry round, withdrawal round (rounds+1: never), a half-point
# bye round (0: none). About 1 in 10 enters late (rounds 2-3), 1 in 10 withdraws.
entries_plan() {
  local seed=$1 players=$2 rounds=$3
  awk -v seed="$seed" -v n="$players" -v R="$rounds" 'BEGIN {
    srand(seed)
    for (p = 1; p <= n; p++) rating[p] = 1200 + int(rand() * 1400)
    # Ratings sorted, highest first: the start numbers are the initial order (C.04.2).
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
      if (rating[j] > rating[i]) { t = rating[i]; rating[i] = rating[j]; rating[j] = t }
    for (p = 1; p <= n; p++) {
      entry = 1; leave = R + 1; half = 0
      if (rand() < 0.1) entry = 2 + int(rand() * 2)
      if (rand() < 0.1) leave = 2 + int(rand() * (R - 1))
      if (leave <= entry) leave = R + 1
      if (rand() < 0.08) half = entry + int(rand() * (R - entry))
      if (half >= leave || half == R) half = 0
      print p, rating[p], entry, leave, half
    }
  }'
}

# The tournament file after round r: the players' lines with round r added. Reads the plan,
# the file so far and the pairs bbpPairings wrote (empty for the pending cells: mode "pending"
# writes round r's byes and absences only, as bbpPairings's input asks).
entries_write() {
  local mode=$1 seed=$2 r=$3 R=$4 plan=$5 trf=$6 pairs=$7
  awk -v mode="$mode" -v seed="$seed" -v r="$r" -v R="$R" '
    FILENAME == ARGV[1] { rating[$1] = $2; entry[$1] = $3; leave[$1] = $4; half[$1] = $5; n = $1; next }
    FILENAME == ARGV[2] { if (/^001/) cells[substr($0, 5, 4) + 0] = substr($0, 90); next }
    FNR == 1 { next }
    { white = $1 + 0; black = $2 + 0
      if (black == 0) { cell[white] = "0000 - U"; next }
      srand(seed * 1000 + r * 37 + white)
      fw = rand() < 0.03; fb = rand() < 0.03
      if (fw || fb) { rw = fw ? "-" : "+"; rb = fb ? "-" : "+" }
      else {
        # Elo expectation for white; a draw one game in four.
        e = 1 / (1 + 10 ^ ((rating[black] - rating[white]) / 400)); x = rand()
        if (x < 0.25) { rw = "="; rb = "=" }
        else if (x < 0.25 + 0.75 * e) { rw = "1"; rb = "0" }
        else { rw = "0"; rb = "1" }
      }
      cell[white] = sprintf("%4d w %s", black, rw); cell[black] = sprintf("%4d b %s", white, rb)
    }
    END {
      print "012 Entries " seed
      print "XXR " R
      print "XXC white1"
      for (p = 1; p <= n; p++) {
        c = cells[p]
        if (r < entry[p] || r >= leave[p]) add = "0000 - Z"
        else if (r == half[p]) add = "0000 - H"
        else add = (p in cell) ? cell[p] : ""
        if (add != "") c = c "  " add
        points = 0
        for (k = 0; 10 * k + 8 <= length(c); k++) {
          res = substr(c, 10 * k + 10, 1)
          points += (res == "1" || res == "+" || res == "U") ? 1 : (res == "=" || res == "H") ? 0.5 : 0
        }
        printf "001 %4d      %-33s %4d%28s%4.1f %4d%s\n", p, sprintf("Player %04d", p), rating[p], "", points, p, c
      }
    }' "$plan" "$trf" "$pairs"
}

# One --entries tournament: rounds 1..R, each paired by bbpPairings from the rounds before.
entries_tournament() {
  local bbp=$1 dir=$2 seed=$3 players=$4 rounds=$5 name=$6
  local plan=$dir/cfg/e$seed.plan trf=$dir/$name work=$dir/work.trf pairs=$dir/work.pairs
  entries_plan "$seed" "$players" "$rounds" > "$plan"
  : > "$trf"
  : > "$pairs"
  for ((r = 1; r <= rounds; r++)); do
    : > "$pairs"
    entries_write pending "$seed" "$r" "$rounds" "$plan" "$trf" "$pairs" > "$work"
    "$bbp" --dutch "$work" -p "$pairs" > "$dir/gen.out" 2>&1 || return $?
    entries_write played "$seed" "$r" "$rounds" "$plan" "$trf" "$pairs" > "$work"
    mv "$work" "$trf"
  done
  rm -f "$pairs"
}

# One tournament from bbpPairings's generator, its rates drawn from the seed.
generate() {
  local bbp=$1 dir=$2 seed=$3 players=$4 rounds=$5 name=$6
  local cfg=$dir/cfg/s$seed.txt
  # Rates are "one in N": N forfeits a game, N players with zero-point / half-point byes.
  cat > "$cfg" <<CFG
PlayersNumber=$players
RoundsNumber=$rounds
ForfeitRate=$(draw "$seed" 3 8 40)
RetiredRate=$(draw "$seed" 4 4 25)
HalfPointByeRate=$(draw "$seed" 5 4 25)
DrawPercentage=$(draw "$seed" 6 10 50)
HighestRating=$(draw "$seed" 7 2300 2800)
LowestRating=$(draw "$seed" 8 1000 2000)
CFG
  "$bbp" --dutch -g "$cfg" -o "$dir/$name" -s "$seed" > "$dir/gen.out" 2>&1 || return $?
}

made=0 skipped=0 start=$(date +%s)
for ((i = 0; i < count; i++)); do
  seed=$((first + i))
  if [[ ${#specs[@]} -gt 0 ]]; then
    spec=${specs[i % ${#specs[@]}]}
    players=${spec%%:*} rounds=${spec##*:}
  else
    players=$(draw "$seed" 1 6 160)
    rounds=$(draw "$seed" 2 5 11)
  fi
  ((rounds > players - 1)) && rounds=$((players - 1))
  if ((entries)); then
    name=e$seed-p$players-r$rounds.trf
    rc=0
    entries_tournament "$bbp" "$out" "$seed" "$players" "$rounds" "$name" || rc=$?
  else
    name=s$seed-p$players-r$rounds.trf
    rc=0
    generate "$bbp" "$out" "$seed" "$players" "$rounds" "$name" || rc=$?
  fi
  if [[ $rc -eq 1 ]]; then
    echo "seed $seed: no valid pairing ($players players, $rounds rounds), skipped: $(tr '\n' ' ' < "$out/gen.out")" >> "$log"
    rm -f "$out/$name"
    skipped=$((skipped + 1))
    continue
  elif [[ $rc -ne 0 ]]; then
    echo "seed $seed: bbpPairings exit $rc: $(cat "$out/gen.out")" >&2
    exit 1
  fi
  # The checker prints "<file>: Round #N" per round and a table for a round it pairs otherwise.
  # PAIRING_FIXTURES_QUICK (the validation harness, which compares every round itself): no re-check.
  checked=""
  [[ -n ${PAIRING_FIXTURES_QUICK:-} ]] || checked=$("$bbp" --dutch "$out/$name" -c)
  if grep -qv -e ': Round #[0-9]*$' -e '^$' <<< "$checked"; then
    echo "seed $seed: bbpPairings -c disagrees with $name:" >&2
    echo "$checked" >&2
    exit 1
  fi
  printf '%s\t%s\t%s\t%s\n' "$name" "$players" "$rounds" "$(stats "$out/$name" "$rounds")" >> "$manifest"
  made=$((made + 1))
done
rm -f "$out/gen.out"
echo "seeds $first-$((first + count - 1)): $made tournaments made and checked, $skipped skipped (no valid pairing), $(( $(date +%s) - start )) s" | tee -a "$log"
