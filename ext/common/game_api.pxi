# Layer: api (template). Uses: the game's contract (ext/README.md): GameState
# (fields decider, decision, n_decisions, seed, n_players, events), MAX_OPTIONS, DECISION_NAMES,
# game_advance, game_apply, game_legal_options, game_is_over; and events.pxd.
#
# GameCore: the part of a game's Python `Game` that is the same for every game.
# A game's `cdef class Game(GameCore)` adds only what is its own: how a game is
# set up (it calls game_setup-like code, then self._start(log)), what a seat
# sees (`observation(seat)`, which the Python-policy path hands to policies),
# option labels, results, and its rule-test helpers.


cdef class GameCore:
    """One game, played step by step: the decision interface every game shares.

    `current_player` must choose one of `legal_options()` for the pending decision
    (`decision_kind` / `decision_name`); `apply(option)` checks it is legal, applies
    it and advances to the next decision (or the end), recording the events.
    `clone()` is an independent copy (a memory copy of the state); `replay(options)`
    applies a recorded list of options, so a game is replayed from (seed, options).
    """
    cdef GameState g
    cdef EventBuf* ev                  # the log sink, allocated only for a logged game
    cdef int32_t buf[MAX_OPTIONS]      # legal options of the pending decision
    cdef readonly int n_opts
    cdef list _decisions               # options applied through `apply`
    cdef list _raw                     # drained events as tuples
    cdef bint _log

    def __cinit__(self):
        self.ev = NULL
        self._decisions = []
        self._raw = []

    def __dealloc__(self):
        if self.ev != NULL:
            free(self.ev)
            self.ev = NULL

    cdef int _want_log(self, bint log) except -1:
        self._log = log
        if log and self.ev == NULL:
            self.ev = <EventBuf*>calloc(1, sizeof(EventBuf))
            if self.ev == NULL:
                raise MemoryError()
        self.g.events = self.ev if log else NULL
        return 0

    cdef int _start(self, bint log) except -1:
        # After the game's own setup wrote self.g: the log sink and the first decision.
        self._want_log(log)
        self.n_opts = game_advance(&self.g, self.buf)
        self._drain()
        return 0

    cdef void _drain(self):
        cdef int i
        cdef Event* e
        if self.ev == NULL or self.g.events == NULL:
            return
        for i in range(self.ev.n):
            e = &self.ev.ev[i]
            self._raw.append((e.kind, e.seat, e.flag, e.a, e.b, e.c, e.d))
        self.ev.n = 0

    cdef int _clone_extra(self, GameCore copy) except -1:
        # A game copies its own Python-level fields here (its C state is in g).
        return 0

    # ------------------------------------------------------------ the decision
    @property
    def current_player(self):
        """Seat that must decide now (-1 when the game is over)."""
        return self.g.decider

    @property
    def decision_kind(self):
        return self.g.decision

    @property
    def decision_name(self):
        return DECISION_NAMES[self.g.decision]

    def legal_options(self):
        """Legal options of the pending decision, ascending (empty when over)."""
        cdef int n = game_legal_options(&self.g, self.buf)
        self.n_opts = n
        return [self.buf[i] for i in range(n)]

    def apply(self, opt):
        """Apply a legal option and advance to the next decision (or the end)."""
        cdef int n = game_legal_options(&self.g, self.buf)
        cdef int i
        cdef int32_t o
        legal = [self.buf[i] for i in range(n)]
        try:
            o = int(opt)
        except (TypeError, ValueError):
            o = -999999
        if o not in legal:
            raise ValueError(f"option {opt!r} is not legal for decision {self.decision_name!r} "
                             f"of seat {self.g.decider}; legal options: {legal}")
        game_apply(&self.g, o)
        self.n_opts = game_advance(&self.g, self.buf)
        self._decisions.append(o)
        self._drain()

    def replay(self, options):
        """Apply recorded options in order (each checked as `apply` does); returns self.
        On a game fresh from its seed this replays the recorded game exactly."""
        for opt in options:
            self.apply(opt)
        return self

    def clone(self):
        """An independent copy (a memory copy of the state)."""
        cdef GameCore c = type(self).__new__(type(self))
        memcpy(&c.g, &self.g, sizeof(GameState))
        c._want_log(self._log)
        c._decisions = list(self._decisions)
        c._raw = list(self._raw)
        memcpy(c.buf, self.buf, sizeof(self.buf))
        c.n_opts = self.n_opts
        self._clone_extra(c)
        return c

    @property
    def is_over(self):
        return bool(game_is_over(&self.g))

    @property
    def decisions(self):
        """Options applied through `apply` (auto-applied ones excluded), for replays."""
        return list(self._decisions)

    @property
    def n_decisions(self):
        """Decisions applied so far, the auto-applied single-option ones included."""
        return self.g.n_decisions

    @property
    def seed(self):
        return self.g.seed

    @property
    def n_players(self):
        return self.g.n_players

    def raw_events(self):
        """The recorded events as tuples (kind, seat, flag, a, b, c, d)."""
        return list(self._raw)
