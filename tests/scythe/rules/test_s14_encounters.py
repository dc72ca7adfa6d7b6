"""Rulebook 000 "ПРИГОДИ" (encounters): digest scythe-base.md §14.

Encounter cards from data/encounters.toml (options 0, 1, 2):
  card 1: 2 coins + 1 popularity | 2 coins -> 4 food | 2 popularity -> free Build
  card 3: 1 popularity + 2 food | 2 coins -> 3 food + 1 worker | 3 popularity -> free Deploy
  card 14: 1 popularity + 2 food | 2 coins -> 3 any resources | 2 popularity -> 3 metal + 1 worker
The token sits on village 28 (an encounter symbol), entered from farm 27.
"""
import pytest

from .helpers_b import (
    CHAR, W0, attack, blank, do, end_move, events_of, fight, put_mech, seat, start_move,
    step, workers_on,
)

EV_ENCOUNTER = 8


def _to_token(rules, card, coins=5, popularity=5, mats=None, factions=("saxony", "crimea")):
    g = blank(rules, list(factions), mats)
    s = seat(g, factions[0])
    g.set_unit(s, CHAR, 27)
    g.set_encounter_token(28)
    g.set_encounter_deck([card])
    g.set_player(s, coins=coins, popularity=popularity)
    return g, s


def _take_all(g):
    while g.decision_name == "gain_amount":
        g.apply(max(g.legal_options()))


def test_encounter_after_the_move_and_every_combat_before_the_bottom_action(rules):
    # Rulebook 000 "ПРИГОДИ": "Після того як ви повністю завершите дію
    # переміщення і проведете всі бої (однак перед тим, як ви вирішите чи
    # виконувати дію нижнього ряду), ви скидаєте жетон пригоди й берете карту".
    g, s = _to_token(rules, 1, mats=["mechanical", "agricultural"])
    c = seat(g, "crimea")
    m = put_mech(g, s, "speed", 43)
    g.set_unit(c, CHAR, 37)
    g.set_player(s, power=2)
    g.set_player(c, power=0)
    g.set_resources(28, {"wood": 5})
    deck = len(g.state()["encounter_deck"])
    start_move(g, s)
    step(g, CHAR, 28)
    assert g.decision_name == "move_unit"           # Speed, but the token stopped it
    step(g, m, 37)
    end_move(g)
    assert g.decision_name == "dial"                # the combat first
    fight(g, 1, 0, 0, 0)
    assert g.decision_name == "encounter"           # then the encounter
    assert not g.state()["board"][28]["encounter_token"]
    assert len(g.state()["encounter_deck"]) == deck - 1
    do(g, "encounter", 0)
    _take_all(g)
    assert g.decision_name == "bottom"              # the bottom action comes after


@pytest.mark.parametrize("attacker_wins", [True, False])
def test_an_enemy_mech_on_the_token_means_combat_first(rules, attacker_wins):
    # Rulebook 000 "ПРИГОДИ ... БІЙ": the encounter starts only after the
    # character wins; if it loses, the token stays (digest §14).
    g, s = _to_token(rules, 1)
    c = seat(g, "crimea")
    put_mech(g, c, "riverwalk", 28)
    g.set_player(s, power=3)
    g.set_player(c, power=3)
    attack(g, s, CHAR, 28)
    if attacker_wins:
        fight(g, 3, 0, 1, 0)
        assert g.decision_name == "encounter"
    else:
        fight(g, 1, 0, 3, 0)
        assert g.unit_cell(s, CHAR) == 5
        assert g.decision_name != "encounter"
        assert g.state()["board"][28]["encounter_token"]


def test_an_option_needs_its_full_cost(rules):
    # Rulebook 000 "ОБОВ'ЯЗКОВА ОПЛАТА": without enough popularity or coins that
    # option is unavailable.
    for coins, popularity, offered in ((1, 5, [0, 2]), (2, 1, [0, 1]), (2, 2, [0, 1, 2])):
        g, s = _to_token(rules, 1, coins=coins, popularity=popularity)
        start_move(g, s)
        step(g, CHAR, 28)
        assert g.legal_options() == offered, (coins, popularity)


def test_the_cost_is_paid_and_any_part_of_the_reward_may_be_taken(rules):
    # Rulebook 000 "НЕОБОВ'ЯЗКОВА ВИНАГОРОДА ... якщо ви повинні отримати 2 маркери
    # металу та 1 робітника, а робітник вам не потрібен, ви можете взяти лише
    # 2 маркери металу".
    g, s = _to_token(rules, 14, popularity=4)
    g.set_unit(s, W0, 27)
    start_move(g, s)
    step(g, CHAR, 28)
    end_move(g)
    do(g, "encounter", 2)                           # 2 popularity: 3 metal + 1 worker
    assert g.player(s)["popularity"] == 2
    assert g.decision_name == "gain_amount" and g.legal_options() == [0, 1, 2, 3]
    do(g, "gain_amount", 2)
    assert g.decision_name == "gain_worker" and g.legal_options() == [0, 28]
    do(g, "gain_worker", 0)                         # no worker
    assert g.resources(28)["metal"] == 2
    assert workers_on(g, s, 28) == [] and g.unit_cell(s, W0 + 1) is None


def test_gained_pieces_go_on_the_encounter_territory(rules):
    # Rulebook 000 "МІСЦЕ ОТРИМАННЯ ВИНАГОРОДИ. Усі ресурси, споруди, мехи й
    # робітники ... кладіть на територію з вашим героєм".
    g, s = _to_token(rules, 3, popularity=5)
    g.set_unit(s, W0, 41)                           # a worker elsewhere: not used
    start_move(g, s)
    step(g, CHAR, 28)
    end_move(g)
    do(g, "encounter", 2)                           # free Deploy
    do(g, "free_action", 1)
    assert {o // 4 for o in g.legal_options()} == {28}
    do(g, "deploy", 4 * 28 + 1)
    assert g.unit_cell(s, 2) == 28                  # mech space 1 stands on 28
    g2, s2 = _to_token(rules, 3, coins=5)
    start_move(g2, s2)
    step(g2, CHAR, 28)
    do(g2, "encounter", 1)                          # 2 coins: 3 food + 1 worker
    _take_all(g2)
    assert g2.legal_options() == [0, 28]
    do(g2, "gain_worker", 28)
    assert g2.resources(28)["food"] == 3 and workers_on(g2, s2, 28) == [W0]


def test_encounter_actions_pay_no_resources_and_give_no_coins_or_recruit_bonuses(rules):
    # Rulebook 000 "ЛИШЕ ВАРТІСТЬ ТА ВИНАГОРОДА ... Ви також не активуєте жодного
    # постійного рекрутського бонусу" (digest §14). Mechanical's Build pays $2
    # on the mat; both players have enlisted their Build recruit (+1 popularity).
    g, s = _to_token(rules, 1, coins=5, popularity=5, mats=["mechanical", "agricultural"])
    c = seat(g, "crimea")
    g.set_player(s, recruits=[0, 0, 1, 0])
    g.set_player(c, recruits=[0, 0, 1, 0], popularity=4)
    start_move(g, s)
    step(g, CHAR, 28)
    do(g, "encounter", 2)                           # 2 popularity: free Build, no wood
    do(g, "free_action", 2)
    do(g, "build", 4 * 28 + 3)                      # the Mill
    assert g.player(s)["structures"]["mill"] == 28
    assert g.player(s)["coins"] == 5
    assert g.player(s)["popularity"] == 3           # only the card's cost
    assert g.player(c)["popularity"] == 4


def test_the_card_goes_face_down_under_the_deck(rules):
    # Rulebook 000 "Після цього покладіть долілиць карту пригоди під колоду".
    g, s = _to_token(rules, 1)
    start_move(g, s)
    step(g, CHAR, 28)
    assert g.state()["encounter_card"] == 1
    do(g, "encounter", 0)
    _take_all(g)
    deck = g.state()["encounter_deck"]
    assert deck[-1] == 1 and deck.count(1) == 1
    assert len(events_of(g, EV_ENCOUNTER)) == 1
