"""Fixtures for the runner tests: the dice game (tests/runner/dicegame.py) on every path."""
from __future__ import annotations

import os
import sys
import textwrap
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
# The dice game must import in this process, in joblib's worker processes and in the
# subprocesses some tests start; all of them see this folder through PYTHONPATH.
sys.path.insert(0, str(HERE))
os.environ["PYTHONPATH"] = os.pathsep.join(
    [str(HERE)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p])

from dicegame import DiceGame  # noqa: E402
from runhelpers import DICE  # noqa: E402

from simsuite.games import register_game  # noqa: E402

register_game(DiceGame())  # by name, "dice", for in-process runs


@pytest.fixture
def scenario_file(tmp_path):
    """write(text=DICE, name="race.toml") -> path of a scenario file in tmp_path."""

    def write(text: str = DICE, name: str = "race.toml") -> Path:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
        return path

    return write
