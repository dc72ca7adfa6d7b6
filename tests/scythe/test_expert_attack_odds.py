"""The expert's attacks on an Automa that takes every move of its card, priced by their odds
(issue #14; the switch H_AUTOMA_ODDS, on as shipped), on constructed positions.

Rulebook 003: at Ultimaszyna (and under its optional rule 6 at any level) the Automa makes every
move of its card. With the switch on (as shipped), against such an Automa the seat-adapted strategy
(`expert`) prices an attack by its odds: p x what winning gains + (1 - p) x what a lost attack earns
(H_AUTOMA_LOST_ATTACK), less the power the attack is expected to cost. p is the chance that the
full dial and the best cards beat the Automa's total, read from its public combat table
(ties go to the attacker, Rulebook §13.4). Nothing is refused and there is no long shot.
Elsewhere the edge threshold and the long shots apply (tests/scythe/test_expert_long_shot.py).
"""
from __future__ import annotations

import pytest

from simsuite import _scythe as core
from simsuite.games.scythe.policies import default_weights

from .automa_helpers import AUTOMA, HUMAN, place, solo_game

# 41 mountain and 42 village are neighbours (tests/scythe/test_expert_defence.py).
FROM, TARGET = 41, 42
REFUSED = -5.0          # h_attack's refusal is at most this whatever the weights
SHIPPED_LOST = 4.0      # H_AUTOMA_LOST_ATTACK as shipped (H_AUTOMA_ODDS on)


def _position(rules, human_power, automa_power, automa_hand=None, all_moves=True,
              **automa_stars):
    """Saxony's mech beside an Automa mech at Automaszyna, with or without rule 6 (all moves)."""
    g = solo_game(rules, human="saxony", automa="polania", level="automaszyna", mat="patriotic",
                  options={"all_moves": all_moves})
    place(g, HUMAN, mech0=FROM, worker0=FROM)
    g.set_unit(AUTOMA, "mech0", TARGET)
    g.set_player(HUMAN, power=human_power, hand={})
    g.set_player(AUTOMA, power=automa_power, hand=automa_hand or {}, **automa_stars)
    return g


def _worth(g, name="expert", odds=True, lost=SHIPPED_LOST):
    core._set_automa_odds(odds, lost)
    try:
        return core.heuristic_attack_worth(g, HUMAN, "mech0", TARGET, 1, default_weights(name))
    finally:
        core._set_automa_odds(True, SHIPPED_LOST)


def _hopeless(rules, **kw):
    # No power and no card against 14 power and three cards: p = 0.
    return _position(rules, 0, 14, {4: 1, 5: 2}, **kw)


def test_a_sure_win_is_worth_what_the_threshold_rule_gives_it(rules):
    # 14 power against an Automa with none and no cards: its total is 0, the seat's 7, p = 1, so
    # p x gain + (1 - p) x anything is the whole gain, as under the threshold.
    g = _position(rules, 14, 0)
    assert _worth(g) == pytest.approx(_worth(g, odds=False))
    assert _worth(g) == pytest.approx(_worth(g, lost=10.0))


def test_a_hopeless_attack_earns_what_a_lost_attack_earns(rules):
    # p = 0: the worth moves coin for coin with H_AUTOMA_LOST_ATTACK, and is never refused, not
    # even once the Automa holds both combat stars (where the threshold rule refuses it).
    base = _worth(_hopeless(rules), lost=0.0)
    assert _worth(_hopeless(rules)) == pytest.approx(base + SHIPPED_LOST)
    assert _worth(_hopeless(rules), lost=7.0) == pytest.approx(base + 7.0)
    assert _worth(_hopeless(rules, combat_stars=2)) > REFUSED
    assert _worth(_hopeless(rules, combat_stars=2), odds=False) <= REFUSED


def test_an_even_fight_is_weighted_by_its_odds(rules):
    # 3 power and no card (a total of 3) against an Automa with 6 power and no hand: p is the
    # chance its total is at most 3 (the attacker wins ties), from the seat's reading of its
    # combat table; the worth's change with what a lost attack earns is (1 - p) per coin.
    g = _position(rules, 3, 6)
    p = core.automa_combat_cdf(g, HUMAN, default_weights("expert"))[3]
    assert 0.0 < p < 1.0
    assert _worth(g, lost=5.0) - _worth(g, lost=1.0) == pytest.approx(4.0 * (1.0 - p))


def test_without_all_moves_the_threshold_and_the_long_shots_apply(rules):
    g = _hopeless(rules, all_moves=False)
    assert _worth(g) == pytest.approx(_worth(g, odds=False))
    assert _worth(g) == pytest.approx(_worth(g, lost=9.0))
    assert _worth(_hopeless(rules, all_moves=False, combat_stars=2)) <= REFUSED


def test_the_strategies_that_do_not_adapt_still_refuse_it(rules):
    for name in ("economy", "aggressor", "diplomat", "star_rush"):
        assert _worth(_hopeless(rules), name) <= REFUSED


def test_as_shipped_attacks_on_an_all_moves_automa_are_priced_by_their_odds(rules):
    # The switch is on: the hopeless attack earns what a lost attack earns (not the long shot's
    # flat worth), and is not refused once the Automa holds both combat stars; without all
    # moves the threshold and the long shots apply.
    w = default_weights("expert")
    for g in (_hopeless(rules), _position(rules, 3, 6), _hopeless(rules, all_moves=False)):
        assert core.heuristic_attack_worth(g, HUMAN, "mech0", TARGET, 1, w) == pytest.approx(
            _worth(g))
    base = _worth(_hopeless(rules), lost=0.0)
    assert core.heuristic_attack_worth(_hopeless(rules), HUMAN, "mech0", TARGET, 1, w) == (
        pytest.approx(base + SHIPPED_LOST))
    assert core.heuristic_attack_worth(_hopeless(rules, combat_stars=2), HUMAN, "mech0", TARGET,
                                       1, w) > REFUSED
    assert core.heuristic_attack_worth(_hopeless(rules, all_moves=False, combat_stars=2), HUMAN,
                                       "mech0", TARGET, 1, w) <= REFUSED
