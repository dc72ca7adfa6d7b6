"""`simsuite bench` plumbing (issue #7). Tests never time anything: these only check that the
workloads run and report, and that the million-game workload plays the shipped scenario."""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from simsuite import bench
from simsuite.games.scythe import bench as scythe_bench
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
    shipped = tomllib.loads((ROOT / "scenarios" / "scythe" / "automa-million.toml").read_text())
    ours = tomllib.loads(scythe_bench.AUTOMA_SCENARIO.format(games=bench.MILLION, seed=1, shard=20000,
                                                        players=2, policy=""))
    for key in ("game", "games", "factions", "mats", "shard_size", "policy", "automa", "rules"):
        assert ours[key] == shipped[key], key


def test_rounds_interleave_workloads_and_ratios_pair_the_rounds(monkeypatch, capsys):
    """Repetitions go round the workloads, and a ratio is the median of same-round ratios: a host
    that slows down in round 2 (all rates halve) leaves the ratios untouched."""
    calls: list[str] = []

    def fake(name: str, rates: list[float]):
        def run(games: int, start: int) -> bench.Measure:
            calls.append(name)
            rate = rates[calls.count(name) - 1]
            return bench.Measure(games, games / rate)
        return run

    table = {
        "core": bench.Workload("core", "", "core", fake("core", [100, 50, 100])),
        "b-1job": bench.Workload("b-1job", "", "batch", fake("b-1job", [110, 55, 90]),
                                 {"jobs": 1, "core": "core"}),
        "b-2jobs": bench.Workload("b-2jobs", "", "batch", fake("b-2jobs", [200, 100, 171]),
                                  {"jobs": 2, "core": "core"}),
    }
    monkeypatch.setattr(bench, "workloads", lambda: table)
    monkeypatch.setattr(bench, "_calibrate", lambda w, seconds: 10)
    bench.bench_command(["b-2jobs"], repeat=3, seconds=1)
    assert calls == ["core", "b-1job", "b-2jobs"] * 3
    out = capsys.readouterr().out
    # per round: 1.10, 1.10, 0.90 -> 1.10; 2.00, 2.00, 1.71 -> 2.00; 1.82, 1.82, 1.90 -> 1.82
    assert "b-1job: 1.10 x the one-core throughput of core" in out
    assert "b-2jobs: 2.00 x the one-core throughput of core" in out
    assert "b-2jobs: 1.82 x b-1job" in out
    # games per repetition: the core's 10, times 4 per job for a batch
    assert [line.split()[1] for line in out.splitlines() if line.startswith(("core ", "b-"))][:3] == \
        ["10", "40", "80"]


def test_a_weights_table_is_benched_as_a_scenario_plays_it(monkeypatch):
    # SIMSUITE_BENCH_TABLE: the core workloads give the heuristic the table's rows, as a
    # scenario naming the table does (the strongest policy is expert with its table).
    pytest.importorskip("simsuite._scythe")
    import numpy as np

    monkeypatch.setattr(scythe_bench, "TABLE", "expert")
    monkeypatch.setattr(scythe_bench, "HEURISTIC", "expert")
    ids, weights = scythe_bench.table_arrays("expert", 1, True, "expert")
    assert weights.ndim == 3 and weights.shape[0] == 2          # a row per faction x mat, 2 seats
    rows = {tuple(r) for r in weights[0]}
    assert len(rows) > 1                                        # the solo rows differ by mat
    ids4, weights4 = scythe_bench.table_arrays("expert", 4, False, "expert")
    assert weights4.shape[0] == 4 and np.array_equal(weights4[0], weights4[3])
    assert not np.array_equal(weights[0], weights4[0])          # solo rows are not the 4p rows
    assert "with weights table expert" in next(w.description for w in scythe_bench.workloads()
                                               if w.name == "scythe-automa")
