#!/usr/bin/env python3
"""Makes the Plackett–Luce fixtures of engine/tests/data/plackett_luce/ (issue 39).

Three generated leagues of 60 players (log-strengths of sd 1.5), 800 events of 3–8 players,
each ranking drawn from Plackett–Luce (the Gumbel-max trick), and their maximum-likelihood
log-strengths, centred to mean 0:

* full.json: full rankings, fitted by choix's ilsr_rankings and (as top-1 choices: winner
  against the rest, place by place) ilsr_top1 and mm_top1, alpha 0; the three must agree.
* topk.json: a third of the events top-k (the rest of their players unranked), as top-1
  choices by choix's ilsr_top1 and mm_top1, alpha 0.
* levels.json (`--levels` writes only it): 400 players who meet their own level, log-strengths
  of sd 1.5 rising along the list, 3,000 events of 4 players within 12 places of one another,
  full rankings, fitted by choix's ilsr_rankings and ilsr_top1 (MM, the slow mode this league
  is made to show, would need millions of iterations): the engine takes its coarse correction
  there.
* ties.json: full rankings with some places tied (two or three players), fitted by direct
  maximisation of the Davidson–Luce log-likelihood (Firth, Kosmidis & Turner 2019: a tie of t
  at a stage weighs delta * (prod x)^(1/t), every subset of up to D players, D the largest
  tie, in each stage's denominator; one delta for every t >= 2, as the engine takes it) with
  scipy's BFGS on the log-strengths and log delta; the estimated delta is recorded, and at it
  the engine's fit (delta fixed) must give the same strengths.

choix (MIT) and scipy (BSD) are independent references: neither's code is in the engine.
Run: python3 -m venv /tmp/venv && /tmp/venv/bin/pip install choix numpy scipy &&
     /tmp/venv/bin/python scripts/make-plackett-luce-fixtures.py [--levels]
"""
import itertools
import json
import os
import sys

import choix
from importlib.metadata import version
import numpy as np
import scipy
import scipy.optimize
import scipy.sparse
import scipy.sparse.csgraph

OUT = os.path.join(os.path.dirname(__file__), "..", "engine", "tests", "data", "plackett_luce")
N, M = 60, 800


def league(seed, topk_share=0.0):
    rng = np.random.default_rng(seed)
    r = rng.normal(0.0, 1.5, N)
    events = []
    for _ in range(M):
        size = int(rng.integers(3, 9))
        who = rng.choice(N, size, replace=False)
        order = who[np.argsort(-(r[who] + rng.gumbel(size=size)))]
        ranked = int(rng.integers(1, size)) if rng.random() < topk_share else size
        places = [[int(p), k + 1] for k, p in enumerate(order[:ranked])]
        events.append({"places": places, "unranked": [int(p) for p in order[ranked:]]})
    return events


def levels(seed, n=400, m=3000, size=4, reach=12):
    """Players who meet their own level: each event `size` players within `reach` places. The
    first seed from `seed` on whose every player has a finite maximum (the graph of who
    finished above whom strongly connected)."""
    while True:
        rng = np.random.default_rng(seed)
        r = np.sort(rng.normal(0.0, 1.5, n))
        events, above = [], scipy.sparse.lil_matrix((n, n))
        for _ in range(m):
            low = int(rng.integers(0, n - reach + 1))
            who = low + rng.choice(reach, size, replace=False)
            order = who[np.argsort(-(r[who] + rng.gumbel(size=size)))]
            events.append({"places": [[int(p), k + 1] for k, p in enumerate(order)], "unranked": []})
            for a, b in zip(order, order[1:]):
                above[a, b] = 1
        parts, _ = scipy.sparse.csgraph.connected_components(above.tocsr(), connection="strong")
        if parts == 1:
            return events
        seed += 1000


def top1(events):
    """Each stage as a top-1 choice (winner, everyone still in)."""
    out = []
    for e in events:
        ranked = [p for p, _ in e["places"]]
        rest = ranked + e["unranked"]
        for k, w in enumerate(ranked):
            losers = tuple(rest[k + 1:])
            if losers:
                out.append((w, losers))
    return out


def centred(v):
    v = np.asarray(v, dtype=float)
    return v - v.mean()


def fit_choix(events, full, n=N, mm=True):
    data = top1(events)
    fits = {"ilsr_top1": choix.ilsr_top1(n, data, alpha=0.0, max_iter=100000, tol=1e-14)}
    if mm:
        fits["mm_top1"] = choix.mm_top1(n, data, alpha=0.0, max_iter=1000000, tol=1e-14)
    if full:
        rankings = [tuple(p for p, _ in e["places"]) for e in events]
        fits["ilsr_rankings"] = choix.ilsr_rankings(n, rankings, alpha=0.0, max_iter=100000, tol=1e-14)
    fits = {k: centred(v) for k, v in fits.items()}
    ref = fits["ilsr_top1"]
    spread = max(float(np.abs(v - ref).max()) for v in fits.values())
    assert spread < 1e-8, spread
    return ref, sorted(fits), spread


def tie_some(events, seed):
    """Ties two (and sometimes three) neighbouring places in about a quarter of the events."""
    rng = np.random.default_rng(seed)
    for e in events:
        pl = e["places"]
        if rng.random() < 0.25:
            k = int(rng.integers(0, len(pl) - 1))
            t = 3 if rng.random() < 0.3 and k + 2 < len(pl) else 2
            for j in range(k + 1, k + t):
                pl[j][1] = pl[k][1]
            # Renumber competition style: the next place after a tie of t skips t - 1.
    return events


def stages(e):
    """(chosen, risk set) per stage, a tie being one stage."""
    pl = e["places"]
    out, k = [], 0
    everyone = [p for p, _ in pl] + e["unranked"]
    while k < len(pl):
        end = k
        while end < len(pl) and pl[end][1] == pl[k][1]:
            end += 1
        out.append(([p for p, _ in pl[k:end]], everyone[k:]))
        k = end
    return out


def davidson_luce(theta, prepared, D):
    """Minus the log-likelihood and its gradient; theta = (log-strengths, log delta)."""
    r, ld = theta[:-1], theta[-1]
    delta = np.exp(ld)
    value, grad = 0.0, np.zeros_like(theta)
    for chosen, subsets in prepared:
        t = len(chosen)
        value += r[chosen].mean() + (ld if t > 1 else 0.0)
        grad[chosen] += 1.0 / t
        if t > 1:
            grad[-1] += 1.0
        weights = np.array([np.exp(r[list(h)].mean()) * (delta if len(h) > 1 else 1.0) for h in subsets])
        total = weights.sum()
        value -= np.log(total)
        for w, h in zip(weights, subsets):
            grad[list(h)] -= w / total / len(h)
            if len(h) > 1:
                grad[-1] -= w / total
    return -value, -grad


def fit_ties(events):
    D = max(len(c) for e in events for c, _ in stages(e))
    prepared = []
    for e in events:
        for chosen, risk in stages(e):
            subsets = [h for k in range(1, D + 1) for h in itertools.combinations(risk, k)]
            prepared.append((chosen, subsets))
    theta = np.zeros(N + 1)
    res = scipy.optimize.minimize(davidson_luce, theta, args=(prepared, D), jac=True, method="BFGS",
                                  options={"gtol": 1e-11, "maxiter": 100000})
    _, g = davidson_luce(res.x, prepared, D)
    return centred(res.x[:-1]), float(np.exp(res.x[-1])), D, float(np.abs(g).max())


def write(name, events, estimate, source, n=N, **extra):
    body = {"players": n, "events": events, "log_strength": [round(float(v), 15) for v in estimate], "source": source}
    body.update(extra)
    with open(os.path.join(OUT, name), "w") as f:
        json.dump(body, f, separators=(",", ":"))
        f.write("\n")


def write_levels():
    events = levels(39005)
    est, how, spread = fit_choix(events, True, n=400, mm=False)
    write("levels.json", events, est, f"choix {version('choix')}: {', '.join(how)} agree to {spread:.1e}", n=400)


def main():
    os.makedirs(OUT, exist_ok=True)
    write_levels()
    if "--levels" in sys.argv[1:]:
        print("written to", os.path.normpath(OUT))
        return
    full = league(39001)
    est, how, spread = fit_choix(full, True)
    write("full.json", full, est, f"choix {version('choix')}: {', '.join(how)} agree to {spread:.1e}")
    topk = league(39002, topk_share=1 / 3)
    est, how, spread = fit_choix(topk, False)
    write("topk.json", topk, est, f"choix {version('choix')}: {', '.join(how)} agree to {spread:.1e}")
    ties = tie_some(league(39003), 39004)
    est, delta, D, grad = fit_ties(ties)
    write("ties.json", ties, est, f"scipy {scipy.__version__} BFGS on the Davidson-Luce log-likelihood, largest gradient {grad:.1e}",
          delta=delta, largest_tie=D)
    print("written to", os.path.normpath(OUT))


if __name__ == "__main__":
    main()
