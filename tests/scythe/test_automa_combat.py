"""Combat with the Automa and the resources of conquered territories.

Seed 003 p.10 "Бій" and p.11 "Отримання ресурсів" (digest rules/scythe-automa.md §14, §15);
base combat rules from seed 000 §13. The Automa's side is drawn after the human commits.
"""
from __future__ import annotations

import pytest

from tests.scythe.automa_helpers import AUTOMA, HUMAN, automa_turn, place, solo_game
from tests.scythe.conftest import end_move, move_unit, start_move

MECH3 = 4           # unit index of mech3 (Crimea: Speed, no combat ability)


def log(g):
    return "\n".join(g.events())


def commit(g, dial, cards=0):
    """The human's dial and cards (the cards decision is auto-applied with an empty hand)."""
    assert g.decision_name == "dial" and g.current_player == HUMAN, g.decision_name
    g.apply(dial)
    if g.decision_name == "cards" and g.current_player == HUMAN:
        g.apply(cards)


def attack_setup(rules, level="automa", faction="rusviet", power=12, hand=None):
    """A Rusviet Automa (scheme II) whose mech on the base can attack a Crimean mech on 26."""
    g = solo_game(rules, human="crimea", automa=faction, level=level)
    g.set_player(AUTOMA, power=power, hand=hand or {})
    g.set_automa(track_pos=9, scheme=2)
    base = g.unit_cell(AUTOMA, "character")
    place(g, AUTOMA, mech0=base)
    start = g.rules.data.factions[faction].start_cells[0]
    place(g, HUMAN, mech3=start)
    return g, start


def test_example_5_combat_table(rules):
    # Seed 003 p.10 Example 5: with 12 power the Automa is in the range 8-13; a card showing
    # 5 there and 2 combat cards makes it spend 5 power and 2 random cards of its own. The
    # card is drawn after the human's choice and goes to the combat discard. Card 14 scheme
    # II attacks (needs 7 power); card 12 is the combat card (4 / 5 / 7, 2 cards).
    g, cell = attack_setup(rules, power=12, hand={2: 1, 3: 1, 4: 1})
    automa_turn(g, 14, scheme=2, )
    g.set_automa(deck=[12] + [c for c in g.automa_state()["deck"] if c != 12])
    assert g.automa_state()["combat_cell"] == cell
    commit(g, 0)
    assert g.automa_state()["combat_discard"] == [12]
    assert "combat card 12: spends 5 power and adds 2 cards" in log(g)
    a = g.player(AUTOMA)
    assert a["power"] == 12 - 5 + 3      # 5 spent, then card 14's reward: +3 power
    assert sum(a["hand"].values()) == 1
    g.check_invariants()


def test_example_5_with_one_power(rules):
    # Seed 003 p.10 Example 5: "if the Automa had only 1 power it would use 1 power and 2
    # combat cards". Card 15 scheme II attacks with at least 1 power; card 12 fights.
    g, cell = attack_setup(rules, power=1, hand={3: 2})
    g.set_automa(deck=[15, 12] + [c for c in range(1, 20) if c not in (15, 12)], main_discard=[],
                 combat_discard=[])
    g.begin_turn(AUTOMA)
    commit(g, 0)
    assert "combat card 12: spends 1 power and adds 2 cards worth 6" in log(g)
    assert g.player(AUTOMA)["power"] == 0
    assert g.player(AUTOMA)["hand"] == {2: 0, 3: 0, 4: 0, 5: 0}


def test_automa_attack_won_removes_resources_and_hero_takes_token(rules):
    # Seed 003 p.11: the Automa attacked and won: remove every resource there; p.7: its hero
    # on an encounter token removes it. The hero attacks the Crimean mech on tundra 32.
    g = solo_game(rules, human="crimea", automa="rusviet")
    g.set_player(AUTOMA, power=12)
    g.set_automa(track_pos=9, scheme=2)
    place(g, AUTOMA, worker0=33)
    place(g, HUMAN, mech3=32)
    g.set_resources(32, {"oil": 2})
    g.set_encounter_token(32)
    g.set_automa(deck=[14, 6] + [c for c in range(1, 20) if c not in (14, 6)], main_discard=[],
                 combat_discard=[])
    g.begin_turn(AUTOMA)
    commit(g, 0)                      # card 6: 7 power against 0
    assert g.unit_cell(AUTOMA, "character") == 32
    assert g.unit_cell(HUMAN, "mech3") == 7
    assert sum(g.resources(32).values()) == 0
    assert not g.state()["board"][32]["encounter_token"]
    assert g.player(AUTOMA)["combat_stars"] == 1
    g.check_invariants()


@pytest.mark.parametrize("level, back", [("automa", None), ("ultimaszyna", 4)])
def test_automa_loses_and_retreats_to_its_faction_mat(rules, level, back):
    # Seed 003 p.10 step 6 (digest §14): a beaten Automa sends its combat units to its
    # faction mat, not its base; Ultimaszyna's go to the base (p.12). Card 17 scheme II
    # attacks (8 power; its other symbol, move worker, finds no worker); card 10 fights with
    # 0 power and its 1 card (the Automa holds none): the human's 3 wins as defender.
    g, cell = attack_setup(rules, level=level, power=12)
    g.set_player(HUMAN, power=3)
    g.set_automa(deck=[17, 10] + [c for c in range(1, 20) if c not in (17, 10)], main_discard=[],
                 combat_discard=[])
    g.begin_turn(AUTOMA)
    commit(g, 3)
    assert g.unit_cell(AUTOMA, "mech0") == back
    assert g.player(AUTOMA)["units"]["mech0"] == back
    assert g.unit_cell(HUMAN, "mech3") == cell
    assert g.player(HUMAN)["combat_stars"] == 1
    assert g.player(AUTOMA)["combat_stars"] == 0
    g.check_invariants()


def test_combat_stars_capped_at_two_even_for_saxony(rules):
    # Seed 003 p.9 note: even as Saxony the Automa places at most 2 stars for combat wins.
    g, cell = attack_setup(rules, faction="saxony", power=12)
    g.set_player(AUTOMA, combat_stars=2)
    g.set_automa(track_pos=9)
    stars = g.player(AUTOMA)["stars"]
    g.set_automa(deck=[14, 6] + [c for c in range(1, 20) if c not in (14, 6)], main_discard=[],
                 combat_discard=[])
    g.begin_turn(AUTOMA)
    commit(g, 0)
    assert g.unit_cell(HUMAN, "mech3") == 7                       # the Automa won
    assert g.player(AUTOMA)["combat_stars"] == 2 and g.player(AUTOMA)["stars"] == stars
    g.check_invariants()


def test_human_attacks_and_takes_the_territory(rules):
    # Seed 003 p.10-11 (digest §14, §15): the human attacks and wins: the Automa's mech goes
    # to its mat and its worker to its base; the human loses 1 popularity for that worker
    # (base rule) and places the resource box of the top main-discard card (card 5: 4) in
    # the territory's resource (tundra: oil).
    g = solo_game(rules, human="crimea", automa="rusviet")
    place(g, AUTOMA, mech0=32, worker0=32)
    place(g, HUMAN, mech3=26, worker0=26)       # a worker keeps the human's hold on 26
    g.set_player(HUMAN, power=5, popularity=6)
    g.set_automa(deck=[10] + [c for c in range(1, 20) if c not in (10, 5)], main_discard=[5],
                 last_main_card=5)
    start_move(g, HUMAN)
    move_unit(g, MECH3, 32)
    end_move(g)
    commit(g, 4)                                 # the Automa: card 10, 0 power, no cards
    assert g.unit_cell(HUMAN, "mech3") == 32
    assert g.unit_cell(AUTOMA, "mech0") is None and g.unit_cell(AUTOMA, "worker0") == 4
    p = g.player(HUMAN)
    assert p["popularity"] == 5 and p["combat_stars"] == 1
    assert g.resources(32)["oil"] == 4
    assert g.automa_state()["combat_discard"] == [10]
    g.check_invariants()


@pytest.mark.parametrize("cell, terrain_res", [(33, "metal"), (26, None)])
def test_human_drives_off_lone_automa_workers(rules, cell, terrain_res):
    # Seed 003 p.10: a human combat unit entering a territory with only Automa workers sends
    # them to the Automa's base, loses popularity as usual, then places the resource box
    # (p.11; none on a village). Card 16's box: 4.
    g = solo_game(rules, human="crimea", automa="rusviet")
    place(g, AUTOMA, worker0=cell)
    place(g, HUMAN, mech3=32)
    g.set_player(HUMAN, popularity=6)
    g.set_automa(last_main_card=16)
    start_move(g, HUMAN)
    move_unit(g, MECH3, cell)
    end_move(g)
    assert g.unit_cell(AUTOMA, "worker0") == 4
    assert g.player(HUMAN)["popularity"] == 5
    expect = {"oil": 0, "metal": 0, "wood": 0, "food": 0}
    if terrain_res:
        expect[terrain_res] = 4
    assert g.resources(cell) == expect


def test_no_resources_before_the_automa_has_played_a_card(rules):
    # Digest §15, I-11: before the Automa's first turn there is no top main-discard card.
    g = solo_game(rules, human="crimea", automa="rusviet")
    place(g, AUTOMA, worker0=33)
    place(g, HUMAN, mech3=32)
    start_move(g, HUMAN)
    move_unit(g, MECH3, 33)
    end_move(g)
    assert g.unit_cell(AUTOMA, "worker0") == 4
    assert sum(g.resources(33).values()) == 0


def test_one_card_serves_every_conquest_of_a_turn(rules):
    # Seed 003 p.11: with several combats in one turn the same card's resource box applies
    # to every taken territory (the main discard does not change during the human's turn).
    g = solo_game(rules, human="crimea", automa="rusviet")
    place(g, AUTOMA, worker0=33, worker1=32)
    place(g, HUMAN, mech3=26, character=26)
    g.set_automa(last_main_card=9)               # box 3
    start_move(g, HUMAN)
    move_unit(g, MECH3, 33)
    move_unit(g, 0, 32)                          # the character
    end_move(g)
    assert g.resources(33)["metal"] == 3 and g.resources(32)["oil"] == 3


def test_combat_draw_from_an_empty_deck_reshuffles_all_nineteen(rules):
    # Seed 003 p.3 (digest §6, I-2): a combat card drawn from an empty deck reshuffles all 19
    # cards, the one in play included; its rows stay in effect (card 14 scheme II: +3 power).
    g, cell = attack_setup(rules, power=12)
    g.set_automa(deck=[14], main_discard=[c for c in range(1, 20) if c != 14])
    g.begin_turn(AUTOMA)
    commit(g, 0)
    st = g.automa_state()
    assert len(st["deck"]) == 18 and len(st["combat_discard"]) == 1 and st["main_discard"] == []
    assert st["last_main_card"] == 14
    assert "Automa deck reshuffled" in log(g)
    power_spent = [line for line in g.events() if "(Automa) combat card" in line]
    assert len(power_spent) == 1
    g.check_invariants()
