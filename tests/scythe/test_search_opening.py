"""ext/scythe/search_opening.py, the benchmark tool that compares the search's opening with a
heuristic's against the Automa (BENCHMARKS.md "Policy strength", session 34)."""
from __future__ import annotations

import pytest

from simsuite.errors import UserError
from simsuite.scenario import load_scenario

from .ext_tools import REPO, load_tool

search_opening = load_tool("search_opening")

SCENARIO = load_scenario(REPO / "scenarios" / "scythe" / "expert-ultimaszyna.toml")


def test_the_opening_ends_at_the_given_star_count():
    _, game, _, _ = search_opening._deal(SCENARIO, 0)
    assert search_opening.in_opening(game, 1)        # no seat has a star at the start
    assert not search_opening.in_opening(game, 0)


def test_both_measures_repeat_themselves_and_add_up():
    # Until the first star, one deal, a small budget: the same counts and positions twice
    # (the search draws from its own stream), every Section counted once for each player.
    first = search_opening.compare_decisions(SCENARIO, 1, 1, 4)
    assert first == search_opening.compare_decisions(SCENARIO, 1, 1, 4)
    kinds, differ = first["kinds"], first["differ"]
    assert kinds["section"] > 0 and all(differ[k] <= kinds[k] for k in differ)
    assert sum(first["top_policy"].values()) == sum(first["top_search"].values()) == kinds["section"]
    assert sum(first["unit_policy"].values()) == kinds["move_unit"]
    pairs = search_opening.opening_positions(SCENARIO, 1, 1, 4)
    assert pairs == search_opening.opening_positions(SCENARIO, 1, 1, 4)
    (mine, theirs), = pairs
    assert set(mine) == set(theirs) == set(search_opening.POSITION)
    # the opening ended at some seat's first star, after the first turn
    for side in (mine, theirs):
        assert max(side["stars"], side["automa_stars"]) >= 1 and side["turn"] > 1
    # the dealt start: 2 workers on the board, no upgrade before the first Upgrade
    _, game, _, _ = search_opening._deal(SCENARIO, 0)
    start = search_opening.position(game, 1 - game.automa_seat)
    assert start["workers"] == 2 and start["upgrades"] == 0 and start["stars"] == 0
    # the Automa's side (Rulebook 003, setup): its cube on the track's first cell, no star,
    # one worker on each of the 2 territories beside its base
    assert start["automa_track"] == 0 and start["automa_stars"] == 0
    assert start["automa_territories"] == 2 and start["automa_combat_stars"] == 0


def test_a_scenario_without_the_automa_is_refused_in_one_line():
    with pytest.raises(UserError, match=r"\[automa\] table"):
        search_opening._check(load_scenario(REPO / "scenarios" / "scythe" / "scythe-2p.toml"))
