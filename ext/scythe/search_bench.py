"""Strength and cost of the search policy (BENCHMARKS.md "Search policy"): one cell per call.

    .venv/bin/python ext/scythe/search_bench.py MODE GAMES 'KNOBS' [OPPONENT]

MODE     2p          search against OPPONENT (default expert), seats alternating by seed
         4p          one search seat against three OPPONENTs, the seat rotating by seed
         automa:LVL  search as the human against the Automa at level LVL
         h2p / h4p   the heuristic `pol` in the search's place (the baseline on the same seeds)
KNOBS    search weights by name (simsuite/games/scythe/policies.py SEARCH_WEIGHTS), plus
         base=N (first seed, default 500000), pol="name" (h2p, h4p, automa baselines),
         tables=0 (the heuristics named by pol and OPPONENT play their default weights, as
         this tool measured up to session 25; by default, 1, a heuristic with a shipped
         weights table, expert, plays it, as the strongest heuristic is played), and
         save="FILE.csv" (one row per game, for paired reading; against the Automa: seed,
         faction, mat, won, margin, and both sides' stars, territories, popularity, coins, the
         final scoring's parts, resources, power and turns taken, and the human's stars by
         kind;
         in 2p / 4p: seed, seat, faction, mat, won, and the margin over the best other seat)

Prints wins/games, the Wilson 95% interval, games per second of this one process (wall clock,
and per CPU-second of the process, the figure to read on a shared machine, with its inverse,
CPU-seconds a game, for the slow settings), its peak resident
memory, against the Automa the mean score margin, with `settle` set the early stops
(search.pxi search_settle_counts), and with `portfolio` on how the style selections ended
(search.pxi search_portfolio). Seeds are consecutive from `base`; game g uses
seed base + g, and the search (or baseline) seat of game g is g mod players, so two cells on
the same base compare policies on the same deals.
"""
from __future__ import annotations

import math
from pathlib import Path
import resource
import sys
import time

import numpy as np

import simsuite.games.scythe
from simsuite._scythe import (STAR_NAMES, Rules, play_batch, search_settle_counts,
                              search_style_counts)
from simsuite.games.scythe.bench import table_arrays
from simsuite.games.scythe.data import load_data
from simsuite.games.scythe.policies import (POLICIES, SEARCH_STYLES, SEARCH_WEIGHTS, STRATEGIES,
                                            default_weights)
from simsuite.policies import MAX_WEIGHTS
from simsuite.reporting.stats import wilson_interval

SEARCH_WEIGHTS_D = dict(SEARCH_WEIGHTS)
SEARCH_ID = next(p.id for p in POLICIES if p.name == "search")
TABLE_DIR = Path(simsuite.games.scythe.__file__).parent / "tables"


def search_vector(**knobs: float) -> list[float]:
    values = dict(SEARCH_WEIGHTS, **knobs)
    vector = [float(values[n]) for n, _ in SEARCH_WEIGHTS]
    return vector + [0.0] * (MAX_WEIGHTS - len(vector))


def heuristic(name: str, players: int, solo: bool, tables: bool) -> tuple:
    """Policy id and weights of heuristic `name` in one seat: the rows of its shipped weights
    table ([faction x mat rows, weights], each seat playing the row of what it is dealt) when
    `tables` and one ships, else its default weights."""
    if tables and (TABLE_DIR / f"{name}.toml").is_file():
        ids, weights = table_arrays(name, players, solo, name)
        return int(ids[0]), weights[0]
    return STRATEGIES[name][0], np.array(default_weights(name), dtype=float)


def seat_weights(weights: list) -> np.ndarray:
    """The seats' weights as play_batch takes them: [seats, rows, weights] when some seat plays
    a table (a vector then stands on every row), else [seats, weights]."""
    rows = max((w.shape[0] for w in weights if w.ndim == 2), default=0)
    if not rows:
        return np.array(weights)
    return np.stack([w if w.ndim == 2 else np.broadcast_to(w, (rows, w.shape[0]))
                     for w in weights])


def save_games(path: str, out: dict, margins: np.ndarray) -> None:
    """One CSV row per solo game, so that two cells on the same deals can be read paired."""
    cols = ("stars", "territories", "popularity", "score_coins", "score_stars", "score_territories",
            "score_resources", "score_structure_bonus", "resources", "power", "turns_taken")
    with open(path, "w") as f:
        f.write("seed,faction,mat,won,margin," + ",".join(f"{c}_{s}" for s in ("me", "automa")
                                                          for c in cols)
                + "".join(f",star_{k}_me" for k in STAR_NAMES) + "\n")
        for g in range(len(margins)):
            vals = [out[c][g, s] for s in (0, 1) for c in cols] + list(out["stars_by_kind"][g, 0])
            f.write(f"{out['seed'][g]},{out['faction'][g, 0]},{out['mat'][g, 0]},"
                    f"{int(out['winner'][g, 0])},{margins[g]:.0f}," + ",".join(map(str, vals)) + "\n")


def save_seat_games(path: str, rows: list[tuple]) -> None:
    """One CSV row per player game (the search's seat), sorted by seed."""
    with open(path, "w") as f:
        f.write("seed,seat,faction,mat,won,margin\n")
        for row in sorted(rows):
            f.write(",".join(map(str, row)) + "\n")


def main(mode: str, n: int, knob_text: str, opp: str = "expert") -> None:
    rules = Rules(load_data())
    knobs = eval(f"dict({knob_text})")   # a benchmark tool: the knobs are typed by its user
    base = int(knobs.pop("base", 500_000))
    seeds = np.arange(base, base + n, dtype=np.uint64)
    pol = knobs.pop("pol", None)
    save = knobs.pop("save", None)
    tables = bool(knobs.pop("tables", 1))
    solo = mode.startswith("automa:")
    players = 2 if solo or mode in ("2p", "h2p") else 4
    me = (heuristic(pol, players, solo, tables) if pol
          else (SEARCH_ID, np.array(search_vector(**knobs))))
    start, cpu0, wins = time.time(), time.process_time(), 0
    if solo:
        out = play_batch(rules, seeds, 2, policy_ids=[me[0], 0],
                         policy_weights=seat_weights([me[1], np.zeros(MAX_WEIGHTS)]),
                         automa=mode.split(":")[1])
        wins = int(out["winner"][:, 0].sum())
        margins = out["score"][:, 0].astype(float) - out["score"][:, 1]
        if save:
            save_games(save, out, margins)
    else:
        rows = []
        other = heuristic(opp, players, False, tables)
        for seat in range(players):
            ids = [other[0]] * players
            weights = [other[1]] * players
            ids[seat], weights[seat] = me
            out = play_batch(rules, seeds[seat::players], players, policy_ids=ids,
                             policy_weights=seat_weights(weights))
            wins += int(out["winner"][:, seat].sum())
            others = np.delete(out["score"], seat, axis=1).max(axis=1)
            for g in range(len(out["seed"])):
                rows.append((int(out["seed"][g]), seat, int(out["faction"][g, seat]),
                             int(out["mat"][g, seat]), int(out["winner"][g, seat]),
                             int(out["score"][g, seat]) - int(others[g])))
        if save:
            save_seat_games(save, rows)
    rate = n / (time.time() - start)
    cpu_rate = n / max(time.process_time() - cpu0, 1e-9)
    lo, hi = wilson_interval(wins, n)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    against = ("the Automa" if solo else
               opp + (" with its table" if tables and (TABLE_DIR / f"{opp}.toml").is_file() else ""))
    print(f"{mode} {knob_text!r} vs {against}: {wins}/{n} = {wins / n:.3f} [{lo:.3f}, {hi:.3f}]  "
          f"{rate:.2f} games/s ({cpu_rate:.2f} per CPU-second, {1 / cpu_rate:.1f} CPU-seconds a game)  "
          f"maxrss {rss:.0f} MiB")
    if mode.startswith("automa:"):
        print(f"  score margin against the Automa {margins.mean():+.1f} "
              f"(standard error {margins.std(ddof=1) / math.sqrt(n) if n > 1 else 0.0:.1f})")
    if knobs.get("settle", SEARCH_WEIGHTS_D["settle"]) and not pol:
        print("  early stops (settle):", search_settle_counts())
    if knobs.get("portfolio", SEARCH_WEIGHTS_D["portfolio"]) and not pol:
        print("  style selections ended on", dict(zip((n for n, _ in SEARCH_STYLES), search_style_counts())))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), sys.argv[3] if len(sys.argv) > 3 else "",
         *(sys.argv[4:5]))
