"""ext/scythe/search_distil.py, the benchmark tool that fits a correction of `expert`'s step
scores to the search's choices of steps and measures it (BENCHMARKS.md "Policy strength",
session 45)."""
from __future__ import annotations

import numpy as np
import pytest

from simsuite import _scythe as core
from simsuite.errors import UserError
from simsuite.scenario import load_scenario

from .ext_tools import REPO, load_tool

search_distil = load_tool("search_distil")
search_hybrid = load_tool("search_hybrid")

SCENARIO = load_scenario(REPO / "scenarios" / "scythe" / "expert-ultimaszyna.toml")
N_F = search_distil.N_F


def test_collected_decisions_hold_both_choices_among_the_options(tmp_path):
    # One game at a tiny budget: each recorded step decision lists its options with the
    # heuristic's score and N_F features; the policy took a best-scored option (ties on its
    # stream) and the search one of the options.
    rows = search_distil.collect_game(SCENARIO, 0, 2)
    assert rows
    for turn, opts, choice, theirs in rows:
        assert len(opts) > 1 and turn >= 0
        scores = {o: s for o, s, _, _, _ in opts}
        assert scores[choice] == max(scores.values())
        assert theirs in scores
        assert all(len(f) == N_F for _, _, f, _, _ in opts)
    out = tmp_path / "c.npz"
    search_distil.collect(SCENARIO, 1, 0, 2, 1, str(out))
    opts, labels = search_distil.load([out, out])
    assert len(labels) == 2 * len(rows)
    assert opts[:, 0].max() == 2 * len(rows) - 1     # the second file's decisions renumbered


def test_without_a_correction_both_plays_are_the_scenarios_game():
    alone, _ = search_hybrid.play(SCENARIO, 0)
    assert search_distil.pair(SCENARIO, 0, [0.0] * N_F) == (alone, alone)
    # a correction changes the game; the hook is off again afterwards
    assert search_distil.pair(SCENARIO, 0, [0.0] * 6 + [-5.0] + [0.0] * 4)[0] == alone
    assert search_hybrid.play(SCENARIO, 0)[0] == alone
    rows = search_distil.measure(SCENARIO, 2, 0, 2, [0.0] * N_F)
    assert rows.tolist() == [list(search_distil.pair(SCENARIO, g, [0.0] * N_F)) for g in (0, 1)]


def test_the_fit_finds_the_price_the_choices_follow():
    # Synthetic decisions of 4 options, each a random score and features: the search takes an
    # option with probability proportional to exp(2 (score + 3 x feature 0)), a hand-set price
    # of 3 coins on feature 0 and none on the others. The logit recovers about 3 coins (its
    # ridge shrinks it a little), about 0 on the rest, and the fitted scores agree with the
    # search more often than the policy's.
    rng = np.random.default_rng(7)
    rows, labels = [], []
    for d in range(2000):
        f = rng.normal(size=(4, N_F))
        f[:, 0] = rng.random(4) < 0.3
        score = rng.normal(size=4)
        u = 2.0 * (score + 3.0 * f[:, 0])
        p = np.exp(u - u.max())
        labels.append(int(rng.choice(4, p=p / p.sum())))
        rows += [[d, o, score[o], 100, 0.0, *f[o]] for o in range(4)]
    r = search_distil.fit(np.array(rows), np.array(labels))
    assert 2.3 < r["coins"][0] < 3.5
    assert np.abs(r["coins"][1:]).max() < 0.3
    assert r["agree_fitted"] > r["agree_policy"] + 0.1


def test_bad_input_is_refused_in_one_line():
    with pytest.raises(UserError, match="usage"):
        search_distil.main(["measure", "x"])
    with pytest.raises(UserError, match=r"\[automa\] table"):
        search_distil.main(["measure", str(REPO / "scenarios" / "scythe" / "scythe-2p.toml"),
                            "1", "0", "1", *["0"] * N_F])
    with pytest.raises(UserError, match=f"{N_F} numbers"):
        core._set_step_corr([0.0])
