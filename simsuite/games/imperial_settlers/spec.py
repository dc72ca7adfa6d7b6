"""Imperial Settlers as the runner and the generic drivers see it: one spec, two parameter sets.

A scenario with a `[solo]` table plays the solo mode (one seat against the rulebook's
virtual opponent, "ОДИНОЧНАЯ ИГРА"); any other plays the 2-4 player game. Keys
(scenarios/README.md has the common ones):

    game = "imperial-settlers"
    players = 3                  # 2..4 (leave out with [solo])
    factions = "all"             # "all" (every seat gets each faction equally often, cycling
                                 # by game index), "random" (dealt from the game's seed) or a
                                 # list, one faction per seat ("random" entries allowed)
    policy = "engine"            # one policy for everyone, or [[policy]] tables, one per seat
    rotate = false               # seat s of game g plays policy (s + g) mod n
    [rules]
    lookout = "normal"           # "normal", "alternative" (the draft) or "advanced"
    peaceful = false             # the peaceful variant
    cards = "my-cards.toml"      # a user card file completing or replacing the shipped data
                                 # (relative to the scenario; simsuite/games/imperial_settlers/
                                 # data/cards.toml says how)
    [solo]
    faction = "all"              # the solo seat's faction: "all", "random" or a name

The dataset's `seat` is the place at the table, as the core numbers seats (the rules draw
the first player of round 1; the first player moves one seat on each round).
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pyarrow as pa

from simsuite.errors import UserError
from simsuite.games.base import GameConfig, GameSpec, cyclic_deal, seat_policies
from simsuite.games.imperial_settlers.schema import SCHEMA
from simsuite.policies import resolve_seat_policies, seat_policy_arrays
from simsuite.rng import Stream, derive_seed
from simsuite.scenario import Checker, short_hash

FACTIONS = ("barbarians", "romans", "egyptians", "japanese")
LOOKOUTS = ("normal", "alternative", "advanced")
_RULES_KEYS = ("lookout", "peaceful", "cards")
_SOLO_KEYS = ("faction",)
_FACTION_STREAM = 0xFAC       # the stream of a game's seed that deals "random" factions
_RULES: dict = {}


@dataclass(frozen=True)
class SettlersConfig(GameConfig):
    n_players: int
    solo: bool
    factions: object         # "all" | "random" | tuple of names ("random" entries allowed), by seat
    policies: tuple          # PolicyChoice by seat
    rotate: bool
    lookout: str
    peaceful: bool
    cards: tuple             # () or (file name, sha256) of the user card file
    packed: object           # the packed card data (travels to workers; no shared disk needed)

    def normalized(self) -> dict:
        return {
            "players": self.n_players, "solo": self.solo,
            "factions": self.factions if isinstance(self.factions, str) else list(self.factions),
            "policies": [p.normalized() for p in self.policies], "rotate": self.rotate,
            "rules": {"lookout": self.lookout, "peaceful": self.peaceful, "cards": list(self.cards)},
        }


def core():
    """The compiled core, or a one-line error saying how to build it."""
    try:
        from simsuite import _imperial_settlers
    except ImportError:
        raise UserError("the compiled Imperial Settlers core (simsuite._imperial_settlers) is not "
                        "built; build it with python setup.py build_ext --inplace")
    return _imperial_settlers


class SettlersSpec(GameSpec):
    name = "imperial-settlers"
    scenario_keys = ("players", "factions", "policy", "rotate", "rules", "solo")
    schema = SCHEMA
    default_shard_size = 2000
    conformance_cases = (
        ("solo", {"policy": "engine", "solo": {"faction": "all"}}),
        ("2p", {"players": 2, "policy": "engine"}),
        ("3p", {"players": 3, "policy": ["engine", "razer", "dealer"],
                "rules": {"lookout": "alternative"}}),
        ("4p", {"players": 4, "policy": ["dealer", "random", "razer", "engine"],
                "rules": {"lookout": "advanced"}}),
    )

    # ------------------------------------------------------------------ validation
    def validate(self, scenario: dict, source: Path) -> SettlersConfig:
        from simsuite.games.imperial_settlers.data import load_data, pack

        check = Checker(source)
        rules = check.table(scenario, "rules")
        check.check_keys(rules, _RULES_KEYS, "rules")
        lookout = check.string(rules, "lookout", where="rules", default="normal")
        lookout = check.choice(lookout, LOOKOUTS, "rules.lookout", "lookout variant")
        peaceful = check.boolean(rules, "peaceful", where="rules", default=False)
        cards, user_file = (), None
        if "cards" in rules:
            rel = check.string(rules, "cards", where="rules", example='cards = "my-cards.toml"')
            user_file = Path(source).parent / rel
            if not user_file.is_file():
                raise check.fail("rules.cards", f"card file {rel!r} not found",
                                 "give a path relative to the scenario file")
            cards = (rel, hashlib.sha256(user_file.read_bytes()).hexdigest()[:16])
        try:
            packed = pack(load_data(user_file))
        except UserError as err:
            raise check.wrap("rules.cards", err)

        solo = "solo" in scenario
        if solo:
            table = check.table(scenario, "solo")
            check.check_keys(table, _SOLO_KEYS, "solo")
            if scenario.get("players", 1) != 1:
                raise check.fail("players", "a solo game has one player",
                                 "leave players out of a scenario with [solo]")
            n = 1
            factions = self._factions(check, table, "faction", 1, "solo.faction")
        else:
            n = check.integer(scenario, "players", minimum=2, maximum=4, example="players = 3")
            factions = self._factions(check, scenario, "factions", n, "factions")
        policies = resolve_seat_policies(self.name, scenario, n, check)
        rotate = check.boolean(scenario, "rotate", default=False)
        return SettlersConfig(n, solo, factions, policies, rotate, lookout, peaceful, cards, packed)

    @staticmethod
    def _factions(check: Checker, table: dict, key: str, n: int, name: str):
        value = table.get(key, "all")
        if isinstance(value, str) and value.lower() in ("all", "random"):
            return value.lower()
        items = [value] if isinstance(value, str) else value
        if not isinstance(items, list) or len(items) != n:
            raise check.fail(name, f"give \"all\", \"random\" or {n} faction name(s), one per seat",
                             f'write e.g. {key} = "all"')
        out = []
        for v in items:
            v = str(v).strip().lower()
            out.append(v if v == "random" else check.choice(v, FACTIONS, name, "faction"))
        named = [v for v in out if v != "random"]
        if len(set(named)) != len(named):
            raise check.fail(name, "a faction is given to two seats", "give each seat its own faction")
        return tuple(out)

    # ------------------------------------------------------------------ playing
    def faction_ids(self, config: SettlersConfig, game_indices: np.ndarray, seeds: np.ndarray) -> np.ndarray:
        """Faction id of each seat, [n_games, n_players]: cycled by game index for "all", dealt
        from each game's own seed for "random" (entries). With rotated policies the deal
        changes every n games (the policies rotate within each block of n), so that policies
        and factions are crossed, not moved in step."""
        g = np.asarray(game_indices, dtype=np.int64)
        n = config.n_players
        if config.factions == "all":
            block = g // n if config.rotate else g
            return cyclic_deal(block, [len(FACTIONS)], n)[0].astype(np.int32)
        fixed = (["random"] * n if config.factions == "random" else list(config.factions))
        out = np.zeros((len(g), n), dtype=np.int32)
        for i, seed in enumerate(np.asarray(seeds, dtype=np.uint64).tolist()):
            free = [f for f in range(len(FACTIONS)) if FACTIONS[f] not in fixed]
            stream = Stream(derive_seed(int(seed), _FACTION_STREAM))
            for s, name in enumerate(fixed):
                if name == "random":
                    out[i, s] = free.pop(stream.below(len(free)))
                else:
                    out[i, s] = FACTIONS.index(name)
        return out

    def prepare(self, config) -> None:
        built = core().COMPILED_POLICIES
        for p in config.policies:
            if not p.is_python and built.get(p.name) != p.compiled_id:
                raise UserError(f"policy {p.name!r} (id {p.compiled_id}) is not in the built Imperial "
                                f"Settlers core (it has {built}); rebuild it: python setup.py build_ext --inplace")
        self.rules(config)

    @staticmethod
    def rules(config: SettlersConfig):
        """The compiled SettlersRules of this scenario (built once per process)."""
        key = short_hash(config.normalized()["rules"])
        if key not in _RULES:
            _RULES[key] = core().SettlersRules(config.packed, lookout=config.lookout,
                                               peaceful=config.peaceful)
        return _RULES[key]

    def _play(self, config, seeds, factions, pols) -> dict:
        ids, weights, python = seat_policy_arrays(pols)
        return core().play_batch(self.rules(config), np.ascontiguousarray(seeds, dtype=np.uint64),
                                 config.n_players, factions, ids, weights, python_policies=python)

    def run_shard(self, config: SettlersConfig, game_indices: np.ndarray, seeds: np.ndarray) -> pa.Table:
        n = config.n_players
        factions = self.faction_ids(config, game_indices, seeds)
        seat_pol = seat_policies(game_indices, n, config.rotate)
        merged: dict = {}
        for first in np.unique(seat_pol[:, 0]):          # one batch per line-up
            sel = np.nonzero(seat_pol[:, 0] == first)[0]
            res = self._play(config, seeds[sel], factions[sel], [config.policies[k] for k in seat_pol[sel[0]]])
            for key, arr in res.items():
                if key not in merged:
                    merged[key] = np.empty((len(seat_pol),) + arr.shape[1:], dtype=arr.dtype)
                merged[key][sel] = arr
        return self._table(config, game_indices, merged, seat_pol)

    def _table(self, config: SettlersConfig, game_indices, res: dict, seat_pol: np.ndarray) -> pa.Table:
        n_games, n = len(game_indices), config.n_players
        rows = n_games * n

        def seat(key, dtype=None):
            a = np.asarray(res[key]).reshape(-1)
            return a.astype(dtype) if dtype else a

        def per_game(key):
            return np.repeat(np.asarray(res[key]), n)

        played = np.asarray(res["played"]).sum(axis=1)
        prov = np.asarray(res["played_provisional"]).sum(axis=1)
        share = np.where(played > 0, prov / np.maximum(played, 1), 0.0).astype(np.float32)
        pol = seat_pol.reshape(-1)
        if config.solo:
            achievement = self.rules(config).achievement
            titles = [core().achievement_title(achievement, int(sc)) if won else "lost"
                      for sc, won in zip(seat("score"), per_game("solo_won"))]
        else:
            titles = pa.nulls(rows, pa.string())
        return pa.table({
            "game_index": np.repeat(np.asarray(game_indices, dtype=np.int64), n),
            "seed": pa.array(per_game("seed").astype(np.uint64), pa.uint64()),
            "n_players": np.full(rows, n, dtype=np.int8),
            "seat": np.tile(np.arange(n, dtype=np.int8), n_games),
            "policy": np.array([p.name for p in config.policies], dtype=object)[pol].tolist(),
            "policy_id": np.array([p.policy_id for p in config.policies], dtype=object)[pol].tolist(),
            "is_bot_opponent": np.zeros(rows, dtype=bool),
            "score": seat("score"),
            "rank": seat("rank", np.int8),
            "winner": seat("winner", bool),
            "tied": seat("score_tied", bool),
            "shared_win": seat("shared", bool) & (seat("rank") == 1),
            "turns_taken": per_game("rounds").astype(np.int16),
            "game_turns": per_game("rounds"),
            "end_reason": np.array(core().END_REASONS, dtype=object)[np.zeros(rows, dtype=np.int64)].tolist(),
            "provisional_share": np.repeat(share, n),
            "faction": np.array(FACTIONS, dtype=object)[seat("faction")].tolist(),
            "solo_title": titles,
            "lookout": [config.lookout] * rows,
            "peaceful": np.full(rows, config.peaceful, dtype=bool),
            "score_track": seat("score_track"),
            "score_common": seat("score_common"),
            "score_faction": seat("score_faction"),
            "common_locations": seat("common_locations", np.int16),
            "faction_locations": seat("faction_locations", np.int16),
            "deals": seat("deals", np.int16),
            "tie_goods": seat("tie_goods", np.int16),
            "played": seat("played", np.int16),
            "played_provisional": seat("played_provisional", np.int16),
            "solo_won": per_game("solo_won").astype(bool) if config.solo else np.zeros(rows, dtype=bool),
            "trophies": per_game("trophies").astype(np.int16),
            "attack_cards_provisional": np.full(rows, config.solo and bool(config.packed["attack_provisional"]),
                                                dtype=bool),
        })

    # ------------------------------------------------------------------ generic drivers
    def play_lineup(self, config, game_indices: np.ndarray, seeds: np.ndarray, seat_policies) -> dict:
        return self._play(config, seeds, self.faction_ids(config, game_indices, seeds), list(seat_policies))

    def play_scenario(self, players, options: dict) -> dict:
        from simsuite.games.imperial_settlers.play import play_scenario

        return play_scenario(players, options)

    def new_game(self, config, seed: int, log: bool = True, game_index: int = 0):
        factions = self.faction_ids(config, np.array([game_index], dtype=np.int64),
                                    np.array([seed], dtype=np.uint64))[0]
        return core().Game(self.rules(config), seed, [int(f) for f in factions], log=log)

    def seat_choosers(self, config, seed: int, game_index: int = 0) -> list:
        g = np.array([game_index], dtype=np.int64)
        pols = [config.policies[k] for k in seat_policies(g, config.n_players, config.rotate)[0]]
        ids, weights, python = seat_policy_arrays(pols)
        seats = core().CompiledSeats(seed, ids, weights)
        out = []
        for s, p in enumerate(pols):
            if p.is_python:
                out.append(lambda game, options, stream, obj=python[s], s=s:
                           obj.choose(game.observation(s), options, stream))
            else:
                out.append(lambda game, options, stream: seats.choose(game))
        return out

    def score_lines(self, game) -> list:
        from simsuite.games.imperial_settlers.play import score_lines

        return score_lines(game)

    def result_summary(self, game) -> dict:
        r = game.result()
        keep = ("end_reason", "rounds", "score", "rank", "provisional_share", "solo_won", "title")
        return {k: r[k] for k in keep if k in r}

    def bench_workloads(self) -> list:
        from simsuite.games.imperial_settlers.bench import workloads

        return workloads()

