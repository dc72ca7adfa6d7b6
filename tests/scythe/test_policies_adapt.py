"""The seat-adapted planning of the `expert` strategy (issue #14), on constructed positions.

Rulebook 003 (the Automa, digest scythe-automa.md §"star card"): the game ends when the
Automa places its 6th star; its star card's cube moves one space per card showing the advance
star, and the card's star spaces place its stars. Rulebook 000 §12 (Crimea's Coercion): once
per turn one combat card stands in for one resource token. §20 (final scoring): each
controlled territory scores by popularity tier (2 / 3 / 4 coins).
"""
from __future__ import annotations

import pytest

from simsuite import _scythe as core
from simsuite.games.scythe.policies import STRATEGIES, WEIGHT_NAMES, default_weights
from simsuite.policies import MAX_WEIGHTS

from .automa_helpers import AUTOMA, HUMAN, place, solo_game

EXPERT = STRATEGIES["expert"][0]
# Automa level "automa": star spaces 9, 14, 17, 19, 20, 21 on a 22-space track (digest table
# "Star spaces"); its cards advance the cube on 16 of 19 cards (all but #4, #15 and #17), so
# one Automa turn moves the cube 16/19 of a space on average.
RATE = 16 / 19


def test_automa_turns_left_read_from_its_star_track(rules):
    g = solo_game(rules, level="automa", clear=False)
    # at the start: 21 advances to the 6th star space, 21 / (16/19) = 24.9 turns
    assert core.automa_turns_left(g) == round(21 / RATE) == 25
    g.set_automa(track_pos=17)          # 3 stars placed (9, 14, 17); 3 to go: 19, 20, 21
    assert g.player(AUTOMA)["stars"] == 3
    assert core.automa_turns_left(g) == round(4 / RATE) == 5
    g.set_automa(track_pos=20)          # 5 stars: the next advance places the 6th
    assert core.automa_turns_left(g) == round(1 / RATE) == 1
    # without the Automa there is no such clock
    assert core.automa_turns_left(core.Game(rules, 1, 2, log=False)) == -1


def _territories(g, seat=HUMAN):
    return g.controlled_territories(seat)


def _play_turn(g, seat_policies, seat=HUMAN):
    """Play the seat's turn; returns the decisions (kind name, option) it took."""
    taken = []
    turn = g.turn
    while g.turn == turn and g.active_player == seat and not g.is_over:
        kind = g.decision_name
        opt = seat_policies.step(g)
        taken.append((kind, opt))
    return taken


def _last_turn_position(rules, track_pos):
    g = solo_game(rules, human="nordic", automa="crimea", level="automa", mat="mechanical")
    for w, cell in zip(("worker0", "worker1", "worker2", "worker3"), core_cells(g)):
        g.set_unit(HUMAN, w, cell)
    g.set_player(HUMAN, popularity=8, power=3, coins=10)
    g.set_automa(track_pos=track_pos)
    g.begin_turn(HUMAN)
    return g


def test_last_turn_against_the_automa_spreads_over_territories(rules):
    # The Automa is one advance from its 6th star: this is the human's last turn, and every
    # territory it controls at the end scores. The expert spreads its units onto new
    # territories (Move); in the same position with the Automa far from its end it builds
    # its economy instead (Produce), so the choice follows the Automa's clock.
    seats = core.CompiledSeats(3, [EXPERT, 0], [default_weights("expert"), [0.0] * MAX_WEIGHTS])
    g = _last_turn_position(rules, track_pos=20)
    before = _territories(g)
    taken = _play_turn(g, seats)
    assert [o // 100 for k, o in taken if k == "top"] == [1], taken          # TV_MOVE
    assert _territories(g) > before
    g = _last_turn_position(rules, track_pos=0)
    taken = _play_turn(g, core.CompiledSeats(3, [EXPERT, 0], [default_weights("expert"),
                                                               [0.0] * MAX_WEIGHTS]))
    assert [o // 100 for k, o in taken if k == "top"] == [7], taken          # TV_PRODUCE


def core_cells(g):
    """Four workers stacked two and two on the Nordic start territories."""
    a, b = g.rules.data.factions["nordic"].start_cells
    return (a, a, b, b)


def test_coercion_pays_the_missing_token(rules):
    # Crimea on Agricultural: Bolster / Enlist costs 3 food. With 2 food on a controlled
    # territory and one combat card in hand, Coercion pays the third (§12) and the expert
    # takes the Enlist: a recruit for a card it cannot use elsewhere this turn.
    g = solo_game(rules, human="crimea", automa="rusviet", level="automa", mat="agricultural")
    a, _ = g.rules.data.factions["crimea"].start_cells
    g.set_unit(HUMAN, "worker0", a)
    g.set_resources(a, {"food": 2})
    g.set_player(HUMAN, hand=[1, 0, 0, 0], last_section=0)
    g.begin_turn(HUMAN)
    recruits = sum(g.player(HUMAN)["recruits"])
    seats = core.CompiledSeats(4, [EXPERT, 0], [default_weights("expert"), [0.0] * MAX_WEIGHTS])
    taken = _play_turn(g, seats)
    assert ("bottom", 1) in taken, taken
    assert any(k == "pay" and o >= 1000 for k, o in taken), taken
    assert sum(g.player(HUMAN)["recruits"]) == recruits + 1


@pytest.mark.parametrize("name", ["economy", "expert"])
def test_bottom_action_is_paid_when_it_can_be(rules, name):
    # Rulebook §6: a section's bottom action follows its top action when it can be paid. With
    # exactly the oil for Mechanical's Upgrade (3 oil, Trade / Upgrade) and nothing else, the
    # policy chooses a section whose bottom action it can pay, and pays it.
    g = solo_game(rules, human="saxony", automa="nordic", level="automa", mat="mechanical")
    a, b = g.rules.data.factions["saxony"].start_cells
    g.set_unit(HUMAN, "worker0", a)
    g.set_unit(HUMAN, "worker1", b)
    g.set_resources(a, {"oil": 3})
    g.begin_turn(HUMAN)
    seats = core.CompiledSeats(5, [STRATEGIES[name][0], 0], [default_weights(name), [0.0] * MAX_WEIGHTS])
    taken = _play_turn(g, seats)
    assert ("bottom", 1) in taken, taken


def test_driving_the_automa_off_a_territory_counts_its_loss(rules):
    # Rulebook 003 (final scoring): the Automa scores 3 coins per territory it controls. In a
    # game against it alone, every territory it loses is 3 coins off its score: the expert
    # credits that (scaled by how near the end is); the strategies without seat adaptation,
    # and 4-player games (where the other players gain as much), credit nothing.
    g = solo_game(rules, human="saxony", automa="polania", level="automa", mat="patriotic")
    g.set_unit(AUTOMA, "worker0", 34)
    g.set_automa(track_pos=17)
    g.begin_turn(HUMAN)
    weights = default_weights("expert")
    value, progress = core.heuristic_deny(g, HUMAN, AUTOMA, 34, weights)
    assert 0.4 <= progress <= 1.0
    assert value == pytest.approx(3 * progress * weights[WEIGHT_NAMES.index("adapt")])   # scaled by W_ADAPT
    assert core.heuristic_deny(g, HUMAN, AUTOMA, 34, default_weights("economy"))[0] == 0.0
    four = core.Game(rules, 1, 4, log=False)
    assert core.heuristic_deny(four, 0, 1, 34, default_weights("expert"))[0] == 0.0


def _five_stars(rules):
    # Saxony on Mechanical with 5 stars (mechs, structures, recruits, workers, an objective)
    # and 5 of 6 upgrades done; 3 oil pays Trade / Upgrade's bottom action: the 6th upgrade
    # places the 6th star, which ends the game at once (§19).
    g = solo_game(rules, human="saxony", automa="polania", level="automa", mat="mechanical")
    a, b = g.rules.data.factions["saxony"].start_cells
    g.set_unit(HUMAN, "worker0", a)
    g.set_unit(HUMAN, "worker1", b)
    g.set_resources(a, {"oil": 3, "food": 4})
    g.set_player(HUMAN, coins=60, popularity=10, power=8, top_cubes=[False] * 5 + [True],
                 bottom_cubes=[1, 2, 1, 1], objective_stars=1,
                 star_placed={"upgrades": False, "mechs": True, "structures": True,
                              "recruits": True, "workers": True})
    g.set_automa(track_pos=9)
    g.begin_turn(HUMAN)
    assert g.player(HUMAN)["stars"] == 5
    return g


def test_races_to_the_sixth_star_when_ahead(rules):
    # Ahead on the scoring of the position (60 coins and 5 stars against the Automa's 9
    # points), the expert takes the 6th star now and wins; the same weights without the
    # seat adaptation build the economy instead.
    g = _five_stars(rules)
    score = g.result()["score"]
    assert score[HUMAN] > score[AUTOMA]
    _play_turn(g, core.CompiledSeats(3, [EXPERT, 0], [default_weights("expert"), [0.0] * MAX_WEIGHTS]))
    assert g.is_over and g.player(HUMAN)["stars"] == 6 and g.result()["winner"][HUMAN]
    g = _five_stars(rules)
    plain = default_weights("expert")
    plain[WEIGHT_NAMES.index("adapt")] = 0.0          # adapt off
    _play_turn(g, core.CompiledSeats(3, [EXPERT, 0], [plain, [0.0] * MAX_WEIGHTS]))
    assert not g.is_over


def test_holds_back_the_sixth_star_when_behind(rules):
    # The same position with the Automa far ahead (200 coins): the 6th star would end a lost
    # game at once, so the expert leaves it (another turn can only help).
    g = _five_stars(rules)
    g.set_player(AUTOMA, coins=200)
    g.begin_turn(HUMAN)
    score = g.result()["score"]
    assert score[HUMAN] < score[AUTOMA]
    _play_turn(g, core.CompiledSeats(3, [EXPERT, 0], [default_weights("expert"), [0.0] * MAX_WEIGHTS]))
    assert not g.is_over and g.player(HUMAN)["stars"] == 5


def _behind_by(g, points):
    # give the Automa coins so that this seat, with the 6th star's coins (4 at 7-12
    # popularity, §20), trails by `points`
    score = g.result()["score"]
    g.set_player(AUTOMA, coins=g.player(AUTOMA)["coins"] + score[HUMAN] + 4 - score[AUTOMA]
                 + points)
    g.begin_turn(HUMAN)
    score = g.result()["score"]
    assert score[HUMAN] + 4 - score[AUTOMA] == -points


def test_ends_the_game_before_the_automa_ends_it(rules):
    # The Automa one advance from its 6th star (it places it on its next turn, Rulebook 003):
    # holding back gains nothing. Two points behind, the expert takes its own 6th star now,
    # which ends the game before the Automa's last turn (worth at least its star's 4 coins
    # to it). With the Automa far from its end, the same deficit is held back.
    g = _five_stars(rules)
    g.set_automa(track_pos=20)
    _behind_by(g, 2)
    assert core.automa_turns_left(g) == 1
    _play_turn(g, core.CompiledSeats(3, [EXPERT, 0], [default_weights("expert"), [0.0] * MAX_WEIGHTS]))
    assert g.is_over and g.player(HUMAN)["stars"] == 6
    g = _five_stars(rules)
    _behind_by(g, 2)
    _play_turn(g, core.CompiledSeats(3, [EXPERT, 0], [default_weights("expert"), [0.0] * MAX_WEIGHTS]))
    assert not g.is_over and g.player(HUMAN)["stars"] == 5


# ---------------------------------------------------------------- combat against the Automa
# Rulebook 003 "Combat": the Automa's side is a card drawn from its deck; the column of its
# power gives the power it spends (all it has if less) and how many of its face-down combat
# cards it adds. Its table of card counts: 4 of the 19 cards add none, 9 add one, 5 add two,
# 1 adds three. Rulebook 000: the combat deck holds 16 twos, 12 threes, 8 fours, 6 fives.

def _automa_fight(rules, automa_power, automa_hand):
    g = solo_game(rules, human="nordic", automa="saxony", level="automa", mat="mechanical")
    g.set_automa(deck=list(range(1, 20)), main_discard=[], combat_discard=[])
    g.set_player(AUTOMA, power=automa_power, hand=automa_hand)
    g.begin_turn(HUMAN)
    return g


def test_automa_combat_total_distribution(rules):
    w = default_weights("expert")
    # no power and no cards: it adds nothing
    assert core.automa_combat_cdf(_automa_fight(rules, 0, {}), HUMAN, w)[0] == pytest.approx(1.0)
    # no power, three face-down cards: total 0 only on the 4 cards adding none; a total of 2
    # also on the 9 cards adding one card that is a 2 (16 of the 42 cards this seat has not
    # seen: its own hand and the discard pile are empty)
    cdf = core.automa_combat_cdf(_automa_fight(rules, 0, {2: 1, 3: 1, 4: 1}), HUMAN, w)
    assert cdf[0] == pytest.approx(4 / 19)
    assert cdf[1] == pytest.approx(4 / 19)
    assert cdf[2] == pytest.approx(4 / 19 + 9 / 19 * 16 / 42)
    assert cdf[-1] == pytest.approx(1.0)
    # the cards in its face-up discards are not in its deck: with every card discarded but
    # the four that add no combat card (#3, #7, #15, #18 in the public transcription, digest
    # §20; the rulebook counts four), nothing is added
    g = _automa_fight(rules, 0, {2: 1, 3: 1, 4: 1})
    none_added = [3, 7, 15, 18]
    g.set_automa(deck=none_added, main_discard=[c for c in range(1, 20) if c not in none_added],
                 combat_discard=[])
    assert core.automa_combat_cdf(g, HUMAN, w)[0] == pytest.approx(1.0)



def _defend(rules, name):
    # A Rusviet Automa at 1 power with three face-down cards attacks (card 15, scheme II:
    # attack a combat unit with at least 1 power) the Crimean mech on its start territory;
    # the human has 7 power and one 5 (one card per own unit in the combat, §13.3). Returns
    # the human's committed total and the game at its Dial decision's position.
    g = solo_game(rules, human="crimea", automa="rusviet", level="automa")
    g.set_player(AUTOMA, power=1, hand={2: 1, 3: 1, 4: 1})
    g.set_automa(track_pos=9, scheme=2)
    place(g, AUTOMA, mech0=g.unit_cell(AUTOMA, "character"))
    place(g, HUMAN, mech3=g.rules.data.factions["rusviet"].start_cells[0])
    g.set_player(HUMAN, power=7, hand={5: 1})
    g.set_automa(deck=[15] + [c for c in range(1, 20) if c != 15], main_discard=[],
                 combat_discard=[])
    g.begin_turn(AUTOMA)
    assert g.decision_name == "dial" and g.current_player == HUMAN
    cdf = core.automa_combat_cdf(g, HUMAN, default_weights("expert"))
    seats = core.CompiledSeats(3, [STRATEGIES[name][0], 0], [default_weights(name), [0.0] * MAX_WEIGHTS])
    dial = seats.step(g)
    cards = seats.step(g) if g.decision_name == "cards" else 0
    return dial + 5 * (cards // 512), cdf


def test_defence_against_the_automa_aims_at_a_sure_win(rules):
    # As defender the human wins only with a higher total (ties go to the attacker, §13.4).
    # The expert commits the least total that beats the Automa's with probability 0.85 on
    # its public table; the generic plan (one Automa card per unit in the fight, its full
    # dial) commits less and wins less often.
    total, cdf = _defend(rules, "expert")
    assert cdf[total - 1] >= 0.85 > cdf[total - 2]
    generic, _ = _defend(rules, "economy")
    assert generic < total and cdf[generic - 1] < 0.85


# ---------------------------------------------------------------- the last turns

def test_last_turn_prices_the_popularity_tier_at_what_it_pays(rules):
    # §20: a player at 7+ popularity scores 4 / 3 / 2 coins per star / territory / pair of
    # resources instead of 3 / 2 / 1 below 7. On its last turn (the Automa one advance from
    # its 6th star) the expert prices the step from 6 to 7 popularity at exactly that gain
    # on what it holds now (plus its linear worth per point); far from the end at less.
    w = default_weights("expert")
    g = _last_turn_position(rules, track_pos=20)
    g.set_resources(core_cells(g)[0], {"oil": 3, "food": 2})
    g.set_player(HUMAN, popularity=6, star_placed={"upgrades": True, "recruits": True})
    g.begin_turn(HUMAN)
    ctx = core.heuristic_context(g, HUMAN, w)
    assert ctx["turns_left"] == 1 and ctx["late"] == 1.0
    gain = (g.player(HUMAN)["stars"] + g.controlled_territories(HUMAN)
            + sum(g.controlled_resources(HUMAN).values()) // 2)
    assert g.player(HUMAN)["stars"] == 2 and g.controlled_territories(HUMAN) == 2
    step = ctx["pop_values"][7] - ctx["pop_values"][6]
    assert step == pytest.approx(w[9] + gain)          # W_POPULARITY + the tier's gain
    g.set_automa(track_pos=0)
    far = core.heuristic_context(g, HUMAN, w)
    assert far["pop_values"][7] - far["pop_values"][6] < step


def test_star_progress_out_of_reach_is_not_credited(rules):
    # A category's star needs every one of its bottom-row effects (§18), at most one a turn
    # and never the same section twice running (§7): with u effects left it takes 2u - 1
    # turns. The plan weight of one effect (its weight plus the star's share: a sixth for
    # Upgrade, a quarter for the others) is kept as far as the turns left allow: on the
    # last turn 1 / (2u - 1) of it; far from the end all of it.
    w = default_weights("expert")
    g = _last_turn_position(rules, track_pos=20)
    last = core.heuristic_context(g, HUMAN, w)
    g.set_automa(track_pos=0)
    far = core.heuristic_context(g, HUMAN, w)
    assert last["turns_left"] == 1 and far["turns_left"] >= 11
    for b in range(4):                                  # upgrade, deploy, build, enlist
        u = last["uses"][b]
        assert 2 <= u <= 6
        whole = w[b] + last["star_val"] / (6 if b == 0 else 4)
        assert last["plan"][b] == pytest.approx(whole / (2 * u - 1))
        assert far["plan"][b] == pytest.approx(whole)



def _section_scores(rules, name, coins):
    g = core.Game(rules, 5, 2, ["saxony", "polania"], ["industrial", "patriotic"], log=False)
    g.set_player(0, coins=coins)
    assert g.decision_name == "section" and g.current_player == 0
    return dict(core.heuristic_scores(g, default_weights(name)))


def test_next_turn_top_needs_the_coin_this_turn_leaves(rules):
    # Rulebook §7.2, §7.4: Trade and Bolster cost a coin; a top action that cannot be paid is
    # skipped (the bottom action may still be taken). Industrial's sections are Bolster /
    # Upgrade, Produce / Deploy, Move / Build, Trade / Enlist. With 1 coin, a Bolster now
    # leaves 0, so the next turn's Trade cannot be paid: the expert's look-ahead prices the
    # Bolster section lower than with 4 coins. Produce and Move cost no coin and leave the
    # next turn as it was, so they are priced the same; with the look-ahead not seat-adapted
    # (economy) the coins change nothing.
    poor, rich = (_section_scores(rules, "expert", c) for c in (1, 4))
    assert poor[0] < rich[0] - 0.1
    assert poor[1] == pytest.approx(rich[1]) and poor[2] == pytest.approx(rich[2])
    assert _section_scores(rules, "economy", 1) == pytest.approx(_section_scores(rules, "economy", 4))
