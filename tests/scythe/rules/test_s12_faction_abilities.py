"""Rulebook 000 "ВЛАСТИВОСТІ НАЦІЙ" (digest scythe-base.md §12): Rusviet Relentless,
Crimea Coercion and Saxony Dominate. (Nordic Swim and Polania Meander are tested
with movement and encounters.)"""
import pytest

from tests.scythe.rules.helpers_a import (
    B_TAKE, CHAR, TV_GAIN, TV_MOVE, begin, bottom, do, end_move, move, opts, position, seat_of,
    skip_top, top, workers,
)

GET_RICH = 12          # objective card 12: at least 20 coins (reference cards.md)
HARVEST = 3            # objective card 3: control 3 farms


# ---------------------------------------------------------------- Relentless
def test_relentless_rusviet_may_choose_the_same_section_again():
    # Rulebook 000 "РУСВЄТ (ВПЕРТІСТЬ). Ви можете вибрати ту саму секцію" (digest §12);
    # any other faction may not (§6).
    g = position(["rusviet", "nordic"], ["engineering", "mechanical"])
    r, n = seat_of(g, "rusviet"), seat_of(g, "nordic")
    for seat in (r, n):
        g.set_player(seat, last_section=2)
    g.begin_turn(r)
    assert opts(g, "section") == [0, 1, 2, 3]
    g.begin_turn(n)
    assert opts(g, "section") == [0, 1, 3]


def test_relentless_also_covers_the_factory_card():
    # Rulebook 000 Relentless "Ця властивість поширюється і на карту Фабрики" (digest
    # §12, §15: the Factory card is a 5th section under the same rule).
    g = position(["rusviet", "nordic"], ["engineering", "mechanical"])
    r, n = seat_of(g, "rusviet"), seat_of(g, "nordic")
    g.set_player(r, factory_card=3, last_section=4)
    g.set_player(n, factory_card=5, last_section=4)
    g.begin_turn(r)
    assert opts(g, "section") == [0, 1, 2, 3, 4]
    g.begin_turn(n)
    assert opts(g, "section") == [0, 1, 2, 3]
    g.set_player(n, last_section=1)
    g.begin_turn(n)
    assert opts(g, "section") == [0, 2, 3, 4]


# ---------------------------------------------------------------- Coercion
def crimea():
    # Crimea: Mechanical (Move / Build, 3 wood); Nordic: Agricultural.
    g = position(["crimea", "nordic"], ["mechanical", "agricultural"])
    return g, seat_of(g, "crimea"), seat_of(g, "nordic")


@pytest.mark.parametrize("card", [2, 5])
def test_coercion_a_combat_card_of_any_value_pays_for_one_resource(card):
    # Rulebook 000 "КРИМ (ІНТРИГИ) ... 1 карта бою = будь-який 1 ресурс, незалежно від
    # числа на карті" (digest §12): 2 wood + 1 card pay a 3-wood Build; the card is
    # discarded.
    g, c, _ = crimea()
    g.set_player(c, hand={2: 1, 5: 1})
    workers(g, c, 50)
    g.set_resources(50, {"wood": 2})
    begin(g, c, bottom_action="build")
    skip_top(g)
    do(g, "bottom", B_TAKE)
    assert set(opts(g, "pay")) == {4 * 50 + 2, 1000 + 2, 1000 + 5}
    bottom_pay = [1000 + card]
    g.apply(bottom_pay[0])
    while g.decision_name == "pay":
        assert all(o < 1000 for o in g.legal_options())     # once per turn
        g.apply(g.legal_options()[0])
    do(g, "build", g.legal_options()[0])
    p = g.player(c)
    assert g.resources(50)["wood"] == 0 and p["hand_size"] == 1 and p["hand"][card] == 0
    assert card in g.state()["combat_discard"]
    assert sum(1 for v in p["structures"].values() if v is not None) == 1


def test_coercion_covers_one_token_only():
    # Rulebook 000 "Один раз за хід ви можете витратити 1 карту бою замість 1 маркера"
    # (digest §12): 1 wood + 2 cards do not pay for 3 wood.
    g, c, n = crimea()
    g.set_player(c, hand={3: 2})
    workers(g, c, 50)
    g.set_resources(50, {"wood": 1})
    begin(g, c, bottom_action="build")
    skip_top(g)
    assert g.active_player == n and g.player(c)["hand_size"] == 2


def test_coercion_is_available_again_next_turn():
    # Rulebook 000 Coercion "Один раз за хід" (digest §12): once per turn, not once per
    # game.
    g, c, _ = crimea()
    g.set_player(c, hand={4: 2})
    workers(g, c, 50)
    g.set_resources(50, {"wood": 2})
    begin(g, c, bottom_action="build")
    skip_top(g)
    bottom(g, B_TAKE, 1000 + 4)
    do(g, "build", g.legal_options()[0])
    assert g.player(c)["coercion_used"]
    g.set_resources(50, {"wood": 2})
    begin(g, c, bottom_action="build")
    skip_top(g)
    do(g, "bottom", B_TAKE)
    assert 1000 + 4 in opts(g, "pay")


def test_coercion_is_crimeas_alone():
    # Rulebook 000 "ВЛАСТИВОСТІ НАЦІЙ" (digest §12): other factions pay in tokens only.
    g, _, n = crimea()
    g.set_player(n, hand={4: 3})
    workers(g, n, 11)
    g.set_resources(11, {"wood": 3})                 # Agricultural Build: 4 wood
    begin(g, n, bottom_action="build")
    skip_top(g)
    assert g.active_player != n


# ---------------------------------------------------------------- Dominate
def saxony_nordic():
    g = position(["saxony", "nordic"], ["mechanical", "agricultural"])
    return g, seat_of(g, "saxony"), seat_of(g, "nordic")


def test_dominate_saxony_keeps_and_completes_its_second_objective():
    # Rulebook 000 "САКСОНІЯ (ДОМІНУВАННЯ) ... може виконати обидві свої карти цілей
    # (після виконання першої не треба скидати другу)" (digest §12, §18 row 6).
    g, x, _ = saxony_nordic()
    g.set_player(x, coins=20, objectives=[GET_RICH, HARVEST])
    g.begin_turn(x)
    do(g, "objective", 1)
    assert g.player(x)["objectives_held"] == 1
    workers(g, x, 19, 20, 36)                         # 3 farms
    g.begin_turn(x)
    do(g, "objective", 2)
    assert g.player(x)["objective_stars"] == 2 and g.player(x)["stars"] == 2


def test_other_factions_discard_the_second_objective():
    # Rulebook 000 "ЦІЛІ ... Іншу карту цілі ви скидаєте (Саксонія може виконати 2 цілі)"
    # (digest §12, §16).
    g, _, n = saxony_nordic()
    g.set_player(n, coins=20, objectives=[GET_RICH, HARVEST])
    workers(g, n, 19, 20, 36)
    g.begin_turn(n)
    assert opts(g, "objective") == [0, 1, 2]
    do(g, "objective", 1)
    assert g.player(n)["objectives_held"] == 0
    g.begin_turn(n)
    assert g.decision_name == "section" and g.player(n)["objective_stars"] == 1


def fight(g, attacker, defender):
    """Attacker's character steps from forest 11 onto the defender's on tundra 12
    with 5 power against 0: the attacker wins."""
    g.set_unit(attacker, CHAR, 11)
    g.set_unit(defender, CHAR, 12)
    g.set_player(attacker, power=5)
    begin(g, attacker, "move")
    do(g, "top", top(TV_MOVE))
    move(g, CHAR, 12)
    end_move(g)
    do(g, "dial", 5)


def test_dominate_no_limit_on_combat_stars():
    # Rulebook 000 Dominate "не обмежена 2 зірками за перемоги в боях. Якщо Саксонія має
    # доступні зірки, то, перемігши в бою, вона мусить викласти одну" (digest §12,
    # §18 rows 7-8).
    g, x, n = saxony_nordic()
    g.set_player(x, combat_stars=2)
    fight(g, x, n)
    assert g.unit_cell(n, CHAR) == 2                  # Nordic lost
    assert g.player(x)["combat_stars"] == 3 and g.player(x)["stars"] == 3


def test_other_factions_stop_at_two_combat_stars():
    # Rulebook 000 "ВИКЛАДАННЯ ЗІРОК ... виграти бій (щонайбільше 2 рази)" (digest §18).
    g, x, n = saxony_nordic()
    g.set_player(n, combat_stars=2)
    fight(g, n, x)
    assert g.unit_cell(x, CHAR) == 5                  # Saxony lost
    assert g.player(n)["combat_stars"] == 2 and g.player(n)["stars"] == 2


def test_dominate_first_objective_does_not_end_saxonys_objectives_in_one_turn():
    # Rulebook 000 "ЦІЛІ": one objective per turn, Saxony included (digest §6, §12):
    # both met, only one reveal this turn.
    g, x, _ = saxony_nordic()
    g.set_player(x, coins=19, objectives=[GET_RICH, HARVEST])
    workers(g, x, 19, 20, 36)
    g.begin_turn(x)
    do(g, "objective", 2)
    do(g, "section", 2)                               # Mechanical: Move / Build
    do(g, "top", top(TV_GAIN, 1))                     # 20 coins: card 12 met too
    assert g.decision_name != "objective"
    assert g.player(x)["objective_stars"] == 1
