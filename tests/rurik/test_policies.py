"""The compiled Rurik heuristics (ext/rurik/policies.pxi, weights in
simsuite/games/rurik/policies.py): their key choices on constructed positions, and that each
beats the random policy. Expected choices are worked out by hand from the rulebook's effects
(rule = strictly strongest, «Володарювання землями»; the Build track counts connected regions with
your structures; a boat column holds a fixed number of one good)."""
from __future__ import annotations

from math import sqrt

import numpy as np
import pytest

from simsuite._rurik import CompiledSeats, Game, play_batch
from simsuite.games.rurik.policies import STRATEGIES
from simsuite.policies import MAX_WEIGHTS
from tests.rurik.helpers import MAIN, REBEL, R, blank, deed, opt_attack, opt_muster, opt_tax, units


def default_weights(name):
    return [w for _, w in STRATEGIES[name][1]]


def seats(name, n=2, seed=0):
    pid = STRATEGIES[name][0]
    return CompiledSeats(seed, [pid] * n, [default_weights(name)] * n)


def play_turn(g, chooser):
    """Let the policy play the rest of the rule test's single turn; returns its choices."""
    chosen = []
    while g.phase != "test_done":
        chosen.append(chooser.step(g))
    return chosen


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_begins_the_main_action_then_attacks_the_rebel(rules, name):
    # a rebel in your region: defeating it pays its reward and needs no casualty check (§9)
    g = blank(rules, 2)
    g.set_units(0, "Kiev", 2)
    g.set_rebels("Kiev", 1, reward=("coins", 2))
    g.start_turn(0, "attack", row=0)
    s = seats(name)
    assert s.choose(g) == MAIN
    g.apply(MAIN)
    assert s.choose(g) == opt_attack(g, "Kiev", REBEL)


def test_builder_extends_its_connected_structures(rules):
    # Kiev holds its church; Chernigov borders Kiev, Novgorod does not: a structure in Chernigov
    # makes a group of 2 regions (Build track space 1), one in Kiev or Novgorod leaves it at 1
    g = blank(rules, 2)
    for region in ("Kiev", "Chernigov", "Novgorod"):
        g.set_units(0, region, 2)
    g.set_structure("Kiev", "church", 0)
    g.start_turn(0, "build", row=1)             # 1 hammer: where you rule it costs 1
    g.apply(MAIN)
    choice = seats("builder").choose(g)
    assert 1040 <= choice < 1100 and (choice - 1040) // 4 == R(g, "Chernigov")


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_musters_where_one_troop_takes_the_rule(rules, name):
    # Volyn is ruled already (2 against none); in Kiev 1 against 1 rules nobody, a second troop
    # (or the leader, who is in supply and counts as a troop) rules it
    g = blank(rules, 2)
    g.set_units(0, "Volyn", 2)
    g.set_units(0, "Kiev", 1)
    g.set_units(1, "Kiev", 1)
    g.start_turn(0, "muster", row=0)
    g.apply(MAIN)
    assert seats(name).choose(g) in (opt_muster(g, "Kiev"), opt_muster(g, "Kiev", leader=True))


def test_trader_taxes_the_good_its_boat_still_has_room_for(rules):
    # the ore column of the boat holds 2 (boards.toml): a third ore stays on the dock, a fish
    # goes on the boat (the Trade track counts goods on the boat)
    g = blank(rules, 2)
    for region, good in (("Kiev", "ore"), ("Volyn", "fish")):
        g.set_units(0, region, 2)
        g.set_region_good(region, True, good=good)
    g.set_player(0, goods={"ore": 2})
    g.start_turn(0, "tax", row=1)               # 2 carts on the 2-player side
    g.apply(MAIN)
    assert seats("trader").choose(g) == opt_tax(g, "Volyn")


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_accomplishes_a_payable_deed_within_the_turn(rules, name):
    # Generous Prince: pay 4 coins, 1 VP and 2 helmets (deeds.toml; «Здійснення Задумів»)
    g = blank(rules, 2)
    g.set_units(0, "Kiev", 2)
    g.set_player(0, coins=4, deeds=["Generous Prince"])
    g.start_turn(0, "tax", row=0)
    play_turn(g, seats(name))
    assert deed(g, "Generous Prince") in g.player(0)["deeds_done"]


def test_predslava_pushes_an_opponent_out_to_rule_her_region(rules):
    # Predslava (leader + 1 troop = 2) against 2 enemy troops in Kiev: nobody rules; moving one
    # of them out with her ability («Предслава») makes her the ruler
    g = blank(rules, 2, leaders=["Predslava", "Agatha"])
    g.set_units(0, "Kiev", 1, leader=True)
    g.set_units(1, "Kiev", 2)
    g.start_turn(0, "tax", row=0)
    choices = play_turn(g, seats("warlord"))
    assert any(1100 <= c < 1240 for c in choices)
    assert g.ruler("Kiev") == 0 and units(g, 1, "Kiev") == 1


def wilson_low(wins, n, z=1.96):
    p = wins / n
    d = 1 + z * z / n
    return (p + z * z / (2 * n) - z * sqrt(p * (1 - p) / n + z * z / (4 * n * n))) / d


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_each_heuristic_beats_three_random_seats(rules, name):
    # 300 four-player games, the heuristic in each seat in turn: it wins at least 95% (the
    # issue's bar), and the Wilson interval's lower end stays above 90%
    pid, wins, n = STRATEGIES[name][0], 0, 300
    for s in range(4):
        ids = [0] * 4
        ids[s] = pid
        weights = np.zeros((4, MAX_WEIGHTS))
        weights[s, :len(default_weights(name))] = default_weights(name)
        out = play_batch(rules, np.arange(s, n, 4) + 123_000, 4, policy_ids=ids, policy_weights=weights)
        wins += int(out["winner"][:, s].sum())
    assert wins / n >= 0.95 and wilson_low(wins, n) > 0.90


def test_solo_attacks_the_rebels_for_the_warfare_lead(rules):
    # Solo («Соло-режим»): your attacks on the Rebels count as attacks on an opponent (a warfare
    # step), and the warfare track pays 3 VP to the first, 1 to the second («Кінець Гри»). At 1
    # step each, one more step turns a 3-3 tie into 3-1: +2 VP of margin. By hand (builder):
    # attacking the Rebels in Kiev (you 3, they 1: you rule it either way) is worth warfare 0.6
    # - casualty risk 0.54 + the swing 2 × deny 1.0 = 2.06; attacking the neutral troop in
    # Chernigov (you 1 against 2: a tie after it) is worth rebel 0.6 + the rule approach
    # (0.35 - 0.12) × rule 1.8 = 1.01. Without the solo term (deny = 0) the neutral troop wins.
    def position():
        g = Game(rules, 1, 2, leaders=["Agatha"], solo_level=1)
        g.clear_board()
        g.set_player(0, coins=0, goods={}, hand=[], warfare=1)
        g.set_player(1, coins=0, goods={}, warfare=1)
        g.set_units(0, "Kiev", 3)
        g.set_units(1, "Kiev", 1)
        g.set_units(0, "Chernigov", 1)
        g.set_neutral("Chernigov", 2)
        g.start_turn(0, "attack", row=0)
        g.apply(MAIN)
        return g

    pid, weights = STRATEGIES["builder"][0], default_weights("builder")
    names = [n for n, _ in STRATEGIES["builder"][1]]
    no_deny = list(weights)
    no_deny[names.index("deny")] = 0.0
    g = position()
    assert CompiledSeats(0, [pid, pid], [weights] * 2).choose(g) == opt_attack(g, "Kiev", 1)
    g = position()
    assert CompiledSeats(0, [pid, pid], [no_deny] * 2).choose(g) == opt_attack(g, "Chernigov", 5)


def planner_seats(seed=0):
    pid = STRATEGIES["planner"][0]
    return CompiledSeats(seed, [pid, pid], [default_weights("planner")] * 2)


def solo_at_first_placement(rules, seed, level):
    g = Game(rules, seed, 2, leaders=["Maria"], solo_level=level)
    s = seats("builder")
    while g.decision_name != "place":
        g.apply(s.choose(g))
    return g


@pytest.mark.parametrize("seed", [3, 4, 5])
def test_planner_never_reads_the_hidden_cards(rules, seed):
    # «Соло-режим»: the Rebels' deck is face up, but the scheme decks and the deed deck are
    # not. The planner's rollouts deal those afresh from what the player knows, so a copy whose
    # hidden cards are dealt differently (Game.redeal_hidden) gets the same placement.
    g = solo_at_first_placement(rules, seed, 2)
    h = g.redeal_hidden(0, seed + 100)
    assert g.decks()[:2] != h.decks()[:2]          # the hidden order really differs
    assert planner_seats(seed).choose(g) == planner_seats(seed).choose(h)


def test_planner_plays_builder_outside_solo(rules):
    # rollouts would see the opponents' hands in a multiplayer game: there it is the builder
    g = Game(rules, 7, 3, leaders=["Maria", "Boris", "Agatha"])
    b = CompiledSeats(0, [STRATEGIES["builder"][0]] * 3, [default_weights("builder")] * 3)
    p = CompiledSeats(0, [STRATEGIES["planner"][0]] * 3, [default_weights("planner")] * 3)
    for _ in range(60):
        if g.decision_name == "none":
            break
        choice = b.choose(g)
        assert p.choose(g) == choice
        g.apply(choice)


def test_planner_with_no_rollouts_is_the_builder(rules):
    # the `rollouts` weight counts the planner's rollouts per option; 0 leaves only the heuristic
    names = [n for n, _ in STRATEGIES["planner"][1]]
    w = default_weights("planner")
    assert w[names.index("rollouts")] >= 1
    w[names.index("rollouts")] = 0.0
    g = solo_at_first_placement(rules, 3, 1)
    pid, bid = STRATEGIES["planner"][0], STRATEGIES["builder"][0]
    assert (CompiledSeats(0, [pid, pid], [w] * 2).choose(g)
            == CompiledSeats(0, [bid, bid], [default_weights("builder")] * 2).choose(g))


@pytest.mark.parametrize("n,level", [(3, 0), (4, 0), (2, 2)])
def test_heuristics_never_read_what_their_seat_cannot_see(rules, n, level):
    # hidden information stays hidden from the policies: at every decision of a game, each
    # heuristic picks the same option on a copy where everything hidden from the deciding seat
    # (others' hands and agendas, the deck orders) is dealt afresh (Game.redeal_hidden)
    g = Game(rules, 40 + n, n, solo_level=level)
    driver = seats("warlord", n, seed=1)
    checked = 0
    while not g.is_over:
        seat = g.current_player
        if g.decision_name != "none" and seat < n and (level == 0 or seat == 0):
            h = g.redeal_hidden(seat, 1000 + checked)
            for name in STRATEGIES:
                if name == "planner" and level == 0:
                    continue                       # plays builder outside solo (tested above)
                assert seats(name, n).choose(g) == seats(name, n).choose(h), (name, g.decision_name)
            checked += 1
        driver.step(g)
    assert checked > 50
