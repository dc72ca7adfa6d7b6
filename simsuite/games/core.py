"""The contract of a game core, as Python sees it (checked for every game by tests/conformance).

A compiled core (`simsuite._<game>`, built from ext/<game>/, whose C side ext/README.md
states) offers a module like `CoreModule`; its step-by-step game object is a `SteppedGame`.
A pure-Python game (the test dice game) offers the same game object. The spec
(simsuite/games/base.py) is what ties a core to the runner and the drivers; these Protocols
say what the spec, the conformance suite, `simsuite play` and the search may rely on.
"""
from __future__ import annotations

from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class SteppedGame(Protocol):
    """One game, advanced one decision at a time; everything forced happens inside `apply`."""

    @property
    def current_player(self) -> int:
        """Seat that must decide now (-1 when the game is over)."""

    @property
    def decision_name(self) -> str:
        """The kind of the pending decision, for people and policies."""

    @property
    def is_over(self) -> bool: ...

    @property
    def decisions(self) -> list:
        """Every option applied so far: (seed, decisions) replays the game exactly."""

    @property
    def turn(self) -> int: ...

    def legal_options(self) -> list:
        """The legal options of the pending decision: sorted small integers, never empty
        while the game is not over."""

    def option_label(self, option: int) -> str: ...

    def apply(self, option: int) -> None:
        """Apply one legal option (anything else raises) and advance to the next decision."""

    def clone(self) -> "SteppedGame":
        """An independent copy: stepping either leaves the other unchanged."""

    def observation(self, seat: int) -> dict:
        """What `seat` may see, and nothing else; policies receive only this."""

    def state(self) -> dict:
        """The whole state, hidden information included (tests, debugging)."""

    def redeal_hidden(self, seat: int, seed: int) -> "SteppedGame":
        """A copy in which everything `seat` cannot see is sampled afresh (from `seed`),
        consistently with what it sees: `observation(seat)` is unchanged."""

    def events(self) -> list:
        """The readable log so far."""

    def check_invariants(self) -> None:
        """Raise AssertionError naming the first broken invariant (conservation, ranges, ...)."""

    def result(self) -> dict:
        """Per seat the final score, its components and rank; per game the end reason."""


@runtime_checkable
class CoreModule(Protocol):
    """What a compiled core module exports."""

    Rules: Any            # Rules(data, **options): the packed rules of one scenario
    Game: Any             # Game(rules, seed, n_players, ...) -> SteppedGame
    CompiledSeats: Any    # CompiledSeats(seed, policy_ids, weights).choose(game): compiled policies stepped from Python
    COMPILED_POLICIES: dict   # policy name -> id of the compiled dispatch
    DECISION_NAMES: tuple
    END_REASONS: tuple

    def play_batch(self, rules, seeds, n_players, *args, **kwargs) -> dict:
        """Play one game per seed in C and return per-game / per-seat result arrays."""
