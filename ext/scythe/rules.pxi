# Layer: rules (Python level: packs the data into the Rules struct once per scenario).
# Uses: state, and the table builders of the rules layer (movement.pxi, automa_pack.pxi).
#
# Packing the validated Scythe data (simsuite.games.scythe.model.ScytheData)
# into the C `Rules` struct that every game of a batch reads.
#
# Values the data model does not carry are printed identically on every player
# mat and faction mat; they are constants here, each with its source
# (shared/reference/scythe/player-mats.md, conf: high unless noted).

from simsuite.errors import UserError

# Top-row benefits: start value and the upgraded value once the cube has left
# its cell (reference player-mats.md "Top-row actions", conf: high).
cdef int TOP_BASE_MOVE_UNITS = 2       # +1 with TC_MOVE_UNITS upgraded
cdef int TOP_BASE_GAIN_COINS = 1       # +1 with TC_GAIN_COIN upgraded
cdef int TOP_TRADE_RESOURCES = 2       # never upgraded
cdef int TOP_BASE_TRADE_POP = 1        # +1 with TC_TRADE_POP upgraded
cdef int TOP_BASE_BOLSTER_POWER = 2    # +1 with TC_BOLSTER_POWER upgraded
cdef int TOP_BASE_BOLSTER_CARDS = 1    # +1 with TC_BOLSTER_CARDS upgraded
cdef int TOP_BASE_PRODUCE_HEXES = 2    # +1 with TC_PRODUCE_HEXES upgraded
cdef int TOP_TRADE_COST = 1            # coins (Rulebook §7.2)
cdef int TOP_BOLSTER_COST = 1          # coins (Rulebook §7.4)

# Produce cost by workers on the board (player-mats.md, conf: medium, M4):
# 1 power from the 4th worker, +1 popularity from the 6th, +1 coin at the 8th.
cdef int PRODUCE_POWER_FROM = 4
cdef int PRODUCE_POP_FROM = 6
cdef int PRODUCE_COIN_FROM = 8

# One-time recruit bonuses (Rulebook §9.4.1): +2 each, by Enlist.
cdef int ONETIME_AMOUNT = 2
# Recruit ongoing bonuses (Rulebook §9.4.2; Build from the seed, others
# conf: high): by BottomAction, upgrade +1 power, deploy +1 coin,
# build +1 popularity, enlist +1 combat card.
cdef int ONGOING_AMOUNT = 1

# Structure bonuses (Rulebook §10): Armory +1 power per Trade, Monument +1
# popularity per Bolster, the Mill produces like one worker.
cdef int STRUCTURE_BONUS_AMOUNT = 1

# Combat pre-abilities (Rulebook §11.3).
cdef int DISARM_LOSS = 2
cdef int ARTILLERY_COST = 1
cdef int ARTILLERY_LOSS = 2

# Factory cards on the board = players + 1 (Rulebook §5 step 2).
cdef int FACTORY_OFFER_EXTRA = 1
# Encounter tokens: one per printed encounter symbol (11, Rulebook §5 step 4).

_TERRAINS = ("mountain", "forest", "tundra", "farm", "village", "lake", "factory", "base")
_RESOURCES = ("oil", "metal", "wood", "food")
_TOPS = ("move", "trade", "bolster", "produce")
_BOTTOMS = ("upgrade", "deploy", "build", "enlist")
_DIRS = ("NE", "E", "SE", "SW", "W", "NW")
_MECH_ABILITIES = ("riverwalk", "speed", "seaworthy", "submerge", "township", "underpass",
                   "wayfare", "artillery", "peoples_army", "camaraderie", "scout", "disarm")
_FACTION_ABILITIES = ("swim", "relentless", "meander", "coercion", "dominate", "none")
_TILES = ("adjacent_lakes", "adjacent_tunnels", "adjacent_encounters",
          "on_tunnels", "straight_line", "on_farms_tundras")
_KNOWN_MODULES = ("airships", "resolutions")   # the Wind Gambit (wind_gambit_pack.pxi)


cdef class ScytheRules:
    """Compiled Scythe rules: the data packed into C arrays, plus rules options.

    Exposed as `simsuite._scythe.Rules(data, *, ban_pairs=True, turn_cap=500,
    modules=(), camaraderie_on_move=False, automa_data=None, wind_gambit=None,
    rusviet_factory_relentless=True, mats_in_order=False)`. The last two are the variants the
    Wind Gambit booklet prints («ВАРІАНТИ ГРИ»; off by default). `data` is a `ScytheData` from
    `simsuite.games.scythe.data.load_data()`; `automa_data` an `AutomaData` from
    `simsuite.games.scythe.automa_data.load_automa()` (default: the shipped data).
    Immutable once built; any number of games share one.
    """
    cdef Rules r
    cdef readonly object data
    cdef readonly tuple faction_names
    cdef readonly tuple mat_names
    cdef readonly tuple encounter_ids
    cdef readonly tuple factory_ids
    cdef readonly tuple tile_kinds
    cdef readonly bint ban_pairs
    cdef readonly int turn_cap
    cdef readonly tuple modules
    cdef readonly bint camaraderie_on_move
    cdef readonly bint rusviet_factory_relentless
    cdef readonly bint mats_in_order
    cdef readonly object automa_data
    cdef readonly tuple air_tiles         # (aggressive names, passive names) by packed index (Wind Gambit)
    cdef readonly tuple resolution_names  # by resolution index
    cdef readonly object wind_gambit      # the WindGambitConfig packed (None: the base game)

    def __init__(self, data, *, ban_pairs=True, turn_cap=500, modules=(),
                 camaraderie_on_move=False, automa_data=None, wind_gambit=None,
                 rusviet_factory_relentless=True, mats_in_order=False):
        memset(&self.r, 0, sizeof(Rules))
        self.data = data
        mods = tuple(sorted(str(m) for m in (modules or ())))
        for m in mods:
            if m not in _KNOWN_MODULES:
                raise UserError(f"rules: unknown module {m!r}; the modules are {', '.join(_KNOWN_MODULES)}")
        if mods and (wind_gambit is None or tuple(wind_gambit.modules) != mods):
            raise UserError("rules: the Wind Gambit modules need their tiles; pass "
                            "wind_gambit=simsuite.games.scythe.wind_gambit config with the same modules")
        self.modules = mods
        try:
            cap = int(turn_cap)
        except (TypeError, ValueError):
            raise UserError(f"rules: turn_cap must be a whole number, got {turn_cap!r}")
        if cap < 1 or cap > 1_000_000:
            raise UserError(f"rules: turn_cap {cap} is out of range; use 1..1000000 (default 500)")
        self.turn_cap = cap
        self.ban_pairs = bool(ban_pairs)
        self.camaraderie_on_move = bool(camaraderie_on_move)
        self.r.turn_cap = cap
        self.r.ban_pairs = 1 if self.ban_pairs else 0
        self.r.camaraderie_on_move = 1 if self.camaraderie_on_move else 0
        self.rusviet_factory_relentless = bool(rusviet_factory_relentless)
        self.mats_in_order = bool(mats_in_order)
        self.r.no_factory_relentless = 0 if self.rusviet_factory_relentless else 1
        self.r.mats_in_order = 1 if self.mats_in_order else 0
        self._pack_board(data)
        self._pack_factions(data)
        self._pack_mats(data)
        self._pack_decks(data)
        self._pack_scoring(data)
        init_step_tables(&self.r)
        init_automa_geometry(&self.r)
        # The Automa's cards and star cards (solo games; automa_pack.pxi).
        if automa_data is None:
            from simsuite.games.scythe.automa_data import load_automa
            automa_data = load_automa()
        self.automa_data = automa_data
        pack_automa_rules(&self.r.automa, automa_data, &self.r, self.faction_names)
        self.wind_gambit = wind_gambit
        self.air_tiles, self.resolution_names = pack_wind_gambit(&self.r.wg, wind_gambit)

    cdef _pack_board(self, data):
        cdef int c, d, nb, t
        for c in range(N_CELLS):
            self.r.terrain[c] = -1
            self.r.base_faction[c] = -1
            for d in range(6):
                self.r.neighbours[c][d] = -1
        self.r.factory_cell = -1
        for cid, cell in data.cells.items():
            c = int(cid)
            if c < 1 or c >= N_CELLS:
                raise UserError(f"board: cell {c} is outside 1..{N_CELLS - 1}; the engine holds "
                                f"the base map only")
            t = _TERRAINS.index(cell.terrain)
            self.r.terrain[c] = t
            self.r.encounter[c] = 1 if cell.encounter else 0
            self.r.tunnel[c] = 1 if cell.tunnel else 0
            self.r.factory_distance[c] = cell.factory_distance
            for d in range(6):
                nb = cell.neighbours[d] if d < len(cell.neighbours) else 0
                self.r.neighbours[c][d] = nb if nb > 0 else -1
            for dname in cell.rivers:
                self.r.river[c][_DIRS.index(dname)] = 1
            if t == T_FACTORY:
                self.r.factory_cell = c
            if cell.tunnel and t != T_BASE:
                self.r.tunnels[self.r.n_tunnels] = c
                self.r.n_tunnels += 1
                self.r.tunnel_mask |= (<uint64_t>1) << c
            if t == T_LAKE:
                self.r.lakes[self.r.n_lakes] = c
                self.r.n_lakes += 1
                self.r.lake_mask |= (<uint64_t>1) << c
            if cell.encounter and t != T_BASE:
                self.r.encounter_mask |= (<uint64_t>1) << c
            if t == T_BASE:
                self.r.bases[self.r.n_bases] = c
                self.r.n_bases += 1
                self.r.base_mask |= (<uint64_t>1) << c
        if self.r.factory_cell < 0:
            raise UserError("board: no Factory cell; the board data must have one cell of terrain 'factory'")

    cdef _pack_factions(self, data):
        cdef int i, k
        names = []
        for i, (name, f) in enumerate(data.factions.items()):
            if i >= N_FACTIONS:
                raise UserError(f"factions: more than {N_FACTIONS} factions; the engine holds at most {N_FACTIONS}")
            if f.ability not in _FACTION_ABILITIES:
                raise UserError(f"factions: {name}: faction ability {f.ability!r} is not supported by the "
                                f"base-game engine; load the data with the base set only")
            for a in f.mech_abilities:
                if a not in _MECH_ABILITIES:
                    raise UserError(f"factions: {name}: mech ability {a!r} is not supported by the "
                                    f"base-game engine; load the data with the base set only")
            names.append(name)
            self.r.factions[i].base_cell = f.base
            self.r.factions[i].start_cells[0] = f.start_cells[0]
            self.r.factions[i].start_cells[1] = f.start_cells[1]
            self.r.factions[i].power = f.power
            self.r.factions[i].combat_cards = f.combat_cards
            self.r.factions[i].ability = _FACTION_ABILITIES.index(f.ability)
            for k in range(N_ABILITIES):
                self.r.factions[i].ability_spaces[k] = 0
            for k in range(4):
                self.r.factions[i].mech_ability[k] = _MECH_ABILITIES.index(f.mech_abilities[k])
                self.r.factions[i].ability_spaces[self.r.factions[i].mech_ability[k]] |= 1 << k
            self.r.factions[i].riverwalk_terrain_mask = 0
            for tname in f.riverwalk:
                self.r.factions[i].riverwalk_terrain_mask |= 1 << _TERRAINS.index(tname)
            self.r.factions[i].seat_order = f.seat_order
            self.r.base_of_faction[i] = f.base
            self.r.base_faction[f.base] = i
        self.r.n_factions = len(names)
        self.faction_names = tuple(names)

    cdef _pack_mats(self, data):
        cdef int i, s, b
        names = []
        mats = list(data.mats.items())
        if len(mats) > N_MATS:
            raise UserError(f"player_mats: more than {N_MATS} mats; the engine holds at most {N_MATS}")
        orders = sorted(m.order for _, m in mats)
        for i, (name, m) in enumerate(mats):
            names.append(name)
            self.r.mats[i].number_rank = orders.index(m.order)
            self.r.mats[i].popularity = m.popularity
            self.r.mats[i].coins = m.coins
            self.r.mats[i].objectives = m.objectives
            for s in range(4):
                self.r.mats[i].top_of_section[s] = _TOPS.index(m.sections[s].top)
                self.r.mats[i].bottom_of_section[s] = _BOTTOMS.index(m.sections[s].bottom)
            for b in range(4):
                cost = m.bottom[_BOTTOMS[b]]
                self.r.mats[i].bottom_cost_start[b] = cost.start
                self.r.mats[i].bottom_cost_min[b] = cost.minimum
                self.r.mats[i].bottom_coins[b] = cost.coins
        self.r.n_mats = len(names)
        self.mat_names = tuple(names)
        self.r.n_banned = 0
        for fname, mname in data.banned_pairs:
            if fname in self.faction_names and mname in self.mat_names:
                self.r.banned[self.r.n_banned][0] = self.faction_names.index(fname)
                self.r.banned[self.r.n_banned][1] = self.mat_names.index(mname)
                self.r.n_banned += 1

    cdef _pack_decks(self, data):
        cdef int n = 0, i, o, k
        for value in sorted(data.combat_cards):
            for _ in range(data.combat_cards[value]):
                if n >= MAX_COMBAT_CARDS:
                    raise UserError(f"combat_cards: more than {MAX_COMBAT_CARDS} cards; the engine holds at most {MAX_COMBAT_CARDS}")
                if value < 2 or value > 5:
                    raise UserError(f"combat_cards: value {value} is outside 2..5")
                self.r.combat_values[n] = value
                n += 1
        self.r.n_combat = n
        ids = []
        for i, card in enumerate(data.encounters):
            if i >= MAX_ENCOUNTERS:
                raise UserError(f"encounters: more than {MAX_ENCOUNTERS} cards")
            self.r.encounters[i].id = card.id
            for o in range(3):
                opt = card.options[o]
                if opt.special:
                    raise UserError(f"encounters: card {card.id} option {o + 1} has a special effect "
                                    f"({opt.special!r}) the base engine cannot play; load the base set only")
                e = &self.r.encounters[i].opt[o]
                e.cost_coins = opt.cost_coins
                e.cost_popularity = opt.cost_popularity
                e.gain_coins = opt.gain_coins
                e.gain_popularity = opt.gain_popularity
                e.gain_power = opt.gain_power
                e.gain_cards = opt.gain_cards
                for k in range(4):
                    e.gain_res[k] = opt.gain_resources.get(_RESOURCES[k], 0)
                e.gain_any_res = opt.gain_any_resources
                e.gain_workers = opt.gain_workers
                e.free_upgrade = 1 if opt.free_action == "upgrade" else 0
                e.free_deploy = 1 if opt.free_action == "deploy" else 0
                e.free_build = 1 if opt.free_action == "build" else 0
                e.free_enlist = 1 if opt.free_action == "enlist" else 0
            ids.append(card.id)
        self.r.n_encounters = len(ids)
        self.encounter_ids = tuple(ids)
        if not ids:
            raise UserError("encounters: the deck is empty; the base game needs its 28 encounter cards")
        objs = []
        for i, card in enumerate(data.objectives):
            if i >= MAX_OBJECTIVES:
                raise UserError(f"objectives: more than {MAX_OBJECTIVES} cards")
            self.r.objective_ids[i] = card.id
            objs.append(card.id)
        self.r.n_objectives = len(objs)
        fids = []
        for i, card in enumerate(data.factory_cards):
            if i >= MAX_FACTORY:
                raise UserError(f"factory_cards: more than {MAX_FACTORY} cards")
            f = &self.r.factory[i]
            f.id = card.id
            f.cost_coins = card.cost_coins
            f.cost_popularity = card.cost_popularity
            f.cost_power = card.cost_power
            f.cost_cards = card.cost_cards
            f.cost_any_res = card.cost_any_resources
            f.cost_distinct_res = card.cost_distinct_resources
            f.gain_coins = card.gain_coins
            f.gain_popularity = card.gain_popularity
            f.gain_power = card.gain_power
            f.gain_cards = card.gain_cards
            f.gain_any_res = card.gain_any_resources
            f.gain_workers = card.gain_workers
            f.produce_hexes = card.produce_territories
            f.free_bottom_mask = 0
            for a in card.free_actions:
                f.free_bottom_mask |= 1 << _BOTTOMS.index(a)
            f.free_bottom_count = card.free_action_count if card.free_actions else 0
            fids.append(card.id)
        self.r.n_factory = len(fids)
        self.factory_ids = tuple(fids)

    cdef _pack_scoring(self, data):
        cdef int i, q
        kinds = []
        for i, tile in enumerate(data.structure_tiles):
            if i >= 8:
                raise UserError("structure_bonus: more than 8 tiles")
            self.r.structure_tiles[i] = _TILES.index(tile.kind)
            for q in range(8):
                self.r.tile_payout[i][q] = tile.payout[min(q, len(tile.payout) - 1)]
            kinds.append(tile.kind)
        self.r.n_structure_tiles = len(kinds)
        self.tile_kinds = tuple(kinds)
        tiers = list(data.scoring_tiers)
        if len(tiers) != 3:
            raise UserError(f"scoring: expected 3 popularity tiers, got {len(tiers)}")
        for i in range(3):
            self.r.tier_bounds[i] = tiers[i].min_popularity
            self.r.tier_star[i] = tiers[i].per_star
            self.r.tier_territory[i] = tiers[i].per_territory
            self.r.tier_resource_pair[i] = tiers[i].per_resource_pair

    def options(self):
        """The rules options as a plain dict (saved in replays)."""
        out = {"ban_pairs": self.ban_pairs, "turn_cap": self.turn_cap,
               "modules": list(self.modules), "camaraderie_on_move": self.camaraderie_on_move}
        if not self.rusviet_factory_relentless:   # the booklet's variants, only when set
            out["rusviet_factory_relentless"] = False
        if self.mats_in_order:
            out["mats_in_order"] = True
        return out

    def faction_id(self, name):
        """Index of a faction given by name (case-insensitive) or id."""
        return _lookup(name, self.faction_names, "faction")

    def mat_id(self, name):
        """Index of a player mat given by name (case-insensitive) or id."""
        return _lookup(name, self.mat_names, "mat")


def _name_position(value, names):
    """Position in `names` of a name (case-insensitive) or an id; -1 when it is neither.
    _lookup (data-file values) and names.pxi's _index (API arguments) raise their own errors."""
    if isinstance(value, (int, np.integer)):
        return int(value) if 0 <= int(value) < len(names) else -1
    key = str(value).strip().lower()
    return names.index(key) if key in names else -1


def _lookup(value, names, what):
    v = _name_position(value, names)
    if v >= 0:
        return v
    if isinstance(value, (int, np.integer)):
        raise UserError(f"{what} id {int(value)} is out of range; use 0..{len(names) - 1} or a name: {', '.join(names)}")
    raise UserError(f"unknown {what} {value!r}; choose one of: {', '.join(names)}")
