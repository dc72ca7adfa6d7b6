"""Shared fixtures for the Scythe tests: the packed rules and small helpers."""
from __future__ import annotations

from pathlib import Path

import pytest

from simsuite.games.scythe.data import load_data

core = pytest.importorskip("simsuite._scythe", reason="the compiled Scythe core is not built")

REPO = Path(__file__).resolve().parents[2]
SHARED = REPO.parent / "shared"


@pytest.fixture(scope="session")
def data():
    return load_data()


@pytest.fixture(scope="session")
def rules(data):
    return core.Rules(data)


@pytest.fixture(scope="session")
def rules_no_ban(data):
    return core.Rules(data, ban_pairs=False)


@pytest.fixture
def new_game(rules):
    """new_game(factions, mats, seed=1, rules=None) -> Game (names accepted)."""

    def make(factions, mats, seed=1, rules_=None):
        return core.Game(rules_ or rules, seed, len(factions), factions, mats)

    return make
