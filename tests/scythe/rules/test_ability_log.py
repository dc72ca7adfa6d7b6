"""The log names the ability each step or combat used (the behaviour report's ability uses,
issue #14): a step the printed map opens is not logged, a step only an ability opens names
that ability (Rulebook 000 "РОЗМІЩЕННЯ" mech abilities, digest scythe-base.md §11; Swim §12),
and People's Army and Camaraderie log their effect when it applies. Positions and cells are
those of test_s11_mech_abilities.py and test_s12_swim_meander.py (tunnel tundra 17: rivers to
village 10, forest 11 and mountain 18, an ordinary step to 23, tunnels 22 25 36 39 44)."""
from .helpers_b import (
    CHAR, W0, blank, cards, core, fight, peoples_army_defence, polania_wins_against_workers,
    put_mech, seat, start_move, step, workers,
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
            for kind, s, _, a, b, c, _ in g.raw_events() if kind == EV_ABILITY]


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
