"""Rulebook 000 "РОЗМІЩЕННЯ" mech abilities of the five base factions: digest
scythe-base.md §11 (Speed, Riverwalk per faction, Seaworthy, Submerge,
Township, Underpass, Wayfare, Artillery, People's Army, Camaraderie, Scout,
Disarm).

A deployed mech's ability serves the character and every mech, never workers
(Rulebook 000 "Відтепер ваш герой і всі мехи (але не робітники) володіють
властивістю"). Default combat ground: tundra 37 (no tunnel,
no encounter symbol), attacked from village 43; tunnel tundra 44 for Disarm.
"""
import pytest

from .helpers_b import (
    CHAR, W0, attack, blank, cards, core, do, end_move, fight, hand, hand_total,
    peoples_army_defence, polania_wins_against_workers, put_mech, seat, start_move, step,
    workers, workers_on,
)


# ---------------------------------------------------------------- Speed §11.1
def test_speed_gives_character_and_mechs_a_second_step_but_not_workers(rules):
    # Rulebook 000 "ШВИДКІСТЬ": the character and mechs move one territory
    # further per Move (digest §11.1); workers keep one step.
    g = blank(rules, ["saxony", "crimea"])
    s = seat(g, "saxony")
    g.set_unit(s, CHAR, 23)
    g.set_unit(s, W0, 23)
    start_move(g, s)
    step(g, CHAR, 30)
    assert g.decision_name == "move_unit"           # no Speed yet: one step
    g.set_player(s, last_section=-1)
    m = put_mech(g, s, "speed", 31)
    start_move(g, s)
    step(g, CHAR, 37)
    assert g.decision_name == "move_step" and g.legal_options() == [0, 30, 36, 43, 44]
    do(g, "move_step", 43)
    step(g, W0, 22)
    assert g.decision_name != "move_step"           # the worker has one step only
    g.set_player(s, last_section=-1)
    start_move(g, s)
    step(g, m, 25)
    assert g.decision_name == "move_step"           # mechs have Speed too


def test_speed_step_before_or_after_a_tunnel_jump(rules):
    # Rulebook 000 "ШВИДКІСТЬ": tunnel to tunnel is still one move, so the extra
    # step may come before or after the jump (digest §11.1).
    g = blank(rules, ["saxony", "crimea"])
    s = seat(g, "saxony")
    put_mech(g, s, "speed", 41)
    g.set_unit(s, CHAR, 23)
    start_move(g, s)
    step(g, CHAR, 17, 44)                           # step, then the jump
    assert g.unit_cell(s, CHAR) == 44
    g.set_player(s, last_section=-1)
    start_move(g, s)
    step(g, CHAR, 25, 31)                           # jump 44 -> 25, then a step
    assert g.unit_cell(s, CHAR) == 31


def test_speed_mech_picks_up_and_drops_workers_and_resources_midway(rules):
    # Rulebook 000 "ШВИДКІСТЬ" / §23 "МЕХИ": a Speed mech may pick up and drop
    # workers and resources at the intermediate territory (digest §8.2, §11.1).
    g = blank(rules, ["saxony", "crimea"])
    s = seat(g, "saxony")
    m = put_mech(g, s, "speed", 23)
    g.set_unit(s, W0, 23)
    g.set_unit(s, W0 + 1, 30)
    g.set_resources(23, {"wood": 2})
    g.set_resources(30, {"oil": 1})
    start_move(g, s)
    do(g, "move_unit", m + 1)
    do(g, "move_step", 30)
    do(g, "carry_workers", 1)                       # worker 0 rides along
    do(g, "carry_resources", 2)                     # with the 2 wood
    do(g, "move_step", 37)
    assert g.legal_options() == [0, 1, 2]           # now 0..2 of the workers on 30
    do(g, "carry_workers", 1)                       # one stays (dropped or picked up)
    assert g.legal_options() == [0, 1]              # oil of cell 30 now
    do(g, "carry_resources", 1)
    assert g.decision_name == "carry_resources"     # then the wood
    do(g, "carry_resources", 0)                     # drop the wood on 30
    assert g.unit_cell(s, m) == 37
    assert sorted([g.unit_cell(s, W0), g.unit_cell(s, W0 + 1)]) == [30, 37]
    assert g.resources(30) == {"oil": 0, "metal": 0, "wood": 2, "food": 0}
    assert g.resources(37)["oil"] == 1


def test_speed_character_keeps_its_resources_to_the_end_of_its_move(rules):
    # Rulebook 000 "ШВИДКІСТЬ ... Володіючи цією властивістю, ваші мехи можуть
    # підбирати й залишати на території ресурси й робітників під час виконання
    # дії переміщення" and §23 "Якщо мех володіє властивістю швидкості, він може
    # переносити ... на різних етапах": mid-move pick-up and drop is the Speed
    # mech's; any other unit picks its resources up where its move starts and
    # drops them where it ends (digest §8.2).
    g = blank(rules, ["saxony", "crimea"])
    s = seat(g, "saxony")
    put_mech(g, s, "speed", 41)
    g.set_unit(s, CHAR, 23)
    g.set_resources(23, {"wood": 2})
    g.set_resources(30, {"oil": 3})
    start_move(g, s)
    do(g, "move_unit", CHAR + 1)
    do(g, "move_step", 30)
    do(g, "carry_resources", 2)                     # the wood sets off
    do(g, "move_step", 37)
    assert g.decision_name != "carry_resources"     # nothing to choose on the way
    assert g.resources(37) == {"oil": 0, "metal": 0, "wood": 2, "food": 0}
    assert g.resources(30)["oil"] == 3


# ---------------------------------------------------------------- Riverwalk §11.2
@pytest.mark.parametrize("faction, frm, allowed, refused", [
    ("nordic", 17, {11, 18}, {10}),      # forests and mountains; not village 10
    ("saxony", 17, {11, 18}, {10}),      # forests and mountains
    ("rusviet", 26, {19, 20}, {25}),     # farms and villages; not forest 25
    ("crimea", 44, {50}, {51}),          # farms and tundra; not mountain 51
    ("polania", 35, {28, 41, 42}, {27}),  # villages and mountains; not farm 27
])
def test_riverwalk_crosses_rivers_into_the_two_printed_terrains_only(rules, faction, frm,
                                                                     allowed, refused):
    # Rulebook 000 "ПЕРЕПРАВА" per faction (digest §11.2, §11.4).
    other = "crimea" if faction != "crimea" else "saxony"
    g = blank(rules, [faction, other])
    f = seat(g, faction)
    g.set_unit(f, CHAR, frm)
    g.set_unit(f, W0, frm)
    before = set(g.step_targets(f, CHAR))
    assert not (allowed | refused) & before
    m = put_mech(g, f, "riverwalk", frm)
    after = set(g.step_targets(f, CHAR))
    assert after - before == allowed
    assert set(g.step_targets(f, m)) == after       # mechs as the character
    other = put_mech(g, f, "speed", frm)
    assert set(g.step_targets(f, other)) == after   # every mech, not only its own
    if faction != "nordic":                         # (Nordic workers Swim, §12)
        assert not (allowed | refused) & set(g.step_targets(f, W0))   # never workers
    if faction == "crimea":
        g.set_unit(f, CHAR, 31)                     # mountain 31 -> tundra 32 across a river
        assert 32 in g.step_targets(f, CHAR)


def test_riverwalk_looks_at_the_destination_terrain_only(rules):
    # Rulebook 000 "ПЕРЕПРАВА ... щоб переміщатися в ліси й гори" (digest §11.2,
    # §24.6): from mountain 18 Nordic may not cross into tundra 17 or farm 19,
    # while from tundra 17 it may cross into mountain 18.
    g = blank(rules, ["nordic", "crimea"])
    n = seat(g, "nordic")
    put_mech(g, n, "riverwalk", 12)
    g.set_unit(n, CHAR, 18)
    assert not {17, 19} & set(g.step_targets(n, CHAR))
    assert 25 in g.step_targets(n, CHAR)            # forest 25 across a river
    g.set_unit(n, CHAR, 17)
    assert 18 in g.step_targets(n, CHAR)


# ---------------------------------------------------------------- Seaworthy, Submerge §11.3
def test_seaworthy_enters_and_leaves_lakes_but_does_not_jump_between_them(rules):
    # Rulebook 000 "МОРЕПЛАВСТВО": lakes count as normal territories (digest
    # §11.3); no lake-to-lake link, unlike Submerge.
    g = blank(rules, ["nordic", "crimea"])
    n = seat(g, "nordic")
    m = put_mech(g, n, "seaworthy", 23)
    assert {16, 24, 29} <= set(g.step_targets(n, m))
    g.set_unit(n, CHAR, 24)
    assert g.step_targets(n, CHAR) == [17, 18, 23, 25, 30, 31]
    start_move(g, n)
    step(g, CHAR, 31)
    assert g.unit_cell(n, CHAR) == 31


def test_seaworthy_loser_may_retreat_to_an_adjacent_lake_or_its_base(rules):
    # Rulebook 000 "МОРЕПЛАВСТВО ... а також відступати на сусідні озера
    # (фігурки надалі можуть відступати й на свою базу)" (digest §11.3).
    g = blank(rules, ["nordic", "crimea"])
    n, c = seat(g, "nordic"), seat(g, "crimea")
    m = put_mech(g, n, "seaworthy", 37)
    workers(g, n, 37, 1)
    g.set_unit(c, CHAR, 43)
    g.set_player(n, power=0)
    g.set_player(c, power=3)
    attack(g, c, CHAR, 37)
    fight(g, 1, 0, 0, 0)
    assert g.decision_name == "retreat" and g.current_player == n
    assert g.legal_options() == [2, 29, 38]         # base 2, lakes 29 and 38
    do(g, "retreat", 38)
    assert g.unit_cell(n, m) == 38 and workers_on(g, n, 38) == [W0]


def test_seaworthy_retreat_takes_workers_onto_a_lake_only_with_a_mech(rules):
    # Rulebook 000 "МОРЕПЛАВСТВО": only the character and mechs have the ability;
    # workers reach a lake only carried by a mech (digest §8.5), so workers
    # beside a lone character retreat to the base.
    g = blank(rules, ["nordic", "crimea"])
    n, c = seat(g, "nordic"), seat(g, "crimea")
    put_mech(g, n, "seaworthy", 11)
    g.set_unit(n, CHAR, 37)
    workers(g, n, 37, 2)
    g.set_unit(c, CHAR, 43)
    g.set_player(n, power=0)
    g.set_player(c, power=3, popularity=5)
    attack(g, c, CHAR, 37)
    fight(g, 1, 0, 0, 0)
    do(g, "retreat", 29)
    assert g.unit_cell(n, CHAR) == 29
    assert workers_on(g, n, 2) == [W0, W0 + 1]
    g.check_invariants()


def test_submerge_links_every_lake_like_tunnels(rules):
    # Rulebook 000 "ЗАНУРЕННЯ": onto and off lakes, and from one lake to any
    # other lake (digest §11.3).
    g = blank(rules, ["polania", "crimea"])
    p = seat(g, "polania")
    g.set_unit(p, CHAR, 21)
    assert 14 not in g.step_targets(p, CHAR)
    m = put_mech(g, p, "submerge", 21)
    assert 14 in g.step_targets(p, CHAR)
    g.set_unit(p, CHAR, 24)
    assert {14, 16, 29, 38, 40, 49} <= set(g.step_targets(p, CHAR))
    g.set_unit(p, W0, 21)
    start_move(g, p)
    do(g, "move_unit", m + 1)
    do(g, "move_step", 14)
    do(g, "carry_workers", 1)
    assert g.decision_name == "move_unit"           # one step without Speed
    step(g, CHAR, 49)                               # lake 24 -> lake 49 in one step
    assert g.unit_cell(p, CHAR) == 49


# ---------------------------------------------------------------- Township §11.3
def test_township_links_the_factory_and_controlled_villages(rules):
    # Rulebook 000 "УРБАНІЗАЦІЯ": the Factory and villages you control count as
    # adjacent to each other, for the character and mechs (digest §11.3).
    g = blank(rules, ["rusviet", "crimea"])
    r, c = seat(g, "rusviet"), seat(g, "crimea")
    g.set_unit(r, CHAR, 26)
    g.set_unit(r, W0 + 1, 26)
    workers(g, r, 13, 1)                            # controls village 13
    g.set_structure(r, "mill", 52)                  # controls village 52 by a structure
    workers(g, c, 54, 1, first=0)                   # Crimea holds village 54
    base = set(g.step_targets(r, CHAR))
    m = put_mech(g, r, "township", 33)
    links = set(g.step_targets(r, CHAR)) - base
    assert links == {13, 30, 52}                    # not 54 (Crimea's) nor 28 (nobody's)
    g.set_unit(r, CHAR, 30)
    assert {13, 26, 52} <= set(g.step_targets(r, CHAR)) and 54 not in g.step_targets(r, CHAR)
    assert 30 not in g.step_targets(r, m)           # from mountain 33: no link
    assert 30 not in g.step_targets(r, W0 + 1)      # never workers


# ---------------------------------------------------------------- Underpass §11.3
def test_underpass_links_controlled_mountains_tunnels_and_the_own_mine(rules):
    # Rulebook 000 "ШТОЛЬНІ": controlled mountains and all tunnels (and your
    # Mine) count as adjacent, for the character and mechs (digest §11.3).
    g = blank(rules, ["saxony", "crimea"])
    s = seat(g, "saxony")
    g.set_unit(s, CHAR, 41)
    workers(g, s, 31, 1)                            # controls mountain 31
    g.set_structure(s, "mine", 45)                  # own Mine on forest 45
    base = set(g.step_targets(s, CHAR))
    put_mech(g, s, "underpass", 48)
    links = set(g.step_targets(s, CHAR)) - base
    assert links == {17, 22, 25, 31, 36, 39, 44, 45}   # not mountain 46 (nobody's)
    g.set_unit(s, CHAR, 36)                         # from a tunnel to controlled mountains
    assert {31, 45} <= set(g.step_targets(s, CHAR)) and 41 not in g.step_targets(s, CHAR)
    g.set_unit(s, W0 + 1, 41)
    assert 31 not in g.step_targets(s, W0 + 1)      # never workers


# ---------------------------------------------------------------- Wayfare §11.3
def test_wayfare_reaches_inactive_bases_and_the_own_base_from_anywhere(rules):
    # Rulebook 000 "КОЧУВАННЯ": from any territory or base to any inactive base
    # (expansion bases included) or to your own base (digest §11.3, §24.13).
    g = blank(rules, ["crimea", "nordic", "rusviet"])
    c = seat(g, "crimea")
    g.set_unit(c, CHAR, 18)
    g.set_unit(c, W0, 50)
    put_mech(g, c, "wayfare", 50)
    bases = {t for t in g.step_targets(c, CHAR) if t <= 7}
    assert bases == {1, 3, 5, 6, 7}                 # not Nordic 2, not Rusviet 4
    assert not {t for t in g.step_targets(c, W0) if t <= 7}
    start_move(g, c)
    step(g, CHAR, 5)
    assert g.unit_cell(c, CHAR) == 5
    assert g.controlled_territories(c) == 1         # only 50 (a base is no territory)
    g.set_player(c, last_section=-1)
    start_move(g, c)
    do(g, "move_unit", 1)
    assert {41, 48, 1, 7} <= set(g.legal_options())  # out of base 5, or on to a base


# ---------------------------------------------------------------- combat abilities
def _combat_ground(g, att, dfd, att_units=(CHAR,), def_units=(CHAR,)):
    for u in att_units:
        g.set_unit(att, u, 43)
    for u in def_units:
        g.set_unit(dfd, u, 37)


def test_artillery_costs_one_power_and_takes_two_once_per_combat(rules):
    # Rulebook 000 "АРТИЛЕРІЯ": before combat, optionally spend 1 power so the
    # opponent loses 2 on the track; once per combat, not per unit (digest §11.3).
    g = blank(rules, ["nordic", "crimea"])
    n, c = seat(g, "nordic"), seat(g, "crimea")
    m = put_mech(g, n, "artillery", 43)
    _combat_ground(g, n, c)
    g.set_player(n, power=5)
    g.set_player(c, power=5)
    start_move(g, n)
    step(g, CHAR, 37)
    step(g, m, 37)                                   # two Nordic units in the combat
    end_move(g)
    do(g, "artillery", 1)
    assert g.decision_name == "dial"                 # asked once only
    assert (g.player(n)["power"], g.player(c)["power"]) == (4, 3)
    assert g.legal_options() == [0, 1, 2, 3, 4]


def test_artillery_is_optional_needs_power_and_floors_the_loss(rules):
    # Rulebook 000 "АРТИЛЕРІЯ ... ви можете витратити 1 очко сили"; losses stop
    # at 0 (digest §13.2, §24.11).
    g = blank(rules, ["nordic", "crimea"])
    n, c = seat(g, "nordic"), seat(g, "crimea")
    put_mech(g, n, "artillery", 48)
    _combat_ground(g, n, c)
    g.set_player(n, power=2)
    g.set_player(c, power=1)
    gg = g.clone()
    attack(g, n, CHAR, 37)
    do(g, "artillery", 0)
    assert (g.player(n)["power"], g.player(c)["power"]) == (2, 1)
    attack(gg, n, CHAR, 37)
    do(gg, "artillery", 1)
    assert (gg.player(n)["power"], gg.player(c)["power"]) == (1, 0)
    g3 = blank(rules, ["nordic", "crimea"])
    put_mech(g3, n, "artillery", 48)
    _combat_ground(g3, n, c)
    g3.set_player(n, power=0)
    g3.set_player(c, power=2)
    attack(g3, n, CHAR, 37)
    assert g3.decision_name != "artillery"          # no power to spend


def test_peoples_army_adds_one_card_slot_with_an_own_worker_there(rules):
    # Rulebook 000 "НАРОДНА АРМІЯ": example 2 mechs + 3 workers -> up to 3
    # combat cards (1 per mech + 1 for the workers) (digest §11.3).
    # Crimea attacks: Rusviet defends with 2 mechs and 3 workers
    g, r, c = peoples_army_defence(rules)
    assert g.decision_name == "cards" and g.current_player == r
    assert g.decision_aux == 3 and g.legal_options() == [0, 1, 2, 3]
    # without workers there: one card per mech only
    g2, _, _ = peoples_army_defence(rules, n_workers=0)
    assert g2.legal_options() == [0, 1, 2]
    # workers there but the People's Army mech not deployed
    g3, _, _ = peoples_army_defence(rules, deployed=False)
    assert g3.legal_options() == [0, 1]


def test_camaraderie_spares_the_popularity_of_a_won_attack(rules):
    # Rulebook 000 "ПРИЯТЕЛЬСТВО": a Polania attacker who wins loses no
    # popularity for the workers forced to retreat (digest §11.3).
    for ability, loss in (("camaraderie", 0), ("riverwalk", 2)):
        g, p, c = polania_wins_against_workers(rules, ability)
        assert g.controller(37) == p
        assert workers_on(g, c, 7) == [W0, W0 + 1]
        assert g.player(p)["popularity"] == 5 - loss, ability


def test_camaraderie_does_not_cover_displacement_by_movement_unless_configured(rules):
    # Rulebook 000 "ПРИЯТЕЛЬСТВО ... змушують робітників суперника відступити
    # після бою": digest §11.3 INTERPRETATION and §24.2 keep movement
    # displacement costly by default, behind the camaraderie_on_move option.
    for rules_, loss in ((rules, 2), (core.Rules(rules.data, camaraderie_on_move=True), 0)):
        g = blank(rules_, ["polania", "crimea"])
        p, c = seat(g, "polania"), seat(g, "crimea")
        put_mech(g, p, "camaraderie", 48)
        g.set_unit(p, CHAR, 43)
        workers(g, c, 37, 2)
        g.set_player(p, popularity=5)
        start_move(g, p)
        step(g, CHAR, 37)
        assert workers_on(g, c, 7) == [W0, W0 + 1]
        assert g.player(p)["popularity"] == 5 - loss


def test_scout_steals_one_random_card_once_per_combat(rules):
    # Rulebook 000 "РОЗВІДКА": before combat, optionally steal 1 random combat
    # card from the opponent into your hand; once per combat (digest §11.3).
    g = blank(rules, ["crimea", "saxony"])
    c, s = seat(g, "crimea"), seat(g, "saxony")
    m = put_mech(g, c, "scout", 43)
    _combat_ground(g, c, s)
    g.set_player(c, power=1, hand={})
    g.set_player(s, power=1, hand={5: 3})
    start_move(g, c)
    step(g, CHAR, 37)
    step(g, m, 37)
    end_move(g)
    assert g.decision_name == "scout" and g.current_player == c
    do(g, "scout", 1)
    assert hand(g, c)[5] == 1 and hand_total(g, s) == 2
    assert g.decision_name == "dial"                 # once, although 2 Crimea units fight
    fight(g, 0, cards(n5=1), 0, 0)
    assert g.controller(37) == c                     # the stolen 5 won the combat


def test_scout_is_optional_and_needs_an_opponent_hand(rules):
    # Rulebook 000 "РОЗВІДКА ... можете вкрасти" (optional).
    g = blank(rules, ["crimea", "saxony"])
    c, s = seat(g, "crimea"), seat(g, "saxony")
    put_mech(g, c, "scout", 48)
    _combat_ground(g, c, s)
    g.set_player(c, power=1)
    g.set_player(s, power=1, hand={3: 2})
    attack(g, c, CHAR, 37)
    do(g, "scout", 0)
    assert hand_total(g, c) == 0 and hand_total(g, s) == 2
    g2 = blank(rules, ["crimea", "saxony"])
    put_mech(g2, c, "scout", 48)
    _combat_ground(g2, c, s)
    g2.set_player(c, power=1)
    g2.set_player(s, power=1, hand={})
    attack(g2, c, CHAR, 37)
    assert g2.decision_name == "dial"                # nothing to steal: not asked


@pytest.mark.parametrize("saxony_attacks", [True, False])
def test_disarm_takes_two_power_on_a_tunnel_once_per_combat(rules, saxony_attacks):
    # Rulebook 000 "РОЗЗБРОЄННЯ": before a combat on a tunnel territory the
    # opponent fighting Saxony loses 2 power; once per combat, not per unit
    # (digest §11.3, §24.9: automatic).
    g = blank(rules, ["saxony", "crimea"])
    s, c = seat(g, "saxony"), seat(g, "crimea")
    d = put_mech(g, s, "disarm", 43)
    att, dfd = (s, c) if saxony_attacks else (c, s)
    g.set_unit(att, CHAR, 43)
    g.set_unit(dfd, CHAR, 44)
    if not saxony_attacks:
        g.set_unit(s, d, 44)                         # two Saxony units defend
    g.set_player(s, power=4)
    g.set_player(c, power=5)
    start_move(g, att)
    step(g, CHAR, 44)
    if saxony_attacks:
        step(g, d, 44)
    end_move(g)
    assert g.player(c)["power"] == 3 and g.player(s)["power"] == 4


def test_disarm_works_on_the_own_mine_and_nowhere_else(rules):
    # Rulebook 000 "РОЗЗБРОЄННЯ ... на території з тунелем чи вашою шахтою".
    for mine, loss in ((37, 2), (None, 0)):
        g = blank(rules, ["saxony", "crimea"])
        s, c = seat(g, "saxony"), seat(g, "crimea")
        put_mech(g, s, "disarm", 48)
        if mine:
            g.set_structure(s, "mine", mine)
        _combat_ground(g, s, c)
        g.set_player(s, power=4)
        g.set_player(c, power=5)
        attack(g, s, CHAR, 37)
        assert g.player(c)["power"] == 5 - loss, mine


def test_combat_abilities_need_the_mech_deployed(rules):
    # Rulebook 000 "Відтепер ... володіють властивістю, вказаною на звільненому
    # місці меха": no deployed ability mech, no ability.
    g = blank(rules, ["saxony", "crimea"])
    s, c = seat(g, "saxony"), seat(g, "crimea")
    g.set_unit(s, CHAR, 43)
    g.set_unit(c, CHAR, 44)
    put_mech(g, c, "riverwalk", 50)
    g.set_player(s, power=4)
    g.set_player(c, power=5, hand={})
    attack(g, s, CHAR, 44)
    assert g.player(c)["power"] == 5
