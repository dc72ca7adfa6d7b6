"""Imperial Settlers' `simsuite bench` workloads: the compiled core's batch entry point on
fixed seeds (heuristic and random play at 2 and 4 players, the solo mode), and whole
`simsuite run` batches."""
from __future__ import annotations

import os
from typing import Callable

import numpy as np

from simsuite.bench import Measure, Workload, batch_workload, bench_policy_arrays, bench_seeds, timed_batch


def _core(players: int, policy: str) -> Callable[[int, int], Measure]:
    def run(games: int, start: int) -> Measure:
        from simsuite import _imperial_settlers as core
        from simsuite.games.base import cyclic_deal
        from simsuite.games.imperial_settlers.data import load_rules

        ids, weights = bench_policy_arrays("imperial-settlers", "Imperial Settlers", policy, players)
        rules = load_rules()
        index = np.arange(start, start + games, dtype=np.int64)
        seeds = bench_seeds(index)
        factions = cyclic_deal(index, [4], players)[0]
        return timed_batch(games, lambda: core.play_batch(rules, seeds, players, factions, ids, weights))
    return run


BATCH_SCENARIO = """\
game = "imperial-settlers"
name = "bench"
games = {games}
seed = {seed}
players = {players}
factions = "all"
policy = "{policy}"
shard_size = {shard}
"""

HEURISTIC = os.environ.get("SIMSUITE_BENCH_POLICY", "engine")


def workloads() -> list[Workload]:
    h = HEURISTIC
    return [
        Workload("settlers-4p-heuristic", f"Imperial Settlers, 4 players, policy {h}", "core", _core(4, h)),
        Workload("settlers-2p-heuristic", f"Imperial Settlers, 2 players, policy {h}", "core", _core(2, h)),
        Workload("settlers-solo-heuristic", f"Imperial Settlers solo, policy {h}", "core", _core(1, h)),
        Workload("settlers-4p-random", "Imperial Settlers, 4 players, random policy", "core", _core(4, "random")),
        Workload("settlers-solo-random", "Imperial Settlers solo, random policy", "core", _core(1, "random")),
        Workload("settlers-run-4p-1job", f"simsuite run, Imperial Settlers 4 players, {h}, 1 job", "batch",
                 batch_workload(BATCH_SCENARIO, 1, players=4, policy=h),
                 {"jobs": 1, "core": "settlers-4p-heuristic"}),
    ]
