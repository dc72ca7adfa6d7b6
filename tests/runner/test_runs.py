"""Batch runs on the dice game: determinism across jobs and shard sizes, the dataset's layout
and metadata, and resuming (issue #3, parts 2 and 3)."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import numpy as np
import polars as pl
import pyarrow.parquet as pq
import pytest

from simsuite.schema import read_declaration
from runhelpers import DICE, read_rows

from simsuite.dataset import LOCK, MANIFEST
from simsuite.errors import UserError
from simsuite.rng import derive_seed
from simsuite.runner import run
from simsuite.scenario import load_scenario


def _run(path, out, jobs=1, **kw):
    sc = load_scenario(path, out=out, games=kw.pop("games", None))
    return sc, run(sc, jobs=jobs, **kw)


def test_one_job_and_two_jobs_give_identical_rows(scenario_file, tmp_path):
    path = scenario_file()
    _run(path, tmp_path / "a", jobs=1)
    _run(path, tmp_path / "b", jobs=2)
    a, b = read_rows(tmp_path / "a"), read_rows(tmp_path / "b")
    assert a.height == 120 * 3
    assert a.equals(b)


def test_shard_size_does_not_change_rows(scenario_file, tmp_path):
    _run(scenario_file(), tmp_path / "a", jobs=2)
    _run(scenario_file(DICE.replace("shard_size = 25", "shard_size = 7"), "race.toml"), tmp_path / "b", jobs=2)
    a, b = read_rows(tmp_path / "a"), read_rows(tmp_path / "b")
    assert len(list((tmp_path / "b").rglob("*.parquet"))) == 18  # ceil(120 / 7)
    assert a.equals(b)


def test_each_game_uses_the_derived_seed_and_all_indices_once(scenario_file, tmp_path):
    _run(scenario_file(), tmp_path / "o", jobs=2)
    rows = read_rows(tmp_path / "o")
    games = rows.unique("game_index").sort("game_index")
    assert games["game_index"].to_list() == list(range(120))
    assert games["seed"].to_list() == [derive_seed(7, g) for g in range(120)]
    assert rows.group_by("game_index").len()["len"].unique().to_list() == [3]


def test_rows_depend_on_the_master_seed(scenario_file, tmp_path):
    _run(scenario_file(), tmp_path / "a")
    _run(scenario_file(DICE.replace("seed = 7", "seed = 8")), tmp_path / "b")
    a, b = read_rows(tmp_path / "a"), read_rows(tmp_path / "b")
    assert not a["score"].equals(b["score"])


def test_dataset_layout_schema_and_metadata(scenario_file, tmp_path):
    sc, summary = _run(scenario_file(), tmp_path / "o", jobs=2)
    part = tmp_path / "o" / "game=dice" / "scenario=race"
    files = sorted(p.name for p in part.iterdir())
    assert files == [f"part-{k:05d}.parquet" for k in range(5)]  # 120 games / 25, no .tmp left
    meta = pq.read_metadata(part / "part-00000.parquet")
    kv = meta.metadata
    assert kv[b"simsuite.schema_version"] == b"2"
    # the game's declaration travels with every file, so reports need not import the game
    declared = read_declaration(kv)
    assert declared == sc.spec.schema and [c.name for c in declared.columns] == ["lead"]
    assert kv[b"simsuite.scenario_hash"].decode() == sc.hash and len(sc.hash) == 16
    assert kv[b"simsuite.scenario"].decode() == sc.text
    assert kv[b"simsuite.version"]
    assert meta.row_group(0).column(0).compression == "ZSTD"
    names = pq.read_schema(part / "part-00000.parquet").names
    assert "game" not in names and "scenario" not in names  # partition columns: folder names only
    rows = read_rows(tmp_path / "o")
    assert rows["game"].unique().to_list() == ["dice"]
    assert rows["scenario"].unique().to_list() == ["race"]
    assert rows.schema["seed"] == pl.UInt64 and rows.schema["seat"] == pl.Int8
    assert rows.schema["game_index"] == pl.Int64 and rows.schema["score"] == pl.Int32
    manifest = json.loads((tmp_path / "o" / MANIFEST).read_text())
    entry = manifest["scenarios"]["race"]
    assert entry["scenario_hash"] == sc.hash and entry["shard_size"] == 25
    assert {k: (v["start"], v["stop"], v["rows"]) for k, v in entry["shards"].items()} == {
        str(k): (25 * k, min(120, 25 * k + 25), 3 * (min(120, 25 * k + 25) - 25 * k)) for k in range(5)}
    assert summary["rows"] == 360
    assert not (tmp_path / "o" / LOCK).exists()


def test_two_scenarios_share_one_folder(scenario_file, tmp_path):
    _run(scenario_file(), tmp_path / "o")
    _run(scenario_file(DICE.replace('name = "race"', 'name = "other"').replace("players = 3", "players = 2"),
                       "other.toml"), tmp_path / "o")
    rows = read_rows(tmp_path / "o")
    counts = dict(rows.group_by("scenario").len().iter_rows())
    assert counts == {"race": 360, "other": 240}


def test_rerun_skips_finished_shards(scenario_file, tmp_path):
    path = scenario_file()
    _run(path, tmp_path / "o")
    before = {p: p.stat().st_mtime_ns for p in (tmp_path / "o").rglob("*.parquet")}
    _, summary = _run(path, tmp_path / "o")
    assert summary["played"] == 0 and summary["shards"] == 0
    assert {p: p.stat().st_mtime_ns for p in (tmp_path / "o").rglob("*.parquet")} == before


def test_missing_shard_file_is_played_again(scenario_file, tmp_path):
    path = scenario_file()
    _run(path, tmp_path / "a")
    _run(path, tmp_path / "b")
    victim = tmp_path / "b" / "game=dice" / "scenario=race" / "part-00002.parquet"
    victim.unlink()
    (victim.parent / "part-00003.parquet.tmp").write_bytes(b"half a file")  # from a killed run
    _, summary = _run(path, tmp_path / "b")
    assert summary["played"] == 25
    assert not list((tmp_path / "b").rglob("*.tmp"))
    assert read_rows(tmp_path / "a").equals(read_rows(tmp_path / "b"))


def test_more_games_extends_and_equals_a_direct_run(scenario_file, tmp_path):
    path = scenario_file()
    _run(path, tmp_path / "a", games=60)       # shards 0,1 full, shard 2 has 10 games
    _, summary = _run(path, tmp_path / "a", games=120)
    assert summary["played"] == 70             # shard 2 replayed in full, then shards 3, 4
    _run(path, tmp_path / "b", games=120)
    assert read_rows(tmp_path / "a").equals(read_rows(tmp_path / "b"))


def test_fewer_games_than_the_folder_holds_is_an_error(scenario_file, tmp_path):
    path = scenario_file()
    _run(path, tmp_path / "o")
    with pytest.raises(UserError, match=r"already holds 120 games of scenario 'race'.*--games 120"):
        _run(path, tmp_path / "o", games=50)


def test_changed_scenario_cannot_resume(scenario_file, tmp_path):
    _run(scenario_file(), tmp_path / "o", games=30)
    changed = scenario_file(DICE.replace("target = 30", "target = 31"))
    with pytest.raises(UserError, match=r"holds scenario 'race' with hash \w+, but the scenario now has hash"):
        _run(changed, tmp_path / "o")


def test_changed_shard_size_cannot_resume(scenario_file, tmp_path):
    _run(scenario_file(), tmp_path / "o", games=30)
    changed = scenario_file(DICE.replace("shard_size = 25", "shard_size = 10"))
    with pytest.raises(UserError, match=r"run with shard_size = 25, now 10; set shard_size = 25"):
        _run(changed, tmp_path / "o")


def test_lock_of_a_live_run_refuses_and_a_dead_one_is_taken_over(scenario_file, tmp_path):
    import socket

    out = tmp_path / "o"
    out.mkdir()
    (out / LOCK).write_text(f"{socket.gethostname()} {os.getppid()}\n")  # alive: our parent
    with pytest.raises(UserError, match="another simsuite run is writing here"):
        _run(scenario_file(), out)
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True).stdout.strip()
    (out / LOCK).write_text(f"{socket.gethostname()} {dead}\n")
    _, summary = _run(scenario_file(), out)
    assert summary["played"] == 120 and not (out / LOCK).exists()


def test_python_policy_changes_play_and_runs_in_workers(scenario_file, tmp_path):
    text = DICE + '\n[[policy]]\nname = "dicegame:Cautious"\n[[policy]]\nname = "random"\n' \
                  '[[policy]]\nname = "dicegame:Cautious"\nparams = { bold = true }\n'
    _run(scenario_file(text), tmp_path / "a", jobs=2)
    _run(scenario_file(text), tmp_path / "b", jobs=1)
    a, b = read_rows(tmp_path / "a"), read_rows(tmp_path / "b")
    assert a.equals(b)
    by_seat = a.group_by("seat").agg(pl.col("policy").first(), pl.col("policy_id").first()).sort("seat")
    assert by_seat["policy"].to_list() == ["dicegame:Cautious", "random", "dicegame:Cautious"]
    assert len(set(by_seat["policy_id"].to_list())) == 3  # params change the id
    # Cautious always rolls one die: at most 6 per turn, so never past target + 5
    assert a.filter(pl.col("seat") == 0)["score"].max() <= 35


def test_progress_bar_is_quiet_when_not_a_terminal(scenario_file, tmp_path):
    proc = subprocess.run([sys.executable, "-m", "simsuite", "run", str(scenario_file()), "--jobs", "1",
                           "--out", str(tmp_path / "o")], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert f"360 rows in {tmp_path / 'o'}" in proc.stdout
    assert f"simsuite report summary {tmp_path / 'o'}" in proc.stdout


def test_progress_bar_shows_games_rate_and_time_left(scenario_file, tmp_path, capsys, monkeypatch):
    sc = load_scenario(scenario_file(), out=tmp_path / "o")
    run(sc, jobs=1, progress=True)
    err = capsys.readouterr().err
    assert "120/120" in err and "game/s" in err and "<" in err  # done/total, rate, elapsed<left


def test_seeds_are_plain_uint64(scenario_file, tmp_path):
    _run(scenario_file(DICE.replace("seed = 7", f"seed = {2**63 - 1}")), tmp_path / "o")
    rows = read_rows(tmp_path / "o")
    assert rows["seed"].to_list()[0] == derive_seed(2**63 - 1, 0)
    assert np.all(rows["seed"].to_numpy() >= 0)


def test_a_registered_game_runs_by_name(scenario_file, tmp_path):
    from simsuite.games import known_games

    assert "dice" in known_games() and "scythe" in known_games()
    _run(scenario_file(DICE.replace('"dicegame:DiceGame"', '"dice"')), tmp_path / "a")
    _run(scenario_file(), tmp_path / "b")
    assert read_rows(tmp_path / "a").equals(read_rows(tmp_path / "b"))
