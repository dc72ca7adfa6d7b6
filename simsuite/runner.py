"""Batch runs: a scenario's games cut into shards, played in parallel, written as a dataset.

Shard k covers game indices [k*shard_size, min(games, (k+1)*shard_size)). Game g's seed is
derive_seed(master seed, g) and nothing else, so the rows never depend on the number of
workers, the shard size, the completion order or the backend. Workers play a shard inside the
game's compiled core and return an Arrow table; this process writes each table atomically and
records it in the manifest, so a killed run resumes where it stopped (finished shards are
skipped) and ends with the same files as an uninterrupted run. Workers need no shared disk.
"""
from __future__ import annotations

import contextlib
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, Optional

import numpy as np
import pyarrow as pa

from simsuite.dataset import (Manifest, RunLock, conform, file_metadata, partition_dir, shard_file,
                              write_shard)
from simsuite.errors import UserError
from simsuite.scenario import Scenario, load_scenario

BACKENDS = ("local", "dask")
DASK_CONNECT_TIMEOUT = "20s"
_MIX = np.uint64(0xD1B54A32D192ED03)
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)


def derive_seeds(master: int, game_indices: np.ndarray) -> np.ndarray:
    """Vectorised simsuite.rng.derive_seed(master, g) for every g (uint64 arithmetic wraps)."""
    g = np.asarray(game_indices, dtype=np.uint64)
    with np.errstate(over="ignore"):
        x = np.uint64(master) ^ (g * _MIX)
        out = None
        for _ in range(2):  # two splitmix64 steps; the second's output is the seed
            x = x + _GOLDEN
            z = x
            z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
            z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
            out = z ^ (z >> np.uint64(31))
    return out


@dataclass(frozen=True)
class Shard:
    id: int
    start: int
    stop: int

    @property
    def games(self) -> int:
        return self.stop - self.start


def plan_shards(games: int, shard_size: int) -> list[Shard]:
    return [Shard(k, s, min(games, s + shard_size)) for k, s in enumerate(range(0, games, shard_size))]


def peak_memory() -> int:
    """This process's peak resident memory in bytes (0 where the OS does not say)."""
    try:
        import resource
    except ImportError:  # not POSIX
        return 0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024   # Linux reports KiB


def play_shard(spec, config, schema: pa.Schema, scenario_hash: str, master_seed: int,
               shard: Shard) -> tuple[int, pa.Table, int]:
    """Worker side: play one shard; return its rows (conformed, sorted) and the worker's peak memory."""
    indices = np.arange(shard.start, shard.stop, dtype=np.int64)
    table = spec.run_shard(config, indices, derive_seeds(master_seed, indices))
    table = conform(table, schema, scenario_hash=scenario_hash, game=spec.name)
    return shard.id, table, peak_memory()


def pending_shards(sc: Scenario, manifest: Manifest) -> list[Shard]:
    """Shards of the plan still to play. Raises if the folder already holds more games."""
    entry = manifest.begin(sc.name, sc.game, sc.hash, sc.seed, sc.shard_size)
    plan = plan_shards(sc.games, sc.shard_size)
    done = entry["shards"]
    most = max((rec["stop"] for rec in done.values()), default=0)
    if most > sc.games:
        raise UserError(f"{sc.out}: already holds {most} games of scenario {sc.name!r}, more than "
                        f"the {sc.games} asked for; pass --games {most} (or more), or use another --out")
    todo = []
    for shard in plan:
        rec = done.get(str(shard.id))
        finished = (rec is not None and rec["start"] == shard.start and rec["stop"] == shard.stop
                    and (sc.out / rec["file"]).is_file())
        if not finished:
            todo.append(shard)  # new, or the old last shard now grown, or its file gone
    return todo


@contextlib.contextmanager
def _backend(backend: str, scheduler: Optional[str], jobs: int) -> Iterator[None]:
    """joblib's process pool (local), or its Dask backend on a given or a local cluster."""
    if backend == "local":
        yield
        return
    try:
        import joblib
        from distributed import Client, LocalCluster
    except ImportError:
        raise UserError("--backend dask needs dask.distributed; install it with "
                        "pip install 'simsuite[dask]'")
    with contextlib.ExitStack() as stack:
        if scheduler:
            try:
                client = Client(scheduler, timeout=DASK_CONNECT_TIMEOUT)
            except (OSError, TimeoutError, ValueError) as err:
                raise UserError(f"--scheduler {scheduler}: cannot reach the Dask scheduler ({err}); "
                                "check the address (tcp://HOST:PORT) and that it is running")
        else:
            n = (os.cpu_count() or 1) if jobs == -1 else jobs
            cluster = stack.enter_context(LocalCluster(n_workers=n, threads_per_worker=1,
                                                       processes=True, dashboard_address=None))
            client = Client(cluster)
        stack.enter_context(client)
        stack.enter_context(joblib.parallel_config(backend="dask"))
        yield


def _check_args(jobs: int, backend: str, scheduler: Optional[str]) -> None:
    if isinstance(jobs, bool) or not isinstance(jobs, int) or (jobs < 1 and jobs != -1):
        raise UserError(f"--jobs: {jobs} is not a worker count; pass a number of at least 1, "
                        "or -1 for every core")
    if backend not in BACKENDS:
        raise UserError(f"--backend: unknown backend {backend!r}; use local or dask")
    if scheduler and backend != "dask":
        raise UserError("--scheduler: only used by the Dask backend; add --backend dask")


def run(sc: Scenario, *, jobs: int = -1, backend: str = "local", scheduler: Optional[str] = None,
        progress: Optional[bool] = None) -> dict:
    """Play every pending shard of a validated scenario into sc.out. Returns a summary dict."""
    from joblib import Parallel, delayed
    from tqdm import tqdm

    _check_args(jobs, backend, scheduler)
    if sc.out.exists() and not sc.out.is_dir():
        raise UserError(f"--out {sc.out}: is a file, not a folder; name a folder for the dataset")
    sc.spec.prepare(sc.config)
    lock = RunLock(sc.out)
    lock.acquire()
    try:
        manifest = Manifest.load(sc.out)
        todo = pending_shards(sc, manifest)
        manifest.save()
        for stale in partition_dir(sc.out, sc.game, sc.name).glob("*.tmp"):
            stale.unlink()  # half-written by a killed run; its shard is in `todo`
        schema = sc.spec.schema.arrow()
        metadata = file_metadata(sc.hash, sc.text, sc.spec.schema)
        done_games = sc.games - sum(s.games for s in todo)
        by_id = {s.id: s for s in todo}
        if progress is None:
            progress = sys.stderr.isatty()
        started = time.monotonic()
        worker_peak = 0
        bar = tqdm(total=sc.games, initial=done_games, unit="game", desc=sc.name,
                   disable=not progress, dynamic_ncols=True, smoothing=0.1)
        try:
            if todo:
                # one shard left: play it here rather than start a process pool for it
                n_jobs = 1 if len(todo) == 1 and backend == "local" else jobs
                with _backend(backend, scheduler, jobs):
                    results = Parallel(n_jobs=n_jobs, return_as="generator_unordered")(
                        delayed(play_shard)(sc.spec, sc.config, schema, sc.hash, sc.seed, s)
                        for s in todo)
                    for shard_id, table, peak in results:
                        worker_peak = max(worker_peak, peak)
                        shard = by_id[shard_id]
                        rel = shard_file(sc.game, sc.name, shard_id)
                        write_shard(table, sc.out / rel, metadata)
                        manifest.record(sc.name, shard_id, rel, shard.start, shard.stop, table.num_rows)
                        bar.update(shard.games)
        finally:
            bar.close()
    finally:
        lock.release()
    rows = sum(r["rows"] for r in manifest.entry(sc.name)["shards"].values())
    return {"games": sc.games, "played": sum(s.games for s in todo), "shards": len(todo),
            "rows": rows, "seconds": time.monotonic() - started, "out": sc.out,
            "worker_peak_bytes": worker_peak}


def run_command(scenario: Path, games: Optional[int] = None, jobs: int = -1, backend: str = "local",
                scheduler: Optional[str] = None, out: Optional[Path] = None) -> None:
    """`simsuite run`: validate the scenario and arguments, play, then say where the results are."""
    _check_args(jobs, backend, scheduler)
    sc = load_scenario(Path(scenario), games=games, out=out)
    try:
        summary = run(sc, jobs=jobs, backend=backend, scheduler=scheduler)
    except KeyboardInterrupt:
        print(f"interrupted; finished shards are kept in {sc.out}. Run the same command again "
              "to resume.", file=sys.stderr)
        raise
    if summary["played"]:
        rate = summary["played"] / max(summary["seconds"], 1e-9)
        speed = f"{rate:,.0f} games/s" if rate >= 10 else f"{summary['seconds'] / summary['played']:,.2f} s a game"
        print(f"{sc.name}: played {summary['played']} games ({speed}, peak worker "
              f"memory {summary['worker_peak_bytes'] / 2**20:,.0f} MiB); "
              f"{summary['games']} games, {summary['rows']} rows in {sc.out}")
    else:
        print(f"{sc.name}: all {summary['games']} games were already in {sc.out}; nothing to do")
    print(f"Report on them with: simsuite report summary {sc.out}")
