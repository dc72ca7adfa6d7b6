# Compiled heuristic policies for Scythe (issue #4): values and prices.
#
# The heuristics' header (what a policy may read), the strategy and weight ids, and the
# prices of single things: a popularity or power step, cards, tokens, a worker, and each
# bottom-row effect (upgrade, mech, structure, recruit).
#
# The heuristics are split by concern over heuristics_*.pxi (included in this order
# from scythe.pyx): values, init, board, move, sections, combat, choose, pyapi.
#
# One framework, several strategies. A policy is a strategy id plus a vector of
# named weights (simsuite/games/scythe/policies.py names them and holds each
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
    HP_EXPERT = 5
    HP_FIRST = 1
    HP_LAST = 5

# Weight indices (simsuite/games/scythe/policies.py WEIGHT_NAMES has the same order).
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
    HW_ADAPT = 31           # seat-adapted planning (0: off): the Automa's clock and the end
                            # spread (h_adapt_clock), the popularity ramp (h_pop_level),
                            # Coercion's cards as tokens, the race to or away from the 6th
                            # star (h_win_bonus), the opponent's loss in 2 seats (h_deny)
    # Which Upgrade (h_upgrade_pick): coins added to exposing a top-row cell, relative to the
    # coin cell, and to covering a bottom action's cost box, relative to the Upgrade's own.
    # 0 for every strategy; a table row may set them (the search's first Upgrades differ from
    # expert's by faction, mat and opponent: BENCHMARKS.md "Policy strength", session 35).
    HW_PICK_MOVE = 32
    HW_PICK_POPULARITY = 33
    HW_PICK_POWER = 34
    HW_PICK_CARDS = 35
    HW_PICK_PRODUCE = 36
    HW_PICK_DEPLOY = 37
    HW_PICK_BUILD = 38
    HW_PICK_ENLIST = 39
    # Late weights: what a price gains (or loses) by the game's end. Each is added to its
    # price in proportion to the most stars any seat holds (none at the start, all of it at
    # 5 stars), so a table row can price the opening and the end apart (h_stage_weights,
    # heuristics_init.pxi). 0 for every strategy; the table's rows may set them.
    HW_LATE_INVEST = 40       # added to each of upgrade, deploy, build and enlist
    HW_LATE_POPULARITY = 41
    HW_LATE_POWER = 42
    HW_LATE_KEEP = 43
    HW_LATE_TERRITORY = 44
    HW_LATE_PRODUCTION = 45
    HW_LATE_ATTACK_EDGE = 46
    HW_LATE_ADVANCE = 47      # added to mech_advance
    HW_LATE_FIRST = 40
    N_HW = 48

cdef double H_LAMBDA = 0.7      # potential decay per step toward a target
cdef double H_NEG = -1.0e9
cdef double H_EPS = 1.0e-9
# Seat-adapted combat against the Automa (heuristics_combat.pxi h_automa_target, h_edge),
# chosen on paired runs against the Automa at level automa (seeds 555001-555002):
cdef double H_AUTOMA_SURE = 0.85    # the win chance a commitment aims for
cdef double H_AUTOMA_FIGHT = 0.15   # the least best chance for which a commitment is made
cdef double H_AUTOMA_EDGE_Q = 0.6   # its strength when attacking it: this quantile of its total
# Seat-adapted tier goal (h_tier_goal), chosen on paired runs against the Automa (seeds
# 11000001 and 11100001; BENCHMARKS "expert's multi-turn economy"):
cdef double H_TIER_GOAL = 0.3       # share of a tier's end-scoring gain priced as a goal
cdef double H_TIER_HORIZON = 8.0    # ... with at most this many own turns left
# Seat-adapted: power left at the end scores nothing, so over the last turns (h.late) a combat
# is started with this many power points less of an edge (h_attack_edge); chosen on paired
# runs (BENCHMARKS "Policy strength", session 33).
cdef double H_LATE_EDGE = 1.0
# Seat-adapted: a discount on a bottom action is counted over at most one use every this many
# of the turns left (h_discount_uses). `expert` takes each bottom action about once in 6-8 turns
# against the Automa (`simsuite report behaviour`: its four sections' shares of its turns and
# the share with the bottom action taken). Chosen on paired runs (BENCHMARKS "Policy strength",
# sessions 35-36): 4 gained +0.11 to +0.21 points of margin at the normal level on three sets of
# fresh seeds and +0.26 / +0.34 at Ultimaszyna on two, within ±0.15 elsewhere; 3 gains less,
# 6 loses 1.2 at the normal level.
cdef double H_DISCOUNT_TURNS = 4.0
# Seat-adapted, against an Automa that takes every move of its card: the factor on a Deploy
# discount's worth (h_upgrade_bottom). At Ultimaszyna the search buys Deploy's discount with its
# first or second Upgrade where `expert` bought the Upgrade's own or Enlist's (ext/scythe/
# search_hybrid.py and its log, BENCHMARKS "Policy strength", sessions 35-36). Chosen on paired
# runs (session 36): 1.5 gains 2.5 points of margin there, 2 and 3 gain 3.7; the other levels
# are untouched.
cdef double H_AUTOMA_DEPLOY = 2.0
# Seat-adapted, against the Automa: over the last H_AUTOMA_BOTTOM_TURNS of the seat's turns left,
# a bottom action worth taking is worth H_AUTOMA_BOTTOM coins more when a section is weighed
# (h_bottom_late). Those turns held most of the turns that skipped a payable bottom action (at
# Ultimaszyna 66% of the payable last turns took it, 89% before the last five), mostly near
# ties with a Move or a Trade. Chosen on paired runs (BENCHMARKS "Policy strength", sessions 37
# and 38): 1 coin over 6 turns took the rate at Ultimaszyna from 84.6% to 85.6%; with that
# level's own table rows (session 38) it fell to 84.6% again, and 2 coins over 8 turns bring it
# to 86.1% (3 over 6: 86.2% at -0.13 margin), margin within +-0.03 at Ultimaszyna and normal.
cdef double H_AUTOMA_BOTTOM = 2.0
cdef double H_AUTOMA_BOTTOM_TURNS = 8.0
# The same against an Automa that takes every move of its card (Ultimaszyna, or its optional
# rule 6), where attacks on it are priced by their odds (H_AUTOMA_ODDS): that pricing fights
# more of the near ties that a bottom action would otherwise win (the rate fell from 86.3% to
# 84.5% at Ultimaszyna), and 3 coins over 10 turns bring it back: 86.0% (session 46, 2,000
# deals), 85.8% with both as without either (session 47, 3,000 deals; BENCHMARKS "Policy
# strength"). 3 over 12 and 4 over 10 measured no better.
cdef double H_AUTOMA_BOTTOM_ALL = 3.0
cdef double H_AUTOMA_BOTTOM_ALL_TURNS = 10.0


def _set_tier_goal(double share, double horizon):
    """Tuning hook: H_TIER_GOAL (0: no goal, as before) and H_TIER_HORIZON."""
    global H_TIER_GOAL, H_TIER_HORIZON
    H_TIER_GOAL = share
    H_TIER_HORIZON = horizon


def _set_bottom_late(double bonus, double turns, bint all_moves=False):
    """Tuning hook: H_AUTOMA_BOTTOM (0: none, as before) and H_AUTOMA_BOTTOM_TURNS; with
    all_moves, their values against an Automa that takes all its moves (H_AUTOMA_BOTTOM_ALL*)."""
    global H_AUTOMA_BOTTOM, H_AUTOMA_BOTTOM_TURNS, H_AUTOMA_BOTTOM_ALL, H_AUTOMA_BOTTOM_ALL_TURNS
    if all_moves:
        H_AUTOMA_BOTTOM_ALL = bonus
        H_AUTOMA_BOTTOM_ALL_TURNS = turns
    else:
        H_AUTOMA_BOTTOM = bonus
        H_AUTOMA_BOTTOM_TURNS = turns


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


cdef inline double h_attack_edge(HCtx* h) noexcept nogil:
    # The strength edge (power points) this seat wants before it starts a combat.
    return h.w[HW_ATTACK_EDGE] - H_LATE_EDGE * h.late


cdef inline bint h_holds_objective(HCtx* h, int card) noexcept nogil:
    # This seat holds objective card `card` face down and may still complete one (§16).
    cdef const Player* p = &h.g.p[h.seat]
    return (p.objectives[0] == card or p.objectives[1] == card) and objective_star_left(h.g, h.seat)


cdef inline bint h_star_free(HCtx* h) noexcept nogil:
    return h.g.p[h.seat].stars < N_STARS


cdef double h_pop_level(HCtx* h, int pop) noexcept nogil:
    # Worth of standing on `pop`: a linear part, the scoring tiers (each
    # threshold's end-game gain ramps in over the 3 points below it), the 18
    # star and the plan toward it.
    cdef const GameState* g = h.g
    cdef const Player* p = &g.p[h.seat]
    cdef const double* w = h.w
    cdef double v, gain, stars_e, terr_e, pairs_e, ramp, goal, width = 3.0
    cdef int t
    if pop < 0:
        pop = 0
    if pop > N_TRACK_POPULARITY:
        pop = N_TRACK_POPULARITY
    if w[HW_ADAPT] > 0.0:
        # Seat-adapted: a threshold is planned for from 6 points below (a mat starting at
        # 2 popularity sees the 7 tier from the start; a few Trades reach it), and in the
        # last turns the ramp becomes the step it scores as.
        width = 6.0 - 5.0 * h.late
    v = w[HW_POPULARITY] * pop
    stars_e = 3.0 + 0.5 * p.stars
    terr_e = 6.0
    pairs_e = 3.0 + 0.25 * h.res_total
    for t in range(1, 3):
        gain = ((g.rules.tier_star[t] - g.rules.tier_star[t - 1]) * stars_e
                + (g.rules.tier_territory[t] - g.rules.tier_territory[t - 1]) * terr_e
                + (g.rules.tier_resource_pair[t] - g.rules.tier_resource_pair[t - 1]) * pairs_e)
        goal = 0.0
        if w[HW_ADAPT] > 0.0 and h.turns_left <= H_TIER_HORIZON:
            # (in the last turns the exact step below takes over)
            goal = (1.0 - h.late) * h_tier_goal(h, t, pop, gain)
        # paid at the end: it matters more as the end nears
        ramp = (w[HW_TIER] * gain * h.progress
                * h_clamp((pop - g.rules.tier_bounds[t] + width) / width, 0.0, 1.0))
        if h.late > 0.0:
            # Seat-adapted, in the last turns: the tier pays (§20) on the stars, territories
            # and resource pairs held now, all of it, once the threshold is reached.
            gain = ((g.rules.tier_star[t] - g.rules.tier_star[t - 1]) * p.stars
                    + (g.rules.tier_territory[t] - g.rules.tier_territory[t - 1]) * h.terr_now
                    + (g.rules.tier_resource_pair[t] - g.rules.tier_resource_pair[t - 1])
                    * (h.res_total // 2))
            ramp = ((1.0 - h.late) * ramp
                    + h.late * (gain if pop >= g.rules.tier_bounds[t] else 0.0))
        v += ramp + goal
    if pop > 8:
        v += w[HW_POP_STAR] * (pop - 8)
    if not p.star_placed[STAR_POPULARITY]:
        # the 18 star, credited step by step from 10 (§18)
        v += (h.star_val * h_clamp((pop - 10) / 8.0, 0.0, 1.0)
              * h_reach(h, N_TRACK_POPULARITY - pop, 2))
        if pop >= N_TRACK_POPULARITY:
            v += h_win_bonus(h)
    return v


cdef double h_tier_goal(HCtx* h, int t, int pop, double gain) noexcept nogil:
    # Seat-adapted, in the last turns (H_TIER_HORIZON): popularity tier t pays about `gain`
    # at the end (§20: a coin more per star, territory and resource pair). The ramp of
    # h_pop_level prices a threshold a few points below it only at a fraction of that, so
    # the seat drifts to the end in the lowest tier. Here the threshold just above the
    # seat's popularity is a goal: the share H_TIER_GOAL of its gain is spread over the
    # points still missing (each point toward it is priced, a point lost sets it back), as
    # far as the turns left allow a point every other turn. A threshold already reached is
    # held: falling below it loses the share over 2 points.
    cdef int bound = h.g.rules.tier_bounds[t], now = h.g.p[h.seat].popularity, need
    cdef double share = H_TIER_GOAL * gain
    if now >= bound:
        return share * h_clamp((pop - bound + 2) / 2.0, 0.0, 1.0)
    if now < h.g.rules.tier_bounds[t - 1]:
        return 0.0                  # a threshold beyond the next one
    need = bound - now
    share *= h_clamp(h.turns_left / (2.0 * need), 0.0, 1.0)
    if pop >= bound:
        return share
    return share * (pop - now) / need


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
        if p.forced_retreat and h_holds_objective(h, 6):
            v += h.w[HW_OBJECTIVE]    # objective 6: a retreat forced, now 7 power (objectives.pxi)
    if not p.star_placed[STAR_POWER]:
        # the 16 star, credited step by step from 8 (§18)
        v += (h.star_val * h_clamp((power - 8) / 8.0, 0.0, 1.0)
              * h_reach(h, N_TRACK_POWER - power, 3))
        if power >= N_TRACK_POWER:
            v += h_win_bonus(h)
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
    cdef bint mastery = h.g.p[h.seat].combat_stars > 0 and h_holds_objective(h, 23)
    for i in range(n):
        if have + i < 3 and h.card_tok > h.w[HW_CARD]:
            v += h.card_tok          # Coercion's token (h_init)
        else:
            # (a card kept to the end scores nothing: seat-adapted, its worth fades over the
            # last turns, h.late)
            v += h.w[HW_CARD] * (1.0 if have + i < 6 else 0.3) * (1.0 - h.late)
        if mastery and have + i < 8:
            # objective 23: 8 cards once a combat star is placed, its plan weight spread
            # over the cards still missing (objectives.pxi)
            v += h.w[HW_OBJECTIVE] / (8 - have)
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
        if nb == N_WORKERS:
            v += h_win_bonus(h)
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


cdef double h_discount_uses(HCtx* h, int bb) noexcept nogil:
    # The later uses of bottom action bb that a token off its cost is counted over: its effects
    # still open (less the Upgrade being made), at most one every 2 of the turns left (a
    # section is not taken twice running, §6). The seat-adapted strategy counts at most one
    # every H_DISCOUNT_TURNS: its turns are shared by four sections and most bottom actions.
    cdef int later = h.uses[bb] - (1 if bb == BOT_UPGRADE else 0)
    cdef double n = later
    cdef double per = H_DISCOUNT_TURNS if h.w[HW_ADAPT] > 0.0 else 2.0
    if later <= 0:
        return 0.0
    if n > h.turns_left / per:
        n = h.turns_left / per
    return n


cdef double h_upgrade_bottom(HCtx* h, int bb) noexcept nogil:
    # Worth of one token off every later use of bottom action bb. Seat-adapted, against an
    # Automa that takes every move of its card (Ultimaszyna, Rulebook 003 "Ultimate
    # AutoMachina", or its optional rule 6), a token off Deploy is worth H_AUTOMA_DEPLOY times
    # as much: that Automa spreads and attacks every turn, and mechs sooner are what hold
    # territories and workers against it.
    cdef double n = h_discount_uses(h, bb)
    if n <= 0.0:
        return 0.1
    if bb == BOT_DEPLOY and h_automa_defence(h) and h.g.automa.all_moves:
        n *= H_AUTOMA_DEPLOY
    return n * (0.8 + h.w[HW_RESOURCE] * h.bval[bb] / (h.cost[bb] if h.cost[bb] > 0 else 1)) * 0.5


cdef double h_upgrade_pick(HCtx* h, int tc, int bb) noexcept nogil:
    # The seat's own preference among Upgrades (HW_PICK_*), on top of what the cells are worth:
    # top cell tc exposed, bottom action bb's cost box covered. The coin cell and the Upgrade's
    # own box are the zero points (only differences among the options matter).
    cdef double v = 0.0
    if tc == TC_MOVE_UNITS:
        v = h.w[HW_PICK_MOVE]
    elif tc == TC_TRADE_POP:
        v = h.w[HW_PICK_POPULARITY]
    elif tc == TC_BOLSTER_POWER:
        v = h.w[HW_PICK_POWER]
    elif tc == TC_BOLSTER_CARDS:
        v = h.w[HW_PICK_CARDS]
    elif tc == TC_PRODUCE_HEXES:
        v = h.w[HW_PICK_PRODUCE]
    if bb == BOT_DEPLOY:
        v += h.w[HW_PICK_DEPLOY]
    elif bb == BOT_BUILD:
        v += h.w[HW_PICK_BUILD]
    elif bb == BOT_ENLIST:
        v += h.w[HW_PICK_ENLIST]
    return v


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
    # the star of the category, credited step by step (§18), as far as it can still be
    # reached: one effect a turn at most, and not the same section twice running
    return ((h.w[HW_UPGRADE + b] + h.star_val / (6.0 if b == BOT_UPGRADE else 4.0))
            * h_reach(h, h.uses[b], 1)
            + (h_win_bonus(h) if h.uses[b] == 1 else 0.0))


cdef inline double h_reach(HCtx* h, int steps, int per_use) noexcept nogil:
    # Seat-adapted (W_ADAPT > 0): the share of a star's step-by-step credit kept when it
    # needs `steps` more steps, `per_use` a turn at most and every other turn (a section is
    # not taken twice running, §6): the turns left over the turns it needs, at most 1. A
    # star that the end will come before is worth nothing as progress. Else 1.
    cdef int uses
    if h.w[HW_ADAPT] <= 0.0 or steps <= 0:
        return 1.0
    uses = (steps + per_use - 1) // per_use
    return h_clamp(h.turns_left / (2.0 * uses - 1.0), 0.0, 1.0)


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
