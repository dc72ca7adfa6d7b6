"""Scenario files: loading, validation of the common keys, and checking helpers for game specs.

A scenario is a TOML file (format in scenarios/README.md). This module checks the keys every
game shares (name, game, games, seed, shard_size, out) and hands the rest to the game's spec,
which uses the helpers below so that every mistake gets the same kind of one-line error:
`<file>: <key>: <what is wrong>; <how to fix it>`.
"""
from __future__ import annotations

import hashlib
import json
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Optional

from simsuite.datafiles import closest
from simsuite.errors import UserError

COMMON_KEYS = ("name", "game", "games", "seed", "shard_size", "out")
MAX_SEED = (1 << 64) - 1
# A scenario name is a hive folder name (scenario=<name>): starting with a letter keeps polars
# from reading it back as a number or a date; "true"/"false" would come back as booleans.
_NAME_RE = re.compile(r"^[A-Za-z][A-Za-z0-9_.-]*$")


class Checker:
    """Raises one-line UserErrors about the keys of one scenario file."""

    def __init__(self, source: Path):
        self.source = Path(source)

    def fail(self, key: str, problem: str, fix: str) -> UserError:
        return UserError(f"{self.source.name}: {key}: {problem}; {fix}")

    def wrap(self, key: str, err: UserError) -> UserError:
        """Prefix another one-line error (it already says how to fix it) with file and key."""
        return UserError(f"{self.source.name}: {key}: {err.message}")

    def check_keys(self, table: dict, allowed: Iterable[str], where: str = "") -> None:
        """Every key of `table` must be in `allowed`; a typo gets the closest valid key."""
        allowed = list(allowed)
        for key in table:
            if key not in allowed:
                name = f"{where}.{key}" if where else key
                close = closest(key, allowed)
                fix = f"did you mean {close!r}?" if close else (
                    "valid keys here: " + ", ".join(allowed) if allowed else "remove it")
                raise self.fail(name, "unknown key", fix)

    def table(self, parent: dict, key: str, where: str = "", default: Optional[dict] = None) -> dict:
        name = f"{where}.{key}" if where else key
        value = parent.get(key, default if default is not None else {})
        if not isinstance(value, dict):
            raise self.fail(name, f"must be a table, got {_show(value)}", f"write it as [{name}]")
        return value

    def required(self, parent: dict, key: str, where: str = "", example: str = "") -> Any:
        if key not in parent:
            name = f"{where}.{key}" if where else key
            raise self.fail(name, "missing key", f"add it, e.g. {example or key + ' = ...'}")
        return parent[key]

    def integer(self, parent: dict, key: str, *, where: str = "", default: Any = ...,
                minimum: Optional[int] = None, maximum: Optional[int] = None,
                example: str = "") -> int:
        name = f"{where}.{key}" if where else key
        if key not in parent:
            if default is ...:
                raise self.fail(name, "missing key", f"add it, e.g. {example or key + ' = 1'}")
            return default
        value = parent[key]
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(name, f"must be a whole number, got {_show(value)}",
                            f"write e.g. {example or key + ' = 1'}")
        if minimum is not None and value < minimum:
            what = "negative" if value < 0 <= minimum else "too small"
            raise self.fail(name, f"{what} ({value}); it must be at least {minimum}",
                            f"set {key} = {minimum} or more")
        if maximum is not None and value > maximum:
            raise self.fail(name, f"too large ({value}); it must be at most {maximum}",
                            f"set {key} = {maximum} or less")
        return value

    def number(self, parent: dict, key: str, *, where: str = "", default: Any = ...,
               minimum: Optional[float] = None) -> float:
        name = f"{where}.{key}" if where else key
        if key not in parent:
            if default is ...:
                raise self.fail(name, "missing key", f"add it, e.g. {key} = 1.0")
            return default
        value = parent[key]
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.fail(name, f"must be a number, got {_show(value)}", f"write e.g. {key} = 1.0")
        if value != value or value in (float("inf"), float("-inf")):
            raise self.fail(name, f"must be a finite number, got {value}", f"write e.g. {key} = 1.0")
        if minimum is not None and value < minimum:
            what = "negative" if value < 0 <= minimum else "too small"
            raise self.fail(name, f"{what} ({value}); it must be at least {minimum}",
                            f"set {key} = {minimum} or more")
        return float(value)

    def boolean(self, parent: dict, key: str, *, where: str = "", default: Any = ...) -> bool:
        name = f"{where}.{key}" if where else key
        if key not in parent:
            if default is ...:
                raise self.fail(name, "missing key", f"add it, e.g. {key} = true")
            return default
        value = parent[key]
        if not isinstance(value, bool):
            raise self.fail(name, f"must be true or false, got {_show(value)}",
                            f"write {key} = true or {key} = false")
        return value

    def string(self, parent: dict, key: str, *, where: str = "", default: Any = ...,
               example: str = "") -> str:
        name = f"{where}.{key}" if where else key
        sample = example or f'{key} = "..."'
        if key not in parent:
            if default is ...:
                raise self.fail(name, "missing key", f"add it, e.g. {sample}")
            return default
        value = parent[key]
        if not isinstance(value, str):
            raise self.fail(name, f"must be a text string in quotes, got {_show(value)}",
                            f"write e.g. {sample}")
        return value

    def files(self, table: dict, key: str, *, where: str, example: str, what: str = "data file",
              allow_one: bool = False) -> tuple[list, tuple]:
        """Files a scenario names under `key` (a list, or with `allow_one` a single name too),
        relative to the scenario file: their paths, and (name, sha256) of each for the
        scenario hash (a changed file is a changed scenario)."""
        name = f"{where}.{key}"
        files = table.get(key, [])
        if allow_one and isinstance(files, str):
            files = [files]
        if not isinstance(files, list) or not all(isinstance(f, str) for f in files):
            problem = "must be a file name or a list of them" if allow_one else "must be a list of file names"
            raise self.fail(name, problem, f"write e.g. {example}")
        paths = [self.source.parent / f for f in files]
        for f, p in zip(files, paths):
            if not p.is_file():
                raise self.fail(name, f"{what} {f!r} not found next to the scenario",
                                "give its path relative to the scenario file")
        return paths, tuple((f, hashlib.sha256(p.read_bytes()).hexdigest()) for f, p in zip(files, paths))

    def choice(self, value: str, valid: Iterable[str], key: str, what: str) -> str:
        """`value` (case-insensitive) must be one of `valid`; returns the canonical spelling."""
        valid = list(valid)
        low = {v.lower(): v for v in valid}
        if isinstance(value, str) and value.lower() in low:
            return low[value.lower()]
        close = closest(str(value).lower(), low)
        hint = f"did you mean {low[close]!r}? " if close else ""
        raise self.fail(key, f"unknown {what} {_show(value)}", f"{hint}valid: {', '.join(valid)}")


def _show(value: Any) -> str:
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    return str(value)


def canonical_json(value: Any) -> str:
    """The normal form hashed into scenario and policy ids: sorted keys, no spaces."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)


def short_hash(value: Any, length: int = 16) -> str:
    return hashlib.sha256(canonical_json(value).encode()).hexdigest()[:length]


@dataclass(frozen=True)
class Scenario:
    """A validated scenario, ready to run."""
    name: str
    spec: Any            # simsuite.games.base.GameSpec
    config: Any          # the spec's GameConfig
    games: int
    seed: int
    shard_size: int
    out: Path
    source: Path
    text: str            # the TOML text as written (stored in every file's metadata)
    hash: str            # short hash of what decides each game's result

    @property
    def game(self) -> str:
        return self.spec.name


def scenario_hash(spec_name: str, seed: int, config: Any) -> str:
    """Hash of everything that decides a game's result: not `games`, `shard_size`, `out` or
    `name`, so a batch may be extended with more games and still share one hash."""
    return short_hash({"game": spec_name, "seed": seed, "config": config.normalized()})


def parse_toml(path: Path) -> tuple[str, dict]:
    path = Path(path)
    if not path.is_file():
        raise UserError(f"{path}: scenario file not found; give the path of a .toml file "
                        "(the shipped ones are in scenarios/)")
    text = path.read_text(encoding="utf-8")
    try:
        return text, tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise UserError(f"{path.name}: not valid TOML: {err}; fix the syntax there")


def load_scenario(path: Path, *, games: Optional[int] = None, out: Optional[Path] = None) -> Scenario:
    """Read and validate a scenario (common keys here, the rest by its game's spec).

    `games` and `out` are the command line's overrides. Nothing runs before this succeeds.
    """
    path = Path(path)
    text, doc = parse_toml(path)
    return load_scenario_table(doc, path, text, games=games, out=out)


def load_scenario_table(doc: dict, path: Path, text: str = "", *, games: Optional[int] = None,
                        out: Optional[Path] = None) -> Scenario:
    """Validate a parsed scenario table as if read from `path` (errors name that file)."""
    from simsuite.games import get_game

    path = Path(path)
    check = Checker(path)
    game_name = check.string(doc, "game", example='game = "scythe"')
    try:
        spec = get_game(game_name)
    except UserError as err:
        raise check.wrap("game", err)
    check.check_keys(doc, list(COMMON_KEYS) + list(spec.scenario_keys))

    name = check.string(doc, "name", default=path.stem)
    if not _NAME_RE.match(name) or name.lower() in ("true", "false"):
        raise check.fail("name", f"{name!r} is not a usable scenario name (it names a folder)",
                         "use letters, digits, '_', '.', '-', starting with a letter, e.g. scythe-4p")
    n_games = check.integer(doc, "games", minimum=1, example="games = 1000")
    if games is not None:
        if isinstance(games, bool) or not isinstance(games, int) or games < 1:
            raise UserError(f"--games: must be a whole number of at least 1, got {games}; "
                            "pass e.g. --games 1000")
        n_games = games
    seed = check.integer(doc, "seed", minimum=0, maximum=MAX_SEED, example="seed = 1")
    shard_size = check.integer(doc, "shard_size", minimum=1, default=spec.default_shard_size)
    out_dir = Path(out) if out is not None else Path(
        check.string(doc, "out", default=f"results/{name}", example='out = "results/mine"'))

    config = spec.validate(doc, path)
    return Scenario(name=name, spec=spec, config=config, games=n_games, seed=seed,
                    shard_size=shard_size, out=out_dir, source=path, text=text,
                    hash=scenario_hash(spec.name, seed, config))
