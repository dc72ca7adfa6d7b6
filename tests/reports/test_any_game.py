"""The reports on a game they have never heard of: everything comes from its declaration.

"Kyivan" is made up here (a leader per seat, a realm, two score parts, an expansion variant),
as a new game would declare itself in simsuite/games/<game>/schema.py. The generic reports
must group by its keys, Scythe's reports must refuse it, and the reporting library must not
name any Scythe key.
"""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pyarrow as pa
import pytest

from simsuite.errors import UserError
from simsuite.reporting import registry
from simsuite.reporting.dataset import open_dataset
from simsuite.reporting.registry import report_command
from simsuite.reporting.synthetic import Design, Effects, generate, write_dataset
from simsuite.schema import Column, GameSchema

from reportdata import REPO, SCYTHE, rows_2p

KYIVAN = GameSchema(
    game="kyivan",
    columns=(
        Column("leader", pa.string(), "the seat's leader"),
        Column("realm", pa.string(), "the seat's home realm"),
        Column("expansion", pa.string(), "expansion in play (empty: base game)"),
        Column("score_deeds", pa.int32(), "points for deeds"),
        Column("score_gold", pa.int32(), "points for gold"),
        Column("boats", pa.int8(), "boats at the end"),
    ),
    group_keys=("leader", "realm"),
    variant_keys=("expansion",),
    score_components=("score_deeds", "score_gold"),
)
LEADERS = ("olga", "sviatoslav", "yaroslav", "vladimir")
REALMS = ("north", "south", "east", "west")
DESIGN = Design(KYIVAN, values={"leader": LEADERS, "realm": REALMS},
                effects=Effects(by={"leader": {"olga": 8.0}}),
                variants={"expansion": ("", "river")})


def run(capsys, name, *args) -> dict:
    report_command(name, [str(a) for a in args] + ["--format", "json"])
    return json.loads(capsys.readouterr().out)


@pytest.fixture(scope="module")
def kyivan(tmp_path_factory) -> Path:
    return generate(tmp_path_factory.mktemp("kyivan") / "data", DESIGN, rows=6000, seed=2,
                    shard_rows=2000)


def test_dataset_exposes_the_declared_keys(kyivan):
    ds = open_dataset(kyivan)
    assert ds.declarations == [KYIVAN] and ds.games == ["kyivan"]
    assert (ds.group_keys, ds.solo_keys, ds.variant_keys) == (("leader", "realm"), (), ("expansion",))
    assert ds.score_components == ("score_deeds", "score_gold")
    from simsuite.reporting import analysis

    assert analysis.cube_keys(ds) == ["n_players", "seat", "policy", "is_bot_opponent", "leader",
                                      "realm", "expansion"]


def test_summary_groups_by_the_games_keys(kyivan, capsys):
    doc = run(capsys, "summary", kyivan)
    assert {"overview", "leader", "realm", "seat", "policy", "expansion",
            "leader-by-expansion"} == set(doc["tables"])
    leaders = doc["tables"]["leader"]["rows"]
    assert [r["leader"] for r in leaders][0] == "olga"  # the planted +8 points: strongest first
    assert sum(r["games"] for r in leaders) == sum(r["rows"] for r in doc["tables"]["overview"]["rows"])
    assert {r["expansion"] for r in doc["tables"]["expansion"]["rows"]} == {"", "river"}
    # the first group key under each variant: every (variant, leader) cell, adding up to the rows
    crossed = doc["tables"]["leader-by-expansion"]["rows"]
    assert {r["expansion"] for r in crossed} == {"", "river"}
    assert {r["leader"] for r in crossed} == {r["leader"] for r in leaders}
    assert sum(r["games"] for r in crossed) == sum(r["games"] for r in leaders)
    assert any(n.startswith("Keys declared by kyivan: leader: the seat's leader") for n in doc["notes"])


def test_summary_charts_the_first_two_group_keys(kyivan):
    report = registry.load("summary")
    res = report.result(report.parse([str(kyivan)]))
    charts = {c.name: c.title for c in res.charts}
    assert set(charts) == {"heatmap", "leader", "seats"}
    assert charts["heatmap"].startswith("Win rate by leader x realm")


def test_balance_seats_components(kyivan, capsys):
    doc = run(capsys, "balance", kyivan)
    assert {"tests", "leader_vs_field", "realm_vs_field"} == set(doc["tables"])
    tests = {(r["grouping"], r["players"]): r for r in doc["tables"]["tests"]["rows"]}
    assert tests["leader", "all"]["p"] < 1e-6  # the planted leader
    with pytest.raises(UserError, match="choose from leader, realm, policy, expansion"):
        run(capsys, "balance", kyivan, "--groupings", "faction")
    doc = run(capsys, "balance", kyivan, "--groupings", "expansion")
    assert "expansion_vs_field" in doc["tables"]
    doc = run(capsys, "seats", kyivan)
    assert {r["seat"] for r in doc["tables"]["seats"]["rows"]} == {0, 1, 2, 3}
    doc = run(capsys, "components", kyivan)
    assert {"leader", "realm", "winners"} == set(doc["tables"])
    olga = [r for r in doc["tables"]["leader"]["rows"] if r["leader"] == "olga"][0]
    assert abs(olga["score_deeds"] + olga["score_gold"] - olga["avg_score"]) < 1e-9
    assert not any("do not add up" in n for n in doc["notes"])


def test_all_runs_the_generic_reports_only(kyivan, capsys, tmp_path):
    doc = run(capsys, "all", kyivan, "--html", tmp_path / "html")
    sections = {s["report"]: s["skipped"] for s in doc["sections"]}
    assert {k: v for k, v in sections.items() if k != "ladder"} == {
        "summary": None, "balance": None, "seats": None, "components": None}
    # a dataset of one policy has nothing to rate: the ladder says why it is left out
    assert "no games between two or more policies" in sections["ladder"]
    page = (tmp_path / "html" / "index.html").read_text()
    assert 'src="summary-heatmap.png"' in page


def test_a_scythe_report_refuses_another_game(kyivan, capsys):
    for name in ("banned-pairs", "automa"):
        with pytest.raises(UserError) as err:
            run(capsys, name, kyivan)
        assert err.value.message.startswith(f"report {name} is for scythe datasets; ")
        assert "kyivan" in err.value.message and "\n" not in err.value.message


def test_all_includes_scythe_reports_for_scythe(capsys, tmp_path):
    doc = run(capsys, "all", write_dataset(rows_2p(), tmp_path / "s", SCYTHE))
    assert {"banned-pairs", "automa"} <= {s["report"] for s in doc["sections"]}


def test_a_dataset_without_a_declaration(capsys, tmp_path):
    """Written by an older simsuite (schema version 1): the base columns only, said in a note."""
    path = write_dataset(rows_2p(), tmp_path / "old", game="scythe")
    doc = run(capsys, "summary", path)
    assert set(doc["tables"]) == {"overview", "seat", "policy"}
    assert any("no game declaration" in n and "re-run" in n for n in doc["notes"])
    with pytest.raises(UserError, match="declares no score components"):
        run(capsys, "components", path)
    # a game report reads its columns, which the old files have
    assert run(capsys, "banned-pairs", path)["tables"]["banned"]["rows"]


def test_scenarios_of_one_game_merge_their_keys(capsys, tmp_path):
    """Two scenarios of one game whose declarations differ (one has no realm key)."""
    plain = GameSchema("kyivan", KYIVAN.columns, group_keys=("leader",))
    rows = [{"game_index": g, "seat": s, "leader": LEADERS[(g + s) % 4], "realm": REALMS[s],
             "score": 10 * s + g} for g in range(6) for s in range(2)]
    write_dataset(rows, tmp_path / "d", plain, scenario="a")
    write_dataset(rows, tmp_path / "d", KYIVAN, scenario="b")
    ds = open_dataset(tmp_path / "d")
    assert ds.group_keys == ("leader", "realm") and ds.variant_keys == ("expansion",)
    assert {"leader", "realm"} <= set(run(capsys, "summary", tmp_path / "d")["tables"])


# --- the library names no game's keys ---------------------------------------------------------

def test_reporting_names_no_scythe_key():
    """simsuite/reporting and the generic reports/ work from declarations alone."""
    words = re.compile(r"\b(factions?|mats?|pairs?|difficult(y|ies)|scythe|automa)\b", re.I)
    code = [REPO / "simsuite" / "reporting" / f for f in
            sorted(p.name for p in (REPO / "simsuite" / "reporting").glob("*.py"))]
    hits = [f"{f.name}:{i}" for f in code for i, line in enumerate(f.read_text().splitlines(), 1)
            if words.search(line)]
    assert hits == []


def test_generic_reports_name_no_scythe_column():
    """Docstrings may give Scythe as an example; the code names no Scythe column."""
    columns = {c.name for c in SCYTHE.columns}
    for f in (REPO / "reports").glob("*.py"):
        strings = re.findall(r'"([a-z_]+)"', f.read_text())
        assert not columns & set(strings), f.name


# --- help ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["--help", "-h", "help", None])
def test_report_help_lists_the_reports(capsys, name):
    report_command(name, [])
    out = capsys.readouterr().out
    assert out.startswith("usage: simsuite report NAME DATASET")
    for report in ("summary", "balance", "seats", "components", "all", "banned-pairs", "automa-regression"):
        assert f"  {report} " in out
    assert "[scythe datasets only]" in out


def test_a_reports_own_help(capsys):
    for name, option in (("summary", "--by-players"), ("banned-pairs", "--pairs"),
                         ("automa-regression", "--baseline")):
        for flag in ("--help", "-h"):
            report_command(name, [flag])
            out = capsys.readouterr().out
            assert out.startswith(f"usage: simsuite report {name}") and option in out
    # help wins over an argument that would be an error
    report_command("summary", ["--format", "xml", "--help"])
    assert "usage: simsuite report summary" in capsys.readouterr().out


def test_help_from_the_command_line(tmp_path):
    for args in (["--help"], ["-h"], ["summary", "--help"], ["automa", "-h"]):
        out = subprocess.run([sys.executable, "-m", "simsuite", "report", *args], capture_output=True,
                             text=True, cwd=tmp_path)
        assert out.returncode == 0 and out.stdout.startswith("usage: simsuite report"), (args, out.stderr)


# --- discovery ----------------------------------------------------------------------------------

GAME_REPORT = '''
from simsuite.reporting import Report, ReportResult

def build(ds, args):
    return ReportResult("leaders-only", "Leaders only")

REPORT = Report("leaders-only", "Leaders only", "a made-up game's own report", build,
                needs=("leader",))
'''


@pytest.fixture
def games_dir(tmp_path, monkeypatch):
    """A games folder with one game, `kyivan`, whose reports/ holds one script (and a helper)."""
    folder = tmp_path / "games" / "kyivan" / "reports"
    folder.mkdir(parents=True)
    (folder / "__init__.py").write_text("raise ImportError('the registry must not import me')\n")
    (folder / "leaders_only.py").write_text(GAME_REPORT)
    (folder / "_helper.py").write_text("")
    (tmp_path / "games" / "nogame").mkdir()
    monkeypatch.setattr(registry, "GAMES_DIR", tmp_path / "games")
    yield folder
    sys.modules.pop("simsuite_reports.leaders_only", None)


def test_game_reports_are_found_in_their_folder(games_dir, kyivan, capsys, tmp_path):
    found = registry.available()
    assert found["leaders-only"] == games_dir / "leaders_only.py"
    assert "banned-pairs" not in found and "summary" in found  # only this games folder
    assert registry.load("leaders-only").game == "kyivan"
    sections = [s["report"] for s in run(capsys, "all", kyivan)["sections"]]
    assert sections[:4] == ["summary", "balance", "seats", "components"] and "leaders-only" in sections
    other = write_dataset(rows_2p(), tmp_path / "s", SCYTHE)
    assert "leaders-only" not in [s["report"] for s in run(capsys, "all", other)["sections"]]
    with pytest.raises(UserError, match="report leaders-only is for kyivan datasets"):
        run(capsys, "leaders-only", other)


def test_a_report_name_is_unique(games_dir):
    (games_dir / "seats.py").write_text(GAME_REPORT)
    with pytest.raises(UserError, match="report seats is defined twice"):
        registry.available()


def test_game_reports_ship_in_the_wheel():
    """A game's reports folder is a package (so setuptools ships it) and the registry finds it."""
    folder = REPO / "simsuite" / "games" / "scythe" / "reports"
    assert (folder / "__init__.py").exists()
    assert registry.game_report_dirs()["scythe"] == folder
