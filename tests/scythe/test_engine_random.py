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


def heuristic_seats(seed, n):
    from simsuite.games.scythe.policies import STRATEGIES, default_weights

    names = [k for k in core.compiled_policy_ids() if k in STRATEGIES]   # the heuristics
    picks = [names[(seed + s) % len(names)] for s in range(n)]
    ids = [core.compiled_policy_ids()[p] for p in picks]
    return ids, [default_weights(p) for p in picks]


def run_heuristic(rules, seeds):
    # The compiled heuristics fight, take Factory cards, have encounters, reveal
    # objectives and end games by the 6th star, which random play rarely does.
    ends = []
    for seed in seeds:
        n = 2 + seed % 4
        ids, w = heuristic_seats(seed, n)
        steps, end, err = core.random_playout(rules, seed, n, policy_ids=ids, weights=w)
        assert err is None, f"seed {seed}, {n} players, policies {ids}: {err}"
        ends.append(end)
    return ends


def test_heuristic_games_keep_every_invariant(rules):
    ends = run_heuristic(rules, range(120))
    assert ends.count("sixth_star") > 100


@pytest.mark.slow
def test_heuristic_games_keep_every_invariant_2000(rules, rules_no_ban):
    run_heuristic(rules, range(5000, 6000))
    run_heuristic(rules_no_ban, range(6000, 7000))


def every_option_keeps_invariants(rules, seeds):
    # At every decision of these games, apply EACH legal option to a copy and
    # check the invariants, so rarely chosen branches are exercised too.
    for seed in seeds:
        n = 2 + seed % 4
        ids, w = heuristic_seats(seed, n)
        g = core.Game(rules, seed, n, log=False)
        seats = core.CompiledSeats(seed, ids, w)
        while not g.is_over:
            for opt in g.legal_options():
                c = g.clone()
                c.apply(opt)
                c.check_invariants()
            seats.step(g)


def test_every_legal_option_keeps_invariants(rules):
    every_option_keeps_invariants(rules, range(3))


@pytest.mark.slow
def test_every_legal_option_keeps_invariants_many_games(rules):
    every_option_keeps_invariants(rules, range(100, 160))
