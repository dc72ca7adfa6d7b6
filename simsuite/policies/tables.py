"""Weight tables: a compiled policy whose weights depend on what its seat was dealt.

A table gives a base weight vector and rows that change it for seats matching some keys: the
player count (`players`), whether the game is solo (`solo`), and the game's own grouping keys
(its schema's `group_keys`, e.g. Scythe's `faction` and `mat`, and against the Automa its
`difficulty`). A seat plays the most specific
row that matches it (the one naming most keys; among equals, the later one), on top of the base.
The core picks the row once the game is set up (ext/common/seats.pxi `seats_pick_rows`), so
a table works when factions or mats are dealt by the rules from the game's seed.

File format (TOML; `simsuite tune --by KEY` writes one, with the command that made it):

    name = "expert"              # the compiled policy the table is for
    [weights]                    # the base: changes to the policy's default weights
    power = 0.5
    [[row]]
    mat = "<a mat>"              # keys this row matches (any of players, solo, the group keys)
    weights = { production = 1.3 }
    [[row]]
    faction = "<a faction>"
    solo = true
    weights = { card = 0.9 }
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional, Sequence

from simsuite.datafiles import did_you_mean
from simsuite.errors import UserError
from simsuite.policies import hashed_weights

GENERIC_KEYS = ("players", "solo")


@dataclass(frozen=True)
class WeightTable:
    policy: str
    base: tuple                   # full weight vector
    rows: tuple                   # ((match as sorted (key, value) pairs), full weight vector)
    header: tuple = field(default=(), compare=False)   # the file's "# " lines: its provenance

    def vector(self, context: dict) -> tuple:
        """The weights of a seat described by `context` (players, solo and group keys)."""
        best, best_n = self.base, -1
        for match, vec in self.rows:
            if all(context.get(k) == v for k, v in match) and len(match) >= best_n:
                best, best_n = vec, len(match)
        return best

    def normalized(self) -> dict:
        return {"base": hashed_weights(self.base),
                "rows": [[dict(m), hashed_weights(v)] for m, v in self.rows]}


def _vector(start: Sequence[float], changes: dict, names: Sequence[str], where: str) -> tuple:
    out = list(start)
    for key, value in changes.items():
        if key not in names:
            raise UserError(f"{where}: unknown weight {key!r}; {did_you_mean(key, names)}")
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise UserError(f"{where}: weight {key} must be a number, got {value!r}; write e.g. {key} = 1.0")
        out[list(names).index(key)] = float(value)
    return tuple(out)


def load_table(path: Path, policy: str, names: Sequence[str], defaults: Sequence[float],
               group_keys: Sequence[str], group_values: dict) -> WeightTable:
    """Read and check a table file for `policy` (weight `names`, `defaults` vector, padded to
    the core's length by the caller); `group_values` lists the valid values of each group
    key. Every problem is a one-line UserError naming the file and the row."""
    path = Path(path)
    if not path.is_file():
        raise UserError(f"{path}: weights table not found; give the path of a file written by "
                        "simsuite tune --by KEY (relative to the scenario)")
    text = path.read_text(encoding="utf-8")
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise UserError(f"{path.name}: not valid TOML: {err}; fix the syntax there")
    name = path.name
    if doc.get("name") not in (None, policy):
        raise UserError(f"{name}: a table for policy {doc.get('name')!r}, not {policy!r}; "
                        f"use a table tuned for {policy!r} or change the policy name")
    extra = set(doc) - {"name", "weights", "row"}
    if extra:
        key = sorted(extra)[0]
        raise UserError(f"{name}: unknown key {key!r}; {did_you_mean(key, ('name', 'weights', 'row'))}")
    base = _vector(defaults, doc.get("weights", {}), names, f"{name}: [weights]")
    keys = list(GENERIC_KEYS) + list(group_keys)
    rows = []
    for i, row in enumerate(doc.get("row", [])):
        where = f"{name}: row[{i}]"
        if not isinstance(row, dict) or not isinstance(row.get("weights", {}), dict):
            raise UserError(f"{where}: must be a [[row]] table with a weights table; see the "
                            "format in simsuite/policies/tables.py")
        match = []
        for key, value in row.items():
            if key == "weights":
                continue
            if key not in keys:
                raise UserError(f"{where}: unknown key {key!r}; {did_you_mean(key, keys)}")
            if key == "players" and (isinstance(value, bool) or not isinstance(value, int)):
                raise UserError(f"{where}: players must be a whole number, got {value!r}")
            if key == "solo" and not isinstance(value, bool):
                raise UserError(f"{where}: solo must be true or false, got {value!r}")
            if key in group_values and value not in group_values[key]:
                raise UserError(f"{where}: unknown {key} {value!r}; "
                                f"{did_you_mean(value, group_values[key])}")
            match.append((key, value))
        if not match:
            raise UserError(f"{where}: names no key; say which seats it is for (e.g. mat = ...) "
                            "or move its weights to [weights]")
        rows.append((tuple(sorted(match)), _vector(base, row.get("weights", {}), names, where)))
    header = tuple(ln[2:] for ln in text.splitlines() if ln.startswith("# "))
    return WeightTable(policy, base, tuple(rows), header)


def write_table(path: Path, policy: str, names: Sequence[str], defaults: Sequence[float],
                base: Sequence[float], rows: Sequence, header: Sequence[str]) -> None:
    """Write a table file (rows: (match dict, full vector)); weights equal to the defaults
    (base) or to the base (rows) are left out."""
    import os

    def fmt(v) -> str:
        return f"{v:.6g}" if isinstance(v, float) else (("true" if v else "false") if isinstance(v, bool)
                                                       else (f'"{v}"' if isinstance(v, str) else str(v)))

    lines = [f"# {h}" for h in header] + [f'name = "{policy}"', "", "[weights]"]
    lines += [f"{n} = {fmt(float(b))}" for n, b, d in zip(names, base, defaults) if b != d]
    for match, vec in rows:
        # keys in name order, as load_table reads them back: a rewrite keeps the file's bytes
        lines += ["", "[[row]]"] + [f"{k} = {fmt(v)}" for k, v in sorted(match.items())]
        changes = [f"{n} = {fmt(float(v))}" for n, v, b in zip(names, vec, base) if v != b]
        lines.append("weights = { " + ", ".join(changes) + " }")
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text("\n".join(lines) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def table_path(value: str, scenario_dir: Path, shipped_dir: Optional[Path]) -> Path:
    """A scenario's `weights_table`: a path relative to the scenario, or the name of a table
    shipped with the game (its package's `tables/<name>.toml`)."""
    given = Path(scenario_dir) / value
    if given.is_file() or shipped_dir is None:
        return given
    shipped = Path(shipped_dir) / f"{value}.toml"
    return shipped if shipped.is_file() else given
