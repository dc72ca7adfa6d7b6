"""Rulebook 000 "ВИКЛАДАННЯ ЗІРОК" / triumph track (digest scythe-base.md §18): each
of the ten ways to place a star reached through a real action, one star per
space (two for combat), stars are permanent, shared spaces, six at most.
Objective and Saxony's extra stars are in test_s06 / test_s12."""
import pytest

from tests.scythe.rules.helpers_a import (
    B_TAKE, CHAR, EV_STAR, EV_TURN, TV_BOLSTER_POWER, TV_MOVE, TV_PRODUCE, TV_TRADE_POP, begin, bottom, do,
    end_move, move, position, seat_of, skip_top, top, workers,
)


def two():
    # Nordic: Industrial (Bolster / Upgrade, Produce / Deploy, Move / Build, Trade / Enlist).
    g = position(["nordic", "saxony"], ["industrial", "agricultural"])
    return g, seat_of(g, "nordic"), seat_of(g, "saxony")


def upgrade_sixth(g, n):
    g.set_player(n, top_cubes=[0, 0, 0, 0, 0, 1], bottom_cubes=[1, 2, 1, 1])
    workers(g, n, 11)
    g.set_resources(11, {"oil": 2})                   # Upgrade 3 oil, 1 cube on it
    begin(g, n, bottom_action="upgrade")
    skip_top(g)
    bottom(g, B_TAKE)                                 # the last cube can only go to Enlist
    assert g.player(n)["top_cubes"] == [False] * 6


def deploy_fourth(g, n):
    for k in range(3):
        g.set_mech_deployed(n, k, True, 45)
    workers(g, n, 31)
    g.set_resources(31, {"metal": 3})
    begin(g, n, bottom_action="deploy")
    skip_top(g)
    bottom(g, B_TAKE)


def build_fourth(g, n):
    for k, c in ((0, 8), (1, 9), (2, 10)):
        g.set_structure(n, k, c)
    workers(g, n, 23)
    g.set_resources(23, {"wood": 3})
    begin(g, n, bottom_action="build")
    skip_top(g)
    bottom(g, B_TAKE)


def enlist_fourth(g, n):
    g.set_player(n, recruits=[1, 1, 1, 0], onetime=[1, 1, 1, 0])
    workers(g, n, 36)
    g.set_resources(36, {"food": 4})
    begin(g, n, bottom_action="enlist")
    skip_top(g)
    bottom(g, B_TAKE)


def eighth_worker(g, n):
    g.set_player(n, power=1, popularity=1)            # 7 on the board: 1 power + 1 popularity
    workers(g, n, 28, 45, 45, 45, 45, 45, 45)
    begin(g, n, "produce")
    do(g, "top", top(TV_PRODUCE))
    do(g, "produce", 16 * 28 + 1)
    do(g, "produce", 0)                                   # nothing on the forest


def popularity_18(g, n):
    g.set_player(n, popularity=17, coins=1)
    begin(g, n, "trade")
    do(g, "top", top(TV_TRADE_POP, 1))


def power_16(g, n):
    g.set_player(n, power=14, coins=1)
    begin(g, n, "bolster")
    do(g, "top", top(TV_BOLSTER_POWER, 2))


def combat_win(g, n):
    s = 1 - n
    g.set_unit(n, CHAR, 11)
    g.set_unit(s, CHAR, 12)
    g.set_player(n, power=2)
    begin(g, n, "move")
    do(g, "top", top(TV_MOVE))
    move(g, CHAR, 12)
    end_move(g)
    do(g, "dial", 2)


@pytest.mark.parametrize("reach,kind", [
    (upgrade_sixth, "upgrades"), (deploy_fourth, "mechs"), (build_fourth, "structures"),
    (enlist_fourth, "recruits"), (eighth_worker, "workers"), (popularity_18, "popularity"),
    (power_16, "power"), (combat_win, "combat"),
])
def test_each_achievement_places_a_star(reach, kind):
    # Rulebook 000 "ВИКЛАДАННЯ ЗІРОК": all 6 upgrades, all 4 mechs, all 4 structures,
    # all 4 recruits, all 8 workers, a combat won, 18 popularity, 16 power (digest
    # §18 table); placing is mandatory.
    g, n, _ = two()
    reach(g, n)
    p = g.player(n)
    assert p["stars"] == 1
    assert (p["combat_stars"] == 1) if kind == "combat" else p["star_placed"][kind]


def test_one_star_per_achievement():
    # Rulebook 000 "Зазвичай кожен гравець може виконати кожну з цих цілей лише раз"
    # (digest §18): reaching 16 power again places nothing.
    g, n, _ = two()
    g.set_player(n, star_placed={"power": True})
    power_16(g, n)
    assert g.player(n)["stars"] == 1


def test_second_combat_star_but_no_third():
    # Rulebook 000 "виграти бій (щонайбільше 2 рази)" (digest §18 rows 7-8).
    g, n, s = two()
    g.set_player(n, combat_stars=1)
    combat_win(g, n)
    assert g.player(n)["combat_stars"] == 2 and g.player(n)["stars"] == 2
    combat_win(g, n)
    assert g.player(n)["combat_stars"] == 2 and g.player(n)["stars"] == 2


def test_a_star_stays_when_its_condition_is_lost():
    # Rulebook 000 "Викладена зірка залишається на треку тріумфу до кінця гри.
    # Наприклад, якщо ви виклали зірку за здобуття 18 очок популярності, а потім
    # втратили частину популярності, то зірка залишається" (digest §18).
    g, n, _ = two()
    popularity_18(g, n)
    assert g.player(n)["star_placed"]["popularity"]
    g.set_player(n, power=1)
    workers(g, n, 31, 45, 45, 45, 45, 45)                 # 6 on the board: power + popularity
    begin(g, n, "produce")
    do(g, "top", top(TV_PRODUCE))
    p = g.player(n)
    assert p["popularity"] == 17 and p["star_placed"]["popularity"] and p["stars"] == 1
    popularity_18(g, n)                                    # back to 18: no second star
    assert g.player(n)["stars"] == 1


def test_other_players_stars_do_not_block_a_space():
    # Rulebook 000 "Виклавши зірку на клітинку треку тріумфу, ви не позбавляєте суперників
    # можливості викласти їхні зірки на ту ж клітинку" (digest §18).
    g, n, s = two()
    g.set_player(s, star_placed={"power": True}, power=16)
    power_16(g, n)
    assert g.player(n)["star_placed"]["power"] and g.player(n)["stars"] == 1


def test_never_more_than_six_stars():
    # Rulebook 000 "Ви не зможете викласти більше ніж 6 зірок" (digest §18): one
    # Enlist completes the recruits and lifts popularity to 18 (2 stars earned),
    # with 5 stars placed only the 6th is placed and the game ends.
    g, n, _ = two()
    g.set_player(n, star_placed={"upgrades": True, "mechs": True, "structures": True,
                                 "workers": True, "power": True}, popularity=16)
    enlist_fourth_choice = dict(recruits=[1, 1, 1, 0], onetime=[1, 1, 0, 1])
    g.set_player(n, **enlist_fourth_choice)
    workers(g, n, 36)
    g.set_resources(36, {"food": 4})
    begin(g, n, bottom_action="enlist")
    skip_top(g)
    bottom(g, B_TAKE)
    p = g.player(n)
    assert p["recruits"] == [True] * 4 and p["popularity"] == 18
    assert p["stars"] == 6 and g.is_over and g.end_reason == "sixth_star"


def test_power_star_earned_on_another_players_turn():
    # Digest §18 ENGINE NOTE and Rulebook 000 "ОСОБЛИВІ ВИПАДКИ" (stars for maximum
    # power placed during someone else's turn): Saxony's Upgrade recruit bonus
    # lifts Nordic from 15 to 16 power while Saxony upgrades.
    g, n, s = two()
    g.set_player(n, recruits=[1, 0, 0, 0], power=15)
    workers(g, s, 41)
    g.set_resources(41, {"oil": 2})                       # Agricultural Upgrade: 2 oil
    begin(g, s, bottom_action="upgrade")
    skip_top(g)
    mark = len(g.raw_events())
    do(g, "bottom", B_TAKE)
    do(g, "upgrade", g.legal_options()[0])
    assert g.player(n)["power"] == 16 and g.player(n)["star_placed"]["power"]
    kinds = [(e[0], e[1]) for e in g.raw_events()[mark:]]
    assert kinds.index((EV_STAR, n)) < kinds.index((EV_TURN, n))   # during Saxony's turn
