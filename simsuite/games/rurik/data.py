"""Load and check the Rurik data files (data/*.toml) on the shared data-file layer
(simsuite/datafiles.py), and pack them for the compiled core.

`FILES` declares Rurik's sections once; `load_data(overrides)` reads the shipped files, applies
a user's override files in order (an entry merges into the shipped one of the same key, a new key
adds one, `present = false` removes one) and checks every field. What stays here is Rurik's own:
its vocabularies, the cross-checks between entries (map symmetry, player-count split, the base
scheme deck, the solo cards) and `pack`, which lays the data out in the core's index orders
(`simsuite._rurik.RurikRules` turns it into C arrays). Every entry carries `source` and
`confidence` (seed / public-confirmed / public-single-source / unknown), an optional `note`, and
`provisional`: the names of its fields that rest on no confirmed source.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from simsuite import datafiles as df
from simsuite.errors import UserError

DATA_DIR = Path(__file__).with_name("data")
CONFIDENCE = ("seed", "public-confirmed", "public-single-source", "unknown")

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
SOLO_BONUSES = ("helmets", "boots", "swords", "carts", "hammers", "casualty_minus", "coins1", "coins2")
ADVISOR_ROWS = ("1", "2", "2*", "3*", "4", "5")


# ------------------------------------------------------------------ Rurik's field checkers

class Count(df.Int):
    """A small count; `true` counts as 1 (a requirement written as a flag, e.g. first_player_token)."""

    def __call__(self, v, name):
        return int(v) if isinstance(v, bool) else super().__call__(v, name)


def text_key(k, name):
    """An entry named by free text (region, leader and deed names are capitalised)."""
    if not isinstance(k, str) or not k.strip():
        raise df.Bad(f"{name} must be a non-empty string, not {df.show(k)}", "put the name in double quotes")
    return k


def _scheme_reward(v, name):
    if not isinstance(v, dict):
        raise df.Bad(f"{name} must be a table, not {df.show(v)}", "write it as { carts = 1, coins = 1 }")
    rest = {k: x for k, x in v.items() if k != "choice"}
    out = df.Map(SCHEME_REWARD, Count(0, 3))(rest, name)
    if "choice" in v:
        out["choice"] = df.Str()(v["choice"], f"{name}.choice")
    return out


PROV = df.ProvenanceFields(CONFIDENCE)
PROVISIONAL = (df.List(df.Str(), unique=True), [])   # names of the entry's provisional fields
_STEPS = df.List(df.Str(), length=6)
_SIDE = df.Table({"players": (df.List(df.Int(1, 4), unique=True), df.REQUIRED),
                  "icons": (df.List(df.List(df.Int(1, 4), length=6)), df.REQUIRED),
                  "cost": (df.List(df.List(df.Int(0, 2), length=6)), df.REQUIRED),
                  "source": (df.Str(), df.REQUIRED), "confidence": (df.Str(CONFIDENCE), df.REQUIRED),
                  "note": (df.Str(nonempty=False), ""), "provisional": PROVISIONAL})
_FIVE = df.List(df.Int(0, 15), length=5)

FILES = df.DataFiles(
    files=("map.toml", "leaders.toml", "deeds.toml", "schemes.toml", "agendas.toml", "rebels.toml",
           "rules.toml", "boards.toml", "solo.toml"),
    provenance=PROV,
    sections=(
        df.Section("region", "map.toml", {
            "players": (df.Int(2, 4), df.REQUIRED), "good": (df.Str(GOODS), df.REQUIRED),
            "neighbours": (df.List(df.Str(), unique=True), df.REQUIRED), "provisional": PROVISIONAL,
        }, key=text_key, array="name"),
        df.Section("leader", "leaders.toml", {
            "ability": (df.Str(ABILITIES), df.REQUIRED), "text": (df.Str(), df.REQUIRED),
            "provisional": PROVISIONAL,
        }, key=text_key, array="name"),
        df.Section("deed", "deeds.toml", {
            "vp": (df.Int(1, 2), df.REQUIRED), "pay": (df.Map(DEED_PAY, Count(0, 6)), {}),
            "need": (df.Map(DEED_NEED, Count(0, 15)), {}), "reward": (df.Map(DEED_REWARD, Count(0, 3)), {}),
            "provisional": PROVISIONAL,
        }, key=text_key, array="name"),
        df.Section("scheme", "schemes.toml", {
            "reward": (_scheme_reward, df.REQUIRED), "cost": (df.Int(0, 2), df.REQUIRED),
            "casualties": (df.Int(0, 2), df.REQUIRED), "base": (df.Bool(), df.REQUIRED),
            "provisional": PROVISIONAL,
        }, key=text_key, array="key"),
        df.Section("agenda", "agendas.toml", {
            "measure": (df.Str(AGENDA_MEASURES), df.REQUIRED), "provisional": PROVISIONAL,
        }, key=text_key, array="name"),
        df.Section("reward", "rebels.toml", {
            "kind": (df.Str(REBEL_REWARDS), df.REQUIRED), "amount": (df.Int(1, 3), df.REQUIRED),
            "count": (df.Int(1, 19), df.REQUIRED), "provisional": PROVISIONAL,
        }, key=text_key, array="key", what="rebel reward"),
        df.Section("rule", "rules.toml", {
            "value": (df.Bool(), df.REQUIRED), "text": (df.Str(), df.REQUIRED), "provisional": PROVISIONAL,
        }, key=df.choice_key(RULE_KEYS), array="key"),
        df.Section("strategy", "boards.toml", {
            "columns": (df.List(df.Str(ACTIONS), length=6, unique=True), df.REQUIRED),
            "side": (df.List(_SIDE, min_len=1), df.REQUIRED), "provisional": PROVISIONAL,
        }),
        df.Section("advisors", "boards.toml", {
            "rounds": (df.List(df.List(df.Int(1, 5)), length=4), df.REQUIRED),
            "rounds_four_players": (df.List(df.List(df.Int(1, 5)), length=4), df.REQUIRED),
            "provisional": PROVISIONAL,
        }),
        df.Section("claims", "boards.toml", {
            **{k: (_FIVE, df.REQUIRED) for k in ("vp", "rule", "build", "trade")},
            "warfare_vp": (df.List(df.Int(0, 9), length=2), df.REQUIRED),
            "rule_top_needs": (df.List(df.Str(), unique=True), df.REQUIRED), "provisional": PROVISIONAL,
        }),
        df.Section("household", "boards.toml", {
            "goods": (df.List(df.Str(GOODS), length=5, unique=True), df.REQUIRED),
            "boat": (df.List(df.Int(1, 5), length=5), df.REQUIRED),
            "start_coins": (df.Int(0, 20), df.REQUIRED), "troops": (df.Int(1, 15), df.REQUIRED),
            "structures_each": (df.Int(1, 3), df.REQUIRED), "provisional": PROVISIONAL,
        }),
        df.Section("mat", "solo.toml", {
            "start_priority": (df.Str(PRIORITIES), df.REQUIRED),
            **{p: (df.List(df.Str(), max_len=4), df.REQUIRED) for p in PRIORITIES},
            "provisional": PROVISIONAL,
        }, key=df.int_key(1, 4), array="level", what="mat"),
        df.Section("card", "solo.toml", {
            "locations": (df.List(df.Str(), unique=True, length=8), df.REQUIRED),
            **{p + "_build": (df.List(df.Str(STRUCTURES), length=3, unique=True), df.REQUIRED) for p in PRIORITIES},
            **{p + "_steps": (_STEPS, df.REQUIRED) for p in PRIORITIES},
            "disputed": (df.List(df.Str()), []), "provisional": PROVISIONAL,
        }, key=df.int_key(1, 18), array="number", what="card"),
    ),
)


@dataclass
class RurikData:
    """Checked Rurik data: one list of entries per section (file order, each entry with its key
    field), the boards' tables and the solo mats and cards parsed."""
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
    provisional: tuple = ()     # "<section> <entry>: <fields>" of every entry still provisional

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


def load_data(overrides: Sequence[Path] = (), data_dir: Path | str | None = None) -> RurikData:
    """Read and check the Rurik data files of `data_dir` (default: the shipped ones), with the
    user's override files applied in order."""
    loaded = FILES.load([Path(p) for p in overrides], Path(data_dir) if data_dir is not None else DATA_DIR)
    e = loaded.entries

    def rows(section, key_field):
        out = [{key_field: k, **v} for k, v in e[section].items()]
        for row in out:           # `provisional` names fields of the entry itself
            for name in row["provisional"]:
                if name not in row or name in ("source", "confidence", "note", "provisional"):
                    raise loaded.err(section, row[key_field], f"provisional names {name!r}, not one of its fields",
                                     df.did_you_mean(name, [k for k in row if k != key_field]))
        return out

    regions = rows("region", "name")
    _check_map(loaded, regions)
    leaders = rows("leader", "name")
    if [r["ability"] for r in leaders].count("rebel_lord") != 1:
        raise loaded.err_all("leader", 'exactly one leader needs ability = "rebel_lord" (Sviatopolk, who '
                             "leads the solo Rebels)", "fix the ability fields")
    schemes = rows("scheme", "key")
    _check_schemes(loaded, schemes)
    for section, n in (("deed", 26), ("agenda", 11), ("leader", 8)):
        if len(e[section]) != n:
            raise loaded.err_all(section, f"{len(e[section])} entries, the game has {n}", "add or remove entries")
    boards = _check_boards(loaded, [r["name"] for r in regions])
    mats = sorted(rows("mat", "level"), key=lambda m: m["level"])
    cards = _check_solo(loaded, mats, rows("card", "number"), regions)
    return RurikData(
        regions=regions, leaders=leaders, deeds=rows("deed", "name"), schemes=schemes,
        agendas=rows("agenda", "name"), rebel_rewards=rows("reward", "key"),
        rules={k: v["value"] for k, v in e["rule"].items()},
        boards=boards, solo_mats=mats, solo_cards=cards, provisional=_provisional(loaded))


def _provisional(loaded) -> tuple:
    """Every entry (and strategy-board side) that still names provisional fields."""
    out = []
    for name, sec in FILES.sections.items():
        entries = loaded.entries[name].items() if sec.keyed else [(None, loaded.entries[name])]
        for key, entry in entries:
            if entry["provisional"]:
                out.append(f"{sec.label(key)}: {', '.join(entry['provisional'])}")
    for side in loaded.entries["strategy"]["side"]:
        if side["provisional"]:
            out.append(f"[strategy] side {side['players']}: {', '.join(side['provisional'])}")
    return tuple(out)


def _check_map(loaded, regions: list[dict]) -> None:
    names = {r["name"]: i for i, r in enumerate(regions)}
    if "Kiev" not in names or regions[names["Kiev"]]["players"] != 2:
        raise loaded.err_all("region", "Kiev is missing or not on the 2-player map (the solo setup starts "
                             "there)", "restore it with players = 2")
    for r in regions:
        for n in r["neighbours"]:
            if n not in names:
                raise loaded.err("region", r["name"], f"neighbours names unknown region {n!r}",
                                 df.did_you_mean(n, names))
            if r["name"] not in regions[names[n]]["neighbours"]:
                raise loaded.err("region", r["name"], f"{n} is a neighbour but does not list {r['name']} back",
                                 f"add {r['name']!r} to {n}'s neighbours")
    for p, expect in ((2, 8), (3, 11), (4, 15)):
        have = sum(r["players"] <= p for r in regions)
        if have != expect:
            raise loaded.err_all("region", f"{have} regions in play with {p} players, the rulebook says {expect}",
                                 "fix the players field")


def _check_schemes(loaded, schemes: list[dict]) -> None:
    base = [s for s in schemes if s["base"]]
    if len(base) != 27:
        raise loaded.err_all("scheme", f"{len(base)} cards marked base = true, the base deck has 27",
                             "mark exactly 27")
    for s in base:
        if "choice" in s["reward"]:
            raise loaded.err("scheme", s["key"], "a choice reward cannot be in the base deck", "set base = false")


def _check_boards(loaded, region_names: list[str]) -> dict:
    e = loaded.entries
    if e["strategy"]["columns"] != list(ACTIONS):
        raise loaded.err("strategy", None, f"columns must be {list(ACTIONS)} (the core's action order)",
                         "reorder them")
    sides = {}
    for side in e["strategy"]["side"]:
        if len(side["cost"]) != len(side["icons"]) or not 3 <= len(side["icons"]) <= 4:
            raise loaded.err("strategy", None, f"the side for {side['players']} players needs the same "
                             "3 or 4 rows of icons and cost", "give one row per slot")
        for p in side["players"]:
            sides[p] = {"icons": side["icons"], "cost": side["cost"]}
    for p in (1, 2, 3, 4):
        if p not in sides:
            raise loaded.err("strategy", None, f"no side for {p} players", "add it to a side's players list")
    c = dict(e["claims"])
    for k in ("vp", "rule", "build", "trade"):
        if c[k] != sorted(c[k]):
            raise loaded.err("claims", None, f"{k} must not decrease from space 1 to space 5", "sort it")
    for n in c["rule_top_needs"]:
        if n not in region_names:
            raise loaded.err("claims", None, f"rule_top_needs names unknown region {n!r}",
                             df.did_you_mean(n, region_names))
    house = e["household"]
    if house["goods"] != list(GOODS):
        raise loaded.err("household", None, f"goods must be {list(GOODS)} (the core's order)", "reorder them")
    return {"sides": sides, "rounds": e["advisors"]["rounds"],
            "rounds_four_players": e["advisors"]["rounds_four_players"], "claims": c,
            **{k: house[k] for k in ("boat", "start_coins", "troops", "structures_each")}}


def _mat_cell(loaded, level, cell: str, column: str) -> tuple[int, int, bool]:
    trig, _, rest = cell.partition(">")
    bonus, _, lock = rest.partition(":")
    if trig not in ACTIONS or bonus not in SOLO_BONUSES or lock not in ("L", "U"):
        raise loaded.err("mat", level, f"{column} cell {cell!r} is not 'action>bonus:L' or ':U' with a bonus "
                         f"in {', '.join(SOLO_BONUSES)}", 'write e.g. "attack>swords:L"')
    return ACTIONS.index(trig), SOLO_BONUSES.index(bonus), lock == "L"


def _card_step(loaded, number, step: str, column: str) -> tuple[str, int, bool]:
    parts = step.split()
    if len(parts) not in (2, 3) or parts[0] not in ADVISOR_ROWS or parts[1] not in ACTIONS \
            or (len(parts) == 3 and parts[2] != "$"):
        raise loaded.err("card", number, f"{column} step {step!r} is not '<advisor> <action>' with an "
                         "optional ' $'", 'write e.g. "2* attack $"')
    return parts[0], ACTIONS.index(parts[1]), len(parts) == 3


def _check_solo(loaded, mats: list[dict], cards: list[dict], regions: list[dict]) -> list[dict]:
    """Check the difficulty mats and the 18 Rebel cards; return the cards parsed."""
    green = [r["name"] for r in regions if r["players"] <= 2]
    if [m["level"] for m in mats] != [1, 2, 3, 4]:
        raise loaded.err_all("mat", f"levels {[m['level'] for m in mats]}, expected 1, 2, 3, 4",
                             "give one mat per level")
    for m in mats:
        m["cells"] = [[_mat_cell(loaded, m["level"], c, p) for c in m[p]] for p in PRIORITIES]
    if len(cards) != 18:
        raise loaded.err_all("card", f"{len(cards)} Rebel cards, the seed has 18", "restore the file")
    out = []
    for c in cards:
        for n in c["locations"]:
            if n not in green:
                raise loaded.err("card", c["number"], f"location {n!r} is not on the 2-player map",
                                 df.did_you_mean(n, green))
        row = {"number": c["number"], "locations": c["locations"]}
        for p in PRIORITIES:
            row[p + "_build"] = c[p + "_build"]
            row[p + "_steps"] = [_card_step(loaded, c["number"], x, p + "_steps") for x in c[p + "_steps"]]
            if sorted(x[0] for x in row[p + "_steps"]) != sorted(ADVISOR_ROWS):
                raise loaded.err("card", c["number"], f"{p}_steps must name each advisor 1, 2, 2*, 3*, 4, 5 once",
                                 "fix the steps")
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
