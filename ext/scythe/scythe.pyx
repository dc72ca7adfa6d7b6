# cython: language_level=3
"""simsuite._scythe: the compiled Scythe base-game rules engine.

One translation unit, included in layers. A layer uses only the layers above it
(each .pxi file's first comment names its layer and what it uses); Cython
resolves module-level names in any order, so the layers are a rule we keep, not
one the compiler enforces. Files from ext/common are the shared templates,
written against the names this core defines (ext/README.md, "the C contract").

  state     state.pxd, automa_state.pxd: the game in fixed-size arrays; the log
  queries   read-only questions about a position (control, objectives, scores)
  rules     the rules that change a position (setup, movement, combat, actions, the Automa)
  turn      the decision machine (turn.pxi: per phase and per decision kind) and the checks
  policies  compiled policies and the contract's names (contract.pxi)
  batch     games played to the end over many seeds (play_batch, random_playout)
  api       the Python `Game` and the names Python sees
"""
from libc.stdint cimport uint64_t, int64_t, uint32_t, int8_t, int16_t, int32_t, uint8_t, uint16_t
from libc.string cimport memset, memcpy, memcmp
from libc.stdlib cimport calloc, free
from scythe.state cimport *
from common.bits cimport lowest_bit, bit_count
from common.events cimport Event, EventBuf, event_push
from common.rng cimport (Rng, rng_seed, rng_below, rng_next, rng_uniform, rng_shuffle_i8,
                         rng_shuffle_i16, derive_seed, seat_stream_seed, splitmix64)

import numpy as np

# ---- state
include "common/emit.pxi"       # emit(): the readable log
# ---- queries
include "queries.pxi"
include "objectives.pxi"
include "scoring.pxi"
# ---- rules
include "rules.pxi"             # the Rules struct packed from the data files (Python class ScytheRules)
include "core.pxi"
include "automa.pxi"            # the solo opponent (rulebook 003): its turn
include "automa_moves.pxi"      # its moves
include "automa_combat.pxi"     # its combats, setup and scoring
include "automa_pack.pxi"
include "wind_gambit_pack.pxi"  # the Wind Gambit's tiles packed from wind_gambit.py's config
include "setup.pxi"
include "movement.pxi"
include "combat.pxi"
include "actions.pxi"
include "airships.pxi"          # the Wind Gambit: airships
include "resolutions.pxi"       # the Wind Gambit: resolutions
# ---- turn
include "options.pxi"           # the legal options of each decision kind
include "effects.pxi"           # applying an option of each decision kind
include "phases.pxi"            # each phase of a turn
include "airships_turn.pxi"     # the airship's decisions (the Wind Gambit)
include "turn.pxi"              # the decision machine: the dispatches and advance
include "checks.pxi"
# ---- policies
include "heuristics_ctx.pxi"    # the heuristics' per-seat context (before SeatPolicy)
include "policies.pxi"          # SeatPolicy and the compiled dispatch `choose`
include "heuristics.pxi"        # compiled heuristic policies (and CompiledSeats, which steps a Game)
include "heuristics_airships.pxi"  # what they do with the Wind Gambit's airships and resolutions
include "contract.pxi"          # game_advance, game_apply, game_choose, ... for ext/common
include "common/seats.pxi"      # the seats of one game and their streams
# ---- batch
include "common/play.pxi"       # the loop of one game; batch driver pieces
include "batch.pxi"
# ---- api
include "names.pxi"
include "common/game_api.pxi"   # GameCore: the decision interface every game's Game shares
include "game.pxi"              # Game, layer 1: setup, results, views
include "automa_probes.pxi"     # Game, layer 2: the Automa's inside, for rule tests
include "air_api.pxi"            # Game, layer 3: the Wind Gambit's airships and resolution
include "editor.pxi"            # Game: the position editor, for rule tests
