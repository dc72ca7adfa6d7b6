"""`simsuite bench`: games per second of the compiled cores and of whole batches.

Each game package lists its workloads (`GameSpec.bench_workloads`, e.g.
simsuite/games/<game>/bench.py); this module times whatever they are.

Every workload is timed several times, in rounds (one repetition of each workload per round);
we print the minimum, median and maximum of the repetitions, and each ratio between two
workloads as the median of their per-round ratios. Core workloads call a game's batch entry
point in this process (one core);
batch workloads run `simsuite run` on a temporary scenario with 1 and 2 jobs, so the cost
of the runner, seeding and Parquet writing shows beside the core's own throughput.
Figures and how they were obtained are recorded in BENCHMARKS.md. Tests never time anything.
"""
from __future__ import annotations

import os
import platform
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional

import numpy as np

from simsuite.errors import UserError


@dataclass
class Measure:
    """One repetition: how many games, decisions and seconds."""
    games: int
    seconds: float
    decisions: Optional[int] = None
    worker_peak_bytes: int = 0       # batch workloads: the largest worker's peak memory


@dataclass
class Workload:
    name: str
    description: str
    kind: str                                     # "core" or "batch"
    run: Callable[[int, int], Measure]            # (games, first game index) -> Measure
    extra: dict = field(default_factory=dict)


# ------------------------------------------------------------------ core workloads

def bench_seeds(indices) -> np.ndarray:
    """The fixed seeds of a core workload's games (index k -> k times the golden ratio word),
    so that every game's core is timed on games of its own, the same from run to run."""
    return np.asarray(indices, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)


def bench_policy_arrays(game: str, title: str, policy: str, seats: int) -> tuple:
    """(ids int32 [seats], weights [seats, MAX_WEIGHTS]) of `game`'s compiled `policy` at its
    default weights in every seat; `title` names the core in the error for an unknown policy."""
    from simsuite.policies import PolicyChoice, compiled_policies, seat_policy_arrays

    table = compiled_policies(game)
    if policy not in table:
        raise UserError(f"bench: policy '{policy}' is not compiled into the {title} core; "
                        f"known: {', '.join(sorted(table))}")
    p = table[policy]
    ids, weights, _ = seat_policy_arrays([PolicyChoice(p.name, p.id, tuple(w for _, w in p.weights))] * seats)
    return ids, weights


def timed_batch(games: int, play: Callable[[], dict]) -> Measure:
    """Time one call of a core's batch entry point (`play()` returns its result arrays, with the
    decisions of each game in "decisions")."""
    t0 = time.perf_counter()
    out = play()
    return Measure(games, time.perf_counter() - t0, int(np.sum(out["decisions"])))


# ------------------------------------------------------------------ whole-batch workloads

def batch_workload(template: str, jobs: int, shard: Optional[int] = None,
                   **fields) -> Callable[[int, int], Measure]:
    """`simsuite run` on a temporary scenario: `template` with {games}, {seed}, {shard} and
    `fields` filled in, played with `jobs` workers."""
    def run(games: int, start: int) -> Measure:
        from simsuite.runner import run as run_batch
        from simsuite.scenario import load_scenario

        with tempfile.TemporaryDirectory(prefix="simsuite-bench-") as tmp:
            path = Path(tmp) / "bench.toml"
            # 8 shards per job: with fewer, the last shards' uneven finish (games differ in
            # length, and so do a shared host's cores) weighs more than in a real, longer run
            size = shard or max(1, games // (8 * jobs))
            path.write_text(template.format(games=games, seed=start + 1, shard=size, **fields))
            sc = load_scenario(path, out=Path(tmp) / "out")
            t0 = time.perf_counter()
            summary = run_batch(sc, jobs=jobs, backend="local", progress=False)
            dt = time.perf_counter() - t0
        return Measure(games, dt, worker_peak_bytes=summary["worker_peak_bytes"])
    return run


MILLION = 1_000_000


def workloads() -> dict[str, Workload]:
    """Every game's workloads (each game package's `bench_workloads`), by name."""
    from simsuite.games import get_game, known_games

    table: dict[str, Workload] = {}
    for game in known_games():
        try:
            spec = get_game(game)
        except UserError:
            continue   # a game whose core is not built here has nothing to measure
        for w in spec.bench_workloads():
            table[w.name] = w
    return table


def _calibrate(w: Workload, seconds: float) -> int:
    """Games that take about `seconds` for this workload (probing with a small batch)."""
    n = 20
    while True:
        m = w.run(n, 10_000_000)
        if m.seconds >= 0.25 or n >= 1_000_000:
            break
        n *= 4
    rate = m.games / max(m.seconds, 1e-9)
    return max(10, int(rate * seconds))


REPORTS_WORKLOAD = "reports-10m"


def _report_bench(rows: int) -> None:
    """Every report on a synthetic dataset of `rows` rows: wall seconds and peak memory each."""
    from simsuite.reporting.bench import report_benchmark

    print(f"reports on a synthetic dataset of {rows:,} rows (each report in its own process):")
    for name, (sec, rss) in report_benchmark(rows=rows).items():
        print(f"  {name:14} {sec:7.2f} s   peak {rss / 2**20:6.0f} MiB")


def _sizes(table: dict[str, Workload], names: list[str], seconds: float) -> dict[str, int]:
    """Games per repetition: about `seconds` for a core workload; a batch plays its core's
    count times 4 per job, long enough for the pool start-up to amortise, as in real runs."""
    sizes: dict[str, int] = {}
    for name in names:
        w = table[name]
        core = w.extra.get("core")
        if w.kind == "million":
            continue
        if w.kind == "batch" and core in table:
            if core not in sizes:
                sizes[core] = _calibrate(table[core], seconds)
            sizes[name] = sizes[core] * w.extra["jobs"] * 4
        elif name not in sizes:
            sizes[name] = _calibrate(w, seconds)
    return sizes


def _paired(rates: list[float], base: list[float]) -> float:
    """Median over the rounds of rates[r] / base[r]."""
    return statistics.median(a / b for a, b in zip(rates, base))


def bench_command(workloads: list[str], repeat: int, seconds: float) -> None:
    table = globals()["workloads"]()
    if REPORTS_WORKLOAD in workloads:
        workloads = [w for w in workloads if w != REPORTS_WORKLOAD]
        _report_bench(10_000_000)
        if not workloads:
            return
    names = workloads or [n for n, w in table.items() if w.kind != "million"]
    unknown = [n for n in names if n not in table]
    if unknown:
        raise UserError(f"unknown workload {unknown[0]!r}; choose from: "
                        f"{', '.join(list(table) + [REPORTS_WORKLOAD])}")
    if repeat < 1 or seconds <= 0:
        raise UserError("--repeat must be at least 1 and --seconds positive")
    # a batch is compared with its core and a 2-job batch with its 1-job one: measure those too
    for name in list(names):
        need = [table[name].extra.get("core"), name.replace("2jobs", "1job")]
        for other in need:
            if other in table and other not in names:
                names.insert(names.index(name), other)
    print(f"machine: {platform.machine()} {platform.processor() or ''} cpus={os.cpu_count()} "
          f"python={platform.python_version()}")
    games, worker_peak = _sizes(table, names, seconds), 0
    rates: dict[str, list[float]] = {n: [] for n in names}
    drates: dict[str, list[float]] = {n: [] for n in names}
    # Repetitions go round the workloads (one of each, then the next round), so that the host's
    # drift over minutes (a shared VM's speed wanders) touches every workload alike and the
    # ratios below compare runs made side by side.
    timed = [n for n in names if table[n].kind != "million"]
    for r in range(repeat if timed else 0):
        if repeat > 1:
            print(f"  round {r + 1} of {repeat}", file=sys.stderr, flush=True)
        for name in timed:
            m = table[name].run(games[name], r * games[name])
            worker_peak = max(worker_peak, m.worker_peak_bytes)
            rates[name].append(m.games / m.seconds)
            if m.decisions is not None:
                drates[name].append(m.decisions / m.seconds)
    print(f"{'workload':24} {'games':>8} {'games/s min':>12} {'median':>10} {'max':>10} "
          f"{'decisions/s':>12}")
    for name in timed:
        rs = rates[name]
        dec = f"{statistics.median(drates[name]):12,.0f}" if drates[name] else f"{'-':>12}"
        print(f"{name:24} {games[name]:8d} {min(rs):12,.1f} {statistics.median(rs):10,.1f} "
              f"{max(rs):10,.1f} {dec}")
    for name in names:
        if table[name].kind == "million":
            m = table[name].run(MILLION, 0)
            worker_peak = max(worker_peak, m.worker_peak_bytes)
            print(f"{name:24} {m.games:8d} {'':>12} {m.games / m.seconds:10,.1f} {'':>10} {'-':>12}"
                  f"   ({m.seconds / 60:.1f} minutes, one repetition)")
    for name in timed:
        core = table[name].extra.get("core")
        if table[name].kind == "batch" and core in rates:
            print(f"{name}: {_paired(rates[name], rates[core]):.2f} x the one-core throughput of {core}")
            one = name.replace("2jobs", "1job")
            if one != name and one in rates:
                print(f"{name}: {_paired(rates[name], rates[one]):.2f} x {one}")
    if len(timed) > 1 and repeat > 1:
        print("(ratios: the median over the rounds of the two workloads' games/s in the same round)")
    if worker_peak:
        print(f"peak worker memory (batch workloads, largest worker): {worker_peak / 2**20:.0f} MiB")
