# Layer: turn. Uses: state, queries, rules (airships.pxi), turn.pxi (pose).
#
# The airship's decisions (state.pxd DK_AIR_*): their options, their effects and the phases of an
# airship's move, dispatched by turn.pxi's run_phase, legal_options and apply_effect. The rules
# they follow are stated in airships.pxi.

# ---------------------------------------------------------------- turn: options

cdef int options_air_cargo(GameState* g, int32_t* buf) noexcept nogil:
    cdef int seat = g.decider, c = g.wg.cell[seat], r, n = 0
    cdef int8_t ctl[N_CELLS]
    cdef bint room = air_room_res(g, seat) > 0
    buf[n] = 0
    n += 1
    if room and g.rules.terrain[c] != T_BASE:
        control_map(g, ctl)
        if ctl[c] < 0 or ctl[c] == seat:       # never resources an opponent controls
            for r in range(4):
                if g.cell_res[c][r] > 0 and not (g.wg.mv.unloaded >> r) & 1:
                    buf[n] = 1 + r
                    n += 1
    if g.rules.terrain[c] != T_LAKE and g.rules.terrain[c] != T_BASE:
        for r in range(4):
            if g.wg.cargo[seat][r] > 0 and not (g.wg.mv.loaded >> r) & 1:
                buf[n] = 5 + r
                n += 1
    if (air_room_wk(g, seat) > 0 and not (g.wg.mv.unloaded >> 4) & 1
            and air_worker_here(g, seat, c) >= 0):
        buf[n] = 9
        n += 1
    if g.wg.aboard[seat] and not (g.wg.mv.loaded >> 4) & 1 and air_can_set_down(g, seat, c):
        buf[n] = 10
        n += 1
    return n


cdef int options_air_step(GameState* g, int32_t* buf) noexcept nogil:
    cdef int n = 0, c
    cdef uint64_t m = air_steps(g, g.wg.cell[g.decider])
    if g.wg.mv.steps_taken > 0:
        buf[n] = 0
        n += 1
    for c in range(1, N_CELLS):
        if (m >> c) & 1:
            buf[n] = c
            n += 1
    return n


cdef int options_air_combat(GameState* g, int32_t* buf) noexcept nogil:
    cdef int seat = g.decider, s, n = 1
    cdef int m = airships_on(g, seat, g.wg.cell[seat])
    buf[0] = 0
    for s in range(g.n_players):
        if (m >> s) & 1:
            buf[n] = 1 + s
            n += 1
    return n


cdef int options_air_dial(GameState* g, int32_t* buf) noexcept nogil:
    cdef int a, n = 0
    for a in range(dial_max(g, g.decider) + 1):
        buf[n] = a
        n += 1
    return n


cdef int options_air_swap(GameState* g, int32_t* buf) noexcept nogil:
    cdef int seat = g.decider, k, n = 1
    buf[0] = 0
    if g.n_objective_deck > 0:
        for k in range(2):
            if g.p[seat].objectives[k] > 0:
                buf[n] = 1 + k
                n += 1
    return n


cdef int air_options(GameState* g, int32_t* buf) noexcept nogil:
    cdef int kind = g.decision
    if kind == DK_AIR_SWAP:
        return options_air_swap(g, buf)
    if kind == DK_AIR_CARGO:
        return options_air_cargo(g, buf)
    elif kind == DK_AIR_STEP:
        return options_air_step(g, buf)
    elif kind == DK_AIR_COMBAT:
        return options_air_combat(g, buf)
    return options_air_dial(g, buf)


# ---------------------------------------------------------------- turn: effects

cdef void air_start_move(GameState* g, int seat) noexcept nogil:
    # DK_MOVE_UNIT chose the airship: its range, +1 on the Factory card's Move.
    g.wg.mv.steps_left = air_pas(g, seat).range + (1 if g.t.mv_factory else 0)
    g.wg.mv.steps_taken = 0
    g.wg.mv.loaded = 0
    g.wg.mv.unloaded = 0
    g.wg.mv.foe = -1
    g.t.phase = PH_AIR_CARGO


cdef void air_apply(GameState* g, int kind, int32_t opt) noexcept nogil:
    cdef int seat = g.decider, c = g.wg.cell[seat], r, u
    if kind == DK_AIR_CARGO:
        if opt == 0:
            g.t.phase = PH_AIR_STEP if g.wg.mv.steps_left > 0 else PH_AIR_STOPS
        elif opt == 9:
            u = air_worker_here(g, seat, c)
            g.p[seat].unit_cell[u] = AIRBORNE
            g.wg.aboard[seat] |= <uint8_t>(1 << (u - UNIT_WORKER0))
            g.wg.mv.loaded |= 1 << 4
        elif opt == 10:
            u = UNIT_WORKER0 + lowest_bit(g.wg.aboard[seat])
            g.wg.aboard[seat] &= <uint8_t>~(1 << (u - UNIT_WORKER0))
            g.p[seat].unit_cell[u] = c
            g.wg.mv.unloaded |= 1 << 4
        elif opt <= 4:
            r = opt - 1
            g.cell_res[c][r] -= 1
            g.wg.cargo[seat][r] += 1
            g.wg.mv.loaded |= <uint8_t>(1 << r)
        else:
            r = opt - 5
            g.wg.cargo[seat][r] -= 1
            g.cell_res[c][r] += 1
            g.wg.mv.unloaded |= <uint8_t>(1 << r)
    elif kind == DK_AIR_STEP:
        if opt == 0:
            g.t.phase = PH_AIR_STOPS
        else:
            emit(g, EV_AIR_STEP, seat, c, opt, 0, 0, 0)
            g.wg.cell[seat] = opt
            g.wg.mv.steps_left -= 1
            g.wg.mv.steps_taken += 1
            g.wg.mv.loaded = 0
            g.wg.mv.unloaded = 0
            g.t.phase = PH_AIR_CARGO
    elif kind == DK_AIR_SWAP:
        if opt > 0:
            air_swap_objective(g, seat, opt - 1)
    elif kind == DK_AIR_COMBAT:
        if opt == 0:
            g.t.phase = PH_UNIT_DONE
        else:
            g.wg.mv.foe = opt - 1
            g.wg.mv.dial[0] = -1
            g.wg.mv.dial[1] = -1
            g.t.phase = PH_AIR_DIAL
    else:                                        # DK_AIR_DIAL
        g.wg.mv.dial[g.decision_aux] = opt
        if g.decision_aux == 1:
            air_blitzkrieg(g)
            g.t.phase = PH_UNIT_DONE


# ---------------------------------------------------------------- turn: phases

cdef int air_phase(GameState* g) noexcept nogil:
    cdef int seat = g.active
    cdef int ph = g.t.phase
    if ph == PH_AIR_CARGO:
        return pose(g, DK_AIR_CARGO, seat, g.wg.cell[seat])
    elif ph == PH_AIR_STEP:
        return pose(g, DK_AIR_STEP, seat, g.wg.mv.steps_left)
    elif ph == PH_AIR_STOPS:
        g.wg.mv.stop_offers = <uint8_t>air_fire(g, seat, AW_AIRSHIP_STOPS)
        g.t.phase = PH_AIR_STOPPED
        return 0
    elif ph == PH_AIR_STOPPED:
        # each offer once: the swap (if a card is held and the deck has one), then the combat
        if g.wg.mv.stop_offers & AF_SWAP:
            g.wg.mv.stop_offers &= ~AF_SWAP
            if g.n_objective_deck > 0 and (g.p[seat].objectives[0] > 0 or g.p[seat].objectives[1] > 0):
                return pose(g, DK_AIR_SWAP, seat, g.wg.cell[seat])
        if g.wg.mv.stop_offers & AF_COMBAT and airships_on(g, seat, g.wg.cell[seat]):
            g.wg.mv.stop_offers = 0
            return pose(g, DK_AIR_COMBAT, seat, g.wg.cell[seat])
        g.t.phase = PH_UNIT_DONE
        return 0
    # PH_AIR_DIAL: the attacker, then the defender (neither sees the other's dial until both are set)
    return pose(g, DK_AIR_DIAL, seat if g.wg.mv.dial[0] < 0 else g.wg.mv.foe,
                0 if g.wg.mv.dial[0] < 0 else 1)
