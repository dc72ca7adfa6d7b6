# The Scythe Automa (solo opponent, rulebook seed 003): its static card data and its
# per-game state, in fixed-size arrays so that copying a GameState stays a memcpy.
#
# AutomaRules is packed once per process from simsuite.games.scythe.automa_data.AutomaData
# (the enum orders below are the orders of that module's vocabulary tuples); AutomaState
# lives inside GameState (field `automa`). Procedure: ext/scythe/automa.pxi.
from libc.stdint cimport int8_t, int16_t, int32_t, uint8_t

cdef enum:
    AUTOMA_N_CARDS = 19
    AUTOMA_MAX_MOVES = 4       # move symbols on one row
    AUTOMA_MAX_GAINS = 4       # reward symbols on one row
    AUTOMA_N_LEVELS = 4
    AUTOMA_MAX_TRACK = 32      # star-card cells
    AUTOMA_N_RANGES = 3        # combat-table power ranges
    AUTOMA_N_CELLS = 55        # = state.pxd N_CELLS (cells 0..54)
    AUTOMA_ANY_FACTION = -1

# Move symbols (row A), = automa_data.MOVE_KINDS.
cdef enum:   # AutomaMove
    AM_WORKER = 0
    AM_MECH = 1
    AM_CHARACTER = 2
    AM_ENC_FAC = 3
    AM_ATTACK_WORKERS = 4
    AM_ATTACK_UNIT = 5

# Reward symbols (row B), = automa_data.GAIN_KINDS.
cdef enum:   # AutomaGain
    AG_WORKER = 0
    AG_HERO_OR_MECH = 1
    AG_COIN = 2
    AG_POWER = 3
    AG_COMBAT_CARD = 4

# The human's recruit bonus (row C), = automa_data.RECRUIT_KINDS.
cdef enum:   # AutomaRecruit
    AR_NONE = 0
    AR_POWER = 1
    AR_POPULARITY = 2
    AR_COIN = 3
    AR_COMBAT_CARD = 4

# Difficulty levels (star cards), = automa_data.LEVELS.
cdef enum:   # AutomaLevel
    AL_AUTOMETTA = 0
    AL_AUTOMA = 1
    AL_AUTOMASZYNA = 2
    AL_ULTIMASZYNA = 3

# Solo tie-breaks (automa_data.TIE_BREAKS), compared in the data's order.
cdef enum:   # AutomaTieBreak
    ATB_UNITS_AND_STRUCTURES = 0
    ATB_POWER = 1
    ATB_POPULARITY = 2
    ATB_TERRITORIES = 3
    ATB_STARS = 4
    AUTOMA_N_TIEBREAKS = 5

# Where the Automa's turn stands (AutomaState.stage).
cdef enum:   # AutomaStage
    AST_IDLE = 0          # not the Automa's turn
    AST_MOVES = 1         # trying the move row, next symbol = move_next
    AST_COMBAT = 2        # an attack is waiting for its combat at combat_cell
    AST_REWARDS = 3       # move stage finished; rewards, recruit bonus, tracker follow

# What automa_turn() returns.
cdef enum:   # AutomaTurnResult
    ATR_DONE = 0          # the turn is over (or the game is)
    ATR_COMBAT = 1        # the Automa attacked: fight at combat_cell, then call automa_turn again

ctypedef struct AutomaRow:
    uint8_t skip                          # Autometta skip symbol
    int8_t n_moves
    int8_t move_kind[AUTOMA_MAX_MOVES]    # AutomaMove
    int8_t move_power[AUTOMA_MAX_MOVES]   # attack_unit: power needed
    int8_t move_faction[AUTOMA_MAX_MOVES] # faction index or AUTOMA_ANY_FACTION
    int8_t n_gains
    int8_t gain_kind[AUTOMA_MAX_GAINS]    # AutomaGain
    int8_t gain_amount[AUTOMA_MAX_GAINS]
    int8_t gain_faction[AUTOMA_MAX_GAINS]
    int8_t recruit                        # AutomaRecruit

ctypedef struct AutomaCardData:
    uint8_t star_advance
    int8_t combat_power[AUTOMA_N_RANGES]  # spent in each power range
    int8_t combat_cards
    int8_t resources                      # resource box
    AutomaRow row[2]                      # scheme I, scheme II

ctypedef struct AutomaStarCard:
    int8_t cells
    int8_t water_from
    uint8_t star[AUTOMA_MAX_TRACK]        # 1 on a star cell
    uint8_t skip_turns
    uint8_t all_moves
    uint8_t retreat_to_base
    int8_t extra_coin
    int8_t extra_power

ctypedef struct AutomaRules:
    AutomaCardData cards[AUTOMA_N_CARDS]  # card id - 1
    AutomaStarCard star_cards[AUTOMA_N_LEVELS]
    int8_t range_high[AUTOMA_N_RANGES]    # highest power of each combat-table range
    int8_t start_coins
    int8_t popularity
    int8_t per_star                       # the Automa's coins per star and per territory
    int8_t per_territory
    int8_t human_resource_cap             # per territory, for the human's resource coins
    uint8_t automa_scores_resources
    int8_t n_tiebreaks
    int8_t tiebreak[AUTOMA_N_TIEBREAKS]   # AutomaTieBreak, in order
    # Hex distance between cells, rivers and lakes ignored, bases never passed through:
    # for territories a BFS over the board; dist[h][b] for a home base b is
    # 1 + the distance to the nearest territory touching b (0 from b to itself).
    int8_t dist[AUTOMA_N_CELLS][AUTOMA_N_CELLS]
    int8_t factory_cell

ctypedef struct AutomaState:
    int8_t seat                           # -1: no Automa in this game
    int8_t human                          # the human's seat
    int8_t level                          # AutomaLevel
    # options (seed 003 p.12), fixed for the game
    uint8_t skip_turns                    # obey the skip symbol (Autometta, or optional rule 1)
    uint8_t all_moves                     # every valid move of the row (Ultimaszyna, or rule 6)
    uint8_t move_check                    # optional rule 4
    uint8_t placement_check               # optional rule 5
    int8_t coin_modifier                  # optional rule 2
    int8_t power_modifier                 # optional rule 3
    # deck (card ids 0..18; top of a pile = its last entry)
    int8_t scheme                         # 0 = scheme I, 1 = scheme II
    int8_t deck[AUTOMA_N_CARDS]
    int8_t n_deck
    int8_t main_discard[AUTOMA_N_CARDS]
    int8_t n_main_discard
    int8_t combat_discard[AUTOMA_N_CARDS]
    int8_t n_combat_discard
    int8_t last_main_card                 # top of the main discard, kept across reshuffles; -1 none
    # star card
    int8_t track_pos                      # cube cell, 0 = "I"
    int8_t track_stars                    # stars placed from the star card
    uint8_t water_ok                      # lakes and rivers open (cube left the last water cell)
    # the turn in progress
    int8_t stage                          # AutomaStage
    int8_t card                           # card being played (id 0..18), -1 none
    int8_t move_next                      # next move symbol to try
    uint8_t moved                         # a move was done this turn
    uint8_t move_blocked                  # move check revealed a 4/5: no moves this turn
    int8_t combat_cell                    # pending or last attack's territory, -1 none
    int8_t combat_unit                    # the attacking unit index
    int8_t combat_card                    # card drawn for the current combat, -1 none
    # statistics (not rules)
    int16_t turns
    int16_t skipped_turns
    int16_t combats
    int16_t combats_won

# A solo game's Automa settings (setup_game_ex, play_batch, Game): the difficulty level and
# the optional rules of seed 003 p.12.
ctypedef struct AutomaConfig:
    int8_t level                          # AutomaLevel
    uint8_t skip_turns
    uint8_t all_moves
    uint8_t move_check
    uint8_t placement_check
    int8_t coin_modifier
    int8_t power_modifier
