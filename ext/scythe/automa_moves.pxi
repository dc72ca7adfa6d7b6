# Layer: rules. Uses: state, queries, automa.pxi (its small queries and geometry) and the
# other files of the rules layer.
#
# The Automa's moves (Rulebook 003): for each of its five move symbols, which unit
# goes where (with every tie-break), and what a move does once made. automa.pxi's
# turn procedure calls a_try_symbol.

# ---------------------------------------------------------------- the five move types
# Each finder applies steps 1-4 and writes the unit and the destination; it returns False
# when the symbol is not valid (no unit, or no territory meets steps 2 and 4, I-6).

cdef void automa_worker_scores(const GameState* g, int u, int* score, int8_t* status) noexcept nogil:
    """Steps 2 and 4 of the worker move for worker u (seed p.6, Example 3): score[c] = how
    many other Automa units have c in their neighbourhood; status[c] = 1 for a possible
    destination, 2 for a valid territory in a human combat unit's neighbourhood (the "*"
    hexes, never chosen), 0 for a territory that is not valid."""
    cdef uint8_t valid[N_CELLS]
    cdef uint8_t threat[N_CELLS]
    cdef uint8_t nb[N_CELLS]
    cdef int seat = g.automa.seat
    cdef int v, c
    a_support(g, True, valid)
    a_threat(g, threat)
    for c in range(N_CELLS):
        score[c] = 0
    # The chosen worker is picked up after step 2 and no longer counts in step 4.
    for v in range(N_UNITS):
        if v == u or not is_territory(g, g.p[seat].unit_cell[v]):
            continue
        for c in range(N_CELLS):
            nb[c] = 0
        a_neighbourhood(g, g.p[seat].unit_cell[v], nb)
        for c in range(N_CELLS):
            score[c] += nb[c]
    for c in range(N_CELLS):
        if (not valid[c] or units_of_on(g, g.automa.human, c) > 0
                or workers_of_on(g, seat, c) - (1 if g.p[seat].unit_cell[u] == c else 0) > 0):
            status[c] = 0
        elif threat[c]:
            status[c] = 2
        else:
            status[c] = 1


cdef bint a_find_worker(const GameState* g, int* unit, int* dest) noexcept nogil:
    # Move worker (seed p.6): the most Automa units around, outside human combat units'
    # neighbourhoods.
    cdef int score[N_CELLS]
    cdef int8_t status[N_CELLS]
    cdef int u, c, k, best = -1, bk = 0
    u = a_choose_unit(g, UNIT_WORKER0, N_UNITS)
    if u < 0:
        return False
    automa_worker_scores(g, u, score, status)
    for c in range(N_CELLS):
        if status[c] != 1:
            continue
        k = -score[c]
        if best < 0 or a_better(k, a_fdist(g, c), c, bk, a_fdist(g, best), best):
            best = c
            bk = k
    if best < 0:
        return False
    unit[0] = u
    dest[0] = best
    return True


cdef int a_target_distance(const GameState* g, int h) noexcept nogil:
    # Distance from h to the nearest human combat unit on a territory; human combat units
    # on bases count only when none is on a territory (seed p.7).
    cdef int seat = g.automa.human
    cdef int u, c, d, best = -1
    for u in range(UNIT_WORKER0):
        c = g.p[seat].unit_cell[u]
        if is_territory(g, c):
            d = a_dist(g, h, c)
            if best < 0 or d < best:
                best = d
    if best >= 0:
        return best
    for u in range(UNIT_WORKER0):
        c = g.p[seat].unit_cell[u]
        if c > 0 and c < N_CELLS:
            d = a_dist(g, h, c)
            if best < 0 or d < best:
                best = d
    return best if best >= 0 else 0


cdef void automa_combat_move_distances(const GameState* g, int u, int* out) noexcept nogil:
    """Steps 2 and 4 of the mech / hero move for unit u (seed p.7, Example 4): out[c] is the
    distance from a valid territory c to the nearest human combat unit, -1 if c is not valid."""
    cdef uint8_t valid[N_CELLS]
    cdef int seat = g.automa.seat
    cdef int c
    a_support(g, True, valid)
    for c in range(N_CELLS):
        if (not valid[c] or units_of_on(g, g.automa.human, c) > 0
                or plastic_of_on(g, seat, c) - (1 if g.p[seat].unit_cell[u] == c else 0) > 0):
            out[c] = -1
        else:
            out[c] = a_target_distance(g, c)


cdef bint a_find_combat_move(const GameState* g, bint hero, int* unit, int* dest) noexcept nogil:
    # Move mech / move hero without attack (seed p.7): closest to a human combat unit.
    cdef int dist[N_CELLS]
    cdef int seat = g.automa.seat
    cdef int u, c, best = -1
    if hero:
        u = UNIT_CHARACTER if g.p[seat].unit_cell[UNIT_CHARACTER] != OFF_BOARD else -1
    else:
        u = a_choose_unit(g, UNIT_MECH0, UNIT_MECH0 + N_MECHS)
    if u < 0:
        return False
    automa_combat_move_distances(g, u, dist)
    for c in range(N_CELLS):
        if dist[c] < 0:
            continue
        if best < 0 or a_better(dist[c], a_fdist(g, c), c, dist[best], a_fdist(g, best), best):
            best = c
    if best < 0:
        return False
    unit[0] = u
    dest[0] = best
    return True


cdef bint a_find_enc_fac(const GameState* g, int* unit, int* dest) noexcept nogil:
    # Encounter or Factory (seed p.7 and the reference card): the hero goes to a territory in
    # the neighbourhood of any Automa unit (not the base's) that holds an encounter token, or
    # the Factory while the Automa has no Factory card; no human unit and no Automa mech there.
    cdef uint8_t valid[N_CELLS]
    cdef int seat = g.automa.seat
    cdef int c, best = -1
    cdef bint no_card = g.p[seat].factory_card < 0
    if g.p[seat].unit_cell[UNIT_CHARACTER] == OFF_BOARD:
        return False
    a_support(g, False, valid)
    for c in range(N_CELLS):
        if not valid[c]:
            continue
        if not (g.encounter_token[c] or (no_card and g.rules.terrain[c] == T_FACTORY)):
            continue
        if units_of_on(g, g.automa.human, c) > 0 or mechs_on(g, seat, c) > 0:
            continue
        if best < 0 or a_better(0, a_fdist(g, c), c, 0, a_fdist(g, best), best):
            best = c
    if best < 0:
        return False
    unit[0] = UNIT_CHARACTER
    dest[0] = best
    return True


cdef bint a_find_attack_workers(const GameState* g, int* unit, int* dest) noexcept nogil:
    # Attack worker (seed p.8): a territory with a human worker and no human combat unit;
    # most resources first.
    cdef uint8_t valid[N_CELLS]
    cdef int u, c, k, best = -1, bk = 0
    u = a_choose_unit(g, 0, UNIT_WORKER0)
    if u < 0:
        return False
    a_support(g, True, valid)
    for c in range(N_CELLS):
        if not valid[c] or workers_of_on(g, g.automa.human, c) == 0 or plastic_of_on(g, g.automa.human, c) > 0:
            continue
        k = -a_resources_on(g, c)
        if best < 0 or a_better(k, a_fdist(g, c), c, bk, a_fdist(g, best), best):
            best = c
            bk = k
    if best < 0:
        return False
    unit[0] = u
    dest[0] = best
    return True


cdef bint a_find_attack_unit(const GameState* g, int need, int* unit, int* dest) noexcept nogil:
    # Attack combat unit X (seed p.8): only with at least X power; a territory with a human
    # combat unit, fewest human combat units first.
    cdef uint8_t valid[N_CELLS]
    cdef int u, c, k, best = -1, bk = 0
    if g.p[g.automa.seat].power < need:
        return False
    u = a_choose_unit(g, 0, UNIT_WORKER0)
    if u < 0:
        return False
    a_support(g, True, valid)
    for c in range(N_CELLS):
        if not valid[c]:
            continue
        k = plastic_of_on(g, g.automa.human, c)
        if k == 0:
            continue
        if best < 0 or a_better(k, a_fdist(g, c), c, bk, a_fdist(g, best), best):
            best = c
            bk = k
    if best < 0:
        return False
    unit[0] = u
    dest[0] = best
    return True


cdef bint automa_find_move(const GameState* g, int kind, int need, int* unit, int* dest) noexcept nogil:
    """Steps 1-4 of one move symbol: the unit and its destination, or False if invalid."""
    if kind == AM_WORKER:
        return a_find_worker(g, unit, dest)
    if kind == AM_MECH:
        return a_find_combat_move(g, False, unit, dest)
    if kind == AM_CHARACTER:
        return a_find_combat_move(g, True, unit, dest)
    if kind == AM_ENC_FAC:
        return a_find_enc_fac(g, unit, dest)
    if kind == AM_ATTACK_WORKERS:
        return a_find_attack_workers(g, unit, dest)
    if kind == AM_ATTACK_UNIT:
        return a_find_attack_unit(g, need, unit, dest)
    return False


# ---------------------------------------------------------------- effects of a move

cdef void a_hero_after(GameState* g, int u) noexcept nogil:
    # Seed p.7: the hero on an encounter token removes it (no encounter is drawn); the hero
    # on the Factory takes a random Factory card from the board if it has none (never used).
    cdef int seat = g.automa.seat
    cdef Player* p = &g.p[seat]
    cdef int c, j
    if u != UNIT_CHARACTER:
        return
    c = p.unit_cell[UNIT_CHARACTER]
    if not is_territory(g, c):
        return
    if g.encounter_token[c]:
        g.encounter_token[c] = 0
        emit(g, EV_AUTOMA_TOKEN, seat, c, 0, 0, 0, 0)
    if g.rules.terrain[c] == T_FACTORY and p.factory_card < 0 and g.n_factory_offer > 0:
        j = rng_below(&g.rng, <uint32_t>g.n_factory_offer)
        p.factory_card = g.factory_offer[j]
        g.factory_offer[j] = g.factory_offer[g.n_factory_offer - 1]
        g.n_factory_offer -= 1
        emit(g, EV_AUTOMA_FACTORY, seat, p.factory_card, 0, 0, 0, 0)


cdef void a_send_human_workers_home(GameState* g, int c) noexcept nogil:
    cdef int seat = g.automa.human
    cdef int base = base_cell(g, seat)
    cdef int u
    for u in range(UNIT_WORKER0, N_UNITS):
        if g.p[seat].unit_cell[u] == c:
            g.p[seat].unit_cell[u] = <int8_t>base


cdef int a_perform(GameState* g, int kind, int u, int dest) noexcept nogil:
    # Steps 3 and 5: pick the unit up and place it (teleport, no path). Returns 1, or 2 when
    # a combat must now be fought at dest.
    cdef AutomaState* a = &g.automa
    emit(g, EV_AUTOMA_MOVE, a.seat, kind, u, g.p[a.seat].unit_cell[u], dest, 0)
    g.p[a.seat].unit_cell[u] = <int8_t>dest
    if kind == AM_ATTACK_UNIT:
        a.combat_cell = <int8_t>dest
        a.combat_unit = <int8_t>u
        a.combats += 1
        return 2
    if kind == AM_ATTACK_WORKERS:
        # Seed p.8: remove every resource there and send the human's workers home; no combat,
        # no star, no popularity change.
        a_clear_resources(g, dest)
        a_send_human_workers_home(g, dest)
    elif units_of_on(g, g.automa.human, dest) == 0:
        # Seed p.11: the Automa moving onto a territory with only workers or resources
        # removes the resources (its moves never enter human units otherwise). A human
        # structure there is not a unit: the Automa takes the territory and the resources
        # go too (interpretation; the rulebook names only workers and resources).
        a_clear_resources(g, dest)
    a_hero_after(g, u)
    return 1


cdef int a_try_symbol(GameState* g, int kind, int need) noexcept nogil:
    # One move symbol: 0 invalid, 1 done, 2 combat pending, 3 cancelled by the move check.
    cdef AutomaState* a = &g.automa
    cdef int u = -1, dest = -1
    if not automa_find_move(g, kind, need, &u, &dest):
        return 0
    if a.move_check and not a.moved:
        # Optional rule 4 ("before moving an Automa unit, reveal a combat card; on a 4 or 5
        # no move this turn for any symbol"): one reveal, when a valid move is about to be
        # made (a turn with no valid move reveals nothing; the digest's I-15 reveals at the
        # start of stage 2A instead).
        if a_check_card_blocks(g):
            a.move_blocked = 1
            return 3
    a.moved = 1
    return a_perform(g, kind, u, dest)
