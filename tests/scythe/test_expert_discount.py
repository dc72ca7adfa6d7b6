"""How many later uses the heuristics count a bottom-action discount over (issue #14).

An Upgrade takes a token off the cost of one bottom action for the rest of the game (Rulebook
§9.1, "Upgrade"), so its worth is a token for each later use of that action, and no more uses
than the game leaves room for. A section is not taken twice running (§6), so no seat uses a
bottom action more often than every other turn: the strategies that do not adapt count at most
one use every 2 of their turns left. The seat-adapted strategy (`expert`, weight `adapt` > 0)
shares its turns among four sections and counts at most one every 4. The turns left are each
strategy's own clock: the seat-adapted one allows 3 turns for each star the seat still needs
(while the Automa's star track leaves more), the others 3.5 for each star the leading seat
still needs, at most 20.

Against an Automa that takes every move of its card each turn (Ultimaszyna, Rulebook 003
"Ultimate AutoMachina", or its optional rule 6 "all moves"), the seat-adapted strategy prices a
token off Deploy at twice its worth: that Automa spreads and attacks every turn, and the mechs
that hold territories and workers against it are wanted sooner.
"""
from __future__ import annotations

import pytest

from simsuite import _scythe as core
from simsuite.games.scythe.policies import default_weights

from .automa_helpers import HUMAN, solo_game


def _uses(g, bottom, name="expert"):
    return core.heuristic_discount(g, HUMAN, bottom, default_weights(name))[0]


def _worth(g, bottom, name="expert"):
    return core.heuristic_discount(g, HUMAN, bottom, default_weights(name))[1]


def _game(rules, stars=0, level="ultimaszyna", options=None):
    # The human (Saxony, Patriotic) against the Automa (Ultimaszyna unless said), its first
    # turn; with `stars` of its stars placed (stars that leave every bottom action's effects
    # open).
    g = solo_game(rules, human="saxony", automa="polania", level=level, mat="patriotic",
                  options=options)
    placed = ("workers", "popularity", "power")[:stars]
    g.set_player(HUMAN, star_placed={s: True for s in placed}, combat_stars=max(0, stars - 3))
    assert g.observation(HUMAN)["players"][HUMAN]["stars"] == stars
    return g


def test_at_the_start_the_adapted_seat_counts_one_use_in_four_turns(rules):
    g = _game(rules)
    # 6 stars to place: 18 turns, so at most 4.5 uses.
    assert _uses(g, "upgrade") == pytest.approx(4.5)     # 5 later Upgrades, capped
    assert _uses(g, "deploy") == pytest.approx(4.0)      # its 4 mechs: under the cap
    assert _uses(g, "enlist") == pytest.approx(4.0)


def test_near_the_end_the_cap_binds_for_every_bottom_action(rules):
    g = _game(rules, stars=4)
    # 2 stars to place: 6 turns, one use in 4 of them.
    for bottom in core.BOTTOM_ACTION_NAMES:
        assert _uses(g, bottom) == pytest.approx(1.5)


def test_the_strategies_that_do_not_adapt_count_one_use_in_two_turns(rules):
    g = _game(rules)
    for name in ("economy", "aggressor", "diplomat", "star_rush"):
        # 20 turns (the most they allow): at most 10 uses, so every open effect counts.
        assert _uses(g, "upgrade", name) == pytest.approx(5.0)
        assert _uses(g, "deploy", name) == pytest.approx(4.0)
    g = _game(rules, stars=4)
    # 2 stars for the leader to place: 7 turns, at most 3.5 uses.
    assert _uses(g, "upgrade", "economy") == pytest.approx(3.5)


def test_an_action_with_no_effect_left_is_counted_over_no_use(rules):
    g = _game(rules)
    for k in range(4):
        g.set_unit(HUMAN, f"mech{k}", 13)
    assert _uses(g, "deploy") == 0.0
    assert _uses(g, "upgrade") == pytest.approx(4.5)


def test_an_unknown_bottom_action_is_a_clear_error(rules):
    with pytest.raises(Exception, match="unknown bottom action 'harvest'; use one of upgrade"):
        _uses(_game(rules), "harvest")


def test_against_an_automa_taking_all_its_moves_a_deploy_discount_is_worth_double(rules):
    plain = _game(rules, level="automaszyna")
    every = _game(rules, level="automaszyna", options={"all_moves": True})
    assert _worth(every, "deploy") == pytest.approx(2.0 * _worth(plain, "deploy"))
    assert _worth(plain, "deploy") > 0.0
    for bottom in ("build", "enlist"):
        assert _worth(every, bottom) == pytest.approx(_worth(plain, bottom))
    # an Upgrade is worth more when the discount it can buy is: so is a token off its cost
    assert _worth(every, "upgrade") > _worth(plain, "upgrade")
    # the uses counted are the same: the worth of each is what doubles
    assert _uses(every, "deploy") == pytest.approx(_uses(plain, "deploy"))


def test_the_strategies_that_do_not_adapt_price_deploy_alike_at_every_level(rules):
    plain = _game(rules, level="automaszyna")
    every = _game(rules, level="automaszyna", options={"all_moves": True})
    for name in ("economy", "aggressor", "diplomat", "star_rush"):
        assert _worth(every, "deploy", name) == pytest.approx(_worth(plain, "deploy", name))
