"""`simsuite tune`: improve a compiled policy's weights by self-play against a fixed field.

The scenario names the policy to tune and its opponents: its first player's policy is tuned (a
compiled heuristic, e.g. `economy`, with its weights as the starting point) and the other
players' policies are the field, e.g.

    game = "scythe"
    players = 4
    [[policy]]
    name = "economy"            # tuned, starting from these weights
    [[policy]]
    name = "economy"            # the field: here three copies of the untuned policy
    [[policy]]
    name = "economy"
    [[policy]]
    name = "economy"

The search is a (1+lambda) evolution strategy with common random numbers. Each generation
plays the parent and lambda mutants on the same fresh games, the tuned policy taking every seat
in turn. A mutant moves a few weights at random by a Gaussian step (a per-weight scale taken
from the starting weights, a step size adapted by the one-fifth rule). Its fitness is its win
rate, with the score margin over the best opponent (0.02 a coin, capped at 25 coins) as a
tie-break that lowers the noise; with `--objective margin`, the mean score margin over the best
opponent itself, uncapped (for a field the policy almost never beats, such as the Automa's
hardest level, where wins cannot tell weights apart but margins can); with `--objective soft`,
the mean smooth step of the margin, 1 / (1 + exp(-margin / 5 coins)), a win rate that counts a
near win almost as a win and a heavy loss as no worse than a light one (for a field the policy
seldom beats, where the margin rewards losing by less rather than winning more often); the best
mutant replaces the parent only if its paired
advantage on those games exceeds one standard error, which keeps chance from steering the
search. Everything is seeded from `--seed`, and the games played never exceed `--budget`:

- 70% of the budget goes to the search, spread over `--generations` generations (default 8;
  a large budget buys more precise steps at 8, or more steps at 50-80: the shipped solo rows
  kept improving up to the 50th generation);
- 20% to the paired check: on fresh games the tuned and the starting weights each play the
  same seats against the same field; the printed margin is the difference of their win rates
  (with `--objective margin`: of their mean score margins) with a 95% confidence interval
  (normal approximation on the per-game differences);
- 10% to a head-to-head check: the tuned weights in one seat against the starting weights in
  every other seat, with a 95% Wilson interval around the tuned win rate (fair share 1/n).

Seats: play_batch takes one policy per seat (turn order), so game i puts the evaluated weights
in seat i mod n and the field in the other seats in scenario order; factions and mats are dealt
as the scenario says (per player, then seated by the rules).

The tuned weights are written as TOML: `name` and a `[weights]` table, which is also a valid
entry for a scenario's policy table (copy the weights inline, or name the file as the policy's
`weights_file`).

`--by KEYS` (tune_table) learns a weights table instead (simsuite/policies/tables.py): the same
search once per cell of the game's group keys KEYS, comma-separated (each Scythe mat, or each
faction and mat pair the rules deal; only the cells the scenario can deal its seat), in the
games where the tuned policy sits in the seat dealt that cell; `players` among the keys makes
the rows name the scenario's player count, and `difficulty` (Scythe, against the Automa: a
scenario of one level) its Automa level. A row is kept only where its paired check beats the
start weights. When the tuned policy names a `weights_table`, each row's search starts from
that table's row for the seat, and a row that does not beat it keeps the table's row (a run
refines the table). The rows of other kinds of game (solo or not, another player count or
level) and their header lines are kept from `out` when it holds this policy's table, else from
the table the run started from. It resumes after an interruption (`<out>.partial.json`) and is
deterministic.

`--min-bottom-rate R` (Scythe) holds the tuned weights to a floor on the bottom-action rate
(the share of the seat's turns that began with a bottom action payable in which it took one,
counted by the core): a mutant is eligible only if its rate on the generation's games is at
least R or at least its parent's, and a table row is kept only if, on the paired check's games,
its rate is at least R or at least the start row's. A row's win rate and its bottom actions can
pull apart (session 47's thirteenth Ultimaszyna round won more and fell under issue #14's 85%).

Any game whose spec offers `play_lineup` (and, for tables, `table_keys`, `table_cells`,
`fix_seat`, `seats_holding`) can be tuned; the tuner never imports a game.
"""
from __future__ import annotations

import math
import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Optional, Sequence

import numpy as np

from simsuite.errors import UserError
from simsuite.policies import MAX_WEIGHTS, PolicyChoice, compiled_policies

LAMBDA = 4                  # mutants per generation
MOVED_SHARE = 1 / 6         # share of the weights a mutant moves (at least 2)
MARGIN_WEIGHT = 0.02        # fitness per coin of margin over the best opponent (tie-break)
MARGIN_CAP = 25.0
# --objective soft: a game's worth is a smooth step of its margin, 1 / (1 + exp(-margin / SCALE)):
# near a win or a loss it moves like the win itself, far from one it barely moves
SOFT_SCALE = 5.0
OBJECTIVES = ("wins", "margin", "soft")   # what the search and the paired check compare (docstring)
ACCEPT_Z = 1.0              # a mutant must beat its parent by this many standard errors
SEARCH_SHARE = 0.7
PAIRED_SHARE = 0.2
SIGMA0 = 0.3                # initial step, as a fraction of each weight's scale
MIN_SCALE = 0.5             # a weight near 0 still moves by about this much
MIN_GAMES_PER_EVAL = 8      # games per candidate per generation, at the least
GENERATIONS = 8             # default: enough generations to move; more spread a budget thinner
# Stream indices under the tuner seed (simsuite.rng.derive_seed).
_SEARCH_STREAM, _PAIRED_STREAM, _H2H_STREAM, _MUTATION_STREAM = 1, 2, 3, 4


@dataclass
class Evaluation:
    """Results of one policy's games: per game, did the evaluated seat win, and its score
    margin over the best other seat."""
    wins: np.ndarray        # int8 per game, 1 if the evaluated seat won (rank 1)
    margins: np.ndarray     # int per game: own score - best other score
    # per game, the evaluated seat's turns begun with a bottom action payable and of those the
    # turns that took one (None: the game does not count them)
    chances: Optional[np.ndarray] = None
    taken: Optional[np.ndarray] = None

    @property
    def rate(self) -> float:
        return float(self.wins.mean()) if len(self.wins) else float("nan")

    @property
    def bottom_rate(self) -> float:
        """The bottom-action rate over these games (--min-bottom-rate)."""
        n = int(self.chances.sum()) if self.chances is not None else 0
        return int(self.taken.sum()) / n if n else float("nan")

    def fitness(self, objective: str = "wins") -> np.ndarray:
        """Per game: the win, plus the capped margin as a small tie-break; with the objective
        "margin", the margin alone; with "soft", the smooth step of the margin (SOFT_SCALE)."""
        if objective == "margin":
            return self.margins.astype(np.float64)
        if objective == "soft":
            return 1.0 / (1.0 + np.exp(-self.margins.astype(np.float64) / SOFT_SCALE))
        return self.wins + MARGIN_WEIGHT * np.clip(self.margins, -MARGIN_CAP, MARGIN_CAP)

    def measure(self, objective: str = "wins") -> np.ndarray:
        """Per game, what the paired check compares: the win, or the margin."""
        return self.wins if objective == "wins" else self.fitness(objective)


@dataclass
class TuneResult:
    policy: str
    weight_names: tuple
    start: np.ndarray
    tuned: np.ndarray
    generations: int
    accepted: int
    games_played: int
    # (generation, parent's measure, best mutant's measure, step); the measure is the win rate,
    # or the mean score margin under --objective margin
    history: list = field(default_factory=list)
    # tuned and start win rates (and mean margins) on the same fresh games, the difference of
    # the objective's measure (rates, or margins) and its 95% CI
    paired: dict = field(default_factory=dict)
    # the tuned win rate against the start weights in every other seat, with its Wilson CI
    head_to_head: dict = field(default_factory=dict)


# ---------------------------------------------------------------- playing

def _play_chunk(spec, config, seeds: np.ndarray, indices: np.ndarray, seat: int,
                lineup: list) -> tuple:
    """Play games with one PolicyChoice per seat (through the game's spec); returns per game
    the winner flag of `seat`, its score margin over the best other seat, and its bottom-action
    counts (None where the game does not count them)."""
    res = spec.play_lineup(config, indices, seeds, lineup)
    score = np.asarray(res["score"], dtype=np.int64)
    others = np.delete(score, seat, axis=1).max(axis=1)
    counts = tuple(np.asarray(res[k])[:, seat].astype(np.int64) if k in res else None
                   for k in ("bottom_chances", "bottom_taken"))
    return (np.asarray(res["winner"])[:, seat].astype(np.int8), score[:, seat] - others) + counts


def _lineup(setup: "_Setup", vector: np.ndarray, seat: int, others: Optional[np.ndarray] = None) -> list:
    """Seat policies with the evaluated weights in `seat` and the field (or `others`) around it;
    None on seats the rules play (a solo opponent)."""
    def tuned(vec):
        w = np.zeros(MAX_WEIGHTS)
        w[:len(vec)] = vec
        return PolicyChoice(setup.policy_name, setup.policy_id, tuple(float(x) for x in w))

    lineup: list = [None] * setup.n
    lineup[seat] = tuned(vector)
    field = iter(setup.field)
    for j in range(1, setup.n):
        s = (seat + j) % setup.n
        if s not in setup.seats:
            continue
        lineup[s] = tuned(others) if others is not None else next(field)
    return lineup


@dataclass
class _Setup:
    spec: Any
    config: Any
    n: int
    seats: tuple            # seats a policy plays (the evaluated weights take each in turn)
    policy_name: str
    policy_id: int
    names: tuple
    start: np.ndarray
    floor: np.ndarray       # each weight's least step scale (MIN_SCALE, or the policy's `steps`)
    field: list
    # per game, the seat the evaluated weights take: None = the (i mod k)-th policy seat; else
    # a function (game indices, seeds) -> seats (tuning one cell of a table: the seat dealt it)
    seat_of: Optional[Callable] = None
    objective: str = "wins"             # OBJECTIVES
    min_bottom_rate: Optional[float] = None   # --min-bottom-rate (module docstring)

    @property
    def scale(self) -> np.ndarray:
        """Each weight's step scale, from where the search starts (_step_scale)."""
        return _step_scale(self.start, self.floor)

    def eval_seats(self, indices: np.ndarray, seeds: np.ndarray) -> np.ndarray:
        if self.seat_of is not None:
            return np.asarray(self.seat_of(indices, seeds), dtype=np.int64)
        return np.asarray(self.seats, dtype=np.int64)[indices % len(self.seats)]


def _evaluate_many(setup: _Setup, vectors: list, master: int, first_index: int,
                   games: int, jobs: int, others: Optional[np.ndarray] = None) -> list:
    """Play `games` games for each weight vector on the same seeds (the evaluated weights in the
    seat `setup.eval_seats` names for each game); returns one Evaluation per vector."""
    from joblib import Parallel, delayed

    from simsuite.runner import derive_seeds

    indices = np.arange(first_index, first_index + games, dtype=np.int64)
    seeds = derive_seeds(master, indices)
    at = setup.eval_seats(indices, seeds)
    tasks = []          # (vector index, game positions, seat, line-up)
    for v_i, vec in enumerate(vectors):
        for seat in setup.seats:
            sel = np.nonzero(at == seat)[0]
            if len(sel):
                tasks.append((v_i, sel, seat, _lineup(setup, vec, seat, others)))
    if jobs == 1 or len(tasks) == 1:
        outs = [_play_chunk(setup.spec, setup.config, seeds[sel], indices[sel], seat, lineup)
                for _, sel, seat, lineup in tasks]
    else:
        outs = Parallel(n_jobs=jobs)(
            delayed(_play_chunk)(setup.spec, setup.config, seeds[sel], indices[sel], seat, lineup)
            for _, sel, seat, lineup in tasks)
    wins = [np.zeros(games, dtype=np.int8) for _ in vectors]
    margins = [np.zeros(games, dtype=np.int64) for _ in vectors]
    counted = all(out[2] is not None for out in outs)
    chances = [np.zeros(games, dtype=np.int64) for _ in vectors]
    taken = [np.zeros(games, dtype=np.int64) for _ in vectors]
    for (v_i, sel, _, _), (won, margin, ch, tk) in zip(tasks, outs):
        wins[v_i][sel] = won
        margins[v_i][sel] = margin
        if counted:
            chances[v_i][sel] = ch
            taken[v_i][sel] = tk
    if not counted:
        if setup.min_bottom_rate is not None:
            raise UserError(f"--min-bottom-rate: {setup.spec.name}'s games do not count bottom "
                            "actions; it is for Scythe, leave it out")
        return [Evaluation(w, m) for w, m in zip(wins, margins)]
    return [Evaluation(w, m, c, t) for w, m, c, t in zip(wins, margins, chances, taken)]


def _meets_floor(rate: float, reference: float, floor: Optional[float]) -> bool:
    """--min-bottom-rate: at the floor, or no lower than the weights it would replace."""
    return floor is None or rate >= floor or rate >= reference


# ---------------------------------------------------------------- statistics

def paired_difference(a: np.ndarray, b: np.ndarray, z: float = 1.959963984540054):
    """Mean of a - b over paired games and its normal-approximation confidence interval."""
    d = np.asarray(a, dtype=np.float64) - np.asarray(b, dtype=np.float64)
    n = len(d)
    mean = float(d.mean()) if n else float("nan")
    if n < 2:
        return mean, (float("nan"), float("nan"))
    sd = float(d.std(ddof=1))
    half = z * sd / math.sqrt(n)
    return mean, (mean - half, mean + half)


# ---------------------------------------------------------------- the search

def _setup(scenario_path: Path) -> _Setup:
    from simsuite.scenario import load_scenario

    sc = load_scenario(Path(scenario_path))
    name = Path(scenario_path).name
    config = sc.config
    seats = sc.spec.policy_seats(config)
    tuned: PolicyChoice = config.policies[0]
    known = compiled_policies(sc.game)
    if tuned.is_python or tuned.name not in known or not known[tuned.name].weights:
        raise UserError(f"{name}: policy[0]: {tuned.name!r} has no weights to tune; make the first "
                        "player's policy a compiled heuristic of the game (the other players are "
                        "the field it is tuned against)")
    field = list(config.policies[1:len(seats)])
    for i, p in enumerate(field, start=1):
        if p.is_python:
            raise UserError(f"{name}: policy[{i}]: the field of a tuning run must be compiled "
                            "policies (Python policies are too slow for it); use a compiled policy "
                            "such as \"random\"")
    pol = known[tuned.name]
    names = tuple(n for n, _ in pol.weights)
    start = np.array(tuned.weights[:len(names)], dtype=np.float64)
    steps = dict(pol.steps)
    floor = np.array([steps.get(n, MIN_SCALE) for n in names], dtype=np.float64)
    return _Setup(sc.spec, config, config.n_players, seats, pol.name, pol.id, names, start,
                  floor, field)


def _step_scale(start: np.ndarray, floor: np.ndarray) -> np.ndarray:
    """Each weight's step scale: its size, at least its floor (MIN_SCALE, or the policy's
    own `steps` for a weight whose natural size is not its start)."""
    return np.maximum(np.abs(start), floor)


def tune(scenario: Path, budget: int, seed: int, *, jobs: Optional[int] = None,
         progress=None, generations: int = GENERATIONS, objective: str = "wins",
         min_bottom_rate: Optional[float] = None) -> TuneResult:
    """Run the tuner (see the module docstring); returns the weights and the checks."""
    _check_arguments(budget, seed, generations, objective, min_bottom_rate)
    setup = _setup(scenario)
    setup.objective = objective
    setup.min_bottom_rate = min_bottom_rate
    _check_budget(budget, len(setup.seats))
    return _search(setup, budget, seed, _jobs(jobs), progress, generations)


def _check_arguments(budget: int, seed: int, generations: int, objective: str = "wins",
                     min_bottom_rate: Optional[float] = None) -> None:
    """The command line's --budget, --seed, --generations, --objective and --min-bottom-rate,
    each with a one-line error."""
    if min_bottom_rate is not None and (isinstance(min_bottom_rate, bool)
                                        or not isinstance(min_bottom_rate, (int, float))
                                        or not 0 < min_bottom_rate <= 1):
        raise UserError(f"--min-bottom-rate: {min_bottom_rate!r} is not a share of turns; pass a "
                        "number above 0 and at most 1, e.g. --min-bottom-rate 0.85")
    if objective not in OBJECTIVES:
        raise UserError(f"--objective {objective!r}: choose wins, margin or soft (margin: the "
                        "mean score margin, for a field the policy almost never beats; soft: a "
                        "smooth win rate, for one it seldom beats)")
    if isinstance(budget, bool) or not isinstance(budget, int) or budget < 1:
        raise UserError(f"--budget: {budget!r} is not a number of games; pass a whole number, "
                        "e.g. --budget 20000")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0 or seed >= 1 << 64:
        raise UserError(f"--seed: {seed!r} is not a seed; pass a whole number from 0 to 2**64-1")
    if isinstance(generations, bool) or not isinstance(generations, int) or not 1 <= generations <= 10000:
        raise UserError(f"--generations: {generations!r} is not a number of generations; pass a "
                        f"whole number from 1 to 10000 (default {GENERATIONS})")


def _check_budget(budget: int, seats: int, cells: int = 1) -> None:
    # one generation at the least (a budget too small for the generations asked plays fewer)
    per_eval_min = max(MIN_GAMES_PER_EVAL, seats)
    minimum = cells * (int(math.ceil(((LAMBDA + 1) * per_eval_min) / SEARCH_SHARE)) + 1)
    if budget < minimum:
        what = f"{cells} cells of " if cells > 1 else ""
        raise UserError(f"--budget: {budget} games are too few to tune {what}a {seats}-seat policy; "
                        f"give at least {minimum}")


def _jobs(jobs: Optional[int]) -> int:
    return jobs if jobs is not None else max(1, min(os.cpu_count() or 1, 8))


def _search(setup: _Setup, budget: int, seed: int, jobs: int, progress,
            target_generations: int = GENERATIONS) -> TuneResult:
    """The (1+lambda) search and its two checks, on `budget` games (module docstring)."""
    from simsuite.rng import derive_seed

    n = len(setup.seats)
    per_eval_min = max(MIN_GAMES_PER_EVAL, n)

    search_budget = int(budget * SEARCH_SHARE)
    # games per candidate: the budget spread over the generations asked for, a multiple of
    # the seats
    m = max(per_eval_min, search_budget // ((LAMBDA + 1) * target_generations))
    m -= m % n
    m = max(m, n)
    generations = max(1, search_budget // ((LAMBDA + 1) * m))
    paired_games = max(n, int(budget * PAIRED_SHARE) // 2)
    h2h_games = max(n, budget - generations * (LAMBDA + 1) * m - 2 * paired_games)

    rng = np.random.Generator(np.random.PCG64(derive_seed(seed, _MUTATION_STREAM)))
    search_master = derive_seed(seed, _SEARCH_STREAM)
    parent = setup.start.copy()
    scale = setup.scale
    sigma = SIGMA0
    accepted = 0
    history = []
    played = 0
    for gen in range(generations):
        mutants = []
        k = max(2, int(round(len(parent) * MOVED_SHARE)))
        for _ in range(LAMBDA):
            moved = rng.choice(len(parent), size=k, replace=False)
            child = parent.copy()
            child[moved] += sigma * scale[moved] * rng.standard_normal(k)
            mutants.append(child)
        evals = _evaluate_many(setup, [parent] + mutants, search_master, gen * m, m, jobs)
        played += (LAMBDA + 1) * m
        fit = [float(e.fitness(setup.objective).mean()) for e in evals]
        shown = [e.rate for e in evals] if setup.objective == "wins" else fit
        # under --min-bottom-rate, only the mutants that keep the floor (or the parent's rate)
        eligible = [i for i in range(1, len(evals))
                    if _meets_floor(evals[i].bottom_rate, evals[0].bottom_rate,
                                    setup.min_bottom_rate)]
        best = max(eligible, key=lambda i: fit[i]) if eligible else int(np.argmax(fit[1:])) + 1
        diff, (lo, _) = paired_difference(evals[best].fitness(setup.objective),
                                          evals[0].fitness(setup.objective), z=ACCEPT_Z)
        success = lo > 0 and bool(eligible)
        history.append((gen, shown[0], shown[best], sigma))
        if progress:
            floor = (f", bottom {evals[0].bottom_rate:.3f} -> {evals[best].bottom_rate:.3f}"
                     if setup.min_bottom_rate is not None else "")
            progress(f"generation {gen + 1}/{generations}: parent {shown[0]:.3f}, best mutant "
                     f"{shown[best]:.3f}{' (kept)' if success else ''}, step {sigma:.3f}{floor}")
        if success:
            parent = mutants[best - 1]
            accepted += 1
            sigma *= 1.5                # one-fifth rule: grow after a success ...
        else:
            sigma *= 1.5 ** -0.25       # ... shrink after a failure (balance at 1 in 5)
        sigma = float(min(max(sigma, 0.02), 2.0))

    # paired check on fresh games: tuned and start in the same seats, same field
    pe = _evaluate_many(setup, [parent, setup.start], derive_seed(seed, _PAIRED_STREAM), 0,
                        paired_games, jobs)
    played += 2 * paired_games
    diff, ci = paired_difference(pe[0].measure(setup.objective), pe[1].measure(setup.objective))
    paired = {"games": paired_games, "objective": setup.objective, "tuned_rate": pe[0].rate,
              "start_rate": pe[1].rate, "tuned_margin": float(pe[0].margins.mean()),
              "start_margin": float(pe[1].margins.mean()), "difference": diff, "ci95": ci}
    if setup.min_bottom_rate is not None:
        paired.update(min_bottom_rate=setup.min_bottom_rate, tuned_bottom=pe[0].bottom_rate,
                      start_bottom=pe[1].bottom_rate)
    # head to head: tuned in one seat, the start weights everywhere else
    hh = _evaluate_many(setup, [parent], derive_seed(seed, _H2H_STREAM), 0, h2h_games, jobs,
                        others=setup.start)[0]
    played += h2h_games
    from simsuite.reporting.stats import wilson_interval

    k = int(hh.wins.sum())
    head = {"games": h2h_games, "tuned_rate": hh.rate, "fair_share": 1.0 / setup.n,
            "ci95": wilson_interval(k, h2h_games)}
    return TuneResult(setup.policy_name, setup.names, setup.start, parent, generations, accepted,
                      played, history, paired, head)


def _fmt(x: float) -> str:
    return f"{x:.6g}"


def write_weights(result: TuneResult, out: Path, *, scenario: str = "", budget: int = 0,
                  seed: int = 0, generations: int = GENERATIONS) -> None:
    """Write `name` and a `[weights]` table (TOML) for a scenario's policy entry."""
    p = result.paired
    gens = f" --generations {generations}" if generations != GENERATIONS else ""
    gens += f" --objective {p['objective']}" if p.get("objective", "wins") != "wins" else ""
    gens += _floor_flag(p.get("min_bottom_rate"))
    lines = [
        f"# Tuned by `simsuite tune {scenario} --budget {budget} --seed {seed}{gens}`.",
        f"# Search: {result.generations} generations of 1+{LAMBDA}, "
        f"{result.accepted} improvements, "
        f"{result.games_played} games in all.",
        f"# Paired check on fresh games, tuned vs start: {_paired_text(p)}.",
        "# Use it in a scenario as a [[policy]] entry: copy `name` and the weights table.",
        f'name = "{result.policy}"',
        "",
        "[weights]",
    ]
    for name, value in zip(result.weight_names, result.tuned):
        lines.append(f"{name} = {_fmt(float(value))}")
    out = Path(out)
    tmp = out.with_name(out.name + ".tmp")
    tmp.write_text("\n".join(lines) + "\n", encoding="utf-8")
    os.replace(tmp, out)


def _floor_flag(min_bottom_rate: Optional[float]) -> str:
    """The --min-bottom-rate option as a written command names it ("" when not given)."""
    return "" if min_bottom_rate is None else f" --min-bottom-rate {_fmt(min_bottom_rate)}"


def tune_command(scenario: Path, budget: int, seed: int, out: Path, by: Optional[str] = None,
                 generations: int = GENERATIONS, objective: str = "wins",
                 min_bottom_rate: Optional[float] = None) -> None:
    """`simsuite tune SCENARIO --budget N --seed S --out FILE [--by KEY] [--generations G]
    [--objective wins|margin|soft] [--min-bottom-rate R]`."""
    import sys

    out = Path(out)
    if out.exists() and out.is_dir():
        raise UserError(f"--out: {out} is a folder; give a file name such as tuned.toml")
    if not out.parent.exists():
        raise UserError(f"--out: folder {out.parent} does not exist; "
                        "create it or choose another path")
    if by is not None:
        cells = tune_table(Path(scenario), by, budget, seed, out, generations=generations,
                           objective=objective, min_bottom_rate=min_bottom_rate,
                           progress=lambda msg: print(msg, file=sys.stderr, flush=True))
        print(f"tuned {len(cells)} cells by {by} (a row written where it changes a seat's "
              f"weights); table written to {out}")
        for cell, r in cells.items():
            name = cell if isinstance(cell, str) else ", ".join(cell)
            print(f"  {by} = {name}: tuned vs start {_paired_text(r.paired)}")
        return
    result = tune(Path(scenario), budget, seed, generations=generations, objective=objective,
                  min_bottom_rate=min_bottom_rate, progress=lambda msg: print(msg, file=sys.stderr, flush=True))
    write_weights(result, out, scenario=str(scenario), budget=budget, seed=seed,
                  generations=generations)
    p, h = result.paired, result.head_to_head
    print(f"tuned {result.policy}: {result.generations} generations, "
          f"{result.accepted} improvements, "
          f"{result.games_played} games; weights written to {out}")
    print(f"against the field: tuned vs start weights {_paired_text(p)}")
    print(f"head to head against the start weights ({h['games']} games): tuned wins "
          f"{h['tuned_rate']:.1%} (95% CI {h['ci95'][0]:.1%} to {h['ci95'][1]:.1%}; "
          f"fair share {h['fair_share']:.1%})")


# ---------------------------------------------------------------- weights tables

def tune_table(scenario: Path, by: str, budget: int, seed: int, out: Path, *,
               jobs: Optional[int] = None, progress=None, generations: int = GENERATIONS,
               objective: str = "wins", min_bottom_rate: Optional[float] = None) -> dict:
    """Learn a weights table (simsuite/policies/tables.py): one row per cell of the group keys
    `by` names, comma-separated (e.g. "mat", or "faction,mat" for each pair the rules deal),
    each tuned by the search above on its share of `budget`, in games where the tuned policy
    plays the seat dealt that cell against the scenario's field. Each row also names `solo`
    (true when tuned against a solo opponent); with `players` among the keys, a multiplayer
    run's rows name the scenario's player count too, so rows tuned at each count live in one
    file (a seat plays the most specific row that matches it). A game's key that names one
    value per scenario (Scythe's Automa `difficulty`) works the same way: the rows name the
    scenario's level, and rows tuned at each level live in one file.

    Resumable: after each finished row the rows so far are kept in `<out>.partial.json` (with
    what they were tuned for); the same command after an interruption skips them. Each row's
    search is seeded from (`seed`, its position) alone, so an interrupted and resumed run
    writes the same table as an uninterrupted one. Returns {cell: TuneResult}, a cell being
    its value for one key and the tuple of its values for several.
    """
    import json

    from simsuite.policies.tables import write_table
    from simsuite.rng import derive_seed
    from simsuite.scenario import load_scenario_table, parse_toml, short_hash

    _check_arguments(budget, seed, generations, objective, min_bottom_rate)
    base = _setup(scenario)
    base.objective = objective
    base.min_bottom_rate = min_bottom_rate
    # a row applies where it was tuned: solo games (a seat the rules play) or not
    solo = len(base.seats) < base.n
    names, per_players = _table_by(base, by, solo)
    by = ",".join(names + ["players"] * per_players)
    cells = base.spec.table_cells(base.config, names)
    # a key with one value in every cell (the scenario's Automa level) sorts the rows like
    # `players`: a run replaces the rows of its own value only
    fixed = {k: cells[0][k] for k in base.spec.table_run_keys(names) if cells}
    _check_budget(budget, len(base.seats), len(cells))
    _, doc = parse_toml(Path(scenario))
    per_cell = budget // len(cells)
    # the tuned policy names a table: each row starts from it and keeps it unless beaten
    refining = base.config.policies[0].table is not None
    out = Path(out)
    partial = out.with_name(out.name + ".partial.json")
    job = {"scenario": short_hash(doc), "by": by, "budget": budget, "seed": seed,
           "generations": generations, **({"objective": objective} if objective != "wins" else {}),
           **({"min_bottom_rate": min_bottom_rate} if min_bottom_rate is not None else {})}
    done: dict = {}
    if partial.exists():
        saved = json.loads(partial.read_text())
        if saved.get("job") == job:
            done = saved["rows"]
    results = {}
    for i, cell in enumerate(cells):
        label, key = _cell_label(cell, " = "), _cell_key(cell)
        if label in done:
            if progress:
                progress(f"{label}: kept from the interrupted run")
            results[key] = TuneResult(**{**done[label], "start": np.array(done[label]["start"]),
                                         "tuned": np.array(done[label]["tuned"])})
            continue
        cell_doc = base.spec.fix_seat(doc, cell, base.config)
        variant = _setup_from(base, load_scenario_table(cell_doc, Path(scenario)))
        variant.seat_of = (lambda idx, sds, cfg=variant.config, c=cell:
                           base.spec.seats_holding(cfg, c, idx, sds))
        if refining:
            row = _table_row(base, {"players": base.n, "solo": solo, **cell})
            variant.start = row
        if progress:
            progress(f"{label} ({i + 1} of {len(cells)}): {per_cell} games")
        results[key] = _search(variant, per_cell, int(derive_seed(seed, 100 + i)), _jobs(jobs),
                               progress, generations)
        done[label] = {k: (v.tolist() if isinstance(v, np.ndarray) else v)
                       for k, v in results[key].__dict__.items()}
        partial.write_text(json.dumps({"job": job, "rows": done}, default=float) + "\n")
    # the file's [weights] hold the start weights (policy[0]'s weights, or its table's base) as
    # changes to the policy's defaults, and each row its changes to them, as load_table reads it
    defaults = [float(d) for _, d in compiled_policies(base.spec.name)[base.policy_name].weights]
    start = [float(x) for x in base.start]
    gens = f" --generations {generations}" if generations != GENERATIONS else ""
    gens += f" --objective {objective}" if objective != "wins" else ""
    gens += _floor_flag(min_bottom_rate)
    kind = _kind_label(solo, base.n if per_players else None, fixed)
    one = " and ".join(names)
    header = [f"Tuned by `simsuite tune {scenario} --by {by} --budget {budget} --seed {seed}"
              f"{gens} --out {out}` ({kind}; regenerate with the same command).",
              f"One row per {one}{' dealt' if len(names) > 1 else ''}: the search of `simsuite "
              f"tune` on {per_cell} games each, in the seat dealt that {one}, against the "
              "scenario's field. A row is kept only where its paired check on fresh games is "
              "better than the start weights (95% interval above 0)"
              + (f" and its bottom-action rate there is at least {_fmt(min_bottom_rate)} or at "
                 "least the start weights'." if min_bottom_rate is not None else ".")]
    if refining:
        header[1:1] = (["Each row started from the scenario's table (policy[0].weights_table), "
                        "which it keeps where the tuned weights do not beat it."]
                       + start_provenance(base.config.policies[0].table.header, solo, base.n,
                                          fixed))
    rows = []
    for cell in cells:
        r = results[_cell_key(cell)]
        p = r.paired
        better = p["ci95"][0] > 0
        keep = better and _meets_floor(p.get("tuned_bottom"), p.get("start_bottom"),
                                       p.get("min_bottom_rate"))
        verdict = "kept" if keep else ("not kept (the start row stays)" if refining else "not kept")
        if better and not keep:
            verdict += ": its bottom-action rate is under the floor and the start weights'"

        header.append(f"{_cell_label(cell, ' ')}: {r.accepted} improvements in {r.generations} "
                      f"generations; paired check {_paired_text(p)}: {verdict}")
        if keep or refining:
            match = {**cell, **({"players": base.n} if per_players else {}), "solo": solo}
            rows.append((match, tuple(float(x) for x in (r.tuned if keep else r.start))))
    header, kept = _keep_other_runs(out, base.policy_name, kind, header, base, defaults,
                                    names, cells)
    rows = _in_cell_order(kept + _changing_rows(rows, kept, start, base.n), kind, names, base)
    write_table(out, base.policy_name, base.names, defaults, start, rows, header)
    partial.unlink(missing_ok=True)
    return results


def _table_by(base: _Setup, by: str, solo: bool) -> tuple:
    """`--by`: the group keys it names (checked against the game's) and whether it names
    `players` (a multiplayer table's rows for the scenario's player count)."""
    keys = base.spec.table_keys(base.config)
    names = [k.strip() for k in str(by).split(",") if k.strip()]
    for k in names:
        if k != "players" and k not in keys:
            raise UserError(f"--by {k!r}: {base.spec.name} tables are keyed by "
                            f"{', '.join(keys) or 'nothing'} (and players); choose among them, "
                            "comma-separated")
    if not [k for k in names if k != "players"] or len(set(names)) < len(names):
        raise UserError(f"--by {by!r}: name each of {', '.join(keys) or 'nothing'} at most once, "
                        f"and at least one of them (e.g. --by {next(iter(keys), 'mat')})")
    if "players" in names and solo:
        raise UserError("--by players: a solo scenario's rows are for solo games (solo = true) "
                        "whatever the count; leave players out")
    return [k for k in names if k != "players"], "players" in names


def _cell_label(cell: dict, sep: str) -> str:
    return ", ".join(f"{k}{sep}{v}" for k, v in cell.items())


def _cell_key(cell: dict):
    values = tuple(cell.values())
    return values[0] if len(values) == 1 else values


def _kind_label(solo: bool, players: Optional[int], fixed: Optional[dict] = None) -> str:
    """What a run's rows are for, as its header's "Tuned by" line says: solo games, or
    multiplayer ones (of one player count when its rows name it), and the value of each key
    fixed for the run that its rows name (e.g. the Automa's difficulty). A run replaces the
    rows of its own kind in the file it writes and keeps the others."""
    named = "".join(f"{k} = {v}, " for k, v in sorted((fixed or {}).items()))
    if solo or players is None:
        return f"rows with {named}solo = {str(solo).lower()}"
    return f"rows with {named}players = {players}, solo = false"


def _row_kind(match: dict, run_keys: Sequence[str]) -> str:
    """The kind (_kind_label) of a table row, from the keys it names."""
    return _kind_label(match.get("solo") is True, match.get("players"),
                       {k: match[k] for k in run_keys if k in match})


def _paired_text(p: dict) -> str:
    """A paired check as the header and the command print it: win rates, or mean margins
    (objective margin), the difference and its 95% interval, and the games; under
    --min-bottom-rate, the two bottom-action rates too."""
    text = _paired_result(p)
    if p.get("min_bottom_rate") is None:
        return text
    return (f"{text}; bottom action when payable {p['tuned_bottom']:.3f} vs "
            f"{p['start_bottom']:.3f}")


def _paired_result(p: dict) -> str:
    if p.get("objective") == "margin":
        return (f"margin {p['tuned_margin']:+.2f} vs {p['start_margin']:+.2f} (difference "
                f"{p['difference']:+.2f}, 95% CI {p['ci95'][0]:+.2f} to {p['ci95'][1]:+.2f}; "
                f"win rate {p['tuned_rate']:.3f} vs {p['start_rate']:.3f}; {p['games']} games)")
    if p.get("objective") == "soft":
        return (f"soft wins difference {p['difference']:+.4f} (95% CI {p['ci95'][0]:+.4f} to "
                f"{p['ci95'][1]:+.4f}); win rate {p['tuned_rate']:.3f} vs {p['start_rate']:.3f}, "
                f"margin {p['tuned_margin']:+.2f} vs {p['start_margin']:+.2f}; {p['games']} games")
    return (f"{p['tuned_rate']:.3f} vs {p['start_rate']:.3f} (difference {p['difference']:+.3f}, "
            f"95% CI {p['ci95'][0]:+.3f} to {p['ci95'][1]:+.3f}, {p['games']} games)")


def _header_blocks(header: Sequence[str]) -> list:
    """A table's header cut into the runs that tuned its rows: (kind label or None, lines),
    each from its "Tuned by" line up to the next run's."""
    blocks, lines = [], list(header)
    starts = [i for i, ln in enumerate(lines) if ln.startswith("Tuned by")]
    for a, b in zip(starts, starts[1:] + [len(lines)]):
        first = lines[a]
        kind = first.split("(", 1)[1].split(";", 1)[0] if "(rows with " in first else None
        blocks.append((kind, lines[a:b]))
    return blocks


# The opening words of the header lines that name a table a refining run started from.
_CHAIN_LINES = ("The table it started from", "That table in turn started from")


def _chain_command(line: str) -> str:
    """The command a chain line names (the line itself if it names none)."""
    return line.split("`")[1] if "`" in line else line


def start_provenance(start_header: Sequence[str], solo: bool, players: int = 0,
                     fixed: Optional[dict] = None) -> list:
    """The header lines a refining run writes about the table it started from: the commands
    that tuned the rows a seat of this run could start from (solo rows for a solo run; for a
    multiplayer one, the rows for any count and those for its count; and the rows of the
    run's fixed keys, e.g. its Automa level), from the table's own header, and the tables
    those started from in turn, so the written file names the whole chain of commands that
    regenerates it."""
    kinds = {_kind_label(solo, None)} | (set() if solo else {_kind_label(False, players)})
    if fixed:
        kinds.add(_kind_label(solo, None if solo else players, fixed))
    blocks = [lines for kind, lines in _header_blocks(start_header) if kind in kinds]
    if not blocks or any("`" not in lines[0] for lines in blocks):
        return ["The table it started from names no command for these rows; keep that file to "
                "regenerate this one."]
    chain = []          # each line less its opening words (_CHAIN_LINES)
    for block in blocks:
        chain.append(f": the rows of `{_chain_command(block[0])}`; to regenerate, run the "
                     "commands of this chain from the last one up, then this one.")
        chain += [ln[len(opening):] for ln in block[1:] for opening in _CHAIN_LINES
                  if ln.startswith(opening)]
    # A start that several blocks (or several rounds of one kind) share is named once, at its
    # last place: the chain is run from the last line up, so each table still comes before
    # every table that started from it.
    last = {_chain_command(rest): i for i, rest in enumerate(chain)}
    once = [rest for i, rest in enumerate(chain) if last[_chain_command(rest)] == i]
    return [_CHAIN_LINES[0] + once[0]] + [_CHAIN_LINES[1] + rest for rest in once[1:]]


def _table_row(base: _Setup, context: dict) -> np.ndarray:
    """The weights the tuned policy's table (policy[0].weights_table) gives a seat described by
    `context`: where a refining run starts that seat's search."""
    vec = base.config.policies[0].table.vector(context)
    return np.array(vec[:len(base.names)], dtype=np.float64)


def _keep_other_runs(out: Path, policy: str, kind: str, header: list, base, defaults,
                     names: Sequence[str] = (), cells: Sequence[dict] = ()):
    """When `out` already holds this policy's table, its rows tuned for other kinds of game
    (solo or not, of another player count) and their header lines are kept beside this run's:
    the commands of a policy's table, run in turn, write one file. A refining run into a new
    file keeps them from the table it started from (policy[0]'s) instead, so that the file
    is that whole table with this run's rows replaced, not a table that silently gives every
    other kind of seat the base weights. Rows of this run's own kind and keys (`names`) whose
    cell the run did not tune (its scenario deals only some, `cells`) are kept too, with a
    header line saying so. Returns the header and the rows kept."""
    from simsuite.policies.tables import load_table

    keys = base.spec.table_keys(base.config)
    if out.is_file():
        try:
            old = load_table(out, policy, base.names, defaults, list(keys), keys)
        except UserError:
            return header, []          # not a table of this policy: replaced
    elif base.config.policies[0].table is not None:
        old = base.config.policies[0].table
    else:
        return header, []
    run_keys = base.spec.table_run_keys(list(keys))
    rows = [(dict(m), v) for m, v in old.rows]
    kept = [(m, v) for m, v in rows if _row_kind(m, run_keys) != kind]
    tuned = {tuple(c[k] for k in names) for c in cells}
    untuned = [(m, v) for m, v in rows if _row_kind(m, run_keys) == kind
               and set(m) - {"solo", "players"} == set(names)
               and tuple(m[k] for k in names) not in tuned]
    if untuned:
        n = len(untuned)
        header = header + [f"{n} other row{'s' if n > 1 else ''} of these keys kept as "
                           f"{'they were' if n > 1 else 'it was'}: the scenario does not deal "
                           f"{'their cells' if n > 1 else 'its cell'}."]
    if not kept:
        return header, untuned
    lines = [ln for k, block in _header_blocks(old.header) if k != kind for ln in block]
    return lines + header, kept + untuned


def _in_cell_order(rows: list, kind: str, names: Sequence[str], base) -> list:
    """The rows of this run's kind and keys after the others, in the order of their cells'
    values (the game's order of factions, mats, ...): a run over some cells, which keeps the
    rows of the others (_keep_other_runs), writes them where a run over every cell would."""
    values = base.spec.table_keys(base.config)
    run_keys = base.spec.table_run_keys(list(values))

    def own(match: dict) -> bool:
        return (_row_kind(match, run_keys) == kind
                and set(match) - {"solo", "players"} == set(names))

    mine = sorted((r for r in rows if own(r[0])),
                  key=lambda r: tuple(values[k].index(r[0][k]) for k in names))
    return [r for r in rows if not own(r[0])] + mine


def _changing_rows(rows: list, kept: list, start: Sequence[float], players: int) -> list:
    """This run's rows less those that give their seats exactly what the kept rows already
    give them (a refining run's start row, not beaten, that came from a less specific row of
    another kind, e.g. a mat row under a faction and mat cell): the file then holds only rows
    that change a seat's weights, and a later run of that other kind is not shadowed by
    stale copies."""
    from simsuite.policies.tables import WeightTable

    others = WeightTable("", tuple(start), tuple((tuple(sorted(m.items())), tuple(v))
                                                  for m, v in kept))
    return [(m, v) for m, v in rows
            if not np.allclose(others.vector({"players": players, **m})[:len(v)], v,
                               rtol=1e-9, atol=0)]


def _setup_from(base: _Setup, sc) -> _Setup:
    """The tuning setup of a variant of the base scenario (same policy, field, weights,
    objective and floor)."""
    return _Setup(base.spec, sc.config, sc.config.n_players, base.seats, base.policy_name,
                  base.policy_id, base.names, base.start, base.floor, base.field,
                  objective=base.objective, min_bottom_rate=base.min_bottom_rate)
