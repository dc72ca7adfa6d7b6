# Layer: turn (the last file of it). Uses: turn, actions, checks.
#
# Rurik's side of the contract every core provides to the shared templates of ext/common
# (ext/README.md) beyond the names turn.pxi, actions.pxi and checks.pxi already define
# (game_advance, game_apply, game_check).

cdef inline int game_legal_options(GameState* g, int32_t* buf) noexcept nogil:
    if g.phase == P_OVER or g.phase == P_TEST_DONE or g.decision == D_NONE:
        return 0
    return decision_options(g, buf)


cdef inline bint game_is_over(const GameState* g) noexcept nogil:
    return g.phase == P_OVER or g.phase == P_TEST_DONE
