# Layer: api. Uses: state (enums), rules (the names the data loader defines).
#
# The Python-visible names of simsuite._scythe's enums and messages (decision
# kinds, end reasons, units, invariant messages, ...), and `_index`, which reads
# a name or an id of one of them.

DECISION_NAMES = (
    "none", "objective", "section", "top", "move_unit", "move_step", "carry_workers",
    "carry_resources", "trade", "produce", "bottom", "pay", "upgrade", "deploy", "build",
    "enlist", "combat_order", "artillery", "scout", "dial", "cards", "retreat", "encounter",
    "gain_amount", "gain_resource", "gain_worker", "free_action", "factory_pick", "discard",
    "airship_cargo", "airship_step", "airship_combat", "airship_dial", "airship_swap",
)
END_REASONS = ("not_over", "sixth_star", "turn_cap", "engine_error", "resolution")
UNIT_NAMES = ("character", "mech0", "mech1", "mech2", "mech3", "worker0", "worker1", "worker2",
              "worker3", "worker4", "worker5", "worker6", "worker7")
RESOURCE_NAMES = ("oil", "metal", "wood", "food")
STRUCTURE_NAMES = ("mine", "armory", "monument", "mill")
TOP_ACTION_NAMES = ("move", "trade", "bolster", "produce")
BOTTOM_ACTION_NAMES = ("upgrade", "deploy", "build", "enlist")
TOP_CELL_NAMES = ("move_units", "gain_coin", "trade_popularity", "bolster_power",
                  "bolster_cards", "produce_territories")
ENLIST_NAMES = ("power", "coins", "popularity", "cards")
STAR_NAMES = ("upgrades", "mechs", "structures", "recruits", "workers", "objective", "combat",
              "popularity", "power")
TERRAIN_NAMES = _TERRAINS
ABILITY_NAMES = _MECH_ABILITIES
FACTION_ABILITY_NAMES = _FACTION_ABILITIES
REWARD_PART_NAMES = ("coins", "popularity", "power", "combat cards", "oil", "metal", "wood",
                     "food", "any resource", "workers", "produce", "free action")
TOP_VARIANT_NAMES = {TV_MOVE: "move", TV_GAIN: "gain coins", TV_TRADE_RES: "trade for resources",
                     TV_TRADE_POP: "trade for popularity", TV_BOLSTER_POWER: "bolster power",
                     TV_BOLSTER_CARDS: "bolster combat cards", TV_PRODUCE: "produce",
                     TV_FACTORY: "Factory card top action"}
INVARIANT_MESSAGES = {
    INV_CHARACTER: "seat {0}: character on invalid cell {1}",
    INV_MECH: "seat {0}: mech {1} on cell {2} but deployed flag is {3} (deployed mechs are on the board, others on the mat)",
    INV_WORKER: "seat {0}: unit {1} on invalid cell {2}",
    INV_STRUCTURE: "seat {0}: structure {1} on cell {2}, which is not a land territory",
    INV_STRUCTURE_SHARED: "cell {0} holds two structures",
    INV_RESOURCES: "cell {0}: resource {1} count {2} is negative",
    INV_TRACKS: "seat {0}: power {1} / popularity {2} / coins {3} out of range",
    INV_HAND: "seat {0}: {2} combat cards of value {1}",
    INV_CARDS: "combat cards: {0} counted in decks and hands, expected {1}",
    INV_STARS: "seat {0}: {1} stars recorded but {2} placed",
    INV_STAR_LIMIT: "seat {0}: {1} combat stars and {2} objective stars exceed the limits",
    INV_UPGRADES: "seat {0}: {1} cubes left the top row but {2} sit on bottom costs",
    INV_RECRUITS: "seat {0}: {1} recruits enlisted but {2} one-time bonuses used",
    INV_OBJECTIVES: "objective cards: {0} counted, expected {1}",
    INV_ENCOUNTERS: "encounter cards: {0} counted, expected {1}",
    INV_FACTORY: "Factory card {1} held by seat {0} is also elsewhere",
    INV_SHARED_CELL: "cell {0} holds units of seats {1} and {2} outside a combat",
    INV_LAKE_WORKER: "seat {0}: worker on lake {1} without a mech",
    INV_NO_OPTIONS: "game not over but decision {0} of seat {1} has no legal option",
    INV_END_REASON: "bad end reason {0}",
    INV_TOKEN: "encounter token on cell {0}, which has no encounter symbol",
    INV_AIRSHIP: "seat {0}: airship on cell {1} with {2} resources aboard (capacity {3})",
    INV_AUTOMA: "Automa invariant {0} broken (1 card in no/two piles, 2 cube off its card, "
                "3 lakes/rivers open flag, 4 scheme, 5 popularity, 6 mat pieces): values {1}, {2}, {3}",
}
AUTOMA_MOVE_NAMES = _AUTOMA_MOVES
AUTOMA_STAGE_NAMES = ("idle", "moves", "combat", "rewards")


def _index(value, names, what):
    v = _name_position(value, names)
    if v >= 0:
        return v
    if isinstance(value, (int, np.integer)):
        raise ValueError(f"{what} {int(value)} out of range 0..{len(names) - 1}")
    raise ValueError(f"unknown {what} {value!r}; one of: {', '.join(names)}")


# play_batch's per-seat weight tables: row block * WEIGHT_TABLE_BLOCK + faction * N_MATS + mat,
# block 0 without the Automa, 1 + its level id with it (contract.pxi seat_weight_row)
WEIGHT_TABLE_ROWS = N_WEIGHT_ROWS
WEIGHT_TABLE_BLOCK = N_PAIR_ROWS
N_MAT_IDS = N_MATS
# the tracks' last spaces (Rulebook §4.5; coins have no end)
TRACK_ENDS = {"power": N_TRACK_POWER, "popularity": N_TRACK_POPULARITY}
