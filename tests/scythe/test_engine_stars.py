"""Stars and the end of the game (Rulebook 000 "ВИКЛАДАННЯ ЗІРОК", "КІНЕЦЬ ГРИ",
"ОСОБЛИВІ ВИПАДКИ"; digest scythe-base.md §18, §19)."""
from simsuite import _scythe as core
from tests.scythe.conftest import blank_game, do, seat_of, section_of

CHAR, MECH0, W0, W1 = 0, 1, 5, 6
FIVE = {"upgrades": True, "mechs": True, "structures": True, "recruits": True, "workers": True}


def test_popularity_and_power_stars_on_reaching_the_top(rules):
    # Rulebook "ВИКЛАДАННЯ ЗІРОК": 18 popularity, 16 power; a star stays afterwards.
    g = blank_game(rules, ["saxony", "polania"], ["patriotic", "mechanical"])
    s = seat_of(g, "saxony")
    g.set_unit(s, W0, 41)
    g.set_player(s, coins=3, popularity=17, power=14)
    g.begin_turn(s)
    do(g, "section", section_of(g, s, top="trade"))
    do(g, "top", 410)                     # +1 popularity -> 18
    p = g.player(s)
    assert p["star_placed"]["popularity"] and p["stars"] == 1
    g.set_player(s, popularity=10, last_section=-1)
    g.begin_turn(s)
    assert g.player(s)["star_placed"]["popularity"]          # it stays
    do(g, "section", section_of(g, s, top="bolster"))
    do(g, "top", 520)                     # +2 power -> 16
    assert g.player(s)["star_placed"]["power"] and g.player(s)["stars"] == 2


def test_sixth_star_ends_the_game_at_once(rules):
    # Rulebook "КІНЕЦЬ ГРИ": the game ends immediately, even mid-turn.
    g = blank_game(rules, ["saxony", "polania"], ["patriotic", "mechanical"])
    s = seat_of(g, "saxony")
    g.set_unit(s, W0, 41)
    g.set_resources(41, {"metal": 9})
    g.set_player(s, coins=3, power=14, star_placed=FIVE)
    g.begin_turn(s)
    do(g, "section", section_of(g, s, top="bolster"))   # Bolster / Deploy
    do(g, "top", 520)
    assert g.is_over and g.end_reason == "sixth_star"
    assert g.decision_name == "none" and g.legal_options() == []
    assert g.resources(41)["metal"] == 9  # no bottom action followed
    assert g.turn == 1 and g.result()["turns_taken"][s] == 1   # the last turn counts
    g.check_invariants()


def test_sixth_star_from_a_bottom_action_after_coins_and_recruit_bonuses(rules):
    # Rulebook "ОСОБЛИВІ ВИПАДКИ": benefit, coins and recruit bonus first, then the star.
    g = blank_game(rules, ["saxony", "polania"], ["patriotic", "mechanical"])
    s, p = seat_of(g, "saxony"), seat_of(g, "polania")
    g.set_unit(s, W0, 41)
    g.set_resources(41, {"metal": 4})
    for k in range(3):
        g.set_mech_deployed(s, k, True, 41)
    fives = dict(FIVE)
    fives.pop("mechs")
    g.set_player(s, coins=0, star_placed=fives, objective_stars=1,
                 recruits=[0, 1, 0, 0], onetime=[1, 0, 0, 0])
    g.set_player(p, coins=0, recruits=[0, 1, 0, 0], onetime=[1, 0, 0, 0])
    g.begin_turn(s)
    do(g, "section", section_of(g, s, bottom="deploy"))
    do(g, "bottom", 1)                    # one mech, one territory: the deploy is forced
    assert g.player(s)["mechs_deployed"] == [True] * 4
    assert g.is_over and g.player(s)["stars"] == 6
    assert g.player(s)["coins"] == 3 + 1  # Patriotic Deploy $3 + own recruit bonus $1
    assert g.player(p)["coins"] == 1      # the neighbour's bonus came before the end


def test_stars_earned_on_another_turn_are_placed_after_the_action_clockwise(rules):
    # Rulebook "ОСОБЛИВІ ВИПАДКИ" (§19.3): others place max-popularity stars
    # clockwise after the active player's action, and only if it did not end the game.
    g = blank_game(rules, ["nordic", "rusviet", "crimea"], ["industrial", "engineering", "mechanical"])
    n, r, c = (seat_of(g, f) for f in ("nordic", "rusviet", "crimea"))
    for seat in (r, c):
        g.set_player(seat, popularity=17, star_placed=FIVE, recruits=[0, 0, 1, 0],
                     onetime=[1, 0, 0, 0])
    g.set_unit(n, W0, 11)
    g.set_resources(11, {"wood": 3})
    g.begin_turn(n)
    do(g, "section", section_of(g, n, bottom="build"))
    if g.decision_name == "top":
        do(g, "top", 0)
    do(g, "bottom", 1)
    do(g, "build", 4 * 11 + 0)
    assert g.is_over and g.end_reason == "sixth_star"
    # both reached 18, but Rusviet (left, first clockwise) places first and ends it
    assert g.player(r)["stars"] == 6 and g.player(c)["stars"] == 5
    assert g.player(c)["popularity"] == 18


def test_active_sixth_star_comes_before_neighbours_deferred_stars(rules):
    # §19.3: neighbours place their stars only if the active player did not place its 6th.
    g = blank_game(rules, ["saxony", "polania"], ["patriotic", "mechanical"])
    s, p = seat_of(g, "saxony"), seat_of(g, "polania")
    fives = dict(FIVE)
    fives.pop("structures")
    g.set_unit(s, W0, 41)
    g.set_resources(41, {"wood": 4})
    for k, cell in enumerate((42, 43, 35)):
        g.set_structure(s, k, cell)
    g.set_player(s, star_placed=fives, objective_stars=1)
    g.set_player(p, popularity=17, star_placed=FIVE, recruits=[0, 0, 1, 0], onetime=[1, 0, 0, 0])
    g.begin_turn(s)
    do(g, "section", section_of(g, s, bottom="build"))
    if g.decision_name == "top":
        do(g, "top", 0)
    do(g, "bottom", 1)                    # one structure, one territory: forced
    assert g.is_over and g.player(s)["stars"] == 6 and g.player(p)["stars"] == 5


def test_all_eight_workers_star(rules):
    # Rulebook "ВИКЛАДАННЯ ЗІРОК": all 8 workers on the board.
    g = blank_game(rules, ["saxony", "polania"], ["patriotic", "mechanical"])
    s = seat_of(g, "saxony")
    for k in range(7):
        g.set_unit(s, W0 + k, 42)
    g.set_player(s, power=1, popularity=1, coins=1)
    g.begin_turn(s)
    do(g, "section", section_of(g, s, top="produce"))
    do(g, "top", 700)
    assert g.player(s)["star_placed"]["workers"]


def test_turn_cap_ends_the_game_with_its_own_reason(data):
    # Rules option (not in the rulebook): a cap on total turns, recorded as such.
    rules = core.Rules(data, turn_cap=3)
    g = core.Game(rules, 5, 2)
    from simsuite.rng import Stream
    st = Stream(1)
    while not g.is_over:
        o = g.legal_options()
        g.apply(o[st.below(len(o))])
    assert g.end_reason == "turn_cap" and g.turn == 3
    assert sum(g.result()["turns_taken"]) == 3
