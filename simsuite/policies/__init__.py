"""Policies: the table of compiled policies, and the Python policy interface.

Compiled policies live in a game's core and are chosen by integer id; their parameters are a
vector of `MAX_WEIGHTS` doubles, named here. To add a compiled policy, implement it in the
core's `choose` dispatch and list a `CompiledPolicy` for it: policies every game has go in
`COMPILED` below; a game's own go in the `POLICIES` tuple of the module its game package
names (`POLICIES = "..."` in simsuite/games/<game>/__init__.py).

A Python policy is any class with

    def choose(self, view: dict, options: list[int], stream: simsuite.rng.Stream) -> int

returning one element of `options` (the legal options, sorted), where `view` is what the
deciding player may see and `stream` is that seat's own random stream. A scenario names it
by dotted path, `name = "package.module:ClassName"`, and its `params` table is passed to the
class as keyword arguments. The class must be importable wherever the games run (on every
Dask worker too). Python policies are much slower than compiled ones but give the same
results for the same decisions.
"""
from __future__ import annotations

import inspect
import tomllib
from pathlib import Path
from dataclasses import dataclass, field
from typing import Any, Optional

from simsuite.errors import UserError, import_named

MAX_WEIGHTS = 48  # length of a compiled policy's weight vector in every core
# Hashes (policy_id, scenario_hash) cover the first HASHED_WEIGHTS weights when every later one
# is 0: MAX_WEIGHTS was 32 until session 22, and datasets written before it grew keep their
# hashes (so a batch still resumes); a weight set past it changes the hash, as it must.
HASHED_WEIGHTS = 32


def hashed_weights(vector) -> list[float]:
    """The part of a weight vector that a hash covers (HASHED_WEIGHTS above)."""
    vector = [float(v) for v in vector]
    if not any(vector[HASHED_WEIGHTS:]):
        return vector[:HASHED_WEIGHTS]
    return vector


@dataclass(frozen=True)
class CompiledPolicy:
    name: str
    id: int                                   # the core's policy id
    weights: tuple[tuple[str, float], ...]    # (name, default), in weight-vector order
    description: str
    games: Optional[tuple[str, ...]] = None   # games whose core has it; None = every game
    # the least step scale `simsuite tune` moves a weight by, by name, where the weight's natural
    # size is not its default (one that is 0 for every strategy); others use the tuner's floor
    steps: tuple[tuple[str, float], ...] = ()


COMPILED: dict[str, CompiledPolicy] = {
    p.name: p
    for p in (
        # Every core implements id 0: uniform over the legal options on the seat's own stream,
        # Stream(derive_seed(game seed, 1 + seat)).
        CompiledPolicy("random", 0, (), "uniform random choice among the legal options"),
    )
}


def compiled_policies(game: str) -> dict[str, CompiledPolicy]:
    """Every compiled policy a game's core offers, by name."""
    from simsuite.games import policy_module

    table = {n: p for n, p in COMPILED.items() if p.games is None or game in p.games}
    module = policy_module(game)
    if module is not None:
        for p in module.POLICIES:
            table.setdefault(p.name, p)
    return table


def strategy_policies(game: str, strategies: dict,
                      steps: tuple[tuple[str, float], ...] = ()) -> tuple[CompiledPolicy, ...]:
    """A game's POLICIES tuple from its strategy table: name -> (core id, ((weight name,
    default), ...), description); `steps` as CompiledPolicy.steps, for every strategy."""
    return tuple(CompiledPolicy(name, pid, weights, description, games=(game,), steps=steps)
                 for name, (pid, weights, description) in strategies.items())


def default_weight_vector(strategies: dict, name: str) -> list[float]:
    """The full MAX_WEIGHTS vector of a strategy's defaults (strategy table as above)."""
    _, weights, _ = strategies[name]
    vector = [0.0] * MAX_WEIGHTS
    for i, (_, value) in enumerate(weights):
        vector[i] = value
    return vector


@dataclass(frozen=True)
class PolicyChoice:
    """One seat's validated policy: a compiled one (id >= 0, weights) or a Python class."""
    name: str                         # registry name, or "package.module:Class"
    compiled_id: int                  # -1 for a Python policy
    weights: tuple[float, ...] = ()   # full weight vector of a compiled policy (MAX_WEIGHTS)
    params: dict = field(default_factory=dict)  # keyword arguments of a Python policy
    table: Any = None                 # a WeightTable (simsuite/policies/tables.py): weights by seat

    @property
    def is_python(self) -> bool:
        return self.compiled_id < 0

    def normalized(self) -> dict:
        if self.is_python:
            return {"name": self.name, "params": self.params}
        if self.table is not None:
            return {"name": self.name, "weights_table": self.table.normalized()}
        return {"name": self.name, "weights": hashed_weights(self.weights)}

    def weights_for(self, context: dict) -> tuple:
        """The weight vector this policy plays with in a seat described by `context`
        (players, solo and the game's group keys): its table's row, or its weights."""
        return self.table.vector(context) if self.table is not None else self.weights

    @property
    def policy_id(self) -> str:
        """Short hash of the name and its weights or parameters (the dataset's policy_id)."""
        from simsuite.scenario import short_hash

        return short_hash(self.normalized(), 8)

    def instantiate(self) -> Any:
        """A new instance of a Python policy (in the process that plays)."""
        cls = import_policy_class(self.name)
        return cls(**self.params)


def seat_policy_arrays(pols, row_contexts=None) -> tuple:
    """A core's per-seat policy arguments for resolved policies (None: a seat the rules
    play): compiled ids int32 [seats], weights float64 and the Python policy objects (None
    when every seat is compiled). Weights are [seats, MAX_WEIGHTS]; when a policy has a weights
    table and the game gives `row_contexts` (one seat description per row of the core's
    per-seat table, e.g. each faction x mat), [seats, rows, MAX_WEIGHTS], of which the core
    plays the row the seat is dealt (ext/common/seats.pxi seats_pick_rows)."""
    import numpy as np

    ids = np.array([max(p.compiled_id, 0) if p is not None else 0 for p in pols], dtype=np.int32)
    python = [p.instantiate() if p is not None and p.is_python else None for p in pols]
    python = python if any(x is not None for x in python) else None
    tables = row_contexts is not None and any(p is not None and p.table is not None for p in pols)
    rows = row_contexts if tables else [None]
    weights = np.zeros((len(pols), len(rows), MAX_WEIGHTS), dtype=np.float64)
    for s, p in enumerate(pols):
        if p is not None:
            for r, context in enumerate(rows):
                vec = p.weights_for(context) if context is not None else p.weights
                weights[s, r, :len(vec)] = vec
    return ids, (weights if tables else weights[:, 0, :]), python


def import_policy_class(path: str) -> type:
    """Import `package.module:ClassName`; one-line UserError for each way it can be wrong."""
    module_name, sep, attr = path.partition(":")
    if not sep or not module_name or not attr or not attr.isidentifier():
        raise UserError(f"policy {path!r} is neither a known policy nor a dotted path; "
                        "write package.module:ClassName")
    cls = import_named(path, f"policy {path!r}",
                       "make it importable (install it or add its folder to PYTHONPATH)")
    if not inspect.isclass(cls) or not callable(getattr(cls, "choose", None)):
        raise UserError(f"policy {path!r} is not a class with a choose(view, options, stream) "
                        "method; define one")
    return cls


def resolve_policy(game: str, value: Any, check, key: str, table_keys: Optional[dict] = None) -> PolicyChoice:
    """Validate one policy entry of a scenario: a name, or a table with `name` and either
    `weights`, `weights_file` or `weights_table` (compiled policy) or `params` (Python policy).
    `check` is a scenario Checker; `table_keys` the game's group keys with their valid values,
    for a weights table (None: the game takes none)."""
    if isinstance(value, str):
        value = {"name": value}
    if not isinstance(value, dict):
        raise check.fail(key, "must be a policy name or a table with name = ...",
                         'write e.g. policy = "random"')
    check.check_keys(value, ("name", "weights", "weights_file", "weights_table", "params"), key)
    name = check.string(value, "name", where=key, example='name = "random"')
    known = compiled_policies(game)
    if ":" not in name:
        if name.lower() not in known:
            try:
                check.choice(name, list(known), f"{key}.name", "policy")
            except UserError as err:
                raise UserError(err.message + " (or a Python policy as package.module:Class)")
        pol = known[name.lower()]
        if "params" in value:
            raise check.fail(f"{key}.params", f"{pol.name} is a compiled policy, which takes weights",
                             "rename params to weights")
        given = check.table(value, "weights", key)
        if "weights_file" in value:
            # a file written by `simsuite tune`, relative to the scenario; inline weights win
            rel = check.string(value, "weights_file", where=key)
            try:
                given = {**load_weights_file(Path(check.source).parent / rel, pol.name), **given}
            except UserError as err:
                raise check.wrap(f"{key}.weights_file", err)
        names = [w for w, _ in pol.weights]
        if given and not names:
            raise check.fail(f"{key}.weights", f"policy {pol.name} has no weights", "remove the weights table")
        if "weights_table" in value:
            return _with_table(game, pol, value, check, key, table_keys)
        check.check_keys(given, names, f"{key}.weights")
        vector = [0.0] * MAX_WEIGHTS
        for i, (w, default) in enumerate(pol.weights):
            vector[i] = check.number(given, w, where=f"{key}.weights", default=float(default))
        return PolicyChoice(pol.name, pol.id, tuple(vector))
    if "weights" in value:
        raise check.fail(f"{key}.weights", "a Python policy takes params (keyword arguments)",
                         "rename weights to params")
    params = check.table(value, "params", key)
    try:
        cls = import_policy_class(name)
    except UserError as err:
        raise check.wrap(f"{key}.name", err)
    try:
        inspect.signature(cls).bind(**params)
    except TypeError as err:
        raise check.fail(f"{key}.params", f"{name} does not accept these parameters ({err})",
                         "match the class's __init__ arguments")
    return PolicyChoice(name, -1, (), dict(params))


def _with_table(game: str, pol: CompiledPolicy, value: dict, check, key: str,
                table_keys: Optional[dict]) -> PolicyChoice:
    """A compiled policy whose weights come from a table by seat (simsuite/policies/tables.py)."""
    from simsuite.games import game_packages
    from simsuite.policies.tables import load_table, table_path

    for other in ("weights", "weights_file"):
        if other in value:
            raise check.fail(f"{key}.{other}", "cannot be combined with weights_table",
                             f"give the weights in the table (or drop weights_table)")
    if table_keys is None:
        raise check.fail(f"{key}.weights_table", f"game {game!r} takes no weights tables",
                         "give weights or weights_file")
    rel = check.string(value, "weights_table", where=key)
    package = game_packages().get(game)
    shipped = Path(package.__file__).parent / "tables" if package is not None else None
    defaults = [float(d) for _, d in pol.weights] + [0.0] * (MAX_WEIGHTS - len(pol.weights))
    names = [w for w, _ in pol.weights]
    try:
        table = load_table(table_path(rel, Path(check.source).parent, shipped), pol.name,
                           names, defaults, list(table_keys), table_keys)
    except UserError as err:
        raise check.wrap(f"{key}.weights_table", err)
    return PolicyChoice(pol.name, pol.id, table.base, table=table)


def resolve_seat_policies(game: str, scenario: dict, n_seats: int, check,
                          table_keys: Optional[dict] = None) -> tuple[PolicyChoice, ...]:
    """The scenario's `policy` key: one policy for every seat (a name or a table), or a list of
    `[[policy]]` tables, one for everyone or one per seat. Returns one PolicyChoice per seat."""
    value = scenario.get("policy", "random")
    if isinstance(value, list):
        if len(value) not in (1, n_seats):
            raise check.fail("policy", f"{len(value)} [[policy]] tables for {n_seats} players",
                             f"give one table for everyone, or one per seat ({n_seats})")
        choices = [resolve_policy(game, v, check, f"policy[{i}]", table_keys) for i, v in enumerate(value)]
    else:
        choices = [resolve_policy(game, value, check, "policy", table_keys)]
    return tuple(choices * n_seats if len(choices) == 1 else choices)


def load_weights_file(path: Path, policy: Optional[str] = None) -> dict:
    """The weights table of a file written by `simsuite tune` (for a scenario's policy entry);
    one-line UserError when it is missing, malformed, or tuned for another policy."""
    path = Path(path)
    if not path.is_file():
        raise UserError(f"{path}: weights file not found; give the path of a file written by "
                        "simsuite tune (relative to the scenario)")
    try:
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as err:
        raise UserError(f"{path.name}: not valid TOML: {err}; rewrite it with simsuite tune")
    weights = doc.get("weights")
    if not isinstance(weights, dict) or not all(
            isinstance(v, (int, float)) and not isinstance(v, bool) for v in weights.values()):
        raise UserError(f"{path.name}: needs a [weights] table of numbers; "
                        "rewrite it with simsuite tune")
    if policy is not None and doc.get("name") not in (None, policy):
        raise UserError(f"{path.name}: holds weights of policy {doc.get('name')!r}, "
                        f"not {policy!r}; "
                        f"use a file tuned for {policy!r} or change the policy name")
    return {k: float(v) for k, v in weights.items()}


def seat_choosers(pols, compiled_seats) -> list:
    """Per seat a chooser(game, options, stream) for resolved policies (None: a seat the rules
    play, no chooser): compiled seats ask `compiled_seats` (a core's CompiledSeats, seeded like
    its batch loop), Python seats their policy object with the seat's view. What a spec's
    `seat_choosers` returns, so `simsuite play` makes the choices `simsuite run` makes."""
    _, _, python = seat_policy_arrays(pols)
    out = []
    for s, p in enumerate(pols):
        if p is None:
            out.append(None)
        elif p.is_python:
            obj = python[s]
            out.append(lambda game, options, stream, obj=obj, s=s:
                       obj.choose(game.observation(s), options, stream))
        else:
            out.append(lambda game, options, stream: compiled_seats.choose(game))
    return out


def strategy_weights(names, base: dict, **changes: float) -> tuple[tuple[str, float], ...]:
    """A strategy's (name, value) weights in vector order: `base` with `changes` (a policy
    table's module, e.g. simsuite/games/<game>/policies.py, builds its strategies so)."""
    unknown = set(changes) - set(names)
    assert not unknown, unknown
    values = dict(base, **changes)
    return tuple((n, float(values[n])) for n in names)


def check_built(policies, built: dict, game: str) -> None:
    """A spec's `prepare`: every compiled policy of the scenario is in the built core (`built`:
    its COMPILED_POLICIES, name -> id), else a one-line UserError saying to rebuild it."""
    for p in policies:
        if not p.is_python and built.get(p.name) != p.compiled_id:
            raise UserError(f"policy {p.name!r} (id {p.compiled_id}) is not in the built {game} core "
                            f"(it has {built}); rebuild it: python setup.py build_ext --inplace")
