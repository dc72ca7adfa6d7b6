"""ext/scythe/head_start.py, the benchmark tool that measures what a head start given before the
first turn is worth against the Automa (BENCHMARKS.md "Policy strength", sessions 34 and 57)."""
from __future__ import annotations

import numpy as np
import polars as pl
import pytest

from simsuite.errors import UserError
from simsuite.runner import derive_seeds
from simsuite.scenario import load_scenario

from .ext_tools import REPO, load_tool

head_start = load_tool("head_start")

SCENARIO = load_scenario(REPO / "scenarios" / "scythe" / "expert-ultimaszyna.toml")


def test_edits_are_read_part_by_part():
    assert head_start.parse_edit("none") == []
    assert head_start.parse_edit(" workers=3 + mill=1 ") == [("workers", 3), ("mill", 1)]
    assert head_start.parse_edit("mine=2") == [("mine", 2)]
    assert head_start.parse_edit("mech=1+recruit=4+tokens=2+coins=5") == [
        ("mech", 1), ("recruit", 4), ("tokens", 2), ("coins", 5)]


@pytest.mark.parametrize("text, message", [
    ("workers", "write NAME=N"),
    ("workers=7", "workers=0..6"),          # Rulebook §5: 2 of the mat's 8 workers start on the board
    ("mill=3", "mill=1 or mill=2"),
    ("mech=5", "mech=1..4"),                # four mechs a faction mat (Rulebook §3.2)
    ("recruit=0", "recruit=1..4"),
    ("castle=1", "one of mine, armory, monument, mill"),
])
def test_bad_edits_are_refused_in_one_line(text, message):
    with pytest.raises(UserError, match=message):
        head_start.parse_edit(text)


def test_the_edit_places_workers_and_a_structure_on_the_starting_hexes():
    # Rulebook §5: each faction starts with two workers on two hexes beside its base. Three
    # more go to the first, second and first hex again; the Mill to the second.
    seed = int(derive_seeds(SCENARIO.seed, np.array([0]))[0])
    game = SCENARIO.spec.new_game(SCENARIO.config, seed, False, 0)
    me = 1 - game.automa_seat
    first, second = game.unit_cell(me, "worker0"), game.unit_cell(me, "worker1")
    head_start.apply_edit(game, me, head_start.parse_edit("workers=3+mill=2"))
    assert game.workers_on_board(me) == 5
    assert game.workers_of_on(me, first) == 3 and game.workers_of_on(me, second) == 2
    assert game.player(me)["structures"]["mill"] == second
    assert game.player(me)["structures"]["mine"] is None


def test_the_edit_gives_a_mech_a_recruit_tokens_and_track_steps():
    # From the start position (Rulebook §5), each part adds exactly what it names; the power
    # track stops at its end, 16 (§4.5).
    seed = int(derive_seeds(SCENARIO.seed, np.array([1]))[0])
    game = SCENARIO.spec.new_game(SCENARIO.config, seed, False, 1)
    me = 1 - game.automa_seat
    first = game.unit_cell(me, "worker0")
    before = dict(game.player(me))
    tokens = game.resources(first)
    head_start.apply_edit(game, me, head_start.parse_edit(
        "mech=2+recruit=4+tokens=2+coins=5+power=20+popularity=1"))
    after = game.player(me)
    assert after["mechs_deployed"] == [False, True, False, False]
    assert game.unit_cell(me, "mech1") == first
    assert after["recruits"] == [False, False, False, True]
    assert after["onetime_used"] == before["onetime_used"]
    assert game.resources(first) == {r: tokens[r] + 2 for r in tokens}
    assert after["coins"] == before["coins"] + 5
    assert after["power"] == 16
    assert after["popularity"] == before["popularity"] + 1


def test_no_edit_plays_the_scenarios_own_games():
    # `none` is the batch: the same wins and margins as the product's shard path on the seeds.
    n = 20
    won, margin = head_start.play(SCENARIO, n, [])
    idx = np.arange(n, dtype=np.int64)
    rows = pl.from_arrow(SCENARIO.spec.run_shard(SCENARIO.config, idx, derive_seeds(SCENARIO.seed, idx)))
    human = rows.filter(pl.col("policy") == "expert").sort("game_index")
    automa = rows.filter(pl.col("policy") != "expert").sort("game_index")
    assert int(won.sum()) == int(human["winner"].sum())
    assert margin.tolist() == (human["score"] - automa["score"]).cast(pl.Float64).to_list()


def test_an_edit_changes_the_games_it_is_given():
    # Five workers and a Mill from the start: the same deals, played differently.
    _, plain = head_start.play(SCENARIO, 4, [])
    _, edited = head_start.play(SCENARIO, 4, head_start.parse_edit("workers=3+mill=1"))
    assert plain.tolist() != edited.tolist()


def test_a_scenario_without_the_automa_is_refused_in_one_line():
    players = load_scenario(REPO / "scenarios" / "scythe" / "scythe-2p.toml")
    with pytest.raises(UserError, match=r"\[automa\] table"):
        head_start.play(players, 1, [])
