"""The report scripts end to end: formats, charts, the HTML page, the registry and bad input."""
from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import polars as pl
import pytest

from simsuite.errors import UserError
from simsuite.reporting import registry
from simsuite.reporting.registry import report_command

from reportdata import REPO, SCYTHE

# the reports in reports/, for any game's dataset
GENERIC = ["all", "balance", "components", "seats", "summary"]
REPORTS = GENERIC + ["banned-pairs"]
# solo-opponent reports, tested on Automa datasets in tests/scythe/test_automa_reports.py
SOLO_REPORTS = ["automa", "automa-regression"]
# plays games again from a dataset folder: tests/scythe/test_behaviour_report.py
REPLAY_REPORTS = ["behaviour"]
# needs games between several policies (the synthetic data has one): tests/reports/test_ladder.py
LADDER_REPORTS = ["ladder"]


def run(capsys, name, *args) -> str:
    report_command(name, [str(a) for a in args])
    return capsys.readouterr().out


def png(path: Path) -> np.ndarray:
    from matplotlib.image import imread

    img = imread(path)
    assert img.ndim == 3 and img.shape[2] in (3, 4)
    return img


def assert_shows_data(img: np.ndarray) -> None:
    """Not blank: many distinct colours, including saturated ones (bars, cells)."""
    rgb = (img[..., :3] * 255).astype(np.uint8).reshape(-1, 3)
    assert len(np.unique(rgb, axis=0)) > 50
    saturation = rgb.max(axis=1).astype(int) - rgb.min(axis=1).astype(int)
    assert (saturation > 80).mean() > 0.001


def test_registry_discovers_every_script():
    found = registry.available()
    generic = REPORTS + SOLO_REPORTS + LADDER_REPORTS
    assert set(generic + REPLAY_REPORTS) <= set(found)
    # any other report is a game's own, in its package (simsuite/games/<game>/reports/)
    for name in set(found) - set(generic):
        assert found[name].parent.parent.parent == REPO / "simsuite" / "games", name
        assert registry.load(name).game is not None
    for name in generic:
        assert registry.load(name).name == name
    # Scythe's own reports live with their game and are marked with it
    for name in ["banned-pairs"] + SOLO_REPORTS:
        assert found[name].parent == REPO / "simsuite" / "games" / "scythe" / "reports"
        assert registry.load(name).game == "scythe"
    for name in GENERIC:
        assert found[name].parent == REPO / "reports" and registry.load(name).game is None


def test_report_list(capsys):
    out = run(capsys, "list")
    for name in REPORTS:
        assert f"  {name} " in out


def test_summary_table_and_formats(capsys, hand2p, tmp_path):
    out = run(capsys, "summary", hand2p)
    assert "Win rate by faction" in out and "crimea" in out and "0.857" in out  # 6/7
    md = run(capsys, "summary", hand2p, "--format", "md")
    assert "| faction | games | wins |" in md
    doc = json.loads(run(capsys, "summary", hand2p, "--format", "json"))
    crimea = [r for r in doc["tables"]["faction"]["rows"] if r["faction"] == "crimea"][0]
    assert crimea["win_rate"] == 6 / 7 and crimea["games"] == 7 and crimea["shared_wins"] == 1
    csv = run(capsys, "summary", hand2p, "--format", "csv")
    parts = re.split(r"^# table: (\S+)\n", csv, flags=re.M)  # '', name, body, name, body...
    blocks = dict(zip(parts[1::2], parts[2::2]))
    assert {"overview", "faction", "mat", "pair", "seat"} <= set(blocks)
    factions = pl.read_csv(io.StringIO(blocks["faction"]))
    assert factions.filter(pl.col("faction") == "saxony")["wins"][0] == 0
    # csv to a file: one file per table
    run(capsys, "summary", hand2p, "--format", "csv", "--out", tmp_path / "s.csv")
    assert pl.read_csv(tmp_path / "s-faction.csv").height == 4
    run(capsys, "seats", hand2p, "--format", "md", "--out", tmp_path / "seats.md")
    assert "Win rate by seat" in (tmp_path / "seats.md").read_text()


def test_every_report_runs(capsys, synthetic_small):
    # every format goes through the same writer (tested on summary above); here each report
    # once as a table and once as JSON, `all` (which runs them all again) as JSON only
    for name in REPORTS:
        for fmt in (("json",) if name == "all" else ("table", "json")):
            out = run(capsys, name, synthetic_small, "--format", fmt)
            assert out.strip()
            if fmt == "json":
                doc = json.loads(out)
                assert doc["report"] == name and (doc["tables"] or doc["sections"])


def test_summary_plot(capsys, synthetic_small, tmp_path):
    target = tmp_path / "summary.png"
    run(capsys, "summary", synthetic_small, "--plot", target)
    img = png(target)
    # three panels in two columns at 100 dpi: columns as wide as the widest panel (seat bars for
    # 4 player counts, 8.9 in); rows as tall as their tallest (heat map of the first two group
    # keys, 5 factions: 5.5 in, then 4.5 in)
    assert img.shape[1] == 1780 and img.shape[0] == 1000
    assert_shows_data(img)


def test_banned_pairs_plot(capsys, synthetic_small, tmp_path):
    # the composite figure of a report with two panels (the HTML test draws every chart alone)
    target = tmp_path / "banned.png"
    run(capsys, "banned-pairs", synthetic_small, "--plot", target)
    assert_shows_data(png(target))


def test_all_html_references_every_chart(capsys, synthetic_small, tmp_path):
    out = tmp_path / "html"
    run(capsys, "all", synthetic_small, "--html", out)
    page = (out / "index.html").read_text()
    pngs = sorted(p.name for p in out.glob("*.png"))
    assert len(pngs) >= 10
    for name in pngs:
        assert f'src="{name}"' in page
        assert_shows_data(png(out / name))
    for name in REPORTS[1:]:  # Scythe's banned-pairs too: the dataset is Scythe's
        assert f'id="{name}"' in page
    assert page.count("<table>") >= 10


def no_banned_pairs(tmp_path) -> Path:
    """hand2p with every patriotic mat renamed mechanical: no banned pair is ever played."""
    from reportdata import rows_2p
    from simsuite.reporting.synthetic import write_dataset

    rows = [{**r, "mat": "mechanical" if r["mat"] == "patriotic" else r["mat"]} for r in rows_2p()]
    return write_dataset(rows, tmp_path / "banned-off", SCYTHE)


def test_all_lists_a_report_that_cannot_run(capsys, tmp_path):
    # no banned pair was played: banned-pairs is skipped with its reason, the rest run
    doc = json.loads(run(capsys, "all", no_banned_pairs(tmp_path), "--format", "json"))
    sections = {s["report"]: s for s in doc["sections"]}
    assert "ban_pairs = false" in sections["banned-pairs"]["skipped"]
    assert sections["summary"]["skipped"] is None and "faction" in sections["summary"]["tables"]


def test_banned_pairs_on_planted_data(capsys, synthetic_small):
    doc = json.loads(run(capsys, "banned-pairs", synthetic_small, "--format", "json"))
    rows = [r for r in doc["tables"]["banned"]["rows"] if r["players"] == "all"]
    # the synthetic data plants +6 and +4 coins on the two banned pairs: they rank first
    assert sorted(r["rank"] for r in rows) == [1, 2]
    assert all(r["diff_low"] > 0 and r["p_adj"] < 1e-6 for r in rows)
    seats = doc["tables"]["seats"]["rows"]
    assert {r["pair"] for r in seats} == {"rusviet+industrial", "crimea+patriotic"}


def test_components_by_hand(capsys, hand2p):
    doc = json.loads(run(capsys, "components", hand2p, "--format", "json"))
    crimea = [r for r in doc["tables"]["faction"]["rows"] if r["faction"] == "crimea"][0]
    total = 50 + 30 + 60 + 42 + 38 + 55 + 50
    assert abs(crimea["avg_score"] - total / 7) < 1e-12
    assert abs(crimea["score_coins"] - (total - 7 * 20) / 7) < 1e-12
    assert crimea["score_stars"] == 6 and crimea["score_structure_bonus"] == 3
    winners = {r["winner"]: r for r in doc["tables"]["winners"]["rows"]}
    assert winners[True]["games"] == 9 and winners[False]["games"] == 7
    assert not any("do not add up" in n for n in doc["notes"])


def test_components_flags_parts_that_do_not_add_up(capsys, tmp_path):
    from reportdata import rows_2p
    from simsuite.reporting.synthetic import write_dataset

    rows = rows_2p()
    rows[0]["score_coins"] += 1
    path = write_dataset(rows, tmp_path / "bad", SCYTHE)
    doc = json.loads(run(capsys, "components", path, "--format", "json"))
    assert any(n.startswith("1 rows have components that do not add up") for n in doc["notes"])


def test_confidence_level_changes_intervals(capsys, hand2p):
    from scipy import stats as ss

    doc = json.loads(run(capsys, "summary", hand2p, "--format", "json", "--confidence", "0.9"))
    crimea = [r for r in doc["tables"]["faction"]["rows"] if r["faction"] == "crimea"][0]
    ci = ss.binomtest(6, 7).proportion_ci(confidence_level=0.9, method="wilson")
    assert abs(crimea["ci_low"] - ci.low) < 1e-9 and abs(crimea["ci_high"] - ci.high) < 1e-9


def test_scenario_filter(capsys, hand2p):
    out = run(capsys, "summary", hand2p, "--scenario", "handmade")
    assert "crimea" in out
    with pytest.raises(UserError, match="has no scenario 'other'"):
        run(capsys, "summary", hand2p, "--scenario", "other")


# --- bad input: one-line UserError naming the problem and the fix ------------------------------

def test_bad_input(capsys, hand2p, tmp_path):
    cases = [
        (("summary", tmp_path / "missing"), "does not exist"),
        (("nosuch", hand2p), "unknown report 'nosuch'"),
        (("summary", hand2p, "--format", "xml"), "invalid choice: 'xml'"),
        (("summary", hand2p, "--confidence", "2"), "must be in [0.5, 1)"),
        (("summary", hand2p, "--plot", tmp_path / "chart.jpg"), "must end in .png"),
        (("balance", hand2p, "--groupings", "faction,colour"), "unknown colour"),
        (("banned-pairs", no_banned_pairs(tmp_path)), "ban_pairs = false"),
        (("banned-pairs", hand2p, "--pairs", "saxony+engineering"), "no games with saxony+engineering"),
        (("banned-pairs", hand2p, "--pairs", "rusviet"), "is not faction+mat"),
        (("all", hand2p, "--plot", tmp_path / "x.png"), "--html"),
        (("list", "extra"), "takes no arguments"),
    ]
    for args, message in cases:
        with pytest.raises(UserError) as err:
            run(capsys, *args)
        assert message in err.value.message and "\n" not in err.value.message


def test_empty_and_incomplete_datasets(capsys, tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(UserError, match="contains no .parquet files"):
        run(capsys, "summary", empty)
    zero = tmp_path / "zero" / "game=scythe" / "scenario=s"
    zero.mkdir(parents=True)
    from simsuite.reporting.synthetic import polars_schema

    pl.DataFrame(schema=polars_schema(SCYTHE)).write_parquet(zero / "part-00000.parquet")
    with pytest.raises(UserError, match="has no rows"):
        run(capsys, "summary", tmp_path / "zero")
    nowin = tmp_path / "nowin"
    nowin.mkdir()
    pl.DataFrame({"game_index": [0, 0], "seat": [0, 1], "n_players": [2, 2], "score": [3, 4]}) \
        .write_parquet(nowin / "part-00000.parquet")
    with pytest.raises(UserError, match="has no column winner"):
        run(capsys, "summary", nowin)
    with pytest.raises(UserError, match="declares no score components"):
        pl.DataFrame({"game_index": [0, 0], "seat": [0, 1], "n_players": [2, 2], "score": [3, 4],
                      "winner": [False, True]}).write_parquet(nowin / "part-00000.parquet")
        run(capsys, "components", nowin)


def test_damaged_game_is_reported(capsys, tmp_path):
    from reportdata import rows_2p
    from simsuite.reporting.synthetic import write_dataset

    rows = [{**r, "n_players": 2} for r in rows_2p() if not (r["game_index"] == 5 and r["seat"] == 1)]
    path = write_dataset(rows, tmp_path / "damaged", SCYTHE)
    with pytest.raises(UserError, match="without exactly one row per seat"):
        run(capsys, "seats", path)


def test_cli_and_script_entry_points(hand2p, tmp_path):
    """`simsuite report` and `python reports/NAME.py` both work; errors are one line, status 2."""
    ok = subprocess.run([sys.executable, "-m", "simsuite", "report", "seats", str(hand2p), "--format", "md"],
                        capture_output=True, text=True, cwd=tmp_path)
    assert ok.returncode == 0 and "Win rate by seat" in ok.stdout
    script = subprocess.run([sys.executable, str(REPO / "reports" / "summary.py"), str(hand2p)],
                            capture_output=True, text=True, cwd=tmp_path)
    assert script.returncode == 0 and "Win rate by faction" in script.stdout
    bad = subprocess.run([sys.executable, str(REPO / "reports" / "summary.py"), str(tmp_path / "none")],
                         capture_output=True, text=True, cwd=tmp_path)
    assert bad.returncode == 2 and bad.stderr.startswith("error: dataset") and bad.stderr.count("\n") == 1
    cli_bad = subprocess.run([sys.executable, "-m", "simsuite", "report", "summary", str(tmp_path / "none")],
                             capture_output=True, text=True, cwd=tmp_path)
    assert cli_bad.returncode == 2 and cli_bad.stderr.startswith("error: dataset")


def test_several_games_need_a_choice(capsys, tmp_path):
    """Each game's files are read alone, so games with different columns can share a folder."""
    from reportdata import rows_2p
    from simsuite.reporting.synthetic import write_dataset

    out = tmp_path / "two-games"
    write_dataset(rows_2p(), out, SCYTHE, scenario="a")
    dice = [{"game_index": g, "seat": s, "score": 10 + s + g, "winner": s == 0, "dice_rolls": 3 + s}
            for g in range(3) for s in range(2)]
    write_dataset(dice, out, game="dice", scenario="b")
    with pytest.raises(UserError, match="several games \\(dice, scythe\\); pick one with --game"):
        run(capsys, "summary", out)
    doc = json.loads(run(capsys, "summary", out, "--game", "dice", "--format", "json"))
    assert [r["wins"] for r in doc["tables"]["seat"]["rows"]] == [3, 0]
    doc = json.loads(run(capsys, "summary", out, "--game", "scythe", "--format", "json"))
    assert sum(r["games"] for r in doc["tables"]["faction"]["rows"]) == 16
    with pytest.raises(UserError, match="has no game 'rurik'; it has dice, scythe"):
        run(capsys, "summary", out, "--game", "rurik")


def test_solo_difficulty_table(capsys, tmp_path):
    """Solo games: the difficulty table keeps the Automa's seats and the player's apart."""
    from simsuite.reporting.synthetic import write_dataset

    rows = []
    # autometta: the player wins 3 of 4; automa: the player wins 1 of 3
    for g, (level, player_wins) in enumerate([("autometta", 1)] * 3 + [("autometta", 0)] +
                                             [("automa", 1)] + [("automa", 0)] * 2):
        rows.append({"game_index": g, "seat": 0, "policy": "heuristic", "is_bot_opponent": False,
                     "difficulty": level, "winner": bool(player_wins), "score": 40})
        rows.append({"game_index": g, "seat": 1, "policy": "automa", "is_bot_opponent": True,
                     "difficulty": level, "winner": not player_wins, "score": 35})
    doc = json.loads(run(capsys, "summary", write_dataset(rows, tmp_path / "solo", SCYTHE), "--format", "json"))
    t = {(r["difficulty"], r["is_bot_opponent"]): r for r in doc["tables"]["difficulty"]["rows"]}
    assert (t["autometta", False]["games"], t["autometta", False]["wins"]) == (4, 3)
    assert (t["automa", False]["games"], t["automa", False]["wins"]) == (3, 1)
    assert t["automa", True]["wins"] == 2 and t["automa", True]["expected"] == 0.5
    pol = {r["policy"]: r for r in doc["tables"]["policy"]["rows"]}
    assert pol["automa"]["wins"] == 3 and pol["heuristic"]["wins"] == 4


def test_matplotlib_only_for_charts(hand2p, tmp_path):
    """Tables never import matplotlib (an optional extra) or scipy (a test extra)."""
    code = ("import sys, io, contextlib\n"
            "from simsuite.reporting.registry import report_command\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            f"    for r in ('summary', 'balance', 'seats', 'components'): report_command(r, [{str(hand2p)!r}])\n"
            "print('matplotlib' in sys.modules, 'scipy' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path)
    assert out.returncode == 0 and out.stdout.split() == ["False", "False"], out.stderr


def test_by_players_splits_tables(capsys, mixed):
    doc = json.loads(run(capsys, "summary", mixed, "--by-players", "--format", "json"))
    crimea = {r["n_players"]: r for r in doc["tables"]["faction"]["rows"] if r["faction"] == "crimea"}
    # crimea: 3 wins in 4 two-player games, 1 in 3 three-player games (reportdata.GAMES_MIXED)
    assert (crimea[2]["games"], crimea[2]["wins"], crimea[2]["expected"]) == (4, 3, 0.5)
    assert (crimea[3]["games"], crimea[3]["wins"]) == (3, 1) and abs(crimea[3]["expected"] - 1 / 3) < 1e-12
    comp = json.loads(run(capsys, "components", mixed, "--by-players", "--format", "json"))
    assert {r["n_players"] for r in comp["tables"]["faction"]["rows"]} == {2, 3}


def test_html_page_shows_why_a_report_was_skipped():
    from simsuite.reporting.tables import ReportResult, render_html

    page = render_html([ReportResult("banned-pairs", "Banned <pairs>", skipped="no games with a & b")],
                       {}, title="t")
    assert "Skipped: no games with a &amp; b" in page and "Banned &lt;pairs&gt;" in page


def test_banned_pairs_compare_ranks_two_datasets(capsys, tmp_path):
    # hand2p without its shared win (game 4), and the same games with every result reversed:
    # each pair's difference from the field changes sign, so the rankings are mirror images
    # (Spearman -1). Crimea + Industrial won 3 of 3 here (1st) and loses 3 of 3 there, the
    # only pair without a win there: last of the 6 pairs.
    from reportdata import rows_2p
    from simsuite.reporting.synthetic import write_dataset

    rows = [r for r in rows_2p() if r["game_index"] != 4]
    here = write_dataset(rows, tmp_path / "here", SCYTHE)
    flipped = [{**r, "winner": not r["winner"], "rank": 3 - r["rank"]} for r in rows]
    there = write_dataset(flipped, tmp_path / "there", SCYTHE)
    doc = json.loads(run(capsys, "banned-pairs", here, "--compare", there, "--format", "json"))
    (agree,) = doc["tables"]["agreement"]["rows"]
    assert agree["pairs"] == 6 and abs(agree["spearman"] + 1) < 1e-12
    ci = {r["pair_label"]: r for r in doc["tables"]["compare"]["rows"]}["crimea+industrial"]
    assert (ci["rank"], ci["rank_other"], ci["moved"]) == (1, 6, 5)
    # against itself every pair keeps its place
    doc = json.loads(run(capsys, "banned-pairs", here, "--compare", here, "--format", "json"))
    assert all(r["moved"] == 0 for r in doc["tables"]["compare"]["rows"])
    assert abs(doc["tables"]["agreement"]["rows"][0]["spearman"] - 1) < 1e-12


def test_banned_pairs_compare_names_a_bad_dataset(hand2p, tmp_path):
    with pytest.raises(UserError, match=r"^--compare: dataset .*nowhere does not exist"):
        report_command("banned-pairs", [str(hand2p), "--compare", str(tmp_path / "nowhere")])
