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

`--by KEYS` learns a weights table instead; the `simsuite tune` command (tune_command) and the
tables live in simsuite/tuning_table.py.

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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Optional

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
