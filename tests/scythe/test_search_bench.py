"""ext/scythe/search_bench.py, the benchmark tool of the search policy (BENCHMARKS.md "Search
policy"): its heuristic seats play as the product plays them."""
from __future__ import annotations

import numpy as np
import polars as pl

from simsuite.policies import MAX_WEIGHTS
from simsuite.runner import derive_seeds
from simsuite.scenario import load_scenario

from .conftest import core
from .ext_tools import REPO, load_tool

search_bench = load_tool("search_bench")


def test_expert_plays_its_weights_table_as_a_scenario_naming_it_does(rules):
    # tables = 1 (the default): `expert`, as the baseline or the opponent, plays the rows of its
    # shipped table, so its games against Ultimaszyna are those of expert-ultimaszyna.toml
    # (expert with weights_table = "expert") on the product's batch path; with tables = 0 it
    # plays its default weights, and the games differ.
    scenario = load_scenario(REPO / "scenarios" / "scythe" / "expert-ultimaszyna.toml")
    n = 40
    idx = np.arange(n, dtype=np.int64)
    seeds = derive_seeds(scenario.seed, idx)
    rows = pl.from_arrow(scenario.spec.run_shard(scenario.config, idx, seeds))
    want = rows.filter(pl.col("policy") == "expert").sort("game_index")["score"].to_list()
    scores = []
    for tables in (True, False):
        pid, weights = search_bench.heuristic("expert", 2, True, tables)
        out = core.play_batch(rules, seeds, 2, policy_ids=[pid, 0],
                              policy_weights=search_bench.seat_weights(
                                  [weights, np.zeros(MAX_WEIGHTS)]),
                              automa="ultimaszyna")
        scores.append(out["score"][:, 0].tolist())
    assert scores[0] == want
    assert scores[1] != want
