"""Which Upgrade a heuristic buys: the table's own preferences among the cells (issue #14).

An Upgrade moves one technology cube from a top-row cell to a cost box of a bottom action
(Rulebook §9.1, "Upgrade"): the option is a pair (top cell exposed, bottom box covered). The
heuristics price each pair by what the two cells are worth to the seat. The `pick_*` weights
add the seat's own preference on top, in coins: one weight per top cell against the coin
cell, one per bottom action against the Upgrade's own box. They are 0 for every strategy (so
no shipped strategy's choice changes) and a row of a weights table may set them: the search's
first Upgrades at Ultimaszyna differed from `expert`'s by faction, mat and opponent
(BENCHMARKS.md "Policy strength", session 35).
"""
from __future__ import annotations

import pytest

from simsuite.games.scythe.policies import STRATEGIES, WEIGHT_NAMES, default_weights

from .automa_helpers import HUMAN, core, solo_game

TOP = ("move", "coin", "popularity", "power", "cards", "produce")   # the TC_* order
BOTTOM = ("upgrade", "deploy", "build", "enlist")                   # the BOT_* order
PICK_TOP = {"move": "pick_move", "popularity": "pick_popularity", "power": "pick_power",
            "cards": "pick_cards", "produce": "pick_produce"}
PICK_BOTTOM = {"deploy": "pick_deploy", "build": "pick_build", "enlist": "pick_enlist"}


def _upgrade_decision(rules):
    # Mechanical's first section is Trade / Upgrade (3 oil); with the top action skipped and
    # 3 oil on a controlled territory the Upgrade's choice is pending (§9.1).
    g = solo_game(rules, human="nordic", automa="crimea", level="ultimaszyna", mat="mechanical")
    cell = g.rules.data.factions["nordic"].start_cells[0]
    g.set_unit(HUMAN, "worker0", cell)
    g.set_resources(cell, {"oil": 3})
    g.begin_turn(HUMAN)
    g.apply(0)                        # section 1: trade / upgrade
    g.apply(0)                        # skip the top action
    g.apply(1)                        # the bottom action: upgrade
    assert g.decision_name == "upgrade"
    return g


def _scores(g, **picks):
    w = default_weights("expert")
    for name, value in picks.items():
        w[WEIGHT_NAMES.index(name)] = value
    return dict(core.heuristic_scores(g, w))


def _best(g, **picks):
    s = _scores(g, **picks)
    opt = max(s, key=s.get)
    return TOP[opt // 4], BOTTOM[opt % 4]


def test_the_picks_are_zero_for_every_strategy():
    for name in STRATEGIES:
        w = default_weights(name)
        assert all(w[WEIGHT_NAMES.index(n)] == 0.0 for n in (*PICK_TOP.values(),
                                                             *PICK_BOTTOM.values()))


@pytest.mark.parametrize("cell", sorted(PICK_TOP))
def test_a_top_pick_adds_its_coins_to_the_options_exposing_that_cell(rules, cell):
    g = _upgrade_decision(rules)
    base, picked = _scores(g), _scores(g, **{PICK_TOP[cell]: 2.5})
    assert base.keys() == picked.keys() and len(base) > 1
    for opt, v in base.items():
        extra = 2.5 if TOP[opt // 4] == cell else 0.0
        assert picked[opt] == pytest.approx(v + extra)


@pytest.mark.parametrize("bottom", sorted(PICK_BOTTOM))
def test_a_bottom_pick_adds_its_coins_to_the_options_covering_that_box(rules, bottom):
    g = _upgrade_decision(rules)
    base, picked = _scores(g), _scores(g, **{PICK_BOTTOM[bottom]: -1.5})
    for opt, v in base.items():
        extra = -1.5 if BOTTOM[opt % 4] == bottom else 0.0
        assert picked[opt] == pytest.approx(v + extra)


def test_a_large_pick_decides_the_upgrade(rules):
    g = _upgrade_decision(rules)
    assert _best(g, pick_produce=50.0)[0] == "produce"
    assert _best(g, pick_cards=50.0)[0] == "cards"
    assert _best(g, pick_build=50.0)[1] == "build"
    assert _best(g, pick_enlist=50.0)[1] == "enlist"
    # against every other cell: the coin cell and the Upgrade's own box are the zero points
    assert _best(g, **{n: -50.0 for n in PICK_TOP.values()})[0] == "coin"
    assert _best(g, **{n: -50.0 for n in PICK_BOTTOM.values()})[1] == "upgrade"


def test_the_picks_weigh_only_the_upgrade_choice(rules):
    # The section's choice before it (and so whether to Upgrade at all) is priced as before.
    g = solo_game(rules, human="nordic", automa="crimea", level="ultimaszyna", mat="mechanical")
    g.begin_turn(HUMAN)
    assert g.decision_name == "section"
    assert _scores(g) == _scores(g, pick_deploy=9.0, pick_produce=-9.0)
