# Layer: queries. Uses: state, queries.pxi.
#
# Objective card conditions (Rulebook 000 "ЦІЛІ", digest scythe-base.md §16).
#
# Included by scythe.pyx after queries.pxi. The rulebook gives the reveal rule
# only; the 27 conditions come from shared/reference/scythe/cards.md
# ("Objective cards", conf: medium; ids = printed card numbers, 1-23 base game,
# 24-27 promo pack 3). Every check is made at the moment of revealing, against
# the state as it stands. "Control" is the §4.2 rule of queries.pxi; "on the
# board" means off the player mat (a unit on its home base is on the board).


cdef inline int obj_mechs_on_board(const Player* p) noexcept nogil:
    cdef int u, n = 0
    for u in range(UNIT_MECH0, UNIT_MECH0 + N_MECHS):
        if p.unit_cell[u] != OFF_BOARD:
            n += 1
    return n


cdef inline bint obj_adjacent(const GameState* g, int a, int b) noexcept nogil:
    # Geometric adjacency (rivers ignored): the cards speak of the map, not of
    # movement, so tunnels are not linked to one another here.
    cdef int d
    for d in range(6):
        if g.rules.neighbours[a][d] == b:
            return True
    return False


# ---------------------------------------------------------------- the cards that count territories
cdef inline int objective_territories_needed(int objective_id) noexcept nogil:
    # How many counted territories (objective_counts_territory) a card asks for: 3 for
    # cards 1, 2, 3, 4, 10 and 11, 2 for card 17; 0 for the cards that count none.
    if objective_id in (1, 2, 3, 4, 10, 11):
        return 3
    if objective_id == 17:
        return 2
    return 0


cdef inline bint objective_counts_territory(const GameState* g, int seat, int objective_id,
                                            int c) noexcept nogil:
    # Whether controlling territory c counts toward `seat`'s objective card `objective_id`:
    # 1 Higher Ground / 3 Harvest / 4 Northern / 10 Woodland / 11 Population Advantage: a
    # mountain / farm / tundra / forest / village;
    # 2 Underworld Advantage: a printed tunnel symbol. The reference notes that no source says
    # whether an own Mine counts; its transcription counts printed tunnels, and the rulebook's
    # own tunnel-counting texts (structure bonus tiles) say Mines are not tunnels, so a Mine's
    # territory does not count;
    # 17 Divide and Conquer: next to the Factory, while the seat holds no Factory card.
    cdef int t = g.rules.terrain[c], factory = g.rules.factory_cell
    if not is_territory(g, c):
        return False
    if objective_id == 1:
        return t == T_MOUNTAIN
    if objective_id == 2:
        return g.rules.tunnel[c] != 0
    if objective_id == 3:
        return t == T_FARM
    if objective_id == 4:
        return t == T_TUNDRA
    if objective_id == 10:
        return t == T_FOREST
    if objective_id == 11:
        return t == T_VILLAGE
    if objective_id == 17:
        return factory > 0 and g.p[seat].factory_card < 0 and obj_adjacent(g, c, factory)
    return False


cdef int obj_controlled_counting(const GameState* g, const int8_t* ctl, int seat,
                                 int objective_id) noexcept nogil:
    # The territories `seat` controls that count toward card `objective_id`.
    cdef int c, n = 0
    cdef uint64_t m = own_piece_cells(g, seat)
    while m:
        c = lowest_bit(m)
        m &= m - 1
        if ctl[c] == seat and objective_counts_territory(g, seat, objective_id, c):
            n += 1
    return n


cdef inline bint obj_reads_control(int objective_id) noexcept nogil:
    # The cards whose check below reads the control map (the others count
    # pieces, tracks and cards only); most checks fail, so the map is built
    # only for these.
    return objective_id in (1, 2, 3, 4, 5, 9, 10, 11, 16, 17, 19, 26)


# ---------------------------------------------------------------- the cards with more than a count
cdef bint obj_king_of_the_hill(const GameState* g, const int8_t* ctl, int seat) noexcept nogil:
    # 5 King of the Hill: the Factory and the highest power, ties allowed.
    cdef int other, factory = g.rules.factory_cell
    if factory < 0 or ctl[factory] != seat:
        return False
    for other in range(g.n_players):
        if g.p[other].power > g.p[seat].power:
            return False
    return True


cdef bint obj_stockpile(const GameState* g, const int8_t* ctl, int seat) noexcept nogil:
    # 9 Stockpile for the Winter: 9 tokens, at least one of each type, on one territory.
    cdef int c, r, total
    cdef bint ok
    cdef uint64_t own = own_piece_cells(g, seat)
    while own:
        c = lowest_bit(own)
        own &= own - 1
        if ctl[c] != seat:
            continue
        total = 0
        ok = True
        for r in range(4):
            total += g.cell_res[c][r]
            if g.cell_res[c][r] < 1:
                ok = False
        if ok and total >= 9:
            return True
    return False


cdef bint obj_foundations(const GameState* g, int seat) noexcept nogil:
    # 13 Foundations of the Empire: 6 own pieces on one territory.
    cdef const Player* p = &g.p[seat]
    cdef uint8_t pieces[N_CELLS]
    cdef int u, s, c
    memset(pieces, 0, sizeof(pieces))
    for u in range(N_UNITS):
        c = p.unit_cell[u]
        if 0 < c < N_CELLS:
            pieces[c] += 1
    for s in range(4):
        c = p.structure_cell[s]
        if 0 < c < N_CELLS:
            pieces[c] += 1
    for c in range(1, N_CELLS):
        if pieces[c] >= 6 and g.rules.terrain[c] != T_BASE:
            return True
    return False


cdef bint obj_hedge_your_bets(const GameState* g, int seat) noexcept nogil:
    # 14 Hedge Your Bets: one of each bottom action done, one token of each type.
    cdef const Player* p = &g.p[seat]
    cdef int res[4]
    cdef int r
    if (upgrades_done(p) < 1 or obj_mechs_on_board(p) < 1
            or structures_built(p) < 1 or recruits_enlisted(p) < 1):
        return False
    controlled_resources(g, seat, res)
    for r in range(4):
        if res[r] < 1:
            return False
    return True


cdef bint obj_wolf_among_sheep(const GameState* g, const int8_t* ctl, int seat) noexcept nogil:
    # 16 A Wolf Among the Sheep: the character with exactly one mech and one worker on
    # a controlled territory holding 5 tokens.
    cdef const Player* p = &g.p[seat]
    cdef int u, r, n = 0, total = 0
    cdef int c = p.unit_cell[UNIT_CHARACTER]
    if c <= 0 or ctl[c] != seat:
        return False
    for u in range(UNIT_MECH0, UNIT_MECH0 + N_MECHS):
        if p.unit_cell[u] == c:
            n += 1
    if n != 1 or workers_of_on(g, seat, c) != 1:
        return False
    for r in range(4):
        total += g.cell_res[c][r]
    return total >= 5


cdef bint obj_shore_up(const GameState* g, const int8_t* ctl, int seat) noexcept nogil:
    # 19 Shore Up the Shore: 5 territories around one lake.
    cdef int c, d, nb, n
    for c in range(1, N_CELLS):
        if g.rules.terrain[c] != T_LAKE:
            continue
        n = 0
        for d in range(6):
            nb = g.rules.neighbours[c][d]
            if nb > 0 and ctl[nb] == seat:   # ctl is -1 on bases
                n += 1
        if n >= 5:
            return True
    return False


cdef bint obj_monopolize(const GameState* g, int seat) noexcept nogil:
    # 21 Monopolize the Market: 9 tokens of one type.
    cdef int res[4]
    cdef int r
    controlled_resources(g, seat, res)
    for r in range(4):
        if res[r] >= 9:
            return True
    return False


cdef bint obj_human_shield(const GameState* g, int seat) noexcept nogil:
    # 24 Establish a Human Shield: 5 workers on one territory next to the Factory.
    cdef int d, nb, factory = g.rules.factory_cell
    if factory < 0:
        return False
    for d in range(6):
        nb = g.rules.neighbours[factory][d]
        if nb > 0 and workers_of_on(g, seat, nb) >= 5:
            return True
    return False


cdef bint obj_diversify(const GameState* g, const int8_t* ctl, int seat) noexcept nogil:
    # 26 Diversify Production: a worker on a controlled territory of each producing terrain.
    cdef const Player* p = &g.p[seat]
    cdef int r, u, c
    cdef bint ok
    for r in range(5):      # T_MOUNTAIN..T_VILLAGE are 0..4
        ok = False
        for u in range(UNIT_WORKER0, N_UNITS):
            c = p.unit_cell[u]
            if c > 0 and g.rules.terrain[c] == r and ctl[c] == seat:
                ok = True
                break
        if not ok:
            return False
    return True


cdef bint obj_local_infrastructure(const GameState* g, int seat) noexcept nogil:
    # 27 Build a Local Infrastructure: 3 structures, none next to the home base.
    cdef const Player* p = &g.p[seat]
    cdef int s, c, base
    if structures_built(p) < 3:
        return False
    base = g.rules.factions[p.faction].base_cell
    for s in range(4):
        c = p.structure_cell[s]
        if c > 0 and obj_adjacent(g, c, base):
            return False
    return True


# ---------------------------------------------------------------- every card
cdef bint objective_met(const GameState* g, int seat, int objective_id) noexcept nogil:
    """True if `seat` meets objective card `objective_id` (1-27) right now: the cards
    that count tracks and pieces are their one line here, the others a function above."""
    cdef const Player* p = &g.p[seat]
    cdef int8_t ctl[N_CELLS]
    cdef int workers
    if seat < 0 or seat >= g.n_players:
        return False
    if obj_reads_control(objective_id):
        control_map(g, ctl)
    workers = workers_on_board(g, seat)

    if objective_territories_needed(objective_id) > 0:   # 1, 2, 3, 4, 10, 11, 17
        return (obj_controlled_counting(g, ctl, seat, objective_id)
                >= objective_territories_needed(objective_id))
    elif objective_id == 5:     # King of the Hill
        return obj_king_of_the_hill(g, ctl, seat)
    elif objective_id == 6:     # Send One Back as a Warning
        return p.forced_retreat != 0 and p.power >= 7
    elif objective_id == 7:     # Machine Over Muscle
        return p.factory_card >= 0 and obj_mechs_on_board(p) >= 1 and workers <= 3
    elif objective_id == 8:     # Roll Up Your Sleeves with the Common Man
        return p.coins <= 2 and workers >= 4 and p.popularity >= 7
    elif objective_id == 9:     # Stockpile for the Winter
        return obj_stockpile(g, ctl, seat)
    elif objective_id == 12:    # Get Rich or Cry Trying
        return p.coins >= 20
    elif objective_id == 13:    # Foundations of the Empire
        return obj_foundations(g, seat)
    elif objective_id == 14:    # Hedge Your Bets
        return obj_hedge_your_bets(g, seat)
    elif objective_id == 15:    # Balanced Workforce
        # The card text (two transcriptions) asks only that the counts be
        # equal. One transcription's code also demands at least 1 worker; in
        # play that always holds (2 workers start on the board and none return
        # to the mat), so the readings differ only in constructed positions,
        # and we follow the text.
        return workers == recruits_enlisted(p)
    elif objective_id == 16:    # A Wolf Among the Sheep
        return obj_wolf_among_sheep(g, ctl, seat)
    elif objective_id == 18:    # Become a Beloved Pacifist
        return p.power == 0 and p.popularity >= 13 and workers >= 5
    elif objective_id == 19:    # Shore Up the Shore
        return obj_shore_up(g, ctl, seat)
    elif objective_id == 20:    # Create a Permanent Foothold
        return structures_built(p) >= 3 and p.popularity >= 7 and obj_mechs_on_board(p) == 0
    elif objective_id == 21:    # Monopolize the Market
        return obj_monopolize(g, seat)
    elif objective_id == 22:    # Technological Breakthrough
        return p.factory_card >= 0 and upgrades_done(p) == 0
    elif objective_id == 23:    # Achieve Tactical Mastery
        return hand_size(g, seat) >= 8 and p.combat_stars >= 1
    elif objective_id == 24:    # Establish a Human Shield
        return obj_human_shield(g, seat)
    elif objective_id == 25:    # Become a Despised Warmonger
        return p.popularity <= 3 and p.power >= 13 and obj_mechs_on_board(p) >= 2
    elif objective_id == 26:    # Diversify Production
        return obj_diversify(g, ctl, seat)
    elif objective_id == 27:    # Build a Local Infrastructure
        return obj_local_infrastructure(g, seat)
    return False
