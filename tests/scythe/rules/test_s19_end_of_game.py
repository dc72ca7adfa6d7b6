"""Rulebook 000 "КІНЕЦЬ ГРИ" and "ОСОБЛИВІ ВИПАДКИ" (digest scythe-base.md §19): the
6th star ends the game at once, even mid-turn; a bottom action's benefit,
coins and recruit bonuses come before its star; stars earned on another
player's turn are placed clockwise after the action and only if the active
player did not end the game; units left with an opponent go back."""
import pytest

from tests.scythe.rules.helpers_a import (
    B_TAKE, CHAR, EV_STAR, MECH0, TV_BOLSTER_POWER, TV_MOVE, W0, any_effect, begin, bottom, do,
    end_move, move, position, seat_of, skip_top, stars, top, workers,
)

GET_RICH = 12          # objective card 12: at least 20 coins (reference cards.md)
BUILD_RECRUIT = [0, 0, 1, 0]


def star_seats(g, since):
    return [e[1] for e in g.raw_events()[since:] if e[0] == EV_STAR]


# ---------------------------------------------------------------- §19.1 the 6th star
def test_sixth_star_from_the_top_action_ends_the_game_before_the_bottom_action():
    # Rulebook 000 "Гра закінчується відразу після того, як гравець викладає свою шосту
    # зірку ... навіть якщо хід гравця не завершений" (digest §19.1). Industrial
    # Bolster / Upgrade: the Upgrade was affordable but never happens.
    g = position(["nordic", "saxony"], ["industrial", "agricultural"])
    n = seat_of(g, "nordic")
    stars(g, n, 5)
    g.set_player(n, power=14, coins=1)
    workers(g, n, 11)
    g.set_resources(11, {"oil": 3})
    begin(g, n, "bolster")
    do(g, "top", top(TV_BOLSTER_POWER, 2))
    assert g.is_over and g.end_reason == "sixth_star" and g.decision_name == "none"
    assert g.player(n)["stars"] == 6 and g.resources(11)["oil"] == 3
    assert g.legal_options() == []
    assert g.result()["over"] and g.result()["stars"][n] == 6


def test_sixth_star_from_an_objective_ends_the_game_before_the_section():
    # Rulebook 000 §19.1 with "ЦІЛІ" (digest §19.1): revealed at the start of the
    # turn, the 6th star ends the game before any action.
    g = position(["nordic", "saxony"], ["industrial", "agricultural"])
    n = seat_of(g, "nordic")
    stars(g, n, 5)
    g.set_player(n, coins=20, objectives=[GET_RICH], last_section=2)
    g.begin_turn(n)
    do(g, "objective", 1)
    assert g.is_over and g.player(n)["last_section"] == 2


# ---------------------------------------------------------------- §19.2 bottom action
def three():
    # Seats: 0 Nordic (Industrial: Move / Build, 3 wood, $1), 1 Rusviet, 2 Saxony.
    g = position(["nordic", "rusviet", "saxony"], ["industrial", "engineering", "mechanical"])
    assert [g.faction_name(s) for s in range(3)] == ["nordic", "rusviet", "saxony"]
    return g


def build_fourth(g, seat, cell, wood=3):
    for k, c in ((0, 8), (1, 9), (2, 10)):
        g.set_structure(seat, k, c)
    g.set_unit(seat, W0, cell)
    g.set_resources(cell, {"wood": wood})
    begin(g, seat, bottom_action="build")
    skip_top(g)
    bottom(g, B_TAKE)
    any_effect(g)


def test_sixth_star_from_a_bottom_action_comes_after_benefit_coins_and_recruit_bonuses():
    # Rulebook 000 "ОСОБЛИВІ ВИПАДКИ. Якщо ви викладаєте 6-ту зірку завдяки дії нижнього
    # ряду, то спершу отримуєте основну винагороду, монети й постійний рекрутський
    # бонус, а вже потім розміщуєте зірку" (digest §19.2). The neighbours' recruit
    # bonuses of the same action are resolved before the star too (digest §19.3
    # INTERPRETATION steps 1-5, the engine's documented order).
    g = three()
    for s in range(3):
        g.set_player(s, recruits=BUILD_RECRUIT, popularity=5)
    stars(g, 0, 5, but=("structures",))
    build_fourth(g, 0, 23)
    p = g.player(0)
    assert g.is_over and p["stars"] == 6
    assert p["structures"]["mill"] == 23 and p["coins"] == 1 and p["popularity"] == 6
    assert [g.player(s)["popularity"] for s in (1, 2)] == [6, 6]


# ---------------------------------------------------------------- §19.3 other players' stars
def four():
    g = position(["nordic", "rusviet", "crimea", "saxony"],
                 ["industrial", "engineering", "mechanical", "agricultural"])
    assert [g.faction_name(s) for s in range(4)] == ["nordic", "rusviet", "crimea", "saxony"]
    for s in range(4):
        g.set_player(s, recruits=BUILD_RECRUIT)
    return g


def rusviet_builds(g, cell=26):
    # Rusviet (seat 1, Engineering: Bolster / Build, 3 wood).
    g.set_unit(1, W0, cell)
    g.set_resources(cell, {"wood": 3})
    begin(g, 1, bottom_action="build")
    skip_top(g)
    bottom(g, B_TAKE)
    any_effect(g)


def test_neighbours_place_stars_clockwise_and_the_first_sixth_ends_the_game():
    # Rulebook 000 "ОСОБЛИВІ ВИПАДКИ. Якщо кілька гравців повинні викласти зірки за
    # досягнення максимальної популярності чи сили під час чужого ходу, то вони
    # викладають їх за годинниковою стрілкою" (digest §19.3; clockwise from the
    # active player, INTERPRETATION step 6). Rusviet (seat 1) builds: Crimea (seat 2,
    # left) and Nordic (seat 0, right) both reach 18 popularity with 5 stars;
    # Crimea comes first clockwise and ends the game.
    g = four()
    for s in (0, 2):
        stars(g, s, 5)
        g.set_player(s, popularity=17)
    rusviet_builds(g)
    assert g.is_over
    assert g.player(2)["stars"] == 6 and g.player(2)["star_placed"]["popularity"]
    assert g.player(0)["popularity"] == 18 and g.player(0)["stars"] == 5


def test_active_players_stars_first_then_the_neighbours():
    # Rulebook 000 "ОСОБЛИВІ ВИПАДКИ ... лише після того, як суперник завершить виконання
    # поточної дії" (digest §19.3 steps 5-6): Rusviet's structure star is placed
    # before Crimea's popularity star.
    g = four()
    g.set_player(2, popularity=17)
    for k, c in ((0, 8), (1, 9), (2, 10)):
        g.set_structure(1, k, c)
    mark = len(g.raw_events())
    rusviet_builds(g)
    assert star_seats(g, mark) == [1, 2]
    assert not g.is_over


def test_no_neighbour_star_once_the_active_player_placed_the_sixth():
    # Rulebook 000 "ОСОБЛИВІ ВИПАДКИ ... і, звісно, тільки якщо цією дією суперник сам
    # не викладе 6-ту зірку" (digest §19.3).
    g = four()
    stars(g, 1, 5, but=("structures",))
    stars(g, 2, 5)
    g.set_player(2, popularity=17)
    for k, c in ((0, 8), (1, 9), (2, 10)):
        g.set_structure(1, k, c)
    mark = len(g.raw_events())
    rusviet_builds(g)
    assert g.is_over and star_seats(g, mark) == [1]
    assert g.player(2)["popularity"] == 18 and g.player(2)["stars"] == 5


# ---------------------------------------------------------------- §19.4 units left with an opponent
def pending_combat_game():
    """Nordic (5 stars) moves its character onto Rusviet's on tundra 12 and its
    Riverwalk mech, carrying a worker and 2 wood, from farm 19 onto Saxony's mech
    on village 13; it fights on 12 first and wins its 6th star."""
    g = three()
    g.set_unit(0, CHAR, 11)
    g.set_mech_deployed(0, "riverwalk", True, 19)
    workers(g, 0, 19)
    g.set_resources(19, {"wood": 2})
    g.set_unit(1, CHAR, 12)
    g.set_mech_deployed(2, 0, True, 13)
    g.set_player(0, power=5)
    g.set_player(2, power=4)
    stars(g, 0, 5)
    begin(g, 0, "move")
    do(g, "top", top(TV_MOVE))
    move(g, CHAR, 12)
    move(g, MECH0, 13, carry={"workers": 1, 2: 2})
    end_move(g)
    do(g, "combat_order", 12)
    do(g, "dial", 5)
    return g


def test_units_left_with_an_opponent_return_where_they_came_from():
    # Rulebook 000 "ОСОБЛИВІ ВИПАДКИ. Якщо ваші фігурки ... залишаються на території з
    # фігурками суперника (внаслідок дії переміщення), ви мусите скасувати частину дії
    # переміщення ... Поверніть свої фігурки на ту територію, з якої вони
    # перемістилися" (digest §19.4): the mech and the worker it carried go back to
    # farm 19; the combat on 13 is never fought.
    g = pending_combat_game()
    assert g.is_over and g.end_reason == "sixth_star" and g.player(0)["stars"] == 6
    assert g.unit_cell(0, CHAR) == 12 and g.unit_cell(1, CHAR) == 4    # the fought combat stands
    assert g.unit_cell(0, MECH0) == 19 and g.unit_cell(0, W0) == 19
    assert g.unit_cell(2, MECH0) == 13 and g.player(2)["power"] == 4
    assert g.controller(13) == 2 and g.controller(19) == 0
    g.check_invariants()


def test_undone_move_takes_back_the_resources_it_carried():
    # Rulebook 000 "ОСОБЛИВІ ВИПАДКИ ... скасувати частину дії переміщення, завдяки якій
    # вони опинилися на цій території" (digest §19.4): undoing that part of the Move
    # also undoes the carrying of the 2 wood.
    g = pending_combat_game()
    assert g.resources(19)["wood"] == 2 and g.resources(13)["wood"] == 0
