"""ext/scythe/search_sample.py: a sample fixed in advance, kept as it is played, loses and
repeats no game when it is stopped and resumed (README "Guarantees": nothing lost)."""
from __future__ import annotations

from pathlib import Path

import pytest

from .ext_tools import load_tool

search_sample = load_tool("search_sample")

HEADER = "seed,faction,mat,won,margin"


def fake_game(played: list, fail_at: int | None = None):
    """A stand-in for one search game: writes a search_bench.py-shaped row for the seed."""
    def play(seed: int, out: Path) -> tuple[float, float]:
        if seed == fail_at:
            raise RuntimeError(f"game {seed} failed")
        played.append(seed)
        out.write_text(f"{HEADER}\n{seed},1,2,{seed % 2},{seed % 7 - 3}\n")
        return 1.5, 100.0
    return play


def rows(record: Path) -> list[str]:
    return record.read_text().splitlines()


def test_a_stopped_sample_resumes_without_losing_or_repeating_a_game(tmp_path):
    record = tmp_path / "sample.csv"
    first = []
    with pytest.raises(SystemExit, match="game 105 failed"):
        search_sample.run_sample(record, range(100, 112), fake_game(first, fail_at=105), lanes=1)
    assert first == [100, 101, 102, 103, 104]
    assert search_sample.record_seeds(record) == set(first)
    again = []
    assert search_sample.run_sample(record, range(100, 112), fake_game(again), lanes=2) == 7
    assert sorted(again) == list(range(105, 112))          # only the games the record lacked
    lines = rows(record)
    assert lines[0] == HEADER + ",cpu_seconds,peak_mib"
    assert [int(x.split(",")[0]) for x in lines[1:]] == list(range(100, 112))  # sorted, once each
    assert lines[1] == "100,1,2,0,-1,1.5,100"
    assert search_sample.run_sample(record, range(100, 112), fake_game([]), lanes=2) == 0


def test_a_stop_file_beside_the_record_starts_no_more_games(tmp_path):
    record = tmp_path / "sample.csv"
    (tmp_path / "STOP").touch()
    played = []
    assert search_sample.run_sample(record, range(10), fake_game(played), lanes=2) == 0
    assert played == [] and not record.exists()


def test_a_record_of_other_columns_is_refused_in_one_line(tmp_path):
    record = tmp_path / "sample.csv"
    record.write_text("seed,other\n1,2\n")
    with pytest.raises(SystemExit, match="other columns"):
        search_sample.run_sample(record, range(5, 6), fake_game([]), lanes=1)
    assert rows(record) == ["seed,other", "1,2"]


def test_a_real_game_is_recorded_with_its_cost(tmp_path):
    # the cell runs search_bench.py in a process of its own: its row, plus that process's CPU
    # seconds and peak memory (a tiny budget at the easiest level keeps it under a second)
    record = tmp_path / "sample.csv"
    play = search_sample.bench_cell("autometta", "simulations=4", tmp_path)
    assert search_sample.run_sample(record, range(5, 6), play, lanes=1) == 1
    header, row = rows(record)
    cols = dict(zip(header.split(","), row.split(",")))
    assert cols["seed"] == "5" and cols["won"] in ("0", "1")
    assert float(cols["cpu_seconds"]) > 0 and 20 < float(cols["peak_mib"]) < 500


def test_a_game_claimed_by_a_live_run_is_left_to_it_and_a_dead_runs_claim_is_taken(tmp_path):
    record = tmp_path / "sample.csv"
    (tmp_path / ".sample.csv.3.lock").write_text("1")          # pid 1 lives: seed 3 is its
    (tmp_path / ".sample.csv.4.lock").write_text("999999999")  # no such process: seed 4 is free
    played = []
    assert search_sample.run_sample(record, range(2, 6), fake_game(played), lanes=1) == 3
    assert played == [2, 4, 5]
    assert sorted(p.name for p in tmp_path.glob(".sample.csv.*.lock")) == [".sample.csv.3.lock"]


def _add_rows(record: str, first: int, n: int) -> None:
    import threading
    for seed in range(first, first + n):
        search_sample.add_row(Path(record), HEADER, f"{seed},0,0,0,0", threading.Lock())


def test_two_runs_adding_rows_at_once_lose_none(tmp_path):
    # two processes (two runs of one sample) write the same record: each row survives
    import multiprocessing
    record = tmp_path / "sample.csv"
    procs = [multiprocessing.get_context("fork").Process(target=_add_rows,
                                                          args=(str(record), k * 1000, 150))
             for k in (1, 2)]
    for p in procs:
        p.start()
    for p in procs:
        p.join()
    assert search_sample.record_seeds(record) == set(range(1000, 1150)) | set(range(2000, 2150))


def test_the_summary_counts_the_record(tmp_path):
    # 4 games, 1 won; margins +6, -2, -4, -8: mean -2.0, sample sd 5.89, standard error 2.9
    record = tmp_path / "sample.csv"
    record.write_text(HEADER + ",cpu_seconds,peak_mib\n"
                      "1,0,0,1,6,400.0,100\n2,0,1,0,-2,500.0,120\n"
                      "3,3,1,0,-4,300.0,90\n4,1,2,0,-8,600.0,110\n")
    text = search_sample.summary(record)
    assert "4 games (seeds 1-4), 1 won, 25.0% [" in text
    assert "margin -2.0 ± 2.9, 450 CPU-seconds a game (300-600), peak 120 MiB" in text
    assert "by faction: crimea 0 of 1, nordic 1 of 2, rusviet 0 of 1" in text
    assert search_sample.summary(tmp_path / "none.csv").endswith("no game recorded")
