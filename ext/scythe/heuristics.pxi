# Compiled heuristic policies for Scythe (issue #4).
#
# One framework, several strategies. A policy is a strategy id plus a vector of
# named weights (simsuite/policies/scythe.py names them and holds each
# strategy's defaults); the strategies differ only by those weights, whose
# first block is the "plan": how much each star category is worth pursuing.
#
# Every decision is scored option by option from the deciding seat's OWN view
# and the best option is taken; ties are broken by the seat's own stream. All
# values are in coins (the score's unit): a coin is 1.0, and everything else is
# priced by the weights and the rules' scoring rates.
#
# Hidden information (DESIGN.md "Observation", policies.pxi): these functions
# read the decider's own hand values, own objectives and own turn context;
# of the others only public facts (pieces on the board and mats, power,
# popularity, stars, hand SIZE, whether a Factory card is held); the public
# board (resources, encounter tokens); the face-up combat discard pile; and
# the static rules. They never read another seat's hand values or objectives,
# any deck's order or content, the face-down Factory offer before the decider
# is shown it (DK_FACTORY_PICK options), the opponent's committed combat dial
# or cards, or the game's chance stream. Look-ahead uses the engine's pure
# movement query (step_targets) on the real state; the only state copy is a
# private one used to price the structure-bonus tile of a hypothetical
# building (no chance is involved).
#
# No allocation and no Python: every function is `noexcept nogil`.

cdef enum:
    HP_ECONOMY = 1
    HP_STAR_RUSH = 2
    HP_AGGRESSOR = 3
    HP_DIPLOMAT = 4
    HP_FIRST = 1
    HP_LAST = 4

# Weight indices (simsuite/policies/scythe.py WEIGHT_NAMES has the same order).
cdef enum:
    HW_UPGRADE = 0          # plan: value of one Upgrade (progress to its star)
    HW_DEPLOY = 1           # plan: one Deploy
    HW_BUILD = 2            # plan: one Build
    HW_ENLIST = 3           # plan: one Enlist
    HW_WORKER = 4           # plan: one more worker on the board
    HW_OBJECTIVE = 5        # plan: pursuing own objective cards (terrain targets)
    HW_COMBAT_STAR = 6      # plan: a combat star, beyond its scoring value
    HW_POP_STAR = 7         # plan: value per popularity point above 8 (the 18 star)
    HW_POWER_STAR = 8       # plan: value per power point above 6 (the 16 star)
    HW_POPULARITY = 9       # value per popularity point
    HW_TIER = 10            # scale of the end-scoring value of popularity tiers
    HW_POWER = 11           # value per power point (up to the dial's 7)
    HW_CARD = 12            # value per combat card in hand
    HW_RESOURCE = 13        # share of a bottom action's value credited to each token it needs
    HW_KEEP = 14            # share of its end-scoring value credited to a surplus token
    HW_TERRITORY = 15       # scale of the end-scoring value of a controlled territory
    HW_PRODUCTION = 16      # weight of worker placement for the next Produce
    HW_ENCOUNTER = 17       # value of an encounter for the character
    HW_FACTORY = 18         # value of reaching the Factory for a card
    HW_ATTACK_EDGE = 19     # strength edge (power points) required to start a combat
    HW_COMBAT_WIN = 20      # value of winning a combat, beyond its star
    HW_DIAL_MARGIN = 21     # power dialled above the opponent's expected strength
    HW_CARD_EST = 22        # assumed value of an unseen opponent card (2..5)
    HW_HARASS = 23          # value per enemy worker sent home
    HW_MECH_ADVANCE = 24    # mechs and character press toward beatable enemies
    HW_MOBILITY = 25        # value of movement abilities and the Mine
    HW_COMBAT_ABILITY = 26  # value of combat abilities
    HW_TILE = 27            # value per coin of the structure bonus tile
    HW_GUARD = 28           # mechs standing by own workers under threat
    HW_MOVE_MIN = 29        # least gain for which a unit is moved at all
    HW_LOOKAHEAD = 30       # weight of the next turn a choice leaves (0: one turn only)
    N_HW = 31

cdef double H_LAMBDA = 0.7      # potential decay per step toward a target
cdef double H_NEG = -1.0e9
cdef double H_EPS = 1.0e-9


# ---------------------------------------------------------------- small values

cdef inline double h_clamp(double x, double lo, double hi) noexcept nogil:
    if x < lo:
        return lo
    if x > hi:
        return hi
    return x


cdef inline int h_own_workers(HCtx* h, int cell) noexcept nogil:
    # = workers_of_on(g, seat, cell), from h_init's table
    return h.wk_on[cell] if 0 < cell < N_CELLS else 0


cdef inline bint h_star_free(HCtx* h) noexcept nogil:
    return h.g.p[h.seat].stars < N_STARS


cdef double h_pop_level(HCtx* h, int pop) noexcept nogil:
    # Worth of standing on `pop`: a linear part, the scoring tiers (each
    # threshold's end-game gain ramps in over the 3 points below it), the 18
    # star and the plan toward it.
    cdef const GameState* g = h.g
    cdef const Player* p = &g.p[h.seat]
    cdef const double* w = h.w
    cdef double v, gain, stars_e, terr_e, pairs_e
    cdef int t
    if pop < 0:
        pop = 0
    if pop > N_TRACK_POPULARITY:
        pop = N_TRACK_POPULARITY
    v = w[HW_POPULARITY] * pop
    stars_e = 3.0 + 0.5 * p.stars
    terr_e = 6.0
    pairs_e = 3.0 + 0.25 * h.res_total
    for t in range(1, 3):
        gain = ((g.rules.tier_star[t] - g.rules.tier_star[t - 1]) * stars_e
                + (g.rules.tier_territory[t] - g.rules.tier_territory[t - 1]) * terr_e
                + (g.rules.tier_resource_pair[t] - g.rules.tier_resource_pair[t - 1]) * pairs_e)
        # paid at the end: it matters more as the end nears
        v += (w[HW_TIER] * gain * h.progress
              * h_clamp((pop - g.rules.tier_bounds[t] + 3) / 3.0, 0.0, 1.0))
    if pop > 8:
        v += w[HW_POP_STAR] * (pop - 8)
    if not p.star_placed[STAR_POPULARITY]:
        # the 18 star, credited step by step from 10 (§18)
        v += h.star_val * h_clamp((pop - 10) / 8.0, 0.0, 1.0)
    return v


cdef inline double h_pop_at(HCtx* h, int pop) noexcept nogil:
    # h_pop_level, computed once per decision for each track space
    if pop < 0:
        pop = 0
    if pop > N_TRACK_POPULARITY:
        pop = N_TRACK_POPULARITY
    if not (h.pop_ready >> pop) & 1:
        h.pop_ready |= 1u << pop
        h.pop_lv[pop] = h_pop_level(h, pop)
    return h.pop_lv[pop]


cdef inline double h_pop(HCtx* h, int delta) noexcept nogil:
    cdef int pop = h.g.p[h.seat].popularity
    return h_pop_at(h, pop + delta) - h_pop_at(h, pop)


cdef double h_power_level(HCtx* h, int power) noexcept nogil:
    cdef const Player* p = &h.g.p[h.seat]
    cdef const double* w = h.w
    cdef double v
    if power < 0:
        power = 0
    if power > N_TRACK_POWER:
        power = N_TRACK_POWER
    v = w[HW_POWER] * (power if power < MAX_DIAL else MAX_DIAL + 0.5 * (power - MAX_DIAL))
    if power > 6:
        v += w[HW_POWER_STAR] * (power - 6)
    if not p.star_placed[STAR_POWER]:
        # the 16 star, credited step by step from 8 (§18)
        v += h.star_val * h_clamp((power - 8) / 8.0, 0.0, 1.0)
    return v


cdef inline double h_power_at(HCtx* h, int power) noexcept nogil:
    # h_power_level, computed once per decision for each track space
    if power < 0:
        power = 0
    if power > N_TRACK_POWER:
        power = N_TRACK_POWER
    if not (h.power_ready >> power) & 1:
        h.power_ready |= 1u << power
        h.power_lv[power] = h_power_level(h, power)
    return h.power_lv[power]


cdef inline double h_power(HCtx* h, int delta) noexcept nogil:
    cdef int pw = h.g.p[h.seat].power
    return h_power_at(h, pw + delta) - h_power_at(h, pw)


cdef inline double h_cards(HCtx* h, int n) noexcept nogil:
    # Combat cards: useful in fights (and to Crimea as resources); worthless
    # at the end, so a big hand adds little.
    cdef int have = hand_size(h.g, h.seat)
    cdef double v = 0.0
    cdef int i
    for i in range(n):
        v += h.w[HW_CARD] * (1.0 if have + i < 6 else 0.3)
    return v


cdef inline double h_tok(HCtx* h, int r, int have) noexcept nogil:
    # h_tok_calc by table once h_init has set what it reads (it depends on
    # `have` only through have // cost, capped at 3: three comparisons, as a
    # division costs more than the rest of the lookup).
    cdef int c = h.cost[r]
    if c < 1:
        c = 1
    if h.tok_ready and have >= 0:
        return h.tok_val[r][(have >= c) + (have >= 2 * c) + (have >= 3 * c)]
    return h_tok_calc(h, r, have)


cdef inline double h_tok_calc(HCtx* h, int r, int have) noexcept nogil:
    # Value of one more token of resource r when `have` are held: a share of
    # the bottom action it pays for (the next use counts most), else its
    # end-scoring worth.
    cdef double surplus = h.w[HW_KEEP] * h.pair_val * 0.5
    cdef double v
    cdef int c = h.cost[r], k
    if c < 1:
        c = 1
    k = have // c
    if h.uses[r] > 0 and k < h.uses[r] and k < 3:
        v = h.w[HW_RESOURCE] * h.bval[r] / c
        if k == 1:
            v *= 0.55
        elif k == 2:
            v *= 0.3
        if v > surplus:
            return v
        return surplus
    if h.coinsonly[r] > 0 and k < 1:
        v = h.w[HW_RESOURCE] * h.coinsonly[r] / c
        if v > surplus:
            return v
    return surplus


cdef double h_toks(HCtx* h, int r, int have, int n) noexcept nogil:
    cdef double v = 0.0
    cdef int i
    for i in range(n):
        v += h_tok(h, r, have + i)
    return v


cdef double h_spend(HCtx* h, int r, int have, int n) noexcept nogil:
    # Loss of spending n of `have` tokens of r (the marginal ones go).
    cdef double v = 0.0
    cdef int i
    for i in range(n):
        if have - 1 - i >= 0:
            v += h_tok(h, r, have - 1 - i)
    return v


cdef double h_worker_val(HCtx* h, int on_board) noexcept nogil:
    # One more worker leaves the mat: progress to the 8-worker star, less the
    # Produce cost it uncovers (power from the 4th, popularity from the 6th,
    # a coin at the 8th; paid on about a third of the turns left).
    cdef const Player* p = &h.g.p[h.seat]
    cdef double v = 0.4, uses = h.turns_left / 3.0
    cdef int nb = on_board + 1
    if nb > N_WORKERS:
        return 0.0
    if not p.star_placed[STAR_WORKERS]:
        # the 8-worker star, credited worker by worker (§18)
        v += h.w[HW_WORKER] + h.star_val / 6.0
    if nb == PRODUCE_POWER_FROM:
        v += h_power(h, -1) * uses
    elif nb == PRODUCE_POP_FROM:
        v += h_pop(h, -1) * uses
    elif nb == PRODUCE_COIN_FROM:
        v -= uses
    return v


# ---------------------------------------------------------------- bottom-row effects

cdef double h_upgrade_top(HCtx* h, int tc) noexcept nogil:
    # Worth of exposing top-row cell tc for the rest of the game.
    cdef double tl = h.turns_left
    if tc == TC_MOVE_UNITS:
        return 0.25 * tl * (0.5 + 0.5 * h.w[HW_MOBILITY])
    if tc == TC_GAIN_COIN:
        return 0.1 * tl
    if tc == TC_TRADE_POP:
        return h_pop(h, 1) * tl / 6.0
    if tc == TC_BOLSTER_POWER:
        return h_power(h, 1) * tl / 4.0
    if tc == TC_BOLSTER_CARDS:
        return h.w[HW_CARD] * tl / 6.0
    if tc == TC_PRODUCE_HEXES:
        return (0.6 + 0.4 * h.w[HW_PRODUCTION]) * tl / 3.0
    return 0.0


cdef double h_upgrade_bottom(HCtx* h, int bb) noexcept nogil:
    # Worth of one token off every later use of bottom action bb.
    cdef int later = h.uses[bb] - (1 if bb == BOT_UPGRADE else 0)
    cdef double n
    if later <= 0:
        return 0.1
    n = later
    if n > h.turns_left / 2.0:
        n = h.turns_left / 2.0
    return n * (0.8 + h.w[HW_RESOURCE] * h.bval[bb] / (h.cost[bb] if h.cost[bb] > 0 else 1)) * 0.5


cdef double h_ability(HCtx* h, int k) noexcept nogil:
    # Worth of the mech ability on faction-mat space k.
    cdef int a = h.g.rules.factions[h.g.p[h.seat].faction].mech_ability[k]
    cdef const double* w = h.w
    if a == AB_SPEED:
        return 1.6 * w[HW_MOBILITY]
    if a == AB_RIVERWALK:
        return 1.0 * w[HW_MOBILITY]
    if (a == AB_SEAWORTHY or a == AB_SUBMERGE or a == AB_TOWNSHIP or a == AB_UNDERPASS
            or a == AB_WAYFARE):
        return 0.8 * w[HW_MOBILITY]
    return w[HW_COMBAT_ABILITY]


cdef double h_structure(HCtx* h, int s) noexcept nogil:
    # Worth of a structure's printed bonus for the rest of the game.
    cdef double tl = h.turns_left
    if s == S_MILL:
        return (0.5 + 0.6 * h.w[HW_PRODUCTION]) * tl / 3.0
    if s == S_ARMORY:
        return h_power(h, 1) * tl / 5.0
    if s == S_MONUMENT:
        return h_pop(h, 1) * tl / 5.0
    return 0.8 * h.w[HW_MOBILITY]          # Mine: an own tunnel


cdef double h_recruit(HCtx* h, int bb) noexcept nogil:
    # Worth of the ongoing bonus under bottom action bb: it pays each time
    # this seat or a neighbour takes bb (public mats show their progress).
    cdef const GameState* g = h.g
    cdef int left = (h.seat + 1) % g.n_players
    cdef int right = (h.seat + g.n_players - 1) % g.n_players
    cdef double n, unit
    n = h.uses[bb] if h.uses[bb] < h.turns_left / 3.0 else h.turns_left / 3.0
    n += 0.1 * h.turns_left
    n += 0.4 * h_bottom_left(g, left, bb)
    if right != left:
        n += 0.4 * h_bottom_left(g, right, bb)
    if bb == BOT_UPGRADE:
        unit = h_power(h, 1)
    elif bb == BOT_DEPLOY:
        unit = 1.0
    elif bb == BOT_BUILD:
        unit = h_pop(h, 1)
    else:
        unit = h.w[HW_CARD]
    return n * unit


cdef int h_bottom_left(const GameState* g, int s, int bb) noexcept nogil:
    # Effects of bottom action bb still open to seat s (public).
    cdef const Player* p = &g.p[s]
    if bb == BOT_UPGRADE:
        return 6 - upgrades_done(p)
    if bb == BOT_DEPLOY:
        return N_MECHS - mechs_deployed(p)
    if bb == BOT_BUILD:
        return 4 - structures_built(p)
    return 4 - recruits_enlisted(p)


cdef double h_onetime(HCtx* h, int e) noexcept nogil:
    if e == E_POWER:
        return h_power(h, ONETIME_AMOUNT)
    if e == E_COINS:
        return ONETIME_AMOUNT
    if e == E_POPULARITY:
        return h_pop(h, ONETIME_AMOUNT)
    return h_cards(h, ONETIME_AMOUNT)


cdef double h_effect_best(HCtx* h, int b) noexcept nogil:
    # Best intrinsic worth of one effect of bottom action b (cells aside).
    cdef const Player* p = &h.g.p[h.seat]
    cdef double best = 0.0, v, tb, bb_best
    cdef int tc, bb, k, e
    if b == BOT_UPGRADE:
        bb_best = 0.0
        for bb in range(4):
            if bottom_free_boxes(h.g, h.seat, bb) > 0:
                v = h_upgrade_bottom(h, bb)
                if v > bb_best:
                    bb_best = v
        for tc in range(6):
            if p.top_cube[tc]:
                tb = h_upgrade_top(h, tc)
                if tb > best:
                    best = tb
        return best + bb_best
    if b == BOT_DEPLOY:
        for k in range(N_MECHS):
            if not p.mech_deployed[k]:
                v = h_ability(h, k)
                if v > best:
                    best = v
        return best + 0.5 * h.terr_val
    if b == BOT_BUILD:
        for k in range(4):
            if p.structure_cell[k] == OFF_BOARD:
                v = h_structure(h, k)
                if v > best:
                    best = v
        return best
    bb_best = 0.0
    for bb in range(4):
        if not p.recruit_enlisted[bb]:
            v = h_recruit(h, bb)
            if v > bb_best:
                bb_best = v
    for e in range(4):
        if not p.onetime_used[e]:
            v = h_onetime(h, e)
            if v > best:
                best = v
    return best + bb_best


cdef double h_plan(HCtx* h, int b) noexcept nogil:
    # Plan weight of one effect of b, and the star when it is the last one.
    # the star of the category, credited step by step (§18)
    return h.w[HW_UPGRADE + b] + h.star_val / (6.0 if b == BOT_UPGRADE else 4.0)


cdef double h_recruit_own(HCtx* h, int b) noexcept nogil:
    # This seat's own ongoing bonus when it takes bottom action b.
    if not h.g.p[h.seat].recruit_enlisted[b]:
        return 0.0
    if b == BOT_UPGRADE:
        return h_power(h, 1)
    if b == BOT_DEPLOY:
        return 1.0
    if b == BOT_BUILD:
        return h_pop(h, 1)
    return h.w[HW_CARD]


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
    cdef int i
    if h.seen_ok:
        # Coins, the last section taken and the turns taken are no input of
        # any of those (only the option listings read them, and the top
        # options are listed anew each decision), so a change of these alone
        # keeps them: the kept copy takes their current values before the
        # comparison.
        for i in range(g.n_players):
            h.seen.p[i].coins = g.p[i].coins
            h.seen.p[i].last_section = g.p[i].last_section
            h.seen.p[i].turns = g.p[i].turns
    if (h_reuse_decisions and h.seen_ok and h.g == g and h.seat == seat and h.w == w
            and h.seen_active == g.active
            and memcmp(&h.seen.p[0], &g.p[0], h_position_bytes(g)) == 0):
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
    h.seen_active = g.active
    h.seen_ok = True


cdef void h_init(HCtx* h, const GameState* g, int seat, const double* w) noexcept nogil:
    cdef const Player* p = &g.p[seat]
    cdef int b, s, most = 0, r, i, c
    cdef uint64_t own
    h.g = g
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
    h.tier = popularity_tier(g, p.popularity)
    h.star_val = g.rules.tier_star[h.tier] + 2.0 + (p.stars - 2 if p.stars > 2 else 0)
    h.terr_val = w[HW_TERRITORY] * g.rules.tier_territory[h.tier]
    h.pair_val = g.rules.tier_resource_pair[h.tier]
    for s in range(g.n_players):
        if g.p[s].stars > most:
            most = g.p[s].stars
    h.turns_left = h_clamp((N_STARS - most) * 3.5, 2.0, 20.0)
    h.progress = h_clamp(0.4 + 0.6 * most / 5.0, 0.4, 1.0)
    if g.rules.wg.airships_on or g.rules.wg.resolutions_on:
        h_air_begin(h)                 # the Wind Gambit (heuristics_airships.pxi)
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


cdef double h_card_est(HCtx* h) noexcept nogil:
    # Mean value of the combat cards this seat has not seen: the deck's
    # composition less its own hand and the face-up discard pile.
    cdef const GameState* g = h.g
    cdef const Player* p = &g.p[h.seat]
    cdef int unseen[4]
    cdef int i, seen = 0
    cdef double tot = 0.0
    for i in range(4):
        unseen[i] = -p.hand[i]
    for i in range(g.rules.n_combat):
        unseen[g.rules.combat_values[i] - 2] += 1
    for i in range(g.n_combat_discard):
        unseen[g.combat_discard[i] - 2] -= 1
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


cdef double h_cell_prod(HCtx* h, int c, int n) noexcept nogil:
    # Worth of producing with n workers on cell c (tokens or new workers).
    cdef int r, i, m
    cdef double v = 0.0
    if n <= 0 or not is_territory(h.g, c):
        return 0.0
    r = resource_of_terrain(h.g.rules.terrain[c])
    if r < 0:
        return 0.0
    if r == 4:
        m = n if n < h.on_mat else h.on_mat
        for i in range(m):
            v += h_worker_val(h, h.wk_board + i)
        return v
    return h_toks(h, r, h.res[r], n)


cdef double h_topk(HCtx* h, const double* pv, int mill_cell, uint64_t cells) noexcept nogil:
    # The best Produce: the prod_k best cells, plus the Mill's cell on top.
    # `cells` holds every cell whose pv may be positive (walked in ascending
    # order, as a pass over the board would).
    cdef double best[3]
    cdef int c, i, j, k = h.prod_k
    cdef double v, total = 0.0
    if k > 3:
        k = 3
    for i in range(3):
        best[i] = 0.0
    cells &= ~(<uint64_t>1)
    while cells:
        c = lowest_bit(cells)
        cells &= cells - 1
        v = pv[c]
        if v <= 0.0 or c == mill_cell:
            continue
        for i in range(k):
            if v > best[i]:
                j = k - 1
                while j > i:
                    best[j] = best[j - 1]
                    j -= 1
                best[i] = v
                break
    for i in range(k):
        total += best[i]
    if mill_cell > 0:
        total += pv[mill_cell]
    return total


cdef void h_best_pv(HCtx* h, int mill_cell) noexcept nogil:
    # The 5 largest positive pv values outside the Mill's cell, descending
    # (ties in ascending cell order).
    cdef int c, i, j
    cdef double v
    cdef uint64_t cells = h.pv_cells & ~(<uint64_t>1)
    h.n_best_pv = 0
    while cells:
        c = lowest_bit(cells)
        cells &= cells - 1
        v = h.pv[c]
        if v <= 0.0 or c == mill_cell:
            continue
        i = h.n_best_pv
        if i == 5:
            if v <= h.best_pv[4]:
                continue
            i = 4
        else:
            h.n_best_pv += 1
        while i > 0 and h.best_pv[i - 1] < v:
            h.best_pv[i] = h.best_pv[i - 1]
            h.best_pv_cell[i] = h.best_pv_cell[i - 1]
            i -= 1
        h.best_pv[i] = v
        h.best_pv_cell[i] = c


cdef inline int h_mill_cell(HCtx* h) noexcept nogil:
    cdef int c = h.g.p[h.seat].structure_cell[S_MILL]
    if c > 0 and h.ctl[c] == h.seat:
        return c
    return -1


cdef const uint8_t* h_dist_from(HCtx* h, int src) noexcept nogil:
    # Steps from src over this seat's rough plastic adjacency (h_adjacency), 99 where
    # unreachable: a breadth-first search, done once per adjacency and cached.
    cdef DistTable* t = &h.dist
    cdef uint8_t* dist = t.dist[src]
    cdef int queue[N_CELLS]
    cdef int head = 0, tail = 0, c, d
    cdef uint64_t m
    if (t.rows_ready >> src) & 1:
        return dist
    t.rows_ready |= bit(src)
    for c in range(N_CELLS):
        dist[c] = 99
    dist[src] = 0
    queue[tail] = src
    tail += 1
    while head < tail:
        c = queue[head]
        head += 1
        m = t.adj[c]
        while m:
            d = lowest_bit(m)
            m &= m - 1
            if dist[d] == 99:
                dist[d] = dist[c] + 1
                queue[tail] = d
                tail += 1
    t.far[src] = dist[queue[tail - 1]]
    return dist


cdef void h_spread(HCtx* h, int which, const int* cells, const double* worth, int n,
                   double* pot) noexcept nogil:
    # pot[d] = max(0, worth[i] * H_LAMBDA^steps(cells[i] -> d)) over the
    # targets i and the cells d they reach; a target's own cell counts for the
    # character's field (which = 0), not for the mechs' (which = 1). Each power
    # is the previous one times H_LAMBDA, so every distance gets the same
    # rounding. The field is a pure function of the targets and the adjacency,
    # so the seat's last one is reused while they are unchanged.
    cdef PotMemo* memo = &h.pot_memo[which]
    cdef const uint8_t* dist
    cdef double decayed[100]      # by distance; 99 (unreachable) adds nothing
    cdef double x
    cdef int i, k, d
    if (memo.adj_key == h.dist.key and memo.n == n
            and memcmp(memo.cell, cells, n * sizeof(int)) == 0
            and memcmp(memo.worth, worth, n * sizeof(double)) == 0):
        memcpy(pot, memo.pot, sizeof(memo.pot))
        return
    for d in range(N_CELLS):
        pot[d] = 0.0
    decayed[99] = 0.0
    for i in range(n):
        dist = h_dist_from(h, cells[i])
        decayed[0] = worth[i]
        for k in range(1, h.dist.far[cells[i]] + 1):
            decayed[k] = decayed[k - 1] * H_LAMBDA
        if which == 1:
            decayed[0] = 0.0
        # pot is never below 0, so the zeros change nothing (and the loop
        # needs no branch)
        for d in range(1, N_CELLS):
            x = decayed[dist[d]]
            pot[d] = x if x > pot[d] else pot[d]
    memo.adj_key = h.dist.key
    memo.n = n
    memcpy(memo.cell, cells, n * sizeof(int))
    memcpy(memo.worth, worth, n * sizeof(double))
    memcpy(memo.pot, pot, sizeof(memo.pot))


cdef void h_adjacency(HCtx* h) noexcept nogil:
    # Rough adjacency of this seat's plastic for distances (the engine's
    # step_targets decides the real moves): rivers, lakes, Riverwalk, tunnels
    # and the own Mine. Rebuilt, and the distance rows dropped, only when one
    # of these inputs changed since the seat's last decision.
    cdef const GameState* g = h.g
    cdef const Rules* r = g.rules
    cdef DistTable* t = &h.dist
    cdef int c, d, nb, tt
    cdef int mine = g.p[h.seat].structure_cell[S_MINE]
    cdef bint lakes_ok = has_ability(g, h.seat, AB_SEAWORTHY) or has_ability(g, h.seat, AB_SUBMERGE)
    cdef bint riverwalk = has_ability(g, h.seat, AB_RIVERWALK)
    cdef uint8_t rw_mask = r.factions[g.p[h.seat].faction].riverwalk_terrain_mask
    cdef int64_t key = (<int64_t>lakes_ok | (<int64_t>riverwalk << 1) | (<int64_t>rw_mask << 2)
                        | (<int64_t>(mine + 1) << 16))
    if key == t.key:
        return
    t.key = key
    t.rows_ready = 0
    for c in range(N_CELLS):
        t.adj[c] = 0
    for c in range(1, N_CELLS):
        if r.terrain[c] < 0:
            continue
        for d in range(6):
            nb = r.neighbours[c][d]
            if nb <= 0:
                continue
            tt = r.terrain[nb]
            if tt == T_BASE or tt < 0:
                continue
            if tt == T_LAKE and not lakes_ok:
                continue
            if r.terrain[c] != T_LAKE and tt != T_LAKE and r.river[c][d]:
                if not (riverwalk and (rw_mask >> tt) & 1):
                    continue
            t.adj[c] |= bit(nb)
        if r.terrain[c] != T_BASE and (r.tunnel[c] or (mine > 0 and c == mine)):
            t.adj[c] |= r.tunnel_mask
            if mine > 0:
                t.adj[c] |= bit(mine)
        t.adj[c] &= ~bit(c)


cdef double h_edge(HCtx* h, int e, int cell, int my_k) noexcept nogil:
    # How much stronger this seat would be than seat e in a combat on `cell`
    # with my_k own fighting units: own best cards (own hand) against the
    # opponent's full dial and its card slots valued at W_CARD_EST (its hand
    # size is public, its values are not). Pre-combat abilities included.
    cdef const GameState* g = h.g
    cdef const Player* p = &g.p[h.seat]
    cdef int mine = p.power, theirs = g.p[e].power, k, ok, n, v
    cdef double my_str, opp_str
    if disarm_applies(g, e, cell):
        mine -= DISARM_LOSS
    if disarm_applies(g, h.seat, cell):
        theirs -= DISARM_LOSS
    if has_ability(g, h.seat, AB_ARTILLERY) and mine >= ARTILLERY_COST:
        mine -= ARTILLERY_COST
        theirs -= ARTILLERY_LOSS
    if has_ability(g, e, AB_ARTILLERY) and theirs >= ARTILLERY_COST:
        theirs -= ARTILLERY_COST
        mine -= ARTILLERY_LOSS
    if mine < 0:
        mine = 0
    if theirs < 0:
        theirs = 0
    if has_ability(g, h.seat, AB_PEOPLES_ARMY) and h_own_workers(h, cell) > 0:
        my_k += 1
    my_str = mine if mine < MAX_DIAL else MAX_DIAL
    n = my_k
    v = 3
    while v >= 0 and n > 0:
        ok = p.hand[v] if p.hand[v] < n else n
        my_str += ok * (v + 2)
        n -= ok
        v -= 1
    k = plastic_of_on(g, e, cell)
    if has_ability(g, e, AB_PEOPLES_ARMY) and workers_of_on(g, e, cell) > 0:
        k += 1
    n = hand_size(g, e)
    if n < k:
        k = n
    opp_str = (theirs if theirs < MAX_DIAL else MAX_DIAL) + k * h.w[HW_CARD_EST]
    return my_str - opp_str


cdef inline void h_use_real_res(HCtx* h, int* saved) noexcept nogil:
    # The decision-wide tables (h_board, the Move plan) describe the real
    # position: while h_after tries hypothetical token counts, they are
    # computed on the counts h_init found (h_restore_res puts the others back),
    # so their value does not depend on which evaluation asked first.
    cdef int r
    for r in range(4):
        saved[r] = h.res[r]
        h.res[r] = h.real_res[r]


cdef inline void h_restore_res(HCtx* h, const int* saved) noexcept nogil:
    cdef int r
    for r in range(4):
        h.res[r] = saved[r]


cdef void h_board(HCtx* h) noexcept nogil:
    # Tables for movement, deployment and placement decisions.
    cdef int saved[4]
    if h.board_ready:
        return
    h_use_real_res(h, saved)
    h_board_calc(h)
    h_restore_res(h, saved)


cdef void h_counts(HCtx* h) noexcept nogil:
    # The board tables' piece counts by cell and the threat map (the first
    # part of h_board, alone for the decisions that read no more).
    cdef const GameState* g = h.g
    cdef const Rules* r = g.rules
    cdef const Player* p = &g.p[h.seat]
    cdef int c, s, u, d, nb, k
    cdef uint64_t m
    if h.counts_ready:
        return
    h.counts_ready = True
    memset(h.my_units, 0, sizeof(h.my_units))
    memset(h.my_plastic, 0, sizeof(h.my_plastic))
    memset(h.en_plastic, 0, sizeof(h.en_plastic))
    memset(h.en_units, 0, sizeof(h.en_units))
    memset(h.en_seat, -1, sizeof(h.en_seat))
    memset(h.my_struct, 0, sizeof(h.my_struct))
    memset(h.threat, 0, sizeof(h.threat))
    memcpy(h.my_workers, h.wk_on, sizeof(h.my_workers))
    for u in range(N_UNITS):
        c = p.unit_cell[u]
        if c > 0:
            h.my_units[c] += 1
            if u < UNIT_WORKER0:
                h.my_plastic[c] += 1
    for k in range(4):
        c = p.structure_cell[k]
        if c > 0:
            h.my_struct[c] = 1
    h.en_cells = 0
    for s in range(g.n_players):
        if s == h.seat:
            continue
        for u in range(N_UNITS):
            c = g.p[s].unit_cell[u]
            if c > 0:
                h.en_units[c] += 1
                h.en_seat[c] = s
                if u < UNIT_WORKER0:
                    h.en_plastic[c] += 1
                    h.en_cells |= bit(c)
    # Threat: enemy plastic one step away (their own rivers ignored).
    m = h.en_cells
    while m:
        c = lowest_bit(m)
        m &= m - 1
        h.threat[c] = 1
        for d in range(6):
            nb = r.neighbours[c][d]
            if nb > 0:
                h.threat[nb] = 1


cdef void h_board_calc(HCtx* h) noexcept nogil:
    cdef const GameState* g = h.g
    cdef const Rules* r = g.rules
    cdef const Player* p = &g.p[h.seat]
    cdef int c, k, o, mill, nt, t
    cdef uint64_t en_cells, m
    cdef int tcell[N_CELLS]
    cdef double tworth[N_CELLS]
    cdef double tv, v
    h.board_ready = True
    h_counts(h)
    en_cells = h.en_cells
    memset(h.pv, 0, sizeof(h.pv))
    h_adjacency(h)
    # Production value of the workers where they stand (pv_cells: the cells
    # given a value; pv is 0 elsewhere).
    m = h.wk_cells & ~en_cells & ~(<uint64_t>1)
    h.pv_cells = m
    while m:
        c = lowest_bit(m)
        m &= m - 1
        h.pv[c] = h_cell_prod(h, c, h.my_workers[c])
    mill = h_mill_cell(h)
    if mill > 0:
        h.pv[mill] = h_cell_prod(h, mill, h.my_workers[mill] + 1)
        h.pv_cells |= bit(mill)
    h.prod_base = h_topk(h, h.pv, mill, h.pv_cells)
    h_best_pv(h, mill)
    h.prod_mult = h.w[HW_PRODUCTION]
    # Objectives this seat holds that ask for 3 territories of one terrain.
    for t in range(8):
        h.obj_terrain[t] = 0.0
    for k in range(2):
        o = p.objectives[k]
        if o <= 0:
            continue
        t = -1
        if o == 1:
            t = T_MOUNTAIN
        elif o == 3:
            t = T_FARM
        elif o == 4:
            t = T_TUNDRA
        elif o == 10:
            t = T_FOREST
        elif o == 11:
            t = T_VILLAGE
        if t >= 0:
            h.obj_terrain[t] += h.w[HW_OBJECTIVE] / 3.0
    # Character targets: encounter tokens and (once) the Factory.
    # (Tokens lie only on printed encounter territories: checks.pxi INV_TOKEN.)
    nt = 0
    m = r.encounter_mask | (bit(r.factory_cell) if r.factory_cell > 0 else 0)
    while m:
        c = lowest_bit(m)
        m &= m - 1
        tv = 0.0
        if g.encounter_token[c] and is_territory(g, c):
            tv = h.w[HW_ENCOUNTER]
        if c == r.factory_cell and p.factory_card < 0 and g.n_factory_offer > 0:
            tv += h.w[HW_FACTORY]
        if tv <= 0.0:
            continue
        tcell[nt] = c
        tworth[nt] = tv
        nt += 1
    h_spread(h, 0, tcell, tworth, nt, h.char_pot)
    # Mechs (and the character) press toward enemies they can beat, and
    # toward the Factory (3 territories at the end) while nobody fights there.
    nt = 0
    m = en_cells | (bit(r.factory_cell) if r.factory_cell > 0 else 0)
    while m:
        c = lowest_bit(m)
        m &= m - 1
        tv = 0.0
        if h.en_plastic[c] > 0:
            if h_edge(h, h.en_seat[c], c, 1) >= h.w[HW_ATTACK_EDGE]:
                tv = h.w[HW_MECH_ADVANCE] * (h.w[HW_COMBAT_WIN] + h_combat_star(h))
        elif c == r.factory_cell and h.ctl[c] != h.seat:
            tv = 0.5 * h.terr_val * 2.0
        if tv <= 0.0:
            continue
        tcell[nt] = c
        tworth[nt] = tv
        nt += 1
    h_spread(h, 1, tcell, tworth, nt, h.mech_pot)
    # Guards: a mech beside own workers that an enemy could reach.
    m = h.wk_cells & ~en_cells & ~(<uint64_t>1)
    while m:
        c = lowest_bit(m)
        m &= m - 1
        if h.threat[c]:
            h.mech_pot[c] += h.w[HW_GUARD] * (1.0 if h.my_workers[c] < 3 else 1.5)
    for c in range(1, N_CELLS):
        v = h.mech_pot[c] * 0.5
        h.char_pot[c] = v if v > h.char_pot[c] else h.char_pot[c]


cdef inline double h_combat_star(HCtx* h) noexcept nogil:
    cdef const Player* p = &h.g.p[h.seat]
    if p.stars >= N_STARS:
        return 0.0
    if p.combat_stars < 2 or faction_ability(h.g, h.seat) == FA_DOMINATE:
        return h.star_val + h.w[HW_COMBAT_STAR]
    return 0.0


cdef double h_cell_tokens(HCtx* h, int c) noexcept nogil:
    # Worth of the tokens lying on cell c if this seat came to control it.
    cdef int r
    cdef double v = 0.0
    for r in range(4):
        if h.g.cell_res[c][r] > 0:
            v += h_toks(h, r, h.res[r], h.g.cell_res[c][r])
    return v


cdef inline double h_terr(HCtx* h, int c) noexcept nogil:
    return h.terr_val * (3.0 if c == h.g.rules.factory_cell else 1.0)


# ---------------------------------------------------------------- movement

cdef double h_attack(HCtx* h, int u, int d, int my_k) noexcept nogil:
    # Worth of a combat on d fought with my_k own units (this one included);
    # refused (a large loss) unless the edge reaches W_ATTACK_EDGE.
    cdef const GameState* g = h.g
    cdef int e = h.en_seat[d], nw, spend
    cdef double edge, v
    if e < 0:
        return 0.0
    edge = h_edge(h, e, d, my_k)
    if edge < h.w[HW_ATTACK_EDGE]:
        return -5.0 - h.w[HW_COMBAT_WIN]
    v = h.w[HW_COMBAT_WIN] + h_combat_star(h) + h_terr(h, d) + h_cell_tokens(h, d)
    v += h.obj_terrain[g.rules.terrain[d]] if g.rules.terrain[d] >= 0 else 0.0
    nw = workers_of_on(g, e, d)
    if nw > 0:
        if not has_ability(g, h.seat, AB_CAMARADERIE):
            v += h_pop(h, -nw)
        v += h.w[HW_HARASS] * nw
    if u == UNIT_CHARACTER and g.encounter_token[d]:
        v += h.w[HW_ENCOUNTER]
    # Power likely dialled: the full dial less the edge to spare.
    spend = dial_max(g, h.seat) - <int>edge
    if spend < 0:
        spend = 0
    v += h_power(h, -spend)
    return v


cdef double h_prod_after(HCtx* h, int a, int d, int n) noexcept nogil:
    # Production potential after n own workers go from a to d: h_topk on pv
    # with a's and d's values changed, found from h_board's sorted best
    # values instead of a pass over the board (the same values are summed in
    # the same order, so the result is identical).
    cdef int mill = h_mill_cell(h)
    cdef int k = h.prod_k, i, j, m = 0
    cdef double cand[7]
    cdef double pv_a, pv_d, x, total = 0.0
    cdef bint new_a = a > 0 and a < N_CELLS
    cdef bint new_d = d > 0 and d < N_CELLS and h.en_plastic[d] == 0
    if k > 3:
        k = 3
    if new_a and new_d and a == d:
        return h_prod_after_slow(h, a, d, n)
    pv_a = h_cell_prod(h, a, h.my_workers[a] - n + (1 if a == mill else 0)) if new_a else 0.0
    pv_d = h_cell_prod(h, d, h.my_workers[d] + n + (1 if d == mill else 0)) if new_d else 0.0
    for i in range(h.n_best_pv):
        j = h.best_pv_cell[i]
        if (new_a and j == a) or (new_d and j == d):
            continue
        cand[m] = h.best_pv[i]
        m += 1
        if m == k:
            break
    if new_a and a != mill and pv_a > 0.0:
        cand[m] = pv_a
        m += 1
    if new_d and d != mill and pv_d > 0.0:
        cand[m] = pv_d
        m += 1
    # descending (at most 5 values)
    for i in range(1, m):
        x = cand[i]
        j = i - 1
        while j >= 0 and cand[j] < x:
            cand[j + 1] = cand[j]
            j -= 1
        cand[j + 1] = x
    for i in range(k):
        total += cand[i] if i < m else 0.0
    if mill > 0:
        if new_d and d == mill:
            total += pv_d
        elif new_a and a == mill:
            total += pv_a
        else:
            total += h.pv[mill]
    return total


cdef double h_prod_after_slow(HCtx* h, int a, int d, int n) noexcept nogil:
    # h_prod_after by a pass over the board (a == d).
    cdef double pv_a, pv_d, total
    cdef int mill = h_mill_cell(h)
    cdef double* pv = <double*>h.pv
    pv_a = pv[a]
    pv_d = pv[d]
    if a > 0 and a < N_CELLS:
        pv[a] = h_cell_prod(h, a, h.my_workers[a] - n + (1 if a == mill else 0))
    if d > 0 and d < N_CELLS and h.en_plastic[d] == 0:
        pv[d] = h_cell_prod(h, d, h.my_workers[d] + n + (1 if d == mill else 0))
    total = h_topk(h, pv, mill, h.pv_cells | (bit(a) if 0 < a < N_CELLS else 0)
                   | (bit(d) if 0 < d < N_CELLS else 0))
    pv[a] = pv_a
    pv[d] = pv_d
    return total


cdef double h_unit_delta(HCtx* h, int u, int a, int d) noexcept nogil:
    # Change of this seat's position value if unit u goes from a to d.
    cdef const GameState* g = h.g
    cdef const Rules* r = g.rules
    cdef double v = 0.0
    cdef int t, nw
    if d == a:
        return 0.0
    # Leaving a: the territory is lost when this was the last unit there and
    # no own structure holds it (its tokens travel with the unit).
    if is_territory(g, a) and h.my_units[a] == 1 and not h.my_struct[a]:
        v -= h_terr(h, a)
        t = r.terrain[a]
        if t >= 0:
            v -= h.obj_terrain[t]
    if is_territory(g, d):
        t = r.terrain[d]
        if h.en_plastic[d] > 0:
            if u >= UNIT_WORKER0:
                return H_NEG
            v += h_attack(h, u, d, h.my_plastic[d] + 1)
            if h.my_plastic[d] > 0:
                v -= h_attack(h, u, d, h.my_plastic[d])
        elif h.en_units[d] > 0:
            if u >= UNIT_WORKER0:
                return H_NEG
            nw = h.en_units[d]
            if not (has_ability(g, h.seat, AB_CAMARADERIE) and g.rules.camaraderie_on_move):
                v += h_pop(h, -nw)
            v += h.w[HW_HARASS] * nw + h_terr(h, d) + h_cell_tokens(h, d)
            if t >= 0:
                v += h.obj_terrain[t]
        elif h.ctl[d] != h.seat:
            v += h_terr(h, d) + h_cell_tokens(h, d)
            if t >= 0:
                v += h.obj_terrain[t]
    if u == UNIT_CHARACTER:
        v += h.char_pot[d] - h.char_pot[a]
    elif u < UNIT_WORKER0:
        v += h.mech_pot[d] - h.mech_pot[a]
    else:
        v += h.prod_mult * (h_prod_after(h, a, d, 1) - h.prod_base)
        # a worker left alone where an enemy can reach it may be sent home
        if h.threat[d] and h.my_plastic[d] == 0:
            v -= 0.3 * h.terr_val
    return v


cdef inline bint h_stops(HCtx* h, int u, int c) noexcept nogil:
    # Entering c ends this unit's movement (§8.3, §8.4).
    if u < UNIT_WORKER0 and h.en_units[c] > 0:
        return True
    if u == UNIT_CHARACTER and h.g.encounter_token[c]:
        return True
    return False


cdef inline uint64_t h_steps(HCtx* h, int u, int c) noexcept nogil:
    # The engine's step_targets, asked once per decision for each unit class
    # and cell (it depends on the unit only through its class).
    cdef int k = 0 if u == UNIT_CHARACTER else (1 if u < UNIT_WORKER0 else 2)
    if not (h.steps_ready[k] >> c) & 1:
        h.steps_ready[k] |= bit(c)
        h.steps_mask[k][c] = step_targets(h.g, h.seat, u, c)
    return h.steps_mask[k][c]


cdef double h_unit_best(HCtx* h, int u, int frm, int steps, int* best_cell) noexcept nogil:
    # h_unit_best_calc, remembered per (unit class, start, steps) while the
    # own token counts stay the same: units of one class standing together
    # have the same options and the same gains.
    cdef int k = 0 if u == UNIT_CHARACTER else (1 if u < UNIT_WORKER0 else 2)
    cdef uint64_t key = 0
    cdef int r
    cdef double v
    if frm <= 0 or frm >= N_CELLS or steps <= 0 or steps > 3:
        return h_unit_best_calc(h, u, frm, steps, best_cell)
    for r in range(4):
        key = (key << 16) | <uint64_t>(h.res[r] & 0xFFFF)
    if key != h.ub_res:
        h.ub_res = key
        memset(h.ub_ready, 0, sizeof(h.ub_ready))
    if (h.ub_ready[k][steps] >> frm) & 1:
        best_cell[0] = h.ub_cell[k][steps][frm]
        return h.ub_val[k][steps][frm]
    v = h_unit_best_calc(h, u, frm, steps, best_cell)
    h.ub_ready[k][steps] |= bit(frm)
    h.ub_cell[k][steps][frm] = <int8_t>best_cell[0]
    h.ub_val[k][steps][frm] = v
    return v


cdef double h_unit_best_calc(HCtx* h, int u, int frm, int steps, int* best_cell) noexcept nogil:
    # Best gain of unit u starting at frm with up to `steps` steps (the
    # engine's step_targets gives each step; stops end the path).
    cdef const GameState* g = h.g
    cdef int8_t depth[N_CELLS]
    cdef int queue[N_CELLS]
    cdef int head = 0, tail = 0, c, d
    cdef uint64_t m
    cdef double best = 0.0, v
    best_cell[0] = frm
    if frm <= 0 or steps <= 0:
        return 0.0
    for c in range(N_CELLS):
        depth[c] = -1
    depth[frm] = 0
    queue[tail] = frm
    tail += 1
    while head < tail:
        c = queue[head]
        head += 1
        if c != frm:
            v = h_unit_delta(h, u, frm, c)
            if v > best:
                best = v
                best_cell[0] = c
            if h_stops(h, u, c):
                continue
        if depth[c] >= steps:
            continue
        m = h_steps(h, u, c)
        while m:
            d = lowest_bit(m)
            m &= m - 1
            if depth[d] < 0:
                depth[d] = depth[c] + 1
                queue[tail] = d
                tail += 1
    return best


cdef double h_move_plan(HCtx* h, int units, bint factory) noexcept nogil:
    # Worth of a Move of `units` units (cached for the decision).
    cdef int k = 1 if factory else 0
    cdef int saved[4]
    if h.plan_units[k] != units:
        h.plan_units[k] = units
        h_use_real_res(h, saved)
        h.plan_value[k] = h_move_plan_calc(h, units, factory)
        h_restore_res(h, saved)
    return h.plan_value[k]


cdef double h_move_plan_calc(HCtx* h, int units, bint factory) noexcept nogil:
    # The best gains of different units, each judged alone (the decisions
    # re-plan after every unit).
    cdef const GameState* g = h.g
    cdef const Player* p = &g.p[h.seat]
    cdef double gains[N_UNITS]
    cdef int u, i, j, cell, steps
    cdef double v, total = 0.0
    h_board(h)
    for u in range(N_UNITS):
        gains[u] = 0.0
        if p.unit_cell[u] <= 0 or (g.t.moved >> u) & 1:
            continue
        steps = 2 if factory else 1
        if u < UNIT_WORKER0 and has_ability(g, h.seat, AB_SPEED):
            steps += 1
        gains[u] = h_unit_best(h, u, p.unit_cell[u], steps, &cell)
    for i in range(units):
        j = -1
        v = h.w[HW_MOVE_MIN]
        for u in range(N_UNITS):
            if gains[u] > v:
                v = gains[u]
                j = u
        if j < 0:
            break
        total += v
        gains[j] = 0.0
    return total


# ---------------------------------------------------------------- top row and sections

cdef double h_produce_est(HCtx* h, int k, bint mill, int* gain) noexcept nogil:
    # Worth of a Produce on up to k territories (+ the Mill), without its
    # cost; `gain` receives the tokens by Resource.
    cdef const GameState* g = h.g
    cdef double best[4]
    cdef int cells[4]
    cdef int c, i, j, n, r, mill_cell = -1
    cdef uint64_t wk
    cdef double v, total = 0.0
    if k > 3:
        k = 3
    for i in range(4):
        best[i] = 0.0
        cells[i] = -1
        gain[i] = 0
    if mill:
        mill_cell = h_mill_cell(h)
    wk = h.wk_cells & ~(<uint64_t>1)      # cells with own workers, ascending
    while wk:
        c = lowest_bit(wk)
        wk &= wk - 1
        if h.ctl[c] != h.seat or c == mill_cell:
            continue
        n = h.wk_on[c]
        v = h_cell_prod(h, c, n)
        if v <= 0.0:
            continue
        for i in range(k):
            if v > best[i]:
                j = k - 1
                while j > i:
                    best[j] = best[j - 1]
                    cells[j] = cells[j - 1]
                    j -= 1
                best[i] = v
                cells[i] = c
                break
    if mill_cell > 0:
        cells[3] = mill_cell
        best[3] = h_cell_prod(h, mill_cell, h_own_workers(h, mill_cell) + 1)
    for i in range(4):
        if cells[i] <= 0:
            continue
        total += best[i]
        r = resource_of_terrain(g.rules.terrain[cells[i]])
        if r >= 0 and r < 4:
            gain[r] += h_own_workers(h, cells[i]) + (1 if i == 3 else 0)
    return total


cdef double h_bottom_net(HCtx* h, int b, const int* gain, int* spent) noexcept nogil:
    # Net worth of taking mat bottom action b after the top action brought
    # `gain` tokens: effect and coins, less the tokens spent (`spent`: how
    # many tokens of b it takes; 0 if not worth taking or not payable). It
    # depends on the tokens of b held only (and on h_init's values), so it is
    # remembered per count until the next h_init.
    cdef int have = h.res[b] + gain[b]
    if have < 0 or have >= 32:
        return h_bottom_net_calc(h, b, have, spent)
    if not (h.bnet_ready[b] >> have) & 1:
        h.bnet_val[b][have] = h_bottom_net_calc(h, b, have, spent)
        h.bnet_spent[b][have] = <int8_t>spent[0]
        h.bnet_ready[b] |= 1u << have
    spent[0] = h.bnet_spent[b][have]
    return h.bnet_val[b][have]


cdef double h_bottom_net_calc(HCtx* h, int b, int have, int* spent) noexcept nogil:
    cdef int c = h.cost[b], coerce = 1 if h.coerce else 0
    cdef double v, spend
    spent[0] = 0
    if have + coerce < c:
        return 0.0
    if have >= c:
        spend = h_spend(h, b, have, c)
    else:
        spend = h_spend(h, b, have, have) + h.w[HW_CARD] * 0.8
    v = h.bval[b] - spend
    if h.coinsonly[b] - spend > v:
        v = h.coinsonly[b] - spend
    if v > 0.0:
        spent[0] = c if have >= c else have
        return v
    return 0.0


cdef double h_factory_top(HCtx* h, int card, int* gain) noexcept nogil:
    # Worth of a Factory card's top action now (costs priced, rewards at
    # their best use). gain: tokens it places (any type -> the best type).
    cdef const FactoryCard* f = &h.g.rules.factory[card]
    cdef double v = 0.0, best, x
    cdef int r, i, b, rb, tmp[4]
    for i in range(4):
        gain[i] = 0
    v -= f.cost_coins
    v += h_pop(h, -f.cost_popularity)
    v += h_power(h, -f.cost_power)
    v -= f.cost_cards * h.w[HW_CARD] * 0.8
    v -= (f.cost_any_res + f.cost_distinct_res) * h.w[HW_KEEP] * h.pair_val * 0.5
    v += f.gain_coins
    v += h_pop(h, f.gain_popularity)
    v += h_power(h, f.gain_power)
    v += h_cards(h, f.gain_cards)
    for i in range(f.gain_any_res):
        best = -1.0
        rb = 0
        for r in range(4):
            x = h_tok(h, r, h.res[r] + gain[r])
            if x > best:
                best = x
                rb = r
        v += best
        gain[rb] += 1
    for i in range(f.gain_workers):
        v += h_worker_val(h, h.wk_board + i)
    if f.produce_hexes > 0:
        v += h_produce_est(h, f.produce_hexes, False, tmp)
        for r in range(4):
            gain[r] += tmp[r]
    if f.free_bottom_mask:
        best = 0.0
        x = 0.0
        for b in range(4):
            if (f.free_bottom_mask >> b) & 1 and h.eff[b] > 0.0:
                if h.eff[b] > best:
                    x = best
                    best = h.eff[b]
                elif h.eff[b] > x:
                    x = h.eff[b]
        v += best
        if f.free_bottom_count > 1:
            v += x
    return v


cdef double h_top_option(HCtx* h, int opt, int section, int* gain) noexcept nogil:
    # Worth of DK_TOP option `opt` (without the bottom action that follows).
    cdef const GameState* g = h.g
    cdef const Player* p = &g.p[h.seat]
    cdef int v = opt // 100, a = (opt // 10) % 10, bonus = opt % 10, r
    cdef int pw, pp, pc
    cdef double x
    for r in range(4):
        gain[r] = 0
    if opt == 0:
        return 0.0
    if v == TV_MOVE:
        return h_move_plan(h, top_value(p, TC_MOVE_UNITS, TOP_BASE_MOVE_UNITS), False)
    if v == TV_GAIN:
        return a
    if v == TV_TRADE_RES or v == TV_TRADE_POP:
        x = -TOP_TRADE_COST + (h_power(h, STRUCTURE_BONUS_AMOUNT) if bonus else 0.0)
        if v == TV_TRADE_POP:
            return x + h_pop(h, a)
        return x       # the tokens are priced with the bottom action (h_top_total)
    if v == TV_BOLSTER_POWER or v == TV_BOLSTER_CARDS:
        x = -TOP_BOLSTER_COST + (h_pop(h, STRUCTURE_BONUS_AMOUNT) if bonus else 0.0)
        if v == TV_BOLSTER_POWER:
            return x + h_power(h, a)
        return x + h_cards(h, a)
    if v == TV_PRODUCE:
        produce_cost(g, h.seat, &pw, &pp, &pc)
        x = h_power(h, -pw) + h_pop(h, -pp) - pc
        return x + h_produce_est(h, top_value(p, TC_PRODUCE_HEXES, TOP_BASE_PRODUCE_HEXES),
                                 p.structure_cell[S_MILL] != OFF_BOARD, gain)
    if v == TV_FACTORY:
        return h_factory_top(h, p.factory_card, gain)
    return 0.0


cdef double h_trade_pairs_best(HCtx* h, int b, const double* bnet) noexcept nogil:
    # The best of h_top_total's 10 token pairs of a Trade for resources, by
    # value alone (no look-ahead): the same sums, but only the largest of each
    # kind is formed. Rounding is monotonic, so the largest sum of each kind is
    # the sum of its largest terms and the maximum is the same number. Kinds:
    # both tokens of b (the bottom action's own), one of b with one other, two
    # others (the best double of one type, or the two best types).
    cdef double t0[4]
    cdef double t1[4]
    cdef double best, x, top1 = H_NEG, top2 = H_NEG, dbl = H_NEG
    cdef int r
    for r in range(4):
        t0[r] = h_tok(h, r, h.res[r])
        t1[r] = h_tok(h, r, h.res[r] + 1)
    best = (t0[b] + t1[b]) + bnet[2]
    for r in range(4):
        if r == b:
            continue
        x = t0[r] + t1[r]
        if x > dbl:
            dbl = x
        if t0[r] > top1:
            top2 = top1
            top1 = t0[r]
        elif t0[r] > top2:
            top2 = t0[r]
    x = (t0[b] + top1) + bnet[1]
    if x > best:
        best = x
    x = top1 + top2
    if dbl > x:
        x = dbl
    x = x + bnet[0]
    if x > best:
        best = x
    return best


cdef double h_top_total(HCtx* h, int opt, int section, int* dres, bint look) noexcept nogil:
    # Worth of top option `opt` followed by the section's bottom action;
    # `dres` receives the change of own tokens by Resource (except for a Trade
    # for resources without `look`: h_after wants the value alone). With
    # `look`, the best next turn that these tokens allow is added
    # (W_LOOKAHEAD), so that a token gathered now for next turn's bottom
    # action counts.
    cdef const GameState* g = h.g
    cdef const Player* p = &g.p[h.seat]
    cdef int gain[4]
    cdef int d[4]
    cdef int bspent[3]
    cdef double bnet[3]
    cdef int b, r, r1, r2, k, spent
    cdef double top, best, v
    top = h_top_option(h, opt, section, gain)
    for r in range(4):
        dres[r] = gain[r]
    if section == 4:
        v = top + h_move_plan(h, 1, True)
        if look:
            v += h.w[HW_LOOKAHEAD] * h_after(h, section, dres)
        return v
    b = g.rules.mats[p.mat].bottom_of_section[section]
    if opt // 100 == TV_TRADE_RES:
        # Choose the 2 tokens with the bottom action (and next turn) in mind.
        # The bottom action reads only how many of its own tokens come in (0..2).
        for k in range(3):
            for r in range(4):
                gain[r] = 0
            gain[b] = k
            bnet[k] = h_bottom_net(h, b, gain, &bspent[k])
        if not look:
            return top + h_trade_pairs_best(h, b, bnet)
        best = H_NEG
        for r1 in range(4):
            for r2 in range(r1, 4):
                for r in range(4):
                    gain[r] = 0
                gain[r1] += 1
                gain[r2] += 1
                v = (h_tok(h, r1, h.res[r1]) + h_tok(h, r2, h.res[r2] + (1 if r1 == r2 else 0))
                     + bnet[gain[b]])
                for r in range(4):
                    d[r] = gain[r]
                d[b] -= bspent[gain[b]]
                if look:
                    v += h.w[HW_LOOKAHEAD] * h_after(h, section, d)
                if v > best:
                    best = v
                    for r in range(4):
                        dres[r] = d[r]
        return top + best
    v = top + h_bottom_net(h, b, gain, &spent)
    dres[b] -= spent
    if look:
        v += h.w[HW_LOOKAHEAD] * h_after(h, section, dres)
    return v


cdef void h_tops(HCtx* h) noexcept nogil:
    # The top options of every section as the engine lists them now.
    cdef GameState* c
    cdef int s
    if h.tops_ready:
        return
    h.tops_ready = True
    c = &h.scratch
    memcpy(c, h.g, sizeof(GameState))
    c.events = NULL
    for s in range(5):
        c.t.section = s
        if s == 4 and h.g.p[h.seat].factory_card < 0:
            h.n_tops[s] = 0
            continue
        h.n_tops[s] = top_options(c, h.tops[s])


cdef bint h_same_tops(HCtx* h) noexcept nogil:
    # List the top options anew (h_tops) and say whether they are the ones
    # listed for the last decision. In the same position and with the same
    # Move plan, h_after's memo holds values of these very options (its values
    # read no coins and no other turn context), so it stays right.
    cdef int n_old[5]
    cdef int32_t old[5][16]
    memcpy(n_old, h.n_tops, sizeof(n_old))
    memcpy(old, h.tops, sizeof(old))
    h.tops_ready = False
    h_tops(h)
    return (memcmp(n_old, h.n_tops, sizeof(n_old)) == 0
            and memcmp(old, h.tops, sizeof(old)) == 0)


cdef void h_section_deps(HCtx* h) noexcept nogil:
    # Which own token counts each section's best (h_top_total without the
    # look-ahead) reads: its bottom action's resource always; for a Produce,
    # the resources of the cells it may produce on (h_produce_est: own
    # workers' cells and the Mill's); every type when a top option trades for
    # tokens or is a Factory card. (The Move plan is computed on the real
    # counts, so it adds none.) dep_mask[s] keeps those counts' 16-bit fields
    # of h_after's packed key.
    cdef const GameState* g = h.g
    cdef const Player* p = &g.p[h.seat]
    cdef int s, i, v, r, c
    cdef uint8_t deps, produced = 0
    cdef uint64_t m = h.wk_cells & ~(<uint64_t>1)
    h.deps_ready = True
    for s in range(5):
        h.n_after[s] = 0          # a new decision: h_after's memo starts empty
        h.after_used[s] = 0
    c = h_mill_cell(h)
    if c > 0:
        m |= bit(c)
    while m:
        c = lowest_bit(m)
        m &= m - 1
        r = resource_of_terrain(g.rules.terrain[c])
        if r >= 0 and r < 4:
            produced |= <uint8_t>(1 << r)
    for s in range(5):
        deps = 0xF
        if s < 4:
            deps = <uint8_t>(1 << g.rules.mats[p.mat].bottom_of_section[s])
            for i in range(h.n_tops[s]):
                v = h.tops[s][i] // 100
                if v == TV_FACTORY or v == TV_TRADE_RES:
                    deps = 0xF
                elif v == TV_PRODUCE:
                    deps |= produced
        h.dep_mask[s] = 0
        for r in range(4):
            if (deps >> r) & 1:
                h.dep_mask[s] |= (<uint64_t>0xFFFF) << (16 * (3 - r))


cdef double h_after(HCtx* h, int s_now, const int* dres) noexcept nogil:
    # The best next turn (any section but s_now, unless Relentless) once own
    # tokens have changed by dres; nothing done is worth 0. A section's best
    # depends only on the token counts in its dep_mask (and on the decision's
    # write-once caches), so it is remembered per those counts: each value is
    # computed where it was first needed, exactly as without the memo.
    cdef bint relentless = faction_ability(h.g, h.seat) == FA_RELENTLESS
    cdef int saved[4]
    cdef int d[4]
    cdef int r, s, i, slot
    cdef bint hit
    cdef uint64_t key, packed
    cdef double best = 0.0, sec, v
    h_tops(h)
    if not h.deps_ready:
        h_section_deps(h)
    packed = 0
    for r in range(4):
        saved[r] = h.res[r]
        h.res[r] += dres[r]
        if h.res[r] < 0:
            h.res[r] = 0
        packed = (packed << 16) | <uint64_t>(h.res[r] & 0xFFFF)
    for s in range(5):
        if s == s_now and not relentless:
            continue
        key = (packed & h.dep_mask[s]) | ~h.dep_mask[s]
        # open addressing; the table is never full, so the probe ends
        slot = <int>((key * <uint64_t>0x9E3779B97F4A7C15) >> (64 - H_AFTER_SLOT_BITS))
        hit = False
        while (h.after_used[s] >> slot) & 1:
            if h.after_key[s][slot] == key:
                hit = True
                break
            slot = (slot + 1) & (H_AFTER_SLOTS - 1)
        if hit:
            sec = h.after_val[s][slot]
        else:
            sec = 0.0
            for i in range(h.n_tops[s]):
                v = h_top_total(h, h.tops[s][i], s, d, False)
                if v > sec:
                    sec = v
            if h.n_after[s] < H_AFTER_MEMO:
                h.after_used[s] |= 1u << slot
                h.after_key[s][slot] = key
                h.after_val[s][slot] = sec
                h.n_after[s] += 1
        if sec > best:
            best = sec
    for r in range(4):
        h.res[r] = saved[r]
    return best


cdef double h_section(HCtx* h, int s) noexcept nogil:
    # Worth of section s: its best top option followed by its bottom action,
    # and the next turn this leaves.
    cdef SectionMemo* sm = &h.section_memo
    cdef bint record
    cdef int d[4]
    cdef int i
    cdef double best = H_NEG, v
    h_tops(h)
    record = sm.g == h.g and h.n_tops[s] <= 16
    for i in range(h.n_tops[s]):
        v = h_top_total(h, h.tops[s][i], s, d, True)
        if record:
            sm.tops[s][i] = h.tops[s][i]
            sm.val[s][i] = v
        if v > best:
            best = v
    if record:
        sm.n_tops[s] = h.n_tops[s]
        sm.have |= 1 << s
    return best


cdef bint h_top_from_memo(const GameState* g, SectionMemo* sm, const int32_t* options, int n,
                          double* sc) noexcept nogil:
    # The Top decision right after this seat's Section decision: the values
    # h_section gave these options then (h_top_total with the look-ahead,
    # exactly what h_score would compute now). False when they are not all
    # there; the memo is used once.
    cdef int s = g.t.section, i, j
    if (sm.g != g or sm.n_decisions != g.n_decisions - 1 or sm.turn != g.turn
            or s < 0 or s > 4 or not (sm.have >> s) & 1):
        return False
    sm.g = NULL
    for i in range(n):
        for j in range(sm.n_tops[s]):
            if sm.tops[s][j] == options[i]:
                sc[i] = sm.val[s][j]
                break
        else:
            return False
    return True


# ---------------------------------------------------------------- combat

cdef int h_my_side(const GameState* g, int seat) noexcept nogil:
    return 0 if g.t.cb_seat[0] == seat else 1


cdef void h_combat_target(HCtx* h, int* target, int* hopeless) noexcept nogil:
    # The strength to aim for in the current combat: enough to beat the
    # opponent's full dial and card slots (ties go to the attacker); if that
    # is out of reach but the expected strength is not, aim above the
    # expectation; else give up (and play at most a 2 to draw a card).
    cdef const GameState* g = h.g
    cdef int seat = h.seat, side = h_my_side(g, seat), opp = g.t.cb_seat[1 - h_my_side(g, seat)]
    cdef int cell = g.t.cb_cell, k, n, v, ok, mymax, full, dialmax
    cdef double exp
    cdef const Player* p = &g.p[seat]
    k = combat_card_limit(g, seat, cell)
    mymax = dial_max(g, seat)
    n = k
    v = 3
    while v >= 0 and n > 0:
        ok = p.hand[v] if p.hand[v] < n else n
        mymax += ok * (v + 2)
        n -= ok
        v -= 1
    k = combat_card_limit(g, opp, cell)
    n = hand_size(g, opp)
    if n < k:
        k = n
    dialmax = dial_max(g, opp)
    full = dialmax + k * 5 + (1 if side == 1 else 0)
    exp = 0.85 * dialmax + k * h_card_est(h) + (1 if side == 1 else 0) + h.w[HW_DIAL_MARGIN]
    hopeless[0] = 0
    if mymax >= full:
        target[0] = full
    elif mymax >= exp:
        target[0] = <int>(exp + 0.999)
        if target[0] > mymax:
            target[0] = mymax
    else:
        target[0] = 0
        hopeless[0] = 1


cdef double h_commit_cost(HCtx* h, int dial, int n2, int n3, int n4, int n5) noexcept nogil:
    # Power is kept for later (and for its star); cards are cheaper to spend.
    return (-h_power(h, -dial) + h.w[HW_CARD] * 0.3 * (n2 + n3 + n4 + n5)
            + 0.01 * (n3 + 2 * n4 + 3 * n5))


cdef int h_plan_commit(HCtx* h, int fixed_dial, int* out_dial, int* out_cards) noexcept nogil:
    # Cheapest dial and card set reaching the target (fixed_dial >= 0: the
    # dial is already set). Returns 1 if found.
    cdef const GameState* g = h.g
    cdef const Player* p = &g.p[h.seat]
    cdef int target, hopeless, lim, dmax, d, n2, n3, n4, n5, tot, found = 0
    cdef double cost, best = 1.0e18
    h_combat_target(h, &target, &hopeless)
    lim = combat_card_limit(g, h.seat, g.t.cb_cell)
    dmax = dial_max(g, h.seat)
    out_dial[0] = 0
    out_cards[0] = 0
    if hopeless:
        # Revealing any power makes the loser draw a card (§13.4): a lone 2
        # is a fair swap; otherwise keep everything.
        if lim > 0 and p.hand[0] > 0:
            out_cards[0] = 1
        if fixed_dial >= 0:
            out_dial[0] = fixed_dial
        return 1
    for d in range(dmax + 1):
        if fixed_dial >= 0 and d != fixed_dial:
            continue
        for n5 in range((lim if lim < p.hand[3] else p.hand[3]) + 1):
            for n4 in range((lim - n5 if lim - n5 < p.hand[2] else p.hand[2]) + 1):
                for n3 in range((lim - n5 - n4 if lim - n5 - n4 < p.hand[1] else p.hand[1]) + 1):
                    for n2 in range((lim - n5 - n4 - n3 if lim - n5 - n4 - n3 < p.hand[0]
                                     else p.hand[0]) + 1):
                        tot = d + 2 * n2 + 3 * n3 + 4 * n4 + 5 * n5
                        if tot < target:
                            continue
                        cost = h_commit_cost(h, d, n2, n3, n4, n5)
                        if cost < best:
                            best = cost
                            found = 1
                            out_dial[0] = d
                            out_cards[0] = n2 + 8 * n3 + 64 * n4 + 512 * n5
    if not found:
        # Out of reach with this dial: everything the cards allow.
        out_dial[0] = dmax if fixed_dial < 0 else fixed_dial
        n5 = lim if lim < p.hand[3] else p.hand[3]
        n4 = lim - n5 if lim - n5 < p.hand[2] else p.hand[2]
        n3 = lim - n5 - n4 if lim - n5 - n4 < p.hand[1] else p.hand[1]
        n2 = lim - n5 - n4 - n3 if lim - n5 - n4 - n3 < p.hand[0] else p.hand[0]
        out_cards[0] = n2 + 8 * n3 + 64 * n4 + 512 * n5
    return 1


# ---------------------------------------------------------------- scoring one option

cdef double h_encounter(HCtx* h, int o) noexcept nogil:
    cdef const GameState* g = h.g
    cdef const EncounterOption* e
    cdef double v = 0.0, best, x
    cdef int r, i, b, have[4]
    if o == 3:
        return 0.0
    e = &g.rules.encounters[g.t.enc_card].opt[o]
    v -= e.cost_coins
    v += h_pop(h, e.gain_popularity - e.cost_popularity)
    v += e.gain_coins
    v += h_power(h, e.gain_power)
    v += h_cards(h, e.gain_cards)
    for r in range(4):
        have[r] = h.res[r]
        v += h_toks(h, r, have[r], e.gain_res[r])
        have[r] += e.gain_res[r]
    for i in range(e.gain_any_res):
        best = 0.0
        b = 0
        for r in range(4):
            x = h_tok(h, r, have[r])
            if x > best:
                best = x
                b = r
        have[b] += 1
        v += best
    for i in range(e.gain_workers):
        if i < h.on_mat:
            v += h_worker_val(h, h.wk_board + i)
    best = 0.0
    if e.free_upgrade and h.eff[BOT_UPGRADE] > best:
        best = h.eff[BOT_UPGRADE]
    if e.free_deploy and h.eff[BOT_DEPLOY] > best:
        best = h.eff[BOT_DEPLOY]
    if e.free_build and h.eff[BOT_BUILD] > best:
        best = h.eff[BOT_BUILD]
    if e.free_enlist and h.eff[BOT_ENLIST] > best:
        best = h.eff[BOT_ENLIST]
    return v + best


cdef double h_build_cell(HCtx* h, int c, int s) noexcept nogil:
    # Where to build: the structure-bonus tile, the Mill's production, and
    # holding a territory that the workers may leave.
    cdef GameState* tmp = &h.scratch
    cdef const GameState* g = h.g
    cdef double v = 0.0
    cdef int before, after
    h_counts(h)
    if h.w[HW_TILE] != 0.0 and structure_tile_kind(g) >= 0:
        memcpy(tmp, g, sizeof(GameState))
        tmp.events = NULL
        h.tops_ready = False        # the scratch copy is reused
        before = structure_bonus_coins(tmp, h.seat)
        tmp.p[h.seat].structure_cell[s] = c
        after = structure_bonus_coins(tmp, h.seat)
        v += h.w[HW_TILE] * (after - before)
    if s == S_MILL:
        v += 0.3 * h.turns_left / 3.0 * h_cell_prod(h, c, h.my_workers[c] + 1)
    v += 0.2 * h_terr(h, c)
    if h.threat[c]:
        v -= 0.3
    return v


cdef double h_score(HCtx* h, int kind, int32_t opt) noexcept nogil:
    cdef const GameState* g = h.g
    cdef const Player* p = &g.p[h.seat]
    cdef int c, r, a, b, k, u, cell, nm, nu, src, dial, cards, need
    cdef int gain[4]
    cdef double v, x
    if g.rules.wg.airships_on and h_air_move_option(kind, opt):
        return h_air_score(h, kind, opt)   # the Wind Gambit's airship (heuristics_airships.pxi)
    if kind == DK_OBJECTIVE:
        # A met objective is a star now (§16): reveal it.
        return 1.0 if opt > 0 else 0.0
    if kind == DK_SECTION:
        return h_section(h, opt)
    if kind == DK_TOP:
        return h_top_total(h, opt, g.t.section, gain, True)
    if kind == DK_BOTTOM:
        if g.t.section == 4:
            return h_move_plan(h, 1, True) if opt == 1 else 0.0
        b = g.rules.mats[p.mat].bottom_of_section[g.t.section]
        if opt == 0:
            return 0.0
        v = -h_spend(h, b, h.res[b], h.cost[b])
        if opt == 1:
            return v + h.bval[b]
        if opt == 2:
            return v + h.bval[b] - g.rules.mats[p.mat].bottom_coins[b]
        if opt == 3:
            return v + h.coinsonly[b]
        return v + h.coinsonly[b] - g.rules.mats[p.mat].bottom_coins[b]
    if kind == DK_MOVE_UNIT:
        h_board(h)
        if opt == 0:
            return h.w[HW_MOVE_MIN]
        u = opt - 1
        k = max_steps(g, h.seat, u)
        return h_unit_best(h, u, p.unit_cell[u], k, &cell)
    if kind == DK_MOVE_STEP:
        h_board(h)
        u = g.t.mv_unit
        src = p.unit_cell[u]
        if opt == 0:
            return 0.0
        v = h_unit_delta(h, u, src, opt)
        if g.t.mv_steps_left > 1 and not h_stops(h, u, opt):
            # the best place reachable through opt (the rest of the steps)
            x = h_via(h, u, src, opt, g.t.mv_steps_left - 1)
            if x > v:
                v = x
        return v
    if kind == DK_CARRY_WORKERS:
        h_board(h)
        nm = opt // 16
        nu = opt % 16
        return h_carry_workers(h, nm + nu, nm)
    if kind == DK_CARRY_RES:
        h_counts(h)
        return h_carry_res(h, opt)
    if kind == DK_TRADE:
        return h_trade(h, opt)
    if kind == DK_PRODUCE:
        if opt == 0:
            return 0.0
        c = opt // 16
        a = opt % 16
        return h_cell_prod(h, c, a)
    if kind == DK_PAY:
        h_counts(h)
        if opt >= 1000:
            # Coercion: a combat card stands in for a token (§12).
            r = g.t.pay_type if g.t.pay_type >= 0 else 0
            return h_tok(h, r, h.res[r] - 1) - h.w[HW_CARD] * (0.6 + 0.15 * (opt - 1002))
        c = opt // 4
        return 0.1 * h.threat[c] - 0.001 * (opt % 4)
    if kind == DK_DISCARD:
        return -opt
    if kind == DK_UPGRADE:
        return h_upgrade_top(h, opt // 4) + h_upgrade_bottom(h, opt % 4)
    if kind == DK_DEPLOY:
        h_board(h)
        c = opt // 4
        return h_ability(h, opt % 4) + h.mech_pot[c] + 0.3 * h.threat[c] * h.my_workers[c]
    if kind == DK_BUILD:
        return h_structure(h, opt % 4) + h_build_cell(h, opt // 4, opt % 4)
    if kind == DK_ENLIST:
        return h_recruit(h, opt // 4) + h_onetime(h, opt % 4)
    if kind == DK_COMBAT_ORDER:
        h_counts(h)
        return h_edge(h, h.en_seat[opt], opt, h.my_plastic[opt]) if h.en_seat[opt] >= 0 else 0.0
    if kind == DK_ARTILLERY:
        # 1 power for the opponent's 2 (§11.3).
        k = g.t.cb_seat[1 - h_my_side(g, h.seat)]
        return 1.0 if (opt == 1 and g.p[k].power > 0) else 0.0
    if kind == DK_SCOUT:
        return 1.0 if opt == 1 else 0.0
    if kind == DK_DIAL:
        h_plan_commit(h, -1, &dial, &cards)
        return -(opt - dial if opt > dial else dial - opt)
    if kind == DK_CARDS:
        h_plan_commit(h, g.t.cb_dial[h_my_side(g, h.seat)], &dial, &cards)
        if opt == cards:
            return 1.0
        k = h_cards_total(opt) - h_cards_total(cards)
        # the planned total is out of reach: the nearest total, with fewer cards
        return (-(k if k > 0 else -k)
                - 0.01 * (opt % 8 + (opt // 8) % 8 + (opt // 64) % 8 + opt // 512))
    if kind == DK_RETREAT:
        # An adjacent lake keeps the units on the board (Seaworthy).
        return 0.0 if opt == base_cell(g, h.seat) else 1.0
    if kind == DK_ENCOUNTER:
        return h_encounter(h, opt)
    if kind == DK_GAIN_AMOUNT:
        # Partial rewards are for the rare gain that hurts.
        return opt
    if kind == DK_GAIN_RES:
        if opt == 0:
            return 0.0
        r = opt % 4
        return h_tok(h, r, h.res[r]) + 0.001
    if kind == DK_GAIN_WORKER:
        if opt == 0:
            return 0.0
        return h_worker_val(h, h.wk_board) + 0.1 * h_cell_prod(h, opt, h_own_workers(h, opt) + 1)
    if kind == DK_FREE_ACTION:
        if opt == 4:
            return 0.0
        return h.eff[opt]
    if kind == DK_FACTORY_PICK:
        return h_factory_pick(h, opt)
    return 0.0


cdef double h_trade(HCtx* h, int opt) noexcept nogil:
    # One token of a Trade (or none more): the best completion of the Trade
    # with this token, followed by the bottom action and the next turn. The
    # cell only adds a tie-break (own workers there), so the rest is worked
    # out once per resource and decision.
    cdef int k = opt % 4 if opt else 4
    if not (h.trade_ready >> k) & 1:
        h.trade_ready |= 1 << k
        h.trade_val[k] = h_trade_token(h, opt % 4 if opt else -1)
    if opt:
        return h.trade_val[k] + 0.01 * h_own_workers(h, opt // 4)
    return h.trade_val[k]


cdef double h_trade_token(HCtx* h, int r) noexcept nogil:
    # h_trade without the cell: r is the token's Resource, -1 for no token.
    cdef const GameState* g = h.g
    cdef const Player* p = &g.p[h.seat]
    cdef int s = g.t.section, left = g.t.trade_left, r2, b, spent, k
    cdef int gain[4]
    cdef double v, best = H_NEG, base
    if r < 0:
        left = 0
    if s < 0 or s > 3:
        return h_tok(h, r, h.res[r]) if r >= 0 else 0.0
    b = g.rules.mats[p.mat].bottom_of_section[s]
    for r2 in range(4 if left >= 2 else 1):
        for k in range(4):
            gain[k] = 0
        base = 0.0
        if r >= 0:
            gain[r] += 1
            base = h_tok(h, r, h.res[r])
        if left >= 2:
            base += h_tok(h, r2, h.res[r2] + gain[r2])
            gain[r2] += 1
        v = base + h_bottom_net(h, b, gain, &spent)
        gain[b] -= spent
        v += h.w[HW_LOOKAHEAD] * h_after(h, s, gain)
        if v > best:
            best = v
    return best


cdef inline int h_cards_total(int opt) noexcept nogil:
    return 2 * (opt % 8) + 3 * ((opt // 8) % 8) + 4 * ((opt // 64) % 8) + 5 * ((opt // 512) % 8)


cdef double h_via(HCtx* h, int u, int src, int first, int steps) noexcept nogil:
    # Best gain of a path that starts with the step src -> first.
    cdef int cell
    cdef double v = h_unit_best(h, u, first, steps, &cell)
    if cell == first:
        return h_unit_delta(h, u, src, first)
    return h_unit_delta(h, u, src, cell)


cdef double h_factory_pick(HCtx* h, int card) noexcept nogil:
    cdef int gain[4]
    cdef int r
    cdef double v = h_factory_top(h, card, gain)
    for r in range(4):
        if gain[r] > 0:
            v += h_toks(h, r, h.res[r], gain[r])
    return v


cdef double h_carry_workers(HCtx* h, int n, int moved) noexcept nogil:
    # Carry n workers along with the mech: worth it when they produce better
    # at the destination and it holds no enemy to fight.
    cdef const GameState* g = h.g
    cdef int u = g.t.mv_unit, a = g.p[h.seat].unit_cell[u], d = g.t.mv_dest
    cdef double v
    if n == 0:
        return 0.0
    if h.en_plastic[d] > 0:
        return -1.0 * n
    v = h.prod_mult * (h_prod_after(h, a, d, n) - h.prod_base)
    if h.my_workers[a] == n and h.my_plastic[a] <= 1 and not h.my_struct[a] and is_territory(g, a):
        v -= h_terr(h, a) * 0.5
    # workers that already moved cannot move again by themselves
    v += 0.01 * moved
    return v


cdef double h_carry_res(HCtx* h, int n) noexcept nogil:
    # Tokens left where no own unit or structure remains would be lost.
    cdef const GameState* g = h.g
    cdef int u = g.t.mv_unit, a = g.p[h.seat].unit_cell[u]
    cdef int stay = h.my_units[a] - 1 - bit_count(g.t.carry_workers)
    cdef bint keep = stay > 0 or (h.my_struct[a] and h.en_units[a] == 0)
    if keep:
        return -n
    return n


# ---------------------------------------------------------------- the policy

# Whether a Top decision may take its values from the Section decision just
# before it (SectionMemo). Off only in the test that checks the games are the
# same either way.
cdef bint h_reuse_decisions = True


def _set_decision_reuse(bint on):
    """Testing hook: turn the Section -> Top value reuse on or off."""
    global h_reuse_decisions
    h_reuse_decisions = on


cdef int32_t heuristic_choose(const GameState* g, int seat, int policy_id, const double* w,
                              SeatPolicy* sp, const int32_t* options, int n) noexcept nogil:
    """Pick one of `options` for `seat` at the pending decision: the best
    scored, ties broken uniformly on the seat's own stream."""
    cdef HCtx* h = &sp.h
    cdef double sc[MAX_OPTIONS]
    cdef double best = H_NEG
    cdef int i, k, nbest
    cdef int kind = g.decision
    if n <= 1:
        return options[0]
    if not (kind == DK_TOP and h_top_from_memo(g, &h.section_memo, options, n, sc)):
        h_begin(h, g, seat, w)
        if kind == DK_SECTION and h_reuse_decisions:
            h.section_memo.g = g
            h.section_memo.n_decisions = g.n_decisions
            h.section_memo.turn = g.turn
            h.section_memo.have = 0
        for i in range(n):
            sc[i] = h_score(h, kind, options[i])
    for i in range(n):
        if sc[i] > best:
            best = sc[i]
    nbest = 0
    for i in range(n):
        if sc[i] >= best - 1.0e-7:
            nbest += 1
    if nbest == 1:
        for i in range(n):
            if sc[i] >= best - 1.0e-7:
                return options[i]
    k = rng_below(&sp.rng, nbest)
    for i in range(n):
        if sc[i] >= best - 1.0e-7:
            if k == 0:
                return options[i]
            k -= 1
    return options[0]


# ---------------------------------------------------------------- Python access
# (heuristics.pxi is included after pyapi.pxi, so Game is known here.)

# Names of the compiled policies (policies.pxi's table; simsuite/policies/scythe.py
# holds the same ids with the weight names).
COMPILED_POLICIES.update({"economy": HP_ECONOMY, "star_rush": HP_STAR_RUSH,
                          "aggressor": HP_AGGRESSOR, "diplomat": HP_DIPLOMAT})

cdef class CompiledSeats:
    """Compiled policies for every seat of a Game, stepped from Python.

    CompiledSeats(seed, policy_ids, weights): each seat's stream is seeded
    derive_seed(seed, 1 + seat), as in play_batch, so stepping a Game built
    with the same seed from its start with `step(game)` reproduces the batch
    game decision for decision. `choose(game)` only returns the option the
    deciding seat's policy picks (advancing that seat's stream).
    """
    cdef SeatPolicy seat_pol[MAX_SEATS]
    cdef int32_t pol[MAX_SEATS]
    cdef double w[MAX_SEATS * N_POLICY_WEIGHTS]
    cdef readonly int n

    def __init__(self, seed, policy_ids, weights=None):
        cdef int s, i
        cdef uint64_t sd = int(seed) & 0xFFFFFFFFFFFFFFFF
        ids = [int(x) for x in policy_ids]
        self.n = len(ids)
        if self.n < 1 or self.n > MAX_SEATS:
            raise UserError(f"policy_ids must name 1..{MAX_SEATS} seats, got {self.n}")
        for s in range(self.n):
            if ids[s] < 0 or ids[s] >= N_COMPILED_POLICIES:
                raise UserError(f"policy id {ids[s]} of seat {s} is unknown; compiled policies: "
                                f"{', '.join(f'{k}={v}' for k, v in COMPILED_POLICIES.items())}")
            self.pol[s] = ids[s]
            seat_policy_init(&self.seat_pol[s], sd, s)
            for i in range(N_POLICY_WEIGHTS):
                self.w[s * N_POLICY_WEIGHTS + i] = 0.0
        if weights is not None:
            rows = [list(r) for r in weights]
            if len(rows) != self.n or any(len(r) > N_POLICY_WEIGHTS for r in rows):
                raise UserError(f"weights must be {self.n} rows of at most "
                                f"{N_POLICY_WEIGHTS} numbers")
            for s in range(self.n):
                for i, x in enumerate(rows[s]):
                    self.w[s * N_POLICY_WEIGHTS + i] = float(x)

    def choose(self, Game game):
        """The option the deciding seat's policy picks now (None when over)."""
        cdef int k = legal_options(&game.g, game.buf)
        cdef int s = game.g.decider
        if k <= 0 or s < 0:
            return None
        if s >= self.n:
            raise UserError(f"seat {s} decides but only {self.n} seats have a policy")
        game.n_opts = k
        # The Game may have been changed between two calls: no value is carried over.
        self.seat_pol[s].h.section_memo.g = NULL
        self.seat_pol[s].h.seen_ok = False
        return choose(self.pol[s], &game.g, s, game.buf, k, &self.seat_pol[s],
                      &self.w[s * N_POLICY_WEIGHTS])

    def step(self, Game game):
        """Apply the deciding seat's choice; returns it (None when over)."""
        opt = self.choose(game)
        if opt is not None:
            game.apply(opt)
        return opt

    def play(self, Game game, int max_decisions=1000000):
        """Step until the game is over (or max_decisions); returns the count."""
        cdef int steps = 0
        while not game.is_over and steps < max_decisions:
            self.step(game)
            steps += 1
        return steps
