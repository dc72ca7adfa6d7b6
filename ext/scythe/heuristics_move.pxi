# Movement: the worth of a unit's step or path, of a Move of k units, and of the
# workers and tokens a mech carries.
# (Part of the compiled heuristics; heuristics_values.pxi has the header.)

# ---------------------------------------------------------------- movement

# Seat-adapted, against the Automa: the worth of an attack below the edge while a lost one
# gives it a combat star and it has fewer than H_AUTOMA_FEED_STARS stars (h_automa_long_shot).
# Chosen on paired runs (seeds 10,120,380-381): 1.5-4 gain 1.5-1.9 points of margin at
# Ultimaszyna and 0.4-0.7 at the normal level; 8 loses at the normal level; with the bound
# at 5 or 6 stars the gain is smaller, at 3 or 2 smaller too.
cdef double H_AUTOMA_FEED = 2.0
cdef int H_AUTOMA_FEED_STARS = 4


# Seat-adapted, against an Automa that takes every move of its card (Ultimaszyna, or its
# optional rule 6: automa.all_moves), while H_AUTOMA_ODDS is on: an attack on it is priced by
# its chance p of winning with the full dial and the best cards (h_automa_cdf), at p x its gain
# plus (1 - p) x H_AUTOMA_LOST_ATTACK, less the power it is expected to cost, instead of the
# edge threshold and the long shots. What a lost attack earns is measured, not derived (the
# Automa spends power on it; a star it places shortens a game it leads turn by turn). Measured
# on paired runs (BENCHMARKS "Policy strength", session 46): at Ultimaszyna 4 coins gain +0.57
# to +0.76 (± 0.14) points of margin on three sets of 10,000 fresh deals, wins +0.28 points
# together; nothing for a lost attack loses 1.8, refusing below a chance of 0.3-0.7 loses
# 3.3-6.2. On its own it takes the bottom action in fewer of the turns where one is payable
# (86.3% -> 84.5% on 3,000 deals, issue #14's floor is 85%), so it ships with a stronger late
# bottom tie-break against such an Automa (H_AUTOMA_BOTTOM_ALL): together +0.46 and +0.57
# points of margin on two sets of 10,000 fresh deals, wins unchanged, and the rate as without
# either (85.8%; session 47). Tuning hook _set_automa_odds.
cdef bint H_AUTOMA_ODDS = True
cdef double H_AUTOMA_LOST_ATTACK = 4.0


cdef double h_attack(HCtx* h, int u, int d, int my_k) noexcept nogil:
    # Worth of a combat on d fought with my_k own units (this one included);
    # refused (a large loss) unless the edge reaches W_ATTACK_EDGE (less late: h_attack_edge),
    # or it is a long shot at the Automa (h_automa_long_shot); priced by its odds against an
    # Automa that takes all its moves when H_AUTOMA_ODDS is on.
    cdef const GameState* g = h.g
    cdef int e = h.en_seat[d], nw
    cdef double edge, v, shared, p = -1.0
    if e < 0:
        return 0.0
    shared = h_shared_strength(h, d, my_k)
    edge = h_edge(h, e, d, my_k)
    if H_AUTOMA_ODDS and h_automa_defence(h) and e == g.automa.seat and g.automa.all_moves:
        # h_edge, called last, keeps this combat's distribution of the Automa's total in h.acdf
        p = h_automa_win(h, h.acdf, <int>(edge + h_automa_quantile(h.acdf, h_automa_edge_q(g, e))
                                          - shared + 0.5), True)
    edge -= shared
    if p < 0.0 and edge < h_attack_edge(h):
        if h_automa_long_shot(h, e):
            return H_AUTOMA_FEED
        return -5.0 - h.w[HW_COMBAT_WIN]
    v = h.w[HW_COMBAT_WIN] + h_combat_star(h) + h_terr(h, d) + h_cell_tokens(h, d)
    v += h.obj_cell[d]
    nw = workers_of_on(g, e, d)
    if nw > 0:
        if not has_ability(g, h.seat, AB_CAMARADERIE):
            v += h_pop(h, -nw)
        v += h.w[HW_HARASS] * nw
    if u == UNIT_CHARACTER and g.encounter_token[d]:
        v += h.w[HW_ENCOUNTER]
    v += h_deny(h, e, d) + h_automa_gift(h, d)
    if p >= 0.0:
        v = p * v + (1.0 - p) * H_AUTOMA_LOST_ATTACK
    v += h_power(h, -h_dial_expected(h, edge))
    return v


cdef inline bint h_automa_long_shot(HCtx* h, int e) noexcept nogil:
    # Seat-adapted: an attack on the Automa (seat e) too weak to be expected to win is still
    # worth making while losing it gives the Automa a combat star (below its cap of 2,
    # Rulebook 003 "Stars": earns_combat_star) and the game's end is not near (fewer than
    # H_AUTOMA_FEED_STARS of its stars). The Automa scores all six of its stars whenever the
    # game ends on its sixth, so that star costs the seat only the turns it takes off the
    # game, in which the Automa would gain more than the seat; and the long shot sometimes
    # wins. The dial follows h_combat_target: nothing when the fight is hopeless.
    return (h_automa_defence(h) and e == h.g.automa.seat and earns_combat_star(h.g, e)
            and h.g.p[e].stars < H_AUTOMA_FEED_STARS)


cdef inline int h_dial_expected(HCtx* h, double edge) noexcept nogil:
    # Power likely dialled in a combat with this strength edge: the full dial less the edge
    # to spare.
    cdef int spend = dial_max(h.g, h.seat) - <int>edge
    return spend if spend > 0 else 0


cdef double h_shared_strength(HCtx* h, int cell, int my_k) noexcept nogil:
    # Seat-adapted: the strength a combat on `cell` loses to the combats this Move has already
    # started elsewhere (own and enemy plastic on one territory). All of them are fought after
    # the Move (§13.1), each dial and card from the same power track and hand (§13.3), so
    # each of the others is taken to dial the power h_attack expects it to (the full dial less
    # its edge) and to play the best cards of its units first.
    cdef const Player* p = &h.g.p[h.seat]
    cdef uint64_t m = h.en_cells
    cdef int units = 0, c, left = p.power
    if h.w[HW_ADAPT] <= 0.0:
        return 0.0
    while m:
        c = lowest_bit(m)
        m &= m - 1
        if c != cell and h.my_plastic[c] > 0 and h.en_seat[c] >= 0:
            units += h.my_plastic[c]
            left -= h_dial_expected(h, h_edge(h, h.en_seat[c], c, h.my_plastic[c]))
    if units == 0:
        return 0.0
    # the dial this combat loses, then the cards its units no longer get
    return (dial_max(h.g, h.seat) - clamped(left, MAX_DIAL) + h_best_cards(p, my_k)
            - (h_best_cards(p, my_k + units) - h_best_cards(p, units)))


cdef double h_deny(HCtx* h, int e, int d) noexcept nogil:
    # Seat-adapted (W_ADAPT): what seat e loses when its units leave territory d, as this
    # seat's gain, against a single opponent (the Automa, or a 2-player game), where every
    # point it loses counts as one won (among more players the others gain as much: not
    # counted). The Automa scores a fixed amount per territory (Rulebook 003); a player by its
    # public popularity tier (§20).
    cdef const GameState* g = h.g
    cdef double per
    if h.w[HW_ADAPT] <= 0.0 or e < 0 or h.n_players != 2:
        return 0.0
    if e == g.automa.seat:
        per = g.rules.automa.per_territory
    else:
        per = g.rules.tier_territory[popularity_tier(g, g.p[e].popularity)]
    if d == g.rules.factory_cell:
        per *= 3.0
    return h.w[HW_ADAPT] * per * h.progress


cdef double h_automa_gift(HCtx* h, int d) noexcept nogil:
    # Seat-adapted: taking territory d from the Automa (winning an attack, or driving off its
    # lone workers) places the resource box of its top main-discard card there, in the
    # territory's resource (Rulebook 003, "Combat"; the engine's automa_box_at). That card
    # is public: the one the Automa played last.
    cdef int n = 0, r
    if not h_automa_defence(h) or h.en_seat[d] != h.g.automa.seat:
        return 0.0
    r = automa_box_at(h.g, d, &n)
    if r < 0:
        return 0.0
    return h_toks(h, r, h.res[r], n)


cdef double h_drive_off(HCtx* h, int e, int d, double v) noexcept nogil:
    # v plus the worth of driving seat e's lone workers off territory d with a combat unit
    # (§8.3): they go home, popularity drops by one a worker (unless Camaraderie), and the
    # territory and its tokens change hands. (Added to v term by term, in h_unit_delta's
    # order, so its sums stay bit for bit what they were.)
    cdef const GameState* g = h.g
    cdef int nw = h.en_units[d]
    if not (has_ability(g, h.seat, AB_CAMARADERIE) and g.rules.camaraderie_on_move):
        v += h_pop(h, -nw)
    v += h.w[HW_HARASS] * nw + h_terr(h, d) + h_cell_tokens(h, d)
    v += h_deny(h, e, d) + h_automa_gift(h, d)
    return v


cdef double h_prod_after(HCtx* h, int a, int d, int n) noexcept nogil:
    # Production potential after n own workers go from a to d: h_topk on pv
    # with a's and d's values changed, found from h_board's sorted best
    # values instead of a pass over the board (the same values are summed in
    # the same order, so the result is identical).
    cdef int mill = h_mill_cell(h)
    cdef int k = h.prod_k, i, j, m = 0
    cdef double cand[7]
    cdef double pv_a, pv_d, x, total = 0.0
    cdef bint new_a = a > 0 and a < N_CELLS
    cdef bint new_d = d > 0 and d < N_CELLS and h.en_plastic[d] == 0
    if k > 3:
        k = 3
    if new_a and new_d and a == d:
        return h_prod_after_slow(h, a, d, n)
    pv_a = h_cell_prod(h, a, h.my_workers[a] - n + (1 if a == mill else 0)) if new_a else 0.0
    pv_d = h_cell_prod(h, d, h.my_workers[d] + n + (1 if d == mill else 0)) if new_d else 0.0
    for i in range(h.n_best_pv):
        j = h.best_pv_cell[i]
        if (new_a and j == a) or (new_d and j == d):
            continue
        cand[m] = h.best_pv[i]
        m += 1
        if m == k:
            break
    if new_a and a != mill and pv_a > 0.0:
        cand[m] = pv_a
        m += 1
    if new_d and d != mill and pv_d > 0.0:
        cand[m] = pv_d
        m += 1
    # descending (at most 5 values)
    for i in range(1, m):
        x = cand[i]
        j = i - 1
        while j >= 0 and cand[j] < x:
            cand[j + 1] = cand[j]
            j -= 1
        cand[j + 1] = x
    for i in range(k):
        total += cand[i] if i < m else 0.0
    if mill > 0:
        if new_d and d == mill:
            total += pv_d
        elif new_a and a == mill:
            total += pv_a
        else:
            total += h.pv[mill]
    return total


cdef double h_prod_after_slow(HCtx* h, int a, int d, int n) noexcept nogil:
    # h_prod_after by a pass over the board (a == d).
    cdef double pv_a, pv_d, total
    cdef int mill = h_mill_cell(h)
    cdef double* pv = <double*>h.pv
    pv_a = pv[a]
    pv_d = pv[d]
    if a > 0 and a < N_CELLS:
        pv[a] = h_cell_prod(h, a, h.my_workers[a] - n + (1 if a == mill else 0))
    if d > 0 and d < N_CELLS and h.en_plastic[d] == 0:
        pv[d] = h_cell_prod(h, d, h.my_workers[d] + n + (1 if d == mill else 0))
    total = h_topk(h, pv, mill, h.pv_cells | (bit(a) if 0 < a < N_CELLS else 0)
                   | (bit(d) if 0 < d < N_CELLS else 0))
    pv[a] = pv_a
    pv[d] = pv_d
    return total


cdef double h_unit_delta(HCtx* h, int u, int a, int d) noexcept nogil:
    # Change of this seat's position value if unit u goes from a to d.
    cdef const GameState* g = h.g
    cdef double v = 0.0
    if d == a:
        return 0.0
    # Leaving a: the territory is lost when this was the last unit there and
    # no own structure holds it (its tokens travel with the unit).
    if is_territory(g, a) and h.my_units[a] == 1 and not h.my_struct[a]:
        v -= h_terr(h, a)
        v -= h.obj_cell[a]
    if is_territory(g, d):
        if h.en_plastic[d] > 0:
            if u >= UNIT_WORKER0:
                return H_NEG
            v += h_attack(h, u, d, h.my_plastic[d] + 1)
            if h.my_plastic[d] > 0:
                v -= h_attack(h, u, d, h.my_plastic[d])
        elif h.en_units[d] > 0:
            if u >= UNIT_WORKER0:
                return H_NEG
            v = h_drive_off(h, h.en_seat[d], d, v) + h.obj_cell[d]
        elif h.ctl[d] != h.seat:
            v += h_terr(h, d) + h_cell_tokens(h, d) + h.obj_cell[d]
    if u == UNIT_CHARACTER:
        v += h.char_pot[d] - h.char_pot[a]
    elif u < UNIT_WORKER0:
        v += h.mech_pot[d] - h.mech_pot[a]
    else:
        v += h.prod_mult * (h_prod_after(h, a, d, 1) - h.prod_base)
        # a worker left alone where an enemy can reach it may be sent home
        if h.threat[d] and h.my_plastic[d] == 0:
            v -= 0.3 * h.terr_val
    return v


cdef inline bint h_stops(HCtx* h, int u, int c) noexcept nogil:
    # Entering c ends this unit's movement (§8.3, §8.4).
    if u < UNIT_WORKER0 and h.en_units[c] > 0:
        return True
    if u == UNIT_CHARACTER and h.g.encounter_token[c]:
        return True
    return False


cdef inline uint64_t h_steps(HCtx* h, int u, int c) noexcept nogil:
    # The engine's step_targets, asked once per decision for each unit class
    # and cell (it depends on the unit only through its class).
    cdef int k = 0 if u == UNIT_CHARACTER else (1 if u < UNIT_WORKER0 else 2)
    if not (h.steps_ready[k] >> c) & 1:
        h.steps_ready[k] |= bit(c)
        h.steps_mask[k][c] = step_targets(h.g, h.seat, u, c)
    return h.steps_mask[k][c]


cdef double h_unit_best(HCtx* h, int u, int frm, int steps, int* best_cell) noexcept nogil:
    # h_unit_best_calc, remembered per (unit class, start, steps) while the
    # own token counts stay the same: units of one class standing together
    # have the same options and the same gains.
    cdef int k = 0 if u == UNIT_CHARACTER else (1 if u < UNIT_WORKER0 else 2)
    cdef uint64_t key = 0
    cdef int r
    cdef double v
    if frm <= 0 or frm >= N_CELLS or steps <= 0 or steps > 3:
        return h_unit_best_calc(h, u, frm, steps, best_cell)
    for r in range(4):
        key = (key << 16) | <uint64_t>(h.res[r] & 0xFFFF)
    if key != h.ub_res:
        h.ub_res = key
        memset(h.ub_ready, 0, sizeof(h.ub_ready))
    if (h.ub_ready[k][steps] >> frm) & 1:
        best_cell[0] = h.ub_cell[k][steps][frm]
        return h.ub_val[k][steps][frm]
    v = h_unit_best_calc(h, u, frm, steps, best_cell)
    h.ub_ready[k][steps] |= bit(frm)
    h.ub_cell[k][steps][frm] = <int8_t>best_cell[0]
    h.ub_val[k][steps][frm] = v
    return v


cdef double h_unit_best_calc(HCtx* h, int u, int frm, int steps, int* best_cell) noexcept nogil:
    # Best gain of unit u starting at frm with up to `steps` steps (the
    # engine's step_targets gives each step; stops end the path).
    cdef const GameState* g = h.g
    cdef int8_t depth[N_CELLS]
    cdef int queue[N_CELLS]
    cdef int head = 0, tail = 0, c, d
    cdef uint64_t m
    cdef double best = 0.0, v
    best_cell[0] = frm
    if frm <= 0 or steps <= 0:
        return 0.0
    for c in range(N_CELLS):
        depth[c] = -1
    depth[frm] = 0
    queue[tail] = frm
    tail += 1
    while head < tail:
        c = queue[head]
        head += 1
        if c != frm:
            v = h_unit_delta(h, u, frm, c)
            if v > best:
                best = v
                best_cell[0] = c
            if h_stops(h, u, c):
                continue
        if depth[c] >= steps:
            continue
        m = h_steps(h, u, c)
        while m:
            d = lowest_bit(m)
            m &= m - 1
            if depth[d] < 0:
                depth[d] = depth[c] + 1
                queue[tail] = d
                tail += 1
    return best


cdef double h_move_plan(HCtx* h, int units, bint factory) noexcept nogil:
    # Worth of a Move of `units` units (cached for the decision).
    cdef int k = 1 if factory else 0
    cdef int saved[4]
    if h.plan_units[k] != units:
        h.plan_units[k] = units
        h_use_real_res(h, saved)
        h.plan_value[k] = h_move_plan_calc(h, units, factory)
        h_restore_res(h, saved)
    return h.plan_value[k]


cdef double h_move_plan_calc(HCtx* h, int units, bint factory) noexcept nogil:
    # The best gains of different units, each judged alone (the decisions
    # re-plan after every unit).
    cdef const GameState* g = h.g
    cdef const Player* p = &g.p[h.seat]
    cdef double gains[N_UNITS]
    cdef int u, i, j, cell, steps
    cdef double v, total = 0.0
    h_board(h)
    for u in range(N_UNITS):
        gains[u] = 0.0
        if p.unit_cell[u] <= 0 or (g.t.moved >> u) & 1:
            continue
        steps = 2 if factory else 1
        if u < UNIT_WORKER0 and has_ability(g, h.seat, AB_SPEED):
            steps += 1
        gains[u] = h_unit_best(h, u, p.unit_cell[u], steps, &cell)
    for i in range(units):
        j = -1
        v = h.w[HW_MOVE_MIN]
        for u in range(N_UNITS):
            if gains[u] > v:
                v = gains[u]
                j = u
        if j < 0:
            break
        total += v
        gains[j] = 0.0
    return total


cdef double h_via(HCtx* h, int u, int src, int first, int steps) noexcept nogil:
    # Best gain of a path that starts with the step src -> first.
    cdef int cell
    cdef double v = h_unit_best(h, u, first, steps, &cell)
    if cell == first:
        return h_unit_delta(h, u, src, first)
    return h_unit_delta(h, u, src, cell)


cdef double h_carry_workers(HCtx* h, int n, int moved) noexcept nogil:
    # Carry n workers along with the mech: worth it when they produce better
    # at the destination and it holds no enemy to fight.
    cdef const GameState* g = h.g
    cdef int u = g.t.mv_unit, a = g.p[h.seat].unit_cell[u], d = g.t.mv_dest
    cdef double v
    if n == 0:
        return 0.0
    if h.en_plastic[d] > 0:
        return -1.0 * n
    v = h.prod_mult * (h_prod_after(h, a, d, n) - h.prod_base)
    if h.my_workers[a] == n and h.my_plastic[a] <= 1 and not h.my_struct[a] and is_territory(g, a):
        v -= h_terr(h, a) * 0.5
    # workers that already moved cannot move again by themselves
    v += 0.01 * moved
    return v


cdef double h_carry_res(HCtx* h, int n) noexcept nogil:
    # Tokens left where no own unit or structure remains would be lost.
    cdef const GameState* g = h.g
    cdef int u = g.t.mv_unit, a = g.p[h.seat].unit_cell[u]
    cdef int stay = h.my_units[a] - 1 - bit_count(g.t.carry_workers)
    cdef bint keep = stay > 0 or (h.my_struct[a] and h.en_units[a] == 0)
    if keep:
        return -n
    return n


# ---------------------------------------------------------------- a step's features

# What a step does, as numbers, for a correction fitted to the search's choices of steps
# (ext/scythe/search_distil.py): H_STEP_CORR[k] coins per unit of feature k, added to a step's
# score against the Automa. All zero: no correction.
cdef enum:
    N_STEP_F = 11
cdef double H_STEP_CORR[N_STEP_F]
cdef bint H_STEP_ON = False     # any coefficient is non-zero


cdef int h_open_next(HCtx* h, int u, int c) noexcept nogil:
    # Territories one step of unit u from c that no own unit holds and no enemy character or
    # mech stands on: where it could spread next.
    cdef const GameState* g = h.g
    cdef uint64_t m = h_steps(h, u, c)
    cdef int n = 0, d
    while m:
        d = lowest_bit(m)
        m &= m - 1
        if is_territory(g, d) and h.ctl[d] != h.seat and h.en_plastic[d] == 0:
            n += 1
    return n


cdef void h_step_features(HCtx* h, int u, int a, int d, double* f) noexcept nogil:
    # The features of unit u's step from a to d (all zero for staying, d = 0 or a).
    cdef const GameState* g = h.g
    cdef bint worker = u >= UNIT_WORKER0, gain
    memset(f, 0, N_STEP_F * sizeof(double))
    if d <= 0 or d == a:
        return
    gain = is_territory(g, d) and h.en_units[d] == 0 and h.ctl[d] != h.seat
    f[0] = worker and gain                                  # a worker takes a territory
    f[1] = (not worker) and gain                            # a mech or the character does
    f[2] = is_territory(g, d) and h.en_units[d] > 0         # into enemy units
    f[3] = is_territory(g, a) and h.my_units[a] == 1 and not h.my_struct[a]   # leaves a empty
    f[4] = worker and h.threat[d] and h.my_plastic[d] == 0  # a worker the Automa can reach
    f[5] = h.my_units[d] if h.my_units[d] < 3 else 3        # joins own units
    f[6] = h_open_next(h, u, d)
    f[7] = h_open_next(h, u, a)
    f[8] = h.late * (f[0] + f[1])                           # a territory in the last turns
    f[9] = d == g.rules.factory_cell
    f[10] = u == UNIT_CHARACTER


cdef double h_step_corr(HCtx* h, int u, int a, int d) noexcept nogil:
    # The fitted correction of a step's score (0 unless H_STEP_CORR is set, solo only).
    cdef double f[N_STEP_F]
    cdef double v = 0.0
    cdef int k
    if not h_automa_defence(h):
        return 0.0
    h_step_features(h, u, a, d, f)
    for k in range(N_STEP_F):
        v += H_STEP_CORR[k] * f[k]
    return v
