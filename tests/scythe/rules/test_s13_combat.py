"""Rulebook 000 "БІЙ" (combat): digest scythe-base.md §13, with the worked
example "Денис / Софія" (§13.7).

Default ground: tundra 37 (no tunnel, no encounter symbol) attacked from
village 43; a second ground: mountain 31 attacked from forest 25.
"""
import pytest

from .helpers_b import (
    CHAR, W0, attack, blank, cards, do, end_move, events_of, fight, hand, hand_total,
    put_mech, seat, start_move, step, units_on, workers, workers_on,
)

EV_STAR = 3


def _duel(rules, factions=("saxony", "crimea"), att_power=5, def_power=5, att_hand=None,
          def_hand=None):
    """Attacker (first faction) character on 43, defender character on 37."""
    g = blank(rules, list(factions))
    a, d = seat(g, factions[0]), seat(g, factions[1])
    g.set_unit(a, CHAR, 43)
    g.set_unit(d, CHAR, 37)
    g.set_player(a, power=att_power, popularity=6, hand=att_hand or {})
    g.set_player(d, power=def_power, popularity=6, hand=def_hand or {})
    return g, a, d


# ---------------------------------------------------------------- §13.7 worked example
def test_worked_example_denis_attacks_sofia(rules):
    # Rulebook 000 "БІЙ", ПРИКЛАД (digest §13.7): Denis moves his character to an
    # empty farm, then a mech carrying 2 workers onto Sofia's territory (her
    # character, a mech, a worker, 3 food). Power 10 vs 4. Denis dials 7, no
    # card (1 mech: 1 card allowed); Sofia dials 4 and plays a "3" (character +
    # mech: 2 cards allowed). 7 vs 7: the attacker wins the tie, takes the
    # territory and the food; Sofia's units go home; Denis loses 1 popularity
    # and places a combat star; Sofia draws 1 card; power Denis -7, Sofia -4.
    g = blank(rules, ["nordic", "crimea"])
    denis, sofia = seat(g, "nordic"), seat(g, "crimea")
    dm = put_mech(g, denis, "riverwalk", 25)
    workers(g, denis, 25, 2)
    g.set_unit(denis, CHAR, 37)
    sm = put_mech(g, sofia, "riverwalk", 31)
    g.set_unit(sofia, CHAR, 31)
    workers(g, sofia, 31, 1)
    g.set_resources(31, {"food": 3})
    g.set_player(denis, power=10, popularity=5, hand={2: 1, 5: 1})
    g.set_player(sofia, power=4, hand={2: 1, 3: 1, 4: 1})
    g.set_combat_deck([4, 2, 2])                    # Sofia's draw will be a 4
    threes_discarded = g.state()["combat_discard"].count(3)
    start_move(g, denis)
    step(g, CHAR, 36)                               # an empty farm
    step(g, dm, 31, workers=2)                      # the mech carries 2 workers
    assert g.decision_name == "dial" and g.current_player == denis
    assert g.legal_options() == list(range(8))      # power 10, dial at most 7
    do(g, "dial", 7)
    assert g.legal_options() == [0, cards(n2=1), cards(n5=1)]   # one card at most
    do(g, "cards", 0)
    assert g.current_player == sofia and g.legal_options() == [0, 1, 2, 3, 4]
    do(g, "dial", 4)
    assert cards(n2=1, n3=1) in g.legal_options()   # two cards allowed ...
    assert cards(n2=1, n3=1, n4=1) not in g.legal_options()   # ... not three
    do(g, "cards", cards(n3=1))
    assert g.controller(31) == denis
    assert g.resources(31)["food"] == 3
    assert units_on(g, denis, 31) == [dm, W0, W0 + 1]
    assert sorted(units_on(g, sofia, 7)) == [CHAR, sm, W0]
    assert g.player(denis)["popularity"] == 4
    assert g.player(denis)["combat_stars"] == 1 and g.player(denis)["stars"] == 1
    assert g.player(sofia)["combat_stars"] == 0
    assert hand(g, sofia) == {2: 1, 3: 0, 4: 2, 5: 0}   # the "3" played, a 4 drawn
    assert g.state()["combat_discard"].count(3) == threes_discarded + 1
    assert hand(g, denis) == {2: 1, 3: 0, 4: 0, 5: 1}
    assert g.player(denis)["power"] == 3 and g.player(sofia)["power"] == 0


# ---------------------------------------------------------------- §13.1 when
def test_combat_comes_after_the_whole_move(rules):
    # Rulebook 000 "Бій може початися по завершенню дії переміщення ... після
    # того, як усі його фігурки перемістилися" (digest §13.1).
    g, a, _ = _duel(rules)
    g.set_unit(a, W0, 48)
    start_move(g, a)
    step(g, CHAR, 37)
    assert g.decision_name == "move_unit"           # the second unit still moves
    step(g, W0, 42)
    assert g.decision_name == "dial"
    assert g.unit_cell(a, W0) == 42


def test_combat_needs_plastic_on_both_sides(rules):
    # Rulebook 000 "Бій починається, якщо герой і/або мехи гравця перебувають на
    # одній території з героєм і/або мехами суперника"; workers never fight.
    g, a, d = _duel(rules)
    g.set_unit(d, CHAR, 7)
    workers(g, d, 37, 1)
    g.set_structure(d, "mill", 37)
    attack(g, a, CHAR, 37)
    assert g.decision_name not in ("dial", "cards")
    assert g.player(a)["power"] == 5 and workers_on(g, d, 7) == [W0]


def test_combat_with_zero_power_and_zero_popularity(rules):
    # Rulebook 000 "БЕЗ ВИМОГ. Ви можете почати бій, навіть маючи «0» сили і/або
    # популярності" (digest §13.1); the dial is then 0 and the tie is the attacker's.
    g, a, d = _duel(rules, att_power=0, def_power=0)
    g.set_player(a, popularity=0)
    attack(g, a, CHAR, 37)
    assert g.controller(37) == a
    assert g.unit_cell(d, CHAR) == 7
    assert g.player(a)["combat_stars"] == 1


def test_attacker_chooses_the_order_of_several_combats(rules):
    # Rulebook 000 "Цілком можливо, що бої можуть початися відразу на кількох
    # територіях. У такому разі активний гравець (нападник) вибирає черговість"
    # (digest §13.1); each combat is between two players only.
    g = blank(rules, ["saxony", "crimea", "nordic"])
    s, c, n = seat(g, "saxony"), seat(g, "crimea"), seat(g, "nordic")
    m = put_mech(g, s, "riverwalk", 25)
    g.set_unit(s, CHAR, 43)
    g.set_unit(c, CHAR, 37)
    g.set_unit(n, CHAR, 31)
    for x in (s, c, n):
        g.set_player(x, power=3)
    start_move(g, s)
    step(g, CHAR, 37)
    step(g, m, 31)
    end_move(g)
    assert g.decision_name == "combat_order" and g.current_player == s
    assert g.legal_options() == [31, 37]
    do(g, "combat_order", 37)                       # the later cell first
    assert g.state()["combat"]["defender"] == c     # Crimea only; Nordic waits
    fight(g, 0, 0, 3, 0, s, c)
    assert g.controller(37) == c and g.unit_cell(s, CHAR) == 5
    cb = g.state()["combat"]
    assert (cb["cell"], cb["defender"]) == (31, n)
    fight(g, 3, 0, 0, 0, s, n)
    assert g.controller(31) == s


# ---------------------------------------------------------------- §13.2 abilities first
def test_attacker_applies_its_combat_ability_first(rules):
    # Rulebook 000 "ПЕРЕВАГА НАПАДНИКА": the attacker applies its combat ability
    # first, then the defender (digest §13.2). Nordic (power 2, Artillery)
    # attacking Saxony on a tunnel may still fire; defending there, Disarm has
    # already taken its 2 power and Artillery (cost 1) is out of reach.
    g = blank(rules, ["nordic", "saxony"])
    n, s = seat(g, "nordic"), seat(g, "saxony")
    put_mech(g, n, "artillery", 11)
    put_mech(g, s, "disarm", 48)
    g.set_unit(n, CHAR, 43)
    g.set_unit(s, CHAR, 44)
    g.set_player(n, power=2)
    g.set_player(s, power=3)
    attack(g, n, CHAR, 44)
    assert g.decision_name == "artillery" and g.current_player == n
    do(g, "artillery", 1)
    assert (g.player(n)["power"], g.player(s)["power"]) == (0, 1)   # then Disarm
    g2 = blank(rules, ["nordic", "saxony"])
    put_mech(g2, n, "artillery", 11)
    put_mech(g2, s, "disarm", 48)
    g2.set_unit(s, CHAR, 43)
    g2.set_unit(n, CHAR, 44)
    g2.set_player(n, power=2)
    g2.set_player(s, power=3)
    attack(g2, s, CHAR, 44)
    assert g2.decision_name != "artillery"
    assert g2.player(n)["power"] == 0


def test_attacker_scouts_before_the_defender_fires(rules):
    # Rulebook 000 "ПЕРЕВАГА НАПАДНИКА" with Scout (Crimea) against Artillery (Nordic).
    g = blank(rules, ["crimea", "nordic"])
    c, n = seat(g, "crimea"), seat(g, "nordic")
    put_mech(g, c, "scout", 50)
    put_mech(g, n, "artillery", 11)
    g.set_unit(c, CHAR, 43)
    g.set_unit(n, CHAR, 37)
    g.set_player(c, power=3)
    g.set_player(n, power=3, hand={4: 1})
    attack(g, c, CHAR, 37)
    assert (g.decision_name, g.current_player) == ("scout", c)
    do(g, "scout", 1)
    assert (g.decision_name, g.current_player) == ("artillery", n)
    do(g, "artillery", 1)
    assert g.decision_name == "dial" and g.legal_options() == [0, 1]   # Crimea 3 - 2


# ---------------------------------------------------------------- §13.3 dial and cards
def test_dial_is_at_most_seven_and_at_most_the_power(rules):
    # Rulebook 000 "ВИБІР СИЛИ": not more than your power, at most 7 on the dial.
    g, a, d = _duel(rules, att_power=12, def_power=4)
    attack(g, a, CHAR, 37)
    assert g.legal_options() == list(range(8))
    do(g, "dial", 0)
    assert g.current_player == d and g.legal_options() == [0, 1, 2, 3, 4]


def test_one_card_per_own_unit_in_this_combat_even_with_a_zero_dial(rules):
    # Rulebook 000 "ДОДАТИ КАРТУ(И) БОЮ": one card per own character / mech in
    # this combat, even with 0 on the dial; units elsewhere do not count.
    g, a, d = _duel(rules, att_hand={5: 3}, def_hand={2: 3})
    m = put_mech(g, a, "riverwalk", 43)
    put_mech(g, a, "speed", 42)                     # another mech, not in the combat
    put_mech(g, d, "riverwalk", 37)
    start_move(g, a)
    step(g, CHAR, 37)
    step(g, m, 37)
    end_move(g)
    do(g, "dial", 0)
    assert g.legal_options() == [0, cards(n5=1), cards(n5=2)]
    do(g, "cards", cards(n5=2))
    do(g, "dial", 0)
    assert g.legal_options() == [0, 1, 2]
    do(g, "cards", 2)
    assert g.controller(37) == a                    # 10 against 4


def test_committed_choices_stay_hidden_until_both_are_in(rules):
    # Rulebook 000 "Учасники бою одночасно й таємно виставляють числа"; the
    # hand size is public, how many cards will be played is not (digest §13.3).
    g, a, d = _duel(rules, att_hand={5: 2}, def_hand={2: 1})
    attack(g, a, CHAR, 37)
    do(g, "dial", 5)
    do(g, "cards", cards(n5=1))
    seen = g.observation(d)
    comb = seen["combat"]
    assert set(comb) <= {"cell", "attacker", "defender", "my_dial", "my_cards"}
    assert comb.get("my_dial", 0) == 0              # only the defender's own side
    assert sum(comb.get("my_cards", {}).values()) == 0
    assert seen["players"][a]["hand_size"] == 2     # the card is still in hand
    assert seen["players"][a]["power"] == 5


# ---------------------------------------------------------------- §13.4 resolution
@pytest.mark.parametrize("att, dfd, winner", [
    ((3, cards(n2=1)), (4, 0), "attacker"),        # 5 vs 4
    ((3, 0), (2, cards(n2=1)), "defender"),        # 3 vs 4
    ((2, cards(n2=1)), (4, 0), "attacker"),        # 4 vs 4: ties go to the attacker
    ((0, 0), (0, 0), "attacker"),                  # 0 vs 0
])
def test_higher_total_wins_and_ties_go_to_the_attacker(rules, att, dfd, winner):
    # Rulebook 000 "ПОКАЗ СИЛИ": dial + cards; "у разі нічиєї виграє нападник".
    g, a, d = _duel(rules, att_hand={2: 1}, def_hand={2: 1})
    attack(g, a, CHAR, 37)
    fight(g, att[0], att[1], dfd[0], dfd[1])
    w = a if winner == "attacker" else d
    assert g.controller(37) == w
    assert g.player(w)["combat_stars"] == 1 and g.player(a + d - w)["combat_stars"] == 0


def test_both_lose_their_dial_only_and_played_cards_are_discarded(rules):
    # Rulebook 000 "Обидва гравці втрачають силу, виставлену ними на дисках сили,
    # після чого скидають використані в бою карти бою (не враховуйте числа з карт
    # бою на треку сили)".
    g, a, d = _duel(rules, att_power=6, def_power=6, att_hand={5: 1}, def_hand={4: 1, 3: 1})
    g.set_combat_deck([2, 2, 2])
    before = g.state()["combat_discard"]
    attack(g, a, CHAR, 37)
    fight(g, 2, cards(n5=1), 1, cards(n4=1))
    assert g.player(a)["power"] == 4 and g.player(d)["power"] == 5
    after = g.state()["combat_discard"]
    assert len(after) == len(before) + 2
    assert (after.count(4), after.count(5)) == (before.count(4) + 1, before.count(5) + 1)
    assert hand(g, a)[5] == 0 and hand(g, d)[4] == 0
    assert hand(g, d) == {2: 1, 3: 1, 4: 0, 5: 0}   # the loser drew the top 2


def test_winner_takes_territory_and_resources_and_the_loser_retreats_with_everything(rules):
    # Rulebook 000 "ПЕРЕМОЖЕЦЬ ... контроль над територією і всіма ресурсами" and
    # "ПЕРЕМОЖЕНИЙ мусить відступити ... героєм, мехами й робітниками ... ресурси
    # залишаються на території" (digest §13.4).
    g, a, d = _duel(rules, factions=("saxony", "rusviet"))
    dm = put_mech(g, d, "riverwalk", 37)
    workers(g, d, 37, 2)
    g.set_resources(37, {"oil": 2, "wood": 1})
    attack(g, a, CHAR, 37)
    fight(g, 3, 0, 0, 0)
    assert sorted(units_on(g, d, 4)) == [CHAR, dm, W0, W0 + 1]     # Rusviet's base
    assert g.controller(37) == a
    assert g.controlled_resources(a)["oil"] == 2 and g.controlled_resources(a)["wood"] == 1
    assert g.player(a)["popularity"] == 4           # attacker: -1 per worker


def test_defender_who_wins_loses_no_popularity_and_the_attackers_workers_go_home(rules):
    # Rulebook 000 §23 "ВІДСТУП РОБІТНИКІВ": "якщо вас атакував мех, що переносив
    # робітників, і ви перемогли ... ви не втрачаєте" popularity; the carried
    # resources stay with the winner (digest §8.3, §13.4).
    g, a, d = _duel(rules)
    m = put_mech(g, a, "riverwalk", 43)
    g.set_unit(a, CHAR, 5)
    workers(g, a, 43, 2)
    attack(g, a, m, 37, workers=2)
    fight(g, 0, 0, 1, 0)
    assert g.controller(37) == d
    assert g.player(d)["popularity"] == 6 and g.player(a)["popularity"] == 6
    assert sorted(units_on(g, a, 5)) == [CHAR, m, W0, W0 + 1]


def test_resources_carried_into_a_lost_combat_stay_with_the_winner(rules):
    # Rulebook 000 "Усі ресурси, які ці фігурки переносили, залишаються на
    # території, відтепер їх контролює переможець".
    g, a, d = _duel(rules)
    g.set_resources(43, {"metal": 2})
    start_move(g, a)
    do(g, "move_unit", CHAR + 1)
    do(g, "move_step", 37)
    do(g, "carry_resources", 2)
    end_move(g)
    fight(g, 0, 0, 1, 0)
    assert g.resources(37)["metal"] == 2 and g.controlled_resources(d)["metal"] == 2


@pytest.mark.parametrize("dial, played, draws", [
    (1, 0, True),                  # revealed power on the dial
    (0, cards(n2=1), True),        # a card only
    (0, 0, False),                 # nothing revealed: no card
])
def test_the_loser_draws_a_card_only_if_it_revealed_power(rules, dial, played, draws):
    # Rulebook 000 "Якщо переможений використовував принаймні 1 силу (виставивши
    # на диску число більше ніж 0 чи зігравши карту бою), то ... бере 1 карту".
    g, a, d = _duel(rules, def_hand={2: 1})
    attack(g, a, CHAR, 37)
    fight(g, 5, 0, dial, played)
    assert g.controller(37) == a
    after = hand_total(g, d)
    assert after == (1 if played == 0 else 0) + (1 if draws else 0)


def test_the_losing_attacker_draws_too(rules):
    # Rulebook 000 "ПЕРЕМОЖЕНИЙ ... бере 1 карту" applies to either side.
    g, a, d = _duel(rules)
    attack(g, a, CHAR, 37)
    fight(g, 1, 0, 2, 0)
    assert g.unit_cell(a, CHAR) == 5 and hand_total(g, a) == 1 and hand_total(g, d) == 0


def test_empty_deck_reshuffles_the_discards_and_with_none_nothing_is_drawn(rules):
    # Rulebook 000 "ОЗБРОЄННЯ": an empty deck is rebuilt from the discards;
    # with neither, no card (digest §7.4, §13.4).
    g, a, d = _duel(rules, def_hand={})
    g.set_combat_deck([])                           # all 42 cards in the discard pile
    attack(g, a, CHAR, 37)
    fight(g, 3, 0, 1, 0)
    assert hand_total(g, d) == 1
    full = {2: 16, 3: 12, 4: 8, 5: 6}
    g2, a2, d2 = _duel(rules, att_hand=full)
    g2.set_combat_deck([])                          # nothing in the deck or the discards
    assert g2.state()["combat_discard"] == []
    attack(g2, a2, CHAR, 37)
    fight(g2, 3, 0, 1, 0)
    assert hand_total(g2, d2) == 0 and g2.player(d2)["power"] == 4


def test_no_third_combat_star_but_the_combat_is_fought(rules):
    # Rulebook 000 "ОБМЕЖЕННЯ ЩОДО ЗІРОК": at most 2 combat stars, which does not
    # forbid further combats (digest §13.4, §18).
    g, a, d = _duel(rules, factions=("crimea", "nordic"))
    g.set_player(a, combat_stars=2)
    attack(g, a, CHAR, 37)
    fight(g, 2, 0, 1, 0)
    assert g.controller(37) == a and g.unit_cell(d, CHAR) == 2
    assert g.player(a)["combat_stars"] == 2 and g.player(a)["stars"] == 2
    assert g.player(a)["power"] == 3


def test_saxony_has_no_combat_star_limit_and_must_place(rules):
    # Rulebook 000 "САКСОНІЯ (ДОМІНУВАННЯ) ... не обмежена 2 зірками за перемоги
    # в боях ... мусить викласти одну з них" (digest §12, §13.4).
    g, a, _ = _duel(rules, factions=("saxony", "nordic"))
    g.set_player(a, combat_stars=2)
    attack(g, a, CHAR, 37)
    fight(g, 2, 0, 1, 0)
    assert g.player(a)["combat_stars"] == 3 and g.player(a)["stars"] == 3
    assert [e for e in events_of(g, EV_STAR) if e[1] == a]


def test_the_defender_who_wins_places_a_combat_star(rules):
    # Rulebook 000 "Кожен із цих гравців може отримати зірку за перемогу в бою".
    g, a, d = _duel(rules)
    attack(g, a, CHAR, 37)
    fight(g, 1, 0, 2, 0)
    assert g.player(d)["combat_stars"] == 1 and g.player(a)["combat_stars"] == 0


# ---------------------------------------------------------------- §13.5 lakes
def test_winning_on_a_lake_against_a_mech_carrying_workers(rules):
    # Rulebook 000 "БІЙ НА ОЗЕРІ": the attacker who beats a mech carrying workers
    # on a lake loses 1 popularity per worker; they retreat home with the mech.
    g = blank(rules, ["polania", "nordic"])
    p, n = seat(g, "polania"), seat(g, "nordic")
    put_mech(g, p, "submerge", 49)
    g.set_unit(p, CHAR, 14)
    nm = put_mech(g, n, "seaworthy", 24)
    workers(g, n, 24, 2)
    g.set_player(p, power=2, popularity=5)
    g.set_player(n, power=0)
    attack(g, p, CHAR, 24)                          # lake 14 -> lake 24 (Submerge)
    fight(g, 1, 0, 0, 0)
    assert g.controller(24) == p
    assert units_on(g, n, 2) == [CHAR, nm, W0, W0 + 1]
    assert g.player(p)["popularity"] == 3


# ---------------------------------------------------------------- §13.6 the 6th star
def test_sixth_star_ends_the_game_and_pending_combats_are_undone(rules):
    # Rulebook 000 "ОБМЕЖЕННЯ ЩОДО ЗІРОК І КІНЕЦЬ ГРИ": if you place your 6th
    # star while a combat still waits this turn, the game ends and every unit
    # whose move would have started it goes back where it came from (digest
    # §13.6, §19.4).
    g = blank(rules, ["crimea", "nordic"])
    c, n = seat(g, "crimea"), seat(g, "nordic")
    m = put_mech(g, c, "riverwalk", 25)
    g.set_unit(c, CHAR, 43)
    g.set_unit(n, CHAR, 37)
    nm = put_mech(g, n, "riverwalk", 31)
    g.set_player(c, power=3, star_placed={"upgrades": 1, "mechs": 1, "structures": 1,
                                          "recruits": 1, "workers": 1})
    g.set_player(n, power=0)
    assert g.player(c)["stars"] == 5
    start_move(g, c)
    step(g, CHAR, 37)
    step(g, m, 31)
    end_move(g)
    do(g, "combat_order", 37)
    fight(g, 1, 0, 0, 0)
    assert g.is_over and g.end_reason == "sixth_star"
    assert g.player(c)["stars"] == 6
    assert g.unit_cell(c, m) == 25                  # back from the pending combat on 31
    assert g.unit_cell(n, nm) == 31
    assert g.unit_cell(c, CHAR) == 37               # the fought combat stands


def test_undone_speed_move_returns_to_the_cell_it_last_left(rules):
    # Rulebook 000 "ОБМЕЖЕННЯ ЩОДО ЗІРОК І КІНЕЦЬ ГРИ": units whose move would
    # have started a pending combat return "на ту територію, звідки вони
    # перемістилися". AMBIGUITY: for a two-step Speed move that can be the start
    # or the intermediate territory; the engine documents the latter
    # (state.pxd TurnCtx.came_from "cell each unit last stepped from"), and the
    # workers the mech carried go back with it.
    g = blank(rules, ["crimea", "nordic"])
    c, n = seat(g, "crimea"), seat(g, "nordic")
    m = put_mech(g, c, "speed", 45)
    workers(g, c, 45, 1)
    g.set_unit(c, CHAR, 43)
    g.set_unit(n, CHAR, 37)
    put_mech(g, n, "riverwalk", 31)
    g.set_player(c, power=3, star_placed={"upgrades": 1, "mechs": 1, "structures": 1,
                                          "recruits": 1, "power": 1})
    g.set_player(n, power=0)
    start_move(g, c)
    step(g, m, 39, 31, workers=1)                   # 45 -> 39 -> 31, carrying the worker
    step(g, CHAR, 37)
    end_move(g)
    do(g, "combat_order", 37)
    fight(g, 1, 0, 0, 0)
    assert g.end_reason == "sixth_star"
    assert g.unit_cell(c, m) == 39 and workers_on(g, c, 39) == [W0]
