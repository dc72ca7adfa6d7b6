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
from common.invariants cimport inv_fail
from common.events cimport Event, EventBuf, event_push
from common.rng cimport (Rng, rng_seed, rng_below, rng_next, rng_uniform, rng_shuffle,
                         rng_canonical_shuffle, insertion_sort, derive_seed, seat_stream_seed, splitmix64)

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
# the compiled heuristic policies, split by concern (heuristics_values.pxi has the header)
include "heuristics_values.pxi"    # weights, prices of single things and bottom-row effects
include "heuristics_init.pxi"      # starting a decision: caches kept, values derived
include "heuristics_board.pxi"     # board tables: production, distances, potentials, edge
include "heuristics_move.pxi"      # moving units
include "heuristics_sections.pxi"  # sections: top option + bottom action + the next turn
include "heuristics_combat.pxi"    # dial and cards
include "heuristics_choose.pxi"    # scoring an option of any decision; the policy's entry
include "heuristics_airships.pxi"  # what they do with the Wind Gambit's airships and resolutions
include "determinize.pxi"       # re-sampling what one seat cannot see (the search's samples)
include "search_eval.pxi"       # the search's fitted evaluation (coefficients)
include "search.pxi"            # the compiled search policy
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
include "common/seats_api.pxi"  # CompiledSeats: the seats' compiled policies stepped from Python
include "heuristics_pyapi.pxi"     # the heuristics' test hooks (use Game)
