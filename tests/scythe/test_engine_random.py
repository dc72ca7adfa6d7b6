"""Random-play invariant runs (DESIGN.md testing habits): every invariant is
checked in C after every step (pieces accounted for, value ranges, star limits,
decks conserved, one player per territory outside combat, legal options while
the game is not over)."""
import pytest

from simsuite import _scythe as core


def run(rules, seeds):
    for seed in seeds:
        n = 2 + seed % 4
        steps, end, err = core.random_playout(rules, seed, n)
        assert err is None, f"seed {seed}, {n} players: {err}"
        assert end in ("sixth_star", "turn_cap"), (seed, end)


def test_random_games_keep_every_invariant(rules):
    run(rules, range(500))


def test_random_games_keep_invariants_with_short_games_and_no_bans(data):
    # a small turn cap ends many games mid-way; no bans deals the forbidden pairs too
    rules = core.Rules(data, ban_pairs=False, turn_cap=37, camaraderie_on_move=True)
    run(rules, range(1000, 1200))


@pytest.mark.slow
def test_random_games_keep_every_invariant_10000(rules):
    run(rules, range(10_000, 20_000))
