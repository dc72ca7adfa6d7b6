# Sections: each top option priced with the bottom action it pays for and the next turn
# it leaves (h_after), Trade token picks, the Section -> Top memo.
# (Part of the compiled heuristics; heuristics_values.pxi has the header.)

# ---------------------------------------------------------------- top row and sections

cdef double h_produce_est(HCtx* h, int k, bint mill, int* gain) noexcept nogil:
    # Worth of a Produce on up to k territories (+ the Mill), without its
    # cost; `gain` receives the tokens by Resource.
    cdef const GameState* g = h.g
    cdef double best[4]
    cdef int cells[4]
    cdef int c, i, j, n, r, mill_cell = -1
    cdef uint64_t wk
    cdef double v, total = 0.0
    if k > 3:
        k = 3
    for i in range(4):
        best[i] = 0.0
        cells[i] = -1
        gain[i] = 0
    if mill:
        mill_cell = h_mill_cell(h)
    wk = h.wk_cells & ~(<uint64_t>1)      # cells with own workers, ascending
    while wk:
        c = lowest_bit(wk)
        wk &= wk - 1
        if h.ctl[c] != h.seat or c == mill_cell:
            continue
        n = h.wk_on[c]
        v = h_cell_prod(h, c, n)
        if v <= 0.0:
            continue
        for i in range(k):
            if v > best[i]:
                j = k - 1
                while j > i:
                    best[j] = best[j - 1]
                    cells[j] = cells[j - 1]
                    j -= 1
                best[i] = v
                cells[i] = c
                break
    if mill_cell > 0:
        cells[3] = mill_cell
        best[3] = h_cell_prod(h, mill_cell, h_own_workers(h, mill_cell) + 1)
    for i in range(4):
        if cells[i] <= 0:
            continue
        total += best[i]
        r = resource_of_terrain(g.rules.terrain[cells[i]])
        if r >= 0 and r < 4:
            gain[r] += h_own_workers(h, cells[i]) + (1 if i == 3 else 0)
    return total


cdef double h_bottom_net(HCtx* h, int b, const int* gain, int* spent) noexcept nogil:
    # Net worth of taking mat bottom action b after the top action brought
    # `gain` tokens: effect and coins, less the tokens spent (`spent`: how
    # many tokens of b it takes; 0 if not worth taking or not payable). It
    # depends on the tokens of b held only (and on h_init's values), so it is
    # remembered per count until the next h_init.
    cdef int have = h.res[b] + gain[b]
    if have < 0 or have >= 32:
        return h_bottom_net_calc(h, b, have, spent)
    if not (h.bnet_ready[b] >> have) & 1:
        h.bnet_val[b][have] = h_bottom_net_calc(h, b, have, spent)
        h.bnet_spent[b][have] = <int8_t>spent[0]
        h.bnet_ready[b] |= 1u << have
    spent[0] = h.bnet_spent[b][have]
    return h.bnet_val[b][have]


cdef double h_bottom_net_calc(HCtx* h, int b, int have, int* spent) noexcept nogil:
    cdef int c = h.cost[b], coerce = 1 if h.coerce else 0
    cdef double v, spend
    spent[0] = 0
    if have + coerce < c:
        return 0.0
    if have >= c:
        spend = h_spend(h, b, have, c)
    else:
        spend = h_spend(h, b, have, have) + h.w[HW_CARD] * 0.8
    v = h.bval[b] - spend
    if h.coinsonly[b] - spend > v:
        v = h.coinsonly[b] - spend
    if v > 0.0:
        spent[0] = c if have >= c else have
        return v + h_bottom_late(h, b)
    return 0.0


cdef inline double h_bottom_late(HCtx* h, int b) noexcept nogil:
    # Seat-adapted, against the Automa: in the seat's last H_AUTOMA_BOTTOM_TURNS turns a bottom
    # action with its effect still open is worth H_AUTOMA_BOTTOM more when it is taken. Its
    # coins and effect are the seat's for good, where a last Move's territories can be lost
    # to the Automa's reply; the near ties go to the bottom action. Against an Automa that
    # takes all its moves, H_AUTOMA_BOTTOM_ALL over H_AUTOMA_BOTTOM_ALL_TURNS.
    if h.uses[b] <= 0 or not h_automa_defence(h):
        return 0.0
    if h.g.automa.all_moves:
        return H_AUTOMA_BOTTOM_ALL if h.turns_left <= H_AUTOMA_BOTTOM_ALL_TURNS else 0.0
    return H_AUTOMA_BOTTOM if h.turns_left <= H_AUTOMA_BOTTOM_TURNS else 0.0


cdef double h_factory_top(HCtx* h, int card, int* gain) noexcept nogil:
    # Worth of a Factory card's top action now (costs priced, rewards at
    # their best use). gain: tokens it places (any type -> the best type).
    cdef const FactoryCard* f = &h.g.rules.factory[card]
    cdef double v = 0.0, best, x
    cdef int r, i, b, rb, tmp[4]
    for i in range(4):
        gain[i] = 0
    v -= f.cost_coins
    v += h_pop(h, -f.cost_popularity)
    v += h_power(h, -f.cost_power)
    v -= f.cost_cards * h.w[HW_CARD] * 0.8
    v -= (f.cost_any_res + f.cost_distinct_res) * h.w[HW_KEEP] * h.pair_val * 0.5
    v += f.gain_coins
    v += h_pop(h, f.gain_popularity)
    v += h_power(h, f.gain_power)
    v += h_cards(h, f.gain_cards)
    for i in range(f.gain_any_res):
        best = -1.0
        rb = 0
        for r in range(4):
            x = h_tok(h, r, h.res[r] + gain[r])
            if x > best:
                best = x
                rb = r
        v += best
        gain[rb] += 1
    for i in range(f.gain_workers):
        v += h_worker_val(h, h.wk_board + i)
    if f.produce_hexes > 0:
        v += h_produce_est(h, f.produce_hexes, False, tmp)
        for r in range(4):
            gain[r] += tmp[r]
    if f.free_bottom_mask:
        best = 0.0
        x = 0.0
        for b in range(4):
            if (f.free_bottom_mask >> b) & 1 and h.eff[b] > 0.0:
                if h.eff[b] > best:
                    x = best
                    best = h.eff[b]
                elif h.eff[b] > x:
                    x = h.eff[b]
        v += best
        if f.free_bottom_count > 1:
            v += x
    return v


cdef double h_top_option(HCtx* h, int opt, int section, int* gain) noexcept nogil:
    # Worth of DK_TOP option `opt` (without the bottom action that follows).
    cdef const GameState* g = h.g
    cdef const Player* p = &g.p[h.seat]
    cdef int v = opt // 100, a = (opt // 10) % 10, bonus = opt % 10, r
    cdef int pw, pp, pc
    cdef double x
    for r in range(4):
        gain[r] = 0
    if opt == 0:
        return 0.0
    if v == TV_MOVE:
        return h_move_plan(h, top_value(p, TC_MOVE_UNITS, TOP_BASE_MOVE_UNITS), False)
    if v == TV_GAIN:
        return a
    if v == TV_TRADE_RES or v == TV_TRADE_POP:
        x = -TOP_TRADE_COST + (h_power(h, STRUCTURE_BONUS_AMOUNT) if bonus else 0.0)
        if v == TV_TRADE_POP:
            return x + h_pop(h, a)
        return x       # the tokens are priced with the bottom action (h_top_total)
    if v == TV_BOLSTER_POWER or v == TV_BOLSTER_CARDS:
        x = -TOP_BOLSTER_COST + (h_pop(h, STRUCTURE_BONUS_AMOUNT) if bonus else 0.0)
        if v == TV_BOLSTER_POWER:
            return x + h_power(h, a)
        return x + h_cards(h, a)
    if v == TV_PRODUCE:
        produce_cost(g, h.seat, &pw, &pp, &pc)
        x = h_power(h, -pw) + h_pop(h, -pp) - pc
        return x + h_produce_est(h, top_value(p, TC_PRODUCE_HEXES, TOP_BASE_PRODUCE_HEXES),
                                 p.structure_cell[S_MILL] != OFF_BOARD, gain)
    if v == TV_FACTORY:
        return h_factory_top(h, p.factory_card, gain)
    return 0.0


cdef int h_top_coins(HCtx* h, int opt) noexcept nogil:
    # Coins top option `opt` costs (Rulebook §7.2, §7.4; a Factory card's printed cost).
    cdef int v = opt // 100
    if v == TV_TRADE_RES or v == TV_TRADE_POP:
        return TOP_TRADE_COST
    if v == TV_BOLSTER_POWER or v == TV_BOLSTER_CARDS:
        return TOP_BOLSTER_COST
    if v == TV_FACTORY:
        return h.g.rules.factory[h.g.p[h.seat].factory_card].cost_coins
    return 0


cdef inline int h_coins_next(HCtx* h, int paid, int b, int spent) noexcept nogil:
    # Seat-adapted: the coins held at the next turn once this turn's top has cost `paid` and
    # bottom action b was taken (spent > 0: its coins come in), for h_after; -1 (not
    # checked) with W_ADAPT off.
    cdef int c
    if h.w[HW_ADAPT] <= 0.0:
        return -1
    c = h.g.p[h.seat].coins - paid
    if spent > 0 and b >= 0:
        c += h.g.rules.mats[h.g.p[h.seat].mat].bottom_coins[b]
    return c if c > 0 else 0


cdef double h_trade_pairs_best(HCtx* h, int b, const double* bnet) noexcept nogil:
    # The best of h_top_total's 10 token pairs of a Trade for resources, by
    # value alone (no look-ahead): the same sums, but only the largest of each
    # kind is formed. Rounding is monotonic, so the largest sum of each kind is
    # the sum of its largest terms and the maximum is the same number. Kinds:
    # both tokens of b (the bottom action's own), one of b with one other, two
    # others (the best double of one type, or the two best types).
    cdef double t0[4]
    cdef double t1[4]
    cdef double best, x, top1 = H_NEG, top2 = H_NEG, dbl = H_NEG
    cdef int r
    for r in range(4):
        t0[r] = h_tok(h, r, h.res[r])
        t1[r] = h_tok(h, r, h.res[r] + 1)
    best = (t0[b] + t1[b]) + bnet[2]
    for r in range(4):
        if r == b:
            continue
        x = t0[r] + t1[r]
        if x > dbl:
            dbl = x
        if t0[r] > top1:
            top2 = top1
            top1 = t0[r]
        elif t0[r] > top2:
            top2 = t0[r]
    x = (t0[b] + top1) + bnet[1]
    if x > best:
        best = x
    x = top1 + top2
    if dbl > x:
        x = dbl
    x = x + bnet[0]
    if x > best:
        best = x
    return best


cdef double h_top_total(HCtx* h, int opt, int section, int* dres, bint look) noexcept nogil:
    # Worth of top option `opt` followed by the section's bottom action;
    # `dres` receives the change of own tokens by Resource (except for a Trade
    # for resources without `look`: h_after wants the value alone). With
    # `look`, the best next turn that these tokens allow is added
    # (W_LOOKAHEAD), so that a token gathered now for next turn's bottom
    # action counts.
    cdef const GameState* g = h.g
    cdef const Player* p = &g.p[h.seat]
    cdef int gain[4]
    cdef int d[4]
    cdef int bspent[3]
    cdef double bnet[3]
    cdef int b, r, r1, r2, k, spent
    cdef double top, best, v
    top = h_top_option(h, opt, section, gain)
    for r in range(4):
        dres[r] = gain[r]
    if section == 4:
        v = top + h_move_plan(h, 1, True)
        if look:
            v += h.w[HW_LOOKAHEAD] * h_after(h, section, dres,
                                             h_coins_next(h, h_top_coins(h, opt), -1, 0))
        return v
    b = g.rules.mats[p.mat].bottom_of_section[section]
    if opt // 100 == TV_TRADE_RES:
        # Choose the 2 tokens with the bottom action (and next turn) in mind.
        # The bottom action reads only how many of its own tokens come in (0..2).
        for k in range(3):
            for r in range(4):
                gain[r] = 0
            gain[b] = k
            bnet[k] = h_bottom_net(h, b, gain, &bspent[k])
        if not look:
            return top + h_trade_pairs_best(h, b, bnet)
        best = H_NEG
        for r1 in range(4):
            for r2 in range(r1, 4):
                for r in range(4):
                    gain[r] = 0
                gain[r1] += 1
                gain[r2] += 1
                v = (h_tok(h, r1, h.res[r1]) + h_tok(h, r2, h.res[r2] + (1 if r1 == r2 else 0))
                     + bnet[gain[b]])
                for r in range(4):
                    d[r] = gain[r]
                d[b] -= bspent[gain[b]]
                if look:
                    v += h.w[HW_LOOKAHEAD] * h_after(h, section, d,
                                                     h_coins_next(h, TOP_TRADE_COST, b,
                                                                  bspent[gain[b]]))
                if v > best:
                    best = v
                    for r in range(4):
                        dres[r] = d[r]
        return top + best
    v = top + h_bottom_net(h, b, gain, &spent)
    dres[b] -= spent
    if look:
        v += h.w[HW_LOOKAHEAD] * h_after(h, section, dres,
                                         h_coins_next(h, h_top_coins(h, opt), b, spent))
    return v


cdef void h_tops(HCtx* h) noexcept nogil:
    # The top options of every section as the engine lists them now.
    cdef GameState* c
    cdef int s, i, cost
    if h.tops_ready:
        return
    h.tops_ready = True
    c = &h.scratch
    memcpy(c, h.g, sizeof(GameState))
    c.events = NULL
    for s in range(5):
        c.t.section = s
        h.top_coins_max[s] = 0
        if s == 4 and h.g.p[h.seat].factory_card < 0:
            h.n_tops[s] = 0
            continue
        h.n_tops[s] = top_options(c, h.tops[s])
        for i in range(h.n_tops[s]):
            cost = h_top_coins(h, h.tops[s][i])
            if cost > h.top_coins_max[s]:
                h.top_coins_max[s] = cost


cdef bint h_same_tops(HCtx* h) noexcept nogil:
    # List the top options anew (h_tops) and say whether they are the ones
    # listed for the last decision. In the same position and with the same
    # Move plan, h_after's memo holds values of these very options (its values
    # read no coins and no other turn context), so it stays right.
    cdef int n_old[5]
    cdef int32_t old[5][16]
    memcpy(n_old, h.n_tops, sizeof(n_old))
    memcpy(old, h.tops, sizeof(old))
    h.tops_ready = False
    h_tops(h)
    return (memcmp(n_old, h.n_tops, sizeof(n_old)) == 0
            and memcmp(old, h.tops, sizeof(old)) == 0)


cdef void h_section_deps(HCtx* h) noexcept nogil:
    # Which own token counts each section's best (h_top_total without the
    # look-ahead) reads: its bottom action's resource always; for a Produce,
    # the resources of the cells it may produce on (h_produce_est: own
    # workers' cells and the Mill's); every type when a top option trades for
    # tokens or is a Factory card. (The Move plan is computed on the real
    # counts, so it adds none.) dep_mask[s] keeps those counts' 16-bit fields
    # of h_after's packed key.
    cdef const GameState* g = h.g
    cdef const Player* p = &g.p[h.seat]
    cdef int s, i, v, r, c
    cdef uint8_t deps, produced = 0
    cdef uint64_t m = h.wk_cells & ~(<uint64_t>1)
    h.deps_ready = True
    for s in range(5):
        h.n_after[s] = 0          # a new decision: h_after's memo starts empty
        h.after_used[s] = 0
    c = h_mill_cell(h)
    if c > 0:
        m |= bit(c)
    while m:
        c = lowest_bit(m)
        m &= m - 1
        r = resource_of_terrain(g.rules.terrain[c])
        if r >= 0 and r < 4:
            produced |= <uint8_t>(1 << r)
    for s in range(5):
        deps = 0xF
        if s < 4:
            deps = <uint8_t>(1 << g.rules.mats[p.mat].bottom_of_section[s])
            for i in range(h.n_tops[s]):
                v = h.tops[s][i] // 100
                if v == TV_FACTORY or v == TV_TRADE_RES:
                    deps = 0xF
                elif v == TV_PRODUCE:
                    deps |= produced
        h.dep_mask[s] = 0
        for r in range(4):
            if (deps >> r) & 1:
                h.dep_mask[s] |= (<uint64_t>0xFFFF) << (16 * (3 - r))


cdef double h_after(HCtx* h, int s_now, const int* dres, int coins) noexcept nogil:
    # The best next turn (any section but s_now, unless it may repeat) once own
    # tokens have changed by dres; nothing done is worth 0. A section's best
    # depends only on the token counts in its dep_mask (and on the decision's
    # write-once caches), so it is remembered per those counts: each value is
    # computed where it was first needed, exactly as without the memo.
    # coins >= 0 (seat-adapted): the coins held then; a top option that costs more cannot
    # be taken (§7: the top action is skipped, the bottom one may still be), so the section
    # is worked out with the top skipped instead, outside the memo (the options are listed
    # on the current coins, which this turn's top may spend).
    cdef int saved[4]
    cdef int d[4]
    cdef int r, s, i, slot
    cdef bint hit, poor
    cdef uint64_t key, packed
    cdef double best = 0.0, sec, v
    h_tops(h)
    if not h.deps_ready:
        h_section_deps(h)
    packed = 0
    for r in range(4):
        saved[r] = h.res[r]
        h.res[r] += dres[r]
        if h.res[r] < 0:
            h.res[r] = 0
        packed = (packed << 16) | <uint64_t>(h.res[r] & 0xFFFF)
    for s in range(5):
        if s == s_now and not may_repeat_section(h.g, h.seat, s):
            continue
        # a top option of s costs more than the coins held (h_tops keeps the most one costs)
        poor = coins >= 0 and h.top_coins_max[s] > coins
        if poor:
            sec = 0.0
            for i in range(h.n_tops[s]):
                if h_top_coins(h, h.tops[s][i]) > coins:
                    v = h_top_total(h, 0, s, d, False) if s < 4 else 0.0
                else:
                    v = h_top_total(h, h.tops[s][i], s, d, False)
                if v > sec:
                    sec = v
            if sec > best:
                best = sec
            continue
        key = (packed & h.dep_mask[s]) | ~h.dep_mask[s]
        # open addressing; the table is never full, so the probe ends
        slot = <int>((key * <uint64_t>0x9E3779B97F4A7C15) >> (64 - H_AFTER_SLOT_BITS))
        hit = False
        while (h.after_used[s] >> slot) & 1:
            if h.after_key[s][slot] == key:
                hit = True
                break
            slot = (slot + 1) & (H_AFTER_SLOTS - 1)
        if hit:
            sec = h.after_val[s][slot]
        else:
            sec = 0.0
            for i in range(h.n_tops[s]):
                v = h_top_total(h, h.tops[s][i], s, d, False)
                if v > sec:
                    sec = v
            if h.n_after[s] < H_AFTER_MEMO:
                h.after_used[s] |= 1u << slot
                h.after_key[s][slot] = key
                h.after_val[s][slot] = sec
                h.n_after[s] += 1
        if sec > best:
            best = sec
    for r in range(4):
        h.res[r] = saved[r]
    return best


cdef double h_section(HCtx* h, int s) noexcept nogil:
    # Worth of section s: its best top option followed by its bottom action,
    # and the next turn this leaves.
    cdef SectionMemo* sm = &h.section_memo
    cdef bint record
    cdef int d[4]
    cdef int i
    cdef double best = H_NEG, v
    h_tops(h)
    record = sm.g == h.g and h.n_tops[s] <= 16
    for i in range(h.n_tops[s]):
        v = h_top_total(h, h.tops[s][i], s, d, True)
        if record:
            sm.tops[s][i] = h.tops[s][i]
            sm.val[s][i] = v
        if v > best:
            best = v
    if record:
        sm.n_tops[s] = h.n_tops[s]
        sm.have |= 1 << s
    return best


cdef bint h_top_from_memo(const GameState* g, SectionMemo* sm, const int32_t* options, int n,
                          double* sc) noexcept nogil:
    # The Top decision right after this seat's Section decision: the values
    # h_section gave these options then (h_top_total with the look-ahead,
    # exactly what h_score would compute now). False when they are not all
    # there; the memo is used once.
    cdef int s = g.t.section, i, j
    if (sm.g != g or sm.n_decisions != g.n_decisions - 1 or sm.turn != g.turn
            or s < 0 or s > 4 or not (sm.have >> s) & 1):
        return False
    sm.g = NULL
    for i in range(n):
        for j in range(sm.n_tops[s]):
            if sm.tops[s][j] == options[i]:
                sc[i] = sm.val[s][j]
                break
        else:
            return False
    return True


cdef double h_trade(HCtx* h, int opt) noexcept nogil:
    # One token of a Trade (or none more): the best completion of the Trade
    # with this token, followed by the bottom action and the next turn. The
    # cell only adds a tie-break (own workers there), so the rest is worked
    # out once per resource and decision.
    cdef int k = opt % 4 if opt else 4
    if not (h.trade_ready >> k) & 1:
        h.trade_ready |= 1 << k
        h.trade_val[k] = h_trade_token(h, opt % 4 if opt else -1)
    if opt:
        return h.trade_val[k] + 0.01 * h_own_workers(h, opt // 4)
    return h.trade_val[k]


cdef double h_trade_token(HCtx* h, int r) noexcept nogil:
    # h_trade without the cell: r is the token's Resource, -1 for no token.
    cdef const GameState* g = h.g
    cdef const Player* p = &g.p[h.seat]
    cdef int s = g.t.section, left = g.t.trade_left, r2, b, spent, k, coins
    cdef int gain[4]
    cdef double v, best = H_NEG, base
    if r < 0:
        left = 0
    if s < 0 or s > 3:
        return h_tok(h, r, h.res[r]) if r >= 0 else 0.0
    b = g.rules.mats[p.mat].bottom_of_section[s]
    for r2 in range(4 if left >= 2 else 1):
        for k in range(4):
            gain[k] = 0
        base = 0.0
        if r >= 0:
            gain[r] += 1
            base = h_tok(h, r, h.res[r])
        if left >= 2:
            base += h_tok(h, r2, h.res[r2] + gain[r2])
            gain[r2] += 1
        v = base + h_bottom_net(h, b, gain, &spent)
        gain[b] -= spent
        # the Trade's coin is paid already (§7.2)
        v += h.w[HW_LOOKAHEAD] * h_after(h, s, gain, h_coins_next(h, 0, b, spent))
        if v > best:
            best = v
    return best
