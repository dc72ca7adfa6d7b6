# Scythe game state: every field in fixed-size C arrays, so that a copy is a memcpy.
#
# Indices follow the data files (simsuite/games/scythe/data/*.toml):
#   hexes 1..54 are the board cells of board.toml (1-7 home bases, 8-54
#   territories, reading order = ascending id), 0 is unused;
#   factions 0..6 in faction.toml order (Nordic, Rusviet, Polania, Crimea,
#   Saxony, Albion, Togawa); mats 0..6 in player_mats.toml order.
# Every enum value below is an index into a per-action or per-resource array,
# and the orders are aligned on purpose: bottom action b is paid with resource
# b, and structure s sits under top action s.
from libc.stdint cimport uint64_t, int8_t, int16_t, int32_t, uint8_t, uint16_t
from common.rng cimport Rng
from common.events cimport EventBuf   # the readable log (ext/common/events.pxd)
from scythe.automa_state cimport *   # the Automa's rules and state (solo games)
from scythe.wind_gambit_state cimport *   # the Wind Gambit's modules (airships, resolutions)

cdef enum:
    N_CELLS = 55          # board cells 0..54 (0 unused)
    N_FACTIONS = 7
    N_MATS = 7
    MAX_SEATS = 7         # 5 in the base game; room for Invaders from Afar
    N_UNITS = 13          # per player: 0 character, 1..4 mechs, 5..12 workers
    UNIT_CHARACTER = 0
    UNIT_MECH0 = 1
    UNIT_WORKER0 = 5
    N_WORKERS = 8
    N_MECHS = 4
    OFF_BOARD = -1        # unit still on a mat, structure not built
    MAX_COMBAT_CARDS = 42
    MAX_ENCOUNTERS = 48
    MAX_OBJECTIVES = 32
    MAX_FACTORY = 24
    MAX_OPTIONS = 320     # largest legal-option list of any decision (carrying a pile: 257)
    CARRY_STEP = 128      # piles of 256+ tokens are carried in two decisions: a multiple of 128, then the rest
    N_TRACK_POWER = 16    # power track maximum (Rulebook §4.5)
    N_TRACK_POPULARITY = 18  # popularity track maximum
    MAX_DIAL = 7          # power dial maximum (Rulebook §13.3)
    N_STARS = 6           # stars per player; the 6th ends the game (§18, §19)

# Terrain of a cell.
cdef enum:  # Terrain
    T_MOUNTAIN = 0
    T_FOREST = 1
    T_TUNDRA = 2
    T_FARM = 3
    T_VILLAGE = 4
    T_LAKE = 5
    T_FACTORY = 6
    T_BASE = 7

# Resources, aligned with the bottom action they pay for.
cdef enum:  # Resource
    R_OIL = 0     # Upgrade
    R_METAL = 1   # Deploy
    R_WOOD = 2    # Build
    R_FOOD = 3    # Enlist

cdef enum:  # TopAction
    TOP_MOVE = 0      # Move / Gain coin; Mine under it
    TOP_TRADE = 1     # Armory under it
    TOP_BOLSTER = 2   # Monument under it
    TOP_PRODUCE = 3   # Mill under it

cdef enum:  # BottomAction
    BOT_UPGRADE = 0
    BOT_DEPLOY = 1
    BOT_BUILD = 2
    BOT_ENLIST = 3

cdef enum:  # Structure
    S_MINE = 0
    S_ARMORY = 1
    S_MONUMENT = 2
    S_MILL = 3

# The six upgradeable top-row cells (technology cubes start on them).
cdef enum:  # TopCell
    TC_MOVE_UNITS = 0     # Move 2 -> 3 units
    TC_GAIN_COIN = 1      # Gain 1 -> 2 coins
    TC_TRADE_POP = 2      # Trade popularity 1 -> 2
    TC_BOLSTER_POWER = 3  # Bolster power 2 -> 3
    TC_BOLSTER_CARDS = 4  # Bolster cards 1 -> 2
    TC_PRODUCE_HEXES = 5  # Produce 2 -> 3 territories

# One-time recruit bonuses on the faction mat, in the bottom-action columns' order (column_gain).
cdef enum:  # Enlist
    E_POWER = 0       # +2 power
    E_COINS = 1       # +2 coins
    E_POPULARITY = 2  # +2 popularity
    E_CARDS = 3       # +2 combat cards

# The ten ways to place a star (triumph track).
cdef enum:  # StarKind
    STAR_UPGRADES = 0
    STAR_MECHS = 1
    STAR_STRUCTURES = 2
    STAR_RECRUITS = 3
    STAR_WORKERS = 4
    STAR_OBJECTIVE = 5
    STAR_COMBAT = 6
    STAR_POPULARITY = 7
    STAR_POWER = 8
    N_STAR_KINDS = 9   # combat stars are counted, not flagged

# Mech abilities (faction data maps each faction's 4 mech spaces to these).
cdef enum:  # Ability
    AB_RIVERWALK = 0
    AB_SPEED = 1
    AB_SEAWORTHY = 2
    AB_SUBMERGE = 3
    AB_TOWNSHIP = 4
    AB_UNDERPASS = 5
    AB_WAYFARE = 6
    AB_ARTILLERY = 7
    AB_PEOPLES_ARMY = 8
    AB_CAMARADERIE = 9
    AB_SCOUT = 10
    AB_DISARM = 11
    N_ABILITIES = 12

# Faction abilities (printed upper right, active from the start).
cdef enum:  # FactionAbility
    FA_SWIM = 0
    FA_RELENTLESS = 1
    FA_MEANDER = 2
    FA_COERCION = 3
    FA_DOMINATE = 4
    FA_NONE = 5

# How a game ended (recorded in every result).
cdef enum:  # EndReason
    END_NOT_OVER = 0
    END_SIXTH_STAR = 1
    END_TURN_CAP = 2
    END_ENGINE_ERROR = 3  # a decision with no legal option: an engine bug, never a rules outcome
    END_RESOLUTION = 4    # the resolution tile's end (Wind Gambit, resolutions.pxi)

# Enum names kept as int types (Cython 3 cannot index arrays with named enums).
ctypedef int Terrain
ctypedef int Resource
ctypedef int TopAction
ctypedef int BottomAction
ctypedef int Structure
ctypedef int TopCell
ctypedef int Enlist
ctypedef int StarKind
ctypedef int Ability
ctypedef int FactionAbility
ctypedef int EndReason
ctypedef int DecisionKind
ctypedef int TopVariant
ctypedef int RewardPart
ctypedef int Phase
ctypedef int ActionSource

# ---------------------------------------------------------------- static rules
# Compiled once per process (or per scenario when it overrides a data file)
# from the validated data; games hold a pointer to it and never write it.

ctypedef struct MatData:
    int8_t number_rank            # turn order: lower goes first
    int8_t popularity
    int8_t coins
    int8_t objectives
    int8_t top_of_section[4]      # TopAction of sections 0..3
    int8_t bottom_of_section[4]   # BottomAction of sections 0..3
    int8_t bottom_cost_start[4]   # by BottomAction
    int8_t bottom_cost_min[4]     # by BottomAction
    int8_t bottom_coins[4]        # by BottomAction

ctypedef struct FactionData:
    int8_t base_cell
    int8_t start_cells[2]
    int8_t power
    int8_t combat_cards
    int8_t ability                # FactionAbility
    int8_t mech_ability[4]        # Ability of mech spaces 0..3
    uint8_t ability_spaces[N_ABILITIES]  # bit k set: mech space k gives that Ability
    uint8_t riverwalk_terrain_mask  # bit t set: Riverwalk may cross into terrain t
    int8_t seat_order             # position in the clockwise seating cycle
    # movement.pxi printed_steps of characters and mechs by cell, index
    # Seaworthy/Submerge + 2 * Riverwalk (filled by init_step_tables)
    uint64_t plastic_steps[4][N_CELLS]

ctypedef struct EncounterOption:
    int8_t cost_coins
    int8_t cost_popularity
    int8_t gain_coins
    int8_t gain_popularity
    int8_t gain_power
    int8_t gain_cards
    int8_t gain_res[4]            # fixed resources by Resource
    int8_t gain_any_res           # resources of the player's choice
    int8_t gain_workers
    int8_t free_upgrade
    int8_t free_deploy
    int8_t free_build
    int8_t free_enlist

ctypedef struct EncounterCard:
    int16_t id
    EncounterOption opt[3]

ctypedef struct FactoryCard:
    int16_t id
    # top action: pay these, then gain the reward below
    int8_t cost_coins
    int8_t cost_popularity
    int8_t cost_power
    int8_t cost_cards
    int8_t cost_any_res           # resource tokens of any types
    int8_t cost_distinct_res      # resource tokens of that many different types
    int8_t gain_coins
    int8_t gain_popularity
    int8_t gain_power
    int8_t gain_cards
    int8_t gain_any_res
    int8_t gain_workers
    int8_t produce_hexes          # Produce on up to N territories (no Mill)
    uint8_t free_bottom_mask      # bit b: may take bottom action b without its resource cost
    int8_t free_bottom_count      # how many of the masked actions (1 = "either")

ctypedef struct Rules:
    # board
    int8_t terrain[N_CELLS]
    uint8_t encounter[N_CELLS]    # printed encounter symbol
    uint8_t tunnel[N_CELLS]
    int8_t neighbours[N_CELLS][6] # geometric, by direction NE,E,SE,SW,W,NW; -1 none
    uint8_t river[N_CELLS][6]     # 1 if the edge in that direction is a river
    int8_t factory_distance[N_CELLS]
    int8_t base_of_faction[N_FACTIONS]
    int8_t n_factions
    # mats, factions
    MatData mats[N_MATS]
    int8_t n_mats
    FactionData factions[N_FACTIONS]
    # decks (base game unless a scenario switches extra cards in)
    int8_t combat_values[MAX_COMBAT_CARDS]
    int8_t n_combat
    EncounterCard encounters[MAX_ENCOUNTERS]
    int8_t n_encounters
    int16_t objective_ids[MAX_OBJECTIVES]   # card numbers; conditions are code (objectives.pxi)
    int8_t n_objectives
    FactoryCard factory[MAX_FACTORY]
    int8_t n_factory
    int8_t structure_tiles[8]     # tile kinds in play (structure bonus)
    int8_t n_structure_tiles
    int8_t tile_payout[8][8]      # payout by counted quantity, capped at index 7
    # scoring
    int8_t tier_bounds[3]         # lowest popularity of each tier: 0, 7, 13
    int8_t tier_star[3]
    int8_t tier_territory[3]
    int8_t tier_resource_pair[3]
    # options set by the scenario
    uint8_t camaraderie_on_move   # Camaraderie also spares popularity when displacing by movement
    uint8_t no_factory_relentless # the booklet's Rusviet variant: no Relentless on the Factory card
    uint8_t mats_in_order         # the booklet's variant: mats rise in number clockwise
    int32_t turn_cap              # total turns before the game is stopped (end reason TURN_CAP)
    uint8_t ban_pairs             # redraw the rulebook's forbidden faction + mat pairs when dealing
    int8_t banned[8][2]           # (faction, mat) pairs the rulebook forbids
    int8_t n_banned
    # derived when packing (rules.pxi), so the step loop never searches for them
    int8_t factory_cell
    int8_t tunnels[8]             # cells with a printed tunnel
    int8_t n_tunnels
    int8_t lakes[8]
    int8_t n_lakes
    int8_t bases[8]               # home-base cells
    int8_t n_bases
    int8_t base_faction[N_CELLS]  # faction index whose base the cell is (-1: none, or not in the data)
    uint64_t tunnel_mask          # bit c set for every tunnel cell
    uint64_t lake_mask
    uint64_t worker_steps[2][N_CELLS]   # printed_steps of workers without / with Swim
    uint64_t base_mask
    uint64_t encounter_mask       # territories with a printed encounter symbol
    uint64_t automa_nbhd[2][N_CELLS]    # an Automa unit's neighbourhood from each cell, before /
                                        # after the water unlock (automa.pxi init_automa_geometry)
    AutomaRules automa            # the solo opponent's cards, star cards and distances (automa_pack.pxi)
    WindGambitRules wg            # the Wind Gambit's tiles in play (wind_gambit_state.pxd)

# ---------------------------------------------------------------- dynamic state

ctypedef struct Player:
    int8_t faction
    int8_t mat
    int8_t power
    int8_t popularity
    int16_t coins
    int8_t hand[4]                # combat cards in hand by value 2,3,4,5 (index value-2)
    int8_t unit_cell[N_UNITS]     # OFF_BOARD or a cell id (a base id when on a base)
    int8_t structure_cell[4]      # by Structure; OFF_BOARD if not built
    uint8_t top_cube[6]           # by TopCell: 1 while the cube is still there
    int8_t bottom_cubes[4]        # cubes placed on each bottom action's cost
    uint8_t recruit_enlisted[4]   # by BottomAction: its recruit has left the mat
    uint8_t onetime_used[4]       # by Enlist
    uint8_t mech_deployed[4]      # by mech space
    uint8_t star_placed[N_STAR_KINDS]
    int8_t combat_stars
    int8_t objective_stars
    int8_t stars
    int16_t objectives[2]         # objective card ids held, -1 none
    int8_t factory_card           # index into Rules.factory, -1 none
    int8_t last_section           # -1 before the first turn; 4 = Factory card
    uint8_t forced_retreat        # has forced an opponent worker to retreat (objective 6)
    uint8_t coercion_used         # Crimea's Coercion used this turn
    int16_t turns                 # turns this seat has taken

# ---------------------------------------------------------------- decisions
# What the pending decision asks and how its options are encoded. Options are
# small non-negative integers listed in ascending order (turn.pxi,
# `legal_options`); `option_label` in Python names them. A decision of ANY kind
# with exactly one legal option is applied by the engine itself (logged as
# "auto"), so policies and `Game.decisions` only ever see 2+ options.
cdef enum:  # DecisionKind
    DK_NONE = 0          # the game is over
    DK_OBJECTIVE = 1     # 0 keep objectives hidden; 1 + slot: reveal that card (§16)
    DK_SECTION = 2       # 0..3 player-mat section, 4 the Factory card (§6, §15)
    DK_TOP = 3           # 0 skip; else 100*TopVariant + 10*amount + bonus (1 = take the structure bonus)
    DK_MOVE_UNIT = 4     # 0 end the Move; 1 + unit index: move that unit next (§7.1, §8)
    DK_MOVE_STEP = 5     # destination cell of the next step; 0 stop here (only after a first step)
    DK_CARRY_WORKERS = 6 # 16*a + b: carry a workers that already moved this action and b that did not
    DK_CARRY_RES = 7     # tokens of resource `aux` carried on this step (a pile of 256+: first a
                         # multiple of CARRY_STEP, then the exact count from there, up to +127)
    DK_TRADE = 8         # 4*cell + resource gained; 0 take no more (§7.2)
    DK_PRODUCE = 9       # 16*cell + amount produced there; 0 done (§7.3)
    DK_BOTTOM = 10       # 0 skip; 1 take it, 2 decline its coins, 3 decline its effect, 4 decline both
    DK_PAY = 11          # 4*cell + resource: spend that token; 1000 + card value: Coercion (§12)
    DK_UPGRADE = 12      # 4*TopCell + BottomAction (§9.1)
    DK_DEPLOY = 13       # 4*cell + mech space (§9.2)
    DK_BUILD = 14        # 4*cell + Structure (§9.3)
    DK_ENLIST = 15       # 4*BottomAction (recruit taken) + Enlist (one-time bonus) (§9.4)
    DK_COMBAT_ORDER = 16 # cell of the combat fought next (§13.1)
    DK_ARTILLERY = 17    # 0 no, 1 pay 1 power so the opponent loses 2 (§11.3)
    DK_SCOUT = 18        # 0 no, 1 steal a random combat card (§11.3)
    DK_DIAL = 19         # power dialled, 0..min(7, power) (§13.3)
    DK_CARDS = 20        # combat cards added: n2 + 8*n3 + 64*n4 + 512*n5 (§13.3)
    DK_RETREAT = 21      # where the loser's units retreat: its base cell or an adjacent lake (§11.3 Seaworthy)
    DK_ENCOUNTER = 22    # encounter option 0..2; 3 take no further option (Polania's Meander) (§14)
    DK_GAIN_AMOUNT = 23  # how much of reward component `aux` to take, 0..n (partial rewards, §14)
    DK_GAIN_RES = 24     # 4*cell + resource of an "any resource" reward token; 0 take no more
    DK_GAIN_WORKER = 25  # cell receiving a rewarded worker; 0 take no more
    DK_FREE_ACTION = 26  # BottomAction taken without its resource cost; 4 none (§14, §15)
    DK_FACTORY_PICK = 27 # index (in Rules.factory) of the Factory card taken (§15)
    DK_DISCARD = 28      # value (2..5) of a combat card discarded to pay a cost
    # The Wind Gambit's airships (airships.pxi; rulebook 004 "ПЕРЕМІЩЕННЯ", "ПЕРЕНЕСЕННЯ"):
    DK_AIR_CARGO = 29    # on the airship's territory: 0 go on; 1 + r load a token of resource r;
                         # 5 + r leave a token of resource r there; 9 take one own worker aboard;
                         # 10 set one worker down there
    DK_AIR_STEP = 30     # destination cell of the airship's next step; 0 stop here (after a first step)
    DK_AIR_COMBAT = 31   # Blitzkrieg: 0 no; 1 + seat: fight that seat's airship here
    DK_AIR_DIAL = 32     # power dialled in a Blitzkrieg combat, 0..min(7, power) (no combat cards)
    DK_AIR_SWAP = 33     # a tile's swap_objective: 0 keep; 1 + k spend objective card in slot k, draw one
    N_DECISION_KINDS = 34

# DK_TOP variants (option = 100*variant + 10*amount + bonus).
cdef enum:  # TopVariant
    TV_MOVE = 1
    TV_GAIN = 2          # Gain coins (amount)
    TV_TRADE_RES = 3     # Trade for resources (chosen with DK_TRADE)
    TV_TRADE_POP = 4     # Trade for popularity (amount)
    TV_BOLSTER_POWER = 5
    TV_BOLSTER_CARDS = 6
    TV_PRODUCE = 7
    TV_FACTORY = 8       # the Factory card's top action

# What a gain adds to: a track or the hand (gain() in core.pxi applies one). Rewards, recruit
# bonuses and airship tiles all give these; their own codes equal these values.
cdef enum:  # Gain
    GAIN_COINS = 0
    GAIN_POPULARITY = 1
    GAIN_POWER = 2
    GAIN_CARDS = 3

# Reward components, in the order they are resolved (aux of DK_GAIN_AMOUNT); the first four
# are the Gain codes.
cdef enum:  # RewardPart
    RW_COINS = 0
    RW_POPULARITY = 1
    RW_POWER = 2
    RW_CARDS = 3
    RW_RES0 = 4          # fixed resources RW_RES0 + Resource
    RW_ANY_RES = 8
    RW_WORKERS = 9
    RW_PRODUCE = 10
    RW_FREE = 11
    RW_DONE = 12

# Steps of the turn machine (turn.pxi). A game rests only in a phase that
# poses a decision; every other phase is passed through by `advance`.
cdef enum:  # Phase
    PH_TURN_START = 0
    PH_REVEAL = 1        # optional objective reveal (TurnCtx.reveal_next follows)
    PH_SECTION = 2
    PH_TOP = 3
    PH_AFTER_TOP = 4
    PH_BOTTOM = 5
    PH_AFTER_BOTTOM = 6
    PH_END_TURN = 7
    PH_MOVE_UNIT = 8
    PH_MOVE_STEP = 9
    PH_CARRY_WORKERS = 10
    PH_CARRY_RES = 11
    PH_DO_STEP = 12
    PH_UNIT_DONE = 13
    PH_MOVE_END = 14
    PH_COMBAT_SELECT = 15
    PH_COMBAT_PRE = 16
    PH_COMBAT_DIAL = 17
    PH_COMBAT_CARDS = 18
    PH_COMBAT_RESOLVE = 19
    PH_COMBAT_RETREAT = 20
    PH_COMBAT_FINISH = 21
    PH_POST_MOVE = 22
    PH_ENCOUNTER_CHOOSE = 23
    PH_ENCOUNTER_AFTER = 24
    PH_FACTORY_CHECK = 25
    PH_FACTORY_PICK = 26
    PH_MOVE_DONE = 27
    PH_TRADE = 28
    PH_PRODUCE = 29
    PH_PAY = 30
    PH_DISCARD = 31
    PH_BOTTOM_EFFECT = 32
    PH_BOTTOM_FINISH = 33
    PH_REWARD = 34
    PH_FREE_EFFECT_DONE = 35
    PH_FACTORY_TOP_REWARD = 36
    PH_GAME_OVER = 37
    PH_AUTOMA = 38       # the Automa plays (or resumes) its turn (automa.pxi)
    PH_AIR_CARGO = 39    # the airship's move (airships.pxi): loading and leaving on a territory
    PH_AIR_STEP = 40     # its next step
    PH_AIR_STOPS = 41    # it has ended its move: the tiles' airship_stops rules
    PH_AIR_DIAL = 42     # a Blitzkrieg combat: the two dials
    PH_AIR_STOPPED = 43  # the decisions its stop offers: an objective swap, then a Blitzkrieg

# What a running sub-procedure belongs to.
cdef enum:  # ActionSource
    SRC_MAT = 0          # the player mat (pays coins, triggers recruit and structure bonuses)
    SRC_FACTORY = 1      # the Factory card (never any mat bonus, §15)
    SRC_ENCOUNTER = 2    # an encounter card (never any bonus, §14)

ctypedef struct Reward:
    int8_t amount[12]             # by RewardPart (RW_PRODUCE: territories; RW_FREE: count)
    uint8_t free_mask             # bottom actions allowed by RW_FREE

# The turn in progress. Cleared at every turn start; never read by a policy
# except through legal options (hidden parts: the opponent's combat choices).
ctypedef struct TurnCtx:
    int8_t phase
    int8_t reveal_next            # phase after the objective reveal point
    uint8_t revealed              # an objective was revealed this turn (one per turn, §16/§23)
    int8_t section                # section chosen this turn (4: Factory card)
    int8_t top_variant            # TopVariant being resolved
    uint8_t bonus_ok              # Armory / Monument bonus accepted
    # bottom-row effect (mat action, or free from an encounter / Factory card)
    int8_t bot                    # BottomAction
    int8_t bot_src                # ActionSource
    uint8_t bot_coins_ok
    uint8_t bot_effect_ok
    uint8_t bot_own_recruit       # the actor's recruit bonus was exposed before the action (§6)
    int8_t eff_cell               # encounter: the effect is placed here; -1 normal placement
    int8_t eff_ret                # phase after the effect
    # paying resource tokens / combat cards
    int8_t pay_type               # Resource, or -1 for any type
    uint8_t pay_distinct          # every token of a different type
    uint8_t pay_types_used        # bit mask of types already paid (distinct payments)
    int8_t pay_left
    int8_t pay_cards_left         # combat cards still to discard (Factory card costs)
    int8_t pay_ret
    # Move (mat top action, or the Factory card's bottom action)
    uint8_t mv_factory            # 1: Factory-card Move (one unit, 2 steps)
    int8_t mv_units_left
    int8_t mv_unit                # unit being moved, -1 none
    int8_t mv_steps_left
    int8_t mv_steps_taken
    int8_t mv_dest
    int8_t mv_ret                 # phase after the whole Move (combats, encounter, Factory)
    uint16_t moved                # bit u: unit u moved itself in this Move action
    uint16_t carry_workers        # bit i: worker UNIT_WORKER0+i is carried on this step
    int8_t carry_type             # resource being decided (DK_CARRY_RES)
    uint8_t carry_fine            # second decision of a large pile (see DK_CARRY_RES)
    int16_t carry_res[4]
    int8_t came_from[N_UNITS]     # cell each unit last stepped from, -1 none (§19.4 undo)
    int16_t came_res[UNIT_WORKER0][4]  # resources each character / mech carried on that step
    # Produce
    int8_t prod_left              # ordinary territories still allowed
    uint8_t prod_mill             # the Mill's bonus territory is usable
    int8_t prod_taken
    uint64_t prod_cells           # territories already produced on
    int8_t prod_ret
    # Trade
    int8_t trade_left
    # reward being taken (encounter option, Factory card top action)
    Reward rw
    int8_t rw_part                # RewardPart being resolved
    int8_t rw_cell                # encounter territory (placement), -1: normal placement
    int8_t rw_src                 # ActionSource
    int8_t rw_ret
    # combat
    uint64_t combat_cells         # cells where a combat is still to be fought
    int8_t cb_cell
    int8_t cb_seat[2]             # attacker, defender
    int8_t cb_stage               # pre-combat ability step 0..5, or the side choosing (0/1)
    int8_t cb_dial[2]
    int8_t cb_cards[2][4]         # cards committed by value (kept in hand until revealed)
    int8_t cb_winner
    int8_t cb_loser
    int8_t cb_retreat_to
    # encounter
    int8_t enc_card               # index into Rules.encounters, -1 none
    uint8_t enc_used              # bit o: option o taken
    int8_t enc_picks_left
    uint8_t bottom_payable        # a bottom action was payable as this turn began (GameState.bottom_chances)

ctypedef struct ControlMemo:
    # control_map's last answer and the pieces it was computed from (queries.pxi).
    # A cache, not game state: no rule reads it, and a stale entry is never used
    # because the whole key is compared.
    const Rules* rules            # NULL: empty
    int8_t n_players
    int8_t active
    int8_t units[MAX_SEATS][N_UNITS]
    int8_t structures[MAX_SEATS][4]
    int8_t ctl[N_CELLS]


ctypedef struct GameState:
    const Rules* rules
    Rng rng                       # chance: shuffles and draws
    uint64_t seed
    int8_t n_players
    Player p[MAX_SEATS]           # by seat; seat order = turn order
    int16_t cell_res[N_CELLS][4]  # resource tokens on each cell (the supply is unlimited)
    uint8_t encounter_token[N_CELLS]
    # decks
    int8_t combat_deck[MAX_COMBAT_CARDS]    # card values, top = last
    int8_t n_combat_deck
    int8_t combat_discard[MAX_COMBAT_CARDS]
    int8_t n_combat_discard
    int8_t encounter_deck[MAX_ENCOUNTERS]   # indices into Rules.encounters, top first
    int8_t n_encounter_deck
    int16_t objective_deck[MAX_OBJECTIVES]  # card ids, top first
    int8_t n_objective_deck
    int8_t factory_offer[MAX_FACTORY]       # indices into Rules.factory, face down on the board
    int8_t n_factory_offer
    int8_t structure_tile                   # the tile drawn at setup (index into Rules.structure_tiles)
    int8_t faction_seat[N_FACTIONS]         # seat playing each faction, -1 not in play
    uint64_t inactive_bases                 # bases of factions not in play (Wayfare targets)
    # turn bookkeeping
    int8_t active                 # seat whose turn it is
    int32_t turn                  # turns taken so far (all seats)
    int8_t end_reason             # EndReason
    int8_t decision               # DecisionKind of the pending decision
    int8_t decider                # seat that must decide
    int32_t decision_aux          # context of the decision (e.g. the resource of DK_CARRY_RES)
    int32_t n_decisions           # decisions applied so far (auto-applied ones included)
    # the bottom-action rate (issue #14's 85%): per seat, own turns that began with a bottom
    # action payable (actions.pxi bottom_payable_now), and of those the turns that took one
    int16_t bottom_chances[MAX_SEATS]
    int16_t bottom_taken[MAX_SEATS]
    TurnCtx t                     # the turn in progress
    EventBuf* events              # readable log sink, NULL in batches (never copied meaningfully)
    AutomaState automa            # the Automa (seat -1 when the game has none; automa.pxi)
    ControlMemo ctl_memo          # control_map's cache (queries.pxi)
    WindGambitState wg            # airships and the resolution (wind_gambit_state.pxd)
