# Layer: policies. Uses: state, queries, rules (airships.pxi, resolutions.pxi), heuristics.pxi
# (HCtx, h_clamp).
#
# What the compiled heuristics do with the Wind Gambit, kept apart from heuristics.pxi, which
# calls it at two points only: h_air_begin at the end of its per-decision setup (h_begin), and
# h_air_score for the airship's options (h_score). With both modules off neither does anything,
# so no base game changes.
#
# The play: resources aboard are always the owner's, safe from combat, and spendable, so the
# airship loads what it can reach and never leaves tokens behind; it flies to the territory with
# the most tokens it may take; it fights a Blitzkrieg when its power beats the other side's and a
# combat star is still to be had. Under a resolution the horizon (turns left) comes from the
# tile's end instead of the sixth star.

cdef inline bint h_air_move_option(int kind, int32_t opt) noexcept nogil:
    return kind >= DK_AIR_CARGO or (kind == DK_MOVE_UNIT and opt == 1 + AIR_UNIT)


cdef void h_air_begin(HCtx* h) noexcept nogil:
    cdef const GameState* g = h.g
    cdef const ResolutionTile* t
    cdef int r, s, most = 0, left
    if g.rules.wg.airships_on:
        for r in range(4):
            h.res[r] += g.wg.cargo[h.seat][r]
            h.real_res[r] += g.wg.cargo[h.seat][r]
            h.res_total += g.wg.cargo[h.seat][r]
    if g.wg.resolution >= 0:
        t = &g.rules.wg.res[g.wg.resolution]
        if g.wg.end_turn > 0:
            left = (g.wg.end_turn - g.turn) // g.n_players
            h.turns_left = h_clamp(left, 1.0, 30.0)
        elif t.trigger == ET_STARS:
            for s in range(g.n_players):
                if g.p[s].stars > most:
                    most = g.p[s].stars
            h.turns_left = h_clamp((t.count - most) * 3.5 + t.extra_rounds, 2.0, 20.0)
        h.progress = h_clamp(1.0 - h.turns_left / 20.0, 0.4, 1.0)


cdef int h_air_loadable(const GameState* g, int seat, int cell, const int8_t* ctl) noexcept nogil:
    # Tokens the seat's airship could load on `cell` (room aboard permitting).
    cdef int room = air_room_res(g, seat)
    cdef int n
    if room <= 0 or g.rules.terrain[cell] == T_BASE or (ctl[cell] >= 0 and ctl[cell] != seat):
        return 0
    n = g.cell_res[cell][0] + g.cell_res[cell][1] + g.cell_res[cell][2] + g.cell_res[cell][3]
    return n if n < room else room


cdef double h_air_reach(const GameState* g, int seat, int frm, int steps) noexcept nogil:
    # The most tokens loadable on a territory within `steps` airship steps of `frm`.
    cdef int8_t ctl[N_CELLS]
    cdef uint64_t seen = bit(frm), front = bit(frm), nxt
    cdef int k, c, best = 0, v
    control_map(g, ctl)
    for k in range(steps):
        nxt = 0
        for c in range(1, N_CELLS):
            if (front >> c) & 1:
                nxt |= air_steps(g, c)
        nxt &= ~seen
        seen |= nxt
        front = nxt
        for c in range(1, N_CELLS):
            if (nxt >> c) & 1:
                v = h_air_loadable(g, seat, c, ctl)
                if v > best:
                    best = v
    return best


cdef double h_air_score(HCtx* h, int kind, int32_t opt) noexcept nogil:
    cdef const GameState* g = h.g
    cdef int seat = h.seat, c, o
    cdef int8_t ctl[N_CELLS]
    if kind == DK_MOVE_UNIT:
        return h.w[HW_MOVE_MIN] + 0.6 * h_air_reach(g, seat, g.wg.cell[seat],
                                                    air_pas(g, seat).range + (1 if g.t.mv_factory else 0))
    if kind == DK_AIR_CARGO:
        # tokens aboard are kept; workers are not taken aboard (a worker set down is worth
        # more on a territory: it produces and holds it)
        if opt == 0:
            return 0.0
        if opt == 10:
            return 1.0
        return 1.0 if opt <= 4 else -1.0
    if kind == DK_AIR_STEP:
        if opt == 0:
            return 0.05
        control_map(g, ctl)
        return h_air_loadable(g, seat, opt, ctl) + 0.5 * h_air_reach(g, seat, opt, g.wg.mv.steps_left - 1)
    if kind == DK_AIR_COMBAT:
        if opt == 0:
            return 0.0
        o = opt - 1
        if not earns_combat_star(g, seat):
            return -1.0
        return 1.0 if g.p[seat].power > g.p[o].power else -1.0
    if kind == DK_AIR_SWAP:
        return 0.0 if opt == 0 else -0.1    # keeps its cards: no model of an unseen card's worth
    # DK_AIR_DIAL: enough to beat the other side's whole dial if possible, else nothing
    o = g.wg.mv.foe if seat == g.active else g.active
    c = dial_max(g, o) + (1 if seat != g.active else 0)
    if c > dial_max(g, seat):
        return -opt
    return -(opt - c if opt > c else c - opt)
