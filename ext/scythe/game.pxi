# Layer: api. Uses: every layer below, ext/common/game_api.pxi (GameCore) and names.pxi.
#
# The play API of Scythe's Python `Game` (used by tests, `simsuite play`, the
# runner and Python policies): how a game is set up (factions, mats, the
# Automa), its Scythe-only decision context, results, board queries, and what a
# seat may see (`observation`). The decision interface itself (legal options,
# apply, clone, replay, events) is GameCore's. `Game` adds the Automa probes
# (automa_probes.pxi) and the position editor for rule tests (editor.pxi):
# Cython cannot split one class over files, so each file is one class layer.

cdef class _GamePlay(GameCore):
    cdef readonly ScytheRules rules
    cdef readonly tuple players_in
    cdef AutomaConfig _solo
    cdef readonly object automa_config

    def __init__(self, ScytheRules rules, seed, int n_players, factions=None, mats=None, *,
                 log=True, automa=None, automa_options=None):
        cdef int8_t fac[MAX_SEATS]
        cdef int8_t mat[MAX_SEATS]
        cdef SetupArgs args
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
        args.n_players = n_players
        args.faction = fac
        args.mat = mat
        args.solo = &self._solo if automa is not None else NULL
        err = self._setup(rules, int(seed) & 0xFFFFFFFFFFFFFFFF, &args, bool(log))
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

    cdef int _setup(self, ScytheRules rules, uint64_t seed, const SetupArgs* a, bint log) except -1:
        cdef int err
        self.rules = rules
        err = game_setup(&self.g, &rules.r, seed, a)
        if err != SETUP_OK:
            return err
        self._start(log)
        return SETUP_OK

    cdef int _clone_extra(self, GameCore copy) except -1:
        cdef _GamePlay c = <_GamePlay>copy
        c.rules = self.rules
        c.players_in = self.players_in
        c._solo = self._solo
        c.automa_config = self.automa_config
        return 0

    # ------------------------------------------------------------ the decision (Scythe's context)
    @property
    def active_player(self):
        """Seat whose turn it is."""
        return self.g.active

    @property
    def decision_aux(self):
        """Context of the decision (see state.pxd DecisionKind)."""
        return self.g.decision_aux

    @property
    def phase(self):
        return self.g.t.phase

    def option_label(self, opt):
        """Readable name of option `opt` of the pending decision."""
        from simsuite.games.scythe.game import label_option
        return label_option(self, self.g.decision, int(opt), self.g.decision_aux, self.g.decider)

    @property
    def end_reason(self):
        """None while playing, else 'sixth_star' or 'turn_cap'."""
        if self.g.end_reason == END_NOT_OVER:
            return None
        return END_REASONS[self.g.end_reason]

    @property
    def turn(self):
        return self.g.turn

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

    def bottom_payable(self, int seat):
        """Some section `seat` may choose now has a bottom action with its effect still open
        and its cost covered by controlled tokens (Coercion: one combat card stands in): the
        test the bottom-action rate counts at each of the seat's turn starts."""
        self._check_seat(seat)
        return bool(bottom_payable_now(&self.g, seat))

    def bottom_counts(self, int seat):
        """(own turns begun with a bottom action payable, of those the turns that took one)
        so far: the bottom-action rate's counts, as play_batch returns them."""
        self._check_seat(seat)
        return int(self.g.bottom_chances[seat]), int(self.g.bottom_taken[seat])

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

    def redeal_hidden(self, int seat, seed):
        """A copy in which everything `seat` cannot see is dealt afresh from `seed`, consistent
        with its view (determinize.pxi): its observation is unchanged."""
        return redeal_hidden(self, seat, seed)

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

    # ------------------------------------------------------------ the Automa, as every seat sees it
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



def game_state_size():
    """Bytes in one GameState (what `clone` copies)."""
    return sizeof(GameState)


# `Rules` is the C struct's name inside this module; Python sees the class as Rules.
globals()["Rules"] = ScytheRules
