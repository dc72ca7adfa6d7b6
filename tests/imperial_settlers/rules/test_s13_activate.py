"""Rulebook 002 "АКТИВИРОВАТЬ ДЕЙСТВИЕ ЛОКАЦИИ" (digest §6.5): pay the goods shown, once per
round unless the card says otherwise; a "twice" card may be used in two turns or twice at
once for double the cost; one activation per turn.
"""
from tests.imperial_settlers.helpers import do, labels, position, tok


def test_worked_examples_saboteurs_masons_guild_castle():
    # "Примеры активации действий локаций": Saboteurs (1 worker: take 1 stone from Dmitry),
    # then Mason's Guild (1 worker + 2 stone -> 3 VP), then Castle (1 worker -> 1 card, from
    # her faction deck).
    g = position(["barbarians", "japanese"], tokens={"worker": 3, "stone": 2})
    g.set_tokens(1, stone=1)
    g.add_location(0, "bar010")          # Saboteurs
    g.add_location(0, "Mason's Guild")
    g.add_location(0, "Castle")
    g.start_actions(0)
    do(g, "use Saboteurs")
    assert g.decision_name == "steal"
    do(g, "take 1 stone from seat 1")
    assert (tok(g, 0, "stone"), tok(g, 1, "stone"), tok(g, 0, "worker")) == (3, 0, 2)
    g.set_passed(1)
    g.start_actions(0)
    do(g, "use Mason's Guild")
    t = tok(g, 0)
    assert (t["vp"], t["stone"], t["worker"]) == (3, 1, 1)
    fdeck = g.player(0)["faction_deck"]
    do(g, "use Castle")
    do(g, "draw from the faction deck")
    assert tok(g, 0, "worker") == 0
    assert g.player(0)["faction_deck"] == fdeck - 1 and len(g.player(0)["hand"]) == 1


def test_once_per_round():
    g = position(["romans", "barbarians"], tokens={"worker": 2, "stone": 4})
    g.add_location(0, "Mason's Guild")
    g.set_passed(1)
    g.start_actions(0)
    do(g, "use Mason's Guild")
    assert "use Mason's Guild" not in labels(g)


def test_twice_card_in_two_turns_or_at_once():
    # Castle: up to 2 times a round, 1 worker -> 1 card each.
    g = position(["romans", "barbarians"], tokens={"worker": 2})
    g.add_location(0, "Castle")
    g.set_passed(1)
    g.start_actions(0)
    assert {"use Castle", "use Castle twice"} <= set(labels(g))
    do(g, "use Castle twice")
    do(g, "draw from the common deck")
    do(g, "draw from the common deck")
    assert tok(g, 0, "worker") == 0 and len(g.player(0)["hand"]) == 2
    g = position(["romans", "barbarians"], tokens={"worker": 1})
    g.add_location(0, "Castle")
    g.start_actions(0)
    assert "use Castle twice" not in labels(g)      # double cost: 2 workers


def test_uses_reset_in_cleanup():
    g = position(["romans", "barbarians"], tokens={"worker": 2, "stone": 2})
    g.add_location(0, "Mason's Guild", used=1)
    g.start_cleanup()
    assert g.player(0)["locations"][0]["used"] == 0


def test_missionaries_pay_a_raze_token():
    # Missionaries: 1 worker + 1 raze token -> 3 VP (reference com039).
    g = position(["barbarians", "romans"], tokens={"worker": 1, "raze": 1})
    g.add_location(0, "Missionaries")
    g.start_actions(0)
    do(g, "use Missionaries")
    t = tok(g, 0)
    assert (t["vp"], t["raze"], t["worker"]) == (3, 0, 0)


def test_tavern_pays_a_card_from_hand():
    # Tavern: 1 card from hand -> 2 VP (reference com049).
    g = position(["barbarians", "romans"])
    g.add_location(0, "Tavern")
    g.start_actions(0)
    assert "use Tavern" not in labels(g)
    g.give_card(0, "Village")
    g.refresh()
    do(g, "use Tavern")
    assert g.decision_name == "pay_card"
    do(g, "Village (hand 0)")
    assert tok(g, 0, "vp") == 2 and g.player(0)["hand"] == []


def test_hanseatic_league_gives_up_a_deal():
    # Hanseatic League: 1 worker + 1 deal -> 2 VP, up to twice (reference com061).
    g = position(["barbarians", "romans"], tokens={"worker": 2})
    g.add_location(0, "Hanseatic League")
    g.add_deal(0, "Guard Tower")
    g.start_actions(0)
    assert "use Hanseatic League twice" not in labels(g)   # only one deal
    do(g, "use Hanseatic League")
    do(g, "deal Guard Tower")
    assert tok(g, 0, "vp") == 2 and g.player(0)["deals"] == []


def test_imperial_messenger_repeats_a_deal():
    # Imperial Messenger: 1 worker -> the good of one of your deals again (reference com057).
    g = position(["barbarians", "romans"], tokens={"worker": 1})
    g.add_location(0, "Imperial Messenger")
    g.add_deal(0, "Primeval Forest")      # deal: 1 wood
    g.start_actions(0)
    do(g, "use Imperial Messenger")
    do(g, "deal Primeval Forest")
    assert tok(g, 0, "wood") == 1


def test_settlers_build_a_faction_card_without_discarding():
    # "«Поселенцы»": build a faction location at once; full cost, no location discarded.
    g = position(["barbarians", "romans"], tokens={"wood": 3})
    g.add_location(0, "Settlers")
    g.give_card(0, "Guard Tower")            # 2 wood + discard a location
    g.start_actions(0)
    do(g, "use Settlers")
    do(g, "Guard Tower (hand 0)")
    names = [l["name"] for l in g.player(0)["locations"]]
    assert names == ["Settlers", "Guard Tower"]
    t = tok(g, 0)
    assert (t["wood"], t["raze"], t["worker"]) == (0, 1, 1)   # 1 + 2 wood paid; Guard Tower produced


def test_acting_troupe_uses_another_action_paying_its_cost():
    # Acting Troupe: 1 worker -> use another action location of yours (reference com041).
    g = position(["barbarians", "romans"], tokens={"worker": 2, "stone": 2})
    g.add_location(0, "Acting Troupe")
    g.add_location(0, "Mason's Guild", used=1)
    g.start_actions(0)
    do(g, "use Acting Troupe")
    do(g, "Mason's Guild (slot 1)")
    t = tok(g, 0)
    assert (t["vp"], t["worker"], t["stone"]) == (3, 0, 0)


def test_porters_repeat_a_production_location():
    # Porters: 1 food -> one of your production locations produces again (reference com084).
    g = position(["barbarians", "romans"], tokens={"food": 1})
    g.add_location(0, "Porters")
    g.add_location(0, "Old Forest")        # production: 2 wood
    g.start_actions(0)
    do(g, "use Porters")
    do(g, "Old Forest (slot 1)")
    assert (tok(g, 0, "wood"), tok(g, 0, "food")) == (2, 0)


def test_action_needs_its_goods():
    g = position(["barbarians", "romans"], tokens={"worker": 1, "stone": 1})
    g.add_location(0, "Mason's Guild")
    g.start_actions(0)
    assert "use Mason's Guild" not in labels(g)


def test_twice_card_once_now_and_once_on_a_later_turn():
    # "либо активирует действие локации только 1 раз (и может активировать действие еще 1 раз
    # в последующих ходах этого раунда)".
    g = position(["romans", "barbarians"], tokens={"worker": 2})
    g.add_location(0, "Gold Mine")               # up to 2x: 1 worker -> 1 gold
    g.start_actions(0)
    do(g, "use Gold Mine")
    g.apply(0)                                   # seat 1 passes
    assert g.current_player == 0
    assert "use Gold Mine" in labels(g) and "use Gold Mine twice" not in labels(g)
    do(g, "use Gold Mine")
    assert (tok(g, 0, "gold"), tok(g, 0, "worker")) == (2, 0)
    assert "use Gold Mine" not in labels(g)
