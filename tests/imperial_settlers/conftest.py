"""Shared fixtures for the Imperial Settlers tests: packed rules and a position builder."""
from __future__ import annotations

import pytest

core = pytest.importorskip("simsuite._imperial_settlers", reason="the Imperial Settlers core is not built")

from simsuite.games.imperial_settlers.data import load_rules  # noqa: E402


@pytest.fixture(scope="session")
def rules():
    return load_rules()
