"""Opening a results dataset lazily, checking its columns, and filtering it.

A dataset is the folder `simsuite run` writes (hive-partitioned
`game=<game>/scenario=<name>/part-NNNNN.parquet`) or a single Parquet file. Nothing is
read into memory here: reports build polars lazy queries on `Dataset.scan()` and collect
them with the streaming engine, so a dataset larger than memory works. The only per-game
pass (`Dataset.iter_files`) reads one shard file at a time.

Filters on the partition columns (`--game`, `--scenario`) choose files by their folder
names, so the other games' files (which may have other columns) are never opened.

What a report groups by comes from the game's declaration (simsuite/schema.py), which every
shard file carries in its key-value metadata: `Dataset.keys` merges the declarations of the
chosen files (several scenarios of one game). A dataset written before declarations existed
(schema version 1) has none: reports then group by the base columns only, and say so.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Dict, Iterator, List, Optional, Sequence, Tuple
from urllib.parse import unquote

import polars as pl

import pyarrow.parquet as pq

from simsuite.errors import UserError
from simsuite.schema import SCHEMA_VERSION, GameSchema, merge_keys, read_declaration

# the kinds of key a declaration names (simsuite/schema.py, GameSchema)
KEY_KINDS = ("group_keys", "solo_keys", "variant_keys", "score_components")


def _read_error(path, err: Exception) -> UserError:
    first = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
    return UserError(f"cannot read dataset {path}: {first}; check that its files were written by "
                     "`simsuite run` and are not damaged")


def collect(lf: pl.LazyFrame, path=None) -> pl.DataFrame:
    """Collect with the streaming engine (bounded memory for aggregations).

    Unreadable or inconsistent files become a one-line UserError.
    """
    try:
        return lf.collect(engine="streaming")
    except (pl.exceptions.SchemaError, pl.exceptions.ComputeError, OSError) as err:
        raise _read_error(path or "", err) from None


def hive_parts(path: Path, root: Path) -> Dict[str, str]:
    """key=value folder names between the dataset root and a file."""
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
    """A lazily read results dataset (already narrowed to the chosen files)."""

    path: Path
    files: List[Path]
    parts: List[Dict[str, str]]  # hive partition values of each file
    filters: Dict[str, str] = field(default_factory=dict)  # on columns inside the files
    cache: Dict[object, object] = field(default_factory=dict)  # shared query results

    @cached_property
    def partition_keys(self) -> List[str]:
        keys = list(self.parts[0]) if self.parts else []
        return [k for k in keys if all(k in p for p in self.parts)]

    @cached_property
    def _base(self) -> pl.LazyFrame:
        hive = {k: pl.String for k in self.partition_keys}
        try:
            return pl.scan_parquet([str(f) for f in self.files], hive_partitioning=bool(hive),
                                   hive_schema=hive or None, missing_columns="insert")
        except (pl.exceptions.PolarsError, OSError) as err:
            raise _read_error(self.path, err) from None

    @cached_property
    def columns(self) -> Dict[str, pl.DataType]:
        try:
            return dict(self._base.collect_schema())
        except (pl.exceptions.PolarsError, OSError) as err:
            raise _read_error(self.path, err) from None

    @cached_property
    def _declared(self) -> Tuple[List[GameSchema], bool]:
        """The distinct game declarations of the files, and whether some file has none. One
        footer read per folder: the files of one scenario folder share their declaration."""
        out: List[GameSchema] = []
        undeclared = False
        firsts: Dict[Path, Path] = {}
        for f in self.files:
            firsts.setdefault(f.parent, f)
        for first in firsts.values():
            try:
                decl = read_declaration(pq.read_metadata(first).metadata)
            except (OSError, ValueError, KeyError) as err:
                raise _read_error(self.path, err) from None
            if decl is None:
                undeclared = True
            elif decl not in out:
                out.append(decl)
        return out, undeclared

    @property
    def declarations(self) -> List[GameSchema]:
        """The game declarations of the files (empty for a dataset written before them)."""
        return self._declared[0]

    @cached_property
    def keys(self) -> Dict[str, tuple]:
        """The declared keys of each kind (KEY_KINDS) that are columns of the dataset."""
        merged = merge_keys(self.declarations)
        return {kind: tuple(k for k in merged[kind] if self.has(k)) for kind in KEY_KINDS}

    @property
    def group_keys(self) -> tuple:
        return self.keys["group_keys"]

    @property
    def solo_keys(self) -> tuple:
        return self.keys["solo_keys"]

    @property
    def variant_keys(self) -> tuple:
        return self.keys["variant_keys"]

    @property
    def score_components(self) -> tuple:
        return self.keys["score_components"]

    @cached_property
    def games(self) -> List[str]:
        """The games the dataset's declarations name."""
        return sorted({d.game for d in self.declarations})

    @cached_property
    def docs(self) -> Dict[str, str]:
        """One-line meaning of each declared game column."""
        return {c.name: c.doc for d in self.declarations for c in d.columns}

    def declaration_notes(self) -> List[str]:
        """A note for files without a declaration (written by an older simsuite)."""
        if not self._declared[1]:
            return []
        some = "some of its files carry" if self.declarations else "it carries"
        return [f"Dataset {self.path}: {some} no game declaration (written by a simsuite older than "
                f"schema version {SCHEMA_VERSION}), so those files are grouped by the base columns "
                "only; re-run the scenario with this simsuite for the game's own tables."]

    def has(self, column: str) -> bool:
        return column in self.columns

    def require(self, columns: Sequence[str], report: str) -> None:
        missing = [c for c in columns if c not in self.columns]
        if missing:
            raise UserError(
                f"dataset {self.path} has no column {', '.join(missing)}, which report "
                f"{report} needs; write the dataset with `simsuite run` (schema version "
                f"{SCHEMA_VERSION}) or choose another report")

    def require_game(self, game: str, report: str) -> None:
        """Refuse a dataset whose declaration names another game than the report's."""
        other = [g for g in self.games if g != game]
        if other:
            raise UserError(f"report {report} is for {game} datasets; {self.path} holds "
                            f"{', '.join(other)} games")

    def _filter(self, lf: pl.LazyFrame) -> pl.LazyFrame:
        for key, value in self.filters.items():
            lf = lf.filter(pl.col(key).cast(pl.String) == value)
        return lf

    def scan(self) -> pl.LazyFrame:
        """The whole (filtered) dataset as a polars LazyFrame."""
        return self._filter(self._base)

    def iter_files(self, columns: Sequence[str]) -> Iterator[pl.DataFrame]:
        """Yield each shard file's rows (selected columns, filtered), one file at a time.

        A shard holds whole games, so per-game computations can run file by file in
        bounded memory. Partition values come from the file's folder names.
        """
        for f, parts in zip(self.files, self.parts):
            lf = pl.scan_parquet(str(f), missing_columns="insert")
            lf = lf.with_columns([pl.lit(v, dtype=pl.String).alias(k) for k, v in parts.items()])
            frame = collect(self._filter(lf).select(list(columns)), self.path)
            if frame.height:
                yield frame

    @cached_property
    def overview(self) -> pl.DataFrame:
        """Per (game, scenario, n_players): rows, wins and shared wins."""
        keys = [k for k in ("game", "scenario", "n_players") if self.has(k)]
        aggs = [pl.len().cast(pl.Int64).alias("rows")]
        if self.has("winner"):
            aggs.append(pl.col("winner").cast(pl.Int64).sum().alias("wins"))
        if self.has("shared_win"):
            aggs.append(pl.col("shared_win").cast(pl.Int64).sum().alias("shared_wins"))
        return collect(self.scan().group_by(keys).agg(aggs), self.path).sort(keys)

    def values(self, column: str) -> List:
        """Distinct values of one column (a small aggregate query)."""
        return collect(self.scan().select(pl.col(column).unique()), self.path).to_series().sort().to_list()


def open_dataset(path, game: Optional[str] = None, scenario: Optional[str] = None) -> Dataset:
    """Open a dataset folder or Parquet file, choose the files of a game / scenario, check it."""
    p = Path(path)
    if not p.exists():
        raise UserError(f"dataset {path} does not exist; pass the output folder of "
                        "`simsuite run` (or one of its .parquet files)")
    if p.is_dir():
        files = sorted(f for f in p.rglob("*.parquet") if not f.name.startswith((".", "_")))
        if not files:
            raise UserError(f"dataset folder {path} contains no .parquet files; run "
                            "`simsuite run SCENARIO` to write one, or pass the right folder")
        parts = [hive_parts(f, p) for f in files]
    elif p.suffix == ".parquet":
        files, parts = [p], [{}]
    else:
        raise UserError(f"dataset {path} is not a folder or a .parquet file; pass the output "
                        "folder of `simsuite run`")
    inner: Dict[str, str] = {}
    for key, value in (("game", game), ("scenario", scenario)):
        if value is None:
            continue
        if all(key in q for q in parts):  # a partition column: keep that folder's files
            known = sorted({q[key] for q in parts})
            keep = [i for i, q in enumerate(parts) if q[key] == value]
            if not keep:
                raise UserError(f"dataset {path} has no {key} {value!r}; it has {', '.join(known)}")
            files = [files[i] for i in keep]
            parts = [parts[i] for i in keep]
        else:
            inner[key] = value
    ds = Dataset(path=p, files=files, parts=parts)
    for key, value in inner.items():
        ds.require([key], f"(filter --{key})")
        known = [str(v) for v in ds.values(key)]
        if value not in known:
            raise UserError(f"dataset {path} has no {key} {value!r}; it has {', '.join(known) or 'none'}")
    ds.filters = inner
    if game is None:
        games = sorted({q["game"] for q in parts if "game" in q})
        if len(games) > 1:
            raise UserError(f"dataset {path} holds several games ({', '.join(games)}); "
                            "pick one with --game NAME")
    if ds.overview.height == 0 or ds.overview["rows"].sum() == 0:
        raise UserError(f"dataset {path} has no rows; run more games or check the folder")
    return ds
