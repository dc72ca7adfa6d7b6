"""Whole solo games against the Automa: invariants, determinism, the batch loop, and the
difficulty order of the four star cards (seed 003 p.2, p.12; digest §5)."""
from __future__ import annotations

import numpy as np
import pytest

from simsuite.games.scythe.policies import default_weights
from simsuite.policies import MAX_WEIGHTS
from simsuite.rng import Stream, derive_seed
from tests.scythe.automa_helpers import AUTOMA, HUMAN, core, solo_game

LEVELS = ("autometta", "automa", "automaszyna", "ultimaszyna")
FACTIONS = ("nordic", "rusviet", "polania", "crimea", "saxony")


def random_solo(rules, seed, level, check=True, options=None):
    """A solo game with the random policy on the human's seat stream, stepped in Python."""
    g = core.Game(rules, seed, 2, None, None, automa=level, automa_options=options)
    stream = Stream(derive_seed(seed, 1 + HUMAN))
    while not g.is_over:
        if check:
            g.check_invariants()
        opts = g.legal_options()
        assert g.current_player == HUMAN
        g.apply(opts[stream.below(len(opts))])
    g.check_invariants()
    return g


@pytest.mark.parametrize("level", LEVELS)
def test_random_games_keep_every_invariant(rules, level):
    # DESIGN.md testing habits: invariants after every step; the Automa never decides and
    # every game ends by a 6th star.
    for seed in range(12):
        g = random_solo(rules, 100 + seed, level)
        assert g.end_reason == "sixth_star"
        assert g.mat_name(AUTOMA) is None and g.faction_name(HUMAN) != g.faction_name(AUTOMA)


def test_optional_rules_keep_every_invariant(rules):
    opts = {"skip_turns": True, "coin_modifier": -1, "power_modifier": 2, "move_check": True,
            "placement_check": True, "all_moves": True}
    for seed in range(6):
        random_solo(rules, 300 + seed, "automaszyna", options=opts)


def test_same_seed_same_game_and_clone_independence(rules):
    a = random_solo(rules, 77, "automa", check=False)
    b = random_solo(rules, 77, "automa", check=False)
    assert a.decisions == b.decisions and a.result() == b.result()
    assert a.raw_events() == b.raw_events()
    g = core.Game(rules, 5, 2, ["crimea", "rusviet"], ["agricultural", None], automa="automa")
    c = g.clone()
    before = c.automa_state()
    while g.turn < 6:
        g.apply(g.legal_options()[0])
    assert c.automa_state() == before and g.automa_state() != before


def test_batch_equals_the_stepped_game(rules):
    # The C batch loop plays the same games as the Python Game (random policy, same streams).
    seeds = np.arange(8, dtype=np.uint64) + 500
    fac = np.full((8, 2), -1, dtype=np.int8)
    mat = np.full((8, 2), -1, dtype=np.int8)
    res = core.play_batch(rules, seeds, 2, fac, mat, np.zeros(2, np.int32), np.zeros((2, MAX_WEIGHTS)),
                          automa="automaszyna")
    assert list(res["automa_level"]) == [2] * 8
    for i, seed in enumerate(seeds):
        g = random_solo(rules, int(seed), "automaszyna", check=False)
        r = g.result()
        assert list(res["score"][i]) == r["score"]
        assert list(res["rank"][i]) == r["rank"]
        assert res["game_turns"][i] == r["turns"]
        assert res["mat"][i][AUTOMA] == -1


def test_batch_input_errors(rules):
    from simsuite.errors import UserError
    seeds = np.arange(2, dtype=np.uint64)
    with pytest.raises(UserError, match="2 seats"):
        core.play_batch(rules, seeds, 3, automa="automa")
    with pytest.raises(UserError, match="unknown Automa difficulty 'hard-ish'"):
        core.play_batch(rules, seeds, 2, automa="hard-ish")
    with pytest.raises(UserError, match="unknown option 'skip'"):
        core.play_batch(rules, seeds, 2, automa="automa", automa_options={"skip": True})
    with pytest.raises(UserError, match="the Automa has no player mat"):
        core.Game(rules, 1, 2, ["crimea", "rusviet"], ["agricultural", "industrial"], automa="automa")
    with pytest.raises(UserError, match="automa_options given without automa"):
        core.Game(rules, 1, 2, automa_options={"all_moves": True})


def test_automa_faction_is_never_the_humans(rules):
    for seed in range(30):
        g = core.Game(rules, seed, 2, ["crimea", None], None, automa="automa")
        assert g.faction_name(AUTOMA) != "crimea"
    from simsuite.errors import UserError
    with pytest.raises(UserError):
        core.Game(rules, 1, 2, ["crimea", "crimea"], None, automa="automa")


def win_rates(rules, policy, games, seed=9000):
    ids = core.COMPILED_POLICIES
    w = np.zeros((2, MAX_WEIGHTS))
    w[0, :len(default_weights(policy))] = default_weights(policy)[:MAX_WEIGHTS]
    out = []
    for level in range(4):
        seeds = np.arange(games, dtype=np.uint64) + seed
        res = core.play_batch(rules, seeds, 2, None, None, np.array([ids[policy], 0], np.int32), w,
                              automa=level)
        out.append(float(res["winner"][:, HUMAN].mean()))
    return out


@pytest.mark.parametrize("policy", ["economy", "aggressor"])
def test_difficulty_order_quick(rules, policy):
    # Seed 003 p.12: Autometta is for beginners, the Automa card is normal, Automaszyna for
    # experienced players, Ultimaszyna for the best: the human's win rate falls in that
    # order. (Quick version: no level easier than the one before it.)
    rates = win_rates(rules, policy, 120)
    assert rates[0] > rates[1] >= rates[2] >= rates[3]
    assert rates[0] > rates[3]


@pytest.mark.slow
@pytest.mark.parametrize("policy", ["economy", "star_rush", "aggressor", "diplomat"])
def test_difficulty_order(rules, policy):
    rates = win_rates(rules, policy, 1500, seed=123456)
    assert rates[0] > rates[1] > rates[2] > rates[3], rates
