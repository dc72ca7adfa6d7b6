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
# the compiled heuristic policies, split by concern (heuristics_values.pxi has the header)
include "heuristics_values.pxi"    # weights, prices of single things and bottom-row effects
include "heuristics_init.pxi"      # starting a decision: caches kept, values derived
include "heuristics_board.pxi"     # board tables: production, distances, potentials, edge
include "heuristics_move.pxi"      # moving units
include "heuristics_sections.pxi"  # sections: top option + bottom action + the next turn
include "heuristics_combat.pxi"    # dial and cards
include "heuristics_choose.pxi"    # scoring an option of any decision; the policy's entry
include "heuristics_pyapi.pxi"     # CompiledSeats (uses Game, so after pyapi.pxi)
