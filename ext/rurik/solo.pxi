# The solo mode: the Rebels led by Sviatopolk (rulebook «Соло-режим», digest rurik.md §19).
# They are part of the rules, not a policy: every step here is forced, in the seed's order.
# Seat REBELS (1) plays them: their troops are the rebel miniatures, their leader Sviatopolk
# (no multiplayer ability); neutral troops are a separate force (GameState.neutral).
# The Rebel deck is face up: rb_deck[0] is the bottom card (read for advisor placement),
# rb_deck[17] the top card (location order and build order during their turns).

cdef inline int advisor_of_row(int k) noexcept nogil:
    # card rows: 0 "1", 1 "2", 2 "2*" (joins in round 3), 3 "3*" (round 4), 4 "4", 5 "5"
    return 1 if k == 0 else (2 if k <= 2 else (3 if k == 3 else k))

cdef inline bint solo(const GameState* g) noexcept nogil:
    return g.solo_level > 0

cdef inline int rb_top(const GameState* g) noexcept nogil:
    return g.rb_deck[N_REBEL_CARDS - 1]

cdef inline int rb_loc(const GameState* g, int i) noexcept nogil:
    return g.R.rb_loc[rb_top(g)][i]

cdef void rb_cycle(GameState* g) noexcept nogil:
    # «На початку ходу Повстанців витягніть нижню карту ... та покладіть її на верх колоди»
    cdef int i, bottom = g.rb_deck[0]
    for i in range(N_REBEL_CARDS - 1):
        g.rb_deck[i] = g.rb_deck[i + 1]
    g.rb_deck[N_REBEL_CARDS - 1] = <int8_t>bottom

cdef void rb_unlock(GameState* g) noexcept nogil:
    # move the top coin of the current priority column to the Rebels' dock (the space opens);
    # with none left there, the top coin of the leftmost column that has one
    cdef int c, k, col
    for c in range(-1, N_PRIORITIES):
        col = g.priority if c < 0 else c
        for k in range(g.R.mat_n[g.solo_level][col]):
            if g.mat_coin[col][k]:
                g.mat_coin[col][k] = 0
                g.coins[REBELS] += 1
                return

cdef void solo_setup(GameState* g, int level) noexcept nogil:
    # «ПІДГОТОВКА ДО ГРИ ПОВСТАНЦЯМИ» and «ПІДГОТОВКА ІГРОВОГО ПОЛЯ»
    cdef const Rules* R = g.R
    cdef int i, k, c, r, placed = 0, per = 2 if R.solo_two_rebels_per_start_region else 1
    cdef int kiev = -1
    g.solo_level = <int8_t>level
    g.priority = R.mat_start[level]
    for c in range(N_PRIORITIES):
        for k in range(R.mat_n[level][c]):
            g.mat_coin[c][k] = R.mat_locked[level][c][k]
    for i in range(N_REBEL_CARDS):
        g.rb_deck[i] = <int8_t>i
    rng_shuffle(&g.rng, g.rb_deck, N_REBEL_CARDS)
    g.supply[REBELS] = REBEL_TROOPS
    g.ability[REBELS] = -1
    g.agenda[REBELS] = -1
    for r in range(N_REGIONS):
        g.rebels[r] = 0          # no multiplayer rebels: the miniatures are the Rebels' troops
        g.rebel_reward[r] = -1
    kiev = R.kiev
    g.leader_region[REBELS] = <int8_t>kiev
    place_troop(g, REBELS, kiev)
    place_troop(g, REBELS, kiev)
    for i in range(8):
        r = rb_loc(g, i)
        if r == kiev:
            continue
        for k in range(per):
            place_troop(g, REBELS, r)
        placed += 1
        if placed == 2:
            break
    for r in range(N_REGIONS):
        if in_play(g, r) and not present(g, REBELS, r):
            g.neutral[r] = 1
    g.first_player = 0
    g.token_holder = -1          # the token marks the Rebels' priority; no player holds it

cdef void rebel_place(GameState* g) noexcept nogil:
    # «Розміщення Радників»: the next row of the bottom card (read upward) whose advisor is
    # unlocked; its action in the current priority column; full column -> next to the right
    cdef int card = g.rb_deck[0], row, v, col, k, rows = g.R.rows[2], need, bribe = 0, top
    while g.rb_row < N_CARD_ROWS:
        row = g.rb_row
        g.rb_row += 1
        k = g.R.rb_adv[card][g.priority][row]
        if (k == 2 and g.round < 2) or (k == 3 and g.round < 3):
            continue
        v = advisor_of_row(k)
        if g.adv_left[REBELS][v] <= 0:
            continue
        col = g.R.rb_action[card][g.priority][row]
        for k in range(N_ACTIONS):
            if not column_full(g, (col + k) % N_ACTIONS):
                col = (col + k) % N_ACTIONS
                break
        if g.R.rb_coin[card][g.priority][row]:
            # coins enough to take the top slot (maybe none); not affordable -> no bribe
            need = 0
            if g.slot_seat[col][0] >= 0:
                top = g.slot_val[col][0] + g.slot_bribe[col][0]
                need = top + 1 - v if top + 1 > v else 0
            if need <= g.coins[REBELS]:
                bribe = need
        else:
            # equal to one of your advisors there: 1 coin to go one step above it
            for k in range(rows):
                if g.slot_seat[col][k] == 0 and g.slot_val[col][k] + g.slot_bribe[col][k] == v:
                    if g.coins[REBELS] >= 1:
                        bribe = 1
                    break
        place_advisor(g, REBELS, v, col, bribe)
        return
    g.step += 1            # no row left: cannot happen with the 18 cards (each names all 6 advisors)

cdef void rebel_bonuses(GameState* g, int action, int* icons) noexcept nogil:
    # every open mat space whose trigger is this action (any column); boots of another action
    # are moved after the main action
    cdef int c, k, b
    for c in range(N_PRIORITIES):
        for k in range(g.R.mat_n[g.solo_level][c]):
            if g.mat_coin[c][k] or g.R.mat_trigger[g.solo_level][c][k] != action:
                continue
            b = g.R.mat_bonus[g.solo_level][c][k]
            if b == BN_COINS1:
                g.coins[REBELS] += 1
            elif b == BN_COINS2:
                g.coins[REBELS] += 2
            elif b == BN_CASUALTY_MINUS:
                g.rb_minus += 1
            elif b == action:            # helmets 0 .. hammers 4 align with the actions
                icons[0] += 1
            elif b == BN_BOOTS:
                g.rb_boots_after += 1

cdef void rebel_muster(GameState* g, int helmets) noexcept nogil:
    # «Скликання Стягів»: Sviatopolk first when off the board; then one troop in each region they
    # occupy but do not rule (passes repeat) until helmets run out or they rule them all; then one
    # in each region they rule, in location order, until helmets run out
    cdef int i, r, stage
    cdef bint placed
    if g.leader_region[REBELS] < 0 and helmets > 0:
        r = rb_loc(g, 0)
        for i in range(8):
            if present(g, REBELS, rb_loc(g, i)):
                r = rb_loc(g, i)
                break
        g.leader_region[REBELS] = <int8_t>r
        helmets -= 1
        emit(g, EV_MUSTER, REBELS, r, 1, 0, 0, 0)
    for stage in range(2):
        while helmets > 0 and g.supply[REBELS] > 0:
            placed = False
            for i in range(8):
                r = rb_loc(g, i)
                if not present(g, REBELS, r) or (ruler(g, r) == REBELS) != (stage == 1):
                    continue
                place_troop(g, REBELS, r)
                emit(g, EV_MUSTER, REBELS, r, 0, 0, 0, 0)
                placed = True
                helmets -= 1
                if helmets == 0 or g.supply[REBELS] == 0:
                    break
            if not placed:
                break

cdef int rebel_move_source(GameState* g, int target) noexcept nogil:
    # the nearest region with a troop to spare: they leave 1 everywhere and never hand you rule
    # of the region left (a tie is allowed); equal distance -> the one later in location order
    cdef int i, r, best = -1, best_d = 99, d, mine
    for i in range(8):
        r = rb_loc(g, i)
        if r == target or units(g, REBELS, r) < 2:
            continue
        mine = strength(g, REBELS, r) - 1
        if strength(g, 0, r) > mine and strength(g, 0, r) > g.neutral[r] and ruler(g, r) != 0:
            continue
        d = g.R.dist2[r][target]
        if d <= best_d:
            best_d = d
            best = r
    return best

cdef void rebel_move(GameState* g, int boots) noexcept nogil:
    # «Рух»: each boot moves one troop to any region. ATTACK/MOVE: one troop into each region
    # without Rebels, in location order; BUILD or TAX: all into the first region they do not rule
    cdef int i, r, target = -1, src
    if g.priority != PR_ATTACK_MOVE:
        for i in range(8):
            if ruler(g, rb_loc(g, i)) != REBELS:
                target = rb_loc(g, i)
                break
    while boots > 0:
        if g.priority == PR_ATTACK_MOVE:
            target = -1
            for i in range(8):
                if not present(g, REBELS, rb_loc(g, i)):
                    target = rb_loc(g, i)
                    break
        if target < 0:
            return
        src = rebel_move_source(g, target)
        if src < 0:
            return
        if g.leader_region[REBELS] == src:      # Sviatopolk always moves first
            g.leader_region[REBELS] = <int8_t>target
            emit(g, EV_MOVE, REBELS, src, target, 1, 0, 0)
        else:
            g.troops[REBELS][src] -= 1
            g.troops[REBELS][target] += 1
            emit(g, EV_MOVE, REBELS, src, target, 0, 0, 0)
        boots -= 1

cdef void rebel_tax(GameState* g, int carts) noexcept nogil:
    # «Збирання податі»: regions in location order, by category A ruled / column not full,
    # B not ruled / not full, C ruled / full, D not ruled / full; their market: an extra good
    cdef int cat, i, r, good, cost
    cdef bint ruled, full
    cdef uint16_t ruled_now = ruled_mask(g, REBELS)     # taking goods changes no one's rule
    for cat in range(4):
        for i in range(8):
            r = rb_loc(g, i)
            if not present(g, REBELS, r) or not g.good_present[r]:
                continue
            good = g.good_type[r]
            ruled = (ruled_now >> r) & 1
            full = g.goods[REBELS][good] >= g.R.boat[good]
            if ruled != (cat == 0 or cat == 2) or full != (cat >= 2):
                continue
            cost = 1 if ruled else 2
            if cost > carts:
                continue
            carts -= cost
            collect_good(g, REBELS, r)
            if g.struct_owner[r][S_MARKET] == REBELS and structures_work(g, REBELS, r):
                g.goods[REBELS][good] += 1

cdef bint church_target_for_rebels(const GameState* g, int r) noexcept nogil:
    return g.troops[0][r] > 0 or g.neutral[r] > 0

cdef void rebel_build(GameState* g, int hammers) noexcept nogil:
    # «Будівництво»: regions by category 1 ruled without their structures, 2 not ruled without,
    # 3 ruled with theirs and your or neutral troops, 4 ruled with theirs; each in location order.
    # The highest structure of the top card's build order they can build there; a church only
    # where your or neutral troops stand (not a leader): it removes one (yours first).
    cdef int8_t order[N_REGIONS]
    cdef int n = 0, cat, i, j, r, k, cost
    cdef bint ruled, theirs, dup
    cdef uint16_t ruled_then = ruled_mask(g, REBELS), built = structure_mask(g, REBELS, -1)
    for cat in range(4):       # the order is fixed when the action begins
        for i in range(8):
            r = rb_loc(g, i)
            if not present(g, REBELS, r):
                continue
            ruled = (ruled_then >> r) & 1
            theirs = (built >> r) & 1
            if cat == 0 and not (ruled and not theirs):
                continue
            if cat == 1 and not (not ruled and not theirs):
                continue
            if cat == 2 and not (ruled and theirs and church_target_for_rebels(g, r)):
                continue
            if cat == 3 and not (ruled and theirs):
                continue
            dup = False
            for j in range(n):
                dup = dup or order[j] == r
            if not dup:
                order[n] = <int8_t>r
                n += 1
    for i in range(n):
        r = order[i]
        cost = 1 if ruler(g, r) == REBELS else 2
        if cost > hammers:
            continue
        for j in range(N_STRUCT):
            k = g.R.rb_build[rb_top(g)][g.priority][j]
            if g.struct_owner[r][k] >= 0 or g.struct_supply[REBELS][k] <= 0:
                continue
            if k == S_CHURCH and not church_target_for_rebels(g, r):
                continue
            hammers -= cost
            put_structure(g, REBELS, r, k)
            if k == S_CHURCH and structures_work(g, REBELS, r):
                church_effect(g, REBELS, r, 0 if g.troops[0][r] > 0 else NEUTRAL)
            break

cdef void rebel_attack_start(GameState* g, int swords) noexcept nogil:
    # «Атака»: regions where they are present with your or neutral troops; ATTACK/MOVE: those
    # they do not rule first, then those they rule; BUILD or TAX: ruled first (location order)
    cdef int pass_, i, r
    cdef bint ruled
    cdef uint16_t ruled_then = ruled_mask(g, REBELS)
    g.rb_swords = <int8_t>swords
    g.rb_n = 0
    g.rb_pos = 0
    for pass_ in range(2):
        for i in range(8):
            r = rb_loc(g, i)
            if not present(g, REBELS, r) or not (present(g, 0, r) or g.neutral[r] > 0):
                continue
            ruled = (ruled_then >> r) & 1
            if ruled == ((pass_ == 0) == (g.priority != PR_ATTACK_MOVE)):
                g.rb_order[g.rb_n] = <int8_t>r
                g.rb_n += 1
    push_task(g, K_REBEL_ATTACK, 0, 0)

cdef void rebel_attack_step(GameState* g) noexcept nogil:
    # all attacks in one region before the next; you first, then neutral troops. Against you:
    # you lose a troop (the leader last), they advance on the warfare track and you choose the
    # deck of their casualty check (the task queued in front of this one).
    cdef int r, k
    while g.rb_swords > 0 and g.rb_pos < g.rb_n:
        r = g.rb_order[g.rb_pos]
        if not present(g, REBELS, r) or not (present(g, 0, r) or g.neutral[r] > 0):
            g.rb_pos += 1
            continue
        g.rb_swords -= 1
        if present(g, 0, r):
            remove_unit(g, 0, r, True)
            g.warfare[REBELS] += 1
            emit(g, EV_ATTACK, REBELS, r, 0, 0, 0, 0)
            k = 1 - g.rb_minus
            if ruler(g, r) == 0:
                k += 1
            if g.struct_owner[r][S_STRONGHOLD] == 0 and structures_work(g, 0, r):
                k += 1
            if g.R.solo_sviatopolk_card and g.leader_region[REBELS] == r:
                k -= 1
            if k > 0:
                g.cas_attacker = REBELS
                push_front(g, K_CASUALTY, r, k)
                return
        else:
            g.neutral[r] -= 1
            emit(g, EV_ATTACK, REBELS, r, NEUTRAL, 0, 0, 0)
    pop_task(g)
    rebel_turn_end(g)

cdef void rebel_turn_end(GameState* g) noexcept nogil:
    if g.rb_boots_after > 0:
        rebel_move(g, g.rb_boots_after)
        g.rb_boots_after = 0
    end_turn(g)

cdef void rebel_turn(GameState* g) noexcept nogil:
    # «2. ФАЗА ДІЙ» for the Rebels: bottom card to the top; their lowest advisor (ties: the
    # leftmost column); no coin for a cancelled action; no bonus actions, but every open mat
    # space triggered by the action
    cdef int c, k, best = 99, bc = -1, bk = -1, cost, icons
    rb_cycle(g)
    for c in range(N_ACTIONS):
        for k in range(g.R.rows[2]):
            if g.slot_seat[c][k] == REBELS and g.slot_val[c][k] < best:
                best = g.slot_val[c][k]
                bc = c
                bk = k
    g.slot_seat[bc][bk] = -1
    g.act_seat = REBELS
    g.turn_active = 1
    g.cur_col = <int8_t>bc
    g.cur_row = <int8_t>bk
    g.rb_minus = 0
    g.rb_boots_after = 0
    emit(g, EV_ACTIVATE, REBELS, bc, bk, 0, 0, 0)
    cost = g.R.cost[2][bk][bc]
    if g.coins[REBELS] < cost or (bc == A_MUSTER and g.supply[REBELS] == 0 and g.leader_region[REBELS] >= 0):
        emit(g, EV_FORFEIT, REBELS, 0, 0, 0, 0, 0)
        end_turn(g)
        return
    g.coins[REBELS] -= cost
    icons = g.R.icons[2][bk][bc]
    if bc == A_SCHEME:
        rb_unlock(g)            # no cards, no token: a bonus space opens
    rebel_bonuses(g, bc, &icons)
    emit(g, EV_MAIN, REBELS, bc, icons, 0, 0, 0)
    if bc == A_MUSTER:
        rebel_muster(g, icons)
    elif bc == A_MOVE:
        rebel_move(g, icons)
    elif bc == A_ATTACK:
        rebel_attack_start(g, icons)
        return                  # resumes in K_REBEL_ATTACK
    elif bc == A_TAX:
        rebel_tax(g, icons)
    elif bc == A_BUILD:
        rebel_build(g, icons)
    rebel_turn_end(g)

cdef void solo_claim(GameState* g) noexcept nogil:
    # «3. ФАЗА ДОСЯГНЕНЬ» for the Rebels: new priority (A you occupy more regions, B your
    # structures span more adjacent regions, C more goods on your boat, D the starting column);
    # tracks advance; one bonus opens per claim track where you are ahead; income 1 coin + 1 per
    # full boat column (rounds 1-3); never a deed. Sviatopolk's card musters 1 troop in his region.
    cdef int t
    if g.round == N_ROUNDS - 1:
        claim_advance(g)
        return
    if bit_count(presence_mask(g, 0)) > bit_count(presence_mask(g, REBELS)):
        g.priority = PR_ATTACK_MOVE
    elif claim_metric(g, 0, T_BUILD) > claim_metric(g, REBELS, T_BUILD):
        g.priority = PR_BUILD
    elif boat_goods(g, 0) > boat_goods(g, REBELS):
        g.priority = PR_TAX
    else:
        g.priority = g.R.mat_start[g.solo_level]
    claim_advance(g)
    for t in range(N_TRACKS):
        if g.claim[0][t] > g.claim[REBELS][t]:
            rb_unlock(g)
    t = 1 + full_columns(g, REBELS)
    g.coins[REBELS] += t
    emit(g, EV_INCOME, REBELS, t, 0, 0, 0, 0)
    if g.R.solo_sviatopolk_card and g.leader_region[REBELS] >= 0 and g.supply[REBELS] > 0:
        place_troop(g, REBELS, g.leader_region[REBELS])
        emit(g, EV_MUSTER, REBELS, g.leader_region[REBELS], 0, 0, 0, 0)
