"""Rulebook 000 "ДІЇ НИЖНЬОГО РЯДУ", "МОДЕРНІЗАЦІЯ", "РОЗМІЩЕННЯ", "БУДІВНИЦТВО",
"ВЕРБУВАННЯ" (digest scythe-base.md §9): coins, resource types, cost reduction,
exhausted actions, the four effects, one-time and ongoing recruit bonuses with
the left / right neighbours and the 2-player rule.

Mat values (costs, coins) are read from the data (reference player-mats.md,
conf: high); the recruit ongoing bonuses other than Build's are public facts
(digest §9.4.2, conf: high).
"""
import pytest

from tests.scythe.rules.helpers_a import (
    B_NEITHER, B_NO_COINS, B_NO_EFFECT, B_TAKE, BUILD, DEPLOY, E_CARDS, E_COINS, E_POPULARITY,
    E_POWER,
    ENLIST, EV_RECRUIT_BONUS, TC_PRODUCE, TV_FACTORY, UPGRADE, begin,
    bottom, bottom_data, do, events, opts, position, seat_of, skip_top, top, workers,
)

ACTIONS = ("upgrade", "deploy", "build", "enlist")
RESOURCE_OF = {"upgrade": "oil", "deploy": "metal", "build": "wood", "enlist": "food"}
ONGOING = {"upgrade": "power", "deploy": "coins", "build": "popularity", "enlist": "hand_size"}


def two(mats=("industrial", "agricultural")):
    g = position(["nordic", "saxony"], list(mats))
    return g, seat_of(g, "nordic"), seat_of(g, "saxony")


def four():
    # Seats (turn order): 0 Nordic (Industrial #1), 1 Rusviet, 2 Crimea, 3 Saxony.
    g = position(["nordic", "rusviet", "crimea", "saxony"],
                 ["industrial", "engineering", "mechanical", "agricultural"])
    assert [g.faction_name(s) for s in range(4)] == ["nordic", "rusviet", "crimea", "saxony"]
    return g


def stock(g, seat, cell, action, extra=0):
    """A worker of `seat` on `cell` with exactly the tokens `action` costs (+extra)."""
    start, _, _ = bottom_data(g, seat, action)
    g.set_unit(seat, 5, cell)
    g.set_resources(cell, {RESOURCE_OF[action]: start + extra})


def track(g, seat, what):
    return g.player(seat)[what]


def recruit(action):
    return [a == action for a in ACTIONS]


# ---------------------------------------------------------------- coins and costs
@pytest.mark.parametrize("action", ACTIONS)
def test_each_action_pays_its_own_resource_then_gives_its_coins(action):
    # Rulebook 000 "ДІЇ НИЖНЬОГО РЯДУ": Upgrade needs oil, Deploy metal, Build wood,
    # Enlist food; "МОНЕТИ ... після оплати" (digest §9 general rules). With every
    # other resource in plenty the action is not offered; with its own it is, and
    # it pays the mat's coins.
    g, n, s = two(("mechanical", "agricultural"))
    start, _, coins = bottom_data(g, n, action)
    workers(g, n, 11)
    others = [r for r in ("oil", "metal", "wood", "food") if r != RESOURCE_OF[action]]
    g.set_resources(11, {r: 9 for r in others})
    begin(g, n, bottom_action=action)
    skip_top(g)
    assert g.active_player == s
    g.set_resources(12, {RESOURCE_OF[action]: start})
    g.set_unit(n, 6, 12)
    begin(g, n, bottom_action=action)
    skip_top(g)
    bottom(g, B_TAKE)
    if g.decision_name in ("upgrade", "deploy", "build", "enlist"):
        g.apply(g.legal_options()[0])
    assert g.resources(12)[RESOURCE_OF[action]] == 0
    assert all(g.resources(11)[r] == 9 for r in others)
    assert track(g, n, "coins") >= coins and g.active_player == s
    if action != "enlist":          # the Enlist one-time bonus may add coins of its own
        assert track(g, n, "coins") == coins


def test_coins_may_be_refused():
    # Rulebook 000 "МОНЕТИ. ... Гравець може відмовитися брати монети" (digest §9).
    g, n, _ = two()
    stock(g, n, 11, "upgrade")
    begin(g, n, bottom_action="upgrade")
    skip_top(g)
    bottom(g, B_NO_COINS)
    do(g, "upgrade", g.legal_options()[0])
    assert track(g, n, "coins") == 0 and sum(g.player(n)["bottom_cubes"]) == 1


def test_cubes_lower_the_cost_down_to_the_solid_boxes():
    # Rulebook 000 "МОДЕРНІЗАЦІЯ" (digest §9 "Cost reduction", §9.1): each cube on a
    # dashed box lowers the cost by 1; Industrial Deploy 3 metal, minimum 1.
    g, n, s = two()
    start, minimum, _ = bottom_data(g, n, "deploy")
    assert (start, minimum) == (3, 1)
    workers(g, n, 31)
    g.set_resources(31, {"metal": 1})
    g.set_player(n, bottom_cubes=[0, 1, 0, 0], top_cubes=[0, 1, 1, 1, 1, 1])
    begin(g, n, bottom_action="deploy")
    skip_top(g)
    assert g.active_player == s                      # 2 metal needed, 1 there
    g.set_player(n, bottom_cubes=[0, 2, 0, 0], top_cubes=[0, 0, 1, 1, 1, 1])
    begin(g, n, bottom_action="deploy")
    skip_top(g)
    bottom(g, B_TAKE)
    do(g, "deploy", 4 * 31 + 0)
    assert g.resources(31)["metal"] == 0 and g.player(n)["mechs_deployed"][0]


# ---------------------------------------------------------------- §9.1 Upgrade
def test_upgrade_moves_any_cube_to_any_free_dashed_box():
    # Rulebook 000 "МОДЕРНІЗАЦІЯ": a cube from any green box to any free red box with
    # a dashed border; solid boxes never (digest §9.1). Industrial dashed boxes:
    # Upgrade 1, Deploy 2, Build 1, Enlist 2.
    g, n, _ = two()
    stock(g, n, 11, "upgrade")
    g.set_player(n, top_cubes=[1, 1, 1, 1, 1, 0], bottom_cubes=[0, 0, 1, 0])  # Build's box taken
    begin(g, n, bottom_action="upgrade")
    skip_top(g)
    bottom(g, B_TAKE)
    assert opts(g, "upgrade") == [4 * tc + b for tc in range(5) for b in (UPGRADE, DEPLOY, ENLIST)]


def test_seed_example_upgrade_produce_to_enlist():
    # Rulebook 000 "МОДЕРНІЗАЦІЯ. ПРИКЛАД": move the cube from Produce's benefit to
    # Enlist's cost: Produce reaches 3 territories, Enlist costs 1 food less.
    g, n, s = two()
    stock(g, n, 11, "upgrade")
    begin(g, n, bottom_action="upgrade")
    skip_top(g)
    bottom(g, B_TAKE)
    do(g, "upgrade", 4 * TC_PRODUCE + ENLIST)
    p = g.player(n)
    assert p["top_cubes"][TC_PRODUCE] is False and p["bottom_cubes"][ENLIST] == 1
    # Enlist (Industrial, 4 food) now costs 3; Produce takes a 3rd territory.
    workers(g, n, 31, 23, 36)
    g.set_resources(36, {"food": 3})
    begin(g, n, top_action="trade")                 # Industrial: Trade / Enlist
    skip_top(g)
    bottom(g, B_TAKE)
    assert g.resources(36)["food"] == 0
    do(g, "enlist", g.legal_options()[0])
    begin(g, n, top_action="produce")
    do(g, "top", top(7))
    for c in (31, 23, 36):
        do(g, "produce", 16 * c + 1)
    assert (g.resources(31)["metal"], g.resources(23)["wood"], g.resources(36)["food"]) == (1, 1, 1)


# ---------------------------------------------------------------- §9.2 Deploy
def test_deploy_any_mech_on_a_worker_territory_never_a_lake_or_base_factory_allowed():
    # Rulebook 000 "РОЗМІЩЕННЯ" (digest §9.2): any mech from the faction mat onto a
    # controlled territory with a worker; never a lake (even with a lake ability)
    # nor a base; the Factory is fine.
    g, n, _ = two()
    g.set_mech_deployed(n, "seaworthy", True, 24)  # carries a worker onto lake 24
    workers(g, n, 24, 2, 30, 31)
    g.set_resources(31, {"metal": 3})
    begin(g, n, bottom_action="deploy")
    skip_top(g)
    bottom(g, B_TAKE)
    free = [k for k in range(4) if k != 1]          # mech space 1 (Seaworthy) is on the board
    assert opts(g, "deploy") == [4 * c + k for c in (30, 31) for k in free]


def test_deployed_mech_gives_its_ability_to_the_character_and_mechs():
    # Rulebook 000 "РОЗМІЩЕННЯ. Відтепер ваш герой і всі мехи (але не робітники)
    # володіють властивістю" (digest §9.2). Saxony Riverwalk: forests and mountains
    # across rivers; from tundra 17 the river to mountain 18 opens for the
    # character, not for a worker.
    g, _, s = two()
    g.set_unit(s, 0, 17)
    workers(g, s, 31, 17)
    g.set_resources(31, {"metal": 4})               # Agricultural Deploy: 4 metal
    assert 18 not in g.step_targets(s, "character")
    begin(g, s, bottom_action="deploy")
    skip_top(g)
    bottom(g, B_TAKE)
    do(g, "deploy", 4 * 31 + 0)                     # space 0: Riverwalk
    assert 18 in g.step_targets(s, "character")
    assert 18 not in g.step_targets(s, "worker1")   # workers do not get mech abilities


# ---------------------------------------------------------------- §9.3 Build
def test_build_any_structure_on_a_worker_territory_one_per_territory():
    # Rulebook 000 "БУДІВНИЦТВО" (digest §9.3): any structure onto a controlled
    # territory with a worker; at most one structure per territory whoever owns
    # it; the Factory is allowed; never a lake or a base.
    g, n, s = two()
    g.set_structure(s, "mine", 36)                  # Saxony's Mine on farm 36
    g.set_structure(n, "armory", 19)                # Nordic's own Armory on farm 19
    g.set_mech_deployed(n, "seaworthy", True, 24)
    workers(g, n, 36, 19, 24, 2, 30, 23)
    g.set_resources(23, {"wood": 3})
    begin(g, n, bottom_action="build")
    skip_top(g)
    bottom(g, B_TAKE)
    assert opts(g, "build") == [4 * c + k for c in (23, 30) for k in (0, 2, 3)]
    do(g, "build", 4 * 30 + 3)
    assert g.player(n)["structures"]["mill"] == 30


def test_structures_are_permanent():
    # Rulebook 000 "ПОСТІЙНІСТЬ. Збудовані споруди не можна ані знищити, ані
    # перемістити" (digest §9.3): an enemy moving in takes control, not the structure.
    g, n, s = two()
    g.set_structure(n, "mill", 12)
    g.set_unit(s, 0, 11)
    begin(g, s, top_action="move")
    do(g, "top", top(1))
    do(g, "move_unit", 1)
    do(g, "move_step", 12)
    assert g.player(n)["structures"]["mill"] == 12 and g.controller(12) == s


# ---------------------------------------------------------------- §9.4 Enlist
def test_enlist_any_recruit_onto_any_free_one_time_bonus():
    # Rulebook 000 "ВЕРБУВАННЯ. ОДНОРАЗОВИЙ БОНУС" (digest §9.4, §9.4.1): a recruit from
    # any section onto any open one-time bonus space; the two choices are
    # independent.
    g, n, _ = two()
    stock(g, n, 36, "enlist")
    g.set_player(n, recruits=[0, 1, 0, 0], onetime=[0, 0, 1, 0])
    begin(g, n, bottom_action="enlist")
    skip_top(g)
    bottom(g, B_TAKE)
    assert opts(g, "enlist") == [4 * b + e for b in (UPGRADE, BUILD, ENLIST)
                                 for e in (E_POWER, E_COINS, E_CARDS)]


@pytest.mark.parametrize("bonus,field,gain", [
    (E_POWER, "power", 2), (E_COINS, "coins", 2), (E_POPULARITY, "popularity", 2),
    (E_CARDS, "hand_size", 2),
])
def test_one_time_bonuses(bonus, field, gain):
    # Rulebook 000 "Чотири одноразові рекрутські бонуси": 2 power, 2 coins,
    # 2 popularity, 2 combat cards (digest §9.4.1). Industrial Enlist pays no coins.
    g, n, _ = two()
    stock(g, n, 36, "enlist")
    begin(g, n, bottom_action="enlist")
    skip_top(g)
    before = g.player(n)[field]
    bottom(g, B_TAKE)
    do(g, "enlist", 4 * UPGRADE + bonus)
    p = g.player(n)
    assert p[field] == before + gain
    assert p["recruits"][UPGRADE] and p["onetime_used"][bonus]


@pytest.mark.parametrize("action", ACTIONS)
def test_ongoing_bonus_of_each_action_for_the_actor(action):
    # Rulebook 000 "ПОСТІЙНИЙ БОНУС" (digest §9.4.2 table): Upgrade +1 power,
    # Deploy +$1, Build +1 popularity (the seed's example), Enlist +1 combat card,
    # each time the player takes that bottom action; coins and effect declined
    # (Industrial Enlist pays no coins to decline) so only the bonus counts.
    g, n, _ = two()
    stock(g, n, 31, action)
    coins = bottom_data(g, n, action)[2]
    g.set_player(n, recruits=recruit(action), onetime=[1, 0, 0, 0])
    begin(g, n, bottom_action=action)
    skip_top(g)
    before = g.player(n)[ONGOING[action]]
    bottom(g, B_NEITHER if coins else B_NO_EFFECT)
    assert g.player(n)[ONGOING[action]] == before + 1


def test_ongoing_bonus_for_both_neighbours_active_first_then_left_then_right():
    # Rulebook 000 "ПОСТІЙНИЙ БОНУС ... ви чи гравець безпосередньо ліворуч/праворуч" and
    # "ЧЕРГОВІСТЬ ХОДІВ ... першим його отримує активний гравець, потім гравець
    # ліворуч і нарешті гравець праворуч" (digest §9.4.2, §9.4.3: left = next in
    # turn order). Rusviet (seat 1) builds: Crimea (seat 2, left) and Nordic
    # (seat 0, right) gain 1 popularity; Saxony (seat 3) is no neighbour.
    g = four()
    for seat in range(4):
        g.set_player(seat, recruits=recruit("build"), popularity=5)
    stock(g, 1, 26, "build")
    begin(g, 1, bottom_action="build")
    skip_top(g)
    mark = len(g.raw_events())
    bottom(g, B_TAKE)
    do(g, "build", g.legal_options()[0])
    assert [g.player(s)["popularity"] for s in range(4)] == [6, 6, 6, 5]
    assert [e[1] for e in events(g, EV_RECRUIT_BONUS, mark)] == [1, 2, 0]


def test_two_players_gain_the_neighbour_bonus_once():
    # Rulebook 000 "ГРА ВДВОХ ... ви отримуєте його лише 1 раз" (digest §9.4.2): the
    # opponent is both left and right neighbour.
    g, n, s = two()
    g.set_player(s, recruits=recruit("upgrade"), power=3)
    stock(g, n, 11, "upgrade")
    begin(g, n, bottom_action="upgrade")
    skip_top(g)
    bottom(g, B_TAKE)
    do(g, "upgrade", g.legal_options()[0])
    assert g.player(s)["power"] == 4


def test_top_actions_never_trigger_recruit_bonuses():
    # Rulebook 000 "Цей бонус не враховують під час виконання дій верхнього ряду"
    # (digest §9.4.2). Industrial Produce / Deploy: the top action alone.
    g, n, s = two()
    for seat in (n, s):
        g.set_player(seat, recruits=[1, 1, 1, 1], onetime=[1, 1, 1, 1])
    workers(g, n, 31)
    begin(g, n, top_action="produce")
    do(g, "top", top(7))
    assert g.active_player == s                      # no metal for Deploy: the turn passed
    assert (g.player(n)["coins"], g.player(n)["power"], g.player(n)["popularity"]) == (0, 0, 0)
    assert (g.player(s)["coins"], g.player(s)["power"], g.player(s)["popularity"]) == (0, 0, 0)


def test_factory_card_bottom_actions_never_trigger_recruit_bonuses():
    # Rulebook 000 "ВЕРБУВАННЯ": not "схожих дій карти Фабрики", and "ОСНОВНІ
    # ПРАВИЛА": Factory actions get no recruit bonuses (digest §9.4.2). Factory
    # card 11: pay $2, build for free, +1 popularity.
    g, n, s = two()
    for seat in (n, s):
        g.set_player(seat, recruits=recruit("build"), popularity=3)
    g.set_player(n, coins=2, factory_card=11)
    workers(g, n, 11)
    g.begin_turn(n)
    do(g, "section", 4)
    do(g, "top", top(TV_FACTORY))
    do(g, "gain_amount", 1)
    do(g, "free_action", BUILD)
    do(g, "build", 4 * 11 + 0)
    assert g.player(n)["structures"]["mine"] == 11
    assert g.player(n)["popularity"] == 4 and g.player(s)["popularity"] == 3


def test_enlist_recruit_bonus_is_not_gained_by_the_action_that_enlists_it():
    # Rulebook 000 §6 "Вартість дії ... та винагорода ... визначаються кількістю вільних
    # комірок ... перед виконанням відповідної дії" (digest §6): the Enlist ongoing
    # bonus (green circle) is covered when the Enlist action starts, so taking the
    # Enlist section's own recruit gives no combat card on that action.
    g, n, _ = two()
    stock(g, n, 36, "enlist")
    g.set_combat_deck([2, 3, 4, 5])
    begin(g, n, bottom_action="enlist")
    skip_top(g)
    bottom(g, B_TAKE)
    do(g, "enlist", 4 * ENLIST + E_COINS)
    assert g.player(n)["hand_size"] == 0


# ---------------------------------------------------------------- exhausted actions
@pytest.mark.parametrize("action", ACTIONS)
def test_exhausted_action_still_pays_coins_and_triggers_recruit_bonuses(action):
    # Rulebook 000 "ВИЧЕРПАННЯ ДІЇ ... ви далі можете виконувати цю дію, оплачуючи її
    # вартість та отримуючи монети (а також рекрутський бонус)" and "ОСНОВНІ
    # ПРАВИЛА" (digest §9): nothing left to upgrade / deploy / build / enlist.
    g, n, s = two(("mechanical", "agricultural"))
    start, minimum, coins = bottom_data(g, n, action)
    exhausted = {
        "upgrade": dict(top_cubes=[0] * 6, bottom_cubes=[1, 2, 1, 2]),
        "deploy": dict(),
        "build": dict(),
        "enlist": dict(recruits=[1, 1, 1, 1], onetime=[1, 1, 1, 1]),
    }[action]
    g.set_player(n, **exhausted)
    if action == "deploy":
        for k in range(4):
            g.set_mech_deployed(n, k, True, 45)
    if action == "build":
        for k, c in enumerate((8, 9, 10, 13)):
            g.set_structure(n, k, c)
    g.set_player(n, recruits=[1, 1, 1, 1] if action == "enlist" else recruit(action))
    g.set_player(s, recruits=recruit(action))
    cost = start - (exhausted.get("bottom_cubes", [0] * 4)[ACTIONS.index(action)])
    g.set_unit(n, 5, 31)
    g.set_resources(31, {RESOURCE_OF[action]: cost})
    begin(g, n, bottom_action=action)
    skip_top(g)
    mine_before = g.player(n)[ONGOING[action]]
    theirs_before = g.player(s)[ONGOING[action]]
    assert opts(g, "bottom") == ([0, B_TAKE, B_NO_COINS] if coins else [0, B_TAKE])
    bottom(g, B_TAKE)
    assert g.resources(31)[RESOURCE_OF[action]] == 0
    own_gain = coins if action == "deploy" else 0   # Deploy's ongoing bonus is a coin too
    assert g.player(n)[ONGOING[action]] == mine_before + 1 + own_gain
    assert g.player(s)[ONGOING[action]] == theirs_before + 1
    if action != "deploy":
        assert g.player(n)["coins"] == coins
    assert g.active_player == s


def test_decline_the_effect_but_take_the_coins():
    # Rulebook 000 §6 partial benefit (digest §6, §9): the action may be taken for
    # its coins only, keeping the cube where it is.
    g, n, _ = two()
    stock(g, n, 11, "upgrade")
    begin(g, n, bottom_action="upgrade")
    skip_top(g)
    bottom(g, B_NO_EFFECT)
    p = g.player(n)
    assert p["coins"] == 3 and p["bottom_cubes"] == [0, 0, 0, 0] and all(p["top_cubes"])
