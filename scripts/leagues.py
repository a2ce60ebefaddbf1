#!/usr/bin/env python3
"""Writes the generated leagues of docs/performance.md ("File to JSON") as CSV `white,black,result`.

A league like a real federation's: each player's Bradley-Terry strength is exp(N(0, 1.5^2))
(log-strength standard deviation 1.5, about 260 Elo), drawn once per player in the order of
their names ("Player 0", "Player 1", ...), so a name says nothing of its strength. A game is a
draw with probability 0.2 whatever the strengths (as in the engine's benchmarks,
engine/tests/common/mod.rs `play`); otherwise white wins with the Bradley-Terry probability
s_white / (s_white + s_black). Two pairings:

* random: white uniform among the players, black uniform among the others;
* near: white uniform among the players, black uniform among white's `--nearest` nearest
  players by strength (half above, half below; at the ends of the field the window is moved
  inwards): a league of divisions, where players meet their own level, as in a Swiss.

The same flags and seed write the same bytes (Python 3's `random.Random(seed)`, standard library
only). Usage:

    python3 scripts/leagues.py --players 10000 --games 100000 --out /tmp/league-100k.csv
    python3 scripts/leagues.py --players 100000 --games 1000000 --out /tmp/league-1m.csv
    python3 scripts/leagues.py --players 100000 --games 1000000 --pairing near --out /tmp/near-1m.csv
    nice cargo build --profile cli -p ratings-lab-cli
    /usr/bin/time -v target/cli/ratings-lab rate /tmp/league-1m.csv --format json > /dev/null

Flags: --players N (10000), --games M (100000), --pairing random|near (random), --nearest K
(100; near only), --spread SD (1.5), --draws P (0.2), --seed S (1), --days D (0), --out FILE
(standard output when not given).

With --days D > 0 the games are dated, as a federation's history is: a fourth column `date`,
game i (from 0) played on 2020-01-01 plus floor(i * D / M) days, so the games spread evenly over
D days in the file's order (1,825 days: five years, about 20 games a player over them in the
million-game league). The draws of the generator are the same, so the first three columns are
the undated file's, byte for byte. Without dates a time-based method (Glicko, WHR) takes each
game as a period of its own (docs/methods.md, 5a).
"""
import argparse
import datetime
import math
import random
import sys


def main():
    ap = argparse.ArgumentParser(description="Write a generated league as CSV white,black,result.")
    ap.add_argument("--players", type=int, default=10_000)
    ap.add_argument("--games", type=int, default=100_000)
    ap.add_argument("--pairing", choices=["random", "near"], default="random")
    ap.add_argument("--nearest", type=int, default=100, help="near: opponents among this many nearest by strength")
    ap.add_argument("--spread", type=float, default=1.5, help="standard deviation of the log-strengths")
    ap.add_argument("--draws", type=float, default=0.2, help="probability of a draw")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--days", type=int, default=0, help="date the games, spread evenly over this many days (0: no dates)")
    ap.add_argument("--out", help="the CSV file (standard output when not given)")
    a = ap.parse_args()
    n = a.players
    if n < 2 or a.games < 0 or a.days < 0:
        sys.exit("leagues.py: need at least 2 players, and no negative games or days")
    k = max(1, min(a.nearest, n - 1))

    rng = random.Random(a.seed)
    log_strength = [rng.gauss(0.0, a.spread) for _ in range(n)]
    # Players in order of strength, and each player's place in it (for the near pairing).
    order = sorted(range(n), key=lambda i: (log_strength[i], i))
    place = [0] * n
    for p, i in enumerate(order):
        place[i] = p
    names = [f"Player {i}" for i in range(n)]

    out = open(a.out, "w", newline="") if a.out else sys.stdout
    lines = ["white,black,result,date\n" if a.days else "white,black,result\n"]
    first_day = datetime.date(2020, 1, 1)
    for g in range(a.games):
        w = rng.randrange(n)
        if a.pairing == "random":
            b = rng.randrange(n - 1)
            if b >= w:
                b += 1
        else:
            # The window of k + 1 places holding w and its k nearest, moved inwards at the ends.
            lo = min(max(place[w] - k // 2, 0), n - 1 - k)
            p = lo + rng.randrange(k)
            if p >= place[w]:
                p += 1
            b = order[p]
        if rng.random() < a.draws:
            result = "1/2-1/2"
        else:
            win = 1.0 / (1.0 + math.exp(log_strength[b] - log_strength[w]))
            result = "1-0" if rng.random() < win else "0-1"
        if a.days:
            day = first_day + datetime.timedelta(days=g * a.days // a.games)
            lines.append(f"{names[w]},{names[b]},{result},{day.isoformat()}\n")
        else:
            lines.append(f"{names[w]},{names[b]},{result}\n")
        if len(lines) >= 65536:
            out.write("".join(lines))
            lines.clear()
    out.write("".join(lines))
    if out is not sys.stdout:
        out.close()


if __name__ == "__main__":
    main()
