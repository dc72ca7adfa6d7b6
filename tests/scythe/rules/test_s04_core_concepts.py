"""Rulebook 000 "КЛЮЧОВІ ПОНЯТТЯ" and "ТИПИ ФІГУРОК" (digest scythe-base.md §4):
home bases, control, spending resources, unit roles, track limits.

Control as a query is tested in tests/scythe/test_control.py; here control is
checked through what it allows in play (which tokens pay, where pieces go).
"""
from tests.scythe.rules.helpers_a import (
    B_TAKE, CHAR, MECH0, METAL, TV_BOLSTER_CARDS, TV_BOLSTER_POWER, TV_TRADE_POP,
    TV_TRADE_RES, W0, begin, cell_res, do, opts, pay, position, seat_of, skip_top, top,
    workers,
)


def nordic_saxony():
    g = position(["nordic", "saxony"], ["mechanical", "agricultural"])
    return g, seat_of(g, "nordic"), seat_of(g, "saxony")


# ---------------------------------------------------------------- §4.1 home base
def test_home_base_takes_no_mech_and_no_structure():
    # Rulebook 000 §4.1 "БАЗА — НЕ ТЕРИТОРІЯ" (digest §4.1): no mech deployed and
    # no structure built on a base, even with a worker standing there.
    g, n, _ = nordic_saxony()
    workers(g, n, 2, 11)                  # one worker on the Nordic base, one on forest 11
    g.set_resources(11, {"metal": 3, "wood": 3})
    begin(g, n, bottom_action="deploy")
    skip_top(g)
    do(g, "bottom", B_TAKE)
    pay(g)
    assert {o // 4 for o in opts(g, "deploy")} == {11}
    g2, n2, _ = nordic_saxony()
    workers(g2, n2, 2, 11)
    g2.set_resources(11, {"wood": 3})
    begin(g2, n2, bottom_action="build")
    skip_top(g2)
    do(g2, "bottom", B_TAKE)
    pay(g2)
    assert {o // 4 for o in opts(g2, "build")} == {11}


def test_workers_on_the_base_give_no_trade_territory():
    # Rulebook 000 §4.1 with §7.2 (digest §4.1, §7.2): Trade for resources needs a
    # controlled territory with a worker; a base is not one, so with every worker
    # at home only Trade for popularity is left.
    g, n, _ = nordic_saxony()
    workers(g, n, 2, 2)
    g.set_player(n, coins=3)
    begin(g, n, top_action="trade")
    o = opts(g, "top")
    assert top(TV_TRADE_RES) not in o
    assert top(TV_TRADE_POP, 1) in o


# ---------------------------------------------------------------- §4.2 / §4.3 control and resources
def test_seed_example_resources_from_several_controlled_territories_pay_for_one_mech():
    # Rulebook 000 §4.3 "ВИКОРИСТАННЯ РЕСУРСІВ З БУДЬ-ЯКИХ КОНТРОЛЬОВАНИХ ВАМИ ТЕРИТОРІЙ"
    # (digest §4.3): 3 metal lying on one or more controlled territories pay for a
    # mech deployed on another territory that has a worker. Spent tokens leave
    # the board.
    g, n, _ = nordic_saxony()
    workers(g, n, 11)                     # the deploy territory, no metal on it
    g.set_mech_deployed(n, 0, True, 31)   # a mech alone controls mountain 31
    g.set_structure(n, "mine", 23)        # a structure alone controls forest 23
    g.set_resources(31, {"metal": 2})
    g.set_resources(23, {"metal": 1})
    begin(g, n, bottom_action="deploy")
    skip_top(g)
    do(g, "bottom", B_TAKE)
    assert opts(g, "pay") == [cell_res(23, METAL), cell_res(31, METAL)]
    pay(g)
    assert g.resources(31)["metal"] == 0 and g.resources(23)["metal"] == 0
    do(g, "deploy", 4 * 11 + 1)
    assert g.unit_cell(n, MECH0 + 1) == 11


def test_seed_example_nordic_cannot_spend_metal_where_it_has_nothing():
    # Rulebook 000 "ПРИКЛАД КОНТРОЛЮ РЕСУРСІВ" (digest §4.3): Nordic may spend any
    # resource from territories with its units or structures, but not the metal
    # on a territory holding none of them. 2 controlled metal + 5 uncontrolled
    # cannot pay a 3-metal Deploy.
    g, n, _ = nordic_saxony()
    workers(g, n, 11)
    g.set_resources(11, {"metal": 2})
    g.set_resources(45, {"metal": 5})     # forest 45: nobody there
    begin(g, n, bottom_action="deploy")
    skip_top(g)
    # Deploy unaffordable: the bottom action is skipped by itself and the turn ends.
    assert g.active_player != n and g.player(n)["mechs_deployed"] == [False] * 4
    assert g.resources(45)["metal"] == 5 and g.resources(11)["metal"] == 2
    g.set_resources(45, {})
    g.set_unit(n, W0 + 1, 45)             # now a worker stands on the metal
    g.set_resources(45, {"metal": 5})
    begin(g, n, bottom_action="deploy")
    skip_top(g)
    do(g, "bottom", B_TAKE)
    assert cell_res(45, METAL) in opts(g, "pay")


def test_enemy_unit_on_your_structure_takes_the_resources_there():
    # Rulebook 000 §4.2 "лише один гравець може контролювати територію" and the
    # structures' "КОНТРОЛЬ ТЕРИТОРІЙ" (digest §4.2, §4.3): an enemy worker on the
    # territory of your structure controls it, so only that enemy may spend its
    # tokens.
    g, n, s = nordic_saxony()
    g.set_structure(n, "mill", 36)
    g.set_resources(36, {"wood": 4})
    g.set_unit(s, W0, 36)
    workers(g, n, 11)
    # Nordic (mechanical: Move / Build, 3 wood) cannot build with that wood.
    begin(g, n, bottom_action="build")
    skip_top(g)
    assert g.active_player != n
    # Saxony (agricultural: Produce / Build, 4 wood) can.
    begin(g, s, bottom_action="build")
    skip_top(g)
    do(g, "bottom", B_TAKE)              # 4 wood, all on farm 36: paid at once
    assert g.resources(36)["wood"] == 0


# ---------------------------------------------------------------- §4.4 unit roles
def test_only_workers_enable_deploy_and_build():
    # Rulebook 000 "ТИПИ ФІГУРОК" (digest §4.4): workers deploy mechs and build
    # structures; a territory held by the character and a mech only is no target.
    g, n, _ = nordic_saxony()
    g.set_unit(n, CHAR, 31)
    g.set_mech_deployed(n, 0, True, 31)
    workers(g, n, 11)
    g.set_resources(31, {"wood": 3})
    begin(g, n, bottom_action="build")
    skip_top(g)
    do(g, "bottom", B_TAKE)
    pay(g)
    assert {o // 4 for o in opts(g, "build")} == {11}


def test_workers_are_not_resources():
    # Rulebook 000 "РОБІТНИКИ — НЕ РЕСУРС" (digest §4.3, §4.4): workers pay for
    # nothing; 3 workers on a territory do not stand in for 3 wood.
    g, n, _ = nordic_saxony()
    workers(g, n, 11, 11, 11)
    begin(g, n, bottom_action="build")
    skip_top(g)
    assert g.active_player != n           # nothing to pay with: Build not offered
    assert g.controlled_resources(n) == {"oil": 0, "metal": 0, "wood": 0, "food": 0}


# ---------------------------------------------------------------- §4.5 tracks
def test_power_track_stops_at_16():
    # Rulebook 000 §4.5 "на треку сили ви можете мати 16 очок" (digest §4.5): a gain
    # above the maximum is lost.
    g, n, _ = nordic_saxony()
    g.set_player(n, power=15, coins=2)
    begin(g, n, top_action="bolster")
    do(g, "top", top(TV_BOLSTER_POWER, 2))
    assert g.player(n)["power"] == 16
    assert g.player(n)["coins"] == 1


def test_popularity_track_stops_at_18():
    # Rulebook 000 §4.5 (digest §4.5, §18: the track ends at 18).
    g, n, _ = nordic_saxony()
    g.set_player(n, popularity=18, coins=2)
    g.set_player(n, star_placed={"popularity": True})   # the star is not what is tested
    begin(g, n, top_action="trade")
    do(g, "top", top(TV_TRADE_POP, 1))
    assert g.player(n)["popularity"] == 18 and g.player(n)["coins"] == 1


def test_popularity_never_below_zero_and_workers_still_retreat():
    # Rulebook 000 "ТЕРИТОРІЯ, КОНТРОЛЬОВАНА РОБІТНИКАМИ": "Якщо ви не можете далі
    # зменшити свою популярність, робітники суперника все одно відступають"
    # (digest §4.5: values never go below 0).
    g, n, s = nordic_saxony()
    g.set_unit(n, CHAR, 11)
    g.set_unit(s, W0, 12)
    g.set_player(n, popularity=0)
    begin(g, n, top_action="move")
    do(g, "top", top(1))
    do(g, "move_unit", 1 + CHAR)
    do(g, "move_step", 12)
    assert g.unit_cell(s, W0) == 5         # the Saxony worker is back on its base
    assert g.player(n)["popularity"] == 0


def test_combat_card_hand_has_no_limit_and_its_size_is_public():
    # Rulebook 000 setup "КАРТИ БОЮ": the number of combat cards is public, their
    # values secret (digest §4.5: no hand limit, public count).
    g, n, s = nordic_saxony()
    g.set_player(n, coins=1, hand=[4, 3, 2, 1])
    begin(g, n, top_action="bolster")
    do(g, "top", top(TV_BOLSTER_CARDS, 1))
    assert g.player(n)["hand_size"] == 11
    seen = g.observation(s)
    assert seen["players"][n]["hand_size"] == 11
    assert "hand" not in seen["players"][n]
    assert sum(seen["hand"].values()) == 0          # the observer's own (empty) hand
