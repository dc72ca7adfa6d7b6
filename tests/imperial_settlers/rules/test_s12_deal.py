"""Rulebook 002 "ЗАКЛЮЧИТЬ СДЕЛКУ" (digest §6.2): a faction card from hand, 1 food, under the
board; its good at once and in every later production phase; no deals with common cards.
"""
from tests.imperial_settlers.helpers import do, labels, position, tok


def test_worked_example_deal_with_guard_tower():
    # "Пример заключения сделки": Maria pays 1 food, tucks Guard Tower, takes 1 worker.
    g = position(["barbarians", "japanese"], tokens={"food": 1})
    g.give_card(0, "Guard Tower")
    g.start_actions(0)
    do(g, "deal with Guard Tower")
    t = tok(g, 0)
    assert (t["food"], t["worker"]) == (0, 1)
    assert [g.card_name(c) for c in g.player(0)["deals"]] == ["Guard Tower"]


def test_no_deal_with_a_common_card_or_without_food():
    g = position(["barbarians", "japanese"], tokens={"food": 1})
    g.give_card(0, "Village")
    g.start_actions(0)
    assert not any(k.startswith("deal") for k in labels(g))
    g = position(["barbarians", "japanese"])
    g.give_card(0, "Guard Tower")
    g.start_actions(0)
    assert not any(k.startswith("deal") for k in labels(g))


def test_gold_pays_the_food():
    g = position(["barbarians", "japanese"], tokens={"gold": 1})
    g.give_card(0, "Guard Tower")
    g.start_actions(0)
    do(g, "deal with Guard Tower")
    assert (tok(g, 0, "gold"), tok(g, 0, "worker")) == (0, 1)


def test_deal_produces_every_production_phase():
    # Guard Tower's deal: 1 worker; Barbarian board: 5 workers (reference factions.md).
    g = position(["barbarians", "japanese"])
    g.add_deal(0, "Guard Tower")
    g.add_deal(0, "Primeval Forest")     # deal: 1 wood
    g.start_production()
    t = tok(g, 0)
    assert (t["worker"], t["wood"]) == (6, 1)


def test_deal_with_a_card_good_lets_the_player_choose_the_deck():
    # Saboteurs (bar010) deal: 1 card; "Карточки, если не уточнено особо, можно брать либо ...".
    g = position(["barbarians", "japanese"], tokens={"food": 1})
    g.give_card(0, "bar010")
    g.start_actions(0)
    do(g, "deal with Saboteurs")
    assert g.decision_name == "card_source" and g.current_player == 0
    before = g.player(0)["faction_deck"]
    do(g, "draw from the faction deck")
    assert g.player(0)["faction_deck"] == before - 1 and len(g.player(0)["hand"]) == 1
