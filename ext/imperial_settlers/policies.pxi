# Layer: policies. Uses: heuristics.pxi; defines the contract's policy names (ext/README.md)
# and includes common/seats.pxi.
#
# Policy 0 is the uniform random choice on the seat's own stream, seeded
# seat_stream_seed(game seed, seat); ids 1.. are the heuristic strategies, one framework
# (heuristics.pxi) with the weight vectors of simsuite/games/imperial_settlers/policies.py.

cdef enum:
    N_COMPILED_POLICIES = 4

COMPILED_POLICIES = {"random": 0, "engine": 1, "razer": 2, "dealer": 3}

ctypedef struct SeatPolicy:
    Rng rng


cdef inline void seat_policy_init(SeatPolicy* sp, uint64_t game_seed, int seat) noexcept nogil:
    rng_seed(&sp.rng, seat_stream_seed(game_seed, seat))


cdef inline void seat_policy_forget(SeatPolicy* sp) noexcept nogil:
    pass                       # no policy carries anything between decisions


cdef inline int seat_weight_row(const GameState* g, int seat) noexcept nogil:
    return 0                   # no per-seat weight tables


cdef inline int32_t game_choose(int policy_id, const GameState* g, int seat, const int32_t* opts,
                                int n, SeatPolicy* sp, const double* weights) noexcept nogil:
    if policy_id == 0 or n == 1:
        return opts[rng_below(&sp.rng, n)] if policy_id == 0 else opts[0]
    return heuristic_choose(g, seat, opts, n, weights)


include "common/seats.pxi"
