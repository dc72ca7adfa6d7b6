"""The compiled heuristic strategies (ext/imperial_settlers/heuristics.pxi): each beats the
random policy in at least 95% of games (the Wilson interval's lower bound), and the key
choices are right on constructed positions: production early and VP late, a resource traded
for when the hand needs it, a defence token (or a Japanese samurai) on the location an
opponent can raze, the razer's target. Positions are built with the rule tests' helpers;
expected choices are reasoned from the rulebook, not read from the weights.
"""
from __future__ import annotations

import numpy as np
import pytest

from simsuite import _imperial_settlers as core
from simsuite.games.base import cyclic_deal
from simsuite.games.imperial_settlers.policies import STRATEGIES, default_weights
from simsuite.policies import MAX_WEIGHTS
from simsuite.reporting.stats import wilson_interval
from tests.imperial_settlers.helpers import position, rules

HEURISTICS = sorted(STRATEGIES)


def choose(g, policy):
    """The option the policy picks for the seat to move (as a label)."""
    seat = g.current_player
    ids = [0] * g.n_players
    weights = [[0.0] * MAX_WEIGHTS for _ in range(g.n_players)]
    ids[seat] = STRATEGIES[policy][0]
    weights[seat] = default_weights(policy)
    return g.option_label(core.CompiledSeats(1, ids, weights).choose(g))


@pytest.mark.parametrize("policy", HEURISTICS)
def test_each_strategy_beats_random_in_95_percent_of_games(policy):
    # 2 players, every faction pairing, the heuristic in each seat equally often.
    games = 800
    index = np.arange(games, dtype=np.int64)
    seeds = (index.astype(np.uint64) + np.uint64(1)) * np.uint64(0x9E3779B97F4A7C15)
    factions = cyclic_deal(index // 2, [4], 2)[0]
    wins = 0
    for seat in (0, 1):
        sel = index % 2 == seat
        ids = [0, 0]
        ids[seat] = STRATEGIES[policy][0]
        w = np.zeros((2, MAX_WEIGHTS))
        w[seat] = default_weights(policy)
        out = core.play_batch(rules(), seeds[sel], 2, factions[sel], ids, w)
        wins += int(out["winner"][:, seat].sum())
    low, _ = wilson_interval(wins, games, 0.95)
    assert low >= 0.95, (policy, wins, games)


def test_production_early_victory_points_late():
    # Round 1: a production location (Old Forest, 2 wood in each later production phase) beats
    # a feature of the same price (Gallows); in the last round no production phase is left,
    # so Monument (1 stone, produces 1 VP when built) is the better build.
    g = position(["romans", "barbarians"], tokens={"wood": 2})
    g.give_card(0, "Old Forest")        # 2 wood: produces 2 wood in each later round
    g.give_card(0, "Gallows")           # 2 wood: a feature
    g.start_actions(0)
    assert choose(g, "engine") == "build Old Forest"
    g.set_round(5)
    g.set_tokens(0, wood=2, stone=1)
    g.give_card(0, "Monument")          # 1 stone: 1 VP like the others, and leaves the wood
    g.start_actions(0)
    assert choose(g, "engine") == "build Monument"


def test_a_resource_the_hand_needs_is_traded_for():
    # With an Old Forest (2 wood) in hand and only 2 workers, the engine trades the workers
    # for the wood it lacks rather than for a card (planning: the need weight).
    g = position(["barbarians", "romans"], tokens={"worker": 2})
    g.give_card(0, "Old Forest")
    g.start_actions(0)
    assert choose(g, "engine") == "trade 2 workers for wood"


def test_defence_token_on_the_location_an_opponent_can_raze():
    g = position(["romans", "barbarians"], tokens={"defence": 1})
    g.add_location(0, "Village")
    g.add_location(0, "Old Forest")     # the dearer of the two
    g.set_tokens(1, raze=2)             # the opponent can raze now
    g.start_actions(0)
    assert choose(g, "engine") == "defence token on Old Forest"


def test_no_guard_when_nobody_can_raze_in_the_last_round():
    g = position(["romans", "barbarians"], tokens={"defence": 1})
    g.add_location(0, "Old Forest")
    g.set_round(5)
    g.start_actions(0)
    assert choose(g, "engine") != "defence token on Old Forest"


def test_japanese_guard_a_faction_location_with_a_samurai():
    # The Japanese rule: a worker becomes a samurai on a faction location (which, for them,
    # can be razed); with an opponent holding raze tokens the heuristic places one.
    g = position(["japanese", "barbarians"], tokens={"worker": 1})
    slot = g.add_location(0, "Sake Brewery")   # a Japanese faction location
    g.set_tokens(1, raze=3)
    g.start_actions(0)
    label = choose(g, "engine")
    assert label == f"samurai on {g.player(0)['locations'][slot]['name']}"


def test_the_razer_razes_the_opponents_best_location():
    g = position(["romans", "barbarians"], tokens={"raze": 2})
    g.add_location(1, "Village")
    g.add_location(1, "Old Forest")
    g.start_actions(0)
    assert choose(g, "razer") == "raze Old Forest of seat 1"


def test_solo_keeps_its_faction_locations_when_building():
    # Solo goal ("ОДИНОЧНАЯ ИГРА"): more faction locations than the opponent's trophies. A
    # faction card's build discards a location; in round 4 a 2-player engine gives up Gardens
    # (2 VP, an effect no source gives) rather than Old Forest (1 VP + one more 2-wood
    # production), but solo it keeps the faction location, which counts towards the goal.
    for factions, kept in ((["romans"], "Gardens"), (["romans", "barbarians"], "Old Forest")):
        g = position(factions, tokens={"food": 1})
        g.set_round(4)
        g.add_location(0, "Gardens")
        g.add_location(0, "Old Forest")
        g.give_card(0, "Legion")            # 1 food + a location discarded
        g.start_actions(0)
        g.apply(next(o for o in g.legal_options() if g.option_label(o) == "build Legion"))
        gone = choose(g, "engine").split(" (")[0]
        assert gone != kept, (factions, gone)
