"""The heuristics' pursuit of objective cards and their last turns (issue #14), on constructed
positions.

Rulebook 000 §16 ("ЦІЛІ"): a player reveals an objective card the moment its condition is met
and places a star; only one objective star (Saxony: more, §12). The conditions are the cards of
shared/reference/scythe/cards.md: 2 Underworld Advantage (control 3 territories with a printed
tunnel), 6 Send One Back as a Warning (have forced a retreat, and 7 power), 7 Machine Over Muscle
(a Factory card, a mech on the board, at most 3 workers on it), 17 Divide and Conquer (no
Factory card, control 2 territories next to the Factory), 22 Technological Breakthrough (a
Factory card, no upgrade), 23 Achieve Tactical Mastery (8 combat cards and a combat star).
§20: power and combat cards score nothing at the end. Board cells are those of board.md: the
Factory is 30, next to 23, 24, 29, 31, 37, 38; the printed tunnels are 17, 22, 25, 36, 39, 44;
the tundra 37 steps to 30, 36 (farm, tunnel), 43 (village) and 44 (tundra, tunnel).

The expected values below are the weights of a strategy's vector (default_weights) and the
rules' counts, worked by hand: W_OBJECTIVE / 3 a territory for a card that counts 3 of them,
W_OBJECTIVE / 2 for a card that counts 2, and so on.
"""
from __future__ import annotations

import pytest

from simsuite import _scythe as core
from simsuite.games.scythe.policies import WEIGHT_NAMES, default_weights

from .automa_helpers import HUMAN, place, solo_game

FACTORY = 30
FACTORY_NEIGHBOURS = {23, 24, 29, 31, 37, 38}
TUNNELS = {17, 22, 25, 36, 39, 44}
START, FARM_TUNNEL, VILLAGE = 37, 36, 43
W = dict(zip(WEIGHT_NAMES, default_weights("expert")))


def _game(rules, objectives, human="saxony", **player):
    g = solo_game(rules, human=human, automa="polania", level="automa", mat="patriotic")
    g.set_player(HUMAN, objectives=objectives, popularity=10, power=5, coins=5, **player)
    g.begin_turn(HUMAN)
    return g


def _targets(g, name="expert"):
    return core.heuristic_objective_targets(g, HUMAN, default_weights(name))


@pytest.mark.parametrize("name", ["expert", "economy"])
def test_tunnel_and_factory_neighbour_cards_are_board_targets(rules, name):
    w = dict(zip(WEIGHT_NAMES, default_weights(name)))["objective"]
    cells, _ = _targets(_game(rules, [2, 9]), name)
    assert cells == pytest.approx({c: w / 3 for c in TUNNELS})
    cells, _ = _targets(_game(rules, [17, 9]), name)
    assert cells == pytest.approx({c: w / 2 for c in FACTORY_NEIGHBOURS})
    # 17 asks for no Factory card: holding one, the Factory's neighbours are no target
    cells, _ = _targets(_game(rules, [17, 9], factory_card=1), name)
    assert cells == {}
    # a terrain card (1: mountains) still counts its terrain's territories, 3 of them
    cells, _ = _targets(_game(rules, [1, 9]), name)
    assert len(cells) >= 3 and all(v == pytest.approx(w / 3) for v in cells.values())
    # 9 (Stockpile for the Winter) counts no territories
    assert _targets(_game(rules, [9, 12]), name)[0] == {}


def test_no_objective_left_no_target(rules):
    # §16: one objective star a player; a card still face down after it is pursued only while
    # its star can still come: Saxony's (§12 Dominate: no limit), not Nordic's.
    assert _targets(_game(rules, [2, 9], human="nordic", objective_stars=1))[0] == {}
    assert _targets(_game(rules, [2, 9], human="saxony", objective_stars=1))[0] != {}


def test_factory_card_objectives_pull_toward_the_factory(rules):
    assert _targets(_game(rules, [7, 9]))[1] == pytest.approx(W["objective"] / 2)
    assert _targets(_game(rules, [22, 9]))[1] == pytest.approx(W["objective"] / 2)
    # 22 asks for no upgrade: after one, the Factory card no longer helps it
    g = _game(rules, [22, 9])
    g.set_player(HUMAN, top_cubes=[1, 0, 0, 0, 0, 0])
    assert _targets(g)[1] == 0.0
    assert _targets(_game(rules, [9, 12]))[1] == 0.0


def _step_scores(rules, objectives):
    g = _game(rules, objectives)
    place(g, HUMAN, worker0=START)
    g.apply(0)                                  # section 1: move / upgrade
    g.apply(100)                                # Move
    g.apply([o for o in g.legal_options() if "worker" in g.option_label(o)][0])
    assert g.decision_name == "move_step"
    return dict(core.heuristic_scores(g, default_weights("expert")))


def test_a_worker_step_onto_a_tunnel_counts_for_card_2(rules):
    # The lone worker on the tundra 37 (next to the Factory, no tunnel) steps to the farm 36
    # (a tunnel) or the village 43 (none): with card 2 the tunnel step gains a third of the
    # card's weight over the same step with card 9; the village step is priced the same.
    with2, with9 = _step_scores(rules, [2, 9]), _step_scores(rules, [9, 12])
    assert with2[FARM_TUNNEL] - with9[FARM_TUNNEL] == pytest.approx(W["objective"] / 3)
    assert with2[VILLAGE] == pytest.approx(with9[VILLAGE])
    # with card 17 the worker leaving 37 gives up half of that card's weight, wherever it goes
    with17 = _step_scores(rules, [17, 9])
    assert with17[VILLAGE] - with9[VILLAGE] == pytest.approx(-W["objective"] / 2)


def test_power_to_seven_after_a_forced_retreat_counts_for_card_6(rules):
    ctx = lambda g: core.heuristic_context(g, HUMAN, default_weights("expert"))["power_values"]
    held = ctx(_game(rules, [6, 9], forced_retreat=True))
    other = ctx(_game(rules, [9, 12], forced_retreat=True))
    no_retreat = ctx(_game(rules, [6, 9]))
    # the step from 6 to 7 power is worth W_OBJECTIVE more, and only that step
    assert (held[7] - held[6]) - (other[7] - other[6]) == pytest.approx(W["objective"])
    assert held[9] - held[7] == pytest.approx(other[9] - other[7])
    assert no_retreat == pytest.approx(other)


def test_cards_toward_eight_count_for_card_23_after_a_combat_star(rules):
    ctx = lambda g: core.heuristic_context(g, HUMAN, default_weights("expert"))["cards_values"]
    # 4 cards in hand: each of the 4 still missing carries a quarter of the card's weight
    held = ctx(_game(rules, [23, 9], hand=[4, 0, 0, 0], combat_stars=1))
    other = ctx(_game(rules, [9, 12], hand=[4, 0, 0, 0], combat_stars=1))
    assert held[2] - other[2] == pytest.approx(2 * W["objective"] / 4)
    # no combat star yet: 23 is out of reach of cards alone
    assert ctx(_game(rules, [23, 9], hand=[4, 0, 0, 0])) == pytest.approx(other)


def test_last_turns_fight_on_a_smaller_edge_and_keep_no_cards(rules):
    # Rulebook 003: at level "automa" the 6th star space is 21; with the cube on 20 the next
    # advancing card ends the game, so the seat-adapted clock reads 1 turn left (late = 1).
    # Power and cards left then score nothing (§20): a combat is started with one power point
    # less of an edge, and a card gained is worth nothing; mid-game both are as weighted.
    def ctx(track_pos, name="expert"):
        g = _game(rules, [9, 12], hand=[1, 0, 0, 0])
        g.set_automa(track_pos=track_pos)
        return core.heuristic_context(g, HUMAN, default_weights(name))
    early, last = ctx(0), ctx(20)
    assert early["late"] == 0.0 and last["late"] == 1.0
    assert early["attack_edge"] == pytest.approx(W["attack_edge"])
    assert last["attack_edge"] == pytest.approx(W["attack_edge"] - 1.0)
    assert early["cards_values"][2] == pytest.approx(2 * W["card"])
    assert last["cards_values"][2] == 0.0
    # the strategies that do not read the Automa's clock (weight adapt = 0) do not change
    assert ctx(20, "economy")["cards_values"] == pytest.approx(ctx(0, "economy")["cards_values"])
