"""ext/scythe/search_hybrid.py, the benchmark tool that measures what the search's choices of some
decision kinds are worth to a heuristic against the Automa (BENCHMARKS.md "Policy strength",
session 35)."""
from __future__ import annotations

import pytest

from simsuite.errors import UserError
from simsuite.scenario import load_scenario

from .ext_tools import REPO, load_tool

search_hybrid = load_tool("search_hybrid")

SCENARIO = load_scenario(REPO / "scenarios" / "scythe" / "expert-ultimaszyna.toml")


def test_without_kinds_the_game_is_the_scenarios_own():
    # The search takes nothing: both plays are the scenario's game, margin for margin.
    alone, changed = search_hybrid.play(SCENARIO, 0)
    assert changed == 0
    assert search_hybrid.play(SCENARIO, 0, frozenset({"no_such_decision"}), 4) == (alone, 0)


def test_a_hybrid_repeats_itself_and_counts_its_changes():
    # The first Upgrade only (game turns 1-6), a small budget: the same game twice, the search
    # drawing from its own stream; it cannot change more Upgrades than the seat makes in 3 turns.
    kinds = frozenset({"upgrade"})
    first = search_hybrid.play(SCENARIO, 0, kinds, 4, 6)
    assert first == search_hybrid.play(SCENARIO, 0, kinds, 4, 6)
    assert 0 <= first[1] <= 3
    rows = search_hybrid.measure(SCENARIO, 1, kinds, 4, 6)
    assert rows == [(search_hybrid.play(SCENARIO, 0)[0], first[0], first[1])]


def test_deals_played_in_parallel_give_the_same_rows_in_order():
    # Each deal is played alone from its own seeds: two processes report what one does.
    kinds = frozenset({"upgrade"})
    one = search_hybrid.measure(SCENARIO, 2, kinds, 4, 6, first=1)
    assert search_hybrid.measure(SCENARIO, 2, kinds, 4, 6, first=1, jobs=2) == one
    assert one[0] == search_hybrid._pair(SCENARIO, 1, kinds, 4, 6)


def test_bad_input_is_refused_in_one_line():
    with pytest.raises(UserError, match=r"\[automa\] table"):
        search_hybrid.main(str(REPO / "scenarios" / "scythe" / "scythe-2p.toml"), 1, "upgrade")
    with pytest.raises(UserError, match="decision kind"):
        search_hybrid.main(str(REPO / "scenarios" / "scythe" / "expert-ultimaszyna.toml"), 1, ",")


def test_step_filters_split_the_steps_by_whether_units_go_into_enemy_units():
    # Three options of one move_step decision as (option, score, features): only option 1
    # steps into enemy units (feature INTO_ENEMY). Hand-derived: choosing 1 is a "refuse"
    # decision for the search (it may refuse the policy's attack), choosing 0 an "extra" one
    # (it may attack where the policy does not); both are "attack" decisions; a decision
    # without such an option is "quiet" and nothing else.
    def feats(into):
        f = [0.0] * 11
        f[search_hybrid.INTO_ENEMY] = into
        return f
    opts = [(0, 1.0, feats(0)), (1, 2.0, feats(1)), (2, 0.5, feats(0))]
    passes = search_hybrid._step_passes
    assert [passes(k, opts, 1) for k in search_hybrid.STEP_FILTERS] == [True, True, False, False]
    assert [passes(k, opts, 0) for k in search_hybrid.STEP_FILTERS] == [True, False, True, False]
    calm = [(0, 1.0, feats(0)), (2, 0.5, feats(0))]
    assert [passes(k, calm, 0) for k in search_hybrid.STEP_FILTERS] == [False, False, False, True]


def test_a_filtered_hybrid_repeats_itself():
    # The search takes the quiet steps of game turns 1-8 only, at a small budget: the same
    # game twice (the filter reads the position, not a stream).
    kinds = frozenset({"move_step:quiet"})
    first = search_hybrid.play(SCENARIO, 0, kinds, 4, 8)
    assert first == search_hybrid.play(SCENARIO, 0, kinds, 4, 8)
    assert first[1] >= 0


def test_a_filter_on_another_kind_or_an_unknown_filter_is_refused():
    for kinds in ("upgrade:attack", "move_step:sometimes"):
        with pytest.raises(UserError, match="only move_step takes a filter"):
            search_hybrid.main(str(REPO / "scenarios" / "scythe" / "expert-ultimaszyna.toml"), 1,
                               kinds)
