# The decision machine (DESIGN.md principle 2).
#
# `advance` runs the turn's phases until some player must decide; forced
# steps and chance events are resolved on the way. A decision with exactly one
# legal option is applied at once (every kind; the log marks it "auto"), so a
# policy only ever sees decisions with at least two options.
#
# Turn (digest §6): turn start -> [objective reveal] -> section -> top action
# (or skip) -> [stars] -> [objective reveal] -> bottom action (or skip) ->
# [stars] -> [objective reveal] -> next player. A Move (mat top action or the
# Factory card's bottom action) resolves its combats, the encounter and the
# Factory card before the turn goes on (§13.1, §14, §15).

cdef inline int pose(GameState* g, int kind, int decider, int aux) noexcept nogil:
    g.decision = kind
    g.decider = decider
    g.decision_aux = aux
    return 1


cdef void init_move(GameState* g, bint factory, int units, int ret) noexcept nogil:
    cdef int u
    g.t.mv_factory = 1 if factory else 0
    g.t.mv_units_left = units
    g.t.mv_unit = -1
    g.t.moved = 0
    g.t.carry_workers = 0
    for u in range(N_UNITS):
        g.t.came_from[u] = -1
    for u in range(4):
        g.t.carry_res[u] = 0
    memset(g.t.came_res, 0, sizeof(g.t.came_res))
    g.t.mv_ret = ret
    g.t.combat_cells = 0
    g.t.phase = PH_MOVE_UNIT


cdef void reset_turn(GameState* g) noexcept nogil:
    cdef int u
    memset(&g.t, 0, sizeof(TurnCtx))
    for u in range(N_UNITS):
        g.t.came_from[u] = -1
    g.t.mv_unit = -1
    g.t.cb_cell = -1
    g.t.cb_winner = -1
    g.t.cb_loser = -1
    g.t.enc_card = -1
    g.t.rw_cell = -1
    g.t.eff_cell = -1
    g.t.pay_type = -1
    g.t.section = -1


cdef int run_phase(GameState* g) noexcept nogil:
    """Run the current phase: 1 if it posed a decision, 0 if it moved on."""
    cdef int ph = g.t.phase
    cdef int seat = g.active
    cdef Player* p = &g.p[seat]
    cdef int32_t tmp[MAX_OPTIONS]
    cdef int c, u, n, side, k, s, o, part, left, right, b, i
    cdef uint64_t m

    if ph == PH_TURN_START:
        reset_turn(g)
        p.coercion_used = 0
        emit(g, EV_TURN, seat, g.turn, 0, 0, 0, 0)
        if seat == g.automa.seat:
            g.t.phase = PH_AUTOMA        # the Automa's turn is its card (Rulebook 003)
            return 0
        g.t.reveal_next = PH_SECTION
        g.t.phase = PH_REVEAL
        return 0
    if ph == PH_AUTOMA:
        # The Automa plays its card; an attack stops it until the combat is fought
        # (the human commits as defender, the Automa draws its side: automa.pxi).
        if automa_turn(g) == ATR_COMBAT:
            start_combat(g, g.automa.combat_cell)
            g.t.phase = PH_COMBAT_PRE
            return 0
        if g.end_reason == END_NOT_OVER:
            g.t.phase = PH_END_TURN
        return 0
    if ph == PH_REVEAL:
        if reveal_options(g, tmp) > 0:
            return pose(g, DK_OBJECTIVE, seat, 0)
        g.t.phase = g.t.reveal_next
        return 0
    if ph == PH_SECTION:
        return pose(g, DK_SECTION, seat, 0)
    if ph == PH_TOP:
        return pose(g, DK_TOP, seat, g.t.section)
    if ph == PH_AFTER_TOP:
        check_all_stars(g)
        g.t.reveal_next = PH_BOTTOM
        g.t.phase = PH_REVEAL
        return 0
    if ph == PH_BOTTOM:
        return pose(g, DK_BOTTOM, seat, g.t.section)
    if ph == PH_AFTER_BOTTOM:
        check_all_stars(g)
        g.t.reveal_next = PH_END_TURN
        g.t.phase = PH_REVEAL
        return 0
    if ph == PH_END_TURN:
        p.turns += 1
        g.turn += 1
        if g.turn >= g.rules.turn_cap:
            end_game(g, END_TURN_CAP)
            return 0
        g.active = (g.active + 1) % g.n_players
        g.t.phase = PH_TURN_START
        return 0

    # ------------------------------------------------------------ Move
    if ph == PH_MOVE_UNIT:
        if g.t.mv_units_left > 0:
            for u in range(N_UNITS):
                if unit_can_move(g, seat, u):
                    return pose(g, DK_MOVE_UNIT, seat, g.t.mv_units_left)
        g.t.phase = PH_MOVE_END
        return 0
    if ph == PH_MOVE_STEP:
        if g.t.mv_steps_left <= 0:
            g.t.phase = PH_UNIT_DONE
            return 0
        return pose(g, DK_MOVE_STEP, seat, g.t.mv_unit)
    if ph == PH_CARRY_WORKERS:
        c = p.unit_cell[g.t.mv_unit]
        g.t.carry_workers = 0
        if g.t.mv_unit >= UNIT_MECH0 and g.t.mv_unit < UNIT_WORKER0 and workers_of_on(g, seat, c) > 0:
            return pose(g, DK_CARRY_WORKERS, seat, c)
        g.t.carry_type = 0
        g.t.phase = PH_CARRY_RES
        return 0
    if ph == PH_CARRY_RES:
        c = p.unit_cell[g.t.mv_unit]
        while g.t.carry_type < 4 and g.cell_res[c][g.t.carry_type] <= 0:
            g.t.carry_res[g.t.carry_type] = 0
            g.t.carry_type += 1
        if g.t.carry_type < 4:
            return pose(g, DK_CARRY_RES, seat, g.t.carry_type)
        g.t.phase = PH_DO_STEP
        return 0
    if ph == PH_DO_STEP:
        do_step(g)
        g.t.phase = PH_MOVE_STEP
        return 0
    if ph == PH_UNIT_DONE:
        g.t.carry_workers = 0
        for k in range(4):
            g.t.carry_res[k] = 0
        g.t.mv_unit = -1
        g.t.phase = PH_MOVE_UNIT if g.t.mv_units_left > 0 else PH_MOVE_END
        return 0
    if ph == PH_MOVE_END:
        combat_cells_now(g)
        g.t.phase = PH_COMBAT_SELECT
        return 0

    # ------------------------------------------------------------ combat
    if ph == PH_COMBAT_SELECT:
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
    if ph == PH_COMBAT_PRE:
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
    if ph == PH_COMBAT_DIAL:
        if g.t.cb_seat[g.t.cb_stage] == g.automa.seat:
            # The Automa commits nothing in advance: its card is drawn after the human's
            # choice (Rulebook 003 p.10), at PH_COMBAT_RESOLVE.
            if g.t.cb_stage == 0:
                g.t.cb_stage = 1
            else:
                g.t.phase = PH_COMBAT_RESOLVE
            return 0
        return pose(g, DK_DIAL, g.t.cb_seat[g.t.cb_stage], g.t.cb_stage)
    if ph == PH_COMBAT_CARDS:
        s = g.t.cb_seat[g.t.cb_stage]
        return pose(g, DK_CARDS, s, combat_card_limit(g, s, g.t.cb_cell))
    if ph == PH_COMBAT_RESOLVE:
        for side in range(2):
            if g.t.cb_seat[side] == g.automa.seat:
                g.t.cb_dial[side] = automa_combat_commit(g, g.t.cb_cards[side])
        resolve_combat(g)
        g.t.phase = PH_COMBAT_RETREAT
        return 0
    if ph == PH_COMBAT_RETREAT:
        if retreat_lakes(g, g.t.cb_loser, g.t.cb_cell) != 0:
            return pose(g, DK_RETREAT, g.t.cb_loser, g.t.cb_cell)
        g.t.cb_retreat_to = base_cell(g, g.t.cb_loser)
        g.t.phase = PH_COMBAT_FINISH
        return 0
    if ph == PH_COMBAT_FINISH:
        finish_combat(g)
        g.t.phase = PH_COMBAT_SELECT
        if seat == g.automa.seat and g.end_reason == END_NOT_OVER:
            # The Automa's attack is fought: its conquest effects, then its card goes on.
            automa_attack_resolved(g, g.t.cb_winner == seat)
            g.t.phase = PH_AUTOMA
        return 0

    # ------------------------------------------------------------ after the Move
    if ph == PH_POST_MOVE:
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
    if ph == PH_ENCOUNTER_CHOOSE:
        return pose(g, DK_ENCOUNTER, seat, g.rules.encounters[g.t.enc_card].id)
    if ph == PH_ENCOUNTER_AFTER:
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
    if ph == PH_FACTORY_CHECK:
        # §15: the character on the Factory when the Move is finished (after
        # any combat it won) takes a Factory card, once per game.
        c = p.unit_cell[UNIT_CHARACTER]
        if c == g.rules.factory_cell and p.factory_card < 0 and g.n_factory_offer > 0:
            g.t.phase = PH_FACTORY_PICK
            return pose(g, DK_FACTORY_PICK, seat, g.n_factory_offer)
        g.t.phase = PH_MOVE_DONE
        return 0
    if ph == PH_FACTORY_PICK:
        return pose(g, DK_FACTORY_PICK, seat, g.n_factory_offer)
    if ph == PH_MOVE_DONE:
        g.t.phase = g.t.mv_ret
        return 0

    # ------------------------------------------------------------ Trade, Produce, paying
    if ph == PH_TRADE:
        if g.t.trade_left <= 0:
            g.t.phase = PH_AFTER_TOP
            return 0
        return pose(g, DK_TRADE, seat, g.t.trade_left)
    if ph == PH_PRODUCE:
        if produce_options(g, tmp, g.t.prod_left, g.t.prod_mill, g.t.prod_cells) == 0:
            g.t.phase = g.t.prod_ret
            return 0
        return pose(g, DK_PRODUCE, seat, g.t.prod_left)
    if ph == PH_DISCARD:
        if g.t.pay_cards_left <= 0:
            g.t.phase = PH_PAY
            return 0
        return pose(g, DK_DISCARD, seat, g.t.pay_cards_left)
    if ph == PH_PAY:
        if g.t.pay_left <= 0:
            g.t.phase = g.t.pay_ret
            return 0
        return pose(g, DK_PAY, seat, g.t.pay_type)

    # ------------------------------------------------------------ bottom row
    if ph == PH_BOTTOM_EFFECT:
        if g.t.bot_effect_ok and effect_options(g, seat, g.t.bot, g.t.eff_cell, tmp) > 0:
            return pose(g, DK_UPGRADE + g.t.bot, seat, g.t.bot_src)
        g.t.phase = g.t.eff_ret
        return 0
    if ph == PH_BOTTOM_FINISH:
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
    if ph == PH_REWARD:
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
    if ph == PH_FREE_EFFECT_DONE:
        g.t.rw.free_mask &= ~(1 << g.t.bot)
        g.t.rw.amount[RW_FREE] -= 1
        g.t.phase = PH_REWARD
        return 0
    if ph == PH_FACTORY_TOP_REWARD:
        load_factory_reward(g, &g.rules.factory[p.factory_card])
        g.t.rw_src = SRC_FACTORY
        g.t.rw_cell = -1
        g.t.rw_ret = PH_AFTER_TOP
        g.t.phase = PH_REWARD
        return 0
    # PH_GAME_OVER or an unknown phase
    end_game(g, END_ENGINE_ERROR)
    return 0


cdef int legal_options(GameState* g, int32_t* buf) noexcept nogil:
    """Options of the pending decision, ascending, into buf; the count."""
    cdef int kind = g.decision
    cdef int seat = g.decider
    cdef int n = 0, u, c, a, b, r, k, nm, nu, n2, n3, n4, n5, lim, i, j, t
    cdef uint64_t m
    cdef int8_t ctl[N_CELLS]
    cdef Player* p
    if kind == DK_NONE or g.end_reason != END_NOT_OVER or seat < 0:
        return 0
    p = &g.p[seat]
    if kind == DK_OBJECTIVE:
        return reveal_options(g, buf)
    if kind == DK_SECTION:
        return section_options(g, buf)
    if kind == DK_TOP:
        return top_options(g, buf)
    if kind == DK_BOTTOM:
        return bottom_options(g, buf)
    if kind == DK_MOVE_UNIT:
        buf[n] = 0
        n += 1
        for u in range(N_UNITS):
            if unit_can_move(g, seat, u):
                buf[n] = 1 + u
                n += 1
        return n
    if kind == DK_MOVE_STEP:
        if g.t.mv_steps_taken > 0:
            buf[n] = 0
            n += 1
        m = step_targets(g, seat, g.t.mv_unit, p.unit_cell[g.t.mv_unit])
        for c in range(1, N_CELLS):
            if (m >> c) & 1:
                buf[n] = c
                n += 1
        return n
    if kind == DK_CARRY_WORKERS:
        c = p.unit_cell[g.t.mv_unit]
        nm = 0
        nu = 0
        for u in range(UNIT_WORKER0, N_UNITS):
            if p.unit_cell[u] == c:
                if (g.t.moved >> u) & 1:
                    nm += 1
                else:
                    nu += 1
        if lake_forces_workers(g, seat, g.t.mv_unit, c):
            buf[0] = 16 * nm + nu
            return 1
        for a in range(nm + 1):
            for b in range(nu + 1):
                buf[n] = 16 * a + b
                n += 1
        return n
    if kind == DK_CARRY_RES:
        c = p.unit_cell[g.t.mv_unit]
        k = g.cell_res[c][g.t.carry_type]
        if lake_forces_resources(g, seat, g.t.mv_unit, c):
            buf[0] = k
            return 1
        if k < 2 * CARRY_STEP:
            for a in range(k + 1):
                buf[n] = a
                n += 1
        elif not g.t.carry_fine:
            a = 0
            while a <= k:
                buf[n] = a
                n += 1
                a += CARRY_STEP
        else:
            b = g.t.carry_res[g.t.carry_type]
            for a in range(b, min(b + CARRY_STEP - 1, k) + 1):
                buf[n] = a
                n += 1
        return n
    if kind == DK_TRADE:
        # Each token on any own-worker territory: the two may be split (digest
        # §24.1 recommendation; the seed's "a territory" is read as a placement rule).
        if g.t.trade_left < TOP_TRADE_RESOURCES:
            buf[n] = 0
            n += 1
        control_map(g, ctl)
        for c in range(1, N_CELLS):
            if own_worker_territory(g, ctl, seat, c):
                for r in range(4):
                    buf[n] = 4 * c + r
                    n += 1
        return n
    if kind == DK_PRODUCE:
        if g.t.prod_taken > 0:
            buf[n] = 0
            n += 1
        return n + produce_options(g, buf + n, g.t.prod_left, g.t.prod_mill, g.t.prod_cells)
    if kind == DK_PAY:
        return pay_options(g, buf)
    if kind == DK_DISCARD:
        return discard_options(g, buf)
    if kind >= DK_UPGRADE and kind <= DK_ENLIST:
        return effect_options(g, seat, g.t.bot, g.t.eff_cell, buf)
    if kind == DK_COMBAT_ORDER:
        for c in range(1, N_CELLS):
            if (g.t.combat_cells >> c) & 1:
                buf[n] = c
                n += 1
        return n
    if kind == DK_ARTILLERY or kind == DK_SCOUT:
        buf[0] = 0
        buf[1] = 1
        return 2
    if kind == DK_DIAL:
        for a in range(dial_max(g, seat) + 1):
            buf[n] = a
            n += 1
        return n
    if kind == DK_CARDS:
        lim = combat_card_limit(g, seat, g.t.cb_cell)
        for n5 in range(min(lim, p.hand[3]) + 1):
            for n4 in range(min(lim - n5, p.hand[2]) + 1):
                for n3 in range(min(lim - n5 - n4, p.hand[1]) + 1):
                    for n2 in range(min(lim - n5 - n4 - n3, p.hand[0]) + 1):
                        buf[n] = n2 + 8 * n3 + 64 * n4 + 512 * n5
                        n += 1
        return n
    if kind == DK_RETREAT:
        m = retreat_lakes(g, seat, g.t.cb_cell) | bit(base_cell(g, seat))
        for c in range(1, N_CELLS):
            if (m >> c) & 1:
                buf[n] = c
                n += 1
        return n
    if kind == DK_ENCOUNTER:
        return encounter_options(g, buf)
    if kind == DK_GAIN_AMOUNT:
        for a in range(g.t.rw.amount[g.t.rw_part] + 1):
            buf[n] = a
            n += 1
        return n
    if kind == DK_GAIN_RES:
        buf[n] = 0
        n += 1
        reward_cells(g, seat, g.t.rw_cell, &m)
        for c in range(1, N_CELLS):
            if (m >> c) & 1:
                for r in range(4):
                    buf[n] = 4 * c + r
                    n += 1
        return n
    if kind == DK_GAIN_WORKER:
        buf[n] = 0
        n += 1
        reward_cells(g, seat, g.t.rw_cell, &m)
        for c in range(1, N_CELLS):
            if (m >> c) & 1:
                buf[n] = c
                n += 1
        return n
    if kind == DK_FREE_ACTION:
        return free_action_options(g, buf)
    if kind == DK_FACTORY_PICK:
        for i in range(g.n_factory_offer):
            buf[i] = g.factory_offer[i]
        n = g.n_factory_offer
        for i in range(1, n):            # ascending
            j = i
            while j > 0 and buf[j - 1] > buf[j]:
                t = buf[j]
                buf[j] = buf[j - 1]
                buf[j - 1] = t
                j -= 1
        return n
    return 0


cdef void apply_effect(GameState* g, int32_t opt, int auto) noexcept nogil:
    """Apply option `opt` of the pending decision (assumed legal)."""
    cdef int kind = g.decision
    cdef int seat = g.decider
    cdef Player* p = &g.p[seat]
    cdef int v, a, bonus, c, r, u, i, k, side, o, pw, pp, pc
    cdef int nm, nu
    cdef const FactoryCard* f
    cdef const EncounterOption* eo
    emit(g, EV_DECISION, seat, kind, opt, g.decision_aux, 0, auto)
    g.n_decisions += 1
    g.decision = DK_NONE
    if kind == DK_OBJECTIVE:
        if opt > 0:
            reveal_objective(g, opt - 1)
        g.t.phase = g.t.reveal_next
    elif kind == DK_SECTION:
        g.t.section = opt
        p.last_section = opt
        g.t.phase = PH_TOP
    elif kind == DK_TOP:
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
    elif kind == DK_MOVE_UNIT:
        if opt == 0:
            g.t.mv_units_left = 0
            g.t.phase = PH_MOVE_END
        else:
            u = opt - 1
            g.t.mv_unit = u
            g.t.moved |= <uint16_t>(1 << u)
            g.t.mv_units_left -= 1
            g.t.mv_steps_left = max_steps(g, seat, u)
            g.t.mv_steps_taken = 0
            g.t.phase = PH_MOVE_STEP
    elif kind == DK_MOVE_STEP:
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
    elif kind == DK_CARRY_WORKERS:
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
    elif kind == DK_CARRY_RES:
        g.t.carry_res[g.t.carry_type] = opt
        c = p.unit_cell[g.t.mv_unit]
        if (g.cell_res[c][g.t.carry_type] >= 2 * CARRY_STEP and not g.t.carry_fine
                and not lake_forces_resources(g, seat, g.t.mv_unit, c)):
            g.t.carry_fine = 1           # now the exact count from this multiple on
        else:
            g.t.carry_fine = 0
            g.t.carry_type += 1
    elif kind == DK_TRADE:
        if opt == 0:
            g.t.trade_left = 0
        else:
            g.cell_res[opt // 4][opt % 4] += 1
            g.t.trade_left -= 1
    elif kind == DK_PRODUCE:
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
    elif kind == DK_BOTTOM:
        g.t.phase = PH_AFTER_BOTTOM
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
    elif kind == DK_PAY:
        if opt >= 1000:
            discard_card(g, seat, opt - 1000)      # Coercion (§12)
            p.coercion_used = 1
        else:
            g.cell_res[opt // 4][opt % 4] -= 1
            g.t.pay_types_used |= <uint8_t>(1 << (opt % 4))
        g.t.pay_left -= 1
    elif kind == DK_DISCARD:
        discard_card(g, seat, opt)
        g.t.pay_cards_left -= 1
    elif kind >= DK_UPGRADE and kind <= DK_ENLIST:
        apply_effect_option(g, seat, g.t.bot, opt)
        g.t.phase = g.t.eff_ret
    elif kind == DK_COMBAT_ORDER:
        start_combat(g, opt)
        g.t.phase = PH_COMBAT_PRE
    elif kind == DK_ARTILLERY:
        if opt:
            side = g.t.cb_stage // 3
            o = g.t.cb_seat[1 - side]
            add_power(g, seat, -ARTILLERY_COST)
            add_power(g, o, -ARTILLERY_LOSS)
            emit(g, EV_ABILITY, seat, AB_ARTILLERY, o, ARTILLERY_LOSS, 0, 0)
        g.t.cb_stage += 1
    elif kind == DK_SCOUT:
        if opt:
            side = g.t.cb_stage // 3
            scout_steal(g, seat, g.t.cb_seat[1 - side])
        g.t.cb_stage += 1
    elif kind == DK_DIAL:
        g.t.cb_dial[g.t.cb_stage] = opt
        g.t.phase = PH_COMBAT_CARDS
    elif kind == DK_CARDS:
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
    elif kind == DK_RETREAT:
        g.t.cb_retreat_to = opt
        g.t.phase = PH_COMBAT_FINISH
    elif kind == DK_ENCOUNTER:
        if opt == 3:
            g.t.enc_picks_left = 0
            g.t.phase = PH_ENCOUNTER_AFTER
        else:
            eo = &g.rules.encounters[g.t.enc_card].opt[opt]
            add_coins(g, seat, -eo.cost_coins)
            add_popularity(g, seat, -eo.cost_popularity)
            g.t.enc_used |= <uint8_t>(1 << opt)
            g.t.enc_picks_left -= 1
            load_encounter_reward(g, eo)
            g.t.rw_src = SRC_ENCOUNTER
            g.t.rw_cell = p.unit_cell[UNIT_CHARACTER]
            g.t.rw_ret = PH_ENCOUNTER_AFTER
            g.t.phase = PH_REWARD
    elif kind == DK_GAIN_AMOUNT:
        k = g.t.rw_part
        if k == RW_COINS:
            add_coins(g, seat, opt)
        elif k == RW_POPULARITY:
            add_popularity(g, seat, opt)
        elif k == RW_POWER:
            add_power(g, seat, opt)
        elif k == RW_CARDS:
            for i in range(opt):
                draw_card(g, seat)
        else:
            g.cell_res[g.t.rw_cell][k - RW_RES0] += opt
        g.t.rw_part += 1
    elif kind == DK_GAIN_RES:
        if opt == 0:
            g.t.rw_part += 1
        else:
            g.cell_res[opt // 4][opt % 4] += 1
            g.t.rw.amount[RW_ANY_RES] -= 1
            if g.t.rw.amount[RW_ANY_RES] <= 0:
                g.t.rw_part += 1
    elif kind == DK_GAIN_WORKER:
        if opt == 0:
            g.t.rw_part += 1
        else:
            u = next_mat_worker(g, seat)
            if u >= 0:
                p.unit_cell[u] = opt
            g.t.rw.amount[RW_WORKERS] -= 1
            if g.t.rw.amount[RW_WORKERS] <= 0 or workers_on_mat(g, seat) == 0:
                g.t.rw_part += 1
    elif kind == DK_FREE_ACTION:
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
    elif kind == DK_FACTORY_PICK:
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


cdef int advance(GameState* g, int32_t* buf) noexcept nogil:
    """Run forced steps until a decision with 2+ options is pending (its
    options are left in buf and counted) or the game is over (0)."""
    cdef int n
    while True:
        if g.end_reason != END_NOT_OVER:
            g.decision = DK_NONE
            g.decider = -1
            return 0
        if run_phase(g):
            n = legal_options(g, buf)
            if n == 1:
                apply_effect(g, buf[0], 1)
                continue
            if n <= 0:
                end_game(g, END_ENGINE_ERROR)
                return 0
            return n


cdef int apply_option(GameState* g, int32_t opt) noexcept nogil:
    """Apply a legal option and advance; -1 (state unchanged) if illegal."""
    cdef int32_t buf[MAX_OPTIONS]
    cdef int n = legal_options(g, buf), i
    cdef bint found = False
    for i in range(n):
        if buf[i] == opt:
            found = True
            break
    if not found:
        return -1
    apply_effect(g, opt, 0)
    advance(g, buf)
    return 0
