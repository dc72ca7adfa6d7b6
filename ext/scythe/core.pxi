# Layer: rules. Uses: state, queries.
#
# Small shared pieces of the rules: the event kinds, tracks, combat cards,
# abilities, Coercion, top-row values, stars and the end of the game. (Who is
# where and the counts of a seat's pieces are queries: queries.pxi.)

# ---------------------------------------------------------------- events
cdef enum EventKind:
    EV_TURN = 1          # seat starts a turn; a = turn number
    EV_DECISION = 2      # seat chose: a = DecisionKind, b = option, c = aux; flag 1 = auto-applied
    EV_STAR = 3          # seat placed a star; a = StarKind, b = stars now
    EV_COMBAT = 4        # seat = attacker; a = defender, b = cell
    EV_COMBAT_REVEAL = 5 # seat; a = dial, b = card total, c = cards played, d = total strength
    EV_COMBAT_RESULT = 6 # seat = winner; a = loser, b = cell, c = loser's units retreated to
    EV_CARD_DRAWN = 7    # seat drew a combat card of value a (0: none left)
    EV_ENCOUNTER = 8     # seat drew encounter card id a on cell b
    EV_DISPLACE = 9      # seat (mover) sent a workers of seat b home from cell c; d = popularity lost
    EV_FACTORY = 10      # seat took Factory card id a
    EV_END = 11          # a = EndReason
    EV_ABILITY = 12      # seat used a combat ability: a = Ability, b = opponent, c = value;
    #                      flag 1: a faction ability, a = FactionAbility, b = what it gave
    #                      (Dominate: the star kind past the caps; Meander: the second option)
    EV_RESHUFFLE = 13    # combat discard pile shuffled into a new deck of a cards
    EV_UNDO_MOVE = 14    # §19.4: seat's unit a returned from cell b to cell c
    EV_POPULARITY = 15   # seat lost a popularity for b workers forced to retreat in combat
    EV_RECRUIT_BONUS = 16  # seat gained its recruit ongoing bonus of BottomAction a (amount b)
    EV_MOVE_ABILITY = 17 # seat's unit b stepped from cell c to cell d by an ability: a = Ability,
    #                      or with flag 1 a FactionAbility (Swim); logged games only


# emit(g, kind, seat, a, b, c, d, flag) records one of these (ext/common/emit.pxi).


# ---------------------------------------------------------------- tracks
# Gains above a track's maximum are lost and nothing goes below 0
# (Rulebook §4.5, digest §24.11).
cdef inline int clamped(int v, int hi) noexcept nogil:
    if v < 0:
        return 0
    return hi if v > hi else v


cdef inline void add_power(GameState* g, int seat, int n) noexcept nogil:
    g.p[seat].power = clamped(g.p[seat].power + n, N_TRACK_POWER)


cdef inline void add_popularity(GameState* g, int seat, int n) noexcept nogil:
    g.p[seat].popularity = clamped(g.p[seat].popularity + n, N_TRACK_POPULARITY)


cdef inline void add_coins(GameState* g, int seat, int n) noexcept nogil:
    # Coins are unlimited (digest §3.1, public rule, conf: high); the cap only keeps the
    # field from overflowing.
    g.p[seat].coins = clamped(g.p[seat].coins + n, 30000)


# ---------------------------------------------------------------- combat cards
cdef int draw_card(GameState* g, int seat) noexcept nogil:
    # Draw the top combat card; an empty deck is replaced by the shuffled
    # discard pile, and with both empty nothing is drawn (Rulebook §7.4).
    cdef int i, v
    if g.n_combat_deck == 0:
        if g.n_combat_discard == 0:
            emit(g, EV_CARD_DRAWN, seat, 0, 0, 0, 0, 0)
            return 0
        for i in range(g.n_combat_discard):
            g.combat_deck[i] = g.combat_discard[i]
        g.n_combat_deck = g.n_combat_discard
        g.n_combat_discard = 0
        rng_shuffle(&g.rng, <signed char*>g.combat_deck, g.n_combat_deck)
        emit(g, EV_RESHUFFLE, -1, g.n_combat_deck, 0, 0, 0, 0)
    g.n_combat_deck -= 1
    v = g.combat_deck[g.n_combat_deck]
    g.p[seat].hand[v - 2] += 1
    emit(g, EV_CARD_DRAWN, seat, v, 0, 0, 0, 0)
    return v


cdef void gain(GameState* g, int seat, int kind, int n) noexcept nogil:
    # n of a Gain: coins, popularity or power on their tracks, or n combat cards drawn.
    cdef int i
    if kind == GAIN_COINS:
        add_coins(g, seat, n)
    elif kind == GAIN_POPULARITY:
        add_popularity(g, seat, n)
    elif kind == GAIN_POWER:
        add_power(g, seat, n)
    else:
        for i in range(n):
            draw_card(g, seat)


cdef inline int column_gain(int column) noexcept nogil:
    # What a bottom-action column's recruit bonuses give, one-time and ongoing (Rulebook
    # §9.4): Upgrade power, Deploy coins, Build popularity, Enlist combat cards.
    if column == BOT_UPGRADE:
        return GAIN_POWER
    if column == BOT_DEPLOY:
        return GAIN_COINS
    if column == BOT_BUILD:
        return GAIN_POPULARITY
    return GAIN_CARDS


cdef inline void discard_card(GameState* g, int seat, int value) noexcept nogil:
    g.p[seat].hand[value - 2] -= 1
    g.combat_discard[g.n_combat_discard] = value
    g.n_combat_discard += 1


# ---------------------------------------------------------------- abilities
# A mech ability is active once the mech covering it is deployed (Rulebook
# §9.2); it serves the character and every mech. The Automa uses none
# (Rulebook 003 p.2). has_ability asks about one ability through the faction's
# index of spaces by ability; active_abilities gives them all at once.

cdef inline bint has_ability(const GameState* g, int seat, int ability) noexcept nogil:
    cdef unsigned int spaces = g.rules.factions[g.p[seat].faction].ability_spaces[ability]
    cdef int k
    if seat == g.automa.seat:
        return False          # the Automa uses no mech abilities (Rulebook 003 p.2)
    while spaces:
        k = lowest_bit(spaces)
        if g.p[seat].mech_deployed[k]:
            return True
        spaces &= spaces - 1
    return False


cdef inline uint32_t active_abilities(const GameState* g, int seat) noexcept nogil:
    # Bit a set: has_ability(g, seat, a).
    cdef const int8_t* ability = g.rules.factions[g.p[seat].faction].mech_ability
    cdef const uint8_t* deployed = g.p[seat].mech_deployed
    cdef uint32_t m = 0
    cdef int k
    if seat == g.automa.seat:
        return 0
    for k in range(4):
        if deployed[k]:
            m |= 1u << ability[k]
    return m


cdef inline int faction_ability(const GameState* g, int seat) noexcept nogil:
    if seat == g.automa.seat:
        return FA_NONE        # nor its faction ability (Rulebook 003 p.2)
    return g.rules.factions[g.p[seat].faction].ability


# ---------------------------------------------------------------- star caps
cdef inline bint star_cap_reached(const Player* p, int kind) noexcept nogil:
    # The caps of every faction but Saxony (§18): 2 stars for combats, 1 for objectives.
    return ((kind == STAR_COMBAT and p.combat_stars >= 2)
            or (kind == STAR_OBJECTIVE and p.star_placed[STAR_OBJECTIVE]))


cdef inline bint earns_combat_star(const GameState* g, int seat) noexcept nogil:
    # A won combat places a star below the cap; Saxony's have none and must place (§13.4, §12).
    return not star_cap_reached(&g.p[seat], STAR_COMBAT) or faction_ability(g, seat) == FA_DOMINATE


# ---------------------------------------------------------------- Coercion
cdef inline bint can_coerce(const GameState* g, int seat) noexcept nogil:
    # Crimea's Coercion: once per turn, 1 combat card pays for 1 resource (§12).
    return (seat == g.active and faction_ability(g, seat) == FA_COERCION
            and not g.p[seat].coercion_used and hand_size(g, seat) > 0)


# ---------------------------------------------------------------- top-row values
cdef inline int top_value(const Player* p, int tc, int base) noexcept nogil:
    # A top-row benefit grows by 1 once Upgrade has taken its cube (§9.1).
    return base + (0 if p.top_cube[tc] else 1)


cdef inline int bottom_cost(const GameState* g, int seat, int b) noexcept nogil:
    cdef const Player* p = &g.p[seat]
    return g.rules.mats[p.mat].bottom_cost_start[b] - p.bottom_cubes[b]


cdef inline int bottom_free_boxes(const GameState* g, int seat, int b) noexcept nogil:
    # Dashed cost boxes still empty on bottom action b (§9.1).
    cdef const Player* p = &g.p[seat]
    return (g.rules.mats[p.mat].bottom_cost_start[b] - g.rules.mats[p.mat].bottom_cost_min[b]
            - p.bottom_cubes[b])


# ---------------------------------------------------------------- stars and the end
cdef void undo_pending_moves(GameState* g) noexcept nogil:
    # §19.4: at the end of the game, units the active player moved onto a
    # territory whose combat is still pending go back to where they came from,
    # with the resources they carried there.
    cdef int a = g.active, c, u, back, r
    cdef uint64_t cells = g.t.combat_cells
    if cells == 0:
        return
    for c in range(1, N_CELLS):
        if not (cells >> c) & 1:
            continue
        for u in range(N_UNITS):
            if g.p[a].unit_cell[u] == c:
                back = g.t.came_from[u]
                if back > 0:
                    g.p[a].unit_cell[u] = back
                    if u < UNIT_WORKER0:
                        for r in range(4):
                            if g.t.came_res[u][r] > 0 and g.cell_res[c][r] >= g.t.came_res[u][r]:
                                g.cell_res[c][r] -= g.t.came_res[u][r]
                                g.cell_res[back][r] += g.t.came_res[u][r]
                    emit(g, EV_UNDO_MOVE, a, u, c, back, 0, 0)
    g.t.combat_cells = 0


cdef void end_game(GameState* g, int reason) noexcept nogil:
    if g.end_reason != END_NOT_OVER:
        return
    g.end_reason = reason
    if reason == END_SIXTH_STAR or (reason == END_RESOLUTION and g.t.phase != PH_END_TURN):
        undo_pending_moves(g)
        # the turn that ended the game counts as taken, by its player too
        g.turn += 1
        g.p[g.active].turns += 1
    g.decision = DK_NONE
    g.decider = -1
    g.t.phase = PH_GAME_OVER
    emit(g, EV_END, -1, reason, 0, 0, 0, 0)


cdef void place_star(GameState* g, int seat, int kind) noexcept nogil:
    # Place one star; the 6th ends the game at once (Rulebook §18, §19.1), unless a Wind
    # Gambit resolution says when the game ends (6 stars at most all the same, rulebook 004).
    cdef Player* p = &g.p[seat]
    if g.end_reason != END_NOT_OVER or p.stars >= N_STARS:
        return
    if star_cap_reached(p, kind) and faction_ability(g, seat) == FA_DOMINATE:
        emit(g, EV_ABILITY, seat, FA_DOMINATE, kind, 0, 0, 1)   # a star past the caps (§12)
    if kind == STAR_COMBAT:
        p.combat_stars += 1
    elif kind == STAR_TILE:
        g.wg.tile_stars[seat] += 1   # on a Wind Gambit resolution tile (resolutions.pxi)
    elif kind == STAR_OBJECTIVE:
        p.objective_stars += 1
        p.star_placed[STAR_OBJECTIVE] = 1
    else:
        p.star_placed[kind] = 1
    p.stars += 1
    emit(g, EV_STAR, seat, kind, p.stars, 0, 0, 0)
    if g.rules.wg.resolutions_on:
        res_star_placed(g, seat)     # resolutions.pxi
    elif p.stars >= N_STARS:
        end_game(g, END_SIXTH_STAR)


cdef void check_track_stars(GameState* g, int seat) noexcept nogil:
    # Stars whose condition is a standing fact (§18): placed as soon as the
    # player reaches it at a check point; a star, once placed, stays.
    cdef Player* p = &g.p[seat]
    if g.end_reason != END_NOT_OVER:
        return
    if seat == g.automa.seat:
        return                # the Automa places stars only its own ways (automa.pxi)
    if not p.star_placed[STAR_UPGRADES] and upgrades_done(p) >= 6:
        place_star(g, seat, STAR_UPGRADES)
    if g.end_reason != END_NOT_OVER:
        return
    if not p.star_placed[STAR_MECHS] and mechs_deployed(p) >= N_MECHS:
        place_star(g, seat, STAR_MECHS)
    if g.end_reason != END_NOT_OVER:
        return
    if not p.star_placed[STAR_STRUCTURES] and structures_built(p) >= 4:
        place_star(g, seat, STAR_STRUCTURES)
    if g.end_reason != END_NOT_OVER:
        return
    if not p.star_placed[STAR_RECRUITS] and recruits_enlisted(p) >= 4:
        place_star(g, seat, STAR_RECRUITS)
    if g.end_reason != END_NOT_OVER:
        return
    if not p.star_placed[STAR_WORKERS] and workers_on_mat(g, seat) == 0:
        place_star(g, seat, STAR_WORKERS)
    if g.end_reason != END_NOT_OVER:
        return
    if not p.star_placed[STAR_POPULARITY] and p.popularity >= N_TRACK_POPULARITY:
        place_star(g, seat, STAR_POPULARITY)
    if g.end_reason != END_NOT_OVER:
        return
    if not p.star_placed[STAR_POWER] and p.power >= N_TRACK_POWER:
        place_star(g, seat, STAR_POWER)


cdef void check_all_stars(GameState* g) noexcept nogil:
    # The active player places first; then the others, clockwise from the
    # active player, place stars earned on this turn (§19.3).
    cdef int i, s
    check_track_stars(g, g.active)
    for i in range(1, g.n_players):
        if g.end_reason != END_NOT_OVER:
            return
        s = (g.active + i) % g.n_players
        check_track_stars(g, s)
