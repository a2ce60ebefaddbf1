#!/usr/bin/env python3
"""Writes the inputs of the memory figures of docs/performance.md (issue 19, item 26) into a folder:
players1m.csv, 1,000,000 distinct players who play one game each (10.6 MB), and
games1m.pgn, a million tiny PGN games among 1,000 players (50.8 MB).

    python3 scripts/memory-inputs.py /tmp/mem
    cargo build --profile cli -p ratings-lab-cli
    /usr/bin/time -v target/cli/ratings-lab rate /tmp/mem/players1m.csv > /dev/null
"""
import os
import random
import sys

folder = sys.argv[1] if len(sys.argv) > 1 else "."
os.makedirs(folder, exist_ok=True)
random.seed(1)
n = 1_000_000
order = list(range(n))
random.shuffle(order)
results = ["1-0", "0-1", "1/2-1/2"]
with open(os.path.join(folder, "players1m.csv"), "w") as f:
    f.write("white,black,result\n")
    for i in range(0, n, 2):
        f.write(f"p{order[i]},p{order[i + 1]},{results[i % 3]}\n")
with open(os.path.join(folder, "games1m.pgn"), "w") as f:
    for i in range(n):
        a, b = i % 1000, (i * 7 + 1) % 1000
        if a == b:
            b = (b + 1) % 1000
        f.write(f'[White "P{a}"]\n[Black "P{b}"]\n[Result "1-0"]\n\n1-0\n\n')
