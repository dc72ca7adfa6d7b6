"""Position helpers for the Automa rule tests (solo games, rulebook seed 003)."""
from __future__ import annotations

import pytest

core = pytest.importorskip("simsuite._scythe", reason="the compiled Scythe core is not built")

HUMAN, AUTOMA = 0, 1
BASES = {"albion": 1, "nordic": 2, "polania": 3, "rusviet": 4, "saxony": 5, "togawa": 6, "crimea": 7}


def solo_game(rules, human="crimea", automa="rusviet", level="automa", mat="agricultural", seed=1,
              options=None, clear=True):
    """A solo game (seat 0 the human, seat 1 the Automa). With `clear`, an empty board:
    characters on their bases, every other unit on its mat, no resources, tokens, combat
    cards or objectives, the Automa's cube on its first cell with scheme I."""
    g = core.Game(rules, seed, 2, [human, automa], [mat, None], automa=level, automa_options=options)
    if clear:
        g.clear_board()
        for s in (HUMAN, AUTOMA):
            g.set_player(s, hand={})
        g.set_player(HUMAN, objectives=[])
    return g


def place(g, seat, **units):
    """place(g, seat, character=12, mech0=13, worker0=14, ...): units onto cells (None: mat)."""
    for unit, cell in units.items():
        g.set_unit(seat, unit, cell)


def automa_turn(g, card, scheme=1, **automa):
    """Start the Automa's turn with `card` (1..19) on top of its deck."""
    state = g.automa_state()
    rest = [c for c in state["deck"] if c != card]
    g.set_automa(deck=[card] + rest, main_discard=[c for c in state["main_discard"] if c != card],
                 combat_discard=[c for c in state["combat_discard"] if c != card], scheme=scheme, **automa)
    g.begin_turn(AUTOMA)


def units(g, seat):
    """{unit name: cell or None} of a seat."""
    return {u: g.unit_cell(seat, u) for u in core.UNIT_NAMES}
