# Layer: api (template). Uses: seats.pxi (Seats, seats_init, seats_new_game, seats_choose),
# game_api.pxi (GameCore), and the contract (ext/README.md): MAX_SEATS, N_POLICY_WEIGHTS,
# N_COMPILED_POLICIES, COMPILED_POLICIES, game_legal_options, seat_policy_forget.
#
# CompiledSeats: the compiled policies of every seat, stepped from Python (simsuite play, the
# generic drivers, tests). Seeded like the batch loop, so stepping a Game built with the same
# seed from its start reproduces the batch game decision for decision.


cdef class CompiledSeats:
    """CompiledSeats(seed, policy_ids, weights=None): `choose(game)` is the option the deciding
    seat's compiled policy picks now (advancing that seat's stream); `step(game)` applies it;
    `play(game)` steps to the end. Seat s draws from derive_seed(seed, 1 + s)."""
    cdef Seats seats
    cdef int32_t pol[MAX_SEATS]
    cdef double w[MAX_SEATS * N_POLICY_WEIGHTS]
    cdef readonly int n

    def __init__(self, seed, policy_ids, weights=None):
        cdef int s, i
        ids = [int(x) for x in policy_ids]
        self.n = len(ids)
        if self.n < 1 or self.n > MAX_SEATS:
            raise UserError(f"policy_ids must name 1..{MAX_SEATS} seats, got {self.n}")
        rows = [list(r) for r in weights] if weights is not None else [[] for _ in ids]
        if len(rows) != self.n or any(len(r) > N_POLICY_WEIGHTS for r in rows):
            raise UserError(f"weights must be {self.n} rows of at most {N_POLICY_WEIGHTS} numbers")
        for s in range(self.n):
            if ids[s] < 0 or ids[s] >= N_COMPILED_POLICIES:
                raise UserError(f"policy id {ids[s]} of seat {s} is unknown; compiled policies: "
                                f"{', '.join(f'{k}={v}' for k, v in COMPILED_POLICIES.items())}")
            self.pol[s] = ids[s]
            for i in range(N_POLICY_WEIGHTS):
                self.w[s * N_POLICY_WEIGHTS + i] = float(rows[s][i]) if i < len(rows[s]) else 0.0
        seats_init(&self.seats, self.n, self.pol, self.w)
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
