# cython: language_level=3
"""simsuite._rurik: the compiled Rurik: Dawn of Kiev rules engine (2-4 players, and solo
against the Rebels).

One translation unit in layers (ext/README.md), each file using only the ones above it:
state (state.pxd, common/events.pxd, common/emit.pxi) -> queries (queries.pxi) -> rules
(rules.pxi: primitive steps, claim phase, scoring, setup; solo.pxi: the Rebels) -> turn
(turn.pxi: the decision machine; actions.pxi: what each option does; checks.pxi: invariants;
contract.pxi) -> policies (policies.pxi, common/seats.pxi) -> batch (common/play.pxi,
batch.pxi) -> api (common/game_api.pxi, game.pxi, common/seats_api.pxi).
"""
from libc.stdint cimport uint64_t, uint32_t, uint16_t, int8_t, int16_t, int32_t
from libc.string cimport memset, memcpy
from libc.stdlib cimport calloc, free
from rurik.state cimport *
from common.events cimport Event, EventBuf, event_push
from common.bits cimport lowest_bit, bit_count
from common.invariants cimport inv_fail
from common.rng cimport (Rng, rng_seed, rng_next, rng_below, rng_shuffle, rng_canonical_shuffle, insertion_sort,
                        derive_seed, seat_stream_seed)

import numpy as np
from simsuite.errors import UserError

include "common/emit.pxi"
include "queries.pxi"
include "rules.pxi"
include "turn.pxi"
include "actions.pxi"
include "solo.pxi"
include "checks.pxi"
include "contract.pxi"
include "policies.pxi"
include "common/seats.pxi"
include "common/play.pxi"
include "batch.pxi"
include "common/game_api.pxi"
include "game.pxi"
include "common/seats_api.pxi"
