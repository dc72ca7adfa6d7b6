# Board tables: production value of the workers (pv, top-k), distances and potential
# fields over the seat's rough adjacency, the combat edge against a seat, threat.
# (Part of the compiled heuristics; heuristics_values.pxi has the header.)

cdef double h_cell_prod(HCtx* h, int c, int n) noexcept nogil:
    # Worth of producing with n workers on cell c (tokens or new workers).
    cdef int r, i, m
    cdef double v = 0.0
    if n <= 0 or not is_territory(h.g, c):
        return 0.0
    r = resource_of_terrain(h.g.rules.terrain[c])
    if r < 0:
        return 0.0
    if r == 4:
        m = n if n < h.on_mat else h.on_mat
        for i in range(m):
            v += h_worker_val(h, h.wk_board + i)
        return v
    return h_toks(h, r, h.res[r], n)


cdef double h_topk(HCtx* h, const double* pv, int mill_cell, uint64_t cells) noexcept nogil:
    # The best Produce: the prod_k best cells, plus the Mill's cell on top.
    # `cells` holds every cell whose pv may be positive (walked in ascending
    # order, as a pass over the board would).
    cdef double best[3]
    cdef int c, i, j, k = h.prod_k
    cdef double v, total = 0.0
    if k > 3:
        k = 3
    for i in range(3):
        best[i] = 0.0
    cells &= ~(<uint64_t>1)
    while cells:
        c = lowest_bit(cells)
        cells &= cells - 1
        v = pv[c]
        if v <= 0.0 or c == mill_cell:
            continue
        for i in range(k):
            if v > best[i]:
                j = k - 1
                while j > i:
                    best[j] = best[j - 1]
                    j -= 1
                best[i] = v
                break
    for i in range(k):
        total += best[i]
    if mill_cell > 0:
        total += pv[mill_cell]
    return total


cdef void h_best_pv(HCtx* h, int mill_cell) noexcept nogil:
    # The 5 largest positive pv values outside the Mill's cell, descending
    # (ties in ascending cell order).
    cdef int c, i, j
    cdef double v
    cdef uint64_t cells = h.pv_cells & ~(<uint64_t>1)
    h.n_best_pv = 0
    while cells:
        c = lowest_bit(cells)
        cells &= cells - 1
        v = h.pv[c]
        if v <= 0.0 or c == mill_cell:
            continue
        i = h.n_best_pv
        if i == 5:
            if v <= h.best_pv[4]:
                continue
            i = 4
        else:
            h.n_best_pv += 1
        while i > 0 and h.best_pv[i - 1] < v:
            h.best_pv[i] = h.best_pv[i - 1]
            h.best_pv_cell[i] = h.best_pv_cell[i - 1]
            i -= 1
        h.best_pv[i] = v
        h.best_pv_cell[i] = c


cdef inline int h_mill_cell(HCtx* h) noexcept nogil:
    cdef int c = h.g.p[h.seat].structure_cell[S_MILL]
    if c > 0 and h.ctl[c] == h.seat:
        return c
    return -1


cdef const uint8_t* h_dist_from(HCtx* h, int src) noexcept nogil:
    # Steps from src over this seat's rough plastic adjacency (h_adjacency), 99 where
    # unreachable: a breadth-first search, done once per adjacency and cached.
    cdef DistTable* t = &h.dist
    cdef uint8_t* dist = t.dist[src]
    cdef int queue[N_CELLS]
    cdef int head = 0, tail = 0, c, d
    cdef uint64_t m
    if (t.rows_ready >> src) & 1:
        return dist
    t.rows_ready |= bit(src)
    for c in range(N_CELLS):
        dist[c] = 99
    dist[src] = 0
    queue[tail] = src
    tail += 1
    while head < tail:
        c = queue[head]
        head += 1
        m = t.adj[c]
        while m:
            d = lowest_bit(m)
            m &= m - 1
            if dist[d] == 99:
                dist[d] = dist[c] + 1
                queue[tail] = d
                tail += 1
    t.far[src] = dist[queue[tail - 1]]
    return dist


cdef void h_spread(HCtx* h, int which, const int* cells, const double* worth, int n,
                   double* pot) noexcept nogil:
    # pot[d] = max(0, worth[i] * H_LAMBDA^steps(cells[i] -> d)) over the
    # targets i and the cells d they reach; a target's own cell counts for the
    # character's field (which = 0), not for the mechs' (which = 1). Each power
    # is the previous one times H_LAMBDA, so every distance gets the same
    # rounding. The field is a pure function of the targets and the adjacency,
    # so the seat's last one is reused while they are unchanged.
    cdef PotMemo* memo = &h.pot_memo[which]
    cdef const uint8_t* dist
    cdef double decayed[100]      # by distance; 99 (unreachable) adds nothing
    cdef double x
    cdef int i, k, d
    if (memo.adj_key == h.dist.key and memo.n == n
            and memcmp(memo.cell, cells, n * sizeof(int)) == 0
            and memcmp(memo.worth, worth, n * sizeof(double)) == 0):
        memcpy(pot, memo.pot, sizeof(memo.pot))
        return
    for d in range(N_CELLS):
        pot[d] = 0.0
    decayed[99] = 0.0
    for i in range(n):
        dist = h_dist_from(h, cells[i])
        decayed[0] = worth[i]
        for k in range(1, h.dist.far[cells[i]] + 1):
            decayed[k] = decayed[k - 1] * H_LAMBDA
        if which == 1:
            decayed[0] = 0.0
        # pot is never below 0, so the zeros change nothing (and the loop
        # needs no branch)
        for d in range(1, N_CELLS):
            x = decayed[dist[d]]
            pot[d] = x if x > pot[d] else pot[d]
    memo.adj_key = h.dist.key
    memo.n = n
    memcpy(memo.cell, cells, n * sizeof(int))
    memcpy(memo.worth, worth, n * sizeof(double))
    memcpy(memo.pot, pot, sizeof(memo.pot))


cdef void h_adjacency(HCtx* h) noexcept nogil:
    # Rough adjacency of this seat's plastic for distances (the engine's
    # step_targets decides the real moves): rivers, lakes, Riverwalk, tunnels
    # and the own Mine. Rebuilt, and the distance rows dropped, only when one
    # of these inputs changed since the seat's last decision.
    cdef const GameState* g = h.g
    cdef const Rules* r = g.rules
    cdef DistTable* t = &h.dist
    cdef int c, d, nb, tt
    cdef int mine = g.p[h.seat].structure_cell[S_MINE]
    cdef bint lakes_ok = has_ability(g, h.seat, AB_SEAWORTHY) or has_ability(g, h.seat, AB_SUBMERGE)
    cdef bint riverwalk = has_ability(g, h.seat, AB_RIVERWALK)
    cdef uint8_t rw_mask = r.factions[g.p[h.seat].faction].riverwalk_terrain_mask
    cdef int64_t key = (<int64_t>lakes_ok | (<int64_t>riverwalk << 1) | (<int64_t>rw_mask << 2)
                        | (<int64_t>(mine + 1) << 16))
    if key == t.key:
        return
    t.key = key
    t.rows_ready = 0
    for c in range(N_CELLS):
        t.adj[c] = 0
    for c in range(1, N_CELLS):
        if r.terrain[c] < 0:
            continue
        for d in range(6):
            nb = r.neighbours[c][d]
            if nb <= 0:
                continue
            tt = r.terrain[nb]
            if tt == T_BASE or tt < 0:
                continue
            if tt == T_LAKE and not lakes_ok:
                continue
            if r.terrain[c] != T_LAKE and tt != T_LAKE and r.river[c][d]:
                if not (riverwalk and (rw_mask >> tt) & 1):
                    continue
            t.adj[c] |= bit(nb)
        if r.terrain[c] != T_BASE and (r.tunnel[c] or (mine > 0 and c == mine)):
            t.adj[c] |= r.tunnel_mask
            if mine > 0:
                t.adj[c] |= bit(mine)
        t.adj[c] &= ~bit(c)


cdef double h_edge(HCtx* h, int e, int cell, int my_k) noexcept nogil:
    # How much stronger this seat would be than seat e in a combat on `cell`
    # with my_k own fighting units: own best cards (own hand) against the
    # opponent's full dial and its card slots valued at W_CARD_EST (its hand
    # size is public, its values are not). Pre-combat abilities included.
    cdef const GameState* g = h.g
    cdef const Player* p = &g.p[h.seat]
    cdef int mine = p.power, theirs = g.p[e].power, k
    cdef double my_str, opp_str
    if disarm_applies(g, e, cell):
        mine -= DISARM_LOSS
    if disarm_applies(g, h.seat, cell):
        theirs -= DISARM_LOSS
    if has_ability(g, h.seat, AB_ARTILLERY) and mine >= ARTILLERY_COST:
        mine -= ARTILLERY_COST
        theirs -= ARTILLERY_LOSS
    if has_ability(g, e, AB_ARTILLERY) and theirs >= ARTILLERY_COST:
        theirs -= ARTILLERY_COST
        mine -= ARTILLERY_LOSS
    if mine < 0:
        mine = 0
    if theirs < 0:
        theirs = 0
    if has_ability(g, h.seat, AB_PEOPLES_ARMY) and h_own_workers(h, cell) > 0:
        my_k += 1       # combat_card_limit's People's Army card, for units about to move in
    my_str = (mine if mine < MAX_DIAL else MAX_DIAL) + h_best_cards(p, my_k)
    if h.w[HW_ADAPT] > 0.0 and e == g.automa.seat:
        # Seat-adapted: the Automa's side follows its public combat table (h_automa_cdf);
        # its strength is the quantile H_AUTOMA_EDGE_Q of its total, or the lower
        # H_AUTOMA_EDGE_Q_SPENT once it has placed both combat stars it may (Rulebook 003,
        # "Stars"), when a lost attack no longer gives it a star.
        return my_str - h_automa_quantile(h_automa_cdf(h, theirs), h_automa_edge_q(g, e))
    k = combat_card_limit(g, e, cell)
    n = hand_size(g, e)
    if n < k:
        k = n
    opp_str = (theirs if theirs < MAX_DIAL else MAX_DIAL) + k * h.w[HW_CARD_EST]
    return my_str - opp_str


cdef inline void h_use_real_res(HCtx* h, int* saved) noexcept nogil:
    # The decision-wide tables (h_board, the Move plan) describe the real
    # position: while h_after tries hypothetical token counts, they are
    # computed on the counts h_init found (h_restore_res puts the others back),
    # so their value does not depend on which evaluation asked first.
    cdef int r
    for r in range(4):
        saved[r] = h.res[r]
        h.res[r] = h.real_res[r]


cdef inline void h_restore_res(HCtx* h, const int* saved) noexcept nogil:
    cdef int r
    for r in range(4):
        h.res[r] = saved[r]


cdef void h_board(HCtx* h) noexcept nogil:
    # Tables for movement, deployment and placement decisions.
    cdef int saved[4]
    if h.board_ready:
        return
    h_use_real_res(h, saved)
    h_board_calc(h)
    h_restore_res(h, saved)


cdef void h_counts(HCtx* h) noexcept nogil:
    # The board tables' piece counts by cell and the threat map (the first
    # part of h_board, alone for the decisions that read no more).
    cdef const GameState* g = h.g
    cdef const Rules* r = g.rules
    cdef const Player* p = &g.p[h.seat]
    cdef int c, s, u, d, nb, k
    cdef uint64_t m
    if h.counts_ready:
        return
    h.counts_ready = True
    memset(h.my_units, 0, sizeof(h.my_units))
    memset(h.my_plastic, 0, sizeof(h.my_plastic))
    memset(h.en_plastic, 0, sizeof(h.en_plastic))
    memset(h.en_units, 0, sizeof(h.en_units))
    memset(h.en_seat, -1, sizeof(h.en_seat))
    memset(h.my_struct, 0, sizeof(h.my_struct))
    memset(h.threat, 0, sizeof(h.threat))
    memcpy(h.my_workers, h.wk_on, sizeof(h.my_workers))
    for u in range(N_UNITS):
        c = p.unit_cell[u]
        if c > 0:
            h.my_units[c] += 1
            if u < UNIT_WORKER0:
                h.my_plastic[c] += 1
    for k in range(4):
        c = p.structure_cell[k]
        if c > 0:
            h.my_struct[c] = 1
    h.en_cells = 0
    for s in range(g.n_players):
        if s == h.seat:
            continue
        for u in range(N_UNITS):
            c = g.p[s].unit_cell[u]
            if c > 0:
                h.en_units[c] += 1
                h.en_seat[c] = s
                if u < UNIT_WORKER0:
                    h.en_plastic[c] += 1
                    h.en_cells |= bit(c)
    if h_automa_defence(h):
        # Seat-adapted: against the Automa the threat is where its next move can land.
        h_automa_threat(h)
        return
    # Threat: enemy plastic one step away (their own rivers ignored).
    m = h.en_cells
    while m:
        c = lowest_bit(m)
        m &= m - 1
        h.threat[c] = 1
        for d in range(6):
            nb = r.neighbours[c][d]
            if nb > 0:
                h.threat[nb] = 1


# Seat-adapted, against the Automa: its strength when it is attacked, once it has placed
# both its combat stars (chosen on paired runs at level automa, seeds 12000100+; the
# quantile before that is H_AUTOMA_EDGE_Q).
cdef double H_AUTOMA_EDGE_Q_SPENT = 0.25


cdef inline double h_automa_edge_q(const GameState* g, int e) noexcept nogil:
    # The quantile of the Automa's (seat e's) combat total taken as its strength in h_edge.
    return H_AUTOMA_EDGE_Q if g.p[e].combat_stars < 2 else H_AUTOMA_EDGE_Q_SPENT


# How hard mechs press toward the Automa's lone workers, as a share of what driving them off
# gains (W_MECH_ADVANCE x h_drive_off; chosen on paired runs, seeds 12000100 and 12000200:
# 0.3-0.5 gain about +0.3 points a game at every level, 1 and 2 lose).
cdef double H_AUTOMA_DRIVE = 0.5


cdef inline bint h_automa_defence(HCtx* h) noexcept nogil:
    # The seat-adapted defence against the Automa (W_ADAPT > 0, solo games only).
    return h.w[HW_ADAPT] > 0.0 and h.g.automa.seat >= 0 and h.seat != h.g.automa.seat


cdef uint64_t h_automa_worker_cells(HCtx* h) noexcept nogil:
    # Territories held by the Automa's workers alone.
    cdef const GameState* g = h.g
    cdef uint64_t m = 0
    cdef int u, c
    for u in range(UNIT_WORKER0, N_UNITS):
        c = g.p[g.automa.seat].unit_cell[u]
        if is_territory(g, c) and h.en_plastic[c] == 0:
            m |= bit(c)
    return m


cdef void h_automa_threat(HCtx* h) noexcept nogil:
    # threat[c] = 1 where one Automa move can land next turn (Rulebook 003, "Movement"):
    # any Automa unit teleports into the neighbourhood of any other or of its base, rivers
    # and lakes closed while its star cube is on an isolated cell (open from the start at
    # Ultimaszyna): a_support, the rule the Automa's turn itself applies.
    cdef uint8_t reach[N_CELLS]
    cdef int c
    a_support(h.g, True, reach)
    for c in range(N_CELLS):
        h.threat[c] = reach[c]


cdef void h_objective_cells(HCtx* h) noexcept nogil:
    # obj_cell: what controlling each territory is worth toward the objective cards this seat
    # holds that count territories (objectives.pxi objective_counts_territory: one terrain,
    # printed tunnels, the Factory's neighbours): each counted territory carries its share of
    # the card's plan weight (W_OBJECTIVE).
    cdef const GameState* g = h.g
    cdef const Player* p = &g.p[h.seat]
    cdef int k, o, c, need
    cdef bint left = objective_star_left(g, h.seat)
    # the table changes only with the cards held, a Factory card and the star: kept till then
    cdef int key = (((p.objectives[0] + 1) * 64 + p.objectives[1] + 1) * 2
                    + (p.factory_card >= 0)) * 2 + left
    if key == h.obj_key and h.obj_w == h.w[HW_OBJECTIVE]:
        return
    h.obj_key = key
    h.obj_w = h.w[HW_OBJECTIVE]
    memset(h.obj_cell, 0, sizeof(h.obj_cell))
    if not left:
        return
    for k in range(2):
        o = p.objectives[k]
        need = objective_territories_needed(o)
        if need == 0:
            continue
        for c in range(1, N_CELLS):
            if objective_counts_territory(g, h.seat, o, c):
                h.obj_cell[c] += h.w[HW_OBJECTIVE] / need


cdef double h_objective_factory(HCtx* h) noexcept nogil:
    # What a Factory card is worth toward the objective cards held that ask for one: 7 (with
    # a mech on the board and at most 3 workers, which this seat's play keeps close to) and
    # 22 (while no upgrade is done); half the plan weight, the other half being the rest of
    # the card.
    # (h_holds_objective: only while an objective star can still come)
    if (h_holds_objective(h, 7)
            or (h_holds_objective(h, 22) and upgrades_done(&h.g.p[h.seat]) == 0)):
        return 0.5 * h.w[HW_OBJECTIVE]
    return 0.0


cdef void h_board_calc(HCtx* h) noexcept nogil:
    cdef const GameState* g = h.g
    cdef const Rules* r = g.rules
    cdef const Player* p = &g.p[h.seat]
    cdef int c, mill, nt
    cdef uint64_t en_cells, m
    cdef int tcell[N_CELLS]
    cdef double tworth[N_CELLS]
    cdef double tv, v
    cdef bint defence = h_automa_defence(h)
    h.board_ready = True
    h_counts(h)
    en_cells = h.en_cells
    memset(h.pv, 0, sizeof(h.pv))
    h_adjacency(h)
    # Production value of the workers where they stand (pv_cells: the cells
    # given a value; pv is 0 elsewhere).
    m = h.wk_cells & ~en_cells & ~(<uint64_t>1)
    h.pv_cells = m
    while m:
        c = lowest_bit(m)
        m &= m - 1
        h.pv[c] = h_cell_prod(h, c, h.my_workers[c])
    mill = h_mill_cell(h)
    if mill > 0:
        h.pv[mill] = h_cell_prod(h, mill, h.my_workers[mill] + 1)
        h.pv_cells |= bit(mill)
    h.prod_base = h_topk(h, h.pv, mill, h.pv_cells)
    h_best_pv(h, mill)
    h.prod_mult = h.w[HW_PRODUCTION]
    h_objective_cells(h)
    # Character targets: encounter tokens and (once) the Factory.
    # (Tokens lie only on printed encounter territories: checks.pxi INV_TOKEN.)
    nt = 0
    m = r.encounter_mask | (bit(r.factory_cell) if r.factory_cell > 0 else 0)
    while m:
        c = lowest_bit(m)
        m &= m - 1
        tv = 0.0
        if g.encounter_token[c] and is_territory(g, c):
            tv = h.w[HW_ENCOUNTER]
        if c == r.factory_cell and p.factory_card < 0 and g.n_factory_offer > 0:
            tv += h.w[HW_FACTORY] + h_objective_factory(h)
        if tv <= 0.0:
            continue
        tcell[nt] = c
        tworth[nt] = tv
        nt += 1
    h_spread(h, 0, tcell, tworth, nt, h.char_pot)
    # Mechs (and the character) press toward enemies they can beat, and
    # toward the Factory (3 territories at the end) while nobody fights there.
    nt = 0
    m = en_cells | (bit(r.factory_cell) if r.factory_cell > 0 else 0)
    if defence:
        m |= h_automa_worker_cells(h)
    while m:
        c = lowest_bit(m)
        m &= m - 1
        tv = 0.0
        if h.en_plastic[c] > 0:
            if h_edge(h, h.en_seat[c], c, 1) >= h_attack_edge(h):
                tv = h.w[HW_MECH_ADVANCE] * (h.w[HW_COMBAT_WIN] + h_combat_star(h))
        elif c == r.factory_cell and h.ctl[c] != h.seat:
            tv = 0.5 * h.terr_val * 2.0
        if defence and h.en_plastic[c] == 0 and h.en_units[c] > 0:
            # Seat-adapted: and toward the Automa's lone workers, worth driving off.
            v = H_AUTOMA_DRIVE * h.w[HW_MECH_ADVANCE] * h_drive_off(h, h.g.automa.seat, c, 0.0)
            tv = v if v > tv else tv
        if tv <= 0.0:
            continue
        tcell[nt] = c
        tworth[nt] = tv
        nt += 1
    h_spread(h, 1, tcell, tworth, nt, h.mech_pot)
    # Guards: a mech beside own workers that an enemy could reach.
    m = h.wk_cells & ~en_cells & ~(<uint64_t>1)
    while m:
        c = lowest_bit(m)
        m &= m - 1
        if h.threat[c]:
            h.mech_pot[c] += h.w[HW_GUARD] * (1.0 if h.my_workers[c] < 3 else 1.5)
    for c in range(1, N_CELLS):
        v = h.mech_pot[c] * 0.5
        h.char_pot[c] = v if v > h.char_pot[c] else h.char_pot[c]


cdef inline double h_combat_star(HCtx* h) noexcept nogil:
    cdef const Player* p = &h.g.p[h.seat]
    if p.stars >= N_STARS:
        return 0.0
    if earns_combat_star(h.g, h.seat):
        return h.star_val + h.w[HW_COMBAT_STAR] + h_win_bonus(h)
    return 0.0


cdef double h_cell_tokens(HCtx* h, int c) noexcept nogil:
    # Worth of the tokens lying on cell c if this seat came to control it.
    cdef int r
    cdef double v = 0.0
    for r in range(4):
        if h.g.cell_res[c][r] > 0:
            v += h_toks(h, r, h.res[r], h.g.cell_res[c][r])
    return v


cdef inline double h_terr(HCtx* h, int c) noexcept nogil:
    return h.terr_val * (3.0 if c == h.g.rules.factory_cell else 1.0)
