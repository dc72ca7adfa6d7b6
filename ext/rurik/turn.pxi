# The decision machine: game_advance (resolve up to the next decision, list its options) and
# game_apply (apply one option). A compound step (a deed's payment, a scheme draw, a casualty
# check ...) queues tasks (K_*); each task either resolves at once or becomes one decision.
#
# The turn menu (D_TURN) is one flat list of everything the player may do now:
#   OPT_END, OPT_MAIN (begin the main action, paying its coin cost), OPT_FORFEIT (cancel it for
#   1 coin), OPT_FINISH (stop spending the main action's icons); bonus actions before or after
#   the main action (OPT_CARD + card, OPT_DEED + deed, OPT_EXCHANGE + token*25 + give*5 + give2);
#   and spending one icon of the turn's pool: muster, move, attack, tax, build, plus Predslava's
#   and Sudislav's abilities. Icons of the main action's type gained before it wait for it (the
#   rulebook combines them); other icons are spent whenever the player likes during the turn.

cdef enum:
    OPT_END = 0
    OPT_MAIN = 1
    OPT_FORFEIT = 2
    OPT_FINISH = 3
    OPT_CARD = 10             # + card
    OPT_DEED = 50             # + deed
    OPT_EXCHANGE = 90         # + token * 25 + good * 5 + good
    OPT_MUSTER = 200          # + region
    OPT_MUSTER_LEADER = 220   # + region
    OPT_LEVY = 240            # Sudislav: a sword musters a troop in his region
    OPT_MOVE = 260            # + from * 16 + to
    OPT_MOVE_LEADER = 500     # + to
    OPT_ANYWHERE = 520        # + from * 16 + to (deed reward: move to any region)
    OPT_ANYWHERE_LEADER = 760 # + to
    OPT_ATTACK = 780          # + region * 8 + target (seat, or MAX_SEATS = a rebel)
    OPT_ATTACK_MINUS = 900    # same, with a deed sword (1 card fewer in the casualty check)
    OPT_TAX = 1020            # + region
    OPT_BUILD = 1040          # + region * 4 + structure
    OPT_DIPLOMAT = 1100       # + (opponent * 2 + is_leader) * 16 + to
    OPT_LIMIT = 1240

cdef inline void set_dec(GameState* g, int kind, int seat) noexcept nogil:
    g.decision = <int8_t>kind
    g.decider = <int8_t>seat

# ------------------------------------------------------------------ tasks

cdef inline void push_task(GameState* g, int kind, int a, int b) noexcept nogil:
    g.task_kind[g.n_tasks] = <int8_t>kind
    g.task_a[g.n_tasks] = <int8_t>a
    g.task_b[g.n_tasks] = <int8_t>b
    g.n_tasks += 1

cdef inline void push_front(GameState* g, int kind, int a, int b) noexcept nogil:
    cdef int i = g.n_tasks
    while i > 0:
        g.task_kind[i] = g.task_kind[i - 1]
        g.task_a[i] = g.task_a[i - 1]
        g.task_b[i] = g.task_b[i - 1]
        i -= 1
    g.task_kind[0] = <int8_t>kind
    g.task_a[0] = <int8_t>a
    g.task_b[0] = <int8_t>b
    g.n_tasks += 1

cdef inline void pop_task(GameState* g) noexcept nogil:
    cdef int i
    for i in range(1, g.n_tasks):
        g.task_kind[i - 1] = g.task_kind[i]
        g.task_a[i - 1] = g.task_a[i]
        g.task_b[i - 1] = g.task_b[i]
    g.n_tasks -= 1
    g.decision = D_NONE

# ------------------------------------------------------------------ what may be spent now

cdef inline int spendable(const GameState* g, int kind) noexcept nogil:
    # icons of the main action's type wait for it (before it begins they are combined with it)
    if g.main_state == 0 and kind == g.cur_col:
        return 0
    return g.pool[kind]

cdef inline bint bonus_time(const GameState* g) noexcept nogil:
    return g.main_state != 1

cdef bint can_muster_in(const GameState* g, int s, int r) noexcept nogil:
    cdef int m
    if present(g, s, r):
        return True
    # Maria: once per round one muster may go to a region adjacent to her
    m = g.leader_region[s]
    if g.ability[s] != ABIL_RALLY or m < 0 or m >= N_REGIONS:
        return False
    if not ((g.R.adj[m] >> r) & 1):
        return False
    if g.rally_target >= 0:
        return r == g.rally_target
    return g.rally_used[s] == 0

cdef bint deed_need_met(const GameState* g, int s, int d) noexcept nogil:
    cdef const int8_t* need = g.R.deed_need[d]
    cdef int r, best
    cdef uint16_t m, c, st, mk
    if need[DN_TROOPS_ONE_REGION] > 0:
        best = 0
        for r in range(N_REGIONS):
            if units(g, s, r) > best:
                best = units(g, s, r)
        if best < need[DN_TROOPS_ONE_REGION]:
            return False
    c = structure_mask(g, s, S_CHURCH)
    st = structure_mask(g, s, S_STRONGHOLD)
    mk = structure_mask(g, s, S_MARKET)
    if need[DN_STRONGHOLD_CHURCH] and (c & st) == 0:
        return False
    if need[DN_CAPITAL] and (c & st & mk) == 0:
        return False
    if need[DN_MARKETS_DISTINCT] > 0:
        m = 0
        for r in range(N_REGIONS):
            if (mk >> r) & 1:
                m |= <uint16_t>(1 << g.good_type[r])
        if bit_count(m) < need[DN_MARKETS_DISTINCT]:
            return False
    if need[DN_STRONGHOLDS_ADJ] > 0 and largest_group(g, st) < need[DN_STRONGHOLDS_ADJ]:
        return False
    if need[DN_CHURCHES_ADJ] > 0 and largest_group(g, c) < need[DN_CHURCHES_ADJ]:
        return False
    if need[DN_REGIONS_WITH_TROOPS] > 0 and bit_count(presence_mask(g, s)) < need[DN_REGIONS_WITH_TROOPS]:
        return False
    if need[DN_FIRST_TOKEN] and g.token_holder != s:
        return False
    if g.rebels_defeated[s] < need[DN_REBELS_DEFEATED]:
        return False
    return True

cdef bint deed_payable(const GameState* g, int s, int d) noexcept nogil:
    cdef const int8_t* pay = g.R.deed_pay[d]
    cdef int k, left = 0, kinds = 0, r, n
    cdef bint ok
    if g.coins[s] < pay[DP_COINS]:
        return False
    for k in range(N_GOODS):
        if g.goods[s][k] < pay[DP_GOODS + k]:
            return False
        left += g.goods[s][k] - pay[DP_GOODS + k]
        if g.goods[s][k] - pay[DP_GOODS + k] > 0:
            kinds += 1
    if left < pay[DP_ANY_GOODS] or kinds < pay[DP_DISTINCT_GOODS]:
        return False
    if pay[DP_SAME_GOODS] > 0:
        ok = False
        for k in range(N_GOODS):
            if g.goods[s][k] - pay[DP_GOODS + k] >= pay[DP_SAME_GOODS]:
                ok = True
        if not ok:
            return False
    if bit_count(g.hand[s]) < pay[DP_SCHEME_CARDS]:
        return False
    if on_board(g, s) < pay[DP_TROOPS]:
        return False
    if bit_count(presence_mask(g, s)) < pay[DP_TROOPS_DISTINCT]:
        return False
    if pay[DP_TROOPS_RULED] > 0:
        ok = False
        for r in range(N_REGIONS):
            if units(g, s, r) >= pay[DP_TROOPS_RULED] and in_play(g, r) and ruler(g, r) == s:
                ok = True
        if not ok:
            return False
    if pay[DP_STRUCTURES] > 0:
        n = 0
        for k in range(N_STRUCT):
            n += bit_count(structure_mask(g, s, k))
        if n < pay[DP_STRUCTURES]:
            return False
    return True

# ------------------------------------------------------------------ option lists

cdef int turn_options(const GameState* g, int32_t* buf) noexcept nogil:
    cdef int s = g.act_seat, n = 0, r, t, o, k, c, d, a, b
    cdef int m
    cdef uint16_t adj
    if g.main_state == 2:
        buf[n] = OPT_END; n += 1
    if g.main_state == 0:
        if g.coins[s] >= g.R.cost[g.n_players][g.cur_row][g.cur_col]:
            buf[n] = OPT_MAIN; n += 1
        buf[n] = OPT_FORFEIT; n += 1
    if g.main_state == 1:
        buf[n] = OPT_FINISH; n += 1
    if bonus_time(g):
        if not g.used_card:
            for c in range(g.R.n_schemes):
                if (g.hand[s] >> c) & 1 and g.coins[s] >= g.R.scheme_cost[c]:
                    buf[n] = OPT_CARD + c; n += 1
        if not g.used_deed:
            for d in range(g.R.n_deeds):
                if (g.deeds_owned[s] >> d) & 1 and deed_need_met(g, s, d) and deed_payable(g, s, d):
                    buf[n] = OPT_DEED + d; n += 1
        if not g.used_exchange:
            for t in range(2):
                if g.exchange_used[s][t]:
                    continue
                for k in range(2):
                    # build token: wood or ore; muster token: honey or fish (+ any other good)
                    a = (G_WOOD if k == 0 else G_ORE) if t == 0 else (G_FISH if k == 0 else G_HONEY)
                    if g.goods[s][a] < 1:
                        continue
                    for b in range(N_GOODS):
                        if k == 1 and b == (G_WOOD if t == 0 else G_FISH):
                            continue        # the same two goods as the k == 0 option
                        if g.goods[s][b] - (1 if b == a else 0) >= 1:
                            buf[n] = OPT_EXCHANGE + t * 25 + a * 5 + b; n += 1
    if spendable(g, A_MUSTER) > 0:
        for r in range(N_REGIONS):
            if in_play(g, r) and can_muster_in(g, s, r):
                if g.supply[s] > 0:
                    buf[n] = OPT_MUSTER + r; n += 1
        if g.leader_region[s] < 0:
            for r in range(N_REGIONS):
                if in_play(g, r) and can_muster_in(g, s, r):
                    buf[n] = OPT_MUSTER_LEADER + r; n += 1
    if spendable(g, A_ATTACK) > 0 and g.ability[s] == ABIL_LEVY and g.leader_region[s] >= 0 and g.supply[s] > 0:
        buf[n] = OPT_LEVY; n += 1
    if spendable(g, A_MOVE) > 0:
        for r in range(N_REGIONS):
            if g.troops[s][r] > 0:
                adj = g.R.adj[r] & g.in_play
                while adj:
                    t = lowest_bit(adj)
                    adj &= <uint16_t>(adj - 1)
                    buf[n] = OPT_MOVE + r * 16 + t; n += 1
        if g.leader_region[s] >= 0:
            adj = g.R.adj[g.leader_region[s]] & g.in_play
            while adj:
                t = lowest_bit(adj)
                adj &= <uint16_t>(adj - 1)
                buf[n] = OPT_MOVE_LEADER + t; n += 1
    if g.anywhere_moves > 0:
        for r in range(N_REGIONS):
            if g.troops[s][r] > 0:
                for t in range(N_REGIONS):
                    if t != r and in_play(g, t):
                        buf[n] = OPT_ANYWHERE + r * 16 + t; n += 1
        if g.leader_region[s] >= 0:
            for t in range(N_REGIONS):
                if t != g.leader_region[s] and in_play(g, t):
                    buf[n] = OPT_ANYWHERE_LEADER + t; n += 1
    for k in range(2):
        if (spendable(g, A_ATTACK) if k == 0 else g.pool[POOL_SWORD_MINUS]) <= 0:
            continue
        for r in range(N_REGIONS):
            if not present(g, s, r):
                continue
            for o in range(g.n_players):
                if o != s and present(g, o, r):
                    buf[n] = (OPT_ATTACK if k == 0 else OPT_ATTACK_MINUS) + r * 8 + o; n += 1
            if g.rebels[r] > 0:
                buf[n] = (OPT_ATTACK if k == 0 else OPT_ATTACK_MINUS) + r * 8 + MAX_SEATS; n += 1
            if g.neutral[r] > 0:
                buf[n] = (OPT_ATTACK if k == 0 else OPT_ATTACK_MINUS) + r * 8 + NEUTRAL; n += 1
    if spendable(g, A_TAX) > 0:
        for r in range(N_REGIONS):
            if g.good_present[r] and in_play(g, r) and present(g, s, r) and region_cost(g, s, r) <= spendable(g, A_TAX):
                buf[n] = OPT_TAX + r; n += 1
    if spendable(g, A_BUILD) > 0:
        for r in range(N_REGIONS):
            if not present(g, s, r) or region_cost(g, s, r) > spendable(g, A_BUILD):
                continue
            for k in range(N_STRUCT):
                if g.struct_owner[r][k] < 0 and g.struct_supply[s][k] > 0:
                    buf[n] = OPT_BUILD + r * 4 + k; n += 1
    if g.ability[s] == ABIL_DIPLOMAT and g.leader_region[s] >= 0 and not g.diplomat_used[s]:
        m = g.leader_region[s]
        for o in range(g.n_players):
            if o == s:
                continue
            for k in range(2):
                if (g.troops[o][m] > 0) if k == 0 else (g.leader_region[o] == m):
                    adj = g.R.adj[m] & g.in_play
                    while adj:
                        t = lowest_bit(adj)
                        adj &= <uint16_t>(adj - 1)
                        buf[n] = OPT_DIPLOMAT + (o * 2 + k) * 16 + t; n += 1
    sort_options(buf, n)
    return n

cdef inline void sort_options(int32_t* buf, int n) noexcept nogil:
    insertion_sort(buf, n)      # the lists are short and almost sorted already

cdef bint own_in_column(const GameState* g, int s, int col) noexcept nogil:
    cdef int k
    for k in range(g.R.rows[g.n_players]):
        if g.slot_seat[col][k] == s:
            return True
    return False

cdef bint column_full(const GameState* g, int col) noexcept nogil:
    return g.slot_seat[col][g.R.rows[g.n_players] - 1] >= 0

cdef int place_options(const GameState* g, int32_t* buf) noexcept nogil:
    # Rulebook "РОЗМІЩЕННЯ РАДНИКІВ": any free advisor, any column that is not full; a column
    # that already holds your advisor only once yours stand in 3 or more columns
    cdef int s = g.decider, n = 0, v, c, cols = 0
    cdef bint legal[N_ACTIONS]
    cdef bint any_legal = False
    for c in range(N_ACTIONS):
        if own_in_column(g, s, c):
            cols += 1
    for c in range(N_ACTIONS):
        legal[c] = not column_full(g, c) and (cols >= 3 or not own_in_column(g, s, c))
        any_legal = any_legal or legal[c]
    if not any_legal:          # not covered by the rulebook: any column that is not full
        for c in range(N_ACTIONS):
            legal[c] = not column_full(g, c)
    for v in range(1, 6):
        if g.adv_left[s][v] > 0:
            for c in range(N_ACTIONS):
                if legal[c]:
                    buf[n] = v * 8 + c; n += 1
    return n

cdef int pay_troop_options(const GameState* g, int32_t* buf, int kind) noexcept nogil:
    cdef int s = g.act_seat, n = 0, r, need
    for r in range(N_REGIONS):
        if kind == K_PAY_TROOP_DISTINCT and (g.paid_regions >> r) & 1:
            continue
        if kind == K_PAY_TROOP_RULED:
            if g.paid_region >= 0:
                if r != g.paid_region:
                    continue
            else:
                need = g.R.deed_pay[g.task_b[0]][DP_TROOPS_RULED]
                if units(g, s, r) < need or not in_play(g, r) or ruler(g, r) != s:
                    continue
        if g.troops[s][r] > 0:
            buf[n] = r * 2; n += 1
        if g.leader_region[s] == r:
            buf[n] = r * 2 + 1; n += 1
    return n

cdef int decision_options(const GameState* g, int32_t* buf) noexcept nogil:
    cdef int s = g.decider, n = 0, i, r, k, kind = g.task_kind[0] if g.n_tasks > 0 else K_NONE
    cdef int d
    if g.decision == D_TURN:
        return turn_options(g, buf)
    if g.decision == D_PLACE:
        return place_options(g, buf)
    if g.decision == D_BRIBE:
        for i in range(g.coins[s] + 1):
            if n >= MAX_OPTIONS:
                break
            buf[n] = i; n += 1
        return n
    if g.decision == D_ACTIVATE:
        for i in range(N_ACTIONS):
            for k in range(g.R.rows[g.n_players]):
                if g.slot_seat[i][k] == s and g.slot_val[i][k] == g.place_val:
                    buf[n] = i * 4 + k; n += 1
        return n
    if g.decision == D_AGENDA:
        buf[0] = g.agenda_offer[s][0]
        buf[1] = g.agenda_offer[s][1]
        sort_options(buf, 2)
        return 2
    if g.decision == D_SETUP_TROOP or g.decision == D_REENTER:
        for r in range(N_REGIONS):
            # solo: your starting troops avoid the Rebels' regions
            if in_play(g, r) and not (g.decision == D_SETUP_TROOP and g.solo_level > 0 and present(g, REBELS, r)):
                buf[n] = r; n += 1
        if g.decision == D_REENTER:
            buf[n] = N_REGIONS; n += 1
        return n
    if g.decision == D_SETUP_LEADER:
        for r in range(N_REGIONS):
            if g.troops[s][r] > 0:
                buf[n] = r; n += 1
        return n
    if g.decision == D_DECK:
        for i in range(2):
            if g.deck_n[i] > 0:
                buf[n] = i; n += 1
        return n
    if g.decision == D_KEEP or g.decision == D_ORDER:
        for i in range(g.n_drawn):
            buf[n] = g.drawn[i]; n += 1
        sort_options(buf, n)
        return n
    if g.decision == D_PASS_TOKEN:
        for i in range(g.n_players):
            buf[n] = i; n += 1
        return n
    if g.decision == D_MARKET:
        buf[0] = 0
        buf[1] = 1
        return 2
    if g.decision == D_CHURCH:
        r = g.task_a[0]
        for i in range(g.n_players):
            if i != s and g.troops[i][r] > 0:
                buf[n] = i; n += 1
        if g.rebels[r] > 0:
            buf[n] = MAX_SEATS; n += 1
        if g.neutral[r] > 0:
            buf[n] = NEUTRAL; n += 1
        return n
    if g.decision == D_ESCORT:
        r = g.task_a[0]
        for i in range(3):
            if i <= g.troops[s][r]:
                buf[n] = i; n += 1
        return n
    if g.decision == D_PAY_GOOD:
        for k in range(N_GOODS):
            if kind == K_PAY_GOOD_DISTINCT and (g.paid_goods_mask >> k) & 1:
                continue
            if g.goods[s][k] >= (g.task_a[0] if kind == K_PAY_GOOD_SAME else 1):
                buf[n] = k; n += 1
        return n
    if g.decision == D_PAY_TROOP:
        return pay_troop_options(g, buf, kind)
    if g.decision == D_PAY_CARD:
        for i in range(g.R.n_schemes):
            if (g.hand[s] >> i) & 1:
                buf[n] = i; n += 1
        return n
    if g.decision == D_PAY_STRUCT:
        for r in range(N_REGIONS):
            for k in range(N_STRUCT):
                if g.struct_owner[r][k] == s:
                    buf[n] = r * 4 + k; n += 1
        return n
    if g.decision == D_TAKE_DEED:
        for i in range(DEED_ROW):
            d = g.deed_row[i]
            if d >= 0:
                buf[n] = d; n += 1
        sort_options(buf, n)
        return n
    return 0

# ------------------------------------------------------------------ flow

cdef void begin_round(GameState* g) noexcept nogil:
    cdef int s, v, i, c, k
    cdef int four = g.n_players
    for s in range(g.n_players):
        for v in range(6):
            g.adv_left[s][v] = 0
        for i in range(g.R.n_advisors[four][g.round]):
            g.adv_left[s][g.R.advisors[four][g.round][i]] += 1
        g.rally_used[s] = 0
        g.diplomat_used[s] = 0
    for c in range(N_ACTIONS):
        for k in range(MAX_ROWS):
            g.slot_seat[c][k] = -1
    g.phase = P_PLANNING
    g.step = 0
    g.rb_row = 0            # solo: the Rebels read the bottom card from its first row again
    emit(g, EV_ROUND, -1, g.round + 1, 0, 0, 0, 0)

cdef int advisors_this_round(const GameState* g) noexcept nogil:
    return g.R.n_advisors[g.n_players][g.round]

cdef void activate(GameState* g, int col, int row) noexcept nogil:
    # Rulebook "АКТИВАЦІЯ РАДНИКІВ": the advisor leaves the board, its bribe returns to supply
    cdef int s = g.act_seat, k, rows = g.R.rows[g.n_players]
    g.slot_seat[col][row] = -1
    g.cur_col = <int8_t>col
    g.cur_row = <int8_t>row
    g.turn_active = 1
    g.main_state = 0
    for k in range(N_POOL):
        g.pool[k] = 0
    g.anywhere_moves = 0
    g.used_card = 0
    g.used_deed = 0
    g.used_exchange = 0
    g.rally_target = -1
    emit(g, EV_ACTIVATE, s, col, row, 0, 0, 0)
    if on_board(g, s) == 0:
        push_task(g, K_REENTER, 0, s)
    # the top Scheme slot passes the first-player token (on activation, even if forfeited)
    if col == A_SCHEME and row == 0 and g.solo_level == 0:
        push_task(g, K_PASS_TOKEN, 0, s)

cdef void end_turn(GameState* g) noexcept nogil:
    g.turn_active = 0
    if g.rally_target >= 0:
        g.rally_used[g.act_seat] = 1
    g.rally_target = -1
    if g.test_single_turn:
        g.phase = P_TEST_DONE
        return
    g.act_seat = <int8_t>((g.act_seat + 1) % g.n_players)

cdef bint seat_has_advisor(const GameState* g, int s) noexcept nogil:
    cdef int c, k
    for c in range(N_ACTIONS):
        for k in range(g.R.rows[g.n_players]):
            if g.slot_seat[c][k] == s:
                return True
    return False

cdef void next_activation(GameState* g) noexcept nogil:
    # the next seat (clockwise) with an advisor left activates its lowest-numbered one
    cdef int i, s, c, k, best = 99, count = 0, bc = 0, bk = 0
    for i in range(g.n_players):
        s = (g.act_seat + i) % g.n_players
        if seat_has_advisor(g, s):
            g.act_seat = <int8_t>s
            if g.solo_level > 0 and s == REBELS:
                rebel_turn(g)
                return
            for c in range(N_ACTIONS):
                for k in range(g.R.rows[g.n_players]):
                    if g.slot_seat[c][k] == s:
                        if g.slot_val[c][k] < best:
                            best = g.slot_val[c][k]
                            count = 1
                            bc = c
                            bk = k
                        elif g.slot_val[c][k] == best:
                            count += 1
            if count > 1:
                g.place_val = <int8_t>best
                set_dec(g, D_ACTIVATE, s)
            else:
                activate(g, bc, bk)
            return
    # everyone has activated every advisor: the claim phase
    g.phase = P_CLAIM
    g.step = 0

cdef void claim_flow(GameState* g) noexcept nogil:
    # Rulebook "3. Фаза Досягнень": the token's holder becomes first player; А claim tracks,
    # Б income, В deeds (from the first player), Г exchange tokens, Д goods, Е round marker.
    # Round 4: only step А, then the game ends (income too if income_round4).
    cdef int i
    if g.step == 0:
        if g.solo_level > 0:
            solo_claim(g)       # the Rebels' priority, tracks (yours too), bonuses, income
        else:
            g.first_player = g.token_holder
            claim_advance(g)
        if g.round < N_ROUNDS - 1 or g.R.income_round4:
            claim_income(g)
        if g.round == N_ROUNDS - 1:
            g.phase = P_OVER
            emit(g, EV_GAME_END, -1, 0, 0, 0, 0, 0)
            return
        for i in range(1 if g.solo_level > 0 else g.n_players):
            push_task(g, K_TAKE_DEED, 0, (g.first_player + i) % g.n_players)
        g.step = 1
        return
    claim_refresh(g)
    g.round += 1
    begin_round(g)

cdef void start_task(GameState* g) noexcept nogil:
    # the head task becomes a decision, or resolves at once (and is popped)
    cdef int kind = g.task_kind[0], a = g.task_a[0], b = g.task_b[0], s = g.act_seat, r, i, n
    if kind == K_TAKE_DEED:
        if deed_row_count(g) == 0:
            pop_task(g)
        else:
            set_dec(g, D_TAKE_DEED, b)
    elif kind == K_PASS_TOKEN:
        set_dec(g, D_PASS_TOKEN, b)
    elif kind == K_REENTER:
        set_dec(g, D_REENTER, b)
    elif kind == K_DRAW or kind == K_CASUALTY:
        if kind == K_CASUALTY and b <= 0:
            pop_task(g)
        elif g.deck_n[0] + g.deck_n[1] == 0:
            pop_task(g)
        else:
            # the attacker picks the deck (default reading); in solo you pick it for the Rebels
            set_dec(g, D_DECK, (0 if g.solo_level > 0 else g.cas_attacker) if kind == K_CASUALTY else s)
    elif kind == K_ORDER:
        set_dec(g, D_ORDER, s)
    elif kind == K_MARKET:
        set_dec(g, D_MARKET, s)
    elif kind == K_CHURCH:
        n = 0
        for i in range(g.n_players):
            if i != s and g.troops[i][a] > 0:
                n += 1
                r = i
        if g.rebels[a] > 0:
            n += 1
            r = MAX_SEATS
        if g.neutral[a] > 0:
            n += 1
            r = NEUTRAL
        if n == 0:
            if g.R.church_places_without_removal and g.supply[s] > 0:
                place_troop(g, s, a)
            pop_task(g)
        elif n == 1:               # a single target: the removal is not optional
            pop_task(g)
            church_effect(g, s, a, r)
        else:
            set_dec(g, D_CHURCH, s)
    elif kind == K_ESCORT:
        if g.troops[s][a] == 0:
            pop_task(g)
        else:
            set_dec(g, D_ESCORT, s)
    elif kind == K_PAY_GOOD_ANY or kind == K_PAY_GOOD_DISTINCT or kind == K_PAY_GOOD_SAME:
        set_dec(g, D_PAY_GOOD, s)
    elif kind == K_PAY_CARD:
        set_dec(g, D_PAY_CARD, s)
    elif kind == K_PAY_TROOP_ANY or kind == K_PAY_TROOP_DISTINCT or kind == K_PAY_TROOP_RULED:
        set_dec(g, D_PAY_TROOP, s)
    elif kind == K_PAY_STRUCT:
        set_dec(g, D_PAY_STRUCT, s)
    elif kind == K_REBEL_ATTACK:
        rebel_attack_step(g)
    elif kind == K_DEED_REWARD:
        pop_task(g)
        deed_reward(g, s, a)
    else:
        pop_task(g)

cdef void deed_reward(GameState* g, int s, int d) noexcept nogil:
    cdef const int8_t* rw = g.R.deed_reward[d]
    g.pool[A_MOVE] += rw[DR_BOOTS]
    g.pool[A_MUSTER] += rw[DR_HELMETS]
    g.pool[A_TAX] += rw[DR_CARTS]
    g.pool[A_BUILD] += rw[DR_HAMMERS]
    g.pool[POOL_SWORD_MINUS] += rw[DR_SWORDS_MINUS]
    g.coins[s] += rw[DR_COINS]
    g.anywhere_moves += rw[DR_MOVES_ANYWHERE]
    if rw[DR_DRAW2KEEP1] > 0:
        push_front(g, K_DRAW, 2, 0)

cdef void progress(GameState* g) noexcept nogil:
    # one forced step towards the next decision
    cdef int n = g.n_players
    if g.n_tasks > 0:
        start_task(g)
        return
    if g.solo_level > 0:
        n = 1          # solo: only you keep an agenda and place troops and a leader
    if g.phase == P_AGENDA:
        if g.step < n:
            set_dec(g, D_AGENDA, (g.first_player + g.step) % n)
        else:
            g.phase = P_SETUP_TROOPS
            g.step = 0
    elif g.phase == P_SETUP_TROOPS:
        if g.step < 3 * n:
            set_dec(g, D_SETUP_TROOP, (g.first_player + g.step) % n)
        else:
            g.phase = P_SETUP_LEADERS
            g.step = 0
    elif g.phase == P_SETUP_LEADERS:
        if g.step < n:
            set_dec(g, D_SETUP_LEADER, (g.first_player + g.step) % n)
        else:
            g.round = 0
            begin_round(g)
    elif g.phase == P_PLANNING:
        n = g.n_players
        if g.step < n * advisors_this_round(g):
            if g.solo_level > 0 and (g.first_player + g.step) % n == REBELS:
                rebel_place(g)
            else:
                set_dec(g, D_PLACE, (g.first_player + g.step) % n)
        else:
            g.phase = P_ACTIONS
            g.act_seat = g.first_player
            g.turn_active = 0
    elif g.phase == P_ACTIONS:
        if g.turn_active:
            set_dec(g, D_TURN, g.act_seat)
        else:
            next_activation(g)
    elif g.phase == P_CLAIM:
        claim_flow(g)

cdef int game_advance(GameState* g, int32_t* buf) noexcept nogil:
    cdef int n
    while True:
        if g.phase == P_OVER or g.phase == P_TEST_DONE:
            g.decision = D_NONE
            g.decider = -1
            return 0
        if g.decision != D_NONE:
            n = decision_options(g, buf)
            if n > 0:
                return n
            skip_decision(g)      # nothing to choose: the step lapses
            continue
        progress(g)

cdef void skip_decision(GameState* g) noexcept nogil:
    # a decision whose options ran out (e.g. a payment made impossible) is dropped
    if g.n_tasks > 0:
        pop_task(g)
    elif g.decision == D_TURN:
        end_turn(g)
        g.decision = D_NONE
    else:
        g.decision = D_NONE
