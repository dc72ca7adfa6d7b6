"""ext/scythe/late_lookahead.py, the benchmark tool that measures what a look-ahead over a
heuristic's last turns is worth against the Automa (BENCHMARKS.md "Policy strength", session 25)."""
from __future__ import annotations

import numpy as np
import polars as pl
import pytest

from simsuite.errors import UserError
from simsuite.runner import derive_seeds
from simsuite.scenario import load_scenario

from .ext_tools import REPO, load_tool

late_lookahead = load_tool("late_lookahead")

SCENARIO = load_scenario(REPO / "scenarios" / "scythe" / "expert-ultimaszyna.toml")


def test_without_the_look_ahead_the_games_are_the_scenarios_own():
    # TURNS = 0: nothing is looked ahead, so the wins and margins are those of the same games
    # played by the product's batch path (run_shard) on the scenario's seeds.
    n = 30
    wins, margin, changed = late_lookahead.measure(SCENARIO, n, 0)
    idx = np.arange(n, dtype=np.int64)
    seeds = derive_seeds(SCENARIO.seed, idx)
    rows = pl.from_arrow(SCENARIO.spec.run_shard(SCENARIO.config, idx, seeds))
    human = rows.filter(pl.col("policy") == "expert").sort("game_index")
    automa = rows.filter(pl.col("policy") != "expert").sort("game_index")
    assert wins == int(human["winner"].sum())
    assert margin == int((human["score"] - automa["score"]).sum())
    assert not changed


def test_the_look_ahead_changes_decisions_and_repeats_itself():
    # Peeking and with redeals: the play-outs have choosers of their own, so a second run gives
    # the same games; over the last two Automa turns of six games some choice is changed.
    for redeals in (0, 2):
        first = late_lookahead.measure(SCENARIO, 6, 2, None, redeals)
        assert first == late_lookahead.measure(SCENARIO, 6, 2, None, redeals)
        assert sum(first[2].values()) > 0


def test_a_scenario_without_the_automa_is_refused_in_one_line():
    with pytest.raises(UserError, match=r"\[automa\] table"):
        players = load_scenario(REPO / "scenarios" / "scythe" / "scythe-2p.toml")
        late_lookahead.measure(players, 1, 1)
