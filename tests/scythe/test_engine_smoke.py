"""Smoke tests of the compiled Scythe core: it builds, sets up and plays."""
from simsuite import _scythe as core


def test_random_playouts_keep_invariants(rules):
    # Every invariant (pieces, ranges, star limits, decks, legal options) is
    # checked in C after every step of these random games.
    for seed in range(20):
        steps, end, err = core.random_playout(rules, seed, 2 + seed % 4)
        assert err is None, err
        assert end in ("sixth_star", "turn_cap")
        assert steps > 0
