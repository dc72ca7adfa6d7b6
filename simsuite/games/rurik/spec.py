"""Rurik as the runner and the generic drivers see it: one spec, two parameter sets.

A scenario with a `[solo]` table plays the solo mode (seat 0 against the Rebels led by
Sviatopolk on seat 1, rulebook "ОДИНОЧНА ГРА"); any other plays the 2-4 player game.

    game = "rurik"
    players = 3                     # 2..4 (leave out for solo)
    leaders = "random"              # "random" | "all" | one per seat (a name or "random");
                                    # solo: the human's leader(s), crossed with the rest
    policy = "warlord"              # one policy for everyone, or [[policy]] tables (one per
                                    # seat; solo: the human's policies, crossed with the rest)
    rotate = false                  # seat s of game g plays policy (s + g) mod n
    [solo]
    difficulty = "all"              # "all" | 1..4 | a list of them (crossed with the rest)
    [rules]
    variants = []                   # "alternate_board", "alternate_rebel_rewards", "alternate_deed_row"
    income_round4 = false           # the rule readings of data/rules.toml, switchable here
    data = []                       # data override files (simsuite/datafiles.py), relative to the scenario
    provisional = true              # false: refuse to play while any data entry in use is provisional

"all" leaders cycle by game index so every seat holds every leader equally often (multiplayer)
or every combination is played in turn (solo). Dataset rows are by seat in turn order; in solo
seat 1 is the Rebels (policy "rebels", is_bot_opponent true) and `difficulty` is on both rows.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pyarrow as pa

from simsuite.errors import UserError
from simsuite.games.base import GameConfig, GameSpec, cyclic_deal, play_grouped, seat_policies
from simsuite.games.rurik.schema import SCHEMA
from simsuite.policies import check_built, resolve_policy, resolve_seat_policies, seat_policy_arrays
from simsuite.policies import seat_choosers as shared_seat_choosers
from simsuite.scenario import Checker, short_hash

LEVELS = (1, 2, 3, 4)
REBELS_POLICY = "rebels"
_RULES: dict = {}


def core():
    """The compiled core, or a one-line error saying how to build it."""
    try:
        from simsuite import _rurik
    except ImportError:
        raise UserError("the compiled Rurik core (simsuite._rurik) is not built; build it with "
                        "python setup.py build_ext --inplace, or reinstall with pip install .")
    return _rurik


@dataclass(frozen=True)
class RurikConfig(GameConfig):
    n_players: int
    leaders: object          # "random" | "all" | tuple of names/"random" by seat (solo: of the human)
    policies: tuple          # PolicyChoice by seat (solo: the human's, crossed)
    rotate: bool
    levels: tuple            # solo difficulties (empty: multiplayer)
    variants: tuple          # sorted variant names
    flags: tuple             # sorted (rule switch, value) set by the scenario
    data_files: tuple        # (name, sha256) of each data override file
    data: object             # the loaded RurikData (travels to workers)
    leader_names: tuple

    @property
    def solo(self) -> bool:
        return bool(self.levels)

    def normalized(self) -> dict:
        doc = {"players": self.n_players, "leaders": _plain(self.leaders), "rotate": self.rotate,
               "policies": [p.normalized() for p in self.policies],
               "rules": {"variants": list(self.variants), "flags": dict(self.flags),
                         "data": [list(d) for d in self.data_files]}}
        if self.solo:
            doc["solo"] = {"difficulty": list(self.levels)}
        return doc

    def combos(self) -> list:
        """Solo: (policy index, level, leader name or "random"), played in turn by game index."""
        leaders = self.leaders if isinstance(self.leaders, tuple) else (
            tuple(n for n in self.leader_names if n != self.data.rebel_leader)
            if self.leaders == "all" else ("random",))
        return list(itertools.product(range(len(self.policies)), self.levels, leaders))


def _plain(mode):
    return mode if isinstance(mode, str) else list(mode)


class RurikSpec(GameSpec):
    name = "rurik"
    scenario_keys = ("players", "leaders", "policy", "rotate", "rules", "solo")
    schema = SCHEMA
    conformance_cases = (
        ("2p", {"players": 2, "policy": "builder"}),
        ("3p", {"players": 3, "policy": ["warlord", "trader", "random"]}),
        ("4p", {"players": 4, "policy": ["warlord", "builder", "trader", "random"]}),
        ("solo", {"policy": "warlord", "solo": {"difficulty": "all"}}),
        ("solo-planner", {"policy": "planner", "solo": {"difficulty": "all"}}),
    )
    # ~1-2 s of work per shard at the core's speed (>= 1,000 four-player heuristic games/s)
    default_shard_size = 2000
    turn_word = "rounds"

    # ------------------------------------------------------------------ validation
    def validate(self, scenario: dict, source: Path) -> RurikConfig:
        from simsuite.games.rurik.data import load_data

        check = Checker(source)
        rules = check.table(scenario, "rules")
        flag_names = core().RULE_FLAGS
        check.check_keys(rules, ("variants", "data", "provisional") + tuple(flag_names), "rules")
        variants = rules.get("variants", [])
        if not isinstance(variants, list):
            raise check.fail("rules.variants", "must be a list of variant names",
                             f'write e.g. variants = ["{core().VARIANTS[0]}"]')
        variants = tuple(sorted({check.choice(v, core().VARIANTS, "rules.variants", "variant")
                                 for v in variants}))
        flags = tuple(sorted((k, check.boolean(rules, k, where="rules")) for k in flag_names if k in rules))
        paths, data_files = check.files(rules, "data", where="rules", example='data = ["my-rurik.toml"]')
        try:
            data = load_data(paths)   # its errors already name the file, entry and fix
        except UserError as err:
            raise check.wrap("rules.data", err) if paths else err
        if not check.boolean(rules, "provisional", where="rules", default=True) and data.provisional:
            raise check.fail("rules.provisional", f"is false but {len(data.provisional)} data entries are "
                             f"provisional (first: {data.provisional[0]})",
                             "replace them in an override file (rules.data) that also sets provisional = [] "
                             "on each, or allow them with provisional = true")
        names = tuple(data.leader_names)

        if "solo" in scenario:
            solo = check.table(scenario, "solo")
            check.check_keys(solo, ("difficulty",), "solo")
            if scenario.get("players", 1) != 1:
                raise check.fail("players", "a solo game has one player (the Rebels take seat 1)",
                                 "leave players out of a scenario with a [solo] table")
            levels = self._levels(check, solo.get("difficulty", "all"))
            value = scenario.get("policy", "random")
            entries = value if isinstance(value, list) else [value]
            if not entries:
                raise check.fail("policy", "is an empty list", 'give at least one policy, e.g. policy = "warlord"')
            policies = tuple(resolve_policy(self.name, v, check, f"policy[{i}]" if isinstance(value, list) else "policy")
                             for i, v in enumerate(entries))
            leaders = self._leaders(check, scenario, None, names, data.rebel_leader)
            return RurikConfig(2, leaders, policies, False, levels, variants, flags, data_files, data, names)

        n = check.integer(scenario, "players", minimum=2, maximum=4, example="players = 3")
        leaders = self._leaders(check, scenario, n, names, None)
        policies = resolve_seat_policies(self.name, scenario, n, check)
        rotate = check.boolean(scenario, "rotate", default=False)
        return RurikConfig(n, leaders, policies, rotate, (), variants, flags, data_files, data, names)

    @staticmethod
    def _levels(check: Checker, value) -> tuple:
        if isinstance(value, str) and value.strip().lower() == "all":
            return LEVELS
        values = value if isinstance(value, list) else [value]
        out = []
        for v in values:
            if isinstance(v, str) and v.strip().isdigit():
                v = int(v.strip())
            if isinstance(v, bool) or v not in LEVELS:
                raise check.fail("solo.difficulty", f"{v!r} is not a difficulty",
                                 'use 1, 2, 3 or 4, a list of them, or "all"')
            out.append(int(v))
        if not out:
            raise check.fail("solo.difficulty", "is an empty list", 'give at least one level, or "all"')
        return tuple(sorted(set(out)))

    @staticmethod
    def _leaders(check: Checker, scenario: dict, n, names: tuple, rebel_leader):
        """`leaders`: "random", "all", or (multiplayer) one entry per seat, (solo) a name or a list."""
        value = scenario.get("leaders", "random")
        if isinstance(value, str) and value.strip().lower() in ("random", "all"):
            return value.strip().lower()
        values = value if isinstance(value, list) else [value]
        if n is not None and len(values) != n:
            raise check.fail("leaders", f"{len(values)} leaders for {n} players",
                             f'give exactly {n}, one per seat ("random" for a dealt one), or "random"')
        out = []
        for i, v in enumerate(values):
            if isinstance(v, str) and v.strip().lower() == "random":
                out.append("random")
                continue
            name = check.choice(str(v), names, f"leaders[{i}]", "leader")
            if name == rebel_leader:
                raise check.fail(f"leaders[{i}]", f"{name} leads the Rebels in a solo game",
                                 "choose another leader for yourself")
            out.append(name)
        chosen = [v for v in out if v != "random"]
        if len(set(chosen)) != len(chosen):
            raise check.fail("leaders", "a leader is given to two seats", "give each seat a different leader")
        if not out:
            raise check.fail("leaders", "is an empty list", 'give a leader, or "random"')
        return tuple(out)

    # ------------------------------------------------------------------ playing
    def prepare(self, config: RurikConfig) -> None:
        check_built(config.policies, core().COMPILED_POLICIES, "Rurik")
        self.rules(config)

    @staticmethod
    def rules(config: RurikConfig):
        """The compiled rules of a config, built once per worker process."""
        key = short_hash(config.normalized())
        if key not in _RULES:
            _RULES[key] = core().RurikRules(config.data, variants=config.variants, **dict(config.flags))
        return _RULES[key]

    def leader_ids(self, config: RurikConfig, game_indices: np.ndarray) -> np.ndarray:
        """Leader ids [n_games, n_players] by seat, -1 where the rules deal (multiplayer)."""
        g = np.asarray(game_indices, dtype=np.int64)
        n = config.n_players
        if config.leaders == "all":
            return cyclic_deal(g, [len(config.leader_names)], n)[0].astype(np.int8)
        if config.leaders == "random":
            return np.full((len(g), n), -1, dtype=np.int8)
        row = [-1 if v == "random" else config.leader_names.index(v) for v in config.leaders]
        return np.tile(np.array(row, dtype=np.int8), (len(g), 1))

    def design(self, config: RurikConfig, game_indices: np.ndarray):
        """Solo: per game the policy index, level and leader ids [n_games, 2] of its combination."""
        combos = config.combos()
        k = np.asarray(game_indices, dtype=np.int64) % len(combos)
        pol = np.array([combos[i][0] for i in k], dtype=np.int64)
        lvl = np.array([combos[i][1] for i in k], dtype=np.int8)
        leaders = np.full((len(k), 2), -1, dtype=np.int8)
        leaders[:, 0] = [-1 if combos[i][2] == "random" else config.leader_names.index(combos[i][2]) for i in k]
        return pol, lvl, leaders

    def run_shard(self, config: RurikConfig, game_indices: np.ndarray, seeds: np.ndarray) -> pa.Table:
        seeds = np.ascontiguousarray(seeds, dtype=np.uint64)
        rules = self.rules(config)
        n = config.n_players
        if config.solo:
            pol, lvl, leaders = self.design(config, game_indices)
            seat_pol = np.stack([pol, np.full(len(pol), -1)], axis=1)

            def play(sel):
                ids, weights, python = seat_policy_arrays([config.policies[pol[sel[0]]], None])
                return core().play_batch(rules, seeds[sel], 2, leaders[sel], lvl[sel], ids, weights,
                                         python_policies=python)
            res = play_grouped(pol, play)
        else:
            seat_pol = seat_policies(game_indices, n, config.rotate)
            leaders = self.leader_ids(config, game_indices)

            def play(sel):
                ids, weights, python = seat_policy_arrays([config.policies[k] for k in seat_pol[sel[0]]])
                return core().play_batch(rules, seeds[sel], n, leaders[sel], None, ids, weights,
                                         python_policies=python)
            res = play_grouped(seat_pol[:, 0], play)
        return self._table(config, game_indices, res, seat_pol)

    def _table(self, config: RurikConfig, game_indices: np.ndarray, res: dict, seat_pol: np.ndarray) -> pa.Table:
        n_games, n = len(game_indices), config.n_players
        rows = n_games * n
        flat = {k: np.asarray(v).reshape(-1) for k, v in res.items() if np.asarray(v).ndim == 2}
        names = np.array([p.name for p in config.policies] + [REBELS_POLICY], dtype=object)
        ids = np.array([p.policy_id for p in config.policies] + [REBELS_POLICY], dtype=object)
        pol = seat_pol.reshape(-1)                  # -1 = the Rebels (the last entry)
        bot = pol < 0
        rank = flat["rank"]
        cols = {
            "game_index": np.repeat(np.asarray(game_indices, dtype=np.int64), n),
            "seed": pa.array(np.repeat(np.asarray(res["seed"], dtype=np.uint64), n), pa.uint64()),
            "n_players": np.full(rows, n, dtype=np.int8),
            "seat": np.tile(np.arange(n, dtype=np.int8), n_games),
            "policy": names[pol].tolist(),
            "policy_id": ids[pol].tolist(),
            "is_bot_opponent": bot,
            "score": flat["score"].astype(np.int32),
            "rank": rank.astype(np.int8),
            "winner": flat["winner"].astype(bool),
            "tied": flat["score_tied"].astype(bool),
            "shared_win": flat["shared"].astype(bool) & (rank == 1),
            "turns_taken": np.repeat(np.asarray(res["turns"]), n).astype(np.int16),
            "game_turns": np.repeat(np.asarray(res["turns"]), n).astype(np.int32),
            "end_reason": ["four_rounds"] * rows,
            "provisional_share": (flat["prov_units"] / np.maximum(flat["all_units"], 1)).astype(np.float32),
            "leader": np.array(config.leader_names, dtype=object)[flat["leader"]].tolist(),
            "difficulty": (pa.array(np.repeat(np.asarray(res["solo_level"]), n).astype(np.int8), pa.int8())
                           if config.solo else pa.nulls(rows, pa.int8())),
            "variants": [",".join(config.variants)] * rows,
        }
        for c in SCHEMA.columns:
            if c.name not in cols:
                cols[c.name] = flat[c.name].astype(c.type.to_pandas_dtype())
        return pa.table(cols)

    # ------------------------------------------------------------------ generic drivers
    def policy_seats(self, config: RurikConfig) -> tuple:
        return (0,) if config.solo else tuple(range(config.n_players))

    def play_lineup(self, config: RurikConfig, game_indices, seeds, seat_policies) -> dict:
        seeds = np.ascontiguousarray(seeds, dtype=np.uint64)
        ids, weights, python = seat_policy_arrays(list(seat_policies))
        if config.solo:
            _, lvl, leaders = self.design(config, game_indices)
            return core().play_batch(self.rules(config), seeds, 2, leaders, lvl, ids, weights,
                                     python_policies=python)
        return core().play_batch(self.rules(config), seeds, config.n_players,
                                 self.leader_ids(config, game_indices), None, ids, weights,
                                 python_policies=python)

    def play_scenario(self, players, options: dict) -> dict:
        from simsuite.games.rurik.play import play_scenario

        return play_scenario(players, options)

    def new_game(self, config: RurikConfig, seed: int, log: bool = True, game_index: int = 0):
        zero = np.array([game_index], dtype=np.int64)
        if config.solo:
            _, lvl, leaders = self.design(config, zero)
            return core().Game(self.rules(config), seed, 2, [int(leaders[0, 0]) if leaders[0, 0] >= 0 else None],
                               log=log, solo_level=int(lvl[0]))
        row = [int(x) if x >= 0 else None for x in self.leader_ids(config, zero)[0]]
        return core().Game(self.rules(config), seed, config.n_players, row, log=log)

    def seat_choosers(self, config: RurikConfig, seed: int, game_index: int = 0) -> list:
        g = np.array([game_index], dtype=np.int64)
        if config.solo:
            pol, _, _ = self.design(config, g)
            pols = [config.policies[int(pol[0])], None]
        else:
            pols = [config.policies[k] for k in seat_policies(g, config.n_players, config.rotate)[0]]
        ids, weights, _ = seat_policy_arrays(pols)
        return shared_seat_choosers(pols, core().CompiledSeats(seed, ids, weights))

    def score_lines(self, game) -> list:
        from simsuite.games.rurik.play import score_lines

        return score_lines(game)

    def result_summary(self, game) -> dict:
        return game.result()

    def bench_workloads(self) -> list:
        from simsuite.games.rurik.bench import workloads

        return workloads()
