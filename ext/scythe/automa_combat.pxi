# Layer: rules. Uses: state, queries, automa.pxi and the other files of the rules layer.
#
# The Automa's combats, its setup and its solo scoring (Rulebook 003); its turn
# procedure, geometry and moves are in automa.pxi and automa_moves.pxi.

# ---------------------------------------------------------------- combat

cdef int automa_power_range(const GameState* g, int power) noexcept nogil:
    cdef int k
    for k in range(AUTOMA_N_RANGES):
        if power <= g.rules.automa.range_high[k]:
            return k
    return AUTOMA_N_RANGES - 1


cdef int automa_combat_commit(GameState* g, int8_t* cards) noexcept nogil:
    """The Automa's side of a combat (seed p.10), drawn after the human has committed.

    A new Automa card goes on the combat discard; the column for the Automa's power gives
    the power it spends (all it has if less) and how many of its random face-down combat
    cards it adds (all it has if fewer). Returns the power; `cards` (by value 2..5, as the
    engine's committed cards) gets the chosen cards, still in the hand: the combat
    resolution discards them and takes the power off the track as for any combatant.
    """
    cdef AutomaState* a = &g.automa
    cdef Player* p = &g.p[a.seat]
    cdef int c = a_draw_card(g)
    cdef const AutomaCardData* card = &g.rules.automa.cards[c]
    cdef int spend = card.combat_power[automa_power_range(g, p.power)]
    cdef int k = card.combat_cards
    cdef int8_t left[4]
    cdef int i, j, v, n_left, total = 0
    a.combat_discard[a.n_combat_discard] = <int8_t>c
    a.n_combat_discard += 1
    a.combat_card = <int8_t>c
    if spend > p.power:
        spend = p.power
    n_left = 0
    for v in range(4):
        left[v] = p.hand[v]
        cards[v] = 0
        n_left += left[v]
    if k > n_left:
        k = n_left
    for i in range(k):
        # Uniform over the individual cards still unchosen (the Automa never looks at them).
        j = rng_below(&g.rng, <uint32_t>n_left)
        v = 0
        while j >= left[v]:
            j -= left[v]
            v += 1
        left[v] -= 1
        cards[v] += 1
        n_left -= 1
        total += v + 2
    emit(g, EV_AUTOMA_COMBAT, a.seat, c + 1, spend, k, total, 0)
    return spend


cdef void automa_retreat(GameState* g, int c) noexcept nogil:
    """The Automa lost a combat at c: its hero and mechs go to the faction mat (Ultimaszyna:
    to its base), its workers to its base (seed p.10, p.12)."""
    cdef AutomaState* a = &g.automa
    cdef Player* p = &g.p[a.seat]
    cdef int base = base_cell(g, a.seat)
    cdef bint to_base = g.rules.automa.star_cards[a.level].retreat_to_base
    cdef int u
    for u in range(N_UNITS):
        if p.unit_cell[u] != c:
            continue
        if u < UNIT_WORKER0 and not to_base:
            p.unit_cell[u] = OFF_BOARD
            if u >= UNIT_MECH0:
                p.mech_deployed[u - UNIT_MECH0] = 0
        else:
            p.unit_cell[u] = <int8_t>base


cdef int automa_box_at(const GameState* g, int c, int* n) noexcept nogil:
    """The resource box the human would get by taking territory c from the Automa now (won
    as attacker, or drove off its lone workers): the top main-discard card's box, in the
    territory's resource. Returns that resource and sets *n to the tokens; -1 for none: on
    lakes, villages or the Factory (seed p.11), or with no card played yet (I-11)."""
    cdef int card = g.automa.last_main_card
    cdef int r = resource_of_terrain(g.rules.terrain[c])
    if card < 0 or not is_territory(g, c) or r < 0 or r > 3:
        return -1
    n[0] = g.rules.automa.cards[card].resources
    return r


cdef void automa_place_resources(GameState* g, int c) noexcept nogil:
    """The human took territory c from the Automa: place the resource box (automa_box_at).
    One card serves every conquest of the human's turn."""
    cdef int n = 0
    cdef int r = automa_box_at(g, c, &n)
    if r < 0:
        return
    g.cell_res[c][r] += n
    emit(g, EV_AUTOMA_RESOURCES, g.automa.seat, n, c, 0, 0, 0)


# ---------------------------------------------------------------- setup

cdef void automa_init(GameState* g, int seat, int human, int level, bint skip_turns, bint all_moves,
                      bint move_check, bint placement_check, int coin_modifier,
                      int power_modifier) noexcept nogil:
    """Make `seat` the Automa (seed p.2): 5 coins, popularity fixed at 10, no objectives;
    the cube on cell "I" of the level's star card; the 19 cards shuffled, scheme I up. Its
    pieces, power and combat cards are set up as any seat's (faction mat values, hero on the
    base, a worker on each land-adjacent territory)."""
    cdef AutomaState* a = &g.automa
    cdef const AutomaStarCard* sc = &g.rules.automa.star_cards[level]
    cdef Player* p = &g.p[seat]
    a.seat = <int8_t>seat
    a.human = <int8_t>human
    a.level = <int8_t>level
    a.skip_turns = sc.skip_turns or skip_turns
    a.all_moves = sc.all_moves or all_moves
    a.move_check = move_check
    a.placement_check = placement_check
    a.coin_modifier = <int8_t>coin_modifier
    a.power_modifier = <int8_t>power_modifier
    a.scheme = 0
    a.last_main_card = -1
    a.track_pos = 0
    a.track_stars = 0
    a.water_ok = 1 if sc.water_from == 0 else 0
    a.stage = AST_IDLE
    a.card = -1
    a.move_next = 0
    a.moved = 0
    a.move_blocked = 0
    a.combat_cell = -1
    a.combat_unit = -1
    a.combat_card = -1
    a.turns = 0
    a.skipped_turns = 0
    a.combats = 0
    a.combats_won = 0
    a_new_deck(g)
    p.coins = g.rules.automa.start_coins
    p.popularity = g.rules.automa.popularity
    p.objectives[0] = -1
    p.objectives[1] = -1


cdef void automa_compute_distances(AutomaRules* ar, const Rules* r) noexcept nogil:
    """Fill ar.dist: BFS over territories (rivers and lakes ignored, bases never crossed),
    then each base as 1 + the distance to its nearest touching territory (I-5)."""
    cdef int queue[N_CELLS]
    cdef int s, head, tail, h, d, n, b, best
    for s in range(N_CELLS):
        for h in range(N_CELLS):
            ar.dist[s][h] = 99
    ar.factory_cell = -1
    for s in range(1, N_CELLS):
        if r.terrain[s] == T_FACTORY:
            ar.factory_cell = <int8_t>s
        if r.terrain[s] == T_BASE:
            continue
        ar.dist[s][s] = 0
        queue[0] = s
        head = 0
        tail = 1
        while head < tail:
            h = queue[head]
            head += 1
            for d in range(6):
                n = r.neighbours[h][d]
                if n <= 0 or n >= N_CELLS or r.terrain[n] == T_BASE or ar.dist[s][n] != 99:
                    continue
                ar.dist[s][n] = <int8_t>(ar.dist[s][h] + 1)
                queue[tail] = n
                tail += 1
    for b in range(1, N_CELLS):
        if r.terrain[b] != T_BASE:
            continue
        ar.dist[b][b] = 0
        for h in range(1, N_CELLS):
            if r.terrain[h] == T_BASE:
                continue
            best = 99
            for d in range(6):
                n = r.neighbours[b][d]
                if n > 0 and n < N_CELLS and r.terrain[n] != T_BASE and ar.dist[h][n] < best:
                    best = ar.dist[h][n]
            if best < 99:
                ar.dist[h][b] = <int8_t>(best + 1)
                ar.dist[b][h] = <int8_t>(best + 1)


# ---------------------------------------------------------------- solo scoring

cdef int automa_capped_resources(const GameState* g, int seat, int cap) noexcept nogil:
    # Resources on territories `seat` controls, at most `cap` counted per territory (seed
    # p.11: the human scores at most 6 resources on any one territory).
    cdef int8_t ctl[N_CELLS]
    cdef int c, n, total = 0
    control_map(g, ctl)
    for c in range(1, N_CELLS):
        if ctl[c] == seat:
            n = a_resources_on(g, c)
            total += n if n < cap else cap
    return total


cdef void automa_tiebreak_values(const GameState* g, int seat, int* out) noexcept nogil:
    # Solo tie-breaks in the data's order (seed p.11: as usual, but no resources). Units
    # count off the faction mat, so on the board or on the base (I-18), plus structures.
    cdef int v[AUTOMA_N_TIEBREAKS]
    cdef int base[N_TIEBREAKS]
    cdef int k
    tiebreak_values(g, seat, base)
    v[ATB_UNITS_AND_STRUCTURES] = base[0]
    v[ATB_POWER] = base[1]
    v[ATB_POPULARITY] = base[2]
    v[ATB_TERRITORIES] = base[4]
    v[ATB_STARS] = base[5]
    for k in range(g.rules.automa.n_tiebreaks):
        out[k] = v[g.rules.automa.tiebreak[k]]


cdef void automa_final_scores(GameState* g, int* score, int* components, int* rank,
                              int* shared) noexcept nogil:
    """Final scores of a solo game (seed p.11). The human scores as usual except that at most
    6 resources count per territory; the Automa scores its coins, $4 per star and $3 per
    territory, nothing for resources. Ranks use the solo tie-breaks (no resources)."""
    cdef int key[MAX_SEATS][1 + AUTOMA_N_TIEBREAKS]
    cdef const AutomaRules* ar = &g.rules.automa
    cdef int seat, k, tier
    cdef int n = g.n_players
    final_scores(g, score, components, rank, shared)
    for seat in range(n):
        if a_is_automa(g, seat):
            components[seat * N_SCORE_COMPONENTS + SC_COINS] = g.p[seat].coins
            components[seat * N_SCORE_COMPONENTS + SC_STARS] = g.p[seat].stars * ar.per_star
            components[seat * N_SCORE_COMPONENTS + SC_TERRITORIES] = (
                controlled_territories(g, seat) * ar.per_territory)
            if not ar.automa_scores_resources:
                components[seat * N_SCORE_COMPONENTS + SC_RESOURCES] = 0
            components[seat * N_SCORE_COMPONENTS + SC_STRUCTURE_BONUS] = 0
        else:
            tier = popularity_tier(g, g.p[seat].popularity)
            components[seat * N_SCORE_COMPONENTS + SC_RESOURCES] = (
                automa_capped_resources(g, seat, ar.human_resource_cap) // 2) * g.rules.tier_resource_pair[tier]
        score[seat] = 0
        for k in range(N_SCORE_COMPONENTS):
            score[seat] += components[seat * N_SCORE_COMPONENTS + k]
        key[seat][0] = score[seat]
        automa_tiebreak_values(g, seat, &key[seat][1])
    rank_by_keys(&key[0][0], 1 + AUTOMA_N_TIEBREAKS, 1 + ar.n_tiebreaks, n, rank, shared)
