# Layer: queries. Uses: state.
#
# Board queries: who is where, who controls what (Rulebook 000 §4.2, §20).
#
# Included by scythe.pyx after `from scythe.state cimport *`. Pure C-level
# functions over GameState: no Python objects, no allocation, fixed loops.
#
# Control (Rulebook §4.2, digest scythe-base.md §4.2): a seat controls a
# territory if one of its units (character, mech, worker) is on it, or its
# structure is on it and no enemy unit is. Home bases are never territories,
# so units standing on a base control nothing. Lakes are territories.
#
# Pending combat: between a move into an enemy-held territory and the combat,
# two seats have units on one cell. The rulebook says the territory stays the
# opponent's until the combat is resolved, so the controller is the defender.
# Only the moving player starts a combat, and the moving player is always the
# active seat, so the defender is the seat present that is not `g.active`
# (the lowest such seat if the state were ever to hold more than two, which
# the rules never produce).


cdef inline int resource_of_terrain(int t) noexcept nogil:
    # What a worker produces there (Rulebook §7.3): -1 nothing, 4 a worker. The Automa's
    # resource box on a taken territory is of the same resource (automa_box_at).
    if t == T_MOUNTAIN:
        return R_METAL
    if t == T_FOREST:
        return R_WOOD
    if t == T_TUNDRA:
        return R_OIL
    if t == T_FARM:
        return R_FOOD
    if t == T_VILLAGE:
        return 4
    return -1


cdef inline int stars_of_kind(const Player* p, int k) noexcept nogil:
    # Stars of kind k the player has placed (§18): combat and objective stars are counted (more
    # than one of each can be placed), every other kind is placed once and flagged.
    if k == STAR_COMBAT:
        return p.combat_stars
    if k == STAR_OBJECTIVE:
        return p.objective_stars
    return p.star_placed[k]


cdef inline uint64_t own_piece_cells(const GameState* g, int seat) noexcept nogil:
    # Cells (bases too) holding a unit or structure of `seat`, as a mask.
    # Control needs one there (§4.2), so counts of controlled cells walk
    # only these.
    cdef uint64_t m = 0
    cdef int i, c
    for i in range(N_UNITS):
        c = g.p[seat].unit_cell[i]
        if 0 < c < N_CELLS:
            m |= (<uint64_t>1) << c
    for i in range(4):
        c = g.p[seat].structure_cell[i]
        if 0 < c < N_CELLS:
            m |= (<uint64_t>1) << c
    return m


cdef inline int units_on(const GameState* g, int seat, int cell, int first, int end) noexcept nogil:
    # How many of `seat`'s units first..end-1 (character 0, mechs 1-4, workers 5-12) stand on `cell`.
    cdef int u, n = 0
    for u in range(first, end):
        if g.p[seat].unit_cell[u] == cell:
            n += 1
    return n


cdef int units_of_on(const GameState* g, int seat, int cell) noexcept nogil:
    # Character, mechs and workers of `seat` on `cell` (any cell, bases too).
    return units_on(g, seat, cell, 0, N_UNITS) if cell > 0 else 0


cdef int plastic_of_on(const GameState* g, int seat, int cell) noexcept nogil:
    # Character and mechs ("plastic" units: the ones that fight).
    return units_on(g, seat, cell, 0, UNIT_WORKER0) if cell > 0 else 0


cdef int workers_of_on(const GameState* g, int seat, int cell) noexcept nogil:
    return units_on(g, seat, cell, UNIT_WORKER0, N_UNITS) if cell > 0 else 0


cdef int workers_on_board(const GameState* g, int seat) noexcept nogil:
    # Workers that have left the mat: on a territory or on the home base.
    cdef int u, n = 0
    for u in range(UNIT_WORKER0, N_UNITS):
        if g.p[seat].unit_cell[u] != OFF_BOARD:
            n += 1
    return n


cdef int cell_controller(const GameState* g, int cell) noexcept nogil:
    # Seat controlling territory `cell`, or -1 (nobody, or not a territory).
    cdef int seat, s, u
    cdef int first_unit_seat = -1
    cdef int defender = -1
    cdef int n_unit_seats = 0
    if not is_territory(g, cell):
        return -1
    for seat in range(g.n_players):
        for u in range(N_UNITS):
            if g.p[seat].unit_cell[u] == cell:
                n_unit_seats += 1
                if first_unit_seat < 0:
                    first_unit_seat = seat
                if seat != g.active and defender < 0:
                    defender = seat
                break
    if n_unit_seats == 1:
        return first_unit_seat
    if n_unit_seats > 1:
        # Pending combat: the defender keeps control until it is fought.
        return defender if defender >= 0 else first_unit_seat
    # No units: a structure's owner controls it.
    for seat in range(g.n_players):
        for s in range(4):
            if g.p[seat].structure_cell[s] == cell:
                return seat
    return -1


cdef inline int q_lowest_seat(unsigned int mask) noexcept nogil:
    cdef int s = 0
    while not (mask & 1):
        mask >>= 1
        s += 1
    return s


cdef void control_map(const GameState* g, int8_t* out) noexcept nogil:
    # out[cell] = cell_controller(g, cell) for every cell 0..N_CELLS-1. The
    # engine and the policies ask for it many times between two moves, so the
    # last answer is kept in g.ctl_memo (a cache beside the state, hence the
    # cast) with everything it depends on: the pieces, the mover and the rules.
    cdef ControlMemo* memo = <ControlMemo*>&g.ctl_memo
    cdef int seat
    cdef bint same = (memo.rules == g.rules and memo.n_players == g.n_players
                      and memo.active == g.active)
    seat = 0
    while same and seat < g.n_players:
        same = (memcmp(memo.units[seat], g.p[seat].unit_cell, sizeof(memo.units[seat])) == 0
                and memcmp(memo.structures[seat], g.p[seat].structure_cell,
                           sizeof(memo.structures[seat])) == 0)
        seat += 1
    if same:
        memcpy(out, memo.ctl, sizeof(memo.ctl))
        return
    control_map_calc(g, out)
    memo.rules = g.rules
    memo.n_players = g.n_players
    memo.active = g.active
    for seat in range(g.n_players):
        memcpy(memo.units[seat], g.p[seat].unit_cell, sizeof(memo.units[seat]))
        memcpy(memo.structures[seat], g.p[seat].structure_cell, sizeof(memo.structures[seat]))
    memcpy(memo.ctl, out, sizeof(memo.ctl))


cdef void control_map_calc(const GameState* g, int8_t* out) noexcept nogil:
    # control_map in one pass over the pieces (cheaper than N_CELLS calls).
    cdef unsigned int present[N_CELLS]    # bit s: seat s has a unit there
    cdef unsigned int m, others, keep
    cdef int cell, seat, u, s, c
    for cell in range(N_CELLS):
        present[cell] = 0
        out[cell] = -1
    for seat in range(g.n_players):
        for u in range(N_UNITS):
            c = g.p[seat].unit_cell[u]
            if 0 < c < N_CELLS:
                present[c] |= 1u << seat
    # Written without data-dependent branches (they mispredict on this loop).
    # Several seats on a cell: a pending combat; the defender (the seat that
    # is not the mover) holds it.
    keep = ~(1u << g.active) if 0 <= g.active < MAX_SEATS else ~0u
    for cell in range(1, N_CELLS):
        m = present[cell]
        others = (m & keep) if (m & (m - 1)) else m
        others = others if others else m
        c = lowest_bit(others | 0x80000000u)
        out[cell] = <int8_t>(c if (others != 0 and g.rules.terrain[cell] != T_BASE) else -1)
    # A structure holds its territory only while no unit stands there (a cell
    # with units already has its controller). One structure per cell at most.
    for seat in range(g.n_players):
        for s in range(4):
            c = g.p[seat].structure_cell[s]
            if c <= 0 or c >= N_CELLS or not is_territory(g, c):
                continue
            if out[c] < 0:
                out[c] = seat


cdef int q_resources_in_map(const GameState* g, const int8_t* ctl, int seat,
                            int* out4) noexcept nogil:
    cdef int cell, r, total = 0
    for r in range(4):
        out4[r] = 0
    for cell in range(1, N_CELLS):
        if ctl[cell] == seat:
            for r in range(4):
                out4[r] += g.cell_res[cell][r]
                total += g.cell_res[cell][r]
    if g.rules.wg.airships_on:
        # resources aboard the seat's airship stay its own (rulebook 004 «ПЕРЕНЕСЕННЯ РЕСУРСІВ»)
        for r in range(4):
            out4[r] += g.wg.cargo[seat][r]
            total += g.wg.cargo[seat][r]
    return total


cdef int q_territories_in_map(const GameState* g, const int8_t* ctl, int seat) noexcept nogil:
    cdef int cell, n = 0
    for cell in range(1, N_CELLS):
        if ctl[cell] == seat:
            n += 3 if g.rules.terrain[cell] == T_FACTORY else 1
    return n


cdef int controlled_resources(const GameState* g, int seat, int* out4) noexcept nogil:
    # Resource tokens on territories `seat` controls, by Resource; returns the
    # total (Rulebook §4.3, §20: only these can be spent or scored).
    cdef int8_t ctl[N_CELLS]
    control_map(g, ctl)
    return q_resources_in_map(g, ctl, seat, out4)


cdef int controlled_territories(const GameState* g, int seat) noexcept nogil:
    # Territories `seat` controls for scoring (Rulebook §20): the Factory
    # counts as 3, lakes count, home bases never (they are not territories).
    cdef int8_t ctl[N_CELLS]
    control_map(g, ctl)
    return q_territories_in_map(g, ctl, seat)


# ---------------------------------------------------------------- seats
cdef inline int hand_size(const GameState* g, int seat) noexcept nogil:
    return g.p[seat].hand[0] + g.p[seat].hand[1] + g.p[seat].hand[2] + g.p[seat].hand[3]


cdef inline int base_cell(const GameState* g, int seat) noexcept nogil:
    return g.rules.factions[g.p[seat].faction].base_cell


# ---------------------------------------------------------------- presence
cdef inline bint rules_territory(const Rules* r, int cell) noexcept nogil:
    # A board cell that is a territory (home bases are not), from the rules alone.
    return cell > 0 and cell < N_CELLS and r.terrain[cell] >= 0 and r.terrain[cell] != T_BASE


cdef inline bint is_territory(const GameState* g, int cell) noexcept nogil:
    return rules_territory(g.rules, cell)


cdef inline int other_seat_with(const GameState* g, int seat, int cell, int end) noexcept nogil:
    # The first seat other than `seat` with one of its units 0..end-1 on `cell`, or -1
    # (end = UNIT_WORKER0: the character and mechs, the units that fight; N_UNITS: any unit).
    cdef int s, u
    for s in range(g.n_players):
        if s == seat:
            continue
        for u in range(end):
            if g.p[s].unit_cell[u] == cell:
                return s
    return -1


cdef inline bint enemy_plastic_on(const GameState* g, int seat, int cell) noexcept nogil:
    return other_seat_with(g, seat, cell, UNIT_WORKER0) >= 0


cdef inline bint enemy_units_on(const GameState* g, int seat, int cell) noexcept nogil:
    return other_seat_with(g, seat, cell, N_UNITS) >= 0


cdef inline int other_seat_on(const GameState* g, int seat, int cell) noexcept nogil:
    # The first other seat with a unit on `cell`, or -1.
    return other_seat_with(g, seat, cell, N_UNITS)


cdef inline int structure_on(const GameState* g, int cell) noexcept nogil:
    # Seat whose structure stands on `cell`, or -1 (one per territory, §9.3).
    cdef int s, k
    for s in range(g.n_players):
        for k in range(4):
            if g.p[s].structure_cell[k] == cell:
                return s
    return -1


cdef inline int mechs_on(const GameState* g, int seat, int cell) noexcept nogil:
    return units_on(g, seat, cell, UNIT_MECH0, UNIT_WORKER0)


cdef inline int workers_on_mat(const GameState* g, int seat) noexcept nogil:
    cdef int u, n = 0
    for u in range(UNIT_WORKER0, N_UNITS):
        if g.p[seat].unit_cell[u] == OFF_BOARD:
            n += 1
    return n


cdef inline int next_mat_worker(const GameState* g, int seat) noexcept nogil:
    # Workers leave the Produce slots from the left (Rulebook §7.3): the lowest
    # worker index still on the mat.
    cdef int u
    for u in range(UNIT_WORKER0, N_UNITS):
        if g.p[seat].unit_cell[u] == OFF_BOARD:
            return u
    return -1


cdef inline int controlled_of_type(const GameState* g, const int8_t* ctl, int seat,
                                   int r) noexcept nogil:
    cdef int c, n = 0
    for c in range(1, N_CELLS):
        if ctl[c] == seat:
            n += g.cell_res[c][r]
    if g.rules.wg.airships_on:
        n += g.wg.cargo[seat][r]    # aboard the airship (rulebook 004)
    return n


# ---------------------------------------------------------------- counts
cdef inline int upgrades_done(const Player* p) noexcept nogil:
    cdef int i, n = 0
    for i in range(6):
        if not p.top_cube[i]:
            n += 1
    return n


cdef inline int mechs_deployed(const Player* p) noexcept nogil:
    cdef int k, n = 0
    for k in range(N_MECHS):
        if p.mech_deployed[k]:
            n += 1
    return n


cdef inline int structures_built(const Player* p) noexcept nogil:
    cdef int k, n = 0
    for k in range(4):
        if p.structure_cell[k] != OFF_BOARD:
            n += 1
    return n


cdef inline int recruits_enlisted(const Player* p) noexcept nogil:
    cdef int k, n = 0
    for k in range(4):
        if p.recruit_enlisted[k]:
            n += 1
    return n
