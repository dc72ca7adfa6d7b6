"""Rulebook 000 "ДІЇ ВЕРХНЬОГО РЯДУ" (digest scythe-base.md §7): Move / Gain coin,
Trade, Produce (cost by workers on the board, territories, terrains, villages,
the seed's examples) and Bolster. Values of upgraded actions and the Produce
cost track are public mat facts (reference player-mats.md, conf: high / medium
for the Produce cost, M4). Structure bonuses (Armory, Monument, Mill) are in
test_s10_structures.py."""
import pytest

from tests.scythe.rules.helpers_a import (
    CHAR, FOOD, MECH0, METAL, OIL, TC_BOLSTER_CARDS, TC_BOLSTER_POWER, TC_GAIN, TC_MOVE,
    TC_PRODUCE, TC_TRADE_POP, TV_BOLSTER_CARDS, TV_BOLSTER_POWER, TV_GAIN, TV_MOVE, TV_PRODUCE,
    TV_TRADE_POP, TV_TRADE_RES, W0, begin, cell_res, do, move, opts, position, seat_of,
    top, workers,
)


def nordic(mat="mechanical", other="agricultural"):
    g = position(["nordic", "saxony"], [mat, other])
    return g, seat_of(g, "nordic"), seat_of(g, "saxony")


def upgraded(g, seat, *cells):
    cubes = [True] * 6
    for c in cells:
        cubes[c] = False
    g.set_player(seat, top_cubes=cubes)


# ---------------------------------------------------------------- §7.1 Move / Gain coin
def test_move_two_different_units_each_once():
    # Rulebook 000 §7.1 "Перемістіть 1–2 різні контрольовані вами фігурки" and the
    # recap "Ви мусите переміщувати різні фігурки" (digest §7.1, §23): a moved unit
    # is not offered again; after 2 units the Move is over.
    g, n, s = nordic()
    g.set_unit(n, CHAR, 11)
    workers(g, n, 12)
    g.set_mech_deployed(n, 0, True, 19)
    begin(g, n, "move")
    do(g, "top", top(TV_MOVE))
    assert opts(g, "move_unit") == [0, 1 + CHAR, 1 + MECH0, 1 + W0]
    move(g, CHAR, 18)
    assert opts(g, "move_unit") == [0, 1 + MECH0, 1 + W0]
    move(g, W0, 11)
    assert g.decision_name != "move_unit"
    assert (g.unit_cell(n, CHAR), g.unit_cell(n, W0), g.unit_cell(n, MECH0)) == (18, 11, 19)


def test_move_may_stop_after_one_unit():
    # Rulebook 000 recap "Ви можете виконати лише частину переміщення (наприклад,
    # перемістити лише 1 фігурку)" (digest §23).
    g, n, s = nordic()
    workers(g, n, 12, 12)
    begin(g, n, "move")
    do(g, "top", top(TV_MOVE))
    move(g, W0, 11)
    do(g, "move_unit", 0)
    assert g.unit_cell(n, W0) == 11 and g.unit_cell(n, W0 + 1) == 12


def test_upgraded_move_takes_three_units():
    # Digest §7.1 "Upgraded: 3 units" (reference player-mats.md, conf: high).
    g, n, s = nordic()
    workers(g, n, 12, 12, 12)
    upgraded(g, n, TC_MOVE)
    begin(g, n, "move")
    do(g, "top", top(TV_MOVE))
    for k in range(3):
        move(g, W0 + k, 11)
    assert g.decision_name != "move_unit"
    assert [g.unit_cell(n, W0 + k) for k in range(3)] == [11, 11, 11]


def test_gain_coin_one_then_two_when_upgraded():
    # Rulebook 000 §7.1 "ОТРИМАННЯ МОНЕТ(И). Отримайте 1$" (digest §7.1; upgraded $2,
    # conf: high). Taking less is allowed (§6 partial benefit).
    g, n, _ = nordic()
    begin(g, n, "move")
    assert [o for o in opts(g, "top") if o // 100 == TV_GAIN] == [top(TV_GAIN, 1)]
    do(g, "top", top(TV_GAIN, 1))
    assert g.player(n)["coins"] == 1
    upgraded(g, n, TC_GAIN)
    begin(g, n, "move")
    assert [o for o in opts(g, "top") if o // 100 == TV_GAIN] == [top(TV_GAIN, 1), top(TV_GAIN, 2)]
    do(g, "top", top(TV_GAIN, 2))
    assert g.player(n)["coins"] == 3


# ---------------------------------------------------------------- §7.2 Trade
def test_trade_two_resources_of_any_mix_on_a_worker_territory():
    # Rulebook 000 §7.2 "Візьміть будь-які 2 ресурси ... та покладіть їх на контрольовану
    # вами територію, де є принаймні 1 ваш робітник" (digest §7.2): $1, then 2 tokens
    # of any types; a territory held by a mech alone, or the base, takes none.
    g, n, _ = nordic()
    g.set_player(n, coins=3)
    workers(g, n, 11, 2)
    g.set_mech_deployed(n, 0, True, 19)
    begin(g, n, "trade")
    do(g, "top", top(TV_TRADE_RES))
    assert opts(g, "trade") == [cell_res(11, r) for r in range(4)]
    do(g, "trade", cell_res(11, OIL))
    assert 0 in opts(g, "trade")                     # one token is a partial benefit
    do(g, "trade", cell_res(11, FOOD))
    assert g.resources(11) == {"oil": 1, "metal": 0, "wood": 0, "food": 1}
    assert g.player(n)["coins"] == 2 and g.decision_name != "trade"


def test_trade_may_put_the_two_tokens_on_two_worker_territories():
    # Digest §7.2 INTERPRETATION and §24.1: the seed says "a territory"; the
    # engine allows a split (documented choice; spending ignores location).
    g, n, _ = nordic()
    g.set_player(n, coins=1)
    workers(g, n, 11, 12)
    begin(g, n, "trade")
    do(g, "top", top(TV_TRADE_RES))
    do(g, "trade", cell_res(11, METAL))
    do(g, "trade", cell_res(12, METAL))
    assert g.resources(11)["metal"] == 1 and g.resources(12)["metal"] == 1


def test_trade_popularity_one_then_two_when_upgraded():
    # Rulebook 000 §7.2 "ПОПУЛЯРНІСТЬ. Збільште на 1 очко" (digest §7.2; upgraded +2).
    g, n, _ = nordic()
    g.set_player(n, coins=2, popularity=5)
    begin(g, n, "trade")
    assert top(TV_TRADE_POP, 2) not in opts(g, "top")
    do(g, "top", top(TV_TRADE_POP, 1))
    assert (g.player(n)["popularity"], g.player(n)["coins"]) == (6, 1)
    upgraded(g, n, TC_TRADE_POP)
    begin(g, n, "trade")
    do(g, "top", top(TV_TRADE_POP, 2))
    assert (g.player(n)["popularity"], g.player(n)["coins"]) == (8, 0)


# ---------------------------------------------------------------- §7.3 Produce
@pytest.mark.parametrize("on_board,cost", [
    (2, (0, 0, 0)), (3, (0, 0, 0)), (4, (1, 0, 0)), (5, (1, 0, 0)),
    (6, (1, 1, 0)), (7, (1, 1, 0)), (8, (1, 1, 1)),
])
def test_produce_cost_grows_with_the_workers_on_the_board(on_board, cost):
    # Rulebook 000 §7.3 "Оплатіть вартість ... визначається символами на червоних
    # комірках, що були порожні" (digest §7.3 table; reference player-mats.md M4,
    # conf: medium): (power, popularity, coins) by workers off the mat.
    g, n, _ = nordic()
    g.set_player(n, power=5, popularity=5, coins=5)
    workers(g, n, *([31] + [45] * (on_board - 1)))
    begin(g, n, "produce")
    do(g, "top", top(TV_PRODUCE))
    p = g.player(n)
    assert (5 - p["power"], 5 - p["popularity"], 5 - p["coins"]) == cost


def test_produce_is_not_offered_when_its_cost_cannot_be_paid():
    # Rulebook 000 §7.3 "ОБОВ'ЯЗКОВА ПЛАТА ... Якщо вам бракує монет, популярності
    # і/або сили, ви повинні вибрати іншу дію" (digest §7.3, §6).
    g, n, _ = nordic()
    workers(g, n, 31, 45, 45, 45)          # 4 on the board: 1 power
    g.set_player(n, power=0)
    begin(g, n, "produce")
    assert g.active_player != n            # nothing to do in that section: the turn passed
    g.set_player(n, power=1)
    begin(g, n, "produce")
    assert top(TV_PRODUCE) in opts(g, "top")


def test_workers_produced_do_not_change_this_productions_cost():
    # Rulebook 000 §7.3 (digest §7.3 "Workers produced during this action do not
    # change this action's cost"): 3 workers on the board, free; 3 more are made
    # on a village; the next Produce costs 1 power and 1 popularity.
    g, n, _ = nordic()
    g.set_player(n, power=3, popularity=3)
    workers(g, n, 28, 28, 28)
    begin(g, n, "produce")
    do(g, "top", top(TV_PRODUCE))
    do(g, "produce", 16 * 28 + 3)
    p = g.player(n)
    assert (p["power"], p["popularity"]) == (3, 3)
    assert [g.unit_cell(n, W0 + k) for k in range(6)] == [28] * 6
    begin(g, n, "produce")
    do(g, "top", top(TV_PRODUCE))
    p = g.player(n)
    assert (p["power"], p["popularity"]) == (2, 2)


@pytest.mark.parametrize("cell,terrain_res",
                         [(31, "metal"), (37, "oil"), (36, "food"), (23, "wood")])
def test_each_terrain_produces_its_resource(cell, terrain_res):
    # Rulebook 000 §7.3 table "ТИП МІСЦЕВОСТІ / ВИРОБНИЦТВО" (digest §7.3): mountain
    # metal, tundra oil, farm food, forest wood; the token stays where produced.
    g, n, _ = nordic()
    workers(g, n, cell, cell)
    begin(g, n, "produce")
    do(g, "top", top(TV_PRODUCE))
    do(g, "produce", 16 * cell + 2)
    assert g.resources(cell) == {r: (2 if r == terrain_res else 0)
                                 for r in ("oil", "metal", "wood", "food")}


def test_lakes_and_the_factory_produce_nothing():
    # Rulebook 000 §7.3 table: lake and Factory produce nothing (digest §7.3).
    # Workers on the Factory and (carried by a Seaworthy mech) on lake 24.
    g, n, _ = nordic()
    g.set_mech_deployed(n, "seaworthy", True, 24)
    workers(g, n, 24, 30, 31, 31)
    g.set_player(n, power=1)                # 4 workers on the board: 1 power
    begin(g, n, "produce")
    do(g, "top", top(TV_PRODUCE))
    assert opts(g, "produce") == [16 * 31 + 1, 16 * 31 + 2]


def test_seed_example_farm_and_mountain():
    # Rulebook 000 §7.3 "ПРИКЛАД ... ферма з 1 робітником і гора з 2 робітниками ...
    # 1 маркер їжі на фермі та 1 чи 2 маркери металу на горі" (digest §7.3).
    g, n, _ = nordic()
    workers(g, n, 36, 31, 31)
    begin(g, n, "produce")
    do(g, "top", top(TV_PRODUCE))
    assert opts(g, "produce") == [16 * 31 + 1, 16 * 31 + 2, 16 * 36 + 1]
    alt = g.clone()
    do(g, "produce", 16 * 36 + 1)
    do(g, "produce", 16 * 31 + 2)
    assert g.resources(36)["food"] == 1 and g.resources(31)["metal"] == 2
    do(alt, "produce", 16 * 31 + 1)        # "1 чи 2": producing less is allowed
    do(alt, "produce", 16 * 36 + 1)
    assert alt.resources(31)["metal"] == 1


def test_seed_recap_example_three_wood_two_food():
    # Rulebook 000 "ОСНОВНІ ПРАВИЛА": 3 workers in a forest and 2 on a farm give
    # 3 wood and 2 food (digest §7.3, §23).
    g, n, _ = nordic()
    g.set_player(n, power=1)                # 5 workers on the board: 1 power
    workers(g, n, 23, 23, 23, 36, 36)
    begin(g, n, "produce")
    do(g, "top", top(TV_PRODUCE))
    do(g, "produce", 16 * 23 + 3)
    do(g, "produce", 16 * 36 + 2)
    assert g.resources(23)["wood"] == 3 and g.resources(36)["food"] == 2


def test_produce_on_two_territories_three_when_upgraded():
    # Rulebook 000 §7.3 "виберіть 1–2 різні контрольовані вами території" (digest
    # §7.3; upgraded: 3, conf: high).
    g, n, _ = nordic()
    workers(g, n, 31, 23, 36)
    begin(g, n, "produce")
    do(g, "top", top(TV_PRODUCE))
    do(g, "produce", 16 * 31 + 1)
    do(g, "produce", 16 * 23 + 1)
    assert g.decision_name != "produce" and g.resources(36)["food"] == 0
    upgraded(g, n, TC_PRODUCE)
    begin(g, n, "produce")
    do(g, "top", top(TV_PRODUCE))
    do(g, "produce", 16 * 31 + 1)
    do(g, "produce", 16 * 23 + 1)
    do(g, "produce", 16 * 36 + 1)
    assert g.resources(36)["food"] == 1


def test_village_produces_the_leftmost_workers_of_the_mat_and_may_decline():
    # Rulebook 000 §7.3 "візьміть крайнього лівого робітника зі свого планшета" and
    # the recap "Ви можете відмовитися виробляти робітників" (digest §7.3).
    g, n, _ = nordic()
    g.set_unit(n, W0 + 0, 28)               # workers 0 and 2 on the board, 1 and 3-7 on the mat
    g.set_unit(n, W0 + 2, 28)
    begin(g, n, "produce")
    do(g, "top", top(TV_PRODUCE))
    assert opts(g, "produce") == [16 * 28 + 1, 16 * 28 + 2]
    do(g, "produce", 16 * 28 + 1)
    assert g.unit_cell(n, W0 + 1) == 28 and g.unit_cell(n, W0 + 3) is None


def test_village_cannot_produce_more_workers_than_the_mat_holds():
    # Rulebook 000 §7.3 (digest §7.3 "The maximum is 8 workers on the board"):
    # with 1 worker left on the mat, 5 workers on a village produce 1.
    g, n, _ = nordic()
    g.set_player(n, power=2, popularity=2)
    workers(g, n, 28, 28, 28, 28, 28, 45, 45)
    begin(g, n, "produce")
    do(g, "top", top(TV_PRODUCE))
    assert [o for o in opts(g, "produce") if o // 16 == 28] == [16 * 28 + 1]


# ---------------------------------------------------------------- §7.4 Bolster
def test_bolster_power_two_then_three_when_upgraded():
    # Rulebook 000 §7.4 "СИЛА. Збільште на 2 очки свою силу" for $1 (digest §7.4;
    # upgraded +3, conf: high).
    g, n, _ = nordic()
    g.set_player(n, coins=2)
    begin(g, n, "bolster")
    assert top(TV_BOLSTER_POWER, 3) not in opts(g, "top")
    do(g, "top", top(TV_BOLSTER_POWER, 2))
    assert (g.player(n)["power"], g.player(n)["coins"]) == (2, 1)
    upgraded(g, n, TC_BOLSTER_POWER)
    begin(g, n, "bolster")
    do(g, "top", top(TV_BOLSTER_POWER, 3))
    assert (g.player(n)["power"], g.player(n)["coins"]) == (5, 0)


def test_bolster_draws_the_top_combat_card_two_when_upgraded():
    # Rulebook 000 §7.4 "Візьміть 1 карту бою з колоди" (digest §7.4; upgraded 2).
    g, n, _ = nordic()
    g.set_player(n, coins=2)
    g.set_combat_deck([5, 3, 2, 2])
    begin(g, n, "bolster")
    assert top(TV_BOLSTER_CARDS, 2) not in opts(g, "top")
    do(g, "top", top(TV_BOLSTER_CARDS, 1))
    assert g.player(n)["hand"] == {2: 0, 3: 0, 4: 0, 5: 1} and g.player(n)["coins"] == 1
    upgraded(g, n, TC_BOLSTER_CARDS)
    begin(g, n, "bolster")
    do(g, "top", top(TV_BOLSTER_CARDS, 2))
    assert g.player(n)["hand"] == {2: 1, 3: 1, 4: 0, 5: 1} and g.player(n)["coins"] == 0
    assert g.state()["combat_deck"] == [2]


def test_empty_combat_deck_is_reshuffled_from_the_discards():
    # Rulebook 000 §7.4 / setup "КАРТИ БОЮ": with the deck empty, shuffle the
    # discard pile into a new deck (digest §7.4).
    g, n, _ = nordic()
    g.set_player(n, coins=1)
    g.set_combat_deck([])                   # every card not in a hand is discarded
    discards = len(g.state()["combat_discard"])
    begin(g, n, "bolster")
    do(g, "top", top(TV_BOLSTER_CARDS, 1))
    st = g.state()
    assert g.player(n)["hand_size"] == 1
    assert st["combat_discard"] == [] and len(st["combat_deck"]) == discards - 1


def test_no_card_when_deck_and_discards_are_empty():
    # Rulebook 000 §7.4 "Якщо ні в колоді, ні в скиді немає карт, то ви не берете
    # карти" (digest §7.4). Saxony holds all 42 cards.
    g, n, s = nordic()
    g.set_player(s, hand=[16, 12, 8, 6])
    g.set_player(n, coins=1)
    begin(g, n, "bolster")
    do(g, "top", top(TV_BOLSTER_CARDS, 1))
    assert g.player(n)["hand_size"] == 0 and g.player(n)["coins"] == 0
    assert g.player(s)["hand_size"] == 42
