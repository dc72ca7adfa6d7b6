"""What a change of the compiled heuristics' tuning hooks is worth, paired by deal (BENCHMARKS.md
"Policy strength", session 47): one report per call.

    PYTHONPATH=. .venv/bin/python ext/scythe/pair_hooks.py SCENARIO GAMES BEFORE AFTER [JOBS]

SCENARIO  a Scythe scenario (e.g. scenarios/scythe/expert-ultimaszyna.toml); games 0..GAMES-1
          are dealt from its master seed
BEFORE    the hooks of the first play: `shipped`, or NAME=ARGS joined by `;`, each NAME a tuning
AFTER     hook of the compiled core without its `_set_` (automa_odds, bottom_late,
          automa_combat, tier_goal, step_corr, ...) and ARGS its comma-separated numbers, e.g.
          "automa_odds=0,4" or "bottom_late=3,10,1;tier_goal=0.5,8"
JOBS      worker processes (default 2); the report is the same for any number

Both settings play the same deals through the batch runner's own shard code
(`spec.run_shard`), so a deal differs only by the hooks. Each setting runs in worker processes
of its own, started for it, so no hook leaks from one setting into the other. Reported: each
setting's wins and mean margin of the first policy seat over the best other seat, their paired
difference with its standard error, and how many games changed. Against the Automa this plays
about 2,000 games a second a core: the in-process drivers of ext/scythe (search_hybrid.py) step
each decision from Python and are for what needs that, the search taking some decisions.
"""
from __future__ import annotations

import math
import sys
from pathlib import Path

import numpy as np

from simsuite.errors import UserError
from simsuite.runner import derive_seeds
from simsuite.scenario import load_scenario

CHUNK = 1000        # games a task plays


def parse_hooks(text: str) -> list[tuple[str, tuple]]:
    """[(hook name, its arguments)] from `shipped` or NAME=ARGS;NAME=ARGS (see the docstring)."""
    import simsuite._scythe as core

    text = text.strip()
    if text == "shipped":
        return []
    calls = []
    for part in (p.strip() for p in text.split(";")):
        name, sep, args = part.partition("=")
        name = name.strip()
        if not sep or not hasattr(core, f"_set_{name}"):
            known = ", ".join(sorted(n[5:] for n in dir(core) if n.startswith("_set_")))
            raise UserError(f"hooks {part!r}: name one of {known} as NAME=ARGS "
                            "(e.g. automa_odds=0,4), or pass `shipped`")
        try:
            values = tuple(float(a) for a in args.split(",") if a.strip())
        except ValueError:
            raise UserError(f"hooks {part!r}: the arguments must be comma-separated numbers "
                            "(e.g. bottom_late=3,10,1)") from None
        calls.append((name, values))
    return calls


def _apply(calls: list[tuple[str, tuple]]) -> None:
    import simsuite._scythe as core

    for name, values in calls:
        fn = getattr(core, f"_set_{name}")
        # step_corr takes one list; every other hook its numbers one by one
        fn(list(values)) if name == "step_corr" else fn(*values)


def _chunk(path: str, calls: list, start: int, stop: int) -> list[tuple[int, int, int]]:
    """Games start..stop-1 of the scenario with the hooks set: (game, margin, won) each."""
    sc = load_scenario(Path(path))
    sc.spec.prepare(sc.config)
    _apply(calls)
    idx = np.arange(start, stop, dtype=np.int64)
    t = sc.spec.run_shard(sc.config, idx, derive_seeds(sc.seed, idx)).to_pydict()
    seat = min(s for s, bot in zip(t["seat"], t["is_bot_opponent"]) if not bot)
    scores: dict = {}
    won: dict = {}
    for g, s, score, w in zip(t["game_index"], t["seat"], t["score"], t["winner"]):
        scores.setdefault(g, {})[s] = score
        if s == seat:
            won[g] = int(w)
    return [(g, by[seat] - max(v for s, v in by.items() if s != seat), won[g])
            for g, by in sorted(scores.items())]


def play(path: str, games: int, calls: list, jobs: int = 2) -> list[tuple[int, int, int]]:
    """Games 0..games-1 with the hooks `calls`, in worker processes started for this call:
    (game, margin, won) each, in game order."""
    from joblib.externals.loky import ProcessPoolExecutor

    starts = range(0, games, CHUNK)
    with ProcessPoolExecutor(max_workers=max(1, jobs)) as pool:
        parts = [pool.submit(_chunk, path, calls, s, min(games, s + CHUNK)) for s in starts]
        return [row for f in parts for row in f.result()]


def main(path: str, games: int, before: str, after: str, jobs: int = 2) -> None:
    scenario = load_scenario(Path(path))
    if scenario.game != "scythe":
        raise UserError(f"{path}: a {scenario.game} scenario; the hooks are Scythe's core's")
    if games < 2:
        raise UserError(f"GAMES {games}: pair at least 2 games")
    a_calls, b_calls = parse_hooks(before), parse_hooks(after)
    a, b = play(path, games, a_calls, jobs), play(path, games, b_calls, jobs)
    d = np.array([mb - ma for (_, ma, _), (_, mb, _) in zip(a, b)], dtype=float)
    se = d.std(ddof=1) / math.sqrt(len(d))
    print(f"{path} games 0..{games - 1}")
    for label, text, rows in (("before", before, a), ("after", after, b)):
        print(f"  {label} [{text}]: won {sum(w for _, _, w in rows)}, margin "
              f"{sum(m for _, m, _ in rows) / games:+.2f}")
    print(f"  after - before: margin {d.mean():+.3f} ± {se:.3f} (paired), "
          f"wins {sum(w for *_, w in b) - sum(w for *_, w in a):+d}, "
          f"games changed {int((d != 0).sum())}")


if __name__ == "__main__":
    try:
        args = sys.argv[1:]
        main(args[0], int(args[1]), args[2], args[3], int(args[4]) if len(args) > 4 else 2)
    except (UserError, IndexError, ValueError) as e:
        usage = "usage: SCENARIO GAMES BEFORE AFTER [JOBS]"
        sys.exit(f"pair_hooks.py: {e if isinstance(e, UserError) else usage}")
