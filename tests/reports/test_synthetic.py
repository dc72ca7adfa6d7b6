"""The synthetic dataset generator, and reports on datasets written by the real runner."""
from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest

from simsuite.errors import UserError
from simsuite.games.scythe.reports import BANNED_PAIRS, SYNTHETIC
from simsuite.reporting.dataset import open_dataset
from simsuite.reporting.registry import report_command
from simsuite.reporting.synthetic import Effects, generate, polars_schema
from simsuite.schema import read_declaration

from reportdata import REPO, SCYTHE


def frame(path: Path) -> pl.DataFrame:
    return pl.read_parquet(str(path / "**" / "*.parquet"), hive_partitioning=True).sort(["game_index", "seat"])


def test_files_follow_the_declaration(tmp_path):
    """The generator writes the declaration's columns and types (base columns, then Scythe's)
    and carries the declaration in every file's metadata, as the runner does."""
    import pyarrow.parquet as pq

    out = generate(tmp_path / "d", SYNTHETIC, rows=400, seed=1, shard_rows=100)
    files = sorted(out.rglob("*.parquet"))
    assert len(files) > 1
    for f in files:
        assert pq.read_schema(f).names == SCYTHE.arrow().names
        assert read_declaration(pq.read_metadata(f).metadata) == SCYTHE
    assert frame(out).drop("game", "scenario").schema == pl.Schema(polars_schema(SCYTHE))


def test_generate_is_deterministic_and_consistent(tmp_path):
    a = frame(generate(tmp_path / "a", SYNTHETIC, rows=3000, seed=4, shard_rows=700))
    b = frame(generate(tmp_path / "b", SYNTHETIC, rows=3000, seed=4, shard_rows=700))
    c = frame(generate(tmp_path / "c", SYNTHETIC, rows=3000, seed=5, shard_rows=700))
    assert a.equals(b) and not a.equals(c)
    assert set(a["n_players"].unique().to_list()) == {2, 3, 4, 5}
    assert (a["pair"] == a["faction"] + "+" + a["mat"]).all()
    # the score is the sum of its declared parts
    parts = sum(a[c].cast(pl.Int64) for c in SCYTHE.score_components)
    assert (a["score"].cast(pl.Int64) == parts).all()
    games = a.group_by("game_index").agg(
        pl.col("winner").sum().alias("w"), pl.col("shared_win").any().alias("shared"),
        pl.len().alias("rows"), pl.col("n_players").first().alias("n"),
        (pl.col("seat").sort() == pl.int_range(pl.len())).all().alias("seats_ok"))
    assert (games["rows"] == games["n"]).all() and games["seats_ok"].all()
    assert (games["w"] >= 1).all()
    assert ((games["w"] > 1) == games["shared"]).all()
    assert ((a["rank"] == 1) == a["winner"]).all()


def test_bans_on_never_deals_a_banned_pair(tmp_path):
    df = frame(generate(tmp_path / "b", SYNTHETIC, rows=4000, seed=1, bans=True))
    banned = {f"{f}+{m}" for f, m in BANNED_PAIRS}
    assert not df["pair"].is_in(list(banned)).any()
    # every faction still plays: only the mat is re-dealt (Rulebook 000 "ВИБІР НАЦІЇ")
    assert df["faction"].n_unique() == 5
    df2 = frame(generate(tmp_path / "nb", SYNTHETIC, rows=4000, seed=1, bans=False))
    assert df2["pair"].is_in(list(banned)).any()


def test_planted_effects_come_back(tmp_path):
    from simsuite.reporting import analysis

    path = generate(tmp_path / "p", SYNTHETIC, rows=20000, seed=3, players=(3,),
                    effects=Effects(by={"faction": {"saxony": 6.0}, "seat": {2: 4.0}}))
    ds = open_dataset(path)
    t = analysis.versus_field(ds, ["faction"])
    best = t.sort("diff", descending=True)["faction"][0]
    assert best == "saxony"
    seats = analysis.versus_field(ds, ["seat"])
    assert seats.sort("diff", descending=True)["seat"][0] == 2


@pytest.fixture
def dice_dataset(tmp_path, monkeypatch):
    """A dataset written by `simsuite run` for the runner's test game (tests/runner/dicegame.py):
    no keys of its own or score parts, so the reports must cope with a game that has none."""
    here = REPO / "tests" / "runner"
    monkeypatch.syspath_prepend(str(here))
    from simsuite.runner import run_command

    scenario = tmp_path / "race.toml"
    scenario.write_text('game = "dicegame:DiceGame"\nname = "race"\ngames = 60\nseed = 7\n'
                        'shard_size = 20\nplayers = 3\n[rules]\ntarget = 30\n')
    out = tmp_path / "race"
    run_command(scenario, jobs=1, out=out)
    return out


def test_reports_on_a_runner_dataset(dice_dataset, capsys):
    report_command("summary", [str(dice_dataset), "--format", "json"])
    doc = json.loads(capsys.readouterr().out)
    assert set(doc["tables"]) == {"overview", "seat", "policy"}
    df = frame(dice_dataset)
    for r in doc["tables"]["seat"]["rows"]:
        assert r["games"] == 60
        assert r["wins"] == df.filter(pl.col("seat") == r["seat"])["winner"].sum()
    report_command("seats", [str(dice_dataset), "--format", "json"])
    assert '"report": "seats"' in capsys.readouterr().out
    with pytest.raises(UserError, match="declares no score components"):
        report_command("components", [str(dice_dataset)])
    with pytest.raises(UserError, match="declares no group keys"):
        report_command("balance", [str(dice_dataset)])
    report_command("balance", [str(dice_dataset), "--groupings", "policy", "--format", "json"])
    assert "policy_vs_field" in json.loads(capsys.readouterr().out)["tables"]


def test_report_benchmark_small(tmp_path):
    """The benchmark's plumbing on a tiny dataset (times are not checked: tests never assert on time)."""
    from simsuite.reporting.bench import report_benchmark

    res = report_benchmark(rows=3000, reports=["summary", "seats"], workdir=tmp_path)
    assert set(res) == {"summary", "seats"}
    for seconds, rss in res.values():
        assert seconds > 0 and rss > 10 * 2**20  # a Python process with polars loaded
    assert (tmp_path / "dataset" / "manifest.json").exists()
