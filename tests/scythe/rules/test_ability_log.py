"""The log names the ability each step or combat used (the behaviour report's ability uses,
issue #14): a step the printed map opens is not logged, a step only an ability opens names
that ability (Rulebook 000 "РОЗМІЩЕННЯ" mech abilities, digest scythe-base.md §11; Swim §12),
People's Army and Camaraderie log their effect when it applies, and so do Dominate (a star past
the caps) and Meander (a second encounter option; §12). Positions and cells are
those of test_s11_mech_abilities.py and test_s12_swim_meander.py (tunnel tundra 17: rivers to
village 10, forest 11 and mountain 18, an ordinary step to 23, tunnels 22 25 36 39 44)."""
from .helpers_b import (
    CHAR, W0, attack, blank, cards, core, do, encounter_position, fight, peoples_army_defence,
    polania_wins_against_workers, put_mech, seat, start_move, step, take_all_gains, workers,
)

EV_ABILITY, EV_MOVE_ABILITY = 12, 17          # ext/scythe/core.pxi EventKind


def logged_steps(g, mark=0):
    """(ability, unit, from, to) of each step logged by an ability since event `mark`."""
    out = []
    for kind, _, flag, a, b, c, d in g.raw_events()[mark:]:
        if kind == EV_MOVE_ABILITY:
            out.append(((core.FACTION_ABILITY_NAMES if flag else core.ABILITY_NAMES)[a], b, c, d))
    return out


def logged_combat_abilities(g):
    """(ability, seat, opponent, value) of each combat ability logged."""
    return [(core.ABILITY_NAMES[a], s, b, c)
            for kind, s, flag, a, b, c, _ in g.raw_events() if kind == EV_ABILITY and not flag]


def logged_faction_abilities(g, mark=0):
    """(faction ability, seat, what it gave) of each logged since event `mark`."""
    return [(core.FACTION_ABILITY_NAMES[a], s, b)
            for kind, s, flag, a, b, _, _ in g.raw_events()[mark:] if kind == EV_ABILITY and flag]


def test_speed_is_logged_on_the_step_past_the_moves_count_only(rules):
    # §11.1: Speed gives the character and mechs one step more; 30 -> 37 is an ordinary step
    g = blank(rules, ["saxony", "crimea"])
    s = seat(g, "saxony")
    g.set_unit(s, CHAR, 30)
    put_mech(g, s, "speed", 31)
    mark = len(g.raw_events())
    start_move(g, s)
    step(g, CHAR, 37, 43)
    assert logged_steps(g, mark) == [("speed", CHAR, 37, 43)]


def test_a_river_crossing_names_riverwalk_and_ordinary_and_tunnel_steps_nothing(rules):
    # §11.2: Nordic's Riverwalk crosses into forests and mountains (17 -> 18); the step to 23
    # and the tunnel jump 17 -> 44 are open to every unit (§8.1)
    g = blank(rules, ["nordic", "crimea"])
    n = seat(g, "nordic")
    m = put_mech(g, n, "riverwalk", 17)
    g.set_unit(n, CHAR, 17)
    m2 = put_mech(g, n, "artillery", 17)          # a second mech
    mark = len(g.raw_events())
    start_move(g, n)
    step(g, CHAR, 18)
    step(g, m, 23)
    assert logged_steps(g, mark) == [("riverwalk", CHAR, 17, 18)]
    g.set_player(n, last_section=-1)
    mark = len(g.raw_events())
    start_move(g, n)
    step(g, m, 17)                                # back: 23 -> 17
    step(g, m2, 44)                               # the tunnel jump
    assert logged_steps(g, mark) == []


def test_a_nordic_worker_across_a_river_is_logged_as_swim(rules):
    # §12 Swim: tundra 12 -> village 13 across a river; the same step is refused to others
    g = blank(rules, ["nordic", "saxony"])
    n = seat(g, "nordic")
    g.set_unit(n, W0 + 1, 12)
    mark = len(g.raw_events())
    start_move(g, n)
    step(g, W0 + 1, 13)
    assert logged_steps(g, mark) == [("swim", W0 + 1, 12, 13)]


def test_lake_steps_name_seaworthy_or_submerge_and_leaving_a_lake_nothing(rules):
    # §11.3: Seaworthy onto lake 24 from 23; off the lake to 31 is an ordinary step
    g = blank(rules, ["nordic", "crimea"])
    n = seat(g, "nordic")
    m = put_mech(g, n, "seaworthy", 23)
    mark = len(g.raw_events())
    start_move(g, n)
    step(g, m, 24)
    assert logged_steps(g, mark) == [("seaworthy", m, 23, 24)]
    g.set_player(n, last_section=-1)
    mark = len(g.raw_events())
    start_move(g, n)
    step(g, m, 31)
    assert logged_steps(g, mark) == []
    # Submerge: lake 24 -> lake 49 in one step, like a tunnel
    g = blank(rules, ["polania", "crimea"])
    p = seat(g, "polania")
    put_mech(g, p, "submerge", 21)
    g.set_unit(p, CHAR, 24)
    mark = len(g.raw_events())
    start_move(g, p)
    step(g, CHAR, 49)
    assert logged_steps(g, mark) == [("submerge", CHAR, 24, 49)]


def one_move(rules, factions, mech, mech_cell, unit_cell, dest, controlled=None):
    """The steps logged when the first faction's character, with the mech covering `mech`
    deployed on `mech_cell` (and a worker on `controlled`, to control it), steps from
    `unit_cell` to `dest`."""
    g = blank(rules, factions)
    s = seat(g, factions[0])
    g.set_unit(s, CHAR, unit_cell)
    if controlled:
        workers(g, s, controlled, 1)
    put_mech(g, s, mech, mech_cell)
    mark = len(g.raw_events())
    start_move(g, s)
    step(g, CHAR, dest)
    return logged_steps(g, mark)


def test_township_underpass_and_wayfare_steps_name_their_ability(rules):
    # §11.3 Township: controlled village 26 -> controlled village 13
    assert one_move(rules, ["rusviet", "crimea"], "township", 33, 26, 13, controlled=13) == [
        ("township", CHAR, 26, 13)]
    # Underpass: controlled mountain 41 -> controlled mountain 31
    assert one_move(rules, ["saxony", "crimea"], "underpass", 48, 41, 31, controlled=31) == [
        ("underpass", CHAR, 41, 31)]
    # Wayfare: mountain 18 -> the inactive base 5
    assert one_move(rules, ["crimea", "nordic", "rusviet"], "wayfare", 50, 18, 5) == [
        ("wayfare", CHAR, 18, 5)]


def test_peoples_army_is_logged_when_its_extra_card_is_played(rules):
    # §11.3 People's Army: 2 mechs + workers allow 3 cards; the third card is its use
    for played, logged in ((3, True), (2, False)):
        g, r, c = peoples_army_defence(rules)
        fight(g, 0, 0, 0, cards(n2=played), attacker=c, defender=r)
        assert logged_combat_abilities(g) == ([("peoples_army", r, c, 3)] if logged else [])


def test_camaraderie_is_logged_when_it_spares_the_popularity(rules):
    # §11.3 Camaraderie: a won attack that sends 2 workers home costs no popularity
    for ability, logged in (("camaraderie", True), ("riverwalk", False)):
        g, p, c = polania_wins_against_workers(rules, ability)
        assert logged_combat_abilities(g) == ([("camaraderie", p, c, 2)] if logged else [])


STAR_COMBAT, STAR_OBJECTIVE = core.STAR_NAMES.index("combat"), core.STAR_NAMES.index("objective")


def test_dominate_is_logged_for_a_combat_star_past_the_two_and_not_before(rules):
    # §12 Dominate: Saxony is not limited to 2 combat stars (Rulebook 000 "САКСОНІЯ
    # (ДОМІНУВАННЯ)"); its third combat star is the ability's use, its second is not. Saxony's
    # character on 43 attacks Crimea's on 37 with 5 power against 0.
    for before, logged in ((2, True), (1, False)):
        g = blank(rules, ["saxony", "crimea"])
        x, c = seat(g, "saxony"), seat(g, "crimea")
        g.set_unit(x, CHAR, 43)
        g.set_unit(c, CHAR, 37)
        g.set_player(x, power=5, popularity=6, combat_stars=before)
        g.set_player(c, power=0, popularity=6)
        attack(g, x, CHAR, 37)
        fight(g, 5, 0, 0, 0)
        assert g.player(x)["combat_stars"] == before + 1
        assert logged_faction_abilities(g) == ([("dominate", x, STAR_COMBAT)] if logged else [])


def test_dominate_is_logged_for_the_second_objective_star_only(rules):
    # §12 Dominate: Saxony may complete both objective cards (Rulebook 000 "може виконати
    # обидві свої карти цілей"); card 12 (20 coins) and card 3 (3 farms) both met, one reveal a
    # turn (§16).
    g = blank(rules, ["saxony", "crimea"])
    x = seat(g, "saxony")
    g.set_player(x, objectives=[12, 3], coins=20)
    workers(g, x, 9, 1)
    workers(g, x, 19, 1, first=1)
    workers(g, x, 27, 1, first=2)
    g.begin_turn(x)
    do(g, "objective", 1)
    assert logged_faction_abilities(g) == []
    g.set_player(x, last_section=-1)
    g.begin_turn(x)
    mark = len(g.raw_events())
    do(g, "objective", 2)
    assert g.player(x)["objective_stars"] == 2
    assert logged_faction_abilities(g, mark) == [("dominate", x, STAR_OBJECTIVE)]


def test_meander_is_logged_when_a_second_option_is_taken(rules):
    # §12 Meander: Polania may take 1-2 different options of one encounter card (Rulebook 000
    # "ПОЛАНІЯ (НЕПОСИДЮЧІСТЬ)"); the second is the ability's use, stopping after one is not
    g, p = encounter_position(rules, "polania", coins=2, popularity=5)
    do(g, "encounter", 1)
    take_all_gains(g)
    assert logged_faction_abilities(g) == []
    do(g, "encounter", 0)
    take_all_gains(g)
    assert logged_faction_abilities(g) == [("meander", p, 0)]
    g, p = encounter_position(rules, "polania", coins=2, popularity=5)
    do(g, "encounter", 1)
    take_all_gains(g)
    do(g, "encounter", 3)                         # stop after one
    assert logged_faction_abilities(g) == []
