"""`simsuite bench` plumbing (issue #7). Tests never time anything: these only check that the
workloads run and report, and that the million-game workload plays the shipped scenario."""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from simsuite import bench
from simsuite.errors import UserError

pytest.importorskip("simsuite._scythe", reason="the compiled Scythe core is not built")

ROOT = Path(__file__).resolve().parents[1]


def test_core_and_batch_workloads_report(capsys):
    bench.bench_command(["scythe-2p-random", "run-automa-1job"], repeat=1, seconds=0.05)
    out = capsys.readouterr().out
    assert "scythe-2p-random" in out and "run-automa-1job" in out
    assert "x the one-core throughput of scythe-automa" in out
    assert "peak worker memory (batch workloads, largest worker)" in out


def test_unknown_workload_is_a_one_line_error():
    with pytest.raises(UserError, match="unknown workload 'nope'; choose from: .*run-automa-million"):
        bench.bench_command(["nope"], repeat=1, seconds=1)


def test_million_workload_is_opt_in_and_matches_the_shipped_scenario():
    table = bench.workloads()
    assert table["run-automa-million"].kind == "million"
    shipped = tomllib.loads((ROOT / "scenarios" / "automa-million.toml").read_text())
    ours = tomllib.loads(bench._AUTOMA_SCENARIO.format(games=bench.MILLION, seed=1, shard=20000,
                                                        players=2, policy=""))
    for key in ("game", "games", "factions", "mats", "shard_size", "policy", "automa", "rules"):
        assert ours[key] == shipped[key], key
