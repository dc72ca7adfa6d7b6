# Layer: api. Uses: every layer above, common/game_api.pxi (GameCore).
#
# The Python side of the core: SettlersRules (the packed card data and rule switches of one
# scenario) and Game (one game step by step: labels, the readable log, each seat's view, the
# result, hidden information dealt afresh, and the position editing the rule tests use).

GOODS = ("wood", "stone", "food", "worker", "gold", "raze", "defence", "vp", "card",
         "common_card", "faction_card")
TOKENS = GOODS[:N_TOKENS]
FACTIONS = ("barbarians", "romans", "egyptians", "japanese")
COLOURS = ("black", "purple", "blue", "brown", "gold", "red", "pink", "grey")
TYPES = ("production", "feature", "action")
DECISION_NAMES = DECISIONS = ("none", "lookout_pick", "card_source", "action", "build_discard", "repeat_production",
             "pick_1_of_2", "production_choice", "trade_more", "use_other_action", "deal_again",
             "pay_deal", "pay_card", "settlers_build", "steal", "samurai_bonus", "solo_tie",
             "draft_pick", "target_location", "target_good", "target_deal", "foundation_card",
             "free_moves", "pay_gold", "build_deal", "hold")
PHASES = ("lookout", "production", "action", "cleanup", "attack", "over")
TRADES = ("wood", "stone", "food", "common card", "faction card")
LOOKOUTS = {"normal": LOOK_NORMAL, "alternative": LOOK_ALTERNATIVE, "advanced": LOOK_ADVANCED}
SETUP_ERRORS = {SETUP_BAD_PLAYERS: "1 to 4 players", SETUP_BAD_FACTION: "unknown faction",
                SETUP_SAME_FACTION: "each faction at most once",
                SETUP_BAD_VARIANT: "unknown lookout variant"}

_KIND_ARRAYS = ("cost", "raze", "raze_icons", "prod", "bonus", "feat_gain", "act_pay", "act_gain")


cdef class SettlersRules:
    """The packed, read-only card data and rule switches one scenario plays with."""
    cdef Rules* r
    cdef public object names       # kind index -> card name
    cdef public object kind_ids    # kind index -> data entry key (e.g. "com008")
    cdef public object achievement # [(min score, title)], ascending

    def __cinit__(self):
        self.r = <Rules*>calloc(1, sizeof(Rules))

    def __dealloc__(self):
        free(self.r)

    def __init__(self, packed, lookout="normal", peaceful=False):
        cdef int i, j, g
        cdef Kind* k
        kinds = packed["kinds"]
        if len(kinds) > MAX_KINDS or len(packed["card_kind"]) > MAX_CARDS:
            raise ValueError("too many cards for the compiled core")
        if lookout not in LOOKOUTS:
            raise ValueError(f"lookout must be one of {', '.join(LOOKOUTS)}")
        self.r.n_kinds = len(kinds)
        self.names = [kd["name"] for kd in kinds]
        self.kind_ids = [kd["key"] for kd in kinds]
        for i, kd in enumerate(kinds):
            k = &self.r.kind[i]
            for field in ("deck", "type", "colours", "cost_location", "can_raze", "n_raze_icons",
                          "deal_good", "deal_n", "vp", "prod_per_count", "prod_per_good",
                          "prod_per_max", "prod_op", "bonus_per_count", "bonus_per_good",
                          "bonus_per_max", "build_op", "feat_when", "feat_count", "act_pay_deal",
                          "act_uses", "act_op", "hold", "hold_vp", "hold_every", "hold_max",
                          "hold_returns", "provisional"):
                _set_kind_scalar(k, field, int(kd[field]))
            for field in _KIND_ARRAYS:
                vals = kd[field]
                for j in range(len(vals)):
                    _set_kind_array(k, field, j, int(vals[j]))
            for j in range(2):
                for g in range(N_GOODS):
                    k.prod_choice[j][g] = kd["prod_choice"][j][g]
        self.r.n_cards = len(packed["card_kind"])
        for i, v in enumerate(packed["card_kind"]):
            self.r.card_kind[i] = v
        for d, cards in enumerate(packed["deck_cards"]):
            self.r.deck_size[d] = len(cards)
            for i, c in enumerate(cards):
                self.r.deck_cards[d][i] = c
        for f in range(N_FACTIONS):
            for g in range(N_TOKENS):
                self.r.board[f][g] = packed["board"][f][g]
            self.r.keeps[f] = packed["keeps"][f]
            self.r.razeable_cards[f] = packed["razeable_cards"][f]
            self.r.samurai[f] = packed["samurai"][f]
        self.r.n_attack = len(packed["attack_goods"])
        for i, g in enumerate(packed["attack_goods"]):
            self.r.attack_good[i] = g
        self.r.attack_provisional = packed["attack_provisional"]
        self.r.attacks_per_round = packed["attacks_per_round"]
        c = packed["rules"]
        self.r.rounds = c["rounds"]
        self.r.start_common = c["start_common_cards"]
        self.r.start_faction = c["start_faction_cards"]
        self.r.deal_food = c["deal_food"]
        self.r.raze_hand = c["raze_hand_tokens"]
        self.r.raze_loc = c["raze_location_tokens"]
        self.r.trade_workers = c["trade_workers"]
        self.r.foundation_wood = c["foundation_wood"]
        self.r.capture_tokens = c["capture_tokens"]
        self.r.lookout = LOOKOUTS[lookout]
        self.r.peaceful = bool(peaceful)
        self.achievement = list(packed["achievement"])

    def kind_index(self, key):
        """Kind index of a data entry key ("com008") or a card name ("Quarry")."""
        if key in self.kind_ids:
            return self.kind_ids.index(key)
        if key in self.names:
            return self.names.index(key)
        raise KeyError(key)

    def kind_of_card(self, int card):
        return self.r.card_kind[card]

    @property
    def n_cards(self):
        return self.r.n_cards


cdef void _set_kind_scalar(Kind* k, str field, int v):
    if field == "deck": k.deck = v
    elif field == "type": k.type = v
    elif field == "colours": k.colours = v
    elif field == "cost_location": k.cost_location = v
    elif field == "can_raze": k.can_raze = v
    elif field == "n_raze_icons": k.n_raze_icons = v
    elif field == "deal_good": k.deal_good = v
    elif field == "deal_n": k.deal_n = v
    elif field == "vp": k.vp = v
    elif field == "prod_per_count": k.prod_per_count = v
    elif field == "prod_per_good": k.prod_per_good = v
    elif field == "prod_per_max": k.prod_per_max = v
    elif field == "prod_op": k.prod_op = v
    elif field == "bonus_per_count": k.bonus_per_count = v
    elif field == "bonus_per_good": k.bonus_per_good = v
    elif field == "bonus_per_max": k.bonus_per_max = v
    elif field == "build_op": k.build_op = v
    elif field == "feat_when": k.feat_when = v
    elif field == "feat_count": k.feat_count = v
    elif field == "act_pay_deal": k.act_pay_deal = v
    elif field == "act_uses": k.act_uses = v
    elif field == "act_op": k.act_op = v
    elif field == "hold": k.hold = v
    elif field == "hold_vp": k.hold_vp = v
    elif field == "hold_every": k.hold_every = v
    elif field == "hold_max": k.hold_max = v
    elif field == "hold_returns": k.hold_returns = v
    elif field == "provisional": k.provisional = v
    else:
        raise KeyError(field)


cdef void _set_kind_array(Kind* k, str field, int j, int v):
    if field == "cost": k.cost[j] = v
    elif field == "raze": k.raze[j] = v
    elif field == "raze_icons": k.raze_icons[j] = v
    elif field == "prod": k.prod[j] = v
    elif field == "bonus": k.bonus[j] = v
    elif field == "feat_gain": k.feat_gain[j] = v
    elif field == "act_pay": k.act_pay[j] = v
    elif field == "act_gain": k.act_gain[j] = v
    else:
        raise KeyError(field)


def _faction_index(f):
    if isinstance(f, str):
        if f not in FACTIONS:
            raise ValueError(f"unknown faction {f!r}; valid: {', '.join(FACTIONS)}")
        return FACTIONS.index(f)
    return int(f)


cdef class Game(GameCore):
    """One game of Imperial Settlers, step by step (the decision interface is GameCore's).

    Game(rules, seed, factions, log=True): factions by seat (names or indices; one faction
    is the solo game)."""
    cdef public SettlersRules rules

    def __init__(self, SettlersRules rules, uint64_t seed, factions, log=True):
        cdef SetupArgs args
        self.rules = rules
        fl = [_faction_index(f) for f in factions]
        if not 1 <= len(fl) <= MAX_SEATS:
            raise ValueError("1 to 4 factions")
        args.n_players = len(fl)
        for i, f in enumerate(fl):
            args.factions[i] = f
        self._want_log(log)              # the setup's events go to the log too
        err = game_setup(&self.g, <const Rules*>rules.r, seed, &args)
        if err:
            raise ValueError(f"setup: {SETUP_ERRORS.get(err, err)}")
        self._start(log)

    cdef int _clone_extra(self, GameCore copy) except -1:
        (<Game>copy).rules = self.rules
        return 0

    def state_bytes(self):
        """The raw state (without the pointers), for comparing positions."""
        cdef GameState copy
        memcpy(&copy, &self.g, sizeof(GameState))
        copy.rules = NULL
        copy.events = NULL
        return (<char*>&copy)[:sizeof(GameState)]

    @property
    def decision(self):
        return self.g.decision

    @property
    def round(self):
        return self.g.round

    @property
    def turn(self):
        """The round (Imperial Settlers is played in 5 rounds)."""
        return self.g.round

    @property
    def end_reason(self):
        return END_REASONS[0] if self.g.over else "not over"

    @property
    def phase(self):
        return PHASES[self.g.phase]

    @property
    def first_player(self):
        return self.g.first

    # ---------------------------------------------------------------- labels and log
    def card_name(self, int card):
        return self.rules.names[self.rules.r.card_kind[card]]

    def option_label(self, int o):
        cdef GameState* s = &self.g
        p = s.decider
        d = s.decision
        if d == D_CARD_SOURCE:
            return "draw from the " + ("common deck" if o == 0 else "faction deck")
        if d == D_LOOKOUT_PICK:
            return f"take {self.card_name(s.row[o])}"
        if d == D_PAY_GOLD:
            used = [(o >> (4 * r)) & 15 for r in range(3)]
            if not any(used):
                return "pay without gold"
            return "pay gold for " + ", ".join(f"{n} {GOODS[r]}" for r, n in enumerate(used) if n)
        if d == D_FREE_MOVES and o == 0:
            return "end the turn"
        if d == D_ACTION or d == D_FREE_MOVES:
            if o == OPT_PASS:
                return "pass"
            if o < OPT_DEAL:
                return f"build {self.card_name(s.pl[p].hand[o - OPT_BUILD])}"
            if o < OPT_RAZE_HAND:
                return f"deal with {self.card_name(s.pl[p].hand[o - OPT_DEAL])}"
            if o < OPT_RAZE_LOC:
                return f"raze {self.card_name(s.pl[p].hand[o - OPT_RAZE_HAND])} from hand"
            if o < OPT_ACT:
                t, i = divmod(o - OPT_RAZE_LOC, MAX_LOC)
                card = s.vloc[i] if s.solo else s.pl[t].loc[i].card
                return f"raze {self.card_name(card)} of seat {t}"
            if o < OPT_TRADE:
                i, c = divmod(o - OPT_ACT, 2)
                return f"use {self.card_name(s.pl[p].loc[i].card)}" + (" twice" if c else "")
            if o < OPT_DEFENCE:
                return f"trade 2 workers for {TRADES[o - OPT_TRADE]}"
            if o < OPT_SAMURAI:
                return f"defence token on {self.card_name(s.pl[p].loc[o - OPT_DEFENCE].card)}"
            if o < OPT_HOLD:
                return f"samurai on {self.card_name(s.pl[p].loc[o - OPT_SAMURAI].card)}"
            if o < OPT_ACT_CAPTURED:
                return f"put on {self.card_name(s.pl[p].loc[o - OPT_HOLD].card)} (slot {o - OPT_HOLD})"
            t, i = divmod(o - OPT_ACT_CAPTURED, MAX_LOC)
            return f"use captured {self.card_name(s.pl[t].loc[i].card)} of seat {t}"
        if d in (D_BUILD_DISCARD, D_REPEAT_PROD, D_USE_OTHER, D_SAMURAI_BONUS):
            l = s.pl[p].loc[o]
            return ("foundation" if l.foundation else self.card_name(l.card)) + f" (slot {o})"
        if d == D_TARGET_LOC:
            t, i = divmod(o, MAX_LOC)
            card = s.vloc[i] if (s.solo and t == 1) else s.pl[t].loc[i].card
            return f"{self.card_name(card)} of seat {t}"
        if d == D_TARGET_GOOD:
            return f"take 1 {GOODS[o]}"
        if d == D_TARGET_DEAL:
            t, i = divmod(o, MAX_DEALS)
            if i >= s.pl[t].n_deal:
                return f"trade route deal with {self.rules.names[s.pl[t].trade_kind[i - s.pl[t].n_deal]]} of seat {t}"
            return f"deal {self.card_name(s.pl[t].deal[i])} of seat {t}"
        if d == D_FOUNDATION_CARD:
            return f"{self.card_name(s.pl[p].hand[o])} as a foundation"
        if d == D_DRAFT_PICK:
            return f"keep {self.card_name(s.pl[p].pack[o])}"
        if d in (D_PICK_1_OF_2,):
            return f"keep {self.card_name(s.tmp[o])}"
        if d == D_SOLO_TIE:
            return f"lose {self.card_name(s.pl[0].loc[s.tmp[o]].card)}"
        if d == D_PROD_CHOICE:
            k = &s.rules.kind[s.task[s.n_task - 1].a]
            return "take " + " + ".join(f"{k.prod_choice[o][g]} {GOODS[g]}" for g in range(N_GOODS)
                                        if k.prod_choice[o][g])
        if d == D_TRADE_MORE:
            return "stop trading" if o == 0 else f"2 more workers for {TRADES[o - 1]}"
        if d in (D_DEAL_AGAIN, D_PAY_DEAL) and o >= s.pl[p].n_deal:
            return f"trade route deal with {self.rules.names[s.pl[p].trade_kind[o - s.pl[p].n_deal]]}"
        if d in (D_DEAL_AGAIN, D_PAY_DEAL, D_BUILD_DEAL):
            return f"deal {self.card_name(s.pl[p].deal[o])}"
        if d == D_HOLD:
            holder = s.pl[p].loc[s.task[s.n_task - 1].a].card
            if s.rules.kind[s.rules.card_kind[holder]].hold == HOLD_CARDS:
                return f"{self.card_name(s.pl[p].hand[o])} under {self.card_name(holder)}"
            return f"1 {GOODS[o]} on {self.card_name(holder)}"
        if d in (D_PAY_CARD, D_SETTLERS):
            return f"{self.card_name(s.pl[p].hand[o])} (hand {o})"
        if d == D_STEAL:
            return f"take 1 {GOODS[o % 3]} from seat {o // 3}"
        return str(o)

    def events(self):
        """The readable log so far, one line per event."""
        return [self._event_text(e) for e in self.raw_events()]

    def _event_text(self, e):
        kind, seat, flag, a, b, c, d = e
        who = f"seat {seat}"
        if kind == EV_ROUND:
            return f"round {a} (first player: seat {seat})"
        if kind == EV_PHASE:
            return f"{PHASES[a]} phase"
        if kind == EV_DRAW:
            return f"{who} draws {self.card_name(a)} ({'faction' if b else 'common'} deck)"
        if kind == EV_PICK:
            return f"{who} takes {self.card_name(a)}"
        if kind == EV_GAIN:
            return f"{who} gains {b} {GOODS[a]}"
        if kind == EV_SPEND:
            cost = ", ".join(f"{(a >> (4 * r)) & 15} {GOODS[r]}" for r in range(3) if (a >> (4 * r)) & 15)
            gold = sum((b >> (4 * r)) & 15 for r in range(3))
            return f"{who} pays {cost}" + (f" ({gold} of it in gold)" if gold else "")
        if kind == EV_BUILD:
            return f"{who} builds {self.card_name(a)}"
        if kind == EV_DEAL:
            return f"{who} makes a deal with {self.card_name(a)}"
        if kind == EV_RAZE_HAND:
            return f"{who} razes {self.card_name(a)} from hand"
        if kind == EV_RAZE_LOC:
            return f"{who} razes {self.card_name(a)} of seat {b}"
        if kind == EV_ACTIVATE:
            return f"{who} uses {self.card_name(a)}" + (f" x{c}" if c > 1 else "")
        if kind == EV_TRADE:
            return f"{who} trades 2 workers for {TRADES[a]}"
        if kind == EV_DEFENCE:
            return f"{who} puts a defence token on {self.card_name(b)}"
        if kind == EV_SAMURAI:
            return f"{who} puts a samurai on {self.card_name(b)}"
        if kind == EV_PASS:
            return f"{who} passes"
        if kind == EV_HOLD:
            what = self.card_name(b) if b >= 0 else f"1 {GOODS[c]}"
            return f"{who} puts {what} on {self.card_name(a)}"
        if kind == EV_CAPTURE:
            return f"{who} captures {self.card_name(b)} of seat {a}"
        if kind == EV_TAKE_DEAL:
            return f"{who} takes the deal {self.card_name(b)} of seat {a}"
        if kind == EV_TRADE_ROUTE:
            return f"{who} makes a trade route deal with {self.card_name(b)} of seat {a} ({GOODS[c]})"
        if kind == EV_DISCARD_LOC:
            if c:
                return f"{self.card_name(a)} of seat {seat} is removed"
            return f"{who} discards {'a foundation' if b else self.card_name(a)} to build"
        if kind == EV_CLEANUP:
            return f"{who} keeps {b} {GOODS[a]}" if a >= 0 else f"{who} cleans up"
        if kind == EV_SOLO_TAKE:
            return f"the virtual opponent takes {self.card_name(a)}"
        if kind == EV_ATTACK:
            return f"attack card revealed: {GOODS[a]}"
        if kind == EV_ATTACK_MISS:
            return "the attack finds no location to raze"
        if kind == EV_TROPHY:
            return f"{self.card_name(a)} goes to the virtual opponent's trophies"
        if kind == EV_STEAL:
            return f"{who} takes 1 {GOODS[b]} from seat {a}"
        if kind == EV_END:
            return "game over"
        if kind == EV_CANCEL_DEAL:
            if b < 0:       # a Trade Route deal: the kind of the location dealt with
                return f"{who} cancels the trade route deal with {self.rules.names[-1 - b]} of seat {a}"
            return f"{who} cancels the deal {self.card_name(b)} of seat {a}"
        if kind == EV_FOUNDATION:
            return f"{who} lays {self.card_name(a)} as a foundation"
        return str(e)

    # ---------------------------------------------------------------- views
    def player(self, int seat):
        """Everything about one seat (full information: for tests and debugging)."""
        cdef Player* pl = &self.g.pl[seat]
        return {
            "faction": FACTIONS[pl.faction],
            "tokens": {TOKENS[g]: pl.tok[g] for g in range(N_TOKENS)},
            "vp": pl.vp,
            "hand": [pl.hand[i] for i in range(pl.n_hand)],
            "locations": [dict(card=pl.loc[i].card, name=self.card_name(pl.loc[i].card),
                               foundation=bool(pl.loc[i].foundation), defence=pl.loc[i].defence,
                               samurai=pl.loc[i].samurai, used=pl.loc[i].used, held=pl.loc[i].held,
                               captured_by=pl.loc[i].captor - 1 if pl.loc[i].captor else None,
                               held_resources={TOKENS[g]: pl.loc[i].held_res[g] for g in range(3)})
                          for i in range(pl.n_loc)],
            "deals": [pl.deal[i] for i in range(pl.n_deal)],
            "trade_route_deals": [self.rules.names[pl.trade_kind[i]] for i in range(pl.n_trade)],
            "under_gates": [pl.under[i] for i in range(pl.n_under)],
            "faction_deck": pl.n_fdeck,
            "faction_discard": [pl.fdisc[i] for i in range(pl.n_fdisc)],
            "passed": bool(pl.passed),
            "played": pl.played,
            "played_provisional": pl.played_prov,
        }

    def observation(self, int seat):
        """What `seat` may see: own hand; the public empires, deals' goods and supplies;
        only the number of cards in the other hands and in the decks."""
        cdef GameState* s = &self.g
        others = []
        for q in range(s.n_players):
            d = self.player(q)
            view = {k: d[k] for k in ("faction", "tokens", "vp", "locations", "passed")}
            view["deal_goods"] = [GOODS[kind_of(s, c).deal_good] for c in d["deals"]]
            view["hand_size"] = len(d["hand"])
            view["faction_deck"] = d["faction_deck"]
            if q == seat:
                view["hand"] = d["hand"]
                view["draft_pack"] = [s.pl[q].pack[i] for i in range(s.pl[q].n_pack)]
                view["deals"] = d["deals"]
            others.append(view)
        return {
            "seat": seat, "round": s.round, "phase": PHASES[s.phase], "first": s.first,
            "players": others, "common_deck": s.n_cdeck, "common_discard": s.n_cdisc,
            "display": [s.row[i] for i in range(s.n_row)],
            "solo_opponent_locations": [s.vloc[i] for i in range(s.n_vloc)],
            "trophies": s.n_trophy,
            "attack_row": [GOODS[s.rules.attack_good[s.arow[i]]] for i in range(s.n_arow)],
            "decision": DECISIONS[s.decision] if s.decider == seat else None,
        }

    def result(self):
        """Per seat: score and its components, rank (1 = best; equal after every tie-breaker
        = shared), tie-breaker values; for solo also the win, trophies and title."""
        cdef GameState* s = &self.g
        seats = []
        for p in range(s.n_players):
            seats.append({
                "seat": p, "faction": FACTIONS[s.pl[p].faction],
                "score": final_score(s, p), "track_vp": s.pl[p].vp,
                "location_vp": location_vp(s, p),
                "common_locations": common_locations(s, p),
                "faction_locations": faction_locations(s, p),
                "tie_goods": tie_goods(s, p), "tie_hand": s.pl[p].n_hand,
                "played": s.pl[p].played, "played_provisional": s.pl[p].played_prov,
            })
        cdef int rank[MAX_SEATS]
        cdef int shared[MAX_SEATS]
        seat_ranks(s, rank, shared)
        for p, d in enumerate(seats):
            d["rank"] = rank[p]
            d["winner"] = rank[p] == 1
            d["shared"] = bool(shared[p])
        out = {"over": bool(s.over), "rounds": s.round, "end_reason": self.end_reason,
               "seats": seats, "score": [d["score"] for d in seats],
               "rank": [d["rank"] for d in seats],
               "provisional_share": provisional_share(seats)}
        if s.solo:
            won = bool(solo_won(s))
            out["solo_won"] = won
            out["trophies"] = s.n_trophy
            out["title"] = achievement_title(self.rules.achievement, seats[0]["score"]) if won else None
            out["attack_cards_provisional"] = bool(s.rules.attack_provisional)
        return out

    # ---------------------------------------------------------------- position editing (tests)
    def take_card(self, key):
        """Remove one physical card of entry `key` from wherever it waits (decks, discards,
        display) and return its id, so an edited position keeps every card exactly once."""
        cdef GameState* s = &self.g
        kind = self.rules.kind_index(key)
        c = _take_of_kind(s.cdeck, &s.n_cdeck, s.rules, kind)
        if c < 0:
            c = _take_of_kind(s.cdisc, &s.n_cdisc, s.rules, kind)
        if c < 0:
            c = _take_of_kind(s.row, &s.n_row, s.rules, kind)
        for p in range(s.n_players):
            if c < 0:
                c = _take_of_kind(s.pl[p].fdeck, &s.pl[p].n_fdeck, s.rules, kind)
            if c < 0:
                c = _take_of_kind(s.pl[p].fdisc, &s.pl[p].n_fdisc, s.rules, kind)
        if c >= 0:
            return c
        raise KeyError(f"no free copy of {key}")

    def give_card(self, int seat, key):
        """A copy of `key` into seat's hand; returns its hand index."""
        c = self.take_card(key)
        to_hand(&self.g, seat, c)
        return self.g.pl[seat].n_hand - 1

    def add_location(self, int seat, key, foundation=False, defence=0, samurai=0, used=0):
        """A copy of `key` built in seat's empire (no cost, no effect); returns its slot."""
        cdef Player* pl = &self.g.pl[seat]
        i = add_loc(&self.g, seat, self.take_card(key), foundation)
        pl.loc[i].defence = defence
        pl.loc[i].samurai = samurai
        pl.loc[i].used = used
        return i

    def add_deal(self, int seat, key):
        cdef Player* pl = &self.g.pl[seat]
        pl.deal[pl.n_deal] = self.take_card(key)
        pl.n_deal += 1

    def clear_hand(self, int seat):
        """Seat's hand back to the bottom of the decks it came from (kept out of play)."""
        cdef Player* pl = &self.g.pl[seat]
        for i in range(pl.n_hand):
            discard_card(&self.g, pl.hand[i])
        pl.n_hand = 0

    def set_tokens(self, int seat, **goods):
        for name, v in goods.items():
            if name == "vp":
                self.g.pl[seat].vp = v
            else:
                self.g.pl[seat].tok[TOKENS.index(name)] = v

    def set_passed(self, int seat, passed=True):
        self.g.pl[seat].passed = passed

    def set_round(self, int rnd):
        self.g.round = rnd

    def set_attack_row(self, goods):
        """Solo: the revealed attack cards, newest first (goods by name)."""
        cdef GameState* s = &self.g
        s.n_arow = 0
        for g in goods:
            gi = GOODS.index(g)
            for i in range(s.rules.n_attack):
                if s.rules.attack_good[i] == gi and i not in [s.arow[j] for j in range(s.n_arow)]:
                    s.arow[s.n_arow] = i
                    s.n_arow += 1
                    break
            else:
                raise KeyError(f"no attack card {g} left")

    def stack_attack_deck(self, goods):
        """Solo: put attack cards showing `goods` on top of the attack deck, goods[0] on top."""
        cdef GameState* s = &self.g
        deck = [s.adeck[i] for i in range(s.n_adeck)]          # top = last
        picked = []
        for g in goods:
            gi = GOODS.index(g)
            hit = next((c for c in reversed(deck) if s.rules.attack_good[c] == gi), None)
            if hit is None:
                raise KeyError(f"no attack card {g} in the deck")
            deck.remove(hit)
            picked.append(hit)
        for i, c in enumerate(deck + picked[::-1]):
            s.adeck[i] = c

    def start_actions(self, int actor):
        """Jump to the action phase with `actor` to move (tasks cleared)."""
        self.g.n_task = 0
        self.g.phase = PH_ACTION
        self.g.actor = actor
        self.g.turn_done = 0
        self.n_opts = game_advance(&self.g, self.buf)
        self._drain()

    def start_production(self):
        """Jump to the start of the production phase of this round."""
        self.g.n_task = 0
        self.g.phase = PH_PRODUCTION
        self.g.step = 0
        self.g.prod_cursor = -1
        self.n_opts = game_advance(&self.g, self.buf)
        self._drain()

    def start_cleanup(self):
        for p in range(self.g.n_players):
            self.g.pl[p].passed = 1
        self.g.n_task = 0
        self.g.phase = PH_CLEANUP
        self.n_opts = game_advance(&self.g, self.buf)
        self._drain()

    def refresh(self):
        self.n_opts = game_advance(&self.g, self.buf)
        self._drain()

    def attack_targets(self):
        """Solo: the (row index, slots) the next attack would pick with the current row."""
        k = find_attack(&self.g)
        return k, [self.g.tmp[i] for i in range(self.g.n_tmp)]

    # ---------------------------------------------------------------- invariants
    def card_zones(self):
        """Where every physical card is: {card id: zone name} (each card exactly once)."""
        cdef GameState* s = &self.g
        seen = {}
        problems = []

        def put(c, zone):
            if c in seen:
                problems.append(f"card {c} in {seen[c]} and {zone}")
            seen[c] = zone
        for i in range(s.n_cdeck): put(s.cdeck[i], "common deck")
        for i in range(s.n_cdisc): put(s.cdisc[i], "common discard")
        for i in range(s.n_row): put(s.row[i], "display")
        for i in range(s.n_tmp):
            if s.n_task and s.task[s.n_task - 1].kind == TK_PICK_1_OF_2:
                put(s.tmp[i], "drawn 1 of 2")
        for i in range(s.n_task):
            if s.task[i].kind in (TK_BUILD_DISCARD, TK_PLACE, TK_DEAL_PAID):
                put(s.task[i].a, "being built or dealt")
        for i in range(s.n_vloc): put(s.vloc[i], "opponent locations")
        for i in range(s.n_trophy): put(s.trophy[i], "trophies")
        for p in range(s.n_players):
            pl = &s.pl[p]
            for i in range(pl.n_fdeck): put(pl.fdeck[i], f"faction deck {p}")
            for i in range(pl.n_fdisc): put(pl.fdisc[i], f"faction discard {p}")
            for i in range(pl.n_hand): put(pl.hand[i], f"hand {p}")
            for i in range(pl.n_loc): put(pl.loc[i].card, f"empire {p}")
            for i in range(pl.n_deal): put(pl.deal[i], f"deals {p}")
            for i in range(pl.n_pack): put(pl.pack[i], f"draft pack {p}")
            for i in range(pl.n_under): put(pl.under[i], f"under gates {p}")
        return seen, problems

    def problems(self):
        """A list of broken invariants (empty when the position is sound): every card in
        exactly one place, no negative token, samurai and defence tokens where they may
        stand, uses within the card's limit, the round in range, an option to move."""
        code = state_problem(&self.g)
        problems = []
        if code:
            problems.append(INVARIANTS[code])
            if code == BAD_CARD_COUNT:
                problems.extend(self.card_zones()[1])
        if not self.g.over and game_legal_options(&self.g, self.buf) == 0:
            problems.append("no legal option for the player to move")
        return problems

    def check_invariants(self):
        """Raise AssertionError naming the broken invariants (see `problems`)."""
        problems = self.problems()
        if problems:
            raise AssertionError("; ".join(problems))

    # ---------------------------------------------------------------- full state, hidden information
    def state(self):
        """The whole position, hidden information included (tests): readable parts and the
        raw bytes (so two states are equal only when every field is)."""
        cdef GameState* s = &self.g
        return {
            "round": s.round, "phase": PHASES[s.phase], "first": s.first, "decider": s.decider,
            "decision": DECISIONS[s.decision], "over": bool(s.over),
            "players": [dict(self.player(p), pack=[s.pl[p].pack[i] for i in range(s.pl[p].n_pack)],
                             faction_deck_cards=[s.pl[p].fdeck[i] for i in range(s.pl[p].n_fdeck)])
                        for p in range(s.n_players)],
            "common_deck": [s.cdeck[i] for i in range(s.n_cdeck)],
            "common_discard": [s.cdisc[i] for i in range(s.n_cdisc)],
            "display": [s.row[i] for i in range(s.n_row)],
            "tasks": [(s.task[i].kind, s.task[i].seat, s.task[i].a, s.task[i].b) for i in range(s.n_task)],
            "attack_deck": [s.adeck[i] for i in range(s.n_adeck)],
            "raw": bytes(self.state_bytes()),
        }

    def redeal_hidden(self, int seat, seed):
        """A copy in which what `seat` cannot see is dealt afresh from `seed`: the other seats'
        hands and draft packs (their common cards from the pool of those and the common deck,
        their faction cards with the rest of their faction deck), the order of every deck (the
        seat's own faction deck and the solo attack deck included) and the chance stream.
        Hand sizes, deals, empires, supplies and discards stay: `observation(seat)` is unchanged."""
        import random
        cdef Game c = self.clone()
        cdef GameState* s = &c.g
        cdef Player* pl
        cdef int p, i, k
        rnd = random.Random(int(seed))
        common = [s.cdeck[i] for i in range(s.n_cdeck)]
        for p in range(s.n_players):
            if p == seat:
                continue
            pl = &s.pl[p]
            common += [pl.hand[i] for i in range(pl.n_hand) if kind_of(s, pl.hand[i]).deck == 0]
            common += [pl.pack[i] for i in range(pl.n_pack)]
        rnd.shuffle(common)
        for p in range(s.n_players):
            pl = &s.pl[p]
            if p != seat:
                own = [pl.fdeck[i] for i in range(pl.n_fdeck)]
                own += [pl.hand[i] for i in range(pl.n_hand) if kind_of(s, pl.hand[i]).deck != 0]
                rnd.shuffle(own)
                for i in range(pl.n_hand):
                    pl.hand[i] = common.pop() if kind_of(s, pl.hand[i]).deck == 0 else own.pop()
                for i in range(pl.n_pack):
                    pl.pack[i] = common.pop()
                for i in range(pl.n_fdeck):
                    pl.fdeck[i] = own.pop()
            else:
                own = [pl.fdeck[i] for i in range(pl.n_fdeck)]
                rnd.shuffle(own)
                for i in range(pl.n_fdeck):
                    pl.fdeck[i] = own[i]
        for i in range(s.n_cdeck):
            s.cdeck[i] = common[i]
        attack = [s.adeck[i] for i in range(s.n_adeck)]
        rnd.shuffle(attack)
        for i in range(s.n_adeck):
            s.adeck[i] = attack[i]
        rng_seed(&s.rng, <uint64_t>(rnd.getrandbits(64)))
        c.n_opts = game_legal_options(s, c.buf)
        return c


INVARIANTS = {BAD_CARD_COUNT: "a card is missing or in two places", BAD_NEGATIVE: "a negative token count",
              BAD_SAMURAI: "a samurai on a common location or a foundation",
              BAD_DEFENCE: "a defence token on a faction location or a foundation",
              BAD_USES: "a location used more often than its card allows", BAD_ROUND: "round out of range",
              BAD_CAPTURE: "more captured locations than special tokens, or a location captured by its owner"}


cdef int _take_of_kind(int16_t* arr, int16_t* n, const Rules* r, int kind):
    # Remove (keeping order) the first card of `kind` from arr[:n]; -1 if none.
    cdef int i, j, c
    for i in range(n[0]):
        if r.card_kind[arr[i]] == kind:
            c = arr[i]
            for j in range(i, n[0] - 1):
                arr[j] = arr[j + 1]
            n[0] -= 1
            return c
    return -1


def provisional_share(seats):
    played = sum(d["played"] for d in seats)
    return sum(d["played_provisional"] for d in seats) / played if played else 0.0


def achievement_title(table, score):
    title = None
    for lo, name in table:
        if score >= lo:
            title = name
    return title


