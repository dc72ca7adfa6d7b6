"""The Wind Gambit's tiles as data: loading `data/wind_gambit.toml` (and a user's own tile
file), the vocabulary the core compiles, and choosing the tiles of a scenario.

The module rules are code in the core (ext/scythe/airships.pxi, resolutions.pxi); a tile's
printed values are data. A tile is *known* when every field it prints is given: an aggressive
tile its `capacity` and `ability`, a passive tile its `range` and `ability`, a resolution its
`end` (and `on_trigger`, empty when absent). The shipped file gives only what the rulebook and
the public sources print (names, numbers, Blitzkrieg's ability), so no tile is known until a
user who owns the game enters the rest in a tile file of the same format:

    [passive.ferry]
    range = 3
    ability = []
    source = "my copy of the game"
    confidence = "high"

An entry in a user file merges into the shipped one (or adds a new tile, which must then be
complete). An aggressive tile's `capacity = { resources, workers, either }`: `either = true`
when the tile carries resources *or* workers (never both aboard at once), false when both;
required when both kinds are given. Vocabulary of an ability rule `{ when, if, do, amount }`:

    when  airship_stops   the owner's airship ends a move (after its last step)
          turn_start      the owner's turn begins
    if    always | occupied | unoccupied | opponent_occupied   the airship's territory holds
          (any / no / an opponent's) worker, character or mech ("occupied", rulebook 004)
          | village | factory                                  the territory's terrain
          | opponent_airship                                   an opponent's airship is there
    do    gain_coins | gain_power | gain_popularity | gain_cards   the owner gains `amount`
          | airship_combat   the owner may fight an opponent's airship there (Blitzkrieg)
          | swap_objective   (airship_stops only) the owner may spend a held objective card (it
                             goes under the deck) and draw the top one
A resolution's `end` is one of
    { trigger = "stars", count, extra_rounds }   the first player to place their count-th star
          sets off the end: at once, or after every player has taken extra_rounds more turns
    { trigger = "turns", count, per }            the game ends when every player has taken count
          turns (per = "player", the default) or when count turns are taken in all ("game")
    { trigger = "shared_objectives", count, extra_rounds }   the count-th completion of a shared
          objective sets off the end, as for stars
`on_trigger = [{ do, amount }]` gives the triggering player gains (as above) or `place_star`:
stars on the tile, counted as placed stars (rulebook 004 «ЗІРКИ»: 6 at most per player).
`at_end = [{ do = "retreat_home", where, per_unit, amount }]`: when the game ends, before
scoring, every unit (character, mechs, workers; not airships) on `where` ("factory" or
"factory_and_adjacent") goes to its home base, and each player gains `amount` of `per_unit`
(a gain) per own unit sent (both may be left out).
`setup = { shared_objectives = N }` lays N objective cards face up for all; then
`shared_objectives = { claim, star, reward }` says how one is completed (at the reveal point,
one objective a turn, §16): claim "first" (by one player only) or "each_player" (once each);
star "objective" (the player's objective star: the §16 limit covers own and shared cards),
"tile" (a star on the card, beyond it) or "none"; reward a list of gains.
"""
from __future__ import annotations

import hashlib

import numpy as np
from dataclasses import dataclass
from pathlib import Path
from typing import Optional, Sequence

from simsuite import datafiles as df
from simsuite.datafiles import REQUIRED, Bool, Int, List, Str, Table
from simsuite.errors import UserError

DATA_DIR = Path(__file__).with_name("data")
FILE = "wind_gambit.toml"

# The vocabulary; the order is the core's code (airships.pxi, resolutions.pxi).
TRIGGERS = ("airship_stops", "turn_start")
CONDITIONS = ("always", "occupied", "unoccupied", "opponent_occupied", "village", "factory",
              "opponent_airship")
EFFECTS = ("gain_coins", "gain_popularity", "gain_power", "gain_cards", "airship_combat", "place_star",
           "swap_objective")
END_TRIGGERS = ("stars", "turns", "shared_objectives")
TURNS_PER = ("player", "game")
AREAS = ("none", "factory", "factory_and_adjacent")    # at_end's `where` (index 0: no at_end)
SHARED_CLAIMS = ("first", "each_player")
SHARED_STARS = ("objective", "tile", "none")
GAINS = EFFECTS[:4]
MODULES = ("airships", "resolutions")

RULE = Table({"when": (Str(TRIGGERS), REQUIRED), "if": (Str(CONDITIONS), "always"),
              "do": (Str(EFFECTS), REQUIRED), "amount": (Int(0, 10), 0)})
GAIN = Table({"do": (Str(GAINS + ("place_star",)), REQUIRED), "amount": (Int(1, 20), REQUIRED)})
END = Table({"trigger": (Str(END_TRIGGERS), REQUIRED), "count": (Int(1, 200), REQUIRED),
             "extra_rounds": (Int(0, 10), 0), "per": (Str(TURNS_PER), "player")})
AT_END = Table({"do": (Str(("retreat_home",)), REQUIRED), "where": (Str(AREAS[1:]), REQUIRED),
                "per_unit": (Str(GAINS), None), "amount": (Int(1, 10), None)})
SETUP = Table({"shared_objectives": (Int(0, 4), 0)})
SHARED = Table({"claim": (Str(SHARED_CLAIMS), REQUIRED), "star": (Str(SHARED_STARS), REQUIRED),
                "reward": (List(Table({"do": (Str(GAINS), REQUIRED), "amount": (Int(1, 20), REQUIRED)}),
                                max_len=4), [])})
CAPACITY = Table({"resources": (Int(0, 3), 0), "workers": (Int(0, 2), 0), "either": (Bool(), None)})
ABSENT = None  # a field the tile prints but no source gives
PROV = df.ProvenanceFields(("high", "medium", "low"), provisional=True)
_COMMON = {"number": (Int(1, 99), REQUIRED), "name": (Str(), REQUIRED)}

FILES = df.DataFiles((FILE,), provenance=PROV, sections=(
    df.Section("aggressive", FILE, {**_COMMON, "capacity": (CAPACITY, ABSENT),
                                    "ability": (List(RULE, max_len=4), ABSENT)},
               key=df.name_key, what="aggressive tile"),
    df.Section("passive", FILE, {**_COMMON, "range": (Int(1, 6), ABSENT),
                                 "ability": (List(RULE, max_len=4), ABSENT)},
               key=df.name_key, what="passive tile"),
    df.Section("resolution", FILE, {**_COMMON, "end": (END, ABSENT),
                                    "on_trigger": (List(GAIN, max_len=4), []),
                                    "at_end": (List(AT_END, max_len=1), []),
                                    "setup": (SETUP, {"shared_objectives": 0}),
                                    "shared_objectives": (SHARED, ABSENT)},
               key=df.name_key, what="resolution tile"),
))
# the fields a tile must have to be played, by section
PRINTED = {"aggressive": ("capacity", "ability"), "passive": ("range", "ability"),
           "resolution": ("end",)}


@dataclass(frozen=True)
class Tile:
    kind: str                  # aggressive | passive | resolution
    key: str
    number: int
    name: str
    fields: dict               # the checked entry
    missing: tuple             # printed fields no source gives
    provisional: bool
    file: str                  # the file that last set the entry

    @property
    def known(self) -> bool:
        return not self.missing


@dataclass(frozen=True)
class WindGambitData:
    tiles: dict                # kind -> {key: Tile}, in number order
    files: tuple               # (name, sha256) of the user's tile files

    def known(self, kind: str) -> tuple:
        return tuple(k for k, t in self.tiles[kind].items() if t.known)

    def tile(self, kind: str, key: str, where: str) -> Tile:
        """A playable tile, or the one-line error saying what is missing and how to supply it."""
        tiles = self.tiles[kind]
        if key not in tiles:
            raise UserError(f"{where}: no {kind} tile {key!r}; {df.did_you_mean(key, tiles)}")
        t = tiles[key]
        if t.missing:
            raise UserError(f"{where}: the {kind} tile {key!r} ({t.name}) has no known "
                            f"{' or '.join(t.missing)} (not in the rulebook or any source here); "
                            f"enter it from your copy in a tile file named by [rules] wind_gambit_tiles")
        return t


def load(paths: Sequence[Path] = ()) -> WindGambitData:
    """The shipped tiles merged with the user's tile files (checked; one-line errors)."""
    loaded = FILES.load(list(paths), DATA_DIR)
    tiles: dict = {}
    for kind in ("aggressive", "passive", "resolution"):
        numbers: dict = {}
        out = {}
        for key, e in sorted(loaded.entries[kind].items(), key=lambda kv: (kv[1]["number"], kv[0])):
            if e["number"] in numbers:
                raise loaded.err(kind, key, f"number {e['number']} is also {numbers[e['number']]!r}",
                                 "give each tile its printed number")
            numbers[e["number"]] = key
            _check_rules(loaded, kind, key, e)
            missing = tuple(f for f in _printed(kind, e) if e[f] is None)
            out[key] = Tile(kind, key, e["number"], e["name"], e, missing, e.get("provisional", False),
                            loaded.file_of(kind, key))
        tiles[kind] = out
    files = tuple((Path(p).name, hashlib.sha256(Path(p).read_bytes()).hexdigest()) for p in paths)
    return WindGambitData(tiles, files)


def _printed(kind: str, e: dict) -> tuple:
    """The fields a tile prints: a resolution that lays out shared objectives also says how
    they are completed and scored."""
    if kind == "resolution" and e["setup"]["shared_objectives"]:
        return PRINTED[kind] + ("shared_objectives",)
    return PRINTED[kind]


def _check_rules(loaded, kind: str, key: str, e: dict) -> None:
    for i, rule in enumerate(e.get("ability") or ()):
        if rule["do"] == "place_star":
            raise loaded.err(kind, key, f"ability[{i}] place_star belongs to a resolution's on_trigger",
                             "use it under [resolution.<name>] on_trigger")
        if rule["do"] == "swap_objective" and (rule["when"] != "airship_stops" or rule["amount"] > 1):
            raise loaded.err(kind, key, f"ability[{i}] swap_objective is offered where the airship stops, once",
                             'write when = "airship_stops" (and amount = 1 or none)')
        if rule["do"] not in ("airship_combat", "swap_objective") and rule["amount"] == 0:
            raise loaded.err(kind, key, f"ability[{i}] {rule['do']} has no amount", "add amount = 1 (or more)")
        if rule["do"] == "airship_combat" and (rule["when"] != "airship_stops" or rule["if"] != "opponent_airship"):
            raise loaded.err(kind, key, f"ability[{i}] airship_combat needs an opponent's airship where the "
                             "airship stops", 'write when = "airship_stops", if = "opponent_airship"')
    cap = e.get("capacity")
    if cap is not None and cap["resources"] == 0 and cap["workers"] == 0:
        raise loaded.err(kind, key, "capacity carries nothing", "give resources = 1..3 or workers = 1..2")
    if cap is not None and cap["resources"] and cap["workers"] and cap["either"] is None:
        # rulebook 004 «ПЕРЕНЕСЕННЯ»: "1-3 resources or 1-2 workers"; a preview (W3) quotes a
        # tile's "three resources or two workers": say which the tile means
        raise loaded.err(kind, key, "capacity gives resources and workers but not whether both may be aboard "
                         "at once", "add either = true (resources or workers, as the tile prints) or either = false")
    if kind == "resolution":
        _check_resolution(loaded, key, e)


def _check_resolution(loaded, key: str, e: dict) -> None:
    def err(problem, fix):
        return loaded.err("resolution", key, problem, fix)

    end, shared = e["end"], e["setup"]["shared_objectives"]
    if end is not None:
        if end["trigger"] == "turns" and end["extra_rounds"]:
            raise err("extra_rounds goes with the stars and shared_objectives triggers only", "remove extra_rounds")
        if end["trigger"] != "turns" and end["per"] != "player":
            raise err("end.per goes with the turns trigger only", "remove end.per")
        if end["trigger"] == "stars" and end["count"] > 6:
            raise err(f"end.count {end['count']} stars: a player places 6 at most (rulebook 004)",
                      "give a count of 1..6")
        if end["trigger"] == "shared_objectives" and not shared:
            raise err("the shared_objectives trigger needs shared objectives", "add setup = { shared_objectives = 2 }")
        if (end["trigger"] == "shared_objectives" and e["shared_objectives"] is not None
                and e["shared_objectives"]["claim"] == "first" and end["count"] > shared):
            raise err(f"end.count {end['count']}: only {shared} shared objectives can be completed",
                      f"give a count of 1..{shared}, or claim = \"each_player\"")
    if e["shared_objectives"] is not None and not shared:
        raise err("shared_objectives is given but setup lays out none", "add setup = { shared_objectives = 2 }")
    for i, a in enumerate(e["at_end"]):
        if (a["per_unit"] is None) != (a["amount"] is None):
            raise err(f"at_end[{i}] needs per_unit and amount together",
                      'write e.g. per_unit = "gain_popularity", amount = 1, or neither')


# ------------------------------------------------------------------ scenario switches

@dataclass(frozen=True)
class WindGambitConfig:
    """What a scenario plays of the Wind Gambit: per game, an airship pair for every seat (one
    shared pair, or one per player) and a resolution (None: that module is off)."""
    modules: tuple                 # sorted subset of MODULES
    pairs: tuple                   # the (aggressive, passive) pairs a game may be dealt
    per_player: bool               # each player gets their own pair (the advanced variant)
    resolutions: tuple             # the resolution keys a game may use
    data: Optional[WindGambitData]

    def normalized(self) -> dict:
        return {"modules": list(self.modules), "pairs": [list(p) for p in self.pairs],
                "per_player": self.per_player, "resolutions": list(self.resolutions),
                "tiles": [list(f) for f in (self.data.files if self.data else ())]}


OFF = WindGambitConfig((), (), False, (), None)


def from_rules(check, rules: dict, source: Path, *, solo: bool) -> WindGambitConfig:
    """`[rules] modules`, `airship_tiles`, `resolution`, `wind_gambit_tiles` of a scenario."""
    modules = rules.get("modules", [])
    if not isinstance(modules, list) or not all(isinstance(m, str) for m in modules):
        raise check.fail("rules.modules", "must be a list of module names", 'write e.g. modules = ["airships"]')
    for i, m in enumerate(modules):
        if m not in MODULES:
            raise check.fail(f"rules.modules[{i}]", f"unknown module {m!r}", df.did_you_mean(m, MODULES))
    if len(set(modules)) != len(modules):
        raise check.fail("rules.modules", "lists a module twice", "list each module once")
    for key, module in (("airship_tiles", "airships"), ("resolution", "resolutions")):
        if key in rules and module not in modules:
            raise check.fail(f"rules.{key}", f"is set but the {module} module is off",
                             f'add "{module}" to rules.modules or remove rules.{key}')
    if not modules:
        if "wind_gambit_tiles" in rules:
            raise check.fail("rules.wind_gambit_tiles", "is set but no Wind Gambit module is on",
                             'add "airships" or "resolutions" to rules.modules')
        return OFF
    if solo:
        raise check.fail("rules.modules", "the Wind Gambit modules are not playable against the Automa",
                         "set modules = [] (neither the Automa's nor the Wind Gambit's rulebook says how "
                         "the Automa plays with airships or resolutions)")
    paths, _ = check.files(rules, "wind_gambit_tiles", where="rules", what="tile file", allow_one=True,
                           example='wind_gambit_tiles = "my-tiles.toml"')
    try:
        data = load(paths)
    except UserError as err:
        raise check.wrap("rules.wind_gambit_tiles", err) if paths else err
    pairs, per_player, resolutions = (), False, ()
    if "airships" in modules:
        pairs, per_player = _airship_pairs(check, rules.get("airship_tiles", "random"), data)
    if "resolutions" in modules:
        resolutions = _resolutions(check, rules.get("resolution", "random"), data)
    return WindGambitConfig(tuple(sorted(modules)), pairs, per_player, resolutions, data)


def _airship_pairs(check, value, data: WindGambitData):
    """"random" (each game a shared pair dealt from the known tiles), "per-player" (each player
    dealt their own, rulebook 004 «СКЛАДНІШІ ПРАВИЛА») or [aggressive, passive]."""
    where = "rules.airship_tiles"
    if isinstance(value, list):
        if len(value) != 2 or not all(isinstance(v, str) for v in value):
            raise check.fail(where, "must be [aggressive, passive] tile names", 'write e.g. ["blitzkrieg", "ferry"]')
        return ((data.tile("aggressive", value[0], where).key, data.tile("passive", value[1], where).key),), False
    modes = ("random", "per-player")
    if not isinstance(value, str) or value not in modes:
        raise check.fail(where, f"unknown choice {value!r}", df.did_you_mean(value, modes) if isinstance(value, str)
                         else 'write "random", "per-player" or ["aggressive", "passive"]')
    agg, pas = data.known("aggressive"), data.known("passive")
    if not agg or not pas:
        kind = "aggressive" if not agg else "passive"
        raise check.fail(where, f"no {kind} tile is known (the rulebook prints none of their values)",
                         "enter your tiles in a file named by [rules] wind_gambit_tiles, or name the pair")
    return tuple((a, p) for a in agg for p in pas), value == "per-player"


def check_players(config: WindGambitConfig, n: int, check) -> None:
    """The per-player variant deals each player their own tiles: enough known ones for n."""
    if config.per_player:
        agg, pas = {a for a, _ in config.pairs}, {p for _, p in config.pairs}
        if min(len(agg), len(pas)) < n:
            raise check.fail("rules.airship_tiles", f'"per-player" needs {n} known tiles of each kind, '
                             f"{len(agg)} aggressive and {len(pas)} passive are known",
                             "enter more tiles in your tile file, or use a shared pair")


def _resolutions(check, value, data: WindGambitData) -> tuple:
    where = "rules.resolution"
    if not isinstance(value, str):
        raise check.fail(where, 'must be a tile name or "random"', 'write e.g. resolution = "random"')
    if value == "random":
        known = data.known("resolution")
        if not known:
            raise check.fail(where, "no resolution tile is known (the rulebook prints none)",
                             "enter yours in a file named by [rules] wind_gambit_tiles, or name one")
        return known
    return (data.tile("resolution", value, where).key,)


def wind_gambit_columns(rules, res: dict, n: int) -> dict:
    """The dataset's `airship_pair` (each seat's "aggressive+passive") and `resolution` columns
    of a play_batch output (empty with the module off, like every variant key's base value)."""
    n_rows = len(res["end_reason"]) * n
    pair = resolution = [""] * n_rows
    in_force = [[] for _ in range(n_rows)]       # each row's tiles, as (kind, key)
    if "air_tiles" in res and rules.modules and "airships" in rules.modules:
        agg, pas = rules.air_tiles
        codes = res["air_tiles"].reshape(-1)
        pair = [f"{agg[c // 16]}+{pas[c % 16]}" for c in codes]
        for row, c in zip(in_force, codes):
            row += [("aggressive", agg[c // 16]), ("passive", pas[c % 16])]
    if "resolution" in res and "resolutions" in rules.modules:
        resolution = [rules.resolution_names[r] for r in res["resolution"] for _ in range(n)]
        for row, r in zip(in_force, resolution):
            row.append(("resolution", r))
    out = {"airship_pair": pair, "resolution": resolution}
    if rules.modules:
        # the share of the seat's tiles in force (its pair, the resolution) whose values are
        # provisional: a stand-in or a public single source, not the printed tile
        tiles = rules.wind_gambit.data.tiles
        out["provisional_share"] = np.array(
            [sum(tiles[k][key].provisional for k, key in row) / len(row) if row else 0.0 for row in in_force],
            dtype=np.float32)
    return out


# ------------------------------------------------------------------ the log (game.py calls these)
AIR_UNIT = 13                 # the airship's unit index (wind_gambit_state.pxd)
STAR_TILE = 10                # StarKind of a star on the resolution tile
EV_FIRST = 60                 # the core's Wind Gambit events (airships.pxi, resolutions.pxi): 60..65
_RES = ("oil", "metal", "wood", "food")


def label_option(name: str, opt: int, cell, who) -> str:
    """Readable option of an airship decision (state.pxd DK_AIR_*)."""
    if name == "airship_cargo":
        if opt == 0:
            return "go on"
        if opt <= 4:
            return f"load 1 {_RES[opt - 1]} aboard"
        if opt <= 8:
            return f"leave 1 {_RES[opt - 5]} here"
        return "take a worker aboard" if opt == 9 else "set a worker down here"
    if name == "airship_step":
        return "stop here" if opt == 0 else f"fly to {cell(opt)}"
    if name == "airship_combat":
        return "no Blitzkrieg" if opt == 0 else f"Blitzkrieg against {who(opt - 1)}'s airship"
    if name == "airship_swap":
        return "keep objectives" if opt == 0 else f"spend objective in slot {opt} and draw another"
    return f"dial {opt} power"            # airship_dial


def event_line(kind: int, who: str, a: int, b: int, c: int, d: int, cell, who_of) -> str:
    if kind == EV_FIRST:
        return f"    {who}'s airship flies from {cell(a)} to {cell(b)}"
    if kind == EV_FIRST + 1:
        return f"    {who}'s airship tile: {EFFECTS[a]} {b} on {cell(c)}"
    if kind == EV_FIRST + 2:
        return f"  ! Blitzkrieg on {cell(b)}: {who} wins (dials {c} against {d}); {who_of(a)}'s airship goes home"
    if kind == EV_FIRST + 3:
        return f"  * {who} sets off the resolution's end with {b} stars"
    if kind == EV_FIRST + 4:
        gain = f", gaining {b}" if b else ""
        return f"  * the resolution sends {a} of {who}'s units home{gain}"
    return f"  * {who} completes shared objective {a}"
