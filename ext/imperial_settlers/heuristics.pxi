# Layer: policies. Uses: state.pxd, queries.pxi, rules.pxi (read-only helpers), solo.pxi.
#
# The compiled heuristic strategies: one framework, a strategy is its weight vector (the
# names and defaults are simsuite/games/imperial_settlers/policies.py, in HW_* order). Every
# option of a decision is priced in victory points (the game's unit) from what the position
# and the card data say, and the best one is taken (ties: the lowest option, so a game is
# determined by its seed). The prices plan ahead: a location is worth its VP plus what it
# will produce, trigger or let the seat do in the production phases and turns still to come
# (so production wins early and VP late); razes are weighed by the yield and the harm done
# to the target; defence tokens and samurai guard the locations an opponent can raze.

cdef enum:
    N_POLICY_WEIGHTS = 48          # weights per seat (simsuite.policies.MAX_WEIGHTS)

cdef enum:  # weight index (simsuite/games/imperial_settlers/policies.py WEIGHT_DOCS order)
    HW_VP = 0            # worth of one VP (the unit)
    HW_WOOD = 1          # prices of the goods, in VP (HW_WOOD + good index, tokens first)
    HW_STONE = 2
    HW_FOOD = 3
    HW_WORKER = 4
    HW_GOLD = 5
    HW_RAZE = 6
    HW_DEFENCE = 7
    HW_CARD = 8          # a common card (or a card from the deck of one's choice)
    HW_FACTION_CARD = 9
    HW_PRODUCTION = 10   # share of a production location's future output counted
    HW_ACTION = 11       # share of an action location's future activations counted
    HW_FEATURE = 12      # share of a feature's future triggers counted
    HW_DEAL = 13         # share of a deal's future output counted
    HW_SPEND = 14        # share of a good's price counted when it is paid
    HW_RAZE_GAIN = 15    # share of a raze yield counted
    HW_HARM = 16         # worth per VP of value an opponent loses to a raze
    HW_GUARD = 17        # share of a threatened location's value a guard is worth
    HW_FACTION_DRAW = 18 # bonus for drawing from the faction deck rather than the common one
    HW_PASS = 19         # worth of passing (an option must beat it to be taken)
    HW_KEEP = 20         # extra price of the faction's stored good when paying it (kept at cleanup)
    HW_HAND = 21         # share of a hand card's worth counted when it is given up
    HW_LAST_ROUND = 22   # share of goods' prices left in the last round (they only break ties)
    HW_NEED = 23         # share of a blocked card's worth credited to each resource it lacks
    HW_SOLO_GOAL = 24    # solo: worth of a faction location built or kept, or a lookout card razed
                         # (the goal: more faction locations than the opponent's trophies)
    N_HEURISTIC_WEIGHTS = 25
    # heuristic_choose extends the seat's weights with the moment's extra price of wood,
    # stone and food (what they would unlock in the hand): w[HW_NEED_PRICE + good]
    HW_NEED_PRICE = N_POLICY_WEIGHTS
    N_EXTENDED_WEIGHTS = N_POLICY_WEIGHTS + 3


cdef inline int rounds_ahead(const GameState* s) noexcept nogil:
    # Production phases still to come after this one.
    return s.rules.rounds - s.round if s.round < s.rules.rounds else 0


cdef inline double price(const GameState* s, int p, int good, const double* w) noexcept nogil:
    # What one unit of `good` is worth to seat p now.
    cdef double v
    if good < 0:
        return 0.0
    if good == G_VP:
        return w[HW_VP]
    if good == G_CARD or good == G_COMMON_CARD:
        v = w[HW_CARD]
    elif good == G_FACTION_CARD:
        v = w[HW_FACTION_CARD]
    else:
        v = w[HW_WOOD + good]
        if good <= G_FOOD:
            v += w[HW_NEED_PRICE + good]
    if s.round >= s.rules.rounds:
        v *= w[HW_LAST_ROUND]
    return v


cdef inline double pay_price(const GameState* s, int p, int good, const double* w) noexcept nogil:
    # What paying one unit of `good` costs seat p: its price, more for the faction's stored good.
    cdef double v = w[HW_SPEND] * price(s, p, good, w)
    if good == s.rules.keeps[s.pl[p].faction] and s.round < s.rules.rounds:
        v *= 1.0 + w[HW_KEEP]
    return v


cdef double goods_worth(const GameState* s, int p, const int8_t* goods, const double* w) noexcept nogil:
    cdef int g
    cdef double v = 0.0
    for g in range(N_GOODS):
        if goods[g]:
            v += goods[g] * price(s, p, g, w)
    return v


cdef double cost_worth(const GameState* s, int p, const Kind* k, const double* w) noexcept nogil:
    return (k.cost[0] * pay_price(s, p, G_WOOD, w) + k.cost[1] * pay_price(s, p, G_STONE, w)
            + k.cost[2] * pay_price(s, p, G_FOOD, w))


cdef double produce_once(const GameState* s, int p, const Kind* k, int extra, const double* w) noexcept nogil:
    cdef double v = goods_worth(s, p, k.prod, w)
    cdef double a, b
    if k.prod_per_count != CNT_NONE:
        v += capped(count_per(s, p, k.prod_per_count) + extra, k.prod_per_max) * price(s, p, k.prod_per_good, w)
    if k.prod_op == POP_CHOICE:
        a = goods_worth(s, p, k.prod_choice[0], w)
        b = goods_worth(s, p, k.prod_choice[1], w)
        v += a if a > b else b
    elif k.prod_op == POP_FACTION_1_OF_2:
        v += price(s, p, G_FACTION_CARD, w)
    elif k.prod_op == POP_REPEAT:
        v += best_production(s, p, w)
    return v


cdef double best_production(const GameState* s, int p, const double* w) noexcept nogil:
    # The most one of p's production locations (not a repeater) yields once.
    cdef int i
    cdef double v, best = 0.0
    cdef const Kind* k
    for i in range(s.pl[p].n_loc):
        if s.pl[p].loc[i].foundation:
            continue
        k = kind_of(s, s.pl[p].loc[i].card)
        if k.type == TY_PRODUCTION and k.prod_op != POP_REPEAT:
            v = goods_worth(s, p, k.prod, w)
            if k.prod_per_count != CNT_NONE:
                v += capped(count_per(s, p, k.prod_per_count), k.prod_per_max) * price(s, p, k.prod_per_good, w)
            if v > best:
                best = v
    return best


cdef double activation_worth(const GameState* s, int p, const Kind* k, const double* w) noexcept nogil:
    # One activation of action location k: its gain less what it costs (tokens, hand cards,
    # deals); an operation is priced by what it usually brings.
    cdef int g
    cdef double v = goods_worth(s, p, k.act_gain, w)
    for g in range(N_TOKENS):
        if k.act_pay[g]:
            v -= k.act_pay[g] * pay_price(s, p, g, w)
    v -= k.act_pay[G_CARD] * w[HW_HAND] * w[HW_CARD]
    v -= k.act_pay_deal * w[HW_DEAL] * 2.0 * price(s, p, G_FOOD, w) * rounds_ahead(s)
    if k.act_op == AOP_BUILD_FACTION or k.act_op == AOP_BUILD_FROM_DEALS:
        v += 2.0 * w[HW_VP]
    elif k.act_op == AOP_REPEAT_PROD:
        v += best_production(s, p, w)
    elif k.act_op == AOP_DEAL_AGAIN:
        v += 1.5 * price(s, p, G_FOOD, w)
    elif k.act_op == AOP_STEAL:
        v += price(s, p, G_STONE, w)
    elif k.act_op == AOP_USE_OTHER:
        v += 1.0
    elif k.act_op == AOP_TAKE_DEAL:
        v += w[HW_DEAL] * rounds_ahead(s) * price(s, p, G_FOOD, w) + w[HW_HARM]
    elif k.act_op == AOP_TRADE_ROUTE:
        v += (1.0 + w[HW_DEAL] * rounds_ahead(s)) * price(s, p, G_FOOD, w)
    elif k.act_op >= AOP_RAZE_OPPONENT:
        v += w[HW_HARM] * 1.5 + 1.0
    return v


cdef double location_worth(const GameState* s, int p, const Kind* k, bint joining, const double* w) noexcept nogil:
    # What a (face-up) location is worth to its owner from now to the end: VP, future
    # production, activations, feature triggers.
    cdef int ahead = rounds_ahead(s)
    cdef double v = k.vp * w[HW_VP]
    if k.type == TY_PRODUCTION:
        v += w[HW_PRODUCTION] * ahead * produce_once(s, p, k, 1 if joining else 0, w)
    elif k.type == TY_ACTION:
        v += w[HW_ACTION] * (ahead + 1) * k.act_uses * max_d(activation_worth(s, p, k, w), 0.0)
    elif k.type == TY_FEATURE:
        v += w[HW_FEATURE] * (ahead + 1) * goods_worth(s, p, k.feat_gain, w)
        if k.hold_every > 0:
            v += w[HW_FEATURE] * (ahead + 1) * k.hold_vp * w[HW_VP] / k.hold_every
    return v


cdef inline double max_d(double a, double b) noexcept nogil:
    return a if a > b else b


cdef double slot_worth(const GameState* s, int p, int slot, const double* w) noexcept nogil:
    # What the location in `slot` is worth to p (solo: a faction location also counts
    # towards the goal, so giving it up for a build gains nothing there).
    cdef const Loc* l = &s.pl[p].loc[slot]
    cdef const Kind* k
    if l.foundation:
        return 0.25 * w[HW_VP]
    k = kind_of(s, l.card)
    if s.solo and k.deck != 0:
        return location_worth(s, p, k, False, w) + w[HW_SOLO_GOAL]
    return location_worth(s, p, k, False, w)


cdef double cheapest_discard(const GameState* s, int p, const double* w) noexcept nogil:
    cdef int i
    cdef double v, best = 1e9
    for i in range(s.pl[p].n_loc):
        v = slot_worth(s, p, i, w)
        if v < best:
            best = v
    return best


cdef double build_worth(const GameState* s, int p, int card, const double* w) noexcept nogil:
    # Building `card` now: the location, its build bonus, less its cost (and, for a faction
    # card, the location given up for it).
    cdef const Kind* k = kind_of(s, card)
    cdef double v = location_worth(s, p, k, True, w) + goods_worth(s, p, k.bonus, w)
    if k.bonus_per_count != CNT_NONE:
        v += capped(count_per(s, p, k.bonus_per_count) + 1, k.bonus_per_max) * price(s, p, k.bonus_per_good, w)
    if k.build_op == BOP_TWO_SAMURAI:
        v += 2.0 * w[HW_GUARD]
    if k.type == TY_PRODUCTION and s.phase == PH_ACTION:
        v += produce_once(s, p, k, 1, w)      # a production location produces when built
    if s.solo and k.deck != 0:
        v += w[HW_SOLO_GOAL]
    v -= cost_worth(s, p, k, w)
    if k.cost_location:
        v -= cheapest_discard(s, p, w)
    return v


cdef double deal_worth(const GameState* s, int p, int card, const double* w) noexcept nogil:
    cdef const Kind* k = kind_of(s, card)
    if k.deal_good < 0:
        return -1e9
    return (w[HW_DEAL] * rounds_ahead(s) * k.deal_n * price(s, p, k.deal_good, w)
            - s.rules.deal_food * pay_price(s, p, G_FOOD, w))


cdef double card_worth(const GameState* s, int p, int card, const double* w) noexcept nogil:
    # A card in hand: the better of building it and dealing it (ignoring what can be paid now).
    cdef double a = build_worth(s, p, card, w), b
    if kind_of(s, card).deck == 0:
        b = deal_worth(s, p, card, w)
        if b > a:
            a = b
    return a


cdef double threat(const GameState* s, int p, const Loc* l) noexcept nogil:
    # How likely the location is to be razed before the game ends: 1 if an opponent still
    # playing holds enough raze tokens now, less for later rounds; solo: the attack cards.
    cdef int q, cost = s.rules.raze_loc + l.defence + l.samurai
    if s.solo:
        return 0.5 if s.round < s.rules.rounds or s.phase < PH_CLEANUP else 0.0
    for q in range(s.n_players):
        if q != p and not s.pl[q].passed and s.pl[q].tok[G_RAZE] >= cost:
            return 1.0
    return 0.4 if s.round < s.rules.rounds else 0.0


cdef double guard_worth(const GameState* s, int p, int slot, const double* w) noexcept nogil:
    cdef const Loc* l = &s.pl[p].loc[slot]
    return w[HW_GUARD] * threat(s, p, l) * slot_worth(s, p, slot, w)


cdef double raze_target_worth(const GameState* s, int p, int t, int slot, const double* w) noexcept nogil:
    # Razing seat t's location: its yield for p, the harm to t (its location's worth), the
    # raze tokens spent.
    cdef int card = target_card(s, t, slot)
    cdef const Kind* k = kind_of(s, card)
    cdef double v = w[HW_RAZE_GAIN] * goods_worth(s, p, k.raze, w)
    if not (s.solo and t == 1):
        v += w[HW_HARM] * location_worth(s, t, k, False, w)
        v -= (s.rules.raze_loc + guards(s, t, slot)) * pay_price(s, p, G_RAZE, w)
    else:
        v -= s.rules.raze_loc * pay_price(s, p, G_RAZE, w)
        v += w[HW_SOLO_GOAL]       # a lookout card razed is not the opponent's trophy
    return v


cdef double solo_left_worth(const GameState* s, int p, int card, const double* w) noexcept nogil:
    # Solo: a card left to the virtual opponent is its trophy at the end of the round unless
    # p razes it first (2 raze tokens, with the tokens this round's production brings): leave
    # the one p can raze with profit rather than one that cannot be razed.
    cdef const Kind* k = kind_of(s, card)
    cdef double v
    if not k.can_raze or s.rules.peaceful or \
            s.pl[p].tok[G_RAZE] + s.rules.board[s.pl[p].faction][G_RAZE] < s.rules.raze_loc:
        return -w[HW_SOLO_GOAL]
    v = (w[HW_RAZE_GAIN] * goods_worth(s, p, k.raze, w) - s.rules.raze_loc * pay_price(s, p, G_RAZE, w)
         + w[HW_SOLO_GOAL])
    return max_d(v, 0.0) - w[HW_SOLO_GOAL]


cdef double trade_worth(const GameState* s, int p, int what, const double* w) noexcept nogil:
    cdef double gain
    if what == TR_COMMON_CARD:
        gain = price(s, p, G_COMMON_CARD, w)
    elif what == TR_FACTION_CARD:
        gain = price(s, p, G_FACTION_CARD, w)
    else:
        gain = price(s, p, what, w)
    return gain - s.rules.trade_workers * pay_price(s, p, G_WORKER, w)


cdef double hold_worth(const GameState* s, int p, int slot, const double* w) noexcept nogil:
    # One more card / resource on a holding location: its share of the end-game VP less the
    # cheapest thing given up; a Storehouse only when nothing else beats passing (what it
    # keeps comes back next round) and never in the last round.
    cdef const Player* pl = &s.pl[p]
    cdef const Kind* k = kind_of(s, pl.loc[slot].card)
    cdef double cost = 1e9, v
    cdef int i
    if k.hold_returns:
        return w[HW_PASS] + 1e-6 if s.round < s.rules.rounds else -1e9
    if k.hold == HOLD_CARDS:
        for i in range(pl.n_hand):
            v = w[HW_HAND] * max_d(card_worth(s, p, pl.hand[i], w), 0.0)
            if v < cost:
                cost = v
    else:
        for i in range(3):
            if pl.tok[i] > 0 and pay_price(s, p, i, w) < cost:
                cost = pay_price(s, p, i, w)
    return k.hold_vp * w[HW_VP] / (k.hold_every if k.hold_every > 0 else 1) - cost


cdef double action_option_worth(const GameState* s, int p, int o, const double* w) noexcept nogil:
    cdef const Player* pl = &s.pl[p]
    cdef int t, i
    if o == OPT_PASS:
        return w[HW_PASS]
    if o < OPT_DEAL:
        return build_worth(s, p, pl.hand[o - OPT_BUILD], w)
    if o < OPT_RAZE_HAND:
        return deal_worth(s, p, pl.hand[o - OPT_DEAL], w)
    if o < OPT_RAZE_LOC:
        i = pl.hand[o - OPT_RAZE_HAND]
        return (w[HW_RAZE_GAIN] * goods_worth(s, p, kind_of(s, i).raze, w)
                - s.rules.raze_hand * pay_price(s, p, G_RAZE, w) - w[HW_HAND] * max_d(card_worth(s, p, i, w), 0.0))
    if o < OPT_ACT:
        t = (o - OPT_RAZE_LOC) // MAX_LOC
        return raze_target_worth(s, p, t, (o - OPT_RAZE_LOC) % MAX_LOC, w)
    if o < OPT_TRADE:
        i = (o - OPT_ACT) // 2
        return ((o - OPT_ACT) % 2 + 1) * activation_worth(s, p, kind_of(s, pl.loc[i].card), w)
    if o < OPT_DEFENCE:
        return trade_worth(s, p, o - OPT_TRADE, w)
    if o < OPT_SAMURAI:
        return guard_worth(s, p, o - OPT_DEFENCE, w) - price(s, p, G_DEFENCE, w)
    if o < OPT_HOLD:
        return guard_worth(s, p, o - OPT_SAMURAI, w) - pay_price(s, p, G_WORKER, w)
    if o < OPT_ACT_CAPTURED:
        return hold_worth(s, p, o - OPT_HOLD, w)
    t = (o - OPT_ACT_CAPTURED) // MAX_LOC
    return activation_worth(s, p, kind_of(s, s.pl[t].loc[(o - OPT_ACT_CAPTURED) % MAX_LOC].card), w)


cdef double free_move_worth(const GameState* s, int p, int o, const double* w) noexcept nogil:
    # After the action: end the turn (0) or guard a location (a defence token at its price,
    # a samurai at a worker's).
    if o == 0:
        return 0.0
    if o < OPT_SAMURAI:
        return guard_worth(s, p, o - OPT_DEFENCE, w) - price(s, p, G_DEFENCE, w)
    if o < OPT_HOLD:
        return guard_worth(s, p, o - OPT_SAMURAI, w) - pay_price(s, p, G_WORKER, w)
    return hold_worth(s, p, o - OPT_HOLD, w)


cdef double task_option_worth(const GameState* s, int p, int o, const double* w) noexcept nogil:
    # The options of a compound action's step, by the task on top of the stack.
    cdef const Task* t = &s.task[s.n_task - 1]
    cdef const Player* pl = &s.pl[p]
    cdef const Kind* k
    cdef int q, card
    cdef double v
    if t.kind == TK_BUILD_DISCARD:
        return -slot_worth(s, p, o, w)
    if t.kind == TK_REPEAT_PROD:
        return produce_once(s, p, kind_of(s, pl.loc[o].card), 0, w)
    if t.kind == TK_PICK_1_OF_2:
        return card_worth(s, p, s.tmp[o], w)
    if t.kind == TK_PROD_CHOICE:
        return goods_worth(s, p, s.rules.kind[t.a].prod_choice[o], w)
    if t.kind == TK_TRADE_MORE:
        return 0.0 if o == 0 else trade_worth(s, p, o - 1, w)
    if t.kind == TK_USE_OTHER:
        return activation_worth(s, p, kind_of(s, pl.loc[o].card), w)
    if t.kind == TK_DEAL_AGAIN:
        k = own_deal_kind(s, pl, o)
        return k.deal_n * price(s, p, k.deal_good, w)
    if t.kind == TK_PAY_DEAL:
        k = own_deal_kind(s, pl, o)
        return -k.deal_n * price(s, p, k.deal_good, w)
    if t.kind == TK_PAY_CARD or t.kind == TK_FOUNDATION:
        return -card_worth(s, p, pl.hand[o], w)
    if t.kind == TK_SETTLERS:
        return card_worth(s, p, pl.hand[o], w)
    if t.kind == TK_BUILD_DEAL:
        return card_worth(s, p, pl.deal[o], w)
    if t.kind == TK_STEAL:
        q = o // 3
        return price(s, p, o % 3, w) + 0.1 * final_score(s, q)   # from the leader
    if t.kind == TK_SAMURAI_BONUS:
        return slot_worth(s, p, o, w)
    if t.kind == TK_SOLO_TIE:
        return -slot_worth(s, p, s.tmp[o], w)                   # the attack razes the cheapest
    if t.kind == TK_TARGET_LOC:
        q = o // MAX_LOC
        if t.a == AOP_TRADE_ROUTE:
            k = kind_of(s, target_card(s, q, o % MAX_LOC))
            return k.deal_n * price(s, p, k.deal_good, w)
        if t.a == AOP_CAPTURE:
            # what it will produce / do for p, and what its owner loses
            k = kind_of(s, target_card(s, q, o % MAX_LOC))
            v = w[HW_HARM] * slot_worth(s, q, o % MAX_LOC, w)
            if k.type == TY_PRODUCTION:
                v += w[HW_PRODUCTION] * rounds_ahead(s) * produce_once(s, p, k, 0, w)
            elif k.type == TY_ACTION:
                v += w[HW_ACTION] * (rounds_ahead(s) + 1) * max_d(activation_worth(s, p, k, w), 0.0)
            return v
        if q == p:
            return -slot_worth(s, p, o % MAX_LOC, w)            # one's own: the cheapest
        return raze_target_worth(s, p, q, o % MAX_LOC, w)
    if t.kind == TK_TAKE_GOOD:
        return price(s, p, o, w)
    if t.kind == TK_CANCEL_DEAL or t.kind == TK_TAKE_DEAL:
        k = own_deal_kind(s, &s.pl[o // MAX_DEALS], o % MAX_DEALS)
        v = k.deal_n * price(s, o // MAX_DEALS, k.deal_good, w) + 0.1 * final_score(s, o // MAX_DEALS)
        if t.kind == TK_TAKE_DEAL:
            v += k.deal_n * price(s, p, k.deal_good, w)
        return v
    if t.kind == TK_HOLD:
        if kind_of(s, pl.loc[t.a].card).hold == HOLD_CARDS:
            return -card_worth(s, p, pl.hand[o], w)
        if kind_of(s, pl.loc[t.a].card).hold_returns:
            return -1.0 if o == s.rules.keeps[pl.faction] else price(s, p, o, w)
        return -pay_price(s, p, o, w)
    if t.kind == TK_PAY:
        # gold paid for wood / stone / food: keep what is worth more
        return -((o & 15) * (pay_price(s, p, G_GOLD, w) - pay_price(s, p, G_WOOD, w))
                 + ((o >> 4) & 15) * (pay_price(s, p, G_GOLD, w) - pay_price(s, p, G_STONE, w))
                 + ((o >> 8) & 15) * (pay_price(s, p, G_GOLD, w) - pay_price(s, p, G_FOOD, w)))
    return 0.0


cdef double option_worth(const GameState* s, int p, int o, const double* w) noexcept nogil:
    cdef int d = s.decision
    if d == D_ACTION:
        return action_option_worth(s, p, o, w)
    if d == D_FREE_MOVES:
        return free_move_worth(s, p, o, w)
    if d == D_CARD_SOURCE:
        if o == 0:
            return price(s, p, G_COMMON_CARD, w)
        # a faction card needs a location or foundation to give up when it is built
        return price(s, p, G_FACTION_CARD, w) + w[HW_FACTION_DRAW] - (0.0 if s.pl[p].n_loc > 0 else 1.0)
    if d == D_LOOKOUT_PICK:
        if s.solo and s.n_row == 2:
            # the solo lookout's second pick: the card left goes to the opponent
            return card_worth(s, p, s.row[o], w) + solo_left_worth(s, p, s.row[1 - o], w)
        return card_worth(s, p, s.row[o], w)
    if d == D_DRAFT_PICK:
        return card_worth(s, p, s.pl[p].pack[o], w)
    return task_option_worth(s, p, o, w)


cdef void resource_needs(const GameState* s, int p, double* wx) noexcept nogil:
    # Planning: a card in hand that the seat cannot pay yet makes the resources it lacks
    # dearer, by a share of its worth per missing resource (gold covers any; a card short of
    # more than 3 is out of reach this round). Prices are read with the needs at zero.
    cdef const Player* pl = &s.pl[p]
    cdef const Kind* k
    cdef int h, r, short, miss[3]
    cdef double worth
    for r in range(3):
        wx[HW_NEED_PRICE + r] = 0.0
    cdef double need[3]
    need[0] = need[1] = need[2] = 0.0
    for h in range(pl.n_hand):
        k = kind_of(s, pl.hand[h])
        if k.deck != 0 and not is_own_faction_card(s, p, k):
            continue
        if k.cost_location and pl.n_loc == 0:
            continue
        short = 0
        for r in range(3):
            miss[r] = shortfall(k.cost[r], pl.tok[r])
            short += miss[r]
        short -= pl.tok[G_GOLD]
        if short <= 0 or short > 3:
            continue
        worth = location_worth(s, p, k, True, wx) / short
        for r in range(3):
            if miss[r] and worth > need[r]:
                need[r] = worth
    for r in range(3):
        wx[HW_NEED_PRICE + r] = wx[HW_NEED] * need[r]


cdef int32_t heuristic_choose(const GameState* s, int p, const int32_t* opts, int n,
                              const double* weights) noexcept nogil:
    # The option of the highest worth (the first of equals).
    cdef int i, best = 0
    cdef double v, top = -1e18
    cdef double w[N_EXTENDED_WEIGHTS]
    memcpy(w, weights, N_POLICY_WEIGHTS * sizeof(double))
    w[HW_NEED_PRICE] = w[HW_NEED_PRICE + 1] = w[HW_NEED_PRICE + 2] = 0.0
    if s.decision == D_ACTION or s.decision == D_TRADE_MORE or s.decision == D_PAY_GOLD:
        resource_needs(s, p, w)
    for i in range(n):
        v = option_worth(s, p, opts[i], w)
        if v > top:
            top = v
            best = i
    return opts[best]
