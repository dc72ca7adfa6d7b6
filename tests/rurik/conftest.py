"""Shared fixtures for the Rurik tests: the packed rules (shipped data files)."""
from __future__ import annotations

import pytest

core = pytest.importorskip("simsuite._rurik", reason="the compiled Rurik core is not built")


@pytest.fixture(scope="session")
def rules():
    return core.RurikRules()
