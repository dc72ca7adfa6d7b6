# Layer: batch (template). Uses: the game's contract (ext/README.md): GameState,
# MAX_SEATS, N_POLICY_WEIGHTS, N_COMPILED_POLICIES, COMPILED_POLICIES, UserError,
# game_advance, game_apply, game_check; the policies layer's Seats (seats.pxi); and,
# for the Python-policy path only, the api layer's GameCore (game_api.pxi).
#
# The loop of one game played by compiled policies (nogil, no allocation), the
# same loop with the invariants checked after every step, the slow path where
# some seat is a Python object, and the parts of a batch-over-seeds driver that
# every game shares (argument checks, outcome flags). A game's own batch entry
# point (e.g. ext/scythe/batch.pxi play_batch) sets each game up with its own
# arguments, calls these, and writes its own columns.


cdef inline int play_to_end(GameState* g, Seats* seats, int32_t* buf) noexcept nogil:
    # Play a set-up game to its end: the deciding seat's policy picks, the game applies.
    cdef int k = game_advance(g, buf)
    while k > 0:
        game_apply(g, seats_choose(seats, g, buf, k))
        k = game_advance(g, buf)
    return k


cdef int play_checked(GameState* g, Seats* seats, int32_t* buf, int max_decisions, bint check,
                      int* steps, int* info) noexcept nogil:
    # play_to_end, stopping after max_decisions, with game_check after every step when
    # `check`: returns 0, or the first broken invariant's code (its values in `info`).
    cdef int k, code = 0
    steps[0] = 0
    k = game_advance(g, buf)
    if check:
        code = game_check(g, info)
    while k > 0 and code == 0 and steps[0] < max_decisions:
        game_apply(g, seats_choose(seats, g, buf, k))
        k = game_advance(g, buf)
        steps[0] += 1
        if check:
            code = game_check(g, info)
    return code


cdef int play_python(GameCore game, Seats* seats, list python_policies) except -1:
    # Play a set-up `game` to its end where some seats are Python objects with
    # choose(view, options, stream). Compiled seats draw from their C stream, Python
    # seats from simsuite.rng.Stream(seat_stream_seed(seed, seat)): a Python policy
    # drawing as the compiled random one (options[stream.below(len(options))]) makes
    # the same choices, so the game is the same.
    from simsuite.rng import Stream
    cdef int s, i, k
    cdef int32_t opt
    streams = [Stream(seat_stream_seed(game.g.seed, s)) for s in range(game.g.n_players)]
    k = game.n_opts
    while k > 0:
        s = game.g.decider
        pp = python_policies[s]
        if pp is None:
            opt = seats_choose(seats, &game.g, game.buf, k)
        else:
            options = [game.buf[i] for i in range(k)]
            opt = pp.choose(game.observation(s), options, streams[s])
            if opt not in options:
                raise ValueError(f"python policy of seat {s} chose {opt!r}, not one of {options}")
        game_apply(&game.g, opt)
        k = game_advance(&game.g, game.buf)
        game.n_opts = k
    return 0


# ---------------------------------------------------------------- batch driver pieces
def batch_seeds(seeds):
    """The batch's game seeds as a contiguous uint64 array (one game per seed)."""
    return np.ascontiguousarray(np.asarray(seeds, dtype=np.uint64).reshape(-1))


def batch_policies(int n, policy_ids, policy_weights, python_policies, int table_rows=0):
    """Check and pack a batch's seat policies: (policy ids int32 [n], weights float64
    [n, N_POLICY_WEIGHTS], or [n, table_rows, N_POLICY_WEIGHTS] when the game keys a table of
    weight rows per seat (table_rows > 0: Seats picks each seat's row after setup),
    python_policies: a list per seat, or None when every seat is compiled). A bad argument is
    a one-line UserError."""
    cdef int s
    if policy_ids is None:
        pol_a = np.zeros(n, dtype=np.int32)
    else:
        pol_a = np.ascontiguousarray(np.asarray(policy_ids, dtype=np.int32).reshape(-1))
    if pol_a.shape[0] != n:
        raise UserError(f"policy_ids must have one entry per seat ({n}), got {pol_a.shape[0]}")
    for s in range(n):
        if pol_a[s] < 0 or pol_a[s] >= N_COMPILED_POLICIES:
            raise UserError(f"policy id {pol_a[s]} of seat {s} is unknown; compiled policies: "
                            f"{', '.join(f'{k}={v}' for k, v in COMPILED_POLICIES.items())}")
    if policy_weights is None:
        w_a = np.zeros((n, N_POLICY_WEIGHTS), dtype=np.float64)
    else:
        w_a = np.ascontiguousarray(np.asarray(policy_weights, dtype=np.float64))
    shapes = [(n, N_POLICY_WEIGHTS)] + ([(n, table_rows, N_POLICY_WEIGHTS)] if table_rows else [])
    if w_a.shape not in shapes:
        raise UserError(f"policy_weights must have shape {' or '.join(map(str, shapes))}, "
                        f"got {w_a.shape}")
    if python_policies is not None:
        python_policies = list(python_policies)
        if len(python_policies) != n:
            raise UserError(f"python_policies must have one entry per seat ({n}), got {len(python_policies)}")
        if all(pp is None for pp in python_policies):
            python_policies = None
    return pol_a, w_a, python_policies


ctypedef struct Outcome:
    # The result columns every game has, derived from its scores and ranks.
    int winner[MAX_SEATS]          # rank 1 (ties already broken by the game's rules)
    int score_tied[MAX_SEATS]      # another seat has the same final score
    int tied                       # more than one seat has the best score
    int shared_win                 # a seat of rank 1 shares the win


cdef void outcome_of(int n, const int* score, const int* rank, const int* shared,
                     Outcome* o) noexcept nogil:
    cdef int s, s2, best = -1000000, nbest = 0
    o.shared_win = 0
    for s in range(n):
        if score[s] > best:
            best = score[s]
    for s in range(n):
        o.winner[s] = 1 if rank[s] == 1 else 0
        o.score_tied[s] = 0
        for s2 in range(n):
            if s2 != s and score[s2] == score[s]:
                o.score_tied[s] = 1
        if score[s] == best:
            nbest += 1
        if rank[s] == 1 and shared[s]:
            o.shared_win = 1
    o.tied = 1 if nbest > 1 else 0
