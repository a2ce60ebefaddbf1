#!/usr/bin/env python3
"""A field before round 1 of a Swiss open, as a TRF file on stdout: N players whose ratings
are spread like a federation's (log-strength sd 1.5, i.e. about 260 Elo, around 1500, kept
within 1000-2850), in rating order, 11 rounds (XXR), White to the top player (XXC).
The pairing benchmark's input (scripts/bench-pairing-sizes.sh; docs/performance.md).

    python3 scripts/pairing-field.py N [SEED] > field.trf
    python3 scripts/pairing-field.py --play PAIRED.trf [SEED] > played.trf

`--play` fills in the results of the last round of a TRF file whose last round is paired
with results blank (`ratings-lab pair --format trf` writes it so): each game won by the
Elo expectation of the ratings, a fifth of games drawn, the PAB a win, and the points column
brought up to date; so a round 2 (or later) can be timed on the same field by both engines.
"""
import sys


def play(path, seed):
    rng = random.Random(seed)
    lines = open(path).read().splitlines()
    rating, block = {}, {}
    for i, l in enumerate(lines):
        if l.startswith("001 "):
            start = int(l[4:8])
            rating[start] = int(l[48:52] or 1500)
            block[start] = (i, len(l) - 8)
    outcome = {}
    for start, (i, at) in block.items():
        l = lines[i]
        opp = l[at + 2:at + 6].strip()
        if opp in ("", "0000", "0"):
            res = "U"
        else:
            o = int(opp)
            if (o, start) in outcome:
                res = {"1": "0", "0": "1", "=": "="}[outcome[(o, start)]]
            else:
                e = 1 / (1 + 10 ** ((rating[o] - rating[start]) / 400))
                u = rng.random()
                res = "=" if u < 0.2 else ("1" if rng.random() < e else "0")
            outcome[(start, o)] = res
        points = float(l[80:84] or 0) + {"1": 1, "U": 1, "=": 0.5, "0": 0}[res]
        l = l[:80] + "%4.1f" % points + l[84:].rstrip() + " " + res
        lines[i] = l
    sys.stdout.write("\n".join(lines) + "\n")
import random, math, sys
if sys.argv[1] == '--play':
    play(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 1)
    sys.exit(0)
n = int(sys.argv[1]); seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
rng = random.Random(seed)
r = sorted((round(1500 + 1.5 * rng.gauss(0, 1) * 400 / math.log(10)) for _ in range(n)), reverse=True)
r = [min(max(x, 1000), 2850) for x in r]
out = ["012 Field %d" % n, "XXR 11", "XXC white1"]
for i, x in enumerate(r, 1):
    name = ("Player%05d" % i).ljust(33)
    out.append("001 %4d      %s %4d" % (i, name, x) + " " * 28 + " 0.0 %4d" % i)
sys.stdout.write("\n".join(out) + "\n")
