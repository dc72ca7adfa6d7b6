# The compiled search policy `search` (issue #15): open-loop Monte Carlo tree search over
# determinizations of the deciding seat's view, on top of a rollout heuristic.
#
# What is searched (measured in BENCHMARKS.md "Search policy"): by default (SW_ENDGAME = 4,
# SW_SCOPE = 1) every decision of the seat's own turns, once any seat has 4 stars, with every
# rollout played to the end of the game; before that the seat plays its rollout heuristic
# (SW_ROLLOUT, by default expert, the strongest: a search plays its rollout policy wherever
# it does not search, so that policy is its floor). Searching every turn with rollouts cut
# after a round and scored by an evaluation (SW_ENDGAME = 0) loses to the heuristic: the
# search finds the positions the evaluation over-values (coins or resources hoarded instead
# of spent), and full rollouts from the early game are too noisy (one play-out's margin
# varies by 15-25 coins, and common random numbers do not pair two play-outs once their
# first actions differ). SW_COMBAT = 1 (the default) also searches the seat's combat dial
# and cards, in a flat tree of their own, at any stage (before the endgame its rollouts are
# cut after a round and scored by the fitted evaluation), when nothing of the other side is
# hidden in the state (the seat commits first, or its opponent is the Automa).
#
# Mid-game style selection (SW_PORTFOLIO > 0): before the endgame (all game when every turn
# is searched, SW_ENDGAME = 0, as at the hard levels), at the seat's Section
# decision every SW_PF_EVERY own turns, the seat compares a portfolio of styles for itself
# (simsuite.games.scythe.policies SEARCH_STYLES: factors on its base weights, which are
# expert's defaults or, with SW_TABLE = 1, its row of expert's weights table) by
# SW_PORTFOLIO determinized rollouts to the end per style, in which it plays that style and
# every other seat the rollout defaults; the k-th rollout of every style plays the same
# determinization and streams, and the seat leaves its incumbent style only on a paired gain
# above SW_PF_Z standard errors (as the paired floor below). A style is judged by playing
# it, so the rollout policy's blind spots that sank the mid-game tree search (an evaluation
# or a rollout heuristic that cannot use what a move builds) do not bias it. The seat then
# plays its style (kept in its SeatPolicy) in every unsearched decision and in its own
# rollouts of the searched turns. These rollouts come alongside SW_SIMULATIONS (a selection
# costs SW_PORTFOLIO x SW_PF_STYLES full play-outs).
# Against the Automa two knobs take the place of these (search_game_knobs): the selection
# plays SW_SOLO_PORTFOLIO rollouts per style (by default none: measured, it did not pay there)
# and each tree SW_SOLO_BUDGET times SW_SIMULATIONS simulations (more simulations did).
# Against the hard levels (the level index SW_HARD_FROM and above: 2 = Automaszyna)
# SW_HARD_ENDGAME (when 0 or above), SW_HARD_BUDGET and SW_HARD_MARGIN_CAP (each when above
# 0) replace SW_ENDGAME, SW_SOLO_BUDGET and SW_MARGIN_CAP; SW_HARD_ENDGAME = 0 (the default)
# searches every turn with every play-out to the end (the depth cut lifted). Since nearly
# every play-out there loses by more than the usual cap of 10 coins, a wider cap gives the
# search the margin to steer by, and with it searching the opening pays as well (at
# Ultimaszyna, with SW_HARD_BUDGET 16, 26.8% of 224 deals against 17.4% from the first star
# and 6.7% with the easier levels' settings; 32 won 33.3% of 75 paired deals against 25.3%
# at 16, and the default 64 wins 40.0% of 80 fresh paired deals against 30.0% at 32;
# BENCHMARKS.md, "Search policy", sessions 15-20).
# In every game SW_LATE_BUDGET > 1 (against the hard levels SW_HARD_LATE_BUDGET, when above 0)
# multiplies the trees' simulations once some seat has SW_LATE_FROM stars: the play-outs are
# short by then, so the late turns' search costs a fraction of the opening's per simulation.
#
# One tree per seat and turn. Its nodes are the seat's own decisions of the turn that are
# in scope (SW_SCOPE), keyed by (decision kind, option); everything else on the way (the
# other seats' decisions, combat commitments, out-of-scope decisions, chance) is played
# by the rollout heuristic on the simulated state, so the tree is open-loop. Each
# simulation:
#   1. determinizes: a copy of the real state with everything the seat cannot see
#      re-sampled (determinize.pxi); the root's options are tried in turn (the rollout
#      heuristic's choice on the real position first in each round) and the k-th visit of
#      every one in this decision's search plays the k-th determinization with the same
#      rollout streams (common random numbers, SW_CRN), so they are compared on the same
#      samples;
#   2. below the root, descends by UCB1 (SW_EXPLORATION, in units of the spread of the
#      values seen), adding at most one node; a node may gain a child once
#      1 + SW_WIDEN * sqrt(visits) exceeds its children (progressive widening), the
#      rollout heuristic's own choice first, then random untried options;
#   3. rolls out with the heuristic SW_ROLLOUT for every seat, to the end in the endgame,
#      else until the seat is about to start its turn after SW_DEPTH more of its own turns;
#      the seat plays its style, and with SW_ROLL_TABLE (the default) every other seat its
#      row of expert's table (a public model of a strong player, chosen by the seat's public
#      faction and mat; in 2- and 4-player games against `expert` with its table it wins 5
#      and 4 points more than with expert's default weights there: BENCHMARKS.md, session 26);
#   4. scores the position (search_value): a game over by its margin capped at
#      SW_MARGIN_CAP plus SW_WIN_BONUS for a win, else by an evaluation, relative to
#      the best opponent.
# The choice (SW_OVERRIDE > 0, the default): the heuristic's choice on the real position,
# unless another root option's gain over it, paired on the same determinizations, has a
# lower bound (mean - SW_OVERRIDE standard errors) above 0; then the option with the highest
# such bound. A few noisy play-outs thus cannot talk the search out of the heuristic's move
# (its floor), and a clear gain still overrides it (BENCHMARKS.md: the Automa at normal
# level 46% -> 54%). SW_OVERRIDE = 0: the root option with the best mean (SW_BIAS coins
# added to the heuristic's own choice; ties go to it).
# Early stop (SW_SETTLE > 0, as shipped): from an eighth of the budget on, checked every
# sixteenth, a decision's search ends once the heuristic's choice is settled (search_settled:
# every legal option tried, each other one behind it on the same determinizations by more
# than SW_SETTLE standard errors), so decisions the heuristic already gets right cost less.
# With SW_TREE = 1 the tree spans the whole compound turn and is kept for the turn: the
# seat's later decisions of the turn start from the node of the options it took and add
# SW_FOLLOW x SW_SIMULATIONS simulations (with SW_BANK = 1, plus what the decision before left
# unspent when it settled early). With SW_TREE = 0 every decision in scope is
# searched alone (flat, a fresh tree, SW_SIMULATIONS simulations).
#
# SW_UNTIL = K > 0 cuts the other way from SW_ENDGAME: once a seat has K stars the seat
# searches nothing more and plays its rollout heuristic (in its style) to the end, so that
# what the search's opening is worth can be measured on its own (BENCHMARKS.md, session 26).
#
# No peeking: the search reads the real state only through redeal_hidden_state (which
# replaces everything the seat cannot see), the seat's own legal options, and its rollout
# heuristic's choice among them on the real position (a heuristic reads only its view).
# Determinism: with SW_TIME_MS = 0 a decision depends only on the game and the seat's own
# stream (one draw per tree); a tree is kept only within one turn of one game. The trees
# live in a per-thread pool allocated at the first search and grown to the largest budget
# seen, never freed (one per worker); nothing is allocated while deciding.

from posix.time cimport clock_gettime, timespec, CLOCK_MONOTONIC
from libc.math cimport sqrt, log, fabs
from libc.stdlib cimport realloc

cdef enum:
    SW_SIMULATIONS = 0     # simulations per tree (per decision with SW_TREE = 0)
    SW_DEPTH = 1           # rollout: own turns after the current one before the cut
    SW_ROLLOUT = 2         # heuristic strategy id playing every seat in the rollouts
    SW_EXPLORATION = 3     # UCB1 constant (times the spread of the values)
    SW_TIME_MS = 4         # > 0: stop a search after this many ms (not reproducible)
    SW_TREE = 5            # 1: one tree for the whole turn; 0: each decision alone
    SW_SCOPE = 6           # 0: Section, top action and bottom action; 1: every own-turn decision
    SW_CRN = 7             # 1: the k-th visit of every option plays the same determinization
    SW_WIDEN = 8           # progressive widening: children <= 1 + widen * sqrt(visits)
    SW_BIAS = 9            # coins added to the value of the heuristic's own choice
    SW_PROGRESS = 10       # coins per bottom-row step toward an open star (evaluation)
    SW_WIN_BONUS = 11      # coins for a won game that ended in the rollout
    SW_FOLLOW = 12         # later decisions of a kept tree: this share of the budget more
    SW_RESOURCE = 13       # coins per controlled resource token (evaluation, beyond its pairs)
    SW_POWER = 14          # coins per power point and per combat card in hand (evaluation)
    SW_EVAL = 15           # 1: the fitted evaluation (search_eval.pxi); 0: the score formula and terms above
    SW_ENDGAME = 16        # > 0: search turns only once a seat has this many stars, rollouts to the end
    SW_COMBAT = 17         # 1: search the seat's combat commitments when nothing of the other side is hidden
    SW_MARGIN_CAP = 18     # a game over counts its margin up to this many coins either way
    SW_OVERRIDE = 19       # > 0: leave the heuristic's choice only for an option whose paired gain
                           # over it (same determinizations) has a lower bound (mean - this x its
                           # standard error) above 0
    SW_TABLE = 20          # 1: the seat plays its row of expert's weights table (tables/expert.toml)
                           # as its base style, in the real game and in its rollouts
    SW_PORTFOLIO = 21      # > 0: mid-game style selection, this many rollouts per style (below)
    SW_PF_EVERY = 22       # own turns between two style selections
    SW_PF_Z = 23           # a style replaces the incumbent only on a paired gain above this many SEs
    SW_PF_STYLES = 24      # how many styles of the portfolio (SEARCH_STYLES) are compared
    SW_PF_CAP = 25         # the selection's margin cap (SW_MARGIN_CAP of its rollouts' values)
    SW_SOLO_PORTFOLIO = 26 # against the Automa: SW_PORTFOLIO's value there (search_game_knobs)
    SW_SOLO_BUDGET = 27    # against the Automa: SW_SIMULATIONS times this
    SW_HARD_FROM = 28      # the first Automa level (0 Autometta .. 3 Ultimaszyna) of the two below
    SW_HARD_ENDGAME = 29   # >= 0: against those levels, SW_ENDGAME's value there (0: every
                           # turn, played out to the end); < 0: SW_ENDGAME applies
    SW_HARD_BUDGET = 30    # > 0: against those levels, SW_SOLO_BUDGET's value there
    SW_HARD_MARGIN_CAP = 31  # > 0: against those levels, SW_MARGIN_CAP's value there
    SW_SETTLE = 32         # > 0: a decision's search stops once the heuristic's choice is settled
                           # (search_settled, this many standard errors); < 0: only count where
                           # it would have stopped (search_settle_counts); 0: never
    SW_BANK = 33           # 1: simulations a settled decision leaves unspent go to the turn's next
                           # decision of the same tree (on top of its SW_FOLLOW share); 0: dropped
    SW_UNTIL = 34          # > 0: nothing is searched once a seat has this many stars (the seat plays
                           # its rollout heuristic in its style, combat included); 0: no such cut
    SW_ROLL_TABLE = 35     # 1 (with SW_TABLE): in the simulated games every other seat plays its
                           # row of expert's table too (by its public faction and mat); 0: the
                           # rollout heuristic's defaults
    SW_LATE_FROM = 36      # the late game: once some seat has this many stars (SW_LATE_BUDGET)
    SW_LATE_BUDGET = 37    # > 1: in the late game every tree takes this many times its simulations
    SW_HARD_LATE_BUDGET = 38  # > 0: against the hard levels, SW_LATE_BUDGET's value there
    N_SW = 39
    SEARCH_MAX_STYLES = 12
    SEARCH_MAX_PAIRED = 32768  # root visits of the heuristic's choice kept for pairing (a two-option
                               # root at 65,536 simulations; 256 KB of scratch); past it a root's
                               # visits go unpaired (the hard levels' 131,072 can reach it)
    SEARCH_MAX_ROLLOUT_DECISIONS = 20000   # a rollout never runs longer (safety)
    SEARCH_DEPTH_TO_THE_END = 1 << 20      # SW_DEPTH that never cuts a rollout

# The rollout heuristics' weights: the strategies' defaults (simsuite.games.scythe.policies),
# loaded once when the module is imported (bottom of this file).
cdef double search_rollout_w[HP_LAST + 1][N_POLICY_WEIGHTS]
# The seat's rows of expert's weights table, by game shape (search_table_shape: the player
# count, or against the Automa MAX_SEATS + 1 + its level) and faction x mat; search_table_has
# marks the rows the table changes. The portfolio's styles: factors on a seat's base weights.
cdef enum:
    SEARCH_TABLE_SHAPES = MAX_SEATS + 1 + AUTOMA_N_LEVELS
cdef double search_table_w[SEARCH_TABLE_SHAPES][N_FACTIONS * N_MATS][N_POLICY_WEIGHTS]
cdef uint8_t search_table_has[SEARCH_TABLE_SHAPES][N_FACTIONS * N_MATS]
cdef double search_style_f[SEARCH_MAX_STYLES][N_POLICY_WEIGHTS]
cdef int search_n_styles = 1
cdef int64_t search_style_picks[SEARCH_MAX_STYLES]   # selections by outcome (statistics, per process)
# Early stops (SW_SETTLE; statistics, per process): decisions searched, of them settled,
# simulations run (with SW_SETTLE < 0: those a stop would have run), simulations budgeted,
# and (SW_SETTLE < 0) settled decisions where the whole budget chose another option.
cdef int64_t search_settle_stats[5]


ctypedef struct SearchNode:
    int32_t option
    int32_t kind           # decision kind the option answers
    int32_t child          # first child, -1 none
    int32_t sibling        # next sibling, -1 none
    int32_t n_children
    int32_t visits
    double total           # sum of the simulation values through this node
    uint8_t heuristic      # the rollout heuristic chose this option when it was added
    # At the root only (reset when a node becomes the root): visits in this decision's search,
    # and the value differences from the heuristic's choice on the same determinizations.
    int32_t root_visits
    int32_t paired
    double d_sum
    double d_sum2


ctypedef struct SeatTree:
    # The tree of one seat's current turn.
    uint64_t game_seed     # which game, turn and seat the tree is for
    uint64_t owner         # the SeatPolicy.tree_owner it was grown for (same seed, another game)
    int32_t turn
    int32_t n_decisions    # g.n_decisions when the kept tree last chose
    int32_t root           # node of the pending decision (-1: none)
    int32_t chosen         # child taken at the last decision (-1: none)
    uint64_t seed          # the tree's own stream seed (drawn from the seat's stream)
    uint64_t root_seed     # determinizations of the current root's search (from seed)
    int32_t n_roots        # decisions searched in this tree so far
    int32_t h_node         # the root's child the heuristic chooses on the real position (-1 none)
    int32_t bank           # simulations left unspent by the turn's settled decisions (SW_BANK)
    Rng rng                # untried options are tried in the order this stream draws
    int32_t n_nodes
    int32_t limit          # nodes this tree may use (from its budget only: results never
                           # depend on how large the pool grew for an earlier game)
    int32_t cap
    SearchNode* nodes
    double sum_v           # values seen in this tree (for the UCB scale)
    double sum_v2
    int32_t n_v
    int64_t steps          # decisions simulated in this tree (statistics)


ctypedef struct SearchScratch:
    GameState det          # the current determinization
    GameState sim          # the simulated game
    SeatPolicy roll[MAX_SEATS]
    SeatTree tree[MAX_SEATS]
    SeatTree combat        # a combat commitment's flat tree (never kept)
    int32_t buf[MAX_OPTIONS]
    int32_t path[512]
    const double* roll_w[MAX_SEATS]     # each seat's weights in the simulated games
    double own_w[N_POLICY_WEIGHTS]      # the searching seat's style (its rollouts' weights)
    double style_w[SEARCH_MAX_STYLES][N_POLICY_WEIGHTS]   # the portfolio's styles for the seat
    double h_value[SEARCH_MAX_PAIRED]   # the k-th root visit of the heuristic's choice


cdef extern from *:
    """
    static __thread void* simsuite_search_scratch = 0;
    """
    void* simsuite_search_scratch


cdef SearchScratch* search_scratch() noexcept nogil:
    # Once per thread (never freed: one per worker process or thread, reused by every game).
    global simsuite_search_scratch
    cdef SearchScratch* s = <SearchScratch*>simsuite_search_scratch
    cdef int k
    if s == NULL:
        s = <SearchScratch*>calloc(1, sizeof(SearchScratch))
        if s == NULL:
            return NULL
        for k in range(MAX_SEATS):
            s.tree[k].root = -1
            s.tree[k].chosen = -1
        s.combat.root = -1
        s.combat.chosen = -1
        simsuite_search_scratch = <void*>s
    return s


cdef bint tree_reserve(SeatTree* t, int32_t cap) noexcept nogil:
    # The node pool grows to the budget once; later trees reuse it.
    cdef SearchNode* nodes
    if t.cap >= cap:
        return True
    nodes = <SearchNode*>realloc(t.nodes, cap * sizeof(SearchNode))
    if nodes == NULL:
        return False
    t.nodes = nodes
    t.cap = cap
    return True


cdef int32_t tree_add(SeatTree* t, int32_t parent, int kind, int32_t option,
                      bint heuristic) noexcept nogil:
    cdef int32_t i
    cdef SearchNode* nd
    if t.n_nodes >= t.limit:
        return -1
    i = t.n_nodes
    t.n_nodes += 1
    nd = &t.nodes[i]
    nd.option = option
    nd.kind = kind
    nd.child = -1
    nd.sibling = -1
    nd.n_children = 0
    nd.visits = 0
    nd.total = 0.0
    nd.heuristic = heuristic
    nd.root_visits = 0
    nd.paired = 0
    nd.d_sum = 0.0
    nd.d_sum2 = 0.0
    if parent >= 0:
        nd.sibling = t.nodes[parent].child
        t.nodes[parent].child = i
        t.nodes[parent].n_children += 1
    return i


cdef inline double search_now_ms() noexcept nogil:
    cdef timespec ts
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return ts.tv_sec * 1000.0 + ts.tv_nsec / 1.0e6


cdef inline bint search_in_scope(int kind, int scope) noexcept nogil:
    if kind == DK_DIAL or kind == DK_CARDS:
        return False    # combat commitments: the other side's may already be hidden in the state
    if scope >= 1:
        return True
    return kind == DK_SECTION or kind == DK_TOP or kind == DK_BOTTOM


cdef inline bint search_combat_open(const GameState* g, int seat) noexcept nogil:
    # The seat commits dial or cards first, or against the Automa (which commits nothing in
    # advance, turn.pxi PH_COMBAT_DIAL): no choice of the other side is hidden in the state.
    if not (g.decision == DK_DIAL or g.decision == DK_CARDS) or g.decider != seat:
        return False
    return g.t.cb_stage == 0 or g.t.cb_seat[1 - g.t.cb_stage] == g.automa.seat


cdef inline bint search_owns(const GameState* g, int seat, int root_turns, int scope) noexcept nogil:
    # A decision of `seat`'s turn being searched, that the tree may hold.
    return (g.decider == seat and g.active == seat and g.p[seat].turns == root_turns
            and search_in_scope(g.decision, scope))


cdef double search_progress(const GameState* g, int s, const double* f) noexcept nogil:
    # Bottom-row steps toward stars not yet placed (the final score does not see them),
    # from seat s's features f.
    cdef const Player* p = &g.p[s]
    cdef double n = 0.0
    if g.automa.seat == s:
        return 0.0
    if not p.star_placed[STAR_UPGRADES]:
        n += f[SF_UPGRADES]
    if not p.star_placed[STAR_MECHS]:
        n += f[SF_MECHS]
    if not p.star_placed[STAR_STRUCTURES]:
        n += f[SF_STRUCTURES]
    if not p.star_placed[STAR_RECRUITS]:
        n += f[SF_RECRUITS]
    if not p.star_placed[STAR_WORKERS] and f[SF_WORKERS] > 2:
        n += f[SF_WORKERS] - 2
    return n


cdef void search_scores(GameState* g, int* score, int* rank) noexcept nogil:
    # Every seat's final score (and rank) if the game ended now, solo scoring included.
    cdef int comp[MAX_SEATS * N_SCORE_COMPONENTS]
    cdef int shared[MAX_SEATS]
    if g.automa.seat >= 0:
        automa_final_scores(g, score, comp, rank, shared)
    else:
        final_scores(g, score, comp, rank, shared)


cdef void search_features(GameState* g, int s, const int* score, double* f) noexcept nogil:
    """What the fitted evaluation reads of seat `s` (SF_* order); all of it public."""
    cdef const Player* p = &g.p[s]
    cdef int res4[4]
    f[SF_ONE] = 1.0
    f[SF_SCORE] = score[s]
    f[SF_COINS] = p.coins
    f[SF_STARS] = p.stars
    f[SF_POPULARITY] = p.popularity
    f[SF_POWER] = p.power
    f[SF_CARDS] = hand_size(g, s)
    f[SF_UPGRADES] = upgrades_done(p)
    f[SF_MECHS] = mechs_deployed(p)
    f[SF_STRUCTURES] = structures_built(p)
    f[SF_RECRUITS] = recruits_enlisted(p)
    f[SF_WORKERS] = N_WORKERS - workers_on_mat(g, s)
    f[SF_RESOURCES] = controlled_resources(g, s, res4)
    f[SF_TERRITORIES] = controlled_territories(g, s)
    f[SF_FACTORY] = p.factory_card >= 0
    f[SF_TURNS] = p.turns


cdef inline int search_eval_model(const GameState* g, int s) noexcept nogil:
    # Which fitted model predicts seat s: the Automa, the human against it, or n players.
    if g.automa.seat >= 0:
        return SM_AUTOMA if g.automa.seat == s else SM_SOLO
    return g.n_players   # SM_2P .. SM_5P


cdef inline int search_max_stars(const GameState* g) noexcept nogil:
    cdef int s, m = 0
    for s in range(g.n_players):
        if g.p[s].stars > m:
            m = g.p[s].stars
    return m


cdef inline int search_eval_stage(const GameState* g) noexcept nogil:
    # The game's stage by the most stars any seat has: 0-1, 2-3, 4+.
    cdef int m = search_max_stars(g)
    return m // 2 if m < 4 else 2


cdef double search_value(GameState* g, int seat, const double* sw) noexcept nogil:
    """The seat's value of a position: its predicted final score minus the best other
    seat's (SW_EVAL 1: the fitted linear models of search_eval.pxi; 0: the final score
    formula plus SW_PROGRESS, SW_RESOURCE and SW_POWER terms); for a game over, the margin
    capped at SW_MARGIN_CAP plus SW_WIN_BONUS if the seat won."""
    cdef int score[MAX_SEATS]
    cdef int rank[MAX_SEATS]
    cdef double f[N_SF]
    cdef double v[MAX_SEATS]
    cdef double best = -1.0e9, margin
    cdef const double* w
    cdef int s, k, stage
    cdef bint over = g.end_reason != END_NOT_OVER
    search_scores(g, score, rank)
    stage = search_eval_stage(g)
    for s in range(g.n_players):
        search_features(g, s, score, f)
        if over:
            v[s] = score[s]
        elif sw[SW_EVAL] != 0.0:
            w = search_eval_w[search_eval_model(g, s)][stage]
            v[s] = 0.0
            for k in range(N_SF):
                v[s] += w[k] * f[k]
        else:
            v[s] = score[s] + sw[SW_PROGRESS] * search_progress(g, s, f)
            if g.automa.seat != s:
                v[s] += sw[SW_RESOURCE] * f[SF_RESOURCES] + sw[SW_POWER] * (f[SF_POWER] + f[SF_CARDS])
        if s != seat and v[s] > best:
            best = v[s]
    if over:
        # A win is a win: a larger margin later must not outweigh ending the game now.
        margin = min(max(v[seat] - best, -sw[SW_MARGIN_CAP]), sw[SW_MARGIN_CAP])
        return margin + (sw[SW_WIN_BONUS] if rank[seat] == 1 else 0.0)
    return v[seat] - best


def search_position_features(Game game, int seat):
    """The fitted evaluation's inputs for `seat` now: (model, stage, features) (search.pxi)."""
    cdef int score[MAX_SEATS]
    cdef int rank[MAX_SEATS]
    cdef double f[N_SF]
    if not (0 <= seat < game.g.n_players):
        raise ValueError(f"seat {seat} out of range 0..{game.g.n_players - 1}")
    search_scores(&game.g, score, rank)
    search_features(&game.g, seat, score, f)
    return search_eval_model(&game.g, seat), search_eval_stage(&game.g), [f[k] for k in range(N_SF)]


cdef inline int search_rollout_id(const double* sw) noexcept nogil:
    cdef int r = <int>sw[SW_ROLLOUT]
    if r < HP_FIRST or r > HP_LAST:
        return HP_FIRST
    return r


cdef inline int32_t search_heuristic(GameState* g, int s, const double* sw, const double* w,
                                     SeatPolicy* sp, const int32_t* opts, int n) noexcept nogil:
    # The rollout heuristic's choice for seat s with weights w (a seat's style, or the defaults).
    return heuristic_choose(g, s, search_rollout_id(sw), w, sp, opts, n)


cdef const double* search_seat_base(const GameState* g, int seat, const double* sw) noexcept nogil:
    # The seat's base weights: its row of expert's table (SW_TABLE, expert rollouts, a row the
    # table changes), else the rollout heuristic's defaults.
    cdef int rid = search_rollout_id(sw)
    cdef int shape = search_table_shape(g)
    cdef int row
    if sw[SW_TABLE] != 0.0 and rid == HP_EXPERT:
        row = seat_pair_row(g, seat)
        if 0 <= row < N_FACTIONS * N_MATS and search_table_has[shape][row]:
            return search_table_w[shape][row]
    return search_rollout_w[rid]


cdef inline int search_table_shape(const GameState* g) noexcept nogil:
    # The game shape a seat's table row is read for (search_table_w): the player count, or
    # against the Automa one shape per level (a table may have rows for each).
    return MAX_SEATS + 1 + g.automa.level if g.automa.seat >= 0 else g.n_players


cdef void search_style(const GameState* g, int seat, const double* sw, int style,
                       double* out) noexcept nogil:
    # The weights of the seat's style: the portfolio's factors on its base weights.
    cdef const double* base = search_seat_base(g, seat, sw)
    cdef int i
    if style < 0 or style >= search_n_styles:
        style = 0
    for i in range(N_POLICY_WEIGHTS):
        out[i] = base[i] * search_style_f[style][i]


cdef void search_set_roll_weights(SearchScratch* sc, const GameState* g, int seat,
                                  const double* sw, const double* own) noexcept nogil:
    # Simulated games: the searching seat plays `own`, every other seat the rollout defaults,
    # or with SW_ROLL_TABLE the row of expert's table its faction and mat give (a public
    # model of a strong player; whoever really sits there, their styles are not the seat's
    # to know).
    cdef int s
    if own != sc.own_w:
        memcpy(sc.own_w, own, N_POLICY_WEIGHTS * sizeof(double))
    for s in range(g.n_players):
        if sw[SW_ROLL_TABLE] != 0.0:
            sc.roll_w[s] = search_seat_base(g, s, sw)
        else:
            sc.roll_w[s] = search_rollout_w[search_rollout_id(sw)]
    sc.roll_w[seat] = sc.own_w


cdef inline void search_reset_roll(SearchScratch* sc, uint64_t seed, int n) noexcept nogil:
    # Fresh rollout streams; the heuristics' position caches are kept (pure functions of
    # the position) but nothing tied to the previous simulated game (as CompiledSeats).
    cdef int s
    for s in range(n):
        rng_seed(&sc.roll[s].rng, derive_seed(seed, 1 + s))
        sc.roll[s].h.section_memo.g = NULL
        sc.roll[s].h.seen_ok = False


cdef int32_t search_select(SeatTree* t, int32_t node, const int32_t* opts, int n, int kind,
                           const double* sw, GameState* g, int seat, SearchScratch* sc,
                           bint* added) noexcept nogil:
    """The child of `node` this simulation takes at the pending decision (adding one when
    progressive widening allows); -1 if the pool is full and no legal child exists."""
    cdef SearchNode* nd = &t.nodes[node]
    cdef int32_t c, best = -1, pick
    cdef int i, j, legal_children = 0, untried
    cdef double ucb, best_ucb = -1.0e300, scale, mean, lnN
    cdef uint8_t is_child[MAX_OPTIONS]
    cdef double var
    added[0] = False
    memset(is_child, 0, n)
    c = nd.child
    while c >= 0:
        if t.nodes[c].kind == kind:
            i = search_find(opts, n, t.nodes[c].option)
            if i >= 0:
                is_child[i] = 1
                legal_children += 1
        c = t.nodes[c].sibling
    untried = n - legal_children
    if untried > 0 and (legal_children == 0 or
                        legal_children < 1.0 + sw[SW_WIDEN] * sqrt(<double>nd.visits)):
        if legal_children == 0:
            pick = search_heuristic(g, seat, sw, sc.roll_w[seat], &sc.roll[seat], opts, n)
            c = tree_add(t, node, kind, pick, True)
        else:
            j = rng_below(&t.rng, untried)
            for i in range(n):
                if not is_child[i]:
                    if j == 0:
                        break
                    j -= 1
            c = tree_add(t, node, kind, opts[i], False)
        if c >= 0:
            added[0] = True
            return c
    if legal_children == 0:
        return -1
    scale = 1.0
    if t.n_v > 1:
        var = (t.sum_v2 - t.sum_v * t.sum_v / t.n_v) / (t.n_v - 1)
        if var > 1.0:
            scale = sqrt(var)
    lnN = log(<double>(nd.visits + 1))
    c = nd.child
    while c >= 0:
        if t.nodes[c].kind == kind and search_find(opts, n, t.nodes[c].option) >= 0:
            if t.nodes[c].visits == 0:
                return c
            if node == t.root:
                # The root's options are sampled in turn, so that with common random
                # numbers every one is judged on the same determinizations (the k-th visit
                # in this search of each plays the k-th); the heuristic's choice first in
                # each round, so that its value is there to pair with.
                ucb = -t.nodes[c].root_visits + (0.5 if c == t.h_node else 0.0)
                if ucb > best_ucb:
                    best_ucb = ucb
                    best = c
                c = t.nodes[c].sibling
                continue
            mean = t.nodes[c].total / t.nodes[c].visits
            if t.nodes[c].heuristic:
                mean += sw[SW_BIAS]
            ucb = mean + sw[SW_EXPLORATION] * scale * sqrt(lnN / t.nodes[c].visits)
            if ucb > best_ucb:
                best_ucb = ucb
                best = c
        c = t.nodes[c].sibling
    return best


cdef inline int search_find(const int32_t* opts, int n, int32_t opt) noexcept nogil:
    # Options are sorted ascending (turn.pxi legal_options).
    cdef int lo = 0, hi = n - 1, mid
    while lo <= hi:
        mid = (lo + hi) >> 1
        if opts[mid] == opt:
            return mid
        if opts[mid] < opt:
            lo = mid + 1
        else:
            hi = mid - 1
    return -1


cdef void search_simulate(const GameState* real, int seat, SeatTree* t, const double* sw,
                          SearchScratch* sc, bint keep, bint to_end) noexcept nogil:
    cdef GameState* g = &sc.sim
    cdef int32_t* buf = sc.buf
    cdef int32_t node = t.root, c, first
    cdef int k, s, r, depth = 0, steps = 0, root_turns = real.p[seat].turns
    cdef SearchNode* nd
    cdef double d
    cdef int scope = <int>sw[SW_SCOPE]
    cdef int stop_turns = root_turns + 1 + <int>sw[SW_DEPTH]
    if to_end:
        stop_turns = 1 << 30
    cdef bint in_tree = True, added
    cdef uint64_t det_seed
    cdef double v
    cdef int32_t opt
    # 1. determinization: chosen by how often the root option about to be taken was tried
    #    (common random numbers), else a fresh one per simulation
    memcpy(g, real, sizeof(GameState))
    g.events = NULL
    k = legal_options(g, buf)
    # (the root's options and the heuristic's choice among them are the seat's own view)
    search_reset_roll(sc, t.seed, g.n_players)
    first = search_select(t, node, buf, k, g.decision, sw, g, seat, sc, &added)
    if first < 0:
        return
    r = t.nodes[first].root_visits
    if sw[SW_CRN] != 0.0:
        det_seed = derive_seed(t.root_seed, <uint64_t>r)
    else:
        det_seed = derive_seed(t.root_seed, <uint64_t>(1000000 + t.nodes[node].visits))
    redeal_hidden_state(g, seat, det_seed)
    search_reset_roll(sc, det_seed, g.n_players)
    sc.path[0] = node
    sc.path[1] = first
    depth = 2
    apply_effect(g, t.nodes[first].option, 0)
    in_tree = keep and not added
    node = first
    # 2.-3. the tree while it lasts, then the rollout
    k = advance(g, buf)
    while k > 0 and steps < SEARCH_MAX_ROLLOUT_DECISIONS:
        s = g.decider
        if s == seat and g.active == seat and g.p[seat].turns >= stop_turns:
            break
        if in_tree and search_owns(g, seat, root_turns, scope) and depth < 512:
            c = search_select(t, node, buf, k, g.decision, sw, g, seat, sc, &added)
            if c >= 0:
                sc.path[depth] = c
                depth += 1
                node = c
                opt = t.nodes[c].option
                in_tree = not added
            else:
                in_tree = False
                opt = search_heuristic(g, s, sw, sc.roll_w[s], &sc.roll[s], buf, k)
        else:
            opt = search_heuristic(g, s, sw, sc.roll_w[s], &sc.roll[s], buf, k)
        apply_effect(g, opt, 0)
        k = advance(g, buf)
        steps += 1
    t.steps += steps
    # 4. evaluation and backpropagation
    v = search_value(g, seat, sw)
    t.sum_v += v
    t.sum_v2 += v * v
    t.n_v += 1
    # the root option's paired difference from the heuristic's choice on this determinization
    t.nodes[first].root_visits += 1
    if first == t.h_node:
        if r < SEARCH_MAX_PAIRED:
            sc.h_value[r] = v
    elif t.h_node >= 0 and r < SEARCH_MAX_PAIRED and r < t.nodes[t.h_node].root_visits:
        nd = &t.nodes[first]
        d = v - sc.h_value[r]
        nd.paired += 1
        nd.d_sum += d
        nd.d_sum2 += d * d
    for k in range(depth):
        t.nodes[sc.path[k]].visits += 1
        t.nodes[sc.path[k]].total += v


cdef inline void search_game_knobs(const GameState* g, const double* sw, double* out) noexcept nogil:
    # The knobs as they apply in this game: against the Automa the style selection takes
    # SW_SOLO_PORTFOLIO rollouts per style and the trees SW_SOLO_BUDGET times the simulations
    # (BENCHMARKS.md "Search policy": there the selection did not pay and simulations did).
    cdef double budget = sw[SW_SOLO_BUDGET]
    memcpy(out, sw, N_SW * sizeof(double))
    if g.automa.seat >= 0:
        if g.automa.level >= sw[SW_HARD_FROM]:
            if sw[SW_HARD_ENDGAME] >= 0.0:
                out[SW_ENDGAME] = sw[SW_HARD_ENDGAME]
                if sw[SW_HARD_ENDGAME] == 0.0:     # every turn, every play-out to the end
                    out[SW_DEPTH] = SEARCH_DEPTH_TO_THE_END
            if sw[SW_HARD_BUDGET] > 0.0:
                budget = sw[SW_HARD_BUDGET]
            if sw[SW_HARD_MARGIN_CAP] > 0.0:
                out[SW_MARGIN_CAP] = sw[SW_HARD_MARGIN_CAP]
            if sw[SW_HARD_LATE_BUDGET] > 0.0:
                out[SW_LATE_BUDGET] = sw[SW_HARD_LATE_BUDGET]
        out[SW_PORTFOLIO] = sw[SW_SOLO_PORTFOLIO]
        out[SW_SIMULATIONS] = sw[SW_SIMULATIONS] * budget
    # late play-outs are short, so more simulations there cost little
    if out[SW_LATE_BUDGET] > 1.0 and search_max_stars(g) >= sw[SW_LATE_FROM]:
        out[SW_SIMULATIONS] = out[SW_SIMULATIONS] * out[SW_LATE_BUDGET]


cdef int32_t search_choose(const GameState* g, int seat, const int32_t* opts, int n,
                           SeatPolicy* sp, const double* knobs) noexcept nogil:
    """The `search` policy's choice at the pending decision (see the top of this file)."""
    cdef double sw[N_SW]
    cdef SearchScratch* sc
    cdef SeatTree* t
    cdef int32_t c, best = -1, budget, i, sims
    cdef int scope
    cdef bint keep, to_end, combat, fresh
    cdef double t_end = 0.0, mean, best_mean = -1.0e300
    cdef int best_visits = -1
    cdef int32_t settle_every, settle_from, settled_at = -1, ran = 0
    cdef double w[N_POLICY_WEIGHTS]    # the seat's style (search_portfolio)
    if n <= 1:
        return opts[0]
    search_game_knobs(g, knobs, sw)
    if sw[SW_UNTIL] > 0.0 and search_max_stars(g) >= sw[SW_UNTIL]:
        search_style(g, seat, sw, sp.style, w)
        return search_heuristic(<GameState*>g, seat, sw, w, sp, opts, n)
    scope = <int>sw[SW_SCOPE]
    keep = sw[SW_TREE] != 0.0
    to_end = sw[SW_ENDGAME] > 0.0 and search_max_stars(g) >= sw[SW_ENDGAME]
    combat = sw[SW_COMBAT] != 0.0 and search_combat_open(g, seat)
    # with SW_ENDGAME = 0 (every turn searched) to_end stays false: the selection runs all game
    if (sw[SW_PORTFOLIO] > 0.0 and not to_end and g.decision == DK_SECTION
            and g.active == seat
            and (sp.style_turns < 0 or g.p[seat].turns - sp.style_turns >= sw[SW_PF_EVERY])):
        search_portfolio(g, seat, sw, sp)
    search_style(g, seat, sw, sp.style, w)
    if not combat:
        if not (g.active == seat and search_in_scope(g.decision, scope)):
            return search_heuristic(<GameState*>g, seat, sw, w, sp, opts, n)
        if sw[SW_ENDGAME] > 0.0 and not to_end:
            return search_heuristic(<GameState*>g, seat, sw, w, sp, opts, n)
    sc = search_scratch()
    budget = <int32_t>sw[SW_SIMULATIONS]
    if sc == NULL or budget < 1:
        return search_heuristic(<GameState*>g, seat, sw, w, sp, opts, n)
    search_set_roll_weights(sc, g, seat, sw, w)
    if combat:
        t = &sc.combat     # flat, and the turn's kept tree stays as it is
        keep = False
    else:
        t = &sc.tree[seat]
    # Keep the turn's tree when the last choice was this seat's (its SeatPolicy), in this turn of
    # this game.
    fresh = True
    if (keep and t.root >= 0 and t.chosen >= 0 and t.owner == sp.tree_owner
            and t.game_seed == g.seed and t.turn == g.turn and t.n_decisions < g.n_decisions):
        t.root = t.chosen
        fresh = False
        budget = <int32_t>(budget * sw[SW_FOLLOW]) + t.bank
    if fresh:
        t.limit = <int32_t>(sw[SW_SIMULATIONS] * (1.0 + 8.0 * sw[SW_FOLLOW])) + 8
        if not tree_reserve(t, t.limit):
            return search_heuristic(<GameState*>g, seat, sw, w, sp, opts, n)
        t.game_seed = g.seed
        t.owner = sp.tree_owner
        t.turn = g.turn
        t.n_nodes = 0
        t.seed = rng_next(&sp.rng)
        rng_seed(&t.rng, derive_seed(t.seed, 0xC0FFEE))
        t.sum_v = 0.0
        t.sum_v2 = 0.0
        t.n_v = 0
        t.steps = 0
        t.n_roots = 0
        t.root = tree_add(t, -1, -1, -1, False)
    t.bank = 0
    search_new_root(g, seat, t, sw, sc, opts, n)
    if sw[SW_TIME_MS] > 0.0:
        t_end = search_now_ms() + sw[SW_TIME_MS]
    # SW_SETTLE: the stop test every 16th of the budget, from its 8th on
    settle_every = budget // 16 if budget >= 16 else 1
    settle_from = max(budget // 8, 32)
    for sims in range(budget):
        if t.n_nodes >= t.limit:
            break
        search_simulate(g, seat, t, sw, sc, keep, to_end)
        ran += 1
        if t_end > 0.0 and search_now_ms() >= t_end:
            break
        if (sw[SW_SETTLE] != 0.0 and settled_at < 0 and ran >= settle_from
                and ran % settle_every == 0
                and search_settled(g, t, opts, n, fabs(sw[SW_SETTLE]))):
            settled_at = ran
            if sw[SW_SETTLE] > 0.0:
                break
    search_settle_stats[0] += 1
    search_settle_stats[1] += settled_at >= 0
    search_settle_stats[2] += settled_at if settled_at >= 0 else ran
    search_settle_stats[3] += budget
    if keep and sw[SW_BANK] > 0.0 and sw[SW_SETTLE] > 0.0 and settled_at >= 0:
        t.bank = budget - ran
    if sw[SW_OVERRIDE] > 0.0:
        best = search_paired_choice(g, t, opts, n, sw[SW_OVERRIDE])
        search_settle_stats[4] += settled_at >= 0 and best != t.h_node
        return search_chosen(g, seat, t, sw, w, sp, opts, n, keep, best)
    # The best mean (the heuristic's own choice SW_BIAS coins ahead), among the legal
    # options tried at least half as often as the most tried one.
    c = t.nodes[t.root].child
    while c >= 0:
        if t.nodes[c].kind == g.decision and t.nodes[c].visits > best_visits and \
                search_find(opts, n, t.nodes[c].option) >= 0:
            best_visits = t.nodes[c].visits
        c = t.nodes[c].sibling
    c = t.nodes[t.root].child
    while c >= 0:
        if t.nodes[c].kind == g.decision and t.nodes[c].visits > 0 and \
                2 * t.nodes[c].visits >= best_visits and search_find(opts, n, t.nodes[c].option) >= 0:
            mean = t.nodes[c].total / t.nodes[c].visits + (sw[SW_BIAS] if t.nodes[c].heuristic else 0.0)
            if mean > best_mean or (mean == best_mean and t.nodes[c].heuristic):   # ties: the heuristic's
                best = c
                best_mean = mean
        c = t.nodes[c].sibling
    return search_chosen(g, seat, t, sw, w, sp, opts, n, keep, best)


cdef int32_t search_chosen(const GameState* g, int seat, SeatTree* t, const double* sw,
                           const double* w, SeatPolicy* sp, const int32_t* opts, int n, bint keep,
                           int32_t best) noexcept nogil:
    # Records the root's child taken (kept for the turn's next decision) and returns its option.
    t.n_decisions = g.n_decisions
    t.chosen = best if keep else -1
    if best < 0:
        t.root = -1
        return search_heuristic(<GameState*>g, seat, sw, w, sp, opts, n)
    return t.nodes[best].option


cdef void search_new_root(const GameState* g, int seat, SeatTree* t, const double* sw,
                          SearchScratch* sc, const int32_t* opts, int n) noexcept nogil:
    # A decision's search starts at t.root: its own determinizations, its children's
    # per-search statistics cleared, and the heuristic's choice on the real position
    # among them (added if missing), the one the others are paired with.
    cdef int32_t c, h_opt
    t.root_seed = t.seed if t.n_roots == 0 else derive_seed(t.seed, <uint64_t>(0x5EED0000 + t.n_roots))
    t.n_roots += 1
    search_reset_roll(sc, t.seed, g.n_players)
    h_opt = search_heuristic(<GameState*>g, seat, sw, sc.roll_w[seat], &sc.roll[seat], opts, n)
    t.h_node = -1
    c = t.nodes[t.root].child
    while c >= 0:
        t.nodes[c].root_visits = 0
        t.nodes[c].paired = 0
        t.nodes[c].d_sum = 0.0
        t.nodes[c].d_sum2 = 0.0
        t.nodes[c].heuristic = t.nodes[c].kind == g.decision and t.nodes[c].option == h_opt
        if t.nodes[c].heuristic:
            t.h_node = c
        c = t.nodes[c].sibling
    if t.h_node < 0:
        t.h_node = tree_add(t, t.root, g.decision, h_opt, True)


cdef int32_t search_paired_choice(const GameState* g, SeatTree* t, const int32_t* opts, int n,
                                  double z) noexcept nogil:
    # The heuristic's choice unless another option's paired gain over it has a lower bound
    # (mean - z standard errors) above 0; then the option with the highest such bound.
    cdef int32_t c, best = t.h_node
    cdef double lcb, best_lcb = 0.0
    cdef SearchNode* nd
    c = t.nodes[t.root].child
    while c >= 0:
        nd = &t.nodes[c]
        if c != t.h_node and nd.kind == g.decision and nd.paired >= 2 and \
                search_find(opts, n, nd.option) >= 0:
            lcb = search_paired_lcb(nd.d_sum, nd.d_sum2, nd.paired, z)
            if lcb > best_lcb:
                best_lcb = lcb
                best = c
        c = nd.sibling
    return best


cdef inline double search_paired_lcb(double d_sum, double d_sum2, int n, double z) noexcept nogil:
    # Lower bound (mean - z standard errors) of a mean paired difference from n >= 2 pairs.
    cdef double mean = d_sum / n
    cdef double var = (d_sum2 - d_sum * mean) / (n - 1)
    return mean - z * sqrt(max(var, 0.0) / n)


cdef bint search_settled(const GameState* g, SeatTree* t, const int32_t* opts, int n,
                         double z) noexcept nogil:
    # The heuristic's choice looks settled: every legal option has been tried at the root, and
    # each other one trails it on the same determinizations by more than z standard errors (its
    # paired mean + z SE below 0, from at least 8 pairs: the bound search_paired_lcb gives at
    # -z), so that more simulations would rarely lift one's lower bound at SW_OVERRIDE above 0
    # (search_settle_counts measures how rarely).
    cdef int32_t c = t.nodes[t.root].child
    cdef int tried = 0
    cdef SearchNode* nd
    while c >= 0:
        nd = &t.nodes[c]
        if nd.kind == g.decision and search_find(opts, n, nd.option) >= 0:
            tried += 1
            if c != t.h_node and (nd.paired < 8 or
                                  search_paired_lcb(nd.d_sum, nd.d_sum2, nd.paired, -z) >= 0.0):
                return False
        c = nd.sibling
    return tried == n and t.h_node >= 0


cdef double search_playout(SearchScratch* sc, int seat, const double* sw,
                           uint64_t det_seed) noexcept nogil:
    # sc.det played to the end by the rollout heuristic (sc.roll_w: the seat's weights and the
    # others' defaults) on the rollout streams of det_seed; the seat's value of the result.
    cdef GameState* g = &sc.sim
    cdef int k, s, steps = 0
    cdef int32_t opt
    memcpy(g, &sc.det, sizeof(GameState))
    search_reset_roll(sc, det_seed, g.n_players)
    k = legal_options(g, sc.buf)
    while k > 0 and steps < SEARCH_MAX_ROLLOUT_DECISIONS:
        s = g.decider
        opt = search_heuristic(g, s, sw, sc.roll_w[s], &sc.roll[s], sc.buf, k)
        apply_effect(g, opt, 0)
        k = advance(g, sc.buf)
        steps += 1
    return search_value(g, seat, sw)


cdef void search_portfolio(const GameState* g, int seat, const double* sw,
                           SeatPolicy* sp) noexcept nogil:
    """Mid-game style selection (SW_PORTFOLIO > 0; the top of this file): the seat's first
    SW_PF_STYLES styles each play SW_PORTFOLIO determinized rollouts to the end from the real
    position, the k-th of every style on the same determinization and streams; the seat
    leaves its incumbent style only for the style whose paired gain over it has the highest
    lower bound (mean - SW_PF_Z standard errors) above 0."""
    cdef SearchScratch* sc = search_scratch()
    cdef int m = <int>sw[SW_PORTFOLIO]
    cdef int n_st = min(<int>sw[SW_PF_STYLES], search_n_styles)
    cdef int inc = sp.style, best, j, k
    cdef uint64_t seed, det_seed
    cdef double v[SEARCH_MAX_STYLES]
    cdef double d_sum[SEARCH_MAX_STYLES]
    cdef double d_sum2[SEARCH_MAX_STYLES]
    cdef double d, lcb, best_lcb = 0.0
    cdef double psw[N_SW]               # sw with the selection's own margin cap
    sp.style_turns = g.p[seat].turns
    if sc == NULL or n_st < 2 or m < 2:
        return
    if inc < 0 or inc >= n_st:
        inc = 0
    for j in range(n_st):
        search_style(g, seat, sw, j, sc.style_w[j])
        d_sum[j] = 0.0
        d_sum2[j] = 0.0
    memcpy(psw, sw, N_SW * sizeof(double))     # sw holds N_SW values (search_choose)
    psw[SW_MARGIN_CAP] = sw[SW_PF_CAP]
    seed = rng_next(&sp.rng)
    for k in range(m):
        det_seed = derive_seed(seed, <uint64_t>k)
        memcpy(&sc.det, g, sizeof(GameState))
        sc.det.events = NULL
        redeal_hidden_state(&sc.det, seat, det_seed)
        for j in range(n_st):
            search_set_roll_weights(sc, g, seat, sw, sc.style_w[j])
            v[j] = search_playout(sc, seat, psw, det_seed)
        for j in range(n_st):
            d = v[j] - v[inc]
            d_sum[j] += d
            d_sum2[j] += d * d
    best = inc
    for j in range(n_st):
        if j != inc:
            lcb = search_paired_lcb(d_sum[j], d_sum2[j], m, sw[SW_PF_Z])
            if lcb > best_lcb:
                best_lcb = lcb
                best = j
    if best != inc:
        # the heuristics' cached position values were priced with the old weights
        sp.h.section_memo.g = NULL
        sp.h.seen_ok = False
    sp.style = best
    search_style_picks[best] += 1


def _load_search_rollout_weights():
    # The rollout heuristics' defaults, the seat rows of expert's shipped table and the
    # portfolio's style factors (simsuite.games.scythe.policies SEARCH_STYLES).
    from pathlib import Path
    from simsuite.games.scythe import policies as pol
    from simsuite.games.scythe.data import load_data
    from simsuite.policies.tables import load_table
    cdef int pid, i, j, shape, row
    for name, (pid_, _, _) in pol.STRATEGIES.items():
        pid = pid_
        if HP_FIRST <= pid <= HP_LAST:
            vec = pol.default_weights(name)
            for i in range(N_POLICY_WEIGHTS):
                search_rollout_w[pid][i] = vec[i] if i < len(vec) else 0.0
    from simsuite.games.scythe.lineups import seat_context, table_keys
    data = load_data()
    factions, mats = list(data.factions), list(data.mats)
    defaults = pol.default_weights("expert")
    keys = table_keys(factions, mats)
    table = load_table(Path(pol.__file__).parent / "tables" / "expert.toml", "expert",
                       pol.WEIGHT_NAMES, defaults, list(keys), keys)
    for shape in range(2, SEARCH_TABLE_SHAPES):
        for f, faction in enumerate(factions):
            for m, mat in enumerate(mats):
                row = f * N_MATS + m
                vec = table.vector(seat_context(shape if shape <= MAX_SEATS else 2, faction, mat,
                                                shape - MAX_SEATS - 1 if shape > MAX_SEATS else -1))
                search_table_has[shape][row] = list(vec) != list(defaults)
                for i in range(N_POLICY_WEIGHTS):
                    search_table_w[shape][row][i] = vec[i] if i < len(vec) else 0.0
    global search_n_styles
    styles = pol.SEARCH_STYLES
    if not 1 <= len(styles) <= SEARCH_MAX_STYLES:
        raise ValueError(f"SEARCH_STYLES: 1..{SEARCH_MAX_STYLES} styles, got {len(styles)}")
    search_n_styles = len(styles)
    for j, (_, factors) in enumerate(styles):
        for i in range(N_POLICY_WEIGHTS):
            search_style_f[j][i] = 1.0
        for name, factor in factors.items():
            search_style_f[j][pol.WEIGHT_NAMES.index(name)] = factor


_load_search_rollout_weights()
COMPILED_POLICIES["search"] = POLICY_SEARCH   # the runner checks scenario policies against it


def search_seat_weights(Game game, int seat, weights, int style=0):
    """The heuristic weights `seat` plays in style `style` under the search weights `weights`
    (its base, expert's defaults or its table row with table = 1, times the style's factors)."""
    cdef double sw[N_POLICY_WEIGHTS]
    cdef double out[N_POLICY_WEIGHTS]
    cdef int i
    vals = [float(x) for x in weights]
    if not (0 <= seat < game.g.n_players):
        raise ValueError(f"seat {seat} out of range 0..{game.g.n_players - 1}")
    if not (0 <= style < search_n_styles):
        raise ValueError(f"style {style} out of range 0..{search_n_styles - 1}")
    for i in range(N_POLICY_WEIGHTS):
        sw[i] = vals[i] if i < len(vals) else 0.0
    search_style(&game.g, seat, sw, style, out)
    return [out[i] for i in range(N_POLICY_WEIGHTS)]


def search_settle_counts(reset=False):
    """This process's early stops (SW_SETTLE): decisions searched, of them settled, simulations
    run (with settle < 0: those a stop would have run), simulations budgeted, and (settle < 0)
    settled decisions where the whole budget chose another option; reset=True zeroes them."""
    names = ("decisions", "settled", "simulations", "budgeted", "settled_then_changed")
    out = {k: search_settle_stats[i] for i, k in enumerate(names)}
    if reset:
        for i in range(5):
            search_settle_stats[i] = 0
    return out


def search_style_counts(reset=False):
    """How often this process's style selections ended on each style of SEARCH_STYLES (for
    tuning); reset=True zeroes the counts."""
    out = [search_style_picks[j] for j in range(search_n_styles)]
    if reset:
        for j in range(SEARCH_MAX_STYLES):
            search_style_picks[j] = 0
    return out


def search_tree_stats(int seat):
    """The calling thread's last search tree of `seat` (for tests and tuning): its node count,
    for each option at the root of the last decision (kind, option, visits, mean), the option
    the rollout heuristic chose there (h_option) and the root's visits (root_visits)."""
    cdef SearchScratch* sc = search_scratch()
    cdef SeatTree* t
    cdef int32_t c, root
    if sc == NULL or not (0 <= seat < MAX_SEATS):
        return None
    t = &sc.tree[seat]
    if t.nodes == NULL or t.n_nodes == 0:
        return {"nodes": 0, "root": []}
    root = t.root if t.root >= 0 else 0
    kids = []
    c = t.nodes[root].child
    while c >= 0:
        nd = t.nodes[c]
        kids.append((nd.kind, nd.option, nd.visits, nd.total / nd.visits if nd.visits else None))
        c = nd.sibling
    return {"nodes": t.n_nodes, "root_visits": t.nodes[root].visits, "root": kids,
            "steps": t.steps, "h_option": t.nodes[t.h_node].option if t.h_node >= 0 else None}
