"""Combat (Rulebook 000 "БІЙ", digest scythe-base.md §13; abilities §11.3, §12)."""
import pytest

from tests.scythe.conftest import blank_game, do, end_move, move_unit, seat_of, start_move

CHAR, MECH0, W0, W1, W2 = 0, 1, 5, 6, 7


def space(g, seat, ability):
    return g.rules.data.factions[g.faction_name(seat)].mech_abilities.index(ability)


def cards(n2=0, n3=0, n4=0, n5=0):
    return n2 + 8 * n3 + 64 * n4 + 512 * n5


def commit(g, seat, dial, played=0):
    """Answer the dial and cards decisions of `seat` (skipping auto-applied ones)."""
    if g.decision_name == "dial" and g.current_player == seat:
        g.apply(dial)
    else:
        assert dial == 0
    if g.decision_name == "cards" and g.current_player == seat:
        g.apply(played)
    else:
        assert played == 0


def test_worked_example_denis_and_sofia(rules):
    # Rulebook §13 worked example (digest §13.7): 7 vs 7, the attacker wins the tie.
    g = blank_game(rules, ["saxony", "polania"], ["patriotic", "mechanical"])
    denis, sofia = seat_of(g, "saxony"), seat_of(g, "polania")
    dm = MECH0 + space(g, denis, "riverwalk")
    sm = MECH0 + space(g, sofia, "riverwalk")
    g.set_unit(denis, CHAR, 37)
    g.set_mech_deployed(denis, dm - MECH0, True, 41)
    g.set_unit(denis, W0, 41)
    g.set_unit(denis, W1, 41)
    g.set_unit(sofia, CHAR, 42)
    g.set_mech_deployed(sofia, sm - MECH0, True, 42)
    g.set_unit(sofia, W0, 42)
    g.set_resources(42, {"food": 3})
    g.set_player(denis, power=10, popularity=5, hand={2: 1})
    g.set_player(sofia, power=4, hand={3: 1})
    g.set_combat_deck([4, 2, 2])
    start_move(g, denis)
    move_unit(g, CHAR, 36)                        # first the character to an empty farm
    move_unit(g, dm, 42, carry={"workers": 2})    # then the mech with 2 workers
    end_move(g)
    assert g.decision_name == "dial" and g.current_player == denis
    assert g.legal_options() == list(range(8))
    g.apply(7)
    assert g.legal_options() == [cards(), cards(n2=1)]   # 1 mech: at most 1 card
    g.apply(cards())
    assert g.current_player == sofia and g.legal_options() == [0, 1, 2, 3, 4]
    g.apply(4)
    assert g.legal_options() == [cards(), cards(n3=1)]   # character + mech: up to 2, she has 1
    g.apply(cards(n3=1))
    # Denis wins the tie: territory and the 3 food; Sofia's units go home.
    assert g.controller(42) == denis and g.resources(42)["food"] == 3
    for u in (CHAR, sm, W0):
        assert g.unit_cell(sofia, u) == 3
    d, s = g.player(denis), g.player(sofia)
    assert d["popularity"] == 4                   # 1 worker forced to retreat
    assert d["combat_stars"] == 1 and d["stars"] == 1
    assert d["power"] == 3 and s["power"] == 0    # both lose the dialled power
    assert s["hand"] == {2: 0, 3: 0, 4: 1, 5: 0}  # she revealed power: draws 1 (the top 4)
    assert d["hand"] == {2: 1, 3: 0, 4: 0, 5: 0}
    g.check_invariants()


def setup_duel(rules, att="saxony", dfn="polania", att_mat="patriotic", dfn_mat="mechanical",
               att_power=5, dfn_power=5, att_hand=None, dfn_hand=None, cell=42, frm=41,
               att_ability="riverwalk", dfn_ability="riverwalk"):
    """Attacker's mech on `frm`, defender's character + mech on `cell`; returns
    (game, attacker seat, defender seat, attacker mech unit)."""
    g = blank_game(rules, [att, dfn], [att_mat, dfn_mat])
    a, d = seat_of(g, att), seat_of(g, dfn)
    am = MECH0 + space(g, a, att_ability)
    g.set_mech_deployed(a, am - MECH0, True, frm)
    g.set_unit(d, CHAR, cell)
    g.set_mech_deployed(d, space(g, d, dfn_ability), True, cell)
    g.set_player(a, power=att_power, hand=att_hand or {})
    g.set_player(d, power=dfn_power, hand=dfn_hand or {})
    return g, a, d, am


def test_dial_is_capped_at_seven_and_by_power(rules):
    # Rulebook §13.3: 0 <= dial <= min(7, power).
    g, a, d, am = setup_duel(rules, att_power=12, dfn_power=3)
    start_move(g, a)
    move_unit(g, am, 42)
    end_move(g)
    assert g.legal_options() == list(range(8))
    g.apply(0)
    assert g.current_player == d and g.legal_options() == [0, 1, 2, 3]


def test_peoples_army_adds_a_card_slot_with_a_worker_present(rules):
    # Rulebook §11.3 People's Army: +1 combat card with an own worker in the combat.
    g, a, d, am = setup_duel(rules, att="saxony", dfn="rusviet", dfn_ability="peoples_army",
                             att_mat="patriotic", dfn_mat="mechanical", dfn_hand={2: 5})
    g.set_unit(d, W0, 42)
    start_move(g, a)
    move_unit(g, am, 42)
    end_move(g)
    commit(g, a, 0)
    g.apply(0)
    assert g.current_player == d
    # character + mech + People's Army = 3 cards at most
    assert g.legal_options() == [cards(n2=k) for k in range(4)]


def test_loser_who_revealed_nothing_draws_nothing(rules):
    # Rulebook §13.4: the loser draws only if it used at least 1 power.
    g, a, d, am = setup_duel(rules, att_power=3, dfn_power=0)
    start_move(g, a)
    move_unit(g, am, 42)
    end_move(g)
    commit(g, a, 1)
    hand_before = g.player(d)["hand_size"]
    # the defender has no power and no cards: its choices are forced
    assert g.unit_cell(d, CHAR) == 3
    assert g.player(d)["hand_size"] == hand_before == 0
    assert g.player(a)["power"] == 2


def test_defender_wins_and_attacker_workers_retreat_without_cost(rules):
    # Rulebook §13.4 / "ВІДСТУП РОБІТНИКІВ": a defender never loses popularity.
    g, a, d, am = setup_duel(rules, att_power=2, dfn_power=5)
    g.set_unit(a, W0, 41)
    g.set_player(d, popularity=6)
    g.set_player(a, popularity=6)
    start_move(g, a)
    move_unit(g, am, 42, carry={"workers": 1})
    end_move(g)
    commit(g, a, 2)
    commit(g, d, 3)
    assert g.unit_cell(a, am) == 5 and g.unit_cell(a, W0) == 5      # Saxony's base
    assert g.player(d)["popularity"] == 6 and g.player(a)["popularity"] == 6
    assert g.player(d)["combat_stars"] == 1                          # the defender's star
    assert g.player(a)["hand_size"] == 1                              # the loser revealed 2


def test_combat_stars_are_limited_to_two_except_saxony(rules):
    # Rulebook §13.4 star limit and §12 Dominate (Saxony must place one per win).
    for attacker, expected in (("polania", 2), ("saxony", 3)):
        g, a, d, am = setup_duel(rules, att=attacker, dfn="nordic", att_mat="patriotic",
                                 dfn_mat="mechanical", frm=41, cell=42)
        g.set_player(a, combat_stars=2)
        start_move(g, a)
        move_unit(g, am, 42)
        end_move(g)
        commit(g, a, 1)
        commit(g, d, 0)
        assert g.controller(42) == a
        assert g.player(a)["combat_stars"] == expected


def test_camaraderie_spares_popularity_after_winning_an_attack(rules):
    # Rulebook §11.3 Camaraderie (Polania), after combat only (digest §24.2).
    g, a, d, am = setup_duel(rules, att="polania", dfn="saxony", att_mat="patriotic",
                             dfn_mat="mechanical", att_ability="camaraderie")
    g.set_unit(d, W0, 42)
    g.set_unit(d, W1, 42)
    g.set_player(a, popularity=5)
    start_move(g, a)
    move_unit(g, am, 42)
    end_move(g)
    commit(g, a, 3)
    commit(g, d, 0)
    assert g.player(a)["popularity"] == 5 and g.unit_cell(d, W0) == 5
    # but moving onto workers alone still costs popularity (rules option off)
    g2, a2, d2, am2 = setup_duel(rules, att="polania", dfn="saxony", att_mat="patriotic",
                                 dfn_mat="mechanical", att_ability="camaraderie")
    g2.set_unit(d2, CHAR, 5)
    g2.set_unit(d2, MECH0 + space(g2, d2, "riverwalk"), 48)
    g2.set_unit(d2, W0, 42)
    g2.set_player(a2, popularity=5)
    start_move(g2, a2)
    move_unit(g2, am2, 42)
    end_move(g2)
    assert g2.player(a2)["popularity"] == 4


def test_camaraderie_on_move_option(data):
    # digest §24.2: a rules option extends Camaraderie to displacement by movement.
    from simsuite import _scythe as core
    rules = core.Rules(data, camaraderie_on_move=True)
    g, a, d, am = setup_duel(rules, att="polania", dfn="saxony", att_mat="patriotic",
                             dfn_mat="mechanical", att_ability="camaraderie")
    g.set_unit(d, CHAR, 5)
    g.set_unit(d, MECH0 + space(g, d, "riverwalk"), 48)
    g.set_unit(d, W0, 42)
    g.set_player(a, popularity=5)
    start_move(g, a)
    move_unit(g, am, 42)
    end_move(g)
    assert g.player(a)["popularity"] == 5


def test_disarm_artillery_and_scout_before_the_dials(rules):
    # Rulebook §11.3 and §13.2 (attacker's ability first, then the defender's).
    # Saxony attacks onto tunnel 44 with Disarm: the defender loses 2 power.
    g, a, d, am = setup_duel(rules, att="saxony", dfn="nordic", att_ability="disarm",
                             dfn_ability="artillery", frm=43, cell=44, att_power=4, dfn_power=6)
    start_move(g, a)
    move_unit(g, am, 44)
    end_move(g)
    assert g.player(d)["power"] == 4                  # Disarm, automatic, first
    # then the defender's Artillery, still before the dials
    assert g.decision_name == "artillery" and g.current_player == d
    do(g, "artillery", 1)
    assert g.player(d)["power"] == 3 and g.player(a)["power"] == 2
    assert g.decision_name == "dial" and g.current_player == a
    g2, a2, d2, am2 = setup_duel(rules, att="nordic", dfn="crimea", att_mat="mechanical",
                                 dfn_mat="agricultural", att_ability="artillery",
                                 dfn_ability="scout", att_power=4, dfn_power=6,
                                 dfn_hand={}, att_hand={5: 1})
    start_move(g2, a2)
    move_unit(g2, am2, 42)
    end_move(g2)
    do(g2, "artillery", 1)
    assert g2.player(a2)["power"] == 3 and g2.player(d2)["power"] == 4
    do(g2, "scout", 1)                                # Crimea steals the attacker's only card
    assert g2.player(d2)["hand"][5] == 1 and g2.player(a2)["hand_size"] == 0


def test_attacker_chooses_the_order_of_several_combats(rules):
    # Rulebook §13.1: several combats, the attacker orders them.
    g, a, d, am = setup_duel(rules, att="saxony", dfn="polania")
    sp = MECH0 + space(g, a, "speed")
    g.set_mech_deployed(a, sp - MECH0, True, 48)
    g.set_unit(d, CHAR, 42)
    g.set_unit(d, MECH0 + space(g, d, "riverwalk"), 35)
    g.set_mech_deployed(a, space(g, a, "riverwalk"), True, 41)
    start_move(g, a)
    move_unit(g, am, 35)              # riverwalk: forest 35 across the river
    move_unit(g, sp, 42)
    end_move(g)
    assert g.decision_name == "combat_order" and g.legal_options() == [35, 42]
    g.apply(42)
    assert g.state()["combat_cells"] == [35]


def test_seaworthy_loser_may_retreat_to_an_adjacent_lake(rules):
    # Rulebook §11.3 Seaworthy: retreat onto an adjacent lake instead of the base.
    g, a, d, am = setup_duel(rules, att="saxony", dfn="nordic", dfn_ability="seaworthy",
                             att_power=5, dfn_power=1, frm=41, cell=42)
    start_move(g, a)
    move_unit(g, am, 42)
    end_move(g)
    commit(g, a, 2)
    commit(g, d, 1)
    assert g.decision_name == "retreat" and g.current_player == d
    assert g.legal_options() == [2, 49]               # Nordic base 2 or lake 49
    g.apply(49)
    assert g.unit_cell(d, CHAR) == 49


def test_encounter_after_combat_only_if_the_character_wins(rules):
    # Rulebook "ПРИГОДИ" (digest §14): combat first; the token stays if it loses.
    for att_power, encounter in ((5, True), (0, False)):
        g = blank_game(rules, ["saxony", "polania"], ["patriotic", "mechanical"])
        a, d = seat_of(g, "saxony"), seat_of(g, "polania")
        g.set_unit(a, CHAR, 41)
        g.set_mech_deployed(d, 0, True, 42)
        g.set_encounter_token(42)
        g.set_player(a, power=att_power)
        g.set_player(d, power=1)
        start_move(g, a)
        move_unit(g, CHAR, 42)
        end_move(g)
        commit(g, a, min(att_power, 2))
        commit(g, d, 1)
        assert (g.decision_name == "encounter") == encounter
        assert g.state()["board"][42]["encounter_token"] == (not encounter)


def test_sixth_star_in_combat_undoes_pending_moves(rules):
    # Rulebook "ОСОБЛИВІ ВИПАДКИ" (digest §13.6, §19.4): the game ends at once and
    # units whose combat was still pending go back where they came from.
    g = blank_game(rules, ["saxony", "polania"], ["patriotic", "mechanical"])
    a, d = seat_of(g, "saxony"), seat_of(g, "polania")
    rw = MECH0 + space(g, a, "riverwalk")
    g.set_mech_deployed(a, rw - MECH0, True, 41)
    g.set_resources(41, {"metal": 2})
    g.set_unit(a, CHAR, 48)
    g.set_unit(d, CHAR, 42)
    g.set_mech_deployed(d, 0, True, 35)
    g.set_player(a, power=7, star_placed={"upgrades": True, "mechs": True, "structures": True,
                                          "recruits": True, "workers": True})
    g.set_player(d, power=0)
    start_move(g, a)
    move_unit(g, CHAR, 42)
    move_unit(g, rw, 35, carry={1: 2})   # the mech carries the 2 metal
    end_move(g)
    do(g, "combat_order", 42)
    commit(g, a, 1)
    assert g.is_over and g.end_reason == "sixth_star"
    assert g.player(a)["stars"] == 6
    assert g.unit_cell(a, rw) == 41                   # back from the unfought combat on 35
    assert g.resources(41)["metal"] == 2 and g.resources(35)["metal"] == 0
    assert g.unit_cell(d, MECH0) == 35
    g.check_invariants()
