"""The expert's board play against the Automa (issue #14), on constructed positions.

Rulebook 003 (the Automa; reference/scythe/automa.md): an Automa move teleports a unit into
the neighbourhood of any Automa unit or of its base, a neighbourhood being the unit's territory
and the territories one move away, not across rivers or into lakes while its star cube is on an
isolated cell (none at Ultimaszyna). A human who wins an attack on it, or moves onto a
territory held only by its workers, places there the resource box of the Automa's top
main-discard card, in the territory's resource (none on villages). It places at most 2 combat
stars. Only the seat-adapted strategy (`expert`, weight `adapt` > 0) reads these rules; the
other strategies' play does not change.
"""
from __future__ import annotations

import pytest

from simsuite import _scythe as core
from simsuite.games.scythe.policies import default_weights

from .automa_helpers import AUTOMA, HUMAN, place, solo_game

# Board cells (simsuite/games/scythe/data board; Saxony's base is 5): 48 tundra, its
# neighbours 41 mountain, 42 village, 49 lake, base 5. Card 5's resource box is 4, card 3's 0
# (reference/scythe/automa.md, "The 19 cards").
TUNDRA, MOUNTAIN, VILLAGE = 48, 41, 42
BOX4, BOX0 = 5, 3


def _mech_step_scores(rules, name, last_card, automa_cells):
    """The heuristics' score of each step of Saxony's mech from the tundra (48), the Automa's
    workers on `automa_cells`, its last main card `last_card`."""
    g = solo_game(rules, human="saxony", automa="polania", level="automa", mat="patriotic")
    place(g, HUMAN, mech0=TUNDRA)
    for i, c in enumerate(automa_cells):
        g.set_unit(AUTOMA, f"worker{i}", c)
    g.set_player(HUMAN, popularity=10, power=5, coins=5)
    g.set_automa(track_pos=10, last_main_card=last_card)
    g.begin_turn(HUMAN)
    g.apply(0)                                  # section 1: move / upgrade
    g.apply(100)                                # Move
    mech = [o for o in g.legal_options() if "mech" in g.option_label(o)]
    g.apply(mech[0])
    assert g.decision_name == "move_step"
    return dict(core.heuristic_scores(g, default_weights(name)))


def test_taking_the_automa_territory_credits_its_resource_box(rules):
    # Driving the Automa's lone worker off the mountain places card 5's 4 resources there as
    # metal (card 3 places none): the expert's step onto it is worth more with card 5 on top
    # of the Automa's discard; on the village no resource is placed, so nothing changes; the
    # economy strategy (no seat adaptation) scores both cards alike.
    rich = _mech_step_scores(rules, "expert", BOX4, [MOUNTAIN, VILLAGE])
    poor = _mech_step_scores(rules, "expert", BOX0, [MOUNTAIN, VILLAGE])
    assert rich[MOUNTAIN] > poor[MOUNTAIN] + 0.5
    assert rich[VILLAGE] == pytest.approx(poor[VILLAGE])
    rich = _mech_step_scores(rules, "economy", BOX4, [MOUNTAIN, VILLAGE])
    poor = _mech_step_scores(rules, "economy", BOX0, [MOUNTAIN, VILLAGE])
    assert rich[MOUNTAIN] == pytest.approx(poor[MOUNTAIN])


# 37 tundra, its steps 30, 44, 43 (village) and 36 (farm); the farm's neighbours are 43 (no
# river between) and 42 (across a river); the farm (27) is far from the farm 36.
START, FARM, NEAR, ACROSS, FAR = 37, 36, 43, 42, 27


def _worker_step_scores(rules, name, level, automa_worker):
    """Scores of the steps of Saxony's lone worker from the tundra (37), with one Automa
    worker on `automa_worker` and its cube on the star card's first cell."""
    g = solo_game(rules, human="saxony", automa="polania", level=level, mat="patriotic")
    place(g, HUMAN, worker0=START)
    g.set_unit(AUTOMA, "worker0", automa_worker)
    g.set_player(HUMAN, popularity=10, power=5, coins=5)
    g.begin_turn(HUMAN)
    g.apply(0)                                  # section 1: move / upgrade
    g.apply(100)                                # Move
    g.apply([o for o in g.legal_options() if "worker" in g.option_label(o)][0])
    assert g.decision_name == "move_step"
    return dict(core.heuristic_scores(g, default_weights(name))), g


@pytest.mark.parametrize("level, across_river_reaches", [("automa", False), ("ultimaszyna", True)])
def test_lone_worker_is_kept_out_of_the_automa_reach(rules, level, across_river_reaches):
    # A lone worker stepping onto the farm (36) may be sent home by the Automa's attack on
    # workers if one Automa move can land there: the Automa's worker on the village 43 (no
    # river between) has the farm in its neighbourhood; its worker on the village 42 is
    # across a river from it, so reaches it only once rivers are open (from the start at
    # Ultimaszyna, not on the Automa level's first cell). Its worker on the far farm (27)
    # reaches nothing there. Workers are no combat units: the old threat map (one step from
    # enemy mechs and character) saw none of this, and the economy strategy still does not.
    far, g = _worker_step_scores(rules, "expert", level, FAR)
    terr_val = core.heuristic_context(g, HUMAN, default_weights("expert"))["terr_val"]
    near, _ = _worker_step_scores(rules, "expert", level, NEAR)
    across, _ = _worker_step_scores(rules, "expert", level, ACROSS)
    assert terr_val > 0
    assert near[FARM] == pytest.approx(far[FARM] - 0.3 * terr_val)
    expected = far[FARM] - (0.3 * terr_val if across_river_reaches else 0.0)
    assert across[FARM] == pytest.approx(expected)
    far, _ = _worker_step_scores(rules, "economy", level, FAR)
    near, _ = _worker_step_scores(rules, "economy", level, NEAR)
    assert near[FARM] == pytest.approx(far[FARM])


def _attack_score(rules, name, human_power, automa_combat_stars):
    """Score of Saxony's mech stepping from the tundra onto the Automa's mech on the mountain
    (an attack), the Automa at power 6 with two combat cards (a 3 and a 4)."""
    g = solo_game(rules, human="saxony", automa="polania", level="automa", mat="patriotic")
    place(g, HUMAN, mech0=TUNDRA)
    g.set_unit(AUTOMA, "mech0", MOUNTAIN)
    g.set_player(HUMAN, popularity=10, power=human_power, coins=5)
    g.set_player(AUTOMA, power=6, hand={3: 1, 4: 1}, combat_stars=automa_combat_stars)
    g.begin_turn(HUMAN)
    g.apply(0)
    g.apply(100)
    g.apply([o for o in g.legal_options() if "mech" in g.option_label(o)][0])
    return dict(core.heuristic_scores(g, default_weights(name)))[MOUNTAIN], g


def test_attacks_on_a_lower_bar_once_the_automa_holds_both_combat_stars(rules):
    # The expert attacks the Automa when its own best total reaches a quantile of the
    # Automa's combat total (from its public combat table): the 60% quantile while a lost
    # fight would give the Automa a combat star, the 25% quantile once it holds the 2 it may
    # place. Here the Automa's total has 25% quantile 4 and 60% quantile 8, and the expert's
    # best total is its dial of 5 (no cards): refused before, taken after.
    _, g = _attack_score(rules, "expert", 5, 0)
    cdf = core.automa_combat_cdf(g, HUMAN, default_weights("expert"))
    quantile = lambda q: next(x for x in range(len(cdf)) if cdf[x] >= q - 1e-9)
    assert quantile(0.25) <= 5 < quantile(0.6)
    refused, _ = _attack_score(rules, "expert", 5, 0)
    taken, _ = _attack_score(rules, "expert", 5, 2)
    assert refused < 0 < taken
    # a dial below the 25% quantile is refused either way
    assert _attack_score(rules, "expert", quantile(0.25) - 1, 2)[0] < 0
    # the economy strategy's bar does not read the Automa's stars
    assert _attack_score(rules, "economy", 5, 0)[0] == pytest.approx(_attack_score(rules, "economy", 5, 2)[0])


def _mech_from_tundra_scores(rules, name, last_card):
    """Scores of the steps of Saxony's mech from the tundra (37), one Automa worker alone on
    the forest 35 (two steps away through the farm 36), its last main card `last_card`."""
    g = solo_game(rules, human="saxony", automa="polania", level="automa", mat="patriotic")
    place(g, HUMAN, mech0=START)
    g.set_unit(AUTOMA, "worker0", 35)
    g.set_player(HUMAN, popularity=10, power=5, coins=5)
    g.set_automa(track_pos=10, last_main_card=last_card)
    g.begin_turn(HUMAN)
    g.apply(0)
    g.apply(100)
    g.apply([o for o in g.legal_options() if "mech" in g.option_label(o)][0])
    assert g.decision_name == "move_step"
    return dict(core.heuristic_scores(g, default_weights(name)))


def test_mechs_press_toward_the_automa_lone_workers(rules):
    # A territory held by the Automa's workers alone is taken by moving a combat unit onto
    # it: its workers go home, the territory and the resource box of the Automa's last card
    # change hands. The expert's mechs press toward such territories by what that gains: the
    # step from the tundra toward the Automa's lone worker (onto the farm 36, one step from
    # it) is worth more when the box holds 4 resources (card 5) than when it holds none
    # (card 3), and the step away from it (the tundra 44, three steps from it) less. The
    # economy strategy's mechs press only toward combat units.
    rich, poor = (_mech_from_tundra_scores(rules, "expert", card) for card in (BOX4, BOX0))
    assert rich[FARM] > poor[FARM] + 0.05
    assert rich[44] < poor[44] - 0.05
    rich, poor = (_mech_from_tundra_scores(rules, "economy", card) for card in (BOX4, BOX0))
    assert rich[FARM] == pytest.approx(poor[FARM])
