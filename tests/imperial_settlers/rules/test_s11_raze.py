"""Rulebook 002 "РАЗРУШИТЬ ЛОКАЦИЮ", "Превращение локации в фундамент", "Жетоны обороны"
(digest §6.3, §6.4, §6.7): raze a common card from hand (1 raze token) or an opponent's
common location (2 tokens, +1 per defence token); the raze yield; foundations and the
owner's wood; faction locations cannot be razed (but Japanese ones, discarded instead);
a player who passed cannot be targeted.
"""
from tests.imperial_settlers.helpers import (
    RAZE_LOC, do, labels, loc_names, pass_all_but, position, tok,
)


def test_worked_example_raze_from_hand():
    # "Пример разрушения карточки с руки": Wood Storage + 1 raze token -> 2 wood.
    g = position(["barbarians", "japanese"], tokens={"raze": 1})
    g.give_card(0, "Wood Storage")
    g.start_actions(0)
    do(g, "raze Wood Storage from hand")
    t = tok(g, 0)
    assert (t["raze"], t["wood"]) == (0, 2)
    assert g.player(0)["hand"] == []


def test_worked_example_raze_opponent_location():
    # "Пример разрушения локации другого игрока": Maria razes Dmitry's Armorer with 2 raze
    # tokens: she gets 1 stone and 1 VP; the Armorer becomes a foundation and Dmitry takes 1 wood.
    g = position(["barbarians", "japanese"], tokens={"raze": 2})
    slot = g.add_location(1, "Armorer")
    g.start_actions(0)
    do(g, "raze Armorer of seat 1")
    t = tok(g, 0)
    assert (t["raze"], t["stone"], t["vp"]) == (0, 1, 1)
    assert g.player(1)["locations"][slot]["foundation"]
    assert tok(g, 1, "wood") == 1


def test_faction_cards_cannot_be_razed_from_hand():
    # Only common cards (and Japanese faction cards) carry a raze yield.
    g = position(["barbarians", "japanese"], tokens={"raze": 1})
    g.give_card(0, "Guard Tower")
    g.start_actions(0)
    assert not any(k.startswith("raze") for k in labels(g))


def test_raze_needs_tokens():
    g = position(["barbarians", "japanese"], tokens={"raze": 1})
    g.add_location(1, "Armorer")
    g.start_actions(0)
    assert "raze Armorer of seat 1" not in labels(g)     # 2 needed


def test_defence_token_costs_one_more():
    # "Жетоны обороны": a defended location costs 1 more raze token (3).
    g = position(["barbarians", "romans"], tokens={"raze": 2})
    g.add_location(1, "Armorer", defence=1)
    g.start_actions(0)
    assert "raze Armorer of seat 1" not in labels(g)
    g.set_tokens(0, raze=3)
    g.refresh()
    do(g, "raze Armorer of seat 1")
    assert tok(g, 0, "raze") == 0
    loc = g.player(1)["locations"][0]
    assert loc["foundation"] and loc["defence"] == 0       # the token goes back to the supply


def test_faction_locations_of_other_factions_cannot_be_razed():
    # "Примечание: Имперские локации разрушить нельзя."
    g = position(["barbarians", "romans"], tokens={"raze": 5})
    g.add_location(1, "Legion")
    g.start_actions(0)
    assert not any(k.startswith("raze") for k in labels(g))


def test_japanese_faction_location_is_discarded_not_a_foundation():
    # Japanese faction cards have raze yields (1 VP, single source); razed, they are discarded.
    g = position(["barbarians", "japanese"], tokens={"raze": 2})
    g.add_location(1, "Farm")
    g.start_actions(0)
    do(g, "raze Farm of seat 1")
    assert g.player(1)["locations"] == []
    assert tok(g, 1, "wood") == 0            # no foundation, no wood
    assert tok(g, 0, "vp") == 1
    assert g.card_name(g.player(1)["faction_discard"][-1]) == "Farm"


def test_ruins_cannot_be_razed():
    # "«Руины» ... их нельзя разрушить."
    g = position(["barbarians", "romans"], tokens={"raze": 3})
    g.add_location(1, "Ruins")
    g.give_card(0, "Ruins")
    g.start_actions(0)
    assert not any(k.startswith("raze") for k in labels(g))


def test_passed_player_cannot_be_targeted():
    # "Спасовав, игрок ... не может стать целью действия другого игрока."
    g = position(["barbarians", "romans"], tokens={"raze": 2})
    g.add_location(1, "Armorer")
    pass_all_but(g, 0)
    g.start_actions(0)
    assert "raze Armorer of seat 1" not in labels(g)


def test_own_locations_cannot_be_razed():
    g = position(["barbarians", "romans"], tokens={"raze": 2})
    g.add_location(0, "Armorer")
    g.start_actions(0)
    assert not any(o - RAZE_LOC in range(0, 48) for o in g.legal_options() if o >= RAZE_LOC)


def test_foundation_is_not_a_location_and_cannot_be_razed_again():
    g = position(["barbarians", "romans"], tokens={"raze": 4})
    g.add_location(1, "Armorer", foundation=True)
    g.start_actions(0)
    assert not any(k.startswith("raze") for k in labels(g))
    assert loc_names(g, 1) == ["(foundation)"]


def test_gallows_scores_each_raze():
    # Gallows (feature): 1 VP each time you raze (reference: com005).
    g = position(["barbarians", "romans"], tokens={"raze": 1})
    g.add_location(0, "Gallows")
    g.give_card(0, "Wood Storage")
    g.start_actions(0)
    do(g, "raze Wood Storage from hand")
    assert tok(g, 0, "vp") == 1


def test_razed_common_card_goes_to_the_common_discard():
    g = position(["barbarians", "romans"], tokens={"raze": 1})
    c = g.player(0)["hand"]
    g.give_card(0, "Wood Storage")
    card = g.player(0)["hand"][-1]
    g.start_actions(0)
    do(g, "raze Wood Storage from hand")
    assert g.card_zones()[0][card] == "common discard"
