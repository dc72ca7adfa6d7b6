"""The synthetic dataset generator, and reports on datasets written by the real runner."""
from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest

from simsuite.errors import UserError
from simsuite.reporting.dataset import open_dataset
from simsuite.reporting.registry import report_command
from simsuite.reporting.synthetic import BANNED_PAIRS, SCHEMA, Effects, generate

from reportdata import REPO


def frame(path: Path) -> pl.DataFrame:
    return pl.read_parquet(str(path / "**" / "*.parquet"), hive_partitioning=True).sort(["game_index", "seat"])


def test_schema_is_the_runners():
    """The generator writes exactly the columns and types the runner writes for Scythe."""
    from simsuite.dataset import shard_schema
    from simsuite.games.scythe.spec import SCYTHE_COLUMNS

    arrow = shard_schema(SCYTHE_COLUMNS)
    assert arrow.names == list(SCHEMA)
    assert pl.from_arrow(arrow.empty_table()).schema == pl.Schema(SCHEMA)


def test_generate_is_deterministic_and_consistent(tmp_path):
    a = frame(generate(tmp_path / "a", rows=3000, seed=4, shard_rows=700))
    b = frame(generate(tmp_path / "b", rows=3000, seed=4, shard_rows=700))
    c = frame(generate(tmp_path / "c", rows=3000, seed=5, shard_rows=700))
    assert a.equals(b) and not a.equals(c)
    assert set(a["n_players"].unique().to_list()) == {2, 3, 4, 5}
    # digest scythe-base.md §20: the score is the sum of its parts
    parts = sum(a[c].cast(pl.Int64) for c in SCHEMA if c.startswith("score_"))
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
    df = frame(generate(tmp_path / "b", rows=4000, seed=1, bans=True))
    banned = {f"{f}+{m}" for f, m in BANNED_PAIRS}
    assert not df["pair"].is_in(list(banned)).any()
    df2 = frame(generate(tmp_path / "nb", rows=4000, seed=1, bans=False))
    assert df2["pair"].is_in(list(banned)).any()


def test_planted_effects_come_back(tmp_path):
    from simsuite.reporting import analysis

    path = generate(tmp_path / "p", rows=20000, seed=3, players=(3,),
                    effects=Effects(faction={"saxony": 6.0}, seat={2: 4.0}))
    ds = open_dataset(path)
    t = analysis.versus_field(ds, ["faction"])
    best = t.sort("diff", descending=True)["faction"][0]
    assert best == "saxony"
    seats = analysis.versus_field(ds, ["seat"])
    assert seats.sort("diff", descending=True)["seat"][0] == 2


@pytest.fixture
def dice_dataset(tmp_path, monkeypatch):
    """A dataset written by `simsuite run` for the runner's test game (tests/runner/dicegame.py):
    no factions, mats or score parts, so the reports must cope with a game that has none."""
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
    assert "factions" not in doc["tables"] and any(n.startswith("No factions table") for n in doc["notes"])
    df = frame(dice_dataset)
    for r in doc["tables"]["seats"]["rows"]:
        assert r["games"] == 60
        assert r["wins"] == df.filter(pl.col("seat") == r["seat"])["winner"].sum()
    report_command("seats", [str(dice_dataset), "--format", "json"])
    assert '"report": "seats"' in capsys.readouterr().out
    with pytest.raises(UserError, match="no score_"):
        report_command("components", [str(dice_dataset)])
    with pytest.raises(UserError, match="no faction, mat, pair to compare"):
        report_command("balance", [str(dice_dataset)])


def test_report_benchmark_small(tmp_path):
    """The benchmark's plumbing on a tiny dataset (times are not checked: tests never assert on time)."""
    from simsuite.reporting.bench import report_benchmark

    res = report_benchmark(rows=3000, reports=["summary", "seats"], workdir=tmp_path)
    assert set(res) == {"summary", "seats"}
    for seconds, rss in res.values():
        assert seconds > 0 and rss > 10 * 2**20  # a Python process with polars loaded
    assert (tmp_path / "dataset" / "manifest.json").exists()
