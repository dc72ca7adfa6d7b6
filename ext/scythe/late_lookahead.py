"""What a look-ahead over its last turns is worth to a compiled heuristic against the Automa
(BENCHMARKS.md "Policy strength", session 25): one row per call.

    PYTHONPATH=. .venv/bin/python ext/scythe/late_lookahead.py SCENARIO GAMES TURNS [KINDS] [REDEALS]

SCENARIO  a solo Scythe scenario (e.g. scenarios/scythe/expert-ultimaszyna.toml); games
          0..GAMES-1 are played with its master seed, line-ups and weights
TURNS     the human seat's decisions are taken by the look-ahead while the Automa has at most
          TURNS turns left (as the heuristics read its clock); 0: never (the scenario's own games)
KINDS     decision names, comma-separated (e.g. section,top or move_unit,move_step), or all
          (the default)
REDEALS   0 (the default): each option is applied to a copy of the true state and played out
          once to the end: the Automa's cards as they lie, so a ceiling, not a policy;
          N > 0: N play-outs an option, each from a redeal of everything the seat cannot see
          (Game.redeal_hidden), the same N redeals for every option

Every option of such a decision is played out to the end by the scenario's own policies and
the one with the best mean final margin is taken (the policy's own choice on ties). Play-outs
get choosers of their own, so the game's choosers (whose ties draw on their own stream) are
untouched: with TURNS = 0 the games are the scenario's. Prints games won, the mean margin and
the decisions changed a game, in all and by decision kind.
"""
from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import numpy as np

import simsuite._scythe as core
from simsuite.errors import UserError
from simsuite.games.scythe import solo
from simsuite.rng import Stream, derive_seed
from simsuite.runner import derive_seeds
from simsuite.scenario import load_scenario


def seats(scenario, seed: int, game_index: int):
    """The scenario's choosers of game `game_index` seeded by `seed`, and each seat's stream
    (seat s draws from derive_seed(seed, 1 + s), as in `simsuite play`)."""
    choosers = scenario.spec.seat_choosers(scenario.config, seed, game_index)
    return choosers, [Stream(derive_seed(seed, 1 + s)) for s in range(len(choosers))]


def play_out(game, scenario, game_index: int, salt: int, me: int) -> int:
    """Play `game` (a copy) to the end with fresh choosers seeded by `salt`; own margin."""
    choosers, streams = seats(scenario, salt, game_index)
    while not game.is_over:
        s = game.current_player
        game.apply(choosers[s](game, game.legal_options(), streams[s]))
    score = game.result()["score"]
    return score[me] - score[1 - me]


def option_worth(game, option, scenario, game_index: int, salt: int, me: int,
                 redeals: int) -> float:
    """Mean own final margin after `option`: one play-out of the true state (redeals = 0), or
    one from each of `redeals` redeals of what seat `me` cannot see."""
    if redeals == 0:
        copy = game.clone()
        copy.apply(option)
        return play_out(copy, scenario, game_index, salt, me)
    total = 0
    for r in range(redeals):
        copy = game.redeal_hidden(me, derive_seed(salt, 1000 + r))
        copy.apply(option)
        total += play_out(copy, scenario, game_index, derive_seed(salt, 2000 + r), me)
    return total / redeals


def measure(scenario, n: int, turns: int, kinds: set | None = None, redeals: int = 0):
    """Games 0..n-1 of `scenario` with the look-ahead on: (games won, total margin, Counter of
    the decisions it changed by kind)."""
    if scenario.game != "scythe" or not isinstance(scenario.config, solo.SoloConfig):
        raise UserError(f"{scenario.name}: the look-ahead is measured against the Automa; give a "
                        "Scythe scenario with an [automa] table")
    wins, margin, changed = 0, 0, Counter()
    for g in range(n):
        seed = int(derive_seeds(scenario.seed, np.array([g]))[0])
        game = scenario.spec.new_game(scenario.config, seed, False, g)
        choosers, streams = seats(scenario, seed, g)
        me = 1 - game.automa_seat
        while not game.is_over:
            s = game.current_player
            options = game.legal_options()
            choice = choosers[s](game, options, streams[s])
            if (s == me and len(options) > 1 and 0 <= core.automa_turns_left(game) <= turns
                    and (kinds is None or game.decision_name in kinds)):
                salt = derive_seed(seed, 10_000 + game.n_decisions)   # the same for every option
                best, best_option = None, choice
                for option in [choice] + [o for o in options if o != choice]:
                    worth = option_worth(game, option, scenario, g, salt, me, redeals)
                    if best is None or worth > best:
                        best, best_option = worth, option
                if best_option != choice:
                    changed[game.decision_name] += 1
                    choice = best_option
            game.apply(choice)
        score = game.result()["score"]
        wins += score[me] > score[1 - me]
        margin += score[me] - score[1 - me]
    return wins, margin, changed


def main(path: str, n: int, turns: int, kinds: str = "all", redeals: int = 0) -> None:
    wins, margin, changed = measure(load_scenario(Path(path)), n, turns,
                                    None if kinds == "all" else set(kinds.split(",")), redeals)
    print(f"{path} games 0..{n - 1}, look-ahead while the Automa has <= {turns} turns left, "
          f"{kinds}, {'peeking' if redeals == 0 else f'{redeals} redeals an option'}: "
          f"{wins}/{n} won ({wins / n:.1%}), margin {margin / n:+.1f}, "
          f"{sum(changed.values()) / n:.2f} decisions changed a game")
    for kind, k in changed.most_common():
        print(f"  {kind:16s} {k / n:5.2f} a game")


if __name__ == "__main__":
    try:
        main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), *sys.argv[4:5],
             *(int(x) for x in sys.argv[5:6]))
    except (UserError, IndexError, ValueError) as e:
        usage = "usage: SCENARIO GAMES TURNS [KINDS] [REDEALS]"
        sys.exit(f"late_lookahead.py: {e if isinstance(e, UserError) else usage}")
