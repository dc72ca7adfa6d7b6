# Starting a decision: h_begin keeps the caches of an unchanged position, h_init
# derives the seat's values (tokens, bottom actions, tiers, turns left) from the position.
# (Part of the compiled heuristics; heuristics_values.pxi has the header.)

# ---------------------------------------------------------------- context

cdef inline size_t h_position_bytes(const GameState* g) noexcept nogil:
    # The position part of the state: every player, the board's tokens and
    # encounters, the decks and the factions in play (GameState.p up to
    # GameState.active). The turn context, the bookkeeping and the chance
    # stream lie outside it.
    return <size_t>(<const char*>&g.active - <const char*>&g.p[0])


cdef void h_begin(HCtx* h, const GameState* g, int seat, const double* w) noexcept nogil:
    # Start a decision. In the same game, seat and position as the seat's last
    # decision (and with the same mover, which control depends on), everything
    # h_init derives and every cache of the position is still right: only what
    # depends on the turn context is dropped (the listed top options, a Move
    # plan made before other units moved, and the look-ahead's memo unless the
    # top options and the Move plan are the same again).
    # Seat-adapted (W_ADAPT > 0), two more inputs lie outside the position bytes: the
    # Automa's state (its clock, threat reach and combat deck: h_adapt_clock,
    # h_automa_threat, h_automa_cdf), and, with 5 stars, every seat's coins (h_win_bonus
    # scores the game as it stands; its value is folded into the bottom effects, the
    # track values and the combat star). Then those must be the same too. With the Wind
    # Gambit on, h_air_begin reads the airships' state and a timed resolution's game turn.
    cdef int i
    cdef bint adapt = w[HW_ADAPT] > 0.0
    cdef bint coins_read = adapt and g.p[seat].stars == N_STARS - 1
    cdef bint wg_on = g.rules.wg.airships_on or g.wg.resolution >= 0
    h.commit_fixed = -2             # the combat plan reads the turn context (one decision)
    if h.seen_ok:
        # Otherwise coins, the last section taken and the turns taken are no
        # input of any of those (only the option listings and h_coins_next read
        # them, and the top options are listed anew each decision), so a change
        # of these alone keeps them: the kept copy takes their current values
        # before the comparison.
        for i in range(g.n_players):
            if not coins_read:
                h.seen.p[i].coins = g.p[i].coins
            h.seen.p[i].last_section = g.p[i].last_section
            h.seen.p[i].turns = g.p[i].turns
    if (h_reuse_decisions and h.seen_ok and h.g == g and h.seat == seat and h.w_src == w
            and h.seen_active == g.active
            and memcmp(&h.seen.p[0], &g.p[0], h_position_bytes(g)) == 0
            and not (adapt and memcmp(&h.seen.automa, &g.automa, sizeof(AutomaState)) != 0)
            # the Wind Gambit: h_air_begin reads the airships' state and, under a timed
            # resolution, the game turn, both outside the position bytes
            and not (wg_on and (h.seen_turn != g.turn
                                or memcmp(&h.seen.wg, &g.wg, sizeof(WindGambitState)) != 0))):
        h.trade_ready = 0
        if h.plan_moved != g.t.moved:
            h.plan_units[0] = -1
            h.plan_units[1] = -1
            h.plan_moved = g.t.moved
            h.tops_ready = False
            h.deps_ready = False
        elif not (h.deps_ready and h_same_tops(h)):
            h.tops_ready = False
            h.deps_ready = False
        return
    h_init(h, g, seat, w)
    memcpy(&h.seen.p[0], &g.p[0], h_position_bytes(g))
    if adapt:
        h.seen.automa = g.automa
    if wg_on:
        h.seen.wg = g.wg
    h.seen_active = g.active
    h.seen_turn = g.turn
    h.seen_ok = True


cdef const double* h_stage_weights(HCtx* h, const double* w, int most) noexcept nogil:
    # The weights a decision prices with: the row itself, or, when it sets late weights
    # (HW_LATE_*), a copy with each added to its price in proportion to `most`, the most stars
    # any seat holds (0 to 5). Stars are part of the position, so a kept position (h_begin)
    # keeps its stage.
    cdef int k
    cdef double t
    cdef double* ws = h.w_stage
    cdef bint late = False
    for k in range(HW_LATE_FIRST, N_HW):
        if w[k] != 0.0:
            late = True
    if not late:
        return w
    t = (most if most < N_STARS - 1 else N_STARS - 1) / <double>(N_STARS - 1)
    memcpy(ws, w, N_POLICY_WEIGHTS * sizeof(double))
    ws[HW_UPGRADE] += t * w[HW_LATE_INVEST]
    ws[HW_DEPLOY] += t * w[HW_LATE_INVEST]
    ws[HW_BUILD] += t * w[HW_LATE_INVEST]
    ws[HW_ENLIST] += t * w[HW_LATE_INVEST]
    ws[HW_POPULARITY] += t * w[HW_LATE_POPULARITY]
    ws[HW_POWER] += t * w[HW_LATE_POWER]
    ws[HW_KEEP] += t * w[HW_LATE_KEEP]
    ws[HW_TERRITORY] += t * w[HW_LATE_TERRITORY]
    ws[HW_PRODUCTION] += t * w[HW_LATE_PRODUCTION]
    ws[HW_ATTACK_EDGE] += t * w[HW_LATE_ATTACK_EDGE]
    ws[HW_MECH_ADVANCE] += t * w[HW_LATE_ADVANCE]
    return ws


cdef void h_init(HCtx* h, const GameState* g, int seat, const double* w) noexcept nogil:
    cdef const Player* p = &g.p[seat]
    cdef int b, s, most = 0, r, i, c
    cdef uint64_t own
    h.g = g
    for s in range(g.n_players):
        if g.p[s].stars > most:
            most = g.p[s].stars
    h.w_src = w
    w = h_stage_weights(h, w, most)
    h.w = w
    h.seat = seat
    h.n_players = g.n_players
    h.board_ready = False
    h.counts_ready = False
    h.tops_ready = False
    h.plan_units[0] = -1
    h.plan_units[1] = -1
    h.plan_moved = g.t.moved
    h.deps_ready = False
    h.trade_ready = 0
    h.ub_res = <uint64_t>(-1)
    memset(h.ub_ready, 0, sizeof(h.ub_ready))
    h.steps_ready[0] = 0
    h.steps_ready[1] = 0
    h.steps_ready[2] = 0
    h.pop_ready = 0
    h.power_ready = 0
    h.tok_ready = False
    for i in range(4):
        h.bnet_ready[i] = 0
    control_map(g, h.ctl)
    memset(h.wk_on, 0, sizeof(h.wk_on))
    h.wk_cells = 0
    for i in range(UNIT_WORKER0, N_UNITS):
        c = p.unit_cell[i]
        if c > 0:
            h.wk_on[c] += 1
            h.wk_cells |= bit(c)
    for r in range(4):
        h.res[r] = 0
    # Control needs an own unit or structure on the cell, so only those cells
    # are looked at.
    own = own_piece_cells(g, seat)
    while own:
        c = lowest_bit(own)
        own &= own - 1
        if h.ctl[c] == seat:
            for r in range(4):
                h.res[r] += g.cell_res[c][r]
    h.res_total = 0
    for r in range(4):
        h.res_total += h.res[r]
        h.real_res[r] = h.res[r]
    h.terr_now = q_territories_in_map(g, h.ctl, seat)
    h.tier = popularity_tier(g, p.popularity)
    h.star_val = g.rules.tier_star[h.tier] + 2.0 + (p.stars - 2 if p.stars > 2 else 0)
    h.pair_val = g.rules.tier_resource_pair[h.tier]
    h.turns_left = h_clamp((N_STARS - most) * 3.5, 2.0, 20.0)
    h.progress = h_clamp(0.4 + 0.6 * most / 5.0, 0.4, 1.0)
    if g.rules.wg.airships_on or g.rules.wg.resolutions_on:
        h_air_begin(h)                 # the Wind Gambit (heuristics_airships.pxi)
    h.terr_val = w[HW_TERRITORY] * g.rules.tier_territory[h.tier]
    h.card_tok = 0.0
    h.acdf_power = -1
    h.late = 0.0
    h.win_bonus = 0.0
    h.race_ready = w[HW_ADAPT] <= 0.0 or g.p[seat].stars != N_STARS - 1
    if w[HW_ADAPT] > 0.0:
        h_adapt_clock(h)
    h.wk_board = workers_on_board(g, seat)
    h.on_mat = N_WORKERS - h.wk_board
    h.prod_k = top_value(p, TC_PRODUCE_HEXES, TOP_BASE_PRODUCE_HEXES)
    h.coerce = can_coerce(g, seat)
    for b in range(4):
        h.cost[b] = bottom_cost(g, seat, b)
        h.uses[b] = h_bottom_left(g, seat, b)
        h.eff[b] = 0.0
        h.bval[b] = 0.0
        h.coinsonly[b] = 0.0
    # Effects first with bval = coins only (h_upgrade_bottom reads bval).
    for b in range(4):
        h.coinsonly[b] = g.rules.mats[p.mat].bottom_coins[b] + h_recruit_own(h, b)
        h.bval[b] = h.coinsonly[b]
    for b in range(4):
        if h.uses[b] > 0:
            h.eff[b] = h_plan(h, b) + h_effect_best(h, b)
            if h_blocked(h, b):
                # no territory can take the piece now; a worker's move may open one
                h.eff[b] *= 0.35
            h.bval[b] = h.eff[b] + h.coinsonly[b]
    for r in range(4):
        c = h.cost[r] if h.cost[r] > 0 else 1
        for i in range(4):
            h.tok_val[r][i] = h_tok_calc(h, r, i * c)
    h.tok_ready = True
    if w[HW_ADAPT] > 0.0 and faction_ability(g, seat) == FA_COERCION:
        # Coercion (§12): a combat card pays for one token a turn, so the first cards in
        # hand are worth the token that is most wanted (what feeds the next bottom action).
        for r in range(4):
            if h.tok_val[r][0] > h.card_tok:
                h.card_tok = h.tok_val[r][0]
        h.card_tok *= w[HW_ADAPT]


cdef int h_automa_turns_left(const GameState* g) noexcept nogil:
    # Turns the Automa has left, read from its public star card, cube and cards (Rulebook
    # 003): the game ends at its 6th star, and the stars it still needs come from the track,
    # one cell per advancing card; a card advances when it shows the advance star and its
    # turn is not skipped (the skip symbol of the active scheme, on levels that obey it).
    # -1: no Automa.
    cdef const AutomaState* a = &g.automa
    cdef const AutomaStarCard* sc
    cdef const AutomaCardData* card
    cdef int need, c, i, found = 0, advancing = 0
    if a.seat < 0:
        return -1
    sc = &g.rules.automa.star_cards[a.level]
    for i in range(AUTOMA_N_CARDS):
        card = &g.rules.automa.cards[i]
        if card.star_advance and not (a.skip_turns and card.row[a.scheme].skip):
            advancing += 1
    if advancing == 0:
        return 40
    need = N_STARS - g.p[a.seat].stars
    for c in range(a.track_pos + 1, sc.cells):
        if sc.star[c]:
            found += 1
            if found >= need:
                return <int>((c - a.track_pos) * <double>AUTOMA_N_CARDS / advancing + 0.5)
    return 40


cdef double h_win_bonus(HCtx* h) noexcept nogil:
    # Race to the end when ahead, hold back when behind (seat-adapted): with 5 stars, the
    # 6th ends the game at once (§19). If the final scoring of the position as it stands
    # (public: coins, stars, territories, resources, structures; the Automa's own scoring in
    # a solo game) plus the star's coins puts this seat first, taking it wins: every option
    # that places it gets win_bonus on top; if not, it locks in the loss: win_bonus is
    # negative (unless the Automa is about to end the game itself). Worked out on the first
    # ask in a position (the scoring is not cheap).
    cdef const GameState* g = h.g
    cdef GameSummary s
    cdef int o, lead, best = -1000000
    if h.race_ready:
        return h.win_bonus
    h.race_ready = True
    summarize(<GameState*>g, &s)
    for o in range(g.n_players):
        if o != h.seat and s.score[o] > best:
            best = s.score[o]
    lead = s.score[h.seat] + g.rules.tier_star[h.tier] - best
    if lead > 0:
        h.win_bonus = 25.0 * h.w[HW_ADAPT]
    elif g.automa.seat >= 0 and h_automa_turns_left(g) <= 1:
        # The Automa places its 6th star on its next turn: holding back gains nothing, and
        # ending the game now takes that turn from it (its star's coins at the least).
        h.win_bonus = 25.0 * h.w[HW_ADAPT] if lead + g.rules.automa.per_star > 0 else 0.0
    else:
        h.win_bonus = -25.0 * h.w[HW_ADAPT]
    return h.win_bonus


cdef void h_adapt_clock(HCtx* h) noexcept nogil:
    # The seat-adapted clock (W_ADAPT > 0). Against the Automa, the turns left are read from
    # its star track (the human moves first, so it has as many turns as the Automa), unless
    # the seat's own stars end the game sooner. Near the end a territory is worth its full
    # scoring value (nothing is left to defend it from), and so are the tier thresholds.
    cdef const GameState* g = h.g
    cdef int left = h_automa_turns_left(g), own = g.p[h.seat].stars
    if left >= 0:
        h.turns_left = h_clamp(left, 1.0, 30.0)
        if (N_STARS - own) * 3.0 < h.turns_left:
            h.turns_left = h_clamp((N_STARS - own) * 3.0, 1.0, 30.0)
        h.progress = h_clamp(1.0 - h.turns_left / 24.0, 0.4, 1.0)
    h.late = h_clamp((4.0 - h.turns_left) / 3.0, 0.0, 1.0)
    h.terr_val = (g.rules.tier_territory[h.tier]
                  * (h.w[HW_TERRITORY] + (1.0 - h.w[HW_TERRITORY]) * h.late))


cdef void h_unseen_cards(HCtx* h, int* unseen) noexcept nogil:
    # Combat cards of each value (2..5 at 0..3) this seat has not seen: the deck's
    # composition less its own hand and the face-up discard pile (may go below 0).
    cdef const GameState* g = h.g
    cdef const Player* p = &g.p[h.seat]
    cdef int i
    for i in range(4):
        unseen[i] = -p.hand[i]
    for i in range(g.rules.n_combat):
        unseen[g.rules.combat_values[i] - 2] += 1
    for i in range(g.n_combat_discard):
        unseen[g.combat_discard[i] - 2] -= 1


cdef double h_card_est(HCtx* h) noexcept nogil:
    # Mean value of the combat cards this seat has not seen (h_unseen_cards).
    cdef int unseen[4]
    cdef int i, seen = 0
    cdef double tot = 0.0
    h_unseen_cards(h, unseen)
    for i in range(4):
        if unseen[i] > 0:
            tot += unseen[i] * (i + 2)
            seen += unseen[i]
    return tot / seen if seen > 0 else 3.0


cdef bint h_blocked(HCtx* h, int b) noexcept nogil:
    # Deploy and Build need a controlled non-lake territory with an own
    # worker (and, to build, no structure yet) (§9.2, §9.3).
    cdef const GameState* g = h.g
    cdef int c
    cdef uint64_t m = h.wk_cells & ~(<uint64_t>1)     # cells with own workers
    if b != BOT_DEPLOY and b != BOT_BUILD:
        return False
    while m:
        c = lowest_bit(m)
        m &= m - 1
        if h.ctl[c] == h.seat and is_territory(g, c) and g.rules.terrain[c] != T_LAKE:
            if b == BOT_DEPLOY or structure_on(g, c) < 0:
                return False
    return True
