"""The dice race as the runner and the generic drivers see it (its rules: game.py).

`sleep` slows every game down so that tests can interrupt a batch in the middle; it does not
change any result.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
import pyarrow as pa

from simsuite.errors import UserError
from simsuite.games.base import GameConfig, GameSpec
from simsuite.policies import resolve_seat_policies
from simsuite.rng import Stream, derive_seed
from simsuite.scenario import Checker
from simsuite.schema import Column, GameSchema

from simsuite.games.dice.game import TURN_CAP, DiceRace  # noqa: F401  (TURN_CAP: tests)


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
    conformance_cases = (("3p", {"players": 3}),)

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
        for g, seed in zip(game_indices.tolist(), seeds.tolist()):
            game = self.new_game(config, seed, log=False)
            choosers = self.seat_choosers(config, seed)
            streams = [Stream(derive_seed(seed, 1 + s)) for s in range(config.n_players)]
            while not game.is_over:
                s = game.current_player
                game.apply(choosers[s](game, game.legal_options(), streams[s]))
            if config.sleep:
                time.sleep(config.sleep)
            r, n = game.result(), config.n_players
            pos = r["score"]
            for seat in range(n):
                tied = sum(1 for p in pos if p == pos[seat]) > 1
                for key, value in (
                    ("game_index", g), ("seed", seed), ("n_players", n), ("seat", seat),
                    ("policy", config.policies[seat].name),
                    ("policy_id", config.policies[seat].policy_id), ("is_bot_opponent", False),
                    ("score", pos[seat]), ("rank", r["rank"][seat]),
                    ("winner", r["rank"][seat] == 1), ("tied", tied), ("shared_win", False),
                    ("turns_taken", r["turns"][seat]), ("game_turns", r["game_turns"]),
                    ("end_reason", r["end_reason"]), ("provisional_share", 0.0),
                    ("lead", pos[seat] - max([p for s, p in enumerate(pos) if s != seat] or [0]))):
                    rows[key].append(value)
        seeds_col = pa.array(rows.pop("seed"), pa.uint64())
        return pa.table(rows).append_column("seed", seeds_col)

    # ------------------------------------------------------------ generic drivers
    def play_lineup(self, config: DiceConfig, game_indices, seeds, seat_policies) -> dict:
        table = self.run_shard(replace(config, policies=tuple(seat_policies)),
                               np.asarray(game_indices), np.asarray(seeds))
        n = config.n_players
        return {"score": np.asarray(table["score"]).reshape(-1, n),
                "winner": np.asarray(table["winner"]).reshape(-1, n)}

    def play_scenario(self, players, options: dict) -> dict:
        doc: dict = {"players": 2 if players is None else players, "rules": {}}
        for key, value in options.items():
            if key != "target":
                raise UserError(f"--{key}: not an option of the dice game; options: --target")
            doc["rules"]["target"] = int(value)
        return doc

    def new_game(self, config: DiceConfig, seed: int, log: bool = True, game_index: int = 0) -> DiceRace:
        return DiceRace(seed, config.n_players, config.target, log)

    def seat_choosers(self, config: DiceConfig, seed: int, game_index: int = 0) -> list:
        def compiled(game, options, stream):        # "random": the seat's own stream
            return options[stream.below(len(options))]

        out = []
        for s, p in enumerate(config.policies):
            if p.is_python:
                obj = p.instantiate()
                out.append(lambda game, options, stream, obj=obj, s=s:
                           obj.choose(game.observation(s), options, stream))
            else:
                out.append(compiled)
        return out

    def score_lines(self, game: DiceRace) -> list[str]:
        r = game.result()
        return [f"seat {s}: {r['score'][s]} (rank {r['rank'][s]})" for s in range(game.n)]


class Cautious:
    """A Python policy for the tests: always rolls one die unless `bold` is set."""

    def __init__(self, bold: bool = False):
        self.bold = bold

    def choose(self, view, options, stream):
        return options[-1] if self.bold else options[0]
