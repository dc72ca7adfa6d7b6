# Determinization (issue #15): re-sample everything one seat cannot see, consistently
# with that seat's view (pyapi.pxi Game.observation), from a stream of its own.
#
# Hidden from `seat`, and what is kept of it:
# - other seats' combat cards (the Automa's included): each keeps its hand SIZE; the
#   values are re-dealt from the unseen cards (the combat deck plus those hands; the
#   discard pile and the seat's own hand are seen). Cards another seat has committed to
#   a combat in progress stay in its hand (the search never determinizes there, see
#   search.pxi).
# - other seats' objective cards: each keeps its held slots; re-dealt with the
#   objective deck.
# - the order of the encounter deck's never-drawn part (its bottom holds the cards
#   already drawn, in the order they were put back, which every seat saw).
# - the face-down Factory offer: as many cards as before from the cards no player
#   holds (unless `seat` is picking from it right now, and so sees it).
# - the order of the Automa's deck (its discard piles are face up).
# - the game's chance stream: every later shuffle and draw.
# Every pool is dealt by rng_canonical_shuffle (common/rng.pxd: sorted, then shuffled), so the
# sample is a function of the view and the seed alone, not of the true order it replaces.
# Approximation: a seat's memory of cards that passed through other hands (a Scout
# steal, an objective put back under the deck) is not part of the view, so it is
# not used.

cdef void _redeal_combat_cards(GameState* g, int seat, Rng* rng) noexcept nogil:
    cdef int8_t pool[MAX_COMBAT_CARDS + MAX_SEATS * 64]
    cdef int8_t kept[MAX_SEATS][4]
    cdef int need[MAX_SEATS]
    cdef int n = 0, s, v, k, side, i
    memset(kept, 0, sizeof(kept))
    if g.t.cb_cell > 0 and PH_COMBAT_PRE <= g.t.phase <= PH_COMBAT_FINISH:
        for side in range(2):
            s = g.t.cb_seat[side]
            if s >= 0 and s != seat:
                for v in range(4):
                    kept[s][v] = g.t.cb_cards[side][v]
    for i in range(g.n_combat_deck):
        pool[n] = g.combat_deck[i]
        n += 1
    for s in range(g.n_players):
        need[s] = 0
        if s == seat:
            continue
        for v in range(4):
            k = g.p[s].hand[v] - kept[s][v]
            need[s] += k
            while k > 0 and n < MAX_COMBAT_CARDS + MAX_SEATS * 64:
                pool[n] = <int8_t>(v + 2)
                n += 1
                k -= 1
    rng_canonical_shuffle(rng, <signed char*>pool, n)
    i = 0
    for s in range(g.n_players):
        if s == seat:
            continue
        for v in range(4):
            g.p[s].hand[v] = kept[s][v]
        for k in range(need[s]):
            g.p[s].hand[pool[i] - 2] += 1
            i += 1
    g.n_combat_deck = <int8_t>(n - i)
    for k in range(n - i):
        g.combat_deck[k] = pool[i + k]


cdef void _redeal_objectives(GameState* g, int seat, Rng* rng) noexcept nogil:
    cdef short pool[MAX_OBJECTIVES + 2 * MAX_SEATS]
    cdef int n = 0, s, k, i
    for i in range(g.n_objective_deck):
        pool[n] = g.objective_deck[i]
        n += 1
    for s in range(g.n_players):
        if s != seat:
            for k in range(2):
                if g.p[s].objectives[k] > 0:
                    pool[n] = g.p[s].objectives[k]
                    n += 1
    rng_canonical_shuffle(rng, pool, n)
    i = 0
    for s in range(g.n_players):
        if s != seat:
            for k in range(2):
                if g.p[s].objectives[k] > 0:
                    g.p[s].objectives[k] = pool[i]
                    i += 1
    for k in range(n - i):
        g.objective_deck[k] = pool[i + k]


cdef void _shuffle_encounter_deck(GameState* g, Rng* rng) noexcept nogil:
    # Every token taken drew a card; the cards back under the deck (all but one still
    # being resolved) are its bottom part, in a seen order.
    cdef uint64_t taken = g.rules.encounter_mask
    cdef int c, returned = 0, unseen
    for c in range(1, N_CELLS):
        if (taken >> c) & 1 and not g.encounter_token[c]:
            returned += 1
    if g.t.enc_card >= 0 and returned > 0:
        returned -= 1
    unseen = g.n_encounter_deck - returned
    if unseen > 1:
        rng_canonical_shuffle(rng, <signed char*>g.encounter_deck, unseen)


cdef void _redeal_factory_offer(GameState* g, int seat, Rng* rng) noexcept nogil:
    cdef int8_t pool[MAX_FACTORY]
    cdef uint32_t held = 0
    cdef int n = 0, s, i
    if g.decision == DK_FACTORY_PICK and g.decider == seat:
        return   # the seat is looking at the offer
    for s in range(g.n_players):
        if g.p[s].factory_card >= 0:
            held |= (<uint32_t>1) << g.p[s].factory_card
    for i in range(g.rules.n_factory):
        if not (held >> i) & 1:
            pool[n] = <int8_t>i
            n += 1
    rng_shuffle(rng, <signed char*>pool, n)
    for i in range(g.n_factory_offer):
        g.factory_offer[i] = pool[i]


cdef void redeal_hidden_state(GameState* g, int seat, uint64_t seed) noexcept nogil:
    """Re-sample in place everything `seat` cannot see (see the top of this file)."""
    cdef Rng rng
    rng_seed(&rng, seed)
    _redeal_combat_cards(g, seat, &rng)
    _redeal_objectives(g, seat, &rng)
    _shuffle_encounter_deck(g, &rng)
    _redeal_factory_offer(g, seat, &rng)
    if g.automa.seat >= 0 and g.automa.n_deck > 1:
        rng_canonical_shuffle(&rng, <signed char*>g.automa.deck, g.automa.n_deck)
    rng_seed(&g.rng, rng_next(&rng))   # the future's chance, too


def redeal_hidden(Game game, int seat, seed):
    """A copy of `game` in which everything `seat` cannot see is re-sampled from
    `seed`, consistently with its view: `observation(seat)` is unchanged, hand sizes,
    held objective slots and the size of every deck are kept (determinize.pxi)."""
    if not (0 <= seat < game.g.n_players):
        raise ValueError(f"seat {seat} out of range 0..{game.g.n_players - 1}")
    cdef Game c = game.clone()
    redeal_hidden_state(&c.g, seat, <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF))
    if c.g.decision != DK_NONE:
        c.n_opts = legal_options(&c.g, c.buf)
    return c
