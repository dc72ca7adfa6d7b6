# Layer: api. Uses: every layer below and air_api.pxi (_GameAirships, over _GameProbes).
#
# Scythe's Python `Game`: the play API (game.pxi, on ext/common's GameCore), the
# Automa probes (automa_probes.pxi) and, here, the position editor for rule
# tests. The set_* methods, clear_board and begin_turn write the state directly
# and do not check that the position could arise in play; `check_invariants` does.

cdef class Game(_GameAirships):
    """One Scythe game, played step by step.

    Game(rules, seed, n_players, factions=None, mats=None, *, log=True):
    `factions` / `mats` list each player's faction / mat by name or id (None,
    or a None entry, leaves it to the deal from the seed). The rules then
    seat the players (lowest mat number first, then clockwise in the faction
    cycle Nordic, Rusviet, Crimea, Saxony, Polania); seat = turn order.
    """
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
        n = 0
        for k in range(N_STAR_KINDS):
            n += stars_of_kind(p, k)
        if seat == self.g.automa.seat:
            n += self.g.automa.track_stars     # its star-card stars (Rulebook 003 p.9)
        n += self.g.wg.tile_stars[seat]        # on a Wind Gambit resolution tile
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
