"""Rulebook 002 "ФАЗА ПРОИЗВОДСТВА" (digest §5.2): the faction board, every deal and every
production location produce; cards from either deck unless stated; round 1 has only the board.
Board values: reference factions.md (two sources; the Japanese one confirmed by the seed).
"""
import pytest

from simsuite import _imperial_settlers as core
from tests.imperial_settlers.helpers import do, labels, position, rules, tok

BOARD = {  # workers, wood, stone, gold, raze, defence
    "barbarians": dict(worker=5, raze=1, defence=1),
    "romans": dict(worker=2, wood=1, stone=1, raze=1, defence=1),
    "egyptians": dict(worker=3, gold=1, raze=1, defence=1),
    "japanese": dict(worker=4, wood=1, raze=1, defence=1),
}


def test_worked_example_dmitry_japanese():
    # "Пример фазы производства": board 4 workers, 1 wood, 1 raze, 1 defence; deals 1 worker
    # and 1 gold; Armorer 1 raze; Lord's Fields 1 food per red location (itself: 1).
    # Total: 5 workers, 1 wood, 2 raze, 1 defence, 1 gold, 1 food.
    g = position(["japanese", "barbarians"])
    g.add_deal(0, "Farm")            # deal: 1 worker
    g.add_deal(0, "jap019")          # Negotiator, deal: 1 gold
    g.add_location(0, "Armorer")
    g.add_location(0, "Lord's Fields")
    g.start_production()
    t = tok(g, 0)
    assert t == dict(wood=1, stone=0, food=1, worker=5, gold=1, raze=2, defence=1, vp=0)


@pytest.mark.parametrize("faction", list(BOARD))
def test_round_one_gives_the_board_only(faction):
    others = [f for f in BOARD if f != faction][:1]
    g = core.Game(rules(), 21, [faction] + others)
    while g.phase == "lookout":
        g.apply(g.legal_options()[0])
    t = tok(g, 0)
    want = {k: 0 for k in ("wood", "stone", "food", "worker", "gold", "raze", "defence", "vp")}
    want.update(BOARD[faction])
    assert t == want


def test_per_colour_production_counts_and_caps():
    # Lord's Fields: 1 food per red location, at most 3 (reference com025).
    g = position(["romans", "barbarians"])
    g.add_location(0, "Lord's Fields")
    for _ in range(2):
        g.add_location(0, "Grain Field")     # red production, 1 food each
    g.add_location(0, "Pig Farmer")          # red action
    g.add_location(0, "Mill")                # red feature
    g.start_production()
    # Lord's Fields: 5 red -> 3 (cap); Grain Fields 1 + 1.
    assert tok(g, 0, "food") == 5


def test_foundation_produces_nothing():
    g = position(["romans", "barbarians"])
    g.add_location(0, "Old Forest", foundation=True)
    g.start_production()
    assert tok(g, 0, "wood") == 1       # the Roman board's wood only


def test_card_production_lets_the_player_choose_each_deck():
    # Watchtower: production 1 card (reference com065).
    g = position(["romans", "barbarians"])
    g.add_location(0, "Watchtower")
    g.start_production()
    assert (g.decision_name, g.current_player) == ("card_source", 0)
    deck = g.player(0)["faction_deck"]
    do(g, "draw from the faction deck")
    assert len(g.player(0)["hand"]) == 1 and g.player(0)["faction_deck"] == deck - 1


def test_farmers_at_work_repeats_a_production_location():
    # Farmers At Work: production = another production location of yours produces again.
    g = position(["romans", "barbarians"])
    g.add_location(0, "Farmers At Work")
    g.add_location(0, "Old Forest")          # 2 wood
    g.start_production()
    while g.phase == "production":
        if g.decision_name == "repeat_production":
            do(g, "Old Forest (slot 1)")
        else:
            g.apply(g.legal_options()[0])
    assert tok(g, 0, "wood") == 1 + 2 + 2


def test_pharaohs_guard_gives_a_raze_token_or_two_vp():
    g = position(["egyptians", "barbarians"])
    g.add_location(0, "Pharaoh's Guard")
    g.start_production()
    while g.decision_name != "production_choice":
        g.apply(g.legal_options()[0])
    assert set(labels(g)) == {"take 1 raze", "take 2 vp"}
    do(g, "take 2 vp")
    assert (tok(g, 0, "vp"), tok(g, 0, "raze")) == (2, 1)


def test_architect_draws_two_faction_cards_keeps_one():
    # Architect (rom011): 1 faction card, chosen from 2 drawn; the other is discarded.
    g = position(["romans", "barbarians"])
    g.add_location(0, "Architect")
    deck = g.player(0)["faction_deck"]
    disc = len(g.player(0)["faction_discard"])
    g.start_production()
    while g.decision_name != "pick_1_of_2":
        g.apply(g.legal_options()[0])
    g.apply(0)
    assert g.player(0)["faction_deck"] == deck - 2
    assert len(g.player(0)["hand"]) == 1 and len(g.player(0)["faction_discard"]) == disc + 1
