"""Benchmark of the reports on a large synthetic dataset (for `simsuite bench`).

`report_benchmark()` writes a synthetic dataset of a game (simsuite.reporting.synthetic, with
the design its reports package declares) to a temporary folder, then runs every report that
applies to it, each in a fresh process so that its peak
memory is its own (read with os.wait4), and returns the wall time and peak resident set
size per report. The issue's target: 10 million rows in well under 30 s and 2 GiB each.
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
    synthetic design), run every report of any game and of that game on it (or `reports`).

    Returns {report name: (seconds, peak RSS bytes)}; a report that refuses the dataset is
    left out. `all` runs with --html into the temporary folder so its charts are drawn too.
    The dataset is deleted afterwards unless `workdir` is given.
    """
    from simsuite.reporting import registry
    from simsuite.reporting.synthetic import design_of, generate

    design = design_of(game)
    names = list(reports) if reports is not None else [
        r.name for r in registry.all_reports() if r.game in (None, design.schema.game)]
    owned = workdir is None
    tmp = tempfile.TemporaryDirectory(prefix="simsuite-report-bench-") if owned else None
    base = Path(tmp.name) if owned else Path(workdir)
    try:
        data = base / "dataset"
        if not data.exists():
            t0 = time.perf_counter()
            generate(data, design, rows=rows, seed=seed)
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
