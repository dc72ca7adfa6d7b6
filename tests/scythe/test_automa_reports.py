"""reports/automa.py and reports/automa_regression.py on handmade solo datasets whose numbers
are known, and their statistics against scipy."""
from __future__ import annotations

import json
import math
import sys

import numpy as np
import polars as pl
import pytest

from simsuite.errors import UserError
from simsuite.reporting.registry import load

scipy_stats = pytest.importorskip("scipy.stats")


def solo_rows(games):
    """Rows of a solo dataset: games = list of (difficulty, automa faction, human faction,
    human mat, policy, automa score, human score, automa wins, turns)."""
    rows = []
    for i, (lv, af, hf, hm, pol, a_score, h_score, a_win, turns) in enumerate(games):
        common = dict(game_index=i, seed=i, n_players=2, difficulty=lv, game_turns=turns,
                      end_reason="sixth_star", shared_win=False, tied=a_score == h_score, modules="")
        rows.append(dict(common, seat=0, faction=hf, mat=hm, pair=f"{hf}+{hm}", policy=pol,
                         is_bot_opponent=False, score=h_score, winner=not a_win, rank=2 if a_win else 1))
        rows.append(dict(common, seat=1, faction=af, mat=None, pair=None, policy="automa",
                         is_bot_opponent=True, score=a_score, winner=a_win, rank=1 if a_win else 2))
    return rows


def write(tmp_path, name, games):
    folder = tmp_path / name / "game=scythe" / f"scenario={name}"
    folder.mkdir(parents=True)
    pl.DataFrame(solo_rows(games)).write_parquet(folder / "part-00000.parquet")
    return tmp_path / name


GAMES = [
    # difficulty, Automa faction, human faction, mat, policy, Automa score, human score, Automa wins, turns
    ("automa", "rusviet", "crimea", "agricultural", "economy", 70, 50, True, 40),
    ("automa", "rusviet", "nordic", "industrial", "economy", 60, 62, False, 44),
    ("automa", "saxony", "crimea", "industrial", "aggressor", 80, 40, True, 38),
    ("autometta", "saxony", "nordic", "agricultural", "economy", 50, 70, False, 50),
    ("autometta", "rusviet", "crimea", "agricultural", "aggressor", 66, 60, True, 52),
]


def test_automa_report_numbers(tmp_path):
    ds = write(tmp_path, "solo", GAMES)
    res = load("automa").result(load("automa").parse([str(ds)]))
    by = {t.name: t.frame for t in res.tables}
    lv = by["difficulty"]
    assert lv["difficulty"].to_list() == ["autometta", "automa"]          # the rulebook's order
    automa = lv.row(1, named=True)
    assert (automa["games"], automa["automa_wins"]) == (3, 2)
    assert automa["win_rate"] == pytest.approx(2 / 3)
    ci = scipy_stats.binomtest(2, 3).proportion_ci(confidence_level=0.95, method="wilson")
    assert (automa["ci_low"], automa["ci_high"]) == pytest.approx((ci.low, ci.high), abs=1e-9)
    assert automa["avg_automa"] == pytest.approx(70) and automa["avg_human"] == pytest.approx(152 / 3)
    margins = [20, -2, 40]
    assert automa["avg_margin"] == pytest.approx(np.mean(margins))
    t = scipy_stats.t.interval(0.95, 2, loc=np.mean(margins), scale=scipy_stats.sem(margins))
    assert (automa["margin_low"], automa["margin_high"]) == pytest.approx(t, abs=1e-6)
    assert automa["avg_turns"] == pytest.approx(122 / 3)
    hf = by["human-faction"].filter(pl.col("difficulty") == "automa")
    assert dict(zip(hf["human_faction"], hf["automa_wins"])) == {"crimea": 2, "nordic": 0}
    af = by["automa-faction"].filter(pl.col("difficulty") == "autometta")
    assert dict(zip(af["automa_faction"], af["games"])) == {"rusviet": 1, "saxony": 1}
    mats = by["human-mat"].filter(pl.col("difficulty") == "automa")
    assert dict(zip(mats["human_mat"], mats["games"])) == {"agricultural": 1, "industrial": 2}
    pol = by["human-policy"].filter(pl.col("difficulty") == "automa")
    assert dict(zip(pol["human_policy"], pol["automa_wins"])) == {"aggressor": 1, "economy": 1}


def test_automa_report_needs_a_solo_dataset(tmp_path):
    rows = solo_rows(GAMES)
    for r in rows:
        r["is_bot_opponent"] = False
    folder = tmp_path / "multi" / "game=scythe" / "scenario=multi"
    folder.mkdir(parents=True)
    pl.DataFrame(rows).write_parquet(folder / "part-00000.parquet")
    with pytest.raises(UserError, match="no solo games"):
        load("automa").run([str(tmp_path / "multi")])


def _mod():
    load("automa-regression")
    return sys.modules["simsuite_reports.automa_regression"]


def test_fisher_and_welch_match_scipy():
    mod = _mod()
    for k1, n1, k2, n2 in [(3, 10, 9, 12), (0, 50, 4, 60), (45, 100, 460, 1000), (7, 7, 3, 9)]:
        _, p = scipy_stats.fisher_exact([[k1, n1 - k1], [k2, n2 - k2]])
        assert mod.fisher_exact(k1, n1, k2, n2) == pytest.approx(p, rel=1e-9, abs=1e-12)
    rng = np.random.default_rng(1)
    a, b = rng.normal(3, 5, 40), rng.normal(1, 9, 70)
    p = scipy_stats.ttest_ind(a, b, equal_var=False).pvalue
    got = mod.welch_p(a.sum(), (a * a).sum(), len(a), b.sum(), (b * b).sum(), len(b))
    assert got == pytest.approx(p, rel=1e-7)


def test_regression_flags_a_moved_cell_and_exits_1(tmp_path):
    # Baseline: at the Automa level the Automa wins 40 of 50; now it wins 10 of 50 (and its
    # margin drops): that cell moved. The Autometta cell is unchanged.
    base_games, now_games = [], []
    for i in range(50):
        base_games.append(("automa", "rusviet", "crimea", "agricultural", "economy",
                           70 + i % 7, 50 + i % 5, i % 5 != 0, 40))
        now_games.append(("automa", "rusviet", "crimea", "agricultural", "economy",
                          50 + i % 7, 60 + i % 5, i % 5 == 0, 40))
        row = ("autometta", "rusviet", "crimea", "agricultural", "economy", 60 + i % 9, 60 + i % 4,
               i % 2 == 0, 50)
        base_games.append(row)
        now_games.append(row)
    base_ds = write(tmp_path, "base", base_games)
    now_ds = write(tmp_path, "now", now_games)
    report = load("automa-regression")
    baseline = tmp_path / "baseline.json"
    assert report.run([str(base_ds), "--baseline", str(baseline), "--write-baseline"]) == 0
    doc = json.loads(baseline.read_text())
    assert doc["keys"] == ["difficulty", "human_policy"] and len(doc["cells"]) == 2
    assert report.run([str(base_ds), "--baseline", str(baseline)]) == 0      # itself: nothing moved
    res = report.result(report.parse([str(now_ds), "--baseline", str(baseline)]))
    assert res.exit_code == 1
    moved = {t.name: t.frame for t in res.tables}["moved"]
    assert moved["difficulty"].to_list() == ["automa"]
    cells = {t.name: t.frame for t in res.tables}["cells"]
    row = cells.filter(pl.col("difficulty") == "automa").row(0, named=True)
    _, p_win = scipy_stats.fisher_exact([[10, 40], [40, 10]])
    now_m = [g[5] - g[6] for g in now_games if g[0] == "automa"]
    base_m = [g[5] - g[6] for g in base_games if g[0] == "automa"]
    p_margin = scipy_stats.ttest_ind(now_m, base_m, equal_var=False).pvalue
    assert row["p_win"] == pytest.approx(p_win, rel=1e-9)
    assert row["p_margin"] == pytest.approx(p_margin, rel=1e-6)
    # Holm over the 4 tests (the Autometta cell's two are 1): the margin test is the smallest
    assert p_margin < p_win
    assert row["p_margin_adj"] == pytest.approx(4 * p_margin, rel=1e-6)
    assert row["p_win_adj"] == pytest.approx(max(3 * p_win, 4 * p_margin), rel=1e-6)
    with pytest.raises(SystemExit) as info:
        from simsuite.reporting.registry import report_command
        report_command("automa-regression", [str(now_ds), "--baseline", str(baseline)])
    assert info.value.code == 1


def test_regression_input_errors(tmp_path):
    ds = write(tmp_path, "solo", GAMES)
    report = load("automa-regression")
    with pytest.raises(UserError, match="not found"):
        report.run([str(ds), "--baseline", str(tmp_path / "none.json")])
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "other"}')
    with pytest.raises(UserError, match="is not an Automa baseline"):
        report.run([str(ds), "--baseline", str(bad)])
    with pytest.raises(UserError, match="unknown cell key 'colour'"):
        report.run([str(ds), "--baseline", str(tmp_path / "b.json"), "--write-baseline", "--keys", "colour"])
    assert math.isnan(_mod().fisher_exact(0, 0, 1, 2))


def test_automa_report_chart(tmp_path):
    pytest.importorskip("matplotlib")
    from matplotlib.image import imread

    ds = write(tmp_path, "solo", GAMES)
    png = tmp_path / "automa.png"
    assert load("automa").run([str(ds), "--plot", str(png), "--format", "md", "--out", str(tmp_path / "a.md")]) == 0
    img = imread(png)
    assert img.ndim == 3 and len(np.unique((img[..., :3] * 255).astype(np.uint8).reshape(-1, 3), axis=0)) > 20
    assert "Automa win rate" in (tmp_path / "a.md").read_text()
