"""The heuristics' values kept from one decision to the next change no game.

A seat's heuristics keep what they derived from a position for its next decision in the same
position (h_begin) and carry a Section decision's values to the Top decision after it
(SectionMemo). `_scythe._set_decision_reuse(False)` works everything out afresh each
decision; the games must be the same either way. The seeds below are games in which the
seat-adapted `expert` once played differently with the reuse on: it kept its worth of the 6th
star (h_win_bonus, which scores the game as it stands) after paying coins for a Trade or an
encounter, and a coin less turned a won race into a lost one.
"""
from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("simsuite._scythe", reason="the compiled Scythe core is not built")

from simsuite import _scythe  # noqa: E402
from simsuite.games.scythe.data import load_data  # noqa: E402
from tests.scythe.test_policies import _ids_weights  # noqa: E402


def _play(seat_policies, seeds, automa, reuse):
    ids, weights = _ids_weights(seat_policies)
    kwargs = {"automa": automa} if automa else {}
    _scythe._set_decision_reuse(reuse)
    try:
        return _scythe.play_batch(_scythe.Rules(load_data()), np.array(seeds, dtype=np.uint64),
                                  len(seat_policies), None, None, ids, weights, **kwargs)
    finally:
        _scythe._set_decision_reuse(True)


@pytest.mark.parametrize("seat_policies,seeds,automa", [
    (["expert", "expert"], [15000089, 15000313, 15000386], None),
    (["expert", "random"], [15000475, 15000726, 15001012], "automa"),
    (["expert", "random"], [15000396, 15000779], "autometta"),
    (["expert"] * 4, [15000062, 15000121], None),
], ids=["2p-expert", "solo-expert-automa", "solo-expert-autometta", "4p-expert"])
def test_expert_plays_the_same_with_and_without_kept_values(seat_policies, seeds, automa):
    on = _play(seat_policies, seeds, automa, True)
    off = _play(seat_policies, seeds, automa, False)
    for key in on:
        assert np.array_equal(on[key], off[key]), key


@pytest.mark.parametrize("players", [2, 4])
def test_kept_values_follow_a_timed_resolution_s_clock(players):
    # The Wind Gambit's Doomsday Clock ends the game after a number of turns (Wind Gambit
    # rulebook, resolutions): the heuristics' horizon then reads the game turn (h_air_begin),
    # which lies outside the position bytes h_begin compares, so kept values must not outlive
    # a turn.
    from tests.scythe.wind_gambit.test_airships import rules

    ids, weights = _ids_weights(["expert"] * players)
    seeds = np.arange(15100001, 15100061, dtype=np.uint64)
    out = []
    for reuse in (True, False):
        _scythe._set_decision_reuse(reuse)
        try:
            out.append(_scythe.play_batch(rules(resolution="doomsday_clock"), seeds, players,
                                          None, None, ids, weights))
        finally:
            _scythe._set_decision_reuse(True)
    for key in out[0]:
        assert np.array_equal(out[0][key], out[1][key]), key
