"""Random-play invariants (DESIGN.md "Testing habits"): after every step troops, structures,
goods, coins and cards are conserved and never negative, claim markers never move down, the
player to move has options; a clone is unchanged by a step on the original; a game replays
identically from (seed, options). Claim markers move only as «Фаза Досягнень» moves them: never
down, and only on the step that ends the action phase (into the claim phase, or the game's end
after round 4)."""
import random

import pytest

import numpy as np

from simsuite._rurik import Game, play_batch, random_playout


def play_checked(rules, seed, n, solo_level=0):
    g = Game(rules, seed, n, log=False, solo_level=solo_level)
    rnd = random.Random(seed)
    options = []
    while not g.is_over:
        g.check_invariants()
        before = [dict(g.player(s)["claims"]) for s in range(n)]
        phase = g.phase
        opts = g.legal_options()
        assert opts and opts == sorted(set(opts))
        o = rnd.choice(opts)
        if len(options) % 37 == 0:
            clone = g.clone()
            snapshot = clone.state()
            g.apply(o)
            assert clone.state() == snapshot
        else:
            g.apply(o)
        options.append(o)
        moved = False
        for s in range(n):
            for t, v in g.player(s)["claims"].items():
                assert v >= before[s][t]
                moved |= v != before[s][t]
        if moved:
            assert phase == "actions" and g.phase in ("claim", "over")
    g.check_invariants()
    return g, options


def replay(rules, seed, n, options, solo_level=0):
    g = Game(rules, seed, n, log=False, solo_level=solo_level)
    for o in options:
        g.apply(o)
    return g


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_keep_the_invariants(rules, n):
    for seed in range(n - 2, 500, 3):          # 167 + 167 + 166 = 500 games
        play_checked(rules, 1000 * n + seed, n)


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_random_solo_games_keep_the_invariants(rules, level):
    for seed in range(100):
        play_checked(rules, 7000 * level + seed, 2, solo_level=level)


def test_replay_from_seed_and_options_is_identical(rules):
    for seed in (3, 17):
        g, options = play_checked(rules, seed, 4)
        h = replay(rules, seed, 4, options)
        assert h.state() == g.state() and h.result() == g.result()
    g, options = play_checked(rules, 9, 2, solo_level=4)
    assert replay(rules, 9, 2, options, solo_level=4).state() == g.state()


def test_compiled_random_play_is_deterministic(rules):
    a, b = (play_batch(rules, np.arange(20), 3) for _ in range(2))
    assert all(np.array_equal(a[k], b[k]) for k in a)


def test_compiled_play_keeps_the_invariants_at_every_step(rules):
    # the C loop with game_check after every step (ext/common/play.pxi play_checked)
    for seed in range(200):
        assert random_playout(rules, seed, 2 + seed % 3)[1] is None
        assert random_playout(rules, seed, 2, solo_level=1 + seed % 4)[1] is None
        assert random_playout(rules, seed, 4, policy_ids=[1, 2, 3, 0])[1] is None


@pytest.mark.slow
def test_ten_thousand_random_games_keep_the_invariants(rules):
    for seed in range(10_000):
        play_checked(rules, 50_000 + seed, 2 + seed % 3)
    for seed in range(2_000):
        play_checked(rules, 90_000 + seed, 2, solo_level=1 + seed % 4)


def test_observation_hides_other_players_hands_and_agendas(rules):
    g, _ = play_checked(rules, 5, 3)
    for seat in range(3):
        view = g.observation(seat)
        for s, p in enumerate(view["players"]):
            if s == seat:
                assert isinstance(p["hand"], list)
            else:
                assert isinstance(p["hand"], int) and p["agenda"] is None
        assert "deck" not in view and view["deck_sizes"] == [len(d) for d in g.decks()[:2]]
