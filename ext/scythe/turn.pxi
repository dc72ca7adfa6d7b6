# Layer: turn. Uses: state, queries, rules.
#
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
#
# Here: the three dispatches of the machine, each on one field of the state,
# and `advance`. run_phase -> one function per phase (phases.pxi);
# legal_options -> one function per decision kind (options.pxi, or the rules
# file that lists that kind's options); apply_effect -> one function per
# decision kind (effects.pxi).

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
    if ph == PH_TURN_START:
        return phase_turn_start(g)
    elif ph == PH_AUTOMA:
        return phase_automa(g)
    elif ph == PH_REVEAL:
        return phase_reveal(g)
    elif ph == PH_SECTION:
        return phase_section(g)
    elif ph == PH_TOP:
        return phase_top(g)
    elif ph == PH_AFTER_TOP:
        return phase_after_top(g)
    elif ph == PH_BOTTOM:
        return phase_bottom(g)
    elif ph == PH_AFTER_BOTTOM:
        return phase_after_bottom(g)
    elif ph == PH_END_TURN:
        return phase_end_turn(g)

    # ------------------------------------------------------------ Move
    elif ph == PH_MOVE_UNIT:
        return phase_move_unit(g)
    elif ph == PH_MOVE_STEP:
        return phase_move_step(g)
    elif ph == PH_CARRY_WORKERS:
        return phase_carry_workers(g)
    elif ph == PH_CARRY_RES:
        return phase_carry_res(g)
    elif ph == PH_DO_STEP:
        return phase_do_step(g)
    elif ph == PH_UNIT_DONE:
        return phase_unit_done(g)
    elif ph == PH_MOVE_END:
        return phase_move_end(g)

    # ------------------------------------------------------------ combat
    elif ph == PH_COMBAT_SELECT:
        return phase_combat_select(g)
    elif ph == PH_COMBAT_PRE:
        return phase_combat_pre(g)
    elif ph == PH_COMBAT_DIAL:
        return phase_combat_dial(g)
    elif ph == PH_COMBAT_CARDS:
        return phase_combat_cards(g)
    elif ph == PH_COMBAT_RESOLVE:
        return phase_combat_resolve(g)
    elif ph == PH_COMBAT_RETREAT:
        return phase_combat_retreat(g)
    elif ph == PH_COMBAT_FINISH:
        return phase_combat_finish(g)

    # ------------------------------------------------------------ after the Move
    elif ph == PH_POST_MOVE:
        return phase_post_move(g)
    elif ph == PH_ENCOUNTER_CHOOSE:
        return phase_encounter_choose(g)
    elif ph == PH_ENCOUNTER_AFTER:
        return phase_encounter_after(g)
    elif ph == PH_FACTORY_CHECK:
        return phase_factory_check(g)
    elif ph == PH_FACTORY_PICK:
        return phase_factory_pick(g)
    elif ph == PH_MOVE_DONE:
        return phase_move_done(g)

    # ------------------------------------------------------------ Trade, Produce, paying
    elif ph == PH_TRADE:
        return phase_trade(g)
    elif ph == PH_PRODUCE:
        return phase_produce(g)
    elif ph == PH_DISCARD:
        return phase_discard(g)
    elif ph == PH_PAY:
        return phase_pay(g)

    # ------------------------------------------------------------ bottom row
    elif ph == PH_BOTTOM_EFFECT:
        return phase_bottom_effect(g)
    elif ph == PH_BOTTOM_FINISH:
        return phase_bottom_finish(g)

    # ------------------------------------------------------------ rewards
    elif ph == PH_REWARD:
        return phase_reward(g)
    elif ph == PH_FREE_EFFECT_DONE:
        return phase_free_effect_done(g)
    elif ph == PH_FACTORY_TOP_REWARD:
        return phase_factory_top_reward(g)
    elif ph >= PH_AIR_CARGO and ph <= PH_AIR_STOPPED:
        return air_phase(g)
    # PH_GAME_OVER or an unknown phase
    end_game(g, END_ENGINE_ERROR)
    return 0


cdef int legal_options(GameState* g, int32_t* buf) noexcept nogil:
    """Options of the pending decision, ascending, into buf; the count."""
    cdef int kind = g.decision
    cdef int seat = g.decider
    if kind == DK_NONE or g.end_reason != END_NOT_OVER or seat < 0:
        return 0
    if kind == DK_OBJECTIVE:
        return reveal_options(g, buf)
    elif kind == DK_SECTION:
        return section_options(g, buf)
    elif kind == DK_TOP:
        return top_options(g, buf)
    elif kind == DK_BOTTOM:
        return bottom_options(g, buf)
    elif kind == DK_MOVE_UNIT:
        return options_move_unit(g, buf)
    elif kind == DK_MOVE_STEP:
        return options_move_step(g, buf)
    elif kind == DK_CARRY_WORKERS:
        return options_carry_workers(g, buf)
    elif kind == DK_CARRY_RES:
        return options_carry_res(g, buf)
    elif kind == DK_TRADE:
        return options_trade(g, buf)
    elif kind == DK_PRODUCE:
        return options_produce(g, buf)
    elif kind == DK_PAY:
        return pay_options(g, buf)
    elif kind == DK_DISCARD:
        return discard_options(g, buf)
    elif kind >= DK_UPGRADE and kind <= DK_ENLIST:
        return effect_options(g, seat, g.t.bot, g.t.eff_cell, buf)
    elif kind == DK_COMBAT_ORDER:
        return options_combat_order(g, buf)
    elif kind == DK_ARTILLERY or kind == DK_SCOUT:
        return options_artillery_or_scout(g, buf)
    elif kind == DK_DIAL:
        return options_dial(g, buf)
    elif kind == DK_CARDS:
        return options_cards(g, buf)
    elif kind == DK_RETREAT:
        return options_retreat(g, buf)
    elif kind == DK_ENCOUNTER:
        return encounter_options(g, buf)
    elif kind == DK_GAIN_AMOUNT:
        return options_gain_amount(g, buf)
    elif kind == DK_GAIN_RES:
        return options_gain_res(g, buf)
    elif kind == DK_GAIN_WORKER:
        return options_gain_worker(g, buf)
    elif kind == DK_FREE_ACTION:
        return free_action_options(g, buf)
    elif kind == DK_FACTORY_PICK:
        return options_factory_pick(g, buf)
    elif kind >= DK_AIR_CARGO and kind <= DK_AIR_SWAP:
        return air_options(g, buf)
    return 0


cdef void apply_effect(GameState* g, int32_t opt, int auto) noexcept nogil:
    """Apply option `opt` of the pending decision (assumed legal)."""
    cdef int kind = g.decision
    emit(g, EV_DECISION, g.decider, kind, opt, g.decision_aux, 0, auto)
    g.n_decisions += 1
    g.decision = DK_NONE
    if kind == DK_OBJECTIVE:
        apply_objective(g, opt)
    elif kind == DK_SECTION:
        apply_section(g, opt)
    elif kind == DK_TOP:
        apply_top(g, opt)
    elif kind == DK_MOVE_UNIT:
        apply_move_unit(g, opt)
    elif kind == DK_MOVE_STEP:
        apply_move_step(g, opt)
    elif kind == DK_CARRY_WORKERS:
        apply_carry_workers(g, opt)
    elif kind == DK_CARRY_RES:
        apply_carry_res(g, opt)
    elif kind == DK_TRADE:
        apply_trade(g, opt)
    elif kind == DK_PRODUCE:
        apply_produce(g, opt)
    elif kind == DK_BOTTOM:
        apply_bottom(g, opt)
    elif kind == DK_PAY:
        apply_pay(g, opt)
    elif kind == DK_DISCARD:
        apply_discard(g, opt)
    elif kind >= DK_UPGRADE and kind <= DK_ENLIST:
        apply_bottom_effect(g, opt)
    elif kind == DK_COMBAT_ORDER:
        apply_combat_order(g, opt)
    elif kind == DK_ARTILLERY:
        apply_artillery(g, opt)
    elif kind == DK_SCOUT:
        apply_scout(g, opt)
    elif kind == DK_DIAL:
        apply_dial(g, opt)
    elif kind == DK_CARDS:
        apply_cards(g, opt)
    elif kind == DK_RETREAT:
        apply_retreat(g, opt)
    elif kind == DK_ENCOUNTER:
        apply_encounter(g, opt)
    elif kind == DK_GAIN_AMOUNT:
        apply_gain_amount(g, opt)
    elif kind == DK_GAIN_RES:
        apply_gain_res(g, opt)
    elif kind == DK_GAIN_WORKER:
        apply_gain_worker(g, opt)
    elif kind == DK_FREE_ACTION:
        apply_free_action(g, opt)
    elif kind == DK_FACTORY_PICK:
        apply_factory_pick(g, opt)
    elif kind >= DK_AIR_CARGO and kind <= DK_AIR_SWAP:
        air_apply(g, kind, opt)


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
