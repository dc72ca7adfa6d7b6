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
    N_PAIR_ROWS = N_FACTIONS * N_MATS     # one block of a seat's weight table: faction x mat
    # the blocks: games without the Automa, then one per Automa difficulty level
    N_WEIGHT_ROWS = N_PAIR_ROWS * (1 + AUTOMA_N_LEVELS)


cdef inline int seat_pair_row(const GameState* g, int seat) noexcept nogil:
    # A seat's row within one block of its weight table: its faction and mat (a seat without
    # a mat, the Automa's, never decides).
    cdef int mat = g.p[seat].mat
    return g.p[seat].faction * N_MATS + (mat if mat >= 0 else 0)


cdef inline int seat_weight_row(const GameState* g, int seat) noexcept nogil:
    # The row of a seat's weight table it plays with: its faction and mat (seat_pair_row), in
    # the block of the game's Automa level if any (a table may tune a seat per level: the
    # levels' games differ in length and in how hard the Automa fights).
    cdef int block = 1 + g.automa.level if g.automa.seat >= 0 else 0
    return block * N_PAIR_ROWS + seat_pair_row(g, seat)


cdef inline void seat_policy_forget(SeatPolicy* sp) noexcept nogil:
    # A Game stepped from Python may have been edited between two decisions: the heuristics
    # carry nothing from the last one (their section memo and kept position).
    sp.h.section_memo.g = NULL
    sp.h.seen_ok = False
