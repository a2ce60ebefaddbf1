#!/usr/bin/env python3
"""Round robins with players who withdrew, for the standings' test of FIDE Tournament Rules
C.06 V.4 (a player who leaves a round robin having played fewer than half of their games is
not counted in the final standings; FIDE's checklist Q103).

Writes, into the folder given, each tournament twice: as played (the leaver's later games lost
by forfeit, their opponents' won) and as the standings count it: without each leaver under
half (their record removed, their opponents' rounds against them left blank, the others
numbered on without a gap, the points declared again). TieBreakServer's standings of the second are the reference for ours of the
first (engine/tests/data/tiebreak/tiebreakserver_rr_withdrawals_trf/SOURCE.txt).

    scripts/make-rr-withdrawals.py engine/tests/data/tiebreak/tiebreakserver_rr_withdrawals_trf

The pairings are C.05's Berger tables. Results are drawn from the players' ratings (Elo's expectation, a third of the closer games
drawn) with a fixed seed. Standard library only.
"""

import random
import sys
from pathlib import Path

NAMES = ["Ada", "Bert", "Cleo", "Dara", "Emil", "Fay", "Gus", "Hana", "Ivo", "Jule"]


def berger_round(n, t):
    """Table round `t` of FIDE's Berger tables for `n` (even) players (C.05 Annex 1)."""
    q, m = n - 1, n // 2
    boards = []
    for k in range(1, m + 1):
        a = 1 + (k - 1 + (t - 1) * m) % q
        if k == 1:
            boards.append((a, n) if t % 2 == 1 else (n, a))
        else:
            boards.append((a, 1 + (t + q - a) % q))
    return boards


def schedule(players, cycles):
    """Every round's boards (white, black) by C.05's Berger tables, start numbers as Berger
    numbers; 0 for no one (an odd count's rest). A double round robin plays the first cycle's
    last two rounds in reverse order (Annex 1's recommendation) and the second cycle with the
    colours reversed."""
    n = players + players % 2
    q = n - 1
    out = []
    for r in range(1, q * cycles + 1):
        reverse = r > q
        t = r - q if reverse else r
        if cycles == 2 and not reverse:
            t = q if r + 1 == q else (q - 1 if r == q else r)
        boards = [(b, a) if reverse else (a, b) for a, b in berger_round(n, t)]
        out.append([(0 if w > players else w, 0 if b > players else b) for w, b in boards])
    return out


def result(rng, ra, rb):
    e = 1 / (1 + 10 ** ((rb - ra) / 400))
    if abs(e - 0.5) < 0.25 and rng.random() < 1 / 3:
        return "=", "="
    return ("1", "0") if rng.random() < e else ("0", "1")


def play(n, cycles, played, leaves, seed):
    """Every player's rounds: {round: (opponent, colour, result)}; `leaves` maps a start number
    to the first round they lose by forfeit; `played` the rounds in the file."""
    rng = random.Random(seed)
    ratings = {p: 2300 - 40 * p + rng.randint(-30, 30) for p in range(1, n + 1)}
    rounds = {p: {} for p in range(1, n + 1)}
    for r, boards in enumerate(schedule(n, cycles)[:played], start=1):
        for w, b in boards:
            if 0 in (w, b):
                continue
            gone_w, gone_b = leaves.get(w, 99) <= r, leaves.get(b, 99) <= r
            if gone_w or gone_b:
                rw, rb = ("-", "-") if gone_w and gone_b else (("-", "+") if gone_w else ("+", "-"))
            else:
                rw, rb = result(rng, ratings[w], ratings[b])
            rounds[w][r] = (b, "w", rw)
            rounds[b][r] = (w, "b", rb)
    return ratings, rounds


POINTS = {"1": 1.0, "=": 0.5, "0": 0.0, "+": 1.0, "-": 0.0}


def record(p, rating, rounds, played, without=()):
    """Player `p`'s 001 record; the players `without` removed and the others numbered on
    (TieBreakServer reads start numbers as places in its list: no gaps)."""
    number = lambda q: q - sum(1 for w in without if w < q)
    cells, points = "", 0.0
    for r in range(1, played + 1):
        g = rounds.get(r)
        if g is None or g[0] in without:
            cells += " " * 10
            continue
        cells += f"  {number(g[0]):4d} {g[1]} {g[2]}"
        points += POINTS[g[2]]
    name, n = NAMES[p - 1], number(p)
    # No declared rank (0): the standings are what the test computes.
    line = f"001 {n:4d} m    {name:<34}{rating:4d} NOR {0:11d} 1990/01/01 {points:4.1f} {0:4d}{cells}"
    return line.rstrip(), points


def write(path, title, n, cycles, total, played, ratings, rounds, without=(), marks=()):
    kept = [p for p in range(1, n + 1) if p not in without]
    system = "FIDE_DOUBLEROUNDROBIN" if cycles == 2 else "FIDE_ROUNDROBIN"
    lines = [f"012 {title}", "042 2026/11/01", f"062 {len(kept)}", f"142 {total}", "092 Individual: Round-Robin", f"192 {system}"]
    lines += [record(p, ratings[p], rounds[p], played, without)[0] for p in kept]
    lines += list(marks)
    Path(path).write_text("\n".join(lines) + "\n")


def main():
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    # Eight players, single round robin, complete: Emil (#5) leaves after 3 of his 7 games
    # (under half: not counted); Hana (#8) after 4 of 7 (at least half: counted).
    ratings, rounds = play(8, 1, 7, {5: 4, 8: 5}, seed=103)
    write(out / "rr8_withdrawals.trf", "Round robin, two withdrawals", 8, 1, 7, 7, ratings, rounds)
    write(out / "rr8_withdrawals.without_5.trf", "Round robin, two withdrawals, without #5", 8, 1, 7, 7, ratings, rounds, without=(5,))
    # Six players, double round robin, after round 7 of 10: Bert (#2) withdrawn from round 5
    # (the desk's mark), 4 of his 10 games played: not counted, though the event goes on.
    ratings, rounds = play(6, 2, 7, {2: 5}, seed=1030)
    mark = ["### withdrawn 2 from round 5"]
    write(out / "drr6_withdrawn.trf", "Double round robin, a withdrawal", 6, 2, 10, 7, ratings, rounds, marks=mark)
    write(out / "drr6_withdrawn.without_2.trf", "Double round robin, without #2", 6, 2, 10, 7, ratings, rounds, without=(2,))


if __name__ == "__main__":
    main()
