"""Ladder: how strong each policy is, as Bradley-Terry ratings with intervals.

Reads a round-robin dataset between policies (any number of seats per game, e.g. every
policy in every game with the seats rotated) and turns each game into pairwise results: two
seats of different policies, the better-ranked one wins the pair (equal ranks: half a win
each). A Bradley-Terry model is fitted to the pair counts by maximum likelihood (Hunter's MM
iterations); ratings are on the Elo scale (400 x log10 of the strength, centred on the
average policy), so a 100-point gap means the stronger wins 64% of its pairs. The pairs of one
game are not independent (one seat's good game wins all its pairs), so the intervals are
clustered by game: the sandwich covariance H^-1 (sum over games of s_g s_g^T) H^-1, with H the
observed information and s_g a game's score vector at the fit (Huber-White; in the usual
M-estimation form, e.g. Cameron and Miller 2015, "A practitioner's guide to cluster-robust
inference"). With one pair a game it agrees with the observed information; with many seats
a game it is wider, as it should be.

When the dataset holds solo games (rows with `is_bot_opponent`), each policy's win rate
against each bot difficulty is shown with its Wilson interval.

    python reports/ladder.py DATASET [--format md|csv|json]
"""
from __future__ import annotations

import math
from typing import Dict, List, Sequence, Tuple

import numpy as np
import polars as pl

from simsuite.errors import UserError
from simsuite.reporting import Col, Report, ReportResult, Table
from simsuite.reporting import stats, views
from simsuite.reporting.dataset import collect

ELO = 400.0 / math.log(10.0)     # natural-log strength -> Elo points


def game_pairs(seats: Sequence[Tuple[str, float]], index: Dict[str, int]):
    """(i, j, y) for each pair of seats of different policies in one game given as (policy,
    rank): policy indices and y = 1, 0 or 1/2, the result of i against j (ranks: lower wins)."""
    for a in range(len(seats)):
        for b in range(a + 1, len(seats)):
            (pa, ra), (pb, rb) = seats[a], seats[b]
            if pa != pb:
                yield index[pa], index[pb], 1.0 if ra < rb else (0.0 if rb < ra else 0.5)


def pair_counts(games: Sequence[Sequence[Tuple[str, float]]], names: Sequence[str]) -> np.ndarray:
    """wins[i, j]: pairs policy i won against policy j (ties count half), from games given
    as lists of (policy, rank); seats of the same policy are not compared."""
    index = {n: i for i, n in enumerate(names)}
    wins = np.zeros((len(names), len(names)))
    for seats in games:
        for i, j, y in game_pairs(seats, index):
            wins[i, j] += y
            wins[j, i] += 1.0 - y
    return wins


def bradley_terry(wins: np.ndarray, tol: float = 1e-12, max_iter: int = 100_000):
    """Maximum-likelihood Bradley-Terry strengths from pair counts wins[i, j].

    Returns (theta, cov): natural-log strengths centred on their mean, and their covariance
    from the inverse observed information. Every policy needs a win and a loss against a
    connected field, else its rating is unbounded (UserError)."""
    k = wins.shape[0]
    n = wins + wins.T
    if k < 2:
        raise UserError("the ladder needs at least two policies in the dataset")
    w_tot = wins.sum(axis=1)
    if np.any(w_tot <= 0) or np.any(n.sum(axis=1) - w_tot <= 0):
        raise UserError("a policy won all or none of its pairs: its rating is unbounded; "
                        "play more games (or drop that policy)")
    p = np.ones(k)
    for _ in range(max_iter):
        denom = (n / (p[:, None] + p[None, :])).sum(axis=1)
        new = w_tot / denom
        new /= np.exp(np.log(new).mean())
        if np.max(np.abs(new - p)) < tol:
            p = new
            break
        p = new
    theta = np.log(p)
    theta -= theta.mean()
    inv = np.linalg.inv(_information(theta, n)[1:, 1:])
    return theta, _centred(inv)


def _information(theta: np.ndarray, n: np.ndarray) -> np.ndarray:
    """Observed information of the strengths for n[i, j] pairs between i and j."""
    p = np.exp(theta)
    q = p[:, None] / (p[:, None] + p[None, :])          # q[i, j] = P(i beats j)
    info = -(n * q * q.T)
    np.fill_diagonal(info, 0.0)
    np.fill_diagonal(info, -info.sum(axis=1))
    return info


def _centred(free: np.ndarray) -> np.ndarray:
    """Covariance of the centred strengths from that of theta[1:] (theta[0] held at 0)."""
    k = free.shape[0] + 1
    cov0 = np.zeros((k, k))
    cov0[1:, 1:] = free
    centre = np.eye(k) - 1.0 / k                          # theta -> theta - mean(theta)
    return centre @ cov0 @ centre.T


def clustered_cov(theta: np.ndarray, games: Sequence[Sequence[Tuple[str, float]]],
                  names: Sequence[str]) -> np.ndarray:
    """Covariance of the fitted strengths `theta` with the pairs clustered by game: the
    sandwich H^-1 B H^-1, B the sum over games of the outer product of the game's score
    vector (each pair of policies i and j adds y - q to i's entry and q - y to j's, y = 1,
    0 or 1/2 the result of i against j, q = P(i beats j) at the fit)."""
    k = len(names)
    index = {name: i for i, name in enumerate(names)}
    p = np.exp(theta)
    meat = np.zeros((k, k))
    n = np.zeros((k, k))
    for seats in games:
        score = np.zeros(k)
        for i, j, y in game_pairs(seats, index):
            r = y - p[i] / (p[i] + p[j])
            score[i] += r
            score[j] -= r
            n[i, j] += 1.0
            n[j, i] += 1.0
        meat += np.outer(score, score)
    inv = np.linalg.inv(_information(theta, n)[1:, 1:])
    return _centred(inv @ meat[1:, 1:] @ inv)


def games_of(ds) -> Tuple[List[List[Tuple[str, float]]], List[str]]:
    """(policy, rank) of every seat of every non-solo game, and the policies met."""
    ds.require(("game_index", "policy", "rank"), "ladder")
    keys = [k for k in ("game", "scenario") if ds.has(k)] + ["game_index"]
    lf = ds.scan()
    if ds.has("is_bot_opponent"):
        solo = lf.filter(pl.col("is_bot_opponent")).select(keys).unique()
        lf = lf.join(solo, on=keys, how="anti")
    frame = collect(lf.select(keys + ["policy", "rank"]).group_by(keys).agg(
        pl.col("policy"), pl.col("rank")), ds.path)
    games = [list(zip(pols, ranks)) for pols, ranks in zip(frame["policy"], frame["rank"])]
    names = sorted({p for g in games for p, _ in g})
    return games, names


def ratings_table(games, names, confidence: float) -> pl.DataFrame:
    wins = pair_counts(games, names)
    theta, _ = bradley_terry(wins)
    cov = clustered_cov(theta, games, names)
    z = stats.z_for(confidence)
    se = np.sqrt(np.maximum(np.diag(cov), 0.0))
    pairs = (wins + wins.T).sum(axis=1)
    frame = pl.DataFrame({
        "policy": list(names),
        "rating": theta * ELO,
        "ci_low": (theta - z * se) * ELO,
        "ci_high": (theta + z * se) * ELO,
        "pairs": pairs.astype(np.int64),
        "pair_win_rate": wins.sum(axis=1) / pairs,
        "games": [sum(1 for g in games if any(p == name for p, _ in g)) for name in names],
        "wins": [sum(1 for g in games if any(p == name and r == min(x for _, x in g) for p, r in g))
                 for name in names],
    })
    frame = frame.with_columns((pl.col("wins") / pl.col("games")).alias("win_rate"))
    return frame.sort("rating", descending=True)


def solo_table(ds, confidence: float, level: str) -> pl.DataFrame:
    """Win rate of each policy against each bot level (solo games; `level` is the dataset's
    first declared solo key, e.g. a difficulty)."""
    ds.require(("game_index", "policy", "winner", "is_bot_opponent", level), "ladder")
    keys = [k for k in ("game", "scenario") if ds.has(k)] + ["game_index"]
    lf = ds.scan()
    bots = lf.filter(pl.col("is_bot_opponent")).select(keys + [level])
    humans = lf.filter(~pl.col("is_bot_opponent")).select(keys + ["policy", "winner"])
    frame = collect(humans.join(bots, on=keys, how="inner").group_by(["policy", level]).agg(
        pl.len().cast(pl.Int64).alias("games"),
        pl.col("winner").cast(pl.Int64).sum().alias("wins")), ds.path)
    lo, hi = stats.wilson_arrays(frame["wins"].to_numpy(), frame["games"].to_numpy(), confidence)
    return frame.with_columns(
        (pl.col("wins") / pl.col("games")).alias("win_rate"), pl.Series("ci_low", lo),
        pl.Series("ci_high", hi)).sort(["policy", level])


def build(ds, args) -> ReportResult:
    res = ReportResult("ladder", "Ladder: policy ratings and win rates against the bots")
    ci = views.ci_header(args.confidence)
    level = ds.solo_keys[0] if ds.solo_keys else None
    has_solo = level is not None and ds.has("is_bot_opponent")
    games, names = games_of(ds)
    if games and len(names) >= 2:
        frame = ratings_table(games, names, args.confidence)
        res.tables.append(Table("ratings", "Bradley-Terry ratings (Elo scale, mean 0)", frame, [
            Col("policy", "policy", "text"), Col("rating", "rating", "num1"),
            Col(("ci_low", "ci_high"), "rating " + ci, "interval1"),
            Col("pairs", "pairs", "int"), Col("pair_win_rate", "pairs won", "rate"),
            Col("games", "games", "int"), Col("win_rate", "games won", "rate")]))
    elif not has_solo:
        raise UserError(f"dataset {ds.path} has no games between two or more policies; "
                        "run a round-robin scenario (such as its game's scenarios/<game>/ladder.toml)")
    else:
        res.notes.append("No ratings: the dataset has no games between two or more policies.")
    if has_solo:
        frame = solo_table(ds, args.confidence, level)
        if frame.height == 0 and not res.tables:
            raise UserError(f"dataset {ds.path} has neither games between two or more policies "
                            "nor solo games; run a round-robin or a solo scenario of its game")
        if frame.height:
            res.tables.append(Table("bots", "Win rate against each bot difficulty", frame, [
                Col("policy", "policy", "text"), Col(level, level, "text"),
                Col("games", "games", "int"), Col("wins", "wins", "int"),
                Col("win_rate", "win rate", "rate"), Col(("ci_low", "ci_high"), ci, "interval")]))
    if any(tb.name == "ratings" for tb in res.tables):
        res.notes += [
            "Ratings: Bradley-Terry on the pairs of seats of different policies in each game "
            "(the better rank wins the pair, a tie is half a win); Elo scale, 0 = the average "
            f"policy; {ci} clustered by game (sandwich covariance), since the pairs of one "
            "game are not independent.",
            "games won: share of the games the policy played in which one of its seats ranked "
            "first.",
        ]
    res.notes += views.dataset_notes(ds)
    return res


REPORT = Report("ladder", "Ladder", "policy strength: Bradley-Terry ratings with intervals from a "
                "round-robin, and each policy's win rate against each bot difficulty", build)

if __name__ == "__main__":
    raise SystemExit(REPORT.main())
