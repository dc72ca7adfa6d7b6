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
    N_POLICY_WEIGHTS = 32
    N_COMPILED_POLICIES = 5      # random + the heuristics of heuristics.pxi (ids HP_FIRST..HP_LAST)

COMPILED_POLICIES = {"random": POLICY_RANDOM}   # heuristics.pxi adds its names


ctypedef struct DistTable:
    # Steps between cells over one adjacency (the heuristics' rough movement
    # graph of a seat, heuristics.pxi h_board). A row is filled on first use
    # and kept while the seat's adjacency stays the same (it changes only when
    # the seat gains a movement ability or builds its Mine).
    int64_t key                    # what the adjacency was built from (-1: nothing yet)
    uint64_t adj[N_CELLS]
    uint64_t rows_ready
    uint8_t dist[N_CELLS][N_CELLS]  # dist[a][b]: steps from a to b, 99 if unreachable
    uint8_t far[N_CELLS]            # the largest finite entry of each row


ctypedef struct PotMemo:
    # The last potential field a seat's heuristics spread (heuristics.pxi
    # h_spread) and what it was spread from.
    int64_t adj_key                # DistTable.key it was spread over (-1: none)
    int n
    int cell[N_CELLS]
    double worth[N_CELLS]
    double pot[N_CELLS]


ctypedef struct SectionMemo:
    # What a seat's Section decision found each section's top options worth
    # (heuristics.pxi h_section), kept for the Top decision that follows it.
    # Only the section choice is applied in between, and a heuristic value is
    # a pure function of the position, so these are the values the Top
    # decision would compute again.
    const GameState* g             # the game it was computed in; NULL: none
    int32_t n_decisions            # g.n_decisions at that Section decision
    int32_t turn
    uint8_t have                   # bit s: section s's options are recorded
    int n_tops[5]
    int32_t tops[5][16]
    double val[5][16]


ctypedef struct SeatPolicy:
    # What the compiled policy of one seat keeps during one game: its own
    # random stream, and caches of pure functions of the position (a cache
    # never changes a choice, only how fast it is made).
    Rng rng
    DistTable dist
    PotMemo pot_memo[2]            # the character's field, the mechs' field
    SectionMemo section_memo


cdef inline void seat_policy_init(SeatPolicy* sp, uint64_t game_seed, int seat) noexcept nogil:
    rng_seed(&sp.rng, derive_seed(game_seed, 1 + seat))
    sp.dist.key = -1
    sp.dist.rows_ready = 0
    sp.pot_memo[0].adj_key = -1
    sp.pot_memo[1].adj_key = -1
    sp.section_memo.g = NULL


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
    return choose_random(opts, n, &sp.rng)
