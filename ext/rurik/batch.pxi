# Layer: batch. Uses: every layer below (state .. policies) and ext/common/play.pxi.
#
# Rurik's batch entry point: many seeded games, all in C with the GIL released when every seat
# is played by a compiled policy (ext/common/play.pxi's loop), the Python-policy path through
# the same code otherwise. What is Rurik's here: the setup arguments (leaders, the solo level)
# and the columns.

# score components written per seat (SC_* order up to SC_TOTAL; the dataset's score_* columns)
COMPONENT_NAMES = ("rule", "build", "trade", "warfare", "agenda", "deeds", "rebel_coins", "rebel_dock")

_SETUP_ERRORS = {
    SETUP_BAD_PLAYERS: "Rurik plays with 2-4 players (solo: difficulty 1-4)",
    SETUP_BAD_LEADER: "each seat needs a different leader (solo: Sviatopolk leads the Rebels)",
}


def setup_error_message(int code):
    return _SETUP_ERRORS.get(code, f"setup failed (code {code})")


cdef void provisional_units(const GameState* g, int32_t sc[MAX_SEATS][N_SCORE], int s,
                            int* prov, int* total) noexcept nogil:
    # What the dataset's provisional_share counts for seat s (simsuite/games/rurik/schema.py):
    # units = its final VP + the scheme cards it played; provisional units = VP from the Rule and
    # Trade tracks (provisional thresholds and boat columns), VP of deeds whose VP is
    # provisional, and every scheme card played (the base deck's make-up is a guess).
    cdef int d
    prov[0] = sc[s][SC_RULE] + sc[s][SC_TRADE] + g.cards_played[s]
    for d in range(g.R.n_deeds):
        if (g.deeds_done[s] >> d) & 1 and g.R.deed_vp_provisional[d]:
            prov[0] += g.R.deed_vp[d]
    total[0] = sc[s][SC_TOTAL] + g.cards_played[s]


def play_batch(RurikRules rules, seeds, int n_players, leaders=None, solo_levels=None,
               policy_ids=None, policy_weights=None, python_policies=None):
    """Play one game per seed; returns a dict of numpy arrays.

    leaders: int8 [n_games, n_players] leader ids by seat (-1: dealt at random), or None.
    solo_levels: None (multiplayer), or an int / int array [n_games] of difficulties 1..4:
    then n_players is 2, seat 0 plays against the Rebels on seat 1 (its policy is not asked).
    policy_ids: int32 [n_players] (0 = random); policy_weights: float64 [n_players, 32];
    python_policies: per seat None (compiled) or an object with choose(view, options, stream).
    """
    cdef int n = n_players, s, i, err, k
    cdef bint solo = solo_levels is not None
    seeds_a = batch_seeds(seeds)
    cdef Py_ssize_t n_games = seeds_a.shape[0]
    if solo:
        if n != 2:
            raise UserError(f"a solo game has 2 seats (you and the Rebels); got n_players={n}")
        lv_a = np.ascontiguousarray(np.broadcast_to(np.asarray(solo_levels, dtype=np.int8), (n_games,)))
        if np.any((lv_a < 1) | (lv_a > 4)):
            raise UserError("solo difficulty must be 1..4")
    else:
        if n < 2 or n > MAX_SEATS:
            raise UserError(f"Rurik plays with 2-4 players, got n_players={n}")
        lv_a = np.zeros(n_games, dtype=np.int8)
    if leaders is None:
        ld_a = np.full((n_games, n), -1, dtype=np.int8)
    else:
        ld_a = np.ascontiguousarray(np.asarray(leaders, dtype=np.int8))
    if ld_a.shape != (n_games, n):
        raise UserError(f"leaders must have shape (n_games, n_players) = ({n_games}, {n}); got {ld_a.shape}")
    pol_a, w_a, python_policies = batch_policies(n, policy_ids, policy_weights, python_policies)

    out = {}
    for name in ("leader", "score", "rank", "winner", "score_tied", "shared", "regions_ruled",
                 "coins", "goods", "structures", "deeds_done", "cards_played", "rebels_defeated",
                 "prov_units", "all_units") + tuple("score_" + c for c in COMPONENT_NAMES):
        out[name] = np.zeros((n_games, n), dtype=np.int32)
    for name in ("tied", "shared_win", "decisions", "turns"):
        out[name] = np.zeros(n_games, dtype=np.int32)
    out["seed"] = seeds_a.copy()
    out["solo_level"] = lv_a.astype(np.int32)

    cdef const uint64_t[::1] sv = seeds_a
    cdef const int8_t[:, ::1] lv = ld_a
    cdef const int8_t[::1] levels = lv_a
    cdef const int32_t[::1] pv = pol_a
    cdef const double[:, ::1] wv = w_a
    cdef int[:, :] o_leader = out["leader"], o_score = out["score"], o_rank = out["rank"]
    cdef int[:, :] o_win = out["winner"], o_stied = out["score_tied"], o_shared = out["shared"]
    cdef int[:, :] o_ruled = out["regions_ruled"], o_coins = out["coins"], o_goods = out["goods"]
    cdef int[:, :] o_struct = out["structures"], o_deeds = out["deeds_done"]
    cdef int[:, :] o_cards = out["cards_played"], o_rebels = out["rebels_defeated"]
    cdef int[:, :] o_prov = out["prov_units"], o_all = out["all_units"]
    cdef int[:, :] o_c0 = out["score_rule"], o_c1 = out["score_build"], o_c2 = out["score_trade"]
    cdef int[:, :] o_c3 = out["score_warfare"], o_c4 = out["score_agenda"], o_c5 = out["score_deeds"]
    cdef int[:, :] o_c6 = out["score_rebel_coins"], o_c7 = out["score_rebel_dock"]
    cdef int[:] o_tied = out["tied"], o_gshared = out["shared_win"], o_dec = out["decisions"]
    cdef int[:] o_turns = out["turns"]
    cdef SetupArgs args
    cdef Seats seats
    cdef int32_t sc[MAX_SEATS][N_SCORE]
    cdef int8_t rank8[MAX_SEATS]
    cdef int score[MAX_SEATS]
    cdef int rank[MAX_SEATS]
    cdef int shared[MAX_SEATS]
    cdef int prov, total
    cdef Outcome oc
    cdef int32_t* buf = <int32_t*>calloc(MAX_OPTIONS, sizeof(int32_t))
    cdef GameState* g = <GameState*>calloc(1, sizeof(GameState))
    cdef Game game
    cdef int bad_game = -1, bad_err = 0
    if g == NULL or buf == NULL:
        free(g)
        free(buf)
        raise MemoryError()
    seats_init(&seats, n, &pv[0], &wv[0, 0])
    args.n_players = n
    try:
        for i in range(n_games):
            args.solo_level = levels[i]
            for s in range(MAX_SEATS):
                args.leader[s] = lv[i, s] if s < n else -1
            if python_policies is None:
                with nogil:
                    g.events = NULL
                    err = game_setup(g, &rules.r, sv[i], &args)
                    if err == SETUP_OK:
                        seats_new_game(&seats, sv[i])
                        play_to_end(g, &seats, buf)
            else:
                game = Game.__new__(Game)
                game.rules = rules
                err = game._setup(&args, sv[i], False)
                if err == SETUP_OK:
                    seats_new_game(&seats, sv[i])
                    play_python(game, &seats, python_policies)
                    memcpy(g, &game.g, sizeof(GameState))
                    g.events = NULL
            if err != SETUP_OK:
                bad_game = i
                bad_err = err
                break
            final_scores(g, sc)
            final_ranks(sc, n, rank8)
            for s in range(n):
                score[s] = sc[s][SC_TOTAL]
                rank[s] = rank8[s]
                shared[s] = 0
                for k in range(n):
                    if k != s and rank8[k] == rank8[s]:
                        shared[s] = 1
            outcome_of(n, score, rank, shared, &oc)
            o_dec[i] = g.n_decisions
            o_turns[i] = g.round + 1
            o_tied[i] = oc.tied
            o_gshared[i] = oc.shared_win
            for s in range(n):
                o_leader[i, s] = g.leader[s]
                o_score[i, s] = score[s]
                o_rank[i, s] = rank[s]
                o_win[i, s] = oc.winner[s]
                o_stied[i, s] = oc.score_tied[s]
                o_shared[i, s] = shared[s]
                o_ruled[i, s] = sc[s][SC_RULED]
                o_coins[i, s] = g.coins[s]
                o_goods[i, s] = total_goods(g, s)
                o_struct[i, s] = 3 * g.R.structures_each - g.struct_supply[s][0] - g.struct_supply[s][1] - g.struct_supply[s][2]
                o_deeds[i, s] = bit_count(g.deeds_done[s])
                o_cards[i, s] = g.cards_played[s]
                o_rebels[i, s] = g.rebels_defeated[s]
                provisional_units(g, sc, s, &prov, &total)
                o_prov[i, s] = prov
                o_all[i, s] = total
                o_c0[i, s] = sc[s][SC_RULE]
                o_c1[i, s] = sc[s][SC_BUILD]
                o_c2[i, s] = sc[s][SC_TRADE]
                o_c3[i, s] = sc[s][SC_WARFARE]
                o_c4[i, s] = sc[s][SC_AGENDA]
                o_c5[i, s] = sc[s][SC_DEEDS]
                o_c6[i, s] = sc[s][SC_REBEL_COINS]
                o_c7[i, s] = sc[s][SC_REBEL_DOCK]
    finally:
        free(g)
        free(buf)
    if bad_game >= 0:
        raise UserError(f"game {bad_game} (seed {int(seeds_a[bad_game])}): {setup_error_message(bad_err)}")
    return out


def random_playout(RurikRules rules, seed, int n_players, int solo_level=0, leaders=None,
                   bint check=True, int max_decisions=10_000_000, policy_ids=None, weights=None):
    """Play one game in C (random policy, or the compiled `policy_ids` per seat with
    `weights`), checking every invariant after every step when `check`; returns
    (decisions, error message or None)."""
    cdef SetupArgs args
    cdef Seats seats
    cdef int info[4]
    cdef int err, s, code = 0, steps = 0
    cdef uint64_t sd = int(seed) & 0xFFFFFFFFFFFFFFFF
    n = 2 if solo_level else n_players
    rows = None if weights is None else [list(r) + [0.0] * (N_POLICY_WEIGHTS - len(r)) for r in weights]
    pol_a, w_a, _ = batch_policies(n, policy_ids, rows, None)
    cdef const int32_t[::1] pv = pol_a
    cdef const double[:, ::1] wv = w_a
    args.n_players = n
    args.solo_level = solo_level
    leaders = list(leaders or [])
    for s in range(MAX_SEATS):
        v = leaders[s] if s < len(leaders) else None
        args.leader[s] = -1 if v is None else _name_index(v, rules.leader_names, "leader")
    cdef int32_t* buf = <int32_t*>calloc(MAX_OPTIONS, sizeof(int32_t))
    cdef GameState* g = <GameState*>calloc(1, sizeof(GameState))
    if g == NULL or buf == NULL:
        free(g)
        free(buf)
        raise MemoryError()
    try:
        err = game_setup(g, &rules.r, sd, &args)
        if err != SETUP_OK:
            raise UserError(setup_error_message(err))
        seats_init(&seats, n, &pv[0], &wv[0, 0])
        seats_new_game(&seats, sd)
        with nogil:
            code = play_checked(g, &seats, buf, max_decisions, check, &steps, info)
        msg = None
        if code != 0:
            msg = (INVARIANT_MESSAGES.get(code, "invariant {0}").format(info[0], info[1], info[2], info[3])
                   + f" (round {g.round + 1}, decision {DECISION_NAMES[g.decision]}, step {steps})")
        return steps, msg
    finally:
        free(g)
        free(buf)
