"""Scythe's `simsuite bench` workloads: the compiled core's batch entry point on fixed seeds,
and whole `simsuite run` batches (multiplayer and solo)."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Callable, Optional

import numpy as np

from simsuite.bench import Measure, Workload, batch_workload, bench_policy_arrays, bench_seeds, timed_batch
from simsuite.errors import UserError


# both Wind Gambit modules on the shipped example tiles (a repository checkout's scenario)
WIND_GAMBIT = Path(__file__).resolve().parents[3] / "scenarios" / "scythe" / "wind-gambit.toml"


def _wind_gambit_rules():
    """The compiled Rules of scenarios/scythe/wind-gambit.toml (its modules and tile file)."""
    from simsuite.scenario import load_scenario

    if not WIND_GAMBIT.is_file():
        raise UserError(f"bench: {WIND_GAMBIT} not found; the Wind Gambit workload runs from a "
                        "source checkout (its tiles are an example file under scenarios/)")
    scenario = load_scenario(WIND_GAMBIT)
    return scenario.spec.rules(scenario.config)


def _core(players: int, policy: str, automa: Optional[dict] = None,
          make_rules: Optional[Callable] = None) -> Callable[[int, int], Measure]:
    def run(games: int, start: int) -> Measure:
        from simsuite import _scythe
        from simsuite.games.scythe.data import load_data

        ids, weights = bench_policy_arrays("scythe", "Scythe", policy, players)
        if TABLE and policy == HEURISTIC:
            ids, weights = table_arrays(policy, players, automa is not None, TABLE)
        rules = make_rules() if make_rules else _scythe.Rules(load_data())
        seeds = bench_seeds(np.arange(start, start + games))
        return timed_batch(games, lambda: _scythe.play_batch(rules, seeds, players, None, None, ids, weights, **(automa or {})))
    return run


_TABLE_ARRAYS: dict = {}    # (table, policy, players, solo) -> seat arrays, loaded once


def table_arrays(policy: str, players: int, solo: bool, table: str) -> tuple:
    """Seat arrays (policy ids, weights [seats, faction x mat rows, weights]) of `policy`
    playing the weights table `table` in every seat (a solo game: the human's seat and the
    Automa's), each seat on the row of the faction and mat it is dealt, as a scenario naming
    that table gets them (lineups.py)."""
    import tempfile

    key = (table, policy, players, solo)
    if key in _TABLE_ARRAYS:
        return _TABLE_ARRAYS[key]

    from simsuite.games.scythe.lineups import seat_policy_arrays
    from simsuite.scenario import load_scenario

    head = f'game = "scythe"\nname = "bench-table"\ngames = 1\nseed = 1\n'
    entry = f'[[policy]]\nname = "{policy}"\nweights_table = "{table}"\n'
    text = head + (entry + '[automa]\ndifficulty = "automa"\n' if solo
                   else f"players = {players}\n" + entry * players)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench-table.toml"
        path.write_text(text)
        config = load_scenario(path).config
    pols = [config.policies[0], None] if solo else list(config.policies)
    ids, weights, _ = seat_policy_arrays(pols, config)
    _TABLE_ARRAYS[key] = ids, weights
    return ids, weights


BATCH_SCENARIO = """\
game = "scythe"
name = "bench"
games = {games}
seed = {seed}
players = {players}
factions = "random"
mats = "random"
policy = "{policy}"
shard_size = {shard}
"""

# scenarios/scythe/automa-million.toml (tests/test_bench.py keeps the two alike)
AUTOMA_SCENARIO = """\
game = "scythe"
name = "bench-automa"
games = {games}
seed = {seed}
factions = "random"
mats = "random"
shard_size = {shard}
[[policy]]
name = "economy"
[[policy]]
name = "star_rush"
[[policy]]
name = "aggressor"
[[policy]]
name = "diplomat"
[automa]
difficulty = "all"
faction = "random"
[rules]
ban_pairs = true
turn_cap = 500
"""

HEURISTIC = os.environ.get("SIMSUITE_BENCH_POLICY", "economy")
# a weights table the heuristic plays in the core workloads (e.g. "expert", the shipped one):
# the strongest policy is `expert` with its table, and its speed is measured as it plays
TABLE = os.environ.get("SIMSUITE_BENCH_TABLE", "")


def workloads() -> list[Workload]:
    from simsuite.policies import compiled_policies

    heuristic = HEURISTIC if HEURISTIC in compiled_policies("scythe") else None
    played = f" with weights table {TABLE}" if TABLE and heuristic else ""
    table = []
    if heuristic:
        table += [
            Workload("scythe-2p-heuristic", f"Scythe, 2 players, policy {heuristic}{played}", "core",
                     _core(2, heuristic)),
            Workload("scythe-4p-heuristic", f"Scythe, 4 players, policy {heuristic}{played}", "core",
                     _core(4, heuristic)),
        ]
    solo_policy = heuristic or "random"
    table += [
        Workload("scythe-automa", f"Scythe solo, {solo_policy}{played} against the Automa (level automa)", "core",
                 _core(2, solo_policy, automa={"automa": "automa"})),
        Workload("scythe-4p-windgambit", f"Scythe, 4 players, policy {solo_policy}, the Wind Gambit's "
                 "airships and resolutions (scenarios/scythe/wind-gambit.toml's example tiles)", "core",
                 _core(4, solo_policy, make_rules=_wind_gambit_rules)),
        Workload("scythe-4p-random", "Scythe, 4 players, random policy", "core", _core(4, "random")),
        Workload("scythe-2p-random", "Scythe, 2 players, random policy", "core", _core(2, "random")),
    ]
    batch_policy = heuristic or "random"
    four = f"scythe-4p-{'heuristic' if heuristic else 'random'}"
    table += [
        Workload("run-automa-1job", "simsuite run, solo against the Automa (4 heuristics x 4 levels), 1 job",
                 "batch", batch_workload(AUTOMA_SCENARIO, 1), {"jobs": 1, "core": "scythe-automa"}),
        Workload("run-automa-2jobs", "simsuite run, solo against the Automa (4 heuristics x 4 levels), 2 jobs",
                 "batch", batch_workload(AUTOMA_SCENARIO, 2), {"jobs": 2, "core": "scythe-automa"}),
        Workload("run-automa-million", "simsuite run, 1,000,000 solo games against the Automa, 2 jobs "
                 "(one repetition, several minutes; only when named)", "million",
                 batch_workload(AUTOMA_SCENARIO, 2, shard=20_000), {"jobs": 2}),
        Workload("run-4p-1job", f"simsuite run, 4 players, {batch_policy}, 1 job", "batch",
                 batch_workload(BATCH_SCENARIO, 1, players=4, policy=batch_policy), {"jobs": 1, "core": four}),
        Workload("run-4p-2jobs", f"simsuite run, 4 players, {batch_policy}, 2 jobs", "batch",
                 batch_workload(BATCH_SCENARIO, 2, players=4, policy=batch_policy), {"jobs": 2, "core": four}),
    ]
    return table
