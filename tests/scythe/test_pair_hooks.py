"""ext/scythe/pair_hooks.py, the benchmark tool that pairs two settings of the compiled
heuristics' tuning hooks on the same deals (BENCHMARKS.md "Policy strength", session 47)."""
from __future__ import annotations

import pytest

from simsuite.errors import UserError
from simsuite.scenario import load_scenario

from .ext_tools import REPO, load_tool

pair_hooks = load_tool("pair_hooks")
search_hybrid = load_tool("search_hybrid")

ULTIMASZYNA = str(REPO / "scenarios" / "scythe" / "expert-ultimaszyna.toml")
ODDS_OFF = "automa_odds=0,4"     # session 47's attack pricing off: it acts at Ultimaszyna


def test_hook_settings_are_read_as_hook_calls():
    assert pair_hooks.parse_hooks("shipped") == []
    assert pair_hooks.parse_hooks(" automa_odds=0,4 ; bottom_late=3,10,1") == [
        ("automa_odds", (0.0, 4.0)), ("bottom_late", (3.0, 10.0, 1.0))]


def test_bad_settings_are_refused_in_one_line():
    with pytest.raises(UserError, match="name one of .*automa_odds"):
        pair_hooks.parse_hooks("no_such_hook=1")
    with pytest.raises(UserError, match="NAME=ARGS"):
        pair_hooks.parse_hooks("automa_odds")
    with pytest.raises(UserError, match="comma-separated numbers"):
        pair_hooks.parse_hooks("tier_goal=a,8")
    with pytest.raises(UserError, match="a rurik scenario"):
        pair_hooks.main(str(REPO / "scenarios" / "rurik" / "rurik-solo-1.toml"), 10, "shipped", "shipped")


def test_the_shipped_hooks_play_the_scenarios_own_games():
    # The margins of the scenario's games as the in-process driver plays them, decision by
    # decision (an independent path to the same deals).
    rows = pair_hooks.play(ULTIMASZYNA, 3, [], jobs=1)
    scenario = load_scenario(REPO / "scenarios" / "scythe" / "expert-ultimaszyna.toml")
    assert [g for g, _, _ in rows] == [0, 1, 2]
    assert [m for _, m, _ in rows] == [search_hybrid.play(scenario, g)[0] for g in range(3)]
    assert [w for _, _, w in rows] == [int(m > 0) for _, m, _ in rows]


def test_a_setting_changes_games_and_leaks_into_no_other_play():
    shipped = pair_hooks.play(ULTIMASZYNA, 40, [], jobs=2)
    off = pair_hooks.play(ULTIMASZYNA, 40, pair_hooks.parse_hooks(ODDS_OFF), jobs=2)
    assert [m for _, m, _ in off] != [m for _, m, _ in shipped]
    # each setting has worker processes of its own: the shipped play again, whatever the count
    assert pair_hooks.play(ULTIMASZYNA, 40, [], jobs=1) == shipped
