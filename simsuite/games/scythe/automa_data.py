"""The Scythe Automa's data (solo rulebook, seed 003): its 19 cards, 4 star cards and options.

`load_automa(overrides=())` reads `data/automa.toml` plus a user's override files into the
frozen dataclasses below and validates them; every problem is a one-line
`simsuite.errors.UserError` naming the file, the entry and the fix. The compiled core packs
`AutomaData` into its C `AutomaRules` struct (ext/scythe/automa_state.pxd); the order of every
vocabulary tuple here is the index the core uses, so never reorder them.

The file is read by the shared layer `simsuite.datafiles` (its docstring states the override
rules). An override file has the same tables as automa.toml and replaces entries by key:
`[[card]]` by `id`, `[[star_card]]` by `level`, `[[option]]` by `name` (only its `default`),
`[[open_cell]]` by `id` (only `chosen`: switching that card cell to the source's value), and
keys of `[setup]`, `[combat]` and `[scoring]`; `[seed_checks]` cannot be overridden. Tables
inside an entry (a card's schemes) merge key by key.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Optional, Sequence

from simsuite import datafiles as df
from simsuite.datafiles import REQUIRED, Bool, Int, List, Str, Table
from simsuite.errors import UserError

DATA_FILE = Path(__file__).parent / "data" / "automa.toml"

# Indices shared with ext/scythe/automa_state.pxd (AutomaMove, AutomaGain, AutomaRecruit,
# AutomaLevel) and state.pxd's faction order.
MOVE_KINDS = ("worker", "mech", "character", "enc_fac", "attack_workers", "attack_unit")
GAIN_KINDS = ("worker", "hero_or_mech", "coin", "power", "combat_card")
RECRUIT_KINDS = ("none", "power", "popularity", "coin", "combat_card")
LEVELS = ("autometta", "automa", "automaszyna", "ultimaszyna")
FACTIONS = ("nordic", "rusviet", "polania", "crimea", "saxony", "albion", "togawa")
TIE_BREAKS = ("units_and_structures", "power", "popularity", "territories", "stars")
N_CARDS = 19
N_STARS = 6            # stars each side owns; the track alone can place all of them
MAX_TRACK_CELLS = 32   # room in the compiled AutomaRules
CONFIDENCES = ("high", "medium", "low")


@dataclass(frozen=True)
class MoveSymbol:
    kind: str                      # one of MOVE_KINDS
    min_power: int = 0             # attack_unit only: the Automa attacks with at least this power
    faction: Optional[str] = None  # symbol exists only for an Automa of this faction


@dataclass(frozen=True)
class Gain:
    kind: str                      # one of GAIN_KINDS
    amount: int = 1                # coins or power; 1 for the others
    faction: Optional[str] = None


@dataclass(frozen=True)
class SchemeRow:
    skip: bool                     # Autometta skip symbol on this row
    moves: tuple                   # MoveSymbol, tried left to right
    gains: tuple                   # Gain, done left to right
    recruit: str                   # one of RECRUIT_KINDS


@dataclass(frozen=True)
class AutomaCard:
    id: int                        # 1..19
    star_advance: bool
    combat_power: tuple            # spent at Automa power in each of the 3 ranges
    combat_cards: int              # random combat cards it adds
    resources: int                 # resource box
    schemes: tuple                 # (scheme I, scheme II) SchemeRow
    source: str = ""
    confidence: str = "high"


@dataclass(frozen=True)
class StarCard:
    level: str                     # one of LEVELS
    printed_name: str
    aliases: tuple
    cells: int                     # track length; the cube starts on cell 0
    water_from: int                # first cell on which lakes and rivers are open
    stars: tuple                   # cells that place a star; the first switches to scheme II
    skip_turns: bool               # obey the skip symbol
    all_moves: bool                # Ultimaszyna: every valid move of the row
    retreat_to_base: bool          # Ultimaszyna: beaten combat units go to the base
    extra_coin: int                # Ultimaszyna: +1 whenever it gains at least 1 coin
    extra_power: int               # Ultimaszyna: +1 whenever it gains at least 1 power
    source: str = ""
    confidence: str = "high"


@dataclass(frozen=True)
class AutomaOption:
    name: str
    kind: str                      # "bool" or "int"
    default: Any
    allowed: tuple                 # allowed values (ints), empty for bools
    description: str
    source: str


@dataclass(frozen=True)
class OpenCell:
    id: str                        # A1..
    card: int
    field: str                     # "combat_power", "star_advance", "schemeN.gains", "schemeN.skip", ...
    values: dict                   # source key -> the field's value in that source (raw TOML)
    chosen: str                    # the source whose value the card carries
    confidence: str
    note: str


@dataclass(frozen=True)
class AutomaSetup:
    coins: int
    popularity: int
    workers_on_board: int
    hero_on_base: bool


@dataclass(frozen=True)
class AutomaScoring:
    per_star: int
    per_territory: int
    automa_scores_resources: bool
    human_resource_cap: int
    tie_breaks: tuple              # from TIE_BREAKS, in order


@dataclass(frozen=True)
class AutomaData:
    cards: tuple                   # AutomaCard, ids 1..19 in order
    star_cards: dict               # level -> StarCard, in LEVELS order
    power_ranges: tuple            # ((lo, hi), ...) for the 3 combat-table columns
    setup: AutomaSetup
    scoring: AutomaScoring
    options: dict                  # name -> AutomaOption
    open_cells: tuple              # OpenCell
    combat_cards_distribution: tuple  # seed check: cards showing 0, 1, 2, 3 combat cards
    sources: dict = field(default_factory=dict)

    def star_card(self, level: str) -> StarCard:
        """The star card of a difficulty level, by name or alias (case-insensitive)."""
        return self.star_cards[level_name(self, level)]

    def resolve_options(self, given: Optional[Mapping] = None, where: str = "automa options") -> dict:
        """Every option's value: the defaults updated by `given`, validated."""
        out = {name: opt.default for name, opt in self.options.items()}
        for key, value in (given or {}).items():
            opt = self.options.get(key)
            if opt is None:
                raise UserError(f"{where}: unknown option {key!r}; {df.did_you_mean(key, self.options)}")
            fix = _option_fix(opt.kind, opt.allowed, value)
            if fix:
                raise UserError(f"{where}: option {key!r} is {value!r}; {fix}")
            out[key] = value
        return out


def level_name(data: AutomaData, name: str) -> str:
    """Canonical level name for a name or alias; one-line UserError listing the valid names."""
    key = str(name).strip().lower().replace("-", "_").replace(" ", "_")
    for level, card in data.star_cards.items():
        if key == level or key in card.aliases:
            return level
    valid = ", ".join(data.star_cards)
    raise UserError(f"unknown Automa difficulty {name!r}; use one of {valid}")


# ---------------------------------------------------------------- the sections

_SYMBOL = re.compile(r"^\s*([a-z_]+)(?:\s+(\d+))?(?:\s*\(\s*([a-z]+)\s*\))?\s*$")


class _Symbol:
    """A card symbol written as text ("worker", "attack_unit 5", "coin 1 (crimea)"), checked
    against `kinds` and turned into a MoveSymbol or Gain by `make`."""

    def __init__(self, kinds: tuple, make):
        self.kinds, self.make = kinds, make

    def __call__(self, text, name):
        if not isinstance(text, str):
            raise df.Bad(f"{name} {df.show(text)} is not a symbol string", 'write e.g. "worker" or "coin 1 (crimea)"')
        m = _SYMBOL.match(text)
        if not m or m.group(1) not in self.kinds:
            raise df.Bad(f"{name} {text!r} is not a known symbol", df.did_you_mean(m.group(1) if m else text, self.kinds))
        kind, number, faction = m.group(1), m.group(2), m.group(3)
        if faction is not None and faction not in FACTIONS:
            raise df.Bad(f"{name} {text!r} names an unknown faction {faction!r}", df.did_you_mean(faction, FACTIONS))
        return self.make(kind, None if number is None else int(number), faction, f"{name} {text!r}")


def _move(kind: str, number, faction, where: str) -> MoveSymbol:
    if kind == "attack_unit":
        if number is None or not 0 <= number <= 16:
            raise df.Bad(f"{where} needs the power it requires, 0 to 16", 'write e.g. "attack_unit 5"')
        return MoveSymbol(kind, number, faction)
    if number is not None:
        raise df.Bad(f"{where} takes no number", f"write {kind!r}")
    return MoveSymbol(kind, 0, faction)


def _gain(kind: str, number, faction, where: str) -> Gain:
    if kind in ("coin", "power"):
        if number is None or not 1 <= number <= 9:
            raise df.Bad(f"{where} needs an amount from 1 to 9", f'write e.g. "{kind} 1"')
        return Gain(kind, number, faction)
    if number not in (None, 1):
        raise df.Bad(f"{where} gives one unit or card", f"write {kind!r}")
    return Gain(kind, 1, faction)


SCHEME = Table({
    "skip": (Bool(), REQUIRED),
    "moves": (List(_Symbol(MOVE_KINDS, _move), min_len=1, max_len=4), REQUIRED),
    "gains": (List(_Symbol(GAIN_KINDS, _gain), max_len=4), REQUIRED),
    "recruit": (Str(RECRUIT_KINDS), REQUIRED),
})
CARD_FIELDS = {
    "star_advance": (Bool(), REQUIRED),
    "combat_power": (List(Int(0, 7)), REQUIRED),   # one per combat range: length checked with the card
    "combat_cards": (Int(0, 3), REQUIRED),
    "resources": (Int(0, 9), REQUIRED),
    "scheme1": (SCHEME, REQUIRED),
    "scheme2": (SCHEME, REQUIRED),
}
# The card fields an open cell may hold ("scheme1.gains": the gains of scheme I).
_OPEN_FIELDS = ("combat_power", "combat_cards", "resources", "star_advance",
                "scheme1.skip", "scheme1.moves", "scheme1.gains", "scheme1.recruit",
                "scheme2.skip", "scheme2.moves", "scheme2.gains", "scheme2.recruit")

AUTOMA_FILES = df.DataFiles(files=(DATA_FILE.name,), provenance=df.ProvenanceFields(CONFIDENCES), sections=(
    df.Section("seed_checks", DATA_FILE.name, {
        "combat_cards_distribution": (List(Int(0, N_CARDS), length=4), REQUIRED),
    }, provenance=("source",), locked="states the rulebook's own check"),
    df.Section("setup", DATA_FILE.name, {
        "coins": (Int(0, 100), REQUIRED), "popularity": (Int(0, 18), REQUIRED),
        "workers_on_board": (Int(0, 2), REQUIRED), "hero_on_base": (Bool(), REQUIRED),
        "factory_cards": (Str(), ""),
    }),
    df.Section("combat", DATA_FILE.name, {
        "power_ranges": (List(List(Int(0, 16), length=2), length=3), REQUIRED),
    }),
    df.Section("scoring", DATA_FILE.name, {
        "per_star": (Int(0, 20), REQUIRED), "per_territory": (Int(0, 20), REQUIRED),
        "automa_scores_resources": (Bool(), REQUIRED), "human_resource_cap": (Int(0, 99), REQUIRED),
        "tie_breaks": (List(Str(TIE_BREAKS), unique=True), REQUIRED),
    }),
    df.Section("star_card", DATA_FILE.name, {
        "printed_name": (Str(), REQUIRED), "aliases": (List(Str()), []),
        "cells": (Int(2, MAX_TRACK_CELLS), REQUIRED), "water_from": (Int(0, MAX_TRACK_CELLS - 1), REQUIRED),
        "stars": (List(Int(0, MAX_TRACK_CELLS)), REQUIRED),  # checked against cells with the card
        "skip_turns": (Bool(), REQUIRED), "all_moves": (Bool(), REQUIRED),
        "retreat_to_base": (Bool(), REQUIRED),
        "extra_coin": (Int(0, 5), REQUIRED), "extra_power": (Int(0, 5), REQUIRED),
    }, key=Str(LEVELS), array="level"),
    df.Section("option", DATA_FILE.name, {
        "kind": (Str(("bool", "int")), REQUIRED), "default": (df.Anything(), REQUIRED),
        "allowed": (List(Int(-100, 100)), []), "description": (Str(nonempty=False), ""),
    }, key=df.name_key, array="name", provenance=("source",), adds=False, only=("default",)),
    df.Section("open_cell", DATA_FILE.name, {
        "card": (Int(1, N_CARDS), REQUIRED), "field": (Str(_OPEN_FIELDS), REQUIRED),
        "values": (df.Map(None, df.Anything()), REQUIRED), "chosen": (Str(), REQUIRED),
    }, key=Str(), array="id", provenance=("confidence", "note"), adds=False, only=("chosen",)),
    df.Section("card", DATA_FILE.name, CARD_FIELDS, key=Int(1, N_CARDS), array="id"),
))

_cache: Optional[AutomaData] = None


def load_automa(overrides: Sequence[Path] = ()) -> AutomaData:
    """Read automa.toml and the override files (applied in order) into a validated AutomaData."""
    global _cache
    overrides = tuple(Path(p) for p in overrides)
    if not overrides and _cache is not None:
        return _cache
    data = _build(AUTOMA_FILES.load(overrides, DATA_FILE.parent))
    if not overrides:
        _cache = data
    return data


def _option_fix(kind: str, allowed: tuple, value) -> Optional[str]:
    """None when `value` suits an option of this kind, else how to fix it."""
    if kind == "bool":
        return None if isinstance(value, bool) else "give true or false"
    if isinstance(value, bool) or not isinstance(value, int) or value not in allowed:
        return "use one of " + ", ".join(str(a) for a in allowed)
    return None


# ---------------------------------------------------------------- cross-checks and building

def _apply_open_cells(d: df.Loaded) -> tuple:
    """Write re-chosen open cells into their cards; check the others agree with their card."""
    cards, out = d.entries["card"], []
    for oid, cell in d.entries["open_cell"].items():
        E = lambda p, fix: d.err("open_cell", oid, p, fix)  # noqa: E731
        if cell["card"] not in cards:
            raise E(f"card {cell['card']} does not exist", f"give a card in 1..{N_CARDS}")
        if cell["chosen"] not in cell["values"]:
            raise E(f"chosen source {cell['chosen']!r} has no value", "use one of " + ", ".join(cell["values"]))
        head, _, leaf = cell["field"].rpartition(".")
        fields = CARD_FIELDS[head][0].fields if head else CARD_FIELDS
        try:
            value = fields[leaf][0](cell["values"][cell["chosen"]], f"values.{cell['chosen']}")
        except df.Bad as bad:
            raise E(bad.problem, bad.fix) from None
        holder = cards[cell["card"]][head] if head else cards[cell["card"]]
        if d.overridden("open_cell", oid):
            holder[leaf] = value
        elif not d.overridden("card", cell["card"]) and holder[leaf] != value:
            raw = d.raw["card"][cell["card"]]
            raw = raw[head][leaf] if head else raw[leaf]
            raise E(f"card {cell['card']} {cell['field']} is {raw!r} but the chosen source {cell['chosen']} "
                    f"gives {cell['values'][cell['chosen']]!r}", "make them agree")
        out.append(OpenCell(id=oid, card=cell["card"], field=cell["field"], values=cell["values"],
                            chosen=cell["chosen"], confidence=cell["confidence"], note=cell["note"]))
    return tuple(out)


def _cards(d: df.Loaded) -> tuple:
    entries = d.entries["card"]
    missing = sorted(set(range(1, N_CARDS + 1)) - set(entries))
    if missing:
        raise d.err_all("card", f"the Automa deck needs cards 1..{N_CARDS} exactly once; missing {missing}",
                        "restore the missing cards")
    cards = []
    for cid in range(1, N_CARDS + 1):
        c = entries[cid]
        if len(c["combat_power"]) != 3:
            raise d.err("card", cid, f"combat_power is {c['combat_power']}",
                        "give 3 numbers (power spent at Automa power 0-7, 8-13, 14-16)")
        cards.append(AutomaCard(
            id=cid, star_advance=c["star_advance"], combat_power=tuple(c["combat_power"]),
            combat_cards=c["combat_cards"], resources=c["resources"],
            schemes=tuple(SchemeRow(skip=s["skip"], moves=tuple(s["moves"]), gains=tuple(s["gains"]),
                                    recruit=s["recruit"]) for s in (c["scheme1"], c["scheme2"])),
            source=c["source"], confidence=c["confidence"]))
    # The rulebook's own check (RA p.10): cards showing 0/1/2/3 combat cards.
    expected = d.entries["seed_checks"]["combat_cards_distribution"]
    if sum(expected) != N_CARDS:
        raise d.err("seed_checks", None, f"combat_cards_distribution {expected} sums to {sum(expected)}",
                    f"give 4 counts summing to {N_CARDS}")
    counts = [sum(1 for c in cards if c.combat_cards == k) for k in range(4)]
    if counts != expected:
        raise d.err_all("card", f"cards showing 0/1/2/3 combat cards number {counts}, but the rulebook's "
                                f"table says {expected}", "correct the cards' combat_cards")
    return tuple(cards)


def _star_cards(d: df.Loaded) -> dict:
    entries = d.entries["star_card"]
    missing = [lv for lv in LEVELS if lv not in entries]
    if missing:
        raise d.err_all("star_card", f"star cards must be exactly {', '.join(LEVELS)}; missing {', '.join(missing)}",
                        "restore the missing star cards")
    stars, names = {}, {}
    for level in LEVELS:
        s = entries[level]
        E = lambda p, fix: d.err("star_card", level, p, fix)  # noqa: E731
        last = s["cells"] - 1
        if s["water_from"] > last:
            raise E(f"water_from is {s['water_from']}, outside 0..{last}", f"use a value in 0..{last}")
        cells = s["stars"]
        if len(cells) != N_STARS or sorted(set(cells)) != cells or cells[0] < 1 or cells[-1] != last:
            raise E(f"stars is {cells}", f"give {N_STARS} increasing cells from 1 to {last}, the last being "
                                         f"{last} so the cube cannot run off the track")
        aliases = tuple(a.lower() for a in s["aliases"])
        for n in (level,) + aliases:
            if names.setdefault(n, level) != level:
                raise E(f"alias {n!r} also names {names[n]}", "give it to one star card only")
        stars[level] = StarCard(
            level=level, printed_name=s["printed_name"], aliases=aliases, cells=s["cells"],
            water_from=s["water_from"], stars=tuple(cells), skip_turns=s["skip_turns"],
            all_moves=s["all_moves"], retreat_to_base=s["retreat_to_base"], extra_coin=s["extra_coin"],
            extra_power=s["extra_power"], source=s["source"], confidence=s["confidence"])
    return stars


def _options(d: df.Loaded) -> dict:
    options = {}
    for name, o in d.entries["option"].items():
        if o["kind"] == "int" and not o["allowed"]:
            raise d.err("option", name, "an int option has no allowed values", "add allowed = [...]")
        fix = _option_fix(o["kind"], tuple(o["allowed"]), o["default"])
        if fix:
            raise d.err("option", name, f"default is {df.show(o['default'])}", fix)
        options[name] = AutomaOption(name=name, kind=o["kind"], default=o["default"], allowed=tuple(o["allowed"]),
                                     description=o["description"], source=o["source"])
    return options


def _build(d: df.Loaded) -> AutomaData:
    open_cells = _apply_open_cells(d)
    ranges = d.entries["combat"]["power_ranges"]
    if not (ranges[0][0] == 0 and ranges[-1][1] == 16 and all(lo <= hi for lo, hi in ranges)
            and all(ranges[i][0] == ranges[i - 1][1] + 1 for i in range(1, len(ranges)))):
        raise d.err("combat", None, f"power_ranges {ranges} do not cover 0..16 in order without gaps",
                    "give 3 contiguous [low, high] ranges from 0 to 16, e.g. [[0, 7], [8, 13], [14, 16]]")
    setup, scoring = d.entries["setup"], d.entries["scoring"]
    return AutomaData(
        cards=_cards(d), star_cards=_star_cards(d), power_ranges=tuple(tuple(r) for r in ranges),
        setup=AutomaSetup(coins=setup["coins"], popularity=setup["popularity"],
                          workers_on_board=setup["workers_on_board"], hero_on_base=setup["hero_on_base"]),
        scoring=AutomaScoring(per_star=scoring["per_star"], per_territory=scoring["per_territory"],
                              automa_scores_resources=scoring["automa_scores_resources"],
                              human_resource_cap=scoring["human_resource_cap"],
                              tie_breaks=tuple(scoring["tie_breaks"])),
        options=_options(d), open_cells=open_cells,
        combat_cards_distribution=tuple(d.entries["seed_checks"]["combat_cards_distribution"]),
        sources={s.get("key"): s for s in d.meta[DATA_FILE.name].get("sources", [])},
    )
