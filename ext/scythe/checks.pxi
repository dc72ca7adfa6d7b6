# Layer: turn. Uses: state, queries, rules, turn.pxi.
#
# State invariants (DESIGN.md "Testing habits"): every piece accounted for,
# values in range, star limits, decks conserved, and a decision with legal
# options while the game is not over. `invariant_error` returns 0 or an error
# code (INV_*) with details in info[0..3]; names.pxi's INVARIANT_MESSAGES words it.
# One function per invariant (inv_*), called in a fixed order.

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
    INV_AIRSHIP = 23         # seat, cell, cargo, capacity (airships.pxi)
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


# ---------------------------------------------------------------- one seat's pieces and tracks
cdef int inv_character(const GameState* g, int s, int* info) noexcept nogil:
    cdef int c = g.p[s].unit_cell[UNIT_CHARACTER]
    if s == g.automa.seat and c == OFF_BOARD:
        return INV_OK             # a beaten Automa hero waits on its faction mat (003 p.10)
    if c <= 0 or c >= N_CELLS or g.rules.terrain[c] < 0:
        return inv_fail(info, INV_CHARACTER, s, c, 0, 0)
    return INV_OK


cdef int inv_mechs(const GameState* g, int s, int* info) noexcept nogil:
    # A mech is on the board exactly when deployed.
    cdef const Player* p = &g.p[s]
    cdef int k, c
    for k in range(N_MECHS):
        c = p.unit_cell[UNIT_MECH0 + k]
        if (c != OFF_BOARD) != (p.mech_deployed[k] != 0) or c == 0 or c >= N_CELLS:
            return inv_fail(info, INV_MECH, s, k, c, p.mech_deployed[k])
    return INV_OK


cdef int inv_workers(const GameState* g, int s, int* info) noexcept nogil:
    # Workers on board cells; a worker on a lake only with a mech there (the Automa's aside).
    cdef int u, c
    for u in range(UNIT_WORKER0, N_UNITS):
        c = g.p[s].unit_cell[u]
        if c == AIRBORNE and (g.wg.aboard[s] >> (u - UNIT_WORKER0)) & 1:
            continue                  # aboard its airship (airships.pxi)
        if c != OFF_BOARD and (c <= 0 or c >= N_CELLS or g.rules.terrain[c] < 0):
            return inv_fail(info, INV_WORKER, s, u, c, 0)
        if c > 0 and g.rules.terrain[c] == T_LAKE and mechs_on(g, s, c) == 0 and s != g.automa.seat:
            return inv_fail(info, INV_LAKE_WORKER, s, c, 0, 0)
    return INV_OK


cdef int inv_structures(const GameState* g, int s, uint8_t* seen_struct, int* info) noexcept nogil:
    # Structures on land territories, one per territory (seen_struct: cells taken so far).
    cdef int k, c
    for k in range(4):
        c = g.p[s].structure_cell[k]
        if c == OFF_BOARD:
            continue
        if not is_territory(g, c) or g.rules.terrain[c] == T_LAKE:
            return inv_fail(info, INV_STRUCTURE, s, k, c, 0)
        if seen_struct[c]:
            return inv_fail(info, INV_STRUCTURE_SHARED, c, 0, 0, 0)
        seen_struct[c] = 1
    return INV_OK


cdef int inv_tracks(const GameState* g, int s, int* info) noexcept nogil:
    cdef const Player* p = &g.p[s]
    cdef int v
    if (p.power < 0 or p.power > N_TRACK_POWER or p.popularity < 0
            or p.popularity > N_TRACK_POPULARITY or p.coins < 0):
        return inv_fail(info, INV_TRACKS, s, p.power, p.popularity, p.coins)
    for v in range(4):
        if p.hand[v] < 0:
            return inv_fail(info, INV_HAND, s, v + 2, p.hand[v], 0)
    return INV_OK


cdef int inv_stars(const GameState* g, int s, int* info) noexcept nogil:
    # The star total is the stars placed, within the per-kind limits (§18; Dominate).
    cdef const Player* p = &g.p[s]
    cdef int k, counted = 0
    if s == g.automa.seat:
        counted += g.automa.track_stars          # stars from its star card (003 p.9)
    counted += g.wg.tile_stars[s]                # on a Wind Gambit resolution tile (resolutions.pxi)
    for k in range(N_STAR_KINDS):
        counted += stars_of_kind(p, k)
    if counted != p.stars or p.stars > N_STARS or p.stars < 0:
        return inv_fail(info, INV_STARS, s, p.stars, counted, 0)
    if faction_ability(g, s) == FA_DOMINATE:
        if p.objective_stars > 2:
            return inv_fail(info, INV_STAR_LIMIT, s, p.combat_stars, p.objective_stars, 0)
    elif p.combat_stars > 2 or p.objective_stars > 1:
        return inv_fail(info, INV_STAR_LIMIT, s, p.combat_stars, p.objective_stars, 0)
    return INV_OK


cdef int inv_upgrades(const GameState* g, int s, int* info) noexcept nogil:
    # Every cube that left the top row sits on a bottom cost, within its range.
    cdef const Player* p = &g.p[s]
    cdef const Rules* r = g.rules
    cdef int k, a = upgrades_done(p), b = 0
    for k in range(4 if p.mat >= 0 else 0):
        b += p.bottom_cubes[k]
        if p.bottom_cubes[k] < 0 or p.bottom_cubes[k] > (r.mats[p.mat].bottom_cost_start[k]
                                                        - r.mats[p.mat].bottom_cost_min[k]):
            b = -100
    if a != b:
        return inv_fail(info, INV_UPGRADES, s, a, b, 0)
    return INV_OK


cdef int inv_recruits(const GameState* g, int s, int* info) noexcept nogil:
    # Each recruit enlisted took its one-time bonus.
    cdef const Player* p = &g.p[s]
    cdef int k, a = recruits_enlisted(p), b = 0
    for k in range(4):
        if p.onetime_used[k]:
            b += 1
    if a != b:
        return inv_fail(info, INV_RECRUITS, s, a, b, 0)
    return INV_OK


cdef int inv_factory_held(const GameState* g, int s, int* info) noexcept nogil:
    if g.p[s].factory_card >= g.rules.n_factory:
        return inv_fail(info, INV_FACTORY, s, g.p[s].factory_card, 0, 0)
    return INV_OK


cdef int seat_invariant_error(const GameState* g, int s, uint8_t* seen_struct, int* info) noexcept nogil:
    cdef int code = inv_character(g, s, info)
    if code == INV_OK:
        code = inv_mechs(g, s, info)
    if code == INV_OK:
        code = inv_workers(g, s, info)
    if code == INV_OK:
        code = inv_structures(g, s, seen_struct, info)
    if code == INV_OK:
        code = inv_tracks(g, s, info)
    if code == INV_OK:
        code = inv_stars(g, s, info)
    if code == INV_OK:
        code = inv_upgrades(g, s, info)
    if code == INV_OK:
        code = inv_recruits(g, s, info)
    if code == INV_OK:
        code = inv_factory_held(g, s, info)
    return code


# ---------------------------------------------------------------- the board and the decks
cdef int inv_cells(const GameState* g, int* info) noexcept nogil:
    # Resources never negative; encounter tokens only on encounter territories.
    cdef int c, k
    for c in range(1, N_CELLS):
        for k in range(4):
            if g.cell_res[c][k] < 0:
                return inv_fail(info, INV_RESOURCES, c, k, g.cell_res[c][k], 0)
        if g.encounter_token[c] and not (g.rules.encounter[c] and is_territory(g, c)):
            return inv_fail(info, INV_TOKEN, c, 0, 0, 0)
    return INV_OK


cdef int inv_decks(const GameState* g, int* info) noexcept nogil:
    # Combat, objective and encounter cards conserved (revealed objectives go back
    # under the deck, §16; the encounter card being resolved counts).
    cdef int s, k, total = g.n_combat_deck + g.n_combat_discard
    for s in range(g.n_players):
        total += hand_size(g, s)
    if total != g.rules.n_combat:
        return inv_fail(info, INV_CARDS, total, g.rules.n_combat, 0, 0)
    total = g.n_objective_deck
    for s in range(g.n_players):
        for k in range(2):
            if g.p[s].objectives[k] > 0:
                total += 1
    for k in range(WG_MAX_SHARED):
        if g.wg.shared_obj[k] > 0:
            total += 1                           # face up as a resolution's shared objective
    if total != g.rules.n_objectives:
        return inv_fail(info, INV_OBJECTIVES, total, g.rules.n_objectives, 0, 0)
    total = g.n_encounter_deck + (1 if g.t.enc_card >= 0 else 0)
    if total != g.rules.n_encounters:
        return inv_fail(info, INV_ENCOUNTERS, total, g.rules.n_encounters, 0, 0)
    return INV_OK


cdef int inv_factory_cards(const GameState* g, int* info) noexcept nogil:
    # A held Factory card is neither in the offer nor held by another seat.
    cdef int s, o, k
    for s in range(g.n_players):
        k = g.p[s].factory_card
        if k < 0:
            continue
        for o in range(g.n_factory_offer):
            if g.factory_offer[o] == k:
                return inv_fail(info, INV_FACTORY, s, k, 0, 0)
        for o in range(s + 1, g.n_players):
            if g.p[o].factory_card == k:
                return inv_fail(info, INV_FACTORY, o, k, 0, 0)
    return INV_OK


cdef int inv_shared_cells(const GameState* g, int* info) noexcept nogil:
    # One player per territory, except where a combat is pending this turn.
    cdef int8_t owner[N_CELLS]
    cdef int s, u, c
    for c in range(N_CELLS):
        owner[c] = -1
    for s in range(g.n_players):
        for u in range(N_UNITS):
            c = g.p[s].unit_cell[u]
            if c <= 0 or not is_territory(g, c):
                continue
            if owner[c] >= 0 and owner[c] != s:
                if not (((g.t.combat_cells >> c) & 1) or c == g.t.cb_cell
                        or (g.t.phase >= PH_MOVE_UNIT and g.t.phase <= PH_COMBAT_FINISH)
                        or (g.t.phase >= PH_AIR_CARGO and g.t.phase <= PH_AIR_DIAL)):   # inside a Move
                    return inv_fail(info, INV_SHARED_CELL, c, owner[c], s, 0)
            owner[c] = s
    return INV_OK


cdef int inv_decision(GameState* g, int* info) noexcept nogil:
    # A game not over has a pending decision with legal options; an ended one a real reason.
    cdef int32_t buf[MAX_OPTIONS]
    if g.end_reason == END_NOT_OVER:
        if g.decision == DK_NONE or legal_options(g, buf) < 1:
            return inv_fail(info, INV_NO_OPTIONS, g.decision, g.decider, 0, 0)
    elif (g.end_reason != END_SIXTH_STAR and g.end_reason != END_TURN_CAP
          and g.end_reason != END_RESOLUTION):
        return inv_fail(info, INV_END_REASON, g.end_reason, 0, 0, 0)
    return INV_OK


cdef int invariant_error(GameState* g, int* info) noexcept nogil:
    # The first broken invariant (seat by seat, then the Automa, the board, the decks,
    # the Factory cards, shared territories, the decision), or INV_OK.
    cdef uint8_t seen_struct[N_CELLS]
    cdef int s, code = INV_OK
    memset(seen_struct, 0, sizeof(seen_struct))
    info[0] = info[1] = info[2] = info[3] = 0
    if g.end_reason == END_ENGINE_ERROR:
        return inv_fail(info, INV_END_REASON, g.end_reason, 0, 0, 0)
    for s in range(g.n_players):
        code = seat_invariant_error(g, s, seen_struct, info)
        if code != INV_OK:
            return code
    code = automa_invariant(g, info)
    if code == INV_OK:
        code = inv_cells(g, info)
    if code == INV_OK:
        code = inv_decks(g, info)
    if code == INV_OK:
        code = inv_factory_cards(g, info)
    if code == INV_OK:
        code = inv_shared_cells(g, info)
    if code == INV_OK and g.rules.wg.airships_on:
        code = inv_airships(g, info)
    if code == INV_OK:
        code = inv_decision(g, info)
    return code


cdef int inv_airships(const GameState* g, int* info) noexcept nogil:
    # Each airship on a territory or its own base; its cargo within its tile's capacity.
    cdef int s, c, r, t
    for s in range(g.n_players):
        c = g.wg.cell[s]
        t = air_cargo_total(g, s)
        if c <= 0 or c >= N_CELLS or (g.rules.terrain[c] == T_BASE and c != base_cell(g, s)):
            return inv_fail(info, INV_AIRSHIP, s, c, t, air_agg(g, s).cap_res)
        if (t > air_agg(g, s).cap_res or air_workers_aboard(g, s) > air_agg(g, s).cap_wk
                or (air_agg(g, s).cap_either and t > 0 and g.wg.aboard[s])):
            return inv_fail(info, INV_AIRSHIP, s, c, t, air_agg(g, s).cap_res)
        for r in range(N_WORKERS):
            if (g.wg.aboard[s] >> r) & 1 and g.p[s].unit_cell[UNIT_WORKER0 + r] != AIRBORNE:
                return inv_fail(info, INV_AIRSHIP, s, c, t, air_agg(g, s).cap_res)
        for r in range(4):
            if g.wg.cargo[s][r] < 0:
                return inv_fail(info, INV_AIRSHIP, s, c, t, air_agg(g, s).cap_res)
    return INV_OK
