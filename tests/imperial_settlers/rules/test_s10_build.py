"""Rulebook 002 "ПОСТРОИТЬ ЛОКАЦИЮ", "ТИПЫ ЛОКАЦИЙ", "СТОИМОСТЬ СТРОИТЕЛЬСТВА" (digest §6.1):
pay the cost from your supply, place the location; a production location produces at once;
build bonuses; faction cards that also discard a location (or a foundation, or one already
activated this round, with whatever lies on it).

Card values are the reference's (shared/reference/imperial-settlers/cards.md), restated here.
"""
from tests.imperial_settlers.helpers import do, hand_names, labels, loc_names, position, tok


def test_worked_example_guard_tower():
    # "Пример постройки локации": Maria (Barbarians) builds Guard Tower, paying 2 wood and
    # discarding her Mill; being a production location it gives 1 raze token and 1 worker.
    g = position(["barbarians", "japanese"], tokens={"wood": 2})
    g.add_location(0, "Mill")
    g.give_card(0, "Guard Tower")
    g.start_actions(0)
    do(g, "build Guard Tower")
    assert g.decision_name == "build_discard"
    do(g, "Mill (slot 0)")
    assert loc_names(g, 0) == ["Guard Tower"]
    t = tok(g, 0)
    assert (t["wood"], t["raze"], t["worker"]) == (0, 1, 1)
    assert "Mill" in [g.card_name(c) for c in range(g.rules.n_cards)
                      if g.card_zones()[0].get(c) == "common discard"]
    assert g.events()[-5:] == ["seat 0 discards Mill to build", "seat 0 pays 2 wood",
                               "seat 0 builds Guard Tower", "seat 0 gains 1 worker", "seat 0 gains 1 raze"]


def test_common_location_costs_its_resources():
    # "Дровяной склад": 2 wood + 1 stone. With 2 wood + 0 stone it cannot be built.
    g = position(["romans", "barbarians"], tokens={"wood": 2})
    g.give_card(0, "Wood Storage")
    g.start_actions(0)
    assert "build Wood Storage" not in labels(g)
    g.set_tokens(0, stone=1)
    g.refresh()
    do(g, "build Wood Storage")
    assert (tok(g, 0, "wood"), tok(g, 0, "stone")) == (0, 0)
    assert loc_names(g, 0) == ["Wood Storage"]


def test_gold_replaces_any_resource_but_not_the_reverse():
    # "ОСНОВНЫЕ ПРАВИЛА": gold pays for any resource. Wood Storage (2 wood + 1 stone) with
    # 1 wood and 2 gold: the only way is the wood and 2 gold (for 1 wood + 1 stone).
    g = position(["romans", "barbarians"], tokens={"wood": 1, "gold": 2})
    g.give_card(0, "Wood Storage")
    g.start_actions(0)
    do(g, "build Wood Storage")
    assert (tok(g, 0, "wood"), tok(g, 0, "gold")) == (0, 0)
    # 3 wood cannot pay a stone-only cost: Monument costs 1 stone.
    g = position(["romans", "barbarians"], tokens={"wood": 3})
    g.give_card(0, "Monument")
    g.start_actions(0)
    assert "build Monument" not in labels(g)


def test_the_player_chooses_whether_gold_replaces_a_resource_held():
    # Gold "можно заменить 1 любой ресурс": with 2 wood, 1 stone and 2 gold, Wood Storage
    # (2 wood + 1 stone) may be paid in 5 ways: gold for 0-2 wood and 0-1 stone, 2 gold at most.
    g = position(["romans", "barbarians"], tokens={"wood": 2, "stone": 1, "gold": 2})
    g.give_card(0, "Wood Storage")
    g.start_actions(0)
    do(g, "build Wood Storage")
    assert g.decision_name == "pay_gold"
    assert set(labels(g)) == {"pay without gold", "pay gold for 1 wood", "pay gold for 2 wood",
                              "pay gold for 1 stone", "pay gold for 1 wood, 1 stone"}
    do(g, "pay gold for 1 stone")
    t = tok(g, 0)
    assert (t["wood"], t["stone"], t["gold"]) == (0, 1, 1)
    assert loc_names(g, 0) == ["Wood Storage"]


def test_japanese_may_pay_a_deal_with_gold_and_keep_their_food():
    # The Japanese keep food through cleanup: paying the deal's food with gold is a real choice.
    g = position(["japanese", "romans"], tokens={"food": 1, "gold": 1})
    g.give_card(0, "Farm")
    g.start_actions(0)
    do(g, "deal with Farm")
    do(g, "pay gold for 1 food")
    assert (tok(g, 0, "food"), tok(g, 0, "gold"), tok(g, 0, "worker")) == (1, 0, 1)


def test_faction_card_needs_a_location_to_discard():
    # Guard Tower with 2 wood but an empty empire: not buildable.
    g = position(["barbarians", "japanese"], tokens={"wood": 2})
    g.give_card(0, "Guard Tower")
    g.start_actions(0)
    assert "build Guard Tower" not in labels(g)


def test_a_foundation_may_be_discarded_instead():
    # "Примечание 1": a foundation may be discarded instead of a location.
    g = position(["barbarians", "japanese"], tokens={"wood": 2})
    g.add_location(0, "Quarry", foundation=True)
    g.give_card(0, "Guard Tower")
    g.start_actions(0)
    do(g, "build Guard Tower")
    do(g, "foundation (slot 0)")
    assert loc_names(g, 0) == ["Guard Tower"]


def test_an_activated_location_may_be_discarded_with_its_goods():
    # "Примечание 2/3": a location whose action was used this round may be discarded.
    g = position(["barbarians", "japanese"], tokens={"wood": 2})
    g.add_location(0, "Castle", used=1)
    g.give_card(0, "Guard Tower")
    g.start_actions(0)
    do(g, "build Guard Tower")
    do(g, "Castle (slot 0)")
    assert loc_names(g, 0) == ["Guard Tower"]


def test_production_location_produces_when_built_and_build_bonus():
    # "Примечание 1-3": Quarry (1 wood + 1 stone) produces 1 stone and has a build bonus of
    # 1 stone: both at once.
    g = position(["romans", "barbarians"], tokens={"wood": 1, "stone": 1})
    g.give_card(0, "Quarry")
    g.start_actions(0)
    do(g, "build Quarry")
    assert tok(g, 0, "stone") == 2


def test_feature_and_action_locations_give_nothing_when_built():
    # Types: a feature/action location has no production; Castle (1 wood + 1 stone).
    g = position(["romans", "barbarians"], tokens={"wood": 1, "stone": 1})
    g.give_card(0, "Castle")
    g.start_actions(0)
    do(g, "build Castle")
    t = tok(g, 0)
    assert sum(t.values()) == 0 and hand_names(g, 0) == []


def test_cannot_build_another_factions_card():
    # Only the owner takes cards of a faction deck; a build is of "общую или имперскую карточку с руки".
    g = position(["romans", "barbarians"], tokens={"wood": 5, "stone": 5})
    g.add_location(0, "Quarry")
    g.give_card(0, "Legion")       # a Roman card in the Roman hand: buildable (1 food + discard)
    g.set_tokens(0, food=1)
    g.start_actions(0)
    assert "build Legion" in labels(g)


def test_build_takes_the_turn():
    g = position(["romans", "barbarians"], tokens={"wood": 1})
    g.give_card(0, "Village")
    g.start_actions(0)
    do(g, "build Village")
    assert g.current_player == 1


def test_farmers_at_work_repeats_a_production_location_when_built():
    # "Построив локацию с производством, вы сразу же получаете то, что она производит":
    # Farmers At Work (3 wood) makes the Old Forest produce 2 wood, and its build bonus is a card.
    g = position(["romans", "barbarians"], tokens={"wood": 3})
    g.add_location(0, "Old Forest")
    g.give_card(0, "Farmers At Work")
    g.start_actions(0)
    do(g, "build Farmers At Work")
    while g.decision_name != "repeat_production":
        do(g, "draw from the common deck")
    do(g, "Old Forest (slot 0)")
    while g.decision_name == "card_source":
        do(g, "draw from the common deck")
    assert tok(g, 0, "wood") == 2 and len(g.player(0)["hand"]) == 1
