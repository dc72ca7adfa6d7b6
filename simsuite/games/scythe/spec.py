"""Scythe as the runner and the generic drivers see it: one spec, two parameter sets.

A scenario with an `[automa]` table plays the solo variant (one seat against the Automa,
rulebook 003; its keys and validation are in solo.py); any other plays the multiplayer game.

Multiplayer scenario keys (scenarios/README.md has the full format):

    players = 4                      # 2..5 in the base game
    factions = "random"              # "random" | "all" | one entry per player (a name or "random")
    mats = "random"                  # the same for player mats
    policy = "random"                # one policy for everyone, or [[policy]] tables, one per seat
    rotate = false                   # seat s of game g plays policy (s + g) mod n
    [rules]
    ban_pairs = true                 # redraw Rusviet+Industrial and Crimea+Patriotic when dealing
    turn_cap = 500                   # total turns before a game is stopped (end reason turn_cap)
    camaraderie_on_move = false      # digest §24 engine option, see the engine's Rules
    rusviet_factory_relentless = true  # false: the Wind Gambit booklet's Rusviet variant
    mats_in_order = false            # true: the booklet's mats dealt in number order clockwise
    modules = []                     # the Wind Gambit's "airships", "resolutions" (wind_gambit.py)
    airship_tiles = "random"         # "random" | "per-player" | ["blitzkrieg", "ferry"]
    resolution = "random"            # "random" | a resolution tile
    wind_gambit_tiles = "mine.toml"  # your tile file(s), supplying what the rulebook does not print
    data = []                        # data override files, relative to the scenario file

Factions and mats are given per player: entry i of each list makes player i's pair. The rules
then seat the players (lowest mat number first, then clockwise in the faction cycle; rulebook
§5), and policies are given per seat, i.e. per position in that turn order (the compiled core
plays policy_ids by seat). The dataset's `seat` is that turn-order position.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pyarrow as pa

from simsuite.errors import UserError
from simsuite.games.base import GameConfig, GameSpec, cyclic_deal, play_grouped, seat_policies
from simsuite.games.scythe import solo
from simsuite.games.scythe.lineups import (cached_rules, core, game_columns, seat_policy_arrays,
                                           seat_result_columns, table_keys)
from simsuite.games.scythe.schema import SCHEMA
from simsuite.games.scythe import wind_gambit
from simsuite.games.scythe.wind_gambit import wind_gambit_columns
from simsuite.policies import check_built, resolve_seat_policies
from simsuite.scenario import Checker

DEFAULT_TURN_CAP = 500
# stand-in Wind Gambit tiles shipped with the scenarios (a repository checkout's conformance case)
_EXAMPLE_TILES = Path(__file__).resolve().parents[3] / "scenarios" / "scythe" / "tiles" / "wind-gambit-example.toml"


@dataclass(frozen=True)
class ScytheConfig(GameConfig):
    n_players: int
    factions: tuple          # "random" | "all" | tuple of names ("random" entries allowed), by player
    mats: tuple              # same
    policies: tuple          # PolicyChoice by seat
    rotate: bool             # rotate the policies over the seats, one place per game
    ban_pairs: bool
    turn_cap: int
    camaraderie_on_move: bool
    wind_gambit: object      # wind_gambit.WindGambitConfig (OFF: the base game)
    data_files: tuple        # (name, sha256) of each override file, for the hash
    data: object             # the loaded ScytheData (travels to workers; no shared disk needed)
    faction_names: tuple     # id order
    mat_names: tuple
    rusviet_factory_relentless: bool = True   # off: the booklet's Rusviet variant
    mats_in_order: bool = False               # on: the booklet's mats in number order

    def normalized(self) -> dict:
        return {
            "players": self.n_players, "factions": _plain(self.factions), "mats": _plain(self.mats),
            "rotate": self.rotate, "policies": [p.normalized() for p in self.policies],
            "rules": {"ban_pairs": self.ban_pairs, "turn_cap": self.turn_cap,
                      "camaraderie_on_move": self.camaraderie_on_move,
                      "modules": list(self.modules), "data": [list(d) for d in self.data_files],
                      **solo.variant_rules(self),
                      **({"wind_gambit": self.wind_gambit.normalized()} if self.modules else {})},
        }

    @property
    def modules(self) -> tuple:
        return self.wind_gambit.modules


def _plain(mode):
    return mode if isinstance(mode, str) else list(mode)


def _per_player(mode, n: int) -> list:
    """A validated `factions`/`mats` mode as n entries; "random" and "all" give "random"
    everywhere (any player may be dealt any name)."""
    return list(mode) if isinstance(mode, tuple) else ["random"] * n


def _seats_for(cell: dict, factions: list, mats: list, banned) -> list:
    """The players (by index) that can be dealt `cell`'s faction and mat: on each key, their
    entry is the cell's value, or "random" while the value is named for no other player (a
    name is dealt once). The pair they would then hold must not be banned (`banned`: the
    pairs the rules redraw)."""
    entries = {"faction": factions, "mat": mats}

    def fits(i):
        if any(entries[k][i] != v and (entries[k][i] != "random" or v in entries[k])
               for k, v in cell.items()):
            return False
        return (cell.get("faction", factions[i]), cell.get("mat", mats[i])) not in banned

    return [i for i in range(len(factions)) if fits(i)]


class ScytheSpec(GameSpec):
    name = "scythe"
    scenario_keys = ("players", "factions", "mats", "rotate", "policy", "rules", "automa")
    schema = SCHEMA
    conformance_cases = (
        ("2p", {"players": 2, "policy": "economy"}),
        ("4p", {"players": 4, "policy": ["economy", "aggressor", "random", "diplomat"],
                "rules": {"turn_cap": 120}}),
        ("solo", {"policy": "economy", "automa": {"difficulty": "all"}}),
        # the Wind Gambit's modules on the shipped example tiles (scenarios/scythe/wind-gambit.toml)
        ("wind-gambit", {"players": 3, "policy": ["economy", "random", "aggressor"],
                         "rules": {"modules": ["airships", "resolutions"],
                                   "wind_gambit_tiles": str(_EXAMPLE_TILES)}}),
    )
    conformance_random_rules = {"turn_cap": 60}   # random seats rarely reach a sixth star
    # ~2-4 s of work per shard at the core's target speed (>= 500 four-player games/s/core)
    default_shard_size = 2000

    # ------------------------------------------------------------------ validation
    def validate(self, scenario: dict, source: Path):
        if "automa" in scenario or scenario.get("game") == "scythe-automa":
            return solo.validate(self, scenario, source)
        from simsuite.games.scythe import ids

        check = Checker(source)
        rules, data, data_files = solo.rules_table(check, scenario, source, solo=False)
        faction_names, mat_names = tuple(data.factions), tuple(data.mats)

        n = check.integer(scenario, "players", minimum=2, maximum=min(len(faction_names), len(mat_names)),
                          example="players = 4")
        factions = self._seat_list(check, scenario, "factions", n, faction_names,
                                   lambda v: ids.faction_name(v, data))
        mats = self._seat_list(check, scenario, "mats", n, mat_names, lambda v: ids.mat_name(v, data))
        if rules["ban_pairs"]:
            self._check_bans(check, factions, mats, data.banned_pairs)
        if rules["mats_in_order"] and isinstance(mats, tuple) and set(mats) != {"random"}:
            raise check.fail("mats", "rules.mats_in_order deals the mats in number order, so no "
                             "player's mat can be fixed", 'write mats = "random" or "all"')

        wind_gambit.check_players(rules["wind_gambit"], n, check)
        policies = resolve_seat_policies(self.name, scenario, n, check,
                                         table_keys(faction_names, mat_names))
        rotate = check.boolean(scenario, "rotate", default=False)
        return ScytheConfig(n, factions, mats, policies, rotate, rules["ban_pairs"], rules["turn_cap"],
                            rules["camaraderie_on_move"], rules["wind_gambit"], data_files, data,
                            faction_names, mat_names,
                            rusviet_factory_relentless=rules["rusviet_factory_relentless"],
                            mats_in_order=rules["mats_in_order"])

    @staticmethod
    def _seat_list(check: Checker, scenario: dict, key: str, n: int, names: tuple, lookup):
        """`factions`/`mats`: "random", "all", or n entries (names via simsuite.games.scythe.ids)."""
        what = key[:-1]
        value = scenario.get(key, "random")
        if isinstance(value, str):
            mode = value.lower()
            if mode not in ("random", "all"):
                raise check.fail(key, f'must be "random", "all" or a list of {what}s, got {value!r}',
                                 f'write e.g. {key} = "random"')
            return mode
        if not isinstance(value, list):
            raise check.fail(key, f'must be "random", "all" or a list of {what}s',
                             f'write e.g. {key} = ["{names[0]}", "{names[1]}"]')
        if len(value) != n:
            raise check.fail(key, f"{len(value)} {what}s for {n} players",
                             f'give exactly {n}, one per player ("random" for a dealt one)')
        out = []
        for i, v in enumerate(value):
            if isinstance(v, str) and v.strip().lower() == "random":
                out.append("random")
                continue
            try:
                out.append(lookup(v))
            except UserError as err:
                raise check.wrap(f"{key}[{i}]", err)
        chosen = [v for v in out if v != "random"]
        for v in chosen:
            if chosen.count(v) > 1:
                raise check.fail(key, f"{v} is given to two players", f"give each player a different {what}")
        return tuple(out)

    @staticmethod
    def _check_bans(check: Checker, factions, mats, banned) -> None:
        """With bans on, refuse any assignment that would make a banned pair (a dealt
        "random" entry is redrawn by the rules instead)."""
        if isinstance(factions, tuple) and isinstance(mats, tuple):
            for i, (f, m) in enumerate(zip(factions, mats)):
                if (f, m) in banned:
                    raise check.fail("factions/mats", f"player {i} would play {f}+{m}, a banned pair "
                                     "while rules.ban_pairs is on",
                                     "choose another pair or set ban_pairs = false under [rules]")
            return

        def possible(mode, item):
            return mode == "all" or (isinstance(mode, tuple) and item in mode)

        if factions == "random" or mats == "random":
            return
        for f, m in banned:
            if possible(factions, f) and possible(mats, m):
                raise check.fail("factions/mats", f"this assignment pairs {f} with {m}, a banned pair "
                                 "while rules.ban_pairs is on",
                                 "set ban_pairs = false under [rules] to study banned pairs, "
                                 "or deal the mats at random")

    # ------------------------------------------------------------------ playing
    def assignments(self, config: ScytheConfig, game_indices: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Faction and mat ids [n_games, n_players] by player, -1 where the rules deal."""
        g = np.asarray(game_indices, dtype=np.int64)
        n = config.n_players
        kinds = {"factions": (config.factions, config.faction_names), "mats": (config.mats, config.mat_names)}
        out = {}
        cycled = [k for k, (mode, _) in kinds.items() if mode == "all"]  # dealt jointly
        if cycled:
            out.update(zip(cycled, cyclic_deal(g, [len(kinds[k][1]) for k in cycled], n)))
        for k, (mode, names) in kinds.items():
            if mode == "random":
                out[k] = np.full((len(g), n), -1, dtype=np.int64)
            elif isinstance(mode, tuple):
                ids = np.array([-1 if v == "random" else names.index(v) for v in mode], dtype=np.int64)
                out[k] = np.tile(ids, (len(g), 1))
        return out["factions"].astype(np.int8), out["mats"].astype(np.int8)

    def prepare(self, config) -> None:
        check_built(config.policies, core().COMPILED_POLICIES, "Scythe")
        self.rules(config)

    @staticmethod
    def rules(config):
        """The compiled Rules of this scenario (built once per process)."""
        if isinstance(config, solo.SoloConfig):
            return cached_rules(config, automa_data=config.automa_data)
        return cached_rules(config, modules=config.modules, wind_gambit=config.wind_gambit)

    def run_shard(self, config, game_indices: np.ndarray, seeds: np.ndarray) -> pa.Table:
        if isinstance(config, solo.SoloConfig):
            return solo.run_shard(self, config, game_indices, seeds)
        factions, mats = self.assignments(config, game_indices)
        n = config.n_players
        seat_pol = seat_policies(game_indices, n, config.rotate)
        seeds = np.ascontiguousarray(seeds, dtype=np.uint64)

        def play(sel):
            pols = [config.policies[k] for k in seat_pol[sel[0]]]
            ids, weights, python = seat_policy_arrays(pols, config)
            return core().play_batch(self.rules(config), seeds[sel], n, factions[sel], mats[sel],
                                     ids, weights, python_policies=python)  # all None: the C loop

        merged = play_grouped(seat_pol[:, 0], play)
        return self._table(config, game_indices, merged, seat_pol)

    def _table(self, config: ScytheConfig, game_indices: np.ndarray, res: dict,
               seat_pol: np.ndarray) -> pa.Table:
        n_games, n = len(game_indices), config.n_players
        faction = np.array(config.faction_names, dtype=object)[np.asarray(res["faction"]).reshape(-1)]
        mat = np.array(config.mat_names, dtype=object)[np.asarray(res["mat"]).reshape(-1)]
        pol = seat_pol.reshape(-1)
        cols = game_columns(res, n, game_indices, core().END_REASONS)
        cols.update({
            "faction": faction.tolist(),
            "mat": mat.tolist(),
            "pair": [f"{f}+{m}" for f, m in zip(faction, mat)],
            "policy": np.array([p.name for p in config.policies], dtype=object)[pol].tolist(),
            "policy_id": np.array([p.policy_id for p in config.policies], dtype=object)[pol].tolist(),
            "is_bot_opponent": np.zeros(n_games * n, dtype=bool),
            "difficulty": pa.nulls(n_games * n, pa.string()),
            "modules": [",".join(config.modules)] * (n_games * n),
        })
        cols.update(seat_result_columns(res))
        cols.update(wind_gambit_columns(self.rules(config), res, n))
        return pa.table(cols)

    # ------------------------------------------------------------------ generic drivers
    def policy_seats(self, config) -> tuple:
        return (0,) if isinstance(config, solo.SoloConfig) else tuple(range(config.n_players))

    def play_lineup(self, config, game_indices: np.ndarray, seeds: np.ndarray, seat_policies) -> dict:
        if isinstance(config, solo.SoloConfig):
            return solo.play_lineup(self, config, game_indices, seeds, seat_policies)
        factions, mats = self.assignments(config, game_indices)
        ids, weights, python = seat_policy_arrays(seat_policies, config)
        return core().play_batch(self.rules(config), np.ascontiguousarray(seeds, dtype=np.uint64),
                                 config.n_players, factions, mats, ids, weights,
                                 python_policies=python)

    def table_keys(self, config) -> dict:
        return table_keys(config.faction_names, config.mat_names)

    def table_cells(self, config, keys) -> list:
        """Every combination of the keys' values that the scenario deals (_dealt), less the
        banned pairs when the rules ban them (a seat is never dealt one, so no row is tuned for
        it); `difficulty` takes the scenario's one Automa level. In a player game one player
        must be able to hold the whole cell (_seats_for): per-player lists pair their entries
        by index, so crimea+industrial and saxony+patriotic never deal crimea+patriotic."""
        if "difficulty" in keys:
            levels = getattr(config, "levels", None)
            if levels is None:
                raise UserError("--by difficulty: rows by Automa level are for games against "
                                "the Automa; tune a scenario with an [automa] table, or leave "
                                "difficulty out")
            if len(levels) != 1:
                raise UserError("--by difficulty: rows are tuned at the scenario's Automa level, "
                                "so it must play exactly one; set [automa] difficulty to one "
                                "level (e.g. \"ultimaszyna\") and run once per level")
            rest = [k for k in keys if k != "difficulty"]
            return [{**c, "difficulty": levels[0]} for c in self.table_cells(config, rest)]
        dealt = self._dealt(config)
        cells = [c for c in super().table_cells(config, keys)
                 if all(dealt[k] is None or v in dealt[k] for k, v in c.items())]
        banned = set(config.data.banned_pairs) if config.ban_pairs else set()
        if isinstance(config, ScytheConfig):     # a player game: the cell is one player's
            factions = _per_player(config.factions, config.n_players)
            mats = _per_player(config.mats, config.n_players)
            cells = [c for c in cells if _seats_for(c, factions, mats, banned)]
        elif {"faction", "mat"} <= set(keys):    # solo: the human's pair (_seats_for's check)
            cells = [c for c in cells if (c["faction"], c["mat"]) not in banned]
        if not cells:
            raise UserError(f"--by {','.join(keys)}: the scenario deals no such seat; deal "
                            "the factions or mats it names at random, or choose other keys")
        return cells

    @staticmethod
    def _dealt(config) -> dict:
        """The factions and mats a tuned seat can be dealt (None: any), so that `tune --by`
        tunes rows only for what the scenario plays: the ones it names (solo, the human's;
        otherwise every player's entry, when none is "random"), and never the Automa's
        faction when the scenario fixes it to one (the human is never dealt it)."""
        out = {}
        for key, mode in (("faction", config.factions), ("mat", config.mats)):
            out[key] = set(mode) if isinstance(mode, tuple) and "random" not in mode else None
        automa = getattr(config, "automa_factions", ("random",))
        if len(automa) == 1 and automa[0] != "random":
            out["faction"] = (out["faction"] or set(config.faction_names)) - set(automa)
        return out

    def table_run_keys(self, keys) -> list:
        return [k for k in keys if k == "difficulty"]

    def fix_seat(self, scenario: dict, cell: dict, config) -> dict:
        """The scenario table with one player dealt `cell`. Solo, that is the human's one entry.
        In a player game it is one player's entries of the scenario's own lists (the other
        players keep theirs, so the row is tuned against the field the scenario plays); a
        "random" or "all" key becomes a list, the cell's value there and "random" elsewhere.
        `config` is the scenario as validated: its names are canonical (any spelling, override
        files included) and it says which pairs the rules ban."""
        bad = sorted(set(cell) - {"faction", "mat", "difficulty"})
        if bad:
            raise UserError(f"--by {bad[0]!r}: Scythe tunes by faction, mat or both (and "
                            "difficulty against the Automa)")
        doc = dict(scenario)
        if "difficulty" in cell:             # the scenario's one level (table_cells)
            doc["automa"] = {**doc.get("automa", {}), "difficulty": cell["difficulty"]}
        dealt = {k: v for k, v in cell.items() if k != "difficulty"}
        if isinstance(config, solo.SoloConfig):
            doc.update({k + "s": v for k, v in dealt.items()})     # the human's one entry
            return doc
        n = config.n_players
        banned = set(config.data.banned_pairs) if config.ban_pairs else set()
        seats = _seats_for(dealt, _per_player(config.factions, n), _per_player(config.mats, n),
                           banned)
        if not seats:
            what = ", ".join(f"{k} {v}" for k, v in dealt.items())
            raise UserError(f"--by {','.join(dealt)}: no player of the scenario can be dealt {what} "
                            "(its factions/mats give them to other players or ban the pair); "
                            'give that player "random" entries or tune other keys')
        for key, value in dealt.items():
            entries = scenario.get(key + "s", "random")
            entries = list(entries) if isinstance(entries, list) else ["random"] * n
            entries[seats[0]] = value
            doc[key + "s"] = entries
        return doc

    def seats_holding(self, config, cell: dict, game_indices: np.ndarray,
                      seeds: np.ndarray) -> np.ndarray:
        """The seat the rules gave `cell` in each game (they seat players by mat, so it is
        read off the set-up game)."""
        if isinstance(config, solo.SoloConfig):
            return np.zeros(len(game_indices), dtype=np.int64)   # the human's seat
        factions, mats = self.assignments(config, game_indices)
        rules, out = self.rules(config), np.full(len(game_indices), -1, dtype=np.int64)
        for i, seed in enumerate(np.asarray(seeds, dtype=np.uint64).tolist()):
            g = core().Game(rules, seed, config.n_players, [int(x) for x in factions[i]],
                            [int(x) for x in mats[i]], log=False)
            dealt = [{"faction": g.faction_name(s), "mat": g.mat_name(s)}
                     for s in range(config.n_players)]
            holding = [s for s, d in enumerate(dealt) if all(d[k] == v for k, v in cell.items())]
            out[i] = holding[0] if holding else -1
        return out

    def play_scenario(self, players, options: dict) -> dict:
        from simsuite.games.scythe.play import play_scenario

        return play_scenario(players, options)

    def new_game(self, config, seed: int, log: bool = True, game_index: int = 0):
        from simsuite.games.scythe.play import new_game

        return new_game(self, config, seed, log, game_index)

    def seat_choosers(self, config, seed: int, game_index: int = 0) -> list:
        from simsuite.games.scythe.play import seat_choosers

        return seat_choosers(self, config, seed, game_index)

    def score_lines(self, game) -> list:
        from simsuite.games.scythe.game import score_table

        return score_table(game)

    def result_summary(self, game) -> dict:
        r = game.result()
        keep = ("end_reason", "turns", "faction", "mat", "score", "components", "stars", "rank",
                "winner", "shared")
        return {k: r[k] for k in keep}

    def bench_workloads(self) -> list:
        from simsuite.games.scythe.bench import workloads

        return workloads()
