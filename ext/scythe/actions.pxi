# Layer: rules. Uses: state, queries and the other files of the rules layer.
#
# Option generators and helpers of the actions: top row (§7), bottom row
# (§9), payments, Produce, Trade, rewards (encounters §14, Factory cards §15)
# and objectives (§16). Every generator writes ascending options into `buf`
# and returns their count.

cdef inline bint own_worker_territory(const GameState* g, const int8_t* ctl, int seat,
                                      int c) noexcept nogil:
    # "A territory you control that has at least 1 of your workers" (§7.2,
    # §9.2, §9.3).
    return ctl[c] == seat and is_territory(g, c) and workers_of_on(g, seat, c) > 0


cdef bint has_trade_cell(const GameState* g, int seat) noexcept nogil:
    cdef int8_t ctl[N_CELLS]
    cdef int c
    control_map(g, ctl)
    for c in range(1, N_CELLS):
        if own_worker_territory(g, ctl, seat, c):
            return True
    return False


# ---------------------------------------------------------------- objectives
cdef inline bint objective_star_left(const GameState* g, int seat) noexcept nogil:
    # One objective star per player, two for Saxony (Dominate, §12).
    if faction_ability(g, seat) == FA_DOMINATE:
        return g.p[seat].objective_stars < 2
    return not star_cap_reached(&g.p[seat], STAR_OBJECTIVE)


cdef int reveal_options(const GameState* g, int32_t* buf) noexcept nogil:
    # §16: once per turn, one held objective whose condition is met now, while an
    # objective star is left.
    cdef int seat = g.active, k, n = 0
    cdef const Player* p = &g.p[seat]
    if g.t.revealed:
        return 0
    if g.rules.wg.resolutions_on:
        n = res_shared_options(g, seat, buf)   # a resolution's shared objectives (resolutions.pxi)
    if not objective_star_left(g, seat):
        return n
    for k in range(2):
        if p.objectives[k] > 0 and objective_met(g, seat, p.objectives[k]):
            if n == 0:
                buf[n] = 0
                n += 1
            buf[n] = 1 + k
            n += 1
    return n


cdef void objective_to_bottom(GameState* g, int card) noexcept nogil:
    if g.n_objective_deck < MAX_OBJECTIVES:
        g.objective_deck[g.n_objective_deck] = card
        g.n_objective_deck += 1


cdef void reveal_objective(GameState* g, int slot) noexcept nogil:
    cdef int seat = g.active
    cdef Player* p = &g.p[seat]
    cdef int card = p.objectives[slot]
    g.t.revealed = 1
    if faction_ability(g, seat) == FA_DOMINATE:
        # Saxony keeps the other card and may complete it later (§12).
        p.objectives[slot] = -1
        objective_to_bottom(g, card)
    else:
        # Both cards go under the deck (§16).
        objective_to_bottom(g, card)
        if p.objectives[1 - slot] > 0:
            objective_to_bottom(g, p.objectives[1 - slot])
        p.objectives[0] = -1
        p.objectives[1] = -1
    place_star(g, seat, STAR_OBJECTIVE)


# ---------------------------------------------------------------- sections
cdef inline bint may_repeat_section(const GameState* g, int seat, int s) noexcept nogil:
    # Rusviet's Relentless repeats last turn's section, the Factory card too (§6, §12),
    # unless the Wind Gambit booklet's Rusviet variant («ВАРІАНТИ ГРИ») is on: then never
    # the Factory card (section 4).
    return faction_ability(g, seat) == FA_RELENTLESS and not (s == 4 and g.rules.no_factory_relentless)


cdef int section_options(const GameState* g, int32_t* buf) noexcept nogil:
    # §6: a section different from last turn's (or the same, may_repeat_section);
    # the Factory card is a 5th section (§15).
    cdef int seat = g.active, s, n = 0
    cdef const Player* p = &g.p[seat]
    for s in range(4):
        if s != p.last_section or may_repeat_section(g, seat, s):
            buf[n] = s
            n += 1
    if p.factory_card >= 0 and (p.last_section != 4 or may_repeat_section(g, seat, 4)):
        buf[n] = 4
        n += 1
    return n


# ---------------------------------------------------------------- payments
cdef inline int types_available(const GameState* g, const int8_t* ctl, int seat,
                                uint8_t excluded) noexcept nogil:
    cdef int r, n = 0
    for r in range(4):
        if not (excluded >> r) & 1 and controlled_of_type(g, ctl, seat, r) > 0:
            n += 1
    return n


cdef bint can_pay_resources(const GameState* g, int seat, int rtype, int amount,
                            bint distinct, int cards_reserved) noexcept nogil:
    # Full payment is mandatory (§6); tokens come from any controlled
    # territories (§4.3); Coercion can stand in for one token (§12).
    cdef int8_t ctl[N_CELLS]
    cdef int have = 0, r
    cdef int coerce = 0
    if amount <= 0:
        return True
    if can_coerce(g, seat) and hand_size(g, seat) > cards_reserved:
        coerce = 1
    control_map(g, ctl)
    if distinct:
        return types_available(g, ctl, seat, 0) + coerce >= amount
    if rtype >= 0:
        have = controlled_of_type(g, ctl, seat, rtype)
    else:
        for r in range(4):
            have += controlled_of_type(g, ctl, seat, r)
    return have + coerce >= amount


cdef int pay_options(const GameState* g, int32_t* buf) noexcept nogil:
    cdef int seat = g.active, c, r, v, n = 0
    cdef int8_t ctl[N_CELLS]
    cdef bint coerce = can_coerce(g, seat)
    cdef int left = g.t.pay_left
    cdef uint8_t used = g.t.pay_types_used
    control_map(g, ctl)
    for c in range(0 if g.rules.wg.airships_on else 1, N_CELLS):
        if c > 0 and ctl[c] != seat:
            continue
        for r in range(4):
            if (g.wg.cargo[seat][r] if c == 0 else g.cell_res[c][r]) <= 0:
                continue
            if g.t.pay_type >= 0 and r != g.t.pay_type:
                continue
            if g.t.pay_distinct:
                if (used >> r) & 1:
                    continue
                if types_available(g, ctl, seat, used | (1 << r)) + (1 if coerce else 0) < left - 1:
                    continue
            buf[n] = 4 * c + r
            n += 1
    if coerce:
        if not g.t.pay_distinct or types_available(g, ctl, seat, used) >= left - 1:
            for v in range(2, 6):
                if g.p[seat].hand[v - 2] > 0:
                    buf[n] = 1000 + v
                    n += 1
    return n


cdef int discard_options(const GameState* g, int32_t* buf) noexcept nogil:
    cdef int v, n = 0
    for v in range(2, 6):
        if g.p[g.active].hand[v - 2] > 0:
            buf[n] = v
            n += 1
    return n


# ---------------------------------------------------------------- produce
cdef inline void produce_cost(const GameState* g, int seat, int* power, int* pop,
                              int* coins) noexcept nogil:
    # The Produce cost is what the workers that left the mat uncovered
    # (§7.3; reference player-mats.md, conf: medium): counted before the action.
    cdef int w = workers_on_board(g, seat)
    power[0] = 1 if w >= PRODUCE_POWER_FROM else 0
    pop[0] = 1 if w >= PRODUCE_POP_FROM else 0
    coins[0] = 1 if w >= PRODUCE_COIN_FROM else 0


cdef int produce_options(const GameState* g, int32_t* buf, int left, bint mill,
                         uint64_t done) noexcept nogil:
    # Territories the player controls, not produced on yet in this action:
    # every worker there may produce 1, the Mill counts as one more worker and
    # its territory is a bonus territory beyond the limit (§7.3, §10). Partial
    # production is allowed (amount 1..max).
    cdef int seat = g.active, c, t, res, cnt, a, n = 0, on_mat, u
    cdef int8_t ctl[N_CELLS]
    cdef int mill_cell = g.p[seat].structure_cell[S_MILL] if mill else -1
    cdef bint mill_here
    cdef uint64_t cells = 0
    # Only cells with own workers (or the Mill) can produce; walked in
    # ascending order, as the options are listed by cell.
    for u in range(UNIT_WORKER0, N_UNITS):
        c = g.p[seat].unit_cell[u]
        if 0 < c < N_CELLS:
            cells |= bit(c)
    if 0 < mill_cell < N_CELLS:
        cells |= bit(mill_cell)
    cells &= ~done & ~(<uint64_t>1)
    if cells == 0:
        return 0
    control_map(g, ctl)
    on_mat = workers_on_mat(g, seat)
    while cells:
        c = lowest_bit(cells)
        cells &= cells - 1
        if ctl[c] != seat or not is_territory(g, c):
            continue
        t = g.rules.terrain[c]
        res = resource_of_terrain(t)
        if res < 0:
            continue                     # lakes and the Factory produce nothing
        mill_here = mill_cell > 0 and mill_cell == c
        if left <= 0 and not mill_here:
            continue
        cnt = workers_of_on(g, seat, c) + (1 if mill_here else 0)
        if res == 4 and cnt > on_mat:
            cnt = on_mat                 # only workers still on the mat can be produced
        for a in range(1, cnt + 1):
            buf[n] = 16 * c + a
            n += 1
    return n


cdef void produce_at(GameState* g, int cell, int amount) noexcept nogil:
    cdef int seat = g.active, res, i, w
    res = resource_of_terrain(g.rules.terrain[cell])
    if res == 4:
        for i in range(amount):
            w = next_mat_worker(g, seat)
            if w < 0:
                break
            g.p[seat].unit_cell[w] = cell
    elif res >= 0:
        g.cell_res[cell][res] += amount


# ---------------------------------------------------------------- bottom-row effects
cdef int effect_options(const GameState* g, int seat, int b, int fixed_cell,
                        int32_t* buf) noexcept nogil:
    cdef const Player* p = &g.p[seat]
    cdef int n = 0, tc, bb, c, k, e
    cdef int8_t ctl[N_CELLS]
    if b == BOT_UPGRADE:
        # A cube from any top-row cell to any free dashed cost box (§9.1).
        for tc in range(6):
            if not p.top_cube[tc]:
                continue
            for bb in range(4):
                if bottom_free_boxes(g, seat, bb) > 0:
                    buf[n] = 4 * tc + bb
                    n += 1
    elif b == BOT_DEPLOY or b == BOT_BUILD:
        # On a territory the player controls with an own worker, never a lake
        # or a base (§9.2, §9.3); one structure per territory. Encounter
        # rewards go on the encounter territory (§14); if it cannot take the
        # piece, that part of the reward is forfeited (digest §24.3).
        control_map(g, ctl)
        for c in range(1, N_CELLS):
            if not is_territory(g, c) or g.rules.terrain[c] == T_LAKE:
                continue
            if fixed_cell >= 0:
                if c != fixed_cell:
                    continue
            elif not own_worker_territory(g, ctl, seat, c):
                continue
            if b == BOT_BUILD and structure_on(g, c) >= 0:
                continue
            for k in range(4):
                if b == BOT_DEPLOY and p.mech_deployed[k]:
                    continue
                if b == BOT_BUILD and p.structure_cell[k] != OFF_BOARD:
                    continue
                buf[n] = 4 * c + k
                n += 1
    elif b == BOT_ENLIST:
        # A recruit from any section onto any free one-time bonus (§9.4).
        for bb in range(4):
            if p.recruit_enlisted[bb]:
                continue
            for e in range(4):
                if not p.onetime_used[e]:
                    buf[n] = 4 * bb + e
                    n += 1
    return n


cdef void apply_effect_option(GameState* g, int seat, int b, int opt) noexcept nogil:
    cdef Player* p = &g.p[seat]
    cdef int hi = opt // 4, lo = opt % 4
    if b == BOT_UPGRADE:
        p.top_cube[hi] = 0
        p.bottom_cubes[lo] += 1
    elif b == BOT_DEPLOY:
        p.mech_deployed[lo] = 1
        p.unit_cell[UNIT_MECH0 + lo] = hi
    elif b == BOT_BUILD:
        p.structure_cell[lo] = hi
    elif b == BOT_ENLIST:
        p.recruit_enlisted[hi] = 1
        p.onetime_used[lo] = 1
        gain(g, seat, column_gain(lo), ONETIME_AMOUNT)     # Enlist codes follow the columns


cdef void recruit_bonus(GameState* g, int seat, int b) noexcept nogil:
    # Recruit ongoing bonuses (§9.4.2): Upgrade +1 power, Deploy +1 coin,
    # Build +1 popularity, Enlist +1 combat card.
    if not g.p[seat].recruit_enlisted[b]:
        return
    gain(g, seat, column_gain(b), ONGOING_AMOUNT)
    emit(g, EV_RECRUIT_BONUS, seat, b, ONGOING_AMOUNT, 0, 0, 0)


# ---------------------------------------------------------------- top row
cdef bint factory_top_payable(const GameState* g, int seat) noexcept nogil:
    cdef const Player* p = &g.p[seat]
    cdef const FactoryCard* f
    if p.factory_card < 0:
        return False
    f = &g.rules.factory[p.factory_card]
    if p.coins < f.cost_coins or p.popularity < f.cost_popularity or p.power < f.cost_power:
        return False
    if hand_size(g, seat) < f.cost_cards:
        return False
    if f.cost_any_res > 0 and not can_pay_resources(g, seat, -1, f.cost_any_res, False, f.cost_cards):
        return False
    if f.cost_distinct_res > 0 and not can_pay_resources(g, seat, -1, f.cost_distinct_res, True,
                                                         f.cost_cards):
        return False
    return True


cdef int top_options(const GameState* g, int32_t* buf) noexcept nogil:
    cdef int seat = g.active, n = 0, a, bonus, top, amount, pw, pp, pc
    cdef const Player* p = &g.p[seat]
    cdef int structure_built
    cdef int32_t tmp[MAX_OPTIONS]
    buf[n] = 0
    n += 1
    if g.t.section == 4:
        if factory_top_payable(g, seat):
            buf[n] = 100 * TV_FACTORY
            n += 1
        return n
    top = g.rules.mats[p.mat].top_of_section[g.t.section]
    if top == TOP_MOVE:
        if any_unit_can_move(g, seat):
            buf[n] = 100 * TV_MOVE
            n += 1
        amount = top_value(p, TC_GAIN_COIN, TOP_BASE_GAIN_COINS)
        for a in range(1, amount + 1):
            buf[n] = 100 * TV_GAIN + 10 * a
            n += 1
    elif top == TOP_TRADE:
        if p.coins >= TOP_TRADE_COST:
            structure_built = 1 if p.structure_cell[S_ARMORY] != OFF_BOARD else 0
            if has_trade_cell(g, seat):
                for bonus in range(structure_built + 1):
                    buf[n] = 100 * TV_TRADE_RES + bonus
                    n += 1
            amount = top_value(p, TC_TRADE_POP, TOP_BASE_TRADE_POP)
            for a in range(amount + 1):
                for bonus in range(structure_built + 1):
                    if a == 0 and bonus == 0:
                        continue
                    buf[n] = 100 * TV_TRADE_POP + 10 * a + bonus
                    n += 1
    elif top == TOP_BOLSTER:
        if p.coins >= TOP_BOLSTER_COST:
            structure_built = 1 if p.structure_cell[S_MONUMENT] != OFF_BOARD else 0
            amount = top_value(p, TC_BOLSTER_POWER, TOP_BASE_BOLSTER_POWER)
            for a in range(amount + 1):
                for bonus in range(structure_built + 1):
                    if a == 0 and bonus == 0:
                        continue
                    buf[n] = 100 * TV_BOLSTER_POWER + 10 * a + bonus
                    n += 1
            amount = top_value(p, TC_BOLSTER_CARDS, TOP_BASE_BOLSTER_CARDS)
            for a in range(1, amount + 1):
                for bonus in range(structure_built + 1):
                    buf[n] = 100 * TV_BOLSTER_CARDS + 10 * a + bonus
                    n += 1
    elif top == TOP_PRODUCE:
        produce_cost(g, seat, &pw, &pp, &pc)
        if p.power >= pw and p.popularity >= pp and p.coins >= pc:
            if produce_options(g, tmp, top_value(p, TC_PRODUCE_HEXES, TOP_BASE_PRODUCE_HEXES),
                               p.structure_cell[S_MILL] != OFF_BOARD, 0) > 0:
                buf[n] = 100 * TV_PRODUCE
                n += 1
    return n


cdef int bottom_options(const GameState* g, int32_t* buf) noexcept nogil:
    cdef int seat = g.active, n = 0, b, coins
    cdef const Player* p = &g.p[seat]
    cdef bint effect
    cdef int32_t tmp[MAX_OPTIONS]
    buf[n] = 0
    n += 1
    if g.t.section == 4:
        # The Factory card's bottom row is a Move of one unit (§15).
        if any_unit_can_move(g, seat):
            buf[n] = 1
            n += 1
        return n
    b = g.rules.mats[p.mat].bottom_of_section[g.t.section]
    if not can_pay_resources(g, seat, b, bottom_cost(g, seat, b), False, 0):
        return n
    # An exhausted action can still be taken for its coins and recruit
    # bonuses (§9); coins and the effect may each be declined (§6, §9).
    coins = g.rules.mats[p.mat].bottom_coins[b]
    effect = effect_options(g, seat, b, -1, tmp) > 0
    buf[n] = 1
    n += 1
    if coins > 0:
        buf[n] = 2
        n += 1
    if effect:
        buf[n] = 3
        n += 1
        if coins > 0:
            buf[n] = 4
            n += 1
    return n


cdef int bottom_effects_left(const Player* p, int b) noexcept nogil:
    # Times the bottom action b's effect can still be taken: cubes left on the top row
    # (Upgrade), mechs, structures or recruits still on the mat.
    cdef int k, n = 0
    if b == BOT_UPGRADE:
        for k in range(6):
            n += p.top_cube[k]
        return n
    for k in range(4):
        if b == BOT_DEPLOY:
            n += not p.mech_deployed[k]
        elif b == BOT_BUILD:
            n += p.structure_cell[k] == OFF_BOARD
        else:
            n += not p.recruit_enlisted[k]
    return n


cdef bint bottom_payable_now(const GameState* g, int seat) noexcept nogil:
    # The bottom-action rate's test (issue #14's 85%; `simsuite report behaviour`, the
    # tuner's --min-bottom-rate): some mat section the seat may choose has a bottom action
    # whose effect is not used up and whose cost its controlled tokens cover, one combat
    # card standing in for a token under Coercion. The top action it takes first is not
    # counted: this reads the turn as it begins.
    cdef const Player* p = &g.p[seat]
    cdef int res4[4]
    cdef int s, b
    cdef int coerce = faction_ability(g, seat) == FA_COERCION and hand_size(g, seat) > 0
    controlled_resources(g, seat, res4)
    for s in range(4):
        if s == p.last_section and not may_repeat_section(g, seat, s):
            continue
        b = g.rules.mats[p.mat].bottom_of_section[s]
        if bottom_effects_left(p, b) > 0 and res4[b] + coerce >= bottom_cost(g, seat, b):
            return True
    return False


# ---------------------------------------------------------------- rewards
cdef int reward_cells(const GameState* g, int seat, int fixed_cell, uint64_t* out) noexcept nogil:
    # Where rewarded tokens and workers go: the encounter territory (§14), or
    # for the Factory card a territory the player controls with an own worker
    # (Trade's placement rule; the cards' placement is not in the sources).
    cdef int8_t ctl[N_CELLS]
    cdef int c, n = 0
    cdef uint64_t m = 0
    if fixed_cell >= 0:
        out[0] = bit(fixed_cell)
        return 1
    control_map(g, ctl)
    for c in range(1, N_CELLS):
        if own_worker_territory(g, ctl, seat, c):
            m |= bit(c)
            n += 1
    out[0] = m
    return n


cdef int free_action_options(const GameState* g, int32_t* buf) noexcept nogil:
    cdef int seat = g.active, b, n = 0
    cdef int32_t tmp[MAX_OPTIONS]
    for b in range(4):
        if (g.t.rw.free_mask >> b) & 1 and effect_options(g, seat, b, g.t.rw_cell, tmp) > 0:
            buf[n] = b
            n += 1
    buf[n] = 4
    n += 1
    return n


cdef void load_encounter_reward(GameState* g, const EncounterOption* o) noexcept nogil:
    cdef int r
    memset(&g.t.rw, 0, sizeof(Reward))
    g.t.rw.amount[RW_COINS] = o.gain_coins
    g.t.rw.amount[RW_POPULARITY] = o.gain_popularity
    g.t.rw.amount[RW_POWER] = o.gain_power
    g.t.rw.amount[RW_CARDS] = o.gain_cards
    for r in range(4):
        g.t.rw.amount[RW_RES0 + r] = o.gain_res[r]
    g.t.rw.amount[RW_ANY_RES] = o.gain_any_res
    g.t.rw.amount[RW_WORKERS] = o.gain_workers
    if o.free_upgrade:
        g.t.rw.free_mask |= 1 << BOT_UPGRADE
    if o.free_deploy:
        g.t.rw.free_mask |= 1 << BOT_DEPLOY
    if o.free_build:
        g.t.rw.free_mask |= 1 << BOT_BUILD
    if o.free_enlist:
        g.t.rw.free_mask |= 1 << BOT_ENLIST
    g.t.rw.amount[RW_FREE] = 1 if g.t.rw.free_mask else 0
    g.t.rw_part = 0


cdef void load_factory_reward(GameState* g, const FactoryCard* f) noexcept nogil:
    memset(&g.t.rw, 0, sizeof(Reward))
    g.t.rw.amount[RW_COINS] = f.gain_coins
    g.t.rw.amount[RW_POPULARITY] = f.gain_popularity
    g.t.rw.amount[RW_POWER] = f.gain_power
    g.t.rw.amount[RW_CARDS] = f.gain_cards
    g.t.rw.amount[RW_ANY_RES] = f.gain_any_res
    g.t.rw.amount[RW_WORKERS] = f.gain_workers
    g.t.rw.amount[RW_PRODUCE] = f.produce_hexes
    g.t.rw.free_mask = f.free_bottom_mask
    g.t.rw.amount[RW_FREE] = f.free_bottom_count if f.free_bottom_mask else 0
    g.t.rw_part = 0


cdef int encounter_options(const GameState* g, int32_t* buf) noexcept nogil:
    # §14: an option whose full cost the player can pay; Polania may take a
    # second, different option (Meander, §12).
    cdef int seat = g.active, o, n = 0
    cdef const EncounterCard* card = &g.rules.encounters[g.t.enc_card]
    for o in range(3):
        if (g.t.enc_used >> o) & 1:
            continue
        if (g.p[seat].coins >= card.opt[o].cost_coins
                and g.p[seat].popularity >= card.opt[o].cost_popularity):
            buf[n] = o
            n += 1
    if g.t.enc_used != 0:
        buf[n] = 3
        n += 1
    return n
