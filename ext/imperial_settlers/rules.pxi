# The rules that change a position: gains, draws, production, the five actions, razing,
# cleanup. Compound steps push tasks (turn.pxi resolves them as decisions). Included by
# imperial_settlers.pyx after queries.pxi.

cdef inline void push_task(GameState* s, int kind, int seat, int a, int b) noexcept nogil:
    if s.n_task >= MAX_TASKS:
        return
    s.task[s.n_task].kind = kind
    s.task[s.n_task].seat = seat
    s.task[s.n_task].a = a
    s.task[s.n_task].b = b
    s.n_task += 1


# ----------------------------------------------------------------- cards moving

cdef void discard_card(GameState* s, int card) noexcept nogil:
    # Each card goes to the discard pile of its own deck (rulebook "ОСНОВНЫЕ ПРАВИЛА").
    cdef int deck = kind_of(s, card).deck
    cdef int p
    if deck == 0:
        s.cdisc[s.n_cdisc] = card
        s.n_cdisc += 1
        return
    for p in range(s.n_players):
        if s.pl[p].faction == deck - 1:
            s.pl[p].fdisc[s.pl[p].n_fdisc] = card
            s.pl[p].n_fdisc += 1
            return


cdef int draw_common(GameState* s) noexcept nogil:
    # An empty common deck is rebuilt from its shuffled discard pile. -1 when both are empty.
    if s.n_cdeck == 0:
        if s.n_cdisc == 0:
            return -1
        memcpy(s.cdeck, s.cdisc, s.n_cdisc * sizeof(int16_t))
        s.n_cdeck = s.n_cdisc
        s.n_cdisc = 0
        rng_shuffle(&s.rng, <short*>s.cdeck, s.n_cdeck)
    s.n_cdeck -= 1
    return s.cdeck[s.n_cdeck]


cdef int draw_faction(GameState* s, int p) noexcept nogil:
    # Faction discards are never reshuffled: an empty faction deck gives nothing.
    cdef Player* pl = &s.pl[p]
    if pl.n_fdeck == 0:
        return -1
    pl.n_fdeck -= 1
    return pl.fdeck[pl.n_fdeck]


cdef void to_hand(GameState* s, int p, int card) noexcept nogil:
    cdef Player* pl = &s.pl[p]
    if card < 0:
        return
    if pl.n_hand >= MAX_HAND:     # capacity guard; never reached in play
        discard_card(s, card)
        return
    pl.hand[pl.n_hand] = card
    pl.n_hand += 1


cdef int take_from_hand(GameState* s, int p, int h) noexcept nogil:
    # Remove hand[h] keeping the order of the others.
    cdef Player* pl = &s.pl[p]
    cdef int card = pl.hand[h]
    cdef int i
    for i in range(h, pl.n_hand - 1):
        pl.hand[i] = pl.hand[i + 1]
    pl.n_hand -= 1
    return card


cdef inline int swap_remove(int16_t* arr, int16_t* n, int i) noexcept nogil:
    # Remove arr[i] (order not kept: the last card takes its place); returns it.
    cdef int card = arr[i]
    n[0] -= 1
    arr[i] = arr[n[0]]
    return card


cdef int remove_deal(GameState* s, int p, int i) noexcept nogil:
    # Remove deal i of player p keeping the order of the others; returns its card.
    cdef Player* pl = &s.pl[p]
    cdef int card = pl.deal[i]
    cdef int j
    for j in range(i, pl.n_deal - 1):
        pl.deal[j] = pl.deal[j + 1]
    pl.n_deal -= 1
    return card


cdef int add_loc(GameState* s, int p, int card, int foundation) noexcept nogil:
    # A new location (or foundation) at the end of p's empire; returns its slot.
    cdef Player* pl = &s.pl[p]
    cdef int slot = pl.n_loc
    memset(&pl.loc[slot], 0, sizeof(Loc))
    pl.loc[slot].card = card
    pl.loc[slot].foundation = foundation
    pl.n_loc += 1
    return slot


cdef void draw_to_hand(GameState* s, int p, int source) noexcept nogil:
    # source 0 = common deck, 1 = own faction deck.
    cdef int card = draw_common(s) if source == 0 else draw_faction(s, p)
    if card >= 0:
        to_hand(s, p, card)
        emit(s, EV_DRAW, p, card, source, 0, 0, 0)


# ----------------------------------------------------------------- gains

cdef void gain_good(GameState* s, int p, int good, int n) noexcept nogil:
    # Tokens from the unlimited supply, VP on the track, cards as pending draws (the player
    # picks each card's deck when both can give one; turn.pxi resolves them).
    cdef Player* pl = &s.pl[p]
    if n <= 0:
        return
    if good < N_TOKENS:
        pl.tok[good] += n
    elif good == G_VP:
        pl.vp += n
    elif good == G_CARD:
        pl.pend_any += n
    elif good == G_COMMON_CARD:
        pl.pend_common += n
    elif good == G_FACTION_CARD:
        pl.pend_faction += n
    emit(s, EV_GAIN, p, good, n, 0, 0, 0)


cdef void gain_goods(GameState* s, int p, const int8_t* goods, int times) noexcept nogil:
    cdef int g
    for g in range(N_GOODS):
        if goods[g]:
            gain_good(s, p, g, goods[g] * times)


cdef inline int pack_cost(int wood, int stone, int food) noexcept nogil:
    return wood + 16 * stone + 256 * food


cdef int gold_splits(const Player* pl, int wood, int stone, int food, int32_t* buf) noexcept nogil:
    # The ways to pay wood/stone/food with the player's resources and gold (gold replaces any
    # resource: rulebook "ОСНОВНЫЕ ПРАВИЛА"), each as the gold used per resource, packed like
    # pack_cost; written into buf (if not NULL) in increasing order; returns their number.
    cdef int lo_w = shortfall(wood, pl.tok[G_WOOD]), lo_s = shortfall(stone, pl.tok[G_STONE])
    cdef int lo_f = shortfall(food, pl.tok[G_FOOD])
    cdef int gw, gs, gf, n = 0
    for gf in range(lo_f, food + 1):
        for gs in range(lo_s, stone + 1):
            for gw in range(lo_w, wood + 1):
                if gw + gs + gf <= pl.tok[G_GOLD]:
                    if buf != NULL:
                        buf[n] = pack_cost(gw, gs, gf)
                    n += 1
    return n


cdef void pay_split(GameState* s, int p, int cost, int gold) noexcept nogil:
    # Pay the packed cost, using the packed amounts of gold for each resource.
    cdef Player* pl = &s.pl[p]
    cdef int r, need, g
    for r in range(3):
        need = (cost >> (4 * r)) & 15
        g = (gold >> (4 * r)) & 15
        pl.tok[r] -= need - g
        pl.tok[G_GOLD] -= g
    emit(s, EV_SPEND, p, cost, gold, 0, 0, 0)


cdef bint pay_or_ask(GameState* s, int p, int wood, int stone, int food, int then, int a, int b) noexcept nogil:
    # Pay now when there is one way to pay (returns True: the caller goes on); otherwise push
    # the continuation `then` and the payment decision on top of it (returns False).
    cdef int cost = pack_cost(wood, stone, food)
    cdef Player* pl = &s.pl[p]
    if cost == 0:
        return True
    if gold_splits(pl, wood, stone, food, NULL) == 1:
        pay_split(s, p, cost, pack_cost(shortfall(wood, pl.tok[G_WOOD]), shortfall(stone, pl.tok[G_STONE]),
                                         shortfall(food, pl.tok[G_FOOD])))
        return True
    push_task(s, then, p, a, b)
    push_task(s, TK_PAY, p, cost, 0)
    return False


cdef void count_played(GameState* s, int p, int card) noexcept nogil:
    s.pl[p].played += 1
    if kind_of(s, card).provisional:
        s.pl[p].played_prov += 1


# ----------------------------------------------------------------- production

cdef void produce_location(GameState* s, int p, int slot) noexcept nogil:
    # What one production location gives (when built, in each production phase, or when
    # repeated by Farmers At Work / Porters).
    produce_card(s, p, s.pl[p].loc[slot].card, slot)


cdef void produce_card(GameState* s, int p, int card, int slot) noexcept nogil:
    # The production of `card` for p: p's own location `slot`, or (slot -1) an opponent's
    # location p captured with the Temple of Ra (counts per colour are p's own empire's).
    cdef const Kind* k = kind_of(s, card)
    cdef int i, n
    gain_goods(s, p, k.prod, 1)
    if k.prod_per_count != CNT_NONE:
        gain_good(s, p, k.prod_per_good, capped(count_per(s, p, k.prod_per_count), k.prod_per_max))
    if k.prod_op == POP_REPEAT:
        push_task(s, TK_REPEAT_PROD, p, slot, 0)
    elif k.prod_op == POP_CHOICE:
        push_task(s, TK_PROD_CHOICE, p, s.rules.card_kind[card], 0)
    elif k.prod_op == POP_FACTION_1_OF_2:
        s.n_tmp = 0
        for i in range(2):
            n = draw_faction(s, p)
            if n >= 0:
                s.tmp[s.n_tmp] = n
                s.n_tmp += 1
        if s.n_tmp == 1:
            to_hand(s, p, s.tmp[0])
            s.n_tmp = 0
        elif s.n_tmp == 2:
            push_task(s, TK_PICK_1_OF_2, p, 0, 0)


cdef bint repeatable(const GameState* s, int p, int slot, int exclude) noexcept nogil:
    # A production location that Farmers At Work (exclude = its own slot) or Porters (exclude
    # = -1) may make produce again. A repeat started by a production location never picks
    # another repeater, so repeats cannot chain forever.
    cdef const Loc* l = &s.pl[p].loc[slot]
    if slot == exclude or l.foundation or l.captor:
        return False
    cdef const Kind* k = kind_of(s, l.card)
    return k.type == TY_PRODUCTION and (exclude < 0 or k.prod_op != POP_REPEAT)


cdef bint any_repeatable(const GameState* s, int p, int exclude) noexcept nogil:
    cdef int i
    for i in range(s.pl[p].n_loc):
        if repeatable(s, p, i, exclude):
            return True
    return False


cdef void produce_board_and_deals(GameState* s, int p) noexcept nogil:
    # Faction board, then every deal (rulebook "ФАЗА ПРОИЗВОДСТВА").
    cdef Player* pl = &s.pl[p]
    cdef int g, i
    cdef const Kind* k
    for g in range(N_TOKENS):
        gain_good(s, p, g, s.rules.board[pl.faction][g])
    for i in range(pl.n_deal):
        k = kind_of(s, pl.deal[i])
        gain_good(s, p, k.deal_good, k.deal_n)
    for i in range(pl.n_trade):
        k = &s.rules.kind[pl.trade_kind[i]]
        gain_good(s, p, k.deal_good, k.deal_n)
    produce_captured(s, p)
    for i in range(pl.n_loc):
        if pl.loc[i].held and not pl.loc[i].foundation and kind_of(s, pl.loc[i].card).hold_returns:
            release_held(s, p, i)


cdef void produce_captured(GameState* s, int p) noexcept nogil:
    # Production locations p captured with the Temple of Ra produce for p, not their owner
    # (seed: no goods at the capture itself, so they give from the next production on).
    cdef int t, i
    if s.pl[p].n_captured == 0:
        return
    for t in range(s.n_players):
        if t == p:
            continue
        for i in range(s.pl[t].n_loc):
            if s.pl[t].loc[i].captor == p + 1 and not s.pl[t].loc[i].foundation \
                    and kind_of(s, s.pl[t].loc[i].card).type == TY_PRODUCTION:
                produce_card(s, p, s.pl[t].loc[i].card, -1)


# ----------------------------------------------------------------- holding locations

cdef int n_own_deals(const Player* pl) noexcept nogil:
    # Deals under the board and, for the Trade Route's owner, deals with opponent locations
    # (Imperial Messenger and Hanseatic League may pick both: seed's notes on those cards).
    return pl.n_deal + pl.n_trade


cdef const Kind* own_deal_kind(const GameState* s, const Player* pl, int i) noexcept nogil:
    return kind_of(s, pl.deal[i]) if i < pl.n_deal else &s.rules.kind[pl.trade_kind[i - pl.n_deal]]


cdef void release_held(GameState* s, int p, int slot) noexcept nogil:
    # What a location holds when it is lost (or a Storehouse gives back at the production):
    # a Storehouse's resources go to the owner's supply (seed, «Склады»); cards under a Gate
    # and resources on a Shrine go with the location (cards to their discard piles).
    cdef Player* pl = &s.pl[p]
    cdef Loc* l = &pl.loc[slot]
    cdef const Kind* k = kind_of(s, l.card)
    cdef int g, i
    if k.hold == HOLD_CARDS:
        for i in range(l.held):
            if pl.n_under > 0:
                pl.n_under -= 1
                discard_card(s, pl.under[pl.n_under])
    elif k.hold_returns:
        for g in range(3):
            pl.tok[g] += l.held_res[g]
    l.held = 0
    for g in range(3):
        l.held_res[g] = 0


cdef bint can_hold(const GameState* s, int p, int slot) noexcept nogil:
    # A free move: one more card from hand under this Gate, or one more resource on this
    # Shrine / Storehouse (up to its limit, if it has one).
    cdef const Player* pl = &s.pl[p]
    cdef const Loc* l = &pl.loc[slot]
    if l.foundation:
        return False
    cdef const Kind* k = kind_of(s, l.card)
    if k.hold == HOLD_NONE or l.held >= 120 or (k.hold_max and l.held >= k.hold_max):
        return False
    if k.hold == HOLD_CARDS:
        return pl.n_hand > 0 and pl.n_under < MAX_UNDER
    return pl.tok[G_WOOD] + pl.tok[G_STONE] + pl.tok[G_FOOD] > 0


cdef void hold_one(GameState* s, int p, int slot, int o) noexcept nogil:
    # o: the hand index of the card put under a Gate, or the resource (wood, stone, food).
    cdef Player* pl = &s.pl[p]
    cdef Loc* l = &pl.loc[slot]
    cdef int card = -1
    if kind_of(s, l.card).hold == HOLD_CARDS:
        card = take_from_hand(s, p, o)
        pl.under[pl.n_under] = card
        pl.n_under += 1
        o = -1
    else:
        pl.tok[o] -= 1
        l.held_res[o] += 1
    l.held += 1
    emit(s, EV_HOLD, p, l.card, card, o, 0, 0)


# ----------------------------------------------------------------- feature triggers

cdef void trigger_features(GameState* s, int p, int when, int card) noexcept nogil:
    # Every feature location of p that reacts to `when` (for FW_BUILD: the colours of the
    # location just built; the feature counts itself, rulebook "ОБЩИЕ УТОЧНЕНИЯ").
    cdef Player* pl = &s.pl[p]
    cdef int i
    cdef const Kind* f
    cdef uint8_t colours = kind_of(s, card).colours if card >= 0 else 0
    for i in range(pl.n_loc):
        if pl.loc[i].foundation:
            continue
        f = kind_of(s, pl.loc[i].card)
        if f.type != TY_FEATURE or f.feat_when != when:
            continue
        if when == FW_BUILD and not ((colours >> f.feat_count) & 1):
            continue
        gain_goods(s, p, f.feat_gain, 1)


cdef void trigger_opponent_trade(GameState* s, int p, int pairs) noexcept nogil:
    # Oasis: its owner gains per pair of workers an opponent trades.
    cdef int q, i
    cdef const Kind* f
    for q in range(s.n_players):
        if q == p:
            continue
        for i in range(s.pl[q].n_loc):
            if s.pl[q].loc[i].foundation:
                continue
            f = kind_of(s, s.pl[q].loc[i].card)
            if f.type == TY_FEATURE and f.feat_when == FW_OPP_TRADES:
                gain_goods(s, q, f.feat_gain, pairs)


# ----------------------------------------------------------------- locations

cdef inline void uncapture(GameState* s, Loc* l) noexcept nogil:
    # A captured location lost or razed: its special token goes back to the captor.
    if l.captor:
        s.pl[l.captor - 1].n_captured -= 1
        l.captor = 0


cdef void remove_loc(GameState* s, int p, int slot) noexcept nogil:
    cdef Player* pl = &s.pl[p]
    cdef int i
    release_held(s, p, slot)
    uncapture(s, &pl.loc[slot])
    for i in range(slot, pl.n_loc - 1):
        pl.loc[i] = pl.loc[i + 1]
    pl.n_loc -= 1


cdef void discard_location(GameState* s, int p, int slot) noexcept nogil:
    # A location (or foundation) discarded to pay a faction card's cost; anything on it
    # (defence token, samurai, spent goods) goes with it.
    emit(s, EV_DISCARD_LOC, p, s.pl[p].loc[slot].card, s.pl[p].loc[slot].foundation, 0, 0, 0)
    discard_card(s, s.pl[p].loc[slot].card)
    remove_loc(s, p, slot)


cdef bint can_build(const GameState* s, int p, int card, bint skip_location) noexcept nogil:
    cdef const Kind* k = kind_of(s, card)
    cdef const Player* pl = &s.pl[p]
    if k.deck != 0 and not is_own_faction_card(s, p, k):
        return False
    if pl.n_loc >= MAX_LOC:
        return False
    if not can_pay_resources(pl, k.cost[0], k.cost[1], k.cost[2]):
        return False
    return skip_location or not k.cost_location or free_locations(pl) > 0


cdef void place_samurai(GameState* s, int p, int slot) noexcept nogil:
    s.pl[p].loc[slot].samurai = 1
    emit(s, EV_SAMURAI, p, slot, s.pl[p].loc[slot].card, 0, 0, 0)


cdef bint samurai_spot(const GameState* s, int p, int slot) noexcept nogil:
    # A faction location of p without a samurai ("Размещение самурая"); Gate and Shrine too.
    cdef const Loc* l = &s.pl[p].loc[slot]
    return (not l.foundation) and l.samurai == 0 and kind_of(s, l.card).deck != 0


cdef void finish_build(GameState* s, int p, int card) noexcept nogil:
    # Pay (the location discard, if any, is done), then place the location.
    cdef const Kind* k = kind_of(s, card)
    if pay_or_ask(s, p, k.cost[0], k.cost[1], k.cost[2], TK_PLACE, card, 0):
        place_built(s, p, card)


cdef void place_built(GameState* s, int p, int card) noexcept nogil:
    # Place a paid location, then its production (production type), its build bonus and the
    # "each time you build" features (rulebook "ПОСТРОИТЬ ЛОКАЦИЮ", notes 1-3).
    cdef const Kind* k = kind_of(s, card)
    cdef int slot = add_loc(s, p, card, 0)
    count_played(s, p, card)
    emit(s, EV_BUILD, p, card, slot, 0, 0, 0)
    if k.type == TY_PRODUCTION:
        produce_location(s, p, slot)
    gain_goods(s, p, k.bonus, 1)
    if k.bonus_per_count != CNT_NONE:
        gain_good(s, p, k.bonus_per_good, capped(count_per(s, p, k.bonus_per_count), k.bonus_per_max))
    if k.build_op == BOP_TWO_SAMURAI:
        push_task(s, TK_SAMURAI_BONUS, p, 2, 0)
    trigger_features(s, p, FW_BUILD, card)


cdef void start_build(GameState* s, int p, int h) noexcept nogil:
    cdef int card = take_from_hand(s, p, h)
    if kind_of(s, card).cost_location:
        push_task(s, TK_BUILD_DISCARD, p, card, 0)
    else:
        finish_build(s, p, card)


# ----------------------------------------------------------------- deals

cdef bint can_deal(const GameState* s, int p, int card) noexcept nogil:
    cdef const Kind* k = kind_of(s, card)
    return (is_own_faction_card(s, p, k) and k.deal_good >= 0 and s.pl[p].n_deal < MAX_DEALS
            and can_pay_resources(&s.pl[p], 0, 0, s.rules.deal_food))


cdef void make_deal(GameState* s, int p, int h) noexcept nogil:
    # 1 food, the card under the board, its good at once (rulebook "ЗАКЛЮЧИТЬ СДЕЛКУ").
    cdef int card = take_from_hand(s, p, h)
    if pay_or_ask(s, p, 0, 0, s.rules.deal_food, TK_DEAL_PAID, card, 0):
        deal_paid(s, p, card)


cdef void deal_paid(GameState* s, int p, int card) noexcept nogil:
    cdef Player* pl = &s.pl[p]
    cdef const Kind* k = kind_of(s, card)
    pl.deal[pl.n_deal] = card
    pl.n_deal += 1
    count_played(s, p, card)
    emit(s, EV_DEAL, p, card, 0, 0, 0, 0)
    gain_good(s, p, k.deal_good, k.deal_n)


# ----------------------------------------------------------------- razing

cdef void raze_from_hand(GameState* s, int p, int h) noexcept nogil:
    cdef int card = take_from_hand(s, p, h)
    s.pl[p].tok[G_RAZE] -= s.rules.raze_hand
    emit(s, EV_RAZE_HAND, p, card, 0, 0, 0, 0)
    gain_goods(s, p, kind_of(s, card).raze, 1)
    discard_card(s, card)
    trigger_features(s, p, FW_RAZE, -1)


cdef int target_card(const GameState* s, int t, int slot) noexcept nogil:
    # The card of location `slot` of seat t (solo: seat 1 holds the opponent's lookout cards).
    return s.vloc[slot] if s.solo and t == 1 else s.pl[t].loc[slot].card


cdef void raze_effect(GameState* s, int p, int t, int slot) noexcept nogil:
    # Rulebook "ЧТОБЫ РАЗРУШИТЬ ЛОКАЦИЮ ПРОТИВНИКА" and "Превращение локации в фундамент":
    # the razer gains the raze yield; a common location becomes a foundation and its owner
    # gains 1 wood; a Japanese faction location is discarded; defence token and samurai go
    # back to the supply. Solo: the opponent's lookout cards go to the discard pile.
    cdef Loc* l
    cdef int card = target_card(s, t, slot)
    emit(s, EV_RAZE_LOC, p, card, t, 0, 0, 0)
    gain_goods(s, p, kind_of(s, card).raze, 1)
    if s.solo and t == 1:
        discard_card(s, swap_remove(s.vloc, &s.n_vloc, slot))
    elif kind_of(s, card).deck == 0:
        l = &s.pl[t].loc[slot]
        release_held(s, t, slot)
        l.foundation = 1
        l.defence = 0
        l.samurai = 0
        l.used = 0
        # a captured location: the Temple of Ra's owner gets the wood and the token back; the
        # foundation stays with the owner (seed, «Храм Ра»)
        gain_good(s, l.captor - 1 if l.captor else t, G_WOOD, s.rules.foundation_wood)
        uncapture(s, l)
    else:
        discard_card(s, card)
        remove_loc(s, t, slot)
    trigger_features(s, p, FW_RAZE, -1)


cdef inline int guards(const GameState* s, int t, int slot) noexcept nogil:
    if s.solo and t == 1:
        return 0
    return s.pl[t].loc[slot].defence + s.pl[t].loc[slot].samurai


cdef void raze_location(GameState* s, int p, int t, int slot) noexcept nogil:
    # The Raze action on an opponent's location: 2 raze tokens, +1 per defence token or samurai.
    s.pl[p].tok[G_RAZE] -= s.rules.raze_loc + guards(s, t, slot)
    raze_effect(s, p, t, slot)


# ----------------------------------------------------------------- action locations

cdef bint act_op_possible(const GameState* s, int p, int slot, const Kind* k, int times) noexcept nogil:
    # An activation is offered only when its effect has something to act on.
    cdef int i, q
    cdef const Player* pl = &s.pl[p]
    if k.act_pay[G_CARD] * times > pl.n_hand:
        return False
    if k.act_pay_deal * times > n_own_deals(pl):
        return False
    if k.act_op == AOP_NONE:
        return True
    if k.act_op == AOP_DEAL_AGAIN:
        return n_own_deals(pl) > 0
    if k.act_op == AOP_REPEAT_PROD:
        return any_repeatable(s, p, -1)
    if k.act_op == AOP_STEAL:
        for q in range(s.n_players):
            if targetable(s, p, q) and (s.pl[q].tok[G_WOOD] + s.pl[q].tok[G_STONE] + s.pl[q].tok[G_FOOD]) > 0:
                return True
        return False
    if k.act_op == AOP_BUILD_FACTION:
        return settlers_target(s, p, k, 0) >= 0
    if k.act_op == AOP_USE_OTHER:
        for i in range(pl.n_loc):
            if use_other_ok(s, p, i, k):
                return True
        return False
    if k.act_op == AOP_CANCEL_DEAL or k.act_op == AOP_TAKE_DEAL:
        if k.act_op == AOP_TAKE_DEAL and pl.n_deal >= MAX_DEALS:
            return False
        for q in range(s.n_players):
            if targetable(s, p, q) and s.pl[q].n_deal > 0:
                return True
        return False
    if k.act_op == AOP_FOUNDATION_FROM_HAND:
        return pl.n_hand > k.act_pay[G_CARD] * times and pl.n_loc < MAX_LOC
    if k.act_op == AOP_BUILD_FROM_DEALS:
        return buildable_deal(s, p, k, 0) >= 0
    return n_location_targets(s, p, k.act_op, pl.tok[G_RAZE] - k.act_pay[G_RAZE] * times, NULL) > 0


cdef int settlers_target(const GameState* s, int p, const Kind* paying, int from_h) noexcept nogil:
    # First hand index >= from_h of a faction card p can build (no location discarded) after
    # paying the activation cost of `paying` (NULL: already paid); -1 if none.
    cdef const Player* pl = &s.pl[p]
    cdef const int8_t* pay = paying.act_pay if paying != NULL else NULL
    cdef int h
    cdef const Kind* k
    if pl.n_loc >= MAX_LOC:
        return -1
    for h in range(from_h, pl.n_hand):
        k = kind_of(s, pl.hand[h])
        if k.deck != 0 and is_own_faction_card(s, p, k) and can_pay(pl, pay, 1, k.cost[0], k.cost[1], k.cost[2]):
            return h
    return -1


cdef int buildable_deal(const GameState* s, int p, const Kind* paying, int from_i) noexcept nogil:
    # First deal index >= from_i that p can build (its cost, no location discarded: the seed's
    # Negotiator) after paying `paying`'s activation cost (NULL: already paid); -1 if none.
    cdef const Player* pl = &s.pl[p]
    cdef const int8_t* pay = paying.act_pay if paying != NULL else NULL
    cdef const Kind* k
    cdef int i
    if pl.n_loc >= MAX_LOC:
        return -1
    for i in range(from_i, pl.n_deal):
        k = kind_of(s, pl.deal[i])
        if can_pay(pl, pay, 1, k.cost[0], k.cost[1], k.cost[2]):
            return i
    return -1


cdef bint location_target_ok(const GameState* s, int p, int op, int raze_tokens, int t, int slot) noexcept nogil:
    # Whether location `slot` of seat t is a target of action op `op` for player p, who would
    # have `raze_tokens` left after paying the activation.
    cdef const Loc* l
    cdef const Kind* k
    if op == AOP_RAZE_OWN:
        return t == p and loc_razeable_by_opponent(s, p, &s.pl[p].loc[slot])
    if t == p:
        return False
    if s.solo:
        if t != 1:
            return False
        k = kind_of(s, s.vloc[slot])
        if op == AOP_TRADE_ROUTE or op == AOP_CAPTURE:
            return False        # the opponent's lookout cards: no deal good, nothing to capture
        return op == AOP_REMOVE_OPPONENT or k.can_raze
    if not targetable(s, p, t):
        return False
    l = &s.pl[t].loc[slot]
    if l.foundation:
        return False
    k = kind_of(s, l.card)
    if op == AOP_RAZE_OPPONENT:
        return loc_razeable_by_opponent(s, t, l) and raze_tokens >= l.defence + l.samurai
    if op == AOP_RAZE_IGNORING_GUARDS:
        return loc_razeable_by_opponent(s, t, l)
    if op == AOP_TAKE_FROM_RAZE:
        return k.can_raze
    if op == AOP_REMOVE_OPPONENT:
        return k.deck == 0
    if op == AOP_TRADE_ROUTE:
        # a faction location (it shows a deal good); "Торговый путь"
        return k.deck != 0 and k.deal_good >= 0 and s.pl[p].n_trade < MAX_TRADE_DEALS
    if op == AOP_CAPTURE:
        # one of the special tokens still free; a location not captured already
        return not l.captor and s.pl[p].n_captured < s.rules.capture_tokens
    return False


cdef int n_location_targets(const GameState* s, int p, int op, int raze_tokens, int32_t* buf) noexcept nogil:
    # The targets of a location-targeting action op, as seat * MAX_LOC + slot (into buf if given).
    cdef int t, i, n = 0, n_slots
    if op < AOP_RAZE_OPPONENT:
        return 0
    for t in range(MAX_SEATS):
        if t >= s.n_players and not (s.solo and t == 1):
            break
        n_slots = s.n_vloc if (s.solo and t == 1) else s.pl[t].n_loc
        for i in range(n_slots):
            if location_target_ok(s, p, op, raze_tokens, t, i):
                if buf != NULL:
                    buf[n] = t * MAX_LOC + i
                n += 1
    return n


cdef void apply_location_op(GameState* s, int p, int op, int t, int slot) noexcept nogil:
    cdef int card, g, n_goods = 0, last = -1
    cdef const Kind* k
    if op == AOP_RAZE_OPPONENT:
        s.pl[p].tok[G_RAZE] -= guards(s, t, slot)
        raze_effect(s, p, t, slot)
    elif op == AOP_RAZE_IGNORING_GUARDS or op == AOP_RAZE_OWN:
        raze_effect(s, p, t, slot)
    elif op == AOP_REMOVE_OPPONENT:
        card = target_card(s, t, slot)
        emit(s, EV_DISCARD_LOC, t, card, 0, 1, 0, 0)
        if s.solo:
            swap_remove(s.vloc, &s.n_vloc, slot)
        else:
            remove_loc(s, t, slot)
        discard_card(s, card)
    elif op == AOP_TAKE_FROM_RAZE:
        k = kind_of(s, target_card(s, t, slot))
        for g in range(N_GOODS):
            if k.raze[g]:
                n_goods += 1
                last = g
        if n_goods == 1:
            gain_good(s, p, last, 1)
        else:
            push_task(s, TK_TAKE_GOOD, p, t * MAX_LOC + slot, 0)
    elif op == AOP_TRADE_ROUTE:
        # A deal with the location: its good now and in every production phase; the deal
        # stays when the Trade Route is lost (seed, «Торговый путь»).
        card = target_card(s, t, slot)
        k = kind_of(s, card)
        s.pl[p].trade_kind[s.pl[p].n_trade] = s.rules.card_kind[card]
        s.pl[p].n_trade += 1
        emit(s, EV_TRADE_ROUTE, p, t, card, k.deal_good, 0, 0)
        gain_good(s, p, k.deal_good, k.deal_n)
    elif op == AOP_CAPTURE:
        # marked with a special token: it now produces and acts for p (nothing at capture)
        s.pl[t].loc[slot].captor = p + 1
        s.pl[p].n_captured += 1
        emit(s, EV_CAPTURE, p, t, s.pl[t].loc[slot].card, 0, 0, 0)


cdef bint use_other_ok(const GameState* s, int p, int slot, const Kind* troupe) noexcept nogil:
    # Acting Troupe: another action location of p (not a troupe), whose cost p can pay on top
    # of the troupe's own cost. It does not count against that location's uses this round.
    cdef const Loc* l = &s.pl[p].loc[slot]
    cdef int8_t both[N_GOODS]
    cdef int g
    if l.foundation or l.captor:
        return False
    cdef const Kind* k = kind_of(s, l.card)
    if k.type != TY_ACTION or k.act_op == AOP_USE_OTHER:
        return False
    for g in range(N_GOODS):
        both[g] = troupe.act_pay[g] + k.act_pay[g]
    return can_pay_tokens(&s.pl[p], both, 1) and act_op_possible(s, p, slot, k, 1)


cdef bint can_activate(const GameState* s, int p, int t, int slot, int times) noexcept nogil:
    # Once per round unless the card says twice; "twice" may be done at once at double cost
    # (rulebook "АКТИВИРОВАТЬ ДЕЙСТВИЕ ЛОКАЦИИ"). t == p: p's own location (not one captured
    # from p); t != p: a location of t that p captured, used once at a time, its uses shared
    # with the owner's this round (seed, «Храм Ра»).
    cdef const Loc* l = &s.pl[t].loc[slot]
    if l.foundation or l.captor != (0 if t == p else p + 1):
        return False
    cdef const Kind* k = kind_of(s, l.card)
    if k.type != TY_ACTION or l.used + times > k.act_uses:
        return False
    if not can_pay_tokens(&s.pl[p], k.act_pay, times):
        return False
    return act_op_possible(s, p, slot, k, times)


cdef inline Loc* loc_at(GameState* s, int at) noexcept nogil:
    # A location by seat * MAX_LOC + slot (an action path may use a captured location).
    return &s.pl[at // MAX_LOC].loc[at % MAX_LOC]


cdef void run_action_effect(GameState* s, int p, int at, int times) noexcept nogil:
    # Pay the action's cost: workers, raze tokens and gold it names at once, its resources
    # (gold may replace them) possibly as a decision; then the effect. at = seat * MAX_LOC +
    # slot of the location used.
    cdef const Kind* k = kind_of(s, loc_at(s, at).card)
    cdef Player* pl = &s.pl[p]
    pl.tok[G_WORKER] -= k.act_pay[G_WORKER] * times
    pl.tok[G_RAZE] -= k.act_pay[G_RAZE] * times
    pl.tok[G_DEFENCE] -= k.act_pay[G_DEFENCE] * times
    pl.tok[G_GOLD] -= k.act_pay[G_GOLD] * times
    if pay_or_ask(s, p, k.act_pay[G_WOOD] * times, k.act_pay[G_STONE] * times, k.act_pay[G_FOOD] * times,
                  TK_ACT_PAID, at, times):
        action_paid(s, p, at, times)


cdef void action_paid(GameState* s, int p, int at, int times) noexcept nogil:
    # The effect of a paid activation: card or deal payments (tasks; the gain follows them)
    # or the gain, then the card's operation.
    cdef int card = loc_at(s, at).card
    cdef const Kind* k = kind_of(s, card)
    cdef int i
    for i in range(times):
        if k.act_pay[G_CARD]:
            push_task(s, TK_PAY_CARD, p, s.rules.card_kind[card], k.act_pay[G_CARD])
        elif k.act_pay_deal:
            push_task(s, TK_PAY_DEAL, p, s.rules.card_kind[card], k.act_pay_deal)
        else:
            gain_goods(s, p, k.act_gain, 1)
        if k.act_op == AOP_BUILD_FACTION:
            push_task(s, TK_SETTLERS, p, 0, 0)
        elif k.act_op == AOP_USE_OTHER:
            push_task(s, TK_USE_OTHER, p, at, 0)
        elif k.act_op == AOP_DEAL_AGAIN:
            push_task(s, TK_DEAL_AGAIN, p, 0, 0)
        elif k.act_op == AOP_REPEAT_PROD:
            push_task(s, TK_REPEAT_PROD, p, -1, 0)
        elif k.act_op == AOP_STEAL:
            push_task(s, TK_STEAL, p, 0, 0)
        elif k.act_op == AOP_CANCEL_DEAL:
            push_task(s, TK_CANCEL_DEAL, p, 0, 0)
        elif k.act_op == AOP_TAKE_DEAL:
            push_task(s, TK_TAKE_DEAL, p, 0, 0)
        elif k.act_op == AOP_FOUNDATION_FROM_HAND:
            push_task(s, TK_FOUNDATION, p, 0, 0)
        elif k.act_op == AOP_BUILD_FROM_DEALS:
            push_task(s, TK_BUILD_DEAL, p, 0, 0)
        elif k.act_op >= AOP_RAZE_OPPONENT:
            push_task(s, TK_TARGET_LOC, p, k.act_op, 0)


cdef void activate(GameState* s, int p, int at, int times) noexcept nogil:
    loc_at(s, at).used += times
    emit(s, EV_ACTIVATE, p, loc_at(s, at).card, at, times, 0, 0)
    run_action_effect(s, p, at, times)


# ----------------------------------------------------------------- trading workers

cdef bint can_trade(const GameState* s, int p, int what) noexcept nogil:
    if s.pl[p].tok[G_WORKER] < s.rules.trade_workers:
        return False
    if what == TR_COMMON_CARD:
        return common_available(s)
    if what == TR_FACTION_CARD:
        return faction_available(s, p)
    return True


cdef void trade_pair(GameState* s, int p, int what) noexcept nogil:
    s.pl[p].tok[G_WORKER] -= s.rules.trade_workers
    emit(s, EV_TRADE, p, what, 0, 0, 0, 0)
    if what <= TR_FOOD:
        gain_good(s, p, what, 1)      # TR_WOOD..TR_FOOD == G_WOOD..G_FOOD
    else:
        draw_to_hand(s, p, 0 if what == TR_COMMON_CARD else 1)
    trigger_opponent_trade(s, p, 1)


# ----------------------------------------------------------------- cleanup and end

cdef void cleanup(GameState* s) noexcept nogil:
    # Keep the faction's stored good; discard every other token, the defence tokens on
    # locations and the goods spent on actions; samurai stay; hands stay.
    cdef int p, g, i, keep
    cdef Player* pl
    for p in range(s.n_players):
        pl = &s.pl[p]
        keep = s.rules.keeps[pl.faction]
        for g in range(N_TOKENS):
            if g != keep:
                pl.tok[g] = 0
        for i in range(pl.n_loc):
            pl.loc[i].defence = 0
            pl.loc[i].used = 0
        pl.passed = 0
        emit(s, EV_CLEANUP, p, keep, pl.tok[keep] if keep >= 0 else 0, 0, 0, 0)
