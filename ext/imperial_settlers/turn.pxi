# The decision machine: setup, game_advance (every forced step up to the next decision and
# its legal options) and game_apply (one option). Rulebook "ХОД ИГРЫ": 5 rounds of lookout,
# production, action and cleanup (+ the solo attack phase).

cdef enum:  # setup errors
    SETUP_OK = 0
    SETUP_BAD_PLAYERS = 1
    SETUP_BAD_FACTION = 2
    SETUP_SAME_FACTION = 3
    SETUP_BAD_VARIANT = 4


cdef int game_setup(GameState* s, const Rules* r, uint64_t seed, const SetupArgs* args) noexcept nogil:
    # Rulebook "ПОДГОТОВКА К ИГРЕ" (and the solo changes): shuffled common deck, each
    # faction deck shuffled, a random first player, starting hands of 2 common + 2 faction
    # cards dealt from the first player on; solo: the attack deck shuffled and its top card
    # revealed.
    cdef int p, q, i, j
    cdef int n_players = args.n_players
    cdef const int32_t* factions = args.factions
    if n_players < 1 or n_players > MAX_SEATS:
        return SETUP_BAD_PLAYERS
    if r.lookout > LOOK_ADVANCED:
        return SETUP_BAD_VARIANT
    for p in range(n_players):
        if factions[p] < 0 or factions[p] >= N_FACTIONS:
            return SETUP_BAD_FACTION
        for q in range(p):
            if factions[q] == factions[p]:
                return SETUP_SAME_FACTION
    cdef EventBuf* events = s.events      # the caller's log sink survives the reset
    memset(s, 0, sizeof(GameState))
    s.events = events
    s.rules = r
    s.seed = seed
    rng_seed(&s.rng, seed)
    s.n_players = n_players
    s.solo = n_players == 1
    s.n_cdeck = r.deck_size[0]
    memcpy(s.cdeck, r.deck_cards[0], s.n_cdeck * sizeof(int16_t))
    rng_shuffle(&s.rng, <short*>s.cdeck, s.n_cdeck)
    for p in range(n_players):
        s.pl[p].faction = factions[p]
        s.pl[p].n_fdeck = r.deck_size[1 + factions[p]]
        memcpy(s.pl[p].fdeck, r.deck_cards[1 + factions[p]], s.pl[p].n_fdeck * sizeof(int16_t))
        rng_shuffle(&s.rng, <short*>s.pl[p].fdeck, s.pl[p].n_fdeck)
    s.first = 0 if s.solo else rng_below(&s.rng, n_players)
    for i in range(n_players):
        p = (s.first + i) % n_players
        for j in range(r.start_common):
            draw_to_hand(s, p, 0)
        for j in range(r.start_faction):
            draw_to_hand(s, p, 1)
    if s.solo:
        s.n_adeck = r.n_attack
        for i in range(r.n_attack):
            s.adeck[i] = i
        rng_shuffle(&s.rng, s.adeck, s.n_adeck)
        reveal_attack(s)
    s.round = 1
    s.phase = PH_LOOKOUT
    s.step = 0
    s.decider = -1
    emit(s, EV_ROUND, s.first, 1, 0, 0, 0, 0)
    return SETUP_OK


# ----------------------------------------------------------------- lookout

cdef void take_from_pack(GameState* s, int p, int i) noexcept nogil:
    cdef int card = swap_remove(s.pl[p].pack, &s.pl[p].n_pack, i)
    to_hand(s, p, card)
    emit(s, EV_PICK, p, card, 2, 0, 0, 0)


cdef void reveal_row(GameState* s, int n) noexcept nogil:
    cdef int c
    s.n_row = 0
    while s.n_row < n:
        c = draw_common(s)
        if c < 0:
            break
        s.row[s.n_row] = c
        s.n_row += 1


cdef void discard_row(GameState* s) noexcept nogil:
    cdef int i
    for i in range(s.n_row):
        discard_card(s, s.row[i])
    s.n_row = 0


cdef void take_from_row(GameState* s, int p, int i) noexcept nogil:
    cdef int card = swap_remove(s.row, &s.n_row, i)
    to_hand(s, p, card)
    emit(s, EV_PICK, p, card, 0, 0, 0, 0)


cdef void lookout_draws(GameState* s) noexcept nogil:
    # Everyone draws the top card of their faction deck (peaceful variant: and a common card).
    cdef int i, p
    for i in range(s.n_players):
        p = (s.first + i) % s.n_players
        draw_to_hand(s, p, 1)
        if s.rules.peaceful:
            draw_to_hand(s, p, 0)


cdef int lookout_solo(GameState* s) noexcept nogil:
    # 4 revealed; you take 1; 1 of the other 3 at random goes to the opponent; you take 1 of
    # the last 2; the last goes to the opponent (rulebook "Фаза разведки", solo).
    cdef int i
    if s.step == 0:
        lookout_draws(s)
        reveal_row(s, 4)
        s.step = 1
    if s.step == 1:
        return 0 if s.n_row > 0 else -1
    if s.step == 2:
        if s.n_row > 0:
            i = swap_remove(s.row, &s.n_row, rng_below(&s.rng, s.n_row))
            s.vloc[s.n_vloc] = i
            s.n_vloc += 1
            emit(s, EV_SOLO_TAKE, 0, i, 0, 0, 0, 0)
        s.step = 3
    if s.step == 3:
        return 0 if s.n_row > 0 else -1
    for i in range(s.n_row):
        s.vloc[s.n_vloc] = s.row[i]
        s.n_vloc += 1
        emit(s, EV_SOLO_TAKE, 0, s.row[i], 1, 0, 0, 0)
    s.n_row = 0
    return -1


cdef int lookout_normal(GameState* s) noexcept nogil:
    # Players + 1 commons revealed, taken one each from the first player clockwise, the last
    # discarded; again from the last player counter-clockwise (rulebook "ФАЗА РАЗВЕДКИ").
    cdef int n = s.n_players, i
    if s.step == 0:
        lookout_draws(s)
        reveal_row(s, n + 1)
        s.step = 1
        s.sub = 0
    i = s.step - 1
    if i < n and s.n_row > 0:
        return (s.first + i) % n if s.sub == 0 else (s.first + n - 1 - i) % n
    discard_row(s)
    if s.sub == 0:
        s.sub = 1
        s.step = 1
        reveal_row(s, n + 1)
        return lookout_normal(s)
    return -1


cdef int lookout_advanced(GameState* s) noexcept nogil:
    # 5 face up; each player takes 1 from the first player clockwise, then a 2nd the same way.
    # Before each pick the display is refilled: to 4 in the first pass (from the 3rd pick),
    # to 3 in the second (not for the very last pick, which is from 2); the last card is
    # discarded (rulebook "УСЛОЖНЁННАЯ ФАЗА РАЗВЕДКИ"; with 2 players no refill is needed).
    cdef int n = s.n_players, i, c
    if s.step == 0:
        lookout_draws(s)
        reveal_row(s, 5)
        s.step = 1
    i = s.step - 1
    if i >= 2 * n:
        discard_row(s)
        return -1
    if i < 2 * n - 1:
        c = 4 if i < n else 3
        while s.n_row < c and s.n_row < MAX_ROW:
            n = draw_common(s)
            if n < 0:
                break
            s.row[s.n_row] = n
            s.n_row += 1
        n = s.n_players
    if s.n_row == 0:
        s.step = 2 * n + 1
        return -1
    return (s.first + i) % n


cdef int lookout_alternative(GameState* s) noexcept nogil:
    # Each player takes 3 commons, keeps 1 and passes 2 clockwise, keeps 1 of the 2 received
    # and discards the last (rulebook "АЛЬТЕРНАТИВНАЯ ФАЗА РАЗВЕДКИ"). The hidden picks are
    # taken one seat after another; nobody sees another's pack.
    cdef int n = s.n_players, i, p, c, j
    cdef int16_t held[MAX_SEATS][MAX_TMP]
    cdef int16_t n_held[MAX_SEATS]
    if s.step == 0:
        lookout_draws(s)
        for i in range(n):
            p = (s.first + i) % n
            s.pl[p].n_pack = 0
            for j in range(3):
                c = draw_common(s)
                if c >= 0:
                    s.pl[p].pack[s.pl[p].n_pack] = c
                    s.pl[p].n_pack += 1
        s.step = 1
        s.sub = 0
    while True:
        i = s.step - 1
        if i == n and s.sub == 0:      # pass the packs clockwise
            for p in range(n):
                n_held[p] = s.pl[p].n_pack
                memcpy(held[p], s.pl[p].pack, MAX_TMP * sizeof(int16_t))
            for p in range(n):
                s.pl[(p + 1) % n].n_pack = n_held[p]
                memcpy(s.pl[(p + 1) % n].pack, held[p], MAX_TMP * sizeof(int16_t))
            s.sub = 1
        if i >= 2 * n:
            for p in range(n):
                for j in range(s.pl[p].n_pack):
                    discard_card(s, s.pl[p].pack[j])
                s.pl[p].n_pack = 0
            return -1
        p = (s.first + i % n) % n
        if s.pl[p].n_pack > 0:
            return p
        s.step += 1


cdef int lookout_step(GameState* s) noexcept nogil:
    # The seat to pick next in the lookout phase, or -1 when the phase is over.
    if s.solo:
        return lookout_solo(s)
    if s.rules.lookout == LOOK_ADVANCED:
        return lookout_advanced(s)
    if s.rules.lookout == LOOK_ALTERNATIVE:
        return lookout_alternative(s)
    return lookout_normal(s)


# ----------------------------------------------------------------- pending draws and tasks

cdef int pending_card_seat(const GameState* s) noexcept nogil:
    cdef int p
    for p in range(s.n_players):
        if s.pl[p].pend_any or s.pl[p].pend_common or s.pl[p].pend_faction:
            return p
    return -1


cdef int resolve_pending(GameState* s, int p) noexcept nogil:
    # Draw p's pending cards; returns 1 when the next one needs p's choice of deck.
    cdef Player* pl = &s.pl[p]
    while pl.pend_common:
        pl.pend_common -= 1
        draw_to_hand(s, p, 0)
    while pl.pend_faction:
        pl.pend_faction -= 1
        draw_to_hand(s, p, 1)
    while pl.pend_any:
        if common_available(s) and faction_available(s, p):
            return 1
        pl.pend_any -= 1
        draw_to_hand(s, p, 0 if common_available(s) else 1)
    return 0


cdef inline void pop_task(GameState* s) noexcept nogil:
    s.n_task -= 1


cdef int task_options(GameState* s, const Task* t, int32_t* buf) noexcept nogil:
    # The legal options of the task on top of the stack (0 = it resolves to nothing).
    cdef int p = t.seat, n = 0, i, r, m
    cdef Player* pl = &s.pl[p]
    cdef const Kind* k
    if t.kind == TK_BUILD_DISCARD:
        for i in range(pl.n_loc):
            if not pl.loc[i].captor:
                buf[n] = i; n += 1
    elif t.kind == TK_REPEAT_PROD:
        for i in range(pl.n_loc):
            if repeatable(s, p, i, t.a):
                buf[n] = i; n += 1
    elif t.kind == TK_PICK_1_OF_2:
        for i in range(s.n_tmp):
            buf[n] = i; n += 1
    elif t.kind == TK_PROD_CHOICE:
        buf[0] = 0; buf[1] = 1; n = 2
    elif t.kind == TK_TRADE_MORE:
        if pl.tok[G_WORKER] >= s.rules.trade_workers:
            buf[n] = 0; n += 1
            for i in range(5):
                if can_trade(s, p, i):
                    buf[n] = 1 + i; n += 1
    elif t.kind == TK_USE_OTHER:
        for i in range(pl.n_loc):
            if p * MAX_LOC + i != t.a and not pl.loc[i].foundation and not pl.loc[i].captor:
                k = kind_of(s, pl.loc[i].card)
                if k.type == TY_ACTION and k.act_op != AOP_USE_OTHER and can_pay_tokens(pl, k.act_pay, 1) \
                        and act_op_possible(s, p, i, k, 1):
                    buf[n] = i; n += 1
    elif t.kind == TK_DEAL_AGAIN or t.kind == TK_PAY_DEAL:
        for i in range(n_own_deals(pl)):
            buf[n] = i; n += 1
    elif t.kind == TK_PAY_CARD:
        for i in range(pl.n_hand):
            buf[n] = i; n += 1
    elif t.kind == TK_SETTLERS:
        i = settlers_target(s, p, NULL, 0)
        while i >= 0:
            buf[n] = i; n += 1
            i = settlers_target(s, p, NULL, i + 1)
    elif t.kind == TK_STEAL:
        for i in range(s.n_players):
            if targetable(s, p, i):
                for r in range(3):
                    if s.pl[i].tok[r] > 0:
                        buf[n] = i * 3 + r; n += 1
    elif t.kind == TK_SAMURAI_BONUS:
        for i in range(pl.n_loc):
            if samurai_spot(s, p, i):
                buf[n] = i; n += 1
    elif t.kind == TK_SOLO_TIE:
        for i in range(s.n_tmp):
            buf[n] = i; n += 1
    elif t.kind == TK_TARGET_LOC:
        n = n_location_targets(s, p, t.a, pl.tok[G_RAZE], buf)
    elif t.kind == TK_TAKE_GOOD:
        k = kind_of(s, target_card(s, t.a // MAX_LOC, t.a % MAX_LOC))
        for i in range(N_GOODS):
            if k.raze[i]:
                buf[n] = i; n += 1
    elif t.kind == TK_CANCEL_DEAL or t.kind == TK_TAKE_DEAL:
        # Robbers may cancel a Japanese Trade Route deal instead (seed, «Разбойники»); Spies
        # take only deals under the board (seed, «Шпионы»)
        for i in range(s.n_players):
            if targetable(s, p, i):
                m = n_own_deals(&s.pl[i]) if t.kind == TK_CANCEL_DEAL else s.pl[i].n_deal
                for r in range(m if m < MAX_DEALS else MAX_DEALS):
                    buf[n] = i * MAX_DEALS + r; n += 1
    elif t.kind == TK_FOUNDATION:
        for i in range(pl.n_hand):
            buf[n] = i; n += 1
    elif t.kind == TK_PAY:
        n = gold_splits(pl, t.a & 15, (t.a >> 4) & 15, (t.a >> 8) & 15, buf)
    elif t.kind == TK_BUILD_DEAL:
        i = buildable_deal(s, p, NULL, 0)
        while i >= 0:
            buf[n] = i; n += 1
            i = buildable_deal(s, p, NULL, i + 1)
    elif t.kind == TK_HOLD:
        if kind_of(s, pl.loc[t.a].card).hold == HOLD_CARDS:
            for i in range(pl.n_hand):
                buf[n] = i; n += 1
        else:
            for i in range(3):
                if pl.tok[i] > 0:
                    buf[n] = i; n += 1
    return n


cdef bint run_continuation(GameState* s) noexcept nogil:
    # A payment's continuation on top of the stack runs without a decision; True if it ran.
    cdef Task t = s.task[s.n_task - 1]
    if t.kind == TK_PLACE:
        pop_task(s)
        place_built(s, t.seat, t.a)
    elif t.kind == TK_DEAL_PAID:
        pop_task(s)
        deal_paid(s, t.seat, t.a)
    elif t.kind == TK_ACT_PAID:
        pop_task(s)
        action_paid(s, t.seat, t.a, t.b)
    else:
        return False
    return True


cdef int task_decision(int kind) noexcept nogil:
    if kind == TK_BUILD_DISCARD: return D_BUILD_DISCARD
    if kind == TK_REPEAT_PROD: return D_REPEAT_PROD
    if kind == TK_PICK_1_OF_2: return D_PICK_1_OF_2
    if kind == TK_PROD_CHOICE: return D_PROD_CHOICE
    if kind == TK_TRADE_MORE: return D_TRADE_MORE
    if kind == TK_USE_OTHER: return D_USE_OTHER
    if kind == TK_DEAL_AGAIN: return D_DEAL_AGAIN
    if kind == TK_PAY_DEAL: return D_PAY_DEAL
    if kind == TK_PAY_CARD: return D_PAY_CARD
    if kind == TK_SETTLERS: return D_SETTLERS
    if kind == TK_STEAL: return D_STEAL
    if kind == TK_SAMURAI_BONUS: return D_SAMURAI_BONUS
    if kind == TK_SOLO_TIE: return D_SOLO_TIE
    if kind == TK_TARGET_LOC: return D_TARGET_LOC
    if kind == TK_TAKE_GOOD: return D_TARGET_GOOD
    if kind == TK_CANCEL_DEAL or kind == TK_TAKE_DEAL: return D_TARGET_DEAL
    if kind == TK_HOLD: return D_HOLD
    if kind == TK_FOUNDATION: return D_FOUNDATION_CARD
    if kind == TK_PAY: return D_PAY_GOLD
    if kind == TK_BUILD_DEAL: return D_BUILD_DEAL
    return D_NONE


cdef void apply_task(GameState* s, int o) noexcept nogil:
    cdef Task t = s.task[s.n_task - 1]
    cdef int p = t.seat, card, q
    cdef Player* pl = &s.pl[p]
    cdef const Kind* k
    if t.kind == TK_BUILD_DISCARD:
        pop_task(s)
        discard_location(s, p, o)
        finish_build(s, p, t.a)
    elif t.kind == TK_REPEAT_PROD:
        pop_task(s)
        produce_location(s, p, o)
    elif t.kind == TK_PICK_1_OF_2:
        pop_task(s)
        to_hand(s, p, s.tmp[o])
        emit(s, EV_PICK, p, s.tmp[o], 1, 0, 0, 0)
        discard_card(s, s.tmp[1 - o])
        s.n_tmp = 0
    elif t.kind == TK_PROD_CHOICE:
        pop_task(s)
        gain_goods(s, p, s.rules.kind[t.a].prod_choice[o], 1)
    elif t.kind == TK_TRADE_MORE:
        if o == 0:
            pop_task(s)
        else:
            trade_pair(s, p, o - 1)
    elif t.kind == TK_USE_OTHER:
        pop_task(s)
        emit(s, EV_ACTIVATE, p, pl.loc[o].card, p * MAX_LOC + o, 0, 0, 0)
        run_action_effect(s, p, p * MAX_LOC + o, 1)
    elif t.kind == TK_DEAL_AGAIN:
        pop_task(s)
        k = own_deal_kind(s, pl, o)
        gain_good(s, p, k.deal_good, k.deal_n)
    elif t.kind == TK_PAY_DEAL or t.kind == TK_PAY_CARD:
        if t.kind == TK_PAY_DEAL and o >= pl.n_deal:
            # a Trade Route deal given up: no card of the player's goes with it
            swap_remove(pl.trade_kind, &pl.n_trade, o - pl.n_deal)
        else:
            card = remove_deal(s, p, o) if t.kind == TK_PAY_DEAL else take_from_hand(s, p, o)
            discard_card(s, card)
        s.task[s.n_task - 1].b -= 1
        if s.task[s.n_task - 1].b <= 0:
            pop_task(s)
            gain_goods(s, p, s.rules.kind[t.a].act_gain, 1)
    elif t.kind == TK_SETTLERS:
        pop_task(s)
        finish_build(s, p, take_from_hand(s, p, o))
    elif t.kind == TK_STEAL:
        pop_task(s)
        s.pl[o // 3].tok[o % 3] -= 1
        pl.tok[o % 3] += 1
        emit(s, EV_STEAL, p, o // 3, o % 3, 0, 0, 0)
    elif t.kind == TK_SAMURAI_BONUS:
        place_samurai(s, p, o)
        s.task[s.n_task - 1].a -= 1
        if s.task[s.n_task - 1].a <= 0:
            pop_task(s)
    elif t.kind == TK_SOLO_TIE:
        pop_task(s)
        attack_raze(s, s.tmp[o], t.a)
        s.n_tmp = 0
    elif t.kind == TK_TARGET_LOC:
        pop_task(s)
        apply_location_op(s, p, t.a, o // MAX_LOC, o % MAX_LOC)
    elif t.kind == TK_TAKE_GOOD:
        pop_task(s)
        gain_good(s, p, o, 1)
    elif t.kind == TK_CANCEL_DEAL:
        pop_task(s)
        q = o // MAX_DEALS
        if o % MAX_DEALS >= s.pl[q].n_deal:
            card = -1 - s.pl[q].trade_kind[o % MAX_DEALS - s.pl[q].n_deal]   # a kind, no card
            swap_remove(s.pl[q].trade_kind, &s.pl[q].n_trade, o % MAX_DEALS - s.pl[q].n_deal)
        else:
            card = remove_deal(s, q, o % MAX_DEALS)
            discard_card(s, card)
        emit(s, EV_CANCEL_DEAL, p, q, card, 0, 0, 0)
    elif t.kind == TK_TAKE_DEAL:
        # Spies: the deal moves under p's board; not a Make-a-Deal action, so it gives
        # nothing now (seed, «Шпионы»), only in the production phases to come
        pop_task(s)
        q = o // MAX_DEALS
        card = remove_deal(s, q, o % MAX_DEALS)
        pl.deal[pl.n_deal] = card
        pl.n_deal += 1
        emit(s, EV_TAKE_DEAL, p, q, card, 0, 0, 0)
    elif t.kind == TK_HOLD:
        pop_task(s)
        hold_one(s, p, t.a, o)
    elif t.kind == TK_PAY:
        pop_task(s)
        pay_split(s, p, t.a, o)
    elif t.kind == TK_BUILD_DEAL:
        pop_task(s)
        finish_build(s, p, remove_deal(s, p, o))
    elif t.kind == TK_FOUNDATION:
        pop_task(s)
        card = take_from_hand(s, p, o)
        add_loc(s, p, card, 1)
        emit(s, EV_FOUNDATION, p, card, 0, 0, 0, 0)
        gain_good(s, p, G_STONE, 1)


# ----------------------------------------------------------------- the action phase

cdef int action_options(const GameState* s, int p, int32_t* buf) noexcept nogil:
    cdef const Player* pl = &s.pl[p]
    cdef int n = 0, h, t, i, c
    cdef const Kind* k
    buf[n] = OPT_PASS; n += 1
    for h in range(pl.n_hand):
        k = kind_of(s, pl.hand[h])
        if can_build(s, p, pl.hand[h], False):
            buf[n] = OPT_BUILD + h; n += 1
    for h in range(pl.n_hand):
        if can_deal(s, p, pl.hand[h]):
            buf[n] = OPT_DEAL + h; n += 1
    if pl.tok[G_RAZE] >= s.rules.raze_hand:
        for h in range(pl.n_hand):
            if card_razeable_from_hand(s, p, pl.hand[h]):
                buf[n] = OPT_RAZE_HAND + h; n += 1
    if not s.rules.peaceful and pl.tok[G_RAZE] >= s.rules.raze_loc:
        if s.solo:
            for i in range(s.n_vloc):
                if kind_of(s, s.vloc[i]).can_raze:
                    buf[n] = OPT_RAZE_LOC + 1 * MAX_LOC + i; n += 1
        else:
            for t in range(s.n_players):
                if not targetable(s, p, t):
                    continue
                for i in range(s.pl[t].n_loc):
                    if loc_razeable_by_opponent(s, t, &s.pl[t].loc[i]) and \
                            pl.tok[G_RAZE] >= raze_loc_cost(s, &s.pl[t].loc[i]):
                        buf[n] = OPT_RAZE_LOC + t * MAX_LOC + i; n += 1
    for i in range(pl.n_loc):
        for c in range(1, 3):
            if can_activate(s, p, p, i, c):
                buf[n] = OPT_ACT + 2 * i + c - 1; n += 1
    for c in range(5):
        if can_trade(s, p, c):
            buf[n] = OPT_TRADE + c; n += 1
    n += free_move_options(s, p, buf + n)
    for t in range(s.n_players if pl.n_captured else 0):
        if t != p:
            for i in range(s.pl[t].n_loc):
                if s.pl[t].loc[i].captor == p + 1 and can_activate(s, p, t, i, 1):
                    buf[n] = OPT_ACT_CAPTURED + t * MAX_LOC + i; n += 1
    return n


cdef int free_move_options(const GameState* s, int p, int32_t* buf) noexcept nogil:
    # "В любой момент своего хода": a defence token on one of your common locations; Japanese:
    # a worker as a samurai on one of your faction locations. Neither is the turn's action.
    cdef const Player* pl = &s.pl[p]
    cdef int n = 0, i
    if pl.tok[G_DEFENCE] > 0:
        for i in range(pl.n_loc):
            if not pl.loc[i].foundation and pl.loc[i].defence == 0 and kind_of(s, pl.loc[i].card).deck == 0:
                buf[n] = OPT_DEFENCE + i; n += 1
    if s.rules.samurai[pl.faction] and pl.tok[G_WORKER] > 0:
        for i in range(pl.n_loc):
            if samurai_spot(s, p, i):
                buf[n] = OPT_SAMURAI + i; n += 1
    for i in range(pl.n_loc):
        if can_hold(s, p, i):
            buf[n] = OPT_HOLD + i; n += 1
    return n


cdef void apply_action(GameState* s, int p, int o) noexcept nogil:
    cdef int t, i
    if o == OPT_PASS:
        s.pl[p].passed = 1
        s.turn_done = 1
        emit(s, EV_PASS, p, 0, 0, 0, 0, 0)
    elif o < OPT_DEAL:
        start_build(s, p, o - OPT_BUILD)
        s.turn_done = 1
    elif o < OPT_RAZE_HAND:
        make_deal(s, p, o - OPT_DEAL)
        s.turn_done = 1
    elif o < OPT_RAZE_LOC:
        raze_from_hand(s, p, o - OPT_RAZE_HAND)
        s.turn_done = 1
    elif o < OPT_ACT:
        t = (o - OPT_RAZE_LOC) // MAX_LOC
        raze_location(s, p, t, (o - OPT_RAZE_LOC) % MAX_LOC)
        s.turn_done = 1
    elif o < OPT_TRADE:
        activate(s, p, p * MAX_LOC + (o - OPT_ACT) // 2, (o - OPT_ACT) % 2 + 1)
        s.turn_done = 1
    elif o < OPT_DEFENCE:
        trade_pair(s, p, o - OPT_TRADE)
        push_task(s, TK_TRADE_MORE, p, 0, 0)
        s.turn_done = 1
    elif o < OPT_SAMURAI:
        # free: a defence token on one of your common locations (not the turn's action)
        i = o - OPT_DEFENCE
        s.pl[p].tok[G_DEFENCE] -= 1
        s.pl[p].loc[i].defence = 1
        emit(s, EV_DEFENCE, p, i, s.pl[p].loc[i].card, 0, 0, 0)
    elif o < OPT_HOLD:
        # free: a worker becomes a samurai
        i = o - OPT_SAMURAI
        s.pl[p].tok[G_WORKER] -= 1
        place_samurai(s, p, i)
    elif o < OPT_ACT_CAPTURED:
        # free: a card under a Gate / a resource on a Shrine or Storehouse (which: a decision)
        push_task(s, TK_HOLD, p, o - OPT_HOLD, 0)
    else:
        activate(s, p, o - OPT_ACT_CAPTURED, 1)
        s.turn_done = 1


cdef int next_unpassed(const GameState* s, int from_seat) noexcept nogil:
    cdef int i, p
    for i in range(1, s.n_players + 1):
        p = (from_seat + i) % s.n_players
        if not s.pl[p].passed:
            return p
    return -1


# ----------------------------------------------------------------- advance / apply

cdef inline bint game_is_over(const GameState* s) noexcept nogil:
    return s.over != 0


cdef inline int game_legal_options(GameState* s, int32_t* buf) noexcept nogil:
    # At a pending decision game_advance resolves nothing more: it only writes the options.
    return game_advance(s, buf)


cdef int game_advance(GameState* s, int32_t* buf) noexcept nogil:
    # Resolve forced steps up to the next decision; write its options; 0 when the game is over.
    cdef int p, n
    while True:
        if s.over:
            s.decision = D_NONE
            s.decider = -1
            return 0
        p = pending_card_seat(s)
        if p >= 0 and resolve_pending(s, p):
            s.decision = D_CARD_SOURCE
            s.decider = p
            buf[0] = 0
            buf[1] = 1
            return 2
        if s.n_task > 0:
            if run_continuation(s):
                continue
            n = task_options(s, &s.task[s.n_task - 1], buf)
            if n == 0:
                pop_task(s)
                continue
            s.decision = task_decision(s.task[s.n_task - 1].kind)
            s.decider = s.task[s.n_task - 1].seat
            if n == 1 and s.decision == D_TRADE_MORE:
                pop_task(s)      # only "stop" is possible
                continue
            return n
        if s.phase == PH_LOOKOUT:
            p = lookout_step(s)
            if p >= 0:
                s.decider = p
                if s.rules.lookout == LOOK_ALTERNATIVE and not s.solo:
                    s.decision = D_DRAFT_PICK
                    for n in range(s.pl[p].n_pack):
                        buf[n] = n
                    return s.pl[p].n_pack
                s.decision = D_LOOKOUT_PICK
                for n in range(s.n_row):
                    buf[n] = n
                return s.n_row
            s.phase = PH_PRODUCTION
            s.step = 0
            s.prod_cursor = -1
            emit(s, EV_PHASE, -1, PH_PRODUCTION, s.round, 0, 0, 0)
        elif s.phase == PH_PRODUCTION:
            if s.step >= s.n_players:
                s.phase = PH_ACTION
                s.actor = s.first
                s.turn_done = 0
                emit(s, EV_PHASE, -1, PH_ACTION, s.round, 0, 0, 0)
                continue
            p = (s.first + s.step) % s.n_players
            if s.prod_cursor < 0:
                produce_board_and_deals(s, p)
                s.prod_cursor = 0
                continue
            if s.prod_cursor < s.pl[p].n_loc:
                n = s.prod_cursor
                s.prod_cursor += 1
                if not s.pl[p].loc[n].foundation and not s.pl[p].loc[n].captor and kind_of(s, s.pl[p].loc[n].card).type == TY_PRODUCTION:
                    produce_location(s, p, n)
                continue
            s.step += 1
            s.prod_cursor = -1
        elif s.phase == PH_ACTION:
            if s.turn_done == 1 and not s.pl[s.actor].passed:
                # after the action: free moves, or end the turn
                n = free_move_options(s, s.actor, buf + 1)
                if n > 0:
                    buf[0] = 0
                    s.decision = D_FREE_MOVES
                    s.decider = s.actor
                    return n + 1
            if s.turn_done:
                s.turn_done = 0
                s.actor = next_unpassed(s, s.actor)
            elif s.pl[s.actor].passed:
                s.actor = next_unpassed(s, s.actor)
            if s.actor < 0:
                s.phase = PH_CLEANUP
                continue
            s.decision = D_ACTION
            s.decider = s.actor
            return action_options(s, s.actor, buf)
        elif s.phase == PH_CLEANUP:
            # Skipped in the last round: ties are broken by the goods left.
            if s.round < s.rules.rounds:
                cleanup(s)
            if s.solo:
                s.phase = PH_ATTACK
                emit(s, EV_PHASE, -1, PH_ATTACK, s.round, 0, 0, 0)
                opponent_locations_to_trophies(s)
                s.attacks_left = s.rules.attacks_per_round
            else:
                end_round(s)
        elif s.phase == PH_ATTACK:
            if s.attacks_left <= 0:
                end_round(s)
                continue
            s.attacks_left -= 1
            reveal_attack(s)
            n = find_attack(s)
            if n == 0:
                emit(s, EV_ATTACK_MISS, 0, 0, 0, 0, 0, 0)
            else:
                if s.n_tmp == 1:
                    attack_raze(s, s.tmp[0], n)
                    s.n_tmp = 0
                else:
                    push_task(s, TK_SOLO_TIE, 0, n, 0)


cdef void end_round(GameState* s) noexcept nogil:
    if s.round >= s.rules.rounds:
        s.phase = PH_OVER
        s.over = 1
        emit(s, EV_END, -1, s.round, 0, 0, 0, 0)
        return
    s.round += 1
    s.first = (s.first + 1) % s.n_players
    s.phase = PH_LOOKOUT
    s.step = 0
    emit(s, EV_ROUND, s.first, s.round, 0, 0, 0, 0)


cdef void game_apply(GameState* s, int32_t o) noexcept nogil:
    # Apply option `o` of the pending decision (the caller offers only legal options).
    cdef int p = s.decider
    s.n_decisions += 1
    if s.decision == D_CARD_SOURCE:
        s.pl[p].pend_any -= 1
        draw_to_hand(s, p, o)
    elif s.decision == D_LOOKOUT_PICK:
        take_from_row(s, p, o)
        s.step += 1
    elif s.decision == D_DRAFT_PICK:
        take_from_pack(s, p, o)
        s.step += 1
    elif s.decision == D_ACTION:
        apply_action(s, p, o)
    elif s.decision == D_FREE_MOVES:
        if o == 0:
            s.turn_done = 2
        else:
            apply_action(s, p, o)
    else:
        apply_task(s, o)
