"""Every figure of the group tables on handmade datasets, worked out by hand.

The datasets are in reportdata.py: hand2p (eight 2-player games with a tie broken by the
tie-breakers, a shared win, a zero-win group and a one-game group) and mixed (2- and
3-player games). Win semantics: Rulebook 000 §"ПЕРЕМОЖЕЦЬ" / digest scythe-base.md §20.1
(the winner is rank 1 after the tie-breakers; a tie that survives them is a shared win).
"""
from __future__ import annotations

import math
from fractions import Fraction as F

import numpy as np
import polars as pl
from scipy import stats as ss

from simsuite.reporting import analysis
from simsuite.reporting.dataset import open_dataset

from reportdata import wilson_by_hand

TOL = 1e-9


def row(frame: pl.DataFrame, **keys) -> dict:
    sel = frame
    for k, v in keys.items():
        sel = sel.filter(pl.col(k) == v)
    assert sel.height == 1, keys
    return sel.row(0, named=True)


def close(a, b, tol=TOL):
    return abs(float(a) - float(b)) <= tol


# --- hand2p: 16 rows, 9 wins (8 games, one of them a shared win between two seats) -----------

R = F(9, 16)  # the 2-player rate over every row: 9 wins in 16 rows


def test_faction_win_rates_by_hand(hand2p):
    ds = open_dataset(hand2p)
    t = analysis.win_rates(ds, ["faction"])
    crimea = row(t, faction="crimea")
    # crimea: g0 W, g1 L, g2 W, g3 W (score tie broken in its favour), g4 W (shared), g5 W, g6 W
    assert (crimea["games"], crimea["wins"], crimea["shared_wins"]) == (7, 6, 1)
    assert close(crimea["win_rate"], F(6, 7))
    lo, hi = wilson_by_hand(6, 7)
    assert close(crimea["ci_low"], lo) and close(crimea["ci_high"], hi)
    assert close(crimea["expected"], R)
    assert close(crimea["avg_score"], F(50 + 30 + 60 + 42 + 38 + 55 + 50, 7))
    nordic = row(t, faction="nordic")
    # nordic: g0 L, g1 W, g2 L, g3 L (lost the tie-break), g4 W (shared), g7 W
    assert (nordic["games"], nordic["wins"], nordic["shared_wins"]) == (6, 3, 1)
    assert close(nordic["avg_score"], F(40 + 45 + 35 + 42 + 38 + 47, 6))
    polania = row(t, faction="polania")  # one game, lost
    assert (polania["games"], polania["wins"]) == (1, 0)
    assert polania["ci_low"] == 0.0 and close(polania["ci_high"], wilson_by_hand(0, 1)[1])
    saxony = row(t, faction="saxony")  # two games, no win
    assert (saxony["games"], saxony["wins"], saxony["win_rate"]) == (2, 0, 0.0)
    assert saxony["ci_low"] == 0.0 and close(saxony["ci_high"], wilson_by_hand(0, 2)[1])


def test_wilson_intervals_match_scipy_on_every_group(hand2p):
    ds = open_dataset(hand2p)
    for keys in (["faction"], ["mat"], ["faction", "mat"], ["n_players", "seat"]):
        for r in analysis.win_rates(ds, keys).iter_rows(named=True):
            ci = ss.binomtest(r["wins"], r["games"]).proportion_ci(method="wilson")
            assert close(r["ci_low"], ci.low) and close(r["ci_high"], ci.high)


def test_mats_seats_and_the_tie(hand2p):
    ds = open_dataset(hand2p)
    mats = analysis.win_rates(ds, ["mat"])
    # industrial: g0 W, g1 W, g2 L, g3 W (tie-break), g4 W (shared), g5 L, g6 W, g7 W
    assert (row(mats, mat="industrial")["games"], row(mats, mat="industrial")["wins"]) == (8, 6)
    assert (row(mats, mat="patriotic")["games"], row(mats, mat="patriotic")["wins"]) == (8, 3)
    seats = analysis.win_rates(ds, ["n_players", "seat"])
    assert row(seats, seat=0)["wins"] == 5 and row(seats, seat=1)["wins"] == 4
    pairs = analysis.win_rates(ds, ["faction", "mat"])
    # nordic+patriotic lost the g3 tie-break and shared g4: one win, one shared
    np_ = row(pairs, faction="nordic", mat="patriotic")
    assert (np_["games"], np_["wins"], np_["shared_wins"]) == (3, 1, 1)


def test_versus_field_by_hand(hand2p):
    ds = open_dataset(hand2p)
    t = analysis.versus_field(ds, ["faction"])
    assert set(t["players"].to_list()) == {"2"}  # one player count: no pooled rows
    c = row(t, faction="crimea")
    N, W, n, w = 16, 9, 7, 6
    field = F(W - w, N - n)  # 3 wins in the other 9 rows
    assert close(c["field_rate"], field) and close(c["diff"], F(w, n) - field)
    assert close(c["diff"], F(11, 21))
    lo, hi = wilson_by_hand(w, n)
    k = N / (N - n)  # diff = N/(N-n) (p - r) with the 2-player wins held fixed
    assert close(c["diff_low"], k * (lo - 9 / 16)) and close(c["diff_high"], k * (hi - 9 / 16))
    assert close(c["p"], ss.binomtest(6, 7, 9 / 16).pvalue)
    crimea_scores = [50, 30, 60, 42, 38, 55, 50]
    others = [40, 45, 35, 42, 38, 47, 20, 30, 33]
    welch = ss.ttest_ind(crimea_scores, others, equal_var=False)
    ci = welch.confidence_interval(0.95)
    assert close(c["margin"], np.mean(crimea_scores) - np.mean(others))
    assert close(c["margin_low"], ci.low) and close(c["margin_high"], ci.high)
    # one-game group: its test exists, its score margin has no interval (one value)
    pol = row(t, faction="polania")
    assert close(pol["p"], ss.binomtest(0, 1, 9 / 16).pvalue)
    assert close(pol["margin"], 20 - np.mean([50, 30, 60, 42, 38, 55, 50, 40, 45, 35, 42, 38, 47, 30, 33]))
    assert math.isnan(pol["margin_low"])
    # Holm over the four factions, by hand
    p = {f: ss.binomtest(r["wins"], r["games"], 9 / 16).pvalue for f, r in
         zip(t["faction"].to_list(), t.iter_rows(named=True))}
    order = sorted(p, key=p.get)
    running = 0.0
    for i, f in enumerate(order):
        running = max(running, min(1.0, (4 - i) * p[f]))
        assert close(row(t, faction=f)["p_adj"], running)


def test_benjamini_hochberg_option(hand2p):
    ds = open_dataset(hand2p)
    t = analysis.versus_field(ds, ["faction"], correction="bh")
    assert np.allclose(t["p_adj"].to_numpy(), ss.false_discovery_control(t["p"].to_numpy()), atol=1e-12)


def test_equality_tests_by_hand(hand2p):
    ds = open_dataset(hand2p)
    t = analysis.equality_tests(ds, ["faction"])
    assert t["players"].to_list() == ["2"]
    r = t.row(0, named=True)
    # Pearson on wins/losses: crimea 6/1, nordic 3/3, polania 0/1, saxony 0/2
    ref = ss.chi2_contingency([[6, 1], [3, 3], [0, 1], [0, 2]], correction=False)
    assert close(r["pearson_chi2"], ref.statistic) and r["pearson_df"] == 3 and close(r["pearson_p"], ref.pvalue)
    # game-aware: which factions met in which game, written out by hand
    order = ["crimea", "nordic", "polania", "saxony"]
    counts = np.array([7, 6, 1, 2], dtype=float)
    C = np.diag(counts)
    met = [("crimea", "nordic")] * 5 + [("polania", "crimea"), ("saxony", "crimea"), ("nordic", "saxony")]
    for a, b in met:
        i, j = order.index(a), order.index(b)
        C[i, j] += 1
        C[j, i] += 1
    r2 = 9 / 16
    c = 2 / (8 * 2 * 1) - r2 * r2  # one game (g4) had two winners: sum of w(w-1) = 2
    cov = c * C + (r2 * (1 - r2) - c) * np.diag(counts)
    d = np.array([6, 3, 0, 0]) - r2 * counts
    P = np.eye(4) - 0.25
    stat = float(d @ P @ np.linalg.pinv(P @ cov @ P) @ P @ d)
    assert r["df"] == 3 and abs(r["chi2"] - stat) < 1e-8
    assert close(r["p"], ss.chi2.sf(stat, 3))


# --- mixed: 2- and 3-player games, no shared wins ---------------------------------------------

def test_pooled_rows_by_hand(mixed):
    ds = open_dataset(mixed)
    w = analysis.win_rates(ds, ["faction"])
    c = row(w, faction="crimea")
    # crimea: 2p 3 wins in 4 (rate 1/2 there), 3p 1 win in 3 (rate 1/3 there)
    assert (c["games"], c["wins"]) == (7, 4)
    assert close(c["expected"], F(4, 7) * F(1, 2) + F(3, 7) * F(1, 3))
    t = analysis.versus_field(ds, ["faction"])
    assert set(t["players"].to_list()) == {"2", "3", "all"}
    c2 = row(t, faction="crimea", players="2")
    assert close(c2["field_rate"], F(1, 4)) and close(c2["diff"], F(1, 2))
    c3 = row(t, faction="crimea", players="3")
    assert close(c3["field_rate"], F(1, 3)) and close(c3["diff"], 0)
    call = row(t, faction="crimea", players="all")
    assert close(call["field_rate"], F(4, 7) * F(1, 4) + F(3, 7) * F(1, 3))  # standardised to crimea's mix
    assert close(call["diff"], F(4, 7) - F(2, 7))
    z = (4 - 3) / math.sqrt(4 * 0.5 * 0.5 + 3 * (1 / 3) * (2 / 3))  # stratified score test
    assert close(call["p"], 2 * ss.norm.sf(z))
    # the pooled family is corrected apart from the per-count families
    fam = t.filter(pl.col("players") == "all")
    order = np.argsort(fam["p"].to_numpy())
    expect = np.maximum.accumulate(np.minimum(1, (3 - np.arange(3)) * fam["p"].to_numpy()[order]))
    assert np.allclose(fam["p_adj"].to_numpy()[order], expect)


def test_seat_game_aware_test_is_goodness_of_fit(mixed):
    ds = open_dataset(mixed)
    t = analysis.equality_tests(ds, ["seat"])
    two = row(t, players="2")
    ref = ss.chisquare([3, 1])  # 2p: seat 0 won 3 games of 4
    assert two["df"] == 1 and close(two["chi2"], ref.statistic) and close(two["p"], ref.pvalue)
    three = row(t, players="3")  # 3p: each seat won once
    assert close(three["chi2"], 0.0) and three["df"] == 2 and close(three["p"], 1.0)
    # Pearson treats the two seats of a game as independent and doubles the statistic in 2p
    assert close(two["pearson_chi2"], 2 * ref.statistic)


def test_same_seat_comparison_by_hand(hand2p):
    ds = open_dataset(hand2p)
    t = analysis.versus_same_seat(ds, ["faction"])
    c = row(t, faction="crimea", players="2")
    # seat 0: crimea 3 of 3 (g0, g2, g4), the others 2 of 5; seat 1: crimea 3 of 4, others 1 of 4
    d0, d1 = 1 - F(2, 5), F(3, 4) - F(1, 4)
    assert c["games"] == 7 and close(c["diff"], F(3, 7) * d0 + F(4, 7) * d1)
    assert close(c["seat_field"], F(3, 7) * F(2, 5) + F(4, 7) * F(1, 4))

    def newcombe(w1, n1, w2, n2):
        p1, p2 = w1 / n1, w2 / n2
        l1, u1 = ss.binomtest(w1, n1).proportion_ci(method="wilson")
        l2, u2 = ss.binomtest(w2, n2).proportion_ci(method="wilson")
        d = p1 - p2
        return d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)

    z = ss.norm.ppf(0.975)
    se0 = (lambda lo, hi: (hi - lo) / (2 * z))(*newcombe(3, 3, 2, 5))
    se1 = (lambda lo, hi: (hi - lo) / (2 * z))(*newcombe(3, 4, 1, 4))
    se = math.sqrt((3 / 7 * se0) ** 2 + (4 / 7 * se1) ** 2)
    assert close(c["diff_low"], float(c["diff"]) - z * se) and close(c["diff_high"], float(c["diff"]) + z * se)
    v = (3 / 7) ** 2 * (5 / 8) * (3 / 8) * (1 / 3 + 1 / 5) + (4 / 7) ** 2 * (1 / 2) * (1 / 2) * (1 / 4 + 1 / 4)
    assert close(c["p"], 2 * ss.norm.sf(float(c["diff"]) / math.sqrt(v)))


def test_same_seat_single_stratum_is_the_two_proportion_test(mixed):
    ds = open_dataset(mixed)
    t = analysis.versus_same_seat(ds, ["mat"])
    # 3p, engineering always sits at seat 2: 1 win in 3, and nobody else sits there
    assert t.filter((pl.col("mat") == "engineering") & (pl.col("players") == "3")).height == 0
    # 2p industrial: seat 0 in g0, g1 (2 wins of 2) vs patriotic at seat 0 (g2 W, g3 L);
    # seat 1: industrial g2 L, g3 W vs patriotic g0 L, g1 L -> two strata; check seat 0 alone
    one = analysis.versus_same_seat(open_dataset(mixed), ["mat", "seat"])
    r = row(one, mat="industrial", seat=0, players="2")
    table = [[2, 0], [1, 1]]
    ref = ss.chi2_contingency(table, correction=False)
    assert close(r["p"], ref.pvalue)  # pooled z^2 equals Pearson's 2x2 statistic


def test_cooccurrence_by_hand(hand2p):
    ds = open_dataset(hand2p)
    co = analysis.cooccurrence(ds, ["faction"])
    met = {(r["faction"], r["faction_other"]): r["games"] for r in co.iter_rows(named=True)}
    # crimea met nordic in g0-g4, polania in g5, saxony in g6; nordic met saxony in g7
    assert met == {("crimea", "nordic"): 5, ("nordic", "crimea"): 5, ("crimea", "polania"): 1,
                   ("polania", "crimea"): 1, ("crimea", "saxony"): 1, ("saxony", "crimea"): 1,
                   ("nordic", "saxony"): 1, ("saxony", "nordic"): 1}


def test_a_missing_key_is_a_group_of_its_own(hand2p, tmp_path):
    """Rows without a faction (e.g. a side with none) form one group; renaming polania to
    'no faction' changes no statistic."""
    from reportdata import SCYTHE, rows_2p
    from simsuite.reporting.synthetic import write_dataset

    rows = [{**r, "faction": None if r["faction"] == "polania" else r["faction"]} for r in rows_2p()]
    ds_null = open_dataset(write_dataset(rows, tmp_path / "null", SCYTHE, games_per_shard=3))
    ds = open_dataset(hand2p)
    a = analysis.equality_tests(ds, ["faction"]).drop("players")
    b = analysis.equality_tests(ds_null, ["faction"]).drop("players")
    assert np.allclose(a.to_numpy().astype(float), b.to_numpy().astype(float), equal_nan=True)
    w = analysis.win_rates(ds_null, ["faction"]).filter(pl.col("faction").is_null())
    assert (w["games"][0], w["wins"][0]) == (1, 0)
