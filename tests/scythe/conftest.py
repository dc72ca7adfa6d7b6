"""Shared fixtures for the Scythe tests: the packed rules and small helpers."""
from __future__ import annotations

from pathlib import Path

import pytest

from simsuite.games.scythe.data import load_data

core = pytest.importorskip("simsuite._scythe", reason="the compiled Scythe core is not built")

REPO = Path(__file__).resolve().parents[2]
SHARED = REPO.parent / "shared"


@pytest.fixture(scope="session")
def data():
    return load_data()


@pytest.fixture(scope="session")
def rules(data):
    return core.Rules(data)


@pytest.fixture(scope="session")
def rules_no_ban(data):
    return core.Rules(data, ban_pairs=False)


@pytest.fixture
def new_game(rules):
    """new_game(factions, mats, seed=1, rules=None) -> Game (names accepted)."""

    def make(factions, mats, seed=1, rules_=None):
        return core.Game(rules_ or rules, seed, len(factions), factions, mats)

    return make


# ---------------------------------------------------------------- position helpers
def blank_game(rules, factions, mats, seed=1):
    """A game of these factions / mats with an empty board: characters home,
    mechs and workers on the mats, no resources, structures, encounter tokens,
    combat cards in hand or objective cards; nobody has chosen a section yet."""
    g = core.Game(rules, seed, len(factions), list(factions), list(mats))
    g.clear_board()
    for s in range(g.n_players):
        g.set_player(s, objectives=[], last_section=-1, hand={})
    return g


def seat_of(g, faction):
    for s in range(g.n_players):
        if g.faction_name(s) == faction:
            return s
    raise KeyError(faction)


def section_of(g, seat, top=None, bottom=None):
    """Index of the player-mat section with this top (or bottom) action."""
    mat = g.rules.data.mats[g.mat_name(seat)]
    for i, sec in enumerate(mat.sections):
        if (top is None or sec.top == top) and (bottom is None or sec.bottom == bottom):
            return i
    raise KeyError((top, bottom))


def do(g, kind, opt):
    """Apply option `opt` of the pending decision, checking its kind first."""
    assert g.decision_name == kind, (g.decision_name, kind, g.legal_options())
    g.apply(opt)


def start_move(g, seat):
    """Begin `seat`'s turn and choose its Move top action (DK_MOVE_UNIT next)."""
    g.begin_turn(seat)
    do(g, "section", section_of(g, seat, top="move"))
    do(g, "top", 100)


def move_unit(g, unit, *cells, carry=None):
    """Move `unit` (index) through `cells` (steps), answering carry decisions
    with `carry` (dict: 'workers' -> option, resource index -> count, default 0)
    and stopping early if the path is shorter than the allowed steps."""
    carry = carry or {}
    do(g, "move_unit", unit + 1)
    for c in cells:
        do(g, "move_step", c)
        while g.decision_name in ("carry_workers", "carry_resources"):
            if g.decision_name == "carry_workers":
                g.apply(carry.get("workers", 0))
            else:
                g.apply(carry.get(g.decision_aux, 0))
    if g.decision_name == "move_step":
        g.apply(0)   # stop


def end_move(g):
    """End the Move action if it still offers more units."""
    if g.decision_name == "move_unit":
        g.apply(0)
