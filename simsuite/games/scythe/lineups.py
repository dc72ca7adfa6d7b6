"""Calling the compiled core's batch entry point, `simsuite._scythe.play_batch`, for the spec.

The core takes one policy per seat for a whole batch; a shard whose games have different
line-ups (rotated seats, crossed solo factors) is played one line-up at a time and put back
in game order. Shared by the multiplayer and the solo variants of the spec.
"""
from __future__ import annotations

import numpy as np

from simsuite.games.scythe.automa_data import LEVELS
from simsuite.scenario import short_hash

_RULES: dict = {}

# Columns made here from other outputs, not copied from play_batch's arrays of the same name.
_MADE_HERE = {"seat", "n_players", "game_index", "seed", "game_turns", "end_reason", "faction",
              "mat", "tied", "shared_win", "provisional_share"}


def core():
    """The compiled core, or a one-line error saying how to build it."""
    from simsuite.errors import UserError

    try:
        from simsuite import _scythe
    except ImportError:
        raise UserError("the compiled Scythe core (simsuite._scythe) is not built; build it with "
                        "python setup.py build_ext --inplace, or reinstall with pip install .")
    return _scythe


def cached_rules(config, **options):
    """The compiled Rules of a config (plus core `options`), built once per worker process."""
    key = short_hash(config.normalized())
    if key not in _RULES:
        _RULES[key] = core().Rules(config.data, ban_pairs=config.ban_pairs, turn_cap=config.turn_cap,
                                   camaraderie_on_move=config.camaraderie_on_move,
                                   rusviet_factory_relentless=config.rusviet_factory_relentless,
                                   mats_in_order=config.mats_in_order, **options)
    return _RULES[key]


def table_keys(faction_names, mat_names) -> dict:
    """The keys a row of a Scythe weights table may name besides `players` and `solo`
    (simsuite/policies/tables.py), with their valid values: the seat's faction and mat, and
    against the Automa its difficulty level."""
    return {"faction": list(faction_names), "mat": list(mat_names), "difficulty": list(LEVELS)}


def seat_context(players: int, faction: str, mat: str, level: int = -1) -> dict:
    """What a table row is matched against for a seat dealt `faction` and `mat` in a game of
    `players` seats, against the Automa at level id `level` (-1: no Automa)."""
    ctx = {"players": players, "solo": level >= 0, "faction": faction, "mat": mat}
    if level >= 0:
        ctx["difficulty"] = LEVELS[level]
    return ctx


def seat_policy_arrays(pols, config=None) -> tuple:
    """play_batch's per-seat policy arguments (simsuite.policies.seat_policy_arrays); a policy
    with a weights table gets one row per faction x mat in each block (the game without the
    Automa, then each Automa level), row block * WEIGHT_TABLE_BLOCK + faction id * N_MAT_IDS +
    mat id (ext/scythe/contract.pxi seat_weight_row), of which the core plays the seat's."""
    from simsuite.policies import seat_policy_arrays as arrays

    if config is None or not any(p is not None and p.table is not None for p in pols):
        return arrays(pols)
    c = core()
    solo = config.__class__.__name__ == "SoloConfig"
    contexts = [{}] * c.WEIGHT_TABLE_ROWS
    for block in range(1 + len(LEVELS) if solo else 1):
        for f, faction in enumerate(config.faction_names):
            for m, mat in enumerate(config.mat_names):
                contexts[block * c.WEIGHT_TABLE_BLOCK + f * c.N_MAT_IDS + m] = seat_context(
                    config.n_players, faction, mat, block - 1)
    return arrays(pols, contexts)


def seat_result_columns(res: dict) -> dict:
    """The per-seat result columns of a play_batch output, flattened to (game, seat) rows.

    tied = the core's "score equalled another seat's before tie-breakers"; shared_win = still
    tied after every tie-breaker (the core's "shared") and ranked first.
    """
    from simsuite.games.scythe.schema import SCHEMA

    # every declared column (base and Scythe's, schema.py) that play_batch returns per seat
    # ([n_games, n_players]) under the same name goes straight into the dataset
    cols = {key: np.asarray(res[key]).reshape(-1) for key in SCHEMA.names
            if key not in _MADE_HERE and key in res and np.ndim(res[key]) == 2}
    cols["tied"] = np.asarray(res["score_tied"]).reshape(-1).astype(bool)
    cols["shared_win"] = np.asarray(res["shared"]).reshape(-1).astype(bool) & (cols["rank"] == 1)
    # Scythe's shipped data for the base game has no provisional entry the core plays
    cols["provisional_share"] = np.zeros(len(cols["rank"]), dtype=np.float32)
    return cols


def game_columns(res: dict, n: int, game_indices: np.ndarray, names: tuple) -> dict:
    """The per-game columns repeated on each seat's row."""
    def per_game(key):
        return np.repeat(np.asarray(res[key]), n)

    import pyarrow as pa

    return {
        "game_index": np.repeat(np.asarray(game_indices, dtype=np.int64), n),
        "seed": pa.array(per_game("seed").astype(np.uint64), pa.uint64()),
        "n_players": np.full(len(game_indices) * n, n, dtype=np.int8),
        "seat": np.tile(np.arange(n, dtype=np.int8), len(game_indices)),
        "game_turns": per_game("game_turns"),
        "end_reason": np.array(names, dtype=object)[per_game("end_reason")].tolist(),
    }
