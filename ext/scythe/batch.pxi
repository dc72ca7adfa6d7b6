# Layer: batch. Uses: every layer below (state .. policies) and ext/common/play.pxi.
#
# Scythe's batch entry point: many seeded games, all in C with the GIL released
# when every seat is played by a compiled policy (ext/common/play.pxi's loop); a
# slow path through the same code when some seat is a Python policy. What is
# Scythe's here: the setup arguments (factions, mats, the Automa) and the columns.

cdef int play_game_compiled(GameState* g, const Rules* r, uint64_t seed, const SetupArgs* a,
                            Seats* seats) noexcept nogil:
    # With an Automa, seat 1 never decides, so its policy is never asked.
    cdef int32_t buf[MAX_OPTIONS]
    cdef int err = game_setup(g, r, seed, a)
    if err != SETUP_OK:
        return err
    seats_new_game(seats, seed)
    seats_pick_rows(seats, g)
    play_to_end(g, seats, buf)
    return SETUP_OK


cdef struct GameSummary:
    int score[MAX_SEATS]
    int components[MAX_SEATS * 5]
    int rank[MAX_SEATS]
    int shared[MAX_SEATS]
    int territories[MAX_SEATS]
    int resources[MAX_SEATS]


cdef void summarize(GameState* g, GameSummary* out) noexcept nogil:
    cdef int res4[4]
    cdef int s
    if g.automa.seat >= 0:
        automa_final_scores(g, out.score, out.components, out.rank, out.shared)   # 003 p.11
    else:
        final_scores(g, out.score, out.components, out.rank, out.shared)
    for s in range(g.n_players):
        out.territories[s] = controlled_territories(g, s)
        out.resources[s] = controlled_resources(g, s, res4)


_SETUP_ERRORS = {
    SETUP_BAD_PLAYERS: "player count must be 2..5 (and no more than the factions and mats in the data)",
    SETUP_BAD_FACTION: "a faction id is out of range",
    SETUP_BAD_MAT: "a player-mat id is out of range",
    SETUP_DUP_FACTION: "the same faction is given to two players; give each player a different faction",
    SETUP_DUP_MAT: "the same player mat is given to two players; give each player a different mat",
    SETUP_BANNED: ("a forbidden faction + mat pair (Rusviet + Industrial or Crimea + Patriotic) was "
                   "requested while the rules ban them; choose another pair or set ban_pairs = false"),
    SETUP_NO_DEAL: ("the fixed factions and mats leave no legal deal without a forbidden pair; fix "
                    "more choices or set ban_pairs = false"),
}


def setup_error_message(int code):
    return _SETUP_ERRORS.get(code, f"setup failed (code {code})")


def automa_config(ScytheRules rules, level, options=None):
    """The solo settings (level name/alias/id, options dict) as a plain dict, validated."""
    from simsuite.games.scythe.automa_data import level_name
    adata = rules.automa_data
    if isinstance(level, (int, np.integer)) and not isinstance(level, bool):
        if not 0 <= int(level) < AUTOMA_N_LEVELS:
            raise UserError(f"Automa level {int(level)} out of range 0..{AUTOMA_N_LEVELS - 1}")
        name = AUTOMA_LEVELS[int(level)]
    else:
        name = level_name(adata, level)
    opts = adata.resolve_options(options or {})
    return dict(level=AUTOMA_LEVELS.index(name), **opts)


cdef void _fill_solo(AutomaConfig* c, dict d):
    c.level = d["level"]
    c.skip_turns = 1 if d["skip_turns"] else 0
    c.all_moves = 1 if d["all_moves"] else 0
    c.move_check = 1 if d["move_check"] else 0
    c.placement_check = 1 if d["placement_check"] else 0
    c.coin_modifier = d["coin_modifier"]
    c.power_modifier = d["power_modifier"]


def play_batch(ScytheRules rules, seeds, int n_players, factions=None, mats=None,
               policy_ids=None, policy_weights=None, python_policies=None, *,
               automa=None, automa_options=None):
    """Play one game per seed and return a dict of numpy arrays.

    factions, mats: int8 [n_games, n_players], one row per game naming each
    player's faction / mat id (-1: dealt by the rules from the game's seed,
    with the forbidden pairs redrawn while rules.ban_pairs is on). The rules
    then seat the players (lowest mat number first, then clockwise in the
    faction cycle), so every output row is by seat in turn order and carries
    the faction and mat that ended up there.
    policy_ids: int32 [n_players] compiled policy per seat (0 = random);
    policy_weights: float64 [n_players, 32], or [n_players, N_WEIGHT_ROWS, 32]: a table per seat
    whose row seat_weight_row (contract.pxi: the block of the game's Automa level, if any, then
    faction * N_MATS + mat) is the one the seat plays; python_policies: a list with, per
    seat, None (compiled) or an object with choose(view, options, stream).

    Solo games against the Automa (Rulebook 003): `automa` = its difficulty level (a name
    such as "automa", or an id 0..3), or an int array [n_games] of level ids; then
    n_players is 2, seat 0 is the human (factions[:, 0], mats[:, 0]) and seat 1 the
    Automa (faction factions[:, 1], -1 dealt; mats[:, 1] is ignored and reported -1);
    `automa_options` sets the optional rules (automa_data option names). The output
    then also has "automa_level" [n_games].
    """
    cdef AutomaConfig solo_cfg[AUTOMA_N_LEVELS]
    cdef bint solo = automa is not None
    cdef int n = n_players, s, i, err, k
    seeds_a = batch_seeds(seeds)
    cdef Py_ssize_t n_games = seeds_a.shape[0]
    if n < 2 or n > 5:
        raise UserError(f"n_players must be 2..5, got {n}")
    if solo:
        if n != 2:
            raise UserError(f"a game against the Automa has 2 seats (the human and the Automa); got n_players={n}")
        if isinstance(automa, (str, int, np.integer)):
            lv_a = np.full(n_games, automa_config(rules, automa, automa_options)["level"], dtype=np.int8)
        else:
            lv_a = np.ascontiguousarray(np.asarray(automa, dtype=np.int8).reshape(-1))
            if lv_a.shape[0] != n_games:
                raise UserError(f"automa levels: give one per game ({n_games}), got {lv_a.shape[0]}")
        for k in range(AUTOMA_N_LEVELS):
            _fill_solo(&solo_cfg[k], automa_config(rules, k, automa_options))
    else:
        if automa_options:
            raise UserError("automa_options given without automa; name the Automa's difficulty level too")
        lv_a = np.full(n_games, -1, dtype=np.int8)
    if factions is None:
        fac_a = np.full((n_games, n), -1, dtype=np.int8)
    else:
        fac_a = np.ascontiguousarray(np.asarray(factions, dtype=np.int8))
    if mats is None:
        mat_a = np.full((n_games, n), -1, dtype=np.int8)
    else:
        mat_a = np.ascontiguousarray(np.asarray(mats, dtype=np.int8))
    if fac_a.shape != (n_games, n) or mat_a.shape != (n_games, n):
        raise UserError(f"factions and mats must have shape (n_games, n_players) = ({n_games}, {n}); "
                        f"got {fac_a.shape} and {mat_a.shape}")
    pol_a, w_a, python_policies = batch_policies(n, policy_ids, policy_weights, python_policies,
                                                 N_WEIGHT_ROWS)
    cdef int rows = w_a.shape[1] if w_a.ndim == 3 else 1
    w_a = w_a.reshape(n, -1)

    out = {}
    seat_int = ("faction", "mat", "score", "score_coins", "score_stars", "score_territories",
                "score_resources", "score_structure_bonus", "stars", "territories", "resources",
                "popularity", "power", "rank", "winner", "turns_taken", "score_tied", "shared",
                # the bottom-action rate's counts (GameState.bottom_chances): for the tuner's
                # --min-bottom-rate; the dataset keeps neither
                "bottom_chances", "bottom_taken")
    for name in seat_int:
        out[name] = np.zeros((n_games, n), dtype=np.int32)
    for name in ("game_turns", "end_reason", "tied", "shared_win", "decisions"):
        out[name] = np.zeros(n_games, dtype=np.int32)
    if solo:
        if np.any((lv_a < 0) | (lv_a >= AUTOMA_N_LEVELS)):
            raise UserError(f"automa levels must be 0..{AUTOMA_N_LEVELS - 1}")
        out["automa_level"] = lv_a.astype(np.int32)
    out["seed"] = seeds_a.copy()
    # stars by kind (STAR_NAMES order), per seat: for benchmarks that read what a policy's stars
    # are made of (ext/scythe/search_bench.py); the dataset keeps only the count
    out["stars_by_kind"] = np.zeros((n_games, n, N_STAR_KINDS), dtype=np.int8)
    cdef bint wg = rules.r.wg.airships_on or rules.r.wg.resolutions_on
    if wg:   # the Wind Gambit's tiles of each game (only then: base-game outputs stay as they were)
        out["air_tiles"] = np.full((n_games, n), -1, dtype=np.int32)   # 16 * aggressive + passive index
        out["resolution"] = np.full(n_games, -1, dtype=np.int32)
    cdef int[:, :] o_air = out["air_tiles"] if wg else np.zeros((1, 1), dtype=np.int32)
    cdef int[:] o_resol = out["resolution"] if wg else np.zeros(1, dtype=np.int32)

    cdef const uint64_t[::1] sv = seeds_a
    cdef const int8_t[:, ::1] fv = fac_a
    cdef const int8_t[:, ::1] mv = mat_a
    cdef const int32_t[::1] pv = pol_a
    cdef const double[:, ::1] wv = w_a
    cdef const int8_t[::1] lvv = lv_a
    cdef SetupArgs args
    cdef Seats seats
    cdef GameState* g = <GameState*>calloc(1, sizeof(GameState))
    cdef GameSummary summ
    cdef Outcome oc
    cdef int bad_game = -1, bad_err = 0
    cdef int[:, :] o_fac = out["faction"], o_mat = out["mat"], o_score = out["score"]
    cdef int[:, :] o_c0 = out["score_coins"], o_c1 = out["score_stars"]
    cdef int[:, :] o_c2 = out["score_territories"], o_c3 = out["score_resources"]
    cdef int[:, :] o_c4 = out["score_structure_bonus"], o_stars = out["stars"]
    cdef int[:, :] o_terr = out["territories"], o_res = out["resources"]
    cdef int[:, :] o_pop = out["popularity"], o_pow = out["power"], o_rank = out["rank"]
    cdef int[:, :] o_win = out["winner"], o_turns = out["turns_taken"]
    cdef int[:, :] o_tied = out["score_tied"], o_shared = out["shared"]
    cdef int[:, :] o_bch = out["bottom_chances"], o_btk = out["bottom_taken"]
    cdef int[:] o_gturns = out["game_turns"], o_end = out["end_reason"]
    cdef int[:] o_gtied = out["tied"], o_gshared = out["shared_win"]
    cdef int[:] o_decisions = out["decisions"]   # for `simsuite bench` (decisions per second)
    cdef int8_t[:, :, :] o_kinds = out["stars_by_kind"]
    if g == NULL:
        raise MemoryError()
    seats_init(&seats, n, &pv[0], &wv[0, 0], rows)
    args.n_players = n
    try:
        for i in range(n_games):
            args.faction = &fv[i, 0]
            args.mat = &mv[i, 0]
            args.solo = &solo_cfg[lvv[i]] if solo else NULL
            if python_policies is None:
                with nogil:
                    err = play_game_compiled(g, &rules.r, sv[i], &args, &seats)
            else:
                err = _play_game_python(g, rules, sv[i], &args, &seats, python_policies)
            if err != SETUP_OK:
                bad_game = i
                bad_err = err
                break
            summarize(g, &summ)
            outcome_of(n, summ.score, summ.rank, summ.shared, &oc)
            o_decisions[i] = g.n_decisions
            for s in range(n):
                o_fac[i, s] = g.p[s].faction
                o_mat[i, s] = g.p[s].mat
                o_score[i, s] = summ.score[s]
                o_c0[i, s] = summ.components[s * 5 + 0]
                o_c1[i, s] = summ.components[s * 5 + 1]
                o_c2[i, s] = summ.components[s * 5 + 2]
                o_c3[i, s] = summ.components[s * 5 + 3]
                o_c4[i, s] = summ.components[s * 5 + 4]
                o_stars[i, s] = g.p[s].stars
                for k in range(N_STAR_KINDS):
                    o_kinds[i, s, k] = stars_of_kind(&g.p[s], k)
                o_terr[i, s] = summ.territories[s]
                o_res[i, s] = summ.resources[s]
                o_pop[i, s] = g.p[s].popularity
                o_pow[i, s] = g.p[s].power
                o_rank[i, s] = summ.rank[s]
                o_win[i, s] = oc.winner[s]
                o_turns[i, s] = g.p[s].turns
                o_shared[i, s] = summ.shared[s]
                o_tied[i, s] = oc.score_tied[s]
                o_bch[i, s] = g.bottom_chances[s]
                o_btk[i, s] = g.bottom_taken[s]
            o_gtied[i] = oc.tied
            o_gshared[i] = oc.shared_win
            o_gturns[i] = g.turn
            o_end[i] = g.end_reason
            if wg:
                o_resol[i] = g.wg.resolution
                if rules.r.wg.airships_on:
                    for s in range(n):
                        o_air[i, s] = WG_MAX_TILES * g.wg.agg[s] + g.wg.pas[s]
    finally:
        free(g)
    if bad_game >= 0:
        raise UserError(f"game {bad_game} (seed {int(seeds_a[bad_game])}): {setup_error_message(bad_err)}")
    return out


cdef int _play_game_python(GameState* g, ScytheRules rules, uint64_t seed, const SetupArgs* a,
                           Seats* seats, list python_policies) except -1:
    # The slow path (ext/common/play.pxi play_python) on a Game without a log.
    cdef Game game = Game.__new__(Game)
    cdef int err = game._setup(rules, seed, a, False)
    if err != SETUP_OK:
        return err
    seats_new_game(seats, seed)
    seats_pick_rows(seats, &game.g)
    play_python(game, seats, python_policies)
    memcpy(g, &game.g, sizeof(GameState))
    g.events = NULL
    return SETUP_OK


def compiled_policy_ids():
    """Names and ids of the compiled policies."""
    return dict(COMPILED_POLICIES)


def random_playout(ScytheRules rules, seed, int n_players, factions=None, mats=None,
                   bint check=True, int max_decisions=10_000_000, policy_ids=None, weights=None):
    """Play one game in C (random policy, or the compiled `policy_ids` per seat
    with `weights` [n_players, 32]), checking every invariant after every step
    when `check`; returns (decisions, end_reason, error message or None)."""
    cdef int8_t fac[MAX_SEATS]
    cdef int8_t mat[MAX_SEATS]
    cdef int32_t buf[MAX_OPTIONS]
    cdef Seats seats
    cdef SetupArgs args
    cdef int info[4]
    cdef int err, s, code = 0, steps = 0
    cdef uint64_t sd = int(seed) & 0xFFFFFFFFFFFFFFFF
    fl = Game._parse(rules, factions, n_players, "faction")
    ml = Game._parse(rules, mats, n_players, "mat")
    rows = None if weights is None else \
        [list(r) + [0.0] * (N_POLICY_WEIGHTS - len(r)) for r in weights]
    pol_a, w_a, _ = batch_policies(n_players, policy_ids, rows, None)
    cdef const int32_t[::1] pv = pol_a
    cdef const double[:, ::1] wv = w_a
    for s in range(n_players):
        fac[s] = fl[s]
        mat[s] = ml[s]
    args.n_players = n_players
    args.faction = fac
    args.mat = mat
    args.solo = NULL
    cdef GameState* g = <GameState*>calloc(1, sizeof(GameState))
    if g == NULL:
        raise MemoryError()
    try:
        err = game_setup(g, &rules.r, sd, &args)
        if err != SETUP_OK:
            raise UserError(setup_error_message(err))
        seats_init(&seats, n_players, &pv[0], &wv[0, 0])
        seats_new_game(&seats, sd)
        with nogil:
            code = play_checked(g, &seats, buf, max_decisions, check, &steps, info)
        msg = None
        if code != 0:
            msg = (INVARIANT_MESSAGES.get(code, "invariant {0}").format(info[0], info[1], info[2], info[3])
                   + f" (turn {g.turn}, decision {DECISION_NAMES[g.decision]}, step {steps})")
        return steps, END_REASONS[g.end_reason], msg
    finally:
        free(g)
