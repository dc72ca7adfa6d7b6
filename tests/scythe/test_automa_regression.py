"""The Automa CI check: a deliberately weakened Automa fails the regression check against the
committed baseline (tests/baselines/automa-baseline.json), an unchanged one passes on a seed
range the baseline never used.

Both batches use the baseline's design (scenarios/scythe/automa-ci.toml: three heuristic policies x
four difficulties) with fewer games, played through the runner like `simsuite run`.
"""
from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest

from simsuite.reporting.registry import load
from simsuite.runner import run_command

REPO = Path(__file__).resolve().parents[2]
BASELINE = REPO / "tests" / "baselines" / "automa-baseline.json"
CI = REPO / "scenarios" / "scythe" / "automa-ci.toml"

# Every attack symbol removed from the cards (a weaker Automa: "skipping its combat").
NO_ATTACKS = """
[[card]]
id = 7
scheme1 = { skip = true, moves = ["worker"], gains = ["worker", "coin 1"], recruit = "popularity" }
scheme2 = { skip = true, moves = ["mech"], gains = ["hero_or_mech (rusviet)", "hero_or_mech", "combat_card"], recruit = "coin" }
[[card]]
id = 13
scheme1 = { skip = false, moves = ["enc_fac", "character"], gains = ["coin 1"], recruit = "none" }
scheme2 = { skip = false, moves = ["enc_fac", "character"], gains = ["combat_card", "coin 2"], recruit = "coin" }
[[card]]
id = 14
scheme2 = { skip = false, moves = ["mech"], gains = ["power 3"], recruit = "popularity" }
[[card]]
id = 15
scheme2 = { skip = false, moves = ["enc_fac", "character"], gains = ["coin 1 (crimea)", "coin 1"], recruit = "combat_card" }
[[card]]
id = 16
scheme2 = { skip = false, moves = ["mech"], gains = ["power 1 (saxony)", "hero_or_mech", "coin 1"], recruit = "none" }
[[card]]
id = 17
scheme1 = { skip = true, moves = ["worker"], gains = ["coin 2"], recruit = "power" }
scheme2 = { skip = true, moves = ["worker"], gains = ["coin 1 (crimea)", "coin 1", "worker"], recruit = "popularity" }
[[card]]
id = 19
scheme1 = { skip = false, moves = ["worker"], gains = ["worker"], recruit = "none" }
scheme2 = { skip = false, moves = ["enc_fac (albion)", "worker"], gains = ["power 3", "coin 1"], recruit = "combat_card" }
"""


def batch(tmp_path, name, seed, games, weak=False):
    """Play the CI design on another seed range; returns the dataset folder."""
    text = CI.read_text(encoding="utf-8")
    text = text.replace('name = "automa-ci"', f'name = "{name}"').replace("seed = 20260101", f"seed = {seed}")
    if weak:
        (tmp_path / "no_attacks.toml").write_text(NO_ATTACKS, encoding="utf-8")
        text = text.replace('faction = "random"\n', 'faction = "random"\ndata = ["no_attacks.toml"]\n')
    scenario = tmp_path / f"{name}.toml"
    scenario.write_text(text, encoding="utf-8")
    out = tmp_path / name
    run_command(scenario, games=games, jobs=1, out=out)
    return out


def check(dataset):
    report = load("automa-regression")
    return report.result(report.parse([str(dataset), "--baseline", str(BASELINE)]))


def test_the_committed_baseline():
    doc = json.loads(BASELINE.read_text(encoding="utf-8"))
    assert doc["keys"] == ["difficulty", "human_policy"]
    assert len(doc["cells"]) == 12 and all(c["games"] >= 2000 for c in doc["cells"])
    assert "automa-baseline" in doc["scenarios"]


def test_weakened_automa_fails_and_unchanged_passes(tmp_path, capsys):
    # 1200 games each (100 per cell), seeds unlike the baseline's and the CI run's.
    same = check(batch(tmp_path, "unchanged", 424242, 1200))
    assert same.exit_code == 0, {t.name: t.frame for t in same.tables}["moved"]
    weak = check(batch(tmp_path, "weakened", 424242, 1200, weak=True))
    assert weak.exit_code == 1
    moved = {t.name: t.frame for t in weak.tables}["moved"]
    assert moved.height >= 4
    # the weaker Automa moved the way it should: lower win rates and margins
    assert (moved["margin_now"] < moved["margin_base"]).all()
    assert moved.filter(pl.col("difficulty") == "automa")["rate_now"].max() < 0.9
