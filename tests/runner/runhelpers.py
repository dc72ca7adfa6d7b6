"""Shared by the runner tests (a plain module: pytest's conftest is not importable by name)."""
from __future__ import annotations

from pathlib import Path

import polars as pl

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


def read_rows(out: Path) -> pl.DataFrame:
    """Every row of a dataset folder, in (scenario, game_index, seat) order."""
    return (pl.scan_parquet(Path(out) / "**" / "*.parquet", hive_partitioning=True)
            .collect().sort(["scenario", "game_index", "seat"]))
