# Layer: api. Uses: every layer below and ext/common/game_api.pxi (GameCore).
#
# The Python face of simsuite._rurik: `RurikRules` (the packed data one scenario plays with),
# `Game` (GameCore's decision interface plus what is Rurik's own: setup, the seat's view,
# redeal_hidden, results, labels and the readable log, and a position editor for rule tests).
# The position editor (set_*, start_turn, start_claim_phase) writes the state directly and does
# not check that the position could arise in play; `check_invariants` does.

GOOD_NAMES = ("wood", "ore", "fish", "honey", "fur")
ACTION_NAMES = ("muster", "move", "attack", "tax", "build", "scheme")
STRUCTURE_NAMES = ("church", "stronghold", "market")
TRACK_NAMES = ("rule", "build", "trade")
DECISION_NAMES = ("none", "agenda", "setup_troop", "setup_leader", "place", "bribe", "activate",
                  "reenter", "turn", "deck", "keep", "order", "pass_token", "market", "church",
                  "escort", "pay_good", "pay_troop", "pay_card", "pay_structure", "take_deed")
PHASE_NAMES = ("agenda", "setup_troops", "setup_leaders", "planning", "actions", "claim", "over",
               "test_done")
SCORE_NAMES = ("rule", "build", "trade", "warfare", "agenda", "deeds", "rebel_coins", "rebel_dock",
               "total", "regions_ruled", "coins")
RULE_FLAGS = ("income_round4", "claims_never_down", "warfare_requires_advance", "agenda_ties_share",
              "rule_check_after_removal", "church_places_without_removal",
              "solo_two_rebels_per_start_region", "solo_sviatopolk_card")
PRIORITY_NAMES = ("attack_move", "build", "tax")
REBEL_REWARD_KINDS = ("coins",) + GOOD_NAMES
VARIANTS = ("alternate_board", "alternate_rebel_rewards", "alternate_deed_row")


def _name_index(value, names, what):
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        if 0 <= int(value) < len(names):
            return int(value)
        raise ValueError(f"{what} {value} out of range 0..{len(names) - 1}")
    key = str(value).strip().lower()
    lowered = [n.lower() for n in names]
    if key in lowered:
        return lowered.index(key)
    raise ValueError(f"unknown {what} {value!r}; one of: {', '.join(names)}")


cdef class RurikRules:
    """The packed rules one scenario plays with: Rules(data=None, variants=(), **rule_flags)."""
    cdef Rules r
    cdef readonly dict packed
    cdef readonly tuple region_names, leader_names, deed_names, agenda_names, scheme_keys

    def __init__(self, data=None, variants=(), **flags):
        from simsuite.games.rurik.data import load_data, pack
        p = pack(data if data is not None else load_data())
        self.packed = p
        memset(&self.r, 0, sizeof(Rules))
        cdef int i, j, k, n
        for i in range(N_REGIONS):
            self.r.region_players[i] = p["region_players"][i]
            self.r.region_good[i] = p["region_good"][i]
            self.r.adj[i] = p["adjacency"][i]
        for n in range(1, MAX_SEATS + 1):
            icons, cost = p["sides"][n]
            self.r.rows[n] = len(icons)
            for i in range(len(icons)):
                for j in range(N_ACTIONS):
                    self.r.icons[n][i][j] = icons[i][j]
                    self.r.cost[n][i][j] = cost[i][j]
            table = p["rounds_four_players"] if n == 4 else p["rounds"]
            for i in range(N_ROUNDS):
                self.r.n_advisors[n][i] = len(table[i])
                for j, v in enumerate(table[i]):
                    self.r.advisors[n][i][j] = v
        for i in range(N_CLAIM_SPACES):
            self.r.claim_vp[i] = p["claim_vp"][i]
            self.r.claim_need[T_RULE][i] = p["claim_rule"][i]
            self.r.claim_need[T_BUILD][i] = p["claim_build"][i]
            self.r.claim_need[T_TRADE][i] = p["claim_trade"][i]
        self.r.rule_top_mask = p["rule_top_mask"]
        self.r.warfare_vp[0], self.r.warfare_vp[1] = p["warfare_vp"]
        for i in range(N_GOODS):
            self.r.boat[i] = p["boat"][i]
        self.r.start_coins = p["start_coins"]
        self.r.troops = p["troops"]
        self.r.structures_each = p["structures_each"]
        self.r.n_leaders = len(p["leader_ability"])
        for i, a in enumerate(p["leader_ability"]):
            self.r.leader_ability[i] = a
        self.r.n_deeds = len(p["deed_vp"])
        for i in range(self.r.n_deeds):
            self.r.deed_vp[i] = p["deed_vp"][i]
            self.r.deed_vp_provisional[i] = p["deed_vp_provisional"][i]
            for k in range(N_DEED_PAY):
                self.r.deed_pay[i][k] = p["deed_pay"][i][k]
            for k in range(N_DEED_NEED):
                self.r.deed_need[i][k] = p["deed_need"][i][k]
            for k in range(N_DEED_REWARD):
                self.r.deed_reward[i][k] = p["deed_reward"][i][k]
        self.r.n_schemes = len(p["scheme_cost"])
        for i in range(self.r.n_schemes):
            self.r.scheme_cost[i] = p["scheme_cost"][i]
            self.r.scheme_casualty[i] = p["scheme_casualty"][i]
            for k in range(N_SCHEME_REWARD):
                self.r.scheme_reward[i][k] = p["scheme_reward"][i][k]
        self.r.n_agendas = len(p["agenda_measure"])
        for i, a in enumerate(p["agenda_measure"]):
            self.r.agenda_measure[i] = a
        self.r.n_rebel_pool = len(p["rebel_pool"])
        for i, (kind, amount) in enumerate(p["rebel_pool"]):
            self.r.rebel_kind[i] = kind
            self.r.rebel_amount[i] = amount
        rules = dict(p["rules"])
        for key, value in flags.items():
            if key not in RULE_FLAGS:
                raise ValueError(f"unknown Rurik rule switch {key!r}; one of: {', '.join(RULE_FLAGS)}")
            rules[key] = bool(value)
        self.r.income_round4 = rules["income_round4"]
        self.r.claims_never_down = rules["claims_never_down"]
        self.r.warfare_requires_advance = rules["warfare_requires_advance"]
        self.r.agenda_ties_share = rules["agenda_ties_share"]
        self.r.rule_check_after_removal = rules["rule_check_after_removal"]
        self.r.church_places_without_removal = rules["church_places_without_removal"]
        self.r.solo_two_rebels_per_start_region = rules["solo_two_rebels_per_start_region"]
        self.r.solo_sviatopolk_card = rules["solo_sviatopolk_card"]
        self._pack_solo(p)
        for v in variants:
            if v not in VARIANTS:
                raise ValueError(f"unknown Rurik variant {v!r}; one of: {', '.join(VARIANTS)}")
        self.r.alternate_board = "alternate_board" in variants
        self.r.alternate_rebel_rewards = "alternate_rebel_rewards" in variants
        self.r.alternate_deed_row = "alternate_deed_row" in variants
        self.region_names = tuple(p["region_names"])
        self.leader_names = tuple(p["leader_names"])
        self.deed_names = tuple(p["deed_names"])
        self.agenda_names = tuple(p["agenda_names"])
        self.scheme_keys = tuple(p["scheme_keys"])

    def region(self, name):
        return _name_index(name, self.region_names, "region")

    def _pack_solo(self, p):
        cdef int lvl, c, k, i, a, b
        for lvl, mat in enumerate(p["solo_mats"], start=1):
            self.r.mat_start[lvl] = mat["start"]
            for c, cells in enumerate(mat["cells"]):
                self.r.mat_n[lvl][c] = len(cells)
                for k, (trig, bonus, locked) in enumerate(cells):
                    self.r.mat_trigger[lvl][c][k] = trig
                    self.r.mat_bonus[lvl][c][k] = bonus
                    self.r.mat_locked[lvl][c][k] = locked
        for i, card in enumerate(p["solo_cards"]):
            for k in range(8):
                self.r.rb_loc[i][k] = card["locations"][k]
            for c in range(N_PRIORITIES):
                for k in range(N_STRUCT):
                    self.r.rb_build[i][c][k] = card["build"][c][k]
                for k, (adv, action, coin) in enumerate(card["steps"][c]):
                    self.r.rb_adv[i][c][k] = adv
                    self.r.rb_action[i][c][k] = action
                    self.r.rb_coin[i][c][k] = coin
        # steps between regions of the 2-player map (the solo map), breadth first
        names = p["region_names"]
        self.r.kiev = p["kiev"]
        self.r.sviatopolk = p["sviatopolk"]
        small = [r for r in range(N_REGIONS) if p["region_players"][r] <= 2]
        for a in range(N_REGIONS):
            for b in range(N_REGIONS):
                self.r.dist2[a][b] = 99
        for a in small:
            dist = {a: 0}
            frontier = [a]
            while frontier:
                nxt = []
                for x in frontier:
                    for y in small:
                        if (p["adjacency"][x] >> y) & 1 and y not in dist:
                            dist[y] = dist[x] + 1
                            nxt.append(y)
                frontier = nxt
            for b, d in dist.items():
                self.r.dist2[a][b] = d


cdef class Game(GameCore):
    """One Rurik game played step by step: Game(rules, seed, n_players, leaders=None, log=True,
    solo_level=0). `leaders` lists each seat's leader by name or index (None entries are dealt
    at random); solo_level 1..4 plays seat 0 against the Rebels (seat 1)."""
    cdef readonly RurikRules rules

    def __init__(self, RurikRules rules, seed, int n_players, leaders=None, log=True, solo_level=0):
        cdef SetupArgs a
        if solo_level:
            if not 1 <= solo_level <= 4:
                raise UserError(f"solo difficulty is 1..4, not {solo_level}")
            n_players = 2
        elif not 2 <= n_players <= MAX_SEATS:
            raise UserError(f"Rurik plays with 2-4 players, not {n_players}")
        self.rules = rules
        a.n_players = n_players
        a.solo_level = solo_level
        leaders = list(leaders or [])
        for s in range(MAX_SEATS):
            v = leaders[s] if s < len(leaders) else None
            a.leader[s] = -1 if v is None else _name_index(v, rules.leader_names, "leader")
        err = self._setup(&a, int(seed) & 0xFFFFFFFFFFFFFFFF, log)
        if err:
            raise UserError(setup_error_message(err))

    cdef int _setup(self, const SetupArgs* a, uint64_t seed, bint log) except -1:
        # game_setup, then GameCore's start (the log sink and the first decision); 0 or the error
        cdef int err = game_setup(&self.g, &self.rules.r, seed, a)
        if err != SETUP_OK:
            return err
        self._start(log)
        return 0

    cdef int _clone_extra(self, GameCore copy) except -1:
        (<Game>copy).rules = self.rules
        return 0

    def __reduce__(self):
        raise TypeError("a Game does not pickle; replay it from (seed, decisions)")

    @property
    def phase(self):
        return PHASE_NAMES[self.g.phase]

    @property
    def turn(self):
        """Rounds played (4 at the end)."""
        return self.g.round + 1

    @property
    def end_reason(self):
        return "four_rounds" if self.g.phase == P_OVER else "not_over"

    def state(self):
        """The whole state as bytes (hidden information included; the pointers zeroed), for
        equality checks."""
        cdef GameState copy
        memcpy(&copy, &self.g, sizeof(GameState))
        copy.events = NULL
        copy.R = NULL
        return (<char*>&copy)[:sizeof(GameState)]

    def option_label(self, int opt):
        return option_label(self, DECISION_NAMES[self.g.decision], opt)

    # ------------------------------------------------------------ reading the position
    @property
    def n_players(self):
        return self.g.n_players

    @property
    def round(self):
        return self.g.round + 1

    @property
    def first_player(self):
        return self.g.first_player

    @property
    def token_holder(self):
        return self.g.token_holder

    @property
    def n_decisions(self):
        return self.g.n_decisions

    def regions_in_play(self):
        return [r for r in range(N_REGIONS) if (self.g.in_play >> r) & 1]

    def ruler(self, region):
        return ruler(&self.g, self.rules.region(region))

    def strength(self, seat, region):
        return strength(&self.g, seat, self.rules.region(region))

    def claim_metric(self, seat, track):
        return claim_metric(&self.g, seat, _name_index(track, TRACK_NAMES, "track"))

    def region_state(self, region):
        r = self.rules.region(region)
        return {
            "troops": [self.g.troops[s][r] for s in range(self.g.n_players)],
            "leaders": [s for s in range(self.g.n_players) if self.g.leader_region[s] == r],
            "rebels": self.g.rebels[r],
            "structures": {STRUCTURE_NAMES[k]: (None if self.g.struct_owner[r][k] < 0 else self.g.struct_owner[r][k])
                           for k in range(N_STRUCT)},
            "good": GOOD_NAMES[self.g.good_type[r]], "good_present": bool(self.g.good_present[r]),
            "neutral": self.g.neutral[r],
            # the reward of the rebel standing there (public: printed on its token), or None
            "rebel_reward": (None if self.g.rebel_reward[r] < 0 else
                             (REBEL_REWARD_KINDS[self.rules.r.rebel_kind[self.g.rebel_reward[r]]],
                              self.rules.r.rebel_amount[self.g.rebel_reward[r]])),
        }

    def player(self, seat):
        s = seat
        return {
            "leader": self.rules.leader_names[self.g.leader[s]],
            "leader_region": self.g.leader_region[s],
            "supply": self.g.supply[s],
            "coins": self.g.coins[s],
            "goods": {GOOD_NAMES[k]: self.g.goods[s][k] for k in range(N_GOODS)},
            "boat": boat_goods(&self.g, s),
            "claims": {TRACK_NAMES[t]: self.g.claim[s][t] for t in range(N_TRACKS)},
            "warfare": self.g.warfare[s],
            "agenda": None if self.g.agenda[s] < 0 else self.rules.agenda_names[self.g.agenda[s]],
            "hand": [c for c in range(MAX_SCHEMES) if (self.g.hand[s] >> c) & 1],
            "deeds_owned": [d for d in range(MAX_DEEDS) if (self.g.deeds_owned[s] >> d) & 1],
            "deeds_done": [d for d in range(MAX_DEEDS) if (self.g.deeds_done[s] >> d) & 1],
            "rebels_defeated": self.g.rebels_defeated[s],
            "structures_left": [self.g.struct_supply[s][k] for k in range(N_STRUCT)],
            "exchange_used": [self.g.exchange_used[s][0], self.g.exchange_used[s][1]],
            "pool": {ACTION_NAMES[k]: self.g.pool[k] for k in range(5)} | {"sword_minus": self.g.pool[POOL_SWORD_MINUS], "anywhere": self.g.anywhere_moves},
        }

    @property
    def solo_level(self):
        return self.g.solo_level

    def rebels_state(self):
        """Solo: the Rebels' priority, mat coins still locking spaces, the Rebel deck (bottom first)."""
        return {"priority": PRIORITY_NAMES[self.g.priority],
                "mat_coins": [[self.g.mat_coin[c][k] for k in range(self.rules.r.mat_n[self.g.solo_level][c])]
                              for c in range(N_PRIORITIES)] if self.g.solo_level else [],
                "deck": [self.g.rb_deck[i] + 1 for i in range(N_REBEL_CARDS)]}

    def set_priority(self, priority):
        self.g.priority = _name_index(priority, PRIORITY_NAMES, "priority")

    def set_rebel_deck(self, numbers):
        """Solo: the Rebel deck as card numbers 1..18, bottom card first (the top card last)."""
        for i, c in enumerate(numbers):
            self.g.rb_deck[i] = c - 1

    def set_neutral(self, region, n):
        self.g.neutral[self.rules.region(region)] = n

    def unlock_all(self, locked=False):
        """Solo: open (or lock) every bonus space of the Rebels' mat."""
        for c in range(N_PRIORITIES):
            for k in range(MAX_MAT_SPACES):
                self.g.mat_coin[c][k] = 1 if locked else 0

    def rebel_turn(self, action, row=0):
        """Solo: the Rebels' next turn with their only advisor on (action column, row); the game
        stops when it ends (phase 'test_done')."""
        col = _name_index(action, ACTION_NAMES, "action")
        self.g.phase = P_ACTIONS
        self.g.n_tasks = 0
        self.g.test_single_turn = True
        for c in range(N_ACTIONS):
            for k in range(MAX_ROWS):
                self.g.slot_seat[c][k] = -1
        self.g.slot_seat[col][row] = REBELS
        self.g.slot_val[col][row] = 1
        self.g.slot_bribe[col][row] = 0
        self.g.decision = D_NONE
        rebel_turn(&self.g)
        self.n_opts = game_advance(&self.g, self.buf)

    def strategy_board(self):
        """{column: [(seat, advisor, bribe) top first]} of the advisors on the board."""
        out = {}
        for c in range(N_ACTIONS):
            out[ACTION_NAMES[c]] = [(self.g.slot_seat[c][k], self.g.slot_val[c][k], self.g.slot_bribe[c][k])
                                   for k in range(self.rules.r.rows[self.g.n_players]) if self.g.slot_seat[c][k] >= 0]
        return out

    def decks(self):
        return ([self.g.deck[0][i] for i in range(self.g.deck_n[0])],
                [self.g.deck[1][i] for i in range(self.g.deck_n[1])],
                [self.g.discard[i] for i in range(self.g.discard_n)])

    def deed_row(self):
        return [self.g.deed_row[i] for i in range(DEED_ROW) if self.g.deed_row[i] >= 0]

    def observation(self, seat):
        """What `seat` may see: the board, tracks and every player's public pieces; its own hand,
        agenda and deeds; of the others only their hand sizes (agendas stay hidden); the scheme
        cards it returned on top of a deck; in solo the Rebels' face-up deck and mat."""
        view = {
            "seat": seat, "round": self.round, "phase": self.phase, "first_player": self.g.first_player,
            "token_holder": self.g.token_holder,
            "regions": [self.region_state(r) for r in self.regions_in_play()],
            "board": self.strategy_board(), "deed_row": self.deed_row(),
            "deck_sizes": [self.g.deck_n[0], self.g.deck_n[1]], "discard": self.decks()[2],
            # the top cards of each deck this seat returned there itself (top last)
            "known_top": [[self.g.deck[d][i] for i in range(self.g.deck_n[d] - self.g.known_top[seat][d], self.g.deck_n[d])]
                          for d in range(2)],
            "players": [],
        }
        if self.g.solo_level:
            view["rebels"] = self.rebels_state()     # their deck is face up, their mat public
        for s in range(self.g.n_players):
            p = self.player(s)
            if s != seat:
                p["hand"] = len(p["hand"])
                p["agenda"] = None
            view["players"].append(p)
        return view

    def scores(self):
        """Per seat: score components, rank (1 = winner; equal ranks share) and tie-breakers."""
        cdef int32_t sc[MAX_SEATS][N_SCORE]
        cdef int8_t rank[MAX_SEATS]
        final_scores(&self.g, sc)
        final_ranks(sc, self.g.n_players, rank)
        return [{**{SCORE_NAMES[k]: sc[s][k] for k in range(N_SCORE)}, "rank": rank[s]}
                for s in range(self.g.n_players)]

    def result(self):
        """The result as plain values: score, rank, leader and components per seat."""
        per = self.scores()
        return {"end_reason": self.end_reason, "rounds": self.turn,
                "score": [p["total"] for p in per], "rank": [p["rank"] for p in per],
                "leader": [self.rules.leader_names[self.g.leader[s]] for s in range(self.g.n_players)],
                "components": [{k: p[k] for k in COMPONENT_NAMES} for p in per],
                "solo_level": self.g.solo_level}

    def events(self):
        """Readable lines of everything recorded so far (every decision and forced step)."""
        return [event_text(self, e) for e in self._raw]

    def redeal_hidden(self, int seat, seed):
        """A copy in which everything `seat` cannot see is dealt afresh, consistently with its
        view: the other seats' scheme hands (same sizes), both scheme decks except the cards it
        returned on top itself (same sizes), cards another seat is drawing, the other seats'
        agenda offers and kept agendas, the deed deck's order, the alternate rebel-reward stack
        and the chance stream."""
        import random
        cdef Game c = self.clone()
        cdef GameState* g = &c.g
        cdef int s, d, i, k
        rnd = random.Random(int(seed))
        n = g.n_players
        # scheme cards: pool the unseen ones, deal them back into the same places
        keep_drawn = g.decider == seat or g.n_drawn == 0
        pool = []
        for s in range(n):
            if s != seat:
                pool += [k for k in range(self.rules.r.n_schemes) if (g.hand[s] >> k) & 1]
        for d in range(2):
            pool += [g.deck[d][i] for i in range(g.deck_n[d] - g.known_top[seat][d])]
        if not keep_drawn:
            pool += [g.drawn[i] for i in range(g.n_drawn)]
        rnd.shuffle(pool)
        for s in range(n):
            if s != seat:
                k = bit_count(g.hand[s])
                g.hand[s] = 0
                for _ in range(k):
                    g.hand[s] |= <uint32_t>(1u << pool.pop())
        for d in range(2):
            for i in range(g.deck_n[d] - g.known_top[seat][d]):
                g.deck[d][i] = pool.pop()
        if not keep_drawn:
            for i in range(g.n_drawn):
                g.drawn[i] = pool.pop()
        # agendas: the other seats' offers come from those this seat was not offered
        mine = {g.agenda_offer[seat][0], g.agenda_offer[seat][1]}
        if not (g.solo_level and seat == 0):
            rest = [a for a in range(self.rules.r.n_agendas) if a not in mine]
            rnd.shuffle(rest)
            for s in range(n):
                if s == seat or (g.solo_level and s == REBELS):
                    continue
                kept = 0 if g.agenda[s] == g.agenda_offer[s][0] else 1
                g.agenda_offer[s][0] = rest.pop()
                g.agenda_offer[s][1] = rest.pop()
                if g.agenda[s] >= 0:
                    g.agenda[s] = g.agenda_offer[s][kept]
        order = [g.deed_deck[i] for i in range(g.deed_deck_n)]
        rnd.shuffle(order)
        for i, d in enumerate(order):
            g.deed_deck[i] = d
        order = [g.rebel_stack[i] for i in range(g.rebel_stack_n)]
        rnd.shuffle(order)
        for i, d in enumerate(order):
            g.rebel_stack[i] = d
        rng_seed(&g.rng, derive_seed(int(seed) & 0xFFFFFFFFFFFFFFFF, 0x5EED))
        return c

    def check_invariants(self):
        """Raise AssertionError naming the first broken conservation or range rule."""
        cdef int info[4]
        cdef int code = game_check(&self.g, info)
        if code:
            raise AssertionError(INVARIANT_MESSAGES[code].format(info[0], info[1], info[2], info[3]))

    # ------------------------------------------------------------ position editor (rule tests)
    def set_units(self, seat, region, troops=None, leader=None):
        r = self.rules.region(region)
        if troops is not None:
            self.g.supply[seat] += self.g.troops[seat][r] - troops
            self.g.troops[seat][r] = troops
        if leader is True:
            self.g.leader_region[seat] = r
        elif leader is False and self.g.leader_region[seat] == r:
            self.g.leader_region[seat] = -1

    def clear_board(self):
        """Every troop and leader back to supply, no rebels, structures or dealt goods on the board."""
        for s in range(self.g.n_players):
            for r in range(N_REGIONS):
                self.g.supply[s] += self.g.troops[s][r]
                self.g.troops[s][r] = 0
            self.g.leader_region[s] = -1
        for r in range(N_REGIONS):
            self.g.rebels[r] = 0
            self.g.neutral[r] = 0
            self.g.rebel_reward[r] = -1
            for k in range(N_STRUCT):
                if self.g.struct_owner[r][k] >= 0:
                    self.g.struct_supply[self.g.struct_owner[r][k]][k] += 1
                self.g.struct_owner[r][k] = -1

    def set_rebels(self, region, n, reward=None):
        """`reward`: a (kind, amount) such as ("coins", 2) or ("fish", 1) for the rebel there."""
        r = self.rules.region(region)
        self.g.rebels[r] = n
        if reward is not None:
            kind = 0 if reward[0] == "coins" else 1 + _name_index(reward[0], GOOD_NAMES, "good")
            for i in range(self.rules.r.n_rebel_pool):
                if self.rules.r.rebel_kind[i] == kind and self.rules.r.rebel_amount[i] == reward[1]:
                    self.g.rebel_reward[r] = i
                    break
            else:
                raise ValueError(f"no rebel reward {reward} in rebels.toml")

    def set_structure(self, region, kind, owner):
        r = self.rules.region(region)
        k = _name_index(kind, STRUCTURE_NAMES, "structure")
        if self.g.struct_owner[r][k] >= 0:
            self.g.struct_supply[self.g.struct_owner[r][k]][k] += 1
        self.g.struct_owner[r][k] = -1 if owner is None else owner
        if owner is not None:
            self.g.struct_supply[owner][k] -= 1

    def set_region_good(self, region, present=True, good=None):
        r = self.rules.region(region)
        self.g.good_present[r] = 1 if present else 0
        if good is not None:
            self.g.good_type[r] = _name_index(good, GOOD_NAMES, "good")

    def set_player(self, seat, coins=None, goods=None, hand=None, warfare=None, claims=None,
                   agenda=None, rebels_defeated=None, deeds=None, deeds_done=None):
        if coins is not None:
            self.g.coins[seat] = coins
        if goods is not None:
            for k in range(N_GOODS):
                self.g.goods[seat][k] = goods.get(GOOD_NAMES[k], 0)
        if hand is not None:
            self.g.hand[seat] = sum(1 << c for c in hand)
        if warfare is not None:
            self.g.warfare[seat] = warfare
        if claims is not None:
            for t, v in claims.items():
                self.g.claim[seat][_name_index(t, TRACK_NAMES, "track")] = v
        if agenda is not None:
            self.g.agenda[seat] = _name_index(agenda, self.rules.agenda_names, "agenda")
        if rebels_defeated is not None:
            self.g.rebels_defeated[seat] = rebels_defeated
        if deeds is not None:
            self.g.deeds_owned[seat] = sum(1 << _name_index(d, self.rules.deed_names, "deed") for d in deeds)
        if deeds_done is not None:
            self.g.deeds_done[seat] = sum(1 << _name_index(d, self.rules.deed_names, "deed") for d in deeds_done)

    def set_deck(self, d, cards):
        """Deck d (0/1) holds `cards` bottom first (the last one is on top)."""
        self.g.deck_n[d] = len(cards)
        for i, c in enumerate(cards):
            self.g.deck[d][i] = c

    def set_discard(self, cards):
        self.g.discard_n = len(cards)
        for i, c in enumerate(cards):
            self.g.discard[i] = c

    def set_token_holder(self, seat):
        self.g.token_holder = seat

    def set_round(self, rnd):
        self.g.round = rnd - 1

    def start_turn(self, seat, action, row=0, advisor=1):
        """Play one turn of `seat` with its advisor on (action column, row); the game stops when the
        turn ends (phase 'test_done')."""
        col = _name_index(action, ACTION_NAMES, "action")
        self.g.phase = P_ACTIONS
        self.g.n_tasks = 0
        self.g.test_single_turn = True
        self.g.act_seat = seat
        for c in range(N_ACTIONS):
            for k in range(MAX_ROWS):
                self.g.slot_seat[c][k] = -1
        self.g.decision = D_NONE
        activate(&self.g, col, row)
        self.n_opts = game_advance(&self.g, self.buf)

    def start_planning(self, first_player=0, rnd=1):
        """A fresh planning phase of round `rnd` with `first_player` to place first."""
        self.g.round = rnd - 1
        self.g.first_player = first_player
        self.g.n_tasks = 0
        self.g.decision = D_NONE
        self.g.test_single_turn = False
        begin_round(&self.g)
        self.n_opts = game_advance(&self.g, self.buf)

    def start_claim_phase(self, rnd=1):
        self.g.round = rnd - 1
        self.g.phase = P_CLAIM
        self.g.step = 0
        self.g.n_tasks = 0
        self.g.decision = D_NONE
        self.g.test_single_turn = False
        self.n_opts = game_advance(&self.g, self.buf)


def option_label(Game game, decision, int opt):
    R = game.rules
    names = R.region_names
    if decision == "turn":
        if opt == OPT_END: return "end turn"
        if opt == OPT_MAIN: return "begin the main action"
        if opt == OPT_FORFEIT: return "forfeit the action for 1 coin"
        if opt == OPT_FINISH: return "finish the main action"
        if opt < OPT_DEED: return f"play scheme card {R.scheme_keys[opt - OPT_CARD]}"
        if opt < OPT_EXCHANGE: return f"accomplish deed {R.deed_names[opt - OPT_DEED]}"
        if opt < OPT_MUSTER:
            x = opt - OPT_EXCHANGE
            return f"exchange {GOOD_NAMES[(x // 5) % 5]} + {GOOD_NAMES[x % 5]} for a {('hammer', 'helmet')[x // 25]}"
        if opt < OPT_MUSTER_LEADER: return f"muster a troop in {names[opt - OPT_MUSTER]}"
        if opt < OPT_LEVY: return f"muster the leader in {names[opt - OPT_MUSTER_LEADER]}"
        if opt == OPT_LEVY: return "muster a troop with a sword (Sudislav)"
        if opt < OPT_MOVE_LEADER:
            x = opt - OPT_MOVE
            return f"move a troop {names[x // 16]} -> {names[x % 16]}"
        if opt < OPT_ANYWHERE: return f"move the leader to {names[opt - OPT_MOVE_LEADER]}"
        if opt < OPT_ANYWHERE_LEADER:
            x = opt - OPT_ANYWHERE
            return f"move a troop anywhere {names[x // 16]} -> {names[x % 16]}"
        if opt < OPT_ATTACK: return f"move the leader anywhere to {names[opt - OPT_ANYWHERE_LEADER]}"
        if opt < OPT_TAX:
            x = opt - (OPT_ATTACK if opt < OPT_ATTACK_MINUS else OPT_ATTACK_MINUS)
            who = "a rebel" if x % 8 == MAX_SEATS else ("a neutral troop" if x % 8 == NEUTRAL else f"seat {x % 8}")
            return f"attack {who} in {names[x // 8]}" + (" (1 card fewer)" if opt >= OPT_ATTACK_MINUS else "")
        if opt < OPT_BUILD: return f"tax {names[opt - OPT_TAX]}"
        if opt < OPT_DIPLOMAT:
            x = opt - OPT_BUILD
            return f"build a {STRUCTURE_NAMES[x % 4]} in {names[x // 4]}"
        x = opt - OPT_DIPLOMAT
        return f"move seat {(x // 16) // 2}'s {'leader' if (x // 16) % 2 else 'troop'} to {names[x % 16]} (Predslava)"
    if decision == "place": return f"advisor {opt // 8} to {ACTION_NAMES[opt % 8]}"
    if decision == "bribe": return f"bribe {opt} coins"
    if decision == "activate": return f"activate the advisor in {ACTION_NAMES[opt // 4]} row {opt % 4 + 1}"
    if decision == "agenda": return f"keep agenda {R.agenda_names[opt]}"
    if decision in ("setup_troop", "setup_leader"): return names[opt]
    if decision == "reenter": return "decline" if opt == N_REGIONS else f"re-enter in {names[opt]}"
    if decision == "deck": return f"scheme deck {opt + 1}"
    if decision in ("keep", "order", "pay_card"): return f"scheme card {R.scheme_keys[opt]}"
    if decision == "pass_token": return f"first-player token to seat {opt}"
    if decision == "market": return ("an extra good", "a coin")[opt]
    if decision == "church": return {MAX_SEATS: "a rebel", NEUTRAL: "a neutral troop"}.get(opt, f"a troop of seat {opt}")
    if decision == "escort": return f"{opt} troops with Agatha"
    if decision == "pay_good": return GOOD_NAMES[opt]
    if decision == "pay_troop": return f"{'the leader' if opt % 2 else 'a troop'} in {names[opt // 2]}"
    if decision == "pay_structure": return f"{STRUCTURE_NAMES[opt % 4]} in {names[opt // 4]}"
    if decision == "take_deed": return R.deed_names[opt]
    return str(opt)


EVENT_FORMATS = {
    EV_ROUND: "round {a} begins", EV_PLACE: "{who} places advisor {a} in {col_b} (bribe {c})",
    EV_ACTIVATE: "{who} activates its advisor in {col_a}", EV_FORFEIT: "{who} forfeits for 1 coin",
    EV_MUSTER: "{who} musters in {reg_a}", EV_MOVE: "{who} moves {reg_a} -> {reg_b}",
    EV_REBEL: "{who} defeats a rebel in {reg_a}", EV_ATTACK: "{who} attacks {target_b} in {reg_a}",
    EV_CASUALTY: "{who} reveals {b} cards in {reg_a}: casualty {c}", EV_TAX: "{who} taxes {reg_a}",
    EV_BUILD: "{who} builds a {struct_b} in {reg_a}", EV_CHURCH: "{who}'s church in {reg_a} removes {target_b}",
    EV_CARD: "{who} plays scheme card {card_a}", EV_DEED: "{who} accomplishes {deed_a}",
    EV_EXCHANGE: "{who} exchanges {good_b} + {good_c} (token {a})",
    EV_CLAIM: "{who} reaches space {b} of the {track_a} track",
    EV_INCOME: "{who} gains {a} coins income", EV_TAKE_DEED: "{who} takes the deed {deed_a}",
    EV_PASS_TOKEN: "{who} gives the first-player token to seat {a}",
    EV_MARKET: "{who}'s market in {reg_a} gives {market_b}",
    EV_DIPLOMAT: "{who} (Predslava) moves a troop of seat {a} from {reg_b} to {reg_c}",
    EV_DRAW: "{who} draws {b} cards from deck {a}", EV_MAIN: "{who} begins {col_a} with {icons_b}",
    EV_GAME_END: "the game ends", EV_REENTER: "{who} re-enters in {reg_a}",
    EV_AGENDA: "{who} keeps the secret agenda {agenda_a}", EV_SETUP_TROOP: "{who} places a troop in {reg_a}",
    EV_SETUP_LEADER: "{who} places its leader in {reg_a}",
}


def event_text(Game game, e):
    kind, s, _flag, a, b, c, _d = e
    R = game.rules
    names = R.region_names
    fields = {"s": s, "a": a, "b": b, "c": c,
              # the Rebels are one side: "the Rebel side places", like "seat 1 places"
              "who": "the Rebel side" if game.g.solo_level and s == REBELS else f"seat {s}",
              "icons_b": f"{b} icon" if b == 1 else f"{b} icons",
              "reg_a": names[a] if 0 <= a < N_REGIONS else a, "reg_b": names[b] if 0 <= b < N_REGIONS else b,
              "col_a": ACTION_NAMES[a] if 0 <= a < N_ACTIONS else a, "col_b": ACTION_NAMES[b] if 0 <= b < N_ACTIONS else b,
              "struct_b": STRUCTURE_NAMES[b] if 0 <= b < N_STRUCT else b,
              "reg_c": names[c] if 0 <= c < N_REGIONS else c,
              "card_a": R.scheme_keys[a] if 0 <= a < len(R.scheme_keys) else a,
              "deed_a": R.deed_names[a] if 0 <= a < len(R.deed_names) else a,
              "agenda_a": R.agenda_names[a] if 0 <= a < len(R.agenda_names) else a,
              "track_a": TRACK_NAMES[a] if 0 <= a < N_TRACKS else a,
              "good_b": GOOD_NAMES[b] if 0 <= b < N_GOODS else b, "good_c": GOOD_NAMES[c] if 0 <= c < N_GOODS else c,
              "market_b": ("a good", "a coin")[b] if b in (0, 1) else b,
              "target_b": {MAX_SEATS: "a rebel", NEUTRAL: "a neutral troop"}.get(
                  b, "the Rebels" if game.g.solo_level and b == REBELS else f"seat {b}")}
    return EVENT_FORMATS.get(kind, "event {a} {b} {c}").format(**fields)
