"""Load, check and pack the Imperial Settlers data files for the compiled core.

Files in `data/` (TOML): cards.toml ([card.<id>] entries), factions.toml ([faction.<name>]),
solo.toml ([solo]) and rules.toml ([rules]), read through simsuite's data-file layer
(simsuite/datafiles.py). A user card file may hold any of these sections: an entry with a
known key is updated field by field (tables merge key by key: `cost = { wood = 3 }` changes
the wood and keeps the stone; write `stone = 0` to drop it), a new key adds a card (it must
then be complete), `present = false` removes one. The merged data is checked exactly like the
shipped files; a problem is a one-line `UserError` naming the file, the card and the field.
This module keeps only the game's vocabulary, its cross-checks and the packing.

`pack(data)` turns checked data into the plain lists `simsuite._imperial_settlers.SettlersRules`
reads; `load_rules(...)` does both and builds the core's rules.
"""
from __future__ import annotations

from pathlib import Path

from simsuite import datafiles as df
from simsuite.errors import UserError

DATA_DIR = Path(__file__).with_name("data")

# Orders shared with the core (ext/imperial_settlers/state.pxd); never reorder.
GOODS = ("wood", "stone", "food", "worker", "gold", "raze", "defence", "vp", "card",
         "common_card", "faction_card")
TOKENS = GOODS[:7]
FACTIONS = ("barbarians", "romans", "egyptians", "japanese")
DECKS = ("common",) + FACTIONS
COLOURS = ("black", "purple", "blue", "brown", "gold", "red", "pink", "grey")
TYPES = ("production", "feature", "action")
CONFIDENCE = ("seed", "public-confirmed", "public-single-source", "unknown")
PRODUCTION_OPS = {"repeat_production": 1, "faction_card_1_of_2": 2}
BUILD_OPS = {"place_2_samurai": 1}
FEATURE_WHEN = {"build": 1, "raze": 2, "opponent_trades": 3}
ACTION_OPS = {"build_faction_location": 1, "use_other_action": 2, "deal_good_again": 3,
              "repeat_production": 4, "steal_resource": 5, "raze_opponent_location": 6,
              "raze_ignoring_guards": 7, "take_from_raze_yield": 8, "raze_own_location": 9,
              "remove_opponent_location": 10, "cancel_opponent_deal": 11, "foundation_from_hand": 12,
              "build_from_deals": 13, "take_opponent_deal": 14, "trade_route": 15,
              "capture_location": 16}
HOLDS = {"cards": 1, "resources": 2}
COUNTED = COLOURS + ("samurai",)
SAMURAI = len(COLOURS)          # CNT_SAMURAI in the core
MAX_CARDS, MAX_KINDS, MAX_COMMON, MAX_FDECK = 320, 192, 200, 64
REQ = df.REQUIRED


def counts(keys, hi: int = 20) -> df.Map:
    """A table of small counts keyed by names from `keys` (e.g. goods)."""
    return df.Map(tuple(keys), df.Int(0, hi))


_PER = df.Table({"count": (df.Str(COUNTED), REQ), "gain": (df.Str(GOODS), REQ), "max": (df.Int(1, 20), REQ)})
CARD_FIELDS = {
    "name": (df.Str(), REQ), "deck": (df.Str(DECKS), REQ), "ids": (df.Str(), ""),
    "copies": (df.Int(1, 9), REQ), "type": (df.Str(TYPES), REQ),
    "colour": (df.List(df.Str(COLOURS), max_len=3), REQ),
    "cost": (counts(("wood", "stone", "food", "location"), 9), REQ),
    "raze": (counts(GOODS, 4), REQ), "deal": (counts(GOODS, 4), {}), "vp": (df.Int(0, 20), REQ),
    "production": (counts(GOODS), None), "production_per": (_PER, None),
    "production_op": (df.Str(tuple(PRODUCTION_OPS)), None),
    "production_choice": (df.List(counts(GOODS), max_len=2), None),
    "build_bonus": (counts(GOODS), {}), "build_bonus_per": (_PER, None),
    "build_op": (df.Str(tuple(BUILD_OPS)), None),
    "feature": (df.Table({"when": (df.Str(tuple(FEATURE_WHEN)), REQ), "count": (df.Str(COLOURS), None),
                          "gain": (counts(GOODS), REQ)}), None),
    "action": (df.Table({"pay": (counts(TOKENS + ("card", "deal"), 7), REQ), "gain": (counts(GOODS), REQ),
                         "uses": (df.Int(1, 2), REQ), "op": (df.Str(tuple(ACTION_OPS)), None)}), None),
    "hold": (df.Table({"what": (df.Str(tuple(HOLDS)), REQ), "vp": (df.Int(0, 9), 0), "every": (df.Int(1, 9), 1),
                       "max": (df.Int(0, 20), 0), "returns": (df.Bool(), False)}), None),
    "unknown": (df.Str(), None), "disagreement": (df.Str(), None),
}
FACTION_FIELDS = {"production": (counts(TOKENS), REQ), "keeps": (df.Str(TOKENS), REQ),
                  "razeable_cards": (df.Bool(), False), "samurai": (df.Bool(), False)}
SOLO_FIELDS = {
    "attack_cards": (counts(GOODS, 16), REQ), "attack_cards_source": (df.Str(), ""),
    "attack_cards_confidence": (df.Str(CONFIDENCE), "seed"),
    "attack_cards_provisional": (df.Bool(), False), "attacks_per_round": (df.Int(0, 4), REQ),
    "achievement": (df.List(df.Table({"title": (df.Str(), REQ), "min": (df.Int(0, 500), REQ)}),
                            min_len=1), REQ),
}
RULES_FIELDS = {k: (df.Int(0, 9), REQ) for k in (
    "rounds", "start_common_cards", "start_faction_cards", "deal_food", "raze_hand_tokens",
    "raze_location_tokens", "trade_workers", "foundation_wood", "capture_tokens", "common_location_vp",
    "faction_location_vp")}

FILES = df.DataFiles(
    files=("cards.toml", "factions.toml", "solo.toml", "rules.toml"),
    provenance=df.ProvenanceFields(CONFIDENCE, must_be_provisional=("unknown",)),
    sections=(
        df.Section("card", "cards.toml", CARD_FIELDS, key=df.name_key),
        df.Section("faction", "factions.toml", FACTION_FIELDS, key=df.choice_key(FACTIONS), adds=False),
        df.Section("solo", "solo.toml", SOLO_FIELDS),
        df.Section("rules", "rules.toml", RULES_FIELDS),
    ))


def _plain(entry: dict) -> dict:
    """A checked entry without its unset optional fields (None)."""
    return {k: v for k, v in entry.items() if v is not None}


def load_data(user_file: str | Path | None = None) -> dict:
    """The shipped data merged with `user_file` (if any), checked; sections -> entries."""
    loaded = FILES.load([Path(user_file)] if user_file is not None else [], DATA_DIR)
    cards = {key: _plain(c) for key, c in loaded.entries["card"].items()}
    for key, c in cards.items():
        _check_card_logic(loaded, key, c)
    factions = loaded.entries["faction"]
    missing = [f for f in FACTIONS if f not in factions]
    if missing:
        raise loaded.err("faction", missing[0], "is missing", "every faction needs its board")
    solo, rules = loaded.entries["solo"], loaded.entries["rules"]
    n_attack = sum(solo["attack_cards"].values())
    if not 1 <= n_attack <= 32:
        raise loaded.err("solo", None, f"attack_cards has {n_attack} cards", "give 1 to 32")
    for key, c in cards.items():
        want = rules["common_location_vp"] if c["deck"] == "common" else rules["faction_location_vp"]
        if c["vp"] != want:
            raise loaded.err("card", key, f"vp is {c['vp']}, but every "
                             f"{'common' if c['deck'] == 'common' else 'faction'} location scores {want} "
                             "(rules.toml)", "extra end-game VP come from what the location holds: "
                             "hold = { what = \"cards\", vp = 1 }")
    _check_decks(loaded, cards)
    return {"card": cards, "faction": factions, "solo": solo, "rules": rules}


def _check_card_logic(loaded, key: str, c: dict) -> None:
    """What one card's fields must agree on (beyond each field's own check)."""
    def bad(field, problem, fix):
        raise loaded.err("card", key, f"{field} {problem}", fix)
    typ = c["type"]
    for field in ("production", "production_per", "production_op", "production_choice"):
        if field in c and typ != "production":
            bad(field, f"is given but the card is a {typ} location", "remove it or set type = \"production\"")
    if "feature" in c and typ != "feature":
        bad("feature", f"is given but the card is a {typ} location", "remove it or set type = \"feature\"")
    if "action" in c and typ != "action":
        bad("action", f"is given but the card is a {typ} location", "remove it or set type = \"action\"")
    if c["deck"] == "common" and sum(c["deal"].values()):
        bad("deal", "is given for a common card", "only faction cards make deals")
    if c["deck"] != "common" and sum(1 for v in c["deal"].values() if v) > 1:
        bad("deal", "names more than one good", "a deal gives one good")
    if c["deck"] == "common" and c["cost"].get("location"):
        bad("cost.location", "is given for a common card", "only faction cards discard a location to build")
    if sum(c["raze"].values()) > 4:
        bad("raze", "has more than 4 goods", "give at most 4")
    h = c.get("hold")
    if h and typ != "feature":
        bad("hold", f"is given but the card is a {typ} location", "remove it or set type = \"feature\"")
    if h and h["returns"] and h["what"] != "resources":
        bad("hold.returns", "is true but the card holds cards", "only resources come back to the supply")
    f = c.get("feature")
    if f and f["when"] == "build" and f.get("count") is None:
        bad("feature.count", "is missing", "name the colour whose building triggers it")
    if "production_choice" in c and len(c["production_choice"]) != 2:
        bad("production_choice", "must list exactly 2 goods tables", "write [{ ... }, { ... }]")
    if c.get("provisional") and "unknown" not in c:
        bad("unknown", "is missing on a provisional card", "say which part of the card is not known")


def _check_decks(loaded, cards: dict) -> None:
    sizes = {d: 0 for d in DECKS}
    for c in cards.values():
        sizes[c["deck"]] += c["copies"]
    if len(cards) > MAX_KINDS or sum(sizes.values()) > MAX_CARDS:
        raise loaded.err_all("card", f"{len(cards)} entries / {sum(sizes.values())} cards exceed the "
                             f"core's {MAX_KINDS} / {MAX_CARDS}", "remove some")
    for d, n in sizes.items():
        cap = MAX_COMMON if d == "common" else MAX_FDECK
        if not 1 <= n <= cap:
            raise loaded.err_all("card", f"the {d} deck has {n} cards", f"it needs 1 to {cap}")


# ----------------------------------------------------------------- packing

def _vec(goods: dict) -> list[int]:
    return [int(goods.get(g, 0)) for g in GOODS]


def _per_fields(prefix: str, per: dict | None) -> dict:
    if not per:
        return {f"{prefix}_count": -1, f"{prefix}_good": 0, f"{prefix}_max": 0}
    return {f"{prefix}_count": COUNTED.index(per["count"]), f"{prefix}_good": GOODS.index(per["gain"]),
            f"{prefix}_max": per["max"]}


def pack_kind(key: str, c: dict) -> dict:
    icons = [GOODS.index(g) for g in GOODS for _ in range(c["raze"].get(g, 0))]
    deal = [(g, n) for g, n in c.get("deal", {}).items() if n]
    prod_choice = [_vec(x) for x in c.get("production_choice", [{}, {}])]
    action = c.get("action", {"pay": {}, "gain": {}, "uses": 0})
    pay = dict(action["pay"])
    feature = c.get("feature", {})
    kind = {
        "key": key, "name": c["name"], "deck": DECKS.index(c["deck"]), "type": TYPES.index(c["type"]),
        "colours": sum(1 << COLOURS.index(col) for col in c["colour"]),
        "cost": [c["cost"].get("wood", 0), c["cost"].get("stone", 0), c["cost"].get("food", 0)],
        "cost_location": c["cost"].get("location", 0),
        "raze": _vec(c["raze"]), "can_raze": int(bool(icons)), "raze_icons": icons, "n_raze_icons": len(icons),
        "deal_good": GOODS.index(deal[0][0]) if deal else -1, "deal_n": deal[0][1] if deal else 0,
        "vp": c["vp"], "prod": _vec(c.get("production", {})),
        "prod_op": 3 if "production_choice" in c else PRODUCTION_OPS.get(c.get("production_op"), 0),
        "prod_choice": prod_choice, "bonus": _vec(c.get("build_bonus", {})),
        "build_op": BUILD_OPS.get(c.get("build_op"), 0),
        "feat_when": FEATURE_WHEN.get(feature.get("when"), 0),
        "feat_count": COLOURS.index(feature["count"]) if feature.get("count") else 0,
        "feat_gain": _vec(feature.get("gain", {})),
        "act_pay_deal": pay.pop("deal", 0), "act_pay": _vec(pay), "act_gain": _vec(action["gain"]),
        "act_uses": action["uses"], "act_op": ACTION_OPS.get(action.get("op"), 0),
        "provisional": int(bool(c.get("provisional"))),
    }
    hold = c.get("hold") or {"what": None, "vp": 0, "every": 0, "max": 0, "returns": False}
    kind.update(hold=HOLDS.get(hold["what"], 0), hold_vp=hold["vp"], hold_every=hold["every"],
                hold_max=hold["max"], hold_returns=int(hold["returns"]))
    kind.update(_per_fields("prod_per", c.get("production_per")))
    kind.update(_per_fields("bonus_per", c.get("build_bonus_per")))
    return kind


def pack(data: dict) -> dict:
    """Checked data -> the plain lists the core's SettlersRules reads."""
    kinds, card_kind, deck_cards = [], [], [[] for _ in DECKS]
    for key, c in data["card"].items():
        k = len(kinds)
        kinds.append(pack_kind(key, c))
        for _ in range(c["copies"]):
            deck_cards[kinds[-1]["deck"]].append(len(card_kind))
            card_kind.append(k)
    fac = [data["faction"][f] for f in FACTIONS]
    solo = data["solo"]
    attack = [GOODS.index(g) for g in GOODS for _ in range(solo["attack_cards"].get(g, 0))]
    return {
        "kinds": kinds, "card_kind": card_kind, "deck_cards": deck_cards,
        "board": [[f["production"].get(g, 0) for g in TOKENS] for f in fac],
        "keeps": [TOKENS.index(f["keeps"]) for f in fac],
        "razeable_cards": [int(f.get("razeable_cards", False)) for f in fac],
        "samurai": [int(f.get("samurai", False)) for f in fac],
        "attack_goods": attack, "attack_provisional": int(solo.get("attack_cards_provisional", False)),
        "attacks_per_round": solo["attacks_per_round"],
        "achievement": sorted((a["min"], a["title"]) for a in solo["achievement"]),
        "rules": data["rules"],
    }


LOOKOUTS = ("normal", "alternative", "advanced")


def load_rules(user_file: str | Path | None = None, lookout: str = "normal", peaceful: bool = False):
    """The compiled core's rules for this data (and user file) and these variant switches:
    `lookout` "normal", "alternative" (draft) or "advanced"; `peaceful` the peaceful variant."""
    from simsuite import _imperial_settlers as core
    if lookout not in LOOKOUTS:
        raise UserError(f"lookout variant {lookout!r} is unknown; {df.did_you_mean(lookout, LOOKOUTS)}")
    if not isinstance(peaceful, bool):
        raise UserError(f"peaceful must be true or false, not {peaceful!r}; write true or false")
    return core.SettlersRules(pack(load_data(user_file)), lookout=lookout, peaceful=peaceful)
