# Imperial Settlers game state: every field in fixed-size C arrays, so that a copy is a memcpy.
#
# Cards: a physical card is an index 0..n_cards-1 into Rules.card_kind; a kind is one entry of
# simsuite/games/imperial_settlers/data/cards.toml (entry order). Factions 0..3 follow
# factions.toml (barbarians, romans, egyptians, japanese). Goods follow the Good enum below,
# and the first N_TOKENS of them are the tokens a player holds in their supply.
from libc.stdint cimport uint64_t, int64_t, int8_t, int16_t, int32_t, uint8_t
from common.rng cimport Rng
from common.events cimport EventBuf

cdef enum:
    MAX_SEATS = 4
    N_FACTIONS = 4
    MAX_KINDS = 192
    MAX_CARDS = 320
    MAX_COMMON = 200       # common deck / discard capacity
    MAX_FDECK = 64         # one faction deck / discard capacity
    MAX_HAND = 96
    MAX_LOC = 48           # locations and foundations of one empire
    MAX_DEALS = 48
    MAX_ROW = 8            # lookout display
    MAX_TASKS = 24
    MAX_TMP = 16
    MAX_ATTACK = 32        # solo attack cards
    MAX_VLOC = 8           # the solo opponent's locations of this round
    MAX_TROPHY = 64
    MAX_OPTIONS = 960       # more than the action decision can list (OPT_END)
    MAX_ROUNDS = 5
    MAX_UNDER = 48         # cards one player keeps under Gates
    MAX_TRADE_DEALS = 16   # one player's Trade Route deals with opponent locations

cdef enum:  # Good
    G_WOOD = 0
    G_STONE = 1
    G_FOOD = 2
    G_WORKER = 3
    G_GOLD = 4
    G_RAZE = 5
    G_DEFENCE = 6
    N_TOKENS = 7           # goods held as tokens in a player's supply
    G_VP = 7
    G_CARD = 8             # a card from the deck of the player's choice
    G_COMMON_CARD = 9
    G_FACTION_CARD = 10
    N_GOODS = 11

cdef enum:  # Location type
    TY_PRODUCTION = 0
    TY_FEATURE = 1
    TY_ACTION = 2

cdef enum:  # what a per-count effect counts: colours 0..7 (bit i of a colour mask), then samurai
    CNT_NONE = -1
    CNT_SAMURAI = 8

cdef enum:  # ProductionOp
    POP_NONE = 0
    POP_REPEAT = 1         # produce again with another production location of yours
    POP_FACTION_1_OF_2 = 2 # draw 2 faction cards, keep 1, discard 1
    POP_CHOICE = 3         # take one of two goods tables

cdef enum:  # BuildOp
    BOP_NONE = 0
    BOP_TWO_SAMURAI = 1

cdef enum:  # FeatureTrigger
    FW_NONE = 0
    FW_BUILD = 1           # each time you build a location of the counted colour
    FW_RAZE = 2            # each time you raze
    FW_OPP_TRADES = 3      # per pair of workers an opponent trades

cdef enum:  # ActionOp
    AOP_NONE = 0
    AOP_BUILD_FACTION = 1
    AOP_USE_OTHER = 2
    AOP_DEAL_AGAIN = 3
    AOP_REPEAT_PROD = 4
    AOP_STEAL = 5
    # mechanics the rulebook describes for faction cards whose costs no source gives; the
    # shipped data leaves those cards provisional, a user file can complete them with these
    AOP_RAZE_OPPONENT = 6      # raze an opponent location; +1 raze token per defence token / samurai
    AOP_RAZE_IGNORING_GUARDS = 7  # raze an opponent location, no raze tokens, guards ignored
    AOP_TAKE_FROM_RAZE = 8     # 1 good shown in an opponent location's raze yield, from the supply
    AOP_RAZE_OWN = 9           # raze one of your own locations (yield, foundation, 1 wood)
    AOP_REMOVE_OPPONENT = 10   # discard an opponent's common location (not a raze)
    AOP_CANCEL_DEAL = 11       # discard a deal of an opponent
    AOP_FOUNDATION_FROM_HAND = 12  # a card from hand into your empire as a foundation, 1 stone
    AOP_BUILD_FROM_DEALS = 13  # build one of your deals (its cost, no location discarded)
    AOP_TAKE_DEAL = 14         # take a deal from under an opponent's board into yours (Spies)
    AOP_TRADE_ROUTE = 15       # a deal with an opponent's faction location (Trade Route)
    AOP_CAPTURE = 16           # capture an opponent's location with a special token (Temple of Ra)

cdef enum:  # what a location holds (Gate, Shrine, Storehouse)
    HOLD_NONE = 0
    HOLD_CARDS = 1         # cards from hand put under it (they stay to the end)
    HOLD_RESOURCES = 2     # wood, stone or food put on it (kept through cleanup)

cdef enum:  # Lookout variant
    LOOK_NORMAL = 0
    LOOK_ALTERNATIVE = 1   # draft: 3 commons, keep 1, pass 2 clockwise, keep 1
    LOOK_ADVANCED = 2      # 5 face-up commons, each takes 2 with refills

cdef enum:  # Phase
    PH_LOOKOUT = 0
    PH_PRODUCTION = 1
    PH_ACTION = 2
    PH_CLEANUP = 3
    PH_ATTACK = 4
    PH_OVER = 5

cdef enum:  # Decision kind (what the options of the pending decision mean)
    D_NONE = 0
    D_LOOKOUT_PICK = 1     # index into the lookout display
    D_CARD_SOURCE = 2      # 0 common deck, 1 faction deck
    D_ACTION = 3           # OPT_* below
    D_BUILD_DISCARD = 4    # slot of the location/foundation discarded to build a faction card
    D_REPEAT_PROD = 5      # slot of the production location that produces again
    D_PICK_1_OF_2 = 6      # index into tmp
    D_PROD_CHOICE = 7      # 0 / 1: which goods table
    D_TRADE_MORE = 8       # 0 stop, 1 + trade good (TR_*)
    D_USE_OTHER = 9        # slot of the other action location
    D_DEAL_AGAIN = 10      # index of the deal
    D_PAY_DEAL = 11        # index of the deal given up
    D_PAY_CARD = 12        # hand index of the card given up
    D_SETTLERS = 13        # hand index of the faction card built
    D_STEAL = 14           # seat * 3 + resource (wood, stone, food)
    D_SAMURAI_BONUS = 15   # slot that receives a free samurai
    D_SOLO_TIE = 16        # index into tmp: which tied location the attack razes
    D_DRAFT_PICK = 17      # index into the player's draft pack
    D_TARGET_LOC = 18      # seat * MAX_LOC + slot (solo: seat 1 = the opponent's lookout cards)
    D_TARGET_GOOD = 19     # a good of the target's raze yield
    D_TARGET_DEAL = 20     # seat * MAX_DEALS + index
    D_FOUNDATION_CARD = 21 # hand index of the card laid as a foundation
    D_FREE_MOVES = 22      # after the turn's action: 0 end the turn, or OPT_DEFENCE / OPT_SAMURAI + slot
    D_PAY_GOLD = 23        # gold used for wood + 16 * (for stone) + 256 * (for food)
    D_BUILD_DEAL = 24      # index of the deal built
    D_HOLD = 25            # what goes onto a holding location: hand index, or a resource (0-2)
    N_DECISIONS = 26

# Options of D_ACTION, in increasing order (the legal list is written sorted).
cdef enum:
    OPT_PASS = 0
    OPT_BUILD = 1                              # + hand index
    OPT_DEAL = OPT_BUILD + MAX_HAND            # + hand index
    OPT_RAZE_HAND = OPT_DEAL + MAX_HAND        # + hand index
    OPT_RAZE_LOC = OPT_RAZE_HAND + MAX_HAND    # + seat * MAX_LOC + slot (solo: seat 1 = the opponent)
    OPT_ACT = OPT_RAZE_LOC + MAX_SEATS * MAX_LOC  # + slot * 2 + (times - 1)
    OPT_TRADE = OPT_ACT + 2 * MAX_LOC          # + trade good (TR_*)
    OPT_DEFENCE = OPT_TRADE + 5                # + slot
    OPT_SAMURAI = OPT_DEFENCE + MAX_LOC        # + slot
    OPT_HOLD = OPT_SAMURAI + MAX_LOC           # + slot: put a card / resource on it (free)
    OPT_ACT_CAPTURED = OPT_HOLD + MAX_LOC      # + seat * MAX_LOC + slot: use a captured location once
    OPT_END = OPT_ACT_CAPTURED + MAX_SEATS * MAX_LOC

cdef enum:  # what a pair of workers is traded for
    TR_WOOD = 0
    TR_STONE = 1
    TR_FOOD = 2
    TR_COMMON_CARD = 3
    TR_FACTION_CARD = 4

cdef enum:  # Task kinds (the steps of a compound action still to resolve, on a stack)
    TK_BUILD_DISCARD = 1   # a = card being built
    TK_REPEAT_PROD = 2     # a = slot that may not be chosen (the source), -1 none
    TK_PICK_1_OF_2 = 3
    TK_PROD_CHOICE = 4     # a = kind
    TK_TRADE_MORE = 5
    TK_USE_OTHER = 6       # a = seat * MAX_LOC + slot of the troupe
    TK_DEAL_AGAIN = 7
    TK_PAY_DEAL = 8        # a = kind whose gain follows
    TK_PAY_CARD = 9        # a = kind whose gain follows
    TK_SETTLERS = 10
    TK_STEAL = 11
    TK_SAMURAI_BONUS = 12
    TK_SOLO_TIE = 13
    TK_TARGET_LOC = 14     # a = action op
    TK_TAKE_GOOD = 15      # a = seat * MAX_LOC + slot of the target
    TK_CANCEL_DEAL = 16
    TK_FOUNDATION = 17
    TK_PAY = 18            # a = wood + 16 * stone + 256 * food to pay, gold or resources
    # continuations of a payment (resolved without a decision once the payment is made)
    TK_PLACE = 19          # a = card being built
    TK_DEAL_PAID = 20      # a = card being dealt
    TK_ACT_PAID = 21       # a = seat * MAX_LOC + slot of the location used, b = times
    TK_BUILD_DEAL = 22     # choose one of your deals to build
    TK_HOLD = 23           # a = slot of the holding location
    TK_TAKE_DEAL = 24      # Spies: a deal under an opponent's board becomes yours

cdef enum:  # Event kinds of the readable log (seat, a, b, c as game.pxi's event_line reads them)
    EV_ROUND = 1
    EV_PHASE = 2
    EV_DRAW = 3
    EV_PICK = 4
    EV_GAIN = 5
    EV_BUILD = 6
    EV_DEAL = 7
    EV_RAZE_HAND = 8
    EV_RAZE_LOC = 9
    EV_ACTIVATE = 10
    EV_TRADE = 11
    EV_DEFENCE = 12
    EV_SAMURAI = 13
    EV_PASS = 14
    EV_DISCARD_LOC = 15
    EV_CLEANUP = 16
    EV_SOLO_TAKE = 17
    EV_ATTACK = 18
    EV_TROPHY = 19
    EV_STEAL = 20
    EV_SPEND = 21
    EV_END = 22
    EV_CANCEL_DEAL = 23
    EV_FOUNDATION = 24
    EV_ATTACK_MISS = 25
    EV_HOLD = 26           # a = the holding location's card, b = card held (or -1), c = resource (or -1)
    EV_TAKE_DEAL = 27      # a = seat robbed, b = card
    EV_TRADE_ROUTE = 28    # a = seat, b = the location's card, c = good
    EV_CAPTURE = 29        # a = seat, b = the location's card

ctypedef struct Kind:
    int8_t deck            # 0 common, 1 + faction
    int8_t type
    uint8_t colours        # bit mask of colours 0..7
    int8_t cost[3]         # wood, stone, food
    int8_t cost_location   # also discard one of your locations / foundations
    int8_t raze[N_GOODS]
    int8_t can_raze        # has a raze yield
    int8_t raze_icons[4]   # the raze yield as a list of goods (solo attack matching)
    int8_t n_raze_icons
    int8_t deal_good       # -1 none
    int8_t deal_n
    int8_t vp
    int8_t prod[N_GOODS]
    int8_t prod_per_count, prod_per_good, prod_per_max
    int8_t prod_op
    int8_t prod_choice[2][N_GOODS]
    int8_t bonus[N_GOODS]
    int8_t bonus_per_count, bonus_per_good, bonus_per_max
    int8_t build_op
    int8_t feat_when, feat_count
    int8_t feat_gain[N_GOODS]
    int8_t act_pay[N_GOODS]   # tokens paid, and G_CARD = cards from hand
    int8_t act_pay_deal
    int8_t act_gain[N_GOODS]
    int8_t act_uses
    int8_t act_op
    int8_t hold            # HOLD_*
    int8_t hold_vp         # end of game: hold_vp VP per hold_every things held
    int8_t hold_every
    int8_t hold_max        # at most this many at once (0: no limit)
    int8_t hold_returns    # resources come back to the supply at the next production
    int8_t provisional

ctypedef struct Rules:
    int32_t n_kinds
    int32_t n_cards
    Kind kind[MAX_KINDS]
    int16_t card_kind[MAX_CARDS]
    int16_t deck_cards[N_FACTIONS + 1][MAX_COMMON]   # physical cards of each deck
    int16_t deck_size[N_FACTIONS + 1]
    int8_t board[N_FACTIONS][N_TOKENS]   # faction board production
    int8_t keeps[N_FACTIONS]             # good kept through cleanup (-1 none)
    int8_t razeable_cards[N_FACTIONS]    # faction cards carry raze yields (Japanese)
    int8_t samurai[N_FACTIONS]
    int8_t attack_good[MAX_ATTACK]
    int32_t n_attack
    int8_t attack_provisional
    int32_t attacks_per_round
    # rulebook numbers (rules.toml)
    int32_t rounds, start_common, start_faction, deal_food, raze_hand, raze_loc, trade_workers
    int32_t foundation_wood
    int32_t capture_tokens   # the Temple of Ra's special tokens (4 Egyptian tokens)
    # variants (scenario switches)
    int32_t lookout          # LOOK_*
    int32_t peaceful

ctypedef struct SetupArgs:
    int32_t n_players          # 1 = solo
    int32_t factions[MAX_SEATS]


ctypedef struct Loc:
    int16_t card
    int8_t foundation      # face down: no type, colour or VP; only discardable for a cost
    int8_t defence
    int8_t samurai
    int8_t used            # activations this round
    int8_t held            # cards under it / resources on it (HOLD_*)
    int8_t held_res[3]     # the resources among them (wood, stone, food)
    int8_t captor          # seat + 1 of the player who captured it (Temple of Ra); 0: none

ctypedef struct Player:
    int8_t faction
    int8_t passed
    int16_t tok[N_TOKENS]
    int32_t vp
    int16_t hand[MAX_HAND]
    int16_t n_hand
    Loc loc[MAX_LOC]
    int16_t n_loc
    int16_t deal[MAX_DEALS]
    int16_t n_deal
    int16_t fdeck[MAX_FDECK]   # top = last
    int16_t n_fdeck
    int16_t fdisc[MAX_FDECK]   # never reshuffled
    int16_t n_fdisc
    int16_t pend_any           # cards still to draw, deck of the player's choice
    int16_t pend_common
    int16_t pend_faction
    int16_t played             # cards built or dealt
    int16_t played_prov        # of which provisional entries
    int16_t pack[MAX_TMP]      # alternative lookout: the pack in front of the player
    int16_t n_pack
    int16_t under[MAX_UNDER]   # cards under the player's Gates (they stay to the end)
    int16_t n_under
    int16_t trade_kind[MAX_TRADE_DEALS]  # Trade Route deals: the kind of each location dealt with
    int16_t n_trade
    int8_t n_captured          # opponents' locations the player holds captured (Temple of Ra)

ctypedef struct Task:
    int8_t kind
    int8_t seat
    int16_t a
    int16_t b

ctypedef struct GameState:
    const Rules* rules
    Rng rng
    uint64_t seed
    EventBuf* events       # the readable log (ext/common/events.pxd); NULL in batches
    int32_t n_players
    int32_t solo
    int32_t round          # 1..5
    int32_t phase
    int32_t first          # first player this round
    int32_t step           # progress inside the phase
    int32_t sub            # lookout: which of the two displays is being picked from
    int32_t actor          # whose turn in the action phase / production
    int32_t prod_cursor    # production: next source of the producing player
    int32_t turn_done      # 1: the actor's action is taken (free moves may follow); 2: turn over
    int32_t decision
    int32_t decider
    int32_t over
    int64_t n_decisions
    Player pl[MAX_SEATS]
    int16_t cdeck[MAX_COMMON]  # top = last
    int16_t n_cdeck
    int16_t cdisc[MAX_COMMON]
    int16_t n_cdisc
    int16_t row[MAX_ROW]
    int16_t n_row
    Task task[MAX_TASKS]
    int32_t n_task
    int16_t tmp[MAX_TMP]
    int16_t n_tmp
    # solo
    int16_t vloc[MAX_VLOC]
    int16_t n_vloc
    int16_t trophy[MAX_TROPHY]
    int16_t n_trophy
    int8_t adeck[MAX_ATTACK]   # attack deck, top = last (indices into Rules.attack_good)
    int16_t n_adeck
    int8_t arow[MAX_ATTACK]    # revealed attack cards, arow[0] = the newest ("card 1")
    int16_t n_arow
    int32_t attacks_left
