"""The Automa's movement: neighbourhoods, teleport, the five move types and their tie-breaks.

Each test cites the solo rulebook, seed 003 (pages as printed; digest rules/scythe-automa.md
sections in brackets). Positions are built on an empty board; cells follow board.toml
(reading order = ascending id; Factory 30). Distances ignore rivers and lakes (digest I-5).
"""
from __future__ import annotations

import pytest

from tests.scythe.automa_helpers import AUTOMA, HUMAN, automa_turn, place, solo_game


@pytest.fixture
def game(rules):
    """Crimea (human) against a Rusviet Automa at the Automa level, empty board."""
    return solo_game(rules, human="crimea", automa="rusviet")


# ---------------------------------------------------------------- neighbourhoods

def test_example_1_crimean_mech_neighbourhood(game):
    # Seed 003 p.5 Example 1 (digest §9.1): a Crimean mech with Riverwalk (farms and tundra)
    # has its own territory (B) and the land-adjacent ones (A); not the lake (В), not a
    # territory across a river it cannot cross (Г), but a tundra across a river (Д).
    # Mech on mountain 18: land 11, 12; river onto tundra 17 and farm 19; lake 24; river
    # onto forest 25.
    game.set_mech_deployed(HUMAN, "riverwalk", cell=18)
    assert game.human_neighbourhood(HUMAN, 18) == [11, 12, 17, 18, 19]
    game.set_mech_deployed(HUMAN, "riverwalk", deployed=False)
    place(game, HUMAN, mech2=18)   # a mech whose ability is Scout: no river crossing
    assert game.human_neighbourhood(HUMAN, 18) == [11, 12, 18]


def test_example_2_automa_mech_after_the_water_unlock(game):
    # Seed 003 p.5 Example 2 and p.9 (digest §9.1, §9.2): once the cube has left the last
    # water cell, an Automa mech's neighbourhood is its territory and all six around it.
    assert game.automa_neighbourhood(18) == [11, 12, 18]       # cube on cell 0: rivers, lakes closed
    game.set_automa(track_pos=3)
    assert game.automa_neighbourhood(18) == [11, 12, 18]       # cell 3 still shows the water symbol
    game.set_automa(track_pos=4)                               # Automa card: water from cell 4
    assert game.automa_neighbourhood(18) == [11, 12, 17, 18, 19, 24, 25]


def test_units_on_a_base_have_no_neighbourhood_the_base_has_two(game):
    # Seed 003 p.5 (digest §9.1): a unit on a base has no neighbourhood; the base's own is
    # its two land-adjacent territories (Rusviet: 26 and 33, not 20 across the river).
    assert game.automa_neighbourhood(4) == []
    place(game, AUTOMA, worker0=4)
    scores = game.automa_worker_scores("worker0")
    assert sorted(scores) == [26, 33]


def test_teleport_to_a_far_unit_neighbourhood(game):
    # Seed 003 p.5 "Телепортація" (digest §9.3): a unit may go to any territory in the
    # neighbourhood of any other Automa unit, with no path. The worker on the base goes to
    # the neighbourhood of the mech on village 43 (the most Automa units around it),
    # choosing tundra 37, the closest to the Factory.
    place(game, AUTOMA, worker0=4, mech0=43)
    assert game.automa_find_move("worker") == ("worker0", 37)


# ---------------------------------------------------------------- move worker

def test_worker_choice_base_first_then_reading_order(game):
    # Seed 003 p.6 step 1 (digest §10.2): the worker closest to the Automa base; workers on
    # the base count as closest; ties in reading order (Example 3).
    place(game, AUTOMA, worker0=26, worker1=4)
    assert game.automa_choose_unit("worker") == "worker1"
    place(game, AUTOMA, worker0=32, worker1=19)   # both 2 from the Rusviet base
    assert game.automa_choose_unit("worker") == "worker1"   # 19 comes before 32
    place(game, AUTOMA, worker0=32, worker1=None)
    assert game.automa_choose_unit("worker") == "worker0"


def test_worker_destination_ties_factory_then_reading_order(game):
    # Seed 003 p.6 step 4 (digest §10.2): every valid territory is in the mech's
    # neighbourhood (1 unit each); tie (1) closest to the Factory leaves 25 and 32 (2 away);
    # tie (2) reading order takes 25.
    game.set_automa(track_pos=4)
    place(game, AUTOMA, worker0=4, mech0=26)
    scores = game.automa_worker_scores("worker0")
    assert scores == {19: (1, "ok"), 20: (1, "ok"), 25: (1, "ok"), 26: (1, "ok"), 32: (1, "ok"), 33: (1, "ok")}
    assert game.automa_find_move("worker") == ("worker0", 25)


def test_worker_goes_where_most_automa_units_are(game):
    # Seed 003 p.6 step 4: the territory in the neighbourhood of the most Automa units.
    # Mech on 26 and hero on 32 (water open): 25, 26, 32, 33 lie in both (2); 25 and 32
    # are closest to the Factory; reading order: 25.
    game.set_automa(track_pos=4)
    place(game, AUTOMA, worker0=4, mech0=26, character=32)
    scores = game.automa_worker_scores("worker0")
    assert {c for c, (n, _) in scores.items() if n == 2} == {25, 26, 32, 33}
    assert scores[19] == (1, "ok") and scores[39] == (1, "ok")
    assert game.automa_find_move("worker") == ("worker0", 25)


def test_worker_avoids_human_combat_unit_neighbourhoods(game):
    # Seed 003 p.6 step 4 and Example 3's "*" territories: never in the neighbourhood of a
    # human combat unit. A Crimean mech on mountain 31 reaches 25 but not 32 across the
    # river; with Riverwalk (tundra) it reaches 32 too.
    game.set_automa(track_pos=4)
    place(game, AUTOMA, worker0=4, mech0=26)
    place(game, HUMAN, mech2=31)                # Scout mech: no river crossing
    scores = game.automa_worker_scores("worker0")
    assert scores[25] == (1, "excluded") and scores[32] == (1, "ok")
    assert game.automa_find_move("worker") == ("worker0", 32)
    place(game, HUMAN, mech2=None)
    game.set_mech_deployed(HUMAN, "riverwalk", cell=31)
    assert game.automa_worker_scores("worker0")[32] == (1, "excluded")
    assert game.automa_find_move("worker") == ("worker0", 19)   # 19, 26, 33: 3 away; reading order


def test_worker_not_onto_human_units_or_another_automa_worker(game):
    # Seed 003 p.6 step 2: valid territories hold no opponent unit and no Automa worker but
    # the chosen one (Automa combat units do not block). Worker1 on 32 adds its
    # neighbourhood: 26 and 33 now lie near 2 units; reading order takes 26 (the mech's).
    game.set_automa(track_pos=4)
    place(game, AUTOMA, worker0=4, mech0=26, worker1=32)
    place(game, HUMAN, worker0=25)
    scores = game.automa_worker_scores("worker0")
    assert 25 not in scores and 32 not in scores
    assert scores[26] == (2, "ok") and scores[33] == (2, "ok")
    assert game.automa_find_move("worker") == ("worker0", 26)


def test_worker_stays_put_counts_as_a_move(game):
    # Seed 003 p.4 note: "moving" a unit to the territory it stands on is allowed. The only
    # worker on 33, alone: 26, 32, 33 are its and the base's neighbourhood; the picked-up
    # worker no longer counts, so all score 0 and the Factory tie-break takes 32.
    place(game, AUTOMA, worker0=33)
    assert game.automa_worker_scores("worker0") == {26: (0, "ok"), 32: (0, "ok"), 33: (0, "ok")}
    assert game.automa_find_move("worker") == ("worker0", 32)


def test_worker_move_removes_resources_in_play(game):
    # Seed 003 p.11 (digest §15): the Automa moving onto a territory with only resources
    # removes them. Card 3 scheme I: move worker, +3 power; its star advances the cube.
    place(game, AUTOMA, worker0=4, mech0=26)
    game.set_automa(track_pos=4)
    game.set_resources(25, {"wood": 3})
    power = game.player(AUTOMA)["power"]
    automa_turn(game, 3)
    assert game.unit_cell(AUTOMA, "worker0") == 25
    assert game.resources(25) == {"oil": 0, "metal": 0, "wood": 0, "food": 0}
    assert game.player(AUTOMA)["power"] == power + 3
    assert game.automa_state()["track_pos"] == 5
    game.check_invariants()


# ---------------------------------------------------------------- move mech / hero

def test_mech_choice_closest_to_base(game):
    # Seed 003 p.7 step 1 (digest §10.3): the mech closest to the base (units on the base
    # first); mechs on the faction mat cannot be chosen.
    place(game, AUTOMA, mech0=33, mech1=4)
    assert game.automa_choose_unit("mech") == "mech1"
    place(game, AUTOMA, mech0=19, mech1=32)   # both 2 from the base: reading order
    assert game.automa_choose_unit("mech") == "mech0"
    place(game, AUTOMA, mech0=None, mech1=None)
    assert game.automa_choose_unit("mech") is None
    assert game.automa_find_move("mech") is None


def test_mech_goes_towards_the_nearest_human_combat_unit(game):
    # Seed 003 p.7 step 4: the valid territory closest to a human combat unit. With the
    # water open, the base mech may reach the base's 26, 33 and the worker's neighbourhood.
    game.set_automa(track_pos=4)
    place(game, AUTOMA, mech0=4, worker0=32)
    place(game, HUMAN, mech2=20)
    assert game.automa_move_distances("mech0") == {25: 2, 26: 1, 31: 3, 32: 2, 33: 2, 39: 3, 40: 3}
    assert game.automa_find_move("mech") == ("mech0", 26)


def test_human_units_on_bases_count_only_without_any_on_the_board(game):
    # Seed 003 p.7 step 4: combat units on bases count only if none is on the board. With
    # only the Crimean hero on its base (7), distances go to that base; 31 and 39 are 4 away
    # and 31 is closer to the Factory.
    game.set_automa(track_pos=4)
    place(game, AUTOMA, mech0=4, worker0=32)
    assert game.automa_move_distances("mech0") == {25: 5, 26: 6, 31: 4, 32: 5, 33: 6, 39: 4, 40: 5}
    assert game.automa_find_move("mech") == ("mech0", 31)


def test_mech_tie_in_reading_order(game):
    # Seed 003 p.7 ties (1) and (2): from the base, 26 and 33 are both 6 from the Crimean
    # base and 3 from the Factory: reading order takes 26.
    place(game, AUTOMA, mech0=4)
    assert game.automa_move_distances("mech0") == {26: 6, 33: 6}
    assert game.automa_find_move("mech") == ("mech0", 26)


def test_mech_not_onto_human_units_or_other_automa_combat_units(game):
    # Seed 003 p.7 step 2: no opponent unit and no other Automa combat unit there (an
    # Automa worker does not block).
    place(game, AUTOMA, mech0=4, mech1=26, worker0=33)
    assert game.automa_choose_unit("mech") == "mech0"
    assert sorted(game.automa_move_distances("mech0")) == [32, 33]
    place(game, HUMAN, worker0=32)
    assert sorted(game.automa_move_distances("mech0")) == [33]


def test_hero_move(game):
    # Seed 003 p.7: the hero symbol moves the hero by the same steps; on the faction mat it
    # cannot move, and the symbol is invalid.
    place(game, HUMAN, mech2=19)
    assert game.automa_find_move("character") == ("character", 26)
    game.set_unit(AUTOMA, "character", None)
    assert game.automa_find_move("character") is None


def test_example_4_mech_move_to_the_factory(rules):
    # Seed 003 p.7 Example 4 (digest §10.3): the only mech closest to the base moves; the
    # numbers on the valid territories are their distances to the human combat units
    # (printed 2, 1, 4, 2, 2, 3, 1, 1, 2, 3, 1); of the four at distance 1 the Factory is
    # closest to the Factory. Crimean Automa (water open) against Nordic hero 31, mech 15.
    g = solo_game(rules, human="nordic", automa="crimea")
    g.set_automa(track_pos=4)
    place(g, AUTOMA, character=17, mech0=11, mech1=12, mech2=18, worker0=17, worker1=24)
    place(g, HUMAN, character=31, mech3=15)
    assert g.automa_choose_unit("mech") == "mech2"
    dist = g.automa_move_distances("mech2")
    assert dist == {10: 2, 13: 3, 16: 1, 18: 2, 19: 2, 23: 2, 24: 1, 25: 1, 30: 1, 50: 3, 54: 4}
    assert sorted(dist.values()) == sorted([2, 1, 4, 2, 2, 3, 1, 1, 2, 3, 1])
    assert g.automa_find_move("mech") == ("mech2", 30)


# ---------------------------------------------------------------- encounter or Factory

def test_enc_fac_prefers_the_factory_while_it_has_no_card(game):
    # Seed 003 p.7 and the reference card (digest §10.4): a territory in an Automa unit's
    # neighbourhood with an encounter token or the Factory (only without a Factory card);
    # tie (1) closest to the Factory: the Factory itself.
    game.set_automa(track_pos=4)
    place(game, AUTOMA, character=31)
    game.set_encounter_token(32)
    assert game.automa_find_move("enc_fac") == ("character", 30)
    game.set_player(AUTOMA, factory_card=game.state()["factory_offer"][0])
    assert game.automa_find_move("enc_fac") == ("character", 32)


def test_enc_fac_tie_in_reading_order_and_blockers(game):
    # Seed 003 p.7 steps 2 and 4: tokens on 18 and 32 are both 2 from the Factory; reading
    # order takes 18. A territory with an Automa mech or a human unit is not a destination.
    game.set_automa(track_pos=4)
    place(game, AUTOMA, character=25)
    game.set_encounter_token(18)
    game.set_encounter_token(32)
    assert game.automa_find_move("enc_fac") == ("character", 18)
    place(game, AUTOMA, mech0=18)
    assert game.automa_find_move("enc_fac") == ("character", 32)
    place(game, HUMAN, worker0=32)
    assert game.automa_find_move("enc_fac") is None


def test_enc_fac_needs_the_hero_on_the_board(game):
    # Seed 003 p.7 step 1: the hero moves; on the faction mat the symbol is invalid.
    game.set_automa(track_pos=4)
    place(game, AUTOMA, worker0=31)
    game.set_encounter_token(32)
    assert game.automa_find_move("enc_fac") == ("character", 30)   # from the base, by the worker
    game.set_unit(AUTOMA, "character", None)
    assert game.automa_find_move("enc_fac") is None


def test_enc_fac_in_play_takes_token_and_factory_card(game):
    # Seed 003 p.7: the hero removes the token it stops on (no encounter card); on the
    # Factory without a card it takes a random Factory card from the board. Card 14 scheme
    # I: encounter/Factory, then hero; rewards: worker, combat card.
    game.set_automa(track_pos=4)
    place(game, AUTOMA, character=31, worker0=31)   # the worker keeps 32 in reach later
    offer = game.state()["factory_offer"]
    automa_turn(game, 14)
    assert game.unit_cell(AUTOMA, "character") == 30
    held = game.player(AUTOMA)["factory_card"]
    assert held in offer and held not in game.state()["factory_offer"]
    assert len(game.state()["factory_offer"]) == len(offer) - 1
    # next time the Factory is not a target (it has a card): the token on 32 is
    game.set_encounter_token(32)
    automa_turn(game, 14)
    assert game.unit_cell(AUTOMA, "character") == 32
    assert not game.state()["board"][32]["encounter_token"]
    assert game.player(AUTOMA)["factory_card"] == held
    game.check_invariants()


# ---------------------------------------------------------------- attacks

def test_attack_workers_most_resources(game):
    # Seed 003 p.8 (digest §10.5): a territory with a human worker and no human combat
    # unit, most resources first; then the Factory and reading order. The unit is the
    # combat unit closest to the base (on the base: the mech before the hero, I-9).
    game.set_automa(track_pos=4)
    place(game, AUTOMA, mech0=4, worker0=32)
    place(game, HUMAN, worker0=25, worker1=39, worker2=33)
    game.set_resources(39, {"metal": 2})
    game.set_resources(33, {"metal": 1})
    assert game.automa_choose_unit("combat") == "mech0"
    assert game.automa_find_move("attack_workers") == ("mech0", 39)
    game.set_resources(25, {"wood": 2})
    assert game.automa_find_move("attack_workers") == ("mech0", 25)   # 2 each: 25 closer to the Factory
    place(game, HUMAN, mech2=25)
    assert game.automa_find_move("attack_workers") == ("mech0", 39)   # a human mech guards 25


def test_attack_workers_in_play(game):
    # Seed 003 p.8: remove every resource there and send the human's workers to their base;
    # no combat, no star, no popularity change. Card 19 scheme I: attack workers, then
    # worker; reward: worker.
    game.set_automa(track_pos=4)
    place(game, AUTOMA, mech0=4, worker0=32)
    place(game, HUMAN, worker0=39, worker1=39)
    game.set_resources(39, {"metal": 2, "food": 1})
    before = game.player(HUMAN)
    automa_turn(game, 19)
    assert game.unit_cell(AUTOMA, "mech0") == 39
    assert game.unit_cell(HUMAN, "worker0") == 7 and game.unit_cell(HUMAN, "worker1") == 7
    assert sum(game.resources(39).values()) == 0
    after = game.player(HUMAN)
    assert after["popularity"] == before["popularity"] and after["stars"] == 0
    assert game.player(AUTOMA)["stars"] == 0
    assert game.unit_cell(AUTOMA, "worker1") == 4          # the worker reward, on the base
    game.check_invariants()


def test_attack_unit_needs_power_and_takes_fewest_defenders(game):
    # Seed 003 p.8 (digest §10.6): only with at least X power; the territory with the
    # fewest human combat units.
    game.set_automa(track_pos=4)
    place(game, AUTOMA, mech0=4, worker0=32)
    place(game, HUMAN, character=25, mech2=25, mech3=39)
    game.set_player(AUTOMA, power=4)
    assert game.automa_find_move("attack_unit", 5) is None
    game.set_player(AUTOMA, power=5)
    assert game.automa_find_move("attack_unit", 5) == ("mech0", 39)
    place(game, HUMAN, mech3=None)
    assert game.automa_find_move("attack_unit", 5) == ("mech0", 25)


# ---------------------------------------------------------------- the move row

def test_faction_bracketed_symbol(rules):
    # Seed 003 p.6: a bracketed symbol with a faction emblem exists only for that faction.
    # Card 1 scheme I: [Nordic] move worker, encounter/Factory, hero.
    for faction, expect in (("nordic", "worker0"), ("saxony", "character")):
        g = solo_game(rules, human="crimea", automa=faction)
        base = g.unit_cell(AUTOMA, "character")
        start = g.rules.data.factions[faction].start_cells
        place(g, AUTOMA, worker0=start[0])
        place(g, HUMAN, mech2=30)
        automa_turn(g, 1)
        moved = [e for e in g.events() if "(Automa) worker:" in e or "(Automa) character:" in e]
        assert len(moved) == 1 and expect in moved[0], moved
        assert (g.unit_cell(AUTOMA, "character") != base) == (expect == "character")


def test_first_valid_symbol_only(game):
    # Seed 003 p.4 (digest §10.1): from the leftmost symbol, the first valid move is done
    # and no other. Card 11 scheme I: mech (none on the board: invalid), encounter/Factory
    # (no token or Factory in reach: invalid), hero (valid).
    place(game, HUMAN, mech2=19)
    automa_turn(game, 11)
    assert game.unit_cell(AUTOMA, "character") == 26
    log = "\n".join(game.events())
    assert "(Automa) character: character from base 4 to village 26" in log
    assert "(Automa) mech:" not in log and "(Automa) enc_fac:" not in log


def test_no_valid_symbol_means_no_move(game):
    # Seed 003 p.4: with no valid symbol the Automa makes no move this turn (the rewards
    # still come). Card 10 scheme I: mech, worker (none on the board or base) -> no move.
    automa_turn(game, 10)
    log = "\n".join(game.events())
    assert "(Automa) makes no move" in log
    assert game.unit_cell(AUTOMA, "character") == 4
    assert game.player(AUTOMA)["power"] == 3 + 2      # reward: hero-or-mech, +2 power


@pytest.mark.parametrize("level, options", [("ultimaszyna", None), ("automa", {"all_moves": True})])
def test_every_move_with_ultimaszyna_and_the_all_moves_rule(rules, level, options):
    # Seed 003 p.12: Ultimaszyna (and the optional "all moves" rule) does every valid move
    # of the row, each fully. Card 11 scheme I: mech, encounter/Factory, hero.
    g = solo_game(rules, human="crimea", automa="rusviet", level=level, options=options)
    if level == "automa":
        g.set_automa(track_pos=4)
    place(g, AUTOMA, mech0=4, worker0=31)
    place(g, HUMAN, mech2=19)
    automa_turn(g, 11)
    log = "\n".join(g.events())
    assert "(Automa) mech: mech0 from base 4" in log
    assert "(Automa) enc_fac: character from base 4 to factory 30" in log
    assert "(Automa) character: character from factory 30" in log
    g.check_invariants()


def test_example_3_worker_move(rules):
    # Seed 003 p.6 Example 3 (digest §10.2): two workers tie as closest to the base and
    # reading order picks one; the valid territories score 1, 2, 2, 3, 4, 5, 5, 4, 4 and two
    # more, 2* and 1*, lie in a human combat unit's neighbourhood (the human has Riverwalk);
    # the worker goes to the "5" that wins the tie-breaks. The illustration is lost: this
    # position (a Saxon Automa, water open, against Rusviet) reproduces every number.
    g = solo_game(rules, human="rusviet", automa="saxony")
    g.set_automa(track_pos=4)
    place(g, AUTOMA, character=42, mech0=28, mech1=35, mech2=41, mech3=27,
          worker0=28, worker1=34, worker2=35)
    place(g, HUMAN, character=15)
    g.set_mech_deployed(HUMAN, "riverwalk", cell=50)           # farms and villages
    assert g.automa_choose_unit("worker") == "worker1"         # 34 and 35: both 2 from base 5
    scores = g.automa_worker_scores("worker1")
    assert scores == {21: (3, "ok"), 22: (2, "excluded"), 27: (5, "ok"), 29: (2, "ok"), 34: (4, "ok"),
                      36: (5, "ok"), 41: (4, "ok"), 42: (4, "ok"), 43: (1, "excluded"), 48: (2, "ok"),
                      49: (1, "ok")}
    ok = sorted(n for n, s in scores.values() if s == "ok")
    assert ok == sorted([1, 2, 2, 3, 4, 5, 5, 4, 4])
    assert sorted(n for n, s in scores.values() if s == "excluded") == [1, 2]
    assert g.automa_find_move("worker") == ("worker1", 36)      # of the 5s, 36 is nearer the Factory
    # Riverwalk matters: without it the village 43 across the river is not reachable
    g.set_mech_deployed(HUMAN, "riverwalk", deployed=False)
    place(g, HUMAN, mech3=50)
    assert g.automa_worker_scores("worker1")[43] == (1, "ok")
