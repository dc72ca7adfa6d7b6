"""Rulebook «БОНУСНІ ДІЇ»: play a scheme card, accomplish a deed, exchange goods; each type at
most once per turn, before and/or after the main action (digest rurik.md §13), and the appendix
«Тлумачення карт Задумів»."""
from tests.rurik.helpers import (END, FINISH, FORFEIT, MAIN, blank, card, do, opt_build, opt_card,
                                 opt_anywhere, opt_deed, opt_exchange, opt_move, opt_muster, opt_tax,
                                 units)


def test_the_card_one_cart_and_one_coin_combines_with_the_main_action(rules):
    # The seed shows the card "Отримайте один віз та одну монету"; «Якщо ви обираєте бонусну дію,
    # яка дає вам віз, ви можете об'єднати його з возами основної дії»: 1 + 1 carts tax a
    # region you do not rule.
    g = blank(rules, 2)
    g.set_units(0, "Kiev", 1)
    g.set_units(1, "Kiev", 1)
    g.set_player(0, hand=[card(g, "S09")], coins=1)
    g.start_turn(0, "tax", row=1)                # 2-player side, row 2 = 1 cart
    g.apply(opt_card(g, "S09"))
    assert g.player(0)["coins"] == 2
    assert opt_tax(g, "Kiev") not in g.legal_options()   # the card's cart waits for the main action
    g.apply(MAIN)
    g.apply(opt_tax(g, "Kiev"))
    assert g.player(0)["goods"]["wood"] == 1 and g.player(0)["hand"] == []
    assert card(g, "S09") in g.decks()[2]


def test_each_bonus_type_once_per_turn(rules):
    g = blank(rules, 2)
    g.set_units(0, "Kiev", 1)
    g.set_player(0, hand=[card(g, "S04"), card(g, "S31") if "S31" in g.rules.scheme_keys else card(g, "S05")])
    g.start_turn(0, "move", row=0)
    g.apply(opt_card(g, "S04"))
    assert not any(10 <= o < 50 for o in g.legal_options())
    do(g, FORFEIT)
    assert not any(10 <= o < 50 for o in g.legal_options())


def test_no_bonus_actions_while_the_main_action_is_being_spent(rules):
    g = blank(rules, 2)
    g.set_units(0, "Kiev", 1)
    g.set_player(0, hand=[card(g, "S04")])
    g.start_turn(0, "muster", row=0)
    g.apply(MAIN)
    assert opt_card(g, "S04") not in g.legal_options()
    do(g, FINISH)
    assert opt_card(g, "S04") in g.legal_options()        # after the main action


def test_a_card_with_a_coin_cost_needs_the_coin(rules):
    g = blank(rules, 2)
    g.set_units(0, "Kiev", 1)
    g.set_player(0, hand=[card(g, "S02")], coins=0)       # 1 helmet for 1 coin
    g.start_turn(0, "move", row=0)
    assert opt_card(g, "S02") not in g.legal_options()
    g.set_player(0, coins=1)
    g.start_turn(0, "move", row=0)
    do(g, opt_card(g, "S02"), opt_muster(g, "Kiev"))
    assert g.player(0)["coins"] == 0 and units(g, 0, "Kiev") == 2


def test_a_take_a_deed_card_takes_one_from_the_face_up_row(rules):
    # «три карти Здобичі дозволяють навіть обрати карту Задуму у фазі Дій»
    g = blank(rules, 2)
    g.set_units(0, "Kiev", 1)
    g.set_player(0, hand=[card(g, "S16")])
    row = g.deed_row()
    g.start_turn(0, "move", row=0)
    g.apply(opt_card(g, "S16"))
    assert g.decision_name == "take_deed" and g.legal_options() == sorted(row)
    g.apply(row[1])
    assert g.player(0)["deeds_owned"] == [row[1]] and len(g.deed_row()) == 3


def test_example_d_market_day_needs_markets_on_three_different_goods(rules):
    # Приклад Д: Market Day when you own markets in three regions with different goods symbols;
    # reward: draw 2 scheme cards from one deck, keep one. Kiev wood, Rostov ore, Volyn fish
    # (map.toml goods are provisional, so the test sets them).
    g = blank(rules, 2)
    for name, good in (("Kiev", "wood"), ("Rostov", "ore"), ("Volyn", "fish"), ("Novgorod", "wood")):
        g.set_region_good(name, good=good)
    g.set_units(0, "Kiev", 1)
    g.set_player(0, deeds=["Market Day"])
    g.set_structure("Kiev", "market", 0)
    g.set_structure("Novgorod", "market", 0)
    g.set_structure("Rostov", "market", 0)
    g.start_turn(0, "move", row=0)
    assert opt_deed(g, "Market Day") not in g.legal_options()     # wood, wood, ore
    g.set_structure("Novgorod", "market", None)
    g.set_structure("Volyn", "market", 0)
    g.start_turn(0, "move", row=0)
    g.apply(opt_deed(g, "Market Day"))
    assert g.decision_name == "deck"
    g.apply(0)
    assert g.decision_name == "keep" and len(g.legal_options()) == 2
    kept = g.legal_options()[0]
    g.apply(kept)
    assert g.player(0)["hand"] == [kept]
    assert g.player(0)["deeds_done"] == [g.rules.deed_names.index("Market Day")]
    assert g.player(0)["deeds_owned"] == []


def test_deed_cost_goods_and_coins_are_paid(rules):
    # «Умова: скиньте 1 рибу, 1 мед та 2 монети. Винагорода: візьміть 2 карти Здобичі ...»
    g = blank(rules, 2)
    g.set_units(0, "Kiev", 1)
    g.set_player(0, deeds=["Splendid Feast"], goods={"fish": 1, "honey": 1}, coins=1)
    g.start_turn(0, "move", row=0)
    assert opt_deed(g, "Splendid Feast") not in g.legal_options()  # 1 coin short
    g.set_player(0, coins=2)
    g.start_turn(0, "move", row=0)
    g.apply(opt_deed(g, "Splendid Feast"))
    assert g.player(0)["coins"] == 0 and g.player(0)["goods"]["fish"] == 0


def test_deed_troop_costs_from_three_different_regions(rules):
    # «Умова: прибрать по одному вашому Полку в трьох різних землях. Винагорода: перемістіть 2
    # ваших Полки на будь-які землі незалежно від відстані.»
    g = blank(rules, 2)
    for name in ("Kiev", "Volyn", "Rostov"):
        g.set_units(0, name, 2)
    g.set_player(0, deeds=["Border Patrols"])
    g.start_turn(0, "move", row=0)
    g.apply(opt_deed(g, "Border Patrols"))
    assert g.decision_name == "pay_troop"
    g.apply(rules.region("Kiev") * 2)
    assert rules.region("Kiev") * 2 not in g.legal_options()
    g.apply(rules.region("Volyn") * 2)
    g.apply(rules.region("Rostov") * 2)
    assert [units(g, 0, r) for r in ("Kiev", "Volyn", "Rostov")] == [1, 1, 1]
    # Rostov -> Pereyaslavl is not adjacent: the reward moves anywhere
    g.apply(opt_anywhere(g, "Rostov", "Pereyaslavl"))
    assert units(g, 0, "Pereyaslavl") == 1


def test_exchange_tokens_give_a_hammer_or_a_helmet_once_per_round(rules):
    # «Обміняйте одне дерево АБО одну руду плюс будь-який інший товар на один молоток»;
    # «один мед АБО одну рибу плюс будь-який інший товар на один шолом»; a flipped token waits
    # for the next round.
    g = blank(rules, 2)
    g.set_units(0, "Kiev", 2)
    g.set_player(0, goods={"ore": 1, "fur": 1, "fish": 2})
    g.start_turn(0, "move", row=0)
    assert opt_exchange(0, "fish", "fur") not in g.legal_options()
    g.set_player(0, goods={"ore": 1, "wood": 1, "fur": 1, "fish": 2})
    g.start_turn(0, "move", row=0)
    pairs = [o for o in g.legal_options() if 90 <= o < 115]
    assert opt_exchange(0, "wood", "ore") in pairs and opt_exchange(0, "ore", "wood") not in pairs
    g.set_player(0, goods={"ore": 1, "fur": 1, "fish": 2})
    g.start_turn(0, "move", row=0)
    do(g, opt_exchange(0, "ore", "fur"), opt_build(g, "Kiev", "market"))
    assert g.player(0)["goods"]["ore"] == 0 and g.region_state("Kiev")["structures"]["market"] == 0
    assert not any(90 <= o < 200 for o in g.legal_options())     # one exchange per turn
    g.start_turn(0, "move", row=0)
    assert not any(90 <= o < 115 for o in g.legal_options())     # build token used this round
    do(g, opt_exchange(1, "fish", "fish"), opt_muster(g, "Kiev"))
    assert units(g, 0, "Kiev") == 3
