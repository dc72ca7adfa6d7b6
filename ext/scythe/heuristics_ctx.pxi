# The heuristics' context of one seat (heuristics_*.pxi): what h_init derives
# from the position, the caches filled while options are scored, and what the
# seat keeps for the whole game. It lives in the seat's SeatPolicy
# (policies.pxi), so a decision taken in the same position as the seat's last
# one keeps everything that is a function of the position (h_begin).

ctypedef struct DistTable:
    # Steps between cells over one adjacency (the heuristics' rough movement
    # graph of a seat, heuristics_board.pxi h_board). A row is filled on first use
    # and kept while the seat's adjacency stays the same (it changes only when
    # the seat gains a movement ability or builds its Mine).
    int64_t key                    # what the adjacency was built from (-1: nothing yet)
    uint64_t adj[N_CELLS]
    uint64_t rows_ready
    uint8_t dist[N_CELLS][N_CELLS]  # dist[a][b]: steps from a to b, 99 if unreachable
    uint8_t far[N_CELLS]            # the largest finite entry of each row


ctypedef struct PotMemo:
    # The last potential field a seat's heuristics spread (heuristics_board.pxi
    # h_spread) and what it was spread from.
    int64_t adj_key                # DistTable.key it was spread over (-1: none)
    int n
    int cell[N_CELLS]
    double worth[N_CELLS]
    double pot[N_CELLS]


ctypedef struct AcdfKey:
    # Everything h_automa_cdf reads: equal keys give the same distribution.
    const void* rules
    int power               # the Automa's power asked
    int hand                # the Automa's combat cards in hand (their number is public)
    int unseen[4]           # combat cards of each value this seat has not seen
    uint32_t gone           # bit i: Automa card i lies on a face-up discard pile


ctypedef struct SectionMemo:
    # What a seat's Section decision found each section's top options worth
    # (heuristics_sections.pxi h_section), kept for the Top decision that follows it.
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


cdef enum:
    H_AUTOMA_TOTALS = 32    # combat totals the Automa's distribution covers (7 + 3 x 5 < 32)
    H_AFTER_MEMO = 24       # token counts remembered by h_after per section and decision
    H_AFTER_SLOT_BITS = 5
    H_AFTER_SLOTS = 32      # their open-addressed table (2^H_AFTER_SLOT_BITS, above H_AFTER_MEMO)

cdef enum:
    N_POLICY_WEIGHTS = 48   # a compiled policy's weights per seat (ext/README.md; HCtx.w_stage)

ctypedef struct HCtx:
    const GameState* g
    const double* w         # the weights this decision prices with (w_src, or w_stage)
    const double* w_src     # the seat's own weight row
    double w_stage[N_POLICY_WEIGHTS]   # w_src with its late weights applied (h_stage_weights)
    int seat
    int n_players
    int8_t ctl[N_CELLS]
    int res[4]              # own controlled tokens by Resource (h_after changes them for a while)
    int real_res[4]         # the counts h_init found (the decision-wide tables use these)
    bint tok_ready          # tok_val is filled (the end of h_init)
    double tok_val[4][4]    # h_tok by Resource and have // cost (capped at 3)
    uint64_t wk_cells       # cells with own workers (bases included)
    int8_t wk_on[N_CELLS]   # own workers by cell
    uint32_t pop_ready      # h_pop_level / h_power_level by track space, per position
    uint32_t power_ready
    double pop_lv[N_TRACK_POPULARITY + 1]
    double power_lv[N_TRACK_POWER + 1]
    int res_total
    int terr_now            # territories controlled now, as final scoring counts them (§20)
    int tier
    double star_val         # one more star at the end (more as the own end nears)
    double progress         # 0..1: how near the game's end is (most stars placed)
    double terr_val         # one more controlled territory at the end
    double pair_val         # one more pair of resources at the end
    double turns_left       # rough own turns left
    double card_tok         # a combat card's worth as Coercion's token (0: no Coercion)
    double late             # 0..1: how far into the last 3 turns (seat-adapted clock; else 0)
    double win_bonus        # worth of the 6th star when it ends the game with this seat ahead
    int acdf_power          # the power acdf was asked for in this decision (-1: not yet)
    bint acdf_ok            # acdf holds the distribution of acdf_key (kept across decisions)
    AcdfKey acdf_key
    double acdf[H_AUTOMA_TOTALS]  # P(the Automa's combat total <= x) (h_automa_cdf)
    bint race_ready         # win_bonus is worked out (h_win_bonus: only when an option asks)
    int cost[4]             # bottom costs by BottomAction (= by Resource)
    int uses[4]             # bottom effects still possible by BottomAction
    double eff[4]           # value of one bottom effect (0 when exhausted)
    uint32_t bnet_ready[4]  # h_bottom_net by BottomAction and tokens held (bit: known)
    double bnet_val[4][32]
    int8_t bnet_spent[4][32]
    double bval[4]          # value of taking bottom b with effect and coins
    double coinsonly[4]     # value of taking it for coins and bonus only
    int wk_board
    int on_mat
    int prod_k
    bint coerce
    # board tables (h_board; the piece counts and threat alone: h_counts)
    bint board_ready
    bint counts_ready
    uint64_t en_cells       # cells with enemy characters or mechs
    int8_t my_units[N_CELLS]
    int8_t my_workers[N_CELLS]
    int8_t my_plastic[N_CELLS]
    int8_t en_plastic[N_CELLS]
    int8_t en_units[N_CELLS]
    int8_t en_seat[N_CELLS]
    int8_t my_struct[N_CELLS]
    int8_t threat[N_CELLS]
    double pv[N_CELLS]      # production value of the workers on each cell
    uint64_t pv_cells       # the cells pv was given a value on (0 elsewhere)
    double prod_base        # production potential (best Produce now)
    int n_best_pv           # the largest positive pv outside the Mill's cell, descending
    int best_pv_cell[5]     # (enough that h_prod_after can drop two cells and keep 3)
    double best_pv[5]
    double prod_mult        # weight of that potential (W_PRODUCTION)
    double char_pot[N_CELLS]
    double mech_pot[N_CELLS]
    # kept for the whole game
    DistTable dist          # the seat's rough adjacency and distances
    PotMemo pot_memo[2]     # the character's field, the mechs' field
    SectionMemo section_memo
    # worth of controlling each cell for the own objective cards (h_objective_cells), and
    # what it was computed for: the cards, a Factory card held, a star left, the weight
    int obj_key
    double obj_w
    double obj_cell[N_CELLS]
    # the position the caches below were computed for (h_begin)
    bint seen_ok
    int8_t seen_active
    int seen_turn           # g.turn at that decision (a timed resolution's horizon reads it)
    GameState seen          # only its position part (h_position_bytes) is kept, and the
                            # Automa's state for a seat-adapted policy
    uint16_t plan_moved     # g.t.moved the Move plan was computed for
    # caches of one position (the Move plan also of the units moved so far)
    int plan_units[2]       # units of the cached Move plan (mat, Factory card); -1 none
    double plan_value[2]
    # h_unit_best by unit class, steps and start cell, for the token counts ub_res
    uint64_t ub_res
    uint64_t ub_ready[3][4]
    int8_t ub_cell[3][4][N_CELLS]
    double ub_val[3][4][N_CELLS]
    # step_targets by unit class (character, mech, worker) and cell
    uint64_t steps_ready[3]
    uint64_t steps_mask[3][N_CELLS]
    # caches of one decision (they read the turn context)
    bint tops_ready
    int n_tops[5]
    int32_t tops[5][16]     # top options by section (h_tops)
    int top_coins_max[5]    # the most coins a top option of each section costs (h_tops)
    # h_after's memo: the best next turn from each section, by the own token
    # counts that section's value depends on (dep_mask over the packed counts)
    bint deps_ready
    uint64_t dep_mask[5]
    int n_after[5]
    uint32_t after_used[5]  # bit i: slot i holds a key
    uint64_t after_key[5][H_AFTER_SLOTS]
    double after_val[5][H_AFTER_SLOTS]
    # h_plan_commit's plan within one decision (commit_fixed: its fixed_dial; -2 none)
    int commit_fixed
    int commit_dial
    int commit_cards
    # h_trade by the token's Resource (4: no token), within one decision
    uint8_t trade_ready
    double trade_val[5]
    GameState scratch       # private copy for option listing and tile pricing


cdef inline void h_ctx_init(HCtx* h) noexcept nogil:
    # A new game: nothing kept.
    h.dist.key = -1
    h.dist.rows_ready = 0
    h.pot_memo[0].adj_key = -1
    h.pot_memo[1].adj_key = -1
    h.section_memo.g = NULL
    h.obj_key = -1
    h.seen_ok = False
    h.acdf_ok = False
    h.commit_fixed = -2
