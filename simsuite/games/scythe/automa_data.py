"""The Scythe Automa's data (solo rulebook, seed 003): its 19 cards, 4 star cards and options.

`load_automa(overrides=())` reads `data/automa.toml` plus a user's override files into the
frozen dataclasses below and validates them; every problem is a one-line
`simsuite.errors.UserError` naming the file, the entry and the fix. The compiled core packs
`AutomaData` into its C `AutomaRules` struct (ext/scythe/automa_state.pxd); the order of every
vocabulary tuple here is the index the core uses, so never reorder them.

An override file has the same tables as automa.toml and replaces entries by key: `[[card]]`
by `id`, `[[star_card]]` by `level`, `[[option]]` by `name`, `[[open_cell]]` by `id` (setting
`chosen` to another source switches that card cell to the source's value), and keys of
`[setup]`, `[combat]` and `[scoring]`. Keys given in an entry replace the base entry's keys.
"""
from __future__ import annotations

import difflib
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Optional, Sequence

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
                raise UserError(f"{where}: unknown option {key!r}; {_suggest(key, self.options)}")
            out[key] = _check_option_value(opt, value, where)
        return out


def level_name(data: AutomaData, name: str) -> str:
    """Canonical level name for a name or alias; one-line UserError listing the valid names."""
    key = str(name).strip().lower().replace("-", "_").replace(" ", "_")
    for level, card in data.star_cards.items():
        if key == level or key in card.aliases:
            return level
    valid = ", ".join(data.star_cards)
    raise UserError(f"unknown Automa difficulty {name!r}; use one of {valid}")


# ---------------------------------------------------------------- loading

_TOP_KEYS = {"meta", "seed_checks", "setup", "combat", "scoring", "star_card", "option",
             "open_cell", "card"}
_CARD_KEYS = {"id", "star_advance", "combat_power", "combat_cards", "resources", "scheme1",
              "scheme2", "source", "confidence"}
_SCHEME_KEYS = {"skip", "moves", "gains", "recruit"}
_STAR_KEYS = {"level", "printed_name", "aliases", "cells", "water_from", "stars", "skip_turns",
              "all_moves", "retreat_to_base", "extra_coin", "extra_power", "source", "confidence"}
_OPTION_KEYS = {"name", "kind", "default", "allowed", "description", "source"}
_OPEN_KEYS = {"id", "card", "field", "values", "chosen", "confidence", "note"}
_SETUP_KEYS = {"coins", "popularity", "workers_on_board", "hero_on_base", "factory_cards",
               "source", "confidence", "note"}
_COMBAT_KEYS = {"power_ranges", "source", "confidence"}
_SCORING_KEYS = {"per_star", "per_territory", "automa_scores_resources", "human_resource_cap",
                 "tie_breaks", "source", "confidence"}
_SEED_KEYS = {"combat_cards_distribution", "source"}
_OPEN_FIELDS = ("combat_power", "combat_cards", "resources", "star_advance",
                "scheme1.skip", "scheme1.moves", "scheme1.gains", "scheme1.recruit",
                "scheme2.skip", "scheme2.moves", "scheme2.gains", "scheme2.recruit")

_SYMBOL = re.compile(r"^\s*([a-z_]+)(?:\s+(\d+))?(?:\s*\(\s*([a-z]+)\s*\))?\s*$")

_cache: Optional[AutomaData] = None


def load_automa(overrides: Sequence[Path] = ()) -> AutomaData:
    """Read automa.toml and the override files (applied in order) into a validated AutomaData."""
    global _cache
    overrides = tuple(Path(p) for p in overrides)
    if not overrides and _cache is not None:
        return _cache
    raw = _read(DATA_FILE)
    base_name = DATA_FILE.name
    _check_keys(raw, _TOP_KEYS, base_name, "top level")
    origin = {"card": {}, "star_card": {}, "option": {}, "open_cell": {}}
    for kind, key in (("card", "id"), ("star_card", "level"), ("option", "name"), ("open_cell", "id")):
        for entry in raw.get(kind, []):
            origin[kind][entry.get(key)] = base_name
    touched_cards: set = set()
    rechosen: set = set()
    for path in overrides:
        _apply_override(raw, _read(path), path.name, origin, touched_cards, rechosen)
    data = _build(raw, origin, touched_cards, rechosen)
    if not overrides:
        _cache = data
    return data


def _read(path: Path) -> dict:
    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise UserError(f"Automa data file {str(path)!r} not found; check the path") from None
    except tomllib.TOMLDecodeError as err:
        raise UserError(f"{path.name}: not valid TOML ({err}); fix the syntax") from None


def _suggest(key: str, valid) -> str:
    close = difflib.get_close_matches(str(key), [str(v) for v in valid], n=1)
    if close:
        return f"did you mean {close[0]!r}?"
    return "valid: " + ", ".join(str(v) for v in valid)


def _check_keys(entry: Mapping, allowed: set, fname: str, where: str) -> None:
    for key in entry:
        if key not in allowed:
            raise UserError(f"{fname}: {where}: unknown key {key!r}; {_suggest(key, sorted(allowed))}")


def _apply_override(raw: dict, over: dict, fname: str, origin: dict, touched: set, rechosen: set) -> None:
    _check_keys(over, _TOP_KEYS, fname, "top level")
    if "seed_checks" in over:
        raise UserError(f"{fname}: [seed_checks] states the rulebook's own check and cannot be "
                        "overridden; remove the table")
    for table, keys in (("setup", _SETUP_KEYS), ("combat", _COMBAT_KEYS), ("scoring", _SCORING_KEYS)):
        if table in over:
            if not isinstance(over[table], dict):
                raise UserError(f"{fname}: [{table}] must be a table; write it as [{table}]")
            _check_keys(over[table], keys, fname, f"[{table}]")
            raw.setdefault(table, {}).update(over[table])
    for kind, key, keys in (("card", "id", _CARD_KEYS), ("star_card", "level", _STAR_KEYS),
                            ("option", "name", _OPTION_KEYS), ("open_cell", "id", _OPEN_KEYS)):
        entries = over.get(kind, [])
        if not isinstance(entries, list):
            raise UserError(f"{fname}: {kind} must be an array of tables; write it as [[{kind}]]")
        for entry in entries:
            if key not in entry:
                raise UserError(f"{fname}: a [[{kind}]] entry has no {key!r}; add {key} = ... to name the entry it replaces")
            _check_keys(entry, keys, fname, f"{kind} {entry[key]!r}")
            base = next((e for e in raw.setdefault(kind, []) if e.get(key) == entry[key]), None)
            if base is None:
                if kind in ("option", "open_cell"):
                    raise UserError(f"{fname}: {kind} {entry[key]!r} does not exist; "
                                    f"{_suggest(entry[key], [e.get(key) for e in raw[kind]])}")
                raw[kind].append(dict(entry))
            else:
                if kind == "option" and set(entry) - {"name", "default"}:
                    raise UserError(f"{fname}: option {entry[key]!r}: only its default may be overridden; "
                                    "remove the other keys")
                if kind == "open_cell" and set(entry) - {"id", "chosen"}:
                    raise UserError(f"{fname}: open_cell {entry[key]!r}: only `chosen` may be overridden; "
                                    "remove the other keys")
                base.update(entry)
            origin[kind][entry[key]] = fname
            if kind == "card":
                touched.add(entry[key])
            if kind == "open_cell":
                rechosen.add(entry[key])


def _int(value, fname: str, where: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise UserError(f"{fname}: {where} is {value!r}; give a whole number from {lo} to {hi}")
    return value


def _bool(value, fname: str, where: str) -> bool:
    if not isinstance(value, bool):
        raise UserError(f"{fname}: {where} is {value!r}; give true or false")
    return value


def _str(value, fname: str, where: str) -> str:
    if not isinstance(value, str):
        raise UserError(f"{fname}: {where} is {value!r}; give a quoted string")
    return value


def _confidence(value, fname: str, where: str) -> str:
    if value not in CONFIDENCES:
        raise UserError(f"{fname}: {where}: confidence is {value!r}; use one of {', '.join(CONFIDENCES)}")
    return value


def _symbol(text, fname: str, where: str, kinds: tuple):
    if not isinstance(text, str):
        raise UserError(f"{fname}: {where}: {text!r} is not a symbol string; write e.g. \"worker\" or \"coin 1 (crimea)\"")
    m = _SYMBOL.match(text)
    if not m or m.group(1) not in kinds:
        word = m.group(1) if m else text
        raise UserError(f"{fname}: {where}: unknown symbol {text!r}; {_suggest(word, kinds)}")
    kind, number, faction = m.group(1), m.group(2), m.group(3)
    if faction is not None and faction not in FACTIONS:
        raise UserError(f"{fname}: {where}: unknown faction {faction!r} in {text!r}; {_suggest(faction, FACTIONS)}")
    return kind, (int(number) if number is not None else None), faction


def _parse_move(text, fname: str, where: str) -> MoveSymbol:
    kind, number, faction = _symbol(text, fname, where, MOVE_KINDS)
    if kind == "attack_unit":
        if number is None or not 0 <= number <= 16:
            raise UserError(f"{fname}: {where}: {text!r} needs the power it requires, 0 to 16; write e.g. \"attack_unit 5\"")
        return MoveSymbol(kind, number, faction)
    if number is not None:
        raise UserError(f"{fname}: {where}: {text!r} takes no number; write {kind!r}")
    return MoveSymbol(kind, 0, faction)


def _parse_gain(text, fname: str, where: str) -> Gain:
    kind, number, faction = _symbol(text, fname, where, GAIN_KINDS)
    if kind in ("coin", "power"):
        if number is None or not 1 <= number <= 9:
            raise UserError(f"{fname}: {where}: {text!r} needs an amount from 1 to 9; write e.g. \"{kind} 1\"")
        return Gain(kind, number, faction)
    if number not in (None, 1):
        raise UserError(f"{fname}: {where}: {text!r} gives one unit or card; write {kind!r}")
    return Gain(kind, 1, faction)


def _parse_scheme(row, fname: str, where: str) -> SchemeRow:
    if not isinstance(row, dict):
        raise UserError(f"{fname}: {where} must be a table {{ skip = ..., moves = [...], gains = [...], recruit = ... }}")
    _check_keys(row, _SCHEME_KEYS, fname, where)
    for key in sorted(_SCHEME_KEYS):
        if key not in row:
            raise UserError(f"{fname}: {where} has no {key!r}; add it")
    moves, gains = row["moves"], row["gains"]
    if not isinstance(moves, list) or not 1 <= len(moves) <= 4:
        raise UserError(f"{fname}: {where}.moves must list 1 to 4 move symbols")
    if not isinstance(gains, list) or len(gains) > 4:
        raise UserError(f"{fname}: {where}.gains must list at most 4 gain symbols")
    recruit = row["recruit"]
    if recruit not in RECRUIT_KINDS:
        raise UserError(f"{fname}: {where}.recruit is {recruit!r}; {_suggest(recruit, RECRUIT_KINDS)}")
    return SchemeRow(
        skip=_bool(row["skip"], fname, f"{where}.skip"),
        moves=tuple(_parse_move(m, fname, f"{where}.moves") for m in moves),
        gains=tuple(_parse_gain(g, fname, f"{where}.gains") for g in gains),
        recruit=recruit,
    )


def _parse_card(entry: dict, fname: str) -> AutomaCard:
    cid = entry.get("id")
    where = f"card {cid}"
    for key in ("id", "star_advance", "combat_power", "combat_cards", "resources", "scheme1", "scheme2"):
        if key not in entry:
            raise UserError(f"{fname}: {where} has no {key!r}; add it")
    _int(cid, fname, "card id", 1, N_CARDS)
    power = entry["combat_power"]
    if not isinstance(power, list) or len(power) != 3:
        raise UserError(f"{fname}: {where}: combat_power is {power!r}; give 3 numbers "
                        "(power spent at Automa power 0-7, 8-13, 14-16)")
    return AutomaCard(
        id=cid,
        star_advance=_bool(entry["star_advance"], fname, f"{where}: star_advance"),
        combat_power=tuple(_int(p, fname, f"{where}: combat_power entry", 0, 7) for p in power),
        combat_cards=_int(entry["combat_cards"], fname, f"{where}: combat_cards", 0, 3),
        resources=_int(entry["resources"], fname, f"{where}: resources", 0, 9),
        schemes=(_parse_scheme(entry["scheme1"], fname, f"{where}: scheme1"),
                 _parse_scheme(entry["scheme2"], fname, f"{where}: scheme2")),
        source=str(entry.get("source", "")),
        confidence=_confidence(entry.get("confidence", "high"), fname, where),
    )


def _parse_star_card(entry: dict, fname: str) -> StarCard:
    level = entry.get("level")
    where = f"star_card {level!r}"
    if level not in LEVELS:
        raise UserError(f"{fname}: {where}: unknown level; {_suggest(level, LEVELS)}")
    for key in sorted(_STAR_KEYS - {"source", "confidence", "aliases"}):
        if key not in entry:
            raise UserError(f"{fname}: {where} has no {key!r}; add it")
    cells = _int(entry["cells"], fname, f"{where}: cells", 2, MAX_TRACK_CELLS)
    water = _int(entry["water_from"], fname, f"{where}: water_from", 0, cells - 1)
    stars = entry["stars"]
    if (not isinstance(stars, list) or len(stars) != N_STARS
            or any(isinstance(s, bool) or not isinstance(s, int) for s in stars)
            or sorted(set(stars)) != stars or stars[0] < 1 or stars[-1] != cells - 1):
        raise UserError(f"{fname}: {where}: stars is {stars!r}; give {N_STARS} increasing cells "
                        f"from 1 to {cells - 1}, the last being {cells - 1} so the cube cannot run off the track")
    aliases = entry.get("aliases", [])
    if not isinstance(aliases, list) or not all(isinstance(a, str) for a in aliases):
        raise UserError(f"{fname}: {where}: aliases must be a list of names")
    return StarCard(
        level=level,
        printed_name=_str(entry["printed_name"], fname, f"{where}: printed_name"),
        aliases=tuple(a.lower() for a in aliases),
        cells=cells, water_from=water, stars=tuple(stars),
        skip_turns=_bool(entry["skip_turns"], fname, f"{where}: skip_turns"),
        all_moves=_bool(entry["all_moves"], fname, f"{where}: all_moves"),
        retreat_to_base=_bool(entry["retreat_to_base"], fname, f"{where}: retreat_to_base"),
        extra_coin=_int(entry["extra_coin"], fname, f"{where}: extra_coin", 0, 5),
        extra_power=_int(entry["extra_power"], fname, f"{where}: extra_power", 0, 5),
        source=str(entry.get("source", "")),
        confidence=_confidence(entry.get("confidence", "high"), fname, where),
    )


def _check_option_value(opt: AutomaOption, value, where: str):
    if opt.kind == "bool":
        if not isinstance(value, bool):
            raise UserError(f"{where}: option {opt.name!r} is {value!r}; give true or false")
        return value
    if isinstance(value, bool) or not isinstance(value, int) or value not in opt.allowed:
        allowed = ", ".join(str(a) for a in opt.allowed)
        raise UserError(f"{where}: option {opt.name!r} is {value!r}; use one of {allowed}")
    return value


def _parse_option(entry: dict, fname: str) -> AutomaOption:
    name = entry.get("name")
    where = f"option {name!r}"
    kind = entry.get("kind")
    if kind not in ("bool", "int"):
        raise UserError(f"{fname}: {where}: kind is {kind!r}; use \"bool\" or \"int\"")
    allowed = entry.get("allowed", [])
    if kind == "int" and (not isinstance(allowed, list) or not allowed):
        raise UserError(f"{fname}: {where}: an int option needs allowed = [...]")
    opt = AutomaOption(name=_str(name, fname, "option name"), kind=kind, default=None,
                       allowed=tuple(allowed), description=str(entry.get("description", "")),
                       source=str(entry.get("source", "")))
    default = _check_option_value(opt, entry.get("default"), f"{fname}: {where} default")
    return AutomaOption(opt.name, kind, default, opt.allowed, opt.description, opt.source)


def _field_get(card_entry: dict, path: str):
    node = card_entry
    for part in path.split("."):
        node = node[part]
    return node


def _field_set(card_entry: dict, path: str, value) -> None:
    parts = path.split(".")
    node = card_entry
    for part in parts[:-1]:
        node[part] = dict(node[part])
        node = node[part]
    node[parts[-1]] = value


def _build(raw: dict, origin: dict, touched: set, rechosen: set) -> AutomaData:
    base = DATA_FILE.name
    # Open cells: validate, then write re-chosen values into their cards.
    card_entries = {}
    for entry in raw.get("card", []):
        fname = origin["card"].get(entry.get("id"), base)
        if "id" not in entry:
            raise UserError(f"{fname}: a [[card]] entry has no 'id'; add id = 1..{N_CARDS}")
        if entry["id"] in card_entries:
            raise UserError(f"{fname}: card {entry['id']} appears twice; keep one entry per id")
        card_entries[entry["id"]] = entry
    open_cells = []
    for entry in raw.get("open_cell", []):
        oid = entry.get("id")
        fname = origin["open_cell"].get(oid, base)
        _check_keys(entry, _OPEN_KEYS, fname, f"open_cell {oid!r}")
        for key in ("id", "card", "field", "values", "chosen"):
            if key not in entry:
                raise UserError(f"{fname}: open_cell {oid!r} has no {key!r}; add it")
        if entry["field"] not in _OPEN_FIELDS:
            raise UserError(f"{fname}: open_cell {oid!r}: field {entry['field']!r} is not a card field; "
                            f"{_suggest(entry['field'], _OPEN_FIELDS)}")
        if entry["card"] not in card_entries:
            raise UserError(f"{fname}: open_cell {oid!r}: card {entry['card']!r} does not exist; give 1..{N_CARDS}")
        values = entry["values"]
        if not isinstance(values, dict) or entry["chosen"] not in values:
            raise UserError(f"{fname}: open_cell {oid!r}: chosen source {entry['chosen']!r} has no value; "
                            f"use one of {', '.join(values) if isinstance(values, dict) else 'the sources in values'}")
        card = card_entries[entry["card"]]
        chosen_value = values[entry["chosen"]]
        if oid in rechosen:
            _field_set(card, entry["field"], chosen_value)
        elif entry["card"] not in touched and _field_get(card, entry["field"]) != chosen_value:
            raise UserError(f"{base}: open_cell {oid!r}: card {entry['card']} {entry['field']} is "
                            f"{_field_get(card, entry['field'])!r} but the chosen source {entry['chosen']} "
                            f"gives {chosen_value!r}; make them agree")
        open_cells.append(OpenCell(
            id=oid, card=entry["card"], field=entry["field"], values=dict(values),
            chosen=entry["chosen"],
            confidence=_confidence(entry.get("confidence", "low"), fname, f"open_cell {oid!r}"),
            note=str(entry.get("note", ""))))

    # Cards.
    for entry in raw.get("card", []):
        _check_keys(entry, _CARD_KEYS, origin["card"].get(entry["id"], base), f"card {entry['id']}")
    cards = tuple(sorted((_parse_card(e, origin["card"].get(e["id"], base)) for e in raw.get("card", [])),
                         key=lambda c: c.id))
    if [c.id for c in cards] != list(range(1, N_CARDS + 1)):
        missing = sorted(set(range(1, N_CARDS + 1)) - {c.id for c in cards})
        raise UserError(f"{base}: the Automa deck needs cards 1..{N_CARDS} exactly once; missing {missing}")

    # The rulebook's own check (RA p.10): cards showing 0/1/2/3 combat cards.
    seed = raw.get("seed_checks", {})
    _check_keys(seed, _SEED_KEYS, base, "[seed_checks]")
    expected = seed.get("combat_cards_distribution")
    if not isinstance(expected, list) or len(expected) != 4 or sum(expected) != N_CARDS:
        raise UserError(f"{base}: [seed_checks] combat_cards_distribution must give 4 counts summing to {N_CARDS}")
    counts = [sum(1 for c in cards if c.combat_cards == k) for k in range(4)]
    if counts != expected:
        changed = sorted({fname for fname in origin["card"].values()} - {base})
        blame = changed[0] if changed else base
        raise UserError(f"{blame}: cards showing 0/1/2/3 combat cards number {counts}, but the rulebook's "
                        f"table says {expected}; correct the cards' combat_cards")

    # Star cards.
    stars = {}
    for entry in raw.get("star_card", []):
        fname = origin["star_card"].get(entry.get("level"), base)
        _check_keys(entry, _STAR_KEYS, fname, f"star_card {entry.get('level')!r}")
        sc = _parse_star_card(entry, fname)
        if sc.level in stars:
            raise UserError(f"{fname}: star_card {sc.level!r} appears twice; keep one")
        stars[sc.level] = sc
    if set(stars) != set(LEVELS):
        raise UserError(f"{base}: star cards must be exactly {', '.join(LEVELS)}; "
                        f"missing {', '.join(sorted(set(LEVELS) - set(stars)))}")
    stars = {lv: stars[lv] for lv in LEVELS}
    names = {}
    for sc in stars.values():
        for n in (sc.level,) + sc.aliases:
            if n in names and names[n] != sc.level:
                raise UserError(f"{base}: alias {n!r} names both {names[n]} and {sc.level}; give it to one only")
            names[n] = sc.level

    # Combat ranges: contiguous, covering 0..16.
    combat = raw.get("combat", {})
    _check_keys(combat, _COMBAT_KEYS, base, "[combat]")
    ranges = combat.get("power_ranges")
    ok = isinstance(ranges, list) and len(ranges) == 3 and all(
        isinstance(r, list) and len(r) == 2 and all(isinstance(v, int) for v in r) for r in ranges)
    if ok:
        ok = ranges[0][0] == 0 and ranges[-1][1] == 16 and all(
            ranges[i][0] <= ranges[i][1] and (i == 0 or ranges[i][0] == ranges[i - 1][1] + 1) for i in range(3))
    if not ok:
        raise UserError(f"[combat] power_ranges is {ranges!r}; give 3 contiguous [low, high] ranges from 0 to 16, "
                        "e.g. [[0, 7], [8, 13], [14, 16]]")

    setup_raw = raw.get("setup", {})
    _check_keys(setup_raw, _SETUP_KEYS, base, "[setup]")
    setup = AutomaSetup(
        coins=_int(setup_raw.get("coins"), base, "[setup] coins", 0, 100),
        popularity=_int(setup_raw.get("popularity"), base, "[setup] popularity", 0, 18),
        workers_on_board=_int(setup_raw.get("workers_on_board"), base, "[setup] workers_on_board", 0, 2),
        hero_on_base=_bool(setup_raw.get("hero_on_base"), base, "[setup] hero_on_base"),
    )

    sc_raw = raw.get("scoring", {})
    _check_keys(sc_raw, _SCORING_KEYS, base, "[scoring]")
    ties = sc_raw.get("tie_breaks")
    if not isinstance(ties, list) or len(set(ties)) != len(ties) or any(t not in TIE_BREAKS for t in ties):
        raise UserError(f"[scoring] tie_breaks is {ties!r}; list distinct keys from {', '.join(TIE_BREAKS)}")
    scoring = AutomaScoring(
        per_star=_int(sc_raw.get("per_star"), base, "[scoring] per_star", 0, 20),
        per_territory=_int(sc_raw.get("per_territory"), base, "[scoring] per_territory", 0, 20),
        automa_scores_resources=_bool(sc_raw.get("automa_scores_resources"), base,
                                      "[scoring] automa_scores_resources"),
        human_resource_cap=_int(sc_raw.get("human_resource_cap"), base, "[scoring] human_resource_cap", 0, 99),
        tie_breaks=tuple(ties),
    )

    options = {}
    for entry in raw.get("option", []):
        fname = origin["option"].get(entry.get("name"), base)
        _check_keys(entry, _OPTION_KEYS, fname, f"option {entry.get('name')!r}")
        opt = _parse_option(entry, fname)
        options[opt.name] = opt

    return AutomaData(
        cards=cards, star_cards=stars, power_ranges=tuple(tuple(r) for r in ranges), setup=setup,
        scoring=scoring, options=options, open_cells=tuple(open_cells),
        combat_cards_distribution=tuple(expected),
        sources={s.get("key"): s for s in raw.get("meta", {}).get("sources", [])},
    )
