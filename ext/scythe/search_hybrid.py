"""What the search's choices of some decision kinds are worth to a heuristic against the Automa
(BENCHMARKS.md "Policy strength", session 35): one report per call.

    PYTHONPATH=. .venv/bin/python ext/scythe/search_hybrid.py SCENARIO GAMES KINDS [BUDGET] [MAXTURN] [FIRST] [JOBS]

SCENARIO  a solo Scythe scenario (e.g. scenarios/scythe/expert-ultimaszyna.toml); its human
          seat's policy is the heuristic measured
GAMES     games FIRST..FIRST+GAMES-1 are dealt from its master seed
KINDS     decision names, comma-separated (e.g. upgrade or move_step,carry_workers); a move_step
          may be narrowed to the steps that put units into enemy units (session 46):
          move_step:attack   decisions where some option does
          move_step:refuse   ... where the policy's own step does
          move_step:extra    ... where some option does but the policy's own does not
          move_step:quiet    ... where no option does
BUDGET    the search's `hard_budget` (default 64; the search's own default is 512)
MAXTURN   the search takes those decisions only up to this game turn (default: all game)
FIRST     the first game index (default 0)
JOBS      processes playing deals at once (default 1); each deal is played alone, so the
          report is the same for any number

Each deal is played twice: by the scenario's policies alone, then with the search (drawing from
a stream of its own) taking the human seat's decisions of KINDS that have more than one option.
Every other decision is the policy's, from the same streams, so the difference of the two
final margins (human minus Automa) is what the search's choices of those kinds are worth,
paired by deal. Prints both win counts, the mean margins, the mean difference with its standard
error, and how many decisions a game the search chose otherwise. The search searches every turn
only at the hard levels (Automaszyna and Ultimaszyna); at the easier ones it leaves most early
decisions to its play-out policy.
"""
from __future__ import annotations

import math
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))   # the tools beside this one
from search_opening import _check, play_opening             # noqa: E402

import simsuite._scythe as core                              # noqa: E402
from simsuite.errors import UserError                        # noqa: E402
from simsuite.games.scythe.lineups import seat_policy_arrays  # noqa: E402
from simsuite.scenario import load_scenario                  # noqa: E402

N_STARS = 6     # the game ends when a seat places its sixth star (Rulebook §19)
INTO_ENEMY = 2  # heuristic_step_features' third feature: the step goes into enemy units
STEP_FILTERS = ("attack", "refuse", "extra", "quiet")


def human_weights(scenario, game, me: int) -> list:
    """The weight vector the human seat plays (its table row when its policy has a table)."""
    pol = scenario.config.policies[0]
    _, weights, _ = seat_policy_arrays([pol], scenario.config)
    w = np.asarray(weights)[0]
    return list(w[core.seat_weights_row(game, me)] if w.ndim == 2 else w)


def parse_kinds(kinds) -> dict:
    """{decision name: its step filter or None} from names like upgrade or move_step:attack."""
    out = {}
    for k in kinds:
        name, _, flt = k.partition(":")
        if flt and (name != "move_step" or flt not in STEP_FILTERS):
            raise UserError(f"unknown decision kind {k!r}: only move_step takes a filter, one of "
                            f"{', '.join(STEP_FILTERS)} (e.g. move_step:attack)")
        out[name] = flt or None
    return out


def _step_passes(flt: str, feats: list, choice) -> bool:
    """Whether a move_step decision (its options' heuristic_step_features) is one of `flt`."""
    some = any(f[INTO_ENEMY] > 0 for _, _, f in feats)
    mine = any(f[INTO_ENEMY] > 0 for o, _, f in feats if o == choice)
    return {"attack": some, "refuse": mine, "extra": some and not mine,
            "quiet": not some}[flt]


def play(scenario, g: int, kinds: frozenset = frozenset(), budget: int = 64,
         maxturn: int | None = None) -> tuple[int, int]:
    """Game g to its end; the search takes the human seat's decisions of `kinds` (none: the
    scenario's game). Returns (the human's final margin over the Automa, the decisions the
    search chose otherwise)."""
    changed = 0
    filters = parse_kinds(kinds)
    weights = None

    def pick(game, choice, search):
        nonlocal changed, weights
        name = game.decision_name
        if name not in filters or (
                maxturn is not None and game.observation(game.current_player)["turn"] > maxturn):
            return choice
        if filters[name] is not None:
            if weights is None:
                weights = human_weights(scenario, game, game.current_player)
            if not _step_passes(filters[name], core.heuristic_step_features(game, weights),
                                choice):
                return choice
        other = search.choose(game)
        changed += other != choice
        return other

    # no seat reaches N_STARS + 1 stars: play_opening's loop runs to the end of the game
    game, me = play_opening(scenario, g, N_STARS + 1, budget, pick)
    score = game.result()["score"]
    return score[me] - score[1 - me], changed


def _pair(scenario, g: int, kinds: frozenset, budget: int, maxturn: int | None):
    """Game g alone and with the search: (margin alone, margin with it, decisions changed)."""
    alone, _ = play(scenario, g)
    hybrid, changed = play(scenario, g, kinds, budget, maxturn)
    return alone, hybrid, changed


def measure(scenario, n: int, kinds: frozenset, budget: int = 64, maxturn: int | None = None,
            first: int = 0, jobs: int = 1) -> list[tuple[int, int, int]]:
    """For games first..first+n-1, in order: (margin alone, margin with the search, decisions
    changed), played by `jobs` processes."""
    games = range(first, first + n)
    if jobs <= 1:
        return [_pair(scenario, g, kinds, budget, maxturn) for g in games]
    from joblib import Parallel, delayed
    return Parallel(n_jobs=jobs)(delayed(_pair)(scenario, g, kinds, budget, maxturn)
                                 for g in games)


def main(path: str, n: int, kinds: str, budget: int = 64, maxturn: int | None = None,
         first: int = 0, jobs: int = 1) -> None:
    scenario = load_scenario(Path(path))
    _check(scenario)
    names = frozenset(k for k in kinds.split(",") if k)
    if not names:
        raise UserError("name at least one decision kind, e.g. upgrade or move_step")
    parse_kinds(names)
    rows = measure(scenario, n, names, budget, maxturn, first, jobs)
    diff = [h - a for a, h, _ in rows]
    mean = sum(diff) / len(diff)
    se = (math.sqrt(sum((d - mean) ** 2 for d in diff) / (len(diff) - 1) / len(diff))
          if len(diff) > 1 else 0.0)
    upto = f", up to game turn {maxturn}" if maxturn is not None else ""
    print(f"{path} games {first}..{first + n - 1}, the search (hard_budget {budget}) takes "
          f"{','.join(sorted(names))}{upto}")
    print(f"  won alone {sum(a > 0 for a, _, _ in rows)}, with the search "
          f"{sum(h > 0 for _, h, _ in rows)} of {n}")
    print(f"  margin alone {sum(a for a, _, _ in rows) / n:+.2f}, with the search "
          f"{sum(h for _, h, _ in rows) / n:+.2f}: {mean:+.2f} ± {se:.2f} (paired)")
    print(f"  decisions chosen otherwise: {sum(c for _, _, c in rows) / n:.1f} a game")


if __name__ == "__main__":
    try:
        args = sys.argv[1:]
        main(args[0], int(args[1]), args[2], int(args[3]) if len(args) > 3 else 64,
             int(args[4]) if len(args) > 4 else None, int(args[5]) if len(args) > 5 else 0,
             int(args[6]) if len(args) > 6 else 1)
    except (UserError, IndexError, ValueError) as e:
        usage = "usage: SCENARIO GAMES KINDS [BUDGET] [MAXTURN] [FIRST] [JOBS]"
        sys.exit(f"search_hybrid.py: {e if isinstance(e, UserError) else usage}")
