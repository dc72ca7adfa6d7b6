# Layer: turn. Uses: state, queries, rules, turn.pxi (pose, init_move, reset_turn).
#
# The phases of a turn, one function each (turn.pxi run_phase dispatches on
# GameState.t.phase): a phase either poses a decision (returns 1, via pose) or
# does its forced step and names the next phase (returns 0). Turn order and the
# rulebook sections are in turn.pxi's header.

cdef int phase_turn_start(GameState* g) noexcept nogil:
    cdef int seat = g.active
    cdef Player* p = &g.p[seat]
    reset_turn(g)
    p.coercion_used = 0
    emit(g, EV_TURN, seat, g.turn, 0, 0, 0, 0)
    if g.rules.wg.airships_on:
        air_turn_start(g, seat)      # the tiles' turn_start rules (airships.pxi)
    if seat == g.automa.seat:
        g.t.phase = PH_AUTOMA        # the Automa's turn is its card (Rulebook 003)
        return 0
    g.t.bottom_payable = bottom_payable_now(g, seat)
    g.bottom_chances[seat] += g.t.bottom_payable
    g.t.reveal_next = PH_SECTION
    g.t.phase = PH_REVEAL
    return 0


cdef int phase_automa(GameState* g) noexcept nogil:
    # The Automa plays its card; an attack stops it until the combat is fought
    # (the human commits as defender, the Automa draws its side: automa.pxi).
    if automa_turn(g) == ATR_COMBAT:
        start_combat(g, g.automa.combat_cell)
        g.t.phase = PH_COMBAT_PRE
        return 0
    if g.end_reason == END_NOT_OVER:
        g.t.phase = PH_END_TURN
    return 0


cdef int phase_reveal(GameState* g) noexcept nogil:
    cdef int seat = g.active
    cdef int32_t tmp[MAX_OPTIONS]
    if reveal_options(g, tmp) > 0:
        return pose(g, DK_OBJECTIVE, seat, 0)
    g.t.phase = g.t.reveal_next
    return 0


cdef int phase_section(GameState* g) noexcept nogil:
    cdef int seat = g.active
    return pose(g, DK_SECTION, seat, 0)


cdef int phase_top(GameState* g) noexcept nogil:
    cdef int seat = g.active
    return pose(g, DK_TOP, seat, g.t.section)


cdef int phase_after_top(GameState* g) noexcept nogil:
    check_all_stars(g)
    g.t.reveal_next = PH_BOTTOM
    g.t.phase = PH_REVEAL
    return 0


cdef int phase_bottom(GameState* g) noexcept nogil:
    cdef int seat = g.active
    return pose(g, DK_BOTTOM, seat, g.t.section)


cdef int phase_after_bottom(GameState* g) noexcept nogil:
    check_all_stars(g)
    g.t.reveal_next = PH_END_TURN
    g.t.phase = PH_REVEAL
    return 0


cdef int phase_end_turn(GameState* g) noexcept nogil:
    cdef int seat = g.active
    cdef Player* p = &g.p[seat]
    p.turns += 1
    g.turn += 1
    if g.wg.end_turn and g.turn >= g.wg.end_turn:
        res_end(g)                   # the resolution's end (resolutions.pxi)
        return 0
    if g.turn >= g.rules.turn_cap:
        end_game(g, END_TURN_CAP)
        return 0
    g.active = (g.active + 1) % g.n_players
    g.t.phase = PH_TURN_START
    return 0


# ------------------------------------------------------------ Move

cdef int phase_move_unit(GameState* g) noexcept nogil:
    cdef int seat = g.active
    cdef int u
    if g.t.mv_units_left > 0:
        for u in range(N_UNITS):
            if unit_can_move(g, seat, u):
                return pose(g, DK_MOVE_UNIT, seat, g.t.mv_units_left)
        if g.rules.wg.airships_on and air_can_move(g, seat):
            return pose(g, DK_MOVE_UNIT, seat, g.t.mv_units_left)
    g.t.phase = PH_MOVE_END
    return 0


cdef int phase_move_step(GameState* g) noexcept nogil:
    cdef int seat = g.active
    if g.t.mv_steps_left <= 0:
        g.t.phase = PH_UNIT_DONE
        return 0
    return pose(g, DK_MOVE_STEP, seat, g.t.mv_unit)


cdef int phase_carry_workers(GameState* g) noexcept nogil:
    cdef int seat = g.active
    cdef Player* p = &g.p[seat]
    cdef int c
    c = p.unit_cell[g.t.mv_unit]
    g.t.carry_workers = 0
    if g.t.mv_unit >= UNIT_MECH0 and g.t.mv_unit < UNIT_WORKER0 and workers_of_on(g, seat, c) > 0:
        return pose(g, DK_CARRY_WORKERS, seat, c)
    g.t.carry_type = 0
    g.t.phase = PH_CARRY_RES
    return 0


cdef int phase_carry_res(GameState* g) noexcept nogil:
    cdef int seat = g.active
    cdef Player* p = &g.p[seat]
    cdef int c
    c = p.unit_cell[g.t.mv_unit]
    while g.t.carry_type < 4 and g.cell_res[c][g.t.carry_type] <= 0:
        g.t.carry_res[g.t.carry_type] = 0
        g.t.carry_type += 1
    if g.t.carry_type < 4:
        return pose(g, DK_CARRY_RES, seat, g.t.carry_type)
    g.t.phase = PH_DO_STEP
    return 0


cdef int phase_do_step(GameState* g) noexcept nogil:
    do_step(g)
    g.t.phase = PH_MOVE_STEP
    return 0


cdef int phase_unit_done(GameState* g) noexcept nogil:
    cdef int k
    g.t.carry_workers = 0
    for k in range(4):
        g.t.carry_res[k] = 0
    g.t.mv_unit = -1
    g.t.phase = PH_MOVE_UNIT if g.t.mv_units_left > 0 else PH_MOVE_END
    return 0


cdef int phase_move_end(GameState* g) noexcept nogil:
    combat_cells_now(g)
    g.t.phase = PH_COMBAT_SELECT
    return 0


# ------------------------------------------------------------ combat

cdef int phase_combat_select(GameState* g) noexcept nogil:
    cdef int seat = g.active
    cdef int c, n, k
    cdef uint64_t m
    m = g.t.combat_cells
    n = 0
    for c in range(1, N_CELLS):
        if (m >> c) & 1:
            if plastic_of_on(g, seat, c) > 0 and enemy_plastic_on(g, seat, c):
                n += 1
                k = c
            else:
                g.t.combat_cells &= ~bit(c)
    if n == 0:
        g.t.phase = PH_POST_MOVE
        return 0
    if n == 1:
        start_combat(g, k)
        g.t.phase = PH_COMBAT_PRE
        return 0
    return pose(g, DK_COMBAT_ORDER, seat, n)


cdef int phase_combat_pre(GameState* g) noexcept nogil:
    cdef int c, side, k, s, o
    # Attacker's advantage: the attacker's combat ability first, then the
    # defender's (§13.2). Stage = 3*side + (0 Disarm, 1 Artillery, 2 Scout).
    c = g.t.cb_cell
    while g.t.cb_stage < 6:
        side = g.t.cb_stage // 3
        k = g.t.cb_stage % 3
        s = g.t.cb_seat[side]
        o = g.t.cb_seat[1 - side]
        if k == 0:
            if disarm_applies(g, s, c):
                add_power(g, o, -DISARM_LOSS)
                emit(g, EV_ABILITY, s, AB_DISARM, o, DISARM_LOSS, 0, 0)
        elif k == 1:
            if has_ability(g, s, AB_ARTILLERY) and g.p[s].power >= ARTILLERY_COST:
                return pose(g, DK_ARTILLERY, s, side)
        else:
            if has_ability(g, s, AB_SCOUT) and hand_size(g, o) > 0:
                return pose(g, DK_SCOUT, s, side)
        g.t.cb_stage += 1
    g.t.cb_stage = 0
    g.t.phase = PH_COMBAT_DIAL
    return 0


cdef int phase_combat_dial(GameState* g) noexcept nogil:
    if g.t.cb_seat[g.t.cb_stage] == g.automa.seat:
        # The Automa commits nothing in advance: its card is drawn after the human's
        # choice (Rulebook 003 p.10), at PH_COMBAT_RESOLVE.
        if g.t.cb_stage == 0:
            g.t.cb_stage = 1
        else:
            g.t.phase = PH_COMBAT_RESOLVE
        return 0
    return pose(g, DK_DIAL, g.t.cb_seat[g.t.cb_stage], g.t.cb_stage)


cdef int phase_combat_cards(GameState* g) noexcept nogil:
    cdef int s
    s = g.t.cb_seat[g.t.cb_stage]
    return pose(g, DK_CARDS, s, combat_card_limit(g, s, g.t.cb_cell))


cdef int phase_combat_resolve(GameState* g) noexcept nogil:
    cdef int side
    for side in range(2):
        if g.t.cb_seat[side] == g.automa.seat:
            g.t.cb_dial[side] = automa_combat_commit(g, g.t.cb_cards[side])
    resolve_combat(g)
    g.t.phase = PH_COMBAT_RETREAT
    return 0


cdef int phase_combat_retreat(GameState* g) noexcept nogil:
    if retreat_lakes(g, g.t.cb_loser, g.t.cb_cell) != 0:
        return pose(g, DK_RETREAT, g.t.cb_loser, g.t.cb_cell)
    g.t.cb_retreat_to = base_cell(g, g.t.cb_loser)
    g.t.phase = PH_COMBAT_FINISH
    return 0


cdef int phase_combat_finish(GameState* g) noexcept nogil:
    cdef int seat = g.active
    finish_combat(g)
    g.t.phase = PH_COMBAT_SELECT
    if seat == g.automa.seat and g.end_reason == END_NOT_OVER:
        # The Automa's attack is fought: its conquest effects, then its card goes on.
        automa_attack_resolved(g, g.t.cb_winner == seat)
        g.t.phase = PH_AUTOMA
    return 0


# ------------------------------------------------------------ after the Move

cdef int phase_post_move(GameState* g) noexcept nogil:
    cdef int seat = g.active
    cdef Player* p = &g.p[seat]
    cdef int c, i
    # §14: the character still on an encounter token after all combats
    # has the encounter: discard the token, draw one card.
    c = p.unit_cell[UNIT_CHARACTER]
    if is_territory(g, c) and g.encounter_token[c] and g.n_encounter_deck > 0:
        g.encounter_token[c] = 0
        g.t.enc_card = g.encounter_deck[0]
        for i in range(1, g.n_encounter_deck):
            g.encounter_deck[i - 1] = g.encounter_deck[i]
        g.n_encounter_deck -= 1
        g.t.enc_used = 0
        g.t.enc_picks_left = 2 if faction_ability(g, seat) == FA_MEANDER else 1
        emit(g, EV_ENCOUNTER, seat, g.rules.encounters[g.t.enc_card].id, c, 0, 0, 0)
        g.t.phase = PH_ENCOUNTER_CHOOSE
        return 0
    g.t.phase = PH_FACTORY_CHECK
    return 0


cdef int phase_encounter_choose(GameState* g) noexcept nogil:
    cdef int seat = g.active
    return pose(g, DK_ENCOUNTER, seat, g.rules.encounters[g.t.enc_card].id)


cdef int phase_encounter_after(GameState* g) noexcept nogil:
    cdef int seat = g.active
    check_track_stars(g, seat)
    if g.end_reason != END_NOT_OVER:
        return 0
    if g.t.enc_picks_left > 0:
        g.t.phase = PH_ENCOUNTER_CHOOSE
        return 0
    # the card goes face down under the deck (§14)
    g.encounter_deck[g.n_encounter_deck] = g.t.enc_card
    g.n_encounter_deck += 1
    g.t.enc_card = -1
    g.t.phase = PH_FACTORY_CHECK
    return 0


cdef int phase_factory_check(GameState* g) noexcept nogil:
    cdef int seat = g.active
    cdef Player* p = &g.p[seat]
    cdef int c
    # §15: the character on the Factory when the Move is finished (after
    # any combat it won) takes a Factory card, once per game.
    c = p.unit_cell[UNIT_CHARACTER]
    if c == g.rules.factory_cell and p.factory_card < 0 and g.n_factory_offer > 0:
        g.t.phase = PH_FACTORY_PICK
        return pose(g, DK_FACTORY_PICK, seat, g.n_factory_offer)
    g.t.phase = PH_MOVE_DONE
    return 0


cdef int phase_factory_pick(GameState* g) noexcept nogil:
    cdef int seat = g.active
    return pose(g, DK_FACTORY_PICK, seat, g.n_factory_offer)


cdef int phase_move_done(GameState* g) noexcept nogil:
    g.t.phase = g.t.mv_ret
    return 0


# ------------------------------------------------------------ Trade, Produce, paying

cdef int phase_trade(GameState* g) noexcept nogil:
    cdef int seat = g.active
    if g.t.trade_left <= 0:
        g.t.phase = PH_AFTER_TOP
        return 0
    return pose(g, DK_TRADE, seat, g.t.trade_left)


cdef int phase_produce(GameState* g) noexcept nogil:
    cdef int seat = g.active
    cdef int32_t tmp[MAX_OPTIONS]
    if produce_options(g, tmp, g.t.prod_left, g.t.prod_mill, g.t.prod_cells) == 0:
        g.t.phase = g.t.prod_ret
        return 0
    return pose(g, DK_PRODUCE, seat, g.t.prod_left)


cdef int phase_discard(GameState* g) noexcept nogil:
    cdef int seat = g.active
    if g.t.pay_cards_left <= 0:
        g.t.phase = PH_PAY
        return 0
    return pose(g, DK_DISCARD, seat, g.t.pay_cards_left)


cdef int phase_pay(GameState* g) noexcept nogil:
    cdef int seat = g.active
    if g.t.pay_left <= 0:
        g.t.phase = g.t.pay_ret
        return 0
    return pose(g, DK_PAY, seat, g.t.pay_type)


# ------------------------------------------------------------ bottom row

cdef int phase_bottom_effect(GameState* g) noexcept nogil:
    cdef int seat = g.active
    cdef int32_t tmp[MAX_OPTIONS]
    if g.t.bot_effect_ok and effect_options(g, seat, g.t.bot, g.t.eff_cell, tmp) > 0:
        return pose(g, DK_UPGRADE + g.t.bot, seat, g.t.bot_src)
    g.t.phase = g.t.eff_ret
    return 0


cdef int phase_bottom_finish(GameState* g) noexcept nogil:
    cdef int seat = g.active
    cdef Player* p = &g.p[seat]
    cdef int left, right, b
    # §19.3 order: the actor's benefit and coins, its own recruit bonus,
    # then the left neighbour's and the right neighbour's (2 players:
    # once); stars follow in PH_AFTER_BOTTOM.
    b = g.t.bot
    if g.t.bot_coins_ok:
        add_coins(g, seat, g.rules.mats[p.mat].bottom_coins[b])
    if g.t.bot_own_recruit:
        recruit_bonus(g, seat, b)
    left = (seat + 1) % g.n_players
    right = (seat + g.n_players - 1) % g.n_players
    recruit_bonus(g, left, b)
    if right != left:
        recruit_bonus(g, right, b)
    g.t.phase = PH_AFTER_BOTTOM
    return 0


# ------------------------------------------------------------ rewards

cdef int phase_reward(GameState* g) noexcept nogil:
    cdef int seat = g.active
    cdef int32_t tmp[MAX_OPTIONS]
    cdef int n, part
    cdef uint64_t m
    while g.t.rw_part < RW_DONE:
        part = g.t.rw_part
        n = g.t.rw.amount[part]
        if n <= 0:
            g.t.rw_part += 1
            continue
        if part <= RW_CARDS:
            return pose(g, DK_GAIN_AMOUNT, seat, part)
        if part < RW_ANY_RES:
            if g.t.rw_cell > 0:
                return pose(g, DK_GAIN_AMOUNT, seat, part)
        elif part == RW_ANY_RES:
            if reward_cells(g, seat, g.t.rw_cell, &m) > 0:
                return pose(g, DK_GAIN_RES, seat, n)
        elif part == RW_WORKERS:
            if workers_on_mat(g, seat) > 0 and reward_cells(g, seat, g.t.rw_cell, &m) > 0:
                return pose(g, DK_GAIN_WORKER, seat, n)
        elif part == RW_PRODUCE:
            g.t.rw_part += 1
            g.t.prod_left = n
            g.t.prod_mill = 0          # the Mill does not serve the Factory card (§15)
            g.t.prod_taken = 0
            g.t.prod_cells = 0
            g.t.prod_ret = PH_REWARD
            g.t.phase = PH_PRODUCE
            return 0
        elif part == RW_FREE:
            if free_action_options(g, tmp) > 1:
                return pose(g, DK_FREE_ACTION, seat, g.t.rw.free_mask)
        g.t.rw_part += 1
    g.t.phase = g.t.rw_ret
    return 0


cdef int phase_free_effect_done(GameState* g) noexcept nogil:
    g.t.rw.free_mask &= ~(1 << g.t.bot)
    g.t.rw.amount[RW_FREE] -= 1
    g.t.phase = PH_REWARD
    return 0


cdef int phase_factory_top_reward(GameState* g) noexcept nogil:
    cdef int seat = g.active
    cdef Player* p = &g.p[seat]
    load_factory_reward(g, &g.rules.factory[p.factory_card])
    g.t.rw_src = SRC_FACTORY
    g.t.rw_cell = -1
    g.t.rw_ret = PH_AFTER_TOP
    g.t.phase = PH_REWARD
    return 0
