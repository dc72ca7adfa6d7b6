"""The bottom action's tie-break over the last turns against the Automa (issue #14).

A bottom action's coins and effect are the seat's for good once taken (Rulebook §6: the bottom
action follows the top one and is paid in full), where a last Move's territories can still be
lost to the Automa's reply (Rulebook 003: it moves and attacks on its own turn). Over its last
8 turns the seat-adapted strategy (`expert`, weight `adapt` > 0) therefore weighs a section
whose bottom action it would take, with that action's effect still open, at 2 coins more;
against an Automa that takes every move of its card (Ultimaszyna, Rulebook 003), where attacks
on it are priced by their odds, 3 coins over its last 10 turns. Its turns left are its own
clock: 3 turns for each star it still needs, unless the Automa's star track ends the game
sooner.
"""
from __future__ import annotations

import pytest

from simsuite import _scythe as core
from simsuite.games.scythe.policies import default_weights

from .automa_helpers import HUMAN, solo_game

# the shipped values (heuristics_values.pxi H_AUTOMA_BOTTOM*), by whether the Automa takes all
# its moves
BONUS, TURNS = 2.0, 8.0
BONUS_ALL, TURNS_ALL = 3.0, 10.0


@pytest.fixture
def shipped():
    yield
    core._set_bottom_late(BONUS, TURNS)
    core._set_bottom_late(BONUS_ALL, TURNS_ALL, True)


def _game(rules, stars, metal=5, mechs_out=0, level="automaszyna"):
    # Saxony on Patriotic against the Automa (at Automaszyna unless said), its first turn, with
    # `stars` of its stars placed (stars that leave every bottom action's effect open), a worker
    # on its first start territory holding `metal` metal, and `mechs_out` mechs already deployed.
    g = solo_game(rules, human="saxony", automa="polania", level=level, mat="patriotic")
    a, _ = g.rules.data.factions["saxony"].start_cells
    g.set_unit(HUMAN, "worker0", a)
    g.set_resources(a, {"metal": metal})
    for k in range(mechs_out):
        g.set_unit(HUMAN, f"mech{k}", a)
    placed = ("workers", "popularity", "power")[:stars]
    g.set_player(HUMAN, star_placed={s: True for s in placed}, combat_stars=max(0, stars - 3))
    g.begin_turn(HUMAN)
    return g


def _net(g, bottom="deploy", name="expert", bonus=BONUS):
    core._set_bottom_late(bonus, TURNS)
    return core.heuristic_bottom_net(g, HUMAN, bottom, default_weights(name))


def _net_all(g, bonus=BONUS_ALL):
    core._set_bottom_late(bonus, TURNS_ALL, True)
    return core.heuristic_bottom_net(g, HUMAN, "deploy", default_weights("expert"))


def _turns_left(g, name="expert"):
    return core.heuristic_context(g, HUMAN, default_weights(name))["turns_left"]


def test_in_the_last_eight_turns_a_bottom_action_taken_is_worth_two_coins_more(rules, shipped):
    g = _game(rules, stars=4)
    assert _turns_left(g) == pytest.approx(6.0)          # 2 stars to place, 3 turns each
    plain, spent = _net(g, bonus=0.0)
    assert plain > 0.0 and spent > 0                      # Deploy is payable and worth taking
    assert _net(g) == (pytest.approx(plain + 2.0), spent)


def test_earlier_the_bottom_action_is_priced_as_before(rules, shipped):
    g = _game(rules, stars=3)
    assert _turns_left(g) == pytest.approx(9.0)          # 3 stars to place: beyond the 8
    assert _net(g) == _net(g, bonus=0.0)


def test_no_tie_break_for_a_spent_effect_an_unpaid_action_or_other_strategies(rules, shipped):
    # all four mechs out: Deploy's effect is spent (its coins alone may still be taken)
    g = _game(rules, stars=4, mechs_out=4)
    assert _net(g) == _net(g, bonus=0.0)
    # no metal: not payable, nothing taken
    assert _net(_game(rules, stars=4, metal=0)) == (0.0, 0)
    # the strategies that do not adapt keep their prices
    g = _game(rules, stars=4)
    for name in ("economy", "aggressor", "diplomat", "star_rush"):
        assert _net(g, name=name) == _net(g, name=name, bonus=0.0)


def test_against_all_moves_three_coins_over_the_last_ten_turns(rules, shipped):
    g = _game(rules, stars=3, level="ultimaszyna")
    assert _turns_left(g) == pytest.approx(9.0)          # within the 10 turns, beyond the 8
    plain, spent = _net_all(g, bonus=0.0)
    assert plain > 0.0 and spent > 0
    assert _net_all(g) == (pytest.approx(plain + 3.0), spent)
    # the tie-break of the other levels does not apply here
    assert _net(g, bonus=0.0) == _net(g)


def test_against_all_moves_earlier_the_bottom_action_is_priced_as_before(rules, shipped):
    g = _game(rules, stars=2, level="ultimaszyna")
    assert _turns_left(g) == pytest.approx(12.0)         # 4 stars to place: beyond the 10
    assert _net_all(g) == _net_all(g, bonus=0.0)
