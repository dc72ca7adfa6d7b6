# Python access to the compiled heuristics: policy names and test hooks (api layer: uses Game).
# (Part of the compiled heuristics; heuristics_values.pxi has the header.)

# ---------------------------------------------------------------- Python access

# Names of the compiled policies (policies.pxi's table; simsuite/games/scythe/policies.py
# holds the same ids with the weight names).
COMPILED_POLICIES.update({"economy": HP_ECONOMY, "star_rush": HP_STAR_RUSH,
                          "aggressor": HP_AGGRESSOR, "diplomat": HP_DIPLOMAT,
                          "expert": HP_EXPERT})

cdef _hook_init(SeatPolicy* sp, double* w, Game game, int seat, weights):
    # The test hooks' start: `weights` (a strategy's vector, padded with zeros) into w, and
    # the seat's context derived from the position (h_init).
    cdef int i
    vals = [float(x) for x in weights]
    for i in range(N_POLICY_WEIGHTS):
        w[i] = vals[i] if i < len(vals) else 0.0
    h_ctx_init(&sp.h)
    h_init(&sp.h, &game.g, seat, w)


def _hook_name(str name, tuple names, str what):
    # The test hooks' name arguments: the index of `name` in `names`, or a one-line error.
    if name not in names:
        raise UserError(f"unknown {what} {name!r}; use one of {', '.join(names)}")
    return names.index(name)


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
    _hook_init(&sp, w, game, seat, weights)
    return h_deny(&sp.h, enemy, cell), sp.h.progress


def heuristic_scores(Game game, weights):
    """What the heuristics (with `weights`, a strategy's vector) score each legal option of the
    pending decision, for the seat that must decide: [(option, score)] (for tests and
    diagnosis; the policy takes the best, ties on its own stream)."""
    cdef SeatPolicy sp
    cdef double w[N_POLICY_WEIGHTS]
    cdef int32_t opts[MAX_OPTIONS]
    cdef int i, n = game_legal_options(&game.g, opts)
    _hook_init(&sp, w, game, game.g.decider, weights)
    return [(opts[i], h_score(&sp.h, game.g.decision, opts[i])) for i in range(n)]


def heuristic_context(Game game, int seat, weights):
    """What h_init derives for `seat` in the current position (with `weights`): the values of
    the bottom actions, the token prices, the clock (for tests and diagnosis)."""
    cdef SeatPolicy sp
    cdef double w[N_POLICY_WEIGHTS]
    _hook_init(&sp, w, game, seat, weights)
    h = &sp.h
    return {"bval": [h.bval[i] for i in range(4)], "eff": [h.eff[i] for i in range(4)],
            "coinsonly": [h.coinsonly[i] for i in range(4)], "cost": [h.cost[i] for i in range(4)],
            "uses": [h.uses[i] for i in range(4)], "res": [h.res[i] for i in range(4)],
            "tok_val": [[h.tok_val[i][k] for k in range(4)] for i in range(4)],
            "star_val": h.star_val, "turns_left": h.turns_left, "progress": h.progress,
            "late": h.late, "tier": h.tier, "terr_val": h.terr_val, "card_tok": h.card_tok,
            "plan": [h_plan(h, i) for i in range(4)],
            "pop_values": [h_pop_at(h, k) for k in range(N_TRACK_POPULARITY + 1)],
            "power_values": [h_power_at(h, k) for k in range(N_TRACK_POWER + 1)],
            "cards_values": [h_cards(h, k) for k in range(5)],
            "attack_edge": h_attack_edge(h)}


cdef _attack_hook_init(SeatPolicy* sp, double* w, Game game, int seat, int cell, weights):
    # The attack hooks' start: the seat's context and board tables (h_board), and an enemy
    # on `cell` to attack.
    _hook_init(sp, w, game, seat, weights)
    h_board(&sp.h)
    if sp.h.en_seat[cell] < 0:
        raise UserError(f"no enemy unit on cell {cell}")


def heuristic_attack_strength(Game game, int seat, int cell, int my_k, weights):
    """For an attack by `seat` (with `weights`) on `cell` with my_k own units: its strength
    edge over the enemy there (h_edge) and what it loses to the combats already started on
    other cells, which share its power and hand (h_shared_strength), for tests."""
    cdef SeatPolicy sp
    cdef double w[N_POLICY_WEIGHTS]
    _attack_hook_init(&sp, w, game, seat, cell, weights)
    return (h_edge(&sp.h, sp.h.en_seat[cell], cell, my_k),
            h_shared_strength(&sp.h, cell, my_k))


def heuristic_attack_worth(Game game, int seat, str unit, int cell, int my_k, weights):
    """What `seat`'s heuristics (with `weights`) credit an attack by `unit` (a name of
    UNIT_NAMES) on `cell` with my_k own units (h_attack; a refused attack is a large loss),
    for tests."""
    cdef SeatPolicy sp
    cdef double w[N_POLICY_WEIGHTS]
    cdef int u = _hook_name(unit, UNIT_NAMES, "unit")
    _attack_hook_init(&sp, w, game, seat, cell, weights)
    return h_attack(&sp.h, u, cell, my_k)


def heuristic_objective_targets(Game game, int seat, weights):
    """What the heuristics credit `seat` (with `weights`) toward its objective cards on the
    board: {cell: worth of controlling it} (the cells with a worth) and the worth of taking a
    Factory card (for tests and diagnosis)."""
    cdef SeatPolicy sp
    cdef double w[N_POLICY_WEIGHTS]
    cdef int c
    _hook_init(&sp, w, game, seat, weights)
    h_board(&sp.h)
    return ({c: sp.h.obj_cell[c] for c in range(N_CELLS) if sp.h.obj_cell[c] != 0.0},
            h_objective_factory(&sp.h))


def automa_combat_cdf(Game game, int seat, weights, int power=-1):
    """P(the Automa's combat total <= x) for x = 0..31 as `seat`'s heuristics work it out
    from public information (h_automa_cdf; the Automa's power, or `power`), for tests."""
    cdef SeatPolicy sp
    cdef double w[N_POLICY_WEIGHTS]
    cdef const double* cdf
    cdef int i
    if game.g.automa.seat < 0:
        raise UserError("automa_combat_cdf needs a game against the Automa")
    _hook_init(&sp, w, game, seat, weights)
    cdf = h_automa_cdf(&sp.h, game.g.p[game.g.automa.seat].power if power < 0 else power)
    return [cdf[i] for i in range(H_AUTOMA_TOTALS)]


def _set_automa_combat(double sure, double fight, double edge_q):
    """Tuning hook: the win chance aimed for against the Automa, the least chance a defence
    commits for, and the quantile of its total taken as its strength when attacking it."""
    global H_AUTOMA_SURE, H_AUTOMA_FIGHT, H_AUTOMA_EDGE_Q
    H_AUTOMA_SURE = sure
    H_AUTOMA_FIGHT = fight
    H_AUTOMA_EDGE_Q = edge_q


def _set_automa_odds(bint on, double lost_attack):
    """Tuning hook: attacks on an Automa that takes all its moves priced by their odds (on), and
    what a lost one earns (H_AUTOMA_LOST_ATTACK)."""
    global H_AUTOMA_ODDS, H_AUTOMA_LOST_ATTACK
    H_AUTOMA_ODDS = on
    H_AUTOMA_LOST_ATTACK = lost_attack


def heuristic_discount(Game game, int seat, str bottom, weights):
    """For a token off the cost of bottom action `bottom` (a name of BOTTOM_ACTION_NAMES):
    the later uses `seat`'s heuristics (with `weights`) count it over (h_discount_uses) and
    its worth (h_upgrade_bottom), for tests."""
    cdef SeatPolicy sp
    cdef double w[N_POLICY_WEIGHTS]
    cdef int b = _hook_name(bottom, BOTTOM_ACTION_NAMES, "bottom action")
    _hook_init(&sp, w, game, seat, weights)
    return h_discount_uses(&sp.h, b), h_upgrade_bottom(&sp.h, b)


def heuristic_bottom_net(Game game, int seat, str bottom, weights):
    """What `seat`'s heuristics (with `weights`) find bottom action `bottom` (a name of
    BOTTOM_ACTION_NAMES) worth taking now with the tokens it controls, net of the tokens it
    spends, and how many it spends (h_bottom_net; 0, 0 when not worth taking or not payable),
    for tests."""
    cdef SeatPolicy sp
    cdef double w[N_POLICY_WEIGHTS]
    cdef int gain[4]
    cdef int spent = 0
    cdef int b = _hook_name(bottom, BOTTOM_ACTION_NAMES, "bottom action")
    _hook_init(&sp, w, game, seat, weights)
    memset(gain, 0, sizeof(gain))
    return h_bottom_net(&sp.h, b, gain, &spent), spent


def heuristic_step_features(Game game, weights):
    """For a pending move_step decision: [(option, the heuristics' score, [the step's
    features (h_step_features)])], for fitting H_STEP_CORR (ext/scythe/search_distil.py)."""
    cdef SeatPolicy sp
    cdef double w[N_POLICY_WEIGHTS]
    cdef double f[N_STEP_F]
    cdef int32_t opts[MAX_OPTIONS]
    cdef int i, k, u, src, n
    if game.g.decision != DK_MOVE_STEP:
        raise UserError("heuristic_step_features needs a pending move_step decision")
    n = game_legal_options(&game.g, opts)
    _hook_init(&sp, w, game, game.g.decider, weights)
    h_board(&sp.h)
    u = game.g.t.mv_unit
    src = game.g.p[game.g.decider].unit_cell[u]
    out = []
    for i in range(n):
        s = h_score(&sp.h, game.g.decision, opts[i])
        h_step_features(&sp.h, u, src, opts[i], f)
        out.append((opts[i], s, [f[k] for k in range(N_STEP_F)]))
    return out


def _set_step_corr(coef):
    """Tuning hook: H_STEP_CORR, the coins per unit of each step feature (N_STEP_F numbers;
    all zero turns the correction off)."""
    global H_STEP_ON
    vals = [float(x) for x in coef]
    if len(vals) != N_STEP_F:
        raise UserError(f"_set_step_corr needs {N_STEP_F} numbers, got {len(vals)}")
    for k in range(N_STEP_F):
        H_STEP_CORR[k] = vals[k]
    H_STEP_ON = any(vals)


def seat_weights_row(Game game, int seat):
    """The row of a weights table `seat` plays in this game (contract.pxi seat_weight_row:
    the Automa level's block, then its faction and mat), for tools that score its options."""
    if not (0 <= seat < game.g.n_players):
        raise UserError(f"seat {seat} out of range 0..{game.g.n_players - 1}")
    return seat_weight_row(&game.g, seat)
