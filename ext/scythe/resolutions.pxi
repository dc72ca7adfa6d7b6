# Layer: rules. Uses: state, core.pxi (end_game, undo_pending_moves, place_star),
# objectives.pxi (objective_met); core.pxi gain() for its gains.
#
# The Wind Gambit's resolution module (rulebook 004, «МОДУЛЬ „РОЗВ'ЯЗКИ“»), on only when
# Rules.wg.resolutions_on: the normal end (a 6th star ends the game at once) is ignored and the
# resolution tile says how and when the game ends; a player still places at most 6 stars, and
# several players may reach 6 («ЗІРКИ»). The tile's entry (WindGambitRules.res) compiles the
# vocabulary of simsuite/games/scythe/wind_gambit.py:
# - end ET_STARS count, extra_rounds: the first player to place their count-th star sets off
#   the end; ET_SHARED count, extra_rounds: the count-th completion of a shared objective does;
#   with extra_rounds = 0 the game ends at once, else each player (the trigger's included)
#   takes extra_rounds more full turns after this one;
# - end ET_TURNS count: the game ends when every player has taken `count` turns (TP_PLAYER) or
#   when `count` turns have been taken in all (TP_GAME);
# - on_trigger: the triggering player's gains, and stars on the tile (AE_PLACE_STAR), which
#   count as placed stars for scoring and the tie-breaks (6 at most in all, «ЗІРКИ»);
# - at_end retreat_home: when the end comes, before scoring, every unit (character, mechs,
#   workers) on the area goes to its owner's home base and each player gains end_amount of
#   end_per_unit per own unit sent; airships stay (004 «БІЙ»: an airship retreats only after
#   a Blitzkrieg), and so do workers aboard them (on no territory);
# - setup shared objectives: n_shared objective cards from the top of the shuffled deck lie face
#   up for all (after the players' own are dealt); a player completes one at the objective
#   reveal point as an own card (one objective a turn, §16), once per card (SC_EACH_PLAYER) or
#   only if nobody has yet (SC_FIRST), for the player's objective star (SS_OBJECTIVE: the §16
#   limit, Saxony's two, counts own and shared cards together), a star on the card (SS_TILE)
#   or none; the cards stay face up.
# Scoring and tie-breaks are the base game's (stars anywhere count as on the triumph track).

cdef enum:   # ResolutionEventKind (after airships.pxi's 60..63)
    EV_RES_HOME = 64         # at_end: seat's a units sent home from the area, gaining b
    EV_RES_SHARED = 65       # seat completed shared objective card a (slot b)


cdef inline const ResolutionTile* res_tile(const GameState* g) noexcept nogil:
    return &g.rules.wg.res[g.wg.resolution]


cdef void res_setup(GameState* g) noexcept nogil:
    cdef const ResolutionTile* t
    cdef int j, i
    if g.wg.resolution < 0:
        return
    t = res_tile(g)
    if t.trigger == ET_TURNS:
        g.wg.end_turn = t.count * (1 if t.turns_per == TP_GAME else g.n_players)
    for j in range(t.n_shared):
        if g.n_objective_deck > 0:
            g.wg.shared_obj[j] = g.objective_deck[0]
            for i in range(1, g.n_objective_deck):
                g.objective_deck[i - 1] = g.objective_deck[i]
            g.n_objective_deck -= 1


cdef void res_trigger(GameState* g, int seat) noexcept nogil:
    # Seat set off the resolution's end: its gains, then the end at once or after the rounds.
    cdef const ResolutionTile* t = res_tile(g)
    cdef int k
    g.wg.triggered_by = seat
    emit(g, EV_RESOLUTION, seat, g.wg.resolution, g.p[seat].stars, 0, 0, 0)
    for k in range(4):
        if t.gain[k] > 0:
            gain(g, seat, k, t.gain[k])
    for k in range(t.gain[AE_PLACE_STAR]):
        place_star(g, seat, STAR_TILE)   # stars on the tile count as placed (004 «ЗІРКИ»), 6 at most
    if t.extra_rounds == 0:
        res_end(g)
    else:
        g.wg.end_turn = g.turn + 1 + t.extra_rounds * g.n_players


cdef void res_star_placed(GameState* g, int seat) noexcept nogil:
    # A star was placed (core.pxi place_star): the stars trigger.
    cdef const ResolutionTile* t = res_tile(g)
    if t.trigger == ET_STARS and g.wg.triggered_by < 0 and g.p[seat].stars >= t.count:
        res_trigger(g, seat)


cdef inline bint res_in_area(const GameState* g, int area, int cell) noexcept nogil:
    # Adjacent: sharing a border, rivers or not (as the objective cards read the map); bases
    # are no territory.
    cdef int d, factory = g.rules.factory_cell
    if cell <= 0 or g.rules.terrain[cell] == T_BASE or factory < 0:
        return False
    if cell == factory:
        return True
    if area == AR_FACTORY_AND_ADJACENT:
        for d in range(6):
            if g.rules.neighbours[factory][d] == cell:
                return True
    return False


cdef void res_send_home(GameState* g) noexcept nogil:
    # at_end retreat_home: every unit on the area to its owner's home base, then the gains.
    cdef const ResolutionTile* t = res_tile(g)
    cdef int s, u, n, home
    for s in range(g.n_players):
        home = base_cell(g, s)
        n = 0
        for u in range(N_UNITS):
            if res_in_area(g, t.end_area, g.p[s].unit_cell[u]):
                g.p[s].unit_cell[u] = home
                n += 1
        if n > 0:
            if t.end_per_unit >= 0:
                gain(g, s, t.end_per_unit, n * t.end_amount)
            emit(g, EV_RES_HOME, s, n, n * t.end_amount if t.end_per_unit >= 0 else 0, 0, 0, 0)


cdef void res_end(GameState* g) noexcept nogil:
    # The resolution's end (from res_trigger, or phases.pxi when end_turn is reached): the
    # at_end effect, then the game ends and is scored as usual.
    if g.end_reason != END_NOT_OVER:
        return
    if res_tile(g).end_area != AR_NONE:
        if g.t.phase != PH_END_TURN:
            undo_pending_moves(g)        # §19.4, before the units leave
        res_send_home(g)
    end_game(g, END_RESOLUTION)


# ---------------------------------------------------------------- shared objectives

cdef int res_shared_options(const GameState* g, int seat, int32_t* buf) noexcept nogil:
    # DK_OBJECTIVE options 3 + j: complete shared objective j now (0 first, as for own cards).
    cdef const ResolutionTile* t
    cdef int j, card, done, n = 0
    if g.wg.resolution < 0:
        return 0
    t = res_tile(g)
    if t.shared_star == SS_OBJECTIVE and not objective_star_left(g, seat):   # actions.pxi
        return 0
    for j in range(t.n_shared):
        card = g.wg.shared_obj[j]
        done = g.wg.shared_by[j] if t.shared_claim == SC_FIRST else g.wg.shared_by[j] & (1 << seat)
        if card <= 0 or done:
            continue                     # completed by someone (SC_FIRST) or by this seat
        if objective_met(g, seat, card):
            if n == 0:
                buf[n] = 0
                n += 1
            buf[n] = 3 + j
            n += 1
    return n


cdef void res_complete_shared(GameState* g, int j) noexcept nogil:
    # The active player completes shared objective j (DK_OBJECTIVE option 3 + j).
    cdef const ResolutionTile* t = res_tile(g)
    cdef int seat = g.active, k
    g.t.revealed = 1                     # one objective a turn (§16), own or shared
    g.wg.shared_by[j] |= <uint8_t>(1 << seat)
    g.wg.n_shared_done += 1
    emit(g, EV_RES_SHARED, seat, g.wg.shared_obj[j], j, 0, 0, 0)
    for k in range(4):
        if t.shared_gain[k] > 0:
            gain(g, seat, k, t.shared_gain[k])
    if t.shared_star == SS_OBJECTIVE:
        place_star(g, seat, STAR_OBJECTIVE)
    elif t.shared_star == SS_TILE:
        place_star(g, seat, STAR_TILE)
    if (t.trigger == ET_SHARED and g.wg.triggered_by < 0 and g.end_reason == END_NOT_OVER
            and g.wg.n_shared_done >= t.count):
        res_trigger(g, seat)
