# Rules: the primitive steps every action is made of (decks, removing troops, rebels, combat,
# the claim phase, final scoring). No decisions here: turn.pxi asks, these functions do.

cdef enum:  # event kinds of the readable log (pyapi.pxi formats them)
    EV_ROUND = 0          # a = round (1..4)
    EV_PLACE = 1          # a = advisor, b = column, c = bribe
    EV_ACTIVATE = 2       # a = column, b = row
    EV_FORFEIT = 3
    EV_MUSTER = 4         # a = region, b = 1 if the leader
    EV_MOVE = 5           # a = from, b = to, c = 1 if the leader
    EV_REBEL = 6          # a = region, b = reward kind, c = amount
    EV_ATTACK = 7         # a = region, b = defender
    EV_CASUALTY = 8       # a = region, b = cards revealed, c = 1 if a troop was lost
    EV_TAX = 9            # a = region, b = good
    EV_BUILD = 10         # a = region, b = structure
    EV_CHURCH = 11        # a = region, b = seat removed (MAX_SEATS = a rebel)
    EV_CARD = 12          # a = scheme card played
    EV_DEED = 13          # a = deed accomplished
    EV_EXCHANGE = 14      # a = token, b = good, c = good
    EV_CLAIM = 15         # a = track, b = space
    EV_INCOME = 16        # a = coins
    EV_TAKE_DEED = 17     # a = deed
    EV_PASS_TOKEN = 18    # a = seat receiving the token
    EV_MARKET = 19        # a = region, b = 0 good / 1 coin
    EV_DIPLOMAT = 20      # a = opponent, b = from, c = to
    EV_DRAW = 21          # a = deck, b = cards drawn
    EV_MAIN = 22          # a = column, b = icons
    EV_GAME_END = 23
    EV_REENTER = 24       # a = region
    EV_AGENDA = 25        # a = agenda kept
    EV_SETUP_TROOP = 26   # a = region
    EV_SETUP_LEADER = 27  # a = region

# ------------------------------------------------------------------ scheme decks
# Rulebook "Отримання Здобичі", note: when one of the two decks runs out, shuffle the discards
# with the other deck and split them again into two roughly equal decks.

cdef void scheme_rebuild(GameState* g) noexcept nogil:
    cdef int8_t cards[MAX_SCHEMES]
    cdef int n = 0, i, d
    memset(g.known_top, 0, sizeof(g.known_top))
    for d in range(2):
        for i in range(g.deck_n[d]):
            cards[n] = g.deck[d][i]
            n += 1
        g.deck_n[d] = 0
    for i in range(g.discard_n):
        cards[n] = g.discard[i]
        n += 1
    g.discard_n = 0
    rng_shuffle(&g.rng, cards, n)
    for i in range(n):
        d = 0 if i < (n + 1) // 2 else 1
        g.deck[d][g.deck_n[d]] = cards[i]
        g.deck_n[d] += 1

cdef int draw_card(GameState* g, int d) noexcept nogil:
    # top card of deck d, or -1 when no card is left anywhere
    cdef int c, i
    if g.deck_n[d] == 0:
        scheme_rebuild(g)
        if g.deck_n[d] == 0:
            return -1
    g.deck_n[d] -= 1
    c = g.deck[d][g.deck_n[d]]
    for i in range(MAX_SEATS):
        if g.known_top[i][d] > 0:
            g.known_top[i][d] -= 1
    if g.deck_n[d] == 0:
        scheme_rebuild(g)
    return c

cdef inline void discard_card(GameState* g, int c) noexcept nogil:
    g.discard[g.discard_n] = <int8_t>c
    g.discard_n += 1

# ------------------------------------------------------------------ deeds row

cdef int deed_draw(GameState* g) noexcept nogil:
    # top of the deed deck; an empty deck takes back the discarded deeds (alternate row variant)
    cdef int i
    if g.deed_deck_n == 0 and g.deed_discard_n > 0:
        for i in range(g.deed_discard_n):
            g.deed_deck[i] = g.deed_discard[i]
        g.deed_deck_n = g.deed_discard_n
        g.deed_discard_n = 0
        rng_shuffle(&g.rng, g.deed_deck, g.deed_deck_n)
    if g.deed_deck_n == 0:
        return -1
    g.deed_deck_n -= 1
    return g.deed_deck[g.deed_deck_n]

cdef void take_deed(GameState* g, int s, int slot, bint claim_step) noexcept nogil:
    # Rulebook claim step В: take one face-up deed, then reveal a new one (the alternate deed
    # row variant instead discards the other two and reveals three new ones)
    cdef int d = g.deed_row[slot], i
    g.deeds_owned[s] |= <uint32_t>(1u << d)
    emit(g, EV_TAKE_DEED, s, d, 0, 0, 0, 0)
    g.deed_row[slot] = -1
    if claim_step and g.R.alternate_deed_row:
        for i in range(DEED_ROW):
            if g.deed_row[i] >= 0:
                g.deed_discard[g.deed_discard_n] = g.deed_row[i]
                g.deed_discard_n += 1
            g.deed_row[i] = <int8_t>deed_draw(g)
    else:
        g.deed_row[slot] = <int8_t>deed_draw(g)

cdef inline int deed_row_count(const GameState* g) noexcept nogil:
    cdef int i, n = 0
    for i in range(DEED_ROW):
        if g.deed_row[i] >= 0:
            n += 1
    return n

# ------------------------------------------------------------------ troops and rebels

cdef void remove_unit(GameState* g, int s, int r, bint leader_last) noexcept nogil:
    # remove one unit of seat s from r to its supply; the leader goes only when it is the last
    # one there (rulebook "Атака") unless leader_last is false (the owner chose the leader)
    if g.troops[s][r] > 0 and (leader_last or g.leader_region[s] != r):
        g.troops[s][r] -= 1
        g.supply[s] += 1
    elif g.leader_region[s] == r:
        g.leader_region[s] = -1

cdef void gain_rebel_reward(GameState* g, int s, int pool_index) noexcept nogil:
    cdef int kind = g.R.rebel_kind[pool_index], amount = g.R.rebel_amount[pool_index]
    if kind == 0:
        g.coins[s] += amount
    else:
        g.goods[s][kind - 1] += amount

cdef void defeat_rebel(GameState* g, int s, int r) noexcept nogil:
    # Rulebook "Атака": a beaten rebel is kept by the player, who gains the reward under its base
    cdef int reward = -1
    g.rebels[r] -= 1
    g.rebels_defeated[s] += 1
    if g.R.alternate_rebel_rewards:
        if g.rebel_stack_n > 0:
            g.rebel_stack_n -= 1
            reward = g.rebel_stack[g.rebel_stack_n]
    else:
        reward = g.rebel_reward[r]
    if g.rebels[r] == 0:
        g.rebel_reward[r] = -1
    if reward >= 0:
        gain_rebel_reward(g, s, reward)
        emit(g, EV_REBEL, s, r, g.R.rebel_kind[reward], g.R.rebel_amount[reward], 0, 0)
    else:
        emit(g, EV_REBEL, s, r, -1, 0, 0, 0)
    # Sviatopolk (provisional): a rebel beaten in his region is replaced by one of his troops
    if leader_here(g, s, r, ABIL_REBEL_LORD) and g.supply[s] > 0:
        g.supply[s] -= 1
        g.troops[s][r] += 1

cdef int attack_player(GameState* g, int s, int r, int o, bint minus_one) noexcept nogil:
    # Rulebook "Атака" against an opponent: the defender removes a troop (the leader only when
    # it is the last there), the attacker advances on the warfare track; returns the number of
    # cards the casualty check reveals (1, +1 defender rules, +1 defender's stronghold,
    # -1 Boris, -1 deed sword), at least 0.
    cdef int k = 1
    cdef bint rules_before = ruler(g, r) == o
    remove_unit(g, o, r, True)
    g.warfare[s] += 1
    emit(g, EV_ATTACK, s, r, o, 0, 0, 0)
    if g.R.rule_check_after_removal:
        if ruler(g, r) == o:
            k += 1
    elif rules_before:
        k += 1
    if g.struct_owner[r][S_STRONGHOLD] == o and structures_work(g, o, r):
        k += 1
    if leader_here(g, s, r, ABIL_RAIDER):
        k -= 1
        if g.coins[o] > 0:
            g.coins[o] -= 1
            g.coins[s] += 1
    if minus_one:
        k -= 1
    return k if k > 0 else 0

cdef void casualty_check(GameState* g, int s, int r, int k, int d) noexcept nogil:
    # reveal up to k cards of deck d, stop at the first casualty symbol and lose one troop in r;
    # then discard every revealed card
    cdef int8_t shown[4]
    cdef int n = 0, c
    cdef bint hit = False
    while n < k:
        c = draw_card(g, d)
        if c < 0:
            break
        shown[n] = <int8_t>c
        n += 1
        if g.R.scheme_casualty[c]:
            hit = True
            break
    for c in range(n):
        discard_card(g, shown[c])
    if hit and present(g, s, r):
        remove_unit(g, s, r, True)
    emit(g, EV_CASUALTY, s, r, n, 1 if hit else 0, 0, 0)

cdef inline void place_troop(GameState* g, int s, int r) noexcept nogil:
    g.supply[s] -= 1
    g.troops[s][r] += 1

cdef inline void collect_good(GameState* g, int s, int r) noexcept nogil:
    # tax: the region's good goes to the player's mat (the boat fills first, queries.pxi)
    g.good_present[r] = 0
    g.goods[s][g.good_type[r]] += 1
    emit(g, EV_TAX, s, r, g.good_type[r], 0, 0, 0)

cdef inline void put_structure(GameState* g, int s, int r, int k) noexcept nogil:
    g.struct_owner[r][k] = <int8_t>s
    g.struct_supply[s][k] -= 1
    emit(g, EV_BUILD, s, r, k, 0, 0, 0)

cdef void church_effect(GameState* g, int s, int r, int target) noexcept nogil:
    # Rulebook "Церква": remove a rebel (to the box, no reward; it counts as defeated for the
    # agenda) or an enemy troop (not a leader), then place one of your troops there if you can
    if target == NEUTRAL:
        g.neutral[r] -= 1           # solo: to the box
    elif target == MAX_SEATS:
        g.rebels[r] -= 1
        g.rebels_defeated[s] += 1
        if g.rebels[r] == 0:
            g.rebel_reward[r] = -1
    else:
        g.troops[target][r] -= 1
        g.supply[target] += 1
    if g.supply[s] > 0:
        place_troop(g, s, r)
    emit(g, EV_CHURCH, s, r, target, 0, 0, 0)

# ------------------------------------------------------------------ claim phase

cdef void claim_advance(GameState* g) noexcept nogil:
    # step А: each claim marker moves to the highest space whose requirement is met
    cdef int s, t, space
    for s in range(g.n_players):
        for t in range(N_TRACKS):
            space = claim_space(g, s, t)
            if space > g.claim[s][t] or (not g.R.claims_never_down and space != g.claim[s][t]):
                g.claim[s][t] = <int8_t>space
                emit(g, EV_CLAIM, s, t, space, 0, 0, 0)

cdef void claim_income(GameState* g) noexcept nogil:
    # step Б: 1 coin per claim / warfare marker not yet on the board, 1 per full boat column
    cdef int s, t, n
    for s in range(g.n_players):
        if g.solo_level > 0 and s == REBELS:
            continue                # the Rebels' income is their own (solo.pxi)
        n = full_columns(g, s) + (1 if g.warfare[s] == 0 else 0)
        for t in range(N_TRACKS):
            if g.claim[s][t] == 0:
                n += 1
        g.coins[s] += n
        emit(g, EV_INCOME, s, n, 0, 0, 0, 0)

cdef void claim_refresh(GameState* g) noexcept nogil:
    # steps Г and Д: exchange tokens face up; an empty region gets its good again
    cdef int s, r
    for s in range(g.n_players):
        g.exchange_used[s][0] = 0
        g.exchange_used[s][1] = 0
    for r in range(N_REGIONS):
        if in_play(g, r):
            g.good_present[r] = 1

# ------------------------------------------------------------------ final scoring

cdef enum:  # score components (GameState-independent order used by the Python result)
    SC_RULE = 0
    SC_BUILD = 1
    SC_TRADE = 2
    SC_WARFARE = 3
    SC_AGENDA = 4
    SC_DEEDS = 5
    SC_REBEL_COINS = 6    # solo Rebels: 1 VP per 3 coins, rounded up
    SC_REBEL_DOCK = 7     # solo Rebels: 1 VP per 3 goods on the dock, rounded up
    SC_TOTAL = 8
    SC_RULED = 9          # tie-breaker 1: regions ruled
    SC_COINS = 10         # tie-breaker 2: coins (the solo Rebels' coins count 0: already scored)
    N_SCORE = 11

cdef int agenda_value(const GameState* g, int s, int measure) noexcept nogil:
    cdef int r, k, n
    if measure == AM_GOODS:
        return total_goods(g, s)
    if measure == AM_REBELS:
        return g.rebels_defeated[s]
    if measure == AM_TRADE_TRACK:
        return g.claim[s][T_TRADE]
    if measure == AM_RULE_TRACK:
        return g.claim[s][T_RULE]
    if measure == AM_BUILD_TRACK:
        return g.claim[s][T_BUILD]
    if measure == AM_DEEDS:
        return bit_count(g.deeds_done[s])
    if measure == AM_STRUCTURES_RULED:
        n = 0
        for r in range(N_REGIONS):
            if in_play(g, r) and ruler(g, r) == s:
                for k in range(N_STRUCT):
                    if g.struct_owner[r][k] >= 0:
                        n += 1
        return n
    if measure == AM_COINS:
        return g.coins[s]
    if measure == AM_WARFARE:
        return g.warfare[s]
    if measure == AM_REGIONS_PRESENT:
        return bit_count(presence_mask(g, s))
    return g.goods[s][G_HONEY] + g.goods[s][G_FUR]

cdef bint agenda_met(const GameState* g, int s) noexcept nogil:
    # the holder has the best value of the agenda's measure, above 0 (ties: agenda_ties_share)
    cdef int m = g.R.agenda_measure[g.agenda[s]], mine = agenda_value(g, s, m), o, v
    if mine <= 0:
        return False
    for o in range(g.n_players):
        if o != s:
            v = agenda_value(g, o, m)
            if v > mine or (v == mine and not g.R.agenda_ties_share):
                return False
    return True

cdef void final_scores(const GameState* g, int32_t out[MAX_SEATS][N_SCORE]) noexcept nogil:
    # Rulebook "Кінець Гри": claim spaces, warfare 3 / 1 (tied first: all 3, no second),
    # secret agenda 2, deeds 1 or 2 each; tie-breakers regions ruled, then coins
    cdef int s, t, d, first = 0, second = 0, n_first = 0, w
    for s in range(g.n_players):
        w = g.warfare[s]
        if w > first:
            first = w
    for s in range(g.n_players):
        if g.warfare[s] == first:
            n_first += 1
    for s in range(g.n_players):
        w = g.warfare[s]
        if w < first and w > second:
            second = w
    for s in range(g.n_players):
        for t in range(N_TRACKS):
            out[s][t] = g.R.claim_vp[g.claim[s][t] - 1] if g.claim[s][t] > 0 else 0
        w = g.warfare[s]
        out[s][SC_WARFARE] = 0
        if w > 0 or not g.R.warfare_requires_advance:
            if w == first:
                out[s][SC_WARFARE] = g.R.warfare_vp[0]
            elif n_first == 1 and w == second:
                out[s][SC_WARFARE] = g.R.warfare_vp[1]
        out[s][SC_AGENDA] = 2 if g.agenda[s] >= 0 and agenda_met(g, s) else 0
        out[s][SC_DEEDS] = 0
        for d in range(g.R.n_deeds):
            if (g.deeds_done[s] >> d) & 1:
                out[s][SC_DEEDS] += g.R.deed_vp[d]
        out[s][SC_REBEL_COINS] = 0
        out[s][SC_REBEL_DOCK] = 0
        out[s][SC_COINS] = g.coins[s]
        if g.solo_level > 0 and s == REBELS:
            # «ПІДРАХУНОК ПЕРЕМОЖНИХ БАЛІВ ПОВСТАНЦІВ»: no deeds, no agenda; coins and dock goods
            out[s][SC_REBEL_COINS] = (g.coins[s] + 2) // 3
            out[s][SC_REBEL_DOCK] = (total_goods(g, s) - boat_goods(g, s) + 2) // 3
            out[s][SC_COINS] = 0
        out[s][SC_TOTAL] = (out[s][SC_RULE] + out[s][SC_BUILD] + out[s][SC_TRADE] + out[s][SC_WARFARE]
                            + out[s][SC_AGENDA] + out[s][SC_DEEDS] + out[s][SC_REBEL_COINS]
                            + out[s][SC_REBEL_DOCK])
        out[s][SC_RULED] = bit_count(ruled_mask(g, s))

cdef void final_ranks(int32_t sc[MAX_SEATS][N_SCORE], int n, int8_t rank[MAX_SEATS]) noexcept nogil:
    # rank 1 = winner; players equal on score, regions ruled and coins share a rank
    cdef int s, o, better
    for s in range(n):
        better = 0
        for o in range(n):
            if (sc[o][SC_TOTAL] > sc[s][SC_TOTAL]
                    or (sc[o][SC_TOTAL] == sc[s][SC_TOTAL] and sc[o][SC_RULED] > sc[s][SC_RULED])
                    or (sc[o][SC_TOTAL] == sc[s][SC_TOTAL] and sc[o][SC_RULED] == sc[s][SC_RULED]
                        and sc[o][SC_COINS] > sc[s][SC_COINS])):
                better += 1
        rank[s] = <int8_t>(1 + better)

# ------------------------------------------------------------------ setup

cdef enum:
    SETUP_OK = 0
    SETUP_BAD_PLAYERS = 1
    SETUP_BAD_LEADER = 2

cdef int game_setup(GameState* g, const Rules* R, uint64_t seed, const SetupArgs* a) noexcept nogil:
    # Rulebook "ПІДГОТОВКА ДО ГРИ"
    cdef int n = 2 if a.solo_level > 0 else a.n_players, s, r, i, k, o
    cdef int8_t order[MAX_REBEL_POOL]
    cdef int8_t goods_tokens[N_REGIONS]
    cdef int8_t ids[MAX_DEEDS]
    cdef int8_t taken[MAX_LEADERS]
    cdef EventBuf* keep_events = g.events
    memset(g, 0, sizeof(GameState))
    g.events = keep_events
    g.R = R
    g.seed = seed
    if n < 2 or n > MAX_SEATS or a.solo_level < 0 or a.solo_level > 4:
        return SETUP_BAD_PLAYERS
    g.n_players = <int8_t>n
    rng_seed(&g.rng, seed)
    for r in range(N_REGIONS):
        if R.region_players[r] <= n:
            g.in_play |= <uint16_t>(1 << r)
        g.rebel_reward[r] = -1
        for k in range(N_STRUCT):
            g.struct_owner[r][k] = -1
        g.good_type[r] = R.region_good[r]
    # leaders: chosen, or dealt at random among the unused ones
    memset(taken, 0, sizeof(taken))
    if a.solo_level > 0:
        taken[R.sviatopolk] = 1      # he leads the Rebels
        if a.leader[0] == R.sviatopolk:
            return SETUP_BAD_LEADER
    for s in range(n):
        if a.solo_level > 0 and s == REBELS:
            continue
        if a.leader[s] >= 0:
            if a.leader[s] >= R.n_leaders or taken[a.leader[s]]:
                return SETUP_BAD_LEADER
            taken[a.leader[s]] = 1
    for s in range(n):
        if a.solo_level > 0 and s == REBELS:
            g.leader[s] = R.sviatopolk
        elif a.leader[s] >= 0:
            g.leader[s] = a.leader[s]
        else:
            k = 0
            for i in range(R.n_leaders):
                if not taken[i]:
                    ids[k] = <int8_t>i
                    k += 1
            g.leader[s] = ids[rng_below(&g.rng, k)]
            taken[g.leader[s]] = 1
        g.ability[s] = R.leader_ability[g.leader[s]]
        g.leader_region[s] = -1
        g.supply[s] = R.troops
        g.coins[s] = R.start_coins
        for k in range(N_STRUCT):
            g.struct_supply[s][k] = R.structures_each
    # a random rebel and the region's good in every region in play
    for i in range(R.n_rebel_pool):
        order[i] = <int8_t>i
    rng_shuffle(&g.rng, order, R.n_rebel_pool)
    k = 0
    for r in range(N_REGIONS):
        if in_play(g, r):
            g.rebels[r] = 1
            g.rebel_reward[r] = order[k]
            k += 1
            g.good_present[r] = 1
    if R.alternate_rebel_rewards:
        for i in range(R.n_rebel_pool):
            g.rebel_stack[i] = <int8_t>i
        rng_shuffle(&g.rng, g.rebel_stack, R.n_rebel_pool)
        g.rebel_stack_n = R.n_rebel_pool
    if R.alternate_board:
        # goods tokens for the regions in play, shuffled over them (token mix provisional:
        # the printed goods of those regions)
        k = 0
        for r in range(N_REGIONS):
            if in_play(g, r):
                goods_tokens[k] = R.region_good[r]
                k += 1
        rng_shuffle(&g.rng, goods_tokens, k)
        k = 0
        for r in range(N_REGIONS):
            if in_play(g, r):
                g.good_type[r] = goods_tokens[k]
                k += 1
    # scheme cards: shuffled, split into two roughly equal decks
    for i in range(R.n_schemes):
        g.discard[i] = <int8_t>i
    g.discard_n = R.n_schemes
    scheme_rebuild(g)
    # deeds: shuffled, three face up
    for i in range(R.n_deeds):
        g.deed_deck[i] = <int8_t>i
    g.deed_deck_n = R.n_deeds
    rng_shuffle(&g.rng, g.deed_deck, g.deed_deck_n)
    for i in range(DEED_ROW):
        g.deed_row[i] = <int8_t>deed_draw(g)
    # secret agendas: two dealt to each player
    for i in range(R.n_agendas):
        ids[i] = <int8_t>i
    rng_shuffle(&g.rng, ids, R.n_agendas)
    for s in range(n):
        g.agenda_offer[s][0] = ids[2 * s]
        g.agenda_offer[s][1] = ids[2 * s + 1]
        g.agenda[s] = -1
    # the first player is seeded at random (the rulebook: the greatest expert on Kievan Rus)
    g.first_player = <int8_t>rng_below(&g.rng, n)
    g.token_holder = g.first_player
    for o in range(N_ACTIONS):
        for k in range(MAX_ROWS):
            g.slot_seat[o][k] = -1
    g.rally_target = -1
    if a.solo_level > 0:
        solo_setup(g, a.solo_level)
    g.phase = P_AGENDA
    g.decision = D_NONE
    return SETUP_OK
