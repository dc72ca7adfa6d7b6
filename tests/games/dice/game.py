"""The dice race, step by step: the one place its rules live (the spec's batch loop plays it).

Players take turns; on a turn the player chooses option 0 (roll one die, add it) or option 1
(roll two dice, add both unless they show a double, which adds nothing). The first to reach
`target` ends the game. Chance comes from Stream(seed); seat s decides with
Stream(derive_seed(seed, 1 + s)), as in the compiled cores. A seat's own pending roll is its
hidden information: the dice are rolled before the seat decides, shown to it, and to nobody
else until applied (so the conformance suite has something to check a view against).
"""
from __future__ import annotations

import copy

from simsuite.rng import Stream

TURN_CAP = 400
END_REASONS = ("not_over", "target", "turn_cap")


class DiceRace:
    def __init__(self, seed: int, n_players: int, target: int, log: bool = True):
        self.seed, self.n, self.target = seed, n_players, target
        self._dice = Stream(seed)
        self.pos = [0] * n_players
        self.turns = [0] * n_players
        self.turn = 0
        self.decisions: list[int] = []
        self.end_reason = "not_over"
        self._log = [] if log else None
        self._roll()

    # ------------------------------------------------------------ the decision
    def _roll(self) -> None:
        self._pending = (1 + self._dice.below(6), 1 + self._dice.below(6), 1 + self._dice.below(6))

    @property
    def is_over(self) -> bool:
        return self.end_reason != "not_over"

    @property
    def current_player(self) -> int:
        return -1 if self.is_over else self.turn % self.n

    @property
    def decision_name(self) -> str:
        return "none" if self.is_over else "roll"

    def legal_options(self) -> list[int]:
        return [] if self.is_over else [0, 1]

    def option_label(self, opt: int) -> str:
        return {0: "roll one die", 1: "roll two dice"}[opt]

    def apply(self, opt: int) -> None:
        if opt not in self.legal_options():
            raise ValueError(f"option {opt!r} is not legal here")
        seat = self.current_player
        one, a, b = self._pending
        gain = one if opt == 0 else (0 if a == b else a + b)
        self.pos[seat] += gain
        self.turns[seat] += 1
        self.turn += 1
        self.decisions.append(opt)
        if self._log is not None:
            self._log.append(f"seat {seat}: {self.option_label(opt)}, +{gain} -> {self.pos[seat]}")
        if self.pos[seat] >= self.target:
            self.end_reason = "target"
        elif self.turn >= TURN_CAP:
            self.end_reason = "turn_cap"
        else:
            self._roll()

    def clone(self) -> "DiceRace":
        return copy.deepcopy(self)

    # ------------------------------------------------------------ what is seen
    def observation(self, seat: int) -> dict:
        view = {"seat": seat, "positions": list(self.pos), "target": self.target, "turn": self.turn}
        if seat == self.current_player:
            view["roll"] = self._pending
        return view

    def state(self) -> dict:
        return {"positions": list(self.pos), "turns": list(self.turns), "turn": self.turn,
                "pending": self._pending, "end_reason": self.end_reason}

    def redeal_hidden(self, seat: int, seed: int) -> "DiceRace":
        """A copy in which what `seat` cannot see (another seat's pending roll) is re-rolled."""
        other = self.clone()
        if seat != self.current_player and not self.is_over:
            other._dice = Stream(seed)
            other._roll()
        return other

    def events(self) -> list[str]:
        return list(self._log or [])

    def check_invariants(self) -> None:
        assert all(p >= 0 for p in self.pos), self.pos
        assert sum(self.turns) == self.turn == len(self.decisions)
        assert self.is_over or self.legal_options(), "game not over but no option"

    def result(self) -> dict:
        order = sorted(range(self.n), key=lambda s: (-self.pos[s], s))  # ties: earlier seat first
        rank = [order.index(s) + 1 for s in range(self.n)]
        return {"score": list(self.pos), "rank": rank, "turns": list(self.turns),
                "game_turns": self.turn, "end_reason": self.end_reason}
