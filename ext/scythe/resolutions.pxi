# Layer: rules. Uses: state, core.pxi (end_game, add_*), airships.pxi (air_gain).
#
# The Wind Gambit's resolution module (rulebook 004, «МОДУЛЬ „РОЗВ'ЯЗКИ“»), on only when
# Rules.wg.resolutions_on: the normal end (a 6th star ends the game at once) is ignored and the
# resolution tile says how and when the game ends; a player still places at most 6 stars, and
# several players may reach 6 («ЗІРКИ»). The tile's entry (WindGambitRules.res) is one of:
# - ET_STARS count, extra_rounds: the first player to place their count-th star triggers the
#   end; with extra_rounds = 0 the game ends at once, else each player (the trigger's included)
#   takes extra_rounds more turns after this one; the trigger's player gains `gain`;
# - ET_TURNS count: the game ends when every player has taken `count` turns.
# `on_trigger` may place stars on the tile (AE_PLACE_STAR): they count as placed stars for
# scoring and the tie-breaks, and a player never has more than 6 in all («ЗІРКИ»).
# Scoring and tie-breaks are the base game's (stars anywhere count as on the triumph track).

cdef inline const ResolutionTile* res_tile(const GameState* g) noexcept nogil:
    return &g.rules.wg.res[g.wg.resolution]


cdef void res_setup(GameState* g) noexcept nogil:
    if g.wg.resolution >= 0 and res_tile(g).trigger == ET_TURNS:
        g.wg.end_turn = res_tile(g).count * g.n_players


cdef void res_star_placed(GameState* g, int seat) noexcept nogil:
    # A star was placed (core.pxi place_star): the stars trigger.
    cdef const ResolutionTile* t = res_tile(g)
    cdef int k
    if t.trigger != ET_STARS or g.wg.triggered_by >= 0 or g.p[seat].stars < t.count:
        return
    g.wg.triggered_by = seat
    emit(g, EV_RESOLUTION, seat, g.wg.resolution, g.p[seat].stars, 0, 0, 0)
    for k in range(4):
        if t.gain[k] > 0:
            air_gain(g, seat, k, t.gain[k])
    for k in range(t.gain[AE_PLACE_STAR]):
        place_star(g, seat, STAR_TILE)   # stars on the tile count as placed (004 «ЗІРКИ»), 6 at most
    if t.extra_rounds == 0:
        end_game(g, END_RESOLUTION)
    else:
        g.wg.end_turn = g.turn + 1 + t.extra_rounds * g.n_players
