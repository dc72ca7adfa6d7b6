"""Random-play invariants (DESIGN "Testing habits"): at every step every card is in exactly one
place (deck, discard, display, hand, empire, deals, trophies), no token count is negative,
the player to move has options, a clone is unchanged by a step on the original; games last
exactly 5 rounds; a game replays exactly from (seed, options); hands stay hidden.
"""
import random

import pytest

from simsuite import _imperial_settlers as core
from tests.imperial_settlers.helpers import rules, random_playout

FACTIONS = ["barbarians", "romans", "egyptians", "japanese"]


def random_game(seed, variants=None):
    rnd = random.Random(seed)
    fac = rnd.sample(FACTIONS, rnd.randint(1, 4))
    g = core.Game(rules(**(variants or {})), seed, fac, log=False)
    steps = 0
    while not g.is_over:
        opts = g.legal_options()
        assert opts and opts == sorted(set(opts)), (seed, g.decision_name, opts)
        problems = g.problems()
        assert not problems, (seed, g.round, g.phase, g.decision_name, problems)
        before = g.clone()
        snapshot = before.state_bytes()
        g.apply(rnd.choice(opts))
        assert before.state_bytes() == snapshot, (seed, "clone changed by a step on the original")
        steps += 1
    assert g.problems() == []
    assert g.round == 5
    return g, steps


def run(seeds, variants=None):
    for seed in seeds:
        random_game(seed, variants)


def test_random_play_invariants_500_games():
    run(range(500))


@pytest.mark.parametrize("variants", [{"lookout": "alternative"}, {"lookout": "advanced"}, {"peaceful": True}])
def test_random_play_invariants_variants(variants):
    run(range(60), variants)


@pytest.mark.slow
def test_random_play_invariants_10000_games():
    run(range(10_000))


def test_replay_from_seed_and_options_is_identical():
    for seed in (3, 17, 101):
        fac = ["japanese", "romans", "egyptians"][: 1 + seed % 3]
        g, chosen = random_playout(rules(), seed, fac, log=True)
        r = core.Game(rules(), seed, fac, log=True)
        for o in chosen:
            r.apply(o)
        assert r.is_over
        assert r.state_bytes() == g.state_bytes()
        assert r.events() == g.events() and r.result() == g.result()


def test_batch_loop_plays_the_same_games():
    fac = ["romans", "barbarians", "japanese"]
    factions = [[FACTIONS.index(f) for f in fac]] * 20
    out = core.play_batch(rules(), range(20), 3, factions)
    for seed in range(20):
        g, chosen = random_playout(rules(), seed, fac)
        assert [s["score"] for s in g.result()["seats"]] == out["score"][seed].tolist()
        assert out["decisions"][seed] == g.n_decisions
    assert out["decisions"].sum() > 20 * 50


def test_observation_hides_other_hands():
    g = core.Game(rules(), 5, ["romans", "barbarians", "japanese"])
    while g.round < 3:
        g.apply(g.legal_options()[0])
    for seat in range(3):
        obs = g.observation(seat)
        for q, view in enumerate(obs["players"]):
            assert ("hand" in view) == (q == seat)
            assert view["hand_size"] == len(g.player(q)["hand"])
        assert obs["players"][seat]["hand"] == g.player(seat)["hand"]
    # Another player's hand content does not change what seat 0 sees (only its size does).
    other = g.clone()
    other.clear_hand(1)
    a, b = g.observation(0), other.observation(0)
    a["players"][1].pop("hand_size"); b["players"][1].pop("hand_size")
    a.pop("common_discard"); b.pop("common_discard")
    a.pop("decision"); b.pop("decision")
    assert a == b


def test_provisional_share_is_reported():
    g, _ = random_playout(rules(), 9, ["barbarians", "romans"])
    r = g.result()
    played = sum(s["played"] for s in r["seats"])
    prov = sum(s["played_provisional"] for s in r["seats"])
    assert played > 0 and r["provisional_share"] == prov / played
