"""Position builders and option encoders for the Rurik rule tests.

Option numbers follow ext/rurik/turn.pxi (OPT_*); these helpers spell them out so a test reads
as the rulebook does. Regions are named as in map.toml."""
from __future__ import annotations

from simsuite._rurik import Game

END, MAIN, FORFEIT, FINISH = 0, 1, 2, 3
GOODS = ("wood", "ore", "fish", "honey", "fur")
STRUCT = ("church", "stronghold", "market")
REBEL = 4   # the attack / church target number of a rebel (MAX_SEATS)


def R(g, name):
    return g.rules.region(name)


def card(g, key):
    return g.rules.scheme_keys.index(key)


def deed(g, name):
    return g.rules.deed_names.index(name)


def opt_card(g, key):
    return 10 + card(g, key)


def opt_deed(g, name):
    return 50 + deed(g, name)


def opt_exchange(token, give, give2):
    return 90 + token * 25 + GOODS.index(give) * 5 + GOODS.index(give2)


def opt_muster(g, region, leader=False):
    return (220 if leader else 200) + R(g, region)


OPT_LEVY = 240


def opt_move(g, a, b):
    return 260 + R(g, a) * 16 + R(g, b)


def opt_move_leader(g, b):
    return 500 + R(g, b)


def opt_anywhere(g, a, b):
    return 520 + R(g, a) * 16 + R(g, b)


def opt_attack(g, region, target, minus=False):
    return (900 if minus else 780) + R(g, region) * 8 + target


def opt_tax(g, region):
    return 1020 + R(g, region)


def opt_build(g, region, kind):
    return 1040 + R(g, region) * 4 + STRUCT.index(kind)


def opt_diplomat(g, opponent, to, leader=False):
    return 1100 + (opponent * 2 + (1 if leader else 0)) * 16 + R(g, to)


def blank(rules, n=2, leaders=None, seed=1):
    """A game whose board is empty (no troops, leaders, rebels or structures); goods still lie
    on every region in play. Default leaders: Mstislav / Boris / ... are avoided unless asked:
    seats get Agatha, Maria, Predslava, Sudislav (abilities that act only when used)."""
    g = Game(rules, seed, n, leaders=leaders or ["Agatha", "Maria", "Predslava", "Sudislav"][:n])
    g.clear_board()
    for s in range(n):
        g.set_player(s, coins=0, goods={}, hand=[])
    return g


def do(g, *options):
    for o in options:
        g.apply(o)


def units(g, seat, region):
    st = g.region_state(region)
    return st["troops"][seat] + (1 if seat in st["leaders"] else 0)
