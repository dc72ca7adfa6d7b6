"""Load and validate the Scythe data files into `model.ScytheData`.

The files live in `data/` next to this module; they are read, merged with a user's override
files and field-checked by the shared layer `simsuite.datafiles` (whose docstring states the
override rules). Every section name is unique across the files, so a user's override file
may mix entries for any data file:

    [cell.26]                  # board.toml entries are keyed by cell id
    terrain = "forest"
    [mat.patriotic.bottom]     # nested tables merge field by field
    enlist = { start = 3, minimum = 2, coins = 0 }
    [faction.crimea]
    present = false            # removes the entry

This module declares Scythe's sections, cross-checks the merged data (board geometry,
factions against the board, mats, card counts) and builds the model. Every problem raises
`simsuite.errors.UserError` with a one-line message: `<file>: <entry>: <problem>; <fix>`.
"""
from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Sequence

from simsuite import datafiles as df
from simsuite.datafiles import REQUIRED, Bool, Float, Int, List, Map, Str, Table
from simsuite.errors import UserError
from simsuite.games.scythe import model as M

DATA_DIR = Path(__file__).with_name("data")

# Data files in load order.
FILES = (
    "board.toml", "factions.toml", "player_mats.toml", "combat_cards.toml",
    "encounters.toml", "factory_cards.toml", "objectives.toml",
    "structure_bonus.toml", "scoring.toml", "rules.toml",
)

# Content sets an entry can belong to; `include_sets` selects among them.
SETS = ("base", "invaders_from_afar", "promo", "non-base")

# Names used by the Invaders from Afar factions; kept in the data, outside the base
# vocabularies the compiled core knows (model.FACTION_ABILITIES / MECH_ABILITIES).
EXPANSION_FACTION_ABILITIES = ("exalt", "maifuku")
EXPANSION_MECH_ABILITIES = ("burrow", "rally", "sword", "shield", "toka", "shinobi", "ronin", "suiton")

LAND = ("mountain", "forest", "tundra", "farm", "village")  # territories that produce
CONFIDENCE = ("high", "medium", "low")
PROV = df.ProvenanceFields(CONFIDENCE)
OPPOSITE = {"NE": "SW", "E": "W", "SE": "NW", "SW": "NE", "W": "E", "NW": "SE"}
# (row, x) offset of each direction on the doubled-column grid (board.toml header).
OFFSET = {"NE": (-1, 1), "E": (0, 2), "SE": (1, 1), "SW": (1, -1), "W": (0, -2), "NW": (-1, -1)}


# ------------------------------------------------------------------ the sections

def _river_key(k: str, name: str) -> str:
    m = re.fullmatch(r"(\d+)-(\d+)", k)
    if not m:
        raise df.Bad(f"river key {k!r} is not of the form \"A-B\"", 'write the two cell ids as "A-B", e.g. "10-11"')
    a, b = int(m.group(1)), int(m.group(2))
    if a >= b:
        raise df.Bad(f"river key {k!r} must list the smaller cell first", f'write "{min(a, b)}-{max(a, b)}"')
    return f"{a}-{b}"


def _pair_key(k: str, name: str) -> str:
    if not re.fullmatch(r"[a-z][a-z0-9_]*\+[a-z][a-z0-9_]*", k):
        raise df.Bad(f"banned-pair key {k!r} is not of the form \"faction+mat\"", 'write it as "rusviet+industrial"')
    return k


RES_MAP = Map(M.RESOURCES, Int(1, 20))

ENCOUNTER_OPTION = Table({
    "cost_coins": (Int(0, 20), 0), "cost_popularity": (Int(0, 18), 0),
    "gain_coins": (Int(0, 20), 0), "gain_popularity": (Int(0, 18), 0),
    "gain_power": (Int(0, 16), 0), "gain_cards": (Int(0, 10), 0),
    "gain_resources": (RES_MAP, {}), "gain_any_resources": (Int(0, 20), 0),
    "gain_workers": (Int(0, 8), 0),
    "free_action": (Str(M.BOTTOM_ACTIONS), None), "special": (Str(), None),
})

BOTTOM_COST = Table({"start": (Int(0, 20), REQUIRED), "minimum": (Int(0, 20), REQUIRED),
                     "coins": (Int(0, 20), REQUIRED)})


DATA_FILES = df.DataFiles(FILES, provenance=PROV, sections=(
    df.Section("cell", "board.toml", {
        "row": (Int(0, 50), REQUIRED), "x": (Int(0, 100), REQUIRED),
        "terrain": (Str(M.TERRAINS), REQUIRED), "faction": (Str(), None),
        "encounter": (Bool(), False), "tunnel": (Bool(), False),
        "neighbours": (List(Int(0, 10_000), length=6), REQUIRED),
        "rivers": (List(Str(M.DIRECTIONS), unique=True), []),
        "factory_distance": (Int(0, 50), REQUIRED),
    }, key=df.int_key(1, 10_000), what="cell"),
    df.Section("river", "board.toml", {
        "direction": (Str(M.DIRECTIONS), REQUIRED),
    }, key=_river_key, what="river"),
    df.Section("faction", "factions.toml", {
        "base": (Int(1, 10_000), REQUIRED),
        "start_cells": (List(Int(1, 10_000), length=2, unique=True), REQUIRED),
        "power": (Int(0, 100), REQUIRED), "combat_cards": (Int(0, 100), REQUIRED),
        "ability": (Str(), REQUIRED),
        "mech_abilities": (List(Str(), length=4, unique=True), REQUIRED),
        "riverwalk": (List(Str(LAND), unique=True), []),
        "seat_order": (Int(0, 100), REQUIRED), "colour": (Str(), None),
        "expansion": (Str(SETS), "base"),
    }, key=df.name_key, what="faction"),
    df.Section("mat", "player_mats.toml", {
        "number": (Str(), REQUIRED), "order": (Float(0, 100), REQUIRED),
        "popularity": (Int(0, 100), REQUIRED), "coins": (Int(0, 1000), REQUIRED),
        "objectives": (Int(0, 100), REQUIRED),
        "sections": (List(Table({"top": (Str(M.TOP_ACTIONS), REQUIRED),
                                 "bottom": (Str(M.BOTTOM_ACTIONS), REQUIRED)}), length=4), REQUIRED),
        "bottom": (Map(M.BOTTOM_ACTIONS, BOTTOM_COST, complete=True), REQUIRED),
        "expansion": (Str(SETS), "base"),
    }, key=df.name_key, what="mat"),
    df.Section("combat_card", "combat_cards.toml", {
        "copies": (Int(0, 100), REQUIRED),
    }, key=df.int_key(0, 7), what="combat card value"),
    df.Section("encounter", "encounters.toml", {
        "set": (Str(("base", "non-base")), REQUIRED),
        "options": (List(ENCOUNTER_OPTION, length=3), REQUIRED),
    }, key=df.int_key(1, 10_000), what="encounter card"),
    df.Section("factory_card", "factory_cards.toml", {
        "set": (Str(("base", "promo")), REQUIRED),
        "cost_coins": (Int(0, 20), 0), "cost_popularity": (Int(0, 18), 0),
        "cost_power": (Int(0, 16), 0), "cost_cards": (Int(0, 10), 0),
        "cost_any_resources": (Int(0, 20), 0), "cost_distinct_resources": (Int(0, 4), 0),
        "gain_coins": (Int(0, 20), 0), "gain_popularity": (Int(0, 18), 0),
        "gain_power": (Int(0, 16), 0), "gain_cards": (Int(0, 10), 0),
        "gain_any_resources": (Int(0, 20), 0), "gain_workers": (Int(0, 8), 0),
        "produce_territories": (Int(0, 10), 0),
        "free_actions": (List(Str(M.BOTTOM_ACTIONS), unique=True), []),
        "free_action_count": (Int(0, 4), 0),
    }, key=df.int_key(1, 10_000), what="factory card"),
    df.Section("objective", "objectives.toml", {
        "name": (Str(), REQUIRED), "condition": (Str(), REQUIRED),
        "set": (Str(("base", "promo")), REQUIRED),
    }, key=df.int_key(1, 10_000), what="objective"),
    df.Section("structure_tile", "structure_bonus.toml", {
        "condition": (Str(), REQUIRED),
        "payout": (List(Int(0, 100)), REQUIRED),
    }, key=df.choice_key(M.STRUCTURE_TILES), what="structure tile"),
    df.Section("scoring_tier", "scoring.toml", {
        "per_star": (Int(0, 100), REQUIRED), "per_territory": (Int(0, 100), REQUIRED),
        "per_resource_pair": (Int(0, 100), REQUIRED),
    }, key=df.int_key(0, 100), what="scoring tier from popularity"),
    df.Section("banned_pair", "rules.toml", {
        "faction": (Str(), REQUIRED), "mat": (Str(), REQUIRED),
    }, key=_pair_key, what="banned pair"),
    df.Section("components", "rules.toml", {
        "home_bases": (Int(1, 50), REQUIRED), "territories": (Int(1, 200), REQUIRED),
        "lakes": (Int(0, 200), REQUIRED), "factories": (Int(1, 1), REQUIRED),
        "tunnels": (Int(0, 200), REQUIRED), "encounter_tokens": (Int(0, 200), REQUIRED),
        "river_edges": (Int(0, 500), REQUIRED),
        "combat_cards": (Int(1, 1000), REQUIRED), "encounter_cards": (Int(1, 1000), REQUIRED),
        "objective_cards": (Int(1, 1000), REQUIRED), "factory_cards": (Int(1, 1000), REQUIRED),
        "factory_offer_extra": (Int(0, 10), REQUIRED), "structure_tiles": (Int(1, 100), REQUIRED),
        "stars": (Int(1, 20), REQUIRED), "upgrade_cubes": (Int(0, 20), REQUIRED),
        "workers": (Int(1, 20), REQUIRED), "mechs": (Int(1, 20), REQUIRED),
        "structures": (Int(1, 20), REQUIRED), "recruits": (Int(1, 20), REQUIRED),
    }),
    df.Section("tracks", "rules.toml", {
        "power_max": (Int(1, 100), REQUIRED), "popularity_max": (Int(1, 100), REQUIRED),
        "dial_max": (Int(1, 100), REQUIRED),
    }),
))


# ------------------------------------------------------------------- cross-checks

def _check_board(ctx: df.Loaded) -> None:
    cells = {int(k): v for k, v in ctx.entries["cell"].items()}
    comp = ctx.entries["components"]
    E = lambda cid, p, f: ctx.err("cell", str(cid), p, f)  # noqa: E731

    ids = sorted(cells)
    if ids != list(range(1, len(ids) + 1)):
        gap = next(i for i in range(1, len(ids) + 2) if i not in cells)
        raise ctx.err_all("cell", f"cell ids must run 1..{len(ids)} without gaps, but {gap} is missing",
                          f"add cell {gap} or renumber the cells")
    bases = [c for c in ids if cells[c]["terrain"] == "base"]
    if bases != list(range(1, len(bases) + 1)):
        raise ctx.err_all("cell", f"home bases must be cells 1..{len(bases)}, found {bases}",
                          "number the home bases first")
    if len(bases) != comp["home_bases"]:
        raise ctx.err_all("cell", f"{len(bases)} home bases, expected {comp['home_bases']} (rules.toml components.home_bases)",
                          "add or remove home-base cells, or change the expected count")
    terr = [c for c in ids if c not in bases]
    counts = {
        "territories": (terr, "territories"),
        "lakes": ([c for c in terr if cells[c]["terrain"] == "lake"], "lake cells"),
        "factories": ([c for c in terr if cells[c]["terrain"] == "factory"], "Factory cells"),
        "tunnels": ([c for c in terr if cells[c]["tunnel"]], "tunnel cells"),
        "encounter_tokens": ([c for c in terr if cells[c]["encounter"]], "encounter symbols"),
    }
    pos = {}
    for c in ids:
        cell = cells[c]
        if (cell["row"] + cell["x"]) % 2 != 1:
            raise E(c, f"row {cell['row']} + x {cell['x']} is even, but x + row must be odd on the doubled-column grid",
                    "fix the row or the x coordinate")
        at = (cell["row"], cell["x"])
        if at in pos:
            raise E(c, f"sits at row {at[0]}, x {at[1]} like cell {pos[at]}", "give each cell its own position")
        pos[at] = c
        if cell["terrain"] == "base":
            if cell["faction"] is None:
                raise E(c, "is a home base without a faction", 'add faction = "<name>"')
        elif cell["faction"] is not None:
            raise E(c, f"is a {cell['terrain']} territory but names faction {cell['faction']!r}",
                    "remove faction (only home bases have one)")
        for flag in ("encounter", "tunnel"):
            if cell[flag] and cell["terrain"] not in LAND:
                raise E(c, f"{flag} symbol on a {cell['terrain']} cell", f"only {', '.join(LAND)} territories carry one")
    for key, (found, what) in counts.items():
        if len(found) != comp[key]:
            raise ctx.err_all("cell", f"{len(found)} {what}, expected {comp[key]} (rules.toml components.{key})",
                              "correct the cells or the expected count")
    # Reading order (row, then x) = id order; the Automa's tie-breaks rely on it.
    order = sorted(terr, key=lambda c: (cells[c]["row"], cells[c]["x"]))
    for a, b in zip(terr, order):
        if a != b:
            raise E(a, f"territory ids must follow reading order (row, then x), but cell {b} comes before it",
                    "renumber the territories in reading order")
    # Neighbours: known ids, symmetric, and equal to the geometry. Cells an override set
    # are checked first, so a mismatch is reported on the entry the user changed.
    ids = sorted(ids, key=lambda c: (ctx.file_of("cell", str(c)) == "board.toml", c))
    for c in ids:
        for d, n in zip(M.DIRECTIONS, cells[c]["neighbours"]):
            if n and n not in cells:
                raise E(c, f"neighbour {d} is {n} but there is no cell {n}", "use an existing cell id or 0")
            if n == c:
                raise E(c, f"neighbour {d} is the cell itself", "use another cell id or 0")
    for c in ids:
        for i, (d, n) in enumerate(zip(M.DIRECTIONS, cells[c]["neighbours"])):
            back = M.DIRECTIONS.index(OPPOSITE[d])
            if n and cells[n]["neighbours"][back] != c:
                raise E(c, f"neighbour {d} is {n} but cell {n} has no {OPPOSITE[d]} neighbour {c}",
                        "make the two entries agree")
    for c in ids:
        r, x = cells[c]["row"], cells[c]["x"]
        for d, n in zip(M.DIRECTIONS, cells[c]["neighbours"]):
            dr, dx = OFFSET[d]
            want = pos.get((r + dr, x + dx), 0)
            if n != want:
                if want:
                    raise E(c, f"neighbour {d} is {n} but cell {want} sits {d} of it (row {r + dr}, x {x + dx})",
                            "fix the neighbour list or the coordinates")
                raise E(c, f"neighbour {d} is {n} but no cell sits at row {r + dr}, x {x + dx}",
                        "fix the neighbour list or the coordinates")
    # Rivers: only on existing edges, on both sides, and listed once in [river].
    for c in ids:
        nb = dict(zip(M.DIRECTIONS, cells[c]["neighbours"]))
        for d in cells[c]["rivers"]:
            n = nb[d]
            if not n:
                raise E(c, f"river on the {d} edge, but there is no cell {d} of it", f"remove {d!r} from rivers")
            if OPPOSITE[d] not in cells[n]["rivers"]:
                raise E(c, f"river on the {d} edge to {n} but cell {n} has no river {OPPOSITE[d]}",
                        "make the two entries agree")
            if f"{min(c, n)}-{max(c, n)}" not in ctx.entries["river"]:
                raise E(c, f"river on the {d} edge to {n} is not listed in [river]",
                        f'add [river] "{min(c, n)}-{max(c, n)}" or remove {d!r} from rivers')
    for key, rv in ctx.entries["river"].items():
        a, b = (int(s) for s in key.split("-"))
        if a not in cells or b not in cells:
            raise ctx.err("river", key, f"cell {a if a not in cells else b} does not exist", "use existing cell ids")
        d = rv["direction"]
        if cells[a]["neighbours"][M.DIRECTIONS.index(d)] != b:
            raise ctx.err("river", key, f"cell {b} is not the {d} neighbour of cell {a}",
                          "fix the direction or the cell ids")
        if d not in cells[a]["rivers"]:
            raise ctx.err("river", key, f"cell {a} does not list a river on its {d} edge",
                          f"add {d!r} to cell {a} rivers and {OPPOSITE[d]!r} to cell {b} rivers, or remove this river")
    if len(ctx.entries["river"]) != comp["river_edges"]:
        raise ctx.err_all("river", f"{len(ctx.entries['river'])} river edges, expected {comp['river_edges']} (rules.toml components.river_edges)",
                          "correct the rivers or the expected count")
    # Factory distance: plain hex distance ignoring rivers and lakes.
    fr, fx = cells[counts["factories"][0][0]]["row"], cells[counts["factories"][0][0]]["x"]
    for c in ids:
        dr, dx = abs(cells[c]["row"] - fr), abs(cells[c]["x"] - fx)
        dist = max(dr, (dx + dr) // 2)
        if cells[c]["factory_distance"] != dist:
            raise E(c, f"factory_distance is {cells[c]['factory_distance']} but the hex distance to the Factory is {dist}",
                    f"set factory_distance = {dist}")


def _land_adjacent(cells: dict, base: int) -> list:
    """Territories a base touches by land: not across a river, not lakes (Rulebook setup step 9)."""
    cell = cells[base]
    return [n for d, n in zip(M.DIRECTIONS, cell["neighbours"])
            if n and cells[n]["terrain"] not in ("base", "lake") and d not in cell["rivers"]]


def _check_factions(ctx: df.Loaded) -> None:
    cells = {int(k): v for k, v in ctx.entries["cell"].items()}
    tracks, comp = ctx.entries["tracks"], ctx.entries["components"]
    seats: dict[int, str] = {}
    for name, f in ctx.entries["faction"].items():
        E = lambda p, fix: ctx.err("faction", name, p, fix)  # noqa: E731
        base_vocab = f["expansion"] == "base"
        abilities = M.FACTION_ABILITIES + (() if base_vocab else EXPANSION_FACTION_ABILITIES)
        mechs = M.MECH_ABILITIES + (() if base_vocab else EXPANSION_MECH_ABILITIES)
        if f["ability"] not in abilities:
            raise E(f"ability {f['ability']!r} is not a known faction ability", df.did_you_mean(f["ability"], abilities))
        for m in f["mech_abilities"]:
            if m not in mechs:
                raise E(f"mech ability {m!r} is not a known mech ability", df.did_you_mean(m, mechs))
        if f["expansion"] not in ("base", "invaders_from_afar"):
            raise E(f"expansion {f['expansion']!r} does not add factions", 'use "base" or "invaders_from_afar"')
        if f["power"] > tracks["power_max"]:
            raise E(f"power is {f['power']}, above the track maximum {tracks['power_max']}",
                    f"use a value in 0..{tracks['power_max']}")
        if f["combat_cards"] > comp["combat_cards"]:
            raise E(f"combat_cards is {f['combat_cards']}, more than the {comp['combat_cards']} cards in the deck",
                    f"use a value in 0..{comp['combat_cards']}")
        has_rw = "riverwalk" in f["mech_abilities"]
        if has_rw and len(f["riverwalk"]) != 2:
            raise E(f"has Riverwalk but riverwalk lists {len(f['riverwalk'])} terrains", "list exactly 2 terrains")
        if not has_rw and f["riverwalk"]:
            raise E("lists riverwalk terrains but has no Riverwalk mech ability", "set riverwalk = []")
        if f["seat_order"] in seats:
            raise E(f"seat_order {f['seat_order']} is also {seats[f['seat_order']]}'s", "give every faction its own seat_order")
        seats[f["seat_order"]] = name
        b = f["base"]
        if b not in cells or cells[b]["terrain"] != "base":
            raise E(f"base {b} is not a home-base cell", "use the id of a home base (board.toml cells with terrain = \"base\")")
        if cells[b]["faction"] != name:
            raise E(f"base {b} belongs to {cells[b]['faction']!r} in board.toml", "make the base cell and the faction agree")
        land = _land_adjacent(cells, b)
        for s in f["start_cells"]:
            nb = dict(zip(cells[b]["neighbours"], M.DIRECTIONS))
            if s not in nb:
                raise E(f"start cell {s} is not adjacent to base {b}", f"use the territories next to the base: {sorted(land)}")
            if s not in land:
                why = "is a lake" if cells[s]["terrain"] == "lake" else (
                    "is across a river" if nb[s] in cells[b]["rivers"] else f"is a {cells[s]['terrain']} cell")
                raise E(f"start cell {s} {why}; start workers go on territories adjacent by land",
                        f"use {sorted(land)}")
        if sorted(f["start_cells"]) != sorted(land):
            raise E(f"start_cells {sorted(f['start_cells'])} differ from base {b}'s land-adjacent territories {sorted(land)}",
                    "start workers go on every territory adjacent by land; make them agree")
    for c, cell in cells.items():
        if cell["terrain"] == "base" and cell["faction"] not in ctx.entries["faction"]:
            raise ctx.err("cell", str(c), f"home base names faction {cell['faction']!r}, which factions.toml does not define",
                          df.did_you_mean(cell["faction"], ctx.entries["faction"]))


def _check_mats(ctx: df.Loaded) -> None:
    tracks, comp = ctx.entries["tracks"], ctx.entries["components"]
    orders: dict[float, str] = {}
    numbers: dict[str, str] = {}
    for name, m in ctx.entries["mat"].items():
        E = lambda p, fix: ctx.err("mat", name, p, fix)  # noqa: E731
        if m["expansion"] not in ("base", "invaders_from_afar"):
            raise E(f"expansion {m['expansion']!r} does not add player mats", 'use "base" or "invaders_from_afar"')
        tops = [s["top"] for s in m["sections"]]
        for t in M.TOP_ACTIONS:
            if tops.count(t) != 1:
                raise E(f"top action {t!r} appears {tops.count(t)} times in sections", "use each top action exactly once")
        bottoms = [s["bottom"] for s in m["sections"]]
        if bottoms != list(M.BOTTOM_ACTIONS):
            raise E(f"bottom row is {', '.join(bottoms)}", "the bottom row is always " + ", ".join(M.BOTTOM_ACTIONS))
        cubes = 0
        for b, cost in m["bottom"].items():
            if cost["start"] < cost["minimum"]:
                raise E(f"bottom.{b} start {cost['start']} is below its minimum {cost['minimum']}",
                        "start must be at least minimum (start - minimum = upgradeable boxes)")
            cubes += cost["start"] - cost["minimum"]
        if cubes != comp["upgrade_cubes"]:
            raise E(f"has {cubes} upgradeable bottom boxes (start - minimum), expected {comp['upgrade_cubes']}",
                    "every mat has one upgradeable box per technology cube; fix start or minimum")
        if m["popularity"] > tracks["popularity_max"]:
            raise E(f"popularity is {m['popularity']}, above the track maximum {tracks['popularity_max']}",
                    f"use a value in 0..{tracks['popularity_max']}")
        if m["objectives"] > comp["objective_cards"]:
            raise E(f"objectives is {m['objectives']}, more than the {comp['objective_cards']} objective cards",
                    f"use a value in 0..{comp['objective_cards']}")
        if m["order"] in orders:
            raise E(f"order {m['order']} is also {orders[m['order']]}'s", "give every mat its own turn-order key")
        orders[m["order"]] = name
        if m["number"] in numbers:
            raise E(f"number {m['number']!r} is also {numbers[m['number']]}'s", "give every mat its own number")
        numbers[m["number"]] = name


def _check_cards(ctx: df.Loaded) -> None:
    comp, tracks = ctx.entries["components"], ctx.entries["tracks"]
    total = sum(c["copies"] for c in ctx.entries["combat_card"].values())
    if total != comp["combat_cards"]:
        raise ctx.err_all("combat_card", f"{total} combat cards in all, expected {comp['combat_cards']} (rules.toml components.combat_cards)",
                          "correct the copies or the expected count")
    for v in ctx.entries["combat_card"]:
        if int(v) > tracks["dial_max"]:
            raise ctx.err("combat_card", v, f"value {v} is above the dial maximum {tracks['dial_max']}",
                          "combat card values are small powers; check the key")
    for key, card in ctx.entries["encounter"].items():
        for i, opt in enumerate(card["options"], 1):
            if opt["special"] is not None and card["set"] == "base":
                raise ctx.err("encounter", key, f"option {i} has a special effect, which base cards never have",
                              "describe it with the cost/gain fields or mark the card set = \"non-base\"")
            if not any(v for k, v in opt.items() if k.startswith("gain_") or k in ("free_action", "special")):
                raise ctx.err("encounter", key, f"option {i} gains nothing", "add what the option gives")
    for key, card in ctx.entries["factory_card"].items():
        n, k = len(card["free_actions"]), card["free_action_count"]
        if (n == 0) != (k == 0) or k > n:
            raise ctx.err("factory_card", key, f"free_action_count {k} does not fit {n} free_actions",
                          "use 1..len(free_actions) when free actions are listed, else 0")
    for key, tile in ctx.entries["structure_tile"].items():
        p = tile["payout"]
        if not p or p[0] != 0 or any(b < a for a, b in zip(p, p[1:])):
            raise ctx.err("structure_tile", key, f"payout {p} must start at 0 (nothing counted) and never decrease",
                          "payout[k] is the coins for a counted quantity k")
    missing = [t for t in M.STRUCTURE_TILES if t not in ctx.entries["structure_tile"]]
    if missing or len(ctx.entries["structure_tile"]) != comp["structure_tiles"]:
        raise ctx.err_all("structure_tile", f"{len(ctx.entries['structure_tile'])} structure tiles (missing: {', '.join(missing) or 'none'}), expected {comp['structure_tiles']}",
                          "define one tile per kind in model.STRUCTURE_TILES")
    tiers = sorted(int(k) for k in ctx.entries["scoring_tier"])
    if not tiers or tiers[0] != 0:
        raise ctx.err_all("scoring_tier", "the lowest scoring tier must start at popularity 0", "add [scoring_tier.0]")
    if tiers[-1] > tracks["popularity_max"]:
        raise ctx.err("scoring_tier", str(tiers[-1]), f"starts above the popularity maximum {tracks['popularity_max']}",
                      "use a popularity the track can reach")
    rates = [ctx.entries["scoring_tier"][str(t)] for t in tiers]
    for field in ("per_star", "per_territory", "per_resource_pair"):
        for lo, hi, t in zip(rates, rates[1:], tiers[1:]):
            if hi[field] < lo[field]:
                raise ctx.err("scoring_tier", str(t), f"{field} {hi[field]} is lower than the tier below ({lo[field]})",
                              "higher popularity never pays less")
    for what, section, count_key in (("encounter", "encounter", "encounter_cards"),
                                     ("objective", "objective", "objective_cards"),
                                     ("factory", "factory_card", "factory_cards")):
        base = [k for k, c in ctx.entries[section].items() if c["set"] == "base"]
        if len(base) != comp[count_key]:
            raise ctx.err_all(section, f"{len(base)} base-game {what} cards, expected {comp[count_key]} (rules.toml components.{count_key})",
                              "correct the cards' set or the expected count")
    for key, pair in ctx.entries["banned_pair"].items():
        if pair["faction"] not in ctx.entries["faction"]:
            raise ctx.err("banned_pair", key, f"faction {pair['faction']!r} is not defined", df.did_you_mean(pair["faction"], ctx.entries["faction"]))
        if pair["mat"] not in ctx.entries["mat"]:
            raise ctx.err("banned_pair", key, f"mat {pair['mat']!r} is not defined", df.did_you_mean(pair["mat"], ctx.entries["mat"]))
        if key != f"{pair['faction']}+{pair['mat']}":
            raise ctx.err("banned_pair", key, f"key does not match faction {pair['faction']!r} and mat {pair['mat']!r}",
                          f'name the entry "{pair["faction"]}+{pair["mat"]}"')


# ---------------------------------------------------------------- building model

def _build(ctx: df.Loaded, sets: frozenset) -> M.ScytheData:
    v = ctx.entries
    cells = {}
    for k in sorted(v["cell"], key=int):
        c = v["cell"][k]
        cells[int(k)] = M.Cell(
            id=int(k), row=c["row"], x=c["x"], terrain=c["terrain"], encounter=c["encounter"],
            tunnel=c["tunnel"], neighbours=tuple(c["neighbours"]),
            rivers=tuple(d for d in M.DIRECTIONS if d in c["rivers"]),
            factory_distance=c["factory_distance"], faction=c["faction"])
    factions = {
        name: M.Faction(
            name=name, base=f["base"], start_cells=tuple(f["start_cells"]), power=f["power"],
            combat_cards=f["combat_cards"], ability=f["ability"], mech_abilities=tuple(f["mech_abilities"]),
            riverwalk=tuple(f["riverwalk"]), seat_order=f["seat_order"], expansion=f["expansion"],
            provenance=PROV.record(f))
        for name, f in v["faction"].items() if f["expansion"] in sets}
    mats = {
        name: M.PlayerMat(
            name=name, number=m["number"], order=m["order"], popularity=m["popularity"],
            coins=m["coins"], objectives=m["objectives"],
            sections=tuple(M.Section(top=s["top"], bottom=s["bottom"]) for s in m["sections"]),
            bottom={b: M.BottomCost(**m["bottom"][b]) for b in M.BOTTOM_ACTIONS},
            expansion=m["expansion"], provenance=PROV.record(m))
        for name, m in v["mat"].items() if m["expansion"] in sets}
    combat = {int(k): c["copies"] for k, c in sorted(v["combat_card"].items(), key=lambda kv: int(kv[0]))}
    encounters = tuple(
        M.EncounterCard(id=int(k), set=c["set"], provenance=PROV.record(c), options=tuple(
            M.EncounterOption(**{**o, "gain_resources": dict(o["gain_resources"])}) for o in c["options"]))
        for k, c in sorted(v["encounter"].items(), key=lambda kv: int(kv[0])) if c["set"] in sets)
    factory = tuple(
        M.FactoryCard(id=int(k), provenance=PROV.record(c), **{
            f: (tuple(c[f]) if f == "free_actions" else c[f])
            for f in c if f not in PROV.fields})
        for k, c in sorted(v["factory_card"].items(), key=lambda kv: int(kv[0])) if c["set"] in sets)
    objectives = tuple(
        M.ObjectiveCard(id=int(k), name=c["name"], condition=c["condition"], set=c["set"], provenance=PROV.record(c))
        for k, c in sorted(v["objective"].items(), key=lambda kv: int(kv[0])) if c["set"] in sets)
    tiles = tuple(M.StructureTile(kind=t, payout=tuple(v["structure_tile"][t]["payout"]),
                                  provenance=PROV.record(v["structure_tile"][t]))
                  for t in M.STRUCTURE_TILES)
    tiers = tuple(M.ScoringTier(min_popularity=int(k), per_star=t["per_star"], per_territory=t["per_territory"],
                                per_resource_pair=t["per_resource_pair"])
                  for k, t in sorted(v["scoring_tier"].items(), key=lambda kv: int(kv[0])))
    banned = tuple((p["faction"], p["mat"]) for p in v["banned_pair"].values()
                   if p["faction"] in factions and p["mat"] in mats)
    return M.ScytheData(cells=cells, factions=factions, mats=mats, combat_cards=combat,
                        encounters=encounters, factory_cards=factory, objectives=objectives,
                        structure_tiles=tiles, scoring_tiers=tiers, banned_pairs=banned,
                        sources=dict(ctx.meta))


# --------------------------------------------------------------------- public API

def _normalise_sets(include_sets) -> frozenset:
    if isinstance(include_sets, str):
        include_sets = (include_sets,)
    try:
        sets = frozenset(include_sets)
    except TypeError:
        raise UserError(f"include_sets must be a list of set names, not {include_sets!r}; "
                        f"use names from: {', '.join(SETS)}") from None
    for s in sets:
        if s not in SETS:
            raise UserError(f"unknown data set {s!r}; {df.did_you_mean(s, SETS)} (valid: {', '.join(SETS)})")
    if "base" not in sets:
        raise UserError("include_sets must contain 'base'; add 'base' to the list of sets")
    return sets


def _load(overrides: tuple, sets: frozenset, data_dir: Path) -> tuple[M.ScytheData, dict]:
    ctx = DATA_FILES.load(overrides, data_dir)
    _check_board(ctx)
    _check_factions(ctx)
    _check_mats(ctx)
    _check_cards(ctx)
    constants = {"components": dict(ctx.entries["components"]), "tracks": dict(ctx.entries["tracks"])}
    return _build(ctx, sets), constants


@functools.lru_cache(maxsize=8)
def _load_default(sets: frozenset) -> tuple[M.ScytheData, dict]:
    return _load((), sets, DATA_DIR)


def load_data(overrides: Sequence[Path] = (), *, include_sets: Sequence[str] = ("base",)) -> M.ScytheData:
    """Read, merge and validate the Scythe data; return `model.ScytheData`.

    `overrides`: user TOML files whose entries replace or add to the shipped ones (see the
    module docstring). `include_sets`: which content sets to keep ("base" always; also
    "invaders_from_afar" for Albion, Togawa, Militant and Innovative, "promo" for promo
    Factory and objective cards, "non-base" for encounter cards 29-42). Everything is
    validated whatever the sets. Without overrides the result is cached per process and
    shared: treat it as read-only.
    """
    sets = _normalise_sets(include_sets)
    if isinstance(overrides, (str, Path)):
        overrides = (overrides,)
    overrides = tuple(overrides)
    if not overrides:
        return _load_default(sets)[0]
    return _load(overrides, sets, DATA_DIR)[0]


def load_constants(overrides: Sequence[Path] = ()) -> dict:
    """The validated rules.toml constants: {"components": {...}, "tracks": {...}}.

    (ScytheData has no field for them; the compiled core keeps its own copies, and a
    test can compare the two.)
    """
    overrides = (overrides,) if isinstance(overrides, (str, Path)) else tuple(overrides)
    if not overrides:
        return {k: dict(v) for k, v in _load_default(frozenset({"base"}))[1].items()}
    return _load(overrides, frozenset({"base"}), DATA_DIR)[1]
