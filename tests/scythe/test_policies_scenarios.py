"""The policy scenarios of issue #14 (scenarios/scythe/): valid, and each plays its round-robin."""
from __future__ import annotations

from pathlib import Path

import pytest

from simsuite.games.scythe.policies import STRATEGIES
from simsuite.scenario import load_scenario

REPO = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((REPO / "scenarios" / "scythe").glob("*.toml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.name)
def test_policy_scenarios_are_valid(path):
    sc = load_scenario(path)
    assert sc.name == path.stem and sc.out == Path("results") / path.stem
    assert sc.game in ("scythe", "scythe-automa")


def test_the_ladder_seats_every_strategy():
    # a round-robin: every compiled strategy in every game, the seats rotated
    sc = load_scenario(REPO / "scenarios" / "scythe" / "ladder.toml")
    text = (REPO / "scenarios" / "scythe" / "ladder.toml").read_text()
    assert "rotate = true" in text and "players = 5" in text
    for name in STRATEGIES:
        assert f'name = "{name}"' in text
    assert sc.games % 5 == 0
