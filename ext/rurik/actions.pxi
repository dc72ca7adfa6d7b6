# game_apply: carry out one option of the pending decision (encodings in turn.pxi).

cdef void place_advisor(GameState* g, int s, int v, int col, int bribe) noexcept nogil:
    # Rulebook "РОЗМІЩЕННЯ РАДНИКІВ": advisors of strictly lower strength (number + bribe) move
    # down one slot and the new one takes the slot above them; equal or stronger ones stay
    cdef int rows = g.R.rows[g.n_players], pos = 0, k, strength = v + bribe
    while pos < rows and g.slot_seat[col][pos] >= 0 and g.slot_val[col][pos] + g.slot_bribe[col][pos] >= strength:
        pos += 1
    k = rows - 1
    while k > pos:
        g.slot_seat[col][k] = g.slot_seat[col][k - 1]
        g.slot_val[col][k] = g.slot_val[col][k - 1]
        g.slot_bribe[col][k] = g.slot_bribe[col][k - 1]
        k -= 1
    g.slot_seat[col][pos] = <int8_t>s
    g.slot_val[col][pos] = <int8_t>v
    g.slot_bribe[col][pos] = <int8_t>bribe
    g.adv_left[s][v] -= 1
    g.coins[s] -= bribe
    emit(g, EV_PLACE, s, v, col, bribe, 0, 0)
    g.step += 1

cdef void play_scheme_card(GameState* g, int s, int c) noexcept nogil:
    # Rulebook "Розіграш карт Здобичі": gain the reward at once, then discard the card
    cdef const int8_t* rw = g.R.scheme_reward[c]
    g.hand[s] &= ~(<uint32_t>(1u << c))
    g.coins[s] -= g.R.scheme_cost[c]
    g.pool[A_MUSTER] += rw[SR_HELMETS]
    g.pool[A_MOVE] += rw[SR_BOOTS]
    g.pool[A_ATTACK] += rw[SR_SWORDS]
    g.pool[A_TAX] += rw[SR_CARTS]
    g.pool[A_BUILD] += rw[SR_HAMMERS]
    g.coins[s] += rw[SR_COINS]
    g.warfare[s] += rw[SR_WARFARE]
    if rw[SR_DEED] > 0:
        push_task(g, K_TAKE_DEED, 1, s)
    discard_card(g, c)
    g.used_card = 1
    g.cards_played[s] += 1
    emit(g, EV_CARD, s, c, 0, 0, 0, 0)

cdef void accomplish_deed(GameState* g, int s, int d) noexcept nogil:
    # Rulebook "Здійснення Задумів": pay the cost, gain the reward, tuck the card (VP at the end)
    cdef const int8_t* pay = g.R.deed_pay[d]
    cdef int k, i
    g.deeds_owned[s] &= ~(<uint32_t>(1u << d))
    g.deeds_done[s] |= <uint32_t>(1u << d)
    g.used_deed = 1
    emit(g, EV_DEED, s, d, 0, 0, 0, 0)
    g.coins[s] -= pay[DP_COINS]
    for k in range(N_GOODS):
        g.goods[s][k] -= pay[DP_GOODS + k]
    g.paid_goods_mask = 0
    g.paid_regions = 0
    g.paid_region = -1
    for i in range(pay[DP_ANY_GOODS]):
        push_task(g, K_PAY_GOOD_ANY, 1, d)
    for i in range(pay[DP_DISTINCT_GOODS]):
        push_task(g, K_PAY_GOOD_DISTINCT, 1, d)
    if pay[DP_SAME_GOODS] > 0:
        push_task(g, K_PAY_GOOD_SAME, pay[DP_SAME_GOODS], d)
    for i in range(pay[DP_SCHEME_CARDS]):
        push_task(g, K_PAY_CARD, 0, d)
    for i in range(pay[DP_TROOPS]):
        push_task(g, K_PAY_TROOP_ANY, 0, d)
    for i in range(pay[DP_TROOPS_DISTINCT]):
        push_task(g, K_PAY_TROOP_DISTINCT, 0, d)
    for i in range(pay[DP_TROOPS_RULED]):
        push_task(g, K_PAY_TROOP_RULED, 0, d)
    for i in range(pay[DP_STRUCTURES]):
        push_task(g, K_PAY_STRUCT, 0, d)
    push_task(g, K_DEED_REWARD, d, 0)

cdef void apply_turn(GameState* g, int opt) noexcept nogil:
    cdef int s = g.act_seat, x, r, t, o, k, cost
    g.decision = D_NONE
    if opt == OPT_END:
        end_turn(g)
    elif opt == OPT_MAIN:
        g.coins[s] -= g.R.cost[g.n_players][g.cur_row][g.cur_col]
        x = g.R.icons[g.n_players][g.cur_row][g.cur_col]
        emit(g, EV_MAIN, s, g.cur_col, x, 0, 0, 0)
        if g.cur_col == A_SCHEME:
            push_task(g, K_DRAW, x, 0)
            g.main_state = 2
        else:
            g.pool[g.cur_col] += x
            g.main_state = 1
    elif opt == OPT_FORFEIT:
        # Rulebook "Скасовані дії": cancel the action and take 1 coin
        g.coins[s] += 1
        g.main_state = 2
        emit(g, EV_FORFEIT, s, 0, 0, 0, 0, 0)
    elif opt == OPT_FINISH:
        g.pool[g.cur_col] = 0
        g.main_state = 2
    elif opt < OPT_DEED:
        play_scheme_card(g, s, opt - OPT_CARD)
    elif opt < OPT_EXCHANGE:
        accomplish_deed(g, s, opt - OPT_DEED)
    elif opt < OPT_MUSTER:
        # Rulebook "Обмін товарів": one token per turn, each once per round
        x = opt - OPT_EXCHANGE
        t = x // 25
        g.goods[s][(x // 5) % 5] -= 1
        g.goods[s][x % 5] -= 1
        g.pool[A_BUILD if t == 0 else A_MUSTER] += 1
        g.exchange_used[s][t] = 1
        g.used_exchange = 1
        emit(g, EV_EXCHANGE, s, t, (x // 5) % 5, x % 5, 0, 0)
    elif opt < OPT_LEVY:
        # Rulebook "Скликання Війська": a troop (or the removed leader) where you have troops
        x = opt - OPT_MUSTER
        r = x % 20
        if not present(g, s, r):
            g.rally_target = <int8_t>r     # Maria's once-per-round muster next to her
        if x < 20:
            place_troop(g, s, r)
        else:
            g.leader_region[s] = <int8_t>r
        g.pool[A_MUSTER] -= 1
        emit(g, EV_MUSTER, s, r, 1 if x >= 20 else 0, 0, 0, 0)
    elif opt == OPT_LEVY:
        # Sudislav: a sword musters a troop in his region
        r = g.leader_region[s]
        place_troop(g, s, r)
        g.pool[A_ATTACK] -= 1
        emit(g, EV_MUSTER, s, r, 0, 0, 0, 0)
    elif opt < OPT_MOVE_LEADER:
        x = opt - OPT_MOVE
        g.troops[s][x // 16] -= 1
        g.troops[s][x % 16] += 1
        g.pool[A_MOVE] -= 1
        emit(g, EV_MOVE, s, x // 16, x % 16, 0, 0, 0)
    elif opt < OPT_ANYWHERE:
        r = g.leader_region[s]
        t = opt - OPT_MOVE_LEADER
        g.leader_region[s] = <int8_t>t
        g.pool[A_MOVE] -= 1
        emit(g, EV_MOVE, s, r, t, 1, 0, 0)
        if g.ability[s] == ABIL_ESCORT and g.troops[s][r] > 0:
            push_task(g, K_ESCORT, r, t)
    elif opt < OPT_ANYWHERE_LEADER:
        x = opt - OPT_ANYWHERE
        g.troops[s][x // 16] -= 1
        g.troops[s][x % 16] += 1
        g.anywhere_moves -= 1
        emit(g, EV_MOVE, s, x // 16, x % 16, 0, 0, 0)
    elif opt < OPT_ATTACK:
        r = g.leader_region[s]
        g.leader_region[s] = <int8_t>(opt - OPT_ANYWHERE_LEADER)
        g.anywhere_moves -= 1
        emit(g, EV_MOVE, s, r, opt - OPT_ANYWHERE_LEADER, 1, 0, 0)
    elif opt < OPT_TAX:
        x = opt - (OPT_ATTACK if opt < OPT_ATTACK_MINUS else OPT_ATTACK_MINUS)
        r = x // 8
        o = x % 8
        if opt < OPT_ATTACK_MINUS:
            g.pool[A_ATTACK] -= 1
        else:
            g.pool[POOL_SWORD_MINUS] -= 1
        if o == MAX_SEATS:
            defeat_rebel(g, s, r)
        elif o == NEUTRAL:
            # solo: a neutral troop goes to the box; no reward, warfare step or casualty check
            g.neutral[r] -= 1
            emit(g, EV_ATTACK, s, r, NEUTRAL, 0, 0, 0)
        else:
            k = attack_player(g, s, r, o, opt >= OPT_ATTACK_MINUS)
            if k > 0:
                g.cas_attacker = <int8_t>s
                push_front(g, K_CASUALTY, r, k)
    elif opt < OPT_BUILD:
        # Rulebook "Збирання податі": 1 cart where you rule, 2 elsewhere; a market of yours adds
        # a good of the same type or a coin
        r = opt - OPT_TAX
        g.pool[A_TAX] -= region_cost(g, s, r)
        collect_good(g, s, r)
        if g.struct_owner[r][S_MARKET] == s and structures_work(g, s, r):
            push_front(g, K_MARKET, r, 0)
    elif opt < OPT_DIPLOMAT:
        # Rulebook "Будівництво": 1 hammer where you rule, 2 elsewhere; one of each kind per region
        x = opt - OPT_BUILD
        r = x // 4
        k = x % 4
        g.pool[A_BUILD] -= region_cost(g, s, r)
        put_structure(g, s, r, k)
        if k == S_CHURCH and structures_work(g, s, r):
            push_front(g, K_CHURCH, r, 0)
    else:
        # Predslava: an opponent's troop leaves her region for an adjacent one; they gain 1 coin
        x = opt - OPT_DIPLOMAT
        t = x % 16
        o = (x // 16) // 2
        r = g.leader_region[s]
        if (x // 16) % 2:
            g.leader_region[o] = <int8_t>t
        else:
            g.troops[o][r] -= 1
            g.troops[o][t] += 1
        g.coins[o] += 1
        g.diplomat_used[s] = 1
        emit(g, EV_DIPLOMAT, s, o, r, t, 0, 0)
    # the main action ends by itself once its icons are spent
    if g.main_state == 1 and g.pool[g.cur_col] == 0:
        g.main_state = 2

cdef void apply_draw_deck(GameState* g, int d) noexcept nogil:
    # the scheme action / a deed's "draw 2, keep 1": draw from the chosen deck
    cdef int i, c
    g.n_drawn = 0
    g.draw_deck = <int8_t>d
    for i in range(g.task_a[0]):
        c = draw_card(g, d)
        if c < 0:
            break
        g.drawn[g.n_drawn] = <int8_t>c
        g.n_drawn += 1
    emit(g, EV_DRAW, g.decider, d, g.n_drawn, 0, 0, 0)
    if g.n_drawn == 0:
        pop_task(g)
    else:
        set_dec(g, D_KEEP, g.decider)

cdef void drop_drawn(GameState* g, int c) noexcept nogil:
    cdef int i, j = 0
    for i in range(g.n_drawn):
        if g.drawn[i] != c:
            g.drawn[j] = g.drawn[i]
            j += 1
    g.n_drawn = <int8_t>j

cdef void return_drawn(GameState* g, int top) noexcept nogil:
    # the cards not kept go back on top of the deck they came from, `top` last (uppermost);
    # the player who put them there knows them
    cdef int i, d = g.draw_deck
    g.known_top[g.decider][d] += g.n_drawn
    for i in range(g.n_drawn):
        if g.drawn[i] != top:
            g.deck[d][g.deck_n[d]] = g.drawn[i]
            g.deck_n[d] += 1
    if top >= 0:
        g.deck[d][g.deck_n[d]] = <int8_t>top
        g.deck_n[d] += 1
    g.n_drawn = 0

cdef void game_apply(GameState* g, int32_t opt) noexcept nogil:
    cdef int s = g.decider, kind = g.decision, r, k, task = g.task_kind[0] if g.n_tasks > 0 else K_NONE
    g.n_decisions += 1
    if kind == D_TURN:
        apply_turn(g, opt)
    elif kind == D_PLACE:
        g.place_val = <int8_t>(opt // 8)
        g.place_col = <int8_t>(opt % 8)
        if g.coins[s] > 0:
            g.decision = D_BRIBE
        else:
            g.decision = D_NONE
            place_advisor(g, s, g.place_val, g.place_col, 0)
    elif kind == D_BRIBE:
        g.decision = D_NONE
        place_advisor(g, s, g.place_val, g.place_col, opt)
    elif kind == D_ACTIVATE:
        g.decision = D_NONE
        activate(g, opt // 4, opt % 4)
    elif kind == D_AGENDA:
        g.agenda[s] = <int8_t>opt
        emit(g, EV_AGENDA, s, opt, 0, 0, 0, 0)
        g.decision = D_NONE
        g.step += 1
    elif kind == D_SETUP_TROOP:
        place_troop(g, s, opt)
        emit(g, EV_SETUP_TROOP, s, opt, 0, 0, 0, 0)
        g.decision = D_NONE
        g.step += 1
    elif kind == D_SETUP_LEADER:
        g.leader_region[s] = <int8_t>opt
        emit(g, EV_SETUP_LEADER, s, opt, 0, 0, 0, 0)
        g.decision = D_NONE
        g.step += 1
    elif kind == D_REENTER:
        # Rulebook: with no troops on the board, place the leader and one troop anywhere
        pop_task(g)
        if opt < N_REGIONS:
            g.leader_region[s] = <int8_t>opt
            if g.supply[s] > 0:
                place_troop(g, s, opt)
            emit(g, EV_REENTER, s, opt, 0, 0, 0, 0)
    elif kind == D_DECK:
        if task == K_CASUALTY:
            r = g.task_a[0]
            k = g.task_b[0]
            pop_task(g)
            casualty_check(g, g.cas_attacker, r, k, opt)
        else:
            apply_draw_deck(g, opt)
    elif kind == D_KEEP:
        g.hand[s] |= <uint32_t>(1u << opt)
        drop_drawn(g, opt)
        if g.n_drawn >= 2:
            set_dec(g, D_ORDER, s)
        else:
            return_drawn(g, -1)
            pop_task(g)
    elif kind == D_ORDER:
        return_drawn(g, opt)
        pop_task(g)
    elif kind == D_PASS_TOKEN:
        g.token_holder = <int8_t>opt
        emit(g, EV_PASS_TOKEN, s, opt, 0, 0, 0, 0)
        pop_task(g)
    elif kind == D_MARKET:
        r = g.task_a[0]
        if opt == 0:
            g.goods[s][g.good_type[r]] += 1
        else:
            g.coins[s] += 1
        emit(g, EV_MARKET, s, r, opt, 0, 0, 0)
        pop_task(g)
    elif kind == D_CHURCH:
        # Rulebook "Церква": remove a rebel (to the box, no reward) or an enemy troop (not a
        # leader), then place one of your troops there if you have one in supply
        church_effect(g, s, g.task_a[0], opt)
        pop_task(g)
    elif kind == D_ESCORT:
        r = g.task_a[0]
        g.troops[s][r] -= opt
        g.troops[s][g.task_b[0]] += opt
        pop_task(g)
    elif kind == D_PAY_GOOD:
        if task == K_PAY_GOOD_SAME:
            g.goods[s][opt] -= g.task_a[0]
        else:
            g.goods[s][opt] -= 1
            g.paid_goods_mask |= <int8_t>(1 << opt)
        pop_task(g)
    elif kind == D_PAY_TROOP:
        r = opt // 2
        if task == K_PAY_TROOP_DISTINCT:
            g.paid_regions |= <uint16_t>(1 << r)
        if task == K_PAY_TROOP_RULED:
            g.paid_region = <int8_t>r
        if opt % 2 == 1:
            g.leader_region[s] = -1
        else:
            g.troops[s][r] -= 1
            g.supply[s] += 1
        pop_task(g)
    elif kind == D_PAY_CARD:
        g.hand[s] &= ~(<uint32_t>(1u << opt))
        discard_card(g, opt)
        pop_task(g)
    elif kind == D_PAY_STRUCT:
        g.struct_owner[opt // 4][opt % 4] = -1
        g.struct_supply[s][opt % 4] += 1
        pop_task(g)
    elif kind == D_TAKE_DEED:
        for k in range(DEED_ROW):
            if g.deed_row[k] == opt:
                take_deed(g, s, k, g.task_a[0] == 0)
                break
        pop_task(g)
