# Rurik game state: every field in fixed-size C arrays, so that a copy is a memcpy.
#
# Indices follow the data files (simsuite/games/rurik/data/*.toml):
#   regions 0..14 in map.toml order (0 Novgorod ... 5 Kiev ... 14 Azov); a region is in play
#   when its `players` <= the player count (bit r of GameState.in_play);
#   goods 0 wood, 1 ore, 2 fish, 3 honey, 4 fur; actions (= strategy-board columns) 0 muster,
#   1 move, 2 attack, 3 tax, 4 build, 5 scheme; structures 0 church, 1 stronghold, 2 market;
#   claim tracks 0 rule, 1 build, 2 trade; leaders in leaders.toml order, abilities ABIL_*;
#   scheme cards = the base cards of schemes.toml in file order; deeds and agendas in file order.
# Goods are kept as a count per type: the rulebook lets a player move goods between dock and
# boat at any time, so the boat always holds min(count, boat slots) of each type (queries.pxi).
from libc.stdint cimport uint64_t, uint32_t, uint16_t, int8_t, int16_t, int32_t
from common.rng cimport Rng
from common.events cimport EventBuf

cdef enum:
    N_REGIONS = 15
    MAX_SEATS = 4
    N_GOODS = 5
    N_ACTIONS = 6
    N_STRUCT = 3
    N_TRACKS = 3
    MAX_ROWS = 4
    MAX_SCHEMES = 32
    MAX_DEEDS = 32
    MAX_AGENDAS = 12
    MAX_LEADERS = 8
    MAX_REBEL_POOL = 24
    N_DEED_PAY = 14
    N_DEED_NEED = 9
    N_DEED_REWARD = 8
    N_SCHEME_REWARD = 8
    N_CLAIM_SPACES = 5
    MAX_OPTIONS = 1024
    MAX_TASKS = 16
    N_ROUNDS = 4
    DEED_ROW = 3
    N_PRIORITIES = 3
    MAX_MAT_SPACES = 4
    N_REBEL_CARDS = 18
    N_CARD_ROWS = 6
    NEUTRAL = 5           # attack / church target number of a neutral troop (solo)
    REBELS = 1            # the seat the solo Rebels play
    REBEL_TROOPS = 15     # the Rebels' troops are the 15 rebel miniatures (solo setup)

cdef enum:  # goods
    G_WOOD = 0
    G_ORE = 1
    G_FISH = 2
    G_HONEY = 3
    G_FUR = 4

cdef enum:  # actions = strategy-board columns; pool slots 0..4 hold the matching icons
    A_MUSTER = 0
    A_MOVE = 1
    A_ATTACK = 2
    A_TAX = 3
    A_BUILD = 4
    A_SCHEME = 5
    POOL_SWORD_MINUS = 5   # pool slot of deed swords whose casualty check shows 1 card fewer
    N_POOL = 6

cdef enum:  # structures
    S_CHURCH = 0
    S_STRONGHOLD = 1
    S_MARKET = 2

cdef enum:  # solo: the Rebels' priorities = columns of their mat (solo.toml)
    PR_ATTACK_MOVE = 0
    PR_BUILD = 1
    PR_TAX = 2

cdef enum:  # solo: bonus kinds of the Rebels' mat spaces (data.SOLO_BONUSES order)
    BN_HELMETS = 0
    BN_BOOTS = 1
    BN_SWORDS = 2
    BN_CARTS = 3
    BN_HAMMERS = 4
    BN_CASUALTY_MINUS = 5
    BN_COINS1 = 6
    BN_COINS2 = 7

cdef enum:  # claim tracks
    T_RULE = 0
    T_BUILD = 1
    T_TRADE = 2

cdef enum:  # leader abilities (leaders.toml `ability`)
    ABIL_ESCORT = 0      # Agatha
    ABIL_RAIDER = 1      # Boris
    ABIL_RALLY = 2       # Maria
    ABIL_STEWARD = 3     # Mstislav
    ABIL_DIPLOMAT = 4    # Predslava
    ABIL_LEVY = 5        # Sudislav
    ABIL_SOVEREIGN = 6   # Yaroslav
    ABIL_REBEL_LORD = 7  # Sviatopolk (multiplayer text, provisional)

cdef enum:  # deed pay columns (data.DEED_PAY order)
    DP_COINS = 0
    DP_GOODS = 1          # 1..5: wood, ore, fish, honey, fur
    DP_ANY_GOODS = 6
    DP_DISTINCT_GOODS = 7
    DP_SAME_GOODS = 8
    DP_SCHEME_CARDS = 9
    DP_TROOPS = 10
    DP_TROOPS_DISTINCT = 11
    DP_TROOPS_RULED = 12
    DP_STRUCTURES = 13

cdef enum:  # deed need columns (data.DEED_NEED order)
    DN_TROOPS_ONE_REGION = 0
    DN_STRONGHOLD_CHURCH = 1
    DN_CAPITAL = 2
    DN_MARKETS_DISTINCT = 3
    DN_STRONGHOLDS_ADJ = 4
    DN_CHURCHES_ADJ = 5
    DN_REGIONS_WITH_TROOPS = 6
    DN_FIRST_TOKEN = 7
    DN_REBELS_DEFEATED = 8

cdef enum:  # deed reward columns (data.DEED_REWARD order)
    DR_BOOTS = 0
    DR_HELMETS = 1
    DR_CARTS = 2
    DR_HAMMERS = 3
    DR_COINS = 4
    DR_SWORDS_MINUS = 5
    DR_DRAW2KEEP1 = 6
    DR_MOVES_ANYWHERE = 7

cdef enum:  # scheme reward columns (data.SCHEME_REWARD order)
    SR_HELMETS = 0
    SR_BOOTS = 1
    SR_SWORDS = 2
    SR_CARTS = 3
    SR_HAMMERS = 4
    SR_COINS = 5
    SR_DEED = 6
    SR_WARFARE = 7

cdef enum:  # agenda measures (data.AGENDA_MEASURES order)
    AM_GOODS = 0
    AM_REBELS = 1
    AM_TRADE_TRACK = 2
    AM_RULE_TRACK = 3
    AM_BUILD_TRACK = 4
    AM_DEEDS = 5
    AM_STRUCTURES_RULED = 6
    AM_COINS = 7
    AM_WARFARE = 8
    AM_REGIONS_PRESENT = 9
    AM_HONEY_FUR = 10

cdef enum:  # game flow (GameState.phase)
    P_AGENDA = 0          # each player keeps 1 of 2 secret agendas
    P_SETUP_TROOPS = 1    # 3 rounds of one troop each, clockwise from the first player
    P_SETUP_LEADERS = 2
    P_PLANNING = 3        # advisor auction
    P_ACTIONS = 4
    P_CLAIM = 5
    P_OVER = 6
    P_TEST_DONE = 7       # a rule test's single turn has ended (position editor)

cdef enum:  # decision kinds (GameState.decision); option encodings in turn.pxi
    D_NONE = 0
    D_AGENDA = 1          # option = agenda index kept
    D_SETUP_TROOP = 2     # option = region
    D_SETUP_LEADER = 3    # option = region
    D_PLACE = 4           # option = advisor value * 8 + column
    D_BRIBE = 5           # option = coins added
    D_ACTIVATE = 6        # option = column * 4 + row of the advisor activated (two equal numbers)
    D_REENTER = 7         # option = region, or N_REGIONS to decline
    D_TURN = 8            # the turn menu (OPT_* ranges)
    D_DECK = 9            # option = scheme deck 0/1
    D_KEEP = 10           # option = scheme card kept
    D_ORDER = 11          # option = scheme card returned on top
    D_PASS_TOKEN = 12     # option = seat given the first-player token
    D_MARKET = 13         # option 0 = extra good, 1 = coin
    D_CHURCH = 14         # option = seat whose troop is removed, or MAX_SEATS = a rebel
    D_ESCORT = 15         # option = troops Agatha brings along (0..2)
    D_PAY_GOOD = 16       # option = good type
    D_PAY_TROOP = 17      # option = region * 2 + (1 if the leader)
    D_PAY_CARD = 18       # option = scheme card
    D_PAY_STRUCT = 19     # option = region * 4 + structure
    D_TAKE_DEED = 20      # option = deed index from the face-up row
    N_DECISION_KINDS = 21

cdef enum:  # queued tasks (a compound step waiting for its decision or its turn)
    K_NONE = 0
    K_PAY_GOOD_ANY = 1
    K_PAY_GOOD_DISTINCT = 2
    K_PAY_GOOD_SAME = 3      # a = how many of one type
    K_PAY_CARD = 4
    K_PAY_TROOP_ANY = 5
    K_PAY_TROOP_DISTINCT = 6
    K_PAY_TROOP_RULED = 7
    K_PAY_STRUCT = 8
    K_DRAW = 9               # a = cards to draw, b = cards kept (1)
    K_ORDER = 10
    K_TAKE_DEED = 11         # a = 1: a scheme card's reward (action phase), 0: claim step C
    K_CASUALTY = 12          # a = region, b = cards to reveal
    K_MARKET = 13            # a = region
    K_CHURCH = 14            # a = region
    K_ESCORT = 15            # a = from, b = to
    K_PASS_TOKEN = 16
    K_REENTER = 17
    K_DEED_REWARD = 18       # a = deed (its reward, after the payment tasks)
    K_REBEL_ATTACK = 19      # solo: the Rebels' attack in progress (resumes after a casualty check)

ctypedef struct Rules:
    int8_t region_players[N_REGIONS]
    int8_t region_good[N_REGIONS]
    uint16_t adj[N_REGIONS]
    int8_t icons[MAX_SEATS + 1][MAX_ROWS][N_ACTIONS]   # by player count
    int8_t cost[MAX_SEATS + 1][MAX_ROWS][N_ACTIONS]
    int8_t rows[MAX_SEATS + 1]
    int8_t advisors[MAX_SEATS + 1][N_ROUNDS][6]          # values held in each round, by player count
    int8_t n_advisors[MAX_SEATS + 1][N_ROUNDS]
    int8_t claim_vp[N_CLAIM_SPACES]
    int8_t claim_need[N_TRACKS][N_CLAIM_SPACES]
    uint16_t rule_top_mask          # regions the top Rule space also needs ruled
    int8_t warfare_vp[2]
    int8_t boat[N_GOODS]
    int8_t start_coins
    int8_t troops
    int8_t structures_each
    int8_t n_leaders
    int8_t leader_ability[MAX_LEADERS]
    int8_t n_deeds
    int8_t deed_vp[MAX_DEEDS]
    int8_t deed_vp_provisional[MAX_DEEDS]   # 1: the deed's VP is provisional (deeds.toml)
    int8_t deed_pay[MAX_DEEDS][N_DEED_PAY]
    int8_t deed_need[MAX_DEEDS][N_DEED_NEED]
    int8_t deed_reward[MAX_DEEDS][N_DEED_REWARD]
    int8_t n_schemes
    int8_t scheme_reward[MAX_SCHEMES][N_SCHEME_REWARD]
    int8_t scheme_cost[MAX_SCHEMES]
    int8_t scheme_casualty[MAX_SCHEMES]
    int8_t n_agendas
    int8_t agenda_measure[MAX_AGENDAS]
    int8_t n_rebel_pool
    int8_t rebel_kind[MAX_REBEL_POOL]      # 0 coins, 1 + good
    int8_t rebel_amount[MAX_REBEL_POOL]
    # rule readings (rules.toml) and variants (rulebook "ВАРІАНТ ...")
    bint income_round4
    bint claims_never_down
    bint warfare_requires_advance
    bint agenda_ties_share
    bint rule_check_after_removal
    bint church_places_without_removal
    bint alternate_board
    bint alternate_rebel_rewards
    bint alternate_deed_row
    # solo (solo.toml): difficulty mats by level 1..4, the 18 Rebel cards
    int8_t mat_start[5]
    int8_t mat_n[5][N_PRIORITIES]
    int8_t mat_trigger[5][N_PRIORITIES][MAX_MAT_SPACES]
    int8_t mat_bonus[5][N_PRIORITIES][MAX_MAT_SPACES]
    int8_t mat_locked[5][N_PRIORITIES][MAX_MAT_SPACES]
    int8_t rb_loc[N_REBEL_CARDS][8]
    int8_t rb_build[N_REBEL_CARDS][N_PRIORITIES][N_STRUCT]
    int8_t rb_adv[N_REBEL_CARDS][N_PRIORITIES][N_CARD_ROWS]     # row: 0 "1", 1 "2", 2 "2*", 3 "3*", 4 "4", 5 "5"
    int8_t rb_action[N_REBEL_CARDS][N_PRIORITIES][N_CARD_ROWS]
    int8_t rb_coin[N_REBEL_CARDS][N_PRIORITIES][N_CARD_ROWS]
    int8_t dist2[N_REGIONS][N_REGIONS]     # steps between regions on the 2-player map
    int8_t kiev                            # the solo setup puts Sviatopolk in Kiev
    int8_t sviatopolk                      # his leader index
    bint solo_two_rebels_per_start_region
    bint solo_sviatopolk_card

ctypedef struct SetupArgs:
    int8_t n_players
    int8_t solo_level            # 0 = multiplayer; 1..4 = solo against the Rebels at that difficulty
    int8_t leader[MAX_SEATS]     # -1 = dealt at random among the unused leaders

ctypedef struct GameState:
    Rng rng
    const Rules* R
    EventBuf* events             # the readable log's sink (NULL in batches: nothing recorded)
    uint64_t seed
    int32_t n_decisions
    int8_t n_players
    int8_t decider
    int8_t decision              # pending decision kind (D_*), D_NONE while resolving
    int8_t phase
    int8_t round                 # 0..3
    int8_t step                  # counter inside the phase (placements, picks ...)
    int8_t first_player
    int8_t token_holder          # who holds the first-player token now (passed in the action phase)
    uint16_t in_play
    # board
    int8_t troops[MAX_SEATS][N_REGIONS]      # troops, leader not included
    int8_t leader_region[MAX_SEATS]          # -1 = in supply
    int8_t leader[MAX_SEATS]                 # leader index (leaders.toml)
    int8_t ability[MAX_SEATS]
    int8_t supply[MAX_SEATS]                 # troops in supply
    int8_t rebels[N_REGIONS]
    int8_t rebel_reward[N_REGIONS]           # pool index of the rebel there, -1 none
    int8_t struct_owner[N_REGIONS][N_STRUCT] # -1 = none
    int8_t struct_supply[MAX_SEATS][N_STRUCT]
    int8_t good_type[N_REGIONS]
    int8_t good_present[N_REGIONS]
    # players
    int16_t goods[MAX_SEATS][N_GOODS]
    int16_t coins[MAX_SEATS]
    int8_t claim[MAX_SEATS][N_TRACKS]        # 0 = start space, 1..5
    int8_t warfare[MAX_SEATS]                # 0 = below the track
    int8_t agenda[MAX_SEATS]
    int8_t agenda_offer[MAX_SEATS][2]
    uint32_t hand[MAX_SEATS]                 # scheme cards (bit = card)
    uint32_t deeds_owned[MAX_SEATS]          # taken, not yet accomplished
    uint32_t deeds_done[MAX_SEATS]
    int8_t rebels_defeated[MAX_SEATS]
    int8_t cards_played[MAX_SEATS]           # scheme cards played (the dataset's provisional share)
    int8_t exchange_used[MAX_SEATS][2]
    int8_t rally_used[MAX_SEATS]             # Maria, this round
    int8_t diplomat_used[MAX_SEATS]          # Predslava, this round
    # decks
    int8_t deck[2][MAX_SCHEMES]              # index n-1 = top
    int8_t deck_n[2]
    int8_t discard[MAX_SCHEMES]
    int8_t discard_n
    int8_t known_top[MAX_SEATS][2]           # how many top cards of each deck a seat has seen returned
    int8_t deed_deck[MAX_DEEDS]              # index n-1 = top
    int8_t deed_deck_n
    int8_t deed_row[DEED_ROW]                # -1 = empty
    int8_t deed_discard[MAX_DEEDS]           # alternate deed row variant
    int8_t deed_discard_n
    int8_t rebel_stack[MAX_REBEL_POOL]       # alternate rebel rewards variant
    int8_t rebel_stack_n
    # strategy board
    int8_t adv_left[MAX_SEATS][6]            # advisors of value v not yet placed this round
    int8_t slot_seat[N_ACTIONS][MAX_ROWS]    # -1 = empty
    int8_t slot_val[N_ACTIONS][MAX_ROWS]
    int8_t slot_bribe[N_ACTIONS][MAX_ROWS]
    int8_t place_val                         # advisor chosen, waiting for its bribe
    int8_t place_col
    # the turn being played
    int8_t act_seat                          # seat of the turn being played (or last played)
    int8_t turn_active
    int8_t cur_col
    int8_t cur_row
    int8_t main_state                        # 0 before the main action, 1 during, 2 after / forfeited
    int8_t pool[N_POOL]
    int8_t anywhere_moves
    int8_t used_card
    int8_t used_deed
    int8_t used_exchange
    int8_t rally_target                      # Maria's muster region this turn, -1 none
    # drawn scheme cards waiting to be kept / returned
    int8_t drawn[4]
    int8_t n_drawn
    int8_t draw_deck
    # casualty check in progress
    int8_t cas_attacker
    # queued tasks
    int8_t task_kind[MAX_TASKS]
    int8_t task_a[MAX_TASKS]
    int8_t task_b[MAX_TASKS]
    int8_t n_tasks
    int8_t paid_goods_mask                   # distinct-goods payment: types paid so far
    uint16_t paid_regions                    # troops-from-distinct-regions payment
    int8_t paid_region                       # troops-from-one-ruled-region payment
    bint test_single_turn
    # solo: seat 1 is the Rebels (their troops = rebel miniatures, leader = Sviatopolk)
    int8_t solo_level
    int8_t priority                          # PR_*: where the first-player token sits on their mat
    int8_t neutral[N_REGIONS]                # neutral troops
    int8_t mat_coin[N_PRIORITIES][MAX_MAT_SPACES]   # 1 = a coin still covers (locks) the space
    int8_t rb_deck[N_REBEL_CARDS]            # index 0 = bottom card, 17 = top card
    int8_t rb_row                            # next row of the bottom card to reveal (planning)
    int8_t rb_swords                         # the Rebels' attack in progress
    int8_t rb_minus
    int8_t rb_boots_after
    int8_t rb_order[N_REGIONS]
    int8_t rb_n
    int8_t rb_pos
