"""The ladder report (reports/ladder.py): Bradley-Terry ratings checked against hand calculations.

Bradley-Terry: P(i beats j) = p_i / (p_i + p_j); the maximum-likelihood strengths satisfy
sum_j w_ij = sum_j n_ij p_i / (p_i + p_j) (Hunter 2004, "MM algorithms for generalized
Bradley-Terry models"). Ratings are 400 log10(p) centred on the mean (the Elo scale).
"""
from __future__ import annotations

import importlib.util
import json
import math

import numpy as np
import pytest

from simsuite.errors import UserError
from simsuite.reporting.registry import report_command
from simsuite.reporting.synthetic import write_dataset

from reportdata import REPO, SCYTHE, wilson_by_hand

spec = importlib.util.spec_from_file_location("ladder_report", REPO / "reports" / "ladder.py")
ladder = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ladder)

ELO = 400 / math.log(10)


def test_two_policies_by_hand():
    # A beats B in 30 of 40 pairs: p_A / p_B = 30 / 10, so the ratings are +-200 log10(3);
    # the information of d = theta_A - theta_B is n q (1 - q) = 40 x 3/4 x 1/4 = 7.5, and a
    # centred rating is d / 2, with variance 1 / (4 x 7.5) = 1/30.
    wins = np.array([[0.0, 30.0], [10.0, 0.0]])
    theta, cov = ladder.bradley_terry(wins)
    assert theta * ELO == pytest.approx([200 * math.log10(3), -200 * math.log10(3)], abs=1e-6)
    assert cov[0, 0] == pytest.approx(1 / 30, rel=1e-6)
    assert cov[1, 1] == pytest.approx(1 / 30, rel=1e-6)
    assert cov[0, 1] == pytest.approx(-1 / 30, rel=1e-6)


def test_three_policies_recover_exact_strengths():
    # Strengths 1, 2, 4 and 30 pairs between every two policies, each won in proportion:
    # 1 v 2: 10-20, 1 v 4: 6-24, 2 v 4: 10-20. These counts satisfy the likelihood
    # equations exactly, so the fit is log(1, 2, 4) centred: ln 2 x (-1, 0, 1).
    wins = np.array([[0, 10, 6], [20, 0, 10], [24, 20, 0]], dtype=float)
    theta, _ = ladder.bradley_terry(wins)
    assert theta == pytest.approx([-math.log(2), 0.0, math.log(2)], abs=1e-9)
    assert theta[2] * ELO == pytest.approx(400 * math.log10(2), abs=1e-6)


def test_pairs_from_many_seat_games():
    # One 3-seat game ranked A 1st, B and C 2nd: A beats B and C, B and C tie (half each);
    # a 2-seat game of two A seats adds nothing (same policy).
    games = [[("A", 1), ("B", 2), ("C", 2)], [("A", 1), ("A", 2)]]
    wins = ladder.pair_counts(games, ["A", "B", "C"])
    assert wins.tolist() == [[0, 1, 1], [0, 0, 0.5], [0, 0.5, 0]]


def _three_seat_games():
    # 60 three-seat games of A, B, C with every ranking, A ahead most often: orders by count.
    orders = {("A", "B", "C"): 16, ("A", "C", "B"): 12, ("B", "A", "C"): 10,
              ("C", "A", "B"): 8, ("B", "C", "A"): 8, ("C", "B", "A"): 6}
    games = []
    for order, count in orders.items():
        games += [[(pol, rank) for rank, pol in enumerate(order, 1)]] * count
    return games


def test_one_pair_a_game_the_clustered_interval_is_the_observed_information():
    # Two policies, one pair a game (A wins 30 of 40): at the fit q = 3/4, and the sum of the
    # games' squared scores, 30 (1/4)^2 + 10 (3/4)^2 = 7.5, equals the information n q (1 - q)
    # = 7.5; the sandwich 7.5 / 7.5^2 is the model's 1 / 7.5 for theta_A - theta_B.
    games = [[("A", 1), ("B", 2)]] * 30 + [[("B", 1), ("A", 2)]] * 10
    theta, cov = ladder.bradley_terry(ladder.pair_counts(games, ["A", "B"]))
    robust = ladder.clustered_cov(theta, games, ["A", "B"])
    assert robust == pytest.approx(cov, rel=1e-9)
    assert robust[0, 0] == pytest.approx(1 / 30, rel=1e-9)


def test_copied_seats_add_pairs_but_not_information():
    # Each game played again with every policy in two adjacent seats (A A B B C C in the
    # game's order) has four times the pairs, all of them copies: the fit is the same, the
    # observed information (pairs as independent) halves the standard errors, and the
    # intervals clustered by game are exactly those of the 3-seat games (each game's score
    # and the information both scale by 4, and 4^-1 16 4^-1 = 1).
    names = ["A", "B", "C"]
    games = _three_seat_games()
    doubled = [[(pol, 2 * rank - k) for pol, rank in g for k in (1, 0)] for g in games]
    theta, naive = ladder.bradley_terry(ladder.pair_counts(games, names))
    theta2, naive2 = ladder.bradley_terry(ladder.pair_counts(doubled, names))
    assert theta2 == pytest.approx(theta, abs=1e-9)
    assert np.diag(naive2) == pytest.approx(np.diag(naive) / 4, rel=1e-9)
    robust = ladder.clustered_cov(theta, games, names)
    robust2 = ladder.clustered_cov(theta2, doubled, names)
    assert robust2 == pytest.approx(robust, rel=1e-6)
    assert np.all(np.diag(robust2) > 3 * np.diag(naive2))


def test_the_report_uses_the_clustered_intervals(tmp_path, capsys):
    rows = []
    for g, seats in enumerate(_three_seat_games()):
        for seat, (pol, rank) in enumerate(seats):
            rows.append(dict(game_index=g, seat=seat, faction="crimea", mat="industrial",
                             policy=pol, score=60 - rank, winner=rank == 1, rank=rank,
                             is_bot_opponent=False, difficulty=None))
    data = write_dataset(rows, tmp_path / "three", SCYTHE)
    report_command("ladder", [str(data), "--format", "json"])
    doc = json.loads(capsys.readouterr().out)
    names = ["A", "B", "C"]
    theta, _ = ladder.bradley_terry(ladder.pair_counts(_three_seat_games(), names))
    se = np.sqrt(np.diag(ladder.clustered_cov(theta, _three_seat_games(), names)))
    for row in doc["tables"]["ratings"]["rows"]:
        i = names.index(row["policy"])
        half = 1.959963984540054 * se[i] * ELO
        assert row["ci_high"] - row["rating"] == pytest.approx(half, rel=1e-6)


def test_unbounded_rating_is_a_user_error():
    with pytest.raises(UserError, match="unbounded"):
        ladder.bradley_terry(np.array([[0.0, 5.0], [0.0, 0.0]]))


def _rows():
    # 40 two-seat games: A wins 30 against B; then 10 solo games of A against a bot at
    # level "easy": A wins 7.
    rows = []
    for g in range(40):
        a_wins = g < 30
        for seat, pol in enumerate(("A", "B")):
            won = a_wins == (pol == "A")
            rows.append(dict(game_index=g, seat=seat, faction="crimea", mat="industrial",
                             policy=pol, score=50 if won else 40, winner=won,
                             rank=1 if won else 2, is_bot_opponent=False, difficulty=None))
    for g in range(100, 110):
        won = g < 107
        rows.append(dict(game_index=g, seat=0, faction="crimea", mat="industrial", policy="A",
                         score=50 if won else 40, winner=won, rank=1 if won else 2,
                         is_bot_opponent=False, difficulty="easy"))
        rows.append(dict(game_index=g, seat=1, faction="nordic", mat=None, policy="bot",
                         score=40 if won else 50, winner=not won, rank=2 if won else 1,
                         is_bot_opponent=True, difficulty="easy"))
    return rows


def test_report_on_a_handmade_dataset(tmp_path, capsys):
    data = write_dataset(_rows(), tmp_path / "ladder", SCYTHE)
    report_command("ladder", [str(data), "--format", "json"])
    doc = json.loads(capsys.readouterr().out)
    ratings = {r["policy"]: r for r in doc["tables"]["ratings"]["rows"]}
    assert set(ratings) == {"A", "B"}          # the solo games are not pairs of policies
    half = 1.959963984540054 * math.sqrt(1 / 30) * ELO
    assert ratings["A"]["rating"] == pytest.approx(200 * math.log10(3), abs=1e-6)
    assert ratings["A"]["ci_low"] == pytest.approx(200 * math.log10(3) - half, abs=1e-6)
    assert ratings["B"]["ci_high"] == pytest.approx(-200 * math.log10(3) + half, abs=1e-6)
    assert (ratings["A"]["pairs"], ratings["A"]["games"]) == (40, 40)
    assert ratings["A"]["win_rate"] == pytest.approx(0.75)
    (bot,) = doc["tables"]["bots"]["rows"]
    assert (bot["policy"], bot["difficulty"], bot["games"], bot["wins"]) == ("A", "easy", 10, 7)
    lo, hi = wilson_by_hand(7, 10)
    assert bot["ci_low"] == pytest.approx(lo) and bot["ci_high"] == pytest.approx(hi)


def test_one_policy_and_no_solo_games_is_a_user_error(tmp_path):
    rows = [r for r in _rows() if r["difficulty"] is None]
    for r in rows:
        r["policy"] = "A"
    data = write_dataset(rows, tmp_path / "one", SCYTHE)
    with pytest.raises(UserError, match="neither games between two or more policies"):
        report_command("ladder", [str(data)])
