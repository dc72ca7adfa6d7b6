"""Synthetic and handmade datasets of any declared game, for report tests and benchmarks.

Everything here derives from a game's declaration (simsuite/schema.py, `GameSchema`): the
columns, their types and the file metadata that tells reports the game's keys.

`generate()` writes games of a `Design` (the declaration, the values dealt to seats for its
keys, keys derived from them, combinations never dealt, planted effects), vectorised with
numpy and written shard by shard, so a 10-million-row dataset takes seconds and little
memory. The games are not played by any rules: each seat's score parts are drawn around its
planted strength, the highest score wins and a random tie-breaker leaves a few shared wins.
A game's own design is `SYNTHETIC` in its reports package (`design_of`).

`write_dataset()` writes hand-written rows (tests), every missing column filled with a
neutral default, in the folder layout of `simsuite run`.
"""
from __future__ import annotations

import hashlib
import importlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Dict, Mapping, Optional, Sequence, Tuple, Union

import numpy as np
import polars as pl
import pyarrow as pa

import simsuite
from simsuite.schema import BASE_COLUMNS, SCHEMA_VERSION, GameSchema

# mean final score of a synthetic seat without planted strength
MEAN_SCORE = 60.0


@dataclass
class Effects:
    """Planted strengths, in expected points of final score: per value of one column
    (`by={"seat": {0: 1.5}, "leader": {"olga": 2.0}}`) and per combination of values of
    several dealt keys (`combos={("leader", "realm"): {("olga", "north"): 6.0}}`)."""

    by: Dict[str, Dict[object, float]] = field(default_factory=dict)
    combos: Dict[Tuple[str, ...], Dict[Tuple, float]] = field(default_factory=dict)


Derive = Callable[[Mapping[str, np.ndarray]], np.ndarray]


@dataclass(frozen=True)
class Design:
    """What a synthetic dataset of one game deals.

    `values`: the values of the keys dealt to seats (each value at most once per game, so a
    game has at most as many players as the shortest list). `derive`: columns computed from
    the dealt ones (per row). `banned`: combinations of dealt keys never dealt when `bans` is
    on (a dealt combination re-deals its last key). `effects`: the planted strengths used
    unless a caller gives others. `variants`: the values of each variant key (one per game).
    """

    schema: GameSchema
    values: Mapping[str, Sequence[str]]
    derive: Mapping[str, Derive] = field(default_factory=dict)
    banned: Mapping[Tuple[str, ...], Sequence[Tuple]] = field(default_factory=dict)
    effects: Effects = field(default_factory=Effects)
    variants: Mapping[str, Sequence[str]] = field(default_factory=dict)
    players: Tuple[int, ...] = (2, 3, 4)

    @property
    def max_players(self) -> int:
        return min((len(v) for v in self.values.values()), default=8)


def design_of(game: Optional[str] = None) -> Design:
    """A game's synthetic design: `SYNTHETIC` in its reports package (simsuite.games.<game>.reports);
    without a game, the first game (by name) that has one."""
    from simsuite.reporting.registry import game_report_dirs

    for name in [game] if game else list(game_report_dirs()):
        try:
            return getattr(importlib.import_module(f"simsuite.games.{name}.reports"), "SYNTHETIC")
        except (ImportError, AttributeError):
            continue
    raise ValueError(f"no synthetic design for {game or 'any game'} "
                     "(SYNTHETIC in simsuite/games/<game>/reports/__init__.py)")


# --- columns and files ------------------------------------------------------------------------

def polars_schema(schema: Optional[GameSchema]) -> Dict[str, pl.DataType]:
    """Column name -> polars type: the base columns, then the game's own."""
    arrow = schema.arrow() if schema is not None else pa.schema([c.field for c in BASE_COLUMNS])
    return dict(pl.from_arrow(arrow.empty_table()).schema)


def _neutral(dtype: pl.DataType) -> pl.Expr:
    """A game column's default in handmade and synthetic rows: null text, zero, false."""
    if dtype == pl.String:
        return pl.lit(None, dtype=pl.String)
    if dtype == pl.Boolean:
        return pl.lit(False)
    return pl.lit(0).cast(dtype)


def _write_shard(frame: pl.DataFrame, folder: Path, shard: int, meta: Dict[str, str]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    final = folder / f"part-{shard:05d}.parquet"
    tmp = folder / f".part-{shard:05d}.parquet.tmp"
    frame.write_parquet(tmp, compression="zstd", metadata=meta)
    tmp.replace(final)
    return final


def _metadata(schema: Optional[GameSchema], scenario_text: str) -> Dict[str, str]:
    """The file metadata `simsuite run` writes, the game's declaration included (none without
    a schema: a dataset as an older simsuite wrote it)."""
    meta = {
        "simsuite.schema_version": SCHEMA_VERSION if schema is not None else "1",
        "simsuite.version": simsuite.__version__,
        "simsuite.scenario_hash": hashlib.sha256(scenario_text.encode()).hexdigest()[:16],
        "simsuite.scenario": scenario_text,
    }
    if schema is not None:
        meta.update({k.decode(): v.decode() for k, v in schema.metadata().items()})
    return meta


def _finish(out: Path, game: str, scenario: str, shards: list, meta: Dict[str, str], seed: int,
            shard_size: int) -> None:
    """OUT/manifest.json in the runner's layout (simsuite/dataset.py, Manifest), merged with
    any scenarios already recorded there; `generator` says these games were not played."""
    path = out / "manifest.json"
    data = json.loads(path.read_text()) if path.exists() else {"schema_version": SCHEMA_VERSION,
                                                               "scenarios": {}}
    data["generator"] = "simsuite.reporting.synthetic (not played by any rules)"
    data["scenarios"][scenario] = {
        "game": game,
        "scenario_hash": meta["simsuite.scenario_hash"],
        "seed": seed,
        "shard_size": shard_size,
        "shards": {str(k): {"file": f"game={game}/scenario={scenario}/part-{k:05d}.parquet",
                            "start": start, "stop": stop, "rows": rows}
                   for k, (start, stop, rows) in enumerate(shards)},
    }
    path.write_text(json.dumps(data, indent=2) + "\n")


# --- handmade rows ----------------------------------------------------------------------------

def complete_rows(rows: Union[pl.DataFrame, Sequence[dict]], schema: Optional[GameSchema] = None,
                  scenario_hash: str = "0" * 16) -> pl.DataFrame:
    """Fill every column a hand-written table leaves out, and cast to the schema's types.

    Needs game_index and seat. Defaults: n_players = rows in the game; rank from score
    (ties share the best rank) unless given; winner = rank 1; policy "heuristic"; a game's
    own columns: empty for a variant key (no variant), else null text, zero or false.
    Columns outside the schema are kept after it.
    """
    df = rows if isinstance(rows, pl.DataFrame) else pl.DataFrame(list(rows))
    for needed in ("game_index", "seat"):
        if needed not in df.columns:
            raise ValueError(f"handmade rows need a {needed} column")
    cols = set(df.columns)
    add = []
    if "n_players" not in cols:
        add.append(pl.len().over("game_index").alias("n_players"))
    if "score" not in cols:
        add.append(pl.lit(0).alias("score"))
    df = df.with_columns(add) if add else df
    if "rank" not in cols:
        df = df.with_columns(pl.col("score").rank("min", descending=True).over("game_index").alias("rank"))
    if "winner" not in cols:
        df = df.with_columns((pl.col("rank") == 1).alias("winner"))
    types = polars_schema(schema)
    defaults = {
        "scenario_hash": pl.lit(scenario_hash),
        "seed": pl.col("game_index").cast(pl.UInt64) + 1,
        "policy": pl.lit("heuristic"),
        "policy_id": pl.lit("h0"),
        "is_bot_opponent": pl.lit(False),
        "tied": pl.lit(False),
        "shared_win": pl.lit(False),
        "turns_taken": pl.lit(20),
        "game_turns": pl.lit(20) * pl.col("n_players").cast(pl.Int32),
        "end_reason": pl.lit("handmade"),
        "provisional_share": pl.lit(0.0),
    }
    if schema is not None:
        for c in schema.columns:
            defaults[c.name] = pl.lit("") if c.name in schema.variant_keys else _neutral(types[c.name])
    df = df.with_columns([expr.alias(name) for name, expr in defaults.items() if name not in df.columns])
    extra = [c for c in df.columns if c not in types]
    return df.select([pl.col(name).cast(dtype) for name, dtype in types.items()] + extra)


def write_dataset(rows: Union[pl.DataFrame, Sequence[dict]], out, schema: Optional[GameSchema] = None, *,
                  game: Optional[str] = None, scenario: str = "handmade",
                  games_per_shard: Optional[int] = None) -> Path:
    """Write hand-written rows as a dataset folder of `schema`'s game (see `complete_rows`).

    Without a schema the files carry no declaration, as an older simsuite wrote them; `game`
    (default: the schema's game, else "test") names the partition folder.
    """
    out = Path(out)
    game = game or (schema.game if schema is not None else "test")
    meta = _metadata(schema, f"# handmade dataset {scenario}\n")
    df = complete_rows(rows, schema, meta["simsuite.scenario_hash"]).sort(["game_index", "seat"])
    folder = out / f"game={game}" / f"scenario={scenario}"
    per = games_per_shard or max(1, df["game_index"].n_unique())
    df = df.with_columns((pl.col("game_index").rank("dense") - 1).alias("_g"))
    shards = []
    for shard, part in enumerate(_split(df, per)):
        _write_shard(part.drop("_g"), folder, shard, meta)
        shards.append((int(part["game_index"].min()), int(part["game_index"].max()) + 1, part.height))
    _finish(out, game, scenario, shards, meta, seed=0, shard_size=per)
    return out


def _split(df: pl.DataFrame, per: int):
    shard_of = df["_g"] // per
    for s in shard_of.unique().sort().to_list():
        yield df.filter(shard_of == s)


# --- synthetic games --------------------------------------------------------------------------

def _draw_distinct(rng: np.random.Generator, games: int, pool: int, n: int) -> np.ndarray:
    return np.argsort(rng.random((games, pool)), axis=1)[:, :n]


def _deal(rng: np.random.Generator, design: Design, games: int, n: int, bans: bool) -> Dict[str, np.ndarray]:
    """Value indices (games, n) of every dealt key; with `bans`, a banned combination
    re-deals its last key for that game until none is left."""
    idx = {k: _draw_distinct(rng, games, len(v), n) for k, v in design.values.items()}
    if not bans:
        return idx
    for keys, combos in design.banned.items():
        pos = [{v: i for i, v in enumerate(design.values[k])} for k in keys]
        banned = np.zeros([len(design.values[k]) for k in keys], dtype=bool)
        for combo in combos:
            banned[tuple(p[v] for p, v in zip(pos, combo))] = True
        last = keys[-1]
        while True:
            bad = banned[tuple(idx[k] for k in keys)].any(axis=1)
            if not bad.any():
                break
            idx[last][bad] = _draw_distinct(rng, int(bad.sum()), len(design.values[last]), n)
    return idx


def _strength(design: Design, effects: Effects, idx: Dict[str, np.ndarray], seat: np.ndarray,
              pol: np.ndarray, policies: Sequence[str]) -> np.ndarray:
    """Each seat's planted strength (games, n)."""
    strength = np.zeros(seat.shape)
    columns = {**{k: (idx[k], design.values[k]) for k in idx}, "seat": (seat, range(seat.shape[1])),
               "policy": (pol, policies)}
    for col, table in effects.by.items():
        if col not in columns:
            raise ValueError(f"planted effect on {col!r}: not a dealt key, seat or policy")
        codes, values = columns[col]
        for i, v in enumerate(values):
            strength += (codes == i) * table.get(v, 0.0)
    for keys, table in effects.combos.items():
        for combo, v in table.items():
            hit = np.ones(seat.shape, dtype=bool)
            for k, value in zip(keys, combo):
                hit &= idx[k] == list(design.values[k]).index(value)
            strength += hit * v
    return strength


def _games_block(rng: np.random.Generator, design: Design, n: int, first_index: np.ndarray,
                 effects: Effects, bans: bool, policies: Sequence[str],
                 variants: Mapping[str, Sequence[str]]) -> Dict[str, np.ndarray]:
    games = first_index.size
    shape = (games, n)
    idx = _deal(rng, design, games, n, bans)
    pol = rng.integers(0, len(policies), size=shape)
    seat = np.broadcast_to(np.arange(n), shape)
    strength = _strength(design, effects, idx, seat, pol, policies)

    schema = design.schema
    comps = list(schema.score_components)
    parts = {c: rng.poisson(np.maximum(0.5, (MEAN_SCORE + strength) / len(comps))) for c in comps}
    score = sum(parts.values()) if comps else rng.poisson(np.maximum(1.0, MEAN_SCORE + strength))
    # highest score wins; a random tie-breaker in 0..2 leaves a few ties shared
    key = score * 3 + rng.integers(0, 3, size=shape)
    rank = 1 + (key[:, None, :] > key[:, :, None]).sum(axis=2)
    winner = rank == 1
    shared = winner & (winner.sum(axis=1, keepdims=True) > 1)
    tied = (score[:, None, :] == score[:, :, None]).sum(axis=2) > 1
    turns = 14 + rng.poisson(6.0, size=(games, 1)) + np.zeros(shape, dtype=np.int64)
    seeds = rng.integers(0, 2**63, size=games, dtype=np.int64).astype(np.uint64)

    rep = lambda a: np.repeat(a, n)  # noqa: E731  (per game -> per row)
    out = {
        "game_index": rep(first_index),
        "seed": rep(seeds),
        "n_players": np.full(games * n, n),
        "seat": seat.ravel(),
        "policy": np.asarray(policies, dtype=object)[pol].ravel(),
        "policy_id": np.char.add("p", pol.ravel().astype(str)),
        "is_bot_opponent": np.zeros(games * n, dtype=bool),
        "score": score.ravel(),
        "rank": rank.ravel(),
        "winner": winner.ravel(),
        "tied": tied.ravel(),
        "shared_win": shared.ravel(),
        "turns_taken": turns.ravel(),
        "game_turns": (turns * n).ravel(),
        "end_reason": np.full(games * n, "synthetic", dtype=object),
        "provisional_share": np.zeros(games * n),
    }
    out.update({k: np.asarray(design.values[k], dtype=object)[idx[k]].ravel() for k in idx})
    out.update({c: v.ravel() for c, v in parts.items()})
    for k, values in variants.items():
        out[k] = rep(np.asarray(values, dtype=object)[rng.integers(0, len(values), size=games)])
    for col, fn in design.derive.items():
        out[col] = fn(out)
    return out


def generate(out, design: Design, rows: int = 1_000_000, *, players: Optional[Sequence[int]] = None,
             seed: int = 0, effects: Optional[Effects] = None, bans: bool = False,
             policies: Sequence[str] = ("heuristic",), variants: Optional[Mapping[str, Sequence[str]]] = None,
             shard_rows: int = 500_000, scenario: str = "synthetic") -> Path:
    """Write a synthetic dataset of about `rows` rows (whole games) of `design`'s game.

    Player counts (default: the design's) cycle game by game; `effects` default to the
    design's planted ones; `variants` (default: the design's) give each variant key's values.
    The other game columns hold neutral values. Deterministic for a given seed. Returns the
    dataset folder.
    """
    schema = design.schema
    players = tuple(players or design.players)
    effects = design.effects if effects is None else effects
    # a variant key without values plays without the variant (""), as in handmade rows
    variants = {**{k: ("",) for k in schema.variant_keys},
                **(design.variants if variants is None else variants)}
    if rows < 1:
        raise ValueError("rows must be positive")
    if any(n < 2 or n > design.max_players for n in players):
        raise ValueError(f"player counts must be in 2..{design.max_players}")
    out = Path(out)
    text = (f"# synthetic dataset of {schema.game}\nseed = {seed}\nrows = {rows}\n"
            f"players = {list(players)}\nbans = {str(bans).lower()}\n"
            f"effects = {json.dumps(_effects_json(effects))!r}\n")
    meta = _metadata(schema, text)
    types = polars_schema(schema)
    neutral = [_neutral(t).alias(c) for c, t in types.items()]
    folder = out / f"game={schema.game}" / f"scenario={scenario}"
    rng = np.random.default_rng(seed)
    cycle = np.asarray(players)
    mean_n = float(cycle.mean())
    total_games = int(np.ceil(rows / mean_n))
    per_shard = max(1, int(shard_rows / mean_n))
    shards = []
    start = 0
    while start < total_games:
        stop = min(total_games, start + per_shard)
        idx = np.arange(start, stop)
        counts = cycle[idx % len(cycle)]
        parts = []
        for n in players:
            sel = idx[counts == n]
            if sel.size:
                parts.append(pl.DataFrame(_games_block(rng, design, int(n), sel, effects, bans,
                                                       policies, variants)))
        frame = pl.concat(parts).with_columns(pl.lit(meta["simsuite.scenario_hash"]).alias("scenario_hash"))
        frame = frame.with_columns([e for e in neutral if e.meta.output_name() not in frame.columns])
        frame = frame.select([pl.col(c).cast(t) for c, t in types.items()]).sort(["game_index", "seat"])
        _write_shard(frame, folder, len(shards), meta)
        shards.append((start, stop, frame.height))
        start = stop
    _finish(out, schema.game, scenario, shards, meta, seed=seed, shard_size=per_shard)
    return out


def _effects_json(e: Effects) -> dict:
    return {"by": {c: {str(k): v for k, v in t.items()} for c, t in e.by.items()},
            "combos": {"+".join(keys): {"+".join(map(str, combo)): v for combo, v in t.items()}
                       for keys, t in e.combos.items()}}
