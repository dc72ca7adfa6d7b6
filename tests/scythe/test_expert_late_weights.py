"""The late weights of the heuristics (issue #14): prices a table row moves by the game's end.

A late weight is added to its price in proportion to the most stars any seat holds: nothing
at the start, a fifth per star, all of it from 5 stars (the 6th ends the game, Rulebook 000
§19). Checked on constructed positions through the heuristics' context hook. Expected values
are worked by hand from Rulebook 000 §20 (a controlled territory scores 2 coins at popularity
0-6) and the weights given here, never read back from the engine.
"""
from __future__ import annotations

import pytest

from simsuite import _scythe as core
from simsuite.games.scythe.policies import POLICIES, WEIGHT_NAMES

from .position import Position


def _weights(**values):
    # Every weight 0 but those given (adapt 0: no seat-adapted reprice of territories or power).
    w = [0.0] * len(WEIGHT_NAMES)
    for name, v in values.items():
        w[WEIGHT_NAMES.index(name)] = v
    return w


def _context(weights, own_stars=0, other_stars=0, popularity=3):
    pos = Position(2)
    pos.player(0, stars=own_stars, popularity=popularity)
    pos.player(1, stars=other_stars, popularity=popularity)
    pos.active(0)
    return core.heuristic_context(pos.g, 0, weights)


@pytest.mark.parametrize("stars, share", [(0, 0.0), (1, 0.2), (2, 0.4), (4, 0.8), (5, 1.0)])
def test_late_territory_grows_with_the_most_stars_of_any_seat(stars, share):
    # territory 0.9 and late_territory 1.0: (0.9 + share) x 2 coins (§20, popularity 3).
    w = _weights(territory=0.9, late_territory=1.0)
    assert _context(w, other_stars=stars)["terr_val"] == pytest.approx((0.9 + share) * 2)
    # the seat's own stars count the same way: the most of any seat, not the sum
    assert _context(w, own_stars=stars, other_stars=min(stars, 1))["terr_val"] == \
        pytest.approx((0.9 + share) * 2)


def test_without_late_weights_the_prices_do_not_move_with_stars():
    w = _weights(territory=0.9, popularity=0.5, power=1.0)
    early, late = _context(w), _context(w, other_stars=5)
    assert early["terr_val"] == late["terr_val"] == pytest.approx(1.8)
    assert early["pop_values"] == late["pop_values"]
    assert early["power_values"] == late["power_values"]


def test_late_popularity_and_power_move_their_steps():
    # One popularity step inside a tier is worth the popularity weight; one power step below
    # the dial's 7 the power weight. With 3 stars placed (3/5 of the late weight):
    w = _weights(popularity=0.5, late_popularity=-0.5, power=1.0, late_power=1.5)
    ctx = _context(w, other_stars=3)
    assert ctx["pop_values"][2] - ctx["pop_values"][1] == pytest.approx(0.5 - 0.3)
    assert ctx["power_values"][2] - ctx["power_values"][1] == pytest.approx(1.0 + 0.9)
    start = _context(w)
    assert start["pop_values"][2] - start["pop_values"][1] == pytest.approx(0.5)
    assert start["power_values"][2] - start["power_values"][1] == pytest.approx(1.0)


def test_late_attack_edge_lowers_the_edge_asked_for_a_combat():
    w = _weights(attack_edge=2.0, late_attack_edge=-2.0)
    assert _context(w)["attack_edge"] == pytest.approx(2.0)
    assert _context(w, other_stars=5)["attack_edge"] == pytest.approx(0.0)


def test_the_tuner_steps_every_late_weight_from_zero():
    # They start at 0 for every strategy, so the tuner needs a scale of its own for each
    # (a weight's step scale is its size, at least its floor: simsuite/tuning.py).
    expert = next(p for p in POLICIES if p.name == "expert")
    steps = dict(expert.steps)
    late = [n for n in WEIGHT_NAMES if n.startswith("late_")]
    assert len(late) == 8
    assert all(dict(expert.weights)[n] == 0.0 and steps[n] > 0 for n in late)
