# cython: language_level=3
"""simsuite._scythe: the compiled Scythe base-game rules engine.

One translation unit: the state layout (state.pxd), the board queries,
objective conditions and final scoring (queries/objectives/scoring.pxi), the
rules (core, setup, movement, combat, actions, turn), compiled policies, the
batch loop and the Python API (pyapi.pxi). See turn.pxi for the decision
machine and state.pxd for the option encodings.
"""
from libc.stdint cimport uint64_t, int64_t, uint32_t, int8_t, int16_t, int32_t, uint8_t, uint16_t
from libc.string cimport memset, memcpy, memcmp
from libc.stdlib cimport calloc, free
from scythe.state cimport *
from common.bits cimport lowest_bit, bit_count
from common.rng cimport (Rng, rng_seed, rng_below, rng_next, rng_uniform, rng_shuffle_i8,
                         rng_shuffle_i16, derive_seed, splitmix64)

import numpy as np

include "queries.pxi"
include "objectives.pxi"
include "scoring.pxi"
include "rules.pxi"
include "core.pxi"
include "automa.pxi"        # the solo opponent (rulebook 003)
include "automa_pack.pxi"
include "setup.pxi"
include "movement.pxi"
include "combat.pxi"
include "actions.pxi"
include "turn.pxi"
include "checks.pxi"
include "heuristics_ctx.pxi"  # the heuristics' per-seat context (before SeatPolicy)
include "policies.pxi"
include "batch.pxi"
include "pyapi.pxi"
include "heuristics.pxi"     # compiled heuristic policies (uses Game, so after pyapi.pxi)
include "determinize.pxi"    # re-sampling what one seat cannot see (search.pxi)
include "search_eval.pxi"    # the search's fitted evaluation (coefficients)
include "search.pxi"         # the compiled search policy
