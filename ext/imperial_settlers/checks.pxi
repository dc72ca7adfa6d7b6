# Layer: turn. Uses: state.pxd, queries.pxi.
# Invariants of a position, checked in C so random-play tests can check every step.
# state_problem returns 0 for a sound position, else the first broken invariant's code.

cdef enum:
    BAD_NONE = 0
    BAD_CARD_COUNT = 1      # a card missing or in two places
    BAD_NEGATIVE = 2        # a token count below zero
    BAD_SAMURAI = 3         # a samurai on a common location or a foundation
    BAD_DEFENCE = 4         # a defence token on a faction location or a foundation
    BAD_USES = 5            # a location used more often than its card allows
    BAD_ROUND = 6
    BAD_CAPTURE = 7         # more captured locations than special tokens, or one's own captured


cdef inline bint _count(uint8_t* seen, const int16_t* cards, int n) noexcept nogil:
    cdef int i
    for i in range(n):
        if seen[cards[i]]:
            return False
        seen[cards[i]] = 1
    return True


cdef int state_problem(const GameState* s) noexcept nogil:
    cdef uint8_t seen[MAX_CARDS]
    cdef const Player* pl
    cdef const Loc* l
    cdef int p, i, n = 0, expected
    memset(seen, 0, sizeof(seen))
    if not (_count(seen, s.cdeck, s.n_cdeck) and _count(seen, s.cdisc, s.n_cdisc)
            and _count(seen, s.row, s.n_row) and _count(seen, s.vloc, s.n_vloc)
            and _count(seen, s.trophy, s.n_trophy)):
        return BAD_CARD_COUNT
    if s.n_task and s.task[s.n_task - 1].kind == TK_PICK_1_OF_2:
        if not _count(seen, s.tmp, s.n_tmp):
            return BAD_CARD_COUNT
    for i in range(s.n_task):
        if s.task[i].kind == TK_BUILD_DISCARD or s.task[i].kind == TK_PLACE or s.task[i].kind == TK_DEAL_PAID:
            if seen[s.task[i].a]:
                return BAD_CARD_COUNT
            seen[s.task[i].a] = 1
    expected = s.rules.deck_size[0]
    for p in range(s.n_players):
        pl = &s.pl[p]
        expected += s.rules.deck_size[1 + pl.faction]
        if not (_count(seen, pl.fdeck, pl.n_fdeck) and _count(seen, pl.fdisc, pl.n_fdisc)
                and _count(seen, pl.hand, pl.n_hand) and _count(seen, pl.deal, pl.n_deal)
                and _count(seen, pl.pack, pl.n_pack) and _count(seen, pl.under, pl.n_under)):
            return BAD_CARD_COUNT
        for i in range(pl.n_loc):
            l = &pl.loc[i]
            if seen[l.card]:
                return BAD_CARD_COUNT
            seen[l.card] = 1
            if l.samurai and (l.foundation or kind_of(s, l.card).deck == 0):
                return BAD_SAMURAI
            if l.defence and (l.foundation or kind_of(s, l.card).deck != 0):
                return BAD_DEFENCE
            if not l.foundation and l.used > kind_of(s, l.card).act_uses:
                return BAD_USES
            if l.captor == p + 1 or l.captor > s.n_players or (l.captor and l.foundation):
                return BAD_CAPTURE
        for i in range(N_TOKENS):
            if pl.tok[i] < 0:
                return BAD_NEGATIVE
        if captured_by(s, p) > s.rules.capture_tokens or captured_by(s, p) != pl.n_captured:
            return BAD_CAPTURE
        if pl.pend_any < 0 or pl.pend_common < 0 or pl.pend_faction < 0:
            return BAD_NEGATIVE
    for i in range(MAX_CARDS):
        n += seen[i]
    if n != expected:
        return BAD_CARD_COUNT
    if s.round < 1 or s.round > s.rules.rounds:
        return BAD_ROUND
    return BAD_NONE


cdef inline int game_check(GameState* s, int* info) noexcept nogil:
    # The contract's invariant check (ext/README.md): 0 or the first broken invariant's code.
    return state_problem(s)
