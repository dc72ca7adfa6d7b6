"""The solo variant of the Scythe spec: one seat against the Automa (solo rulebook, seed 003).

A Scythe scenario with an `[automa]` table plays this variant and says which games to play;
every listed factor is crossed with every other and the combinations are played in turn by game
index, so any block of K consecutive games (K = the number of combinations) holds each exactly
once:

    game = "scythe"
    name = "automa-levels"
    games = 4000
    seed = 1
    factions = "all"            # the human's faction: "random" | "all" | a name | a list
    mats = "all"                # the human's player mat: the same
    policy = "economy"          # the human's policy: a name, a [policy] table, or a list of
                                # [[policy]] tables (each one crossed with the rest)
    [automa]
    difficulty = "all"          # "all" | a level (autometta, automa, automaszyna, ultimaszyna) | a list
    faction = "all"             # the Automa's faction: "random" | "all" | a name | a list
    options = { move_check = false }   # the rulebook's optional rules (automa.toml [[option]])
    data = []                   # Automa data override files, relative to the scenario file
    [rules]
    ban_pairs = true            # as for every Scythe scenario (turn_cap, data, ...)

"random" leaves the choice to the game's seed (the Automa's faction is never the human's);
the Automa and the human never get the same faction, and with ban_pairs on the human never
gets a forbidden faction + mat pair. Dataset rows: seat 0 is the human, seat 1 the Automa
(policy "automa", is_bot_opponent true, mat and pair null); `difficulty` is the level on
both rows.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pyarrow as pa

from simsuite.errors import UserError
from simsuite.games.base import GameConfig, play_grouped
from simsuite.games.scythe import wind_gambit
from simsuite.games.scythe.lineups import (core, game_columns, seat_policy_arrays,
                                           seat_result_columns, table_keys)
from simsuite.policies import resolve_policy
from simsuite.scenario import Checker, short_hash

DEFAULT_TURN_CAP = 500
_AUTOMA_KEYS = ("difficulty", "faction", "options", "data")
_RULES_KEYS = ("ban_pairs", "turn_cap", "camaraderie_on_move", "modules", "data",
               "airship_tiles", "resolution", "wind_gambit_tiles",
               "rusviet_factory_relentless", "mats_in_order")


@dataclass(frozen=True)
class SoloConfig(GameConfig):
    n_players: int
    policies: tuple          # PolicyChoice of the human, crossed with the other factors
    levels: tuple            # level names
    automa_factions: tuple   # faction names, or ("random",)
    factions: tuple          # the human's faction names, or ("random",)
    mats: tuple              # the human's mat names, or ("random",)
    options: tuple           # sorted (name, value) of every Automa option
    ban_pairs: bool
    turn_cap: int
    camaraderie_on_move: bool
    data_files: tuple        # (name, sha256) of the Scythe data override files
    automa_files: tuple      # (name, sha256) of the Automa data override files
    data: object             # ScytheData
    automa_data: object      # AutomaData
    faction_names: tuple
    mat_names: tuple
    combos: tuple            # (policy, level id, automa faction id, faction id, mat id); -1 = dealt
    rusviet_factory_relentless: bool = True   # off: the booklet's Rusviet variant
    mats_in_order: bool = False               # always off solo (one player mat)

    def normalized(self) -> dict:
        return {
            "solo": "automa", "policies": [p.normalized() for p in self.policies],
            "difficulty": list(self.levels), "automa_faction": list(self.automa_factions),
            "factions": list(self.factions), "mats": list(self.mats),
            "options": dict(self.options),
            "rules": {"ban_pairs": self.ban_pairs, "turn_cap": self.turn_cap,
                      "camaraderie_on_move": self.camaraderie_on_move,
                      "data": [list(d) for d in self.data_files],
                      "automa_data": [list(d) for d in self.automa_files],
                      **variant_rules(self)},
        }


def variant_rules(config) -> dict:
    """The Wind Gambit booklet's variants («ВАРІАНТИ ГРИ») for a normalized config: only those
    switched away from the base rules, so a scenario without them keeps its hash."""
    out = {}
    if not config.rusviet_factory_relentless:
        out["rusviet_factory_relentless"] = False
    if config.mats_in_order:
        out["mats_in_order"] = True
    return out


def rules_table(check: Checker, scenario: dict, source: Path, solo: bool):
    """The `[rules]` table every Scythe scenario has: its options, the loaded data and the
    override files' hashes."""
    from simsuite.games.scythe.data import load_data

    rules = check.table(scenario, "rules")
    check.check_keys(rules, _RULES_KEYS, "rules")
    options = {
        "ban_pairs": check.boolean(rules, "ban_pairs", where="rules", default=True),
        "turn_cap": check.integer(rules, "turn_cap", where="rules", minimum=1, default=DEFAULT_TURN_CAP),
        "camaraderie_on_move": check.boolean(rules, "camaraderie_on_move", where="rules", default=False),
        # the Wind Gambit booklet's variants («ВАРІАНТИ ГРИ»), base rules by default
        "rusviet_factory_relentless": check.boolean(rules, "rusviet_factory_relentless", where="rules",
                                                    default=True),
        "mats_in_order": check.boolean(rules, "mats_in_order", where="rules", default=False),
    }
    # the Wind Gambit's modules and tiles (refused against the Automa: wind_gambit.py)
    options["wind_gambit"] = wind_gambit.from_rules(check, rules, source, solo=solo)
    paths, data_files = check.files(rules, "data", where="rules", example='data = ["mine.toml"]')
    try:
        data = load_data(paths)  # its errors already name file and fix
    except UserError as err:
        raise check.wrap("rules.data", err) if paths else err
    return options, data, data_files


def _factor(check: Checker, table: dict, key: str, where: str, names: tuple, lookup, default):
    """"all" | "random" | a name | a list of names -> tuple of canonical names (or ("random",))."""
    full = f"{where}.{key}" if where else key
    value = table.get(key, default)
    if value is None:
        raise check.fail(full, "missing key", f'add it, e.g. {key} = "all"')
    if isinstance(value, str) and value.strip().lower() in ("all", "random"):
        return names if value.strip().lower() == "all" else ("random",)
    values = value if isinstance(value, list) else [value]
    if not values:
        raise check.fail(full, "is an empty list", 'give at least one name, or "all"')
    out = []
    for i, v in enumerate(values):
        try:
            name = lookup(v)
        except UserError as err:
            raise check.wrap(f"{full}[{i}]" if isinstance(value, list) else full, err)
        if name in out:
            raise check.fail(full, f"{name} is listed twice", "list each once")
        out.append(name)
    return tuple(out)


def validate(spec, scenario: dict, source: Path) -> SoloConfig:
    """The solo variant's keys: the human's factors, the [automa] table, [rules]."""
    from simsuite.games.scythe import ids
    from simsuite.games.scythe.automa_data import load_automa, level_name

    check = Checker(source)
    for key in ("players", "rotate"):
        if key in scenario:
            raise check.fail(key, "a solo game has one player against the Automa",
                             f"remove {key} (the [automa] table makes the game solo)")
    rules, data, data_files = rules_table(check, scenario, source, solo=True)
    ban_pairs = rules["ban_pairs"]
    if rules["mats_in_order"]:
        raise check.fail("rules.mats_in_order", "a solo game deals one player mat, so there is "
                         "no order to deal them in", "remove mats_in_order from [rules]")

    automa = check.table(scenario, "automa")
    if "automa" not in scenario:
        raise check.fail("automa", "missing table", 'add [automa] with difficulty = "automa"')
    check.check_keys(automa, _AUTOMA_KEYS, "automa")
    apaths, automa_files = check.files(automa, "data", where="automa", example='data = ["mine.toml"]')
    try:
        adata = load_automa(apaths)
    except UserError as err:
        raise check.wrap("automa.data", err) if apaths else err
    levels = _factor(check, automa, "difficulty", "automa", tuple(adata.star_cards),
                     lambda v: level_name(adata, v), None)
    if levels == ("random",):
        raise check.fail("automa.difficulty", 'cannot be "random"', 'write "all", a level or a list')
    opts = check.table(automa, "options", "automa")
    try:
        options = adata.resolve_options(opts, where=f"{Path(source).name}: automa.options")
    except UserError as err:
        raise err

    faction_names, mat_names = tuple(data.factions), tuple(data.mats)
    afac = _factor(check, automa, "faction", "automa", faction_names,
                   lambda v: ids.faction_name(v, data), "random")
    fac = _factor(check, scenario, "factions", "", faction_names, lambda v: ids.faction_name(v, data), "random")
    mats = _factor(check, scenario, "mats", "", mat_names, lambda v: ids.mat_name(v, data), "random")

    value = scenario.get("policy", "random")
    entries = value if isinstance(value, list) else [value]
    if not entries:
        raise check.fail("policy", "is an empty list", 'give at least one, e.g. policy = "economy"')
    policies = tuple(resolve_policy(spec.name, v, check, f"policy[{i}]" if isinstance(value, list) else "policy",
                                    table_keys(faction_names, mat_names))
                     for i, v in enumerate(entries))

    def ident(names, v):
        return -1 if v == "random" else names.index(v)

    banned = set(data.banned_pairs) if ban_pairs else set()
    combos = []
    for p, lv, af, f, m in itertools.product(range(len(policies)), levels, afac, fac, mats):
        if af != "random" and af == f:
            continue
        if (f, m) in banned:
            continue
        combos.append((p, list(adata.star_cards).index(lv), ident(faction_names, af),
                       ident(faction_names, f), ident(mat_names, m)))
    if not combos:
        raise check.fail("factions/automa.faction", "no combination is playable (the Automa and the "
                         "human would always share a faction, or every pair is banned)",
                         "give the Automa and the human different factions")
    return SoloConfig(2, policies, levels, afac, fac, mats, tuple(sorted(options.items())),
                      ban_pairs, rules["turn_cap"], rules["camaraderie_on_move"], data_files,
                      automa_files, data, adata, faction_names, mat_names, tuple(combos),
                      rusviet_factory_relentless=rules["rusviet_factory_relentless"])


def design(config: SoloConfig, game_indices: np.ndarray) -> np.ndarray:
    """The combination of each game: [n_games, 5] (policy, level, automa faction, faction, mat)."""
    table = np.asarray(config.combos, dtype=np.int64)
    return table[np.asarray(game_indices, dtype=np.int64) % len(table)]


def _batch(spec, config: SoloConfig, d: np.ndarray, seeds: np.ndarray, sel: np.ndarray, human) -> dict:
    """play_batch on games `sel` with `human` (a PolicyChoice) in seat 0; seat 1 is the Automa,
    which the core never asks for a choice."""
    factions = np.stack([d[sel, 3], d[sel, 2]], axis=1).astype(np.int8)
    mats = np.stack([d[sel, 4], np.full(len(sel), -1)], axis=1).astype(np.int8)
    ids, weights, python = seat_policy_arrays([human, None], config)
    return core().play_batch(spec.rules(config), seeds[sel], 2, factions, mats, ids, weights,
                             python_policies=python, automa=d[sel, 1].astype(np.int8),
                             automa_options=dict(config.options))


def run_shard(spec, config: SoloConfig, game_indices: np.ndarray, seeds: np.ndarray) -> pa.Table:
    d = design(config, game_indices)
    seeds = np.ascontiguousarray(seeds, dtype=np.uint64)
    merged = play_grouped(d[:, 0], lambda sel: _batch(spec, config, d, seeds, sel,
                                                      config.policies[d[sel[0], 0]]))
    return _table(config, game_indices, merged, d)


def play_lineup(spec, config: SoloConfig, game_indices: np.ndarray, seeds: np.ndarray, seat_policies) -> dict:
    """The tuner's games: `seat_policies[0]` plays the human seat in every game."""
    d = design(config, game_indices)
    seeds = np.ascontiguousarray(seeds, dtype=np.uint64)
    return _batch(spec, config, d, seeds, np.arange(len(d)), seat_policies[0])


def _table(config: SoloConfig, game_indices: np.ndarray, res: dict, d: np.ndarray) -> pa.Table:
    n_games, n = len(game_indices), 2
    faction = np.array(config.faction_names, dtype=object)[np.asarray(res["faction"]).reshape(-1)]
    mat_ids = np.asarray(res["mat"]).reshape(-1)
    mat = np.array(list(config.mat_names) + [None], dtype=object)[mat_ids]   # -1: the Automa
    level_names = list(config.automa_data.star_cards)
    level = np.array(level_names, dtype=object)[np.asarray(res["automa_level"])]
    options = dict(config.options)
    bot_ids = {lv: short_hash({"automa": lv, "options": options}, 8) for lv in level_names}
    human_pol = np.array([p.name for p in config.policies], dtype=object)[d[:, 0]]
    human_pid = np.array([p.policy_id for p in config.policies], dtype=object)[d[:, 0]]
    cols = game_columns(res, n, game_indices, core().END_REASONS)
    human = cols["seat"] == 0
    policy = np.where(human, np.repeat(human_pol, n), "automa")
    policy_id = np.where(human, np.repeat(human_pid, n),
                         np.array([bot_ids[lv] for lv in np.repeat(level, n)], dtype=object))
    cols.update({
        "faction": faction.tolist(),
        "mat": mat.tolist(),
        "pair": [f"{f}+{m}" if m is not None else None for f, m in zip(faction, mat)],
        "policy": policy.tolist(),
        "policy_id": policy_id.tolist(),
        "is_bot_opponent": ~human,
        "difficulty": np.repeat(level, n).tolist(),
        "modules": [""] * (n_games * n),
        "airship_pair": [""] * (n_games * n),
        "resolution": [""] * (n_games * n),
    })
    cols.update(seat_result_columns(res))
    return pa.table(cols)
