"""The dice race's spec: a tiny pure-Python game for testing the runner independently of any
compiled core.

Dice race: players take turns; on a turn the player chooses option 0 (roll one die, add it) or
option 1 (roll two dice, add both unless they show a double, which adds nothing). The first to
reach `target` ends the game. Chance comes from Stream(seed); seat s decides with
Stream(derive_seed(seed, 1 + s)), as in the compiled cores. `sleep` slows every game down so
that tests can interrupt a batch in the middle; it does not change any result.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pyarrow as pa

from simsuite.games.base import GameConfig, GameSpec
from simsuite.policies import resolve_seat_policies
from simsuite.rng import Stream, derive_seed
from simsuite.scenario import Checker
from simsuite.schema import Column, GameSchema

TURN_CAP = 400


@dataclass(frozen=True)
class DiceConfig(GameConfig):
    n_players: int
    target: int
    sleep: float
    policies: tuple  # PolicyChoice per player

    def normalized(self) -> dict:
        # `sleep` changes no result, so it stays out of the hash
        return {"players": self.n_players, "target": self.target,
                "policies": [p.normalized() for p in self.policies]}


class DiceGame(GameSpec):
    name = "dice"
    scenario_keys = ("players", "policy", "rules")
    schema = GameSchema("dice", (Column("lead", pa.int16(), "own position minus the best other seat's"),))
    default_shard_size = 50

    def validate(self, scenario: dict, source: Path) -> DiceConfig:
        check = Checker(source)
        n = check.integer(scenario, "players", minimum=1, maximum=4, example="players = 2")
        rules = check.table(scenario, "rules")
        check.check_keys(rules, ("target", "sleep"), "rules")
        target = check.integer(rules, "target", where="rules", minimum=1, default=30)
        sleep = check.number(rules, "sleep", where="rules", minimum=0.0, default=0.0)
        return DiceConfig(n, target, sleep, resolve_seat_policies(self.name, scenario, n, check))

    def run_shard(self, config: DiceConfig, game_indices: np.ndarray, seeds: np.ndarray) -> pa.Table:
        rows: dict[str, list] = {k: [] for k in (
            "game_index", "seed", "n_players", "seat", "policy", "policy_id", "is_bot_opponent",
            "score", "rank", "winner", "tied", "shared_win", "turns_taken", "game_turns",
            "end_reason", "provisional_share", "lead")}
        instances = [p.instantiate() if p.is_python else None for p in config.policies]
        for g, seed in zip(game_indices.tolist(), seeds.tolist()):
            pos, turns, game_turns, reason = self._play(config, seed, instances)
            if config.sleep:
                time.sleep(config.sleep)
            n = config.n_players
            order = sorted(range(n), key=lambda s: (-pos[s], s))  # ties: earlier seat ranks first
            for seat in range(n):
                rank = order.index(seat) + 1
                tied = sum(1 for p in pos if p == pos[seat]) > 1
                for key, value in (
                    ("game_index", g), ("seed", seed), ("n_players", n), ("seat", seat),
                    ("policy", config.policies[seat].name),
                    ("policy_id", config.policies[seat].policy_id), ("is_bot_opponent", False),
                    ("score", pos[seat]), ("rank", rank),
                    ("winner", rank == 1), ("tied", tied), ("shared_win", False),
                    ("turns_taken", turns[seat]), ("game_turns", game_turns), ("end_reason", reason),
                    ("provisional_share", 0.0),
                    ("lead", pos[seat] - max([p for s, p in enumerate(pos) if s != seat] or [0]))):
                    rows[key].append(value)
        seeds_col = pa.array(rows.pop("seed"), pa.uint64())
        return pa.table(rows).append_column("seed", seeds_col)

    @staticmethod
    def _play(config: DiceConfig, seed: int, instances: list):
        n = config.n_players
        dice = Stream(seed)
        streams = [Stream(derive_seed(seed, 1 + s)) for s in range(n)]
        pos, turns = [0] * n, [0] * n
        for t in range(TURN_CAP):
            seat = t % n
            options = [0, 1]
            if instances[seat] is None:
                choice = options[streams[seat].below(len(options))]
            else:
                view = {"seat": seat, "positions": list(pos), "target": config.target}
                choice = instances[seat].choose(view, options, streams[seat])
            if choice == 0:
                pos[seat] += 1 + dice.below(6)
            else:
                a, b = 1 + dice.below(6), 1 + dice.below(6)
                pos[seat] += 0 if a == b else a + b
            turns[seat] += 1
            if pos[seat] >= config.target:
                return pos, turns, t + 1, "target"
        return pos, turns, TURN_CAP, "turn_cap"


class Cautious:
    """A Python policy for the tests: always rolls one die unless `bold` is set."""

    def __init__(self, bold: bool = False):
        self.bold = bold

    def choose(self, view, options, stream):
        return options[-1] if self.bold else options[0]
