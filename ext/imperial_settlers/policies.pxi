# Compiled policies. Phase 1 has only the random policy (id 0): a uniform choice among the
# legal options, drawn from the seat's own stream (seeded derive_seed(game seed, 1 + seat)).

ctypedef struct SeatPolicy:
    Rng rng


cdef inline void seat_policy_init(SeatPolicy* sp, uint64_t game_seed, int seat) noexcept nogil:
    rng_seed(&sp.rng, derive_seed(game_seed, 1 + seat))


cdef int32_t game_choose(int policy_id, const GameState* s, int seat, const int32_t* opts, int n,
                         SeatPolicy* sp, const double* weights) noexcept nogil:
    return opts[rng_below(&sp.rng, n)]


cdef int64_t play_random_game(GameState* s, const Rules* r, uint64_t seed, const SetupArgs* args,
                              int32_t* buf) noexcept nogil:
    # One game between random policies; returns its number of decisions (-1: setup error).
    cdef SeatPolicy sp[MAX_SEATS]
    cdef int p, n
    if game_setup(s, r, seed, args) != SETUP_OK:
        return -1
    for p in range(args.n_players):
        seat_policy_init(&sp[p], seed, p)
    n = game_advance(s, buf)
    while n > 0:
        p = s.decider
        game_apply(s, game_choose(0, s, p, buf, n, &sp[p], NULL))
        n = game_advance(s, buf)
    return s.n_decisions
