# Compiled policies. Policy 0 = uniform random on the seat's own stream, seeded
# derive_seed(game_seed, 1 + seat) (ext/README.md), so a Python policy drawing
# options[Stream(derive_seed(seed, 1 + seat)).below(n)] makes the same choices.
# A policy may read only its seat's view (pyapi.pxi Game.observation documents it).

cdef enum:
    POLICY_RANDOM = 0

ctypedef struct SeatPolicy:
    Rng rng

cdef inline void seat_policy_init(SeatPolicy* sp, uint64_t game_seed, int seat) noexcept nogil:
    rng_seed(&sp.rng, derive_seed(game_seed, 1 + seat))

cdef int32_t game_choose(int policy_id, const GameState* g, int seat, const int32_t* opts, int n,
                         SeatPolicy* sp, const double* weights) noexcept nogil:
    return opts[rng_below(&sp.rng, n)]

cdef int play_random_game(GameState* g, const Rules* R, uint64_t seed, const SetupArgs* a,
                     int32_t* buf) noexcept nogil:
    # one whole game, every seat random; returns the setup error or 0
    cdef SeatPolicy sp[MAX_SEATS]
    cdef int err = game_setup(g, R, seed, a), s, n
    if err:
        return err
    for s in range(g.n_players):
        seat_policy_init(&sp[s], seed, s)
    while True:
        n = game_advance(g, buf)
        if n == 0:
            return 0
        game_apply(g, game_choose(POLICY_RANDOM, g, g.decider, buf, n, &sp[g.decider], NULL))
