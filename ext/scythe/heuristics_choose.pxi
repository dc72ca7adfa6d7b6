# Scoring one option of every decision kind (h_score), and the policy's entry point
# (heuristic_choose: best score, ties on the seat's own stream).
# (Part of the compiled heuristics; heuristics_values.pxi has the header.)

# ---------------------------------------------------------------- scoring one option

cdef double h_encounter(HCtx* h, int o) noexcept nogil:
    cdef const GameState* g = h.g
    cdef const EncounterOption* e
    cdef double v = 0.0, best, x
    cdef int r, i, b, have[4]
    if o == 3:
        return 0.0
    e = &g.rules.encounters[g.t.enc_card].opt[o]
    v -= e.cost_coins
    v += h_pop(h, e.gain_popularity - e.cost_popularity)
    v += e.gain_coins
    v += h_power(h, e.gain_power)
    v += h_cards(h, e.gain_cards)
    for r in range(4):
        have[r] = h.res[r]
        v += h_toks(h, r, have[r], e.gain_res[r])
        have[r] += e.gain_res[r]
    for i in range(e.gain_any_res):
        best = 0.0
        b = 0
        for r in range(4):
            x = h_tok(h, r, have[r])
            if x > best:
                best = x
                b = r
        have[b] += 1
        v += best
    for i in range(e.gain_workers):
        if i < h.on_mat:
            v += h_worker_val(h, h.wk_board + i)
    best = 0.0
    if e.free_upgrade and h.eff[BOT_UPGRADE] > best:
        best = h.eff[BOT_UPGRADE]
    if e.free_deploy and h.eff[BOT_DEPLOY] > best:
        best = h.eff[BOT_DEPLOY]
    if e.free_build and h.eff[BOT_BUILD] > best:
        best = h.eff[BOT_BUILD]
    if e.free_enlist and h.eff[BOT_ENLIST] > best:
        best = h.eff[BOT_ENLIST]
    return v + best


cdef double h_build_cell(HCtx* h, int c, int s) noexcept nogil:
    # Where to build: the structure-bonus tile, the Mill's production, and
    # holding a territory that the workers may leave.
    cdef GameState* tmp = &h.scratch
    cdef const GameState* g = h.g
    cdef double v = 0.0
    cdef int before, after
    h_counts(h)
    if h.w[HW_TILE] != 0.0 and structure_tile_kind(g) >= 0:
        memcpy(tmp, g, sizeof(GameState))
        tmp.events = NULL
        h.tops_ready = False        # the scratch copy is reused
        before = structure_bonus_coins(tmp, h.seat)
        tmp.p[h.seat].structure_cell[s] = c
        after = structure_bonus_coins(tmp, h.seat)
        v += h.w[HW_TILE] * (after - before)
    if s == S_MILL:
        v += 0.3 * h.turns_left / 3.0 * h_cell_prod(h, c, h.my_workers[c] + 1)
    v += 0.2 * h_terr(h, c)
    if h.threat[c]:
        v -= 0.3
    return v


cdef double h_score(HCtx* h, int kind, int32_t opt) noexcept nogil:
    cdef const GameState* g = h.g
    cdef const Player* p = &g.p[h.seat]
    cdef int c, r, a, b, k, u, cell, nm, nu, src, dial, cards, need
    cdef int gain[4]
    cdef double v, x
    if g.rules.wg.airships_on and h_air_move_option(kind, opt):
        return h_air_score(h, kind, opt)   # the Wind Gambit's airship (heuristics_airships.pxi)
    if kind == DK_OBJECTIVE:
        # A met objective is a star now (§16): reveal it (unless, as the 6th star, it
        # would end a game this seat is losing: h_win_bonus).
        return (1.0 + h_win_bonus(h)) if opt > 0 else 0.0
    if kind == DK_SECTION:
        return h_section(h, opt)
    if kind == DK_TOP:
        return h_top_total(h, opt, g.t.section, gain, True)
    if kind == DK_BOTTOM:
        if g.t.section == 4:
            return h_move_plan(h, 1, True) if opt == 1 else 0.0
        b = g.rules.mats[p.mat].bottom_of_section[g.t.section]
        if opt == 0:
            return 0.0
        v = -h_spend(h, b, h.res[b], h.cost[b])
        if opt == 1:
            return v + h.bval[b]
        if opt == 2:
            return v + h.bval[b] - g.rules.mats[p.mat].bottom_coins[b]
        if opt == 3:
            return v + h.coinsonly[b]
        return v + h.coinsonly[b] - g.rules.mats[p.mat].bottom_coins[b]
    if kind == DK_MOVE_UNIT:
        h_board(h)
        if opt == 0:
            return h.w[HW_MOVE_MIN]
        u = opt - 1
        k = max_steps(g, h.seat, u)
        return h_unit_best(h, u, p.unit_cell[u], k, &cell)
    if kind == DK_MOVE_STEP:
        h_board(h)
        u = g.t.mv_unit
        src = p.unit_cell[u]
        if opt == 0:
            return 0.0
        v = h_unit_delta(h, u, src, opt)
        if g.t.mv_steps_left > 1 and not h_stops(h, u, opt):
            # the best place reachable through opt (the rest of the steps)
            x = h_via(h, u, src, opt, g.t.mv_steps_left - 1)
            if x > v:
                v = x
        if H_STEP_ON:
            v += h_step_corr(h, u, src, opt)
        return v
    if kind == DK_CARRY_WORKERS:
        h_board(h)
        nm = opt // 16
        nu = opt % 16
        return h_carry_workers(h, nm + nu, nm)
    if kind == DK_CARRY_RES:
        h_counts(h)
        return h_carry_res(h, opt)
    if kind == DK_TRADE:
        return h_trade(h, opt)
    if kind == DK_PRODUCE:
        if opt == 0:
            return 0.0
        c = opt // 16
        a = opt % 16
        return h_cell_prod(h, c, a)
    if kind == DK_PAY:
        h_counts(h)
        if opt >= 1000:
            # Coercion: a combat card stands in for a token (§12).
            r = g.t.pay_type if g.t.pay_type >= 0 else 0
            return h_tok(h, r, h.res[r] - 1) - h.w[HW_CARD] * (0.6 + 0.15 * (opt - 1002))
        c = opt // 4
        return 0.1 * h.threat[c] - 0.001 * (opt % 4)
    if kind == DK_DISCARD:
        return -opt
    if kind == DK_UPGRADE:
        return (h_upgrade_top(h, opt // 4) + h_upgrade_bottom(h, opt % 4)
                + h_upgrade_pick(h, opt // 4, opt % 4))
    if kind == DK_DEPLOY:
        h_board(h)
        c = opt // 4
        return h_ability(h, opt % 4) + h.mech_pot[c] + 0.3 * h.threat[c] * h.my_workers[c]
    if kind == DK_BUILD:
        return h_structure(h, opt % 4) + h_build_cell(h, opt // 4, opt % 4)
    if kind == DK_ENLIST:
        return h_recruit(h, opt // 4) + h_onetime(h, opt % 4)
    if kind == DK_COMBAT_ORDER:
        h_counts(h)
        return h_edge(h, h.en_seat[opt], opt, h.my_plastic[opt]) if h.en_seat[opt] >= 0 else 0.0
    if kind == DK_ARTILLERY:
        # 1 power for the opponent's 2 (§11.3).
        k = g.t.cb_seat[1 - h_my_side(g, h.seat)]
        return 1.0 if (opt == 1 and g.p[k].power > 0) else 0.0
    if kind == DK_SCOUT:
        return 1.0 if opt == 1 else 0.0
    if kind == DK_DIAL:
        h_commit_memo(h, -1, &dial, &cards)
        return -(opt - dial if opt > dial else dial - opt)
    if kind == DK_CARDS:
        h_commit_memo(h, g.t.cb_dial[h_my_side(g, h.seat)], &dial, &cards)
        if opt == cards:
            return 1.0
        k = h_cards_total(opt) - h_cards_total(cards)
        # the planned total is out of reach: the nearest total, with fewer cards
        return (-(k if k > 0 else -k)
                - 0.01 * (opt % 8 + (opt // 8) % 8 + (opt // 64) % 8 + opt // 512))
    if kind == DK_RETREAT:
        # An adjacent lake keeps the units on the board (Seaworthy).
        return 0.0 if opt == base_cell(g, h.seat) else 1.0
    if kind == DK_ENCOUNTER:
        return h_encounter(h, opt)
    if kind == DK_GAIN_AMOUNT:
        # Partial rewards are for the rare gain that hurts.
        return opt
    if kind == DK_GAIN_RES:
        if opt == 0:
            return 0.0
        r = opt % 4
        return h_tok(h, r, h.res[r]) + 0.001
    if kind == DK_GAIN_WORKER:
        if opt == 0:
            return 0.0
        return h_worker_val(h, h.wk_board) + 0.1 * h_cell_prod(h, opt, h_own_workers(h, opt) + 1)
    if kind == DK_FREE_ACTION:
        if opt == 4:
            return 0.0
        return h.eff[opt]
    if kind == DK_FACTORY_PICK:
        return h_factory_pick(h, opt)
    return 0.0


cdef double h_factory_pick(HCtx* h, int card) noexcept nogil:
    cdef int gain[4]
    cdef int r
    cdef double v = h_factory_top(h, card, gain)
    for r in range(4):
        if gain[r] > 0:
            v += h_toks(h, r, h.res[r], gain[r])
    return v


# ---------------------------------------------------------------- the policy

# Whether a Top decision may take its values from the Section decision just
# before it (SectionMemo). Off only in the test that checks the games are the
# same either way.
cdef bint h_reuse_decisions = True


def _set_decision_reuse(bint on):
    """Testing hook: turn the Section -> Top value reuse on or off."""
    global h_reuse_decisions
    h_reuse_decisions = on


cdef int32_t heuristic_choose(const GameState* g, int seat, int policy_id, const double* w,
                              SeatPolicy* sp, const int32_t* options, int n) noexcept nogil:
    """Pick one of `options` for `seat` at the pending decision: the best
    scored, ties broken uniformly on the seat's own stream."""
    cdef HCtx* h = &sp.h
    cdef double sc[MAX_OPTIONS]
    cdef double best = H_NEG
    cdef int i, k, nbest
    cdef int kind = g.decision
    if n <= 1:
        return options[0]
    if not (kind == DK_TOP and h_top_from_memo(g, &h.section_memo, options, n, sc)):
        h_begin(h, g, seat, w)
        if kind == DK_SECTION and h_reuse_decisions:
            h.section_memo.g = g
            h.section_memo.n_decisions = g.n_decisions
            h.section_memo.turn = g.turn
            h.section_memo.have = 0
        for i in range(n):
            sc[i] = h_score(h, kind, options[i])
    for i in range(n):
        if sc[i] > best:
            best = sc[i]
    nbest = 0
    for i in range(n):
        if sc[i] >= best - 1.0e-7:
            nbest += 1
    if nbest == 1:
        for i in range(n):
            if sc[i] >= best - 1.0e-7:
                return options[i]
    k = rng_below(&sp.rng, nbest)
    for i in range(n):
        if sc[i] >= best - 1.0e-7:
            if k == 0:
                return options[i]
            k -= 1
    return options[0]
