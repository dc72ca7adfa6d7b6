"""Rulebook 000 "ПЕРЕБІГ ГРИ" / "ВАШ ХІД" (digest scythe-base.md §6): the section
choice, top then bottom action (each optional, each once), pay then gain, the
empty turn, and when an objective may be revealed."""
from tests.scythe.rules.helpers_a import (
    B_NO_COINS, B_SKIP, B_TAKE, CHAR, TV_BOLSTER_POWER, TV_GAIN, TV_MOVE, TV_PRODUCE, begin,
    bottom, do, move, opts, position, seat_of, section_of, skip_top, top, workers,
)

GET_RICH = 12      # objective card 12: at least 20 coins (reference cards.md)


def two(mats=("industrial", "agricultural")):
    g = position(["nordic", "saxony"], list(mats))
    return g, seat_of(g, "nordic"), seat_of(g, "saxony")


# ---------------------------------------------------------------- section choice
def test_section_must_differ_from_the_previous_turn():
    # Rulebook 000 §6 step 1 "на іншу секцію ... (не на ту саму, де вона була під час
    # вашого попереднього ходу)" (digest §6): the first turn may use any section.
    g, n, _ = two()
    g.begin_turn(n)
    assert opts(g, "section") == [0, 1, 2, 3]
    g.set_player(n, last_section=2)
    g.begin_turn(n)
    assert opts(g, "section") == [0, 1, 3]


def test_the_chosen_section_is_remembered_for_the_next_turn():
    # Rulebook 000 §6 step 1 (digest §6): playing section 1 forbids it next turn,
    # and only next turn.
    g, n, s = two()
    g.set_player(n, coins=5)
    g.begin_turn(n)
    do(g, "section", 1)
    skip_top(g)
    if g.decision_name == "bottom":
        do(g, "bottom", B_SKIP)
    assert g.active_player == s and g.player(n)["last_section"] == 1
    do(g, "section", 0)
    skip_top(g)
    if g.decision_name == "bottom":
        do(g, "bottom", B_SKIP)
    assert g.active_player == n
    assert opts(g, "section") == [0, 2, 3]


# ---------------------------------------------------------------- top then bottom, each once
def test_top_comes_first_and_bottom_only_after_it():
    # Rulebook 000 §6 steps 2-3 "спершу верхнього, а потім нижнього" (digest §6):
    # after the section the top action is offered (the bottom is never offered
    # first); skipping it leads to the bottom action.
    g, n, _ = two()
    g.set_player(n, coins=3)
    workers(g, n, 11)
    g.set_resources(11, {"oil": 3})
    begin(g, n, top_action="bolster")       # Industrial: Bolster / Upgrade
    assert g.decision_name == "top"
    do(g, "top", 0)
    assert g.decision_name == "bottom"
    assert B_TAKE in g.legal_options()


def test_each_action_once_then_the_turn_ends():
    # Rulebook 000 §6 "У свій хід ви можете виконати певну дію лише раз" (digest §6):
    # after the top action comes the bottom one (never a second top), after the
    # bottom one the next player.
    g, n, s = two()
    g.set_player(n, coins=3)
    workers(g, n, 11)
    g.set_resources(11, {"oil": 3})
    begin(g, n, top_action="bolster")
    do(g, "top", top(TV_BOLSTER_POWER, 2))
    assert g.decision_name == "bottom"
    bottom(g, B_TAKE)
    do(g, "upgrade", g.legal_options()[0])
    assert g.active_player == s and g.decision_name == "section"


def test_bottom_only_turn():
    # Rulebook 000 §6 "Виконайте лише дію верхнього ряду, або лише нижнього ряду"
    # (digest §6): skip the top, take the bottom.
    g, n, _ = two()
    workers(g, n, 11)
    g.set_resources(11, {"oil": 3})
    g.set_player(n, coins=2)
    begin(g, n, top_action="bolster")
    do(g, "top", 0)
    bottom(g, B_TAKE)
    do(g, "upgrade", g.legal_options()[0])
    p = g.player(n)
    assert p["coins"] == 2 + 3 and p["power"] == 0 and sum(p["bottom_cubes"]) == 1


def test_empty_turn_still_moves_the_action_token():
    # Rulebook 000 "порожній хід" (digest §6): with no action possible the player
    # moves the action token and does nothing; the turn passes.
    g, n, s = two()
    before = g.player(n)
    begin(g, n, top_action="trade")         # no coin for Trade, no food for Enlist
    p = g.player(n)
    assert g.active_player == s
    assert p["last_section"] == section_of(g, n, "trade") and p["turns"] == before["turns"] + 1
    assert (p["coins"], p["power"], p["popularity"]) == (0, 0, 0)


def test_resources_from_the_top_action_pay_for_the_bottom_action():
    # Rulebook 000 §6 "Ресурси, отримані завдяки дії верхнього ряду, можна використати
    # для оплати дії нижнього ряду" (digest §6). Industrial Produce / Deploy (3 metal):
    # without producing, Deploy is not affordable.
    g, n, s = two()
    workers(g, n, 31, 31, 31)
    alt = g.clone()
    begin(alt, n, top_action="produce")
    do(alt, "top", 0)
    assert alt.active_player == s            # the bottom action was not offered
    begin(g, n, top_action="produce")
    do(g, "top", top(TV_PRODUCE))
    do(g, "produce", 16 * 31 + 3)
    bottom(g, B_TAKE)
    assert g.resources(31)["metal"] == 0
    do(g, "deploy", 4 * 31 + 0)
    assert g.unit_cell(n, 1) == 31


# ---------------------------------------------------------------- cost, then benefit
def test_full_cost_is_mandatory():
    # Rulebook 000 "ОБОВ'ЯЗКОВА ПЛАТА" (digest §6): an action whose full cost cannot
    # be paid is not available. Bolster and Trade cost $1; Upgrade (Industrial)
    # 3 oil.
    g, n, _ = two()
    workers(g, n, 11)
    g.set_resources(11, {"oil": 2})
    begin(g, n, top_action="bolster")
    assert g.active_player != n            # neither action was offered: the turn passed
    g.set_player(n, coins=1)
    g.set_resources(11, {"oil": 3})
    begin(g, n, top_action="bolster")
    assert top(TV_BOLSTER_POWER, 2) in opts(g, "top")
    do(g, "top", 0)
    assert B_TAKE in opts(g, "bottom")


def test_part_of_a_benefit_may_be_declined():
    # Rulebook 000 §6 "отримуєте винагороду (або частину нагороди, якщо забажаєте)"
    # (digest §6): pay the full cost, take less. Bolster: $1 for 1 of the 2 power;
    # a bottom action's coins may be refused.
    g, n, _ = two()
    g.set_player(n, coins=2)
    workers(g, n, 11)
    g.set_resources(11, {"oil": 3})
    begin(g, n, top_action="bolster")
    do(g, "top", top(TV_BOLSTER_POWER, 1))
    assert g.player(n)["power"] == 1 and g.player(n)["coins"] == 1
    bottom(g, B_NO_COINS)
    do(g, "upgrade", g.legal_options()[0])
    assert g.player(n)["coins"] == 1 and g.resources(11)["oil"] == 0


# ---------------------------------------------------------------- combat inside the turn
def test_combat_comes_after_the_move_and_before_the_bottom_action():
    # Rulebook 000 "БІЙ" (digest §6, §13.1): combat starts when the Move action is
    # finished, before the bottom-row action.
    g, n, s = two(("mechanical", "agricultural"))    # Mechanical: Move / Build
    g.set_unit(n, CHAR, 11)
    g.set_unit(s, CHAR, 12)
    g.set_player(n, power=3)
    g.set_player(s, power=2)
    workers(g, n, 11)
    g.set_resources(11, {"wood": 3})
    begin(g, n, top_action="move")
    do(g, "top", top(TV_MOVE))
    move(g, CHAR, 12)
    do(g, "move_unit", 0)                            # end the Move: combat now
    assert g.decision_name == "dial" and g.current_player == n
    do(g, "dial", 3)
    do(g, "dial", 2)
    assert g.unit_cell(s, CHAR) == 5                 # Saxony lost and went home
    assert g.decision_name == "bottom" and g.current_player == n


# ---------------------------------------------------------------- objective timing
def test_objective_revealed_before_the_section_choice():
    # Rulebook 000 "ЦІЛІ" / §6 "під час свого ходу ви можете відкрити одну зі своїх
    # карт цілей" (digest §6, §24.4): a met objective may be revealed at the start
    # of the turn.
    g, n, _ = two()
    g.set_player(n, coins=20, objectives=[GET_RICH])
    g.begin_turn(n)
    assert opts(g, "objective") == [0, 1]
    do(g, "objective", 1)
    assert g.player(n)["star_placed"]["objective"] and g.decision_name == "section"


def test_objective_revealed_between_top_and_bottom():
    # Rulebook 000 §6 and "ЦІЛІ" (digest §6 "before or after your top or bottom
    # action", §24.4): the coin gained by the top action meets the objective; the
    # reveal is offered after the top action, before the bottom one.
    g, n, _ = two(("mechanical", "agricultural"))
    g.set_player(n, coins=19, objectives=[GET_RICH])
    begin(g, n, top_action="move")
    do(g, "top", top(TV_GAIN, 1))
    do(g, "objective", 1)
    assert g.player(n)["stars"] == 1


def test_objective_never_revealed_in_the_middle_of_an_action():
    # Rulebook 000 §6 (digest §6 "not in the middle of one", §24.4): the coins of
    # Industrial's Upgrade meet the objective, but the reveal comes only after the
    # whole action (after the cube is placed), at the end of the turn.
    g, n, s = two()
    g.set_player(n, coins=19, objectives=[GET_RICH])
    workers(g, n, 11)
    g.set_resources(11, {"oil": 3})
    begin(g, n, top_action="bolster")
    do(g, "top", 0)
    bottom(g, B_TAKE)
    assert g.decision_name == "upgrade"
    do(g, "upgrade", g.legal_options()[0])
    assert g.decision_name == "objective" and g.active_player == n
    do(g, "objective", 1)
    assert g.player(n)["stars"] == 1 and g.active_player == s


def test_one_objective_per_turn_and_the_second_card_is_discarded():
    # Rulebook 000 "ЦІЛІ" (digest §6, §16, §23): one completed objective per turn;
    # the other card is discarded, so no later reveal either.
    g, n, s = two()
    g.set_player(n, coins=20, objectives=[GET_RICH, 3])   # 3: control 3 farms
    workers(g, n, 19, 20, 36)                              # farms 19, 20 and 36
    g.begin_turn(n)
    assert opts(g, "objective") == [0, 1, 2]
    do(g, "objective", 1)
    assert g.player(n)["objectives_held"] == 0
    do(g, "section", section_of(g, n, "move"))
    do(g, "top", top(TV_GAIN, 1))
    assert g.decision_name != "objective"
    assert g.player(n)["objective_stars"] == 1
