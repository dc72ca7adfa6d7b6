# Layer: rules. Uses: state, queries and the other files of the rules layer.
#
# The Scythe Automa: the solo opponent's whole procedure (rulebook seed 003, digest
# rules/scythe-automa.md; card data in automa_state.pxd, packed from data/automa.toml).
#
# Included by scythe.pyx after core.pxi, queries.pxi and scoring.pxi (it uses their
# track, combat-card, star and control helpers). Everything is C level: `noexcept nogil`,
# fixed arrays, the game's own random stream `g.rng`.
#
# Static data: g.rules.automa (AutomaRules). Game state: g.automa (AutomaState); the
# Automa's pieces, power, coins, hand and stars live in its Player g.p[g.automa.seat] like
# any seat's. Interpretations where the rulebook is silent carry their digest id (I-n).
#
# Driving a turn: the turn machine calls automa_turn(g). It returns ATR_DONE when the turn
# is over, or ATR_COMBAT when an attack has put an Automa combat unit on g.automa.combat_cell:
# the engine then runs that combat (the human commits dial and cards as defender; the
# Automa's side comes from automa_combat_commit; Automa losers go through automa_retreat),
# reports the result with automa_attack_resolved(g, automa_won) and calls automa_turn again.

# Readable-log events of the Automa (core.pxi's EventKind numbers stop below 40).
cdef enum:   # AutomaEventKind
    EV_AUTOMA_CARD = 40      # seat = Automa; a = card id (1..19), b = scheme (1/2), flag 1 = turn skipped
    EV_AUTOMA_MOVE = 41      # a = AutomaMove, b = unit, c = from cell, d = to cell
    EV_AUTOMA_NO_MOVE = 42   # no valid move symbol (flag 1: the move check forbade moving)
    EV_AUTOMA_TRACK = 43     # a = cube cell, b = 1 if a star was placed, c = 1 if lakes/rivers opened
    EV_AUTOMA_SCHEME = 44    # the deck turned to scheme II
    EV_AUTOMA_DECK = 45      # the 19 cards were reshuffled into a new deck
    EV_AUTOMA_COMBAT = 46    # combat card a (1..19): b = power spent, c = cards added, d = their total
    EV_AUTOMA_CHECK = 47     # optional rule 4/5 revealed combat card a; flag 1 = it forbade the action
    EV_AUTOMA_PLACE = 48     # unit a placed on the base (b = cell)
    EV_AUTOMA_GAIN = 49      # a = coins gained, b = power gained
    EV_AUTOMA_RESOURCES = 50 # a resources placed on cell b (the human took it)
    EV_AUTOMA_FACTORY = 51   # the hero took Factory card index a
    EV_AUTOMA_TOKEN = 52     # the hero removed the encounter token on cell a
    STAR_AUTOMA_TRACK = 9    # StarKind value used in EV_STAR for a star-card star (= N_STAR_KINDS)


# ---------------------------------------------------------------- small queries

cdef inline bint a_over(const GameState* g) noexcept nogil:
    return g.end_reason != END_NOT_OVER


cdef inline bint a_is_automa(const GameState* g, int seat) noexcept nogil:
    return g.automa.seat >= 0 and seat == g.automa.seat


cdef inline const AutomaRow* a_row(const GameState* g) noexcept nogil:
    return &g.rules.automa.cards[g.automa.card].row[g.automa.scheme]


cdef inline int a_resources_on(const GameState* g, int c) noexcept nogil:
    return g.cell_res[c][0] + g.cell_res[c][1] + g.cell_res[c][2] + g.cell_res[c][3]


cdef inline void a_clear_resources(GameState* g, int c) noexcept nogil:
    cdef int r
    for r in range(4):
        g.cell_res[c][r] = 0


# ---------------------------------------------------------------- random draws

cdef int a_draw_card(GameState* g) noexcept nogil:
    # Top card of the Automa deck (§6). An empty deck is rebuilt from all 19 cards, both
    # discards and the card in play included (seed p.3 "all 19", I-2); the card in play
    # keeps its rows for the rest of the turn and last_main_card keeps its resource box.
    cdef AutomaState* a = &g.automa
    if a.n_deck == 0:
        a_new_deck(g)
    a.n_deck -= 1
    return a.deck[a.n_deck]


cdef void a_new_deck(GameState* g) noexcept nogil:
    cdef AutomaState* a = &g.automa
    cdef int i
    for i in range(AUTOMA_N_CARDS):
        a.deck[i] = <int8_t>i
    a.n_deck = AUTOMA_N_CARDS
    a.n_main_discard = 0
    a.n_combat_discard = 0
    rng_shuffle(&g.rng, <signed char*>a.deck, AUTOMA_N_CARDS)
    emit(g, EV_AUTOMA_DECK, a.seat, a.scheme + 1, 0, 0, 0, 0)


cdef bint a_check_card_blocks(GameState* g) noexcept nogil:
    # Optional rules 4 and 5 (seed p.12): reveal a combat card from the deck (drawn and
    # discarded at once, so the deck's reshuffle rule applies); a 4 or 5 forbids the move
    # (placement). With no card left nothing is revealed and nothing is forbidden.
    cdef int seat = g.automa.seat
    cdef int v = draw_card(g, seat)
    if v >= 2:
        discard_card(g, seat, v)
    emit(g, EV_AUTOMA_CHECK, seat, v, 0, 0, 0, 1 if v >= 4 else 0)
    return v >= 4


# ---------------------------------------------------------------- stars and tracks

cdef void a_place_track_star(GameState* g, int seat) noexcept nogil:
    # A star from the star card goes beside the triumph track; it counts like any other
    # and the 6th ends the game at once (seed p.9).
    cdef Player* p = &g.p[seat]
    if g.end_reason != END_NOT_OVER or p.stars >= N_STARS:
        return
    p.stars += 1
    emit(g, EV_STAR, seat, STAR_AUTOMA_TRACK, p.stars, 0, 0, 0)
    if p.stars >= N_STARS:
        end_game(g, END_SIXTH_STAR)


cdef void a_gain_power(GameState* g, int seat, int n) noexcept nogil:
    # Power track 0..16; first arrival at 16 places the power star at once (seed p.9 for the
    # Automa; base §18 for the human's recruit bonus during the Automa's turn).
    if n <= 0:
        return
    add_power(g, seat, n)
    if g.p[seat].power >= N_TRACK_POWER and not g.p[seat].star_placed[<int>STAR_POWER]:
        place_star(g, seat, STAR_POWER)


cdef void a_advance_tracker(GameState* g) noexcept nogil:
    # Stage 3 (seed p.9): move the cube one cell. Lakes and rivers open once it leaves the
    # last water cell; a star cell places a star, and the first such star turns the deck to
    # scheme II and reshuffles all 19 cards into a new deck (I-4). A 6th star ends the game
    # with no reshuffle (I-10).
    cdef AutomaState* a = &g.automa
    cdef const AutomaStarCard* sc = &g.rules.automa.star_cards[a.level]
    cdef bint was_open = a.water_ok, opened
    if a.track_pos < sc.cells - 1:
        a.track_pos += 1
    if a.track_pos >= sc.water_from:
        a.water_ok = 1
    opened = a.water_ok and not was_open
    if sc.star[a.track_pos]:
        a.track_stars += 1
        emit(g, EV_AUTOMA_TRACK, a.seat, a.track_pos, 1, opened, 0, 0)
        a_place_track_star(g, a.seat)
        if a_over(g):
            return
        if a.scheme == 0:
            a.scheme = 1
            emit(g, EV_AUTOMA_SCHEME, a.seat, 0, 0, 0, 0, 0)
            a_new_deck(g)
    else:
        emit(g, EV_AUTOMA_TRACK, a.seat, a.track_pos, 0, opened, 0, 0)


# ---------------------------------------------------------------- geometry

cdef void init_automa_geometry(Rules* r) noexcept nogil:
    # An Automa unit's neighbourhood (seed p.5), as a cell mask from each cell, before
    # (water 0) and after (water 1) the water unlock: its territory and every territory one
    # move away; before the unlock no lake and nothing across a river. Tunnels never count
    # (the Automa does not use them). Home bases are not territories. Derived once from the
    # board when the rules are packed (rules.pxi), so the Automa's turn and the heuristics'
    # threat map only OR masks.
    cdef int c, d, n, water
    for water in range(2):
        for c in range(N_CELLS):
            r.automa_nbhd[water][c] = 0
            if not rules_territory(r, c):
                continue
            r.automa_nbhd[water][c] = bit(c)
            for d in range(6):
                n = r.neighbours[c][d]
                if not rules_territory(r, n):
                    continue
                if not water and (r.terrain[n] == T_LAKE or r.river[c][d]):
                    continue
                r.automa_nbhd[water][c] |= bit(n)


cdef inline uint64_t a_nbhd_mask(const GameState* g, int h) noexcept nogil:
    # The neighbourhood of an Automa unit on cell h now (0 off the board or on a base).
    if h <= 0 or h >= N_CELLS:
        return 0
    return g.rules.automa_nbhd[1 if g.automa.water_ok else 0][h]


cdef inline void a_mark(uint64_t m, uint8_t* mark) noexcept nogil:
    # mark[c] = 1 for every cell c of mask m
    while m:
        mark[lowest_bit(m)] = 1
        m &= m - 1


cdef void a_neighbourhood(const GameState* g, int h, uint8_t* mark) noexcept nogil:
    # Marks an Automa unit's neighbourhood (init_automa_geometry) from cell h.
    a_mark(a_nbhd_mask(g, h), mark)


cdef void a_support(const GameState* g, bint with_base, uint8_t* mark) noexcept nogil:
    # Where a teleporting Automa unit may go (seed p.5): the neighbourhood of any Automa
    # unit on the board, plus (with_base) the base's neighbourhood, which is its two
    # land-adjacent territories (I-7: also after the water unlock).
    cdef int c, u, seat = g.automa.seat
    cdef const FactionData* f = &g.rules.factions[g.p[seat].faction]
    cdef uint64_t m = 0
    for c in range(N_CELLS):
        mark[c] = 0
    for u in range(N_UNITS):
        m |= a_nbhd_mask(g, g.p[seat].unit_cell[u])
    if with_base:
        for c in range(2):
            if is_territory(g, f.start_cells[c]):
                m |= bit(f.start_cells[c])
    a_mark(m, mark)


cdef void a_human_reach(const GameState* g, int seat, int u, int h, uint8_t* mark) noexcept nogil:
    # A human combat unit's neighbourhood (seed p.5, Example 1; I-8): its territory plus
    # every territory it could enter by one legal 1-territory move with its abilities
    # (the engine's own step rule: rivers by Riverwalk onto its terrains, lakes by
    # Seaworthy / Submerge, tunnels and the own Mine, Township, Underpass); bases are not
    # territories.
    cdef uint64_t m
    cdef int c
    if not is_territory(g, h):
        return
    mark[h] = 1
    m = step_targets(g, seat, u, h)
    for c in range(1, N_CELLS):
        if (m >> c) & 1 and is_territory(g, c):
            mark[c] = 1


cdef void a_threat(const GameState* g, uint8_t* mark) noexcept nogil:
    # Union of the neighbourhoods of the human's hero and mechs on territories (units on
    # a base have none).
    cdef int c, u, seat = g.automa.human
    for c in range(N_CELLS):
        mark[c] = 0
    for u in range(UNIT_WORKER0):
        a_human_reach(g, seat, u, g.p[seat].unit_cell[u], mark)


cdef inline int a_dist(const GameState* g, int a, int b) noexcept nogil:
    return g.rules.automa.dist[a][b]


cdef inline int a_fdist(const GameState* g, int h) noexcept nogil:
    return g.rules.factory_distance[h]


cdef int a_choose_unit(const GameState* g, int first, int last) noexcept nogil:
    # Step 1 (seed p.6-8): the unit closest to the Automa base, units on the base counting
    # as closest; ties by reading order of their territories (ascending cell id); units on
    # one spot: a mech before the hero (I-9), then the lower unit index. -1 if none.
    cdef int seat = g.automa.seat
    cdef int base = base_cell(g, seat)
    cdef int u, c, d, rd, kind, best = -1
    cdef int bd = 0, brd = 0, bkind = 0
    for u in range(first, last):
        c = g.p[seat].unit_cell[u]
        if c == OFF_BOARD or c <= 0:
            continue
        if c == base or not is_territory(g, c):
            d = 0
            rd = 0
        else:
            d = a_dist(g, c, base)
            rd = c
        kind = 1 if u == UNIT_CHARACTER else 0
        if best < 0 or d < bd or (d == bd and (rd < brd or (rd == brd and kind < bkind))):
            best = u
            bd = d
            brd = rd
            bkind = kind
    return best


cdef inline bint a_better(int k1, int f1, int c1, int k2, int f2, int c2) noexcept nogil:
    # Destination order: the move's own criterion k (lower is better), then closest to the
    # Factory, then reading order (lower cell id).
    if k1 != k2:
        return k1 < k2
    if f1 != f2:
        return f1 < f2
    return c1 < c2


# ---------------------------------------------------------------- rewards (stage 2B)

cdef bint a_place_from_mat(GameState* g, int first, int last) noexcept nogil:
    # Move the first unit of first..last-1 still on the faction mat to the base; optional
    # rule 5 may forbid it. True if a unit was placed.
    cdef AutomaState* a = &g.automa
    cdef Player* p = &g.p[a.seat]
    cdef int u
    for u in range(first, last):
        if p.unit_cell[u] == OFF_BOARD:
            if a.placement_check and a_check_card_blocks(g):
                return False
            p.unit_cell[u] = <int8_t>base_cell(g, a.seat)
            if u >= UNIT_MECH0 and u < UNIT_MECH0 + N_MECHS:
                p.mech_deployed[u - UNIT_MECH0] = 1    # on the board (it has no abilities)
            emit(g, EV_AUTOMA_PLACE, a.seat, u, p.unit_cell[u], 0, 0, 0)
            return True
    return False


cdef inline int a_card_gain(int printed, int modifier, int extra) noexcept nogil:
    # One card's coins (or power): the printed total with the optional modifier, never
    # negative, and the star card's extra one (Ultimaszyna) whenever at least one is gained.
    cdef int n = printed + modifier
    if n < 0:
        n = 0
    if n >= 1:
        n += extra
    return n


cdef void a_rewards(GameState* g) noexcept nogil:
    # Every symbol of row B, left to right; faction-bracketed ones only for that faction
    # (seed p.8). Coins and power of one card are one gain each: the optional +-modifiers
    # and Ultimaszyna's +1 apply once per card, at its first coin (power) symbol (I-13),
    # never making the gain negative.
    cdef AutomaState* a = &g.automa
    cdef const AutomaRow* row = a_row(g)
    cdef const AutomaStarCard* sc = &g.rules.automa.star_cards[a.level]
    cdef Player* p = &g.p[a.seat]
    cdef int faction = p.faction
    cdef int i, kind, n, coins = 0, power = 0
    cdef bint coins_done = False, power_done = False
    for i in range(row.n_gains):
        if row.gain_faction[i] != AUTOMA_ANY_FACTION and row.gain_faction[i] != faction:
            continue
        if row.gain_kind[i] == AG_COIN:
            coins += row.gain_amount[i]
        elif row.gain_kind[i] == AG_POWER:
            power += row.gain_amount[i]
    for i in range(row.n_gains):
        if row.gain_faction[i] != AUTOMA_ANY_FACTION and row.gain_faction[i] != faction:
            continue
        kind = row.gain_kind[i]
        if kind == AG_WORKER:
            a_place_from_mat(g, UNIT_WORKER0, N_UNITS)
        elif kind == AG_HERO_OR_MECH:
            if p.unit_cell[UNIT_CHARACTER] == OFF_BOARD:
                a_place_from_mat(g, UNIT_CHARACTER, UNIT_CHARACTER + 1)
            else:
                a_place_from_mat(g, UNIT_MECH0, UNIT_MECH0 + N_MECHS)
        elif kind == AG_COIN and not coins_done:
            coins_done = True
            n = a_card_gain(coins, a.coin_modifier, sc.extra_coin)
            add_coins(g, a.seat, n)
            emit(g, EV_AUTOMA_GAIN, a.seat, n, 0, 0, 0, 0)
        elif kind == AG_POWER and not power_done:
            power_done = True
            n = a_card_gain(power, a.power_modifier, sc.extra_power)
            emit(g, EV_AUTOMA_GAIN, a.seat, 0, n, 0, 0, 0)
            a_gain_power(g, a.seat, n)
            if a_over(g):
                return
        elif kind == AG_COMBAT_CARD:
            draw_card(g, a.seat)


cdef void a_recruit_bonus(GameState* g) noexcept nogil:
    # Stage 2C (seed p.9): the human gains the shown ongoing recruit bonus if that recruit is
    # enlisted (Upgrade: power, Deploy: coin, Build: popularity, Enlist: combat card).
    # A power or popularity star it brings is placed at once, after the Automa's reward
    # stage (base §19.3: after the active player's action).
    cdef int kind = a_row(g).recruit
    cdef int seat = g.automa.human
    cdef Player* p = &g.p[seat]
    cdef int action = -1
    if kind == AR_POWER:
        action = BOT_UPGRADE
    elif kind == AR_COIN:
        action = BOT_DEPLOY
    elif kind == AR_POPULARITY:
        action = BOT_BUILD
    elif kind == AR_COMBAT_CARD:
        action = BOT_ENLIST
    if action < 0 or not p.recruit_enlisted[action]:
        return
    emit(g, EV_RECRUIT_BONUS, seat, action, 1, 0, 0, 0)
    if action == BOT_UPGRADE:
        add_power(g, seat, 1)
    elif action == BOT_DEPLOY:
        add_coins(g, seat, 1)
    elif action == BOT_BUILD:
        add_popularity(g, seat, 1)
    else:
        draw_card(g, seat)
    check_track_stars(g, seat)


# ---------------------------------------------------------------- the turn

cdef void a_end_turn(GameState* g) noexcept nogil:
    g.automa.stage = AST_IDLE
    g.automa.card = -1


cdef int automa_turn(GameState* g) noexcept nogil:
    """Play (or resume) the Automa's turn: ATR_DONE when over, ATR_COMBAT for a pending attack."""
    cdef AutomaState* a = &g.automa
    cdef const AutomaRow* row
    cdef int i, r
    if a_over(g):
        a_end_turn(g)
        return ATR_DONE
    if a.stage == AST_IDLE:
        # Stage 1: draw a card onto the main discard, active scheme up.
        a.card = <int8_t>a_draw_card(g)
        a.main_discard[a.n_main_discard] = a.card
        a.n_main_discard += 1
        a.last_main_card = a.card
        a.turns += 1
        a.move_next = 0
        a.moved = 0
        a.move_blocked = 0
        a.combat_cell = -1
        a.combat_unit = -1
        if a.skip_turns and a_row(g).skip:
            # The whole turn is skipped: no move, reward, recruit bonus or tracker (I-3).
            emit(g, EV_AUTOMA_CARD, a.seat, a.card + 1, a.scheme + 1, 0, 0, 1)
            a.skipped_turns += 1
            a_end_turn(g)
            return ATR_DONE
        emit(g, EV_AUTOMA_CARD, a.seat, a.card + 1, a.scheme + 1, 0, 0, 0)
        a.stage = AST_MOVES
    if a.stage == AST_COMBAT:
        return ATR_COMBAT
    row = a_row(g)
    if a.stage == AST_MOVES:
        # Stage 2A (seed p.4-6): the leftmost valid symbol; with all_moves (Ultimaszyna,
        # optional rule 6) every valid symbol in turn, each done fully.
        while a.move_next < row.n_moves:
            i = a.move_next
            a.move_next += 1
            if row.move_faction[i] != AUTOMA_ANY_FACTION and row.move_faction[i] != g.p[a.seat].faction:
                continue
            r = a_try_symbol(g, row.move_kind[i], row.move_power[i])
            if a_over(g):
                a_end_turn(g)
                return ATR_DONE
            if r == 2:
                a.stage = AST_COMBAT
                return ATR_COMBAT
            if r == 3:
                break
            if r == 1 and not a.all_moves:
                break
        if not a.moved:
            emit(g, EV_AUTOMA_NO_MOVE, a.seat, 0, 0, 0, 0, a.move_blocked)
        a.stage = AST_REWARDS
    # Stage 2B, 2C, 3.
    a_rewards(g)
    if not a_over(g):
        a_recruit_bonus(g)
    if not a_over(g) and g.rules.automa.cards[a.card].star_advance:
        a_advance_tracker(g)
    a_end_turn(g)
    return ATR_DONE


cdef void automa_attack_resolved(GameState* g, bint automa_won) noexcept nogil:
    """After the combat of an Automa attack: its conquest effects, then the move row goes on."""
    cdef AutomaState* a = &g.automa
    cdef int c = a.combat_cell
    if a.stage != AST_COMBAT:
        return
    if automa_won:
        a.combats_won += 1
        # Seed p.11: the Automa attacked and won, so every resource there is removed; the
        # hero's after-effects apply once the combat is won (seed p.7; also with all moves,
        # as a human's encounter waits for a won combat).
        if c > 0:
            a_clear_resources(g, c)
        a_hero_after(g, a.combat_unit)
    if not a.all_moves:
        a.move_next = AUTOMA_MAX_MOVES
    a.stage = AST_MOVES
