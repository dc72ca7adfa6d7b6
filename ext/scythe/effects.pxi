# Layer: turn. Uses: state, queries, rules, turn.pxi (init_move).
#
# Applying one option of a pending decision, one function per decision kind
# (turn.pxi apply_effect dispatches on GameState.decision after logging the
# choice). Each sets the phase the turn goes on with; option encodings are in
# state.pxd.

cdef void apply_objective(GameState* g, int32_t opt) noexcept nogil:
    if opt >= 3:
        res_complete_shared(g, opt - 3)    # a resolution's shared objective (resolutions.pxi)
    elif opt > 0:
        reveal_objective(g, opt - 1)
    g.t.phase = g.t.reveal_next


cdef void apply_section(GameState* g, int32_t opt) noexcept nogil:
    cdef int seat = g.decider
    cdef Player* p = &g.p[seat]
    g.t.section = opt
    p.last_section = opt
    g.t.phase = PH_TOP


cdef void apply_top(GameState* g, int32_t opt) noexcept nogil:
    cdef int seat = g.decider
    cdef Player* p = &g.p[seat]
    cdef const FactoryCard* f
    cdef int v, a, bonus, i, pw, pp, pc
    v = opt // 100
    a = (opt // 10) % 10
    bonus = opt % 10
    g.t.top_variant = v
    g.t.bonus_ok = bonus
    g.t.phase = PH_AFTER_TOP
    if v == TV_MOVE:
        init_move(g, False, top_value(p, TC_MOVE_UNITS, TOP_BASE_MOVE_UNITS), PH_AFTER_TOP)
    elif v == TV_GAIN:
        add_coins(g, seat, a)
    elif v == TV_TRADE_RES or v == TV_TRADE_POP:
        add_coins(g, seat, -TOP_TRADE_COST)
        if bonus:
            add_power(g, seat, STRUCTURE_BONUS_AMOUNT)       # Armory (§10)
        if v == TV_TRADE_POP:
            add_popularity(g, seat, a)
        else:
            g.t.trade_left = TOP_TRADE_RESOURCES
            g.t.phase = PH_TRADE
    elif v == TV_BOLSTER_POWER or v == TV_BOLSTER_CARDS:
        add_coins(g, seat, -TOP_BOLSTER_COST)
        if bonus:
            add_popularity(g, seat, STRUCTURE_BONUS_AMOUNT)  # Monument (§10)
        if v == TV_BOLSTER_POWER:
            add_power(g, seat, a)
        else:
            for i in range(a):
                draw_card(g, seat)
    elif v == TV_PRODUCE:
        produce_cost(g, seat, &pw, &pp, &pc)
        add_power(g, seat, -pw)
        add_popularity(g, seat, -pp)
        add_coins(g, seat, -pc)
        g.t.prod_left = top_value(p, TC_PRODUCE_HEXES, TOP_BASE_PRODUCE_HEXES)
        g.t.prod_mill = 1 if p.structure_cell[S_MILL] != OFF_BOARD else 0
        g.t.prod_taken = 0
        g.t.prod_cells = 0
        g.t.prod_ret = PH_AFTER_TOP
        g.t.phase = PH_PRODUCE
    elif v == TV_FACTORY:
        f = &g.rules.factory[p.factory_card]
        add_coins(g, seat, -f.cost_coins)
        add_popularity(g, seat, -f.cost_popularity)
        add_power(g, seat, -f.cost_power)
        g.t.pay_cards_left = f.cost_cards
        g.t.pay_type = -1
        g.t.pay_types_used = 0
        if f.cost_distinct_res > 0:
            g.t.pay_distinct = 1
            g.t.pay_left = f.cost_distinct_res
        else:
            g.t.pay_distinct = 0
            g.t.pay_left = f.cost_any_res
        g.t.pay_ret = PH_FACTORY_TOP_REWARD
        g.t.phase = PH_DISCARD


cdef void apply_move_unit(GameState* g, int32_t opt) noexcept nogil:
    cdef int seat = g.decider
    cdef int u
    if opt == 0:
        g.t.mv_units_left = 0
        g.t.phase = PH_MOVE_END
    else:
        u = opt - 1
        g.t.mv_unit = u
        g.t.moved |= <uint16_t>(1 << u)
        g.t.mv_units_left -= 1
        if u == AIR_UNIT:
            air_start_move(g, seat)      # the airship (airships.pxi)
            return
        g.t.mv_steps_left = max_steps(g, seat, u)
        g.t.mv_steps_taken = 0
        g.t.phase = PH_MOVE_STEP


cdef void apply_move_step(GameState* g, int32_t opt) noexcept nogil:
    cdef int seat = g.decider
    cdef int r, u
    if opt == 0:
        g.t.phase = PH_UNIT_DONE
    else:
        g.t.mv_dest = opt
        g.t.carry_fine = 0
        u = g.t.mv_unit
        if (g.t.mv_steps_taken > 0 and not (u >= UNIT_MECH0 and u < UNIT_WORKER0
                                            and has_ability(g, seat, AB_SPEED))):
            # Only a Speed mech picks up and drops on the way (§11.1, §23); any
            # other unit keeps what it set off with until its move ends (§8.2).
            g.t.phase = PH_DO_STEP
        else:
            g.t.carry_workers = 0
            for r in range(4):
                g.t.carry_res[r] = 0
            g.t.phase = PH_CARRY_WORKERS


cdef void apply_carry_workers(GameState* g, int32_t opt) noexcept nogil:
    cdef int seat = g.decider
    cdef Player* p = &g.p[seat]
    cdef int c, u, nm, nu
    # a workers that already moved this action, b that did not; which
    # ones within each group does not matter (identical pieces).
    nm = opt // 16
    nu = opt % 16
    c = p.unit_cell[g.t.mv_unit]
    g.t.carry_workers = 0
    for u in range(UNIT_WORKER0, N_UNITS):
        if p.unit_cell[u] != c:
            continue
        if (g.t.moved >> u) & 1:
            if nm > 0:
                g.t.carry_workers |= <uint16_t>(1 << (u - UNIT_WORKER0))
                nm -= 1
        elif nu > 0:
            g.t.carry_workers |= <uint16_t>(1 << (u - UNIT_WORKER0))
            nu -= 1
    g.t.carry_type = 0
    g.t.phase = PH_CARRY_RES


cdef void apply_carry_res(GameState* g, int32_t opt) noexcept nogil:
    cdef int seat = g.decider
    cdef Player* p = &g.p[seat]
    cdef int c
    g.t.carry_res[g.t.carry_type] = opt
    c = p.unit_cell[g.t.mv_unit]
    if (g.cell_res[c][g.t.carry_type] >= 2 * CARRY_STEP and not g.t.carry_fine
            and not lake_forces_resources(g, seat, g.t.mv_unit, c)):
        g.t.carry_fine = 1           # now the exact count from this multiple on
    else:
        g.t.carry_fine = 0
        g.t.carry_type += 1


cdef void apply_trade(GameState* g, int32_t opt) noexcept nogil:
    if opt == 0:
        g.t.trade_left = 0
    else:
        g.cell_res[opt // 4][opt % 4] += 1
        g.t.trade_left -= 1


cdef void apply_produce(GameState* g, int32_t opt) noexcept nogil:
    cdef int seat = g.decider
    cdef Player* p = &g.p[seat]
    cdef int a, c
    if opt == 0:
        g.t.phase = g.t.prod_ret
    else:
        c = opt // 16
        a = opt % 16
        produce_at(g, c, a)
        g.t.prod_cells |= bit(c)
        g.t.prod_taken += 1
        if g.t.prod_mill and p.structure_cell[S_MILL] == c:
            g.t.prod_mill = 0        # the Mill's bonus territory (§10)
        else:
            g.t.prod_left -= 1


cdef void apply_bottom(GameState* g, int32_t opt) noexcept nogil:
    cdef int seat = g.decider
    cdef Player* p = &g.p[seat]
    g.t.phase = PH_AFTER_BOTTOM
    # taken, with its effect (1: and its coins, 2: without them); 3 and 4 decline the effect
    if g.t.bottom_payable and (opt == 1 or opt == 2):
        g.bottom_taken[seat] += 1
    if opt != 0:
        if g.t.section == 4:
            init_move(g, True, 1, PH_AFTER_BOTTOM)
        else:
            g.t.bot = g.rules.mats[p.mat].bottom_of_section[g.t.section]
            g.t.bot_src = SRC_MAT
            g.t.bot_coins_ok = 1 if (opt == 1 or opt == 3) else 0
            g.t.bot_effect_ok = 1 if (opt == 1 or opt == 2) else 0
            # Benefits are those exposed before the action starts (§6): a recruit
            # enlisted by this very Enlist pays its ongoing bonus from the next one.
            g.t.bot_own_recruit = p.recruit_enlisted[g.t.bot]
            g.t.eff_cell = -1
            g.t.eff_ret = PH_BOTTOM_FINISH
            g.t.pay_type = g.t.bot
            g.t.pay_distinct = 0
            g.t.pay_types_used = 0
            g.t.pay_left = bottom_cost(g, seat, g.t.bot)
            g.t.pay_ret = PH_BOTTOM_EFFECT
            g.t.phase = PH_PAY


cdef void apply_pay(GameState* g, int32_t opt) noexcept nogil:
    cdef int seat = g.decider
    cdef Player* p = &g.p[seat]
    if opt >= 1000:
        discard_card(g, seat, opt - 1000)      # Coercion (§12)
        p.coercion_used = 1
    elif opt < 4:
        g.wg.cargo[seat][opt] -= 1      # a token aboard the airship (airships.pxi)
        g.t.pay_types_used |= <uint8_t>(1 << opt)
    else:
        g.cell_res[opt // 4][opt % 4] -= 1
        g.t.pay_types_used |= <uint8_t>(1 << (opt % 4))
    g.t.pay_left -= 1


cdef void apply_discard(GameState* g, int32_t opt) noexcept nogil:
    cdef int seat = g.decider
    discard_card(g, seat, opt)
    g.t.pay_cards_left -= 1


cdef void apply_bottom_effect(GameState* g, int32_t opt) noexcept nogil:
    cdef int seat = g.decider
    apply_effect_option(g, seat, g.t.bot, opt)
    g.t.phase = g.t.eff_ret


cdef void apply_combat_order(GameState* g, int32_t opt) noexcept nogil:
    start_combat(g, opt)
    g.t.phase = PH_COMBAT_PRE


cdef void apply_artillery(GameState* g, int32_t opt) noexcept nogil:
    cdef int seat = g.decider
    cdef int side, o
    if opt:
        side = g.t.cb_stage // 3
        o = g.t.cb_seat[1 - side]
        add_power(g, seat, -ARTILLERY_COST)
        add_power(g, o, -ARTILLERY_LOSS)
        emit(g, EV_ABILITY, seat, AB_ARTILLERY, o, ARTILLERY_LOSS, 0, 0)
    g.t.cb_stage += 1


cdef void apply_scout(GameState* g, int32_t opt) noexcept nogil:
    cdef int seat = g.decider
    cdef int side
    if opt:
        side = g.t.cb_stage // 3
        scout_steal(g, seat, g.t.cb_seat[1 - side])
    g.t.cb_stage += 1


cdef void apply_dial(GameState* g, int32_t opt) noexcept nogil:
    g.t.cb_dial[g.t.cb_stage] = opt
    g.t.phase = PH_COMBAT_CARDS


cdef void apply_cards(GameState* g, int32_t opt) noexcept nogil:
    cdef int side
    side = g.t.cb_stage
    g.t.cb_cards[side][0] = opt % 8
    g.t.cb_cards[side][1] = (opt // 8) % 8
    g.t.cb_cards[side][2] = (opt // 64) % 8
    g.t.cb_cards[side][3] = (opt // 512) % 8
    if side == 0:
        g.t.cb_stage = 1
        g.t.phase = PH_COMBAT_DIAL
    else:
        g.t.phase = PH_COMBAT_RESOLVE


cdef void apply_retreat(GameState* g, int32_t opt) noexcept nogil:
    g.t.cb_retreat_to = opt
    g.t.phase = PH_COMBAT_FINISH


cdef void apply_encounter(GameState* g, int32_t opt) noexcept nogil:
    cdef int seat = g.decider
    cdef Player* p = &g.p[seat]
    cdef const EncounterOption* eo
    if opt == 3:
        g.t.enc_picks_left = 0
        g.t.phase = PH_ENCOUNTER_AFTER
    else:
        eo = &g.rules.encounters[g.t.enc_card].opt[opt]
        add_coins(g, seat, -eo.cost_coins)
        add_popularity(g, seat, -eo.cost_popularity)
        g.t.enc_used |= <uint8_t>(1 << opt)
        g.t.enc_picks_left -= 1
        if g.t.enc_picks_left == 0 and faction_ability(g, seat) == FA_MEANDER:
            emit(g, EV_ABILITY, seat, FA_MEANDER, opt, 0, 0, 1)   # the second option (§12)
        load_encounter_reward(g, eo)
        g.t.rw_src = SRC_ENCOUNTER
        g.t.rw_cell = p.unit_cell[UNIT_CHARACTER]
        g.t.rw_ret = PH_ENCOUNTER_AFTER
        g.t.phase = PH_REWARD


cdef void apply_gain_amount(GameState* g, int32_t opt) noexcept nogil:
    cdef int seat = g.decider
    cdef int k = g.t.rw_part
    if k < RW_RES0:
        gain(g, seat, k, opt)           # RW_COINS .. RW_CARDS are Gain codes
    else:
        g.cell_res[g.t.rw_cell][k - RW_RES0] += opt
    g.t.rw_part += 1


cdef void apply_gain_res(GameState* g, int32_t opt) noexcept nogil:
    if opt == 0:
        g.t.rw_part += 1
    else:
        g.cell_res[opt // 4][opt % 4] += 1
        g.t.rw.amount[RW_ANY_RES] -= 1
        if g.t.rw.amount[RW_ANY_RES] <= 0:
            g.t.rw_part += 1


cdef void apply_gain_worker(GameState* g, int32_t opt) noexcept nogil:
    cdef int seat = g.decider
    cdef Player* p = &g.p[seat]
    cdef int u
    if opt == 0:
        g.t.rw_part += 1
    else:
        u = next_mat_worker(g, seat)
        if u >= 0:
            p.unit_cell[u] = opt
        g.t.rw.amount[RW_WORKERS] -= 1
        if g.t.rw.amount[RW_WORKERS] <= 0 or workers_on_mat(g, seat) == 0:
            g.t.rw_part += 1


cdef void apply_free_action(GameState* g, int32_t opt) noexcept nogil:
    if opt == 4:
        g.t.rw_part += 1
    else:
        g.t.bot = opt
        g.t.bot_src = g.t.rw_src
        g.t.bot_coins_ok = 0
        g.t.bot_effect_ok = 1
        g.t.eff_cell = g.t.rw_cell
        g.t.eff_ret = PH_FREE_EFFECT_DONE
        g.t.phase = PH_BOTTOM_EFFECT


cdef void apply_factory_pick(GameState* g, int32_t opt) noexcept nogil:
    cdef int seat = g.decider
    cdef Player* p = &g.p[seat]
    cdef int i, k
    # The choice is final; the rest stay on the board for later visitors (§15).
    p.factory_card = opt
    k = 0
    for i in range(g.n_factory_offer):
        if g.factory_offer[i] != opt:
            g.factory_offer[k] = g.factory_offer[i]
            k += 1
    g.n_factory_offer = k
    emit(g, EV_FACTORY, seat, g.rules.factory[opt].id, 0, 0, 0, 0)
    g.t.phase = PH_MOVE_DONE
