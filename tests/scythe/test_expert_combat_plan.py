"""The expert's Move against the Automa when it starts more than one combat (issue #14), on
constructed positions.

Rulebook §13.1: combats are fought after the whole Move, one territory at a time, in the order
the attacker chooses; §13.3: each dial (at most min(7, power)) and each combat card comes from
the player's one power track and one hand, so power and cards spent
in the first combat are not there for the second. The seat-adapted strategy (`expert`, weight
`adapt` > 0) takes a combat already started elsewhere in its Move to dial the power it is
expected to (the full dial less its edge) and to play the best cards of its units first; the
other strategies judge each attack alone.
"""
from __future__ import annotations

import pytest

from simsuite import _scythe as core
from simsuite.games.scythe.policies import default_weights

from .automa_helpers import AUTOMA, HUMAN, place, solo_game

# 41 mountain and 42 village are neighbours of the tundra 48 (tests/scythe/test_expert_defence.py).
FIRST, SECOND = 41, 42
MAX_DIAL = 7            # §13.3: at most 7 power is dialled


def _position(rules, power, hand, first_started=True):
    """Saxony's mechs on both cells (the first combat started when an Automa mech stands on
    FIRST too), an Automa mech on SECOND; the human's power and hand as given."""
    g = solo_game(rules, human="saxony", automa="polania", level="ultimaszyna", mat="patriotic")
    place(g, HUMAN, mech0=FIRST)
    g.set_unit(AUTOMA, "mech1", SECOND)
    if first_started:
        g.set_unit(AUTOMA, "mech0", FIRST)
    g.set_player(HUMAN, power=power, hand=hand)
    g.set_player(AUTOMA, power=3)
    return g


def _shared(g, name="expert"):
    return core.heuristic_attack_strength(g, HUMAN, SECOND, 1, default_weights(name))


def test_without_another_combat_nothing_is_shared(rules):
    _, shared = _shared(_position(rules, 5, {5: 1}, first_started=False))
    assert shared == 0.0


def test_the_first_combat_plays_the_best_card(rules):
    # No power to dial: the first combat's unit plays the 5, so the second has no card left.
    _, shared = _shared(_position(rules, 0, {5: 1}))
    assert shared == pytest.approx(5.0)
    # With two cards the second combat keeps the 3: it loses 5 - 3 of its best card.
    _, shared = _shared(_position(rules, 0, {5: 1, 3: 1}))
    assert shared == pytest.approx(2.0)


def test_the_first_combat_dials_what_its_edge_leaves(rules):
    # Power 7, no cards: the first combat dials the full 7 less its edge (h_attack's own
    # estimate), and the second can dial only what is left of the 7.
    g = _position(rules, MAX_DIAL, {})
    edge_first, _ = core.heuristic_attack_strength(g, HUMAN, FIRST, 1, default_weights("expert"))
    spend = min(MAX_DIAL, max(0, MAX_DIAL - int(edge_first)))
    assert 0 < spend < MAX_DIAL                 # a partial dial: the case is not trivial
    _, shared = _shared(g)
    assert shared == pytest.approx(spend)
    # Power 14: whatever the first combat dials, 7 are left for the second.
    _, shared = _shared(_position(rules, 14, {}))
    assert shared == 0.0


def test_the_strategies_that_do_not_adapt_judge_each_attack_alone(rules):
    _, shared = _shared(_position(rules, 0, {5: 1}), "economy")
    assert shared == 0.0
