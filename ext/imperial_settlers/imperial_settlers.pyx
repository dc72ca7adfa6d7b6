# cython: language_level=3
"""simsuite._imperial_settlers: the compiled Imperial Settlers rules engine.

One translation unit in layers: the state layout (state.pxd), read-only queries
(queries.pxi), the rules that change a position (rules.pxi), the solo opponent
(solo.pxi), the decision machine (turn.pxi), position invariants (checks.pxi), the compiled policies (policies.pxi) and a
thin Python API (pyapi.pxi). Rulebook: shared/seeds/002_211e46a86949b0b5.txt (Russian).
"""
from libc.stdint cimport uint64_t, int64_t, uint32_t, int8_t, int16_t, int32_t, uint8_t
from libc.string cimport memset, memcpy
from libc.stdlib cimport calloc, free
from imperial_settlers.state cimport *
from common.rng cimport Rng, rng_seed, rng_below, rng_shuffle_i8, rng_shuffle_i16, derive_seed

include "queries.pxi"
include "rules.pxi"
include "solo.pxi"
include "turn.pxi"
include "checks.pxi"
include "policies.pxi"
include "pyapi.pxi"
