"""Territory control and the board queries of ext/scythe/queries.pxi.

Rulebook 000 "КОНТРОЛЬ" (digest scythe-base.md §4.2), "РЕСУРСИ" (§4.3) and the
scoring definitions of §20. Cell ids are those of shared/reference/scythe/board.md.
"""
import pytest


from .position import FACTIONS, PLAIN_STARS, RULES, Position  # noqa: F401

CHARACTER, MECH0, WORKER0 = 0, 1, 5
NORDIC_BASE, RUSVIET_BASE = 2, 4
FACTORY = 30


def test_own_unit_controls_territory():
    # Rulebook 000 §4.2 (digest scythe-base.md §4.2): one unit of any kind controls.
    p = Position(2)
    p.unit(0, WORKER0, 8)
    p.unit(1, MECH0, 9)
    p.unit(1, CHARACTER, 10)
    assert p.controller(8) == 0
    assert p.controller(9) == 1
    assert p.controller(10) == 1
    assert p.controller(11) == -1


def test_structure_alone_controls_until_an_enemy_unit_arrives():
    # Rulebook 000 §4.2 and "КОНТРОЛЬ ТЕРИТОРІЙ" under Structures (digest §4.2, §10):
    # a structure controls its territory while no enemy unit is there; an enemy
    # unit on it takes control.
    p = Position(2)
    p.structure(0, "mill", 9)
    assert p.controller(9) == 0
    p.unit(1, WORKER0, 9)
    assert p.controller(9) == 1
    # With the owner's unit there too the owner controls (no combat pending:
    # seat 0 is not the mover).
    p2 = Position(2)
    p2.structure(0, "mill", 9)
    p2.unit(0, WORKER0, 9)
    assert p2.controller(9) == 0


def test_home_base_is_never_controlled():
    # Rulebook 000 "БАЗА — НЕ ТЕРИТОРІЯ" (digest §4.1, §4.2): units on a base control nothing.
    p = Position(2)
    p.unit(0, CHARACTER, NORDIC_BASE)
    p.unit(0, WORKER0, NORDIC_BASE)
    assert p.controller(NORDIC_BASE) == -1
    assert p.territories(0) == 0


def test_pending_combat_cell_stays_with_the_defender():
    # Rulebook 000 "ТЕРИТОРІЯ, КОНТРОЛЬОВАНА ГЕРОЄМ І/АБО МЕХОМ" (digest §8.3):
    # after moving onto an enemy character/mech the opponent still controls the
    # territory until the combat. The mover is the active seat.
    p = Position(2)
    p.unit(1, MECH0, 23)
    p.unit(1, WORKER0, 23)
    p.unit(0, CHARACTER, 23)
    p.res(23, wood=3)
    p.active(0)
    assert p.controller(23) == 1
    assert p.resources(1) == (3, [0, 0, 3, 0])
    assert p.resources(0) == (0, [0, 0, 0, 0])
    p.active(1)    # the other way round: seat 1 moved onto seat 0's character
    assert p.controller(23) == 0


def test_factory_counts_three_and_lakes_count():
    # Rulebook 000 final scoring "ФАБРИКА" and "включно з озерами" (digest §20):
    # the Factory counts as 3 territories, a lake counts as 1, a base as 0.
    p = Position(2)
    p.unit(0, CHARACTER, FACTORY)
    assert p.territories(0) == 3
    p.unit(0, MECH0, 24)           # a lake (Nordic Seaworthy mech)
    assert p.territories(0) == 4
    p.unit(0, WORKER0, NORDIC_BASE)
    assert p.territories(0) == 4
    p.unit(0, WORKER0 + 1, 8)
    assert p.territories(0) == 5
    assert p.territories(1) == 0


def test_controlled_resources_by_type_only_on_controlled_territories():
    # Rulebook 000 "РЕСУРСИ" (digest §4.3): resources count for the player who
    # controls their territory; on an empty territory they are nobody's.
    p = Position(2)
    p.unit(0, WORKER0, 8)
    p.res(8, metal=2, oil=1)
    p.structure(0, "armory", 9)
    p.res(9, food=4)
    p.res(10, wood=5)              # nobody there
    p.structure(0, "mine", 12)
    p.unit(1, WORKER0, 12)         # enemy worker on seat 0's Mine: seat 1 controls
    p.res(12, wood=2)
    assert p.resources(0) == (7, [1, 2, 0, 4])
    assert p.resources(1) == (2, [0, 0, 2, 0])


def test_unit_counts_by_kind():
    # Unit kinds of digest §4.4: character and mechs are "plastic", workers are not.
    p = Position(2)
    p.unit(0, CHARACTER, 23)
    p.unit(0, MECH0, 23)
    p.unit(0, MECH0 + 1, 23)
    p.unit(0, WORKER0, 23)
    p.unit(0, WORKER0 + 1, 22)
    p.unit(1, WORKER0, 23)
    assert p.count("units_of_on", 0, 23) == 4
    assert p.count("plastic_of_on", 0, 23) == 3
    assert p.count("workers_of_on", 0, 23) == 1
    assert p.count("workers_of_on", 0, 22) == 1
    assert p.count("units_of_on", 1, 23) == 1
    assert p.count("plastic_of_on", 1, 23) == 0


def test_workers_on_board_include_the_home_base():
    # Rulebook 000 triumph track "all 8 workers on the board" (digest §18):
    # a worker on its base has left the mat.
    p = Position(2)
    assert p.count("workers_on_board", 0) == 0
    p.unit(0, WORKER0, 8)
    p.unit(0, WORKER0 + 1, NORDIC_BASE)
    assert p.count("workers_on_board", 0) == 2
