"""Calling the compiled core's batch entry point, `simsuite._scythe.play_batch`, for the spec.

The core takes one policy per seat for a whole batch; a shard whose games have different
line-ups (rotated seats, crossed solo factors) is played one line-up at a time and put back
in game order. Shared by the multiplayer and the solo variants of the spec.
"""
from __future__ import annotations

import numpy as np

from simsuite.games.base import play_grouped  # noqa: F401  (shared; Scythe's spec and solo use it)
from simsuite.policies import seat_policy_arrays  # noqa: F401  (shared, as above)
from simsuite.scenario import short_hash

_RULES: dict = {}

# play_batch arrays copied straight into dataset columns of the same name
PER_SEAT = ("score", "score_coins", "score_stars", "score_territories", "score_resources",
            "score_structure_bonus", "stars", "territories", "resources", "popularity", "power",
            "rank", "winner", "turns_taken")


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
                                   camaraderie_on_move=config.camaraderie_on_move, **options)
    return _RULES[key]


def seat_result_columns(res: dict) -> dict:
    """The per-seat result columns of a play_batch output, flattened to (game, seat) rows.

    tied = the core's "score equalled another seat's before tie-breakers"; shared_win = still
    tied after every tie-breaker (the core's "shared") and ranked first.
    """
    cols = {key: np.asarray(res[key]).reshape(-1) for key in PER_SEAT}
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
