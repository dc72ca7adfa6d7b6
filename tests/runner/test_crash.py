"""A batch killed with SIGKILL in the middle, then resumed, gives exactly the rows of an
uninterrupted run (issue #3, part 2: "Running the same command again resumes")."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

from runhelpers import read_rows

from simsuite.runner import run
from simsuite.scenario import load_scenario

SLOW_DICE = """
game = "dicegame:DiceGame"
name = "crash"
games = 200
seed = 11
shard_size = 20
players = 2
[rules]
target = 25
sleep = 0.02
"""


def _command(path, out):
    return [sys.executable, "-m", "simsuite", "run", str(path), "--jobs", "2", "--out", str(out)]


def test_sigkill_then_resume_equals_uninterrupted_run(scenario_file, tmp_path):
    path = scenario_file(SLOW_DICE, "crash.toml")
    out = tmp_path / "killed"
    part = out / "game=dice" / "scenario=crash"
    proc = subprocess.Popen(_command(path, out), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while not (part.is_dir() and any(part.glob("part-*.parquet"))):
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline, "no shard file appeared"
            time.sleep(0.005)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)  # the run and its worker processes, no clean-up
        proc.wait()
    assert proc.returncode == -signal.SIGKILL
    recorded = json.loads((out / "manifest.json").read_text())["scenarios"]["crash"]["shards"]
    assert 0 < len(list(part.glob("part-*.parquet"))) < 10, "the kill must land mid-batch"
    assert len(recorded) < 10

    resumed = subprocess.run(_command(path, out), capture_output=True, text=True, timeout=300)
    assert resumed.returncode == 0, resumed.stderr
    assert "200 games, 400 rows" in resumed.stdout
    assert sorted(p.name for p in part.iterdir()) == [f"part-{k:05d}.parquet" for k in range(10)]

    # `sleep` changes no result and is not hashed: the uninterrupted run can skip it
    clean = scenario_file(SLOW_DICE.replace("sleep = 0.02", "sleep = 0"), "clean/crash.toml")
    sc = load_scenario(clean, out=tmp_path / "clean")
    run(sc, jobs=1)
    assert read_rows(out).equals(read_rows(tmp_path / "clean"))
