# Layer: turn (the invariant checks). Uses: state, queries.
#
# game_check: 0, or the code of the first broken conservation or range rule with its values in
# info[0..3] (INVARIANT_MESSAGES formats them). Checked after every step of random play
# (ext/common/play.pxi play_checked, Game.check_invariants, the conformance suite).

cdef enum:
    INV_OK = 0
    INV_TROOPS_NEGATIVE = 1        # seat, region, count
    INV_TROOPS_OFF_MAP = 2         # seat, region
    INV_TROOPS_COUNT = 3           # seat, counted, expected
    INV_LEADER_REGION = 4          # seat, region
    INV_STRUCTURES = 5             # seat, kind, counted, expected
    INV_COINS = 6                  # seat, coins
    INV_GOODS = 7                  # seat, good, count
    INV_CLAIM = 8                  # seat, track, space
    INV_HAND = 9                   # seat
    INV_DEED_TWICE = 10            # seat
    INV_REBELS = 11                # region, rebels, neutral
    INV_SCHEME_CARD = 12           # card, places
    INV_DEED_CARD = 13             # deed, places
    INV_NO_OPTION = 14             # decision

INVARIANT_MESSAGES = {
    INV_TROOPS_NEGATIVE: "seat {0}: {2} troops in region {1}",
    INV_TROOPS_OFF_MAP: "seat {0}: troops in region {1}, not in play",
    INV_TROOPS_COUNT: "seat {0}: {1} troops counted, expected {2}",
    INV_LEADER_REGION: "seat {0}: leader in region {1}",
    INV_STRUCTURES: "seat {0}: {2} structures of kind {1} counted, expected {3}",
    INV_COINS: "seat {0}: {1} coins",
    INV_GOODS: "seat {0}: {2} goods of type {1}",
    INV_CLAIM: "seat {0}: claim marker of track {1} on space {2}",
    INV_HAND: "seat {0}: an unknown scheme card in hand",
    INV_DEED_TWICE: "seat {0}: a deed both owned and accomplished",
    INV_REBELS: "region {0}: {1} rebels, {2} neutral troops",
    INV_SCHEME_CARD: "scheme card {0} is in {1} places (decks, discards, hands, drawn)",
    INV_DEED_CARD: "deed {0} is in {1} places (deck, row, discards, players)",
    INV_NO_OPTION: "the game is not over but decision {0} has no option",
}


cdef int game_check(GameState* g, int* info) noexcept nogil:
    cdef int s, r, k, n, i, expect
    cdef int8_t seen[MAX_SCHEMES]
    cdef int8_t seen_deeds[MAX_DEEDS]
    cdef int32_t buf[MAX_OPTIONS]
    for s in range(g.n_players):
        n = g.supply[s]
        for r in range(N_REGIONS):
            if g.troops[s][r] < 0:
                return inv_fail(info, INV_TROOPS_NEGATIVE, s, r, g.troops[s][r], 0)
            if g.troops[s][r] > 0 and not in_play(g, r):
                return inv_fail(info, INV_TROOPS_OFF_MAP, s, r, 0, 0)
            n += g.troops[s][r]
        expect = REBEL_TROOPS if (g.solo_level > 0 and s == REBELS) else g.R.troops
        if n != expect or g.supply[s] < 0:
            return inv_fail(info, INV_TROOPS_COUNT, s, n, expect, 0)
        if g.leader_region[s] < -1 or g.leader_region[s] >= N_REGIONS:
            return inv_fail(info, INV_LEADER_REGION, s, g.leader_region[s], 0, 0)
        for k in range(N_STRUCT):
            n = g.struct_supply[s][k]
            for r in range(N_REGIONS):
                if g.struct_owner[r][k] == s:
                    n += 1
            if n != g.R.structures_each or g.struct_supply[s][k] < 0:
                return inv_fail(info, INV_STRUCTURES, s, k, n, g.R.structures_each)
        if g.coins[s] < 0:
            return inv_fail(info, INV_COINS, s, g.coins[s], 0, 0)
        for k in range(N_GOODS):
            if g.goods[s][k] < 0:
                return inv_fail(info, INV_GOODS, s, k, g.goods[s][k], 0)
        for k in range(N_TRACKS):
            if g.claim[s][k] < 0 or g.claim[s][k] > N_CLAIM_SPACES:
                return inv_fail(info, INV_CLAIM, s, k, g.claim[s][k], 0)
        if g.hand[s] >> g.R.n_schemes:
            return inv_fail(info, INV_HAND, s, 0, 0, 0)
        if g.deeds_owned[s] & g.deeds_done[s]:
            return inv_fail(info, INV_DEED_TWICE, s, 0, 0, 0)
    for r in range(N_REGIONS):
        if g.rebels[r] < 0 or g.neutral[r] < 0:
            return inv_fail(info, INV_REBELS, r, g.rebels[r], g.neutral[r], 0)
    # every scheme card is in exactly one place: a deck, the discard pile, a hand, or drawn
    memset(seen, 0, sizeof(seen))
    for k in range(2):
        for i in range(g.deck_n[k]):
            seen[g.deck[k][i]] += 1
    for i in range(g.discard_n):
        seen[g.discard[i]] += 1
    for i in range(g.n_drawn):
        seen[g.drawn[i]] += 1
    for s in range(g.n_players):
        for i in range(g.R.n_schemes):
            if (g.hand[s] >> i) & 1:
                seen[i] += 1
    for i in range(g.R.n_schemes):
        if seen[i] != 1:
            return inv_fail(info, INV_SCHEME_CARD, i, seen[i], 0, 0)
    # every deed is in one place: deck, row, discards, owned or accomplished
    memset(seen_deeds, 0, sizeof(seen_deeds))
    for i in range(g.deed_deck_n):
        seen_deeds[g.deed_deck[i]] += 1
    for i in range(g.deed_discard_n):
        seen_deeds[g.deed_discard[i]] += 1
    for i in range(DEED_ROW):
        if g.deed_row[i] >= 0:
            seen_deeds[g.deed_row[i]] += 1
    for s in range(g.n_players):
        for i in range(g.R.n_deeds):
            if ((g.deeds_owned[s] | g.deeds_done[s]) >> i) & 1:
                seen_deeds[i] += 1
    for i in range(g.R.n_deeds):
        if seen_deeds[i] != 1:
            return inv_fail(info, INV_DEED_CARD, i, seen_deeds[i], 0, 0)
    if g.phase != P_OVER and g.phase != P_TEST_DONE and g.decision != D_NONE:
        if decision_options(g, buf) == 0:
            return inv_fail(info, INV_NO_OPTION, g.decision, 0, 0, 0)
    return INV_OK
