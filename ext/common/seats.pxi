# Layer: policies (template). Uses: the game's contract (ext/README.md): GameState,
# SeatPolicy, seat_policy_init, seat_weight_row, game_choose, MAX_SEATS, N_POLICY_WEIGHTS.
#
# The seats of one game played by compiled policies: each seat's policy id, its
# weight row and its SeatPolicy (its own random stream, seeded
# seat_stream_seed(game_seed, seat) = derive_seed(game_seed, 1 + seat), and
# whatever the game's policies keep during a game). The seat that must decide
# (GameState.decider) is asked through the game's dispatch, game_choose.

ctypedef struct Seats:
    int n
    int rows                       # weight rows per seat: 1, or a table the game keys per seat
    const int32_t* policy          # compiled policy id per seat
    const double* weights          # rows * N_POLICY_WEIGHTS per seat, seat-major
    const double* w[MAX_SEATS]     # the row each seat plays in the current game
    SeatPolicy sp[MAX_SEATS]


cdef inline void seats_init(Seats* seats, int n, const int32_t* policy,
                            const double* weights, int rows=1) noexcept nogil:
    # The policies of the n seats (kept for every game of a batch). With rows > 1 each seat
    # holds a table of weight rows, one per value of the game's per-seat key
    # (seat_weight_row: e.g. Scythe's faction and mat), chosen once the game is set up.
    cdef int s
    seats.n = n
    seats.rows = rows
    seats.policy = policy
    seats.weights = weights
    for s in range(n):
        seats.w[s] = weights + s * rows * N_POLICY_WEIGHTS


cdef inline void seats_new_game(Seats* seats, uint64_t game_seed) noexcept nogil:
    # Every seat's policy state at the start of the game seeded `game_seed`.
    cdef int s
    for s in range(seats.n):
        seat_policy_init(&seats.sp[s], game_seed, s)


cdef inline void seats_pick_rows(Seats* seats, const GameState* g) noexcept nogil:
    # After setup: each seat plays the weight row of its key in this game (nothing to do when
    # the batch gave one row per seat).
    cdef int s, row
    if seats.rows <= 1:
        return
    for s in range(seats.n):
        row = seat_weight_row(g, s)
        if row < 0 or row >= seats.rows:
            row = 0
        seats.w[s] = seats.weights + (s * seats.rows + row) * N_POLICY_WEIGHTS


cdef inline int32_t seats_choose(Seats* seats, const GameState* g, const int32_t* opts,
                                 int n_opts) noexcept nogil:
    # The option the deciding seat's compiled policy picks among `opts`.
    cdef int s = g.decider
    return game_choose(seats.policy[s], g, s, opts, n_opts, &seats.sp[s], seats.w[s])
