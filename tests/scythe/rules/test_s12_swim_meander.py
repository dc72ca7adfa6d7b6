"""Rulebook 000 "ВЛАСТИВОСТІ НАЦІЙ": Nordic Swim and Polania Meander (digest
scythe-base.md §12). The other faction abilities are tested elsewhere.

Encounter card 1 (data/encounters.toml): option 0 gains 2 coins + 1 popularity,
option 1 costs 2 coins for 4 food, option 2 costs 2 popularity for a free Build.
"""
from .helpers_b import (
    CHAR, W0, blank, do, encounter_position, events_of, put_mech, seat, start_move, step,
    take_all_gains,
)

EV_ENCOUNTER = 8


# ---------------------------------------------------------------- Swim
def test_swim_lets_nordic_workers_cross_rivers_onto_any_land(rules):
    # Rulebook 000 "НОРДІЯ (ПЛАВАННЯ)": Nordic workers cross rivers onto any
    # terrain except lakes (digest §12). Tunnel tundra 17 has rivers to
    # village 10, forest 11 and mountain 18, and touches lakes 16 and 24.
    g = blank(rules, ["nordic", "saxony"])
    n, s = seat(g, "nordic"), seat(g, "saxony")
    g.set_unit(n, W0, 17)
    g.set_unit(s, W0, 17)
    assert {10, 11, 18} <= set(g.step_targets(n, W0))
    assert not {16, 24} & set(g.step_targets(n, W0))
    assert not {10, 11, 18} & set(g.step_targets(s, W0))
    g.set_unit(n, W0 + 1, 12)                       # tundra 12 -> village 13 across a river
    start_move(g, n)
    step(g, W0 + 1, 13)
    assert g.unit_cell(n, W0 + 1) == 13


def test_swim_never_serves_the_character_or_mechs(rules):
    # Rulebook 000 "ПЛАВАННЯ ... лише на робітників, але не на героя чи мехи".
    g = blank(rules, ["nordic", "saxony"])
    n = seat(g, "nordic")
    g.set_unit(n, CHAR, 17)
    m = put_mech(g, n, "seaworthy", 17)
    for u in (CHAR, m):
        assert not {10, 11, 18} & set(g.step_targets(n, u)), u


# ---------------------------------------------------------------- Meander
def test_meander_two_different_options_the_first_paying_for_the_second(rules):
    # Rulebook 000 "ПОЛАНІЯ (НЕПОСИДЮЧІСТЬ)": up to 2 different options in any
    # order; the reward of the first may pay for the second (digest §12).
    g, p = encounter_position(rules, "polania", coins=0, popularity=5)
    assert g.legal_options() == [0, 2]               # option 1 costs 2 coins: not yet
    do(g, "encounter", 0)
    take_all_gains(g)                                     # +2 coins, +1 popularity
    assert g.decision_name == "encounter"
    assert g.legal_options() == [1, 2, 3]            # option 0 not again; 3 = stop
    do(g, "encounter", 1)
    take_all_gains(g)
    assert g.resources(28)["food"] == 4
    assert (g.player(p)["coins"], g.player(p)["popularity"]) == (0, 6)
    assert g.decision_name != "encounter"            # two options at most


def test_meander_any_order_and_may_stop_after_one(rules):
    # Rulebook 000 "НЕПОСИДЮЧІСТЬ ... у довільному порядку" and "1–2 варіанти".
    g, p = encounter_position(rules, "polania", coins=2, popularity=5)
    assert g.legal_options() == [0, 1, 2]
    do(g, "encounter", 1)                            # the coin option first
    take_all_gains(g)
    assert g.legal_options() == [0, 2, 3]
    do(g, "encounter", 3)
    assert g.decision_name != "encounter"
    assert g.player(p)["coins"] == 0 and g.player(p)["popularity"] == 5


def test_meander_draws_only_one_encounter_card(rules):
    # Rulebook 000 "з колоди й надалі слід брати тільки 1 карту пригоди";
    # the card goes under the deck afterwards (§14).
    g, _ = encounter_position(rules, "polania", coins=2, popularity=5)
    deck_before = len(g.state()["encounter_deck"])
    do(g, "encounter", 0)
    take_all_gains(g)
    do(g, "encounter", 1)
    take_all_gains(g)
    deck = g.state()["encounter_deck"]
    assert len(deck) == deck_before + 1 and deck[-1] == 1
    assert len(events_of(g, EV_ENCOUNTER)) == 1


def test_other_factions_take_a_single_option(rules):
    # Rulebook 000 §14 "Ви мусите вибрати один із них" (Meander is Polania's only).
    g, c = encounter_position(rules, "crimea", coins=2, popularity=5)
    do(g, "encounter", 0)
    take_all_gains(g)
    assert g.decision_name != "encounter"
    assert g.player(c)["coins"] == 4
