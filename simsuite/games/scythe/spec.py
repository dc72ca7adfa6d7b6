"""Scythe as the runner sees it: scenario keys, their validation, and the shard loop.

Scenario keys (scenarios/README.md has the full format):

    players = 4                      # 2..5 in the base game
    factions = "random"              # "random" | "all" | one entry per player (a name or "random")
    mats = "random"                  # the same for player mats
    policy = "random"                # one policy for everyone, or [[policy]] tables, one per seat
    rotate = false                   # seat s of game g plays policy (s + g) mod n
    [rules]
    ban_pairs = true                 # redraw Rusviet+Industrial and Crimea+Patriotic when dealing
    turn_cap = 500                   # total turns before a game is stopped (end reason turn_cap)
    camaraderie_on_move = false      # digest §24 engine option, see the engine's Rules
    modules = []                     # expansion modules (none are playable yet)
    data = []                        # data override files, relative to the scenario file

Factions and mats are given per player: entry i of each list makes player i's pair. The rules
then seat the players (lowest mat number first, then clockwise in the faction cycle; rulebook
§5), and policies are given per seat, i.e. per position in that turn order (the compiled core
plays policy_ids by seat). The dataset's `seat` is that turn-order position.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pyarrow as pa

from simsuite.errors import UserError
from simsuite.games.base import GameConfig, GameSpec, cyclic_deal, seat_policies
from simsuite.policies import MAX_WEIGHTS, resolve_seat_policies
from simsuite.scenario import Checker, short_hash

DEFAULT_TURN_CAP = 500

SCYTHE_COLUMNS = (
    pa.field("score_coins", pa.int32()),
    pa.field("score_stars", pa.int32()),
    pa.field("score_territories", pa.int32()),
    pa.field("score_resources", pa.int32()),
    pa.field("score_structure_bonus", pa.int32()),
    pa.field("stars", pa.int8()),
    pa.field("territories", pa.int16()),
    pa.field("resources", pa.int16()),
    pa.field("popularity", pa.int8()),
    pa.field("power", pa.int8()),
)
# play_batch arrays copied straight into columns of the same name
_PER_SEAT = ("score", "score_coins", "score_stars", "score_territories", "score_resources",
             "score_structure_bonus", "stars", "territories", "resources", "popularity", "power",
             "rank", "winner", "turns_taken")


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
    modules: tuple           # sorted module names
    data_files: tuple        # (name, sha256) of each override file, for the hash
    data: object             # the loaded ScytheData (travels to workers; no shared disk needed)
    faction_names: tuple     # id order
    mat_names: tuple

    def normalized(self) -> dict:
        return {
            "players": self.n_players, "factions": _plain(self.factions), "mats": _plain(self.mats),
            "rotate": self.rotate, "policies": [p.normalized() for p in self.policies],
            "rules": {"ban_pairs": self.ban_pairs, "turn_cap": self.turn_cap,
                      "camaraderie_on_move": self.camaraderie_on_move,
                      "modules": list(self.modules), "data": [list(d) for d in self.data_files]},
        }


def _plain(mode):
    return mode if isinstance(mode, str) else list(mode)


class ScytheSpec(GameSpec):
    name = "scythe"
    scenario_keys = ("players", "factions", "mats", "rotate", "policy", "rules", "solo", "automa")
    columns = SCYTHE_COLUMNS
    # ~2-4 s of work per shard at the core's target speed (>= 500 four-player games/s/core)
    default_shard_size = 2000

    # ------------------------------------------------------------------ validation
    def validate(self, scenario: dict, source: Path) -> ScytheConfig:
        from simsuite.games.scythe import ids
        from simsuite.games.scythe.data import load_data

        check = Checker(source)
        for key in ("solo", "automa"):
            if key in scenario:  # solo games have their own spec (automa_spec.py)
                raise check.fail(key, "games against the Automa are a game of their own",
                                 'write game = "scythe-automa" and an [automa] table '
                                 "(scenarios/README.md)")

        rules = check.table(scenario, "rules")
        check.check_keys(rules, ("ban_pairs", "turn_cap", "camaraderie_on_move", "modules", "data"), "rules")
        ban_pairs = check.boolean(rules, "ban_pairs", where="rules", default=True)
        turn_cap = check.integer(rules, "turn_cap", where="rules", minimum=1, default=DEFAULT_TURN_CAP)
        camaraderie = check.boolean(rules, "camaraderie_on_move", where="rules", default=False)
        modules = rules.get("modules", [])
        if not isinstance(modules, list) or not all(isinstance(m, str) for m in modules):
            raise check.fail("rules.modules", "must be a list of module names", 'write e.g. modules = []')
        if modules:  # no expansion's rules are in the core yet
            raise check.fail("rules.modules[0]", f"unknown or unavailable module {modules[0]!r}",
                             "this version plays the base game only; set modules = []")

        files = rules.get("data", [])
        if not isinstance(files, list) or not all(isinstance(f, str) for f in files):
            raise check.fail("rules.data", "must be a list of file names", 'write e.g. data = ["my_mats.toml"]')
        paths = [(Path(source).parent / f) for f in files]
        for f, p in zip(files, paths):
            if not p.is_file():
                raise check.fail("rules.data", f"data file {f!r} not found next to the scenario",
                                 "give its path relative to the scenario file")
        try:
            data = load_data(paths)  # its errors already name file and fix
        except UserError as err:
            raise check.wrap("rules.data", err) if paths else err
        data_files = tuple((f, hashlib.sha256(p.read_bytes()).hexdigest()) for f, p in zip(files, paths))
        faction_names, mat_names = tuple(data.factions), tuple(data.mats)

        n = check.integer(scenario, "players", minimum=2, maximum=min(len(faction_names), len(mat_names)),
                          example="players = 4")
        factions = self._seat_list(check, scenario, "factions", n, faction_names,
                                   lambda v: ids.faction_name(v, data))
        mats = self._seat_list(check, scenario, "mats", n, mat_names, lambda v: ids.mat_name(v, data))
        if ban_pairs:
            self._check_bans(check, factions, mats, data.banned_pairs)

        policies = resolve_seat_policies(self.name, scenario, n, check)
        rotate = check.boolean(scenario, "rotate", default=False)
        return ScytheConfig(n, factions, mats, policies, rotate, ban_pairs, turn_cap,
                            camaraderie, (), data_files, data, faction_names, mat_names)

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

    def prepare(self, config: ScytheConfig) -> None:
        try:
            from simsuite import _scythe  # noqa: F401
        except ImportError:
            raise UserError("the compiled Scythe core (simsuite._scythe) is not built; build it with "
                            "python setup.py build_ext --inplace, or reinstall with pip install .")
        built = _scythe.COMPILED_POLICIES
        for p in config.policies:
            if not p.is_python and built.get(p.name) != p.compiled_id:
                raise UserError(f"policy {p.name!r} (id {p.compiled_id}) is not in the built Scythe core "
                                f"(it has {built}); rebuild it: python setup.py build_ext --inplace")
        self.rules(config)

    @staticmethod
    def rules(config: ScytheConfig):
        """The compiled Rules of this scenario (built once per process)."""
        return _rules(config)

    def run_shard(self, config: ScytheConfig, game_indices: np.ndarray, seeds: np.ndarray) -> pa.Table:
        from simsuite import _scythe

        factions, mats = self.assignments(config, game_indices)
        n = config.n_players
        seat_pol = seat_policies(game_indices, n, config.rotate)
        seeds = np.ascontiguousarray(seeds, dtype=np.uint64)
        # The core takes one policy per seat for a whole batch: play each seat-rotation of
        # the policies as its own batch, then put the games back in order.
        def play(sel):
            pols = [config.policies[k] for k in seat_pol[sel[0]]]
            ids, weights, python = seat_policy_arrays(pols)
            return _scythe.play_batch(self.rules(config), seeds[sel], n, factions[sel], mats[sel],
                                      ids, weights, python_policies=python)  # all None: the C loop

        merged = play_grouped(seat_pol[:, 0], play)
        return self._table(config, game_indices, merged, seat_pol)

    def _table(self, config: ScytheConfig, game_indices: np.ndarray, res: dict,
               seat_pol: np.ndarray) -> pa.Table:
        from simsuite import _scythe

        n_games, n = len(game_indices), config.n_players
        faction = np.array(config.faction_names, dtype=object)[np.asarray(res["faction"]).reshape(-1)]
        mat = np.array(config.mat_names, dtype=object)[np.asarray(res["mat"]).reshape(-1)]
        pol = seat_pol.reshape(-1)

        def per_game(key):
            return np.repeat(np.asarray(res[key]), n)

        cols = {
            "game_index": np.repeat(np.asarray(game_indices, dtype=np.int64), n),
            "seed": pa.array(per_game("seed").astype(np.uint64), pa.uint64()),
            "n_players": np.full(n_games * n, n, dtype=np.int8),
            "seat": np.tile(np.arange(n, dtype=np.int8), n_games),
            "faction": faction.tolist(),
            "mat": mat.tolist(),
            "pair": [f"{f}+{m}" for f, m in zip(faction, mat)],
            "policy": np.array([p.name for p in config.policies], dtype=object)[pol].tolist(),
            "policy_id": np.array([p.policy_id for p in config.policies], dtype=object)[pol].tolist(),
            "is_bot_opponent": np.zeros(n_games * n, dtype=bool),
            "difficulty": pa.nulls(n_games * n, pa.string()),
            "modules": [",".join(config.modules)] * (n_games * n),
            "game_turns": per_game("game_turns"),
            "end_reason": np.array(_scythe.END_REASONS, dtype=object)[per_game("end_reason")].tolist(),
        }
        cols.update(seat_result_columns(res))
        return pa.table(cols)


def seat_result_columns(res: dict) -> dict:
    """The per-seat result columns of a play_batch output, flattened to (game, seat) rows.

    tied = the core's "score equalled another seat's before tie-breakers"; shared_win = still
    tied after every tie-breaker (the core's "shared") and ranked first.
    """
    cols = {key: np.asarray(res[key]).reshape(-1) for key in _PER_SEAT}
    cols["tied"] = np.asarray(res["score_tied"]).reshape(-1).astype(bool)
    cols["shared_win"] = np.asarray(res["shared"]).reshape(-1).astype(bool) & (cols["rank"] == 1)
    return cols


_RULES: dict = {}


def seat_policy_arrays(pols) -> tuple:
    """play_batch's per-seat policy arguments for resolved policies (None: a seat the core skips):
    compiled ids, weights [seats, MAX_WEIGHTS] and Python policy objects (None if all compiled)."""
    ids = np.array([max(p.compiled_id, 0) if p is not None else 0 for p in pols], dtype=np.int32)
    weights = np.zeros((len(pols), MAX_WEIGHTS), dtype=np.float64)
    for s, p in enumerate(pols):
        if p is not None:
            weights[s, :len(p.weights)] = p.weights
    python = [p.instantiate() if p is not None and p.is_python else None for p in pols]
    return ids, weights, python if any(x is not None for x in python) else None


def play_grouped(keys: np.ndarray, play) -> dict:
    """The core takes one line-up for a whole batch: play the games of each distinct key as
    one batch (`play(positions) -> dict of arrays`) and put the results back in game order."""
    merged: dict = {}
    for k in np.unique(keys):
        sel = np.nonzero(keys == k)[0]
        for name, arr in play(sel).items():
            if name not in merged:
                merged[name] = np.empty((len(keys),) + arr.shape[1:], dtype=arr.dtype)
            merged[name][sel] = arr
    return merged


def cached_rules(config, **options):
    """The compiled Rules of a config (plus core `options`), built once per worker process."""
    from simsuite import _scythe

    key = short_hash(config.normalized())
    if key not in _RULES:
        _RULES[key] = _scythe.Rules(config.data, ban_pairs=config.ban_pairs, turn_cap=config.turn_cap,
                                    camaraderie_on_move=config.camaraderie_on_move, **options)
    return _RULES[key]


def _rules(config: ScytheConfig):
    return cached_rules(config, modules=config.modules)
