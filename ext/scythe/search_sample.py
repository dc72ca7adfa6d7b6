"""A sample of search games against the Automa, fixed in advance and kept in the repository as
it is played (BENCHMARKS.md "Search policy"): a sample that takes longer than a session
survives the session's machine.

    PYTHONPATH=. .venv/bin/python ext/scythe/search_sample.py RECORD LEVEL FIRST LAST ['KNOBS'] [LANES]
    PYTHONPATH=. .venv/bin/python ext/scythe/search_sample.py RECORD

The second form reads the record: games, wins with the Wilson 95% interval, the mean margin
with its standard error, CPU seconds a game and peak memory, and the wins by faction.

RECORD  the sample's CSV (ext/scythe/samples/NAME.csv): one row per game, the columns of
        search_bench.py's save= file plus cpu_seconds and peak_mib (the game's process);
        each game's row is added as it ends, the rows sorted by seed and the file replaced
        atomically, so a sample stopped anywhere (a killed lane, the session's end, a new
        machine) resumes where it stopped: a seed the record holds is never played again.
LEVEL   the Automa's level (automa, ultimaszyna, ...); the search plays the human seat.
FIRST, LAST  the sample's seeds, FIRST to LAST - 1, one game each (`base` of search_bench.py).
KNOBS   search_bench.py's knobs, without base and save (default: none, the defaults).
LANES   games played at once (default 2, one a core).
A file named STOP beside RECORD stops the lanes from starting another game; the games under
way end and are recorded. Two runs of one sample (say one a core, started apart) share it: each
game is claimed by a lock file beside RECORD naming its process, taken over once that process
is gone.
"""
from __future__ import annotations

import fcntl
import os
from pathlib import Path
import subprocess
import sys
import tempfile
import threading
from typing import Callable

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]

# play(seed, out_csv) -> (cpu_seconds, peak_mib): one game, its search_bench.py row written to out_csv
PlayCell = Callable[[int, Path], tuple[float, float]]


def record_seeds(record: Path) -> set[int]:
    if not record.exists():
        return set()
    lines = record.read_text().splitlines()[1:]
    return {int(line.split(",", 1)[0]) for line in lines if line}


def add_row(record: Path, header: str, row: str, lock: threading.Lock) -> None:
    """Add one game's row to the record: rows sorted by seed, the file replaced atomically;
    `lock` between this run's lanes, a file lock beside the record between runs."""
    with lock, open(record.with_name(f".{record.name}.lock"), "w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        rows = []
        if record.exists():
            old = record.read_text().splitlines()
            if old and old[0] != header:
                raise ValueError(f"{record} has other columns than this run's rows; "
                                 "record a different setting in a file of its own")
            rows = [line for line in old[1:] if line]
        rows.append(row)
        rows.sort(key=lambda line: int(line.split(",", 1)[0]))
        tmp = record.with_name(record.name + ".tmp")
        tmp.write_text("\n".join([header] + rows) + "\n")
        os.replace(tmp, record)


def claim(record: Path, seed: int) -> Path | None:
    """Claim a seed for this process, so that two runs of one sample never play the same game
    (a lock file beside the record naming the process; a dead process's claim is taken over)."""
    lock = record.with_name(f".{record.name}.{seed}.lock")
    for _ in range(2):
        try:
            fd = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
        except FileExistsError:
            try:
                os.kill(int(lock.read_text() or 0), 0)
                return None                    # a live process plays it
            except (ProcessLookupError, ValueError, FileNotFoundError):
                lock.unlink(missing_ok=True)   # its process is gone
                continue
        os.write(fd, str(os.getpid()).encode())
        os.close(fd)
        return lock
    return None


def bench_cell(level: str, knobs: str, logs: Path) -> PlayCell:
    """One game of search_bench.py in a process of its own, with that process's CPU time and
    peak memory."""
    def play(seed: int, out: Path) -> tuple[float, float]:
        extra = f", {knobs}" if knobs else ""
        cmd = [sys.executable, str(HERE / "search_bench.py"), f"automa:{level}", "1",
               f'base={seed}, save="{out}"{extra}', "expert"]
        env = dict(os.environ, PYTHONPATH=str(REPO), OPENBLAS_NUM_THREADS="1")
        log = logs / f"{seed}.log"
        with open(log, "w") as f:
            proc = subprocess.Popen(cmd, stdout=f, stderr=subprocess.STDOUT, env=env)
            _, status, usage = os.wait4(proc.pid, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            raise RuntimeError(f"game {seed} failed; its output is in {log}")
        return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024
    return play


def run_sample(record: Path, seeds: range, play: PlayCell, lanes: int = 2) -> int:
    """Play every seed the record lacks, `lanes` at a time; returns the games added."""
    done = record_seeds(record)
    todo = iter([s for s in seeds if s not in done])
    take, write = threading.Lock(), threading.Lock()
    added, errors = [], []
    work = Path(tempfile.mkdtemp(prefix="search-sample-"))

    def lane() -> None:
        while not errors and not (record.parent / "STOP").exists():
            with take:
                seed = next(todo, None)
            if seed is None:
                return
            lock = claim(record, seed)
            if lock is None:
                continue
            try:
                if seed in record_seeds(record):   # another run recorded it since this one began
                    continue
                out = work / f"{seed}.csv"
                cpu, mib = play(seed, out)
                header, row = out.read_text().splitlines()[:2]
                add_row(record, header + ",cpu_seconds,peak_mib", f"{row},{cpu:.1f},{mib:.0f}",
                        write)
                added.append(seed)
            except (RuntimeError, OSError, ValueError) as exc:
                errors.append(str(exc))
                return
            finally:
                lock.unlink(missing_ok=True)

    threads = [threading.Thread(target=lane) for _ in range(max(1, lanes))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise SystemExit(f"error: {errors[0]}")
    return len(added)


def summary(record: Path) -> str:
    """What a record holds so far, in a few lines."""
    import math

    from simsuite.games.scythe.ids import faction_names
    from simsuite.reporting.stats import wilson_interval

    lines = record.read_text().splitlines() if record.exists() else []
    if len(lines) < 2:
        return f"{record}: no game recorded"
    cols = lines[0].split(",")
    rows = [dict(zip(cols, line.split(","))) for line in lines[1:] if line]
    n, won = len(rows), sum(int(r["won"]) for r in rows)
    margins = [float(r["margin"]) for r in rows]
    mean = sum(margins) / n
    se = (math.sqrt(sum((m - mean) ** 2 for m in margins) / (n - 1) / n) if n > 1 else 0.0)
    lo, hi = wilson_interval(won, n)
    cpu = [float(r["cpu_seconds"]) for r in rows]
    out = [f"{record}: {n} games (seeds {rows[0]['seed']}-{rows[-1]['seed']}), {won} won, "
           f"{100 * won / n:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}], margin {mean:+.1f} ± {se:.1f}, "
           f"{sum(cpu) / n:.0f} CPU-seconds a game ({min(cpu):.0f}-{max(cpu):.0f}), "
           f"peak {max(float(r['peak_mib']) for r in rows):.0f} MiB"]
    by = {}
    for r in rows:
        name = faction_names()[int(r["faction"])]
        by.setdefault(name, []).append(int(r["won"]))
    out.append("  by faction: " + ", ".join(f"{f} {sum(v)} of {len(v)}" for f, v in sorted(by.items())))
    return "\n".join(out)


def main(argv: list[str]) -> None:
    if len(argv) == 1:
        print(summary(Path(argv[0])))
        return
    if len(argv) not in (4, 5, 6):
        sys.exit(__doc__)
    record, level, first, last = Path(argv[0]), argv[1], int(argv[2]), int(argv[3])
    knobs = argv[4] if len(argv) > 4 else ""
    lanes = int(argv[5]) if len(argv) > 5 else 2
    if "base" in knobs or "save" in knobs:
        sys.exit("error: KNOBS sets base or save; the sample sets them (FIRST, LAST, RECORD)")
    record.parent.mkdir(parents=True, exist_ok=True)
    logs = Path(tempfile.mkdtemp(prefix="search-sample-logs-"))
    n = run_sample(record, range(first, last), bench_cell(level, knobs, logs), lanes)
    held = len(record_seeds(record) & set(range(first, last)))
    print(f"{record}: {n} games added, {held} of {last - first} held (logs in {logs})")


if __name__ == "__main__":
    main(sys.argv[1:])
