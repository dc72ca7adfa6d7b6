"""Encounters and the Factory (Rulebook 000 "ПРИГОДИ", "ФАБРИКА"; digest §14, §15).

Encounter cards (reference cards.md): 1 = [free: 2 coins + 1 popularity | $2: 4 food |
2 popularity: build for free]; 3 = [free: 2 food + 1 popularity | $2: 1 worker + 3 food |
3 popularity: deploy for free]; 13 = [... | 3 popularity: 5 resources of any types].
Factory cards: 3 = pay 1 combat card, +2 popularity; 7 = pay 1 popularity, Deploy or Build.
"""
from tests.scythe.conftest import blank_game, do, end_move, move_unit, seat_of, section_of, start_move

CHAR, MECH0, W0, W1 = 0, 1, 5, 6


def encounter_game(rules, card, factions=("saxony", "polania"), **player):
    g = blank_game(rules, list(factions), ["patriotic", "mechanical"])
    s = seat_of(g, factions[0])
    g.set_unit(s, CHAR, 41)
    g.set_unit(s, W0, 41)
    g.set_encounter_token(42)
    g.set_encounter_deck([card])
    if player:
        g.set_player(s, **player)
    start_move(g, s)
    move_unit(g, CHAR, 42)
    end_move(g)
    return g, s


def test_encounter_draws_the_top_card_pays_and_places_rewards_there(rules):
    # Rulebook "ПРИГОДИ": discard the token, draw 1 card, choose an option you can
    # pay in full; rewards go on the character's territory; partial rewards allowed;
    # the card goes under the deck.
    g, s = encounter_game(rules, 1, coins=2, popularity=5)
    assert g.decision_name == "encounter" and g.decision_aux == 1
    assert g.legal_options() == [0, 1, 2]
    assert not g.state()["board"][42]["encounter_token"]
    do(g, "encounter", 1)                 # pay $2: 4 food
    assert g.player(s)["coins"] == 0
    assert g.legal_options() == [0, 1, 2, 3, 4]
    do(g, "gain_amount", 3)               # take only 3 of the 4 food
    assert g.resources(42)["food"] == 3
    assert g.state()["encounter_deck"][-1] == 1


def test_unaffordable_encounter_options_are_not_offered(rules):
    # Rulebook "ОБОВ'ЯЗКОВА ОПЛАТА": an option you cannot pay is unavailable.
    g, s = encounter_game(rules, 1, coins=2, popularity=1)
    assert g.legal_options() == [0, 1]    # option 3 costs 2 popularity
    g, s = encounter_game(rules, 1, coins=1, popularity=2)
    assert g.legal_options() == [0, 2]    # option 2 costs $2
    g, s = encounter_game(rules, 1, coins=0, popularity=0)
    assert g.decision_name == "gain_amount" and g.decision_aux == 0   # option 1, applied at once


def test_encounter_free_build_gives_no_bonus_and_goes_on_the_encounter_territory(rules):
    # Rulebook "ЛИШЕ ВАРТІСТЬ ТА ВИНАГОРОДА": no coins, no recruit bonus.
    g, s = encounter_game(rules, 1, coins=0, popularity=5, recruits=[0, 0, 1, 0],
                          onetime=[1, 0, 0, 0])
    p = seat_of(g, "polania")
    g.set_player(p, popularity=3, recruits=[0, 0, 1, 0], onetime=[1, 0, 0, 0])
    do(g, "encounter", 2)                 # pay 2 popularity: build for free
    do(g, "free_action", 2)
    assert g.legal_options() == [4 * 42 + k for k in range(4)]
    do(g, "build", 4 * 42 + 3)
    assert g.player(s)["structures"]["mill"] == 42
    assert g.player(s)["popularity"] == 3 and g.player(p)["popularity"] == 3


def test_meander_takes_two_different_options_in_any_order(rules):
    # Rulebook §12 Meander (Polania): 1-2 different options; the first's reward may
    # pay for the second; one card only.
    g = blank_game(rules, ["polania", "saxony"], ["patriotic", "mechanical"])
    p = seat_of(g, "polania")
    g.set_unit(p, CHAR, 27)
    g.set_encounter_token(28)
    g.set_encounter_deck([1])
    g.set_player(p, coins=0, popularity=1)
    start_move(g, p)
    move_unit(g, CHAR, 28)
    end_move(g)
    # option 1 was the only payable one and was applied at once; its coins pay for option 2
    assert g.decision_name == "gain_amount" and g.decision_aux == 0
    do(g, "gain_amount", 2)               # 2 coins
    do(g, "gain_amount", 1)               # 1 popularity
    assert g.decision_name == "encounter" and g.legal_options() == [1, 2, 3]
    do(g, "encounter", 1)                 # $2 for 4 food
    do(g, "gain_amount", 4)
    assert g.resources(28)["food"] == 4 and g.player(p)["coins"] == 0
    assert g.decision_name != "encounter"  # two options at most


def test_encounter_any_resources_are_chosen_one_by_one(rules):
    # Encounter 13 option 3 (cards.md): 5 resources of any types, on the territory.
    g, s = encounter_game(rules, 13, coins=0, popularity=3)
    do(g, "encounter", 2)
    assert g.legal_options() == [0] + [4 * 42 + r for r in range(4)]
    for r in (0, 0, 1, 3):
        do(g, "gain_resource", 4 * 42 + r)
    do(g, "gain_resource", 0)             # decline the 5th
    assert g.resources(42) == {"oil": 2, "metal": 1, "wood": 0, "food": 1}


def test_factory_card_taken_once_from_players_plus_one(rules):
    # Rulebook "ФАБРИКА": the character ending the Move on the Factory takes one of
    # the players + 1 face-down cards; later visitors choose from one fewer.
    g = blank_game(rules, ["saxony", "polania"], ["patriotic", "mechanical"])
    s, p = seat_of(g, "saxony"), seat_of(g, "polania")
    offer = g.state()["factory_offer"]
    assert len(offer) == 3
    g.set_unit(s, CHAR, 37)
    start_move(g, s)
    move_unit(g, CHAR, 30)
    end_move(g)
    assert g.decision_name == "factory_pick" and len(g.legal_options()) == 3
    pick = g.legal_options()[1]
    do(g, "factory_pick", pick)
    assert g.player(s)["factory_card"] == g.rules.factory_ids[pick]
    assert len(g.state()["factory_offer"]) == 2
    # Polania's character gets one of the remaining two; Saxony returning gets none
    g.set_unit(p, CHAR, 23)
    g.set_unit(s, CHAR, 37)
    start_move(g, p)
    move_unit(g, CHAR, 30)
    end_move(g)
    assert len(g.legal_options()) == 2
    do(g, "factory_pick", g.legal_options()[0])
    g.set_unit(p, CHAR, 23)
    g.set_player(s, last_section=-1)
    start_move(g, s)
    move_unit(g, CHAR, 30)
    end_move(g)
    assert g.decision_name != "factory_pick"


def test_factory_top_action_has_no_mat_bonuses(rules):
    # Rulebook "ОКРЕМО ВІД БОНУСІВ": Factory-card actions never give recruit or
    # structure bonuses nor mat coins. Card 7: pay 1 popularity, Deploy or Build free.
    g = blank_game(rules, ["saxony", "polania"], ["patriotic", "mechanical"])
    s, p = seat_of(g, "saxony"), seat_of(g, "polania")
    g.set_unit(s, W0, 41)
    g.set_player(s, factory_card=7, popularity=4, coins=0, recruits=[0, 1, 0, 0],
                 onetime=[1, 0, 0, 0])
    g.set_player(p, coins=0, recruits=[0, 1, 0, 0], onetime=[1, 0, 0, 0])
    g.begin_turn(s)
    do(g, "section", 4)
    do(g, "top", 800)
    assert g.player(s)["popularity"] == 3
    assert g.legal_options() == [1, 2, 4]             # deploy, build, none
    do(g, "free_action", 1)
    do(g, "deploy", 4 * 41 + 0)
    assert g.unit_cell(s, MECH0) == 41
    assert g.player(s)["coins"] == 0 and g.player(p)["coins"] == 0


def test_factory_card_cost_in_combat_cards(rules):
    # Factory card 3 (cards.md): pay 1 combat card (any value), gain 2 popularity.
    g = blank_game(rules, ["saxony", "polania"], ["patriotic", "mechanical"])
    s = seat_of(g, "saxony")
    g.set_player(s, factory_card=3, popularity=2, hand={2: 1, 4: 1})
    g.begin_turn(s)
    do(g, "section", 4)
    do(g, "top", 800)
    do(g, "discard", 4)
    do(g, "gain_amount", 2)
    assert g.player(s)["popularity"] == 4 and g.player(s)["hand"][4] == 0
