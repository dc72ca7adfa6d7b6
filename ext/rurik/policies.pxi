# Layer: policies. Uses: state, queries, rules, turn (option encodings), contract.
#
# The compiled policies. Policy 0 = uniform random on the seat's own stream, seeded
# seat_stream_seed(game_seed, seat) (ext/README.md), so a Python policy drawing
# options[stream.below(n)] makes the same choices. Policies 1.. are one heuristic read with
# different weights (simsuite/games/rurik/policies.py names them, in HW_* order): every option of
# the pending decision gets a value in victory points from the seat's own view (the board, the
# tracks, its own hand, agenda and deeds; never another seat's hand or agenda), the best one is
# taken and ties go to the seat's stream. No look-ahead: the values are one-step estimates of
# progress toward the claim tracks, warfare, deeds and the agenda.

cdef enum:
    POLICY_RANDOM = 0
    POLICY_WARLORD = 1
    POLICY_BUILDER = 2
    POLICY_TRADER = 3
    POLICY_PLANNER = 4
    N_COMPILED_POLICIES = 5
    N_POLICY_WEIGHTS = 48
    MAX_ROLLOUTS = 16        # most rollouts per option the planner's `rollouts` weight may ask

COMPILED_POLICIES = {"random": POLICY_RANDOM, "warlord": POLICY_WARLORD,
                     "builder": POLICY_BUILDER, "trader": POLICY_TRADER,
                     "planner": POLICY_PLANNER}

cdef enum:  # weight indices (simsuite/games/rurik/policies.py WEIGHT_DOCS, same order)
    HW_RULE = 0          # a region ruled
    HW_BUILD = 1         # a structure placed
    HW_TRADE = 2         # a good on the boat
    HW_WARFARE = 3       # a warfare step
    HW_REBEL = 4         # a rebel defeated, beyond its reward
    HW_COIN = 5          # a coin
    HW_GOOD = 6          # a good beyond the boat
    HW_DEED = 7          # per VP of a deed accomplished
    HW_CLAIM = 8         # per VP of a claim space a step reaches
    HW_PRESENCE = 9      # a unit in a region where it changes no rule
    HW_ATTACK = 10       # extra will to attack a player
    HW_BRIBE = 11        # coins a seat bribes at most
    HW_CARD = 12         # a scheme card kept in hand
    HW_AGENDA = 13       # a step toward the secret agenda
    HW_ICON = 14         # an action icon usable this turn
    HW_ROUND_END = 15    # how much more the claim bonus counts in the last round
    HW_DENY = 16         # solo: per VP taken from the Rebels (a Rule claim space, the warfare lead)
    HW_ROLLOUTS = 17     # planner: rollouts per option of a solo advisor placement (a count)

ctypedef struct SeatPolicy:
    Rng rng

cdef inline void seat_policy_init(SeatPolicy* sp, uint64_t game_seed, int seat) noexcept nogil:
    rng_seed(&sp.rng, seat_stream_seed(game_seed, seat))

cdef inline void seat_policy_forget(SeatPolicy* sp) noexcept nogil:
    pass                    # the policies keep nothing between decisions but their stream

cdef inline int seat_weight_row(const GameState* g, int seat) noexcept nogil:
    return 0                # no per-seat weight tables


# ------------------------------------------------------------------ estimates

cdef int rule_gap(const GameState* g, int r, int s, int ds, int o, int do_, int drebels) noexcept nogil:
    # units seat s would still need to rule r (0: it rules) if it had ds more units there, seat
    # o do_ more and the region drebels more rebels (queries.pxi ruler: strictly stronger than
    # every other player and the rebels; Yaroslav wins ties in his region)
    cdef int p, v, mine = strength(g, s, r) + ds, other = g.rebels[r] + drebels + g.neutral[r]
    for p in range(g.n_players):
        if p != s:
            v = strength(g, p, r) + (do_ if p == o else 0)
            if v > other:
                other = v
    if mine > other or (mine == other and mine > g.rebels[r] + drebels + g.neutral[r]
                        and leader_here(g, s, r, ABIL_SOVEREIGN)):
        return 0
    return other - mine + 1


cdef inline double rule_potential(int gap, const double* w) noexcept nogil:
    # worth of standing `gap` units short of ruling a region (0 = ruling it)
    if gap == 0:
        return w[HW_RULE]
    if gap == 1:
        return 0.35 * w[HW_RULE]
    if gap == 2:
        return 0.12 * w[HW_RULE]
    return 0.0


cdef double claim_bonus(const GameState* g, int s, int track, int metric, const double* w) noexcept nogil:
    # VP of the claim space a metric of `metric` would reach beyond the marker, scaled by HW_CLAIM
    cdef int k, now = g.claim[s][track], best = now
    for k in range(now, N_CLAIM_SPACES):
        if metric >= g.R.claim_need[track][k]:
            best = k + 1
    if best <= now:
        return 0.0
    return w[HW_CLAIM] * (g.R.claim_vp[best - 1] - (g.R.claim_vp[now - 1] if now > 0 else 0)) \
        * (1.0 + (w[HW_ROUND_END] if g.round == N_ROUNDS - 1 else 0.0))


cdef double rebels_rule_stake(const GameState* g, const double* w) noexcept nogil:
    # solo: the Rule claim VP the Rebels reach with the regions they rule now but not with one
    # fewer (their marker never comes down, so only spaces above it are at stake)
    cdef int n = bit_count(ruled_mask(g, REBELS))
    return claim_bonus(g, REBELS, T_RULE, n, w) - claim_bonus(g, REBELS, T_RULE, n - 1, w)


cdef int warfare_margin(const GameState* g, int mine, int theirs) noexcept nogil:
    # two seats (solo): my warfare VP minus the other's at these counts (rulebook "Кінець Гри":
    # 3 to the first, 1 to the second, 3 to each when tied first; a marker below the track
    # scores nothing under warfare_requires_advance)
    cdef int a = 0, b = 0, req = g.R.warfare_requires_advance
    if mine > 0 or not req:
        a = g.R.warfare_vp[0] if mine >= theirs else g.R.warfare_vp[1]
    if theirs > 0 or not req:
        b = g.R.warfare_vp[0] if theirs >= mine else g.R.warfare_vp[1]
    return a - b


cdef double rebels_warfare_swing(const GameState* g, int s) noexcept nogil:
    # solo: how a warfare step of ours changes the warfare VP margin against the Rebels now
    return (warfare_margin(g, g.warfare[s] + 1, g.warfare[REBELS])
            - warfare_margin(g, g.warfare[s], g.warfare[REBELS]))


cdef double rule_delta(const GameState* g, int s, int r, int ds, int o, int do_, int drebels,
                       int ruled, const double* w) noexcept nogil:
    # worth to s of a change in r: rule gained or lost (with the claim track), the approach to
    # ruling it, an opponent's rule taken, presence
    cdef int before = rule_gap(g, r, s, 0, -1, 0, 0), after = rule_gap(g, r, s, ds, o, do_, drebels)
    cdef int holder = ruler(g, r)
    cdef double v = rule_potential(after, w) - rule_potential(before, w)
    if after == 0 and before != 0:
        v += claim_bonus(g, s, T_RULE, ruled + 1, w)
    if holder >= 0 and holder != s and rule_gap(g, r, holder, do_ if o == holder else 0, s, ds, drebels) > 0:
        v += 0.5 * w[HW_RULE]          # an opponent loses the region (to us or to a tie)
        if solo(g) and holder == REBELS:
            v += w[HW_DENY] * rebels_rule_stake(g, w)
    if ds > 0 and not present(g, s, r):
        v += w[HW_PRESENCE]
    return v


cdef inline double coin_value(const GameState* g, const double* w) noexcept nogil:
    # coins score nothing at the end (a tie-breaker): worth less as the game runs out
    return w[HW_COIN] * (0.3 if g.round == N_ROUNDS - 1 else 1.0)


cdef double good_value(const GameState* g, int s, int good, const double* w) noexcept nogil:
    # a good of type `good`: on the boat while its column has room (trade track), else spare
    if g.goods[s][good] < g.R.boat[good]:
        return w[HW_TRADE] + claim_bonus(g, s, T_TRADE, boat_goods(g, s) + 1, w) \
            + (coin_value(g, w) if g.goods[s][good] + 1 == g.R.boat[good] and g.round < N_ROUNDS - 1 else 0.0)
    return w[HW_GOOD]


cdef double rebel_reward_value(const GameState* g, int s, int r, const double* w) noexcept nogil:
    cdef int p = g.rebel_reward[r]
    if p < 0:
        return 0.0
    if g.R.rebel_kind[p] == 0:
        return coin_value(g, w) * g.R.rebel_amount[p]
    return good_value(g, s, g.R.rebel_kind[p] - 1, w) * g.R.rebel_amount[p]


cdef double build_value(const GameState* g, int s, int r, int k, const double* w) noexcept nogil:
    cdef uint16_t mine = structure_mask(g, s, -1)
    cdef int group = largest_group(g, mine | <uint16_t>(1 << r)), o, p
    cdef double v = 0.3 * w[HW_BUILD]
    if group > largest_group(g, mine):          # the Build track counts connected regions
        v += w[HW_BUILD] + claim_bonus(g, s, T_BUILD, group, w)
    if k == S_STRONGHOLD:
        v += rule_delta(g, s, r, 1, -1, 0, 0, bit_count(ruled_mask(g, s)), w)
    elif k == S_CHURCH:
        # the church removes an enemy troop (else a rebel), then places a troop of ours
        o = -1
        for p in range(g.n_players):
            if p != s and g.troops[p][r] > 0 and o < 0:
                o = p
        v += rule_delta(g, s, r, 1 if g.supply[s] > 0 else 0, o, -1 if o >= 0 else 0,
                        -1 if o < 0 and g.rebels[r] > 0 else 0, bit_count(ruled_mask(g, s)), w)
    else:
        v += 0.5 * good_value(g, s, g.good_type[r], w)
    return v


cdef double agenda_pull(const GameState* g, int s, int measure, const double* w) noexcept nogil:
    # how much the plan values the agenda measure (the agenda choice and its progress)
    if measure == AM_GOODS or measure == AM_TRADE_TRACK or measure == AM_HONEY_FUR:
        return w[HW_TRADE]
    if measure == AM_REBELS:
        return w[HW_REBEL]
    if measure == AM_RULE_TRACK or measure == AM_REGIONS_PRESENT:
        return w[HW_RULE]
    if measure == AM_BUILD_TRACK or measure == AM_STRUCTURES_RULED:
        return w[HW_BUILD]
    if measure == AM_DEEDS:
        return w[HW_DEED]
    if measure == AM_COINS:
        return 2.0 * w[HW_COIN]
    return w[HW_WARFARE]


cdef double agenda_bonus(const GameState* g, int s, int measure, const double* w) noexcept nogil:
    if g.agenda[s] >= 0 and g.R.agenda_measure[g.agenda[s]] == measure:
        return w[HW_AGENDA]
    return 0.0


cdef double column_worth(const GameState* g, int s, int col, const double* w) noexcept nogil:
    # what one icon of an action column is roughly worth to s now (advisor placement)
    cdef int r, o
    cdef double best = 0.0, v
    if col == A_MUSTER:
        return w[HW_RULE] * 0.6 if g.supply[s] > 0 or g.leader_region[s] < 0 else 0.0
    if col == A_MOVE:
        return w[HW_RULE] * 0.4
    if col == A_SCHEME:
        return w[HW_CARD] + 0.5 * w[HW_ICON]
    for r in range(N_REGIONS):
        if not in_play(g, r) or not present(g, s, r):
            continue
        if col == A_ATTACK:
            if g.rebels[r] > 0 or g.neutral[r] > 0:
                v = w[HW_REBEL] + rebel_reward_value(g, s, r, w)
            else:
                v = 0.0
                for o in range(g.n_players):
                    if o != s and present(g, o, r):
                        v = w[HW_WARFARE] + w[HW_ATTACK]
                        if solo(g):
                            v += w[HW_DENY] * rebels_warfare_swing(g, s)
        elif col == A_TAX:
            v = good_value(g, s, g.good_type[r], w) / region_cost(g, s, r) if g.good_present[r] else 0.0
        else:
            v = 0.0
            for o in range(N_STRUCT):
                if g.struct_owner[r][o] < 0 and g.struct_supply[s][o] > 0:
                    v = w[HW_BUILD] / region_cost(g, s, r)
        if v > best:
            best = v
    return best


cdef inline double icons_worth(const GameState* g, int s, int col, int icons, const double* w) noexcept nogil:
    # a main action with `icons` icons: each icon of a column is worth column_worth, but the
    # Scheme action draws `icons` cards and keeps one («Отримання Здобичі»): more icons only
    # widen the choice
    if col == A_SCHEME:
        return column_worth(g, s, col, w) * (1.0 + 0.2 * (icons - 1))
    return column_worth(g, s, col, w) * icons


# ------------------------------------------------------------------ option values

cdef double icon_worth(const GameState* g, int s, int kind, const double* w) noexcept nogil:
    # an extra icon this turn (scheme cards, exchanges): worth HW_ICON if it has a use
    if kind == A_MUSTER:
        return w[HW_ICON] if g.supply[s] > 0 else 0.0
    if kind == A_MOVE:
        return 0.6 * w[HW_ICON]
    return w[HW_ICON] if column_worth(g, s, kind, w) > 0.0 else 0.0


cdef double card_value(const GameState* g, int s, int c, bint playing, const double* w) noexcept nogil:
    cdef const int8_t* rw = g.R.scheme_reward[c]
    cdef double v = (rw[SR_HELMETS] * icon_worth(g, s, A_MUSTER, w) + rw[SR_BOOTS] * icon_worth(g, s, A_MOVE, w)
                     + rw[SR_SWORDS] * icon_worth(g, s, A_ATTACK, w) + rw[SR_CARTS] * icon_worth(g, s, A_TAX, w)
                     + rw[SR_HAMMERS] * icon_worth(g, s, A_BUILD, w) + rw[SR_COINS] * coin_value(g, w)
                     + rw[SR_DEED] * 2.0 + rw[SR_WARFARE] * w[HW_WARFARE])
    if playing:
        v -= g.R.scheme_cost[c] * coin_value(g, w) + w[HW_CARD]
    return v


cdef double deed_take_value(const GameState* g, int s, int d, const double* w) noexcept nogil:
    return (w[HW_DEED] * g.R.deed_vp[d] + (1.0 if deed_need_met(g, s, d) else 0.0)
            + (1.0 if deed_payable(g, s, d) else 0.0))


cdef double turn_value(const GameState* g, int s, int opt, int ruled, const double* w) noexcept nogil:
    cdef int x, r, t, o, k
    cdef double v
    if opt == OPT_END or opt == OPT_FINISH:
        return 0.0
    if opt == OPT_MAIN:
        return 2.0 * w[HW_ICON] - g.R.cost[g.n_players][g.cur_row][g.cur_col] * coin_value(g, w) + 0.01
    if opt == OPT_FORFEIT:
        return coin_value(g, w) - 0.01
    if opt < OPT_DEED:
        return card_value(g, s, opt - OPT_CARD, True, w)
    if opt < OPT_EXCHANGE:
        x = opt - OPT_DEED
        return w[HW_DEED] * g.R.deed_vp[x] + 1.0 + agenda_bonus(g, s, AM_DEEDS, w)
    if opt < OPT_MUSTER:
        x = opt - OPT_EXCHANGE
        k = (x // 5) % 5
        t = x % 5
        v = icon_worth(g, s, A_BUILD if x // 25 == 0 else A_MUSTER, w)
        # the goods given: a spare one costs little, one off the boat costs its place
        v -= w[HW_GOOD] if g.goods[s][k] > g.R.boat[k] else w[HW_TRADE]
        v -= w[HW_GOOD] if g.goods[s][t] - (1 if t == k else 0) > g.R.boat[t] else w[HW_TRADE]
        return v
    if opt < OPT_MUSTER_LEADER:
        r = opt - OPT_MUSTER
        return rule_delta(g, s, r, 1, -1, 0, 0, ruled, w) + 0.1
    if opt < OPT_LEVY:
        return rule_delta(g, s, opt - OPT_MUSTER_LEADER, 1, -1, 0, 0, ruled, w) + 0.3
    if opt == OPT_LEVY:
        return rule_delta(g, s, g.leader_region[s], 1, -1, 0, 0, ruled, w) + 0.1
    if opt < OPT_MOVE_LEADER or (opt >= OPT_ANYWHERE and opt < OPT_ANYWHERE_LEADER):
        x = opt - (OPT_MOVE if opt < OPT_MOVE_LEADER else OPT_ANYWHERE)
        r = x // 16
        t = x % 16
        return (rule_delta(g, s, t, 1, -1, 0, 0, ruled, w) + rule_delta(g, s, r, -1, -1, 0, 0, ruled, w)
                - (w[HW_PRESENCE] if units(g, s, r) == 1 else 0.0) - 0.05)
    if opt < OPT_ANYWHERE or (opt >= OPT_ANYWHERE_LEADER and opt < OPT_ATTACK):
        r = g.leader_region[s]
        t = opt - (OPT_MOVE_LEADER if opt < OPT_ANYWHERE else OPT_ANYWHERE_LEADER)
        return (rule_delta(g, s, t, 1, -1, 0, 0, ruled, w) + rule_delta(g, s, r, -1, -1, 0, 0, ruled, w)
                - (w[HW_PRESENCE] if units(g, s, r) == 1 else 0.0) - 0.05)
    if opt < OPT_TAX:
        x = opt - (OPT_ATTACK if opt < OPT_ATTACK_MINUS else OPT_ATTACK_MINUS)
        r = x // 8
        o = x % 8
        if o == MAX_SEATS or o == NEUTRAL:
            v = w[HW_REBEL] + agenda_bonus(g, s, AM_REBELS, w)
            v += rule_delta(g, s, r, 0, -1, 0, -1 if o == MAX_SEATS else 0, ruled, w)
            if o == MAX_SEATS:
                v += rebel_reward_value(g, s, r, w)
        else:
            v = (w[HW_WARFARE] + w[HW_ATTACK] + agenda_bonus(g, s, AM_WARFARE, w)
                 + rule_delta(g, s, r, 0, o, -1, 0, ruled, w)
                 - 0.3 * w[HW_RULE])            # the casualty check may cost a unit
            if solo(g):
                v += w[HW_DENY] * rebels_warfare_swing(g, s)
        return v + (0.2 if opt >= OPT_ATTACK_MINUS else 0.0)
    if opt < OPT_BUILD:
        r = opt - OPT_TAX
        return good_value(g, s, g.good_type[r], w) + agenda_bonus(g, s, AM_GOODS, w) \
            - (0.3 * w[HW_ICON] if region_cost(g, s, r) > 1 else 0.0)
    if opt < OPT_DIPLOMAT:
        x = opt - OPT_BUILD
        return build_value(g, s, x // 4, x % 4, w) + agenda_bonus(g, s, AM_STRUCTURES_RULED, w) \
            - (0.3 * w[HW_ICON] if region_cost(g, s, x // 4) > 1 else 0.0)
    # Predslava: push an opponent's unit out of her region
    x = opt - OPT_DIPLOMAT
    o = (x // 16) // 2
    r = g.leader_region[s]
    return rule_delta(g, s, r, 0, o, -1, 0, ruled, w) - 0.5 * coin_value(g, w)


cdef double place_value(const GameState* g, int s, int v, int col, const double* w) noexcept nogil:
    # an advisor of value v in column col: the icons of the row its strength reaches
    cdef int rows = g.R.rows[g.n_players], pos = 0, n = g.n_players
    while pos < rows and g.slot_seat[col][pos] >= 0 and g.slot_val[col][pos] + g.slot_bribe[col][pos] >= v:
        pos += 1
    if pos >= rows:
        pos = rows - 1
    return (icons_worth(g, s, col, g.R.icons[n][pos][col], w) - g.R.cost[n][pos][col] * coin_value(g, w)
            + (coin_value(g, w) if col == A_SCHEME and pos == 0 else 0.0)    # the first-player token
            - 0.05 * v)                                                # keep big advisors for later


cdef double bribe_value(const GameState* g, int s, int b, const double* w) noexcept nogil:
    cdef int col = g.place_col, v = g.place_val, rows = g.R.rows[g.n_players], pos = 0, n = g.n_players
    if b > w[HW_BRIBE] + g.coins[s] // 4 or b > g.coins[s] - 1:
        return -1000.0 - b
    while pos < rows and g.slot_seat[col][pos] >= 0 and g.slot_val[col][pos] + g.slot_bribe[col][pos] >= v + b:
        pos += 1
    if pos >= rows:
        pos = rows - 1
    return (icons_worth(g, s, col, g.R.icons[n][pos][col], w) - g.R.cost[n][pos][col] * coin_value(g, w)
            - b * coin_value(g, w))


cdef double region_setup_value(const GameState* g, int s, int r, const double* w) noexcept nogil:
    # a starting troop: where it rules soon, next to own troops, near goods
    cdef int o, opp = 0
    for o in range(g.n_players):
        if o != s:
            opp += units(g, o, r)
    return (-0.7 * opp - 0.5 * g.rebels[r] + 0.6 * (1 if g.troops[s][r] == 1 else 0)
            - 0.8 * (1 if g.troops[s][r] >= 2 else 0) + 0.3 * good_value(g, s, g.good_type[r], w)
            + (0.3 if (g.R.adj[r] & presence_mask(g, s)) else 0.0))


cdef double pay_value(const GameState* g, int s, int opt, const double* w) noexcept nogil:
    # paying a deed's cost: the cheapest item first
    cdef int r
    if g.decision == D_PAY_GOOD:
        return -(w[HW_TRADE] if g.goods[s][opt] <= g.R.boat[opt] else w[HW_GOOD]) + 0.01 * g.goods[s][opt]
    if g.decision == D_PAY_TROOP:
        r = opt // 2
        return rule_delta(g, s, r, -1, -1, 0, 0, bit_count(ruled_mask(g, s)), w) - (0.5 if opt % 2 else 0.0)
    if g.decision == D_PAY_CARD:
        return -card_value(g, s, opt, False, w)
    return -build_value(g, s, opt // 4, opt % 4, w)


cdef double option_value(const GameState* g, int s, int opt, int ruled, const double* w) noexcept nogil:
    cdef int d = g.decision, o
    if d == D_TURN:
        return turn_value(g, s, opt, ruled, w)
    if d == D_PLACE:
        return place_value(g, s, opt // 8, opt % 8, w)
    if d == D_BRIBE:
        return bribe_value(g, s, opt, w)
    if d == D_AGENDA:
        return agenda_pull(g, s, g.R.agenda_measure[opt], w)
    if d == D_SETUP_TROOP:
        return region_setup_value(g, s, opt, w)
    if d == D_SETUP_LEADER or d == D_REENTER:
        if opt >= N_REGIONS:
            return -1.0
        return units(g, s, opt) + region_setup_value(g, s, opt, w)
    if d == D_KEEP:
        return card_value(g, s, opt, False, w)
    if d == D_ORDER:
        return -card_value(g, s, opt, False, w)     # return the worst card on top
    if d == D_PASS_TOKEN:
        return 1.0 if opt == s else 0.0
    if d == D_MARKET:
        return good_value(g, s, g.good_type[g.task_a[0]], w) if opt == 0 else coin_value(g, w)
    if d == D_CHURCH:
        return rule_delta(g, s, g.task_a[0], 1, opt if opt < MAX_SEATS else -1, -1,
                          -1 if opt == MAX_SEATS else 0, ruled, w)
    if d == D_ESCORT:
        return opt
    if d == D_TAKE_DEED:
        return deed_take_value(g, s, opt, w)
    if d == D_PAY_GOOD or d == D_PAY_TROOP or d == D_PAY_CARD or d == D_PAY_STRUCT:
        return pay_value(g, s, opt, w)
    if d == D_DECK:
        return g.deck_n[opt]
    return 0.0


cdef int32_t heuristic_choose(const GameState* g, int s, const int32_t* opts, int n, SeatPolicy* sp,
                              const double* w) noexcept nogil:
    cdef int i, n_best = 0, ruled = bit_count(ruled_mask(g, s))
    cdef double v, best = -1e300
    cdef int32_t pick = opts[0]
    if n == 1:
        return opts[0]
    for i in range(n):
        v = option_value(g, s, opts[i], ruled, w)
        if v > best + 1e-9:
            best = v
            pick = opts[i]
            n_best = 1
        elif v > best - 1e-9:
            n_best += 1                         # ties: a uniform pick among them (reservoir)
            if rng_below(&sp.rng, n_best) == 0:
                pick = opts[i]
    return pick


# ------------------------------------------------------------------ the solo planner

cdef void solo_redeal(GameState* c, uint64_t seed) noexcept nogil:
    # what the player cannot see, dealt afresh from what it knows (the Rebels' deck and mat are
    # face up and they hold no cards): the scheme cards of both decks below the ones it returned
    # on top itself, pooled (it does not know which deck holds which), the deed deck, the chance
    # stream. The true order never shapes the deal (rng_canonical_shuffle).
    cdef Rng rng
    cdef int8_t pool[2 * MAX_SCHEMES]
    cdef int d, i, n = 0, m
    rng_seed(&rng, seed)
    for d in range(2):
        for i in range(c.deck_n[d] - c.known_top[0][d]):
            pool[n] = c.deck[d][i]
            n += 1
    rng_canonical_shuffle(&rng, <signed char*>pool, n)
    m = 0
    for d in range(2):
        for i in range(c.deck_n[d] - c.known_top[0][d]):
            c.deck[d][i] = pool[m]
            m += 1
    rng_canonical_shuffle(&rng, <signed char*>c.deed_deck, c.deed_deck_n)
    rng_seed(&c.rng, rng_next(&rng))


cdef double rollout_value(const GameState* g, int s, int32_t opt, uint64_t seed,
                          const double* w) noexcept nogil:
    # play `opt` in a copy with the hidden cards redealt, then the rest of the game with the
    # heuristic's one-step values: the final VP margin over the Rebels, +5 for a win
    cdef GameState c = g[0]
    cdef int32_t buf[MAX_OPTIONS]
    cdef int32_t sc[MAX_SEATS][N_SCORE]
    cdef int8_t rank[MAX_SEATS]
    cdef SeatPolicy sp
    cdef int k
    c.events = NULL
    solo_redeal(&c, seed)
    rng_seed(&sp.rng, seed ^ <uint64_t>0x9E3779B97F4A7C15ULL)
    game_apply(&c, opt)
    k = game_advance(&c, buf)
    while k > 0:
        game_apply(&c, heuristic_choose(&c, c.decider, buf, k, &sp, w))
        k = game_advance(&c, buf)
    final_scores(&c, sc)
    final_ranks(sc, c.n_players, rank)
    return sc[s][SC_TOTAL] - sc[REBELS][SC_TOTAL] + (5.0 if rank[s] == 1 and rank[REBELS] != 1 else 0.0)


cdef int32_t planner_choose(const GameState* g, int s, const int32_t* opts, int n, SeatPolicy* sp,
                            const double* w) noexcept nogil:
    # Solo: each advisor placement is chosen by rollouts (every option played to the end of the
    # game w[HW_ROLLOUTS] times, the same redeals for every option); every other decision,
    # and every multiplayer decision (rollouts would see the opponents' hands), by the heuristic.
    cdef uint64_t seeds[MAX_ROLLOUTS]
    cdef int i, k, m = <int>w[HW_ROLLOUTS]
    cdef double v, best = -1e300
    cdef int32_t pick = opts[0]
    if not solo(g) or g.decision != D_PLACE or n == 1 or m < 1:
        return heuristic_choose(g, s, opts, n, sp, w)
    if m > MAX_ROLLOUTS:
        m = MAX_ROLLOUTS
    for k in range(m):
        seeds[k] = rng_next(&sp.rng)
    for i in range(n):
        v = 0.0
        for k in range(m):
            v += rollout_value(g, s, opts[i], seeds[k], w)
        if v > best:
            best = v
            pick = opts[i]
    return pick


cdef int32_t game_choose(int policy_id, const GameState* g, int seat, const int32_t* opts, int n,
                         SeatPolicy* sp, const double* weights) noexcept nogil:
    if policy_id == POLICY_RANDOM:
        return opts[rng_below(&sp.rng, n)]
    if policy_id == POLICY_PLANNER:
        return planner_choose(g, seat, opts, n, sp, weights)
    return heuristic_choose(g, seat, opts, n, sp, weights)
