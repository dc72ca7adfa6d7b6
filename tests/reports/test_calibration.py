"""Do the tests keep their promised error rates when nothing is planted? (slow)

Synthetic datasets with no effect at all: the game-aware chi-square and the exact test
against the field should reject about 5% of the time at the 5% level, and the interval
for the difference from the field should cover 0 about 95% of the time. Pearson's test,
which ignores that the seats of a game share one win, rejects seats far more often.
Fixed seeds, so the outcome is reproducible.
"""
from __future__ import annotations

import numpy as np
import polars as pl
import pytest

from simsuite.reporting import analysis
from simsuite.reporting.dataset import open_dataset
from simsuite.games.scythe.reports import SYNTHETIC
from simsuite.reporting.synthetic import Effects, generate

REPLICATES = 150


@pytest.mark.slow
def test_null_calibration(tmp_path):
    game_aware, pearson, exact, covered = [], [], [], []
    for seed in range(REPLICATES):
        ds = open_dataset(generate(tmp_path / f"d{seed}", SYNTHETIC, rows=2400, players=(2, 3),
                                   seed=seed, effects=Effects()))
        tests = analysis.equality_tests_many(ds, {"seat": ["seat"], "faction": ["faction"]})
        for name, t in tests.items():
            per_count = t.filter(t["players"] != analysis.ALL)
            game_aware += list(per_count["p"].to_numpy() < 0.05)
            if name == "seat":
                pearson += list(per_count["pearson_p"].to_numpy() < 0.05)
        f = analysis.versus_field(ds, ["faction"]).filter(pl.col("players") != analysis.ALL)
        exact += list(f["p"].to_numpy() < 0.05)
        covered += list((f["diff_low"].to_numpy() <= 0) & (f["diff_high"].to_numpy() >= 0))
    assert 0.025 < np.mean(game_aware) < 0.08
    assert np.mean(pearson) > 2 * np.mean(game_aware)
    assert np.mean(exact) < 0.07  # exact tests are at most their level (conservative)
    assert 0.92 < np.mean(covered) < 0.985

