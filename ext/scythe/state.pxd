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
from libc.stdint cimport uint64_t, int8_t, int16_t, int32_t, uint8_t
from common.rng cimport Rng

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
    MAX_OPTIONS = 128     # largest legal-option list of any decision
    MAX_LOG = 4096        # decisions recorded per game (a ring for longer games)

# Terrain of a cell.
cdef enum Terrain:
    T_MOUNTAIN = 0
    T_FOREST = 1
    T_TUNDRA = 2
    T_FARM = 3
    T_VILLAGE = 4
    T_LAKE = 5
    T_FACTORY = 6
    T_BASE = 7

# Resources, aligned with the bottom action they pay for.
cdef enum Resource:
    R_OIL = 0     # Upgrade
    R_METAL = 1   # Deploy
    R_WOOD = 2    # Build
    R_FOOD = 3    # Enlist

cdef enum TopAction:
    TOP_MOVE = 0      # Move / Gain coin; Mine under it
    TOP_TRADE = 1     # Armory under it
    TOP_BOLSTER = 2   # Monument under it
    TOP_PRODUCE = 3   # Mill under it

cdef enum BottomAction:
    BOT_UPGRADE = 0
    BOT_DEPLOY = 1
    BOT_BUILD = 2
    BOT_ENLIST = 3

cdef enum Structure:
    S_MINE = 0
    S_ARMORY = 1
    S_MONUMENT = 2
    S_MILL = 3

# The six upgradeable top-row cells (technology cubes start on them).
cdef enum TopCell:
    TC_MOVE_UNITS = 0     # Move 2 -> 3 units
    TC_GAIN_COIN = 1      # Gain 1 -> 2 coins
    TC_TRADE_POP = 2      # Trade popularity 1 -> 2
    TC_BOLSTER_POWER = 3  # Bolster power 2 -> 3
    TC_BOLSTER_CARDS = 4  # Bolster cards 1 -> 2
    TC_PRODUCE_HEXES = 5  # Produce 2 -> 3 territories

# One-time recruit bonuses on the faction mat.
cdef enum Enlist:
    E_POWER = 0       # +2 power
    E_COINS = 1       # +2 coins
    E_POPULARITY = 2  # +2 popularity
    E_CARDS = 3       # +2 combat cards

# The ten ways to place a star (triumph track).
cdef enum StarKind:
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
cdef enum Ability:
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
cdef enum FactionAbility:
    FA_SWIM = 0
    FA_RELENTLESS = 1
    FA_MEANDER = 2
    FA_COERCION = 3
    FA_DOMINATE = 4
    FA_NONE = 5

# How a game ended (recorded in every result).
cdef enum EndReason:
    END_NOT_OVER = 0
    END_SIXTH_STAR = 1
    END_TURN_CAP = 2

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
    uint8_t riverwalk_terrain_mask  # bit t set: Riverwalk may cross into terrain t
    int8_t seat_order             # position in the clockwise seating cycle

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
    int32_t turn_cap              # total turns before the game is stopped (end reason TURN_CAP)

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

ctypedef struct GameState:
    const Rules* rules
    Rng rng                       # chance: shuffles and draws
    uint64_t seed
    int8_t n_players
    Player p[MAX_SEATS]           # by seat; seat order = turn order
    int8_t cell_res[N_CELLS][4]   # resource tokens on each cell
    uint8_t encounter_token[N_CELLS]
    # decks
    int8_t combat_deck[MAX_COMBAT_CARDS]
    int8_t n_combat_deck
    int8_t combat_discard[MAX_COMBAT_CARDS]
    int8_t n_combat_discard
    int8_t encounter_deck[MAX_ENCOUNTERS]   # indices into Rules.encounters, top first
    int8_t n_encounter_deck
    int16_t objective_deck[MAX_OBJECTIVES]
    int8_t n_objective_deck
    int8_t factory_offer[MAX_FACTORY]       # indices into Rules.factory, face down on the board
    int8_t n_factory_offer
    int8_t structure_tile                   # the tile drawn at setup
    # turn bookkeeping
    int8_t active                 # seat whose turn it is
    int32_t turn                  # turns taken so far (all seats)
    int8_t end_reason             # EndReason
    int8_t decision               # DecisionKind of the pending decision (game.pxi)
    int8_t decider                # seat that must decide
    # the in-progress turn (meaning documented beside the turn machine)
    int32_t ctx[64]
    int32_t n_log
    int32_t log[MAX_LOG]          # options chosen, in order (a ring when longer)
