#!/usr/bin/env python3
"""A field before round 1 of a Swiss open, as a TRF file on stdout: N players whose ratings
are spread like a federation's (log-strength sd 1.5, i.e. about 260 Elo, around 1500, kept
within 1000-2850), in rating order, 11 rounds (XXR), White to the top player (XXC).
The pairing benchmark's input (scripts/bench-pairing-sizes.sh; docs/performance.md).

    python3 scripts/pairing-field.py N [SEED] > field.trf
"""
import random, math, sys
n = int(sys.argv[1]); seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
rng = random.Random(seed)
r = sorted((round(1500 + 1.5 * rng.gauss(0, 1) * 400 / math.log(10)) for _ in range(n)), reverse=True)
r = [min(max(x, 1000), 2850) for x in r]
out = ["012 Field %d" % n, "XXR 11", "XXC white1"]
for i, x in enumerate(r, 1):
    name = ("Player%05d" % i).ljust(33)
    out.append("001 %4d      %s %4d" % (i, name, x) + " " * 28 + " 0.0 %4d" % i)
sys.stdout.write("\n".join(out) + "\n")
