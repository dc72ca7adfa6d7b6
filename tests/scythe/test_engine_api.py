"""The Python API of simsuite._scythe: decisions, clone, replay, observation,
batch play and the compiled / Python policy equivalence (DESIGN.md principles 2-4)."""
import json

import numpy as np
import pytest

from simsuite import _scythe as core
from simsuite.errors import UserError
from simsuite.policies import MAX_WEIGHTS
from simsuite.rng import Stream, derive_seed


class PyRandom:
    """The random policy written in Python: must give the compiled policy's games."""

    def choose(self, view, options, stream):
        return options[stream.below(len(options))]


def play_python(rules, seed, n, steps=None):
    g = core.Game(rules, seed, n)
    streams = [Stream(derive_seed(seed, 1 + s)) for s in range(n)]
    k = 0
    while not g.is_over and (steps is None or k < steps):
        o = g.legal_options()
        g.apply(o[streams[g.current_player].below(len(o))])
        k += 1
    return g


def test_options_are_sorted_and_illegal_options_raise(rules):
    g = core.Game(rules, 4, 3)
    opts = g.legal_options()
    assert opts == sorted(opts) and len(opts) >= 2
    with pytest.raises(ValueError, match=r"not legal for decision 'section'.*legal options: \["):
        g.apply(99)
    before = g.state()
    with pytest.raises(ValueError):
        g.apply("x")
    assert g.state() == before
    assert all(isinstance(g.option_label(o), str) for o in opts)


def test_clone_is_independent(rules):
    g = play_python(rules, 8, 3, steps=60)
    c = g.clone()
    before = g.state()
    st = Stream(3)
    for _ in range(40):
        if c.is_over:
            break
        o = c.legal_options()
        c.apply(o[st.below(len(o))])
    assert g.state() == before and c.state() != before
    assert g.decisions == c.decisions[:len(g.decisions)]


def test_steps_never_touch_a_copy_taken_before(rules):
    # DESIGN.md testing habits: a copy taken before a step is unchanged by it.
    g = core.Game(rules, 21, 4)
    st = Stream(21)
    for _ in range(300):
        if g.is_over:
            break
        c = g.clone()
        snap = c.state()
        o = g.legal_options()
        g.apply(o[st.below(len(o))])
        assert c.state() == snap
        g.check_invariants()


def test_replay_from_seed_and_decisions_is_identical(rules):
    g = play_python(rules, 17, 3)
    r = core.Game(rules, 17, 3)
    for opt in g.decisions:
        r.apply(opt)
    assert r.is_over and r.state() == g.state() and r.result() == g.result()
    assert r.events() == g.events()


def test_play_and_replay_commands_round_trip(tmp_path, capsys):
    from simsuite.play import play_command, replay_command

    path = tmp_path / "game.json"
    play_command(game="scythe", players=3, seed=5, factions=None, mats=None, policy="random",
                 save=path, quiet=True)
    record = json.loads(path.read_text())
    assert record["seed"] == 5 and record["decisions"]
    replay_command(path)
    out = capsys.readouterr().out
    assert "result matches the saved game" in out and "game over" in out
    record["decisions"][3] = 999
    path.write_text(json.dumps(record))
    with pytest.raises(UserError, match="decision 3"):
        replay_command(path)
    with pytest.raises(UserError, match="no such file"):
        replay_command(tmp_path / "missing.json")


def test_play_command_prints_a_readable_log(capsys):
    from simsuite.play import play_command

    play_command(game="scythe", players=2, seed=2, factions="nordic,crimea",
                 mats="engineering,mechanical", policy="random", save=None, quiet=False)
    out = capsys.readouterr().out
    assert "--- turn 1:" in out and "section" in out and "score" in out
    with pytest.raises(UserError, match="factions: 1 factions for 2 players"):
        play_command(game="scythe", players=2, seed=2, factions="nordic", mats=None)
    with pytest.raises(UserError, match="--game"):
        play_command(game="chess", players=2, seed=2, factions=None, mats=None)


def test_compiled_and_python_random_policies_play_the_same_games(rules):
    # Brief: a Python policy doing options[stream.below(len(options))] on
    # Stream(derive_seed(seed, 1 + seat)) gives the compiled random policy's game.
    seeds = np.array([3, 99, 12345], dtype=np.uint64)
    a = core.play_batch(rules, seeds, 3)
    b = core.play_batch(rules, seeds, 3, python_policies=[PyRandom(), None, PyRandom()])
    for key in a:
        assert np.array_equal(a[key], b[key]), key
    g = play_python(rules, 99, 3)
    assert list(a["score"][1]) == g.result()["score"]
    assert a["game_turns"][1] == g.turn


def test_play_batch_columns(rules):
    out = core.play_batch(rules, np.arange(6, dtype=np.uint64), 4)
    for key in ("faction", "mat", "score", "score_coins", "score_stars", "score_territories",
                "score_resources", "score_structure_bonus", "stars", "territories",
                "resources", "popularity", "power", "rank", "winner", "turns_taken"):
        assert out[key].shape == (6, 4), key
    for key in ("game_turns", "end_reason", "tied", "shared_win", "seed"):
        assert out[key].shape == (6,), key
    parts = sum(out[k] for k in ("score_coins", "score_stars", "score_territories",
                                 "score_resources", "score_structure_bonus"))
    assert np.array_equal(parts, out["score"])
    assert (out["winner"].sum(axis=1) >= 1).all()
    assert set(out["end_reason"]) <= {1, 2}
    fixed = np.array([[0, 1, 2, 3]] * 6, dtype=np.int8)
    out2 = core.play_batch(rules, np.arange(6, dtype=np.uint64), 4, factions=fixed)
    assert (np.sort(out2["faction"], axis=1) == [0, 1, 2, 3]).all()
    with pytest.raises(UserError, match="same faction"):
        core.play_batch(rules, [1], 2, factions=[[0, 0]])
    with pytest.raises(UserError, match="policy id"):
        core.play_batch(rules, [1], 2, policy_ids=[0, 7])


def test_observation_hides_what_a_seat_may_not_see(rules):
    g = core.Game(rules, 6, 3)
    obs = g.observation(1)
    assert obs["hand"] == g.player(1)["hand"]
    assert len(obs["objectives"]) == 2
    for p in obs["players"]:
        assert "hand" not in p and "objectives" not in p and "hand_size" in p
    assert "combat_deck" not in obs and "encounter_deck" not in obs
    assert "factory_offer" not in obs and "objective_deck" not in obs


def test_observation_hides_the_opponents_combat_commitment(rules):
    from tests.scythe.conftest import blank_game, end_move, move_unit, seat_of, start_move

    g = blank_game(rules, ["saxony", "polania"], ["patriotic", "mechanical"])
    a, d = seat_of(g, "saxony"), seat_of(g, "polania")
    g.set_mech_deployed(a, 0, True, 41)
    g.set_unit(d, 0, 42)
    g.set_player(a, power=5, hand={5: 1})
    g.set_player(d, power=5, hand={4: 1})
    start_move(g, a)
    move_unit(g, 1, 42)
    end_move(g)
    g.apply(5)
    g.apply(512)                          # dial 5 + the 5 card
    assert g.current_player == d
    obs = g.observation(d)
    assert obs["combat"]["my_dial"] == 0 and not any(obs["combat"]["my_cards"].values())
    assert 5 not in obs["combat"].values()
    assert obs["players"][a]["hand_size"] == 1   # the committed card is still counted
    assert g.observation(a)["combat"]["my_dial"] == 5
    assert g.observation(a)["combat"]["my_cards"][5] == 1


def test_check_invariants_reports_a_broken_state(rules):
    g = core.Game(rules, 1, 2)
    g.check_invariants()
    g.set_player(0, power=17)
    with pytest.raises(AssertionError, match="power"):
        g.check_invariants()


def test_play_command_with_a_compiled_heuristic_matches_the_batch(tmp_path, rules):
    from simsuite.play import play_command
    from simsuite.policies import compiled_policies

    pol = compiled_policies("scythe")["star_rush"]
    path = tmp_path / "h.json"
    play_command(game="scythe", players=3, seed=9, factions=None, mats=None,
                 policy="star_rush", save=path, quiet=True)
    saved = json.loads(path.read_text())["result"]
    weights = np.zeros((3, MAX_WEIGHTS))
    weights[:, :len(pol.weights)] = [d for _, d in pol.weights]
    out = core.play_batch(rules, [9], 3, policy_ids=[pol.id] * 3, policy_weights=weights)
    assert saved["score"] == list(out["score"][0])
