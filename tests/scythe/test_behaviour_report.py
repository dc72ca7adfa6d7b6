"""The behaviour report (issue #14): a sample of a dataset's games played again with the log on,
their turns split into top only / bottom only / both / neither."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("simsuite._scythe")

from simsuite.errors import UserError  # noqa: E402
from simsuite.reporting.registry import report_command  # noqa: E402
from simsuite.runner import run  # noqa: E402
from simsuite.scenario import load_scenario  # noqa: E402

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def dataset(tmp_path_factory):
    out = tmp_path_factory.mktemp("behaviour") / "d"
    run(load_scenario(REPO / "scenarios" / "scythe" / "ladder.toml", games=8, out=out),
        jobs=1, progress=False)
    return out


def test_the_report_splits_every_turn_and_groups_by_policy_faction_and_mat(dataset, capsys):
    report_command("behaviour", [str(dataset), "--sample", "4", "--format", "json"])
    doc = json.loads(capsys.readouterr().out)
    assert set(doc["tables"]) == {"policy", "faction", "mat", "abilities", "objectives"}
    for r in doc["tables"]["abilities"]["rows"]:         # each ability a faction holds: 5 rows
        assert r["kind"] in ("faction", "mech") and 0.0 <= r["used"] <= 1.0
    by_faction = {}
    for r in doc["tables"]["abilities"]["rows"]:
        by_faction.setdefault((r["policy"], r["faction"]), []).append(r["ability"])
    assert by_faction and all(len(v) == 5 for v in by_faction.values())
    # each seat is dealt two objective cards (§16): 4 seats of each of 5 policies
    assert sum(r["n"] for r in doc["tables"]["objectives"]["rows"]) == 2 * 4 * 5
    assert all(0.0 <= r["met"] <= 1.0 for r in doc["tables"]["objectives"]["rows"])
    rows = doc["tables"]["policy"]["rows"]
    assert sorted(r["policy"] for r in rows) == ["aggressor", "diplomat", "economy", "expert", "star_rush"]
    for r in rows:
        assert r["n"] == 4                           # 4 games, one seat each (every policy plays)
        shares = r["both"] + r["top_only"] + r["bot_only"] + r["neither"]
        assert shares == pytest.approx(1.0, abs=1e-3)
        assert 0.0 <= r["bot|afford"] <= 1.0


def test_the_report_needs_the_folder_simsuite_run_wrote(dataset, capsys):
    one = next(dataset.rglob("*.parquet"))
    with pytest.raises(UserError, match="give the dataset folder"):
        report_command("behaviour", [str(one)])
    with pytest.raises(UserError, match="--sample 0"):
        report_command("behaviour", [str(dataset), "--sample", "0"])
