"""Load, check and pack the Imperial Settlers data files for the compiled core.

Files in `data/` (TOML): cards.toml ([card.<id>] entries), factions.toml ([faction.<name>]),
solo.toml ([solo]) and rules.toml ([rules]). A user file may hold any of these sections: an
entry with a known key is updated field by field, a new key adds a card (it must be
complete), `present = false` removes one; a field's new value replaces the old one whole
(`cost = { wood = 3 }` makes the cost 3 wood; see datafile.merge_sections). The merged data is
checked exactly like the shipped files; a problem is a one-line `UserError` naming the file,
the entry and the field.

`pack(data)` turns checked data into the plain lists `simsuite._imperial_settlers.SettlersRules`
reads; `load_rules(...)` does both and builds the core's rules.
"""
from __future__ import annotations

from pathlib import Path

from simsuite.errors import UserError
from simsuite.games.imperial_settlers.datafile import (
    boolean, check_entry, counts, integer, list_of, merge_sections, read_toml, suggest, table, text,
)

DATA_DIR = Path(__file__).with_name("data")
FILES = ("cards.toml", "factions.toml", "solo.toml", "rules.toml")
SECTIONS = ("card", "faction", "solo", "rules")

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
              "build_from_deals": 13}
COUNTED = COLOURS + ("samurai",)
SAMURAI = len(COLOURS)          # CNT_SAMURAI in the core
MAX_CARDS, MAX_KINDS, MAX_COMMON, MAX_FDECK = 320, 192, 200, 64

_per = table({"count": text(COUNTED), "gain": text(GOODS), "max": integer(1, 20)},
             required=("count", "gain", "max"))
CARD_FIELDS = {
    "name": text(), "deck": text(DECKS), "ids": text(), "copies": integer(1, 9),
    "type": text(TYPES), "colour": list_of(text(COLOURS), 3),
    "cost": counts(("wood", "stone", "food", "location"), 9),
    "raze": counts(GOODS, 4), "deal": counts(GOODS, 4), "vp": integer(0, 20),
    "production": counts(GOODS), "production_per": _per,
    "production_op": text(PRODUCTION_OPS), "production_choice": list_of(counts(GOODS), 2),
    "build_bonus": counts(GOODS), "build_bonus_per": _per, "build_op": text(BUILD_OPS),
    "feature": table({"when": text(FEATURE_WHEN), "count": text(COLOURS), "gain": counts(GOODS)},
                     required=("when", "gain")),
    "action": table({"pay": counts(TOKENS + ("card", "deal"), 7), "gain": counts(GOODS),
                     "uses": integer(1, 2), "op": text(ACTION_OPS)}, required=("pay", "gain", "uses")),
    "source": text(), "confidence": text(CONFIDENCE), "provisional": boolean(), "unknown": text(),
    "disagreement": text(), "note": text(), "present": boolean(),
}
CARD_REQUIRED = ("name", "deck", "copies", "type", "colour", "cost", "raze", "vp", "source", "confidence")
FACTION_FIELDS = {"production": counts(TOKENS), "keeps": text(TOKENS), "razeable_cards": boolean(),
                  "samurai": boolean(), "source": text(), "confidence": text(CONFIDENCE),
                  "present": boolean()}
SOLO_FIELDS = {"attack_cards": counts(GOODS, 16), "attack_cards_source": text(),
               "attack_cards_confidence": text(CONFIDENCE), "attack_cards_provisional": boolean(),
               "attacks_per_round": integer(0, 4), "source": text(), "confidence": text(CONFIDENCE),
               "achievement": list_of(table({"title": text(), "min": integer(0, 500)}, ("title", "min")))}
RULES_FIELDS = {k: integer(0, 9) for k in (
    "rounds", "start_common_cards", "start_faction_cards", "deal_food", "raze_hand_tokens",
    "raze_location_tokens", "trade_workers", "foundation_wood", "common_location_vp",
    "faction_location_vp")} | {"source": text(), "confidence": text(CONFIDENCE)}


def load_data(user_file: str | Path | None = None) -> dict:
    """The shipped data merged with `user_file` (if any), checked; sections -> entries."""
    data: dict = {}
    origin: dict[str, str] = {}
    for name in FILES:
        path = DATA_DIR / name
        raw = read_toml(path)
        for section, entries in raw.items():
            if section == "meta":
                continue
            data[section] = entries
            for key in entries:
                origin[f"{section}.{key}"] = name
            origin[section] = name
    if user_file is not None:
        merge_sections(data, origin, read_toml(user_file), str(user_file), SECTIONS, single=("solo", "rules"))
    return _check(data, origin)


def _check(data: dict, origin: dict) -> dict:
    cards = {}
    for key, entry in data.get("card", {}).items():
        where = f"{origin.get('card.' + key, 'cards.toml')}: card.{key}"
        e = check_entry(where, entry, CARD_FIELDS, CARD_REQUIRED)
        _check_card_logic(where, e)
        cards[key] = e
    factions = {}
    for key, entry in data.get("faction", {}).items():
        where = f"{origin.get('faction.' + key, 'factions.toml')}: faction.{key}"
        if key not in FACTIONS:
            raise UserError(f"{where}: unknown faction; the core knows {', '.join(FACTIONS)}")
        factions[key] = check_entry(where, entry, FACTION_FIELDS, ("production", "keeps", "source", "confidence"))
    missing = [f for f in FACTIONS if f not in factions]
    if missing:
        raise UserError(f"factions.toml: faction.{missing[0]} is missing; every faction needs its board")
    solo = check_entry(f"{origin.get('solo', 'solo.toml')}: solo", data.get("solo", {}), SOLO_FIELDS,
                       ("attack_cards", "attacks_per_round", "achievement", "source", "confidence"))
    n_attack = sum(solo["attack_cards"].values())
    if not 1 <= n_attack <= 32:
        raise UserError(f"{origin.get('solo')}: solo: attack_cards has {n_attack} cards; give 1 to 32")
    rules = check_entry(f"{origin.get('rules', 'rules.toml')}: rules", data.get("rules", {}), RULES_FIELDS,
                        tuple(k for k in RULES_FIELDS if k not in ("source", "confidence")))
    for key, c in cards.items():
        want = rules["common_location_vp"] if c["deck"] == "common" else rules["faction_location_vp"]
        if c["vp"] != want:
            raise UserError(f"{origin.get('card.' + key)}: card.{key}: vp is {c['vp']}, but every "
                            f"{'common' if c['deck'] == 'common' else 'faction'} location scores {want} "
                            f"(rules.toml); extra end-game VP are not supported yet")
    _check_decks(cards, origin)
    return {"card": cards, "faction": factions, "solo": solo, "rules": rules}


def _check_card_logic(where: str, c: dict) -> None:
    def bad(field, problem, fix):
        raise UserError(f"{where}: {field} {problem}; {fix}")
    typ = c["type"]
    for field in ("production", "production_per", "production_op", "production_choice"):
        if field in c and typ != "production":
            bad(field, f"is given but the card is a {typ} location", "remove it or set type = \"production\"")
    if "feature" in c and typ != "feature":
        bad("feature", f"is given but the card is a {typ} location", "remove it or set type = \"feature\"")
    if "action" in c and typ != "action":
        bad("action", f"is given but the card is a {typ} location", "remove it or set type = \"action\"")
    if c["deck"] == "common" and sum(c.get("deal", {}).values()):
        bad("deal", "is given for a common card", "only faction cards make deals")
    if c["deck"] != "common" and sum(1 for v in c.get("deal", {}).values() if v) > 1:
        bad("deal", "names more than one good", "a deal gives one good")
    if c["deck"] == "common" and c["cost"].get("location"):
        bad("cost.location", "is given for a common card", "only faction cards discard a location to build")
    if sum(c["raze"].values()) > 4:
        bad("raze", "has more than 4 goods", "give at most 4")
    f = c.get("feature")
    if f and f["when"] == "build" and "count" not in f:
        bad("feature.count", "is missing", "name the colour whose building triggers it")
    if "production_choice" in c and len(c["production_choice"]) != 2:
        bad("production_choice", "must list exactly 2 goods tables", "write [{ ... }, { ... }]")
    if c["confidence"] == "unknown" and not c.get("provisional"):
        bad("provisional", "must be true when confidence is \"unknown\"", "add provisional = true")
    if c.get("provisional") and "unknown" not in c:
        bad("unknown", "is missing on a provisional card", "say which part of the card is not known")


def _check_decks(cards: dict, origin: dict) -> None:
    sizes = {d: 0 for d in DECKS}
    for c in cards.values():
        sizes[c["deck"]] += c["copies"]
    if len(cards) > MAX_KINDS or sum(sizes.values()) > MAX_CARDS:
        raise UserError(f"cards: {len(cards)} entries / {sum(sizes.values())} cards exceed the core's "
                        f"{MAX_KINDS} / {MAX_CARDS}; remove some")
    for d, n in sizes.items():
        cap = MAX_COMMON if d == "common" else MAX_FDECK
        if not 1 <= n <= cap:
            raise UserError(f"cards: the {d} deck has {n} cards; it needs 1 to {cap}")


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
        "feat_count": COLOURS.index(feature["count"]) if "count" in feature else 0,
        "feat_gain": _vec(feature.get("gain", {})),
        "act_pay_deal": pay.pop("deal", 0), "act_pay": _vec(pay), "act_gain": _vec(action["gain"]),
        "act_uses": action["uses"], "act_op": ACTION_OPS.get(action.get("op"), 0),
        "provisional": int(bool(c.get("provisional"))),
    }
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
        raise UserError(f"lookout variant {lookout!r} is unknown; {suggest(lookout, LOOKOUTS)}")
    if not isinstance(peaceful, bool):
        raise UserError(f"peaceful must be true or false, not {peaceful!r}; write true or false")
    return core.SettlersRules(pack(load_data(user_file)), lookout=lookout, peaceful=peaceful)
