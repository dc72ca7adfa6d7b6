# Python access to the compiled heuristics: policy names and test hooks (api layer: uses Game).
# (Part of the compiled heuristics; heuristics_values.pxi has the header.)

# ---------------------------------------------------------------- Python access

# Names of the compiled policies (policies.pxi's table; simsuite/games/scythe/policies.py
# holds the same ids with the weight names).
COMPILED_POLICIES.update({"economy": HP_ECONOMY, "star_rush": HP_STAR_RUSH,
                          "aggressor": HP_AGGRESSOR, "diplomat": HP_DIPLOMAT,
                          "expert": HP_EXPERT})

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
