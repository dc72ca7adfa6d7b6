# cython: language_level=3
"""simsuite._rurik: the compiled Rurik: Dawn of Kiev rules engine (multiplayer, 2-4 players).

One translation unit, in layers: the state layout (state.pxd), read-only queries
(queries.pxi), the primitive rules, claim phase, scoring and setup (rules.pxi), the
decision machine (turn.pxi) and what each option does (actions.pxi), the compiled
policies (policies.pxi) and the temporary Python API (pyapi.pxi).
"""
from libc.stdint cimport uint64_t, uint32_t, uint16_t, int8_t, int16_t, int32_t
from libc.string cimport memset, memcpy
from libc.stdlib cimport calloc, free
from rurik.state cimport *
from common.bits cimport lowest_bit, bit_count
from common.rng cimport Rng, rng_seed, rng_below, rng_shuffle_i8, derive_seed

import numpy as np

include "queries.pxi"
include "rules.pxi"
include "turn.pxi"
include "actions.pxi"
include "solo.pxi"
include "policies.pxi"
include "pyapi.pxi"
