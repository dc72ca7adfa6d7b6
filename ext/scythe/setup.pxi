# Layer: rules. Uses: state, queries and the other files of the rules layer.
#
# Game setup (Rulebook "ПРИГОТУВАННЯ", digest §5).
#
# Random draws come from the game's own stream in this fixed order:
#   1. shuffle the encounter, combat and objective decks (step 1);
#   2. shuffle the Factory cards and lay out players + 1 (step 2);
#   3. draw the structure bonus tile (step 3);
#   4. deal factions, then player mats, to players whose choice was left to
#      chance (step 6), redrawing mats while a forbidden pair is dealt (with
#      the booklet's mats-in-order variant, checked once the mats are ordered);
#   5. in turn order, each player draws its combat cards, then its objectives.

cdef enum SetupError:
    SETUP_OK = 0
    SETUP_BAD_PLAYERS = 1      # player count outside 2..5 (or more than factions / mats)
    SETUP_BAD_FACTION = 2      # faction id out of range
    SETUP_BAD_MAT = 3          # mat id out of range
    SETUP_DUP_FACTION = 4      # a faction given twice
    SETUP_DUP_MAT = 5          # a mat given twice
    SETUP_BANNED = 6           # a forbidden pair was given while bans are on
    SETUP_NO_DEAL = 7          # no legal deal exists for the fixed choices


cdef inline bint pair_banned(const Rules* r, int f, int m) noexcept nogil:
    cdef int i
    if not r.ban_pairs:
        return False
    for i in range(r.n_banned):
        if r.banned[i][0] == f and r.banned[i][1] == m:
            return True
    return False


cdef void seat_order(const Rules* r, int n, const int8_t* fac, const int8_t* mat,
                     int8_t* order) noexcept nogil:
    # Seating (§5, §9.4.3): the lowest mat number starts; the others follow
    # clockwise in the faction cycle. order[s] = the player in seat s.
    cdef int i, j, k, first = 0, key, keyj
    for i in range(1, n):
        if r.mats[mat[i]].number_rank < r.mats[mat[first]].number_rank:
            first = i
    for i in range(n):
        order[i] = i
    # sort players by cyclic distance of their seat_order from the first player's
    for i in range(1, n):
        j = i
        while j > 0:
            key = (r.factions[fac[order[j]]].seat_order - r.factions[fac[first]].seat_order + 64) % 64
            keyj = (r.factions[fac[order[j - 1]]].seat_order - r.factions[fac[first]].seat_order + 64) % 64
            if key < keyj:
                k = order[j]
                order[j] = order[j - 1]
                order[j - 1] = k
                j -= 1
            else:
                break


cdef void mats_in_number_order(const Rules* r, int n, const int8_t* fac, int8_t* mat) noexcept nogil:
    # The Wind Gambit booklet's variant («ВАРІАНТИ ГРИ»): the mats in play are dealt
    # in number order clockwise. The first player (who holds the lowest mat, §5) keeps
    # it; the others get the remaining mats rising clockwise in the faction cycle.
    cdef int8_t order[MAX_SEATS]
    cdef int8_t ranked[MAX_SEATS]
    cdef int i, j, m
    seat_order(r, n, fac, mat, order)
    for i in range(n):               # the mats by number (insertion sort)
        m = mat[i]
        j = i
        while j > 0 and r.mats[ranked[j - 1]].number_rank > r.mats[m].number_rank:
            ranked[j] = ranked[j - 1]
            j -= 1
        ranked[j] = m
    for i in range(n):
        mat[order[i]] = ranked[i]


cdef void deal_from_pool(Rng* rng, int8_t* pool, int n_pool, const int8_t* fixed, int8_t* out,
                         int n) noexcept nogil:
    # Shuffle the pool, then give its items in turn to the seats whose choice is not fixed
    # (fixed[i] < 0); the fixed seats keep theirs.
    cdef int i, j = 0
    rng_shuffle(rng, <signed char*>pool, n_pool)
    for i in range(n):
        if fixed[i] < 0:
            out[i] = pool[j]
            j += 1


cdef int deal_factions_mats(GameState* g, int n, const int8_t* fac_in, const int8_t* mat_in,
                            int8_t* fac, int8_t* mat) noexcept nogil:
    cdef const Rules* r = g.rules
    cdef int8_t free_f[N_FACTIONS]
    cdef int8_t free_m[N_MATS]
    cdef int nf = 0, nm = 0, i, k, attempt, redeal_factions
    cdef uint32_t used_f = 0, used_m = 0
    cdef bint ok
    for i in range(n):
        fac[i] = fac_in[i]
        mat[i] = mat_in[i]
        if fac[i] >= r.n_factions or fac[i] < -1:
            return SETUP_BAD_FACTION
        if mat[i] >= r.n_mats or mat[i] < -1:
            return SETUP_BAD_MAT
        if fac[i] >= 0:
            if (used_f >> fac[i]) & 1:
                return SETUP_DUP_FACTION
            used_f |= 1u << fac[i]
        if mat[i] >= 0:
            if (used_m >> mat[i]) & 1:
                return SETUP_DUP_MAT
            used_m |= 1u << mat[i]
        if fac[i] >= 0 and mat[i] >= 0 and pair_banned(r, fac[i], mat[i]):
            return SETUP_BANNED
    for k in range(r.n_factions):
        if not (used_f >> k) & 1:
            free_f[nf] = k
            nf += 1
    for k in range(r.n_mats):
        if not (used_m >> k) & 1:
            free_m[nm] = k
            nm += 1
    # Deal factions, then mats (Rulebook §5 step 6). A player dealt a
    # forbidden pair discards the mat and draws another at random: we redraw
    # the random mats until no forbidden pair is left, which picks uniformly
    # among the legal deals. Only if the fixed choices leave no legal mat deal
    # are the random factions redealt too.
    deal_from_pool(&g.rng, free_f, nf, fac_in, fac, n)
    for redeal_factions in range(2):
        for attempt in range(2000):
            if redeal_factions and attempt % 50 == 0:
                deal_from_pool(&g.rng, free_f, nf, fac_in, fac, n)
            deal_from_pool(&g.rng, free_m, nm, mat_in, mat, n)
            if r.mats_in_order:
                mats_in_number_order(r, n, fac, mat)
            ok = True
            for i in range(n):
                if pair_banned(r, fac[i], mat[i]):
                    ok = False
                    break
            if ok:
                return SETUP_OK
    return SETUP_NO_DEAL


cdef int deal_solo(GameState* g, const int8_t* fac_in, const int8_t* mat_in,
                   int8_t* fac, int8_t* mat) noexcept nogil:
    # A solo game (Rulebook 003 p.2): player 0 is the human, player 1 the Automa, which has
    # a faction but no player mat. Random factions are dealt to the human, then the Automa;
    # a random human mat is redrawn while it makes a forbidden pair (as deal_factions_mats).
    cdef const Rules* r = g.rules
    cdef int8_t free_f[N_FACTIONS]
    cdef int8_t free_m[N_MATS]
    cdef int nf = 0, nm = 0, k, attempt
    fac[0] = fac_in[0]
    fac[1] = fac_in[1]
    mat[0] = mat_in[0]
    mat[1] = -1
    for k in range(2):
        if fac[k] >= r.n_factions or fac[k] < -1:
            return SETUP_BAD_FACTION
    if mat[0] >= r.n_mats or mat[0] < -1:
        return SETUP_BAD_MAT
    if fac[0] >= 0 and fac[0] == fac[1]:
        return SETUP_DUP_FACTION
    if fac[0] >= 0 and mat[0] >= 0 and pair_banned(r, fac[0], mat[0]):
        return SETUP_BANNED
    for k in range(r.n_factions):
        if k != fac_in[0] and k != fac_in[1]:
            free_f[nf] = k
            nf += 1
    for k in range(r.n_mats):
        free_m[nm] = k
        nm += 1
    for attempt in range(2000):
        if attempt == 0 or (mat_in[0] >= 0 and fac_in[0] < 0):
            deal_from_pool(&g.rng, free_f, nf, fac_in, fac, 2)
        if mat_in[0] < 0:
            deal_from_pool(&g.rng, free_m, nm, mat_in, mat, 1)
        if not pair_banned(r, fac[0], mat[0]):
            return SETUP_OK
    return SETUP_NO_DEAL


ctypedef struct SetupArgs:
    # A game's setup besides the rules and the seed (ext/README.md: the contract's game_setup).
    int n_players
    const int8_t* faction          # per seat, -1: dealt from the seed
    const int8_t* mat
    const AutomaConfig* solo       # NULL: no Automa


cdef inline int game_setup(GameState* g, const Rules* r, uint64_t seed,
                           const SetupArgs* a) noexcept nogil:
    """Set up a new game; returns a SetupError (0 = ready, first decision pending)."""
    return setup_game_ex(g, r, seed, a.n_players, a.faction, a.mat, a.solo)


cdef int setup_game_ex(GameState* g, const Rules* r, uint64_t seed, int n,
                       const int8_t* fac_in, const int8_t* mat_in,
                       const AutomaConfig* solo) noexcept nogil:
    """Set up a new game; with `solo`, player 1 is the Automa (2 players: the human first,
    then the Automa, Rulebook 003 p.2-3) playing at solo.level. Returns a SetupError."""
    cdef int8_t fac[MAX_SEATS]
    cdef int8_t mat[MAX_SEATS]
    cdef int8_t order[MAX_SEATS]
    cdef int8_t tmp[MAX_FACTORY]
    cdef int i, j, k, s, err, best, c
    cdef Player* p
    memset(g, 0, sizeof(GameState))
    g.rules = r
    g.seed = seed
    g.automa.seat = -1
    if n < 2 or n > 5 or n > r.n_factions or n > r.n_mats or (solo != NULL and n != 2):
        return SETUP_BAD_PLAYERS
    g.n_players = n
    rng_seed(&g.rng, seed)
    # 1. decks
    g.n_encounter_deck = r.n_encounters
    for i in range(r.n_encounters):
        g.encounter_deck[i] = i
    rng_shuffle(&g.rng, <signed char*>g.encounter_deck, g.n_encounter_deck)
    g.n_combat_deck = r.n_combat
    for i in range(r.n_combat):
        g.combat_deck[i] = r.combat_values[i]
    rng_shuffle(&g.rng, <signed char*>g.combat_deck, g.n_combat_deck)
    g.n_objective_deck = r.n_objectives
    for i in range(r.n_objectives):
        g.objective_deck[i] = r.objective_ids[i]
    rng_shuffle(&g.rng, <short*>g.objective_deck, g.n_objective_deck)
    # 2. Factory cards: players + 1 face down, the rest back in the box
    for i in range(r.n_factory):
        tmp[i] = i
    rng_shuffle(&g.rng, <signed char*>tmp, r.n_factory)
    g.n_factory_offer = n + FACTORY_OFFER_EXTRA
    if g.n_factory_offer > r.n_factory:
        g.n_factory_offer = r.n_factory
    for i in range(g.n_factory_offer):
        g.factory_offer[i] = tmp[i]
    # 3. structure bonus tile
    g.structure_tile = rng_below(&g.rng, r.n_structure_tiles) if r.n_structure_tiles > 0 else -1
    # 4. factions and mats
    if solo != NULL:
        err = deal_solo(g, fac_in, mat_in, fac, mat)
    else:
        err = deal_factions_mats(g, n, fac_in, mat_in, fac, mat)
    if err != SETUP_OK:
        return err
    # Seating (§5, §9.4.3); solo: the human goes first (003 p.3).
    for i in range(n):
        order[i] = i
    if solo == NULL:
        seat_order(r, n, fac, mat, order)
    for k in range(N_FACTIONS):
        g.faction_seat[k] = -1
    for s in range(n):
        p = &g.p[s]
        p.faction = fac[order[s]]
        p.mat = mat[order[s]]
        g.faction_seat[p.faction] = s
    # 5. pieces, tracks, cards, objectives
    for s in range(n):
        p = &g.p[s]
        p.power = r.factions[p.faction].power
        if p.mat >= 0:
            p.popularity = r.mats[p.mat].popularity
            p.coins = r.mats[p.mat].coins
        for u in range(N_UNITS):
            p.unit_cell[u] = OFF_BOARD
        p.unit_cell[UNIT_CHARACTER] = r.factions[p.faction].base_cell
        p.unit_cell[UNIT_WORKER0] = r.factions[p.faction].start_cells[0]
        p.unit_cell[UNIT_WORKER0 + 1] = r.factions[p.faction].start_cells[1]
        for k in range(4):
            p.structure_cell[k] = OFF_BOARD
        for k in range(6):
            p.top_cube[k] = 1
        p.objectives[0] = -1
        p.objectives[1] = -1
        p.factory_card = -1
        p.last_section = -1
    for s in range(n):
        p = &g.p[s]
        for k in range(r.factions[p.faction].combat_cards):
            draw_card(g, s)
        k = r.mats[p.mat].objectives if p.mat >= 0 else 0    # the Automa has none
        if k > 2:
            k = 2
        for j in range(k):
            if g.n_objective_deck > 0:
                p.objectives[j] = g.objective_deck[0]
                for i in range(1, g.n_objective_deck):
                    g.objective_deck[i - 1] = g.objective_deck[i]
                g.n_objective_deck -= 1
    for c in range(1, N_CELLS):
        if r.encounter[c] and r.terrain[c] != T_BASE and r.terrain[c] >= 0:
            g.encounter_token[c] = 1
    g.inactive_bases = 0
    for i in range(r.n_bases):
        c = r.bases[i]
        k = r.base_faction[c]
        if k < 0 or g.faction_seat[k] < 0:
            g.inactive_bases |= (<uint64_t>1) << c
    if solo != NULL:
        # Its 5 coins, popularity 10, star card and shuffled deck (Rulebook 003 p.2).
        automa_init(g, 1, 0, solo.level, solo.skip_turns, solo.all_moves, solo.move_check,
                    solo.placement_check, solo.coin_modifier, solo.power_modifier)
    air_setup(g)                 # the Wind Gambit's tiles (draws only when a module is on)
    res_setup(g)
    g.active = 0
    g.turn = 0
    g.end_reason = END_NOT_OVER
    g.t.phase = PH_TURN_START
    return SETUP_OK
