"""The features of a unit's step and the correction fitted on them (ext/scythe/search_distil.py,
issue #14), on constructed positions.

What a step does, by the rules: a worker or combat unit moving onto a territory no one holds
takes control of it (Rulebook §8.3, §20: control is a unit or structure there); leaving the
last own unit's territory gives it up unless an own structure holds it; the Automa reaches the
neighbourhood of its units (Rulebook 003, "Movement"). The correction adds, to a step's score
against the Automa only, H_STEP_CORR[k] coins per unit of feature k; all zero, nothing changes.
"""
from __future__ import annotations

import pytest

from simsuite import _scythe as core
from simsuite.errors import UserError
from simsuite.games.scythe.policies import default_weights

from .automa_helpers import AUTOMA, HUMAN, place, solo_game

# Cells (as in test_expert_defence.py): 37 tundra, its steps 30 (the Factory), 44, 43 (village)
# and 36 (farm); 43 is one step from both 37 and 36 (no river between).
START, FACTORY, FARM, VILLAGE = 37, 30, 36, 43
N_F = 11
TAKES_W, TAKES_PLASTIC, INTO_ENEMY, LEAVES_EMPTY, EXPOSED, JOINS = 0, 1, 2, 3, 4, 5
OPEN_THERE, OPEN_HERE, LATE_TAKE, TO_FACTORY, CHARACTER = range(6, 11)


def _worker_steps(rules, human_units, automa_units=None, strategy="expert"):
    """The pending step of Saxony's worker0 on the tundra (37), Ultimaszyna, with `human_units`
    and the Automa's `automa_units` placed: {option: (score, features)} and the game."""
    g = solo_game(rules, human="saxony", automa="polania", level="ultimaszyna", mat="patriotic")
    place(g, HUMAN, **human_units)
    for unit, cell in (automa_units or {}).items():
        g.set_unit(AUTOMA, unit, cell)
    g.set_player(HUMAN, popularity=10, power=5, coins=5)
    g.begin_turn(HUMAN)
    g.apply(0)                                  # section 1: move / upgrade
    g.apply(100)                                # Move
    g.apply([o for o in g.legal_options() if g.option_label(o) == "move worker 1"][0])
    assert g.decision_name == "move_step"
    rows = core.heuristic_step_features(g, default_weights(strategy))
    return {o: (s, f) for o, s, f in rows}, g


@pytest.fixture(autouse=True)
def _correction_off():
    yield
    core._set_step_corr([0.0] * N_F)


def test_a_lone_worker_taking_a_farm(rules):
    # Alone on the tundra, the worker's step to the empty farm takes a territory and gives up
    # the tundra; nothing of the Automa's is near, and the farm holds no own unit.
    steps, _ = _worker_steps(rules, {"worker0": START})
    f = steps[FARM][1]
    assert len(f) == N_F
    assert (f[TAKES_W], f[TAKES_PLASTIC], f[INTO_ENEMY], f[LEAVES_EMPTY]) == (1, 0, 0, 1)
    assert (f[EXPOSED], f[JOINS], f[TO_FACTORY], f[CHARACTER]) == (0, 0, 0, 0)
    assert steps[FACTORY][1][TO_FACTORY] == 1
    assert steps[FARM][1][LATE_TAKE] == 0       # the game has just begun


def test_an_automa_mech_next_door_exposes_the_worker_and_closes_a_territory(rules):
    # The Automa's mech on the village (43) reaches the farm next turn: a lone worker there
    # is exposed, and the village (enemy plastic) is no longer open to spread into, from the
    # farm or from the tundra.
    free, _ = _worker_steps(rules, {"worker0": START})
    near, _ = _worker_steps(rules, {"worker0": START}, {"mech0": VILLAGE})
    assert free[FARM][1][EXPOSED] == 0 and near[FARM][1][EXPOSED] == 1
    assert near[FARM][1][OPEN_THERE] == free[FARM][1][OPEN_THERE] - 1
    assert near[FARM][1][OPEN_HERE] == free[FARM][1][OPEN_HERE] - 1
    assert VILLAGE not in near                  # a worker may not step into a mech (§8.3)


def test_joining_own_units_takes_nothing_and_leaves_nothing_empty(rules):
    # Two workers on the tundra and an own mech on the farm: the step joins the mech, takes
    # nothing (the farm is already held), is not exposed (the mech guards it) and leaves the
    # other worker holding the tundra.
    steps, _ = _worker_steps(rules, {"worker0": START, "worker1": START, "mech0": FARM},
                             {"mech0": VILLAGE})
    f = steps[FARM][1]
    assert (f[TAKES_W], f[JOINS], f[LEAVES_EMPTY], f[EXPOSED]) == (0, 1, 0, 0)


def test_the_correction_adds_its_coins_per_feature_against_the_automa(rules):
    coef = [0.5 * (k + 1) for k in range(N_F)]
    before, _ = _worker_steps(rules, {"worker0": START})
    core._set_step_corr(coef)
    after, _ = _worker_steps(rules, {"worker0": START})
    for opt, (score, f) in before.items():
        assert after[opt][0] == pytest.approx(score + sum(c * x for c, x in zip(coef, f)))
    # the economy strategy does not play the seat-adapted defence: no correction
    core._set_step_corr([0.0] * N_F)
    plain, _ = _worker_steps(rules, {"worker0": START}, strategy="economy")
    core._set_step_corr(coef)
    corrected, _ = _worker_steps(rules, {"worker0": START}, strategy="economy")
    assert {o: s for o, (s, _) in plain.items()} == {o: s for o, (s, _) in corrected.items()}


def test_the_hooks_refuse_bad_input(rules):
    with pytest.raises(UserError, match="11 numbers"):
        core._set_step_corr([1.0])
    g = solo_game(rules, human="saxony", automa="polania", level="ultimaszyna", mat="patriotic")
    g.begin_turn(HUMAN)
    with pytest.raises(UserError, match="move_step"):
        core.heuristic_step_features(g, default_weights("expert"))
