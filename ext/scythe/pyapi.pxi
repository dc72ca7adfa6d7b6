# The Python API of simsuite._scythe: `Rules` (rules.pxi), `Game`,
# `play_batch` (batch.pxi) and helpers. Used by tests, `simsuite play`, the
# runner and Python policies. Position-editing methods (set_*, clear_board,
# begin_turn) are for rule tests: they write the state directly and do not
# check that the position could arise in play; `check_invariants` does.

DECISION_NAMES = (
    "none", "objective", "section", "top", "move_unit", "move_step", "carry_workers",
    "carry_resources", "trade", "produce", "bottom", "pay", "upgrade", "deploy", "build",
    "enlist", "combat_order", "artillery", "scout", "dial", "cards", "retreat", "encounter",
    "gain_amount", "gain_resource", "gain_worker", "free_action", "factory_pick", "discard",
)
END_REASONS = ("not_over", "sixth_star", "turn_cap", "engine_error")
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
    INV_AUTOMA: "Automa invariant {0} broken (1 card in no/two piles, 2 cube off its card, "
                "3 lakes/rivers open flag, 4 scheme, 5 popularity, 6 mat pieces): values {1}, {2}, {3}",
}
AUTOMA_MOVE_NAMES = _AUTOMA_MOVES
AUTOMA_STAGE_NAMES = ("idle", "moves", "combat", "rewards")


def _index(value, names, what):
    if isinstance(value, (int, np.integer)):
        v = int(value)
        if 0 <= v < len(names):
            return v
        raise ValueError(f"{what} {v} out of range 0..{len(names) - 1}")
    key = str(value).strip().lower()
    if key in names:
        return names.index(key)
    raise ValueError(f"unknown {what} {value!r}; one of: {', '.join(names)}")


cdef class Game:
    """One Scythe game, played step by step.

    Game(rules, seed, n_players, factions=None, mats=None, *, log=True):
    `factions` / `mats` list each player's faction / mat by name or id (None,
    or a None entry, leaves it to the deal from the seed). The rules then
    seat the players (lowest mat number first, then clockwise in the faction
    cycle Nordic, Rusviet, Crimea, Saxony, Polania); seat = turn order.
    """
    cdef GameState g
    cdef EventBuf* ev
    cdef int32_t buf[MAX_OPTIONS]
    cdef readonly int n_opts
    cdef readonly ScytheRules rules
    cdef list _decisions
    cdef list _raw
    cdef bint _log
    cdef readonly tuple players_in
    cdef AutomaConfig _solo
    cdef readonly object automa_config

    def __cinit__(self):
        self.ev = NULL                 # allocated only for a logged game
        self._decisions = []
        self._raw = []

    cdef int _want_log(self, bint log) except -1:
        self._log = log
        if log and self.ev == NULL:
            self.ev = <EventBuf*>calloc(1, sizeof(EventBuf))
            if self.ev == NULL:
                raise MemoryError()
        self.g.events = self.ev if log else NULL
        return 0

    def __dealloc__(self):
        if self.ev != NULL:
            free(self.ev)
            self.ev = NULL

    def __init__(self, ScytheRules rules, seed, int n_players, factions=None, mats=None, *,
                 log=True, automa=None, automa_options=None):
        cdef int8_t fac[MAX_SEATS]
        cdef int8_t mat[MAX_SEATS]
        cdef int i, err
        if n_players < 2 or n_players > 5:
            raise UserError(f"players must be 2..5, got {n_players}")
        fl = self._parse(rules, factions, n_players, "faction")
        ml = self._parse(rules, mats, n_players, "mat")
        if automa is not None:
            # Solo (Rulebook 003): seat 0 the human, seat 1 the Automa at level `automa`.
            if n_players != 2:
                raise UserError(f"a game against the Automa has 2 seats (the human and the Automa); "
                                f"got n_players={n_players}")
            if ml[1] != -1:
                raise UserError("the Automa has no player mat; leave the second mat empty (None)")
            self.automa_config = automa_config(rules, automa, automa_options)
            _fill_solo(&self._solo, self.automa_config)
        elif automa_options:
            raise UserError("automa_options given without automa; name the Automa's difficulty level too")
        for i in range(n_players):
            fac[i] = fl[i]
            mat[i] = ml[i]
        self.players_in = (tuple(fl), tuple(ml))
        err = self._setup(rules, int(seed) & 0xFFFFFFFFFFFFFFFF, n_players, fac, mat, bool(log),
                          &self._solo if automa is not None else NULL)
        if err != SETUP_OK:
            raise UserError(setup_error_message(err))

    @staticmethod
    def _parse(ScytheRules rules, values, int n, what):
        if values is None:
            return [-1] * n
        if isinstance(values, str):
            values = [v for v in values.split(",")]
        values = list(values)
        if len(values) != n:
            raise UserError(f"{what}s: give one per player ({n}), got {len(values)}")
        out = []
        for v in values:
            if v is None or (isinstance(v, str) and v.strip().lower() in ("", "random", "-1")) \
                    or (isinstance(v, (int, np.integer)) and int(v) == -1):
                out.append(-1)
            elif what == "faction":
                out.append(rules.faction_id(v))
            else:
                out.append(rules.mat_id(v))
        return out

    cdef int _setup(self, ScytheRules rules, uint64_t seed, int n, const int8_t* fac,
                    const int8_t* mat, bint log, const AutomaConfig* solo=NULL) except -1:
        cdef int err
        self.rules = rules
        err = setup_game_ex(&self.g, &rules.r, seed, n, fac, mat, solo)
        if err != SETUP_OK:
            return err
        self._want_log(log)
        self.n_opts = advance(&self.g, self.buf)
        self._drain()
        return SETUP_OK

    cdef void _drain(self):
        cdef int i
        cdef Event* e
        if self.ev == NULL or self.g.events == NULL:
            return
        for i in range(self.ev.n):
            e = &self.ev.ev[i]
            self._raw.append((e.kind, e.seat, e.flag, e.a, e.b, e.c, e.d))
        self.ev.n = 0

    # ------------------------------------------------------------ the decision
    @property
    def current_player(self):
        """Seat that must decide now (-1 when the game is over)."""
        return self.g.decider

    @property
    def active_player(self):
        """Seat whose turn it is."""
        return self.g.active

    @property
    def decision_kind(self):
        return self.g.decision

    @property
    def decision_name(self):
        return DECISION_NAMES[self.g.decision]

    @property
    def decision_aux(self):
        """Context of the decision (see state.pxd DecisionKind)."""
        return self.g.decision_aux

    @property
    def phase(self):
        return self.g.t.phase

    def legal_options(self):
        """Legal options of the pending decision, ascending (empty when over)."""
        cdef int n = legal_options(&self.g, self.buf)
        self.n_opts = n
        return [self.buf[i] for i in range(n)]

    def option_label(self, opt):
        """Readable name of option `opt` of the pending decision."""
        from simsuite.games.scythe.game import label_option
        return label_option(self, self.g.decision, int(opt), self.g.decision_aux, self.g.decider)

    def apply(self, opt):
        """Apply a legal option and advance to the next decision (or the end)."""
        cdef int n = legal_options(&self.g, self.buf)
        cdef int i
        cdef int32_t o
        legal = [self.buf[i] for i in range(n)]
        try:
            o = int(opt)
        except (TypeError, ValueError):
            o = -999999
        if o not in legal:
            raise ValueError(f"option {opt!r} is not legal for decision {self.decision_name!r} "
                             f"of seat {self.g.decider}; legal options: {legal}")
        apply_effect(&self.g, o, 0)
        self.n_opts = advance(&self.g, self.buf)
        self._decisions.append(o)
        self._drain()

    def clone(self):
        """An independent copy (a memory copy of the state)."""
        cdef Game c = Game.__new__(Game)
        memcpy(&c.g, &self.g, sizeof(GameState))
        c.rules = self.rules
        c._want_log(self._log)
        c._decisions = list(self._decisions)
        c._raw = list(self._raw)
        c.players_in = self.players_in
        c._solo = self._solo
        c.automa_config = self.automa_config
        memcpy(c.buf, self.buf, sizeof(self.buf))
        c.n_opts = self.n_opts
        return c

    @property
    def is_over(self):
        return self.g.end_reason != END_NOT_OVER

    @property
    def end_reason(self):
        """None while playing, else 'sixth_star' or 'turn_cap'."""
        if self.g.end_reason == END_NOT_OVER:
            return None
        return END_REASONS[self.g.end_reason]

    @property
    def decisions(self):
        """Options applied through `apply` (auto-applied ones excluded), for replays."""
        return list(self._decisions)

    @property
    def seed(self):
        return self.g.seed

    @property
    def n_players(self):
        return self.g.n_players

    @property
    def turn(self):
        return self.g.turn

    def raw_events(self):
        """The recorded events as tuples (kind, seat, flag, a, b, c, d)."""
        return list(self._raw)

    def events(self):
        """Readable turn-by-turn lines: every decision and every forced step."""
        from simsuite.games.scythe.game import format_events
        return format_events(self, self._raw)

    def faction_name(self, seat):
        return self.rules.faction_names[self.g.p[seat].faction]

    def mat_name(self, seat):
        """The seat's player mat (None for the Automa, which has none)."""
        if self.g.p[seat].mat < 0:
            return None
        return self.rules.mat_names[self.g.p[seat].mat]

    # ------------------------------------------------------------ results
    def result(self):
        """Final scores (of the current position if not over): per-seat lists."""
        cdef GameSummary s
        cdef int i
        summarize(&self.g, &s)
        n = self.g.n_players
        comp = [[s.components[i * 5 + k] for k in range(5)] for i in range(n)]
        return {
            "over": self.is_over,
            "end_reason": self.end_reason,
            "turns": self.g.turn,
            "seat": list(range(n)),
            "faction": [self.faction_name(i) for i in range(n)],
            "mat": [self.mat_name(i) for i in range(n)],
            "score": [s.score[i] for i in range(n)],
            "components": comp,
            "score_coins": [c[0] for c in comp],
            "score_stars": [c[1] for c in comp],
            "score_territories": [c[2] for c in comp],
            "score_resources": [c[3] for c in comp],
            "score_structure_bonus": [c[4] for c in comp],
            "stars": [self.g.p[i].stars for i in range(n)],
            "territories": [s.territories[i] for i in range(n)],
            "resources": [s.resources[i] for i in range(n)],
            "popularity": [self.g.p[i].popularity for i in range(n)],
            "power": [self.g.p[i].power for i in range(n)],
            "coins": [self.g.p[i].coins for i in range(n)],
            "rank": [s.rank[i] for i in range(n)],
            "winner": [s.rank[i] == 1 for i in range(n)],
            "shared": [bool(s.shared[i]) for i in range(n)],
            "turns_taken": [self.g.p[i].turns for i in range(n)],
        }

    def structure_bonus_count(self, seat):
        """The quantity the structure bonus tile in play counts for `seat`."""
        return structure_bonus_count(&self.g, seat)

    def objective_met(self, seat, objective_id):
        return bool(objective_met(&self.g, seat, objective_id))

    def controller(self, cell):
        """Seat controlling territory `cell`, or -1."""
        return cell_controller(&self.g, cell)

    def controlled_territories(self, seat):
        return controlled_territories(&self.g, seat)

    def units_of_on(self, int seat, int cell):
        """Character, mechs and workers of `seat` on `cell` (queries.pxi)."""
        return units_of_on(&self.g, seat, cell)

    def plastic_of_on(self, int seat, int cell):
        """Character and mechs of `seat` on `cell`."""
        return plastic_of_on(&self.g, seat, cell)

    def workers_of_on(self, int seat, int cell):
        return workers_of_on(&self.g, seat, cell)

    def workers_on_board(self, int seat):
        return workers_on_board(&self.g, seat)

    def controlled_resources(self, seat):
        cdef int out4[4]
        total = controlled_resources(&self.g, seat, out4)
        return {RESOURCE_NAMES[r]: out4[r] for r in range(4)}

    def step_targets(self, seat, unit):
        """Cells `unit` of `seat` could enter in one step from where it stands
        (movement rules only; the Move bookkeeping of the turn is ignored)."""
        u = _index(unit, UNIT_NAMES, "unit")
        m = step_targets(&self.g, seat, u, self.g.p[seat].unit_cell[u])
        return [c for c in range(1, N_CELLS) if (m >> c) & 1]

    def check_invariants(self):
        """Raise AssertionError naming the first broken invariant."""
        cdef int info[4]
        cdef int code = invariant_error(&self.g, info)
        if code != INV_OK:
            raise AssertionError(INVARIANT_MESSAGES.get(code, "invariant {0}").format(*info)
                                 + f" (turn {self.g.turn}, decision {self.decision_name})")

    # ------------------------------------------------------------ views
    def _player_public(self, int s):
        cdef Player* p = &self.g.p[s]
        return {
            "seat": s,
            "faction": self.faction_name(s),
            "mat": self.mat_name(s),
            "power": p.power,
            "popularity": p.popularity,
            "coins": p.coins,
            "hand_size": hand_size(&self.g, s),
            "units": {UNIT_NAMES[u]: (p.unit_cell[u] if p.unit_cell[u] != OFF_BOARD else None)
                      for u in range(N_UNITS)},
            "structures": {STRUCTURE_NAMES[k]: (p.structure_cell[k] if p.structure_cell[k] != OFF_BOARD
                                                else None) for k in range(4)},
            "top_cubes": [bool(p.top_cube[k]) for k in range(6)],
            "bottom_cubes": [p.bottom_cubes[k] for k in range(4)],
            "recruits": [bool(p.recruit_enlisted[k]) for k in range(4)],
            "onetime_used": [bool(p.onetime_used[k]) for k in range(4)],
            "mechs_deployed": [bool(p.mech_deployed[k]) for k in range(4)],
            "stars": p.stars,
            "star_placed": {STAR_NAMES[k]: bool(p.star_placed[k]) for k in range(N_STAR_KINDS)
                            if k != STAR_COMBAT},
            "combat_stars": p.combat_stars,
            "objective_stars": p.objective_stars,
            "objectives_held": sum(1 for k in range(2) if p.objectives[k] > 0),
            "factory_card": (self.rules.factory_ids[p.factory_card] if p.factory_card >= 0 else None),
            "last_section": p.last_section,
            "turns": p.turns,
            "forced_retreat": bool(p.forced_retreat),
            "coercion_used": bool(p.coercion_used),
        }

    def _board(self):
        cells = {}
        for c in range(1, N_CELLS):
            if self.g.rules.terrain[c] < 0:
                continue
            cells[c] = {
                "terrain": TERRAIN_NAMES[self.g.rules.terrain[c]],
                "resources": {RESOURCE_NAMES[r]: self.g.cell_res[c][r] for r in range(4)},
                "encounter_token": bool(self.g.encounter_token[c]),
                "controller": cell_controller(&self.g, c),
            }
        return cells

    def observation(self, int seat):
        """What `seat` may see: public board and tracks, every player's public
        pieces and hand size, its own hand values and objectives. Never deck
        order, the face-down Factory offer, others' hands or objectives, or the
        opponent's committed combat dial and cards."""
        cdef Player* me = &self.g.p[seat]
        cdef int side
        obs = {
            "seat": seat,
            "n_players": self.g.n_players,
            "active": self.g.active,
            "turn": self.g.turn,
            "decision": self.decision_name,
            "decider": self.g.decider,
            "decision_aux": self.g.decision_aux,
            "players": [self._player_public(s) for s in range(self.g.n_players)],
            "hand": {v + 2: me.hand[v] for v in range(4)},
            "objectives": [me.objectives[k] for k in range(2) if me.objectives[k] > 0],
            "board": self._board(),
            "combat_deck_size": self.g.n_combat_deck,
            "combat_discard": sorted(self.g.combat_discard[i] for i in range(self.g.n_combat_discard)),
            "factory_offer_size": self.g.n_factory_offer,
            "structure_tile": (self.rules.tile_kinds[self.g.structure_tile]
                               if self.g.structure_tile >= 0 else None),
            "section": self.g.t.section,
            "is_over": self.is_over,
        }
        if self.g.automa.seat >= 0:
            obs["automa"] = self._automa_public()
        if self.g.t.cb_cell > 0 and PH_COMBAT_PRE <= self.g.t.phase <= PH_COMBAT_FINISH:
            comb = {"cell": self.g.t.cb_cell, "attacker": self.g.t.cb_seat[0],
                    "defender": self.g.t.cb_seat[1]}
            # only the seat's own side (0 until chosen); the dials are secret (§13.3)
            for side in range(2):
                if self.g.t.cb_seat[side] == seat:
                    comb["my_dial"] = self.g.t.cb_dial[side]
                    comb["my_cards"] = {v + 2: self.g.t.cb_cards[side][v] for v in range(4)}
            obs["combat"] = comb
        if self.g.t.enc_card >= 0:
            obs["encounter_card"] = self.rules.encounter_ids[self.g.t.enc_card]
        if self.g.decision == DK_FACTORY_PICK and self.g.decider == seat:
            obs["factory_offer"] = [self.rules.factory_ids[self.g.factory_offer[i]]
                                    for i in range(self.g.n_factory_offer)]
        return obs

    def state(self):
        """The full state as a dict (for tests; hidden information included)."""
        cdef int s
        d = self.observation(self.g.active)
        d["players"] = []
        for s in range(self.g.n_players):
            pd = self._player_public(s)
            pd["hand"] = {v + 2: self.g.p[s].hand[v] for v in range(4)}
            pd["objectives"] = [self.g.p[s].objectives[k] for k in range(2)]
            d["players"].append(pd)
        d.pop("hand", None)
        d.pop("objectives", None)
        d["combat_deck"] = [self.g.combat_deck[i] for i in range(self.g.n_combat_deck)][::-1]
        d["encounter_deck"] = [self.rules.encounter_ids[self.g.encounter_deck[i]]
                               for i in range(self.g.n_encounter_deck)]
        d["objective_deck"] = [self.g.objective_deck[i] for i in range(self.g.n_objective_deck)]
        d["factory_offer"] = [self.rules.factory_ids[self.g.factory_offer[i]]
                              for i in range(self.g.n_factory_offer)]
        d["end_reason"] = self.end_reason
        d["phase"] = self.g.t.phase
        d["combat_cells"] = [c for c in range(1, N_CELLS) if (self.g.t.combat_cells >> c) & 1]
        d["inactive_bases"] = [c for c in range(1, N_CELLS) if (self.g.inactive_bases >> c) & 1]
        return d

    def player(self, int seat):
        """One player's full record (hand and objectives included)."""
        return self.state()["players"][seat]

    def unit_cell(self, int seat, unit):
        """Cell of a unit (None on the mat)."""
        u = _index(unit, UNIT_NAMES, "unit")
        c = self.g.p[seat].unit_cell[u]
        return None if c == OFF_BOARD else c

    def resources(self, int cell):
        return {RESOURCE_NAMES[r]: self.g.cell_res[cell][r] for r in range(4)}

    # ------------------------------------------------------------ position editing
    def _check_seat(self, seat):
        if not (0 <= seat < self.g.n_players):
            raise ValueError(f"seat {seat} out of range 0..{self.g.n_players - 1}")

    def _check_cell(self, cell, allow_none=True):
        if cell is None or cell == OFF_BOARD:
            if allow_none:
                return OFF_BOARD
            raise ValueError("a cell is required")
        c = int(cell)
        if c < 1 or c >= N_CELLS or self.g.rules.terrain[c] < 0:
            raise ValueError(f"cell {cell} is not on the board")
        return c

    def set_unit(self, int seat, unit, cell):
        """Put a unit ('character', 'mech0'..'mech3', 'worker0'..'worker7' or
        index 0..12) on `cell` (a territory or base id), or back on its mat with
        None. A mech on the board counts as deployed (its ability is active)."""
        self._check_seat(seat)
        u = _index(unit, UNIT_NAMES, "unit")
        c = self._check_cell(cell)
        if u == UNIT_CHARACTER and c == OFF_BOARD and seat != self.g.automa.seat:
            raise ValueError("the character is always on the board")
        self.g.p[seat].unit_cell[u] = c
        if UNIT_MECH0 <= u < UNIT_WORKER0:
            self.g.p[seat].mech_deployed[u - UNIT_MECH0] = 1 if c != OFF_BOARD else 0

    def set_mech_deployed(self, int seat, space, deployed=True, cell=None):
        """Deploy mech `space` (0..3, the faction mat's printed order, or the
        ability name) on `cell` (default: the home base), or return it to the
        mat. Its ability is active while deployed."""
        self._check_seat(seat)
        if isinstance(space, str):
            ab = _index(space, ABILITY_NAMES, "ability")
            k = -1
            for i in range(4):
                if self.g.rules.factions[self.g.p[seat].faction].mech_ability[i] == ab:
                    k = i
            if k < 0:
                raise ValueError(f"faction {self.faction_name(seat)} has no mech ability {space!r}")
        else:
            k = int(space)
            if not 0 <= k < 4:
                raise ValueError("mech space must be 0..3")
        if deployed:
            c = base_cell(&self.g, seat) if cell is None else self._check_cell(cell, False)
        else:
            c = OFF_BOARD
        self.g.p[seat].unit_cell[UNIT_MECH0 + k] = c
        self.g.p[seat].mech_deployed[k] = 1 if deployed else 0

    def set_resources(self, int cell, res):
        """Replace the resource tokens on `cell` with {resource: count} (missing = 0)."""
        c = self._check_cell(cell, False)
        for r in range(4):
            self.g.cell_res[c][r] = 0
        for k, v in dict(res).items():
            self.g.cell_res[c][_index(k, RESOURCE_NAMES, "resource")] = int(v)

    def set_structure(self, int seat, structure, cell):
        """Build `structure` ('mine', 'armory', 'monument', 'mill' or 0..3) on
        `cell`, or take it back to the mat with None."""
        self._check_seat(seat)
        k = _index(structure, STRUCTURE_NAMES, "structure")
        self.g.p[seat].structure_cell[k] = self._check_cell(cell)

    def set_encounter_token(self, int cell, present=True):
        c = self._check_cell(cell, False)
        self.g.encounter_token[c] = 1 if present else 0

    def set_player(self, int seat, *, power=None, popularity=None, coins=None, hand=None,
                   objectives=None, factory_card=None, last_section=None, top_cubes=None,
                   bottom_cubes=None, recruits=None, onetime=None, star_placed=None,
                   combat_stars=None, objective_stars=None, forced_retreat=None,
                   coercion_used=None):
        """Set any of a player's values. hand: {value: count} or 4 counts by
        value 2..5 (cards are taken from / returned to the combat deck so the
        total stays 42); objectives: card ids; factory_card: a card id or None
        (taken out of the offer); star_placed: {star name: bool}; the star
        total is recomputed."""
        self._check_seat(seat)
        cdef Player* p = &self.g.p[seat]
        if power is not None:
            p.power = int(power)
        if popularity is not None:
            p.popularity = int(popularity)
        if coins is not None:
            p.coins = int(coins)
        if hand is not None:
            counts = ([int(hand.get(v, 0)) for v in range(2, 6)] if isinstance(hand, dict)
                      else [int(x) for x in hand])
            for v in range(4):
                while p.hand[v] > 0:
                    p.hand[v] -= 1
                    self.g.combat_deck[self.g.n_combat_deck] = v + 2
                    self.g.n_combat_deck += 1
            for v in range(4):
                for _ in range(counts[v]):
                    if not self._take_card(v + 2):
                        raise ValueError(f"no combat card of value {v + 2} left to give")
                    p.hand[v] += 1
        if objectives is not None:
            ids = list(objectives) + [None, None]
            for k in range(2):
                old = p.objectives[k]
                if old > 0:
                    self.g.objective_deck[self.g.n_objective_deck] = old
                    self.g.n_objective_deck += 1
                p.objectives[k] = -1
            for k in range(2):
                if ids[k] is not None:
                    p.objectives[k] = self._take_objective(int(ids[k]))
        if factory_card is not None or factory_card is False:
            pass
        if factory_card is not None:
            self._set_factory_card(seat, factory_card)
        if last_section is not None:
            p.last_section = int(last_section)
        if top_cubes is not None:
            for k in range(6):
                p.top_cube[k] = 1 if top_cubes[k] else 0
        if bottom_cubes is not None:
            for k in range(4):
                p.bottom_cubes[k] = int(bottom_cubes[k])
        if recruits is not None:
            for k in range(4):
                p.recruit_enlisted[k] = 1 if recruits[k] else 0
        if onetime is not None:
            for k in range(4):
                p.onetime_used[k] = 1 if onetime[k] else 0
        if star_placed is not None:
            for name, v in dict(star_placed).items():
                k = _index(name, STAR_NAMES, "star")
                if k == STAR_COMBAT:
                    raise ValueError("set combat stars with combat_stars=")
                p.star_placed[k] = 1 if v else 0
        if combat_stars is not None:
            p.combat_stars = int(combat_stars)
        if objective_stars is not None:
            p.objective_stars = int(objective_stars)
            p.star_placed[STAR_OBJECTIVE] = 1 if p.objective_stars > 0 else 0
        if forced_retreat is not None:
            p.forced_retreat = 1 if forced_retreat else 0
        if coercion_used is not None:
            p.coercion_used = 1 if coercion_used else 0
        n = p.combat_stars + p.objective_stars
        for k in range(N_STAR_KINDS):
            if k != STAR_COMBAT and k != STAR_OBJECTIVE and p.star_placed[k]:
                n += 1
        if seat == self.g.automa.seat:
            n += self.g.automa.track_stars     # its star-card stars (Rulebook 003 p.9)
        p.stars = n

    def _take_card(self, int value):
        cdef int i
        for i in range(self.g.n_combat_deck):
            if self.g.combat_deck[i] == value:
                self.g.combat_deck[i] = self.g.combat_deck[self.g.n_combat_deck - 1]
                self.g.n_combat_deck -= 1
                return True
        for i in range(self.g.n_combat_discard):
            if self.g.combat_discard[i] == value:
                self.g.combat_discard[i] = self.g.combat_discard[self.g.n_combat_discard - 1]
                self.g.n_combat_discard -= 1
                return True
        return False

    def _take_objective(self, int card):
        cdef int i, j
        for i in range(self.g.n_objective_deck):
            if self.g.objective_deck[i] == card:
                for j in range(i + 1, self.g.n_objective_deck):
                    self.g.objective_deck[j - 1] = self.g.objective_deck[j]
                self.g.n_objective_deck -= 1
                return card
        raise ValueError(f"objective card {card} is not in the objective deck (held by someone?)")

    def _set_factory_card(self, int seat, card):
        cdef int i, k, idx
        cdef Player* p = &self.g.p[seat]
        if p.factory_card >= 0:
            self.g.factory_offer[self.g.n_factory_offer] = p.factory_card
            self.g.n_factory_offer += 1
            p.factory_card = -1
        if card is False or card == -1:
            return
        idx = self.rules.factory_ids.index(int(card))
        for s in range(self.g.n_players):
            if self.g.p[s].factory_card == idx:
                raise ValueError(f"Factory card {card} is held by seat {s}")
        k = 0
        for i in range(self.g.n_factory_offer):
            if self.g.factory_offer[i] != idx:
                self.g.factory_offer[k] = self.g.factory_offer[i]
                k += 1
        self.g.n_factory_offer = k
        p.factory_card = idx

    def set_factory_offer(self, card_ids):
        """The face-down Factory cards on the board (card ids)."""
        ids = [self.rules.factory_ids.index(int(c)) for c in card_ids]
        self.g.n_factory_offer = len(ids)
        for i, k in enumerate(ids):
            self.g.factory_offer[i] = k

    def set_combat_deck(self, values):
        """Replace the combat deck (values, top card first); the cards missing
        from hands and deck go to the discard pile so the total stays."""
        cdef int v, i, n = 0
        counts = [0, 0, 0, 0]
        for i in range(self.g.rules.n_combat):
            counts[self.g.rules.combat_values[i] - 2] += 1
        for s in range(self.g.n_players):
            for v in range(4):
                counts[v] -= self.g.p[s].hand[v]
        vals = [int(x) for x in values]
        for x in vals:
            counts[x - 2] -= 1
            if counts[x - 2] < 0:
                raise ValueError(f"not enough combat cards of value {x} for that deck")
        self.g.n_combat_deck = len(vals)
        for i, x in enumerate(reversed(vals)):
            self.g.combat_deck[i] = x
        self.g.n_combat_discard = 0
        for v in range(4):
            for _ in range(counts[v]):
                self.g.combat_discard[self.g.n_combat_discard] = v + 2
                self.g.n_combat_discard += 1

    def set_encounter_deck(self, card_ids):
        """Put these encounter cards (ids) on top of the deck, in this order."""
        idx = [self.rules.encounter_ids.index(int(c)) for c in card_ids]
        rest = [self.g.encounter_deck[i] for i in range(self.g.n_encounter_deck)
                if self.g.encounter_deck[i] not in idx]
        order = idx + rest
        self.g.n_encounter_deck = len(order)
        for i, k in enumerate(order):
            self.g.encounter_deck[i] = k

    def set_structure_tile(self, kind):
        """The structure bonus tile in play (kind name or index into the data's tiles)."""
        if isinstance(kind, str):
            self.g.structure_tile = self.rules.tile_kinds.index(kind)
        else:
            self.g.structure_tile = int(kind)

    def clear_board(self):
        """Empty the board: characters home, mechs and workers on the mats
        (mechs undeployed), no structures, resources or encounter tokens."""
        cdef int s, u, c, k
        for s in range(self.g.n_players):
            for u in range(N_UNITS):
                self.g.p[s].unit_cell[u] = OFF_BOARD
            self.g.p[s].unit_cell[UNIT_CHARACTER] = base_cell(&self.g, s)
            for k in range(4):
                self.g.p[s].structure_cell[k] = OFF_BOARD
                self.g.p[s].mech_deployed[k] = 0
        for c in range(N_CELLS):
            for k in range(4):
                self.g.cell_res[c][k] = 0
            self.g.encounter_token[c] = 0

    # ------------------------------------------------------------ the Automa (solo games)
    @property
    def automa_seat(self):
        """The Automa's seat (1) in a solo game, else None."""
        return None if self.g.automa.seat < 0 else self.g.automa.seat

    def _require_automa(self):
        if self.g.automa.seat < 0:
            raise ValueError("this game has no Automa; create it with Game(..., automa=level)")

    def _automa_public(self):
        # What anyone sees of the Automa (Rulebook 003): its star card and cube, the active
        # scheme, the face-up discard piles; not the order of its deck.
        cdef AutomaState* a = &self.g.automa
        return {
            "level": AUTOMA_LEVELS[a.level],
            "scheme": a.scheme + 1,
            "track_pos": a.track_pos,
            "track_stars": a.track_stars,
            "water_ok": bool(a.water_ok),
            "deck_size": a.n_deck,
            "main_discard": [a.main_discard[i] + 1 for i in range(a.n_main_discard)],
            "combat_discard": [a.combat_discard[i] + 1 for i in range(a.n_combat_discard)],
            "last_main_card": a.last_main_card + 1 if a.last_main_card >= 0 else None,
        }

    def automa_state(self):
        """The Automa's whole state (deck order included, top card first; card ids 1..19)."""
        cdef AutomaState* a = &self.g.automa
        self._require_automa()
        d = self._automa_public()
        d.update({
            "seat": a.seat,
            "deck": [a.deck[i] + 1 for i in range(a.n_deck)][::-1],
            "stage": AUTOMA_STAGE_NAMES[a.stage],
            "card": a.card + 1 if a.card >= 0 else None,
            "combat_cell": a.combat_cell if a.combat_cell > 0 else None,
            "combat_card": a.combat_card + 1 if a.combat_card >= 0 else None,
            "options": {"skip_turns": bool(a.skip_turns), "all_moves": bool(a.all_moves),
                        "move_check": bool(a.move_check), "placement_check": bool(a.placement_check),
                        "coin_modifier": a.coin_modifier, "power_modifier": a.power_modifier},
            "turns": a.turns, "skipped_turns": a.skipped_turns,
            "combats": a.combats, "combats_won": a.combats_won,
        })
        return d

    def set_automa(self, *, deck=None, main_discard=None, combat_discard=None, scheme=None,
                   track_pos=None, last_main_card=None):
        """Edit the Automa for a rule test. deck: card ids 1..19, top first (with the
        discards given or not, every card must end up in exactly one pile: cards named
        nowhere go to the main discard); scheme 1 or 2; track_pos: the cube's cell (lakes
        and rivers follow it, and so do the star-card stars placed before it, without
        changing the seat's star total); last_main_card: id or None."""
        cdef AutomaState* a = &self.g.automa
        cdef const AutomaStarCard* sc
        self._require_automa()
        sc = &self.g.rules.automa.star_cards[a.level]
        if deck is not None or main_discard is not None or combat_discard is not None:
            d = [int(c) for c in (deck if deck is not None else [a.deck[i] + 1 for i in range(a.n_deck)][::-1])]
            md = [int(c) for c in (main_discard if main_discard is not None else
                                   [a.main_discard[i] + 1 for i in range(a.n_main_discard)])]
            cd = [int(c) for c in (combat_discard if combat_discard is not None else
                                   [a.combat_discard[i] + 1 for i in range(a.n_combat_discard)])]
            named = d + cd + md
            if sorted(set(named)) != sorted(named) or any(not 1 <= c <= AUTOMA_N_CARDS for c in named):
                raise ValueError("Automa cards must be ids 1..19, each in at most one pile")
            md += [c for c in range(1, AUTOMA_N_CARDS + 1) if c not in named]
            a.n_deck = len(d)
            for i, c in enumerate(reversed(d)):
                a.deck[i] = c - 1
            a.n_main_discard = len(md)
            for i, c in enumerate(md):
                a.main_discard[i] = c - 1
            a.n_combat_discard = len(cd)
            for i, c in enumerate(cd):
                a.combat_discard[i] = c - 1
        if scheme is not None:
            if scheme not in (1, 2):
                raise ValueError("scheme must be 1 or 2")
            a.scheme = scheme - 1
        if track_pos is not None:
            if not 0 <= int(track_pos) < sc.cells:
                raise ValueError(f"track_pos must be 0..{sc.cells - 1}")
            a.track_pos = int(track_pos)
            a.water_ok = 1 if a.track_pos >= sc.water_from else 0
            n = sum(1 for k in range(a.track_pos + 1) if sc.star[k])
            self.g.p[a.seat].stars += n - a.track_stars
            a.track_stars = n
        if last_main_card is not None:
            a.last_main_card = -1 if last_main_card is False else int(last_main_card) - 1

    def automa_choose_unit(self, kind):
        """Step 1 of a move: the unit the Automa would take ('worker', 'mech' or 'combat'
        for a hero or mech), or None."""
        self._require_automa()
        ranges = {"worker": (UNIT_WORKER0, N_UNITS), "mech": (UNIT_MECH0, UNIT_WORKER0),
                  "combat": (0, UNIT_WORKER0)}
        if kind not in ranges:
            raise ValueError(f"kind must be one of {', '.join(ranges)}")
        u = a_choose_unit(&self.g, ranges[kind][0], ranges[kind][1])
        return None if u < 0 else UNIT_NAMES[u]

    def automa_find_move(self, symbol, int power_needed=0):
        """Steps 1-4 of a move symbol (see AUTOMA_MOVE_NAMES): (unit name, destination cell),
        or None when the symbol is not valid now."""
        cdef int u = -1, d = -1
        self._require_automa()
        k = _index(symbol, AUTOMA_MOVE_NAMES, "Automa move")
        if not automa_find_move(&self.g, k, power_needed, &u, &d):
            return None
        return (UNIT_NAMES[u], d)

    def automa_worker_scores(self, unit):
        """For the Automa's worker `unit`, every valid territory of its move: cell ->
        (number of other Automa units having it in their neighbourhood, 'ok' or
        'excluded' when a human combat unit's neighbourhood holds it)."""
        cdef int score[N_CELLS]
        cdef int8_t status[N_CELLS]
        self._require_automa()
        automa_worker_scores(&self.g, _index(unit, UNIT_NAMES, "unit"), score, status)
        return {c: (score[c], "ok" if status[c] == 1 else "excluded")
                for c in range(N_CELLS) if status[c] != 0}

    def automa_move_distances(self, unit):
        """For the Automa's hero or mech `unit`, every valid territory of a move without
        attack: cell -> distance to the nearest human combat unit."""
        cdef int dist[N_CELLS]
        self._require_automa()
        automa_combat_move_distances(&self.g, _index(unit, UNIT_NAMES, "unit"), dist)
        return {c: dist[c] for c in range(N_CELLS) if dist[c] >= 0}

    def automa_neighbourhood(self, int cell):
        """An Automa unit's neighbourhood on `cell` (lakes and rivers as its cube allows)."""
        cdef uint8_t m[N_CELLS]
        self._require_automa()
        memset(m, 0, sizeof(m))
        a_neighbourhood(&self.g, cell, m)
        return [c for c in range(N_CELLS) if m[c]]

    def human_neighbourhood(self, int seat, int cell, unit="mech0"):
        """A human combat unit's neighbourhood on `cell` with `seat`'s abilities."""
        cdef uint8_t m[N_CELLS]
        self._require_automa()
        memset(m, 0, sizeof(m))
        a_human_reach(&self.g, seat, _index(unit, UNIT_NAMES, "unit"), cell, m)
        return [c for c in range(N_CELLS) if m[c]]

    def automa_distance(self, int a, int b):
        """The distance the Automa's tie-breaks use between two cells (bases too)."""
        return self.g.rules.automa.dist[a][b]

    def begin_turn(self, int seat):
        """Start `seat`'s turn from its beginning (after editing a position)."""
        self._check_seat(seat)
        self.g.active = seat
        self.g.end_reason = END_NOT_OVER
        reset_turn(&self.g)
        if seat == self.g.automa.seat:
            self.g.automa.stage = AST_IDLE
        self.g.t.phase = PH_TURN_START
        self.n_opts = advance(&self.g, self.buf)
        self._drain()


def compiled_policy_ids():
    """Names and ids of the compiled policies."""
    return dict(COMPILED_POLICIES)


def game_state_size():
    """Bytes in one GameState (what `clone` copies)."""
    return sizeof(GameState)


def random_playout(ScytheRules rules, seed, int n_players, factions=None, mats=None,
                   bint check=True, int max_decisions=10_000_000, policy_ids=None, weights=None):
    """Play one game in C (random policy, or the compiled `policy_ids` per seat
    with `weights` [n_players, 32]), checking every invariant after every step
    when `check`; returns (decisions, end_reason, error message or None)."""
    cdef GameState* g = <GameState*>calloc(1, sizeof(GameState))
    cdef int8_t fac[MAX_SEATS]
    cdef int8_t mat[MAX_SEATS]
    cdef int32_t pol[MAX_SEATS]
    cdef double w[MAX_SEATS * N_POLICY_WEIGHTS]
    cdef int32_t buf[MAX_OPTIONS]
    cdef SeatPolicy seat_pol[MAX_SEATS]
    cdef int info[4]
    cdef int err, k, s, i, code = 0, steps = 0
    cdef int32_t opt
    cdef uint64_t sd = int(seed) & 0xFFFFFFFFFFFFFFFF
    fl = Game._parse(rules, factions, n_players, "faction")
    ml = Game._parse(rules, mats, n_players, "mat")
    ids = [0] * n_players if policy_ids is None else [int(x) for x in policy_ids]
    rows = [[0.0] * N_POLICY_WEIGHTS for _ in range(n_players)] if weights is None else \
        [list(r) + [0.0] * (N_POLICY_WEIGHTS - len(r)) for r in weights]
    for s in range(n_players):
        fac[s] = fl[s]
        mat[s] = ml[s]
        if ids[s] < 0 or ids[s] >= N_COMPILED_POLICIES:
            raise UserError(f"policy id {ids[s]} of seat {s} is unknown")
        pol[s] = ids[s]
        for i in range(N_POLICY_WEIGHTS):
            w[s * N_POLICY_WEIGHTS + i] = float(rows[s][i])
    try:
        err = setup_game(g, &rules.r, sd, n_players, fac, mat)
        if err != SETUP_OK:
            raise UserError(setup_error_message(err))
        for s in range(n_players):
            seat_policy_init(&seat_pol[s], sd, s)
        with nogil:
            k = advance(g, buf)
            if check:
                code = invariant_error(g, info)
            while k > 0 and code == 0 and steps < max_decisions:
                s = g.decider
                opt = choose(pol[s], g, s, buf, k, &seat_pol[s], &w[s * N_POLICY_WEIGHTS])
                apply_effect(g, opt, 0)
                k = advance(g, buf)
                steps += 1
                if check:
                    code = invariant_error(g, info)
        msg = None
        if code != 0:
            msg = (INVARIANT_MESSAGES.get(code, "invariant {0}").format(info[0], info[1], info[2], info[3])
                   + f" (turn {g.turn}, decision {DECISION_NAMES[g.decision]}, step {steps})")
        return steps, END_REASONS[g.end_reason], msg
    finally:
        free(g)


# `Rules` is the C struct's name inside this module; Python sees the class as Rules.
globals()["Rules"] = ScytheRules
