# Layer: queries. Uses: state, queries.pxi.
#
# Final scoring, structure bonus tiles and tie-breakers
# (Rulebook 000 "КІНЕЦЬ ГРИ ТА ПІДРАХУНОК КАПІТАЛІВ" and "Бонус споруд",
# digest scythe-base.md §20, §20.1, §20.2).
#
# Included by scythe.pyx after queries.pxi. Rates per popularity tier come from
# Rules.tier_* (data: scoring.toml), tile payouts from Rules.tile_payout (data:
# structure_bonus.toml); this file only counts.

# Structure bonus tile kinds, in the order of model.STRUCTURE_TILES.
cdef enum:
    TILE_ADJ_LAKES = 0
    TILE_ADJ_TUNNELS = 1
    TILE_ADJ_ENCOUNTERS = 2
    TILE_ON_TUNNELS = 3
    TILE_STRAIGHT_LINE = 4
    TILE_ON_FARMS_TUNDRAS = 5

# Per-seat scoring components, in the order of `components[seat*5 + k]`.
cdef enum:
    SC_COINS = 0
    SC_STARS = 1
    SC_TERRITORIES = 2
    SC_RESOURCES = 3
    SC_STRUCTURE_BONUS = 4
    N_SCORE_COMPONENTS = 5

# Tie-break values (§20.1), compared in this order, higher wins.
cdef enum:
    N_TIEBREAKS = 6


cdef int popularity_tier(const GameState* g, int popularity) noexcept nogil:
    # Highest tier whose lower bound the popularity reaches (0-6, 7-12, 13-18:
    # the seed says 18 scores like 13-17, so 18 is no tier of its own).
    cdef int t, tier = 0
    for t in range(3):
        if popularity >= g.rules.tier_bounds[t]:
            tier = t
    return tier


cdef inline int sc_structure_at(const Player* p, int cell) noexcept nogil:
    cdef int s
    if cell <= 0:
        return 0
    for s in range(4):
        if p.structure_cell[s] == cell:
            return 1
    return 0


cdef int structure_tile_kind(const GameState* g) noexcept nogil:
    # Kind of the tile drawn at setup, or -1 if none is in play.
    cdef int i = g.structure_tile
    if i < 0 or i >= g.rules.n_structure_tiles:
        return -1
    return g.rules.structure_tiles[i]


cdef int structure_bonus_count_kind(const GameState* g, int seat, int kind) noexcept nogil:
    # The quantity tile `kind` counts for `seat` (§20.2). Structures score even
    # on territories an opponent controls. Adjacency is geometric: rivers do not
    # separate, tunnels are not linked to one another, and an own Mine is not a
    # tunnel. Each adjacent territory is counted once however many structures
    # touch it.
    cdef const Player* p = &g.p[seat]
    cdef uint8_t counted[N_CELLS]
    cdef int s, d, c, nb, n = 0, run, best = 0
    if kind == TILE_ADJ_LAKES or kind == TILE_ADJ_TUNNELS or kind == TILE_ADJ_ENCOUNTERS:
        for c in range(N_CELLS):
            counted[c] = 0
        for s in range(4):
            c = p.structure_cell[s]
            if c <= 0:
                continue
            for d in range(6):
                nb = g.rules.neighbours[c][d]
                if nb <= 0 or counted[nb]:
                    continue
                if kind == TILE_ADJ_LAKES:
                    if g.rules.terrain[nb] != T_LAKE:
                        continue
                elif kind == TILE_ADJ_TUNNELS:
                    if not g.rules.tunnel[nb]:
                        continue
                else:
                    # The printed symbol counts; the token need not be there.
                    if not g.rules.encounter[nb]:
                        continue
                counted[nb] = 1
                n += 1
        return n
    if kind == TILE_ON_TUNNELS:
        for s in range(4):
            c = p.structure_cell[s]
            if c > 0 and g.rules.tunnel[c]:
                n += 1
        return n
    if kind == TILE_ON_FARMS_TUNDRAS:
        for s in range(4):
            c = p.structure_cell[s]
            if c > 0 and (g.rules.terrain[c] == T_FARM or g.rules.terrain[c] == T_TUNDRA):
                n += 1
        return n
    if kind == TILE_STRAIGHT_LINE:
        # Longest unbroken run of own structures along one of the 3 hex axes.
        # Walking E, SE and SW from every structure covers each axis
        # (E-W, NW-SE, NE-SW) in one direction; a run's first cell gives its
        # full length.
        for s in range(4):
            c = p.structure_cell[s]
            if c <= 0:
                continue
            if best < 1:
                best = 1
            for d in range(1, 4):          # E, SE, SW
                run = 1
                nb = g.rules.neighbours[c][d]
                while nb > 0 and sc_structure_at(p, nb):
                    run += 1
                    nb = g.rules.neighbours[nb][d]
                if run > best:
                    best = run
        return best
    return 0


cdef int structure_bonus_count(const GameState* g, int seat) noexcept nogil:
    """Counted quantity of the tile in play for `seat`, before payout."""
    cdef int kind = structure_tile_kind(g)
    if kind < 0:
        return 0
    return structure_bonus_count_kind(g, seat, kind)


cdef int structure_bonus_coins(const GameState* g, int seat) noexcept nogil:
    cdef int i = g.structure_tile
    cdef int q
    if structure_tile_kind(g) < 0:
        return 0
    q = structure_bonus_count(g, seat)
    if q > 7:
        q = 7           # the payout table's last entry covers every larger count
    return g.rules.tile_payout[i][q]


cdef void q_tiebreaks_in_map(const GameState* g, const int8_t* ctl, int seat,
                             int* out) noexcept nogil:
    cdef const Player* p = &g.p[seat]
    cdef int res[4]
    cdef int u, s, n = 0
    for u in range(UNIT_MECH0, N_UNITS):
        if p.unit_cell[u] != OFF_BOARD:
            n += 1
    for s in range(4):
        if p.structure_cell[s] != OFF_BOARD:
            n += 1
    out[0] = n
    out[1] = p.power
    out[2] = p.popularity
    out[3] = q_resources_in_map(g, ctl, seat, res)
    out[4] = q_territories_in_map(g, ctl, seat)
    out[5] = p.stars


cdef void tiebreak_values(const GameState* g, int seat, int* out) noexcept nogil:
    # §20.1 in order, higher wins:
    # 0: workers, mechs and structures on the board (the seed's full list; the
    #    quick reference says "units and buildings", and the character, always
    #    on the board, would add 1 to everybody alike);
    # 1: power; 2: popularity; 3: controlled resource tokens;
    # 4: controlled territories (counted as for scoring: the Factory as 3);
    # 5: stars placed.
    cdef int8_t ctl[N_CELLS]
    control_map(g, ctl)
    q_tiebreaks_in_map(g, ctl, seat, out)


cdef void rank_by_keys(const int* keys, int stride, int nk, int n, int* rank,
                       int* shared) noexcept nogil:
    # Rank seats by their keys (row s at keys + s * stride: the score, then the
    # tie-breakers, compared in order, higher first): rank = 1 + the seats
    # strictly ahead; shared = 1 if another seat has the same nk values (both
    # then hold the better rank).
    cdef int seat, other, k, cmp, better
    cdef const int* a
    cdef const int* b
    for seat in range(n):
        better = 0
        shared[seat] = 0
        a = keys + seat * stride
        for other in range(n):
            if other == seat:
                continue
            b = keys + other * stride
            cmp = 0
            for k in range(nk):
                if b[k] != a[k]:
                    cmp = 1 if b[k] > a[k] else -1
                    break
            if cmp > 0:
                better += 1
            elif cmp == 0:
                shared[seat] = 1
        rank[seat] = 1 + better


cdef void final_scores(GameState* g, int* score, int* components, int* rank,
                       int* shared) noexcept nogil:
    """Per seat: total, the 5 components, 1-based rank after tie-breakers,
    and shared = 1 if still tied with another seat after all of them (both
    then hold the better rank). Stars are `Player.stars`, every star placed."""
    cdef int key[MAX_SEATS][1 + N_TIEBREAKS]
    cdef int8_t ctl[N_CELLS]
    cdef int seat, k, tier
    cdef int* c
    cdef int n = g.n_players
    control_map(g, ctl)
    for seat in range(n):
        tier = popularity_tier(g, g.p[seat].popularity)
        # key[seat][1..6] are the tie-breakers; resources and territories
        # there are the quantities scored below.
        q_tiebreaks_in_map(g, ctl, seat, &key[seat][1])
        c = &components[seat * N_SCORE_COMPONENTS]
        c[SC_COINS] = g.p[seat].coins
        c[SC_STARS] = g.p[seat].stars * g.rules.tier_star[tier]
        c[SC_TERRITORIES] = key[seat][1 + 4] * g.rules.tier_territory[tier]
        c[SC_RESOURCES] = (key[seat][1 + 3] // 2) * g.rules.tier_resource_pair[tier]
        c[SC_STRUCTURE_BONUS] = structure_bonus_coins(g, seat)
        score[seat] = 0
        for k in range(N_SCORE_COMPONENTS):
            score[seat] += c[k]
        key[seat][0] = score[seat]
    rank_by_keys(&key[0][0], 1 + N_TIEBREAKS, 1 + N_TIEBREAKS, n, rank, shared)
