"""Distil the search's choice of steps into a correction of a heuristic's step scores
(BENCHMARKS.md "Policy strength", session 45): three commands.

    PYTHONPATH=. .venv/bin/python ext/scythe/search_distil.py collect SCENARIO GAMES FIRST BUDGET JOBS OUT.npz
    PYTHONPATH=. .venv/bin/python ext/scythe/search_distil.py fit OUT.npz [OUT2.npz ...]
    PYTHONPATH=. .venv/bin/python ext/scythe/search_distil.py measure SCENARIO GAMES FIRST JOBS C0 ... C10

collect  the scenario's policies play games FIRST..FIRST+GAMES-1 (a solo scenario, e.g.
         scenarios/scythe/expert-ultimaszyna.toml); at each move_step decision of the human
         seat with more than one option the search (`hard_budget` BUDGET) is asked too, and each
         option's features (heuristic_step_features), the heuristic's score, the search's visits
         and mean margin are saved. The games go on with the policy's own choice, so the
         positions are the ones the policy reaches.
fit      a conditional logit of the search's choice on the heuristic's score and
         the features, over decisions; prints the coefficients in coins (per unit of feature,
         the score's coefficient taken as 1) and how often the policy and the fitted policy
         agree with the search on the half of the decisions the fit did not see.
measure  each game twice, the scenario's policy alone and with the correction C0..C10 (coins per
         unit of each feature, _set_step_corr): both win counts, the mean margins and the paired
         difference with its standard error.
"""
from __future__ import annotations

import math
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))   # the tools beside this one
from search_hybrid import N_STARS, human_weights, play        # noqa: E402
from search_opening import _check, play_opening              # noqa: E402

import simsuite._scythe as core                              # noqa: E402
from simsuite.errors import UserError                        # noqa: E402
from simsuite.scenario import load_scenario                  # noqa: E402

N_F = 11


def collect_game(scenario, g: int, budget: int) -> list:
    """Game g's move_step decisions of the human seat: (turn, [(option, score, features,
    visits, mean)], the policy's choice, the search's)."""
    rows = []
    weights = None

    def record(game, choice, search):
        nonlocal weights
        if game.decision_name == "move_step":
            me = game.current_player
            if weights is None:
                weights = human_weights(scenario, game, me)
            feats = core.heuristic_step_features(game, weights)
            theirs = search.choose(game)
            tree = {opt: (visits, mean)
                    for _, opt, visits, mean in core.search_tree_stats(me)["root"]}
            rows.append((game.observation(me)["turn"],
                         [(o, sc, f, *tree.get(o, (0, None))) for o, sc, f in feats],
                         choice, theirs))
        return choice

    # no seat reaches N_STARS + 1 stars: play_opening's loop runs to the end of the game
    play_opening(scenario, g, N_STARS + 1, budget, record)
    return rows


def collect(scenario, n: int, first: int, budget: int, jobs: int, out: str) -> None:
    from joblib import Parallel, delayed
    games = Parallel(n_jobs=jobs)(delayed(collect_game)(scenario, g, budget)
                                  for g in range(first, first + n))
    dec, opt_rows = [], []
    for g, rows in zip(range(first, first + n), games):
        for turn, opts, choice, theirs in rows:
            d = len(dec)
            dec.append((g, turn, choice, theirs))
            for o, sc, f, visits, mean in opts:
                opt_rows.append([d, o, sc, visits, np.nan if mean is None else mean, *f])
    np.savez(out, dec=np.array(dec, dtype=np.int64), opts=np.array(opt_rows, dtype=np.float64))
    print(f"{len(dec)} decisions, {len(opt_rows)} options from {n} games -> {out}")


def _design(opts: np.ndarray) -> tuple:
    """Per option: decision id, the search's visits, the design row [score, features]."""
    return opts[:, 0].astype(np.int64), opts[:, 3], np.column_stack([opts[:, 2], opts[:, 5:]])


def _logit(x, d, y, n_dec, ridge=1.0, iters=50):
    """Newton's method on the conditional logit's log-likelihood (ridge on the features)."""
    beta = np.zeros(x.shape[1])
    beta[0] = 0.5
    for _ in range(iters):
        u = x @ beta
        u -= np.bincount(d, u, n_dec)[d] / np.bincount(d, None, n_dec)[d]
        e = np.exp(np.clip(u, -50, 50))
        p = e / np.bincount(d, e, n_dec)[d]
        xm = np.stack([np.bincount(d, p * x[:, k], n_dec) for k in range(x.shape[1])], 1)
        grad = (y[:, None] * x).sum(0) - xm.sum(0)    # one chosen option a decision
        xc = x - xm[d]
        hess = (p[:, None, None] * xc[:, :, None] * xc[:, None, :]).sum(0)
        grad[1:] -= ridge * beta[1:]
        hess[1:, 1:] += ridge * np.eye(x.shape[1] - 1)
        step = np.linalg.solve(hess, grad)
        beta += step
        if np.abs(step).max() < 1e-8:
            break
    return beta


def _agree(scores, d, y, n_dec) -> float:
    """Share of decisions whose best-scored option is the search's (ties: the first)."""
    best = np.full(n_dec, -np.inf)
    np.maximum.at(best, d, scores)
    top = scores >= best[d]
    first = np.zeros(len(d), bool)
    seen = np.zeros(n_dec, bool)
    for i in range(len(d)):
        if top[i] and not seen[d[i]]:
            first[i], seen[d[i]] = True, True
    return float(first[y.astype(bool)].sum() / n_dec)


def load(paths: list) -> tuple:
    """The options of every decision in the collected files, and the search's choice of each
    (decision ids renumbered across files)."""
    opts, labels, shift = [], [], 0
    for path in paths:
        z = np.load(path)
        o = z["opts"].copy()
        o[:, 0] += shift
        shift += len(z["dec"])
        opts.append(o)
        labels.append(z["dec"][:, 3])
    return np.concatenate(opts), np.concatenate(labels)


def fit(opts: np.ndarray, labels: np.ndarray) -> dict:
    """The conditional logit fitted on the even decisions and judged on the odd ones, fitted
    again on all, and the advantage regression: coins per feature (the score's coefficient
    taken as 1) and the held-out agreement with the search of the policy and the fitted one."""
    d, _, x = _design(opts)
    n_dec = len(labels)
    y = (opts[:, 1] == labels[d]).astype(float)     # the search's choice
    half = d % 2 == 0
    dd = {k: np.unique(d[m], return_inverse=True)[1] for k, m in (("fit", half), ("test", ~half))}
    nf, nt = int(dd["fit"].max()) + 1, int(dd["test"].max()) + 1
    beta = _logit(x[half], dd["fit"], y[half], nf)
    coins = beta[1:] / beta[0]
    full = _logit(x, d, y, n_dec)
    return {"decisions": n_dec, "held_out": nt, "score_coef": beta[0], "coins": coins,
            "agree_policy": _agree(x[~half][:, 0], dd["test"], y[~half], nt),
            "agree_fitted": _agree(x[~half] @ np.r_[1.0, coins], dd["test"], y[~half], nt),
            "coins_all": full[1:] / full[0], "advantage": _advantage(opts, d, x, n_dec)}


def _advantage(opts, d, x, n_dec, min_visits=32) -> np.ndarray:
    """A second reading of the same searches: each option's mean margin less the mean of the
    decision's best-scored option (the policy's), regressed on the differences of score and
    features (weighted by visits; options tried fewer than min_visits times left out); coins
    per feature."""
    visits, mean = opts[:, 3], opts[:, 4]
    best = np.full(n_dec, -np.inf)
    np.maximum.at(best, d, x[:, 0])
    ref = np.full(n_dec, np.nan)
    refx = np.zeros((n_dec, x.shape[1]))
    for i in np.nonzero(x[:, 0] >= best[d])[0]:
        if np.isnan(ref[d[i]]) and visits[i] >= min_visits:
            ref[d[i]], refx[d[i]] = mean[i], x[i]
    keep = (visits >= min_visits) & ~np.isnan(ref[d]) & (x[:, 0] < best[d])
    a, dx, wt = mean[keep] - ref[d[keep]], x[keep] - refx[d[keep]], np.sqrt(visits[keep])
    coef = np.linalg.lstsq(dx * wt[:, None], a * wt, rcond=None)[0]
    with np.errstate(divide="ignore", invalid="ignore"):   # no score effect: no price
        return coef[1:] / coef[0]


def _print_fit(r: dict) -> None:
    def row(v):
        return " ".join(f"{c:.3f}" for c in v)
    print(f"{r['decisions']} decisions ({r['held_out']} held out); "
          f"score coefficient {r['score_coef']:.3f}")
    print("coins per feature:", row(r["coins"]))
    print(f"held-out agreement with the search: policy {r['agree_policy']:.3f}, "
          f"fitted {r['agree_fitted']:.3f}")
    print("all decisions, coins per feature:", row(r["coins_all"]))
    print("advantage regression, coins per feature:", row(r["advantage"]))


def pair(scenario, g: int, coef: list) -> tuple:
    """Game g alone and with the correction `coef`: the human's two final margins."""
    try:
        core._set_step_corr(coef)
        corrected = play(scenario, g)[0]
    finally:
        core._set_step_corr([0.0] * N_F)
    return play(scenario, g)[0], corrected


def _pairs(scenario, games, coef: list) -> list:
    return [pair(scenario, g, coef) for g in games]


def measure(scenario, n: int, first: int, jobs: int, coef: list) -> np.ndarray:
    """Games first..first+n-1 alone and corrected, in order (chunks of 200 a process)."""
    from joblib import Parallel, delayed
    chunks = [range(a, min(a + 200, first + n)) for a in range(first, first + n, 200)]
    res = Parallel(n_jobs=jobs)(delayed(_pairs)(scenario, c, coef) for c in chunks)
    return np.array([r for c in res for r in c], dtype=float)


def main(argv: list) -> None:
    cmd = argv[0] if argv else ""
    if cmd == "collect" and len(argv) == 7:
        scenario = load_scenario(Path(argv[1]))
        _check(scenario)
        collect(scenario, int(argv[2]), int(argv[3]), int(argv[4]), int(argv[5]), argv[6])
    elif cmd == "fit" and len(argv) >= 2:
        _print_fit(fit(*load(argv[1:])))
    elif cmd == "measure" and len(argv) == 5 + N_F:
        scenario = load_scenario(Path(argv[1]))
        _check(scenario)
        m = measure(scenario, int(argv[2]), int(argv[3]), int(argv[4]),
                    [float(v) for v in argv[5:]])
        diff = m[:, 1] - m[:, 0]
        print(f"{len(m)} games: wins {int((m[:, 0] > 0).sum())} -> {int((m[:, 1] > 0).sum())}; "
              f"margin {m[:, 0].mean():.2f} -> {m[:, 1].mean():.2f}; difference "
              f"{diff.mean():+.3f} ± {diff.std(ddof=1) / math.sqrt(len(m)):.3f}")
    else:
        raise UserError("usage: search_distil.py collect SCENARIO GAMES FIRST BUDGET JOBS OUT.npz"
                        f" | fit OUT.npz ... | measure SCENARIO GAMES FIRST JOBS C0 ... C{N_F - 1}")


if __name__ == "__main__":
    try:
        main(sys.argv[1:])
    except UserError as exc:
        sys.exit(f"error: {exc}")
