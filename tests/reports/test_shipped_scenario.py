"""Reports on a dataset played by the compiled Scythe core from the shipped balance scenario.

scenarios/scythe/scythe-balance-pairs.toml plays every faction x mat pair with the ban off
(Rulebook 000 "ВИБІР НАЦІЇ", digest scythe-base.md §5 step 6 names the banned pairs); 400
games (one full balance cycle) are enough to check the tables and charts are produced.
"""
from __future__ import annotations

import json

import numpy as np
import pytest

from simsuite.reporting.dataset import open_dataset
from simsuite.reporting.registry import report_command

from reportdata import REPO

GAMES = 400


@pytest.fixture(scope="module")
def pairs_dataset(tmp_path_factory):
    from simsuite.runner import run_command

    out = tmp_path_factory.mktemp("shipped") / "pairs"
    run_command(REPO / "scenarios" / "scythe" / "scythe-balance-pairs.toml", games=GAMES, jobs=1, out=out)
    return out


def test_banned_pairs_table_and_heat_map(pairs_dataset, tmp_path, capsys):
    from matplotlib.image import imread

    chart = tmp_path / "banned.png"
    report_command("banned-pairs", [str(pairs_dataset), "--format", "json", "--plot", str(chart)])
    doc = json.loads(capsys.readouterr().out)
    banned = doc["tables"]["banned"]["rows"]
    assert {r["pair_label"] for r in banned} == {"rusviet+industrial", "crimea+patriotic"}
    for r in banned:
        # every pair is dealt equally often: 4 players x 400 games / 25 pairs
        assert r["games"] == 4 * GAMES // 25 and r["of"] == 25 and 1 <= r["rank"] <= 25
        assert r["ci_low"] <= r["win_rate"] <= r["ci_high"]
        assert r["diff_low"] <= r["diff"] <= r["diff_high"]
    assert len(doc["tables"]["pairs"]["rows"]) == 25
    # turn order follows the mat number (Rulebook 000 setup step 18): Industrial always starts
    seats = [r for r in doc["tables"]["seats"]["rows"] if r["pair"] == "rusviet+industrial"]
    assert [(r["seat"], r["share"]) for r in seats] == [(0, 1.0)]
    # the scenario balances opponents: in 4-player games of 5 factions every other faction
    # sits at 3 of each 4 of the pair's games
    for r in doc["tables"]["opponents"]["rows"]:
        assert r["share"] == 0.75 and r["faction_other"] not in r["pair"]
    img = imread(chart)
    assert img.shape[0] > 800 and img.shape[1] > 600
    assert len(np.unique((img[..., :3] * 255).astype(np.uint8).reshape(-1, 3), axis=0)) > 50


def test_summary_heat_map(pairs_dataset, tmp_path, capsys):
    from matplotlib.image import imread

    chart = tmp_path / "summary.png"
    report_command("summary", [str(pairs_dataset), "--format", "json", "--plot", str(chart)])
    doc = json.loads(capsys.readouterr().out)
    assert open_dataset(pairs_dataset).group_keys == ("faction", "mat", "pair")  # the runner's declaration
    pairs = doc["tables"]["pair"]["rows"]
    assert len(pairs) == 25 and sum(r["games"] for r in pairs) == 4 * GAMES
    assert sum(r["wins"] for r in pairs) >= GAMES  # one winner per game, more if shared
    # two columns as wide as the widest panel, the heat map of the first two group keys
    # (faction x mat: 5 mats, 8.75 in at 100 dpi)
    assert imread(chart).shape[1] == 1750
