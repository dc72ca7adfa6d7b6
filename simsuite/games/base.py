"""The interface every game offers the runner, and seat-assignment helpers games share.

The runner is game-agnostic: it validates the common scenario keys, cuts the games into
shards, derives each game's seed, and writes what `run_shard` returns. A game supplies a
`GameSpec`: its scenario keys, its validation, its declared dataset columns, its batch loop and
the hooks `simsuite play`, `replay`, `tune` and `bench` drive it through.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from math import gcd
from pathlib import Path
from typing import Optional, Sequence

import numpy as np
import pyarrow as pa

from simsuite.errors import UserError
from simsuite.schema import GameSchema


class GameConfig(ABC):
    """A game's validated scenario settings. Must pickle (it travels to worker processes)."""

    n_players: int

    @abstractmethod
    def normalized(self) -> dict:
        """Everything that decides a game's result, as plain JSON values with defaults filled
        in and names in canonical spelling (hashed into the scenario hash)."""


class GameSpec(ABC):
    """One game as the runner and the generic drivers (play, replay, tune, bench) see it.

    Instances travel to worker processes, so the class must live at module level in an
    importable module. Variants of a game (a solo mode, expansion modules) are parameter sets
    of its one spec, chosen by scenario keys, not subclasses.
    """

    name: str = ""
    # top-level scenario keys this game reads, beyond simsuite.scenario.COMMON_KEYS
    scenario_keys: tuple[str, ...] = ()
    # the game's own dataset columns and grouping keys (simsuite/schema.py)
    schema: GameSchema
    # games per shard when the scenario does not say: a few seconds of work on one core
    default_shard_size: int = 1000
    # what the game calls the count `game.turn` keeps (printed by `simsuite play`)
    turn_word: str = "turns"

    @abstractmethod
    def validate(self, scenario: dict, source: Path) -> GameConfig:
        """Check the game-specific keys of a parsed scenario; raise UserError (one line)."""

    def prepare(self, config: GameConfig) -> None:
        """Called once in the launching process before any shard is played: raise UserError
        if this game cannot run here (e.g. its compiled core is not built)."""

    @abstractmethod
    def run_shard(self, config: GameConfig, game_indices: np.ndarray, seeds: np.ndarray) -> pa.Table:
        """Play the games `game_indices` (int64) with `seeds` (uint64, same length).

        Returns one row per (game, seat) with every column of `self.schema` except those the
        runner adds (simsuite.schema.RUNNER_COLUMNS). The result may depend only on
        (config, game index, seed), never on which other games share the shard.
        """

    # ------------------------------------------------------------ hooks of the generic drivers
    def policy_seats(self, config: GameConfig) -> tuple[int, ...]:
        """Seats a policy plays (a solo opponent's seat is played by the rules)."""
        return tuple(range(config.n_players))

    def play_lineup(self, config: GameConfig, game_indices: np.ndarray, seeds: np.ndarray,
                    seat_policies: Sequence) -> dict:
        """Play games with one PolicyChoice per seat (None on a seat the rules play) and
        return per-seat arrays [n_games, n_players]: "score" and "winner" (`simsuite tune`)."""
        raise UserError(f"game {self.name!r} cannot be tuned (its spec has no play_lineup); "
                        "tune another game")

    # weights tables (simsuite/policies/tables.py) and `simsuite tune --by KEYS`
    def table_keys(self, config: GameConfig) -> dict:
        """The group keys a weights table may name, with their valid values ({} = none)."""
        return {}

    def table_cells(self, config: GameConfig, keys: Sequence[str]) -> list:
        """The cells `simsuite tune --by` tunes a row for: one dict {key: value} per combination
        of the `keys`' values that a seat of `config` can be dealt."""
        import itertools

        values = self.table_keys(config)
        return [dict(zip(keys, combo)) for combo in itertools.product(*(values[k] for k in keys))]

    def table_run_keys(self, keys: Sequence[str]) -> list:
        """Of the group `keys`, those a scenario fixes for all its games (a tuning run's rows
        name the scenario's one value, like `players`), e.g. Scythe's Automa difficulty."""
        return []

    def fix_seat(self, scenario: dict, cell: dict, config: GameConfig) -> dict:
        """The scenario table with one player dealt `cell` (e.g. {"mat": ...}); `config` is the
        same scenario as validated."""
        raise UserError(f"game {self.name!r} cannot tune by {', '.join(cell)}; tune without --by")

    def seats_holding(self, config: GameConfig, cell: dict, game_indices: np.ndarray,
                      seeds: np.ndarray) -> np.ndarray:
        """Per game, the seat dealt `cell` (-1: none)."""
        raise UserError(f"game {self.name!r} cannot tune by {', '.join(cell)}; tune without --by")

    def play_scenario(self, players: Optional[int], options: dict) -> dict:
        """The scenario table of one game for `simsuite play`, from its command-line options
        (`--players` and every other `--key value`, values as text)."""
        raise UserError(f"game {self.name!r} cannot be played step by step; play another game")

    def new_game(self, config: GameConfig, seed: int, log: bool = True, game_index: int = 0):
        """A game object (the core's Python `Game`) for game `game_index` of `config` (its
        dealt factors and line-up) with `seed`."""
        raise UserError(f"game {self.name!r} cannot be played step by step; play another game")

    def seat_choosers(self, config: GameConfig, seed: int, game_index: int = 0) -> list:
        """Per seat a function (game, options, stream) -> option, for the seats policies play
        (None on seats the rules play): the same choices as `run_shard` makes in game
        `game_index`."""
        raise UserError(f"game {self.name!r} cannot be played step by step; play another game")

    def score_lines(self, game) -> list[str]:
        """The final score breakdown of a finished game, for people."""
        return [str(game.result())]

    def result_summary(self, game) -> dict:
        """What a replay file keeps of the result, to check a replay against (plain JSON)."""
        return game.result()

    def bench_workloads(self) -> list:
        """This game's `simsuite bench` workloads (simsuite.bench.Workload)."""
        return []

    # variants the conformance suite (tests/conformance) plays: (id, scenario table), and the
    # rules options it adds when seats play at random (e.g. a turn cap, so games stay short)
    conformance_cases: tuple[tuple[str, dict], ...] = ()
    conformance_random_rules: dict = {}


def cyclic_deal(game_indices: np.ndarray, sizes: Sequence[int], n_players: int) -> list[np.ndarray]:
    """Deal items of several kinds (e.g. factions and mats) to players, cycling by game index.

    For each kind with K items, player i of game g gets item (a + i*s) mod K, where the offset a
    runs through 0..K-1 and the step s through the numbers coprime to K (so a game's items are
    distinct), every kind on its own digit of a mixed-radix count of g: offsets first, then
    steps. Hence, over each block of prod(K) consecutive games, every player holds every
    combination of items (e.g. every faction+mat pair) exactly once, and over the full period
    prod(K * number of steps) the line-ups (who plays with whom) rotate too.
    Returns one int64 array [n_games, n_players] per kind.
    """
    g = np.asarray(game_indices, dtype=np.int64).copy()
    for k in sizes:
        if n_players > k:
            raise ValueError(f"cannot deal {n_players} distinct items out of {k}")
    offsets = []
    for k in sizes:
        offsets.append(g % k)
        g //= k
    seats = np.arange(n_players, dtype=np.int64)[None, :]
    dealt = []
    for k, a in zip(sizes, offsets):
        steps = np.array([s for s in range(1, k) if gcd(s, k) == 1] or [1], dtype=np.int64)
        s = steps[g % len(steps)]
        g //= len(steps)
        dealt.append((a[:, None] + seats * s[:, None]) % k)
    return dealt


def cycle_period(sizes: Sequence[int]) -> int:
    """Games after which `cyclic_deal` repeats itself."""
    period = 1
    for k in sizes:
        period *= k * max(1, sum(1 for s in range(1, k) if gcd(s, k) == 1))
    return period


def seat_policies(game_indices: np.ndarray, n_players: int, rotate: bool) -> np.ndarray:
    """Index of the policy playing each seat, [n_games, n_players]: seat s of game g plays
    policy s, or with `rotate` policy (s + g) mod n, so every policy sits in every seat
    equally often over any n consecutive games."""
    g = np.asarray(game_indices, dtype=np.int64)[:, None]
    seats = np.arange(n_players, dtype=np.int64)[None, :]
    return (seats + g * int(rotate)) % n_players


def play_grouped(keys: np.ndarray, play) -> dict:
    """Play the games of each distinct line-up key as one batch (`play(positions) -> dict of
    arrays`, a compiled core taking one policy per seat for a whole batch) and put the results
    back in game order."""
    merged: dict = {}
    for k in np.unique(keys):
        sel = np.nonzero(keys == k)[0]
        for name, arr in play(sel).items():
            if name not in merged:
                merged[name] = np.empty((len(keys),) + arr.shape[1:], dtype=arr.dtype)
            merged[name][sel] = arr
    return merged
