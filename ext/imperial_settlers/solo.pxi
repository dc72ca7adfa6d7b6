# The solo mode's virtual opponent (rulebook "ОДИНОЧНАЯ ИГРА"): its lookout share, its attack
# phase with the attack-card matching, the Japanese solo rule and the goal.

cdef inline int attack_good(const GameState* s, int i) noexcept nogil:
    return s.rules.attack_good[s.arow[i]]


cdef bint icons_match(const Kind* k, int g1, int g2) noexcept nogil:
    # The pair (g1, g2) of attack goods appears in the raze yield's icons (a multiset: wood +
    # wood matches a yield of 2 wood, not a yield of 1 wood + 1 gold).
    cdef int i, n1 = 0, n2 = 0
    for i in range(k.n_raze_icons):
        if k.raze_icons[i] == g1:
            n1 += 1
        if k.raze_icons[i] == g2:
            n2 += 1
    if g1 == g2:
        return n1 >= 2
    return n1 >= 1 and n2 >= 1


# Japanese solo rule: among faction locations, the deal yield decides first, in this order.
cdef int deal_rank(int good) noexcept nogil:
    if good == G_CARD or good == G_COMMON_CARD or good == G_FACTION_CARD:
        return 8
    if good == G_RAZE:
        return 7
    if good == G_GOLD:
        return 6
    if good == G_VP:
        return 5
    if good == G_STONE:
        return 4
    if good == G_WORKER:
        return 3
    if good == G_FOOD:
        return 2
    if good == G_WOOD:
        return 1
    return 0


cdef int64_t attack_priority(const Kind* k, bint by_deal) noexcept nogil:
    # Larger razes first: (deal rank,) type action > feature > production, total build cost,
    # then stone in the cost (rulebook "Если виртуальный противник может разрушить несколько").
    cdef int64_t v = 0
    if by_deal:
        v = deal_rank(k.deal_good)
    v = v * 4 + k.type
    v = v * 64 + (k.cost[0] + k.cost[1] + k.cost[2])
    v = v * 64 + k.cost[1]
    return v


cdef int collect_targets(GameState* s, int g1, int gk, bint faction_cards) noexcept nogil:
    # Fill s.tmp with the slots of player 0 that this pair may raze and that share the best
    # priority; return their count.
    cdef Player* pl = &s.pl[0]
    cdef int i
    cdef int64_t best = -1, v
    cdef const Kind* k
    s.n_tmp = 0
    for i in range(pl.n_loc):
        if pl.loc[i].foundation:
            continue
        k = kind_of(s, pl.loc[i].card)
        if faction_cards:
            if k.deck == 0 or not k.can_raze:    # Gate and Shrine cannot be razed
                continue
        elif k.deck != 0 or not icons_match(k, g1, gk):
            continue
        v = attack_priority(k, faction_cards)
        if v > best:
            best = v
            s.n_tmp = 0
        if v == best and s.n_tmp < MAX_TMP:
            s.tmp[s.n_tmp] = i
            s.n_tmp += 1
    return s.n_tmp


cdef int find_attack(GameState* s) noexcept nogil:
    # Compare card 1 (the newest) with card 2, 3, ... in turn; the first card that pairs with
    # it on some location decides. Returns that card's row index (targets in s.tmp), or 0.
    cdef int g1 = attack_good(s, 0)
    cdef int k, gk
    cdef bint japanese = s.rules.samurai[s.pl[0].faction]
    for k in range(1, s.n_arow):
        gk = attack_good(s, k)
        if japanese and g1 == G_VP and gk == G_VP:
            if collect_targets(s, g1, gk, True) > 0:
                return k
            continue
        if collect_targets(s, g1, gk, False) > 0:
            return k
    s.n_tmp = 0
    return 0


cdef void attack_raze(GameState* s, int slot, int k) noexcept nogil:
    # The location goes to the trophy pile (no foundation, nothing gained, defence token and
    # samurai do not protect); the two attack cards used go to the end of the row.
    cdef Player* pl = &s.pl[0]
    cdef int card = pl.loc[slot].card
    cdef int c0 = s.arow[0], ck = s.arow[k]
    cdef int i, j = 0
    emit(s, EV_TROPHY, 0, card, k, 0, 0, 0)
    remove_loc(s, 0, slot)
    s.trophy[s.n_trophy] = card
    s.n_trophy += 1
    for i in range(s.n_arow):
        if i != 0 and i != k:
            s.arow[j] = s.arow[i]
            j += 1
    s.arow[j] = c0
    s.arow[j + 1] = ck


cdef void reveal_attack(GameState* s) noexcept nogil:
    cdef int i
    if s.n_adeck == 0:
        return
    s.n_adeck -= 1
    for i in range(s.n_arow, 0, -1):
        s.arow[i] = s.arow[i - 1]
    s.arow[0] = s.adeck[s.n_adeck]
    s.n_arow += 1
    emit(s, EV_ATTACK, 0, attack_good(s, 0), 0, 0, 0, 0)


cdef void opponent_locations_to_trophies(GameState* s) noexcept nogil:
    cdef int i
    for i in range(s.n_vloc):
        s.trophy[s.n_trophy] = s.vloc[i]
        s.n_trophy += 1
        emit(s, EV_TROPHY, 0, s.vloc[i], -1, 0, 0, 0)
    s.n_vloc = 0


cdef bint solo_won(const GameState* s) noexcept nogil:
    # "Если у него столько же или больше карточек, чем построено имперских локаций у вас, вы проиграли."
    return faction_locations(s, 0) > s.n_trophy
