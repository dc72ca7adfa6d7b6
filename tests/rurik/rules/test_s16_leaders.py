"""Rulebook «КНЯЗІ» (digest rurik.md §16): each leader's ability works in the leader's region.
Sviatopolk's multiplayer text is missing from the seed; his test follows the public source
(leaders.toml, provisional)."""
from simsuite._rurik import Game

from tests.rurik.helpers import (FINISH, MAIN, OPT_LEVY, REBEL, blank, card, do, opt_attack,
                                 opt_build, opt_diplomat, opt_move, opt_move_leader, opt_muster,
                                 opt_tax, units)


def with_leaders(rules, *leaders):
    g = Game(rules, 1, len(leaders), leaders=list(leaders))
    g.clear_board()
    for s in range(len(leaders)):
        g.set_player(s, coins=0, goods={}, hand=[])
    return g


def test_agatha_brings_up_to_two_troops_for_free(rules):
    # «Коли ви переміщуєте Агату, разом з нею ви можете також перемістити додатково до двох своїх
    # Полків безкоштовно ... повинні починати і закінчувати рух у тій самій землі, що й Агата.»
    g = with_leaders(rules, "Agatha", "Boris")
    g.set_units(0, "Kiev", 3, leader=True)
    g.start_turn(0, "move", row=1)               # 2 boots
    do(g, MAIN, opt_move_leader(g, "Volyn"))
    assert g.decision_name == "escort" and g.legal_options() == [0, 1, 2]
    g.apply(2)
    assert units(g, 0, "Volyn") == 3 and units(g, 0, "Kiev") == 1
    assert g.player(0)["pool"]["move"] == 1


def test_boris_reveals_one_card_fewer_and_takes_a_coin(rules):
    # «Коли ви атакуєте суперника на землі Бориса, відкрийте на одну карту Здобичі менше та візьміть
    # одну монету у цього суперника.»
    g = with_leaders(rules, "Boris", "Agatha")
    g.set_units(0, "Kiev", 1, leader=True)
    g.set_units(1, "Kiev", 1)
    g.set_player(1, coins=2)
    g.set_deck(0, [card(g, "S01")])
    g.start_turn(0, "attack", row=0)
    do(g, MAIN, opt_attack(g, "Kiev", 1))
    assert g.decision_name == "turn" and g.decks()[2] == []       # 1 - 1 = 0 cards
    assert g.player(0)["coins"] == 1 and g.player(1)["coins"] == 1


def test_boris_takes_nothing_from_an_opponent_without_coins(rules):
    g = with_leaders(rules, "Boris", "Agatha")
    g.set_units(0, "Kiev", 1, leader=True)
    g.set_units(1, "Kiev", 1)
    g.start_turn(0, "attack", row=0)
    do(g, MAIN, opt_attack(g, "Kiev", 1))
    assert g.player(0)["coins"] == 0


def test_maria_musters_next_to_her_once_per_round(rules):
    # «Один раз за раунд, коли ви скликаєте Полки, ви можете розмістити їх на сусідній з Марією
    # землі, навіть якщо там немає ваших Полків.»
    g = with_leaders(rules, "Maria", "Agatha")
    g.set_units(0, "Kiev", 0, leader=True)
    g.start_turn(0, "muster", row=0)
    g.apply(MAIN)
    assert opt_muster(g, "Volyn") in g.legal_options() and opt_muster(g, "Rostov") not in g.legal_options()
    do(g, opt_muster(g, "Volyn"))
    assert opt_muster(g, "Chernigov") not in g.legal_options()   # one adjacent region per muster
    do(g, opt_muster(g, "Volyn"), FINISH, 0)
    assert units(g, 0, "Volyn") == 2
    g.start_turn(0, "muster", row=0)
    g.apply(MAIN)
    assert opt_muster(g, "Chernigov") not in g.legal_options()   # used this round


def test_mstislav_pays_one_cart_or_hammer_in_his_region(rules):
    # «На землі Мстислава ви платите лише один віз ... або один молоток ... незалежно від того, хто
    # володіє цією землею.»
    g = with_leaders(rules, "Mstislav", "Agatha")
    g.set_units(0, "Kiev", 0, leader=True)
    g.set_units(1, "Kiev", 3)
    g.start_turn(0, "tax", row=1)                # 1 cart
    g.apply(MAIN)
    assert opt_tax(g, "Kiev") in g.legal_options()
    g.start_turn(0, "build", row=1)              # 1 hammer
    g.apply(MAIN)
    assert opt_build(g, "Kiev", "church") in g.legal_options()


def test_predslava_moves_an_opponent_troop_and_pays_them_a_coin_once_per_round(rules):
    # «Один раз за раунд, під час вашого ходу, ви можете безкоштовно перемістити Полк суперника із
    # землі Предслави до сусідньої землі. Цей суперник отримує одну монету ... навіть Князя»
    g = with_leaders(rules, "Predslava", "Agatha")
    g.set_units(0, "Kiev", 0, leader=True)
    g.set_units(1, "Kiev", 1, leader=True)
    g.start_turn(0, "move", row=0)
    assert opt_diplomat(g, 1, "Volyn", leader=True) in g.legal_options()
    g.apply(opt_diplomat(g, 1, "Volyn"))
    assert units(g, 1, "Volyn") == 1 and g.player(1)["coins"] == 1
    assert not any(1100 <= o < 1240 for o in g.legal_options())
    g.start_turn(0, "move", row=0)
    assert not any(1100 <= o < 1240 for o in g.legal_options())


def test_sudislav_musters_with_swords_in_his_region(rules):
    # «Ви можете використовувати мечі замість шоломів, щоб скликати воїнів на землі Судислава ...
    # розподілити їх ... частину на атаку, а частину — на скликання»
    g = with_leaders(rules, "Sudislav", "Agatha")
    g.set_units(0, "Kiev", 0, leader=True)
    g.set_rebels("Kiev", 1)
    g.start_turn(0, "attack", row=0)            # 2 swords
    do(g, MAIN, OPT_LEVY, opt_attack(g, "Kiev", REBEL))
    assert units(g, 0, "Kiev") == 2 and g.region_state("Kiev")["rebels"] == 0


def test_yaroslav_wins_ties_and_suppresses_opponents_structures(rules):
    # «На землі Ярослава ви перемагаєте уразі нічиї при визначені володаря землі, а ваші суперники
    # втрачають властивості своїх споруд.»
    g = with_leaders(rules, "Yaroslav", "Agatha")
    g.set_units(0, "Kiev", 0, leader=True)
    g.set_units(1, "Kiev", 1)
    assert g.ruler("Kiev") == 0
    g.set_structure("Kiev", "stronghold", 1)    # no bonus for the opponent here
    assert g.ruler("Kiev") == 0
    g.set_units(1, "Kiev", 2)                    # 2 against 1: more troops still win
    assert g.ruler("Kiev") == 1


def test_an_opponents_church_in_yaroslavs_region_does_nothing(rules):
    # «Якщо суперник хоче збудувати Церкву на землі Ярослава, він може це зробити, але властивість
    # Церкви не спрацює.»
    g = with_leaders(rules, "Agatha", "Yaroslav")
    g.set_units(0, "Kiev", 2)
    g.set_units(1, "Kiev", 1, leader=True)
    g.start_turn(0, "build", row=0)
    do(g, MAIN, opt_build(g, "Kiev", "church"))
    assert g.region_state("Kiev")["troops"] == [2, 1] and g.decision_name == "turn"


def test_sviatopolk_counts_rebels_in_his_region_and_replaces_a_beaten_one(rules):
    # provisional (leaders.toml): rebels in his region count as his troops for rule; a rebel he
    # beats there is replaced by one of his troops
    g = with_leaders(rules, "Sviatopolk", "Agatha")
    g.set_units(0, "Kiev", 0, leader=True)
    g.set_rebels("Kiev", 2, reward=("coins", 1))
    g.set_units(1, "Kiev", 2)
    assert g.ruler("Kiev") == 0                  # 1 + 2 rebels > 2
    g.start_turn(0, "attack", row=1)
    do(g, MAIN, opt_attack(g, "Kiev", REBEL))
    assert g.region_state("Kiev")["troops"][0] == 1 and g.player(0)["coins"] == 1
