# State invariants (DESIGN.md "Testing habits"): every piece accounted for,
# values in range, star limits, decks conserved, and a decision with legal
# options while the game is not over. `invariant_error` returns 0 or an error
# code (INV_*) with details in info[0..3]; pyapi.pxi turns it into a message.

cdef enum InvariantError:
    INV_OK = 0
    INV_CHARACTER = 1        # info: seat, cell
    INV_MECH = 2             # seat, mech space, cell, deployed flag
    INV_WORKER = 3           # seat, worker, cell
    INV_STRUCTURE = 4        # seat, structure, cell
    INV_STRUCTURE_SHARED = 5 # cell
    INV_RESOURCES = 6        # cell, resource, count
    INV_TRACKS = 7           # seat, power, popularity, coins
    INV_HAND = 8             # seat, value, count
    INV_CARDS = 9            # total counted, expected
    INV_STARS = 10           # seat, stars, counted
    INV_STAR_LIMIT = 11      # seat, combat stars, objective stars
    INV_UPGRADES = 12        # seat, cubes used on top, cubes on bottom
    INV_RECRUITS = 13        # seat, enlisted, one-time used
    INV_OBJECTIVES = 14      # counted, expected
    INV_ENCOUNTERS = 15      # counted, expected
    INV_FACTORY = 16         # seat / -1, card
    INV_SHARED_CELL = 17     # cell, seat a, seat b
    INV_LAKE_WORKER = 18     # seat, cell
    INV_NO_OPTIONS = 19      # decision kind, decider
    INV_END_REASON = 20      # end reason
    INV_TOKEN = 21           # cell
    INV_AUTOMA = 22          # what (1 deck, 2 tracker, 3 water, 4 scheme, 5 popularity, 6 mat pieces), values


cdef int automa_invariant(const GameState* g, int* info) noexcept nogil:
    # The Automa (Rulebook 003): its 19 cards each in exactly one pile; the cube on its star
    # card, lakes and rivers open exactly from the water cell, scheme II exactly after the
    # first star-card star; popularity fixed; no recruits, structures or upgrades.
    cdef const AutomaState* a = &g.automa
    cdef const AutomaStarCard* sc
    cdef const Player* p
    cdef int seen[AUTOMA_N_CARDS]
    cdef int i, k
    if a.seat < 0:
        return INV_OK
    sc = &g.rules.automa.star_cards[a.level]
    p = &g.p[a.seat]
    for i in range(AUTOMA_N_CARDS):
        seen[i] = 0
    for i in range(a.n_deck):
        seen[a.deck[i]] += 1
    for i in range(a.n_main_discard):
        seen[a.main_discard[i]] += 1
    for i in range(a.n_combat_discard):
        seen[a.combat_discard[i]] += 1
    for i in range(AUTOMA_N_CARDS):
        if seen[i] != 1:
            info[0] = 1
            info[1] = i + 1
            info[2] = seen[i]
            return INV_AUTOMA
    if a.track_pos < 0 or a.track_pos >= sc.cells:
        info[0] = 2
        info[1] = a.track_pos
        return INV_AUTOMA
    if (a.water_ok != 0) != (a.track_pos >= sc.water_from):
        info[0] = 3
        info[1] = a.water_ok
        info[2] = a.track_pos
        return INV_AUTOMA
    if (a.scheme == 1) != (a.track_stars >= 1):
        info[0] = 4
        info[1] = a.scheme
        info[2] = a.track_stars
        return INV_AUTOMA
    if p.popularity != g.rules.automa.popularity:
        info[0] = 5
        info[1] = p.popularity
        return INV_AUTOMA
    k = recruits_enlisted(p) + structures_built(p) + upgrades_done(p)
    if k != 0 or p.mat >= 0:
        info[0] = 6
        info[1] = k
        info[2] = p.mat
        return INV_AUTOMA
    return INV_OK


cdef int invariant_error(GameState* g, int* info) noexcept nogil:
    cdef const Rules* r = g.rules
    cdef int s, u, c, k, v, total, counted, o, cells_seats, a, b
    cdef int32_t buf[MAX_OPTIONS]
    cdef Player* p
    cdef uint8_t seen_struct[N_CELLS]
    cdef int8_t owner[N_CELLS]
    memset(seen_struct, 0, sizeof(seen_struct))
    info[0] = info[1] = info[2] = info[3] = 0
    if g.end_reason == END_ENGINE_ERROR:
        info[0] = g.end_reason
        return INV_END_REASON
    for s in range(g.n_players):
        p = &g.p[s]
        c = p.unit_cell[UNIT_CHARACTER]
        if s == g.automa.seat and c == OFF_BOARD:
            pass                  # a beaten Automa hero waits on its faction mat (003 p.10)
        elif c <= 0 or c >= N_CELLS or r.terrain[c] < 0:
            info[0] = s
            info[1] = c
            return INV_CHARACTER
        for k in range(N_MECHS):
            c = p.unit_cell[UNIT_MECH0 + k]
            if (c != OFF_BOARD) != (p.mech_deployed[k] != 0) or c == 0 or c >= N_CELLS:
                info[0] = s
                info[1] = k
                info[2] = c
                info[3] = p.mech_deployed[k]
                return INV_MECH
        for u in range(UNIT_WORKER0, N_UNITS):
            c = p.unit_cell[u]
            if c != OFF_BOARD and (c <= 0 or c >= N_CELLS or r.terrain[c] < 0):
                info[0] = s
                info[1] = u
                info[2] = c
                return INV_WORKER
            if c > 0 and r.terrain[c] == T_LAKE and mechs_on(g, s, c) == 0 and s != g.automa.seat:
                info[0] = s
                info[1] = c
                return INV_LAKE_WORKER
        for k in range(4):
            c = p.structure_cell[k]
            if c == OFF_BOARD:
                continue
            if not is_territory(g, c) or r.terrain[c] == T_LAKE:
                info[0] = s
                info[1] = k
                info[2] = c
                return INV_STRUCTURE
            if seen_struct[c]:
                info[0] = c
                return INV_STRUCTURE_SHARED
            seen_struct[c] = 1
        if (p.power < 0 or p.power > N_TRACK_POWER or p.popularity < 0
                or p.popularity > N_TRACK_POPULARITY or p.coins < 0):
            info[0] = s
            info[1] = p.power
            info[2] = p.popularity
            info[3] = p.coins
            return INV_TRACKS
        for v in range(4):
            if p.hand[v] < 0:
                info[0] = s
                info[1] = v + 2
                info[2] = p.hand[v]
                return INV_HAND
        counted = p.combat_stars + p.objective_stars
        if s == g.automa.seat:
            counted += g.automa.track_stars          # stars from its star card (003 p.9)
        for k in range(N_STAR_KINDS):
            if k != STAR_OBJECTIVE and k != STAR_COMBAT and p.star_placed[k]:
                counted += 1
        if counted != p.stars or p.stars > N_STARS or p.stars < 0:
            info[0] = s
            info[1] = p.stars
            info[2] = counted
            return INV_STARS
        if faction_ability(g, s) == FA_DOMINATE:
            if p.objective_stars > 2:
                info[0] = s
                info[1] = p.combat_stars
                info[2] = p.objective_stars
                return INV_STAR_LIMIT
        elif p.combat_stars > 2 or p.objective_stars > 1:
            info[0] = s
            info[1] = p.combat_stars
            info[2] = p.objective_stars
            return INV_STAR_LIMIT
        a = upgrades_done(p)
        b = 0
        for k in range(4 if p.mat >= 0 else 0):
            b += p.bottom_cubes[k]
            if p.bottom_cubes[k] < 0 or p.bottom_cubes[k] > (r.mats[p.mat].bottom_cost_start[k]
                                                            - r.mats[p.mat].bottom_cost_min[k]):
                b = -100
        if a != b:
            info[0] = s
            info[1] = a
            info[2] = b
            return INV_UPGRADES
        a = recruits_enlisted(p)
        b = 0
        for k in range(4):
            if p.onetime_used[k]:
                b += 1
        if a != b:
            info[0] = s
            info[1] = a
            info[2] = b
            return INV_RECRUITS
        if p.factory_card >= r.n_factory:
            info[0] = s
            info[1] = p.factory_card
            return INV_FACTORY
    k = automa_invariant(g, info)
    if k != INV_OK:
        return k
    # resources never negative
    for c in range(1, N_CELLS):
        for k in range(4):
            if g.cell_res[c][k] < 0:
                info[0] = c
                info[1] = k
                info[2] = g.cell_res[c][k]
                return INV_RESOURCES
        if g.encounter_token[c] and not (r.encounter[c] and is_territory(g, c)):
            info[0] = c
            return INV_TOKEN
    # combat cards conserved
    total = g.n_combat_deck + g.n_combat_discard
    for s in range(g.n_players):
        total += hand_size(g, s)
    if total != r.n_combat:
        info[0] = total
        info[1] = r.n_combat
        return INV_CARDS
    # objective cards conserved (held + deck; revealed cards go under the deck)
    total = g.n_objective_deck
    for s in range(g.n_players):
        for k in range(2):
            if g.p[s].objectives[k] > 0:
                total += 1
    if total != r.n_objectives:
        # every card is held or under the deck (revealed cards go back, §16)
        info[0] = total
        info[1] = r.n_objectives
        return INV_OBJECTIVES
    total = g.n_encounter_deck + (1 if g.t.enc_card >= 0 else 0)
    if total != r.n_encounters:
        info[0] = total
        info[1] = r.n_encounters
        return INV_ENCOUNTERS
    for s in range(g.n_players):
        k = g.p[s].factory_card
        if k < 0:
            continue
        for o in range(g.n_factory_offer):
            if g.factory_offer[o] == k:
                info[0] = s
                info[1] = k
                return INV_FACTORY
        for o in range(s + 1, g.n_players):
            if g.p[o].factory_card == k:
                info[0] = o
                info[1] = k
                return INV_FACTORY
    # one player per territory, except where a combat is pending this turn
    for c in range(N_CELLS):
        owner[c] = -1
    for s in range(g.n_players):
        for u in range(N_UNITS):
            c = g.p[s].unit_cell[u]
            if c <= 0 or not is_territory(g, c):
                continue
            if owner[c] >= 0 and owner[c] != s:
                if not (((g.t.combat_cells >> c) & 1) or c == g.t.cb_cell
                        or (g.t.phase >= PH_MOVE_UNIT and g.t.phase <= PH_COMBAT_FINISH)):
                    info[0] = c
                    info[1] = owner[c]
                    info[2] = s
                    return INV_SHARED_CELL
            owner[c] = s
    if g.end_reason == END_NOT_OVER:
        if g.decision == DK_NONE or legal_options(g, buf) < 1:
            info[0] = g.decision
            info[1] = g.decider
            return INV_NO_OPTIONS
    elif g.end_reason != END_SIXTH_STAR and g.end_reason != END_TURN_CAP:
        info[0] = g.end_reason
        return INV_END_REASON
    return INV_OK
