# Layer: policies (the last file of it). Uses: turn, checks, policies.
#
# Scythe's side of the contract every core provides to the shared templates of
# ext/common (ext/README.md): thin inline names over this core's own functions,
# so the templates compile to the same calls.

cdef inline int game_advance(GameState* g, int32_t* buf) noexcept nogil:
    return advance(g, buf)


cdef inline void game_apply(GameState* g, int32_t opt) noexcept nogil:
    apply_effect(g, opt, 0)


cdef inline int game_legal_options(GameState* g, int32_t* buf) noexcept nogil:
    return legal_options(g, buf)


cdef inline bint game_is_over(const GameState* g) noexcept nogil:
    return g.end_reason != END_NOT_OVER


cdef inline int game_check(GameState* g, int* info) noexcept nogil:
    return invariant_error(g, info)


cdef inline int32_t game_choose(int policy_id, const GameState* g, int seat, const int32_t* opts,
                                int n, SeatPolicy* sp, const double* weights) noexcept nogil:
    return choose(policy_id, g, seat, opts, n, sp, weights)


cdef enum:
    N_WEIGHT_ROWS = N_FACTIONS * N_MATS   # a seat's weight table: one row per faction x mat


cdef inline int seat_weight_row(const GameState* g, int seat) noexcept nogil:
    # The row of a seat's weight table it plays with: its faction and mat (a seat without a
    # mat, the Automa's, never decides).
    cdef int mat = g.p[seat].mat
    return g.p[seat].faction * N_MATS + (mat if mat >= 0 else 0)


cdef inline void seat_policy_forget(SeatPolicy* sp) noexcept nogil:
    # A Game stepped from Python may have been edited between two decisions: the heuristics
    # carry nothing from the last one (their section memo and kept position).
    sp.h.section_memo.g = NULL
    sp.h.seen_ok = False
