"""How the search's opening differs from a heuristic's against the Automa (BENCHMARKS.md
"Policy strength", session 34): one report per call.

    PYTHONPATH=. .venv/bin/python ext/scythe/search_opening.py SCENARIO GAMES [UNTIL] [BUDGET]

SCENARIO  a solo Scythe scenario (e.g. scenarios/scythe/expert-ultimaszyna.toml); games
          0..GAMES-1 are dealt from its master seed, and its human seat's policy is the one
          compared with the search
UNTIL     the opening ends once some seat has this many stars (default 2)
BUDGET    the search's `hard_budget` (default 64; the search's own default is 512)

Two measures, both over the opening only:
- decisions: the scenario's policy plays each game; each decision of the human seat with more
  than one option is also put to the search, and the two choices are compared, by decision
  kind, by the Section's top action and by the unit a Move moves;
- positions: on the same deal the scenario's policy alone, then the search alone (every
  decision of the human seat; the Automa as dealt), play until the opening ends; the
  position then (the human seat's, the Automa's and the turn reached) is compared, paired by
  deal (search minus policy, mean and standard error).
The search draws from a stream of its own, so the scenario's games are untouched.
"""
from __future__ import annotations

import math
import re
import sys
from collections import Counter
from pathlib import Path

import numpy as np

import simsuite._scythe as core
from simsuite.errors import UserError
from simsuite.games.scythe import solo
from simsuite.rng import derive_seed
from simsuite.runner import derive_seeds
from simsuite.scenario import load_scenario

sys.path.insert(0, str(Path(__file__).resolve().parent))   # the tools beside this one
from late_lookahead import seats                            # noqa: E402
from search_bench import SEARCH_ID, search_vector           # noqa: E402

POSITION = ("turn", "upgrades", "structures", "recruits", "mechs", "workers", "coins", "power",
            "popularity", "territories", "stars", "combat_stars", "tokens",
            "automa_territories", "automa_track", "automa_stars", "automa_combat_stars",
            "automa_coins", "automa_power")


def _deal(scenario, g: int):
    """Game g of the scenario: its seed, the new game, its choosers and their streams."""
    seed = int(derive_seeds(scenario.seed, np.array([g]))[0])
    return (seed, scenario.spec.new_game(scenario.config, seed, False, g),
            *seats(scenario, seed, g))


def _search_seats(seed: int, me: int, budget: int):
    """The search in seat `me` (its own stream), nothing in the Automa's seat."""
    vector = search_vector(hard_budget=budget)
    ids, weights = [0, 0], [[0.0] * len(vector), [0.0] * len(vector)]
    ids[me], weights[me] = SEARCH_ID, vector
    return core.CompiledSeats(derive_seed(seed, 4242), ids, np.array(weights))


def in_opening(game, until: int) -> bool:
    """No seat (the Automa included) has `until` stars yet."""
    return not game.is_over and max(p["stars"] for p in game.observation(0)["players"]) < until


def _unit(label: str) -> str:
    m = re.match(r"move (character|worker|mech)", label)
    return m.group(1) if m else label


def _top(label: str) -> str:
    m = re.match(r"section \d+: (\w+)", label)
    return m.group(1) if m else label


def play_opening(scenario, g: int, until: int, budget: int, pick=None):
    """Game g until its opening ends; at each decision of the human seat with more than one
    option, pick(game, policy's choice, search) gives the option applied (None: the policy's).
    Returns the game and the human seat."""
    seed, game, choosers, streams = _deal(scenario, g)
    me = 1 - game.automa_seat
    search = _search_seats(seed, me, budget)
    while in_opening(game, until):
        s = game.current_player
        options = game.legal_options()
        choice = choosers[s](game, options, streams[s])
        if pick is not None and s == me and len(options) > 1:
            choice = pick(game, choice, search)
        game.apply(choice)
    return game, me


def compare_decisions(scenario, n: int, until: int = 2, budget: int = 64) -> dict:
    """Counters over games 0..n-1: decisions and disagreements by kind, and for each player the
    Sections' top actions and the units its Moves moved."""
    out = {k: Counter() for k in ("kinds", "differ", "top_policy", "top_search",
                                  "unit_policy", "unit_search")}

    def record(game, choice, search):
        kind = game.decision_name
        other = search.choose(game)
        out["kinds"][kind] += 1
        out["differ"][kind] += other != choice
        mine, theirs = game.option_label(choice), game.option_label(other)
        if kind == "section":
            out["top_policy"][_top(mine)] += 1
            out["top_search"][_top(theirs)] += 1
        elif kind == "move_unit":
            out["unit_policy"][_unit(mine)] += 1
            out["unit_search"][_unit(theirs)] += 1
        return choice

    for g in range(n):
        play_opening(scenario, g, until, budget, record)
    return out


def position(game, me: int) -> dict:
    """The human seat's position and the Automa's, and the game's turn, as POSITION names
    them (the Automa's clock is its star track's cell; its combat stars shorten the game)."""
    seen = game.observation(me)
    p, bot, automa = seen["players"][me], seen["players"][1 - me], seen["automa"]
    return dict(turn=seen["turn"], upgrades=6 - sum(p["top_cubes"]),
                structures=sum(c is not None for c in p["structures"].values()),
                recruits=sum(p["recruits"]), mechs=sum(p["mechs_deployed"]),
                workers=game.workers_on_board(me), coins=p["coins"], power=p["power"],
                popularity=p["popularity"], territories=game.controlled_territories(me),
                stars=p["stars"], combat_stars=p["combat_stars"],
                tokens=sum(game.controlled_resources(me).values()),
                automa_territories=game.controlled_territories(1 - me),
                automa_track=automa["track_pos"], automa_stars=bot["stars"],
                automa_combat_stars=bot["combat_stars"], automa_coins=bot["coins"],
                automa_power=bot["power"])


def opening_positions(scenario, n: int, until: int = 2, budget: int = 64) -> list[tuple]:
    """For games 0..n-1: (the policy's position, the search's) when the opening ends."""
    pairs = []
    for g in range(n):
        mine = position(*play_opening(scenario, g, until, budget))
        theirs = position(*play_opening(scenario, g, until, budget,
                                        lambda game, choice, search: search.choose(game)))
        pairs.append((mine, theirs))
    return pairs


def _check(scenario) -> None:
    if scenario.game != "scythe" or not isinstance(scenario.config, solo.SoloConfig):
        raise UserError(f"{scenario.name}: the opening is compared against the Automa; give a "
                        "Scythe scenario with an [automa] table")


def main(path: str, n: int, until: int = 2, budget: int = 64) -> None:
    scenario = load_scenario(Path(path))
    _check(scenario)
    d = compare_decisions(scenario, n, until, budget)
    print(f"{path} games 0..{n - 1}, until a seat has {until} stars, hard_budget {budget}")
    print("decisions the search would take otherwise, by kind:")
    for kind, k in d["kinds"].most_common():
        print(f"  {kind:16s} {d['differ'][kind]:5d} of {k:5d} ({d['differ'][kind] / k:.0%})")
    for what in ("top", "unit"):
        print(f"{what}: policy {dict(d[what + '_policy'].most_common())}")
        print(f"{' ' * len(what)}  search {dict(d[what + '_search'].most_common())}")
    pairs = opening_positions(scenario, n, until, budget)
    print(f"position when the opening ends ({len(pairs)} deals): policy, search, difference ± se")
    for key in POSITION:
        a = np.array([p[key] for p, _ in pairs], dtype=float)
        b = np.array([q[key] for _, q in pairs], dtype=float)
        d = b - a
        se = d.std(ddof=1) / math.sqrt(len(d)) if len(d) > 1 else 0.0
        print(f"  {key:20s} {a.mean():6.2f} {b.mean():6.2f} {d.mean():+6.2f} ± {se:.2f}")


if __name__ == "__main__":
    try:
        main(sys.argv[1], int(sys.argv[2]), *(int(x) for x in sys.argv[3:5]))
    except (UserError, IndexError, ValueError) as e:
        usage = "usage: SCENARIO GAMES [UNTIL] [BUDGET]"
        sys.exit(f"search_opening.py: {e if isinstance(e, UserError) else usage}")
