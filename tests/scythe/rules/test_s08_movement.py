"""Rulebook 000 "ПЕРЕМІЩЕННЯ" (movement) in detail: digest scythe-base.md §8.

Cells: see helpers_b (board.toml ids). Rivers used here: 17-18, 18-19, 18-25,
10-17, 11-17, 4-20 (base), 27-34, 27-35, 41-35.
"""
from .helpers_b import (
    CHAR, W0, blank, do, end_move, forced, put_mech, seat, section, start_move,
    step, units_on, workers, workers_on,
)


# ---------------------------------------------------------------- §8.1 adjacency
def test_a_step_goes_to_an_adjacent_land_territory_only(rules):
    # Rulebook 000 §8.1 "one move to an adjacent territory"; lakes need an
    # ability (digest scythe-base.md §8.1). Forest 23 touches tunnel 17,
    # lake 24, Factory 30, lake 29, tunnel 22 and lake 16, with no river.
    g = blank(rules, ["saxony", "crimea"])
    s = seat(g, "saxony")
    g.set_unit(s, W0, 23)
    assert g.step_targets(s, W0) == [17, 22, 30]
    g.set_unit(s, CHAR, 23)
    assert g.step_targets(s, CHAR) == [17, 22, 30]
    start_move(g, s)
    do(g, "move_unit", W0 + 1)
    assert g.legal_options() == [17, 22, 30]       # no "stop" before a first step
    do(g, "move_step", 30)
    assert g.unit_cell(s, W0) == 30
    assert W0 + 1 not in g.legal_options()         # the same unit cannot move twice


def test_rivers_block_every_unit_without_an_ability(rules):
    # Rulebook 000 §8.1 "РІЧКИ Й ОЗЕРА": no unit crosses a river without an
    # ability (digest §8.1). Mountain 18 has rivers to 17, 19 and 25.
    g = blank(rules, ["saxony", "crimea"])
    s = seat(g, "saxony")
    g.set_unit(s, CHAR, 18)
    g.set_unit(s, W0, 18)
    m = put_mech(g, s, "speed", 18)
    for u in (CHAR, W0, m):
        assert g.step_targets(s, u) == [11, 12], u


def test_lakes_are_closed_without_an_ability_and_open_from_every_shore_with_one(rules):
    # Rulebook 000 §8.1 "ОЗЕРО ... простягається до найближчої берегової лінії":
    # with a lake ability the lake is reachable from every adjacent territory.
    g = blank(rules, ["nordic", "saxony"])
    n = seat(g, "nordic")
    g.set_unit(n, CHAR, 23)
    assert not {16, 24, 29} & set(g.step_targets(n, CHAR))
    put_mech(g, n, "seaworthy", 37)
    assert {16, 24, 29} <= set(g.step_targets(n, CHAR))
    for shore in (17, 18, 25, 31, 30, 23):          # every neighbour of lake 24
        g.set_unit(n, CHAR, shore)
        assert 24 in g.step_targets(n, CHAR), shore


def test_tunnels_are_mutually_adjacent_for_every_unit_in_one_move(rules):
    # Rulebook 000 §8.1 "ТУНЕЛІ": during a Move all tunnel territories count as
    # adjacent, for any unit; tunnel to tunnel is one move (digest §8.1).
    g = blank(rules, ["saxony", "crimea"])
    s = seat(g, "saxony")
    g.set_unit(s, W0, 17)          # tunnel tundra 17: rivers to 10, 11, 18; lakes 16, 24
    assert g.step_targets(s, W0) == [22, 23, 25, 36, 39, 44]
    g.set_unit(s, W0 + 1, 23)      # next to tunnels 17 and 22 but not one itself
    assert g.step_targets(s, W0 + 1) == [17, 22, 30]
    start_move(g, s)
    step(g, W0, 44)                # one step covers the whole jump
    assert g.unit_cell(s, W0) == 44
    assert g.decision_name == "move_unit"


def test_no_normal_move_onto_any_base(rules):
    # Rulebook 000 §8.1 "БАЗА НАЦІЇ": no unit moves from the board onto a base,
    # its own or an opponent's (digest §4.1, §8.1).
    g = blank(rules, ["rusviet", "crimea"])
    r, c = seat(g, "rusviet"), seat(g, "crimea")
    g.set_unit(r, CHAR, 26)        # village 26 touches the Rusviet base 4
    assert 4 not in g.step_targets(r, CHAR)
    g.set_unit(c, CHAR, 27)        # farm 27 touches the Polania base 3 (not in play)
    assert g.step_targets(c, CHAR) == [21, 28]
    g.set_unit(c, CHAR, 21)        # forest 21 also touches base 3
    assert 3 not in g.step_targets(c, CHAR)


def test_units_leave_their_base_to_adjacent_territories_and_base_rivers_block(rules):
    # Rulebook 000 §8.1 "з однієї території (чи бази)"; digest §8.1
    # INTERPRETATION: the river between the Rusviet base and farm 20 blocks
    # like any river; Riverwalk (farms, villages) crosses it.
    g = blank(rules, ["rusviet", "crimea"])
    r = seat(g, "rusviet")
    g.set_unit(r, W0, 4)
    assert g.step_targets(r, W0) == [26, 33]
    assert g.step_targets(r, CHAR) == [26, 33]      # the character starts on base 4
    put_mech(g, r, "riverwalk", 33)
    assert g.step_targets(r, CHAR) == [20, 26, 33]
    assert g.step_targets(r, W0) == [26, 33]        # abilities never serve workers
    c = seat(g, "crimea")
    assert g.step_targets(c, CHAR) == [50, 54]      # base 7 also touches lake 49


def test_any_number_of_own_units_share_a_territory(rules):
    # Rulebook 000 §8 "БЕЗ ОБМЕЖЕНЬ": unlimited stacking of one player's units.
    g = blank(rules, ["saxony", "crimea"])
    s = seat(g, "saxony")
    g.set_unit(s, CHAR, 42)
    put_mech(g, s, "speed", 42)
    workers(g, s, 42, 6)
    g.set_unit(s, W0 + 6, 41)
    g.set_unit(s, W0 + 7, 48)
    start_move(g, s)
    step(g, W0 + 6, 42)
    step(g, W0 + 7, 42)
    assert len(units_on(g, s, 42)) == 10
    g.check_invariants()


# ---------------------------------------------------------------- §8.2 carrying
def test_every_unit_carries_any_number_of_resources(rules):
    # Rulebook 000 §8 "РЕСУРСИ Й РОБІТНИКИ": units pick up any number of
    # resource tokens where they start and drop them where they arrive.
    g = blank(rules, ["saxony", "crimea"])
    s = seat(g, "saxony")
    g.set_unit(s, W0, 23)
    g.set_unit(s, CHAR, 23)
    g.set_resources(23, {"wood": 5, "metal": 2})
    start_move(g, s)
    do(g, "move_unit", W0 + 1)
    do(g, "move_step", 22)
    assert g.decision_name == "carry_resources"
    assert g.legal_options() == [0, 1, 2]           # metal first (resource order)
    do(g, "carry_resources", 2)
    assert g.legal_options() == [0, 1, 2, 3, 4, 5]  # then wood
    do(g, "carry_resources", 3)
    assert g.resources(22) == {"oil": 0, "metal": 2, "wood": 3, "food": 0}
    assert g.resources(23)["wood"] == 2
    step(g, CHAR, 30, res={2: 2})                   # the character too
    assert g.resources(30)["wood"] == 2 and g.resources(23)["wood"] == 0


def test_mechs_carry_any_number_of_workers_never_the_character(rules):
    # Rulebook 000 §8 "МЕХИ": a mech carries any number of workers (not the
    # character); carrying is the mech's own move.
    g = blank(rules, ["saxony", "crimea"])
    s = seat(g, "saxony")
    m = put_mech(g, s, "riverwalk", 23)
    ws = workers(g, s, 23, 5)
    g.set_unit(s, CHAR, 23)
    start_move(g, s)
    do(g, "move_unit", m + 1)
    do(g, "move_step", 30)
    assert g.decision_name == "carry_workers"
    assert g.legal_options() == [0, 1, 2, 3, 4, 5]  # 0..5 workers that did not move
    do(g, "carry_workers", 5)
    assert all(g.unit_cell(s, w) == 30 for w in ws)
    assert g.unit_cell(s, CHAR) == 23
    # the carried workers did not use their own move: any may still move itself
    assert {w + 1 for w in ws} <= set(g.legal_options())


def test_the_character_and_workers_carry_no_workers(rules):
    # Rulebook 000 §8 "МЕХИ" / §23 "лише мехи можуть переносити робітників".
    g = blank(rules, ["saxony", "crimea"])
    s = seat(g, "saxony")
    workers(g, s, 23, 2)
    g.set_unit(s, CHAR, 23)
    start_move(g, s)
    step(g, CHAR, 30)
    assert units_on(g, s, 23) == [W0, W0 + 1]
    step(g, W0, 22)
    assert g.unit_cell(s, W0 + 1) == 23


def test_a_worker_moves_itself_then_a_mech_carries_it_onward(rules):
    # Rulebook 000 §8 "МЕХИ": "you may first move a worker onto the mech's
    # territory, then carry it further with the mech" (digest §8.2).
    # An upgraded Move (3 units) shows the worker has then used its own move.
    g = blank(rules, ["saxony", "crimea"])
    s = seat(g, "saxony")
    m = put_mech(g, s, "riverwalk", 30)
    g.set_unit(s, W0, 23)
    g.set_unit(s, CHAR, 41)
    g.set_player(s, top_cubes=[0, 1, 1, 1, 1, 1])
    start_move(g, s)
    step(g, W0, 30)
    do(g, "move_unit", m + 1)
    do(g, "move_step", 37)
    assert g.decision_name == "carry_workers"
    assert g.legal_options() == [0, 16]             # 16*a: a worker that already moved
    do(g, "carry_workers", 16)
    assert g.unit_cell(s, W0) == 37 and g.unit_cell(s, m) == 37
    assert g.decision_name == "move_unit" and g.legal_options() == [0, CHAR + 1]


def test_carried_workers_may_ride_a_second_mech(rules):
    # Rulebook 000 "МЕХИ": carrying is the mech's move, not the workers', so
    # another mech may carry the same workers on in the same Move.
    g = blank(rules, ["saxony", "crimea"])
    s = seat(g, "saxony")
    m1 = put_mech(g, s, "riverwalk", 23)
    m2 = put_mech(g, s, "underpass", 30)
    workers(g, s, 23, 2)
    start_move(g, s)
    step(g, m1, 30, workers=2)
    do(g, "move_unit", m2 + 1)
    do(g, "move_step", 37)
    assert g.legal_options() == [0, 1, 2]           # both count as not moved
    do(g, "carry_workers", 2)
    assert units_on(g, s, 37) == [m2, W0, W0 + 1]


# ---------------------------------------------------------------- §8.3 enemy presence
def test_entering_enemy_workers_sends_all_home_costs_popularity_and_ends_the_move(rules):
    # Rulebook 000 §8 "ТЕРИТОРІЯ, КОНТРОЛЬОВАНА РОБІТНИКАМИ" (digest §8.3): the
    # mover's movement ends even with Speed; all the workers go to their base,
    # leaving their resources; 1 popularity per worker; no combat.
    g = blank(rules, ["saxony", "crimea"])
    s, c = seat(g, "saxony"), seat(g, "crimea")
    m = put_mech(g, s, "speed", 23)
    workers(g, c, 30, 2)
    g.set_resources(30, {"oil": 3})
    g.set_player(s, popularity=6, power=5)
    g.set_player(c, power=5)
    start_move(g, s)
    do(g, "move_unit", m + 1)
    do(g, "move_step", 30)
    assert g.decision_name == "move_unit"           # no second Speed step
    assert workers_on(g, c, 7) == [W0, W0 + 1]      # Crimea's base
    assert g.player(s)["popularity"] == 4
    assert g.resources(30)["oil"] == 3 and g.controller(30) == s
    end_move(g)
    assert g.decision_name != "dial"                # no combat
    assert g.player(s)["power"] == 5 and g.player(c)["power"] == 5


def test_displacing_more_workers_than_popularity_still_sends_them_all_home(rules):
    # Rulebook 000 §8.3 "Якщо ви не можете далі зменшити свою популярність,
    # робітники суперника все одно відступають" (digest §8.3, §24.11).
    g = blank(rules, ["saxony", "crimea"])
    s, c = seat(g, "saxony"), seat(g, "crimea")
    g.set_unit(s, CHAR, 23)
    workers(g, c, 30, 3)
    g.set_player(s, popularity=1)
    start_move(g, s)
    step(g, CHAR, 30)
    assert workers_on(g, c, 7) == [W0, W0 + 1, W0 + 2]
    assert g.player(s)["popularity"] == 0


def test_a_worker_never_enters_enemy_workers_or_plastic(rules):
    # Rulebook 000 §8.3: "your workers cannot move onto a territory controlled
    # by enemy workers", nor onto one with enemy character / mechs.
    g = blank(rules, ["saxony", "crimea"])
    s, c = seat(g, "saxony"), seat(g, "crimea")
    g.set_unit(s, W0, 23)
    g.set_unit(c, W0, 30)
    g.set_unit(c, CHAR, 22)
    assert g.step_targets(s, W0) == [17]
    g.set_unit(s, CHAR, 23)
    assert g.step_targets(s, CHAR) == [17, 22, 30]  # plastic may enter both


def test_a_worker_cannot_leave_a_territory_held_by_enemy_plastic(rules):
    # Rulebook 000 §8.3 "не можуть ... залишити її, якщо її контролюють мехи
    # і/або герой суперника" (digest §8.3).
    g = blank(rules, ["saxony", "crimea"])
    s, c = seat(g, "saxony"), seat(g, "crimea")
    g.set_unit(s, W0, 23)
    g.set_unit(c, CHAR, 23)
    assert g.step_targets(s, W0) == []
    g.set_unit(c, CHAR, 7)
    put_mech(g, c, "riverwalk", 23)
    assert g.step_targets(s, W0) == []
    g.set_mech_deployed(c, "riverwalk", False)
    assert g.step_targets(s, W0) == [17, 22, 30]


def test_a_territory_held_only_by_a_structure_is_open_and_changes_hands(rules):
    # Rulebook 000 §8.3 "ТЕРИТОРІЯ, КОНТРОЛЬОВАНА СПОРУДОЮ": every unit may move
    # there and its owner controls it from then on. A structure is not a
    # character, mech or worker, so a Speed unit goes on (§11.1).
    g = blank(rules, ["saxony", "crimea"])
    s, c = seat(g, "saxony"), seat(g, "crimea")
    g.set_structure(c, "mill", 30)
    g.set_structure(c, "armory", 22)
    assert g.controller(30) == c
    g.set_unit(s, W0, 23)
    assert 30 in g.step_targets(s, W0)
    m = put_mech(g, s, "speed", 23)
    start_move(g, s)
    step(g, W0, 30)
    assert g.controller(30) == s
    do(g, "move_unit", m + 1)
    do(g, "move_step", 22)
    assert g.decision_name == "move_step" and 0 in g.legal_options()
    do(g, "move_step", 0)
    assert g.controller(22) == s


def test_entering_enemy_plastic_ends_the_move_and_the_defender_keeps_control_until_combat(rules):
    # Rulebook 000 §8.3 "ТЕРИТОРІЯ, КОНТРОЛЬОВАНА ГЕРОЄМ І/АБО МЕХОМ": the
    # mover stops (even with Speed), the opponent still controls the territory,
    # and combat comes only after the whole Move (digest §8.3, §13.1).
    g = blank(rules, ["saxony", "crimea"])
    s, c = seat(g, "saxony"), seat(g, "crimea")
    g.set_mech_deployed(s, "speed", True, 41)
    g.set_unit(s, CHAR, 23)
    g.set_unit(s, W0, 48)
    g.set_unit(c, CHAR, 30)
    g.set_unit(c, W0, 30)
    g.set_player(s, power=3)
    g.set_player(c, power=3)
    start_move(g, s)
    step(g, CHAR, 30)
    assert g.decision_name == "move_unit"           # stopped after one step
    assert g.controller(30) == c
    step(g, W0, 42)
    assert g.decision_name == "dial"                # the Move is over: combat
    assert g.unit_cell(s, W0) == 42


# ---------------------------------------------------------------- §8.4 stoppers
def test_an_encounter_token_stops_only_the_character(rules):
    # Rulebook 000 §8 "ПРИГОДИ": the character stops on a token and cannot move
    # again this turn; mechs and workers ignore tokens (digest §8.4).
    g = blank(rules, ["saxony", "crimea"])
    s = seat(g, "saxony")
    m = put_mech(g, s, "speed", 41)
    g.set_unit(s, CHAR, 41)
    g.set_encounter_token(42)
    start_move(g, s)
    step(g, m, 42)
    assert g.decision_name == "move_step"           # the mech may go on
    do(g, "move_step", 48)
    assert g.state()["board"][42]["encounter_token"]      # mechs leave it alone
    step(g, CHAR, 42)
    assert g.decision_name == "encounter"           # stopped; the encounter follows


def test_a_worker_or_mech_ending_on_a_token_has_no_encounter(rules):
    # Rulebook 000 §14 "Лише герой може брати участь у пригодах" (digest §8.4).
    g = blank(rules, ["saxony", "crimea"])
    s = seat(g, "saxony")
    m = put_mech(g, s, "riverwalk", 41)
    g.set_unit(s, W0, 48)
    g.set_encounter_token(42)
    start_move(g, s)
    step(g, m, 42)
    step(g, W0, 42)
    assert g.decision_name not in ("encounter", "move_unit", "move_step")
    assert g.state()["board"][42]["encounter_token"]


def test_the_factory_does_not_stop_movement(rules):
    # Digest §8.4: "The Factory does not stop movement" (Rulebook 000 "ФАБРИКА":
    # the card is taken only by a character on the Factory when the Move ends).
    g = blank(rules, ["saxony", "crimea"])
    s = seat(g, "saxony")
    put_mech(g, s, "speed", 41)
    g.set_unit(s, CHAR, 23)
    start_move(g, s)
    step(g, CHAR, 30)
    assert g.decision_name == "move_step" and 0 in g.legal_options()
    do(g, "move_step", 37)
    assert g.unit_cell(s, CHAR) == 37


# ---------------------------------------------------------------- §8.5 lakes with abilities
def test_workers_carried_onto_a_lake_cannot_be_left_there(rules):
    # Rulebook 000 §11 "МОРЕПЛАВСТВО" / "ЗАНУРЕННЯ" (digest §8.5): workers a mech
    # carried onto a lake leave only with the mech, never by themselves.
    g = blank(rules, ["nordic", "saxony"])
    n = seat(g, "nordic")
    m = put_mech(g, n, "seaworthy", 23)
    workers(g, n, 23, 2)
    start_move(g, n)
    step(g, m, 24, workers=2)
    assert units_on(g, n, 24) == [m, W0, W0 + 1]
    assert W0 + 1 not in g.legal_options() and W0 + 2 not in g.legal_options()
    assert g.step_targets(n, W0) == []
    # next turn the mech leaves: the carry decision has the single option "all"
    g.set_player(n, last_section=-1)
    start_move(g, n)
    step(g, m, 31)
    assert forced(g, "carry_workers") == 2
    assert units_on(g, n, 31) == [m, W0, W0 + 1]


def test_resources_carried_onto_a_lake_cannot_be_left_there(rules):
    # Rulebook 000 §11 "МОРЕПЛАВСТВО": "if a character or mech carries resources
    # onto a lake, you cannot leave the lake leaving those resources".
    g = blank(rules, ["nordic", "saxony"])
    n = seat(g, "nordic")
    put_mech(g, n, "seaworthy", 8)
    g.set_unit(n, CHAR, 23)
    g.set_resources(23, {"metal": 3})
    start_move(g, n)
    step(g, CHAR, 24, res={1: 3})
    end_move(g)
    assert g.resources(24)["metal"] == 3
    g.set_player(n, last_section=-1)
    start_move(g, n)
    step(g, CHAR, 31)
    assert forced(g, "carry_resources") == 3
    assert g.resources(24)["metal"] == 0 and g.resources(31)["metal"] == 3


def test_a_lake_is_a_territory_where_two_lake_factions_fight(rules):
    # Rulebook 000 §11 "Озеро вважають територією ... це може призвести до бою"
    # and §13 "БІЙ НА ОЗЕРІ" (digest §8.5, §13.5).
    g = blank(rules, ["nordic", "polania"])
    n, p = seat(g, "nordic"), seat(g, "polania")
    put_mech(g, n, "seaworthy", 23)
    g.set_unit(n, CHAR, 23)
    put_mech(g, p, "submerge", 24)
    g.set_player(n, power=2)
    g.set_player(p, power=2)
    assert g.controller(24) == p
    start_move(g, n)
    step(g, CHAR, 24)
    end_move(g)
    assert g.decision_name == "dial"
    cb = g.state()["combat"]
    assert (cb["cell"], cb["attacker"], cb["defender"]) == (24, n, p)


def test_no_structure_or_mech_is_placed_on_a_lake(rules):
    # Rulebook 000 §11 "На озері не можна будувати споруди чи розміщувати мехи"
    # (digest §8.5), even for a lake faction with a worker on the lake.
    for bottom, kind in (("build", "build"), ("deploy", "deploy")):
        g = blank(rules, ["polania", "saxony"], ["patriotic", "mechanical"])
        p = seat(g, "polania")
        put_mech(g, p, "submerge", 14)
        workers(g, p, 14, 1)
        workers(g, p, 21, 1, first=1)
        g.set_resources(14, {"wood": 5, "metal": 5})
        g.set_player(p, coins=10)
        g.begin_turn(p)
        do(g, "section", section(g, p, bottom=bottom))
        do(g, "top", 0)
        do(g, "bottom", 1)
        assert g.decision_name == kind
        assert {o // 4 for o in g.legal_options()} == {21}, bottom
