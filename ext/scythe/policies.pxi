# Compiled policies.
#
# A policy chooses one of the legal options of the pending decision for the
# seat that must decide (`g.decider`). It may read only what that seat may
# see (DESIGN.md "Observation"): the public board and tracks, every player's
# pieces, coins, power, popularity, stars, hand SIZE and Factory card, its own
# hand values and objective cards, the pending decision and its options. It
# must never read another seat's hand values or objectives, the decks' order,
# the face-down Factory offer, or the opponent's committed combat dial/cards
# (GameState.t.cb_dial / cb_cards of the other side).
#
# Each seat draws from its own stream, seeded derive_seed(game_seed, 1 + seat),
# never from the game's chance stream.

cdef enum:
    POLICY_RANDOM = 0
    POLICY_SEARCH = 6            # search.pxi
    N_COMPILED_POLICIES = 7      # random + the heuristics of heuristics_*.pxi (ids HP_FIRST..HP_LAST) + search

COMPILED_POLICIES = {"random": POLICY_RANDOM}   # heuristics_pyapi.pxi adds its names


ctypedef struct SeatPolicy:
    # What the compiled policy of one seat keeps during one game: its own
    # random stream, and the heuristics' context (heuristics_ctx.pxi), whose
    # caches hold pure functions of the position (a cache never changes a
    # choice, only how fast it is made).
    Rng rng
    HCtx h
    int32_t style          # the search's mid-game style for this seat (search.pxi; 0 = its base)
    int32_t style_turns    # the seat's own turns when the style was last selected (-1: never)
    uint64_t tree_owner    # this seat-game's serial: the search keeps a turn's tree only for it


# Serials of seat_policy_init in this thread (the search's trees are per thread too): two games
# with the same seed never share a kept tree.
cdef extern from *:
    """
    static __thread unsigned long long simsuite_seat_policy_serial = 0;
    """
    unsigned long long simsuite_seat_policy_serial


cdef inline void seat_policy_init(SeatPolicy* sp, uint64_t game_seed, int seat) noexcept nogil:
    global simsuite_seat_policy_serial
    rng_seed(&sp.rng, derive_seed(game_seed, 1 + seat))
    h_ctx_init(&sp.h)
    sp.style = 0
    sp.style_turns = -1
    simsuite_seat_policy_serial += 1
    sp.tree_owner = simsuite_seat_policy_serial


cdef inline int32_t choose_random(const int32_t* opts, int n, Rng* rng) noexcept nogil:
    # Uniform among the legal options; a Python policy doing
    # options[Stream(seed).below(len(options))] draws exactly the same.
    return opts[rng_below(rng, n)]


cdef int32_t choose(int policy_id, const GameState* g, int seat, const int32_t* opts, int n,
                    SeatPolicy* sp, const double* weights) noexcept nogil:
    """Dispatch point of the compiled policies (weights: N_POLICY_WEIGHTS per seat)."""
    if policy_id == POLICY_RANDOM:
        return choose_random(opts, n, &sp.rng)
    if policy_id >= HP_FIRST and policy_id <= HP_LAST:
        return heuristic_choose(g, seat, policy_id, weights, sp, opts, n)
    if policy_id == POLICY_SEARCH:
        return search_choose(g, seat, opts, n, sp, weights)
    return choose_random(opts, n, &sp.rng)
