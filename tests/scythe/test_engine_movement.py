"""Movement rules (Rulebook 000 "ПЕРЕМІЩЕННЯ", mech and faction abilities).

Cell ids are those of simsuite/games/scythe/data/board.toml (reference board.md):
rivers 12-13, 12-19, 41-34, 41-35, 26-19, 26-20, 26-25, 42-43, 42-35, 42-36 ...;
tunnels 17 22 25 36 39 44; lakes 14 16 24 29 38 40 49; Factory 30.
"""
from tests.scythe.conftest import blank_game, do, move_unit, seat_of, start_move

CHAR, MECH0, W0, W1, W2 = 0, 1, 5, 6, 7


def mech_space(g, seat, ability):
    f = g.rules.data.factions[g.faction_name(seat)]
    return f.mech_abilities.index(ability)


def test_rivers_block_workers_and_swim_crosses_them(rules):
    # Rulebook §8.1 rivers (digest scythe-base.md §8.1); Nordic Swim §12.
    g = blank_game(rules, ["nordic", "saxony"], ["patriotic", "mechanical"])
    n, s = seat_of(g, "nordic"), seat_of(g, "saxony")
    g.set_unit(n, W0, 12)             # tundra 12: rivers to 13 (E) and 19 (SE); base 2 NW
    assert g.step_targets(n, W0) == [11, 13, 18, 19]
    g.set_unit(n, W0, None)
    g.set_unit(s, W0, 12)
    assert g.step_targets(s, W0) == [11, 18]


def test_swim_never_enters_a_lake(rules):
    # Rulebook §12 Swim: workers cross rivers onto any terrain except lakes.
    g = blank_game(rules, ["nordic", "saxony"], ["patriotic", "mechanical"])
    n = seat_of(g, "nordic")
    g.set_unit(n, W0, 15)             # tundra 15 touches lakes 14 and 16, river to 21
    assert 14 not in g.step_targets(n, W0) and 16 not in g.step_targets(n, W0)
    assert 21 in g.step_targets(n, W0)


def test_riverwalk_crosses_only_into_its_two_terrains(rules):
    # Rulebook §11.2 Riverwalk, destination terrain only (digest §24.6).
    g = blank_game(rules, ["rusviet", "saxony"], ["patriotic", "mechanical"])
    r, s = seat_of(g, "rusviet"), seat_of(g, "saxony")
    g.set_unit(r, CHAR, 26)           # village 26: rivers to farm 20, farm 19, forest 25
    assert g.step_targets(r, CHAR) == [32, 33]
    g.set_mech_deployed(r, mech_space(g, r, "riverwalk"), True, 33)
    assert g.step_targets(r, CHAR) == [19, 20, 32, 33]     # farms yes, forest 25 no
    g.set_unit(s, CHAR, 41)           # mountain 41: rivers to forests 34 and 35
    assert g.step_targets(s, CHAR) == [42, 48]
    g.set_mech_deployed(s, mech_space(g, s, "riverwalk"), True, 48)
    assert g.step_targets(s, CHAR) == [34, 35, 42, 48]


def test_no_normal_move_onto_a_base(rules):
    # Rulebook §4.1 / "БАЗА НАЦІЇ": no unit moves onto any base, its own included.
    g = blank_game(rules, ["nordic", "saxony"], ["patriotic", "mechanical"])
    n = seat_of(g, "nordic")
    g.set_unit(n, CHAR, 11)
    assert 2 not in g.step_targets(n, CHAR)
    assert g.step_targets(n, CHAR) == [12, 18]
    g.set_unit(n, CHAR, 2)            # leaving the base is fine
    assert g.step_targets(n, CHAR) == [11, 12]


def test_tunnels_are_adjacent_for_every_unit(rules):
    # Rulebook §8.1 tunnels: all tunnel territories count as adjacent.
    g = blank_game(rules, ["nordic", "saxony"], ["patriotic", "mechanical"])
    s = seat_of(g, "saxony")
    g.set_unit(s, W0, 22)             # tunnel mountain 22: lakes 16, 29; rivers to 21, 28
    assert g.step_targets(s, W0) == [15, 17, 23, 25, 36, 39, 44]


def test_own_mine_is_a_tunnel_for_its_owner_only(rules):
    # Rulebook §10 Mine.
    g = blank_game(rules, ["rusviet", "saxony"], ["patriotic", "mechanical"])
    r, s = seat_of(g, "rusviet"), seat_of(g, "saxony")
    g.set_structure(r, "mine", 33)
    g.set_unit(r, W0, 33)
    assert g.step_targets(r, W0) == [17, 22, 25, 26, 32, 36, 39, 44]
    g.set_unit(r, W0, 44)
    assert 33 in g.step_targets(r, W0)
    g.set_unit(s, W0, 39)
    assert 33 not in g.step_targets(s, W0)


def test_lakes_need_a_lake_ability_and_submerge_links_lakes(rules):
    # Rulebook §8.1 lakes, §11.3 Submerge (Polania) and Seaworthy (Nordic).
    g = blank_game(rules, ["polania", "nordic"], ["patriotic", "mechanical"])
    p, n = seat_of(g, "polania"), seat_of(g, "nordic")
    assert g.step_targets(p, CHAR) == [21, 27]          # base 3 also touches lake 14
    g.set_mech_deployed(p, mech_space(g, p, "submerge"), True, 27)
    assert g.step_targets(p, CHAR) == [14, 21, 27]
    g.set_unit(p, CHAR, 14)
    assert g.step_targets(p, CHAR) == [8, 15, 16, 21, 24, 29, 38, 40, 49]
    g.set_unit(n, CHAR, 16)
    g.set_mech_deployed(n, mech_space(g, n, "seaworthy"), True, 11)
    assert g.step_targets(n, CHAR) == [9, 10, 15, 17, 22, 23]   # no lake-to-lake jump


def test_township_links_controlled_villages_and_the_factory(rules):
    # Rulebook §11.3 Township (Rusviet).
    g = blank_game(rules, ["rusviet", "crimea"], ["patriotic", "mechanical"])
    r, c = seat_of(g, "rusviet"), seat_of(g, "crimea")
    g.set_mech_deployed(r, mech_space(g, r, "township"), True, 26)
    g.set_unit(r, W0, 43)             # controls village 43
    g.set_unit(c, W0, 54)             # village 54 is Crimea's
    assert g.step_targets(r, MECH0 + mech_space(g, r, "township")) == [30, 32, 33, 43]
    g.set_unit(r, CHAR, 30)
    assert g.step_targets(r, CHAR) == [23, 26, 31, 37, 43]


def test_underpass_links_controlled_mountains_and_tunnels(rules):
    # Rulebook §11.3 Underpass (Saxony).
    g = blank_game(rules, ["saxony", "nordic"], ["patriotic", "mechanical"])
    s = seat_of(g, "saxony")
    g.set_unit(s, CHAR, 41)
    g.set_unit(s, W0, 31)             # controls mountain 31; mountain 46 is nobody's
    g.set_mech_deployed(s, mech_space(g, s, "underpass"), True, 31)
    assert g.step_targets(s, CHAR) == [17, 22, 25, 31, 36, 39, 42, 44, 48]
    assert 41 in g.step_targets(s, MECH0 + mech_space(g, s, "underpass"))
    g.set_unit(s, W1, 42)
    g.set_unit(s, CHAR, 42)           # a village: no Underpass link from it
    assert g.step_targets(s, CHAR) == [41, 48]


def test_wayfare_reaches_inactive_bases_and_the_own_base(rules):
    # Rulebook §11.3 Wayfare (Crimea): inactive bases include the expansion bases.
    g = blank_game(rules, ["crimea", "nordic"], ["mechanical", "patriotic"])
    c = seat_of(g, "crimea")
    g.set_unit(c, CHAR, 50)
    assert g.step_targets(c, CHAR) == [51, 54]
    g.set_mech_deployed(c, mech_space(g, c, "wayfare"), True, 54)
    assert g.step_targets(c, CHAR) == [1, 3, 4, 5, 6, 7, 51, 54]     # not Nordic's base 2
    g.set_unit(c, CHAR, 4)            # from an inactive base, out to its neighbours
    targets = g.step_targets(c, CHAR)
    assert {26, 33} <= set(targets) and 20 not in targets   # 4-20 is across a river


def test_speed_gives_a_second_step_and_the_move_counts_units(rules):
    # Rulebook §11.1 Speed; §7.1 Move: 2 different units, one after the other.
    g = blank_game(rules, ["saxony", "nordic"], ["patriotic", "mechanical"])
    s = seat_of(g, "saxony")
    g.set_mech_deployed(s, mech_space(g, s, "speed"), True, 48)
    g.set_unit(s, W0, 41)
    start_move(g, s)
    do(g, "move_unit", CHAR + 1)
    do(g, "move_step", 41)
    assert g.decision_name == "move_step" and 0 in g.legal_options()   # may stop or go on
    do(g, "move_step", 42)
    assert g.unit_cell(s, CHAR) == 42
    # second unit; then the Move is over (2 units on an unupgraded mat)
    move_unit(g, W0, 48)
    assert g.decision_name != "move_unit"
    assert g.unit_cell(s, W0) == 48


def test_entering_enemy_workers_sends_them_home_and_costs_popularity(rules):
    # Rulebook "ПЕРЕМІЩЕННЯ НА ТЕРИТОРІЮ, КОНТРОЛЬОВАНУ СУПЕРНИКОМ" (digest §8.3).
    g = blank_game(rules, ["saxony", "polania"], ["patriotic", "mechanical"])
    s, p = seat_of(g, "saxony"), seat_of(g, "polania")
    g.set_mech_deployed(s, mech_space(g, s, "speed"), True, 48)
    g.set_unit(p, W0, 42)
    g.set_unit(p, W1, 42)
    g.set_resources(42, {"food": 2})
    g.set_player(s, popularity=5)
    start_move(g, s)
    do(g, "move_unit", CHAR + 1)
    do(g, "move_step", 41)
    do(g, "move_step", 42)            # Speed's second step: enemy workers there
    assert g.decision_name == "move_unit"       # movement ended, no third decision
    assert g.unit_cell(p, W0) == 3 and g.unit_cell(p, W1) == 3   # Polania's base
    assert g.player(s)["popularity"] == 3
    assert g.player(s)["forced_retreat"]
    assert g.resources(42)["food"] == 2         # resources stay; Saxony controls them
    assert g.controller(42) == s


def test_displacing_at_zero_popularity_still_sends_workers_home(rules):
    # Rulebook §8.3: "if you cannot lower your popularity, the workers still retreat".
    g = blank_game(rules, ["saxony", "polania"], ["patriotic", "mechanical"])
    s, p = seat_of(g, "saxony"), seat_of(g, "polania")
    g.set_unit(p, W0, 42)
    g.set_player(s, popularity=0)
    g.set_unit(s, CHAR, 41)
    start_move(g, s)
    move_unit(g, CHAR, 42)
    assert g.unit_cell(p, W0) == 3 and g.player(s)["popularity"] == 0


def test_workers_never_enter_enemy_cells_nor_leave_enemy_plastic(rules):
    # Rulebook §8.3: a worker cannot move onto enemy workers or plastic, nor
    # leave a territory held by enemy characters / mechs.
    g = blank_game(rules, ["saxony", "polania"], ["patriotic", "mechanical"])
    s, p = seat_of(g, "saxony"), seat_of(g, "polania")
    g.set_unit(s, W0, 41)
    g.set_unit(p, W0, 42)
    g.set_unit(p, CHAR, 48)
    assert g.step_targets(s, W0) == []          # 42 enemy worker, 48 enemy character
    g.set_unit(p, CHAR, 3)
    assert g.step_targets(s, W0) == [48]
    g.set_unit(s, W1, 35)
    g.set_unit(p, CHAR, 35)                     # an enemy character on the worker's cell
    assert g.step_targets(s, W1) == []
    g.set_structure(p, "mill", 48)              # an enemy structure alone does not block
    assert g.step_targets(s, W0) == [48]


def test_encounter_token_stops_the_character_but_not_mechs(rules):
    # Rulebook "ПРИГОДИ" in Move and digest §8.4: only the character stops.
    g = blank_game(rules, ["saxony", "nordic"], ["patriotic", "mechanical"])
    s = seat_of(g, "saxony")
    speed = mech_space(g, s, "speed")
    g.set_mech_deployed(s, speed, True, 41)
    g.set_unit(s, CHAR, 41)
    g.set_encounter_token(42)
    start_move(g, s)
    do(g, "move_unit", MECH0 + speed + 1)
    do(g, "move_step", 42)
    assert g.decision_name == "move_step"       # the mech may go on
    do(g, "move_step", 48)
    do(g, "move_unit", CHAR + 1)
    do(g, "move_step", 42)
    assert g.decision_name == "encounter"       # stopped: no second step, encounter follows


def test_a_carried_worker_may_then_move_itself(rules):
    # Rulebook §8.2 / "МЕХИ": carrying is the mech's move; the worker may move after.
    g = blank_game(rules, ["saxony", "nordic"], ["patriotic", "mechanical"])
    s = seat_of(g, "saxony")
    riverwalk = mech_space(g, s, "riverwalk")
    g.set_mech_deployed(s, riverwalk, True, 41)
    g.set_unit(s, W0, 41)
    g.set_unit(s, W1, 41)
    start_move(g, s)
    move_unit(g, MECH0 + riverwalk, 48, carry={"workers": 2})   # 2 workers that did not move
    assert g.unit_cell(s, W0) == 48 and g.unit_cell(s, W1) == 48
    assert W0 + 1 in g.legal_options() and W1 + 1 in g.legal_options()
    move_unit(g, W0, 42)
    assert g.unit_cell(s, W0) == 42 and g.unit_cell(s, W1) == 48


def test_speed_mech_drops_workers_midway(rules):
    # Rulebook §11.1 Speed: pick up and drop workers and resources mid-move.
    g = blank_game(rules, ["saxony", "nordic"], ["patriotic", "mechanical"])
    s = seat_of(g, "saxony")
    speed = mech_space(g, s, "speed")
    g.set_mech_deployed(s, speed, True, 41)
    g.set_unit(s, W0, 41)
    g.set_resources(41, {"metal": 3})
    start_move(g, s)
    do(g, "move_unit", MECH0 + speed + 1)
    do(g, "move_step", 48)
    do(g, "carry_workers", 1)         # one worker that has not moved
    do(g, "carry_resources", 2)       # 2 of the 3 metal
    assert g.unit_cell(s, W0) == 48 and g.resources(48)["metal"] == 2
    do(g, "move_step", 42)
    do(g, "carry_workers", 0)         # drop the worker at 48
    do(g, "carry_resources", 1)       # keep 1 metal, drop 1
    assert g.unit_cell(s, MECH0 + speed) == 42 and g.unit_cell(s, W0) == 48
    assert g.resources(48)["metal"] == 1 and g.resources(42)["metal"] == 1
    assert g.resources(41)["metal"] == 1


def test_workers_on_a_lake_leave_only_with_a_mech(rules):
    # Rulebook §11.3 Seaworthy/Submerge: workers carried onto a lake cannot be
    # left there; a worker never leaves a lake by itself (digest §8.5, §24.8).
    g = blank_game(rules, ["polania", "nordic"], ["patriotic", "mechanical"])
    p = seat_of(g, "polania")
    sub = mech_space(g, p, "submerge")
    g.set_mech_deployed(p, sub, True, 21)
    g.set_unit(p, W0, 21)
    start_move(g, p)
    move_unit(g, MECH0 + sub, 14, carry={"workers": 1})
    assert g.unit_cell(p, W0) == 14
    assert W0 + 1 not in g.legal_options()      # the worker cannot move off by itself
    g.set_unit(p, CHAR, 14)
    assert g.step_targets(p, CHAR)              # the mech stays with the worker
    g.begin_turn(p)
    g.set_player(p, last_section=-1)
    start_move(g, p)
    do(g, "move_unit", MECH0 + sub + 1)
    do(g, "move_step", 21)                      # the carry decision has one option: all
    assert g.unit_cell(p, W0) == 21 and g.unit_cell(p, MECH0 + sub) == 21
    # the character may not leave workers alone on a lake
    g.set_unit(p, W0, 14)
    g.set_unit(p, MECH0 + sub, 21)
    assert g.step_targets(p, CHAR) == []


def test_factory_card_move_is_one_unit_two_steps(rules):
    # Rulebook "ФАБРИКА": the Factory card's bottom row moves one unit 1-2 times.
    g = blank_game(rules, ["saxony", "nordic"], ["patriotic", "mechanical"])
    s = seat_of(g, "saxony")
    g.set_player(s, factory_card=g.rules.factory_ids[0])
    g.set_unit(s, W0, 41)
    g.begin_turn(s)
    do(g, "section", 4)
    if g.decision_name == "top":
        do(g, "top", 0)
    do(g, "bottom", 1)
    do(g, "move_unit", W0 + 1)
    do(g, "move_step", 48)
    assert g.decision_name == "move_step" and 0 in g.legal_options()
    do(g, "move_step", 42)
    assert g.unit_cell(s, W0) == 42
    assert g.decision_name != "move_unit"       # one unit only


def test_only_a_speed_mech_picks_up_and_drops_on_the_way(rules):
    # Rulebook "ШВИДКІСТЬ": Speed mechs may pick up and drop workers and resources
    # mid-move; any other unit keeps what it set off with (digest §8.2, §11.1).
    g = blank_game(rules, ["saxony", "nordic"], ["patriotic", "mechanical"])
    s = seat_of(g, "saxony")
    g.set_mech_deployed(s, mech_space(g, s, "speed"), True, 48)
    g.set_unit(s, CHAR, 41)
    g.set_resources(41, {"wood": 2})
    g.set_resources(42, {"oil": 3})
    start_move(g, s)
    do(g, "move_unit", CHAR + 1)
    do(g, "move_step", 42)
    do(g, "carry_resources", 2)
    do(g, "move_step", 43 if 43 in g.legal_options() else 48)
    assert g.decision_name != "carry_resources"
    end = g.unit_cell(s, CHAR)
    assert g.resources(end)["wood"] == 2 and g.resources(42)["oil"] == 3


def test_step_targets_of_a_lone_character_on_every_cell(rules):
    # Rulebook §8.1 (rivers, lakes, bases, tunnels), §11.2 Riverwalk, §11.3 Seaworthy and
    # Submerge, checked on every cell for every faction and combination of those abilities
    # against the board data directly (the engine reads per-faction tables built from it).
    data = rules.data
    terrain = {int(c): cell.terrain for c, cell in data.cells.items()}
    tunnels = {int(c) for c, cell in data.cells.items() if cell.tunnel and terrain[int(c)] != "base"}
    lakes = {c for c, t in terrain.items() if t == "lake"}
    dirs = ("NE", "E", "SE", "SW", "W", "NW")

    def reference(faction, lake_ability, riverwalk, frm):
        cell = data.cells[frm] if frm in data.cells else data.cells[str(frm)]
        out = set()
        for d, nb in enumerate(cell.neighbours):
            if nb <= 0 or terrain[nb] == "base":
                continue
            if terrain[nb] == "lake":
                if not lake_ability:
                    continue
            elif terrain[frm] != "lake" and dirs[d] in cell.rivers:
                if not (riverwalk and terrain[nb] in data.factions[faction].riverwalk):
                    continue
            out.add(nb)
        if terrain[frm] != "base" and cell.tunnel:
            out |= tunnels
        if terrain[frm] == "lake" and lake_ability == "submerge":
            out |= lakes
        out.discard(frm)
        return sorted(out)

    checked = 0
    for faction, f in data.factions.items():
        other = "saxony" if faction != "saxony" else "nordic"
        lake_ability = next((a for a in ("seaworthy", "submerge") if a in f.mech_abilities), None)
        for use_lake in ([False, True] if lake_ability else [False]):
            for use_riverwalk in ([False, True] if "riverwalk" in f.mech_abilities else [False]):
                g = blank_game(rules, [faction, other], ["mechanical", "agricultural"])
                s = seat_of(g, faction)
                if use_lake:
                    g.set_mech_deployed(s, mech_space(g, s, lake_ability), True, f.base)
                if use_riverwalk:
                    g.set_mech_deployed(s, mech_space(g, s, "riverwalk"), True, f.base)
                for c in sorted(terrain):
                    if c == data.factions[other].base:
                        continue
                    g.set_unit(s, CHAR, c)
                    want = reference(faction, lake_ability if use_lake else None, use_riverwalk, c)
                    assert g.step_targets(s, CHAR) == want, (faction, use_lake, use_riverwalk, c)
                    checked += 1
    assert checked >= 5 * 2 * (len(terrain) - 1)


def test_step_targets_of_a_lone_worker_on_every_cell(rules):
    # Rulebook §8.1 and §8.5 for workers (no lakes, rivers block), §12 Swim (Nordic workers
    # cross rivers), on every cell for a swimming and a non-swimming faction.
    data = rules.data
    terrain = {int(c): cell.terrain for c, cell in data.cells.items()}
    tunnels = {int(c) for c, cell in data.cells.items() if cell.tunnel and terrain[int(c)] != "base"}
    dirs = ("NE", "E", "SE", "SW", "W", "NW")
    for faction, other in (("nordic", "saxony"), ("saxony", "nordic")):
        swim = data.factions[faction].ability == "swim"
        g = blank_game(rules, [faction, other], ["mechanical", "agricultural"])
        s = seat_of(g, faction)
        for c in sorted(terrain):
            if c == data.factions[other].base:
                continue
            cell = data.cells[c] if c in data.cells else data.cells[str(c)]
            want = set()
            if terrain[c] != "lake":      # a worker never leaves a lake by itself
                for d, nb in enumerate(cell.neighbours):
                    if nb > 0 and terrain[nb] not in ("base", "lake") and (
                            swim or dirs[d] not in cell.rivers):
                        want.add(nb)
                if terrain[c] != "base" and cell.tunnel:
                    want |= tunnels
                want.discard(c)
            g.set_unit(s, W0, c)
            assert g.step_targets(s, W0) == sorted(want), (faction, c)
    assert data.factions["nordic"].ability == "swim"
