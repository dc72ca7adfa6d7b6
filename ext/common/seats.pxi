# Layer: policies (template). Uses: the game's contract (ext/README.md): GameState,
# SeatPolicy, seat_policy_init, game_choose, MAX_SEATS, N_POLICY_WEIGHTS.
#
# The seats of one game played by compiled policies: each seat's policy id, its
# weight row and its SeatPolicy (its own random stream, seeded
# seat_stream_seed(game_seed, seat) = derive_seed(game_seed, 1 + seat), and
# whatever the game's policies keep during a game). The seat that must decide
# (GameState.decider) is asked through the game's dispatch, game_choose.

ctypedef struct Seats:
    int n
    const int32_t* policy          # compiled policy id per seat
    const double* weights          # N_POLICY_WEIGHTS per seat, seat-major
    SeatPolicy sp[MAX_SEATS]


cdef inline void seats_init(Seats* seats, int n, const int32_t* policy,
                            const double* weights) noexcept nogil:
    # The policies of the n seats (kept for every game of a batch).
    seats.n = n
    seats.policy = policy
    seats.weights = weights


cdef inline void seats_new_game(Seats* seats, uint64_t game_seed) noexcept nogil:
    # Every seat's policy state at the start of the game seeded `game_seed`.
    cdef int s
    for s in range(seats.n):
        seat_policy_init(&seats.sp[s], game_seed, s)


cdef inline int32_t seats_choose(Seats* seats, const GameState* g, const int32_t* opts,
                                 int n_opts) noexcept nogil:
    # The option the deciding seat's compiled policy picks among `opts`.
    cdef int s = g.decider
    return game_choose(seats.policy[s], g, s, opts, n_opts, &seats.sp[s],
                       seats.weights + s * N_POLICY_WEIGHTS)
