"""Rulebook 002 "ОСНОВНЫЕ ПРАВИЛА" (digest §8): each card to its own deck's discard pile; an
empty deck is rebuilt from its shuffled discards, but faction discards are never reshuffled;
the supply is unlimited.
"""
from tests.imperial_settlers.helpers import do, empty_faction_deck, position, tok


def test_empty_common_deck_is_rebuilt_from_its_discards():
    g = position(["romans", "barbarians"], tokens={"worker": 2})
    # Move the whole common deck to its discard pile.
    while g.observation(0)["common_deck"]:
        g.give_card(1, g.rules.kind_ids[g.rules.kind_of_card(_top_common(g))])
    g.clear_hand(1)
    assert g.observation(0)["common_deck"] == 0
    disc = g.observation(0)["common_discard"]
    g.start_actions(0)
    do(g, "trade 2 workers for common card")
    obs = g.observation(0)
    assert (obs["common_deck"], obs["common_discard"]) == (disc - 1, 0)


def _top_common(g):
    zones, _ = g.card_zones()
    return next(c for c, z in zones.items() if z == "common deck")


def test_faction_discards_are_never_reshuffled():
    g = position(["romans", "barbarians"], tokens={"worker": 2})
    empty_faction_deck(g, 0)
    g.start_actions(0)
    assert "trade 2 workers for faction card" not in [g.option_label(o) for o in g.legal_options()]
    assert g.player(0)["faction_deck"] == 0 and len(g.player(0)["faction_discard"]) == 30


def test_card_gain_with_an_empty_faction_deck_comes_from_the_common_deck():
    g = position(["romans", "barbarians"], tokens={"worker": 1})
    empty_faction_deck(g, 0)
    g.add_location(0, "Castle")
    g.start_actions(0)
    do(g, "use Castle")                 # no deck choice to make
    assert g.decision_name != "card_source" and len(g.player(0)["hand"]) == 1


def test_supply_is_unlimited():
    g = position(["barbarians", "romans"], tokens={"worker": 200})
    g.start_actions(0)
    do(g, "trade 2 workers for wood")
    for _ in range(60):
        do(g, "2 more workers for wood")
    assert tok(g, 0, "wood") == 61
