"""The expert's long shots at the Automa (issue #14), on constructed positions.

Rulebook 003 ("Stars"): the Automa places a star for each combat it wins, at most 2, and the game
ends when it places its sixth, which it scores with the others whatever way they came. So a lost
attack hands it a star it would have placed anyway; what the human gives up is the turns that
star takes off the game. The seat-adapted strategy (`expert`, weight `adapt` > 0) therefore does
not refuse an attack on the Automa that it expects to lose while the Automa may still place a
combat star and has fewer than 4 stars; after that, or against anyone else, such an attack is
refused as before (a large loss), and so it is by the strategies that do not adapt. Against an
Automa that takes every move of its card (Ultimaszyna) attacks are priced by their odds instead
(tests/scythe/test_expert_attack_odds.py), so these positions are at Automaszyna.
"""
from __future__ import annotations

from simsuite import _scythe as core
from simsuite.games.scythe.policies import default_weights

from .automa_helpers import AUTOMA, HUMAN, place, solo_game

# 41 mountain and 42 village are neighbours (tests/scythe/test_expert_defence.py).
FROM, TARGET = 41, 42
REFUSED = -5.0          # h_attack's refusal is at most this whatever the weights


def _position(rules, human_power, automa_power, automa_hand=None, **automa_stars):
    """Saxony's mech beside an Automa mech at Automaszyna; the two sides' power, the Automa's
    hand and stars."""
    g = solo_game(rules, human="saxony", automa="polania", level="automaszyna", mat="patriotic")
    place(g, HUMAN, mech0=FROM, worker0=FROM)
    g.set_unit(AUTOMA, "mech0", TARGET)
    g.set_player(HUMAN, power=human_power, hand={})
    g.set_player(AUTOMA, power=automa_power, hand=automa_hand or {}, **automa_stars)
    return g


def _worth(g, name="expert"):
    return core.heuristic_attack_worth(g, HUMAN, "mech0", TARGET, 1, default_weights(name))


def _hopeless(rules, **automa_stars):
    # No power and no card against 14 power and three cards: far below any attack edge.
    return _position(rules, 0, 14, {4: 1, 5: 2}, **automa_stars)


def test_a_long_shot_is_taken_while_it_hands_the_automa_a_star_it_would_place_anyway(rules):
    assert _worth(_hopeless(rules)) > 0.0
    assert _worth(_hopeless(rules, combat_stars=1)) > 0.0


def test_once_the_automa_holds_both_combat_stars_a_lost_attack_gives_nothing(rules):
    # Rulebook 003: at most 2 combat stars; a third lost attack gives it no star.
    assert _worth(_hopeless(rules, combat_stars=2)) <= REFUSED


def test_near_the_end_the_long_shot_is_refused(rules):
    # With 4 of its 6 stars (1 from combat, 1 for power, 2 from its star track) the game is
    # near its end: the unit sent home would be missed in the last turns.
    g = _hopeless(rules, combat_stars=1, star_placed={"power": True})
    track = 0
    while g.observation(HUMAN)["players"][AUTOMA]["stars"] < 4:
        track += 1
        g.set_automa(track_pos=track)
    assert g.observation(HUMAN)["players"][AUTOMA]["stars"] == 4
    assert _worth(g) <= REFUSED
    g.set_automa(track_pos=track - 1)           # one star less: the long shot again
    assert g.observation(HUMAN)["players"][AUTOMA]["stars"] == 3
    assert _worth(g) > 0.0


def test_the_strategies_that_do_not_adapt_refuse_it(rules):
    for name in ("economy", "aggressor", "diplomat", "star_rush"):
        assert _worth(_hopeless(rules), name) <= REFUSED


def test_an_attack_expected_to_win_is_judged_on_its_gains(rules):
    # 14 power against an Automa with none and no cards: the combat star, the territory and
    # the rest, well above the long shot's worth.
    strong = _worth(_position(rules, 14, 0))
    assert strong > _worth(_hopeless(rules)) > 0.0
