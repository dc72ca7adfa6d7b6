"""The validated Scythe game data, as plain Python objects.

`simsuite.games.scythe.data.load_data()` reads the TOML files in `data/` (and a
user's override files) into these classes; the compiled core packs them into its
C `Rules` struct (ext/scythe/rules.pxi). Names of terrains, resources, actions,
abilities and so on are the lower-case strings listed here; the order of each
tuple is the index the core uses (ext/scythe/state.pxd), so never reorder them.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from simsuite.datafiles import Provenance  # noqa: F401  (source, confidence high/medium/low, note)

TERRAINS = ("mountain", "forest", "tundra", "farm", "village", "lake", "factory", "base")
RESOURCES = ("oil", "metal", "wood", "food")  # paid by upgrade, deploy, build, enlist
TOP_ACTIONS = ("move", "trade", "bolster", "produce")
BOTTOM_ACTIONS = ("upgrade", "deploy", "build", "enlist")
STRUCTURES = ("mine", "armory", "monument", "mill")  # under move, trade, bolster, produce
DIRECTIONS = ("NE", "E", "SE", "SW", "W", "NW")
MECH_ABILITIES = (
    "riverwalk", "speed", "seaworthy", "submerge", "township", "underpass", "wayfare",
    "artillery", "peoples_army", "camaraderie", "scout", "disarm",
)
FACTION_ABILITIES = ("swim", "relentless", "meander", "coercion", "dominate", "none")
STRUCTURE_TILES = (
    "adjacent_lakes", "adjacent_tunnels", "adjacent_encounters",
    "on_tunnels", "straight_line", "on_farms_tundras",
)
# Base-game seating cycle (clockwise); Invaders from Afar factions slot in by data.
PRODUCE_TERRAIN = {"mountain": "metal", "forest": "wood", "tundra": "oil", "farm": "food"}


@dataclass(frozen=True)
class Cell:
    id: int                       # 1..54; 1-7 home bases, 8-54 territories
    row: int
    x: int                        # doubled column
    terrain: str                  # one of TERRAINS
    encounter: bool = False
    tunnel: bool = False
    neighbours: tuple = ()        # 6 ids by DIRECTIONS, 0 = none
    rivers: tuple = ()            # directions (from DIRECTIONS) whose edge is a river
    factory_distance: int = 0
    faction: Optional[str] = None  # for home bases: whose base


@dataclass(frozen=True)
class Faction:
    name: str                     # lower case: nordic, rusviet, polania, crimea, saxony, albion, togawa
    base: int                     # home base cell id
    start_cells: tuple            # the two land-adjacent territories that get a worker
    power: int
    combat_cards: int
    ability: str                  # one of FACTION_ABILITIES
    mech_abilities: tuple         # 4 entries from MECH_ABILITIES, printed order
    riverwalk: tuple              # terrains Riverwalk may cross into (empty if no Riverwalk)
    seat_order: int               # position in the clockwise seating cycle
    expansion: str = "base"       # "base" or the expansion that adds it
    provenance: Optional[Provenance] = None


@dataclass(frozen=True)
class Section:
    top: str                      # one of TOP_ACTIONS
    bottom: str                   # one of BOTTOM_ACTIONS


@dataclass(frozen=True)
class BottomCost:
    start: int                    # resource cost with no cube placed
    minimum: int                  # solid boxes; start - minimum = upgradeable boxes
    coins: int                    # coins gained after paying


@dataclass(frozen=True)
class PlayerMat:
    name: str                     # lower case: industrial, engineering, patriotic, mechanical, agricultural, ...
    number: str                   # printed number, "1".."5", "2a", "3a"
    order: float                  # turn-order key: lower goes first (2a = 2.5, 3a = 3.5)
    popularity: int
    coins: int
    objectives: int
    sections: tuple               # 4 Section, left to right
    bottom: dict                  # bottom action name -> BottomCost
    expansion: str = "base"
    provenance: Optional[Provenance] = None


@dataclass(frozen=True)
class EncounterOption:
    cost_coins: int = 0
    cost_popularity: int = 0
    gain_coins: int = 0
    gain_popularity: int = 0
    gain_power: int = 0
    gain_cards: int = 0
    gain_resources: dict = field(default_factory=dict)  # resource -> count
    gain_any_resources: int = 0
    gain_workers: int = 0
    free_action: Optional[str] = None  # upgrade | deploy | build | enlist, without its resource cost
    special: Optional[str] = None      # non-base effects (cards 29-42); the base deck has none


@dataclass(frozen=True)
class EncounterCard:
    id: int
    options: tuple                # 3 EncounterOption
    set: str = "base"             # "base" or "non-base"
    provenance: Optional[Provenance] = None


@dataclass(frozen=True)
class FactoryCard:
    id: int
    cost_coins: int = 0
    cost_popularity: int = 0
    cost_power: int = 0
    cost_cards: int = 0
    cost_any_resources: int = 0
    cost_distinct_resources: int = 0
    gain_coins: int = 0
    gain_popularity: int = 0
    gain_power: int = 0
    gain_cards: int = 0
    gain_any_resources: int = 0
    gain_workers: int = 0
    produce_territories: int = 0
    free_actions: tuple = ()      # bottom actions without resource cost
    free_action_count: int = 0    # how many of free_actions may be taken (1 = "either")
    set: str = "base"
    provenance: Optional[Provenance] = None


@dataclass(frozen=True)
class ObjectiveCard:
    id: int
    name: str
    condition: str                # readable; the check itself is code in ext/scythe/objectives.pxi
    set: str = "base"
    provenance: Optional[Provenance] = None


@dataclass(frozen=True)
class StructureTile:
    kind: str                     # one of STRUCTURE_TILES
    payout: tuple                 # payout[k] = coins for a counted quantity k (last entry repeats)
    provenance: Optional[Provenance] = None


@dataclass(frozen=True)
class ScoringTier:
    min_popularity: int
    per_star: int
    per_territory: int
    per_resource_pair: int


@dataclass(frozen=True)
class ScytheData:
    cells: dict                   # id -> Cell
    factions: dict                # name -> Faction (in faction.toml order)
    mats: dict                    # name -> PlayerMat (in player_mats.toml order)
    combat_cards: dict            # value -> copies
    encounters: tuple             # EncounterCard of the sets loaded (base: 28)
    factory_cards: tuple          # FactoryCard of the sets loaded (base: 12)
    objectives: tuple             # ObjectiveCard of the sets loaded (base: 23)
    structure_tiles: tuple        # StructureTile
    scoring_tiers: tuple          # ScoringTier, ascending
    banned_pairs: tuple           # (faction, mat) pairs the rulebook forbids
    sources: dict = field(default_factory=dict)  # file name -> its [meta] table
