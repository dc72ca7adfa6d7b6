# cython: language_level=3
"""simsuite._imperial_settlers: the compiled Imperial Settlers rules engine.

One translation unit in layers (ext/README.md); a layer uses only the layers above it, and
each file's first comment names its layer. Files from ext/common are the shared templates.
Rulebook: shared/seeds/002_211e46a86949b0b5.txt (Russian).

  state     state.pxd: the game in fixed-size arrays; common/emit.pxi: the log
  queries   queries.pxi: read-only questions about a position (scores, ranks)
  rules     rules.pxi (what changes a position), solo.pxi (the solo opponent)
  turn      turn.pxi (setup, the decision machine), checks.pxi (invariants)
  policies  heuristics.pxi (the heuristic framework), policies.pxi (the contract's policy names)
  batch     common/play.pxi, batch.pxi (play_batch)
  api       common/game_api.pxi, game.pxi (SettlersRules, Game), common/seats_api.pxi
"""
from libc.stdint cimport uint64_t, int64_t, uint32_t, int8_t, int16_t, int32_t, uint8_t
from libc.string cimport memset, memcpy
from libc.stdlib cimport calloc, free
from imperial_settlers.state cimport *
from common.events cimport Event, EventBuf, event_push
from common.rng cimport (Rng, rng_seed, rng_below, rng_shuffle, derive_seed,
                         seat_stream_seed)
from simsuite.errors import UserError
import numpy as np

# ---- state
include "common/emit.pxi"
# ---- queries
include "queries.pxi"
# ---- rules
include "rules.pxi"
include "solo.pxi"
# ---- turn
include "turn.pxi"
include "checks.pxi"
# ---- policies
include "heuristics.pxi"
include "policies.pxi"
# ---- batch
include "common/play.pxi"
include "batch.pxi"
# ---- api
include "common/game_api.pxi"
include "game.pxi"
include "common/seats_api.pxi"
