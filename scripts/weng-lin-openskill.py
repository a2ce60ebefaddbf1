"""Writes engine/tests/data/weng_lin/openskill_pl.json: a generated league of events rated by
openskill's Plackett-Luce model (openskill.py, MIT; Weng & Lin 2011, Algorithm 4) at its
defaults (mu 25, sigma 25/3, beta 25/6, kappa 0.0001, tau 25/300), for engine/tests/weng_lin.rs.

Events of 2-5 teams of 1-3 players, places with ties; each event's teams (player numbers) and
places are written with its players' skills after it, so the test replays the league event by
event and compares every update. Run: python3 -m venv /tmp/venv && /tmp/venv/bin/pip install openskill==6.2.0 &&
/tmp/venv/bin/python scripts/weng-lin-openskill.py
"""

import json
import pathlib
import random

import openskill
from openskill.models import PlackettLuce

PLAYERS = 24
EVENTS = 100


def main():
    rng = random.Random(39)
    model = PlackettLuce()
    skills = [model.rating() for _ in range(PLAYERS)]
    events = []
    for _ in range(EVENTS):
        k = rng.randint(2, 5)
        chosen = rng.sample(range(PLAYERS), k * 3)
        teams = [chosen[3 * t : 3 * t + rng.randint(1, 3)] for t in range(k)]
        places = [rng.randint(1, k) for _ in range(k)]
        out = model.rate([[skills[p] for p in team] for team in teams], ranks=list(places))
        for team, new in zip(teams, out):
            for p, r in zip(team, new):
                skills[p] = model.rating(mu=r.mu, sigma=r.sigma)
        after = [[[skills[p].mu, skills[p].sigma] for p in team] for team in teams]
        events.append({"teams": teams, "places": places, "after": after})
    doc = {
        "source": f"openskill.py {openskill.__version__} PlackettLuce() defaults",
        "params": {"mu": 25.0, "sigma": 25.0 / 3.0, "beta": 25.0 / 6.0, "kappa": 0.0001, "tau": 25.0 / 300.0},
        "players": PLAYERS,
        "events": events,
    }
    path = pathlib.Path(__file__).resolve().parent.parent / "engine/tests/data/weng_lin/openskill_pl.json"
    path.write_text(json.dumps(doc, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
