"""`simsuite tune --by KEYS`: learn a weights table (simsuite/policies/tables.py) instead of one
set of weights. The search of simsuite/tuning.py runs once per cell of the game's group keys
KEYS, comma-separated (each Scythe mat, or each faction and mat pair the rules deal; only the
cells the scenario can deal its seat), in the games where the tuned policy sits in the seat
dealt that cell; `players` among the keys makes the rows name the scenario's player count, and
`difficulty` (Scythe, against the Automa: a scenario of one level) its Automa level. A row is
kept only where its paired check beats the start weights. When the tuned policy names a
`weights_table`, each row's search starts from that table's row for the seat, and a row that
does not beat it keeps the table's row (a run refines the table). The rows of other kinds of
game (solo or not, another player count or level) and their header lines are kept from `out`
when it holds this policy's table, else from the table the run started from. It resumes after
an interruption (`<out>.partial.json`) and is deterministic.

The header of the written table names the chain of commands that regenerates it
(start_provenance). `tune_command`, the `simsuite tune` command, runs the search of
simsuite/tuning.py alone or, with `--by`, once per row here.
"""
from __future__ import annotations

from pathlib import Path
from typing import Optional, Sequence

import numpy as np

from simsuite.errors import UserError
from simsuite.policies import compiled_policies
from simsuite.tuning import (GENERATIONS, TuneResult, _check_arguments, _check_budget, _fmt,
                             _floor_flag, _jobs, _meets_floor, _paired_text, _search, _setup,
                             _Setup, tune, write_weights)


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


def tune_table(scenario: Path, by: str, budget: int, seed: int, out: Path, *,
               jobs: Optional[int] = None, progress=None, generations: int = GENERATIONS,
               objective: str = "wins", min_bottom_rate: Optional[float] = None) -> dict:
    """Learn a weights table (simsuite/policies/tables.py): one row per cell of the group keys
    `by` names, comma-separated (e.g. "mat", or "faction,mat" for each pair the rules deal),
    each tuned by simsuite/tuning.py's search on its share of `budget`, in games where the tuned policy
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
