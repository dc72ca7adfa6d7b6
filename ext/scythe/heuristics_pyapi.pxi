# Python access to the compiled heuristics (CompiledSeats). Included after pyapi.pxi.
# (Part of the compiled heuristics; heuristics_values.pxi has the header.)

# ---------------------------------------------------------------- Python access

# Names of the compiled policies (policies.pxi's table; simsuite/policies/scythe.py
# holds the same ids with the weight names).
COMPILED_POLICIES.update({"economy": HP_ECONOMY, "star_rush": HP_STAR_RUSH,
                          "aggressor": HP_AGGRESSOR, "diplomat": HP_DIPLOMAT,
                          "expert": HP_EXPERT})

cdef class CompiledSeats:
    """Compiled policies for every seat of a Game, stepped from Python.

    CompiledSeats(seed, policy_ids, weights): each seat's stream is seeded
    derive_seed(seed, 1 + seat), as in play_batch, so stepping a Game built
    with the same seed from its start with `step(game)` reproduces the batch
    game decision for decision. `choose(game)` only returns the option the
    deciding seat's policy picks (advancing that seat's stream).
    """
    cdef SeatPolicy seat_pol[MAX_SEATS]
    cdef int32_t pol[MAX_SEATS]
    cdef double w[MAX_SEATS * N_POLICY_WEIGHTS]
    cdef readonly int n

    def __init__(self, seed, policy_ids, weights=None):
        cdef int s, i
        cdef uint64_t sd = int(seed) & 0xFFFFFFFFFFFFFFFF
        ids = [int(x) for x in policy_ids]
        self.n = len(ids)
        if self.n < 1 or self.n > MAX_SEATS:
            raise UserError(f"policy_ids must name 1..{MAX_SEATS} seats, got {self.n}")
        for s in range(self.n):
            if ids[s] < 0 or ids[s] >= N_COMPILED_POLICIES:
                raise UserError(f"policy id {ids[s]} of seat {s} is unknown; compiled policies: "
                                f"{', '.join(f'{k}={v}' for k, v in COMPILED_POLICIES.items())}")
            self.pol[s] = ids[s]
            seat_policy_init(&self.seat_pol[s], sd, s)
            for i in range(N_POLICY_WEIGHTS):
                self.w[s * N_POLICY_WEIGHTS + i] = 0.0
        if weights is not None:
            rows = [list(r) for r in weights]
            if len(rows) != self.n or any(len(r) > N_POLICY_WEIGHTS for r in rows):
                raise UserError(f"weights must be {self.n} rows of at most "
                                f"{N_POLICY_WEIGHTS} numbers")
            for s in range(self.n):
                for i, x in enumerate(rows[s]):
                    self.w[s * N_POLICY_WEIGHTS + i] = float(x)

    def choose(self, Game game):
        """The option the deciding seat's policy picks now (None when over)."""
        cdef int k = legal_options(&game.g, game.buf)
        cdef int s = game.g.decider
        if k <= 0 or s < 0:
            return None
        if s >= self.n:
            raise UserError(f"seat {s} decides but only {self.n} seats have a policy")
        game.n_opts = k
        # The Game may have been changed between two calls: no value is carried over.
        self.seat_pol[s].h.section_memo.g = NULL
        self.seat_pol[s].h.seen_ok = False
        return choose(self.pol[s], &game.g, s, game.buf, k, &self.seat_pol[s],
                      &self.w[s * N_POLICY_WEIGHTS])

    def step(self, Game game):
        """Apply the deciding seat's choice; returns it (None when over)."""
        opt = self.choose(game)
        if opt is not None:
            game.apply(opt)
        return opt

    def play(self, Game game, int max_decisions=1000000):
        """Step until the game is over (or max_decisions); returns the count."""
        cdef int steps = 0
        while not game.is_over and steps < max_decisions:
            self.step(game)
            steps += 1
        return steps


def automa_turns_left(Game game):
    """The Automa's turns left as the seat-adapted heuristics read them from its public star
    card, cube and cards (-1 in a game without the Automa)."""
    return h_automa_turns_left(&game.g)


def heuristic_deny(Game game, int seat, int enemy, int cell, weights):
    """What the seat-adapted heuristics credit `seat` (with `weights`, a strategy's vector)
    for driving `enemy`'s units off `cell` in the current position (h_deny), and the game
    progress it is scaled by (for tests)."""
    cdef SeatPolicy sp
    cdef double w[N_POLICY_WEIGHTS]
    cdef int i
    vals = [float(x) for x in weights]
    for i in range(N_POLICY_WEIGHTS):
        w[i] = vals[i] if i < len(vals) else 0.0
    h_ctx_init(&sp.h)
    h_init(&sp.h, &game.g, seat, w)
    return h_deny(&sp.h, enemy, cell), sp.h.progress
