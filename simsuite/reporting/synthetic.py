"""Synthetic and handmade datasets in the results schema, for report tests and benchmarks.

`generate()` writes Scythe-like games with planted effects (a few pairs, a seat and a
faction stronger than the rest), vectorised with numpy and written shard by shard, so a
10-million-row dataset takes seconds and little memory. The games are not played by the
rules: scores are drawn at random around each seat's planted strength and the winner is
the highest score after the rulebook's tie-breakers (Rulebook 000 §"ПЕРЕМОЖЕЦЬ", digest
scythe-base.md §20.1: power, popularity, resources, territories, stars; the first
tie-breaker, units and structures on the board, is not simulated here).

`write_dataset()` writes hand-written rows (tests) with every missing column filled with a
neutral default, in the same folder layout as `simsuite run`.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, Optional, Sequence, Tuple, Union

import numpy as np
import polars as pl

import simsuite

SCHEMA: Dict[str, pl.DataType] = {
    "scenario_hash": pl.String,
    "game_index": pl.Int64,
    "seed": pl.UInt64,
    "n_players": pl.Int8,
    "seat": pl.Int8,
    "faction": pl.String,
    "mat": pl.String,
    "pair": pl.String,
    "policy": pl.String,
    "policy_id": pl.String,
    "is_bot_opponent": pl.Boolean,
    "difficulty": pl.String,
    "modules": pl.String,
    "score": pl.Int32,
    "score_coins": pl.Int32,
    "score_stars": pl.Int32,
    "score_territories": pl.Int32,
    "score_resources": pl.Int32,
    "score_structure_bonus": pl.Int32,
    "stars": pl.Int8,
    "territories": pl.Int16,
    "resources": pl.Int16,
    "popularity": pl.Int8,
    "power": pl.Int8,
    "rank": pl.Int8,
    "winner": pl.Boolean,
    "tied": pl.Boolean,
    "shared_win": pl.Boolean,
    "turns_taken": pl.Int16,
    "game_turns": pl.Int32,
    "end_reason": pl.String,
}

# Base-game factions and player mats (reference/scythe/factions.md, player-mats.md).
FACTIONS = ("nordic", "rusviet", "polania", "crimea", "saxony")
MATS = ("industrial", "engineering", "patriotic", "mechanical", "agricultural")
# Rulebook 000 "ВИБІР НАЦІЇ" (digest scythe-base.md §5 step 6): forbidden combinations.
BANNED_PAIRS = (("rusviet", "industrial"), ("crimea", "patriotic"))
# Popularity tiers (digest scythe-base.md §20): coins per star, per territory, per 2 resources.
_TIERS = np.array([[3, 2, 1], [4, 3, 2], [5, 4, 3]])
_TIER_POPULARITY = ((0, 6), (7, 12), (13, 18))


@dataclass
class Effects:
    """Planted strengths, in expected coins of final score."""

    faction: Dict[str, float] = field(default_factory=dict)
    mat: Dict[str, float] = field(default_factory=dict)
    pair: Dict[Tuple[str, str], float] = field(default_factory=dict)
    seat: Dict[int, float] = field(default_factory=dict)
    policy: Dict[str, float] = field(default_factory=dict)


PLANTED = Effects(
    faction={"crimea": 2.0, "polania": -1.5},
    pair={("rusviet", "industrial"): 6.0, ("crimea", "patriotic"): 4.0},
    seat={0: 1.5},
)


def _write_shard(frame: pl.DataFrame, folder: Path, shard: int, meta: Dict[str, str]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    final = folder / f"part-{shard:05d}.parquet"
    tmp = folder / f".part-{shard:05d}.parquet.tmp"
    frame.write_parquet(tmp, compression="zstd", metadata=meta)
    tmp.replace(final)
    return final


def _metadata(scenario: str, scenario_text: str) -> Dict[str, str]:
    import hashlib

    digest = hashlib.sha256(scenario_text.encode()).hexdigest()[:16]
    return {
        "simsuite.schema_version": "1",
        "simsuite.version": simsuite.__version__,
        "simsuite.scenario_hash": digest,
        "simsuite.scenario": scenario_text,
    }


def _finish(out: Path, game: str, scenario: str, shards: list, meta: Dict[str, str], seed: int,
            shard_size: int) -> None:
    """OUT/manifest.json in the runner's layout (simsuite/dataset.py, Manifest), merged with
    any scenarios already recorded there; `generator` says these games were not played."""
    path = out / "manifest.json"
    data = json.loads(path.read_text()) if path.exists() else {"schema_version": "1", "scenarios": {}}
    data["generator"] = "simsuite.reporting.synthetic (not played by the rules)"
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


def complete_rows(rows: Union[pl.DataFrame, Sequence[dict]], scenario_hash: str = "0" * 16) -> pl.DataFrame:
    """Fill every schema column a hand-written table leaves out, and cast to schema types.

    Needs game_index and seat. Defaults: n_players = rows in the game; rank from score
    (ties share the best rank) unless given; winner = rank 1; pair = faction+mat; policy
    "heuristic"; modules "" (base game); score components 0.
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
    defaults = {
        "scenario_hash": pl.lit(scenario_hash),
        "seed": pl.col("game_index").cast(pl.UInt64) + 1,
        "faction": pl.lit(None, dtype=pl.String),
        "mat": pl.lit(None, dtype=pl.String),
        "policy": pl.lit("heuristic"),
        "policy_id": pl.lit("h0"),
        "is_bot_opponent": pl.lit(False),
        "difficulty": pl.lit(None, dtype=pl.String),
        "modules": pl.lit(""),
        "tied": pl.lit(False),
        "shared_win": pl.lit(False),
        "turns_taken": pl.lit(20),
        "game_turns": pl.lit(20) * pl.col("n_players").cast(pl.Int32),
        "end_reason": pl.lit("sixth_star"),
    }
    for name in SCHEMA:
        if name.startswith("score_") or name in ("stars", "territories", "resources", "popularity", "power"):
            defaults[name] = pl.lit(0)
    df = df.with_columns([expr.alias(name) for name, expr in defaults.items() if name not in df.columns])
    if "pair" not in df.columns:
        df = df.with_columns(
            pl.when(pl.col("faction").is_not_null() & pl.col("mat").is_not_null())
            .then(pl.col("faction") + "+" + pl.col("mat")).otherwise(None).alias("pair"))
    extra = [c for c in df.columns if c not in SCHEMA]
    return df.select([pl.col(name).cast(dtype) for name, dtype in SCHEMA.items()] + extra)


def write_dataset(rows: Union[pl.DataFrame, Sequence[dict]], out, *, game: str = "scythe",
                  scenario: str = "handmade", games_per_shard: Optional[int] = None) -> Path:
    """Write hand-written rows as a dataset folder (see `complete_rows` for the defaults)."""
    out = Path(out)
    meta = _metadata(scenario, f"# handmade dataset {scenario}\n")
    df = complete_rows(rows, meta["simsuite.scenario_hash"]).sort(["game_index", "seat"])
    folder = out / f"game={game}" / f"scenario={scenario}"
    n_games = df["game_index"].n_unique()
    per = games_per_shard or max(1, n_games)
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


def _draw_distinct(rng: np.random.Generator, games: int, pool: int, n: int) -> np.ndarray:
    return np.argsort(rng.random((games, pool)), axis=1)[:, :n]


def _games_block(rng: np.random.Generator, n: int, games: int, first_index: np.ndarray,
                 effects: Effects, bans: bool, policies: Sequence[str],
                 modules: Sequence[str]) -> Dict[str, np.ndarray]:
    fac = _draw_distinct(rng, games, len(FACTIONS), n)
    mat = _draw_distinct(rng, games, len(MATS), n)
    if bans:
        # Rulebook 000 "ВИБІР НАЦІЇ": a dealt banned pair discards the mat and draws another.
        banned = np.zeros((len(FACTIONS), len(MATS)), dtype=bool)
        for f, m in BANNED_PAIRS:
            banned[FACTIONS.index(f), MATS.index(m)] = True
        while True:
            bad = banned[fac, mat].any(axis=1)
            if not bad.any():
                break
            mat[bad] = _draw_distinct(rng, int(bad.sum()), len(MATS), n)
    pol = rng.integers(0, len(policies), size=(games, n))
    strength = np.zeros((games, n))
    for i, name in enumerate(FACTIONS):
        strength += (fac == i) * effects.faction.get(name, 0.0)
    for i, name in enumerate(MATS):
        strength += (mat == i) * effects.mat.get(name, 0.0)
    for (f, m), v in effects.pair.items():
        strength += ((fac == FACTIONS.index(f)) & (mat == MATS.index(m))) * v
    for s, v in effects.seat.items():
        if s < n:
            strength[:, s] += v
    for i, name in enumerate(policies):
        strength += (pol == i) * effects.policy.get(name, 0.0)

    shape = (games, n)
    tier = rng.choice(3, size=shape, p=(0.2, 0.5, 0.3))
    rates = _TIERS[tier]  # (games, n, 3)
    stars = rng.binomial(6, np.clip(0.45 + strength / 40.0, 0.05, 0.95))
    territories = rng.poisson(np.maximum(0.5, 5.0 + strength / 6.0))
    resources = rng.poisson(8.0, size=shape)
    bonus = rng.choice(np.array([0, 2, 3, 4, 6, 9]), size=shape)
    coins = rng.poisson(np.maximum(1.0, 18.0 + strength / 2.0))
    s_stars = stars * rates[..., 0]
    s_terr = territories * rates[..., 1]
    s_res = (resources // 2) * rates[..., 2]
    score = coins + s_stars + s_terr + s_res + bonus
    lo = np.array([t[0] for t in _TIER_POPULARITY])[tier]
    hi = np.array([t[1] for t in _TIER_POPULARITY])[tier]
    popularity = lo + (rng.random(shape) * (hi - lo + 1)).astype(np.int64)
    power = rng.integers(0, 17, size=shape)

    # Digest scythe-base.md §20.1: highest score wins; ties by power, popularity,
    # resources, territories, stars (higher wins); still tied = shared win.
    key = ((((score * 100 + power) * 100 + popularity) * 1000 + resources) * 1000 + territories) * 10 + stars
    rank = 1 + (key[:, None, :] > key[:, :, None]).sum(axis=2)
    winner = rank == 1
    shared = winner & (winner.sum(axis=1, keepdims=True) > 1)
    tied = (score[:, None, :] == score[:, :, None]).sum(axis=2) > 1
    turns = 14 + rng.poisson(6.0, size=(games, 1)) + np.zeros(shape, dtype=np.int64)
    mods = np.asarray(modules, dtype=object)[rng.integers(0, len(modules), size=games)]
    end = np.where((stars >= 6).any(axis=1), "sixth_star", "turn_cap")
    seeds = rng.integers(0, 2**63, size=games, dtype=np.int64).astype(np.uint64)

    fac_names = np.asarray(FACTIONS, dtype=object)[fac]
    mat_names = np.asarray(MATS, dtype=object)[mat]
    pol_names = np.asarray(policies, dtype=object)[pol]
    rep = lambda a: np.repeat(a, n)  # noqa: E731  (per game -> per row)
    return {
        "game_index": rep(first_index),
        "seed": rep(seeds),
        "n_players": np.full(games * n, n),
        "seat": np.tile(np.arange(n), games),
        "faction": fac_names.ravel(),
        "mat": mat_names.ravel(),
        "pair": (fac_names + "+" + mat_names).ravel(),
        "policy": pol_names.ravel(),
        "policy_id": np.char.add("p", pol.ravel().astype(str)),
        "is_bot_opponent": np.zeros(games * n, dtype=bool),
        "difficulty": np.full(games * n, None, dtype=object),
        "modules": rep(mods),
        "score": score.ravel(),
        "score_coins": coins.ravel(),
        "score_stars": s_stars.ravel(),
        "score_territories": s_terr.ravel(),
        "score_resources": s_res.ravel(),
        "score_structure_bonus": bonus.ravel(),
        "stars": stars.ravel(),
        "territories": territories.ravel(),
        "resources": resources.ravel(),
        "popularity": popularity.ravel(),
        "power": power.ravel(),
        "rank": rank.ravel(),
        "winner": winner.ravel(),
        "tied": tied.ravel(),
        "shared_win": shared.ravel(),
        "turns_taken": turns.ravel(),
        "game_turns": (turns * n).ravel(),
        "end_reason": rep(end),
    }


def generate(out, rows: int = 1_000_000, *, players: Sequence[int] = (2, 3, 4, 5), seed: int = 0,
             effects: Optional[Effects] = None, bans: bool = False,
             policies: Sequence[str] = ("heuristic",), modules: Sequence[str] = ("",),
             shard_rows: int = 500_000, game: str = "scythe", scenario: str = "synthetic") -> Path:
    """Write a synthetic dataset of about `rows` rows (whole games) with planted effects.

    Player counts cycle through `players` game by game. Deterministic for a given seed.
    Returns the dataset folder.
    """
    if rows < 1:
        raise ValueError("rows must be positive")
    if any(n < 2 or n > len(FACTIONS) for n in players):
        raise ValueError(f"player counts must be in 2..{len(FACTIONS)}")
    effects = PLANTED if effects is None else effects
    out = Path(out)
    text = (f"# synthetic dataset\nseed = {seed}\nrows = {rows}\nplayers = {list(players)}\n"
            f"bans = {str(bans).lower()}\neffects = {json.dumps(_effects_json(effects))!r}\n")
    meta = _metadata(scenario, text)
    folder = out / f"game={game}" / f"scenario={scenario}"
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
                parts.append(pl.DataFrame(_games_block(rng, int(n), int(sel.size), sel, effects, bans,
                                                       policies, modules)))
        frame = pl.concat(parts).with_columns(pl.lit(meta["simsuite.scenario_hash"]).alias("scenario_hash"))
        frame = frame.select([pl.col(c).cast(t) for c, t in SCHEMA.items()]).sort(["game_index", "seat"])
        _write_shard(frame, folder, len(shards), meta)
        shards.append((start, stop, frame.height))
        start = stop
    _finish(out, game, scenario, shards, meta, seed=seed, shard_size=per_shard)
    return out


def _effects_json(e: Effects) -> dict:
    return {
        "faction": e.faction, "mat": e.mat, "seat": {str(k): v for k, v in e.seat.items()},
        "pair": {f"{f}+{m}": v for (f, m), v in e.pair.items()}, "policy": e.policy,
    }
