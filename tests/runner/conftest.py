"""Fixtures for the runner tests: the dice game (tests/runner/dicegame.py) and helpers."""
from __future__ import annotations

import os
import sys
import textwrap
from pathlib import Path

import polars as pl
import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
# The dice game must import in this process, in joblib's worker processes and in the
# subprocesses some tests start; all of them see this folder through PYTHONPATH.
sys.path.insert(0, str(HERE))
os.environ["PYTHONPATH"] = os.pathsep.join(
    [str(HERE)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p])

from dicegame import DiceGame  # noqa: E402

from simsuite.games import register_game  # noqa: E402

register_game(DiceGame())

DICE = """
game = "dicegame:DiceGame"
name = "race"
games = 120
seed = 7
shard_size = 25
players = 3
[rules]
target = 30
"""


@pytest.fixture
def scenario_file(tmp_path):
    """write(text=DICE, name="race.toml") -> path of a scenario file in tmp_path."""

    def write(text: str = DICE, name: str = "race.toml") -> Path:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
        return path

    return write


def read_rows(out: Path) -> pl.DataFrame:
    """Every row of a dataset folder, in (scenario, game_index, seat) order."""
    return (pl.scan_parquet(Path(out) / "**" / "*.parquet", hive_partitioning=True)
            .collect().sort(["scenario", "game_index", "seat"]))
