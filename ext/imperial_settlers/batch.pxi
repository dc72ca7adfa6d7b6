# Layer: batch. Uses: common/play.pxi (play_to_end, play_python, batch_seeds, batch_policies,
# outcome_of), turn.pxi (game_setup), queries.pxi (scores, ranks), and, for the Python-policy
# path, the api layer's Game.
#
# play_batch: one game per seed, every seat compiled (the nogil loop) or some seats Python
# objects, and the per-game and per-seat result arrays the spec turns into dataset rows.

END_REASONS = ("rounds",)      # a game always ends after its 5th round

# per-seat int32 arrays of play_batch
SEAT_COLUMNS = ("faction", "score", "score_track", "score_common", "score_faction", "rank",
                "winner", "score_tied", "shared", "tie_goods", "hand", "common_locations",
                "faction_locations", "deals", "played", "played_provisional")


cdef void _location_vp(const GameState* s, int p, int* common, int* faction) noexcept nogil:
    # End-game VP of p's common and faction locations (rulebook "КОНЕЦ ИГРЫ").
    cdef int i
    cdef const Kind* k
    common[0] = 0
    faction[0] = 0
    for i in range(s.pl[p].n_loc):
        if not s.pl[p].loc[i].foundation:
            k = kind_of(s, s.pl[p].loc[i].card)
            if k.deck == 0:
                common[0] += loc_end_vp(s, &s.pl[p].loc[i])
            else:
                faction[0] += loc_end_vp(s, &s.pl[p].loc[i])


def play_batch(SettlersRules rules, seeds, int n_players, factions, policy_ids=None,
               policy_weights=None, python_policies=None):
    """Play one game per seed; returns a dict of numpy arrays.

    factions: int [n_games, n_players], each seat's faction id (FACTIONS order); one seat is
    the solo game. policy_ids int32 [n_players] (0 = random), policy_weights float64
    [n_players, N_POLICY_WEIGHTS], python_policies: per seat None (compiled) or an object
    with choose(view, options, stream). Per seat: SEAT_COLUMNS; per game: seed, decisions,
    rounds, tied, shared_win, played, played_provisional, solo_won, trophies."""
    cdef int n = n_players, s, i, err, c, f
    seeds_a = batch_seeds(seeds)
    cdef Py_ssize_t n_games = seeds_a.shape[0]
    if n < 1 or n > MAX_SEATS:
        raise UserError(f"n_players must be 1..{MAX_SEATS}, got {n}")
    fac_a = np.ascontiguousarray(np.asarray(factions, dtype=np.int32))
    if fac_a.shape != (n_games, n):
        raise UserError(f"factions must have shape (n_games, n_players) = ({n_games}, {n}), got {fac_a.shape}")
    pol_a, w_a, python_policies = batch_policies(n, policy_ids, policy_weights, python_policies)
    out = {name: np.zeros((n_games, n), dtype=np.int32) for name in SEAT_COLUMNS}
    for name in ("decisions", "rounds", "tied", "shared_win", "solo_won", "trophies"):
        out[name] = np.zeros(n_games, dtype=np.int32)
    out["seed"] = seeds_a.copy()
    cdef const uint64_t[::1] sv = seeds_a
    cdef const int32_t[:, ::1] fv = fac_a
    cdef const int32_t[::1] pv = pol_a
    cdef const double[:, ::1] wv = w_a
    cols = [out[name] for name in SEAT_COLUMNS]
    cdef int[:, :] o_fac = cols[0], o_score = cols[1], o_track = cols[2], o_common = cols[3]
    cdef int[:, :] o_faction = cols[4], o_rank = cols[5], o_win = cols[6], o_tied = cols[7]
    cdef int[:, :] o_shared = cols[8], o_goods = cols[9], o_hand = cols[10], o_ncom = cols[11]
    cdef int[:, :] o_nfac = cols[12], o_deals = cols[13], o_played = cols[14], o_prov = cols[15]
    cdef int[:] o_dec = out["decisions"], o_rounds = out["rounds"], o_gtied = out["tied"]
    cdef int[:] o_gshared = out["shared_win"], o_won = out["solo_won"], o_troph = out["trophies"]
    cdef SetupArgs args
    cdef Seats seats
    cdef Outcome oc
    cdef int score[MAX_SEATS]
    cdef int rank[MAX_SEATS]
    cdef int shared[MAX_SEATS]
    cdef int32_t buf[MAX_OPTIONS]
    cdef Game game
    cdef GameState* g = <GameState*>calloc(1, sizeof(GameState))
    cdef int bad_game = -1
    if g == NULL:
        raise MemoryError()
    seats_init(&seats, n, &pv[0], &wv[0, 0])
    args.n_players = n
    try:
        for i in range(n_games):
            for s in range(n):
                args.factions[s] = fv[i, s]
            if python_policies is None:
                with nogil:
                    err = game_setup(g, &rules.r[0], sv[i], &args)
                    if err == SETUP_OK:
                        seats_new_game(&seats, sv[i])
                        play_to_end(g, &seats, buf)
            else:
                try:
                    game = Game(rules, sv[i], [fv[i, s] for s in range(n)], log=False)
                except ValueError:
                    err = SETUP_BAD_FACTION
                else:
                    err = SETUP_OK
                    seats_new_game(&seats, sv[i])
                    play_python(game, &seats, python_policies)
                    memcpy(g, &game.g, sizeof(GameState))
                    g.events = NULL
            if err != SETUP_OK:
                bad_game = i
                break
            seat_ranks(g, rank, shared)
            for s in range(n):
                score[s] = final_score(g, s)
            outcome_of(n, score, rank, shared, &oc)
            o_dec[i] = g.n_decisions
            o_rounds[i] = g.round
            o_gtied[i] = oc.tied
            o_gshared[i] = oc.shared_win
            if g.solo:
                o_won[i] = solo_won(g)
                o_troph[i] = g.n_trophy
            for s in range(n):
                o_fac[i, s] = g.pl[s].faction
                o_score[i, s] = score[s]
                o_track[i, s] = g.pl[s].vp
                _location_vp(g, s, &c, &f)
                o_common[i, s] = c
                o_faction[i, s] = f
                o_rank[i, s] = rank[s]
                o_win[i, s] = oc.winner[s]
                o_tied[i, s] = oc.score_tied[s]
                o_shared[i, s] = shared[s]
                o_goods[i, s] = tie_goods(g, s)
                o_hand[i, s] = g.pl[s].n_hand
                o_ncom[i, s] = common_locations(g, s)
                o_nfac[i, s] = faction_locations(g, s)
                o_deals[i, s] = g.pl[s].n_deal
                o_played[i, s] = g.pl[s].played
                o_prov[i, s] = g.pl[s].played_prov
    finally:
        free(g)
    if bad_game >= 0:
        raise UserError(f"game {bad_game}: factions {list(fac_a[bad_game])} cannot be seated "
                        "(each faction at most once); fix the scenario's factions")
    return out
