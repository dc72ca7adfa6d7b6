"""Committed playthroughs (DESIGN "Replays"): each file holds a game's setup, the options chosen
and the readable log and result they gave; replaying the options must give the same log and
result. A rules change that is MEANT to change games regenerates them on purpose:

    SIMSUITE_UPDATE_PLAYTHROUGHS=1 python -m pytest tests/imperial_settlers/test_playthroughs.py

and the commit says why.

History of deliberate regenerations: 2026-11-26, phase 2: result() gained "score", "rank",
"end_reason" and each seat's "shared" (same games, same logs). 2026-11-26, session 6: the
Gate/Shrine/Storehouse holds (a new free move), Spies, Trade Route and Delegation now act, so
random seats see other options and the games differ.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from simsuite import _imperial_settlers as core
from tests.imperial_settlers.helpers import rules, random_playout

DIR = Path(__file__).with_name("playthroughs")
UPDATE = os.environ.get("SIMSUITE_UPDATE_PLAYTHROUGHS") == "1"

CASES = {
    "two_players": dict(seed=101, factions=["romans", "barbarians"], variants={}),
    "four_players": dict(seed=202, factions=["japanese", "egyptians", "romans", "barbarians"], variants={}),
    "solo_japanese": dict(seed=303, factions=["japanese"], variants={}),
    "advanced_lookout_peaceful": dict(seed=404, factions=["egyptians", "japanese", "barbarians"],
                                      variants={"lookout": "advanced", "peaceful": True}),
    "alternative_lookout": dict(seed=505, factions=["barbarians", "romans"], variants={"lookout": "alternative"}),
}


def record(case):
    g, chosen = random_playout(rules(**case["variants"]), case["seed"], case["factions"], log=True)
    return {**case, "options": chosen, "log": g.events(), "result": g.result()}


@pytest.mark.parametrize("name", sorted(CASES))
def test_playthrough_replays_identically(name):
    path = DIR / f"{name}.json"
    if UPDATE:
        path.write_text(json.dumps(record(CASES[name]), indent=1, ensure_ascii=False) + "\n")
    stored = json.loads(path.read_text())
    g = core.Game(rules(**stored["variants"]), stored["seed"], stored["factions"], log=True)
    for o in stored["options"]:
        g.apply(o)
    assert g.is_over
    assert g.events() == stored["log"]
    assert json.loads(json.dumps(g.result())) == stored["result"]
