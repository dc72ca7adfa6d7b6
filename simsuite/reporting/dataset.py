"""Opening a results dataset lazily, checking its columns, and filtering it.

A dataset is the folder `simsuite run` writes (hive-partitioned
`game=<game>/scenario=<name>/part-NNNNN.parquet`) or a single Parquet file. Nothing is
read into memory here: reports build polars lazy queries on `Dataset.scan()` and collect
them with the streaming engine, so a dataset larger than memory works. The only per-game
pass (`Dataset.iter_files`) reads one shard file at a time.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Dict, Iterator, List, Optional, Sequence, Tuple
from urllib.parse import unquote

import polars as pl

from simsuite.errors import UserError

SCHEMA_VERSION = "1"
PARTITION_KEYS = ("game", "scenario")


def collect(lf: pl.LazyFrame) -> pl.DataFrame:
    """Collect with the streaming engine (bounded memory for aggregations)."""
    return lf.collect(engine="streaming")


def _hive_parts(path: Path, root: Path) -> Dict[str, str]:
    parts = {}
    try:
        rel = path.relative_to(root).parts[:-1]
    except ValueError:
        rel = ()
    for piece in rel:
        if "=" in piece:
            key, value = piece.split("=", 1)
            parts[key] = unquote(value)
    return parts


@dataclass
class Dataset:
    """A lazily read results dataset, optionally filtered to one game / scenario."""

    path: Path
    files: List[Path]
    root: Path
    filters: Dict[str, str] = field(default_factory=dict)
    cache: Dict[object, object] = field(default_factory=dict)  # shared query results

    @cached_property
    def _base(self) -> pl.LazyFrame:
        if self.root.is_dir():
            source = str(self.root / "**" / "*.parquet")
            hive = {k: pl.String for k in self._partition_keys}
            return pl.scan_parquet(source, hive_partitioning=bool(hive),
                                   hive_schema=hive or None, missing_columns="insert")
        return pl.scan_parquet(str(self.root), missing_columns="insert")

    @cached_property
    def _partition_keys(self) -> Tuple[str, ...]:
        keys: List[str] = []
        for f in self.files[:1]:
            keys = list(_hive_parts(f, self.root))
        return tuple(keys)

    @cached_property
    def columns(self) -> Dict[str, pl.DataType]:
        try:
            return dict(self._base.collect_schema())
        except pl.exceptions.PolarsError as err:
            raise UserError(f"cannot read dataset {self.path}: {str(err).splitlines()[0]}; "
                            "check that it is a folder written by `simsuite run`") from None

    def has(self, column: str) -> bool:
        return column in self.columns

    def require(self, columns: Sequence[str], report: str) -> None:
        missing = [c for c in columns if c not in self.columns]
        if missing:
            raise UserError(
                f"dataset {self.path} has no column {', '.join(missing)}, which report "
                f"{report} needs; write the dataset with `simsuite run` (schema version "
                f"{SCHEMA_VERSION}) or choose another report")

    def _filter_expr(self) -> Optional[pl.Expr]:
        expr = None
        for key, value in self.filters.items():
            term = pl.col(key) == value
            expr = term if expr is None else expr & term
        return expr

    def scan(self) -> pl.LazyFrame:
        """The whole (filtered) dataset as a polars LazyFrame."""
        lf = self._base
        expr = self._filter_expr()
        return lf if expr is None else lf.filter(expr)

    def iter_files(self, columns: Sequence[str]) -> Iterator[pl.DataFrame]:
        """Yield each shard file's rows (selected columns, filtered), one file at a time.

        A shard holds whole games, so per-game computations can run file by file in
        bounded memory. Partition values come from the file's folder names.
        """
        wanted = [c for c in columns if c not in self._partition_keys]
        for f in self.files:
            parts = _hive_parts(f, self.root) if self.root.is_dir() else {}
            if any(parts.get(k, None) != v for k, v in self.filters.items()
                   if k in self._partition_keys):
                continue
            lf = pl.scan_parquet(str(f), missing_columns="insert")
            lf = lf.with_columns([pl.lit(v, dtype=pl.String).alias(k) for k, v in parts.items()])
            inner = {k: v for k, v in self.filters.items() if k not in self._partition_keys}
            for key, value in inner.items():
                lf = lf.filter(pl.col(key) == value)
            frame = lf.select(list(dict.fromkeys(wanted + [c for c in columns if c in parts]))).collect()
            if frame.height:
                yield frame

    @cached_property
    def overview(self) -> pl.DataFrame:
        """Per (game, scenario, n_players): rows, games, wins and shared wins."""
        keys = [k for k in ("game", "scenario", "n_players") if self.has(k)]
        aggs = [pl.len().alias("rows")]
        if self.has("winner"):
            aggs.append(pl.col("winner").cast(pl.Int64).sum().alias("wins"))
        if self.has("shared_win"):
            aggs.append(pl.col("shared_win").cast(pl.Int64).sum().alias("shared_wins"))
        return collect(self.scan().group_by(keys).agg(aggs)).sort(keys)

    def values(self, column: str) -> List:
        """Distinct values of one column (a small aggregate query)."""
        return collect(self.scan().select(pl.col(column).unique())).to_series().sort().to_list()


def open_dataset(path, game: Optional[str] = None, scenario: Optional[str] = None) -> Dataset:
    """Open a dataset folder or Parquet file, check it is non-empty and apply filters."""
    p = Path(path)
    if not p.exists():
        raise UserError(f"dataset {path} does not exist; pass the output folder of "
                        "`simsuite run` (or one of its .parquet files)")
    if p.is_dir():
        files = sorted(f for f in p.rglob("*.parquet") if not f.name.startswith((".", "_")))
        if not files:
            raise UserError(f"dataset folder {path} contains no .parquet files; run "
                            "`simsuite run SCENARIO` to write one, or pass the right folder")
    elif p.suffix == ".parquet":
        files = [p]
    else:
        raise UserError(f"dataset {path} is not a folder or a .parquet file; pass the output "
                        "folder of `simsuite run`")
    filters = {}
    if game is not None:
        filters["game"] = game
    if scenario is not None:
        filters["scenario"] = scenario
    ds = Dataset(path=p, files=files, root=p, filters={})
    for key, value in filters.items():
        ds.require([key], "filter --" + key)
        known = ds.values(key)
        if value not in known:
            raise UserError(f"dataset {path} has no {key} {value!r}; it has "
                            f"{', '.join(map(str, known)) or 'none'}")
    ds.filters = filters
    if ds.overview.height == 0 or ds.overview["rows"].sum() == 0:
        raise UserError(f"dataset {path} has no rows; run more games or check the folder")
    if "game" in ds.overview.columns and game is None:
        games = sorted(set(ds.overview["game"].to_list()))
        if len(games) > 1:
            raise UserError(f"dataset {path} holds several games ({', '.join(map(str, games))}); "
                            "pick one with --game NAME")
    return ds
