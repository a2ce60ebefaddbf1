#!/usr/bin/env python3
"""Makes the team-event fixtures of engine/tests/data/teams/ (issue 39).

A generated league of 16 players (log-strengths of sd 1), 300 events of 3-4 teams of 1-3
players drawn afresh each event, each ranking drawn from Plackett-Luce at the teams'
strengths (a team's log-strength the sum of its members', the Gumbel-max trick); now and then
two neighbouring teams tie (standard competition places, 1, 2, 2, 4) and now and then the last
team is left unranked (a top-k ranking).

* league.csv: the league as `event,team,place,members`, members separated by ';', an
  unranked team's place empty.
* pl_mle.json: the maximum-likelihood log-strengths of the Davidson-Luce
  likelihood with delta = 1 (a tie of t teams at a stage weighs delta * (prod X)^(1/t); every
  stage's denominator sums over the subsets of up to D = 2 teams still in, each weighing the
  geometric mean of its strengths), a team's strength X the product of its members'; found by
  scipy's BFGS with the analytic gradient on the log-strengths, polished by two Newton
  steps, and the log-likelihood there.
  Teams of different sizes fix the level of the log-strengths (a common factor on every
  strength favours the larger teams), so none is held fixed and they are not centred. With
  them the standard errors: the square roots of the diagonal of the inverse observed
  information, by central differences of the gradient.

scipy (BSD) is an independent reference: none of its code is in the engine.
Run: python3 -m venv /tmp/venv && /tmp/venv/bin/pip install numpy scipy &&
     /tmp/venv/bin/python scripts/make-team-fixtures.py
"""
import json
import os
from importlib.metadata import version

import numpy as np
import scipy.optimize

OUT = os.path.join(os.path.dirname(__file__), "..", "engine", "tests", "data", "teams")
N, M, DELTA = 16, 300, 1.0


def league(seed):
    rng = np.random.default_rng(seed)
    r = rng.normal(0.0, 1.0, N)
    events = []
    for _ in range(M):
        k = int(rng.integers(3, 5))
        sizes = [int(rng.integers(1, 4)) for _ in range(k)]
        who = rng.choice(N, sum(sizes), replace=False)
        teams, at = [], 0
        for s in sizes:
            teams.append([int(p) for p in who[at:at + s]])
            at += s
        strength = np.array([r[t].sum() for t in teams]) + rng.gumbel(size=k)
        order = list(np.argsort(-strength))
        places = [None] * k
        for pos, t in enumerate(order):
            tie = pos > 0 and rng.random() < 0.15 and places[order[pos - 1]] == pos
            places[t] = pos if tie else pos + 1
        if rng.random() < 0.2:
            places[order[-1]] = None
        events.append({"teams": teams, "places": places})
    return events


def stages(events):
    """Each stage: the sides chosen (as lists of players) and the sides still in."""
    out = []
    for e in events:
        ranked = sorted({p for p in e["places"] if p is not None})
        left = list(range(len(e["teams"])))
        for place in ranked:
            chosen = [t for t in left if e["places"][t] == place]
            out.append(([e["teams"][t] for t in chosen], [e["teams"][t] for t in left]))
            left = [t for t in left if e["places"][t] != place]
    return out


def loglik_and_grad(theta, st):
    ll, grad = 0.0, np.zeros(N)
    for chosen, risk in st:
        t = len(chosen)
        for team in chosen:
            ll += theta[team].sum() / t
            grad[team] += 1.0 / t
        if t > 1:
            ll += np.log(DELTA)
        logx = np.array([theta[team].sum() for team in risk])
        top = logx.max()
        x = np.exp(logx - top)
        h = np.sqrt(x)
        s1, sh = x.sum(), h.sum()
        d = s1 + DELTA * (sh * sh - s1) / 2.0
        # Relative to the largest strength: D = e^top (s1 + delta (sh^2 - s1)/2), with the
        # pair terms sqrt(X_a X_b) scaling as e^top too.
        ll -= top + np.log(d)
        dd = x + DELTA * (sh * h - x) / 2.0
        for team, v in zip(risk, dd):
            grad[team] -= v / d
    return ll, grad


def fit(events):
    st = stages(events)

    def f(theta):
        ll, g = loglik_and_grad(theta, st)
        return -ll, -g

    res = scipy.optimize.minimize(f, np.zeros(N), jac=True, method="BFGS", options={"gtol": 1e-11, "maxiter": 10000})
    theta = res.x
    ll, g = loglik_and_grad(theta, st)
    # The observed information by central differences of the analytic gradient.
    h = 1e-5
    info = np.zeros((N, N))
    for i in range(N):
        up, down = theta.copy(), theta.copy()
        up[i] += h
        down[i] -= h
        info[i] = -(loglik_and_grad(up, st)[1] - loglik_and_grad(down, st)[1]) / (2 * h)
    cov = np.linalg.inv((info + info.T) / 2)
    # Two Newton steps polish BFGS's answer (the gradient falls to rounding).
    for _ in range(2):
        theta = theta + cov @ loglik_and_grad(theta, st)[1]
    ll, g = loglik_and_grad(theta, st)
    return theta, np.sqrt(np.diag(cov)), ll, float(np.abs(g).max())


def main():
    os.makedirs(OUT, exist_ok=True)
    events = league(39)
    with open(os.path.join(OUT, "league.csv"), "w") as f:
        f.write("event,team,place,members\n")
        for k, e in enumerate(events):
            for t, (team, place) in enumerate(zip(e["teams"], e["places"])):
                members = "; ".join(f"P{p:02d}" for p in team)
                f.write(f"e{k + 1},T{t + 1},{'' if place is None else place},{members}\n")
    theta, se, ll, gmax = fit(events)
    doc = {
        "source": f"scripts/make-team-fixtures.py, scipy {version('scipy')} BFGS, numpy {version('numpy')}",
        "delta": DELTA,
        "players": [f"P{p:02d}" for p in range(N)],
        "log_strength": [float(v) for v in theta],
        "standard_error": [float(v) for v in se],
        "log_likelihood": ll,
        "largest_gradient": gmax,
    }
    with open(os.path.join(OUT, "pl_mle.json"), "w") as f:
        json.dump(doc, f, indent=1)
    print("largest gradient", gmax, "log-likelihood", ll)


main()
