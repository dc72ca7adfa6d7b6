"""Rulebook 002 "ПОЯСНЕНИЯ К КАРТОЧКАМ" (digest §10.3-10.6): the clarified cards whose effect the
data knows in full. (Cards whose effect is only partly known are provisional: STATUS.md.)
"""
from tests.imperial_settlers.helpers import do, labels, position, tok


def test_ruins_are_free_colourless_and_still_take_the_turn():
    # "«Руины». Эта локация строится бесплатно, но вы всё равно тратите ход ... нет цвета".
    g = position(["romans", "barbarians"])
    g.add_location(0, "Canteen")           # "each time you build a pink location"
    g.give_card(0, "Ruins")
    g.start_actions(0)
    do(g, "build Ruins")
    assert g.current_player == 1
    assert sum(tok(g, 0).values()) == 0      # nothing paid, no colour triggered


def test_desert_is_free_and_gives_two_cards():
    # "«Пустыня». Эта локация строится бесплатно" (build bonus 2 cards: reference egy001).
    g = position(["egyptians", "romans"])
    g.give_card(0, "Desert")
    g.start_actions(0)
    do(g, "build Desert")
    do(g, "draw from the common deck")
    do(g, "draw from the faction deck")
    assert len(g.player(0)["hand"]) == 2 and g.current_player == 1


def test_ruins_pay_a_faction_cards_discard():
    g = position(["romans", "barbarians"], tokens={"food": 1})
    g.add_location(0, "Ruins")
    g.give_card(0, "Legion")
    g.start_actions(0)
    do(g, "build Legion")
    do(g, "Ruins (slot 0)")
    do(g, "draw from the common deck") if g.decision_name == "card_source" else None
    assert [l["name"] for l in g.player(0)["locations"]] == ["Legion"]


def test_saboteurs_take_a_resource_not_gold_and_not_from_a_passed_player():
    # "«Диверсанты»... забрать 1 ресурс из личного запаса любого игрока".
    g = position(["barbarians", "romans", "egyptians"], tokens={"worker": 1})
    g.set_tokens(1, gold=3)
    g.set_tokens(2, food=1)
    g.add_location(0, "bar010")
    g.set_passed(2)
    g.start_actions(0)
    assert "use Saboteurs" not in labels(g)        # seat 1 only has gold, seat 2 passed
    g.set_passed(2, False)
    g.refresh()
    do(g, "use Saboteurs")
    assert set(labels(g)) == {"take 1 food from seat 2"}
    do(g, "take 1 food from seat 2")
    assert (tok(g, 0, "food"), tok(g, 2, "food")) == (1, 0)


def test_provisional_cards_play_their_known_parts_and_are_counted():
    # Barbarian Altar (bar004): action effect unknown -> provisional: it can be built (2 wood
    # + a location) and dealt, but offers no action; playing it is counted as provisional.
    g = position(["barbarians", "romans"], tokens={"wood": 2, "food": 1})
    g.add_location(0, "Quarry")
    g.give_card(0, "Barbarian Altar")
    g.give_card(0, "Barbarian Altar")
    g.set_passed(1)
    g.start_actions(0)
    do(g, "build Barbarian Altar")
    do(g, "Quarry (slot 0)")
    assert not any(k.startswith("use") for k in labels(g))
    do(g, "deal with Barbarian Altar")
    p = g.player(0)
    assert (p["played"], p["played_provisional"]) == (2, 2)
