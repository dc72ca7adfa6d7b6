"""Objective card conditions 1-27 (ext/scythe/objectives.pxi).

Rulebook 000 "ЦІЛІ" (digest scythe-base.md §16) gives the reveal rule; the
conditions are the cards of shared/reference/scythe/cards.md ("Objective
cards", confidence medium). Every card has a position that meets it and one
that narrowly misses it. Seat 0 is Nordic (base 2, next to 11 and 12), seat 1
Rusviet. Cell ids and terrains are those of board.md.
"""
import pytest


from .position import FACTIONS, PLAIN_STARS, RULES, Position  # noqa: F401

CHARACTER, MECH0, WORKER0 = 0, 1, 5
NORDIC_BASE = 2
FACTORY = 30


def workers(p, seat, cells, first=0):
    for i, c in enumerate(cells):
        p.unit(seat, WORKER0 + first + i, c)


def mechs(p, seat, cells):
    for i, c in enumerate(cells):
        p.unit(seat, MECH0 + i, c)


def met(p, oid, seat=0):
    return p.objective(seat, oid)


# --- control N territories of one kind (cards 1, 2, 3, 4, 10, 11)

@pytest.mark.parametrize("oid, cells, fourth", [
    (1, [8, 18, 22], 31),     # Higher Ground Advantage: mountains
    (3, [9, 19, 27], 36),     # Harvest Advantage: farms
    (4, [12, 15, 17], 32),    # Northern Advantage: tundras
    (10, [11, 21, 23], 25),   # Woodland Advantage: forests
    (11, [10, 13, 26], 28),   # Population Advantage: villages
    (2, [17, 22, 25], 36),    # Underworld Advantage: printed tunnels
])
def test_control_three_of_a_kind(oid, cells, fourth):
    # cards.md objectives 1, 2, 3, 4, 10, 11: control at least 3 such territories.
    p = Position(2)
    workers(p, 0, cells)
    assert met(p, oid)
    # Narrow miss: the third territory holds seat 0's structure but an enemy
    # worker, so the enemy controls it (Rulebook 000 §4.2).
    q = Position(2)
    workers(q, 0, cells[:2])
    q.structure(0, "armory", cells[2])
    q.unit(1, WORKER0, cells[2])
    assert not met(q, oid)
    # The objective needs 3 of that kind, not 3 of anything.
    r = Position(2)
    workers(r, 0, cells[:2] + [54 if oid != 11 else 53])
    assert not met(r, oid)


def test_underworld_advantage_mine_is_not_a_tunnel():
    # cards.md objective 2 note: whether an own Mine counts is not stated; we
    # count printed tunnels only (the rulebook's tunnel-counting tiles say
    # Mines are not tunnels). Two tunnels plus a Mine territory is a miss.
    p = Position(2)
    workers(p, 0, [17, 22, 31])
    p.structure(0, "mine", 31)
    assert not met(p, 2)


def test_5_king_of_the_hill():
    # cards.md objective 5: control the Factory, highest power, ties allowed.
    p = Position(3)
    p.unit(0, CHARACTER, FACTORY)
    p.player(0, power=10)
    p.player(1, power=10)
    p.player(2, power=3)
    assert met(p, 5)
    p.player(2, power=11)
    assert not met(p, 5)
    q = Position(2)
    q.structure(0, "mill", FACTORY)
    q.unit(1, WORKER0, FACTORY)     # the enemy controls the Factory now
    q.player(0, power=16)
    assert not met(q, 5)


def test_6_send_one_back_as_a_warning():
    # cards.md objective 6: forced an opponent worker to retreat, power >= 7.
    p = Position(2)
    p.player(0, forced_retreat=True, power=7)
    assert met(p, 6)
    p.player(0, power=6)
    assert not met(p, 6)
    q = Position(2)
    q.player(0, forced_retreat=False, power=16)
    assert not met(q, 6)


def test_7_machine_over_muscle():
    # cards.md objective 7: a Factory card, >= 1 mech on the board, <= 3 workers.
    p = Position(2)
    p.player(0, factory_card=True)
    mechs(p, 0, [23])
    workers(p, 0, [8, 9, NORDIC_BASE])
    assert met(p, 7)
    p.unit(0, WORKER0 + 3, 10)
    assert not met(p, 7)
    q = Position(2)
    q.player(0, factory_card=False)
    mechs(q, 0, [23])
    workers(q, 0, [8])
    assert not met(q, 7)


def test_8_roll_up_your_sleeves():
    # cards.md objective 8: <= $2, >= 4 workers on the board, >= 7 popularity.
    p = Position(2)
    p.player(0, coins=2, popularity=7)
    workers(p, 0, [8, 9, 10, NORDIC_BASE])
    assert met(p, 8)
    p.player(0, coins=3)
    assert not met(p, 8)
    p.player(0, coins=2, popularity=6)
    assert not met(p, 8)


def test_9_stockpile_for_the_winter():
    # cards.md objective 9: one controlled territory with >= 9 tokens, >= 1 of each type.
    p = Position(2)
    workers(p, 0, [8])
    p.res(8, oil=3, metal=2, wood=2, food=2)
    assert met(p, 9)
    q = Position(2)
    workers(q, 0, [8])
    q.res(8, oil=3, metal=2, wood=2, food=1)      # 8 tokens
    assert not met(q, 9)
    r = Position(2)
    workers(r, 0, [8])
    r.res(8, oil=4, metal=3, wood=2)              # 9 tokens, no food
    assert not met(r, 9)
    s = Position(2)
    workers(s, 0, [8, 9])
    s.res(8, oil=3, metal=2, wood=2)
    s.res(9, food=2)                              # spread over two territories
    assert not met(s, 9)


def test_12_get_rich_or_cry_trying():
    # cards.md objective 12: >= $20.
    p = Position(2)
    p.player(0, coins=20)
    assert met(p, 12)
    p.player(0, coins=19)
    assert not met(p, 12)


def test_13_foundations_of_the_empire():
    # cards.md objective 13: >= 6 own pieces (character, workers, mechs, structure) on one territory.
    p = Position(2)
    p.unit(0, CHARACTER, 23)
    mechs(p, 0, [23, 23])
    workers(p, 0, [23, 23])
    p.structure(0, "monument", 23)
    assert met(p, 13)
    q = Position(2)
    q.unit(0, CHARACTER, 23)
    mechs(q, 0, [23, 23])
    workers(q, 0, [23, 23])
    q.structure(0, "monument", 22)                # on the next territory
    assert not met(q, 13)


def test_14_hedge_your_bets():
    # cards.md objective 14: >= 1 upgrade, mech, structure, recruit, and control
    # >= 1 token of each of the 4 types.
    def build(food_cell):
        p = Position(2)
        p.player(0, upgrades=1, recruits=1)
        mechs(p, 0, [23])
        p.structure(0, "mill", 9)
        workers(p, 0, [8])
        p.res(8, oil=1, metal=1, wood=1)
        p.res(food_cell, food=1)
        return p
    assert met(build(9), 14)                      # food under own structure
    assert not met(build(10), 14)                 # food on an empty territory
    p = build(9)
    p.player(0, upgrades=0)
    assert not met(p, 14)


def test_15_balanced_workforce():
    # cards.md objective 15: workers on the board == recruits enlisted.
    p = Position(2)
    workers(p, 0, [8, 9, NORDIC_BASE])
    p.player(0, recruits=3)
    assert met(p, 15)
    p.player(0, recruits=2)
    assert not met(p, 15)
    p.player(0, recruits=4)
    assert not met(p, 15)


def test_16_a_wolf_among_the_sheep():
    # cards.md objective 16: a controlled territory with the character, exactly
    # 1 mech, exactly 1 worker and >= 5 resource tokens.
    def build(n_workers=1, n_mechs=1, tokens=5):
        p = Position(2)
        p.unit(0, CHARACTER, 23)
        mechs(p, 0, [23] * n_mechs)
        workers(p, 0, [23] * n_workers)
        p.res(23, wood=tokens)
        return p
    assert met(build(), 16)
    assert not met(build(tokens=4), 16)
    assert not met(build(n_workers=2), 16)
    assert not met(build(n_mechs=2), 16)
    assert not met(build(n_workers=0), 16)


def test_17_divide_and_conquer():
    # cards.md objective 17: no Factory card, control >= 2 territories adjacent
    # to the Factory (23, 24, 29, 31, 37, 38; lakes are territories).
    p = Position(2)
    workers(p, 0, [23])
    mechs(p, 0, [24])                             # a lake (Nordic Seaworthy)
    assert met(p, 17)
    p.player(0, factory_card=True)
    assert not met(p, 17)
    q = Position(2)
    workers(q, 0, [23, 22])                       # 22 is two steps away
    q.unit(0, CHARACTER, FACTORY)                 # the Factory itself is not adjacent to itself
    assert not met(q, 17)


def test_18_become_a_beloved_pacifist():
    # cards.md objective 18: 0 power, >= 13 popularity, >= 5 workers.
    p = Position(2)
    p.player(0, power=0, popularity=13)
    workers(p, 0, [8, 9, 10, 11, 12])
    assert met(p, 18)
    p.player(0, power=1)
    assert not met(p, 18)
    p.player(0, power=0, popularity=12)
    assert not met(p, 18)


def test_19_shore_up_the_shore():
    # cards.md objective 19: control >= 5 of the territories around one lake.
    # Lake 16 touches 9, 10, 15, 17, 22, 23.
    p = Position(2)
    workers(p, 0, [9, 10, 15, 17, 22])
    assert met(p, 19)
    q = Position(2)
    workers(q, 0, [9, 10, 15, 17, 31])            # 4 around lake 16 and one around lake 24
    assert not met(q, 19)


def test_19_bases_around_a_lake_do_not_count():
    # Rulebook 000 "БАЗА — НЕ ТЕРИТОРІЯ": lake 49 touches 42, 43, 48, 50 and the
    # Crimea base 7; a unit on the base does not make a fifth territory.
    p = Position(2, factions=["crimea", "rusviet"])
    workers(p, 0, [42, 43, 48, 50, 7])
    assert not met(p, 19)


def test_20_create_a_permanent_foothold():
    # cards.md objective 20: >= 3 structures, >= 7 popularity, no mech on the board.
    p = Position(2)
    p.player(0, popularity=7)
    for s, c in zip(["mine", "mill", "armory"], [8, 9, 10]):
        p.structure(0, s, c)
    assert met(p, 20)
    mechs(p, 0, [NORDIC_BASE])
    assert not met(p, 20)


def test_21_monopolize_the_market():
    # cards.md objective 21: control >= 9 tokens of one type (any territories).
    p = Position(2)
    workers(p, 0, [8, 9])
    p.res(8, metal=5, oil=3)
    p.res(9, metal=4, oil=2)
    assert met(p, 21)
    q = Position(2)
    workers(q, 0, [8])
    q.res(8, metal=8, oil=5)
    q.res(10, metal=3)                            # not controlled
    assert not met(q, 21)


def test_22_technological_breakthrough():
    # cards.md objective 22: a Factory card and no upgrade.
    p = Position(2)
    p.player(0, factory_card=True, upgrades=0)
    assert met(p, 22)
    p.player(0, upgrades=1)
    assert not met(p, 22)


def test_23_achieve_tactical_mastery():
    # cards.md objective 23: >= 8 combat cards in hand and >= 1 combat star.
    p = Position(2)
    p.player(0, hand=[2, 2, 2, 2], combat_stars=1)
    assert met(p, 23)
    p.player(0, hand=[2, 2, 2, 1])
    assert not met(p, 23)
    p.player(0, hand=[5, 5, 0, 0], combat_stars=0)
    assert not met(p, 23)


def test_24_establish_a_human_shield():
    # cards.md objective 24: >= 5 workers on one territory adjacent to the Factory.
    p = Position(2)
    workers(p, 0, [23] * 5)
    assert met(p, 24)
    q = Position(2)
    workers(q, 0, [23] * 4 + [31])
    assert not met(q, 24)
    r = Position(2)
    workers(r, 0, [22] * 5)                       # not adjacent to the Factory
    assert not met(r, 24)


def test_25_become_a_despised_warmonger():
    # cards.md objective 25: <= 3 popularity, >= 13 power, >= 2 mechs on the board.
    p = Position(2)
    p.player(0, popularity=3, power=13)
    mechs(p, 0, [23, 31])
    assert met(p, 25)
    p.player(0, popularity=4)
    assert not met(p, 25)
    q = Position(2)
    q.player(0, popularity=0, power=16)
    mechs(q, 0, [23])
    assert not met(q, 25)


def test_26_diversify_production():
    # cards.md objective 26: a worker on each of mountain, forest, tundra, farm
    # and village, each on a territory the seat controls.
    p = Position(2)
    workers(p, 0, [8, 11, 12, 9, 10])
    assert met(p, 26)
    q = Position(2)
    workers(q, 0, [8, 11, 12, 9, 24])             # lake instead of a village
    assert not met(q, 26)


def test_27_build_a_local_infrastructure():
    # cards.md objective 27: >= 3 structures, none adjacent to the home base.
    # The Nordic base 2 touches 11 and 12.
    p = Position(2)
    for s, c in zip(["mine", "mill", "armory"], [23, 31, 37]):
        p.structure(0, s, c)
    assert met(p, 27)
    p.structure(0, "monument", 12)
    assert not met(p, 27)
    q = Position(2)
    for s, c in zip(["mine", "mill"], [23, 31]):
        q.structure(0, s, c)
    assert not met(q, 27)


def test_unknown_objective_id_is_never_met():
    p = Position(2)
    p.player(0, coins=50)
    assert not met(p, 0)
    assert not met(p, 28)
