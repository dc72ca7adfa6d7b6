# Queries: read-only facts about a position (rule of a region, presence, the claim metrics).
# Rulebook "ВОЛОДАРЮВАННЯ ЗЕМЛЯМИ", "КНЯЗІ", "Фаза Досягнень".

cdef inline bint in_play(const GameState* g, int r) noexcept nogil:
    return (g.in_play >> r) & 1

cdef inline int units(const GameState* g, int s, int r) noexcept nogil:
    # troops of seat s in region r, the leader counting as one (rulebook: leaders are troops)
    return g.troops[s][r] + (1 if g.leader_region[s] == r else 0)

cdef inline bint present(const GameState* g, int s, int r) noexcept nogil:
    return g.troops[s][r] > 0 or g.leader_region[s] == r

cdef inline bint leader_here(const GameState* g, int s, int r, int ability) noexcept nogil:
    return g.ability[s] == ability and g.leader_region[s] == r

cdef inline int ability_holder(const GameState* g, int r, int ability) noexcept nogil:
    # the seat whose leader with `ability` stands in r, or -1
    cdef int s
    for s in range(g.n_players):
        if g.ability[s] == ability and g.leader_region[s] == r:
            return s
    return -1

cdef inline bint structures_work(const GameState* g, int owner, int r) noexcept nogil:
    # Yaroslav: in his region opponents' structures lose their abilities
    cdef int y = ability_holder(g, r, ABIL_SOVEREIGN)
    return y < 0 or y == owner

cdef inline int strength(const GameState* g, int s, int r) noexcept nogil:
    cdef int v = units(g, s, r)
    if g.struct_owner[r][S_STRONGHOLD] == s and structures_work(g, s, r):
        v += 1
    if g.rebels[r] > 0 and leader_here(g, s, r, ABIL_REBEL_LORD):
        v += g.rebels[r]          # Sviatopolk: rebels in his region count as his troops
    return v

cdef int ruler(const GameState* g, int r) noexcept nogil:
    # the seat ruling r, or -1: strictly stronger than every other player and the rebels
    # (Yaroslav wins ties in his region; he still needs strength >= 1). Same sums as strength(),
    # with the two leader lookups done once (this is the hottest query).
    cdef int s, best = -1, best_v = 0, second_v = 0, v, y = -1, sv = -1
    cdef int rebels = g.rebels[r], owner = g.struct_owner[r][S_STRONGHOLD]
    for s in range(g.n_players):
        if g.leader_region[s] == r:
            if g.ability[s] == ABIL_SOVEREIGN:
                y = s
            elif g.ability[s] == ABIL_REBEL_LORD:
                sv = s
    for s in range(g.n_players):
        v = g.troops[s][r] + (1 if g.leader_region[s] == r else 0)
        if owner == s and (y < 0 or y == s):
            v += 1
        if s == sv:
            v += rebels           # Sviatopolk: rebels in his region count as his troops
        if v > best_v:
            second_v = best_v
            best_v = v
            best = s
        elif v > second_v:
            second_v = v
    if best < 0:
        return -1
    if sv >= 0:
        rebels = 0
    if rebels > second_v:
        second_v = rebels
    if g.neutral[r] > second_v:    # solo: neutral troops are a force of their own
        second_v = g.neutral[r]
    if best_v > second_v:
        return best
    # a tie at the top: only Yaroslav, tied in his own region, rules
    if y >= 0 and strength(g, y, r) == best_v and best_v >= rebels and best_v >= g.neutral[r]:
        return y
    return -1

cdef inline bint rules_region(const GameState* g, int s, int r) noexcept nogil:
    return ruler(g, r) == s

cdef uint16_t ruled_mask(const GameState* g, int s) noexcept nogil:
    cdef uint16_t m = 0
    cdef int r
    for r in range(N_REGIONS):
        if in_play(g, r) and ruler(g, r) == s:
            m |= <uint16_t>(1 << r)
    return m

cdef uint16_t presence_mask(const GameState* g, int s) noexcept nogil:
    cdef uint16_t m = 0
    cdef int r
    for r in range(N_REGIONS):
        if present(g, s, r):
            m |= <uint16_t>(1 << r)
    return m

cdef uint16_t structure_mask(const GameState* g, int s, int kind) noexcept nogil:
    # regions holding a structure of seat s (kind -1 = any kind)
    cdef uint16_t m = 0
    cdef int r, k
    for r in range(N_REGIONS):
        for k in range(N_STRUCT):
            if g.struct_owner[r][k] == s and (kind < 0 or kind == k):
                m |= <uint16_t>(1 << r)
    return m

cdef int largest_group(const GameState* g, uint16_t mask) noexcept nogil:
    # size of the largest connected group of the regions in `mask` (adjacency of map.toml)
    cdef int best = 0, size, r
    cdef uint16_t left = mask, frontier, grown, comp
    while left:
        r = lowest_bit(left)
        comp = <uint16_t>(1 << r)
        frontier = comp
        while frontier:
            grown = 0
            while frontier:
                r = lowest_bit(frontier)
                frontier &= <uint16_t>(frontier - 1)
                grown |= g.R.adj[r]
            grown &= mask & ~comp
            comp |= grown
            frontier = grown
        size = bit_count(comp)
        if size > best:
            best = size
        left &= ~comp
    return best

cdef inline int boat_goods(const GameState* g, int s) noexcept nogil:
    # goods on the boat: each type fills its column first (goods move freely dock <-> boat)
    cdef int k, n = 0
    for k in range(N_GOODS):
        n += g.goods[s][k] if g.goods[s][k] < g.R.boat[k] else g.R.boat[k]
    return n

cdef inline int full_columns(const GameState* g, int s) noexcept nogil:
    cdef int k, n = 0
    for k in range(N_GOODS):
        if g.goods[s][k] >= g.R.boat[k]:
            n += 1
    return n

cdef inline int total_goods(const GameState* g, int s) noexcept nogil:
    cdef int k, n = 0
    for k in range(N_GOODS):
        n += g.goods[s][k]
    return n

cdef int claim_metric(const GameState* g, int s, int track) noexcept nogil:
    if track == T_RULE:
        return bit_count(ruled_mask(g, s))
    if track == T_BUILD:
        return largest_group(g, structure_mask(g, s, -1))
    return boat_goods(g, s)

cdef int claim_space(const GameState* g, int s, int track) noexcept nogil:
    # highest claim space (1..5) whose requirement seat s meets now, 0 for none
    cdef int metric = claim_metric(g, s, track), k, best = 0
    for k in range(N_CLAIM_SPACES):
        if metric >= g.R.claim_need[track][k]:
            if track == T_RULE and k == N_CLAIM_SPACES - 1:
                if (ruled_mask(g, s) & g.R.rule_top_mask) != g.R.rule_top_mask:
                    continue
            best = k + 1
    return best

cdef inline int on_board(const GameState* g, int s) noexcept nogil:
    cdef int r, n = 0
    for r in range(N_REGIONS):
        n += g.troops[s][r]
    return n + (1 if g.leader_region[s] >= 0 else 0)

cdef inline int region_cost(const GameState* g, int s, int r) noexcept nogil:
    # carts to tax / hammers to build in r: 1 where you rule (or with Mstislav there), else 2
    if leader_here(g, s, r, ABIL_STEWARD) or ruler(g, r) == s:
        return 1
    return 2
