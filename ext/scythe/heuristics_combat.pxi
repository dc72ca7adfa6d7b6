# Combat: the strength to aim for, and the cheapest dial and cards reaching it.
# (Part of the compiled heuristics; heuristics_values.pxi has the header.)

# ---------------------------------------------------------------- combat

cdef int h_my_side(const GameState* g, int seat) noexcept nogil:
    return 0 if g.t.cb_seat[0] == seat else 1


cdef const double* h_automa_cdf(HCtx* h, int power) noexcept nogil:
    # The distribution of the Automa's combat total when it has `power` (Rulebook 003,
    # "Combat"): a card drawn from its deck gives, for the range its power lies in, the power
    # it spends (all it has if less) and how many of its face-down combat cards it adds (all
    # it has if fewer). Public: the deck holds the 19 cards less both face-up discards (all
    # 19 once it is empty); the hand's size is known, its values are not (each is drawn from
    # the cards this seat has not seen, h_card_est's pool). Returns P(total <= x) by x.
    # Kept for the decision while the power asked is the same, and across decisions while
    # every input (AcdfKey) is: the discards and hands change only now and then.
    cdef const GameState* g = h.g
    cdef const AutomaState* a = &g.automa
    cdef const AutomaCardData* card
    cdef AcdfKey key
    cdef double pv[4]
    cdef double sums[4][H_AUTOMA_TOTALS]    # sums[m][s]: P(m cards add up to s)
    cdef double pdf[H_AUTOMA_TOTALS]
    cdef uint32_t gone                      # bit i: card i is out of the Automa's deck
    cdef int unseen[4]
    cdef int i, m, s, v, col, spend, k, hand, n_cards = 0, seen = 0
    cdef double acc
    if h.acdf_power == power:
        return h.acdf
    h.acdf_power = power
    memset(&key, 0, sizeof(AcdfKey))
    key.rules = <const void*>g.rules
    key.power = power
    key.hand = hand_size(g, a.seat)
    # one unseen card's value: the deck less own hand and the face-up discard pile
    h_unseen_cards(h, key.unseen)
    for i in range(a.n_main_discard):
        key.gone |= (<uint32_t>1) << a.main_discard[i]
    for i in range(a.n_combat_discard):
        key.gone |= (<uint32_t>1) << a.combat_discard[i]
    if h.acdf_ok and memcmp(&key, &h.acdf_key, sizeof(AcdfKey)) == 0:
        return h.acdf
    memcpy(&h.acdf_key, &key, sizeof(AcdfKey))    # padding too: the next memcmp reads it
    h.acdf_ok = True
    for i in range(4):
        unseen[i] = key.unseen[i]
    for i in range(4):
        if unseen[i] < 0:
            unseen[i] = 0
        seen += unseen[i]
    for i in range(4):
        pv[i] = unseen[i] / <double>seen if seen > 0 else 0.25
    memset(sums, 0, sizeof(sums))
    sums[0][0] = 1.0
    for m in range(1, 4):
        for s in range(H_AUTOMA_TOTALS):
            if sums[m - 1][s] > 0.0:
                for v in range(4):
                    if s + v + 2 < H_AUTOMA_TOTALS:
                        sums[m][s + v + 2] += sums[m - 1][s] * pv[v]
    gone = key.gone
    for i in range(AUTOMA_N_CARDS):
        if not (gone >> i) & 1:
            n_cards += 1
    if n_cards == 0:
        gone = 0
        n_cards = AUTOMA_N_CARDS
    memset(pdf, 0, sizeof(pdf))
    hand = key.hand
    col = automa_power_range(g, power)
    for i in range(AUTOMA_N_CARDS):
        if (gone >> i) & 1:
            continue
        card = &g.rules.automa.cards[i]
        spend = card.combat_power[col]
        if spend > power:
            spend = power
        k = card.combat_cards if card.combat_cards < hand else hand
        if k > 3:
            k = 3
        for s in range(H_AUTOMA_TOTALS - spend):
            pdf[spend + s] += sums[k][s] / n_cards
    acc = 0.0
    for s in range(H_AUTOMA_TOTALS):
        acc += pdf[s]
        h.acdf[s] = acc
    return h.acdf


cdef inline double h_automa_win(HCtx* h, const double* cdf, int total, bint attacker) noexcept nogil:
    # P(this seat's combat total beats the Automa's); ties go to the attacker (§13.4).
    if not attacker:
        total -= 1
    if total < 0:
        return 0.0
    if total >= H_AUTOMA_TOTALS:
        return 1.0
    return cdf[total]


cdef int h_automa_quantile(const double* cdf, double q) noexcept nogil:
    # The least total x with P(Automa's total <= x) >= q.
    cdef int x
    for x in range(H_AUTOMA_TOTALS):
        if cdf[x] >= q - 1.0e-9:
            return x
    return H_AUTOMA_TOTALS - 1


cdef bint h_automa_target(HCtx* h, int opp, int mymax, int side, int* target,
                          int* hopeless) noexcept nogil:
    # Seat-adapted combat against the Automa, whose side follows a public table: the least
    # total that wins with probability H_AUTOMA_SURE, else (if out of reach) the least
    # that gets within 0.05 of the best chance, if that chance is worth a fight; else
    # hopeless. False when this is no such combat (the generic plan applies).
    cdef const double* cdf
    cdef int x
    cdef double best
    if h.w[HW_ADAPT] <= 0.0 or opp != h.g.automa.seat or opp < 0:
        return False
    cdf = h_automa_cdf(h, h.g.p[opp].power)
    hopeless[0] = 0
    for x in range(mymax + 1):
        if h_automa_win(h, cdf, x, side == 0) >= H_AUTOMA_SURE:
            target[0] = x
            return True
    best = h_automa_win(h, cdf, mymax, side == 0)
    if best < H_AUTOMA_FIGHT:
        target[0] = 0
        hopeless[0] = 1
        return True
    for x in range(mymax + 1):
        if h_automa_win(h, cdf, x, side == 0) >= best - 0.05:
            target[0] = x
            return True
    target[0] = mymax
    return True


cdef int h_best_cards(const Player* p, int k) noexcept nogil:
    # What the k highest combat cards of p's hand add (fewer if it holds fewer).
    cdef int v = 3, ok, total = 0
    while v >= 0 and k > 0:
        ok = p.hand[v] if p.hand[v] < k else k
        total += ok * (v + 2)
        k -= ok
        v -= 1
    return total


cdef void h_combat_target(HCtx* h, int* target, int* hopeless) noexcept nogil:
    # The strength to aim for in the current combat: enough to beat the
    # opponent's full dial and card slots (ties go to the attacker); if that
    # is out of reach but the expected strength is not, aim above the
    # expectation; else give up (and play at most a 2 to draw a card).
    cdef const GameState* g = h.g
    cdef int seat = h.seat, side = h_my_side(g, seat), opp = g.t.cb_seat[1 - h_my_side(g, seat)]
    cdef int cell = g.t.cb_cell, k, n, mymax, full, dialmax
    cdef double exp
    cdef const Player* p = &g.p[seat]
    k = combat_card_limit(g, seat, cell)
    mymax = dial_max(g, seat) + h_best_cards(p, k)
    if h_automa_target(h, opp, mymax, side, target, hopeless):
        return
    k = combat_card_limit(g, opp, cell)
    n = hand_size(g, opp)
    if n < k:
        k = n
    dialmax = dial_max(g, opp)
    full = dialmax + k * 5 + (1 if side == 1 else 0)
    exp = 0.85 * dialmax + k * h_card_est(h) + (1 if side == 1 else 0) + h.w[HW_DIAL_MARGIN]
    hopeless[0] = 0
    if mymax >= full:
        target[0] = full
    elif mymax >= exp:
        target[0] = <int>(exp + 0.999)
        if target[0] > mymax:
            target[0] = mymax
    else:
        target[0] = 0
        hopeless[0] = 1


cdef double h_commit_cost(HCtx* h, int dial, int n2, int n3, int n4, int n5) noexcept nogil:
    # Power is kept for later (and for its star); cards are cheaper to spend.
    return (-h_power(h, -dial) + h.w[HW_CARD] * 0.3 * (n2 + n3 + n4 + n5)
            + 0.01 * (n3 + 2 * n4 + 3 * n5))


cdef void h_commit_memo(HCtx* h, int fixed_dial, int* out_dial, int* out_cards) noexcept nogil:
    # h_plan_commit, once per decision: every option of a Dial or Cards decision compares
    # itself with the same plan.
    if h.commit_fixed != fixed_dial:
        h_plan_commit(h, fixed_dial, &h.commit_dial, &h.commit_cards)
        h.commit_fixed = fixed_dial
    out_dial[0] = h.commit_dial
    out_cards[0] = h.commit_cards


cdef int h_plan_commit(HCtx* h, int fixed_dial, int* out_dial, int* out_cards) noexcept nogil:
    # Cheapest dial and card set reaching the target (fixed_dial >= 0: the
    # dial is already set). Returns 1 if found.
    cdef const GameState* g = h.g
    cdef const Player* p = &g.p[h.seat]
    cdef int target, hopeless, lim, dmax, d, n2, n3, n4, n5, tot, found = 0
    cdef double cost, best = 1.0e18
    h_combat_target(h, &target, &hopeless)
    lim = combat_card_limit(g, h.seat, g.t.cb_cell)
    dmax = dial_max(g, h.seat)
    out_dial[0] = 0
    out_cards[0] = 0
    if hopeless:
        # Revealing any power makes the loser draw a card (§13.4): a lone 2
        # is a fair swap; otherwise keep everything.
        if lim > 0 and p.hand[0] > 0:
            out_cards[0] = 1
        if fixed_dial >= 0:
            out_dial[0] = fixed_dial
        return 1
    for d in range(dmax + 1):
        if fixed_dial >= 0 and d != fixed_dial:
            continue
        for n5 in range((lim if lim < p.hand[3] else p.hand[3]) + 1):
            for n4 in range((lim - n5 if lim - n5 < p.hand[2] else p.hand[2]) + 1):
                for n3 in range((lim - n5 - n4 if lim - n5 - n4 < p.hand[1] else p.hand[1]) + 1):
                    for n2 in range((lim - n5 - n4 - n3 if lim - n5 - n4 - n3 < p.hand[0]
                                     else p.hand[0]) + 1):
                        tot = d + 2 * n2 + 3 * n3 + 4 * n4 + 5 * n5
                        if tot < target:
                            continue
                        cost = h_commit_cost(h, d, n2, n3, n4, n5)
                        if cost < best:
                            best = cost
                            found = 1
                            out_dial[0] = d
                            out_cards[0] = n2 + 8 * n3 + 64 * n4 + 512 * n5
    if not found:
        # Out of reach with this dial: everything the cards allow.
        out_dial[0] = dmax if fixed_dial < 0 else fixed_dial
        n5 = lim if lim < p.hand[3] else p.hand[3]
        n4 = lim - n5 if lim - n5 < p.hand[2] else p.hand[2]
        n3 = lim - n5 - n4 if lim - n5 - n4 < p.hand[1] else p.hand[1]
        n2 = lim - n5 - n4 - n3 if lim - n5 - n4 - n3 < p.hand[0] else p.hand[0]
        out_cards[0] = n2 + 8 * n3 + 64 * n4 + 512 * n5
    return 1


cdef inline int h_cards_total(int opt) noexcept nogil:
    return 2 * (opt % 8) + 3 * ((opt // 8) % 8) + 4 * ((opt // 64) % 8) + 5 * ((opt // 512) % 8)
