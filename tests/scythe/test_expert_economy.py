"""The `expert` strategy's popularity-tier goal in the last turns (issue #14), on constructed
positions.

Rulebook 000 §20 (final scoring): below 7 popularity a player scores 3 coins per star, 2 per
controlled territory and 1 per pair of resources; from 7, 4 / 3 / 2; from 13, 5 / 4 / 3. So
each tier step adds a coin per star, territory and resource pair. The expert (seat-adapted
planning, weight `adapt` > 0) prices the threshold just above its popularity as a goal in its
last 8 turns: 0.3 of the step's expected gain, spread over the points still missing.

The expected gain the heuristics count (h_pop_level): stars 3 + 0.5 x stars held, 6
territories, resource pairs 3 + 0.25 x resources held. In the positions below the seat has no
star and no resource: 3 + 6 + 3 = 12 coins a step, so the goal is 0.3 x 12 = 3.6 coins.
"""
from __future__ import annotations

import pytest

from simsuite.games.scythe.policies import default_weights

from .automa_helpers import HUMAN, core, solo_game

GOAL = 0.3 * (3 + 6 + 3)


@pytest.fixture
def default_goal():
    yield
    core._set_tier_goal(0.3, 8.0)     # the shipped values (heuristics_values.pxi)


def _position(rules, track_pos, popularity):
    # Nordic on Mechanical against the Automa (level automa), four workers on its two start
    # territories; the Automa's cube on `track_pos` sets the turns left (its star card).
    g = solo_game(rules, human="nordic", automa="crimea", level="automa", mat="mechanical")
    a, b = g.rules.data.factions["nordic"].start_cells
    for worker, cell in zip(("worker0", "worker1", "worker2", "worker3"), (a, a, b, b)):
        g.set_unit(HUMAN, worker, cell)
    g.set_player(HUMAN, popularity=popularity, power=3, coins=10)
    g.set_automa(track_pos=track_pos)
    g.begin_turn(HUMAN)
    return g


def _steps(rules, name, track_pos, popularity, goal):
    # The worth of each popularity step k -> k + 1 (h_pop_level) and the turns left.
    core._set_tier_goal(goal, 8.0)
    ctx = core.heuristic_context(_position(rules, track_pos, popularity), HUMAN,
                                 default_weights(name))
    v = ctx["pop_values"]
    return [v[k + 1] - v[k] for k in range(len(v) - 1)], ctx["turns_left"]


def test_the_next_tier_is_a_goal_in_the_last_turns(rules, default_goal):
    # Popularity 5, 6 turns left: 2 points to the 7 threshold, each priced 3.6 / 2 coins more
    # than without the goal; the 13 threshold (a tier beyond the next) gets nothing.
    on, left = _steps(rules, "expert", 16, 5, 0.3)
    off, _ = _steps(rules, "expert", 16, 5, 0.0)
    assert left == 6
    assert on[5] - off[5] == pytest.approx(GOAL / 2)      # 5 -> 6
    assert on[6] - off[6] == pytest.approx(GOAL / 2)      # 6 -> 7
    assert on[7] - off[7] == pytest.approx(0.0)           # 7 -> 8: the goal is reached
    assert on[12] - off[12] == pytest.approx(0.0)         # 12 -> 13
    # one point short: the whole goal rides on it
    on, _ = _steps(rules, "expert", 16, 6, 0.3)
    off, _ = _steps(rules, "expert", 16, 6, 0.0)
    assert on[6] - off[6] == pytest.approx(GOAL)


def test_the_goal_needs_the_turns_to_reach_it(rules, default_goal):
    # A point every other turn at best: 5 points missing (popularity 2) in 6 turns keep
    # 6 / (2 x 5) of the goal; with 13 turns left (beyond the last 8) there is no goal.
    on, left = _steps(rules, "expert", 16, 2, 0.3)
    off, _ = _steps(rules, "expert", 16, 2, 0.0)
    assert left == 6
    assert on[2] - off[2] == pytest.approx(GOAL * 6 / 10 / 5)
    on, left = _steps(rules, "expert", 10, 5, 0.3)
    off, _ = _steps(rules, "expert", 10, 5, 0.0)
    assert left == 13 and on == pytest.approx(off)


def test_a_reached_tier_is_held(rules, default_goal):
    # At 7 popularity with 6 turns left, falling back to 5 loses the goal over the 2 points
    # below the threshold. The next threshold (13: the same 12-coin step) is 6 points away,
    # so 6 turns keep 6 / 12 of its goal, spread over those 6 points (and a point lost
    # sets it back by as much).
    toward_13 = GOAL * 6 / 12 / 6
    on, _ = _steps(rules, "expert", 16, 7, 0.3)
    off, _ = _steps(rules, "expert", 16, 7, 0.0)
    assert on[5] - off[5] == pytest.approx(GOAL / 2 + toward_13)      # 5 -> 6
    assert on[6] - off[6] == pytest.approx(GOAL / 2 + toward_13)      # 6 -> 7
    assert on[7] - off[7] == pytest.approx(toward_13)                 # 7 -> 8


def test_other_strategies_have_no_goal(rules, default_goal):
    # Without the seat-adapted planning (economy: adapt = 0) popularity is priced as before.
    on, _ = _steps(rules, "economy", 16, 5, 0.3)
    off, _ = _steps(rules, "economy", 16, 5, 0.0)
    assert on == off


def _enlist_choice(rules, track_pos, goal):
    # Mechanical's Produce / Enlist section with the top skipped and 5 food on a controlled
    # territory: the Enlist decision (a recruit and its one-time bonus of 2 power, coins,
    # popularity or cards, §9.4). Popularity 6, power 10 (6 short of the power star).
    core._set_tier_goal(goal, 8.0)
    g = _position(rules, track_pos, 6)
    g.set_player(HUMAN, power=10)
    g.set_resources(g.rules.data.factions["nordic"].start_cells[0], {"food": 5})
    g.apply(3)                        # section 4: produce / enlist
    g.apply(0)                        # skip the top action
    g.apply(1)                        # enlist
    assert g.decision_name == "enlist"
    scores = dict(core.heuristic_scores(g, default_weights("expert")))
    return g.option_label(max(scores, key=scores.get))


def test_the_goal_takes_the_popularity_bonus(rules, default_goal):
    # With 6 turns left the +2 popularity bonus lifts the seat from 6 to 8, over the 7
    # threshold: the expert takes it with the goal; without it, the +2 power toward the
    # power star is worth more. With 13 turns left there is no goal and no change.
    assert _enlist_choice(rules, 16, 0.3).endswith("+2 popularity")
    assert _enlist_choice(rules, 16, 0.0).endswith("+2 power")
    assert _enlist_choice(rules, 10, 0.3) == _enlist_choice(rules, 10, 0.0)
