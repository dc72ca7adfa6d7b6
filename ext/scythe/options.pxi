# Layer: turn. Uses: state, queries, rules.
#
# The legal options of a pending decision, one function per decision kind
# whose list is built here (turn.pxi legal_options dispatches on
# GameState.decision; kinds whose options a rules file lists call it directly).
# Every list is ascending; option encodings are in state.pxd.

cdef int options_move_unit(GameState* g, int32_t* buf) noexcept nogil:
    cdef int seat = g.decider
    cdef int n = 0
    cdef int u
    buf[n] = 0
    n += 1
    for u in range(N_UNITS):
        if unit_can_move(g, seat, u):
            buf[n] = 1 + u
            n += 1
    if g.rules.wg.airships_on and air_can_move(g, seat):
        buf[n] = 1 + AIR_UNIT
        n += 1
    return n


cdef int options_move_step(GameState* g, int32_t* buf) noexcept nogil:
    cdef int seat = g.decider
    cdef Player* p = &g.p[seat]
    cdef int n = 0
    cdef uint64_t m
    cdef int c
    if g.t.mv_steps_taken > 0:
        buf[n] = 0
        n += 1
    m = step_targets(g, seat, g.t.mv_unit, p.unit_cell[g.t.mv_unit])
    for c in range(1, N_CELLS):
        if (m >> c) & 1:
            buf[n] = c
            n += 1
    return n


cdef int options_carry_workers(GameState* g, int32_t* buf) noexcept nogil:
    cdef int seat = g.decider
    cdef Player* p = &g.p[seat]
    cdef int n = 0
    cdef int u, c, a, b, nm, nu
    c = p.unit_cell[g.t.mv_unit]
    nm = 0
    nu = 0
    for u in range(UNIT_WORKER0, N_UNITS):
        if p.unit_cell[u] == c:
            if (g.t.moved >> u) & 1:
                nm += 1
            else:
                nu += 1
    if lake_forces_workers(g, seat, g.t.mv_unit, c):
        buf[0] = 16 * nm + nu
        return 1
    for a in range(nm + 1):
        for b in range(nu + 1):
            buf[n] = 16 * a + b
            n += 1
    return n


cdef int options_carry_res(GameState* g, int32_t* buf) noexcept nogil:
    cdef int seat = g.decider
    cdef Player* p = &g.p[seat]
    cdef int n = 0
    cdef int c, a, b, k
    c = p.unit_cell[g.t.mv_unit]
    k = g.cell_res[c][g.t.carry_type]
    if lake_forces_resources(g, seat, g.t.mv_unit, c):
        buf[0] = k
        return 1
    if k < 2 * CARRY_STEP:
        for a in range(k + 1):
            buf[n] = a
            n += 1
    elif not g.t.carry_fine:
        a = 0
        while a <= k:
            buf[n] = a
            n += 1
            a += CARRY_STEP
    else:
        b = g.t.carry_res[g.t.carry_type]
        for a in range(b, min(b + CARRY_STEP - 1, k) + 1):
            buf[n] = a
            n += 1
    return n


cdef int options_trade(GameState* g, int32_t* buf) noexcept nogil:
    cdef int seat = g.decider
    cdef int n = 0
    cdef int8_t ctl[N_CELLS]
    cdef int c, r
    # Each token on any own-worker territory: the two may be split (digest
    # §24.1 recommendation; the seed's "a territory" is read as a placement rule).
    if g.t.trade_left < TOP_TRADE_RESOURCES:
        buf[n] = 0
        n += 1
    control_map(g, ctl)
    for c in range(1, N_CELLS):
        if own_worker_territory(g, ctl, seat, c):
            for r in range(4):
                buf[n] = 4 * c + r
                n += 1
    return n


cdef int options_produce(GameState* g, int32_t* buf) noexcept nogil:
    cdef int n = 0
    if g.t.prod_taken > 0:
        buf[n] = 0
        n += 1
    return n + produce_options(g, buf + n, g.t.prod_left, g.t.prod_mill, g.t.prod_cells)


cdef int options_combat_order(GameState* g, int32_t* buf) noexcept nogil:
    cdef int n = 0
    cdef int c
    for c in range(1, N_CELLS):
        if (g.t.combat_cells >> c) & 1:
            buf[n] = c
            n += 1
    return n


cdef int options_artillery_or_scout(GameState* g, int32_t* buf) noexcept nogil:
    buf[0] = 0
    buf[1] = 1
    return 2


cdef int options_dial(GameState* g, int32_t* buf) noexcept nogil:
    cdef int seat = g.decider
    cdef int n = 0
    cdef int a
    for a in range(dial_max(g, seat) + 1):
        buf[n] = a
        n += 1
    return n


cdef int options_cards(GameState* g, int32_t* buf) noexcept nogil:
    cdef int seat = g.decider
    cdef Player* p = &g.p[seat]
    cdef int n = 0
    cdef int n2, n3, n4, n5, lim
    lim = combat_card_limit(g, seat, g.t.cb_cell)
    for n5 in range(min(lim, p.hand[3]) + 1):
        for n4 in range(min(lim - n5, p.hand[2]) + 1):
            for n3 in range(min(lim - n5 - n4, p.hand[1]) + 1):
                for n2 in range(min(lim - n5 - n4 - n3, p.hand[0]) + 1):
                    buf[n] = n2 + 8 * n3 + 64 * n4 + 512 * n5
                    n += 1
    return n


cdef int options_retreat(GameState* g, int32_t* buf) noexcept nogil:
    cdef int seat = g.decider
    cdef int n = 0
    cdef uint64_t m
    cdef int c
    m = retreat_lakes(g, seat, g.t.cb_cell) | bit(base_cell(g, seat))
    for c in range(1, N_CELLS):
        if (m >> c) & 1:
            buf[n] = c
            n += 1
    return n


cdef int options_gain_amount(GameState* g, int32_t* buf) noexcept nogil:
    cdef int n = 0
    cdef int a
    for a in range(g.t.rw.amount[g.t.rw_part] + 1):
        buf[n] = a
        n += 1
    return n


cdef int options_gain_res(GameState* g, int32_t* buf) noexcept nogil:
    cdef int seat = g.decider
    cdef int n = 0
    cdef uint64_t m
    cdef int c, r
    buf[n] = 0
    n += 1
    reward_cells(g, seat, g.t.rw_cell, &m)
    for c in range(1, N_CELLS):
        if (m >> c) & 1:
            for r in range(4):
                buf[n] = 4 * c + r
                n += 1
    return n


cdef int options_gain_worker(GameState* g, int32_t* buf) noexcept nogil:
    cdef int seat = g.decider
    cdef int n = 0
    cdef uint64_t m
    cdef int c
    buf[n] = 0
    n += 1
    reward_cells(g, seat, g.t.rw_cell, &m)
    for c in range(1, N_CELLS):
        if (m >> c) & 1:
            buf[n] = c
            n += 1
    return n


cdef int options_factory_pick(GameState* g, int32_t* buf) noexcept nogil:
    cdef int n = 0
    cdef int i, j, t
    for i in range(g.n_factory_offer):
        buf[i] = g.factory_offer[i]
    n = g.n_factory_offer
    for i in range(1, n):            # ascending
        j = i
        while j > 0 and buf[j - 1] > buf[j]:
            t = buf[j]
            buf[j] = buf[j - 1]
            buf[j - 1] = t
            j -= 1
    return n
