"""What a head start given before the first turn is worth to a heuristic against the Automa
(BENCHMARKS.md "Policy strength", sessions 34 and 57): one row per edit, paired by deal.

    PYTHONPATH=. .venv/bin/python ext/scythe/head_start.py SCENARIO GAMES EDIT [EDIT ...]

SCENARIO  a solo Scythe scenario (e.g. scenarios/scythe/expert-ultimaszyna.toml); games
          0..GAMES-1 are dealt from its master seed and played by its own seat choosers
EDIT      what the human seat is given before its first turn, through the position editor,
          parts joined by `+`:
            none         nothing (the scenario's own games)
            workers=N    N more workers (0..6), placed in turn on its first and second
                         starting worker hexes (Game.set_unit)
            STRUCT=K     a structure (mine, armory, monument, mill) on its K-th starting
                         worker hex, K = 1 or 2 (Game.set_structure)
            mech=K       the K-th mech of its faction mat (1..4, printed order) deployed on its
                         first starting worker hex (Game.set_mech_deployed)
            recruit=K    the recruit of the K-th bottom action (1..4: Upgrade, Deploy, Build,
                         Enlist) enlisted, without its one-time bonus (Game.set_player)
            tokens=N     N tokens of each resource on its first starting worker hex (0..9)
            coins=N, power=N, popularity=N   that much more (0..20; the tracks stop at
                         their ends)
          e.g. `workers=3+mill=1`

Each edit plays the same deals as `none`, so a row differs from it only by the edit. Reported:
games won, the mean margin of the human seat over the Automa, and the paired change of the
margin against `none` with its standard error.
"""
from __future__ import annotations

import math
import sys
from pathlib import Path

import numpy as np

from simsuite._scythe import TRACK_ENDS
from simsuite.errors import UserError
from simsuite.games.scythe import solo
from simsuite.rng import Stream, derive_seed
from simsuite.runner import derive_seeds
from simsuite.scenario import load_scenario

STRUCTURES = ("mine", "armory", "monument", "mill")
START_WORKERS = 2     # every faction starts with two workers on the board (Rulebook §5)
MAX_EXTRA = 6         # the mat's 8 workers less those two
# the other parts: (least, most, what the number is)
BOUNDS = {
    "mech": (1, 4, "the mech's place on the faction mat"),
    "recruit": (1, 4, "the bottom action: 1 Upgrade, 2 Deploy, 3 Build, 4 Enlist"),
    "tokens": (0, 9, "tokens of each resource"),
    "coins": (0, 20, "coins more"),
    "power": (0, 20, "power more"),
    "popularity": (0, 20, "popularity more"),
}


def parse_edit(text: str) -> list[tuple[str, int]]:
    """[(part, number)] of an EDIT (see the docstring); [] for `none`."""
    text = text.strip()
    if text == "none":
        return []
    parts = []
    for part in (p.strip() for p in text.split("+")):
        name, sep, value = part.partition("=")
        name = name.strip()
        if not sep or not value.strip().isdigit():
            raise UserError(f"edit {part!r}: write NAME=N (workers, {', '.join(STRUCTURES)}, "
                            f"{', '.join(BOUNDS)}), parts joined by +, or none")
        n = int(value)
        if name == "workers":
            if not 0 <= n <= MAX_EXTRA:
                raise UserError(f"edit {part!r}: the mat has {MAX_EXTRA} workers besides the "
                                f"two on the board; give workers=0..{MAX_EXTRA}")
        elif name in STRUCTURES:
            if n not in (1, 2):
                raise UserError(f"edit {part!r}: name the first or second starting worker hex, "
                                f"{name}=1 or {name}=2")
        elif name in BOUNDS:
            lo, hi, what = BOUNDS[name]
            if not lo <= n <= hi:
                raise UserError(f"edit {part!r}: give {name}={lo}..{hi} ({what})")
        else:
            raise UserError(f"edit {part!r}: give workers, one of {', '.join(STRUCTURES)}, "
                            f"or one of {', '.join(BOUNDS)}")
        parts.append((name, n))
    return parts


def apply_edit(game, seat: int, parts: list[tuple[str, int]]) -> None:
    """Give `seat` the edit's units, structures and more (see the docstring)."""
    hexes = [game.unit_cell(seat, f"worker{i}") for i in range(START_WORKERS)]
    for name, n in parts:
        if name == "workers":
            for k in range(n):
                game.set_unit(seat, f"worker{START_WORKERS + k}", hexes[k % 2])
        elif name in STRUCTURES:
            game.set_structure(seat, name, hexes[n - 1])
        elif name == "mech":
            game.set_mech_deployed(seat, n - 1, True, hexes[0])
        elif name == "recruit":
            recruits = list(game.player(seat)["recruits"])
            recruits[n - 1] = True
            game.set_player(seat, recruits=recruits)
        elif name == "tokens":
            game.set_resources(hexes[0], {r: k + n for r, k in game.resources(hexes[0]).items()})
        else:
            now = game.player(seat)[name]
            game.set_player(seat, **{name: min(now + n, TRACK_ENDS.get(name, now + n))})


def play(scenario, n: int, parts: list[tuple[str, int]]) -> tuple[np.ndarray, np.ndarray]:
    """Games 0..n-1 of `scenario` with the edit: (won, margin) of the human seat, by game."""
    if scenario.game != "scythe" or not isinstance(scenario.config, solo.SoloConfig):
        raise UserError(f"{scenario.name}: a head start is measured against the Automa; give a "
                        "Scythe scenario with an [automa] table")
    won, margin = np.zeros(n, dtype=bool), np.zeros(n)
    seeds = derive_seeds(scenario.seed, np.arange(n, dtype=np.int64))
    for g in range(n):
        seed = int(seeds[g])
        game = scenario.spec.new_game(scenario.config, seed, False, g)
        choosers = scenario.spec.seat_choosers(scenario.config, seed, g)
        streams = [Stream(derive_seed(seed, 1 + s)) for s in range(len(choosers))]
        me = 1 - game.automa_seat
        apply_edit(game, me, parts)
        while not game.is_over:
            s = game.current_player
            game.apply(choosers[s](game, game.legal_options(), streams[s]))
        result = game.result()
        won[g] = result["rank"][me] == 1      # ties broken as the rulebook breaks them
        margin[g] = result["score"][me] - result["score"][1 - me]
    return won, margin


def main(path: str, n: int, edits: list[str]) -> None:
    if n < 1:
        raise UserError(f"GAMES {n}: give a number of games of at least 1")
    scenario = load_scenario(Path(path))
    parsed = [(e, parse_edit(e)) for e in edits]
    won0, margin0 = play(scenario, n, [])
    print(f"{path}, games 0..{n - 1}: none {won0.mean():.1%} won, margin {margin0.mean():+.2f}")
    for text, parts in parsed:
        if not parts:
            continue
        won, margin = play(scenario, n, parts)
        d = margin - margin0
        se = d.std(ddof=1) / math.sqrt(n) if n > 1 else float("nan")
        print(f"  {text:24s} {won.mean():6.1%} won, margin {margin.mean():+.2f} "
              f"({d.mean():+.2f} ± {se:.2f} against none)")


if __name__ == "__main__":
    try:
        main(sys.argv[1], int(sys.argv[2]), sys.argv[3:])
    except (UserError, IndexError, ValueError) as e:
        usage = "usage: SCENARIO GAMES EDIT [EDIT ...]"
        sys.exit(f"head_start.py: {e if isinstance(e, UserError) else usage}")
