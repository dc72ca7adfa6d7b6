# Layer: rules. Uses: state, queries and the other files of the rules layer.
#
# Combat (Rulebook "БІЙ", digest §13; abilities §11.3, Dominate §12).
#
# A combat is fought on every cell where, after a Move action, the active
# player's character or mechs share the cell with another player's character
# or mechs. Sides: 0 attacker (the active player), 1 defender. The defender's
# choices are decisions whose decider is the defender. Committed dials and
# cards stay hidden from the other side until both are in (they stay in the
# hand until revealed, so the public hand size says nothing).

cdef inline int combat_card_limit(const GameState* g, int seat, int cell) noexcept nogil:
    # One card per own character or mech in the combat, +1 with People's Army
    # when an own worker is there (§13.3, §11.3, §24.10).
    cdef int k = plastic_of_on(g, seat, cell)
    if has_ability(g, seat, AB_PEOPLES_ARMY) and workers_of_on(g, seat, cell) > 0:
        k += 1
    return k


cdef inline int dial_max(const GameState* g, int seat) noexcept nogil:
    cdef int m = g.p[seat].power
    return MAX_DIAL if m > MAX_DIAL else m


cdef int combat_cells_now(const GameState* g) noexcept nogil:
    # Mark every cell where the active player's plastic meets another player's.
    cdef int a = g.active, u, c
    cdef uint64_t m = 0
    for u in range(UNIT_WORKER0):
        c = g.p[a].unit_cell[u]
        if c > 0 and not (m >> c) & 1 and enemy_plastic_on(g, a, c):
            m |= bit(c)
    (<GameState*>g).t.combat_cells = m
    return m != 0


cdef void start_combat(GameState* g, int cell) noexcept nogil:
    g.t.combat_cells &= ~bit(cell)
    g.t.cb_cell = cell
    g.t.cb_seat[0] = g.active
    g.t.cb_seat[1] = other_seat_with(g, g.active, cell, UNIT_WORKER0)
    g.t.cb_stage = 0
    g.t.cb_dial[0] = 0
    g.t.cb_dial[1] = 0
    memset(g.t.cb_cards, 0, sizeof(g.t.cb_cards))
    g.t.cb_winner = -1
    g.t.cb_loser = -1
    g.t.cb_retreat_to = -1
    emit(g, EV_COMBAT, g.active, g.t.cb_seat[1], cell, 0, 0, 0)


cdef inline bint disarm_applies(const GameState* g, int seat, int cell) noexcept nogil:
    # Disarm: on a tunnel or on the own Mine's territory (§11.3); automatic.
    cdef int mine = g.p[seat].structure_cell[S_MINE]
    return has_ability(g, seat, AB_DISARM) and (g.rules.tunnel[cell] or (mine > 0 and mine == cell))


cdef void scout_steal(GameState* g, int thief, int victim) noexcept nogil:
    # Scout: one random combat card from the opponent's hand (§11.3).
    cdef int total = hand_size(g, victim), i, k
    if total <= 0:
        return
    k = rng_below(&g.rng, total)
    for i in range(4):
        if k < g.p[victim].hand[i]:
            g.p[victim].hand[i] -= 1
            g.p[thief].hand[i] += 1
            emit(g, EV_ABILITY, thief, AB_SCOUT, victim, i + 2, 0, 0)
            return
        k -= g.p[victim].hand[i]


cdef int cards_total(const int8_t* cards) noexcept nogil:
    return 2 * cards[0] + 3 * cards[1] + 4 * cards[2] + 5 * cards[3]


cdef int cards_count(const int8_t* cards) noexcept nogil:
    return cards[0] + cards[1] + cards[2] + cards[3]


cdef void resolve_combat(GameState* g) noexcept nogil:
    # §13.4: reveal; higher total wins, ties to the attacker; both lose the
    # power they dialled; played cards are discarded.
    cdef int side, s, v
    cdef int tot[2]
    cdef int c = g.t.cb_cell
    for side in range(2):
        s = g.t.cb_seat[side]
        tot[side] = g.t.cb_dial[side] + cards_total(g.t.cb_cards[side])
        emit(g, EV_COMBAT_REVEAL, s, g.t.cb_dial[side], cards_total(g.t.cb_cards[side]),
             cards_count(g.t.cb_cards[side]), tot[side], 0)
        if g.events != NULL and cards_count(g.t.cb_cards[side]) > plastic_of_on(g, s, c):
            # the card beyond one per character or mech: People's Army's (§11.3)
            emit(g, EV_ABILITY, s, AB_PEOPLES_ARMY, g.t.cb_seat[1 - side],
                 cards_count(g.t.cb_cards[side]), 0, 0)
    for side in range(2):
        s = g.t.cb_seat[side]
        add_power(g, s, -g.t.cb_dial[side])
        for v in range(4):
            while g.t.cb_cards[side][v] > 0:
                discard_card(g, s, v + 2)
                g.t.cb_cards[side][v] -= 1
        # keep what was played for the loser's card draw
    if tot[0] >= tot[1]:
        g.t.cb_winner = g.t.cb_seat[0]
        g.t.cb_loser = g.t.cb_seat[1]
    else:
        g.t.cb_winner = g.t.cb_seat[1]
        g.t.cb_loser = g.t.cb_seat[0]
    # remember whether the loser revealed power (dial > 0 or a card)
    side = 0 if g.t.cb_loser == g.t.cb_seat[0] else 1
    g.t.cb_stage = 1 if (g.t.cb_dial[side] > 0 or tot[side] > g.t.cb_dial[side]) else 0


cdef uint64_t retreat_lakes(const GameState* g, int loser, int cell) noexcept nogil:
    # Seaworthy: the loser's units may retreat onto an adjacent lake instead
    # of the base (§11.3); we do not retreat onto a lake held by another
    # player, which would start a new combat the rules do not describe.
    cdef int d, nb
    cdef uint64_t m = 0
    if not has_ability(g, loser, AB_SEAWORTHY):
        return 0
    for d in range(6):
        nb = g.rules.neighbours[cell][d]
        if nb > 0 and g.rules.terrain[nb] == T_LAKE and not enemy_units_on(g, loser, nb):
            m |= bit(nb)
    return m


cdef void finish_combat(GameState* g) noexcept nogil:
    cdef int c = g.t.cb_cell
    cdef int w = g.t.cb_winner, l = g.t.cb_loser
    cdef int home = base_cell(g, l)
    cdef int dest = g.t.cb_retreat_to if g.t.cb_retreat_to > 0 else home
    cdef int u, n_workers = 0, n_mechs = 0
    cdef bint revealed = g.t.cb_stage != 0
    # The attacker who wins loses 1 popularity per enemy worker forced to
    # retreat, not with Camaraderie; a winning defender loses nothing (§13.4).
    n_workers = workers_of_on(g, l, c)
    if w == g.active and n_workers > 0 and w != g.automa.seat:   # the Automa's popularity never moves
        g.p[w].forced_retreat = 1
        if not has_ability(g, w, AB_CAMARADERIE):
            add_popularity(g, w, -n_workers)
            emit(g, EV_POPULARITY, w, n_workers, n_workers, 0, 0, 0)
        else:
            emit(g, EV_ABILITY, w, AB_CAMARADERIE, l, n_workers, 0, 0)
    # The loser's character, mechs and workers retreat; resources stay with
    # the winner (§13.4). Workers go to a lake only with a mech (§8.5).
    n_mechs = mechs_on(g, l, c)
    if l == g.automa.seat:
        # The Automa's hero and mechs go to its faction mat (Ultimaszyna: its base), its
        # workers to its base (Rulebook 003 p.10, p.12).
        automa_retreat(g, c)
        dest = OFF_BOARD if not g.rules.automa.star_cards[g.automa.level].retreat_to_base else home
    else:
        for u in range(N_UNITS):
            if g.p[l].unit_cell[u] == c:
                if u >= UNIT_WORKER0 and dest != home and n_mechs == 0:
                    g.p[l].unit_cell[u] = home
                else:
                    g.p[l].unit_cell[u] = dest
    emit(g, EV_COMBAT_RESULT, w, l, c, dest, 0, 0)
    if revealed:
        draw_card(g, l)                  # the loser who revealed power draws 1 (§13.4)
    # Combat star: 2 at most, Saxony unlimited and forced (§13.4, §12).
    if earns_combat_star(g, w):
        place_star(g, w, STAR_COMBAT)
    if l == g.automa.seat and w == g.active and g.end_reason == END_NOT_OVER:
        # The human attacked and won: resources from the Automa's resource box (003 p.11).
        automa_place_resources(g, c)
