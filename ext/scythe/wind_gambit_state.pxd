# The Wind Gambit's rules and state (rulebook 004; issue #18): airships and resolutions.
# Compiled from simsuite/games/scythe/data/wind_gambit.toml plus the user's tile file by
# rules.pxi (pack_wind_gambit); read by airships.pxi and resolutions.pxi. With both modules
# off (airships_on = resolutions_on = 0) nothing here is read and no game changes.
from libc.stdint cimport int8_t, int16_t, int32_t, uint8_t, uint16_t

cdef enum:
    WG_MAX_TILES = 16          # tiles of one kind a scenario may play (the box has 8 of each)
    WG_MAX_RULES = 4           # ability rules per tile
    WG_MAX_PAIRS = 64          # (aggressive, passive) pairs to deal from
    WG_MAX_RESOLUTIONS = 16
    WG_SEATS = 7
    WG_MAX_SHARED = 4          # shared objective cards a resolution may lay out
    AIR_UNIT = 13              # the airship's unit index in DK_MOVE_UNIT (option 1 + AIR_UNIT)
    AIRBORNE = 0               # Player.unit_cell of a worker aboard its airship (cell 0 is no cell:
                               # it controls, produces, trades and fights nowhere)

# Vocabulary (simsuite/games/scythe/wind_gambit.py: TRIGGERS, CONDITIONS, EFFECTS, END_TRIGGERS).
cdef enum:  # AirTrigger
    AW_AIRSHIP_STOPS = 0
    AW_TURN_START = 1
cdef enum:  # AirCondition
    AC_ALWAYS = 0
    AC_OCCUPIED = 1
    AC_UNOCCUPIED = 2
    AC_OPPONENT_OCCUPIED = 3
    AC_VILLAGE = 4
    AC_FACTORY = 5
    AC_OPPONENT_AIRSHIP = 6
cdef enum:  # AirEffect; the four gains are the Gain codes (state.pxd)
    AE_GAIN_COINS = 0
    AE_GAIN_POPULARITY = 1
    AE_GAIN_POWER = 2
    AE_GAIN_CARDS = 3
    AE_AIRSHIP_COMBAT = 4
    AE_PLACE_STAR = 5          # a star on the resolution tile (resolutions' on_trigger only)
    AE_SWAP_OBJECTIVE = 6      # the owner may spend a held objective card to draw another
    STAR_TILE = 10             # StarKind of such a star in place_star and EV_STAR (after the Automa's 9)
cdef enum:  # AirFire: what a stop's rules offer (air_fire)
    AF_COMBAT = 1
    AF_SWAP = 2
cdef enum:  # EndTrigger
    ET_STARS = 0
    ET_TURNS = 1
    ET_SHARED = 2              # count shared objectives completed (resolutions' shared objectives)
cdef enum:  # TurnsPer (ET_TURNS: whose turns the count counts)
    TP_PLAYER = 0              # every player takes `count` turns
    TP_GAME = 1                # `count` turns in all
cdef enum:  # Area (at_end retreat_home: the territories emptied)
    AR_NONE = 0
    AR_FACTORY = 1
    AR_FACTORY_AND_ADJACENT = 2
cdef enum:  # SharedClaim (who may complete a shared objective)
    SC_FIRST = 0               # the first player to complete it; then it is done for all
    SC_EACH_PLAYER = 1         # every player, once each
cdef enum:  # SharedStar (the star a shared objective gives)
    SS_OBJECTIVE = 0           # the player's objective star (the base limit, §16: one, Saxony two)
    SS_TILE = 1                # a star on the card, beyond the objective star (004 «ЗІРКИ»)
    SS_NONE = 2

ctypedef struct AirRule:
    int8_t when
    int8_t cond
    int8_t effect
    int8_t amount

ctypedef struct AirTile:
    int8_t range                  # passive tiles
    int8_t cap_res                # aggressive tiles
    int8_t cap_wk
    int8_t cap_either             # resources or workers aboard, never both at once
    int8_t n_rules
    AirRule rules[WG_MAX_RULES]

ctypedef struct ResolutionTile:
    int8_t trigger                # EndTrigger
    int16_t count
    int8_t extra_rounds
    int8_t turns_per              # ET_TURNS: TurnsPer
    int8_t gain[6]                # on_trigger: amounts by AirEffect (gains and AE_PLACE_STAR)
    int8_t end_area               # at_end retreat_home: Area (AR_NONE: no at_end effect)
    int8_t end_per_unit           # ... then each player gains this AirEffect (-1 none)
    int8_t end_amount             # ... this much per own unit sent home
    int8_t n_shared               # setup: objective cards dealt face up as shared objectives
    int8_t shared_claim           # SharedClaim
    int8_t shared_star            # SharedStar
    int8_t shared_gain[4]         # gains (AirEffect 0..3) for completing one

ctypedef struct WindGambitRules:
    uint8_t airships_on
    uint8_t resolutions_on
    uint8_t per_player            # each player dealt their own pair (rulebook 004 "Складніші правила")
    AirTile agg[WG_MAX_TILES]
    AirTile pas[WG_MAX_TILES]
    int8_t pairs[WG_MAX_PAIRS][2] # (aggressive, passive) indices a game draws from
    int8_t n_pairs
    int8_t n_agg                  # tiles of each kind in the pairs (per player: dealt without repeats)
    int8_t n_pas
    ResolutionTile res[WG_MAX_RESOLUTIONS]
    int8_t res_choices[WG_MAX_RESOLUTIONS]
    int8_t n_res_choices

ctypedef struct AirMove:
    # the airship's move in progress (one per Move action, rulebook 004 "ПЕРЕМІЩЕННЯ")
    int8_t steps_left
    int8_t steps_taken
    uint8_t loaded                # bit r (resource) / bit 4 (worker): loaded on this territory
    uint8_t unloaded              # the same for unloading (no load and unload of a kind on one territory)
    int8_t foe                    # Blitzkrieg: the defender's seat, -1 none
    int8_t dial[2]                # attacker, defender
    uint8_t stop_offers           # AF_* bits: what the airship's stop offers (PH_AIR_STOPPED)

ctypedef struct WindGambitState:
    int8_t cell[WG_SEATS]         # each seat's airship (its home base at setup)
    int8_t agg[WG_SEATS]          # each seat's aggressive tile (index into WindGambitRules.agg)
    int8_t pas[WG_SEATS]
    int8_t pair                   # the shared pair's index in WindGambitRules.pairs (-1 per player)
    int16_t cargo[WG_SEATS][4]    # resource tokens aboard, by Resource
    uint8_t aboard[WG_SEATS]      # bit i: worker UNIT_WORKER0 + i is aboard (its unit_cell is AIRBORNE)
    int8_t resolution             # index into WindGambitRules.res, -1 none
    int8_t triggered_by           # the seat that set off the resolution's end, -1 not yet
    int8_t tile_stars[WG_SEATS]   # stars each seat placed on the resolution tile (count as placed stars)
    int32_t end_turn              # the game ends when GameState.turn reaches this (0: not scheduled)
    int16_t shared_obj[WG_MAX_SHARED]  # the shared objectives' card ids (resolutions.pxi), 0 none
    uint8_t shared_by[WG_MAX_SHARED]   # bit s: seat s completed that card
    int8_t n_shared_done          # shared objectives completed (ET_SHARED), counted once per completion
    AirMove mv
