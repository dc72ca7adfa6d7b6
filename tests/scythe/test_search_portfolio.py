"""The search's mid-game style selection (ext/scythe/search.pxi search_portfolio) and the seat's
row of expert's weights table as its base (`table`): the weights a style plays, that the
selection reads only the seat's view, and that games stay reproducible."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from simsuite.games.scythe import policies as pol
from simsuite.games.scythe.automa_data import LEVELS
from simsuite.games.scythe.data import load_data
from simsuite.games.scythe.lineups import seat_context, table_keys
from simsuite.policies.tables import load_table

from .conftest import core
from .test_search import SEARCH, midgame, rows_on_one_and_two_jobs, search_choice, search_weights

PORTFOLIO = dict(portfolio=4, solo_portfolio=4, portfolio_every=1, styles=len(pol.SEARCH_STYLES))


def expert_table():
    data = load_data()
    keys = table_keys(data.factions, data.mats)
    return load_table(Path(pol.__file__).parent / "tables" / "expert.toml", "expert",
                      pol.WEIGHT_NAMES, pol.default_weights("expert"), list(keys), keys)


def test_styles_are_factors_on_the_seat_base(rules):
    game = midgame(rules, 4, 2, turns=4)
    expert = pol.default_weights("expert")
    assert core.search_seat_weights(game, 0, search_weights(table=0), 0) == pytest.approx(expert)
    for style, (_, factors) in enumerate(pol.SEARCH_STYLES):
        got = core.search_seat_weights(game, 0, search_weights(table=0), style)
        want = [w * factors.get(name, 1.0) for name, w in zip(pol.WEIGHT_NAMES, expert)]
        assert got[:len(want)] == pytest.approx(want)
    with pytest.raises(ValueError, match="style"):
        core.search_seat_weights(game, 0, search_weights(), len(pol.SEARCH_STYLES))


@pytest.mark.parametrize("automa,mat", [("automa", "industrial"), ("automa", "engineering"),
                                        (None, "industrial"), (None, "patriotic"),
                                        ("ultimaszyna", "agricultural")])
def test_table_gives_the_seat_its_row_of_experts_table(rules, automa, mat):
    # table = 1: the seat's base is the row of tables/expert.toml its game, mat and Automa
    # level select (solo rows against the Automa, the others in player games), else expert's
    # defaults.
    kwargs = {"automa": automa} if automa else {}
    mats = [mat, None if automa else "agricultural"]
    game = core.Game(rules, 5, 2, ["saxony", "polania"], mats, log=False, **kwargs)
    result = game.result()
    seat = result["mat"].index(mat)
    faction = result["faction"][seat]
    level = LEVELS.index(automa) if automa else -1
    row = expert_table().vector(seat_context(2, faction, mat, level))
    assert core.search_seat_weights(game, seat, search_weights(table=1)) == pytest.approx(list(row))
    assert core.search_seat_weights(game, seat, search_weights(table=0)) == \
        pytest.approx(pol.default_weights("expert"))
    # a solo row is not the player-game row, and Ultimaszyna has rows of its own (session 38)
    other = expert_table().vector(seat_context(2, faction, mat, -1 if automa else 1))
    assert list(row) != list(other)
    if automa == "ultimaszyna":
        assert list(row) != list(expert_table().vector(seat_context(2, faction, mat, 1)))


def test_an_unreachable_gain_keeps_the_base_style(rules):
    # portfolio_z = 1e9: no style's paired gain clears it, so the seat plays expert's move.
    game = midgame(rules, 8, 2, turns=6)
    heuristic = core.CompiledSeats(123, [5, 5], [pol.default_weights("expert")] * 2).choose(game)
    core.search_style_counts(reset=True)
    assert search_choice(game, **PORTFOLIO, portfolio_z=1e9, table=0) == heuristic
    counts = core.search_style_counts(reset=True)
    assert sum(counts) == 1 and counts[0] == 1


@pytest.mark.parametrize("n_players,automa", [(3, None), (2, "automa")])
def test_no_peeking_hidden_cards_do_not_change_the_style(rules, n_players, automa):
    # Same view, different hidden cards: the same style is selected and the same move made,
    # and the selection really compared styles (a negative z takes the best style's bound).
    game = midgame(rules, 21, n_players, turns=9, automa=automa)
    seat = game.current_player
    knobs = dict(PORTFOLIO, portfolio=6, solo_portfolio=6, portfolio_z=-0.5)
    core.search_style_counts(reset=True)
    choice = search_choice(game, **knobs)
    counts = core.search_style_counts(reset=True)
    assert sum(counts) == 1
    for seed in range(3):
        other = core.redeal_hidden(game, seat, 2000 + seed)
        assert other.observation(seat) == game.observation(seat)
        assert search_choice(other, **knobs) == choice
        assert core.search_style_counts(reset=True) == counts


def test_selection_waits_portfolio_every_own_turns(rules):
    # portfolio_every = 1000: one selection in a game (at the seat's first turn).
    w = np.array([search_weights(simulations=4, portfolio=2, portfolio_every=1000),
                  pol.default_weights("expert")])
    core.search_style_counts(reset=True)
    core.play_batch(rules, [31], 2, policy_ids=[SEARCH.id, 5], policy_weights=w)
    assert sum(core.search_style_counts(reset=True)) == 1
    w[0] = search_weights(simulations=4, portfolio=2, portfolio_every=1)
    core.play_batch(rules, [31], 2, policy_ids=[SEARCH.id, 5], policy_weights=w)
    assert sum(core.search_style_counts(reset=True)) > 3


def test_portfolio_games_are_the_same_on_replay_for_every_player_count(rules):
    # (hard_endgame = -1: at Ultimaszyna too the selection runs before the endgame)
    knobs = dict(simulations=4, portfolio=2, solo_portfolio=2, portfolio_every=2, table=1,
                 hard_endgame=-1)
    for n, automa in ((2, None), (4, None), (5, None), (2, "ultimaszyna")):
        ids = [SEARCH.id] + [5] * (n - 1)
        w = np.array([search_weights(**knobs)] + [pol.default_weights("expert")] * (n - 1))
        extra = {"automa": automa} if automa else {}
        a = core.play_batch(rules, [3, 4], n, policy_ids=ids, policy_weights=w, **extra)
        b = core.play_batch(rules, [4], n, policy_ids=ids, policy_weights=w, **extra)
        assert set(a["end_reason"]) <= {1, 2}
        assert a["score"][1].tolist() == b["score"][0].tolist()
        assert a["decisions"][1] == b["decisions"][0]


@pytest.mark.parametrize("automa", [None, "automa"])
def test_against_the_automa_the_selection_takes_solo_portfolio_rollouts(rules, automa):
    # portfolio applies in player games, solo_portfolio against the Automa (search.pxi
    # search_game_knobs): the selection runs only where its own knob is above 0.
    game = midgame(rules, 21, 2, turns=9, automa=automa)
    selections = []
    for knobs in (dict(portfolio=4, solo_portfolio=0), dict(portfolio=0, solo_portfolio=4)):
        core.search_style_counts(reset=True)
        search_choice(game, **dict(PORTFOLIO, **knobs))
        selections.append(sum(core.search_style_counts(reset=True)))
    assert selections == ([0, 1] if automa else [1, 0])


def test_one_job_and_two_jobs_give_identical_rows_with_the_portfolio(tmp_path):
    rows = rows_on_one_and_two_jobs(tmp_path, 4, 5, "{ simulations = 8, portfolio = 2, table = 1 }",
                                    "expert")
    assert rows[0].height == 8
    assert rows[0].equals(rows[1])


@pytest.mark.parametrize("automa,hard_endgame", [("ultimaszyna", 0), ("ultimaszyna", -1),
                                                 ("automa", 0)])
def test_the_selection_also_runs_when_every_turn_is_searched(rules, automa, hard_endgame):
    # At the hard levels every turn is searched by default (hard_endgame = 0: endgame 0 there);
    # the style selection then runs all game too, its style being the seat's play in its own
    # play-outs (search.pxi search_choose). At the normal level hard_endgame does not apply,
    # and with endgame = 4 and no seat near 4 stars the turn is not searched, only selected.
    game = midgame(rules, 21, 2, turns=3, automa=automa)
    assert max(game.result()["stars"]) < 4
    knobs = dict(PORTFOLIO, endgame=4, hard_from=3, hard_endgame=hard_endgame, hard_budget=1,
                 simulations=8)
    core.search_style_counts(reset=True)
    for solo_portfolio, selections in ((4, 1), (0, 0)):
        search_choice(game, **dict(knobs, solo_portfolio=solo_portfolio))
        assert sum(core.search_style_counts(reset=True)) == selections
