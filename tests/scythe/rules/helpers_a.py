"""Position set-up shortcuts for the Scythe rule tests of part A (digest sections
4-7, 9, 10, 12, 18-20; tests/scythe/rules/test_sNN_*.py).

A test builds a position with `position()` (empty board, every track, hand and
mat at zero), places what the rule needs, starts a turn with `begin()` and
answers the engine's decisions one by one with `do()`. Option encodings follow
ext/scythe/state.pxd (DecisionKind); the constants below name them. Cell ids
are those of simsuite/games/scythe/data/board.toml (shared/reference/scythe/
board.md): e.g. mountain 31, tundra 37, farm 36 (tunnel), forest 23, village 28,
lake 24, Factory 30; home bases Nordic 2, Polania 3, Rusviet 4, Saxony 5,
Crimea 7.

The engine applies every decision that has a single legal option by itself,
so a helper that expects a decision checks its kind first (`do`).
"""
from __future__ import annotations

from functools import lru_cache

import pytest

core = pytest.importorskip("simsuite._scythe", reason="the compiled Scythe core is not built")

from simsuite.games.scythe.data import load_data  # noqa: E402
from tests.scythe.conftest import seat_of, section_of  # noqa: E402,F401  (shared with the engine tests)

# ---------------------------------------------------------------- encodings (state.pxd)
CHAR, MECH0, W0 = 0, 1, 5                       # units: mech k = MECH0 + k, worker k = W0 + k
OIL, METAL, WOOD, FOOD = 0, 1, 2, 3             # resources (aligned with the bottom actions)
MINE, ARMORY, MONUMENT, MILL = 0, 1, 2, 3       # structures
UPGRADE, DEPLOY, BUILD, ENLIST = 0, 1, 2, 3     # bottom actions
TC_MOVE, TC_GAIN, TC_TRADE_POP, TC_BOLSTER_POWER, TC_BOLSTER_CARDS, TC_PRODUCE = range(6)
E_POWER, E_COINS, E_POPULARITY, E_CARDS = range(4)   # one-time recruit bonuses

# DK_TOP variants: option = 100 * variant + 10 * amount + bonus (1 = take the structure bonus)
TV_MOVE, TV_GAIN, TV_TRADE_RES, TV_TRADE_POP = 1, 2, 3, 4
TV_BOLSTER_POWER, TV_BOLSTER_CARDS, TV_PRODUCE, TV_FACTORY = 5, 6, 7, 8

# DK_BOTTOM options
B_SKIP, B_TAKE, B_NO_COINS, B_NO_EFFECT, B_NEITHER = 0, 1, 2, 3, 4

# raw event kinds (ext/scythe/core.pxi EventKind)
EV_TURN, EV_STAR, EV_END, EV_UNDO_MOVE, EV_RECRUIT_BONUS = 1, 3, 11, 14, 16

PLAIN_STARS = ("upgrades", "mechs", "structures", "recruits", "workers", "popularity", "power")


def top(variant, amount=0, bonus=0):
    """The DK_TOP option of a top-action variant."""
    return 100 * variant + 10 * amount + bonus


def cell_res(cell, resource):
    """The DK_PAY / DK_TRADE option naming one token of `resource` on `cell`."""
    return 4 * cell + resource


# ---------------------------------------------------------------- rules and positions
@lru_cache(maxsize=4)
def rules(ban_pairs=True, turn_cap=500):
    return core.Rules(load_data(), ban_pairs=ban_pairs, turn_cap=turn_cap)


def position(factions, mats, *, seed=1, tile=None, ban_pairs=True):
    """A game of these factions / mats (seat order follows the rules: lowest mat
    number first, then clockwise) on an empty board: characters on their home
    bases, mechs and workers on the mats, no structures, resources, encounter
    tokens, objectives or Factory cards; power, popularity, coins, hands,
    upgrades, recruits and stars all at zero; nobody has chosen a section."""
    g = core.Game(rules(ban_pairs), seed, len(factions), list(factions), list(mats))
    g.clear_board()
    for s in range(g.n_players):
        g.set_player(s, power=0, popularity=0, coins=0, hand=[0, 0, 0, 0], objectives=[],
                     factory_card=False, last_section=-1, top_cubes=[1] * 6,
                     bottom_cubes=[0] * 4, recruits=[0] * 4, onetime=[0] * 4,
                     star_placed={k: False for k in PLAIN_STARS}, combat_stars=0,
                     objective_stars=0, forced_retreat=False, coercion_used=False)
    if tile is not None:
        g.set_structure_tile(tile)
    return g




def bottom_data(g, seat, action):
    """(start cost, minimum cost, coins) of a bottom action on the seat's mat."""
    b = g.rules.data.mats[g.mat_name(seat)].bottom[action]
    return b.start, b.minimum, b.coins


def workers(g, seat, *cells):
    """Put the seat's workers 0, 1, ... on these cells (the rest stay on the mat)."""
    for k in range(8):
        g.set_unit(seat, W0 + k, cells[k] if k < len(cells) else None)


def stars(g, seat, n, but=()):
    """Give the seat `n` plain stars (the first n of PLAIN_STARS not named in
    `but`) and no combat or objective star."""
    kinds = [k for k in PLAIN_STARS if k not in but][:n]
    assert len(kinds) == n
    g.set_player(seat, star_placed={k: k in kinds for k in PLAIN_STARS},
                 combat_stars=0, objective_stars=0)


# ---------------------------------------------------------------- playing
def do(g, kind, opt):
    """Apply option `opt` of the pending decision, checking its kind first."""
    assert g.decision_name == kind, (g.decision_name, kind, g.legal_options())
    g.apply(opt)


def opts(g, kind):
    """Legal options of the pending decision, which must be of `kind`."""
    assert g.decision_name == kind, (g.decision_name, kind, g.legal_options())
    return g.legal_options()


def begin(g, seat, top_action=None, bottom_action=None):
    """Start `seat`'s turn as if it were its first (any section allowed); with an
    action named, choose the section holding it. Tests of the section rule
    itself call g.begin_turn directly."""
    g.set_player(seat, last_section=-1)
    g.begin_turn(seat)
    if top_action is not None or bottom_action is not None:
        do(g, "section", section_of(g, seat, top_action, bottom_action))


def move(g, unit, *cells, carry=None):
    """Within a Move action: move `unit` (index) step by step through `cells`,
    answering carry decisions from `carry` ({"workers": option, resource: count},
    default nothing carried), then stop if the unit could go on."""
    carry = carry or {}
    do(g, "move_unit", unit + 1)
    for c in cells:
        do(g, "move_step", c)
        while g.decision_name in ("carry_workers", "carry_resources"):
            key = "workers" if g.decision_name == "carry_workers" else g.decision_aux
            g.apply(carry.get(key, 0))
    if g.decision_name == "move_step" and 0 in g.legal_options():
        g.apply(0)


def end_move(g):
    """End the Move action if it still offers more units (it ends by itself when
    no other unit may move)."""
    if g.decision_name == "move_unit":
        g.apply(0)


def skip_top(g):
    """Skip the top action (the engine skips it by itself when nothing else is legal)."""
    if g.decision_name == "top":
        g.apply(0)
    assert g.decision_name != "top"


def pay(g, *tokens):
    """Answer the pending DK_PAY decisions: first with the given options (in
    order), then with the first legal option."""
    todo = list(tokens)
    while g.decision_name == "pay":
        g.apply(todo.pop(0) if todo else g.legal_options()[0])
    assert not todo, f"payment ended before {todo} were used"


def bottom(g, opt=B_TAKE, *tokens):
    """Take the pending bottom action (`opt`) and pay for it."""
    do(g, "bottom", opt)
    pay(g, *tokens)


def any_effect(g):
    """If a bottom action's effect (upgrade, deploy, build, enlist) is still to be
    chosen, take its first legal option."""
    if g.decision_name in ("upgrade", "deploy", "build", "enlist"):
        g.apply(g.legal_options()[0])


def events(g, kind, since=0):
    """Raw events of this kind recorded from index `since` on."""
    return [e for e in g.raw_events()[since:] if e[0] == kind]


def player(g, seat):
    return g.player(seat)
