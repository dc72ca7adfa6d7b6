"""The results dataset: schema, atomic shard files, and the manifest that makes runs resumable.

Layout (the contract with the reports):

    OUT/manifest.json
    OUT/game=<game>/scenario=<name>/part-<shard:05d>.parquet     (zstd, one file per shard)

One row per (game, seat), with the columns simsuite/schema.py defines (the base columns and the
game's declared ones). The partition columns `game` and `scenario` live in the folder names
only; `polars.scan_parquet(OUT / "**/*.parquet", hive_partitioning=True)` reads them back.
Every file's key-value metadata holds the schema version, the simsuite version, the scenario
hash, the scenario's TOML text and the game's declaration (`simsuite.schema`).
"""
from __future__ import annotations

import json
import os
import socket
from pathlib import Path
from typing import Optional

import pyarrow as pa
import pyarrow.parquet as pq

import simsuite
from simsuite.errors import UserError
from simsuite.schema import SCHEMA_VERSION, GameSchema

MANIFEST = "manifest.json"
LOCK = ".simsuite.lock"


def file_metadata(scenario_hash: str, scenario_text: str, declaration: GameSchema) -> dict[bytes, bytes]:
    """Key-value metadata of every shard file: versions, the scenario, the game's declaration."""
    return {
        b"simsuite.schema_version": SCHEMA_VERSION.encode(),
        b"simsuite.version": simsuite.__version__.encode(),
        b"simsuite.scenario_hash": scenario_hash.encode(),
        b"simsuite.scenario": scenario_text.encode(),
        **declaration.metadata(),
    }


def conform(table: pa.Table, schema: pa.Schema, *, scenario_hash: str, game: str) -> pa.Table:
    """Add the runner's columns, check a game's table against the schema, cast, and sort by
    (game_index, seat) so a shard file depends only on its games."""
    table = table.append_column("scenario_hash", pa.array([scenario_hash] * table.num_rows, pa.string()))
    have, want = set(table.column_names), set(schema.names)
    if have != want:
        # A programming error in the game's spec, not a user mistake.
        raise RuntimeError(f"game {game!r} returned columns that do not match the schema: "
                           f"missing {sorted(want - have)}, unexpected {sorted(have - want)}")
    table = table.select(schema.names).cast(schema)
    return table.sort_by([("game_index", "ascending"), ("seat", "ascending")])


def partition_dir(out: Path, game: str, scenario: str) -> Path:
    return Path(out) / f"game={game}" / f"scenario={scenario}"


def shard_file(game: str, scenario: str, shard: int) -> str:
    """Path of a shard file relative to OUT (as recorded in the manifest)."""
    return f"game={game}/scenario={scenario}/part-{shard:05d}.parquet"


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_atomic_bytes(path: Path, data: bytes) -> None:
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


def write_shard(table: pa.Table, path: Path, metadata: dict[bytes, bytes]) -> None:
    """Write one shard as `<name>.tmp`, flush it to disk, then rename: a reader (or a resumed
    run) sees either no file or the whole file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    table = table.replace_schema_metadata(metadata)
    pq.write_table(table, tmp, compression="zstd")
    _fsync(tmp)
    os.replace(tmp, path)


class Manifest:
    """OUT/manifest.json: per scenario name, its hash, shard size and finished shards.

    {"schema_version": "2", "scenarios": {name: {"game", "scenario_hash", "seed",
     "shard_size", "shards": {"<k>": {"file", "start", "stop", "rows"}}}}}
    Only the process that started the run writes it, after each shard file is in place.
    """

    def __init__(self, out: Path, data: Optional[dict] = None):
        self.out = Path(out)
        self.data = data or {"schema_version": SCHEMA_VERSION, "scenarios": {}}

    @classmethod
    def load(cls, out: Path) -> "Manifest":
        path = Path(out) / MANIFEST
        if not path.exists():
            return cls(out)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            assert isinstance(data.get("scenarios"), dict)
        except (ValueError, AssertionError, AttributeError):
            raise UserError(f"{path}: not a simsuite manifest (unreadable JSON); "
                            "use another --out folder or delete this one")
        if data.get("schema_version") != SCHEMA_VERSION:
            raise UserError(f"{path}: dataset schema version {data.get('schema_version')!r}, "
                            f"this simsuite writes {SCHEMA_VERSION!r}; use another --out folder")
        return cls(out, data)

    def entry(self, name: str) -> Optional[dict]:
        return self.data["scenarios"].get(name)

    def begin(self, name: str, game: str, scenario_hash: str, seed: int, shard_size: int) -> dict:
        """The entry of scenario `name`, created if new; a changed scenario is a UserError."""
        entry = self.entry(name)
        if entry is None:
            entry = {"game": game, "scenario_hash": scenario_hash, "seed": seed,
                     "shard_size": shard_size, "shards": {}}
            self.data["scenarios"][name] = entry
            return entry
        if entry["scenario_hash"] != scenario_hash or entry["game"] != game:
            raise UserError(f"{self.out}: holds scenario {name!r} with hash {entry['scenario_hash']}, "
                            f"but the scenario now has hash {scenario_hash} (it was changed); "
                            "use another --out folder, or rename the scenario")
        if entry["shard_size"] != shard_size:
            raise UserError(f"{self.out}: scenario {name!r} was run with shard_size = "
                            f"{entry['shard_size']}, now {shard_size}; set shard_size = "
                            f"{entry['shard_size']} to resume, or use another --out folder")
        return entry

    def record(self, name: str, shard: int, file: str, start: int, stop: int, rows: int) -> None:
        self.data["scenarios"][name]["shards"][str(shard)] = {
            "file": file, "start": start, "stop": stop, "rows": rows}
        self.save()

    def save(self) -> None:
        self.out.mkdir(parents=True, exist_ok=True)
        text = json.dumps(self.data, indent=1, sort_keys=True) + "\n"
        write_atomic_bytes(self.out / MANIFEST, text.encode())


class RunLock:
    """OUT/.simsuite.lock: one run at a time per output folder. A lock left by a run that was
    killed (its process is gone) is taken over."""

    def __init__(self, out: Path):
        self.path = Path(out) / LOCK
        self.held = False

    def _owner(self) -> tuple[str, int]:
        try:
            host, pid = self.path.read_text().split()
            return host, int(pid)
        except (OSError, ValueError):
            return "", -1

    def acquire(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        me = f"{socket.gethostname()} {os.getpid()}\n"
        for _ in range(2):
            try:
                fd = os.open(self.path, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
            except FileExistsError:
                host, pid = self._owner()
                if host == socket.gethostname() and not _alive(pid):
                    self.path.unlink(missing_ok=True)  # left by a killed run
                    continue
                raise UserError(f"{self.path.parent}: another simsuite run is writing here "
                                f"(process {pid} on {host or 'unknown host'}); wait for it, or "
                                f"delete {self.path} if that run is gone")
            with os.fdopen(fd, "w") as fh:
                fh.write(me)
            self.held = True
            return

    def release(self) -> None:
        if self.held:
            self.path.unlink(missing_ok=True)
            self.held = False


def _alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
