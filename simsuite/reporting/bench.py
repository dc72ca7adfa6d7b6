"""Benchmark of the reports on a large synthetic dataset (for `simsuite bench`).

`report_benchmark()` writes a synthetic dataset of a game (simsuite.reporting.synthetic, with
the design its reports package declares) to a temporary folder, then runs every report that
applies to it, each in a fresh process so that its peak memory is its own (read with
os.wait4), and returns the wall time and peak resident set size per report. The issue's
target: 10 million rows in well under 30 s and 2 GiB each.

A child's peak starts from its parent's peak at the fork (Linux carries the high-water mark
across exec), so the dataset is written in a child too and this module imports no polars:
the figures are the reports' own, above a small floor (the calling process's size).
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Dict, Optional, Sequence, Tuple

# a report that refuses the dataset (a UserError: e.g. a solo-opponent report on games
# without one) exits with SKIPPED and is left out of the results
SKIPPED = 3
_CHILD = (
    "import sys\n"
    "from simsuite.errors import UserError\n"
    "from simsuite.reporting.registry import report_command\n"
    "try:\n"
    "    report_command(sys.argv[1], sys.argv[2:])\n"
    "except UserError as err:\n"
    "    print(err.message, file=sys.stderr)\n"
    f"    sys.exit({SKIPPED})\n"
)


_GENERATE = (
    "import sys\n"
    "from simsuite.reporting.synthetic import design_of, generate\n"
    "generate(sys.argv[1], design_of(sys.argv[2] or None), rows=int(sys.argv[3]), seed=int(sys.argv[4]))\n"
)


class Skipped(Exception):
    """The report cannot serve the benchmark's dataset (its one-line reason)."""


def _run_child(argv: Sequence[str]) -> Tuple[float, int]:
    """Run one report in a child process: (seconds, peak RSS in bytes)."""
    start = time.perf_counter()
    with tempfile.TemporaryFile() as errfile:
        proc = subprocess.Popen([sys.executable, "-c", _CHILD, *argv],
                                stdout=subprocess.DEVNULL, stderr=errfile)
        # os.wait4 gives this child's own resource usage (ru_maxrss is in KiB on Linux)
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        errfile.seek(0)
        err = errfile.read().decode(errors="replace").strip()
    last = err.splitlines()[-1] if err else ""
    if proc.returncode == SKIPPED:
        raise Skipped(last)
    if proc.returncode != 0:
        raise RuntimeError(f"report {argv[0]} failed (status {proc.returncode}): {last}")
    rss = usage.ru_maxrss * (1 if sys.platform == "darwin" else 1024)
    return seconds, int(rss)


def report_benchmark(rows: int = 10_000_000, reports: Optional[Sequence[str]] = None,
                     workdir: Optional[Path] = None, seed: int = 1, verbose: bool = False,
                     game: Optional[str] = None) -> Dict[str, Tuple[float, int]]:
    """Write a synthetic dataset of `rows` rows of `game` (default: the first game with a
    synthetic design), run every report on it (or `reports`).

    Returns {report name: (seconds, peak RSS bytes)}; a report that refuses the dataset
    (another game's, or one the data cannot serve) is left out. `all` runs with --html into
    the temporary folder so its charts are drawn too. The dataset is deleted afterwards
    unless `workdir` is given.
    """
    from simsuite.reporting import registry

    names = list(reports) if reports is not None else list(registry.available())
    owned = workdir is None
    tmp = tempfile.TemporaryDirectory(prefix="simsuite-report-bench-") if owned else None
    base = Path(tmp.name) if owned else Path(workdir)
    try:
        data = base / "dataset"
        if not data.exists():
            t0 = time.perf_counter()
            made = subprocess.run([sys.executable, "-c", _GENERATE, str(data), game or "", str(rows),
                                   str(seed)], capture_output=True, text=True)
            if made.returncode != 0:
                last = made.stderr.strip().splitlines()[-1] if made.stderr.strip() else ""
                raise RuntimeError(f"writing the synthetic dataset failed: {last}")
            if verbose:
                print(f"synthetic dataset: {rows} rows in {time.perf_counter() - t0:.1f} s", file=sys.stderr)
        results = {}
        for name in names:
            argv = [name, str(data), "--format", "json", "--out", os.devnull]
            if name == "all":
                argv = [name, str(data), "--html", str(base / "html"), "--format", "json", "--out", os.devnull]
            try:
                results[name] = _run_child(argv)
            except Skipped as why:
                if verbose:
                    print(f"{name}: skipped ({why})", file=sys.stderr)
                continue
            if verbose:
                sec, rss = results[name]
                print(f"{name}: {sec:.2f} s, peak {rss / 2**20:.0f} MiB", file=sys.stderr)
        return results
    finally:
        if tmp is not None:
            tmp.cleanup()


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000_000
    for report, (sec, rss) in report_benchmark(n, verbose=True).items():
        print(f"{report:14s} {sec:7.2f} s  {rss / 2**20:7.0f} MiB")
