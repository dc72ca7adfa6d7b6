"""Generic pieces for game data files: read TOML, merge a user's file over the shipped one,
check entries against a small schema, and report every problem as one line.

Nothing here names a game: a game's loader declares its schema with the checkers below and
calls `read_toml`, `merge_sections` and `check_entry`. Error format (a `UserError`):
`<file>: <section>.<entry>: <problem>; <fix>`.
"""
from __future__ import annotations

import difflib
import tomllib
from pathlib import Path
from typing import Any, Callable, Iterable

from simsuite.errors import UserError

Checker = Callable[[Any, str], Any]


class FieldError(Exception):
    """A problem with one value: what is wrong and how to fix it."""

    def __init__(self, problem: str, fix: str):
        super().__init__(problem)
        self.problem, self.fix = problem, fix


def suggest(word: object, choices: Iterable[str]) -> str:
    choices = list(choices)
    hit = difflib.get_close_matches(str(word), choices, n=1, cutoff=0.6)
    return f"did you mean {hit[0]!r}?" if hit else "valid: " + ", ".join(choices)


def read_toml(path: Path | str) -> dict:
    path = Path(path)
    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise UserError(f"{path}: no such data file; check the path") from None
    except tomllib.TOMLDecodeError as exc:
        raise UserError(f"{path}: not valid TOML ({exc}); fix the syntax") from None


# ----------------------------------------------------------------- value checkers

def integer(lo: int = 0, hi: int | None = None) -> Checker:
    def check(v, name):
        if isinstance(v, bool) or not isinstance(v, int):
            raise FieldError(f"{name} must be a whole number, not {v!r}", "write an integer without quotes")
        if v < lo or (hi is not None and v > hi):
            span = f"{lo}..{hi}" if hi is not None else f">= {lo}"
            raise FieldError(f"{name} is {v}, outside {span}", f"use a value in {span}")
        return v
    return check


def text(choices: Iterable[str] | None = None) -> Checker:
    choices = tuple(choices) if choices is not None else None

    def check(v, name):
        if not isinstance(v, str) or not v.strip():
            raise FieldError(f"{name} must be a non-empty string, not {v!r}", "put the value in double quotes")
        if choices is not None and v not in choices:
            raise FieldError(f"{name} is {v!r}", suggest(v, choices))
        return v
    return check


def boolean() -> Checker:
    def check(v, name):
        if not isinstance(v, bool):
            raise FieldError(f"{name} must be true or false, not {v!r}", "write true or false without quotes")
        return v
    return check


def list_of(item: Checker, max_len: int | None = None) -> Checker:
    def check(v, name):
        if not isinstance(v, list):
            raise FieldError(f"{name} must be a list, not {v!r}", "write it as [ ... ]")
        if max_len is not None and len(v) > max_len:
            raise FieldError(f"{name} has {len(v)} items, more than {max_len}", f"give at most {max_len}")
        return [item(x, f"{name}[{i}]") for i, x in enumerate(v)]
    return check


def counts(keys: Iterable[str], hi: int = 20) -> Checker:
    """A table of small non-negative counts keyed by names from `keys` (e.g. goods)."""
    keys = tuple(keys)
    one = integer(0, hi)

    def check(v, name):
        if not isinstance(v, dict):
            raise FieldError(f"{name} must be a table like {{ {keys[0]} = 1 }}, not {v!r}", "write it as { name = number }")
        for k, n in v.items():
            if k not in keys:
                raise FieldError(f"{name} names {k!r}", suggest(k, keys))
            one(n, f"{name}.{k}")
        return dict(v)
    return check


def table(fields: dict[str, Checker], required: Iterable[str] = ()) -> Checker:
    """A nested table with known fields (some required)."""
    required = tuple(required)

    def check(v, name):
        if not isinstance(v, dict):
            raise FieldError(f"{name} must be a table, not {v!r}", "write it as { key = value, ... }")
        for k in v:
            if k not in fields:
                raise FieldError(f"{name} has an unknown field {k!r}", suggest(k, fields))
        for k in required:
            if k not in v:
                raise FieldError(f"{name} lacks {k!r}", f"add {k} = ...")
        return {k: fields[k](x, f"{name}.{k}") for k, x in v.items()}
    return check


# ----------------------------------------------------------------- entries and files

def check_entry(where: str, entry: dict, fields: dict[str, Checker], required: Iterable[str]) -> dict:
    """Check one entry; `where` is "<file>: <section>.<key>" for the error line."""
    try:
        return table(fields, required)(entry, "entry")
    except FieldError as exc:
        problem = exc.problem.removeprefix("entry.").removeprefix("entry ")
        raise UserError(f"{where}: {problem}; {exc.fix}") from None


def merge_sections(base: dict[str, dict], origin: dict[str, str], user: dict, user_file: str,
                   sections: Iterable[str], single: Iterable[str] = ()) -> None:
    """Merge a user file's sections into `base` (section -> key -> entry) in place.

    In a section of entries (`[card.<key>]`), an existing entry is updated field by field (a
    field's new value replaces the old one whole, tables included), a new key adds an entry
    (it must then be complete), `present = false` removes the entry. A `single` section
    (`[solo]`) is one entry: its fields are replaced the same way. `origin` maps
    "<section>.<key>" (or the single section's name) to the file that last set it.
    """
    sections, single = tuple(sections), tuple(single)
    for section, entries in user.items():
        if section == "meta":
            continue
        if section not in sections:
            raise UserError(f"{user_file}: unknown section [{section}]; {suggest(section, sections)}")
        if not isinstance(entries, dict):
            raise UserError(f"{user_file}: [{section}] must be a table; write [{section}] or [{section}.<key>]")
        target = base.setdefault(section, {})
        if section in single:
            target.update(entries)
            origin[section] = user_file
            continue
        for key, entry in entries.items():
            where = f"{section}.{key}"
            if not isinstance(entry, dict):
                raise UserError(f"{user_file}: {where} must be a table of fields; write [{where}]")
            origin[where] = user_file
            if entry.get("present", True) is False:
                target.pop(key, None)
                continue
            target[key] = {**target.get(key, {}), **entry}
