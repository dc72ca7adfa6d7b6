# Layer: api (template). Uses: seats.pxi (Seats, seats_init, seats_new_game, seats_pick_rows,
# seats_choose), play.pxi (batch_policies), game_api.pxi (GameCore), and the contract
# (ext/README.md): MAX_SEATS, N_POLICY_WEIGHTS, game_legal_options, seat_policy_forget,
# seat_weight_row.
#
# CompiledSeats: the compiled policies of every seat, stepped from Python (simsuite play, the
# generic drivers, tests). Seeded like the batch loop, so stepping a Game built with the same
# seed from its start reproduces the batch game decision for decision.


cdef class CompiledSeats:
    """CompiledSeats(seed, policy_ids, weights=None, table_rows=0): `choose(game)` is the option
    the deciding seat's compiled policy picks now (advancing that seat's stream); `step(game)`
    applies it; `play(game)` steps to the end. Seat s draws from derive_seed(seed, 1 + s).
    `weights`: a row per seat, or (with `table_rows`) a table of rows per seat of which each seat
    plays the one its key in the game selects (seat_weight_row), as in the batch loop."""
    cdef Seats seats
    cdef int32_t pol[MAX_SEATS]
    cdef object w_a                    # the weights, kept alive for seats.weights
    cdef readonly int n

    def __init__(self, seed, policy_ids, weights=None, int table_rows=0):
        cdef int s
        ids = [int(x) for x in policy_ids]
        self.n = len(ids)
        if self.n < 1 or self.n > MAX_SEATS:
            raise UserError(f"policy_ids must name 1..{MAX_SEATS} seats, got {self.n}")
        if weights is not None and np.asarray(weights).ndim == 2:   # rows may be short
            weights = [list(r) + [0.0] * (N_POLICY_WEIGHTS - len(r)) for r in weights]
        pol_a, w_a, _ = batch_policies(self.n, ids, weights, None, table_rows)
        for s in range(self.n):
            self.pol[s] = pol_a[s]
        rows = w_a.shape[1] if w_a.ndim == 3 else 1
        self.w_a = np.ascontiguousarray(w_a.reshape(self.n, -1))
        cdef const double[:, ::1] wv = self.w_a
        seats_init(&self.seats, self.n, self.pol, &wv[0, 0], rows)
        seats_new_game(&self.seats, <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF))

    def choose(self, GameCore game):
        """The option the deciding seat's policy picks now (None when the game is over)."""
        cdef int k = game_legal_options(&game.g, game.buf)
        cdef int s = game.g.decider
        if k <= 0 or s < 0:
            return None
        if s >= self.n:
            raise UserError(f"seat {s} decides but only {self.n} seats have a policy")
        game.n_opts = k
        # the Game may have been edited between two calls: nothing is carried over
        seat_policy_forget(&self.seats.sp[s])
        seats_pick_rows(&self.seats, &game.g)
        return seats_choose(&self.seats, &game.g, game.buf, k)

    def step(self, GameCore game):
        """Apply the deciding seat's choice; returns it (None when over)."""
        opt = self.choose(game)
        if opt is not None:
            game.apply(opt)
        return opt

    def play(self, GameCore game, int max_decisions=1000000):
        """Step until the game is over (or max_decisions); returns the count."""
        cdef int steps = 0
        while not game.is_over and steps < max_decisions:
            self.step(game)
            steps += 1
        return steps
