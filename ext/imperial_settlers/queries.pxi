# Read-only questions about a position (no state changes). Included by imperial_settlers.pyx.

cdef inline const Kind* kind_of(const GameState* s, int card) noexcept nogil:
    return &s.rules.kind[s.rules.card_kind[card]]


cdef inline bint is_common(const Kind* k) noexcept nogil:
    return k.deck == 0


cdef inline bint is_own_faction_card(const GameState* s, int p, const Kind* k) noexcept nogil:
    return k.deck == 1 + s.pl[p].faction


cdef inline bint loc_has_colour(const GameState* s, const Loc* l, int colour) noexcept nogil:
    # A foundation is face down: it has no colour, type or VP.
    return (not l.foundation) and (kind_of(s, l.card).colours >> colour) & 1


cdef int count_per(const GameState* s, int p, int what) noexcept nogil:
    # Locations of player p of colour `what` (itself included, rulebook "ОБЩИЕ УТОЧНЕНИЯ"),
    # or the samurai standing in p's empire.
    cdef const Player* pl = &s.pl[p]
    cdef int i, n = 0
    for i in range(pl.n_loc):
        if what == CNT_SAMURAI:
            n += pl.loc[i].samurai
        elif loc_has_colour(s, &pl.loc[i], what):
            n += 1
    return n


cdef inline int capped(int n, int cap) noexcept nogil:
    return n if n < cap else cap


cdef inline int shortfall(int need, int have) noexcept nogil:
    return need - have if need > have else 0


cdef bint can_pay(const Player* pl, const int8_t* pay, int times, int wood, int stone, int food) noexcept nogil:
    # Can pl pay `times` x the tokens `pay` (an action's cost; NULL for none) plus the
    # resources wood/stone/food (a build cost)? Gold replaces any one resource (rulebook
    # "ОСНОВНЫЕ ПРАВИЛА"), never the reverse. Paying two costs one after the other, resources
    # first, needs exactly what paying their sum at once needs, so one sum decides.
    cdef int gold = pl.tok[G_GOLD]
    if pay != NULL:
        if pay[G_WORKER] * times > pl.tok[G_WORKER] or pay[G_RAZE] * times > pl.tok[G_RAZE]:
            return False
        if pay[G_DEFENCE] * times > pl.tok[G_DEFENCE]:
            return False
        gold -= pay[G_GOLD] * times
        wood += pay[G_WOOD] * times
        stone += pay[G_STONE] * times
        food += pay[G_FOOD] * times
    return (shortfall(wood, pl.tok[G_WOOD]) + shortfall(stone, pl.tok[G_STONE])
            + shortfall(food, pl.tok[G_FOOD])) <= gold


cdef inline bint can_pay_resources(const Player* pl, int wood, int stone, int food) noexcept nogil:
    return can_pay(pl, NULL, 0, wood, stone, food)


cdef inline bint can_pay_tokens(const Player* pl, const int8_t* pay, int times) noexcept nogil:
    return can_pay(pl, pay, times, 0, 0, 0)


cdef inline bint common_available(const GameState* s) noexcept nogil:
    return s.n_cdeck + s.n_cdisc > 0


cdef inline bint faction_available(const GameState* s, int p) noexcept nogil:
    return s.pl[p].n_fdeck > 0


cdef bint loc_razeable_by_opponent(const GameState* s, int owner, const Loc* l) noexcept nogil:
    # Common locations with a raze yield; faction locations only of a faction whose cards
    # carry raze yields (the Japanese). Rulebook "РАЗРУШИТЬ ЛОКАЦИЮ", "ЯПОНЦЫ".
    if l.foundation:
        return False
    cdef const Kind* k = kind_of(s, l.card)
    if not k.can_raze:
        return False
    return k.deck == 0 or s.rules.razeable_cards[k.deck - 1]


cdef inline int raze_loc_cost(const GameState* s, const Loc* l) noexcept nogil:
    # 2 raze tokens, +1 for a defence token, +1 for a samurai.
    return s.rules.raze_loc + l.defence + l.samurai


cdef bint card_razeable_from_hand(const GameState* s, int p, int card) noexcept nogil:
    cdef const Kind* k = kind_of(s, card)
    if not k.can_raze:
        return False
    return k.deck == 0 or (is_own_faction_card(s, p, k) and s.rules.razeable_cards[k.deck - 1])


cdef bint targetable(const GameState* s, int p, int t) noexcept nogil:
    # Another player who has not passed ("Спасовав, игрок не может стать целью").
    return t != p and t < s.n_players and not s.pl[t].passed


cdef int faction_locations(const GameState* s, int p) noexcept nogil:
    cdef int i, n = 0
    for i in range(s.pl[p].n_loc):
        if not s.pl[p].loc[i].foundation and kind_of(s, s.pl[p].loc[i].card).deck != 0:
            n += 1
    return n


cdef int common_locations(const GameState* s, int p) noexcept nogil:
    cdef int i, n = 0
    for i in range(s.pl[p].n_loc):
        if not s.pl[p].loc[i].foundation and kind_of(s, s.pl[p].loc[i].card).deck == 0:
            n += 1
    return n


cdef inline int loc_end_vp(const GameState* s, const Loc* l) noexcept nogil:
    # End of game: a location's printed VP (1 common, 2 faction; rulebook "КОНЕЦ ИГРЫ") and the
    # extra VP of what it holds ("Некоторые японские локации («Часовня», «Врата») приносят
    # дополнительные ПО в конце игры"): hold_vp per hold_every cards / resources.
    cdef const Kind* k
    if l.foundation:
        return 0
    k = kind_of(s, l.card)
    if k.hold_every > 0 and l.held > 0:
        return k.vp + k.hold_vp * (l.held // k.hold_every)
    return k.vp


cdef int location_vp(const GameState* s, int p) noexcept nogil:
    cdef int i, n = 0
    for i in range(s.pl[p].n_loc):
        n += loc_end_vp(s, &s.pl[p].loc[i])
    return n


cdef inline int tie_goods(const GameState* s, int p) noexcept nogil:
    # First tie-breaker: workers and resources (wood, stone, food; gold is currency).
    cdef const Player* pl = &s.pl[p]
    return pl.tok[G_WORKER] + pl.tok[G_WOOD] + pl.tok[G_STONE] + pl.tok[G_FOOD]


cdef inline int final_score(const GameState* s, int p) noexcept nogil:
    return s.pl[p].vp + location_vp(s, p)


cdef void seat_ranks(const GameState* s, int* rank, int* shared) noexcept nogil:
    # Rulebook "КОНЕЦ ИГРЫ", ничья: most VP; then most workers and resources; then most cards
    # in hand; still equal = a shared place. Solo: rank 1 when the goal is met, else 2.
    cdef int p, q, better, same
    if s.solo:
        rank[0] = 1 if solo_won(s) else 2
        shared[0] = 0
        return
    for p in range(s.n_players):
        better = 0
        same = 0
        for q in range(s.n_players):
            if q == p:
                continue
            if _tie_key_less(s, p, q):
                better += 1
            elif not _tie_key_less(s, q, p):
                same = 1
        rank[p] = 1 + better
        shared[p] = same


cdef inline bint _tie_key_less(const GameState* s, int p, int q) noexcept nogil:
    # p's (score, goods, hand) is below q's.
    cdef int a = final_score(s, p), b = final_score(s, q)
    if a != b:
        return a < b
    a = tie_goods(s, p)
    b = tie_goods(s, q)
    if a != b:
        return a < b
    return s.pl[p].n_hand < s.pl[q].n_hand


cdef int captured_by(const GameState* s, int p) noexcept nogil:
    # Locations p holds captured, counted afresh (Player.n_captured keeps the count; the
    # invariant check compares the two).
    cdef int t, i, n = 0
    for t in range(s.n_players):
        for i in range(s.pl[t].n_loc):
            if s.pl[t].loc[i].captor == p + 1:
                n += 1
    return n


cdef int free_locations(const Player* pl) noexcept nogil:
    # Locations and foundations its owner may discard to pay a build cost (not captured ones:
    # seed, «Храм Ра»).
    cdef int i, n = 0
    for i in range(pl.n_loc):
        if not pl.loc[i].captor:
            n += 1
    return n
