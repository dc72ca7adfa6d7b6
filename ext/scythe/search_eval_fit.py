"""Fit the search policy's evaluation (ext/scythe/search_eval.pxi) on heuristic self-play.

For every model (the Automa, the human against it, 2..5 players) games are played by the
compiled heuristics (a random strategy per seat); at every Section decision each seat's public
features (search_position_features) are recorded with the stage, and after the game with that
seat's final score. Per (model, stage) a least-squares fit predicts what the seat still gains,
final score - score now, from the features, with every feature but the intercept and the turn
count held non-negative: a regression left free learns that early coins predict a loss (the
players who hoard them did not invest) and a search then throws coins away. The evaluation is
score now + the fitted gain (the score's own coefficient is fixed at 1).

    .venv/bin/python ext/scythe/search_eval_fit.py [games per model] > /tmp/coef.txt

prints the SEARCH_EVAL_COEF table to paste into search_eval.pxi (with the fit's R^2 and row
counts as comments). Seeds 9,000,000+ keep the fitting games apart from benchmark seeds.
"""
from __future__ import annotations

import sys

import numpy as np

from simsuite._scythe import CompiledSeats, Game, Rules, search_position_features
from simsuite.games.scythe.data import load_data
from simsuite.games.scythe.policies import STRATEGIES, default_weights

N_SF = 16
RIDGE = 1.0
STRATS = list(STRATEGIES)


def play(rules, seed, n_players, automa):
    rng = np.random.default_rng(seed)
    kwargs = {"automa": automa} if automa else {}
    game = Game(rules, seed, n_players, log=False, **kwargs)
    names = [STRATS[rng.integers(len(STRATS))] for _ in range(n_players)]
    seats = CompiledSeats(seed, [STRATEGIES[n][0] for n in names], [default_weights(n) for n in names])
    rows = []
    steps = 0
    while not game.is_over and steps < 20000:
        if game.decision_name == "section":
            for s in range(n_players):
                rows.append((s,) + search_position_features(game, s))
        seats.step(game)
        steps += 1
    final = game.result()["score"]
    return [(model, stage, f, final[s]) for s, model, stage, f in rows]


SF_ONE, SF_SCORE, SF_COINS, SF_TURNS = 0, 1, 2, 15
FREE = (SF_ONE, SF_TURNS)          # may be negative
FIXED = (SF_SCORE, SF_COINS)       # the score counts once (coefficient 1), coins only through it


def fit(rows):
    x = np.array([r[2] for r in rows], dtype=float)
    final = np.array([r[3] for r in rows], dtype=float)
    y = final - x[:, SF_SCORE]
    a = x.T @ x + RIDGE * np.diag([0.0 if k == SF_ONE else 1.0 for k in range(N_SF)])
    b = x.T @ y
    coef = np.zeros(N_SF)
    for _ in range(2000):            # coordinate descent on the box-constrained quadratic
        for k in range(N_SF):
            if k in FIXED or a[k, k] <= 0:
                continue
            c = coef[k] + (b[k] - a[k] @ coef) / a[k, k]
            coef[k] = c if k in FREE else max(0.0, c)
    coef[SF_SCORE] = 1.0
    pred = x @ coef
    r2 = 1.0 - ((final - pred) ** 2).sum() / max(((final - final.mean()) ** 2).sum(), 1e-9)
    return coef, r2


def main(games: int) -> None:
    rules = Rules(load_data())
    data: dict[tuple[int, int], list] = {}
    configs = [(2, "automa"), (2, "ultimaszyna"), (2, None), (3, None), (4, None), (5, None)]
    for i, (n, automa) in enumerate(configs):
        for g in range(games):
            for model, stage, f, y in play(rules, 9_000_000 + 100_000 * i + g, n, automa):
                data.setdefault((model, stage), []).append((model, stage, f, y))
    print("SEARCH_EVAL_COEF = {")
    for key in sorted(data):
        coef, r2 = fit(data[key])
        vals = ", ".join(f"{c:.4f}" for c in coef)
        print(f"    {key}: ({vals}),  # R^2 {r2:.2f}, {len(data[key])} rows")
    print("}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
