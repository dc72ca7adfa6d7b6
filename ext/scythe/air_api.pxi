# Layer: api. Uses: every layer below, automa_probes.pxi (_GameProbes).
#
# The Wind Gambit in Scythe's Python `Game`: each airship (where, what it carries, its tiles),
# the resolution in force, and their editing for rule tests (editor.pxi's Game derives from
# this class). All of it is public information.

cdef class _GameAirships(_GameProbes):
    def airship(self, int seat):
        """Seat's airship: cell, cargo by resource, its tiles (None when airships are off)."""
        if not self.g.rules.wg.airships_on:
            return None
        agg, pas = self.rules.air_tiles
        return {"cell": self.g.wg.cell[seat],
                "cargo": {RESOURCE_NAMES[r]: self.g.wg.cargo[seat][r] for r in range(4)},
                "workers": [UNIT_NAMES[UNIT_WORKER0 + i] for i in range(N_WORKERS)
                            if (self.g.wg.aboard[seat] >> i) & 1],
                "aggressive": agg[self.g.wg.agg[seat]], "passive": pas[self.g.wg.pas[seat]]}

    @property
    def resolution(self):
        """The resolution tile in force (None when the module is off)."""
        return None if self.g.wg.resolution < 0 else self.rules.resolution_names[self.g.wg.resolution]

    def shared_objectives(self):
        """The resolution's face-up shared objectives: card id and the seats that completed it."""
        return [{"card": self.g.wg.shared_obj[j],
                 "completed_by": [s for s in range(self.g.n_players) if (self.g.wg.shared_by[j] >> s) & 1]}
                for j in range(WG_MAX_SHARED) if self.g.wg.shared_obj[j] > 0]

    def set_shared_objectives(self, cards, completed_by=()):
        """Lay out `cards` (objective ids, from the deck) as the resolution's shared objectives,
        `completed_by[j]` the seats that completed card j; the old ones go back under the deck."""
        cdef int j
        if self.g.wg.resolution < 0:
            raise ValueError("the resolutions module is off in these rules")
        if len(cards) > WG_MAX_SHARED:
            raise ValueError(f"at most {WG_MAX_SHARED} shared objectives")
        for j in range(WG_MAX_SHARED):
            if self.g.wg.shared_obj[j] > 0:
                self.g.objective_deck[self.g.n_objective_deck] = self.g.wg.shared_obj[j]
                self.g.n_objective_deck += 1
            self.g.wg.shared_obj[j] = 0
            self.g.wg.shared_by[j] = 0
        self.g.wg.n_shared_done = 0
        done = list(completed_by) + [()] * len(cards)
        for j, card in enumerate(cards):
            self.g.wg.shared_obj[j] = self._take_objective(int(card))
            for s in done[j]:
                self.g.wg.shared_by[j] |= 1 << s
                self.g.wg.n_shared_done += 1

    def set_airship(self, int seat, cell=None, cargo=None, tiles=None):
        """Put seat's airship on `cell` (a territory or its own base) with `cargo` (resource name ->
        count) and `tiles` = (aggressive, passive) names among the scenario's."""
        if not self.g.rules.wg.airships_on:
            raise ValueError("the airships module is off in these rules")
        if not (0 <= seat < self.g.n_players):
            raise ValueError(f"seat {seat} out of range")
        if cell is not None:
            c = int(cell)
            if c < 1 or c >= N_CELLS or self.g.rules.terrain[c] < 0:
                raise ValueError(f"cell {cell} is not on the board")
            self.g.wg.cell[seat] = c
        if cargo is not None:
            for r in range(4):
                self.g.wg.cargo[seat][r] = int(cargo.get(RESOURCE_NAMES[r], 0))
        if tiles is not None:
            agg, pas = self.rules.air_tiles
            self.g.wg.agg[seat] = agg.index(tiles[0])
            self.g.wg.pas[seat] = pas.index(tiles[1])

    def _wind_gambit_view(self):
        """The airships and the resolution (public: every seat sees them)."""
        return {"airships": [self.airship(s) for s in range(self.g.n_players)],
                "resolution": self.resolution,
                "shared_objectives": self.shared_objectives(),
                "resolution_triggered_by": self.g.wg.triggered_by if self.g.wg.triggered_by >= 0 else None}

    def observation(self, int seat):
        obs = _GameProbes.observation(self, seat)
        if self.g.rules.wg.airships_on or self.g.rules.wg.resolutions_on:
            obs.update(self._wind_gambit_view())
        return obs

    def state(self):
        st = _GameProbes.state(self)
        if self.g.rules.wg.airships_on or self.g.rules.wg.resolutions_on:
            st.update(self._wind_gambit_view())
        return st
