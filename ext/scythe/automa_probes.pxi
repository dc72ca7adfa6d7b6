# Layer: api. Uses: every layer below and game.pxi (_GamePlay).
#
# The Automa's inside, for rule tests of the solo game (Rulebook 003): its whole
# state, an editor for its deck, scheme and star track, and probes that run
# one step of its procedures (which unit, which destination, which tie-break)
# without playing a turn.

cdef class _GameProbes(_GamePlay):
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
