"""The Dask backend gives the same dataset as local processes (issue #3, part 4): a real
`dask scheduler` and `dask worker` started on loopback, and a LocalCluster started by the run."""
from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from runhelpers import read_rows

from simsuite.errors import UserError
from simsuite.runner import run
from simsuite.scenario import load_scenario

distributed = pytest.importorskip("distributed")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _dask_cli() -> list[str]:
    exe = Path(sys.executable).with_name("dask")
    return [str(exe)] if exe.exists() else [shutil.which("dask") or "dask"]


@pytest.fixture
def dask_cluster(tmp_path):
    """A scheduler and one worker process with 2 single-thread workers, on 127.0.0.1."""
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    logs = tmp_path / "dask-logs"
    logs.mkdir()
    procs = [subprocess.Popen(_dask_cli() + ["scheduler", "--host", "127.0.0.1", "--port", str(port),
                                             "--no-dashboard"],
                              stdout=open(logs / "scheduler.log", "w"), stderr=subprocess.STDOUT,
                              start_new_session=True)]
    procs.append(subprocess.Popen(_dask_cli() + ["worker", address, "--host", "127.0.0.1", "--nworkers", "2",
                                                 "--nthreads", "1", "--no-dashboard",
                                                 "--local-directory", str(tmp_path / "dask-work")],
                                  stdout=open(logs / "worker.log", "w"), stderr=subprocess.STDOUT,
                                  start_new_session=True))
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with distributed.Client(address, timeout="5s") as client:
                    client.wait_for_workers(2, timeout=60)
                break
            except OSError:
                assert time.monotonic() < deadline, (logs / "scheduler.log").read_text()
                time.sleep(0.3)
        yield address
    finally:
        for proc in procs:  # each with its worker children; nothing of theirs is kept
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def test_dask_scheduler_and_workers_give_the_local_rows(scenario_file, tmp_path, dask_cluster):
    path = scenario_file()
    run(load_scenario(path, out=tmp_path / "local"), jobs=2)
    summary = run(load_scenario(path, out=tmp_path / "dask"), backend="dask", scheduler=dask_cluster)
    assert summary["played"] == 120
    assert read_rows(tmp_path / "dask").equals(read_rows(tmp_path / "local"))


def test_dask_local_cluster_gives_the_local_rows(scenario_file, tmp_path):
    path = scenario_file()
    run(load_scenario(path, out=tmp_path / "local"), jobs=1)
    run(load_scenario(path, out=tmp_path / "dask"), jobs=2, backend="dask")
    assert read_rows(tmp_path / "dask").equals(read_rows(tmp_path / "local"))


def test_unreachable_scheduler_is_a_one_line_error(scenario_file, tmp_path, monkeypatch):
    monkeypatch.setattr("simsuite.runner.DASK_CONNECT_TIMEOUT", "1s")
    sc = load_scenario(scenario_file(), out=tmp_path / "o")
    with pytest.raises(UserError, match=r"^--scheduler tcp://127\.0\.0\.1:\d+: cannot reach the Dask "
                                        r"scheduler .*; check the address"):
        run(sc, backend="dask", scheduler=f"tcp://127.0.0.1:{_free_port()}")
