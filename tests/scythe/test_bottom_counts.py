"""The core's counts of the bottom-action rate (GameState.bottom_chances / bottom_taken, returned
by play_batch): what issue #14's 85% target reads, and what `simsuite tune --min-bottom-rate`
holds a tuned row to.

The behaviour report counts the same thing its own way, from a logged game's events (a turn
start's test, then the turn's DK_BOTTOM decision); the core counts it as the game is played.
Both must agree game by game, in player games and against the Automa."""
from __future__ import annotations

import numpy as np
import pytest

from simsuite import _scythe as core
from simsuite.games.scythe import behaviour
from simsuite.games.scythe.policies import STRATEGIES, default_weights
from simsuite.runner import derive_seeds

from .automa_helpers import HUMAN, solo_game
from .conftest import do, section_of


def _batch(rules, seed, names, automa=None):
    ids = np.array([STRATEGIES[n][0] for n in names] + ([0] if automa else []), dtype=np.int32)
    w = np.array([default_weights(n) for n in names] + ([default_weights(names[0])] if automa else []))
    n = 2 if automa else len(names)
    kwargs = {"automa": automa} if automa else {}
    return core.play_batch(rules, np.array([seed], dtype=np.uint64), n, None, None, ids, w,
                           **kwargs)


@pytest.mark.parametrize("names, automa", [
    (["expert", "economy", "aggressor", "diplomat"], None),
    (["expert"], "ultimaszyna"),
    (["economy"], "automa"),
])
def test_the_core_counts_what_the_behaviour_report_counts(rules, names, automa):
    seeds = derive_seeds(48, np.arange(6))
    chances = 0
    for seed in seeds:
        game, starts = behaviour.play_logged(rules, int(seed), 2 if automa else len(names),
                                             names, automa=automa)
        rows = behaviour.seat_rows(game, starts, names, automa)
        res = _batch(rules, int(seed), names, automa)
        assert list(res["score"][0][:len(rows)]) == [r["score"] for r in rows]   # same game
        for r in rows:
            s = r["seat"]
            assert game.bottom_counts(s) == (r["affordable"], r["bottom_when_affordable"])
            assert (res["bottom_chances"][0, s], res["bottom_taken"][0, s]) == \
                (r["affordable"], r["bottom_when_affordable"])
            chances += r["affordable"]
        if automa:     # the Automa takes no bottom actions: nothing is counted for its seat
            assert (res["bottom_chances"][0, 1], res["bottom_taken"][0, 1]) == (0, 0)
    assert chances > 0


def test_a_turn_counts_once_and_only_a_bottom_effect_taken_counts(rules):
    # Rulebook §6: a turn is a section's top action and then its bottom action, each optional;
    # the bottom action's coins and its effect may each be declined (§9). A turn that begins
    # with one payable counts one chance; it counts as taken only when the effect is taken.
    # Mechanical: Trade / Upgrade 3 oil (player-mats.md).
    g = solo_game(rules, human="crimea", automa="rusviet", mat="mechanical")
    a, _ = g.rules.data.factions["crimea"].start_cells
    g.set_unit(HUMAN, "worker0", a)
    trade = section_of(g, HUMAN, top="trade")
    for bottom, taken in ((3, 0), (1, 1), (0, 0)):    # its effect declined; taken; skipped
        g.set_resources(a, {"oil": 3})
        g.set_player(HUMAN, last_section=-1)
        before = g.bottom_counts(HUMAN)
        g.begin_turn(HUMAN)
        assert g.bottom_counts(HUMAN) == (before[0] + 1, before[1])
        do(g, "section", trade)
        do(g, "top", 0)                              # no top action
        do(g, "bottom", bottom)
        assert g.bottom_counts(HUMAN) == (before[0] + 1, before[1] + taken)
    # a turn that begins with nothing payable counts no chance, whatever it takes
    g.set_resources(a, {"oil": 0})
    before = g.bottom_counts(HUMAN)
    g.begin_turn(HUMAN)
    assert g.bottom_counts(HUMAN) == before
