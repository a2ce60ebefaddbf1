"""Reference values for the FIDE rating report from an independent implementation.

Runs elochess 0.5.0 (https://pypi.org/project/elochess/, MIT, by Moritz Eckert: FIDE's table
8.1.2 and the 400-point rule with the 2650 exception, "confirmed to be accurate in a large
number of real scenarios") on a TRF file and prints, per rated player, what elochess computes:
K, the sum of expected scores, K x (score - expected) unrounded, and its new rating (Python's
round: ties to even, unlike B.02 8.3.4's 0.5 away from zero, which the test allows for).

This script only reads the file and chooses the games (over the board, 1 = 0, against a rated
opponent: B.02 5.1 and 8.3.1); the expected scores, K and the change are elochess's. K follows
the report's defaults, given to elochess as its inputs: reached_2400 when rated 2400 or more,
30 games played, the year of birth and the event's year from the file.

    pip install elochess==0.5.0
    python3 elochess_reference.py reference.trf > reference.elochess.json
"""

import json
import re
import sys

from elochess.elo.elo_calculator import EloCalculator
from elochess.elo.expected_score import get_expected_score


def players(path):
    """Start number -> (rating or None, year of birth or None, [(opponent, result)])."""
    out = {}
    year = None
    for line in open(path, encoding="utf-8", errors="replace"):
        line = line.rstrip("\r\n")
        if line[:3] in ("042", "052") and year is None:
            m = re.search(r"(19|20|21)\d\d", line[4:])
            year = int(m.group(0)) if m else None
        if not line.startswith("001"):
            continue
        start = int(line[4:8])
        rating = line[48:52].strip()
        born = re.match(r"\d{4}", line[69:79].strip())
        games = []
        for i in range(91, len(line), 10):
            block = line[i:i + 8].ljust(8)
            opp, res = block[0:4].strip(), block[7].upper()
            if opp and opp != "0000" and res in "1=0":
                games.append((int(opp), res))
        out[start] = (int(rating) if rating and int(rating) > 0 else None, int(born.group(0)) if born else None, games)
    return out, year


def main(path):
    table, year = players(path)
    result = {}
    for start, (rating, born, games) in sorted(table.items()):
        if rating is None:
            continue
        rated = [(table[o][0], {"1": 1.0, "=": 0.5, "0": 0.0}[r]) for o, r in games if o in table and table[o][0] is not None]
        below = rating < 2650
        expected = sum(get_expected_score(rating - o, below) for o, _ in rated)
        score = sum(s for _, s in rated)
        k = EloCalculator._get_k_factor(rating, born if born else 1900, year, 30, rating >= 2400)
        new = EloCalculator.update_rating(rating, [o for o, _ in rated], score, birth_year=born if born else 1900,
                                          evaluation_year=year, games_played=30, reached_2400=rating >= 2400)
        result[str(start)] = {"k": k, "games": len(rated), "expected": round(expected, 6),
                              "change_exact": round(k * (score - expected), 6), "new_rating": new}
    json.dump({"generator": "elochess 0.5.0", "year": year, "players": result}, sys.stdout, indent=1, sort_keys=True)
    print()


if __name__ == "__main__":
    main(sys.argv[1])
