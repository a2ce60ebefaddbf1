#!/usr/bin/env bash
# Reference pairings for the records a FIDE Dutch engine must honour beyond the games: virtual
# points (acceleration: FIDE's Baku method written as XXA lines, random XXA, TRF-2026 250
# ranges), forbidden pairs (TRF-2026 260, JaVaFo/bbpPairings XXP), the initial colour (TRF-2026
# 152, XXC black1) and a point system whose pairing-allocated bye is worth 0 (3-1-0, P 0.0).
# A sibling of scripts/pairing-fixtures.sh --entries: tournaments made round by round, each
# round paired by bbpPairings 6.0.0 ("FIDE_DUTCH_2025") from the rounds before it with the
# extra records in the file it pairs, then the whole file checked by bbpPairings -c and its
# board order written by --boards (which this script's --boards also does for the files of
# scripts/pairing-fixtures.sh: it gives their boards byte for byte).
#
# Needs: bash, a built bbpPairings binary (GPL-3; built OUTSIDE this repository, e.g.
#   git --git-dir=<mirror> archive HEAD | tar -x -C /tmp/bbp && (cd /tmp/bbp && nice make)),
#   coreutils, awk (plans, records and results are drawn by awk's rand(): mawk 1.3.4 here;
#   another awk draws other tournaments from the same seeds), diff, sort.
#   Nothing of bbpPairings enters the repository: only its output (data).
#
# Usage: scripts/pairing-fixtures-extras.sh KIND BBP OUTDIR FIRST_SEED COUNT [SPEC...]
#        scripts/pairing-fixtures-extras.sh --boards BBP FILE.trf...
#        scripts/pairing-fixtures-extras.sh --pab0-float BBP FILE.trf...
#   KIND        what the tournaments carry besides their games (every one also has late
#               entries, withdrawals, requested half-point byes and forfeits, as --entries):
#                 baku       FIDE's Baku acceleration (C.04.5.1) as explicit XXA lines (below)
#                 xxa        random XXA virtual points (0-2 by halves) for a random subset of
#                            players and the first 1-4 rounds
#                 250        TRF-2026 250 acceleration ranges: in odd seeds FIDE's Baku method
#                            as two ranges (1.0 and 0.5 for players 1..last GA player), in even
#                            seeds 1-4 random ranges (0.5-2.0 points, rounds within 1-6,
#                            players' ranges; later lines override earlier ones, as both
#                            bbpPairings and TRF-2026 read them)
#                 forbidden  forbidden pairs: groups of 2-4 players (5-20 % of the field, at
#                            least 4 players so that there are two groups), the first an XXP
#                            (the whole event), the second a 260 (a range of rounds), the
#                            others either. So that they bind, the tournament is first played
#                            without them, and three groups in five are built around a pair
#                            that met in that run (a 260 then covers that round); the others
#                            are players close in the initial order or anyone
#                 black      the initial colour black: "152 B" (two seeds in three) or
#                            "XXC black1" (the third: seed % 3 == 0); one player in four
#                            enters late (rounds 2-3), so that players without a colour
#                            history meet after round 1 too
#                 all        baku + forbidden + "152 B" in one file
#                 pab0       3-1-0 scoring with the pairing-allocated bye worth 0: "162  W 3.0
#                            D 1.0    L 0.0    P 0.0" (odd seeds) or BBW 3.0, BBD 1.0, BBL 0.0,
#                            BBU 0.0 (even seeds)
#   BBP         path of bbpPairings.exe
#   OUTDIR      directory to write into (created)
#   FIRST_SEED  tournament i (0-based) uses seed FIRST_SEED+i for everything it draws
#   COUNT       number of seeds
#   SPEC...     optional PLAYERS:ROUNDS pairs; seed i uses SPEC[i mod #SPEC]. Without them
#               players are 6-160 and rounds 5-11, both drawn from the seed (as
#               scripts/pairing-fixtures.sh draws them). Rounds are at most players-1.
#
# Writes, per tournament, OUTDIR/<kind>-<seed>-p<players>-r<rounds>.trf, its board order
# OUTDIR/<...>.boards.tsv (as --boards), the players' plan OUTDIR/cfg/<...>.plan (start number,
# rating, entry round, withdrawal round (rounds+1: none), half-point bye round (0: none)) and
# OUTDIR/manifest.tsv (appended to when it exists: several kinds can share OUTDIR; its columns
# are in SOURCE.txt, the last, rounds_changed, is how many rounds bbpPairings -c pairs
# otherwise once the extra records are taken out: XXA/250/260/XXP dropped, 152 and XXC made
# "XXC white1", 162/BB* made "162  W 3.0    D 1.0    L 0.0") and OUTDIR/log.txt (skipped
# seeds). For forbidden and all also OUTDIR/cfg/<...>.games (the run without forbidden pairs:
# round, player, opponent). A tournament file: LF line ends, "012 Extras <kind> <seed>",
# "XXR <rounds>", "192 FIDE_DUTCH_2025", the initial colour ("XXC white1" but for black and
# all), the point system (pab0 only), the extra records, then the 001 lines (names
# "Player 000N", start number = rank column, points without virtual points; a late entrant's
# rounds before entry and a withdrawn player's from withdrawal on are "0000 - Z", a requested
# bye "0000 - H"). Each round R was paired by bbpPairings -p from the file of rounds 1..R-1
# with round R's byes and absences (the file an engine is to re-pair round R from), and its
# results drawn by awk (a draw one game in four, else by the Elo expectation; each side absent
# with probability 0.03: a forfeit). A seed for which bbpPairings finds no valid pairing for
# some round (exit 1: forbidden pairs can cause it in small fields) is skipped and logged. Any
# bbpPairings -c discrepancy, or boards that are not the file's pairs, stop the script (exit 1).
# With PAIRING_FIXTURES_QUICK set (scripts/validate-pairings.sh), neither -c nor the boards are
# run, and the manifest's rounds_changed is "-".
#
# FIDE's Baku acceleration (C.04.5.1) as written here (NOT bbpPairings's "192 FIDE_DUTCH_BAKU",
# whose group A is the first ceil(n/2) players of the current list): n = the players paired in
# round 1 (a player with a requested bye or absent in round 1 is not in the round-1 list, a late
# entrant neither); the last GA player is the 2*ceil(n/4)-th of them in start order, and GA is
# every player whose start number is at most his (a late entrant or round-1 absentee ranked
# above him is in GA). A = ceil(rounds/2) accelerated rounds: GA players have 1.0 virtual point
# in rounds 1..ceil(A/2) and 0.5 in rounds ceil(A/2)+1..A, each an XXA line of A values; GB
# players have no XXA line.
#
# --boards writes FILE.boards.tsv next to each FILE.trf (round, board, white, black; black 0:
# the pairing-allocated bye): each round as bbpPairings -p pairs it from the file cut after the
# round before (round R's "0000 - H/Z/F/-" cells kept, points recomputed by the file's own point
# system (162 / BB* lines), every other record kept, XXR the file's rounds, and the initial
# colour kept as the file states it (152, XXC white1/black1) or, when it does not, inferred as
# bbpPairings infers it and written as XXC), checked to be the file's own round.
# --pab0-float reports, for files with pairing-allocated byes worth 0, the rounds whose pairing
# would change if a PAB worth 0 counted as a downfloat (bbpPairings counts an unplayed round as a
# downfloat only when it scored more than a loss): two copies of the file re-checked by -c,
# "control" (every player 0.1 virtual point in every round: must still agree everywhere) and
# "float" (P 0.1, so that bbpPairings makes the bye a downfloat, and 0.1 virtual point for every
# player up to the round of his bye, so that all scores keep the same 0.1 offset). It prints
# "FILE<TAB>control-ok|control-differs<TAB>rounds that differ (comma list, '-' none)".
#
# How long: on this machine (2 cores shared with a build, nice -n 19) about 1.4 s a tournament
# on average for 6-160 players and 5-11 rounds, making, -c, boards and rounds_changed together
# (bbpPairings pairs each round about four times: to make it, in -c, for --boards, and in the
# -c of rounds_changed; forbidden and all play every tournament twice): 2,720 tournaments, six
# kinds, in 61 min. The committed set (52 files, at most 60 players) took 20 s, the 200 pab0
# trials 86 s and --pab0-float on them 9 s.
set -euo pipefail

# ---------------------------------------------------------------------------------------
# Board order and file reading (shared by all modes).

# The first round's colour of the top player (XXC), as bbpPairings infers it from a file:
# the round-1 colour of the highest player paired in round 1, reversed for every player paired
# above him who had none (a pairing-allocated bye). $1: a file with LF line ends. (Not for a
# file with virtual points in round 1, where the colour goes by the pair's higher-ranked
# player by accelerated score: every file this script makes states its initial colour.)
first_colour() {
  awk '/^001/ && !done {
      c = substr($0, 92, 8); col = substr(c, 6, 1); res = substr(c, 8, 1)
      if (col == "w" || col == "b") { done = 1; white = (col == "w") != (above % 2 == 1) }
      else if (res == "U") above++
    }
    END { print white ? "white1" : "black1" }' "$1"
}

# The file $1 (LF line ends) cut after round $2 - 1 for pairing round $2 of $3: 142/XXR
# dropped and "XXR $3" written, every other record kept, the points recomputed with the file's
# point system, and "XXC <inferred>" written when the file states no initial colour.
cut_before() {
  local colour=none
  if ! grep -qE '^(152 [WB]$|XXC.*(white1|black1))' "$1"; then
    colour=$(first_colour "$1")
  fi
  awk -v R="$2" -v total="$3" -v colour="$colour" '
    # Pass 1: the point system, in tenths, as bbpPairings reads it (162, BBW/BBD/BBL/BBZ/BBF/BBU).
    FNR == NR {
      if (/^162/) {
        for (i = 6; i + 4 <= length($0); i += 9) {
          k = substr($0, i, 1); v = int(substr($0, i + 1, 4) * 10 + 0.5)
          if (k == "W") win = v; else if (k == "D") draw = v; else if (k == "L") loss = v
          else if (k == "Z") { zpb = v; fl = v } else if (k == "P") { pab = v; pabset = 1 }
        }
      }
      else if (/^BB[WDLZFU]/) {
        k = substr($0, 3, 1); v = int(substr($0, 5) * 10 + 0.5)
        if (k == "W") win = v; else if (k == "D") draw = v; else if (k == "L") loss = v
        else if (k == "Z") zpb = v; else if (k == "F") fl = v; else if (k == "U") { pab = v; pabset = 1 }
      }
      next
    }
    FNR == 1 {
      if (!pabset) pab = win
      if (colour != "none") { print "XXR " total; print "XXC " colour } else print "XXR " total
    }
    /^(142|XXR)/ { next }
    !/^001/ { print; next }
    { line = substr($0, 1, 89); points = 0
      for (k = 0; k < R; k++) {
        c = substr($0, 92 + 10 * k, 8); res = substr(c, 8, 1)
        # Round R keeps only what the players asked for: byes and absences, not the pairing.
        if (k == R - 1 && !(substr(c, 1, 4) == "0000" && res ~ /[HZF-]/)) break
        if (c == "") break
        line = line "  " c
        points += (res ~ /[1+F]/) ? win : (res == "U") ? pab : (res ~ /[=H]/) ? draw \
          : (res == "0") ? loss : (res == "Z") ? zpb : (res == "-") ? fl : 0
      }
      print substr(line, 1, 80) sprintf("%4.1f", points / 10) substr(line, 85) }
  ' win=10 draw=5 loss=0 zpb=0 fl=0 pab=10 "$1" "$1"
}

# The pairs of round $2 as the file $1 (LF) has them, one "white black" line a pair, sorted.
file_pairs() {
  awk -v R="$2" '/^001/ {
      c = substr($0, 92 + 10 * (R - 1), 8); opp = substr(c, 1, 4) + 0
      if (substr(c, 6, 1) == "w") print substr($0, 5, 4) + 0, opp
      else if (opp == 0 && substr(c, 8, 1) == "U") print substr($0, 5, 4) + 0, 0
    }' "$1" | sort
}

# The number of rounds in the file $1 (LF): the longest 001 line's.
file_rounds() {
  awk '/^001/ { n = int((length($0) - 89 + 2) / 10); if (n > m) m = n } END { print m }' "$1"
}

boards() {
  local bbp=$1 file=$2 dir rounds r
  local out=${file%.trf}.boards.tsv
  dir=$(mktemp -d)
  tr '\r' '\n' < "$file" > "$dir/lf.trf"
  rounds=$(file_rounds "$dir/lf.trf")
  printf 'round\tboard\twhite\tblack\n' > "$out"
  for ((r = 1; r <= rounds; r++)); do
    cut_before "$dir/lf.trf" "$r" "$rounds" > "$dir/in.trf"
    "$bbp" --dutch "$dir/in.trf" -p "$dir/pairs" > "$dir/err" 2>&1 || { cat "$dir/err" >&2; rm -r "$dir"; return 1; }
    if ! diff <(tail -n +2 "$dir/pairs" | sort) <(file_pairs "$dir/lf.trf" "$r") > /dev/null; then
      echo "$file: round $r: bbpPairings -p pairs it otherwise than the file" >&2
      rm -r "$dir"
      return 1
    fi
    tail -n +2 "$dir/pairs" | awk -v r="$r" '{ printf "%d\t%d\t%d\t%d\n", r, NR, $1, $2 }' >> "$out"
  done
  rm -r "$dir"
}

# bbpPairings -c on $2: "" when it re-pairs every round as the file has it, else its report.
# The checker prints "<file>: Round #N" per round, a table for a round it pairs otherwise and
# "No valid pairing exists for round N." when it finds none.
check() {
  local out rc=0
  out=$("$1" --dutch "$2" -c 2>&1) || rc=$?
  if ((rc != 0)) || grep -qv -e ': Round #[0-9]*$' -e '^$' <<< "$out"; then
    printf 'exit %d\n%s\n' "$rc" "$out"
  fi
}

# --pab0-float (see the header): the rounds of FILE whose pairing changes when a PAB worth 0
# is a downfloat.
pab0_float() {
  local bbp=$1 file=$2 dir rounds ctl diffs
  dir=$(mktemp -d)
  tr '\r' '\n' < "$file" > "$dir/lf.trf"
  rounds=$(file_rounds "$dir/lf.trf")
  # variant KIND: control or float. Scoring lines replaced (P 0.1 for float), XXA lines
  # appended, and the points recomputed by cut_before (all rounds kept).
  variant() {
    awk -v kind="$1" -v R="$rounds" '
      /^(162|BB[WDLZFU])/ { next }
      /^001/ { lines[++n] = $0; next }
      { print }
      END {
        print "162  W 3.0    D 1.0    L 0.0    P " (kind == "float" ? "0.1" : "0.0")
        for (i = 1; i <= n; i++) {
          print lines[i]
          u = R
          for (k = 1; k <= R; k++) if (substr(lines[i], 92 + 10 * (k - 1), 8) == "0000 - U") u = k
          s = sprintf("XXA %4d", substr(lines[i], 5, 4) + 0)
          for (k = 1; k <= R; k++) s = s sprintf(" %4.1f", (kind == "control" || k <= u) ? 0.1 : 0)
          print s
        }
      }' "$dir/lf.trf" > "$dir/v.trf"
    cut_before "$dir/v.trf" $((rounds + 1)) "$rounds" > "$dir/$1.trf"
  }
  variant control
  variant float
  ctl=$(check "$bbp" "$dir/control.trf")
  diffs=$("$bbp" --dutch "$dir/float.trf" -c 2>&1 | awk '
      /: Round #/ { r = $NF; sub(/#/, "", r); next }
      /Checker pairings/ { d = d (d == "" ? "" : ",") r }
      /No valid pairing/ { d = d (d == "" ? "" : ",") r "!" }
      END { print d == "" ? "-" : d }') || true
  printf '%s\t%s\t%s\n' "$file" "$([[ -z $ctl ]] && echo control-ok || echo control-differs)" "$diffs"
  rm -r "$dir"
}

# How many rounds of FILE bbpPairings -c pairs otherwise when the file's extra records are
# taken out (XXA, 250, 260, XXP dropped; 152 and XXC become "XXC white1"; 162/BB* become
# "162  W 3.0    D 1.0    L 0.0", the bye worth a win; points recomputed): the rounds in which
# the records change the pairing, given the file's history up to that round.
rounds_changed() {
  local bbp=$1 file=$2 dir rounds
  dir=$(mktemp -d)
  tr '\r' '\n' < "$file" > "$dir/lf.trf"
  rounds=$(file_rounds "$dir/lf.trf")
  awk '/^(XXA|250|260|XXP)/ { next }
    /^(152|XXC)/ { print "XXC white1"; next }
    /^(162|BB[WDLZFU])/ { if (!done) print "162  W 3.0    D 1.0    L 0.0"; done = 1; next }
    { print }' "$dir/lf.trf" > "$dir/s.trf"
  cut_before "$dir/s.trf" $((rounds + 1)) "$rounds" > "$dir/c.trf"
  "$bbp" --dutch "$dir/c.trf" -c 2>&1 | awk '/Checker pairings|No valid pairing/ { n++ } END { print n + 0 }'
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
if [[ ${1:-} == --pab0-float && $# -ge 3 ]]; then
  bbp=$2
  shift 2
  for file in "$@"; do
    pab0_float "$bbp" "$file"
  done
  exit 0
fi

if [[ $# -lt 5 ]] || [[ ! $1 =~ ^(baku|xxa|250|forbidden|black|all|pab0)$ ]]; then
  sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
  exit 2
fi
kind=$1 bbp=$2 out=$3 first=$4 count=$5
shift 5
specs=("$@")
mkdir -p "$out/cfg"
manifest=$out/manifest.tsv
log=$out/log.txt
if [[ ! -s $manifest ]]; then
  printf 'file\tkind\tplayers\trounds\thalf_byes\tzero_byes\tforfeits\tpab\tlate_entries\twithdrawals' > "$manifest"
  printf '\txxa\tr250\tr260\txxp\tforbidden_players\taccelerated_players\taccelerated_rounds' >> "$manifest"
  printf '\tcolour\tscoring\tga\tga_joined\trounds_changed\n' >> "$manifest"
fi
touch "$log"

# A deterministic number in [lo, hi] from the seed and a salt (as scripts/pairing-fixtures.sh).
draw() {
  local seed=$1 salt=$2 lo=$3 hi=$4
  local h=$(( (seed * 2654435761 + salt * 40503 + 12345) % 4294967296 ))
  h=$(( (h ^ (h >> 13)) * 1274126177 % 4294967296 ))
  echo $(( lo + (h >> 7) % (hi - lo + 1) ))
}

# The players' plan (as --entries): rating, entry round, withdrawal round (rounds+1: never),
# a half-point bye round (0: none). About 1 in 10 enters late (rounds 2-3), 1 in 10 withdraws,
# 1 in 12 asks for a half-point bye; for baku and all, 1 in 20 of the others asks for it in
# round 1 (so that the round-1 list, which makes the Baku groups, leaves players out).
extras_plan() {
  local seed=$1 players=$2 rounds=$3 kind=$4
  awk -v seed="$seed" -v n="$players" -v R="$rounds" -v kind="$kind" 'BEGIN {
    srand(seed)
    for (p = 1; p <= n; p++) rating[p] = 1200 + int(rand() * 1400)
    # Ratings sorted, highest first: the start numbers are the initial order (C.04.2).
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
      if (rating[j] > rating[i]) { t = rating[i]; rating[i] = rating[j]; rating[j] = t }
    for (p = 1; p <= n; p++) {
      entry = 1; leave = R + 1; half = 0
      if (rand() < (kind == "black" ? 0.25 : 0.1)) entry = 2 + int(rand() * 2)
      if (rand() < 0.1) leave = 2 + int(rand() * (R - 1))
      if (leave <= entry) leave = R + 1
      if (rand() < 0.08) half = entry + int(rand() * (R - entry))
      if ((kind == "baku" || kind == "all") && entry == 1 && half == 0 && rand() < 0.05) half = 1
      if (half >= leave || half == R) half = 0
      print p, rating[p], entry, leave, half
    }
  }'
}

# The extra records of a tournament, from its plan (awk, srand from the seed), and on the
# last line "#META ga ga_joined" (FIDE Baku group A: its last start number, and how many of
# its players were not in the round-1 list; 0 0 when the file has no Baku records).
extras_records() {
  local seed=$1 rounds=$2 kind=$3 plan=$4 games=${5:-/dev/null}
  [[ $games == none ]] && games=/dev/null
  awk -v seed="$seed" -v R="$rounds" -v kind="$kind" -v games="${5:-}" '
    FILENAME == ARGV[2] { ng++; game_r[ng] = $1; game_a[ng] = $2; game_b[ng] = $3; next }
    { entry[$1] = $3; half[$1] = $5; n = $1 }
    function ceil(x) { return (x == int(x)) ? x : int(x) + 1 }
    function pick(lo, hi) { return lo + int(rand() * (hi - lo + 1)) }
    # FIDE Baku (C.04.5.1): the last GA player, from the round-1 list.
    function baku_last(   p, m, k) {
      m = 0
      for (p = 1; p <= n; p++) if (entry[p] == 1 && half[p] != 1) m++
      k = 2 * ceil(m / 4); if (k > m) k = m
      m = 0
      for (p = 1; p <= n; p++) if (entry[p] == 1 && half[p] != 1 && ++m == k) return p
      return n
    }
    function baku_xxa(   p, r, s, A, full) {
      A = ceil(R / 2); full = ceil(A / 2); ga = baku_last()
      for (p = 1; p <= ga; p++) {
        s = sprintf("XXA %4d", p)
        for (r = 1; r <= A; r++) s = s sprintf(" %4.1f", r <= full ? 1 : 0.5)
        print s
        if (!(entry[p] == 1 && half[p] != 1)) joined++
      }
    }
    # Groups of 2-4 (siblings, clubmates): two groups in three (by chance) are players close
    # in the initial order (within max(3, n/10) start numbers of the first one drawn), who
    # would often meet; the others are drawn from the whole field.
    function forbidden(   d, m, i, j, t, p, size, g, r1, r2, s, left, w, c, cand, met, first) {
      d = 0.05 + rand() * 0.15; m = int(d * n + 0.5); if (m < 4) m = 4; if (m > n) m = n
      w = int(n / 10); if (w < 3) w = 3
      delete used
      i = 0; g = 0
      while (m - i >= 2) {
        left = m - i; size = pick(2, 4); if (size > left) size = left
        if (left - size == 1) size = (size < 4) ? size + 1 : size - 1
        # Room for a second group (a 260 after the first, an XXP).
        if (g == 0 && left - size < 2) size = left - 2
        delete grp
        # A pair that met in the run without forbidden pairs (three groups in five): the
        # group then binds at least in that round (its 260 range includes it).
        met = 0
        if (ng > 0 && rand() < 0.6) {
          for (t = 0; t < 20 && !met; t++) {
            j = pick(1, ng)
            if (!(game_a[j] in used) && !(game_b[j] in used)) met = j
          }
        }
        if (met) { grp[1] = game_a[met]; grp[2] = game_b[met]; used[grp[1]] = 1; used[grp[2]] = 1; first = 3 }
        else {
          do grp[1] = pick(1, n); while (grp[1] in used)
          used[grp[1]] = 1; first = 2
        }
        near = rand() < 0.67
        for (j = first; j <= size; j++) {
          c = 0
          if (near) for (p = grp[1] - w; p <= grp[1] + w; p++) if (p >= 1 && p <= n && !(p in used)) cand[++c] = p
          if (c > 0) grp[j] = cand[pick(1, c)]
          else do grp[j] = pick(1, n); while (grp[j] in used)
          used[grp[j]] = 1
        }
        # The group, in start order.
        for (j = 1; j <= size; j++) for (t = j + 1; t <= size; t++) if (grp[t] < grp[j]) { p = grp[j]; grp[j] = grp[t]; grp[t] = p }
        i += size; g++
        if (g == 1 || (g > 2 && rand() < 0.5)) {
          s = "XXP"; for (j = 1; j <= size; j++) s = s " " grp[j]
        } else {
          if (met) { r1 = pick(1, game_r[met]); r2 = pick(game_r[met], R) }
          else { r1 = pick(1, R); r2 = pick(r1, R) }
          s = sprintf("260 %3d %3d", r1, r2); for (j = 1; j <= size; j++) s = s sprintf(" %4d", grp[j])
        }
        print s
      }
    }
    function r250(   A, full, nl, l, pts, r1, r2, p1, p2, w) {
      A = ceil(R / 2); full = ceil(A / 2)
      if (seed % 2) {
        ga = baku_last()
        for (p = 1; p <= ga; p++) if (!(entry[p] == 1 && half[p] != 1)) joined++
        printf "250 %4s %4.1f %3d %3d %4d %4d\n", "", 1, 1, full, 1, ga
        printf "250 %4s %4.1f %3d %3d %4d %4d\n", "", 0.5, full + 1, A, 1, ga
        return
      }
      nl = pick(1, 4)
      for (l = 1; l <= nl; l++) {
        pts = pick(1, 4) * 0.5; r1 = pick(1, (R < 4) ? R : 4); r2 = pick(r1, (r1 + 2 < R) ? r1 + 2 : R)
        w = pick(1, (n > 3) ? int(n / 2) : 1); p1 = pick(1, n - w + 1); p2 = p1 + w - 1
        printf "250 %4s %4.1f %3d %3d %4d %4d\n", "", pts, r1, r2, p1, p2
      }
    }
    function xxa(   K, frac, p, len, r, s, c) {
      K = pick(1, (R - 1 < 4) ? R - 1 : 4); frac = 0.15 + rand() * 0.45; c = 0
      for (p = 1; p <= n; p++) {
        if (rand() >= frac && !(p == n && c == 0)) continue
        len = pick(1, K); s = sprintf("XXA %4d", p)
        for (r = 1; r <= len; r++) s = s sprintf(" %4.1f", pick(0, 4) * 0.5)
        print s; c++
      }
    }
    END {
      # The first draws of mawk after srand follow the seed closely: a few are thrown away.
      srand(seed * 7 + 3); for (i = 0; i < 10; i++) rand()
      ga = 0; joined = 0
      if (kind == "baku" || kind == "all") baku_xxa()
      if ((kind == "forbidden" || kind == "all") && games != "none") forbidden()
      if (kind == "250") r250()
      if (kind == "xxa") xxa()
      print "#META", ga, joined
    }' "$plan" "$games"
}

# The tournament file after round r (as --entries): the header, the records, and the players'
# lines with round r added. Reads the plan, the file so far and the pairs bbpPairings wrote
# (empty for mode "pending", which writes round r's byes and absences only, as bbpPairings's
# input asks). Points in tenths from the point system: win, draw, loss, pab.
extras_write() {
  local mode=$1 seed=$2 r=$3 R=$4 plan=$5 trf=$6 pairs=$7 header=$8 win=$9 draw=${10} pab=${11}
  awk -v mode="$mode" -v seed="$seed" -v r="$r" -v R="$R" -v win="$win" -v draw="$draw" -v pab="$pab" '
    FILENAME == ARGV[1] { head[++nh] = $0; next }
    FILENAME == ARGV[2] { rating[$1] = $2; entry[$1] = $3; leave[$1] = $4; half[$1] = $5; n = $1; next }
    FILENAME == ARGV[3] { if (/^001/) cells[substr($0, 5, 4) + 0] = substr($0, 90); next }
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
      for (i = 1; i <= nh; i++) print head[i]
      for (p = 1; p <= n; p++) {
        c = cells[p]
        if (r < entry[p] || r >= leave[p]) add = "0000 - Z"
        else if (r == half[p]) add = "0000 - H"
        else add = (p in cell) ? cell[p] : ""
        if (add != "") c = c "  " add
        points = 0
        for (k = 0; 10 * k + 8 <= length(c); k++) {
          res = substr(c, 10 * k + 10, 1)
          points += (res == "1" || res == "+") ? win : (res == "U") ? pab : (res == "=" || res == "H") ? draw : 0
        }
        printf "001 %4d      %-33s %4d%28s%4.1f %4d%s\n", p, sprintf("Player %04d", p), rating[p], "", points / 10, p, c
      }
    }' "$header" "$plan" "$trf" "$pairs"
}

# The header of a tournament file (012, XXR, 192, the initial colour, the point system, the
# extra records); GAMES: "none" for no forbidden pairs, else the games they are drawn from.
extras_header() {
  local seed=$1 rounds=$2 kind=$3 plan=$4 games=$5
  echo "012 Extras $kind $seed"
  echo "XXR $rounds"
  echo "192 FIDE_DUTCH_2025"
  case $kind in
    all) echo "152 B" ;;
    black) if ((seed % 3 == 0)); then echo "XXC black1"; else echo "152 B"; fi ;;
    *) echo "XXC white1" ;;
  esac
  if [[ $kind == pab0 ]]; then
    if ((seed % 2)); then
      echo "162  W 3.0    D 1.0    L 0.0    P 0.0"
    else
      printf 'BBW  3.0\nBBD  1.0\nBBL  0.0\nBBU  0.0\n'
    fi
  fi
  extras_records "$seed" "$rounds" "$kind" "$plan" "$games" | grep -v '^#META' || true
}

# Rounds 1..R of the file TRF, each paired by bbpPairings from the rounds before.
extras_rounds() {
  local bbp=$1 dir=$2 seed=$3 rounds=$4 kind=$5 plan=$6 header=$7 trf=$8
  local work=$dir/work.trf pairs=$dir/work.pairs r win=10 draw=5 pab=10
  if [[ $kind == pab0 ]]; then win=30 draw=10 pab=0; fi
  : > "$trf"
  for ((r = 1; r <= rounds; r++)); do
    : > "$pairs"
    extras_write pending "$seed" "$r" "$rounds" "$plan" "$trf" "$pairs" "$header" $win $draw $pab > "$work"
    "$bbp" --dutch "$work" -p "$pairs" > "$dir/gen.out" 2>&1 || return $?
    extras_write played "$seed" "$r" "$rounds" "$plan" "$trf" "$pairs" "$header" $win $draw $pab > "$work"
    mv "$work" "$trf"
  done
  rm -f "$pairs"
}

# One tournament. For forbidden and all, a first run without forbidden pairs gives the games
# (cfg/<name>.games: round, player, opponent) that most groups are drawn around, so that they
# bind; the file kept is the second run, with them.
extras_tournament() {
  local bbp=$1 dir=$2 seed=$3 players=$4 rounds=$5 name=$6 kind=$7
  local base=${name%.trf}
  local plan=$dir/cfg/$base.plan header=$dir/cfg/$base.header games=none
  extras_plan "$seed" "$players" "$rounds" "$kind" > "$plan"
  if [[ $kind == forbidden || $kind == all ]]; then
    games=$dir/cfg/$base.games
    extras_header "$seed" "$rounds" "$kind" "$plan" none > "$header"
    extras_rounds "$bbp" "$dir" "$seed" "$rounds" "$kind" "$plan" "$header" "$dir/pass1.trf" || return $?
    awk '/^001/ { for (k = 0; 92 + 10 * k <= length($0); k++) {
        c = substr($0, 92 + 10 * k, 8); o = substr(c, 1, 4) + 0
        if (o > substr($0, 5, 4) + 0) print k + 1, substr($0, 5, 4) + 0, o } }' "$dir/pass1.trf" > "$games"
    rm -f "$dir/pass1.trf"
  fi
  extras_header "$seed" "$rounds" "$kind" "$plan" "$games" > "$header"
  extras_records "$seed" "$rounds" "$kind" "$plan" "$games" | awk '/^#META/ { print $2, $3 }' > "$dir/cfg/$base.meta"
  extras_rounds "$bbp" "$dir" "$seed" "$rounds" "$kind" "$plan" "$header" "$dir/$name" || return $?
  rm -f "$header"
}

# What the manifest records about a finished file (see SOURCE.txt), from the file itself and
# the Baku group kept in cfg/<name>.meta.
stats() {
  local file=$1 rounds=$2 meta=$3
  awk -v rounds="$rounds" -v meta="$(cat "$meta")" '
    /^001/ {
      last_played = 0
      for (r = 1; r <= rounds; r++) {
        s = 92 + 10 * (r - 1); opp = substr($0, s, 4) + 0; res = substr($0, s + 7, 1)
        if (res == "H") h++
        if (res == "Z") { z++; if (r == 1) late++ }
        else last_played = r
        if (res == "U") u++
        if (opp > 0 && (res == "+" || res == "-")) f++
      }
      if (last_played < rounds && last_played > 0) wd++
      next
    }
    # Virtual points as bbpPairings reads them: XXA appends, 250 overwrites its range.
    /^XXA/ { xxa++; p = substr($0, 5, 4) + 0
      for (i = 10; i + 3 <= length($0); i += 5) acc[p, ++len[p]] = substr($0, i, 4) + 0
      next }
    /^250/ { r250++; v = substr($0, 10, 4) + 0; r1 = substr($0, 15, 3) + 0; r2 = substr($0, 19, 3) + 0
      for (p = substr($0, 23, 4) + 0; p <= substr($0, 28, 4) + 0; p++) {
        while (len[p] < r1 - 1) acc[p, ++len[p]] = 0
        for (r = r1; r <= r2; r++) acc[p, r] = v
        if (len[p] < r2) len[p] = r2
      }
      next }
    /^260/ { r260++; for (i = 13; i + 3 <= length($0); i += 5) fp[substr($0, i, 4) + 0] = 1; next }
    /^XXP/ { xxp++; for (i = 2; i <= NF; i++) fp[$i + 0] = 1; next }
    /^152 / { colour = "152_" substr($0, 5, 1); next }
    /^XXC/ { colour = "XXC_" $2; next }
    /^162/ { scoring = "3-1-0_P0_162"; next }
    /^BBU/ { scoring = "3-1-0_P0_BB"; next }
    END {
      for (k in fp) nf++
      for (k in len) {
        any = 0
        for (r = 1; r <= len[k]; r++) if (acc[k, r] > 0) { any = 1; if (r > ar) ar = r }
        ap += any
      }
      split(meta, m, " ")
      printf "%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%s\t%s\t%d\t%d", \
        h, z, f / 2, u, late, wd, xxa, r250, r260, xxp, nf, ap, ar, colour, \
        scoring == "" ? "1-0.5-0" : scoring, m[1], m[2]
    }' "$file"
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
  name=$kind-$seed-p$players-r$rounds.trf
  rc=0
  extras_tournament "$bbp" "$out" "$seed" "$players" "$rounds" "$name" "$kind" || rc=$?
  if [[ $rc -eq 1 ]]; then
    echo "seed $seed ($kind): no valid pairing ($players players, $rounds rounds), skipped: $(tr '\n' ' ' < "$out/gen.out")" >> "$log"
    rm -f "$out/$name" "$out/work.trf" "$out/work.pairs" "$out/pass1.trf" "$out/cfg/${name%.trf}".*
    skipped=$((skipped + 1))
    continue
  elif [[ $rc -ne 0 ]]; then
    echo "seed $seed ($kind): bbpPairings exit $rc: $(cat "$out/gen.out")" >&2
    exit 1
  fi
  if [[ -n ${PAIRING_FIXTURES_QUICK:-} ]]; then
    # The validation harness (scripts/validate-pairings.sh) compares every round itself and
    # needs neither bbpPairings's re-check, nor the boards, nor rounds_changed: a third of the time.
    printf '%s\t%s\t%s\t%s\t%s\t-\n' "$name" "$kind" "$players" "$rounds" \
      "$(stats "$out/$name" "$rounds" "$out/cfg/${name%.trf}.meta")" >> "$manifest"
    made=$((made + 1))
    continue
  fi
  checked=$(check "$bbp" "$out/$name")
  if [[ -n $checked ]]; then
    echo "seed $seed ($kind): bbpPairings -c disagrees with $name:" >&2
    echo "$checked" >&2
    exit 1
  fi
  boards "$bbp" "$out/$name" || exit 1
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$kind" "$players" "$rounds" \
    "$(stats "$out/$name" "$rounds" "$out/cfg/${name%.trf}.meta")" \
    "$(rounds_changed "$bbp" "$out/$name")" >> "$manifest"
  made=$((made + 1))
done
rm -f "$out/gen.out"
echo "$kind seeds $first-$((first + count - 1)): $made tournaments made, checked and boarded, $skipped skipped (no valid pairing), $(( $(date +%s) - start )) s" | tee -a "$log"
