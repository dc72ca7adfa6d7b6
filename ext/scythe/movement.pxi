# Layer: rules. Uses: state, queries and the other files of the rules layer.
#
# Movement (Rulebook "ПЕРЕМІЩЕННЯ", digest §8, §10 Mine, §11 mech abilities,
# §12 Swim). One step takes a unit from its cell to a cell adjacent for that
# unit; tunnels, the Mine and the movement abilities add adjacencies.

cdef inline uint64_t bit(int c) noexcept nogil:
    return (<uint64_t>1) << c


cdef inline bint other_own_mech_on(const GameState* g, int seat, int u, int cell) noexcept nogil:
    cdef int m
    for m in range(UNIT_MECH0, UNIT_MECH0 + N_MECHS):
        if m != u and g.p[seat].unit_cell[m] == cell:
            return True
    return False


cdef inline bint other_own_plastic_on(const GameState* g, int seat, int u, int cell) noexcept nogil:
    cdef int m
    for m in range(UNIT_WORKER0):
        if m != u and g.p[seat].unit_cell[m] == cell:
            return True
    return False


cdef inline bint lake_forces_workers(const GameState* g, int seat, int u, int cell) noexcept nogil:
    # §8.5: workers never stay on a lake without a mech of theirs, so the last
    # mech to leave a lake takes them all.
    return g.rules.terrain[cell] == T_LAKE and not other_own_mech_on(g, seat, u, cell)


cdef inline bint lake_forces_resources(const GameState* g, int seat, int u, int cell) noexcept nogil:
    # §8.5: resources carried onto a lake cannot be left there; the last of
    # the player's characters and mechs to leave takes them.
    return g.rules.terrain[cell] == T_LAKE and not other_own_plastic_on(g, seat, u, cell)


cdef uint64_t printed_steps(const Rules* r, int frm, bint plastic, bint lakes_ok, bint riverwalk,
                            uint8_t rw_mask, bint swim) noexcept nogil:
    # The cells one step from `frm` by the printed map alone: neighbours over
    # the river and lake rules, and the printed tunnels. init_step_tables
    # keeps the answer for every cell and ability combination (step_targets
    # adds what depends on the pieces).
    cdef int ft = r.terrain[frm], d, nb, t
    cdef uint64_t m = 0
    for d in range(6):
        nb = r.neighbours[frm][d]
        if nb <= 0:
            continue
        t = r.terrain[nb]
        if t == T_BASE or t < 0:
            continue                     # no normal move onto a base (§4.1, §8.1)
        if t == T_LAKE:
            if not lakes_ok:
                continue                 # lakes need Seaworthy / Submerge (§8.1, §8.5)
        elif ft != T_LAKE and r.river[frm][d]:
            if plastic:
                # Riverwalk: only into the two printed terrains (§11.2, §24.6)
                if not (riverwalk and (rw_mask >> t) & 1):
                    continue
            elif not swim:
                continue                 # Swim: Nordic workers cross rivers (§12)
        m |= bit(nb)
    # Tunnels are adjacent to each other for every unit (§8.1).
    if ft != T_BASE and r.tunnel[frm]:
        m |= r.tunnel_mask
    return m & ~bit(frm)


cdef void init_step_tables(Rules* r) noexcept nogil:
    # printed_steps for every cell: by faction for characters and mechs
    # (index: Seaworthy/Submerge + 2 * Riverwalk, over the faction's
    # Riverwalk terrains), and for workers without and with Swim.
    cdef int f, k, c
    for c in range(N_CELLS):
        r.worker_steps[0][c] = 0
        r.worker_steps[1][c] = 0
        for f in range(N_FACTIONS):
            for k in range(4):
                r.factions[f].plastic_steps[k][c] = 0
    for c in range(1, N_CELLS):
        if r.terrain[c] < 0:
            continue
        r.worker_steps[0][c] = printed_steps(r, c, False, False, False, 0, False)
        r.worker_steps[1][c] = printed_steps(r, c, False, False, False, 0, True)
        for f in range(r.n_factions):
            for k in range(4):
                r.factions[f].plastic_steps[k][c] = printed_steps(
                    r, c, True, k & 1, k >> 1, r.factions[f].riverwalk_terrain_mask, False)


cdef inline uint64_t own_mine_steps(const Rules* r, const Player* p, int frm) noexcept nogil:
    # The own Mine is a tunnel for its owner only (§8.1, §10): from a tunnel or the Mine, every
    # tunnel and the Mine.
    cdef int mine = p.structure_cell[S_MINE]
    if mine > 0 and r.terrain[frm] != T_BASE and (r.tunnel[frm] or frm == mine):
        return r.tunnel_mask | bit(mine)
    return 0


cdef uint64_t step_targets(const GameState* g, int seat, int u, int frm) noexcept nogil:
    """Cells unit `u` of `seat` may enter in one step from `frm` (a mask)."""
    cdef const Rules* r = g.rules
    cdef const Player* p = &g.p[seat]
    cdef bint plastic = u < UNIT_WORKER0
    cdef int ft, mine, c
    cdef uint64_t m
    cdef uint32_t ab
    cdef bint src_ok
    cdef int8_t ctl[N_CELLS]
    if frm <= 0 or frm >= N_CELLS:
        return 0
    ft = r.terrain[frm]
    ab = active_abilities(g, seat) if plastic else 0
    if not plastic:
        # A worker never leaves a lake by itself (§8.5), nor a territory held
        # by enemy characters or mechs (§8.3).
        if ft == T_LAKE or enemy_plastic_on(g, seat, frm):
            return 0
        m = r.worker_steps[1 if faction_ability(g, seat) == FA_SWIM else 0][frm]
    else:
        # The character may not leave workers alone on a lake (§8.5).
        if (ft == T_LAKE and u == UNIT_CHARACTER and workers_of_on(g, seat, frm) > 0
                and mechs_on(g, seat, frm) == 0):
            return 0
        m = r.factions[p.faction].plastic_steps[
            (1 if (ab >> AB_SEAWORTHY) & 1 or (ab >> AB_SUBMERGE) & 1 else 0)
            + (2 if (ab >> AB_RIVERWALK) & 1 else 0)][frm]
    m |= own_mine_steps(r, p, frm)
    mine = p.structure_cell[S_MINE]
    if plastic:
        if ft == T_LAKE and (ab >> AB_SUBMERGE) & 1:
            m |= r.lake_mask             # Submerge: lake to lake like tunnels (§11.3)
        if (ab >> AB_UNDERPASS) & 1 or (ab >> AB_TOWNSHIP) & 1:
            control_map(g, ctl)
            if (ab >> AB_UNDERPASS) & 1:
                # Underpass: controlled mountains, tunnels and the own Mine are
                # adjacent to each other (§11.3).
                src_ok = (ft != T_BASE and (r.tunnel[frm] or (mine > 0 and frm == mine)
                          or (ft == T_MOUNTAIN and ctl[frm] == seat)))
                if src_ok:
                    m |= r.tunnel_mask
                    if mine > 0:
                        m |= bit(mine)
                    for c in range(1, N_CELLS):
                        if r.terrain[c] == T_MOUNTAIN and ctl[c] == seat:
                            m |= bit(c)
            if (ab >> AB_TOWNSHIP) & 1:
                # Township: the Factory and controlled villages are adjacent
                # to each other (§11.3).
                if ft == T_FACTORY or (ft == T_VILLAGE and ctl[frm] == seat):
                    m |= bit(r.factory_cell)
                    for c in range(1, N_CELLS):
                        if r.terrain[c] == T_VILLAGE and ctl[c] == seat:
                            m |= bit(c)
        if (ab >> AB_WAYFARE) & 1:
            # Wayfare: from anywhere to an inactive base or the own base (§11.3).
            m |= g.inactive_bases | bit(r.factions[p.faction].base_cell)
    m &= ~bit(frm)
    if not plastic:
        # A worker may not enter a territory with any enemy unit (§8.3).
        m &= ~enemy_unit_cells(g, seat)
    return m


cdef inline uint64_t enemy_unit_cells(const GameState* g, int seat) noexcept nogil:
    # Cells holding a unit of another seat (as a mask; enemy_units_on per cell).
    cdef uint64_t m = 0
    cdef int s, u, c
    for s in range(g.n_players):
        if s == seat:
            continue
        for u in range(N_UNITS):
            c = g.p[s].unit_cell[u]
            if c > 0 and c < N_CELLS:
                m |= bit(c)
    return m


cdef inline int max_steps(const GameState* g, int seat, int u) noexcept nogil:
    # One step per unit on the mat's Move, two on the Factory card's Move
    # (§15); Speed adds one for the character and mechs (§11.1).
    cdef int n = 2 if g.t.mv_factory else 1
    if u < UNIT_WORKER0 and has_ability(g, seat, AB_SPEED):
        n += 1
    return n


cdef inline bint unit_can_move(const GameState* g, int seat, int u) noexcept nogil:
    cdef int c = g.p[seat].unit_cell[u]
    if c <= 0:
        return False
    if (g.t.moved >> u) & 1:
        return False
    return step_targets(g, seat, u, c) != 0


cdef bint any_unit_can_move(const GameState* g, int seat) noexcept nogil:
    cdef int u
    for u in range(N_UNITS):
        if g.p[seat].unit_cell[u] > 0 and step_targets(g, seat, u, g.p[seat].unit_cell[u]) != 0:
            return True
    return g.rules.wg.airships_on and air_may_fly(g, seat)   # the airship (airships.pxi)


cdef void displace_workers(GameState* g, int mover, int cell, bint in_combat) noexcept nogil:
    # §8.3: a character or mech entering a territory held only by enemy
    # workers sends them home; the mover loses 1 popularity per worker, even
    # at 0 (then the loss is simply skipped). Camaraderie spares the loss
    # after combat (§11.3); by movement only when the rules option says so.
    cdef int victim = other_seat_on(g, mover, cell)
    cdef int u, n = 0, loss = 0, home
    if victim < 0:
        return
    home = base_cell(g, victim)
    for u in range(UNIT_WORKER0, N_UNITS):
        if g.p[victim].unit_cell[u] == cell:
            g.p[victim].unit_cell[u] = home
            n += 1
    if n == 0:
        return
    if mover == g.active:
        g.p[mover].forced_retreat = 1
        if not (has_ability(g, mover, AB_CAMARADERIE) and (in_combat or g.rules.camaraderie_on_move)):
            loss = n
            add_popularity(g, mover, -n)
        else:
            emit(g, EV_ABILITY, mover, AB_CAMARADERIE, victim, n, 0, 0)
    emit(g, EV_DISPLACE, mover, n, victim, cell, loss, 0)
    if victim == g.automa.seat and mover == g.active:
        # Territory taken from the Automa's lone workers: its resource box (Rulebook 003 p.10-11).
        automa_place_resources(g, cell)


cdef void log_step_abilities(GameState* g, int seat, int u, int frm, int dest) noexcept nogil:
    # The log only (the behaviour report, issue #14): the abilities this step used. Speed, a
    # character's or mech's step past the Move's count (§11.1); and for a step the printed map,
    # the tunnels and the own Mine do not give, the ability that opens it: Swim for a worker
    # (§12), else in this order Riverwalk, Seaworthy / Submerge (onto a lake, or lake to lake),
    # Wayfare (onto a base), Township, Underpass (§11.3; the first that applies is named).
    cdef const Rules* r = g.rules
    cdef const Player* p = &g.p[seat]
    cdef bint plastic = u < UNIT_WORKER0
    cdef int dt = r.terrain[dest], ab = -1
    cdef uint32_t have = active_abilities(g, seat) if plastic else 0
    cdef uint64_t m
    if plastic and g.t.mv_steps_taken >= (2 if g.t.mv_factory else 1):
        emit(g, EV_MOVE_ABILITY, seat, AB_SPEED, u, frm, dest, 0)
    m = r.factions[p.faction].plastic_steps[0][frm] if plastic else r.worker_steps[0][frm]
    m |= own_mine_steps(r, p, frm)
    if (m >> dest) & 1:
        return
    if not plastic:
        emit(g, EV_MOVE_ABILITY, seat, FA_SWIM, u, frm, dest, 1)
        return
    if (have >> AB_RIVERWALK) & 1 and (r.factions[p.faction].plastic_steps[2][frm] >> dest) & 1:
        ab = AB_RIVERWALK
    elif dt == T_LAKE:
        ab = AB_SEAWORTHY if (have >> AB_SEAWORTHY) & 1 else AB_SUBMERGE
    elif dt == T_BASE:
        ab = AB_WAYFARE
    elif (have >> AB_TOWNSHIP) & 1 and (dt == T_FACTORY or dt == T_VILLAGE):
        ab = AB_TOWNSHIP
    elif (have >> AB_UNDERPASS) & 1:
        ab = AB_UNDERPASS
    if ab >= 0:
        emit(g, EV_MOVE_ABILITY, seat, ab, u, frm, dest, 0)


cdef void do_step(GameState* g) noexcept nogil:
    # Move the unit, the workers it carries and the resources it carries one
    # step, then apply what the destination does to movement (§8.3, §8.4).
    cdef int seat = g.active
    cdef Player* p = &g.p[seat]
    cdef int u = g.t.mv_unit
    cdef int frm = p.unit_cell[u]
    cdef int dest = g.t.mv_dest
    cdef int i, r, w
    cdef bint stop = False
    if g.events != NULL:
        log_step_abilities(g, seat, u, frm, dest)
    p.unit_cell[u] = dest
    g.t.came_from[u] = frm
    if u < UNIT_WORKER0:
        for r in range(4):
            g.t.came_res[u][r] = g.t.carry_res[r]
    for i in range(N_WORKERS):
        if (g.t.carry_workers >> i) & 1:
            w = UNIT_WORKER0 + i
            p.unit_cell[w] = dest
            g.t.came_from[w] = frm
    for r in range(4):
        if g.t.carry_res[r] > 0:
            g.cell_res[frm][r] -= g.t.carry_res[r]
            g.cell_res[dest][r] += g.t.carry_res[r]
    g.t.mv_steps_left -= 1
    g.t.mv_steps_taken += 1
    if u < UNIT_WORKER0:
        if enemy_plastic_on(g, seat, dest):
            stop = True                  # combat after the Move (§8.3, §13.1)
        elif enemy_units_on(g, seat, dest):
            displace_workers(g, seat, dest, False)
            stop = True
        if u == UNIT_CHARACTER and g.encounter_token[dest]:
            stop = True                  # encounter token stops the character (§8.4)
    if stop:
        g.t.mv_steps_left = 0
