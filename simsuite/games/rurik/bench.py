"""Rurik's `simsuite bench` workloads: the compiled core's batch entry point on fixed seeds
(multiplayer and solo), and whole `simsuite run` batches."""
from __future__ import annotations

from typing import Callable, Optional

import numpy as np

from simsuite.bench import Measure, Workload, batch_workload, bench_policy_arrays, bench_seeds, timed_batch


def _core(players: int, policy: str, solo: Optional[int] = None) -> Callable[[int, int], Measure]:
    def run(games: int, start: int) -> Measure:
        from simsuite import _rurik

        ids, weights = bench_policy_arrays("rurik", "Rurik", policy, players)
        rules = _rurik.RurikRules()
        seeds = bench_seeds(np.arange(start, start + games))
        return timed_batch(games, lambda: _rurik.play_batch(rules, seeds, players, None, solo, ids, weights))
    return run


BATCH_SCENARIO = """\
game = "rurik"
name = "bench"
games = {games}
seed = {seed}
players = {players}
policy = "{policy}"
shard_size = {shard}
"""

SOLO_SCENARIO = """\
game = "rurik"
name = "bench-solo"
games = {games}
seed = {seed}
shard_size = {shard}
[[policy]]
name = "warlord"
[[policy]]
name = "builder"
[[policy]]
name = "trader"
[solo]
difficulty = "all"
"""


def workloads() -> list[Workload]:
    return [
        Workload("rurik-4p-heuristic", "Rurik, 4 players, policy warlord", "core", _core(4, "warlord")),
        Workload("rurik-2p-heuristic", "Rurik, 2 players, policy builder", "core", _core(2, "builder")),
        Workload("rurik-solo", "Rurik solo, warlord against the Rebels (difficulty 2)", "core",
                 _core(2, "warlord", solo=2)),
        Workload("rurik-4p-random", "Rurik, 4 players, random policy", "core", _core(4, "random")),
        Workload("rurik-solo-random", "Rurik solo, random against the Rebels (difficulty 2)", "core",
                 _core(2, "random", solo=2)),
        Workload("rurik-run-4p-1job", "simsuite run, Rurik 4 players, warlord, 1 job", "batch",
                 batch_workload(BATCH_SCENARIO, 1, players=4, policy="warlord"),
                 {"jobs": 1, "core": "rurik-4p-heuristic"}),
        Workload("rurik-run-solo-1job", "simsuite run, Rurik solo (3 heuristics x 4 levels), 1 job",
                 "batch", batch_workload(SOLO_SCENARIO, 1), {"jobs": 1, "core": "rurik-solo"}),
    ]
