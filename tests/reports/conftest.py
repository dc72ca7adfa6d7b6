"""Fixtures: the handmade datasets of reportdata.py and a small synthetic dataset."""
from __future__ import annotations

from pathlib import Path

import pytest

from reportdata import SCYTHE, rows_2p, rows_mixed
from simsuite.games.scythe.reports import SYNTHETIC
from simsuite.reporting.synthetic import generate, write_dataset


@pytest.fixture
def hand2p(tmp_path) -> Path:
    """The eight 2-player games of reportdata.GAMES_2P (Scythe's declaration), two games per shard file."""
    return write_dataset(rows_2p(), tmp_path / "hand2p", SCYTHE, games_per_shard=2)


@pytest.fixture
def mixed(tmp_path) -> Path:
    """The 2- and 3-player games of reportdata.GAMES_MIXED, three games per shard file."""
    return write_dataset(rows_mixed(), tmp_path / "mixed", SCYTHE, games_per_shard=3)


@pytest.fixture(scope="session")
def synthetic_small(tmp_path_factory) -> Path:
    """About 20 000 rows of synthetic 2-5 player Scythe games with the planted effects."""
    return generate(tmp_path_factory.mktemp("syn") / "data", SYNTHETIC, rows=20_000, seed=11,
                    shard_rows=5000)
