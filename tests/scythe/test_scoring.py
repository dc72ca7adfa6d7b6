"""Final scoring, structure bonus tiles and tie-breakers (ext/scythe/scoring.pxi).

Rulebook 000 "КІНЕЦЬ ГРИ ТА ПІДРАХУНОК КАПІТАЛІВ", "Бонус споруд" and
"ОГОЛОШЕННЯ ПЕРЕМОЖЦЯ" (digest scythe-base.md §20, §20.1, §20.2); tile
conditions and payouts as in shared/reference/scythe/cards.md. Cell ids and
terrains are those of board.md. Components are, in order: coins on hand,
star coins, territory coins, resource-pair coins, structure-bonus coins.
"""
import pytest


from simsuite._scythe import Game

from .position import FACTIONS, PLAIN_STARS, RULES, Position  # noqa: F401

def payout(tile, count):
    """Coins the data's payout table gives for `count` on `tile`."""
    table = next(t.payout for t in RULES.data.structure_tiles if t.kind == tile)
    return table[min(count, len(table) - 1)]

CHARACTER, MECH0, WORKER0 = 0, 1, 5
NORDIC_BASE, RUSVIET_BASE = 2, 4
FACTORY = 30
COINS, STARS, TERRITORIES, RESOURCES, BONUS = range(5)


def workers(p, seat, cells, first=0):
    for i, c in enumerate(cells):
        p.unit(seat, WORKER0 + first + i, c)


def structures(p, seat, cells):
    for kind, c in zip(["mine", "armory", "monument", "mill"], cells):
        p.structure(seat, kind, c)


# ---------------------------------------------------------------- the tiers

def test_seed_example_ten_popularity_pays_4_3_2():
    # Rulebook 000 final scoring example (digest §20): 10 popularity -> $4 per
    # star, $3 per territory, $2 per 2 resources; 13 resources -> 6 pairs -> $12.
    p = Position(2, tile="on_farms_tundras")
    p.player(0, popularity=10, stars=2, coins=7)
    workers(p, 0, [8, 10, 11])                    # mountain, village, forest: no bonus
    p.res(8, metal=7)
    p.res(10, food=6)
    score, comp, rank, shared = p.scores()
    assert comp[0] == [7, 8, 9, 12, 0]
    assert score[0] == 36


@pytest.mark.parametrize("popularity, rates", [
    (0, (3, 2, 1)), (6, (3, 2, 1)),
    (7, (4, 3, 2)), (12, (4, 3, 2)),
    (13, (5, 4, 3)), (17, (5, 4, 3)),
    (18, (5, 4, 3)),                              # seed: 18 scores like 13-17
])
def test_popularity_tiers(popularity, rates):
    # Rulebook 000 scoring table (digest §20; 7-12 row and "18 like 13-17" in
    # the seed, the other rows from the printed track, cards.md).
    p = Position(2, tile="on_farms_tundras")
    p.player(0, popularity=popularity, stars=1)
    workers(p, 0, [8])
    p.res(8, oil=3)                               # 1 pair, the odd token is lost
    score, comp, _, _ = p.scores()
    assert comp[0][STARS:BONUS] == list(rates)
    assert score[0] == sum(rates)


def test_territories_factory_three_lake_one_base_none():
    # Rulebook 000 "КОЖНА КОНТРОЛЬОВАНА ТЕРИТОРІЯ" and "ФАБРИКА" (digest §20).
    p = Position(2, tile="on_farms_tundras")
    p.player(0, popularity=0)
    p.unit(0, CHARACTER, FACTORY)
    p.unit(0, MECH0, 24)                          # lake
    workers(p, 0, [NORDIC_BASE, NORDIC_BASE])
    _, comp, _, _ = p.scores()
    assert comp[0][TERRITORIES] == (3 + 1) * 2


def test_resources_only_on_controlled_territories():
    # Rulebook 000 "КОЖНІ 2 КОНТРОЛЬОВАНІ РЕСУРСИ" (digest §20): tokens on
    # territories the seat controls; an enemy unit on the seat's structure
    # takes its tokens.
    p = Position(2, tile="on_farms_tundras")
    p.player(0, popularity=0)
    p.player(1, popularity=0)
    workers(p, 0, [8])
    p.res(8, oil=2)
    p.structure(0, "mill", 10)
    p.res(10, wood=2)
    p.structure(0, "armory", 13)
    workers(p, 1, [13])
    p.res(13, food=4)
    p.res(11, metal=9)                            # nobody's
    _, comp, _, _ = p.scores()
    assert comp[0][RESOURCES] == 2
    assert comp[1][RESOURCES] == 2


def test_structure_bonus_paid_even_when_an_opponent_controls_the_territory():
    # Rulebook 000 "БОНУСИ СПОРУДИ" (digest §20.2).
    p = Position(2, tile="on_farms_tundras")
    structures(p, 0, [9, 12])                     # farm, tundra
    workers(p, 1, [9, 12])
    assert p.bonus_count(0) == 2
    _, comp, _, _ = p.scores()
    assert comp[0][BONUS] == payout("on_farms_tundras", 2)
    assert comp[0][TERRITORIES] == 0


def test_coins_on_hand_are_part_of_the_total():
    # Rulebook 000 "МОНЕТИ НА РУКАХ" (digest §20 item 1).
    p = Position(2, tile="on_farms_tundras")
    p.player(1, coins=41)
    score, comp, _, _ = p.scores()
    assert comp[1] == [41, 0, 0, 0, 0]
    assert score[1] == 41


# ---------------------------------------------------------------- structure bonus tiles

def test_seed_example_two_structures_next_to_four_lakes_pay_6():
    # Rulebook 000 structure bonus example (digest §20.2): 2 structures, 4 lakes, $6.
    # Forest 23 touches lakes 16, 24, 29; tundra 37 touches lakes 29, 38.
    p = Position(2, tile="adjacent_lakes")
    structures(p, 0, [23, 37])
    assert p.bonus_count(0) == 4
    _, comp, _, _ = p.scores()
    assert comp[0][BONUS] == 6


def test_adjacent_lakes_each_lake_once():
    # Rulebook 000 tile 1: each lake counts once. 31 and 37 both touch lakes 24?
    # 31 touches 24 and 38; 37 touches 29 and 38: lake 38 is shared.
    p = Position(2, tile="adjacent_lakes")
    structures(p, 0, [31, 37])
    assert p.bonus_count(0) == 3
    q = Position(2, tile="adjacent_lakes")
    assert q.bonus_count(0) == 0
    assert q.scores()[1][0][BONUS] == 0


def test_adjacent_tunnels_across_rivers_not_own_hex_mines_not_tunnels():
    # Rulebook 000 tile 2 (digest §20.2 B): tunnel territories adjacent to the
    # structures, each once, across rivers; Mines are not tunnels; a structure
    # standing on a tunnel does not count that tunnel; tunnels are not linked.
    p = Position(2, tile="adjacent_tunnels")
    structures(p, 0, [18])                        # 17 (across a river) and 25 (across a river)
    assert p.bonus_count(0) == 2
    q = Position(2, tile="adjacent_tunnels")
    structures(q, 0, [23, 18])                    # 23 touches 17 and 22; 17 once
    assert q.bonus_count(0) == 3
    r = Position(2, tile="adjacent_tunnels")
    structures(r, 0, [44])                        # on a tunnel, no tunnel next to it
    assert r.bonus_count(0) == 0
    s = Position(2, tile="adjacent_tunnels")
    structures(s, 0, [37, 43])                    # a Mine on 37 next to 43 adds nothing
    assert s.bonus_count(0) == 2                  # 36 and 44
    _, comp, _, _ = s.scores()
    assert comp[0][BONUS] == payout("adjacent_tunnels", 2)


def test_adjacent_encounters_printed_symbol_each_once():
    # Rulebook 000 tile 3 (digest §20.2 C): territories with an encounter symbol
    # adjacent to the structures, across rivers, the token need not be there.
    p = Position(2, tile="adjacent_encounters")
    structures(p, 0, [36])                        # 28 and 42 across rivers, 43
    assert p.bonus_count(0) == 3
    q = Position(2, tile="adjacent_encounters")
    structures(q, 0, [36, 43])                    # 43 itself is not adjacent to itself; 42 once
    assert q.bonus_count(0) == 3
    r = Position(2, tile="adjacent_encounters")
    structures(r, 0, [23])
    assert r.bonus_count(0) == 0


def test_structures_on_tunnels():
    # Rulebook 000 tile 4 (digest §20.2 D): tunnel territories with the
    # structures on them; a Mine elsewhere is not a tunnel, on a tunnel it counts.
    p = Position(2, tile="on_tunnels")
    structures(p, 0, [17, 22, 31])                # Mine on 17, Armory 22, Monument 31
    assert p.bonus_count(0) == 2
    q = Position(2, tile="on_tunnels")
    structures(q, 0, [17, 22, 25, 36])
    assert q.bonus_count(0) == 4
    _, comp, _, _ = q.scores()
    assert comp[0][BONUS] == payout("on_tunnels", 4)


@pytest.mark.parametrize("cells, length", [
    ([], 0),
    ([8], 1),
    ([21, 22, 23], 3),            # W-E axis, across the 21-22 river
    ([11, 18, 25, 32], 4),        # NW-SE axis
    ([13, 19, 25, 31], 4),        # NE-SW axis
    ([21, 22, 28], 2),            # a bend: only straight runs count
    ([8, 9, 31, 37], 2),          # two separate lines: the longest counts
    ([21, 23, 25, 54], 1),        # gaps break a line
])
def test_straight_line(cells, length):
    # Rulebook 000 tile 5 (digest §20.2 E): the single longest unbroken straight
    # line of adjacent structures along any of the 3 hex axes, rivers ignored.
    p = Position(2, tile="straight_line")
    structures(p, 0, cells)
    assert p.bonus_count(0) == length
    _, comp, _, _ = p.scores()
    assert comp[0][BONUS] == payout("straight_line", length)


def test_structures_on_farms_and_tundras():
    # Rulebook 000 tile 6 (digest §20.2 F).
    p = Position(2, tile="on_farms_tundras")
    structures(p, 0, [9, 12, 10, 37])             # farm, tundra, village, tundra
    assert p.bonus_count(0) == 3
    _, comp, _, _ = p.scores()
    assert comp[0][BONUS] == payout("on_farms_tundras", 3)


# ---------------------------------------------------------------- winner and tie-breakers

def test_higher_total_wins_whatever_the_tie_breakers():
    # Rulebook 000 "ОГОЛОШЕННЯ ПЕРЕМОЖЦЯ" (digest §20.1): the richest player wins.
    p = Position(3, tile="on_farms_tundras")
    p.player(0, coins=10, power=0)
    p.player(1, coins=11, power=0)
    p.player(2, coins=9, power=16, popularity=0)
    score, _, rank, shared = p.scores()
    assert score == [10, 11, 9]
    assert rank == [2, 1, 3]
    assert shared == [0, 0, 0]


def _position_for_stage(stage):
    """Two seats with equal totals ($20 each, both in the 0-6 tier: $3 per
    star, $2 per territory, $1 per pair) where seat 0 is better at tie-break
    `stage` (0-5) and seat 1 at every later stage."""
    p = Position(2, tile="on_farms_tundras")
    later = lambda k: stage < k        # seat 1 is better at stage k
    # Both hold one territory with a worker (mountain 8, village 13: no bonus).
    workers(p, 0, [8])
    workers(p, 1, [13])
    # Stage 0: pieces on the board; a worker on the home base scores nothing.
    # Stage 4: one more territory; the other seat keeps that worker on its
    # base, so stage 0 stays equal.
    if stage == 0:
        workers(p, 0, [NORDIC_BASE], first=2)
    if stage == 4:
        workers(p, 0, [10], first=1)
        workers(p, 1, [RUSVIET_BASE], first=1)
    elif later(4):
        workers(p, 0, [NORDIC_BASE], first=1)
        workers(p, 1, [26], first=1)
    # Stage 1: power; stage 2: popularity (both stay in the 0-6 tier).
    p.player(0, power=6 if stage == 1 else 5, popularity=4 if stage == 2 else 3)
    p.player(1, power=6 if later(1) else 5, popularity=4 if later(2) else 3)
    # Stage 3: controlled resources, 1 token (no whole pair, so no coins).
    if stage == 3:
        p.res(8, oil=1)
    elif later(3):
        p.res(13, oil=1)
    # Stage 5: stars, paid for by fewer coins on hand.
    s0 = 1 if stage == 5 else 0
    s1 = 1 if later(5) else 0
    t0 = 3 * s0 + 2 * (1 + int(stage == 4))
    t1 = 3 * s1 + 2 * (1 + int(later(4)))
    p.player(0, stars=s0, coins=20 - t0)
    p.player(1, stars=s1, coins=20 - t1)
    return p


@pytest.mark.parametrize("stage", range(6))
def test_tie_breakers_in_rulebook_order(stage):
    # Rulebook 000 "ОГОЛОШЕННЯ ПЕРЕМОЖЦЯ" (digest §20.1): ties go, in order, to
    # more workers+mechs+structures on the board, power, popularity, controlled
    # resources, controlled territories, stars. Seat 0 is better at `stage`,
    # seat 1 at every later one, so seat 0 wins only if the order is right.
    p = _position_for_stage(stage)
    score, comp, rank, shared = p.scores()
    assert score[0] == score[1] == 20
    assert rank == [1, 2]
    assert shared == [0, 0]


@pytest.mark.parametrize("piece", ["worker", "mech", "structure"])
def test_each_piece_kind_counts_in_the_first_tie_breaker(piece):
    # Rulebook 000 (digest §20.1 item 1): workers, mechs and structures on the
    # board. Seat 0's extra piece scores nothing (a unit on its home base, or a
    # structure on a territory seat 1's worker holds); without it, seat 1's
    # higher power would win.
    p = Position(2, tile="on_farms_tundras")
    workers(p, 1, [13])                           # seat 1: 1 piece, territory 13 (+$2)
    if piece == "worker":
        workers(p, 0, [NORDIC_BASE])
    elif piece == "mech":
        p.unit(0, MECH0, NORDIC_BASE)             # e.g. after retreating from a combat
    else:
        p.structure(0, "mine", 13)
    p.unit(0, MECH0 + 1, NORDIC_BASE)             # seat 0: 2 pieces
    p.player(0, coins=12, power=0)
    p.player(1, coins=10, power=9)
    score, _, rank, shared = p.scores()
    assert score == [12, 12]
    assert rank == [1, 2]


def test_full_tie_is_shared_and_both_take_the_better_rank():
    # Digest §20.1 ENGINE NOTE: after the 6th tie-breaker the rules are silent;
    # we record a shared place.
    p = Position(3, tile="on_farms_tundras")
    for s in range(3):
        p.player(s, coins=15, power=4, popularity=8)
    p.player(2, coins=14)
    score, _, rank, shared = p.scores()
    assert rank == [1, 1, 3]
    assert shared == [1, 1, 0]


# ---------------------------------------------------------------- played games

def _tier(popularity):
    return [t for t in RULES.data.scoring_tiers if popularity >= t.min_popularity][-1]


@pytest.mark.parametrize("n_players", [2, 3, 4, 5])
def test_random_games_score_and_rank_as_the_rulebook_says(n_players):
    # Digest §20 and §20.1 recomputed in Python from each finished random game:
    # every component from the final popularity's tier, the total as their
    # sum, and ranks from the total and then the six tie-breakers in order.
    import random
    for seed in range(6):
        g = Game(RULES, 1000 * n_players + seed, n_players)
        pick = random.Random(seed)
        while not g.is_over:
            options = g.legal_options()
            g.apply(options[pick.randrange(len(options))])
        r = g.result()
        state = g.state()
        tile = state["structure_tile"]
        keys = []
        for s, pl in enumerate(state["players"]):
            t = _tier(pl["popularity"])
            bonus = payout(tile, g.structure_bonus_count(s))
            assert r["components"][s] == [pl["coins"], pl["stars"] * t.per_star,
                                          r["territories"][s] * t.per_territory,
                                          r["resources"][s] // 2 * t.per_resource_pair, bonus]
            assert r["score"][s] == sum(r["components"][s])
            assert r["territories"][s] == g.controlled_territories(s)
            assert r["resources"][s] == sum(g.controlled_resources(s).values())
            pieces = (sum(c is not None for u, c in pl["units"].items() if u != "character")
                      + sum(c is not None for c in pl["structures"].values()))
            keys.append((r["score"][s], pieces, pl["power"], pl["popularity"],
                         r["resources"][s], r["territories"][s], pl["stars"]))
        for s in range(n_players):
            assert r["rank"][s] == 1 + sum(k > keys[s] for k in keys)
            assert r["shared"][s] == (keys.count(keys[s]) > 1)
