"""Rulebook 000 "ФАБРИКА" (the Factory and Factory cards): digest
scythe-base.md §15.

Factory cards (data/factory_cards.toml): card 1 = 1 combat card + $1: Produce
on 2 territories; card 2 = 1 popularity: a free Upgrade or Enlist (the seed's
example card). Every card's bottom row: move one unit 1-2 times. Factory
decision options are indices into the rules' card list (card id - 1).
"""
import pytest

from .helpers_b import (
    CHAR, W0, attack, blank, core, do, end_move, fight, put_mech, seat, section, start_move,
    step, workers,
)


def _factory_turn(g, s, card=2):
    """Seat s holds Factory card `card` and chooses it as its section."""
    g.set_player(s, factory_card=card)
    g.begin_turn(s)
    do(g, "section", 4)


def _offer(g):
    return g.state()["factory_offer"]


# ---------------------------------------------------------------- taking a card
@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_offer_holds_one_card_more_than_the_players(rules, players):
    # Rulebook 000 "Перший ... матиме вибір з Х + 1 карт, де Х – кількість гравців".
    factions = ["nordic", "rusviet", "crimea", "saxony", "polania"][:players]
    mats = ["agricultural", "mechanical", "engineering", "patriotic", "industrial"][:players]
    g = core.Game(rules, 7, players, factions, mats)
    assert len(_offer(g)) == players + 1


def test_first_visitor_must_take_one_and_later_visitors_choose_from_one_fewer(rules):
    # Rulebook 000 "ФАБРИКА": the character on the Factory for the first time
    # "мусить вибрати собі одну карту, а решту повернути на поле"; each later
    # visitor has one card fewer to choose from (digest §15).
    g = blank(rules, ["saxony", "crimea", "nordic"])
    s, c = seat(g, "saxony"), seat(g, "crimea")
    offer = _offer(g)
    assert len(offer) == 4
    g.set_unit(s, CHAR, 23)
    attack(g, s, CHAR, 30)
    assert g.decision_name == "factory_pick"
    assert g.legal_options() == sorted(i - 1 for i in offer)   # no "none" option
    do(g, "factory_pick", offer[0] - 1)
    assert g.player(s)["factory_card"] == offer[0]
    assert sorted(_offer(g)) == sorted(offer[1:])
    g.set_unit(s, CHAR, 23)                          # Saxony leaves; Crimea comes
    g.set_unit(c, CHAR, 37)
    attack(g, c, CHAR, 30)
    assert g.decision_name == "factory_pick" and len(g.legal_options()) == 3


def test_no_card_for_passing_through_or_for_a_mech(rules):
    # Rulebook 000 "ФАБРИКА": only a character that stays on the Factory when
    # the Move is over takes a card ("Лише герої можуть брати карти Фабрики").
    g = blank(rules, ["saxony", "crimea"])
    s = seat(g, "saxony")
    m = put_mech(g, s, "speed", 23)
    g.set_unit(s, CHAR, 31)
    start_move(g, s)
    step(g, CHAR, 30, 37)                            # through the Factory
    step(g, m, 30)                                   # a mech ends there
    end_move(g)
    assert g.decision_name != "factory_pick"
    assert g.player(s)["factory_card"] is None and len(_offer(g)) == 3


def test_one_card_per_player_and_the_choice_is_final(rules):
    # Rulebook 000 "1 НАЦІЯ — 1 КАРТА" and "ОСТАТОЧНИЙ ВИБІР": returning to the
    # Factory gives no other card.
    g = blank(rules, ["saxony", "crimea"])
    s = seat(g, "saxony")
    g.set_player(s, factory_card=5)
    offer = _offer(g)
    g.set_unit(s, CHAR, 23)
    attack(g, s, CHAR, 30)
    assert g.decision_name != "factory_pick"
    assert g.player(s)["factory_card"] == 5 and _offer(g) == offer


@pytest.mark.parametrize("wins", [True, False])
def test_the_card_comes_only_after_winning_the_combat_on_the_factory(rules, wins):
    # Rulebook 000 "Якщо після завершення дії переміщення (і після перемоги в
    # бою, якщо необхідно) ваш герой уперше за гру залишається на території
    # Фабрики".
    g = blank(rules, ["saxony", "crimea"])
    s, c = seat(g, "saxony"), seat(g, "crimea")
    g.set_unit(s, CHAR, 23)
    g.set_unit(c, CHAR, 30)
    g.set_player(s, power=3)
    g.set_player(c, power=3)
    attack(g, s, CHAR, 30)
    fight(g, 3 if wins else 0, 0, 0 if wins else 3, 0)
    assert (g.decision_name == "factory_pick") == wins
    assert g.unit_cell(s, CHAR) == (30 if wins else 5)


# ---------------------------------------------------------------- using the card
def test_the_card_is_a_fifth_section_not_chosen_twice_in_a_row(rules):
    # Rulebook 000 "КАРТИ ФАБРИКИ ... п'ята секція"; the usual "another section
    # than last turn" rule applies to it, Rusviet excepted (§6, §12).
    g = blank(rules, ["saxony", "rusviet"])
    s, r = seat(g, "saxony"), seat(g, "rusviet")
    g.begin_turn(s)
    assert g.legal_options() == [0, 1, 2, 3]
    g.set_player(s, factory_card=3, last_section=4)
    g.begin_turn(s)
    assert g.legal_options() == [0, 1, 2, 3]
    g.set_player(s, last_section=1)
    g.begin_turn(s)
    assert g.legal_options() == [0, 2, 3, 4]
    g.set_player(r, factory_card=4, last_section=4)
    g.begin_turn(r)
    assert 4 in g.legal_options()


def test_top_action_first_then_the_bottom_move(rules):
    # Rulebook 000 "ВИКОРИСТАННЯ ДІЙ ФАБРИКИ ... одну чи дві дії (якщо обидві,
    # то спершу ви виконуєте дію з верхнього ряду)"; the seed's example card:
    # 1 popularity: enlist OR upgrade; bottom: move one unit 1-2 times.
    g = blank(rules, ["saxony", "crimea"])
    s = seat(g, "saxony")
    g.set_unit(s, W0, 41)
    g.set_player(s, popularity=4)
    _factory_turn(g, s, card=2)
    assert g.decision_name == "top" and g.legal_options() == [0, 800]
    do(g, "top", 800)
    assert g.player(s)["popularity"] == 3
    assert g.decision_name == "free_action" and g.legal_options() == [0, 3, 4]
    do(g, "free_action", 3)                           # enlist
    do(g, "enlist", g.legal_options()[0])
    assert sum(g.player(s)["recruits"]) == 1
    assert g.decision_name == "bottom" and g.legal_options() == [0, 1]


def test_factory_actions_give_no_recruit_bonus_no_structure_bonus_no_mat_coins(rules):
    # Rulebook 000 "ОКРЕМО ВІД БОНУСІВ НА ПЛАНШЕТІ ГРАВЦЯ": never the recruit
    # ongoing bonuses, structure bonuses or the mat's coins. Mechanical's Upgrade
    # pays $0, so Saxony plays Engineering ($2); both players enlisted their
    # Upgrade recruit (+1 power each time an Upgrade is taken next to them).
    g = blank(rules, ["saxony", "crimea"], ["engineering", "mechanical"])
    s, c = seat(g, "saxony"), seat(g, "crimea")
    g.set_player(s, popularity=4, coins=5, power=3, recruits=[1, 0, 0, 0])
    g.set_player(c, power=3, recruits=[1, 0, 0, 0])
    _factory_turn(g, s, card=2)
    do(g, "top", 800)
    do(g, "free_action", 0)                           # upgrade, without oil
    do(g, "upgrade", g.legal_options()[0])
    assert sum(g.player(s)["bottom_cubes"]) == 1
    assert g.player(s)["coins"] == 5
    assert g.player(s)["power"] == 3 and g.player(c)["power"] == 3


def test_the_mill_does_not_serve_the_factory_card_produce(rules):
    # Rulebook 000 "ОКРЕМО ВІД БОНУСІВ": no structure bonus, so the Mill neither
    # adds a territory nor produces like a worker (digest §10, §15).
    g = blank(rules, ["saxony", "crimea"])
    s = seat(g, "saxony")
    g.set_structure(s, "mill", 41)
    workers(g, s, 41, 1)
    workers(g, s, 48, 1, first=1)
    workers(g, s, 35, 1, first=2)
    g.set_player(s, hand={2: 1}, coins=3)
    _factory_turn(g, s, card=1)
    do(g, "top", 800)                                 # pays $1 and the combat card
    assert g.player(s)["coins"] == 2 and g.player(s)["hand_size"] == 0
    assert g.decision_name == "produce"
    assert g.legal_options() == [16 * 35 + 1, 16 * 41 + 1, 16 * 48 + 1]   # 1 on the Mill's hex
    do(g, "produce", 16 * 41 + 1)
    do(g, "produce", 16 * 48 + 1)
    assert g.decision_name == "bottom"                # 2 territories, no bonus one
    assert g.resources(41)["metal"] == 1 and g.resources(35)["wood"] == 0


def test_the_factory_move_takes_one_unit_up_to_two_steps(rules):
    # Rulebook 000 "ПЕРЕМІЩЕННЯ ... 1–2 переміщення однією фігуркою".
    g = blank(rules, ["saxony", "crimea"])
    s = seat(g, "saxony")
    g.set_unit(s, W0, 41)
    g.set_unit(s, W0 + 1, 34)
    _factory_turn(g, s, card=3)
    do(g, "bottom", 1)
    do(g, "move_unit", W0 + 1)
    do(g, "move_step", 42)
    assert g.decision_name == "move_step" and 0 in g.legal_options()
    do(g, "move_step", 48)
    assert g.unit_cell(s, W0) == 48
    assert g.decision_name != "move_unit"             # one unit only
    assert g.unit_cell(s, W0 + 1) == 34


def test_a_worker_on_the_factory_move_keeps_its_resources_to_the_end(rules):
    # Rulebook 000 "ПЕРЕМІЩЕННЯ ... Решта правил переміщення залишаються
    # незмінні": units carry resources from where the move starts to where it
    # ends; picking up and dropping on the way is the Speed mechs' ("ваші мехи
    # можуть підбирати й залишати ... під час виконання дії переміщення").
    g = blank(rules, ["saxony", "crimea"])
    s = seat(g, "saxony")
    g.set_unit(s, W0, 23)
    g.set_resources(23, {"wood": 2})
    g.set_resources(30, {"oil": 3})
    _factory_turn(g, s, card=3)
    do(g, "bottom", 1)
    do(g, "move_unit", W0 + 1)
    do(g, "move_step", 30)
    do(g, "carry_resources", 2)
    do(g, "move_step", 37)
    assert g.decision_name != "carry_resources"
    assert g.resources(37)["wood"] == 2 and g.resources(30)["oil"] == 3


def test_the_factory_move_with_speed_covers_three_territories(rules):
    # Rulebook 000 "ШВИДКІСТЬ ... цією дією ваш мех чи герой може переміститися
    # на відстань до 3 територій".
    g = blank(rules, ["saxony", "crimea"])
    s = seat(g, "saxony")
    put_mech(g, s, "speed", 48)
    g.set_unit(s, CHAR, 23)
    _factory_turn(g, s, card=3)
    do(g, "bottom", 1)
    step(g, CHAR, 30, 37, 44)
    assert g.unit_cell(s, CHAR) == 44
    assert g.decision_name != "move_step"


def test_the_factory_move_keeps_the_stoppers_and_its_combat(rules):
    # Rulebook 000 "УЗГОДЖЕНІСТЬ З ОСНОВНИМИ ПРАВИЛАМИ": the move ends on an
    # encounter token or on enemy units; combat follows the move as usual.
    g = blank(rules, ["saxony", "crimea"])
    s, c = seat(g, "saxony"), seat(g, "crimea")
    g.set_unit(s, CHAR, 41)
    g.set_encounter_token(42)
    g.set_encounter_deck([1])
    _factory_turn(g, s, card=3)
    do(g, "bottom", 1)
    step(g, CHAR, 42)
    assert g.decision_name == "encounter"            # stopped, then the encounter
    g2 = blank(rules, ["saxony", "crimea"])
    g2.set_unit(s, CHAR, 41)
    g2.set_unit(c, CHAR, 42)
    g2.set_player(s, power=2)
    g2.set_player(c, power=2)
    _factory_turn(g2, s, card=3)
    do(g2, "bottom", 1)
    step(g2, CHAR, 42)
    assert g2.decision_name == "dial"
    fight(g2, 2, 0, 0, 0)
    assert g2.controller(42) == s


def test_the_factory_move_may_use_the_mine(rules):
    # Rulebook 000 "ШАХТА. Якщо ви маєте шахту, то можете скористатися нею в
    # межах і цієї дії переміщення".
    g = blank(rules, ["saxony", "crimea"])
    s = seat(g, "saxony")
    g.set_structure(s, "mine", 41)
    g.set_unit(s, W0, 41)
    _factory_turn(g, s, card=3)
    do(g, "bottom", 1)
    do(g, "move_unit", W0 + 1)
    assert 44 in g.legal_options()
    do(g, "move_step", 44)
    do(g, "move_step", 45)
    assert g.unit_cell(s, W0) == 45


# ---------------------------------------------------------------- the Factory hex
def test_the_factory_produces_nothing_and_scores_as_three_territories(rules):
    # Rulebook 000 "ФАБРИКА": "Фабрика не виробляє ресурси. Гравець, що
    # контролює Фабрику наприкінці гри, трактує її як 3 території".
    g = blank(rules, ["saxony", "crimea"])
    s = seat(g, "saxony")
    workers(g, s, 30, 1)
    workers(g, s, 41, 2, first=1)
    g.begin_turn(s)
    do(g, "section", section(g, s, top="produce"))
    do(g, "top", 700)
    assert g.decision_name == "produce"
    assert g.legal_options() == [16 * 41 + 1, 16 * 41 + 2]   # nothing on the Factory
    g2 = blank(rules, ["saxony", "crimea"])
    workers(g2, s, 30, 1)
    assert g2.result()["territories"][s] == 3
    workers(g2, s, 31, 1, first=1)
    assert g2.result()["territories"][s] == 4
