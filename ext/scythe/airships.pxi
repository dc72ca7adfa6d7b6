# Layer: rules. Uses: state, queries, the other rules files (control_map, place_star, add_*,
# draw_card). The airship's decisions (options, effects, phases) are airships_turn.pxi.
#
# The Wind Gambit's airship module (rulebook 004, «МОДУЛЬ „ВІТРОПЛАВИ“»), on only when
# Rules.wg.airships_on (every function here is reached through that test):
# - one airship per player, on its home base at setup («ПРИГОТУВАННЯ ДО ГРИ» 1);
# - a tile pair shared by all, or one pair per player («ПРИГОТУВАННЯ» 2, «СКЛАДНІШІ ПРАВИЛА»);
# - moved as one unit of a Move action, up to the passive tile's range, +1 on a Factory card's
#   Move; rivers and lakes do not stop it; never onto a base, never by tunnels or a Mine
#   («ПЕРЕМІЩЕННЯ»: ДАЛЬНОСТЬ, РІЧКИ ТА ОЗЕРА, КАРТА ФАБРИКИ, БАЗА, ТУНЕЛІ ТА ШАХТИ);
# - never controls a territory, never occupies one, any number per territory, never fights
#   except under Blitzkrieg («КОНТРОЛЬ ТЕРИТОРІЙ», «ЗАЙНЯТА ЧИ НЕЗАЙНЯТА», «БІЙ», «БЛІЦКРИГ»);
# - carries up to the aggressive tile's capacity of resources, loaded or left before, during or
#   after its move; never resources an opponent controls; resources aboard stay the owner's:
#   spendable and scored («ПЕРЕНЕСЕННЯ РЕСУРСІВ»); a tile carrying "resources or workers"
#   (capacity either) never has both aboard at once («ПЕРЕНЕСЕННЯ РЕСУРСІВ АБО РОБІТНИКІВ»);
# - carries up to the tile's capacity of own workers, which aboard control nothing, neither
#   produce nor trade, and are out of every opponent's reach (their unit_cell is AIRBORNE, no
#   cell); one is set down only during its airship's move, on a territory no opponent occupies,
#   and may then move on its own in the same Move action; none steps off the airship directly
#   («ПЕРЕНЕСЕННЯ РОБІТНИКІВ», «ВИСАДКА РОБІТНИКІВ»).
# A tile's stop may also offer an objective swap (swap_objective: the spent card goes under the
# deck, as revealed cards do, base §16), offered before a Blitzkrieg.
# Readings where the rulebook is silent (digest §4.12, each tested): a move needs at least one
# step (as for every unit); resources are never left on a lake (base §8.5); a Blitzkrieg
# combat is offered when the airship stops on a territory with an opponent's airship; the two
# players dial power only (airships are neither characters nor mechs, so no combat cards);
# the loser's airship goes home, its resources stay on the territory (as a loser's resources
# do, base §13.4) and its workers stay aboard (no opponent may interact with them); workers are
# set down on a lake only beside an own mech (base §8.5); workers aboard have left the mat (they
# count as on the board for the workers star and the first tie-breaker).

# Readable-log events of the Wind Gambit (core.pxi's numbers stop below 40, the Automa's at 52).
cdef enum:   # WindGambitEventKind
    EV_AIR_STEP = 60         # seat's airship stepped from cell a to cell b
    EV_AIR_RULE = 61         # seat's tile rule gave effect a (AirEffect) amount b on cell c
    EV_AIR_COMBAT = 62       # Blitzkrieg: seat = winner, a = loser, b = cell, c/d = dials
    EV_RESOLUTION = 63       # seat set off the resolution's end: a = tile, b = its stars


# ---------------------------------------------------------------- queries

cdef inline const AirTile* air_agg(const GameState* g, int seat) noexcept nogil:
    return &g.rules.wg.agg[g.wg.agg[seat]]


cdef inline const AirTile* air_pas(const GameState* g, int seat) noexcept nogil:
    return &g.rules.wg.pas[g.wg.pas[seat]]


cdef inline int air_cargo_total(const GameState* g, int seat) noexcept nogil:
    return g.wg.cargo[seat][0] + g.wg.cargo[seat][1] + g.wg.cargo[seat][2] + g.wg.cargo[seat][3]


cdef inline int air_room_res(const GameState* g, int seat) noexcept nogil:
    # Resources the seat's airship may still take aboard (none while it carries a worker, if
    # its tile carries resources *or* workers).
    if air_agg(g, seat).cap_either and g.wg.aboard[seat]:
        return 0
    return air_agg(g, seat).cap_res - air_cargo_total(g, seat)


cdef inline int air_room_wk(const GameState* g, int seat) noexcept nogil:
    if air_agg(g, seat).cap_either and air_cargo_total(g, seat) > 0:
        return 0
    return air_agg(g, seat).cap_wk - bit_count(g.wg.aboard[seat])


cdef inline uint64_t air_steps(const GameState* g, int frm) noexcept nogil:
    # One airship step: the geometric neighbours, rivers and lakes ignored, bases excluded; no
    # tunnel or Mine links (they are not neighbours).
    cdef int d, nb
    cdef uint64_t m = 0
    for d in range(6):
        nb = g.rules.neighbours[frm][d]
        if nb > 0 and g.rules.terrain[nb] != T_BASE and g.rules.terrain[nb] >= 0:
            m |= bit(nb)
    return m


cdef inline bint air_may_fly(const GameState* g, int seat) noexcept nogil:
    # The seat's airship could take a step (whatever has moved in the current Move).
    return g.rules.wg.airships_on and air_pas(g, seat).range > 0 and air_steps(g, g.wg.cell[seat]) != 0


cdef inline bint air_can_move(const GameState* g, int seat) noexcept nogil:
    # ... and has not moved in this Move action (each unit moves once per Move, base §7.1).
    return not (g.t.moved >> AIR_UNIT) & 1 and air_may_fly(g, seat)


cdef inline int airships_on(const GameState* g, int seat, int cell) noexcept nogil:
    # Opponents' airships on `cell`, as a mask of seats.
    cdef int s, m = 0
    for s in range(g.n_players):
        if s != seat and g.wg.cell[s] == cell:
            m |= 1 << s
    return m


cdef bint air_condition(const GameState* g, int seat, int cond, int cell) noexcept nogil:
    cdef int s, u
    cdef bint own = False, opp = False
    if cond == AC_ALWAYS:
        return True
    if cond == AC_VILLAGE:
        return g.rules.terrain[cell] == T_VILLAGE
    if cond == AC_FACTORY:
        return g.rules.terrain[cell] == T_FACTORY
    if cond == AC_OPPONENT_AIRSHIP:
        return airships_on(g, seat, cell) != 0
    # occupied: at least 1 worker, character or mech («ЗАЙНЯТА ЧИ НЕЗАЙНЯТА»)
    for s in range(g.n_players):
        for u in range(N_UNITS):
            if g.p[s].unit_cell[u] == cell:
                if s == seat:
                    own = True
                else:
                    opp = True
    if cond == AC_OCCUPIED:
        return own or opp
    if cond == AC_UNOCCUPIED:
        return not (own or opp)
    return opp                                  # AC_OPPONENT_OCCUPIED


# ---------------------------------------------------------------- setup and rules

cdef void air_deal(GameState* g, int8_t* out, int n_tiles) noexcept nogil:
    # One tile per seat from n_tiles, without repeats (n_tiles >= players: wind_gambit.py).
    cdef int8_t deck[WG_MAX_TILES]
    cdef int s, k
    for k in range(n_tiles):
        deck[k] = k
    rng_shuffle(&g.rng, deck, n_tiles)
    for s in range(g.n_players):
        out[s] = deck[s]


cdef void air_setup(GameState* g) noexcept nogil:
    # After the base setup, from the game's own stream: the tile pair(s) and the resolution.
    cdef const WindGambitRules* w = &g.rules.wg
    cdef int s, k
    memset(&g.wg, 0, sizeof(WindGambitState))
    g.wg.resolution = -1
    g.wg.triggered_by = -1
    g.wg.pair = -1
    g.wg.mv.foe = -1
    for s in range(WG_SEATS):
        g.wg.cell[s] = -1
    if w.airships_on:
        if w.per_player:
            # each player is dealt 1 aggressive and 1 passive tile («СКЛАДНІШІ ПРАВИЛА»): no
            # tile twice (the pairs are then every known aggressive x passive tile)
            air_deal(g, g.wg.agg, w.n_agg)
            air_deal(g, g.wg.pas, w.n_pas)
        else:
            g.wg.pair = <int8_t>rng_below(&g.rng, w.n_pairs)
            for s in range(g.n_players):
                g.wg.agg[s] = w.pairs[g.wg.pair][0]
                g.wg.pas[s] = w.pairs[g.wg.pair][1]
        for s in range(g.n_players):
            g.wg.cell[s] = base_cell(g, s)
    if w.resolutions_on:
        g.wg.resolution = w.res_choices[rng_below(&g.rng, w.n_res_choices)]


cdef int air_fire(GameState* g, int seat, int when) noexcept nogil:
    # Apply the seat's tiles' gain rules for `when` at its airship's territory; returns the
    # AF_* decisions they offer there (a Blitzkrieg combat, an objective swap).
    cdef const AirTile* tiles[2]
    cdef const AirRule* r
    cdef int i, k, cell = g.wg.cell[seat], offers = 0
    tiles[0] = air_agg(g, seat)
    tiles[1] = air_pas(g, seat)
    for k in range(2):
        for i in range(tiles[k].n_rules):
            r = &tiles[k].rules[i]
            if r.when != when or not air_condition(g, seat, r.cond, cell):
                continue
            if r.effect == AE_AIRSHIP_COMBAT:
                offers |= AF_COMBAT
            elif r.effect == AE_SWAP_OBJECTIVE:
                offers |= AF_SWAP
            else:
                gain(g, seat, r.effect, r.amount)       # AE_GAIN_* are Gain codes
                emit(g, EV_AIR_RULE, seat, r.effect, r.amount, cell, 0, 0)
    return offers


cdef void air_turn_start(GameState* g, int seat) noexcept nogil:
    if g.rules.wg.airships_on:
        air_fire(g, seat, AW_TURN_START)


cdef void air_swap_objective(GameState* g, int seat, int slot) noexcept nogil:
    # swap_objective: the card in `slot` goes under the deck (as revealed cards do, base §16)
    # and the top card takes its place.
    cdef Player* p = &g.p[seat]
    cdef int i, card = p.objectives[slot]
    p.objectives[slot] = g.objective_deck[0]
    for i in range(1, g.n_objective_deck):
        g.objective_deck[i - 1] = g.objective_deck[i]
    g.n_objective_deck -= 1
    objective_to_bottom(g, card)
    emit(g, EV_AIR_RULE, seat, AE_SWAP_OBJECTIVE, 1, g.wg.cell[seat], 0, 0)


cdef void air_blitzkrieg(GameState* g) noexcept nogil:
    # Reveal; higher dial wins, ties to the attacker (base §13.4); both lose what they dialled;
    # the winner places a combat star as usual; the loser draws a card if it dialled power; its
    # airship retreats home and its cargo stays on the territory.
    cdef int a = g.active, d = g.wg.mv.foe, w, l, r, c = g.wg.cell[a]
    add_power(g, a, -g.wg.mv.dial[0])
    add_power(g, d, -g.wg.mv.dial[1])
    if g.wg.mv.dial[0] >= g.wg.mv.dial[1]:
        w, l = a, d
    else:
        w, l = d, a
    emit(g, EV_AIR_COMBAT, w, l, c, g.wg.mv.dial[0], g.wg.mv.dial[1], 0)
    for r in range(4):
        g.cell_res[c][r] += g.wg.cargo[l][r]
        g.wg.cargo[l][r] = 0
    g.wg.cell[l] = base_cell(g, l)
    if g.wg.mv.dial[0 if l == a else 1] > 0:
        draw_card(g, l)
    if earns_combat_star(g, w):
        place_star(g, w, STAR_COMBAT)
    g.wg.mv.foe = -1


cdef inline int air_workers_aboard(const GameState* g, int seat) noexcept nogil:
    return bit_count(g.wg.aboard[seat])


cdef inline int air_worker_here(const GameState* g, int seat, int cell) noexcept nogil:
    # The lowest own worker standing on `cell`, or -1.
    cdef int u
    for u in range(UNIT_WORKER0, N_UNITS):
        if g.p[seat].unit_cell[u] == cell:
            return u
    return -1


cdef inline bint air_can_set_down(const GameState* g, int seat, int cell) noexcept nogil:
    # A territory no opponent occupies; a lake only beside an own mech (base §8.5).
    if g.rules.terrain[cell] == T_BASE or air_condition(g, seat, AC_OPPONENT_OCCUPIED, cell):
        return False
    return g.rules.terrain[cell] != T_LAKE or mechs_on(g, seat, cell) > 0
