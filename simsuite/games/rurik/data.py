"""Load and validate the Rurik data files (data/*.toml) and pack them for the compiled core.

Every file holds a `[meta]` table (title, summary, confidence, sources, disagreements) and one
array of entries; each entry carries `source`, `confidence` and, where the value rests on no
confirmed source, `provisional` (the names of those fields). Every problem raises
`simsuite.errors.UserError` with one line: `<file>: <entry>: <problem>; <fix>`.

The first half of this module (schema checkers, `read_file`, `check_entries`) knows nothing of
Rurik, so the shared data-file layer can take it over as it is. The second half checks the
cross-references of Rurik's files and packs them into plain lists (`pack`), which
`simsuite._rurik.Rules` turns into C arrays.
"""
from __future__ import annotations

import difflib
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from simsuite.errors import UserError

DATA_DIR = Path(__file__).with_name("data")
CONFIDENCE = ("seed", "public-confirmed", "public-single-source", "unknown")


# ------------------------------------------------------------------ generic schema checkers

class Bad(Exception):
    """A problem inside one entry: `problem` and `fix` make the one-line error."""

    def __init__(self, problem: str, fix: str):
        super().__init__(problem)
        self.problem, self.fix = problem, fix


def closest(word: str, choices: Iterable[str]) -> str:
    choices = list(choices)
    hit = difflib.get_close_matches(str(word), choices, n=1, cutoff=0.5)
    return f"did you mean {hit[0]!r}?" if hit else "valid: " + ", ".join(choices)


def integer(lo: int = 0, hi: int | None = None) -> Callable:
    def check(v, name):
        if isinstance(v, bool) or not isinstance(v, int):
            raise Bad(f"{name} must be a whole number, not {v!r}", "write it as an integer without quotes")
        if v < lo or (hi is not None and v > hi):
            span = f"{lo}..{hi}" if hi is not None else f">= {lo}"
            raise Bad(f"{name} is {v}, outside {span}", f"use a value in {span}")
        return v
    return check


def boolean(v, name):
    if not isinstance(v, bool):
        raise Bad(f"{name} must be true or false, not {v!r}", "write true or false without quotes")
    return v


def text(choices: Iterable[str] | None = None) -> Callable:
    options = list(choices) if choices is not None else None

    def check(v, name):
        if not isinstance(v, str) or not v.strip():
            raise Bad(f"{name} must be a non-empty string, not {v!r}", "put the value in double quotes")
        if options is not None and v not in options:
            raise Bad(f"{name} {v!r} is not a known name", closest(v, options))
        return v
    return check


def listof(item: Callable, length: int | None = None, unique: bool = False) -> Callable:
    def check(v, name):
        if not isinstance(v, list):
            raise Bad(f"{name} must be a list [..], not {v!r}", "write it as [a, b, ...]")
        if length is not None and len(v) != length:
            raise Bad(f"{name} has {len(v)} items, expected {length}", f"give exactly {length} items")
        out = [item(x, f"{name}[{i}]") for i, x in enumerate(v)]
        if unique and len(set(map(repr, out))) != len(out):
            raise Bad(f"{name} repeats an item", "list each item once")
        return out
    return check


def counts(keys: Iterable[str], lo: int = 0, hi: int = 99) -> Callable:
    """A table of small counts whose keys come from a vocabulary: { wood = 2, coins = 1 }."""
    vocab = list(keys)
    num = integer(lo, hi)

    def check(v, name):
        if not isinstance(v, dict):
            raise Bad(f"{name} must be a table {{ key = n }}, not {v!r}", "write it as { key = n, ... }")
        out = {}
        for k, x in v.items():
            if k not in vocab:
                raise Bad(f"{name} has unknown key {k!r}", closest(k, vocab))
            out[k] = int(x) if isinstance(x, bool) else num(x, f"{name}.{k}")
        return out
    return check


def where(entry: str, fname: str) -> str:
    return f"{fname}: {entry}"


def read_file(path: Path) -> dict:
    try:
        with open(path, "rb") as fh:
            doc = tomllib.load(fh)
    except FileNotFoundError:
        raise UserError(f"{path.name}: file not found in {path.parent}; restore it from the repository") from None
    except tomllib.TOMLDecodeError as exc:
        raise UserError(f"{path.name}: not valid TOML ({exc}); fix the syntax at that line") from None
    check_meta(doc, path.name)
    return doc


META_FIELDS = {"title": text(), "summary": text(), "confidence": text()}


def check_meta(doc: Mapping, fname: str) -> None:
    meta = doc.get("meta")
    if not isinstance(meta, dict):
        raise UserError(f"{fname}: meta: the [meta] table is missing; add title, summary, confidence and [[meta.sources]]")
    for key, check in META_FIELDS.items():
        _field(meta, key, check, f"{fname}: meta")
    sources = meta.get("sources")
    if not isinstance(sources, list) or not sources:
        raise UserError(f"{fname}: meta: no [[meta.sources]]; list every source with key, ref and gave")
    for i, src in enumerate(sources):
        for key in ("key", "ref", "gave"):
            _field(src, key, text(), f"{fname}: meta.sources[{i}]")


def _field(entry: Mapping, key: str, check: Callable, at: str, default: Any = ...):
    if key not in entry:
        if default is not ...:
            return default
        raise UserError(f"{at}: field {key!r} is missing; add {key} = ...")
    try:
        return check(entry[key], key)
    except Bad as bad:
        raise UserError(f"{at}: {bad.problem}; {bad.fix}") from None


def check_entries(doc: Mapping, fname: str, array: str, schema: Mapping[str, Any],
                  label: str = "name", count: int | None = None) -> list[dict]:
    """Check the entries of one array: every field of `schema` (a checker, or a pair
    (checker, default) for an optional field), no unknown field, and the provenance fields
    `source`, `confidence` and optional `provisional` (names of this entry's fields)."""
    entries = doc.get(array)
    if not isinstance(entries, list) or not entries:
        raise UserError(f"{fname}: {array}: no [[{array}]] entries; restore the file from the repository")
    if count is not None and len(entries) != count:
        raise UserError(f"{fname}: {array}: {len(entries)} entries, expected {count}; add or remove entries")
    allowed = set(schema) | {"source", "confidence", "provisional"}
    out = []
    for i, entry in enumerate(entries):
        at = where(f"{array} {entry.get(label, i + 1)!s}", fname)
        for key in entry:
            if key not in allowed:
                raise UserError(f"{at}: unknown field {key!r}; {closest(key, sorted(allowed))}")
        row = {}
        for key, spec in schema.items():
            check, default = spec if isinstance(spec, tuple) else (spec, ...)
            row[key] = _field(entry, key, check, at, default)
        row["source"] = _field(entry, "source", text(), at)
        row["confidence"] = _field(entry, "confidence", text(CONFIDENCE), at)
        row["provisional"] = _field(entry, "provisional", listof(text(sorted(schema)), unique=True), at, [])
        out.append(row)
    return out


def unique_names(rows: list[dict], fname: str, array: str, key: str = "name") -> dict[str, int]:
    index = {}
    for i, row in enumerate(rows):
        if row[key] in index:
            raise UserError(f"{fname}: {array} {row[key]}: the name is used twice; rename one of them")
        index[row[key]] = i
    return index


# ------------------------------------------------------------------ Rurik vocabularies

GOODS = ("wood", "ore", "fish", "honey", "fur")
ACTIONS = ("muster", "move", "attack", "tax", "build", "scheme")
STRUCTURES = ("church", "stronghold", "market")
ABILITIES = ("escort", "raider", "rally", "steward", "diplomat", "levy", "sovereign", "rebel_lord")
AGENDA_MEASURES = ("goods", "rebels_defeated", "trade_track", "rule_track", "build_track", "deeds_done",
                   "structures_in_ruled_regions", "coins", "warfare_track", "regions_with_troops",
                   "honey_and_fur")
DEED_PAY = ("coins",) + GOODS + ("any_goods", "distinct_goods", "same_goods", "scheme_cards", "troops",
                                 "troops_distinct_regions", "troops_from_ruled_region", "structures")
DEED_NEED = ("troops_in_one_region", "stronghold_and_church", "church_stronghold_market",
             "markets_distinct_goods", "strongholds_adjacent", "churches_adjacent",
             "regions_with_troops", "first_player_token", "rebels_defeated")
DEED_REWARD = ("boots", "helmets", "carts", "hammers", "coins", "swords_minus_one", "draw2keep1",
               "moves_anywhere")
SCHEME_REWARD = ("helmets", "boots", "swords", "carts", "hammers", "coins", "deed", "warfare")
RULE_KEYS = ("income_round4", "claims_never_down", "warfare_requires_advance", "agenda_ties_share",
             "rule_check_after_removal", "church_places_without_removal", "solo_two_rebels_per_start_region",
             "solo_sviatopolk_card")
REBEL_REWARDS = ("coins",) + GOODS
PRIORITIES = ("attack_move", "build", "tax")


def _scheme_reward(v, name):
    if not isinstance(v, dict):
        raise Bad(f"{name} must be a table, not {v!r}", "write it as { carts = 1, coins = 1 }")
    choice = v.get("choice")
    rest = {k: x for k, x in v.items() if k != "choice"}
    out = counts(SCHEME_REWARD, 0, 3)(rest, name)
    if choice is not None:
        out["choice"] = text()(choice, f"{name}.choice")
    return out


SCHEMAS = {
    "map.toml": ("region", {"name": text(), "players": integer(2, 4), "good": text(GOODS),
                            "neighbours": listof(text(), unique=True)}, 15),
    "leaders.toml": ("leader", {"name": text(), "ability": text(ABILITIES), "text": text()}, 8),
    "deeds.toml": ("deed", {"name": text(), "vp": integer(1, 2), "pay": counts(DEED_PAY, 0, 6),
                            "need": counts(DEED_NEED, 0, 15), "reward": counts(DEED_REWARD, 0, 3)}, 26),
    "schemes.toml": ("scheme", {"key": text(), "reward": _scheme_reward, "cost": integer(0, 2),
                                "casualties": integer(0, 2), "base": boolean}, None),
    "agendas.toml": ("agenda", {"name": text(), "measure": text(AGENDA_MEASURES)}, 11),
    "rebels.toml": ("reward", {"kind": text(REBEL_REWARDS), "amount": integer(1, 3),
                               "count": integer(1, 19)}, None),
    "rules.toml": ("rule", {"key": text(RULE_KEYS), "value": boolean, "text": text()}, None),
    "solo.toml": ("mat", {"level": integer(1, 4), "start_priority": text(PRIORITIES),
                          **{p: listof(text()) for p in PRIORITIES}}, 4),
}


@dataclass
class RurikData:
    """Validated Rurik data: one list of row dicts per file, plus the boards' tables."""
    regions: list[dict]
    leaders: list[dict]
    deeds: list[dict]
    schemes: list[dict]
    agendas: list[dict]
    rebel_rewards: list[dict]
    rules: dict[str, bool]
    boards: dict
    solo_mats: list[dict]
    solo_cards: list[dict]

    @property
    def region_names(self) -> list[str]:
        return [r["name"] for r in self.regions]

    @property
    def leader_names(self) -> list[str]:
        return [r["name"] for r in self.leaders]

    @property
    def rebel_leader(self) -> str:
        """The leader of the solo Rebels (ability rebel_lord: Sviatopolk)."""
        return next(r["name"] for r in self.leaders if r["ability"] == "rebel_lord")

    def base_schemes(self) -> list[dict]:
        return [s for s in self.schemes if s["base"]]


def load_data(data_dir: Path | str | None = None) -> RurikData:
    """Read and validate every Rurik data file of `data_dir` (default: the shipped files)."""
    folder = Path(data_dir) if data_dir is not None else DATA_DIR
    rows = {}
    docs = {}
    for fname, (array, schema, count) in SCHEMAS.items():
        docs[fname] = read_file(folder / fname)
        label = "key" if array in ("scheme", "rule") else ("level" if array == "mat" else "name")
        if array == "reward":
            label = "kind"
        rows[fname] = check_entries(docs[fname], fname, array, schema, label=label, count=count)
    regions = rows["map.toml"]
    _check_map(regions)
    unique_names(rows["leaders.toml"], "leaders.toml", "leader")
    if [l["ability"] for l in rows["leaders.toml"]].count("rebel_lord") != 1:
        raise UserError("leaders.toml: leader: exactly one leader needs ability = \"rebel_lord\" (Sviatopolk, "
                        "who leads the solo Rebels); fix the ability fields")
    unique_names(rows["deeds.toml"], "deeds.toml", "deed")
    unique_names(rows["agendas.toml"], "agendas.toml", "agenda")
    _check_schemes(rows["schemes.toml"])
    boards = _check_boards(read_file(folder / "boards.toml"), [r["name"] for r in regions])
    solo_cards = _check_solo(rows["solo.toml"], docs["solo.toml"], regions)
    return RurikData(
        regions=regions, leaders=rows["leaders.toml"], deeds=rows["deeds.toml"],
        schemes=rows["schemes.toml"], agendas=rows["agendas.toml"],
        rebel_rewards=rows["rebels.toml"],
        rules={r["key"]: r["value"] for r in rows["rules.toml"]},
        boards=boards, solo_mats=sorted(rows["solo.toml"], key=lambda m: m["level"]),
        solo_cards=solo_cards)


def _check_map(regions: list[dict]) -> None:
    names = unique_names(regions, "map.toml", "region")
    if "Kiev" not in names or regions[names["Kiev"]]["players"] != 2:
        raise UserError("map.toml: region Kiev: missing or not on the 2-player map; the solo setup starts "
                        "there, restore it with players = 2")
    for r in regions:
        at = where(f"region {r['name']}", "map.toml")
        for n in r["neighbours"]:
            if n not in names:
                raise UserError(f"{at}: neighbours names unknown region {n!r}; {closest(n, names)}")
            if r["name"] not in regions[names[n]]["neighbours"]:
                raise UserError(f"{at}: {n} is a neighbour but does not list {r['name']} back; "
                                f"add {r['name']!r} to {n}'s neighbours")
    for p, expect in ((2, 8), (3, 11), (4, 15)):
        have = sum(r["players"] <= p for r in regions)
        if have != expect:
            raise UserError(f"map.toml: region: {have} regions in play with {p} players, the rulebook says "
                            f"{expect}; fix the players field")


def _check_schemes(schemes: list[dict]) -> None:
    base = [s for s in schemes if s["base"]]
    if len(base) != 27:
        raise UserError(f"schemes.toml: scheme: {len(base)} cards marked base = true, the base deck has 27; "
                        "mark exactly 27")
    for s in base:
        if "choice" in s["reward"]:
            raise UserError(f"schemes.toml: scheme {s['key']}: a choice reward cannot be in the base deck; "
                            "set base = false")


def _table(doc: Mapping, key: str, fname: str) -> dict:
    t = doc.get(key)
    if not isinstance(t, dict):
        raise UserError(f"{fname}: {key}: the [{key}] table is missing; restore it from the repository")
    return t


def _check_boards(doc: Mapping, region_names: list[str]) -> dict:
    f = "boards.toml"
    strategy = _table(doc, "strategy", f)
    _field(strategy, "columns", listof(text(ACTIONS), length=6, unique=True), f"{f}: strategy")
    if strategy["columns"] != list(ACTIONS):
        raise UserError(f"{f}: strategy: columns must be {list(ACTIONS)} (the core's action order); reorder them")
    sides = {}
    for i, side in enumerate(strategy.get("side", [])):
        at = f"{f}: strategy.side {i + 1}"
        players = _field(side, "players", listof(integer(1, 4), unique=True), at)
        icons = _field(side, "icons", listof(listof(integer(1, 4), length=6)), at)
        cost = _field(side, "cost", listof(listof(integer(0, 2), length=6)), at)
        if len(cost) != len(icons) or not 3 <= len(icons) <= 4:
            raise UserError(f"{at}: icons and cost need the same 3 or 4 rows; give one row per slot")
        for p in players:
            sides[p] = {"icons": icons, "cost": cost}
    for p in (1, 2, 3, 4):
        if p not in sides:
            raise UserError(f"{f}: strategy.side: no side for {p} players; add it to a side's players list")
    adv = _table(doc, "advisors", f)
    rounds = _field(adv, "rounds", listof(listof(integer(1, 5)), length=4), f"{f}: advisors")
    rounds4 = _field(adv, "rounds_four_players", listof(listof(integer(1, 5)), length=4), f"{f}: advisors")
    claims = _table(doc, "claims", f)
    at = f"{f}: claims"
    five = listof(integer(0, 15), length=5)
    c = {k: _field(claims, k, five, at) for k in ("vp", "rule", "build", "trade")}
    c["warfare_vp"] = _field(claims, "warfare_vp", listof(integer(0, 9), length=2), at)
    c["rule_top_needs"] = _field(claims, "rule_top_needs", listof(text(region_names), unique=True), at)
    for k in ("vp", "rule", "build", "trade"):
        if c[k] != sorted(c[k]):
            raise UserError(f"{at}: {k} must not decrease from space 1 to space 5; sort it")
    house = _table(doc, "household", f)
    at = f"{f}: household"
    goods = _field(house, "goods", listof(text(GOODS), length=5, unique=True), at)
    if goods != list(GOODS):
        raise UserError(f"{at}: goods must be {list(GOODS)} (the core's order); reorder them")
    return {
        "sides": sides, "rounds": rounds, "rounds_four_players": rounds4, "claims": c,
        "boat": _field(house, "boat", listof(integer(1, 5), length=5), at),
        "start_coins": _field(house, "start_coins", integer(0, 20), at),
        "troops": _field(house, "troops", integer(1, 15), at),
        "structures_each": _field(house, "structures_each", integer(1, 3), at),
    }


SOLO_BONUSES = ("helmets", "boots", "swords", "carts", "hammers", "casualty_minus", "coins1", "coins2")
ADVISOR_ROWS = ("1", "2", "2*", "3*", "4", "5")


def _mat_cell(cell: str, at: str, column: str) -> tuple[int, int, bool]:
    trig, _, rest = cell.partition(">")
    bonus, _, lock = rest.partition(":")
    if trig not in ACTIONS or bonus not in SOLO_BONUSES or lock not in ("L", "U"):
        raise UserError(f"{at}: {column} cell {cell!r} is not 'action>bonus:L' or ':U' with a bonus in "
                        f"{', '.join(SOLO_BONUSES)}; write e.g. \"attack>swords:L\"")
    return ACTIONS.index(trig), SOLO_BONUSES.index(bonus), lock == "L"


def _card_step(step: str, at: str, column: str) -> tuple[str, int, bool]:
    parts = step.split()
    if len(parts) not in (2, 3) or parts[0] not in ADVISOR_ROWS or parts[1] not in ACTIONS \
            or (len(parts) == 3 and parts[2] != "$"):
        raise UserError(f"{at}: {column} step {step!r} is not '<advisor> <action>' with an optional ' $'; "
                        f"write e.g. \"2* attack $\"")
    return parts[0], ACTIONS.index(parts[1]), len(parts) == 3


def _check_solo(mats: list[dict], doc: Mapping, regions: list[dict]) -> list[dict]:
    """Validate the difficulty mats and the 18 Rebel cards; return the cards parsed."""
    green = [r["name"] for r in regions if r["players"] <= 2]
    levels = sorted(m["level"] for m in mats)
    if levels != [1, 2, 3, 4]:
        raise UserError(f"solo.toml: mat: levels {levels}, expected 1, 2, 3, 4; give one mat per level")
    for m in mats:
        at = where(f"mat {m['level']}", "solo.toml")
        m["cells"] = [[_mat_cell(c, at, p) for c in m[p]] for p in PRIORITIES]
        if any(len(col) > 4 for col in m["cells"]):
            raise UserError(f"{at}: a priority column has more than 4 bonus spaces; give at most 4")
    cards = doc.get("card", [])
    if len(cards) != 18:
        raise UserError(f"solo.toml: card: {len(cards)} Rebel cards, the seed has 18; restore the file")
    out = []
    for c in cards:
        at = where(f"card {c.get('number')}", "solo.toml")
        row = {"number": _field(c, "number", integer(1, 18), at),
               "locations": _field(c, "locations", listof(text(green), unique=True, length=8), at)}
        for p in PRIORITIES:
            row[p + "_build"] = _field(c, p + "_build", listof(text(STRUCTURES), length=3, unique=True), at)
            steps = _field(c, p + "_steps", listof(text(), length=6), at)
            row[p + "_steps"] = [_card_step(x, at, p + "_steps") for x in steps]
            if sorted(x[0] for x in row[p + "_steps"]) != sorted(ADVISOR_ROWS):
                raise UserError(f"{at}: {p}_steps must name each advisor 1, 2, 2*, 3*, 4, 5 once; fix the steps")
        out.append(row)
    return out


# ------------------------------------------------------------------ packing for the core

def _index(names: list[str]) -> dict[str, int]:
    return {n: i for i, n in enumerate(names)}


def pack(data: RurikData) -> dict:
    """Plain lists of small integers, in the core's index orders (ext/rurik/state.pxd)."""
    names = data.region_names
    idx = _index(names)
    b = data.boards
    claims = b["claims"]
    schemes = data.base_schemes()
    pool = []
    for r in data.rebel_rewards:
        kind = 0 if r["kind"] == "coins" else 1 + GOODS.index(r["kind"])
        pool += [(kind, r["amount"])] * r["count"]
    return {
        "region_names": names,
        "region_players": [r["players"] for r in data.regions],
        "region_good": [GOODS.index(r["good"]) for r in data.regions],
        "adjacency": [sum(1 << idx[n] for n in r["neighbours"]) for r in data.regions],
        "sides": {p: (s["icons"], s["cost"]) for p, s in b["sides"].items()},
        "rounds": b["rounds"], "rounds_four_players": b["rounds_four_players"],
        "claim_vp": claims["vp"], "claim_rule": claims["rule"], "claim_build": claims["build"],
        "claim_trade": claims["trade"], "warfare_vp": claims["warfare_vp"],
        "rule_top_mask": sum(1 << idx[n] for n in claims["rule_top_needs"]),
        "boat": b["boat"], "start_coins": b["start_coins"], "troops": b["troops"],
        "structures_each": b["structures_each"],
        "leader_names": data.leader_names,
        "kiev": idx["Kiev"],
        "sviatopolk": [l["ability"] for l in data.leaders].index("rebel_lord"),
        "leader_ability": [ABILITIES.index(l["ability"]) for l in data.leaders],
        "deed_names": [d["name"] for d in data.deeds],
        "deed_vp": [d["vp"] for d in data.deeds],
        "deed_vp_provisional": [1 if "vp" in d["provisional"] else 0 for d in data.deeds],
        "deed_pay": [[d["pay"].get(k, 0) for k in DEED_PAY] for d in data.deeds],
        "deed_need": [[d["need"].get(k, 0) for k in DEED_NEED] for d in data.deeds],
        "deed_reward": [[d["reward"].get(k, 0) for k in DEED_REWARD] for d in data.deeds],
        "scheme_keys": [s["key"] for s in schemes],
        "scheme_reward": [[s["reward"].get(k, 0) for k in SCHEME_REWARD] for s in schemes],
        "scheme_cost": [s["cost"] for s in schemes],
        "scheme_casualty": [1 if s["casualties"] > 0 else 0 for s in schemes],
        "agenda_names": [a["name"] for a in data.agendas],
        "agenda_measure": [AGENDA_MEASURES.index(a["measure"]) for a in data.agendas],
        "rebel_pool": pool,
        "rules": dict(data.rules),
        "solo_mats": [{"start": PRIORITIES.index(m["start_priority"]), "cells": m["cells"]}
                      for m in data.solo_mats],
        "solo_cards": [{
            "locations": [idx[n] for n in c["locations"]],
            "build": [[STRUCTURES.index(x) for x in c[p + "_build"]] for p in PRIORITIES],
            "steps": [[(ADVISOR_ROWS.index(v), a, coin) for v, a, coin in c[p + "_steps"]] for p in PRIORITIES],
        } for c in data.solo_cards],
    }
