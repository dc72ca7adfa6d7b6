"""Rulebook 000 "БУДІВНИЦТВО" structure abilities (digest scythe-base.md §10):
Armory, Monument, Mill, Mine; private to their owner and working even where an
opponent controls the territory, except the Mill. Placement rules (one per
territory, no lake or base) are in test_s09_bottom_actions.py; the Mine's
owner-only tunnel in tests/scythe/test_engine_movement.py."""
from tests.scythe.rules.helpers_a import (
    CHAR, TV_BOLSTER_CARDS, TV_BOLSTER_POWER, TV_PRODUCE, TV_TRADE_POP, TV_TRADE_RES, W0,
    begin, cell_res, do, opts, position, seat_of, top, workers,
)


def two():
    # Nordic: Mechanical (Trade / Upgrade, Bolster / Deploy, Move / Build, Produce / Enlist).
    g = position(["nordic", "saxony"], ["mechanical", "agricultural"])
    return g, seat_of(g, "nordic"), seat_of(g, "saxony")


# ---------------------------------------------------------------- Armory and Monument
def test_armory_adds_one_power_to_either_trade():
    # Rulebook 000 "АРСЕНАЛ. Виконуючи дію торгівлі, ви щоразу отримуєте 1 очко сили"
    # (digest §10: whichever Trade option, public knowledge conf: high).
    g, n, _ = two()
    g.set_structure(n, "armory", 12)
    g.set_player(n, coins=2, power=3)
    workers(g, n, 11)
    begin(g, n, "trade")
    do(g, "top", top(TV_TRADE_POP, 1, bonus=1))
    assert (g.player(n)["power"], g.player(n)["popularity"]) == (4, 1)
    begin(g, n, "trade")
    do(g, "top", top(TV_TRADE_RES, bonus=1))
    do(g, "trade", cell_res(11, 0))
    do(g, "trade", cell_res(11, 0))
    assert g.player(n)["power"] == 5 and g.player(n)["coins"] == 0


def test_monument_adds_one_popularity_to_either_bolster():
    # Rulebook 000 "МОНУМЕНТ. Щоразу, виконуючи дію озброєння, ви отримуєте 1 очко
    # популярності" (digest §10).
    g, n, _ = two()
    g.set_structure(n, "monument", 12)
    g.set_player(n, coins=2)
    begin(g, n, "bolster")
    do(g, "top", top(TV_BOLSTER_POWER, 2, bonus=1))
    assert (g.player(n)["power"], g.player(n)["popularity"]) == (2, 1)
    begin(g, n, "bolster")
    do(g, "top", top(TV_BOLSTER_CARDS, 1, bonus=1))
    assert (g.player(n)["hand_size"], g.player(n)["popularity"]) == (1, 2)


def test_armory_and_monument_work_where_an_opponent_controls_the_territory():
    # Rulebook 000 "КОНТРОЛЬ СПОРУД. ... Властивості ваших споруд завжди доступні вам,
    # навіть якщо ви не контролюєте території" (digest §10).
    g, n, s = two()
    g.set_structure(n, "armory", 12)
    g.set_structure(n, "monument", 13)
    g.set_unit(s, W0, 12)
    g.set_unit(s, W0 + 1, 13)
    assert g.controller(12) == s and g.controller(13) == s
    g.set_player(n, coins=2)
    begin(g, n, "trade")
    do(g, "top", top(TV_TRADE_POP, 1, bonus=1))
    begin(g, n, "bolster")
    do(g, "top", top(TV_BOLSTER_POWER, 2, bonus=1))
    assert (g.player(n)["power"], g.player(n)["popularity"]) == (3, 2)


def test_opponents_cannot_use_your_structures():
    # Rulebook 000 "КОНТРОЛЬ СПОРУД. Суперники не можуть використовувати властивості
    # ваших споруд" (digest §4.2, §10): Saxony controls the territory of Nordic's
    # Armory, yet its Trade has no Armory bonus.
    g, n, s = two()
    g.set_structure(n, "armory", 12)
    g.set_unit(s, W0, 12)
    g.set_player(s, coins=2)
    begin(g, s, "trade")
    assert all(o % 10 == 0 for o in opts(g, "top"))


# ---------------------------------------------------------------- Mill
def test_mill_is_a_bonus_territory_beyond_the_limit():
    # Rulebook 000 "МЛИН ... трактуєте територію з млином як додаткову (бонусну)
    # територію для виробництва. Млин виробляє ресурси як робітник" (digest §7.3,
    # §10): two ordinary territories, then the Mill's farm produces 1 food.
    g, n, _ = two()
    g.set_structure(n, "mill", 36)
    workers(g, n, 31, 23)
    begin(g, n, "produce")
    do(g, "top", top(TV_PRODUCE))
    assert opts(g, "produce") == [16 * 23 + 1, 16 * 31 + 1, 16 * 36 + 1]
    do(g, "produce", 16 * 31 + 1)
    do(g, "produce", 16 * 23 + 1)
    assert opts(g, "produce") == [0, 16 * 36 + 1]
    do(g, "produce", 16 * 36 + 1)
    assert (g.resources(31)["metal"], g.resources(23)["wood"], g.resources(36)["food"]) == (1, 1, 1)


def test_mill_counts_as_one_more_worker_on_its_territory():
    # Rulebook 000 "МЛИН ... Якщо на території з млином є фігурки робітників, вони також
    # можуть виробляти ресурси" (digest §10): 2 workers + the Mill make up to 3.
    g, n, _ = two()
    g.set_structure(n, "mill", 36)
    workers(g, n, 36, 36)
    begin(g, n, "produce")
    do(g, "top", top(TV_PRODUCE))
    assert opts(g, "produce") == [16 * 36 + 1, 16 * 36 + 2, 16 * 36 + 3]
    do(g, "produce", 16 * 36 + 3)
    assert g.resources(36)["food"] == 3


def test_no_production_at_the_mill_without_control():
    # Rulebook 000 "за винятком млина – ви не можете виробляти на території з млином,
    # якщо не контролюєте цієї території" (digest §10, §24.14).
    g, n, s = two()
    g.set_structure(n, "mill", 36)
    g.set_unit(s, W0, 36)
    workers(g, n, 31, 31)
    begin(g, n, "produce")
    do(g, "top", top(TV_PRODUCE))
    assert opts(g, "produce") == [16 * 31 + 1, 16 * 31 + 2]


def test_mill_on_a_village_produces_a_worker():
    # Digest §10 "Mill on a village: produces a worker (follows from 'as a worker')".
    g, n, _ = two()
    g.set_structure(n, "mill", 28)
    workers(g, n, 31, 23)
    begin(g, n, "produce")
    do(g, "top", top(TV_PRODUCE))
    do(g, "produce", 16 * 28 + 1)
    assert g.unit_cell(n, W0 + 2) == 28


def test_mill_on_the_factory_produces_nothing():
    # Rulebook 000 §7.3 table "ФАБРИКА" produces nothing (digest §10 "Mill on the
    # Factory produces nothing").
    g, n, _ = two()
    g.set_structure(n, "mill", 30)
    workers(g, n, 31, 31)
    begin(g, n, "produce")
    do(g, "top", top(TV_PRODUCE))
    assert opts(g, "produce") == [16 * 31 + 1, 16 * 31 + 2]


# ---------------------------------------------------------------- Mine
def test_mine_works_even_where_an_opponent_stands_but_entry_rules_still_apply():
    # Rulebook 000 "ШАХТА ... (навіть якщо територію із шахтою контролює суперник)"
    # (digest §10): from a tunnel the owner's character may enter its Mine held by
    # an enemy mech (and will fight there); a worker still may not enter a
    # territory with enemy units (§8.3).
    g, n, s = two()
    g.set_structure(n, "mine", 45)                   # forest 45, no tunnel
    g.set_mech_deployed(s, 0, True, 45)
    g.set_unit(n, CHAR, 17)                          # tunnel tundra 17, far from 45
    workers(g, n, 22)                                # tunnel mountain 22
    assert g.controller(45) == s
    assert 45 in g.step_targets(n, "character")
    assert 45 not in g.step_targets(n, "worker0")
    g.set_mech_deployed(s, 0, False)                 # once the enemy is gone the worker may go
    assert 45 in g.step_targets(n, "worker0")


def test_mine_moves_workers_too_and_only_its_owners_units():
    # Rulebook 000 "ШАХТА ... ця властивість шахти постійна й діє на переміщення всіх
    # ваших фігурок" (digest §10): a worker on the Mine steps to any tunnel; the
    # opponent's unit on the same Mine territory cannot.
    g, n, s = two()
    g.set_structure(n, "mine", 12)
    workers(g, n, 12)
    assert {17, 22, 25, 36, 39, 44} <= set(g.step_targets(n, "worker0"))
    g.set_unit(n, W0, 11)
    g.set_mech_deployed(s, 0, True, 12)
    assert not {17, 22, 25, 36, 39, 44} & set(g.step_targets(s, "mech0"))
