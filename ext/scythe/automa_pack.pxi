# Layer: rules (Python level: packs the Automa's data once per Rules). Uses: state.
#
# Packing simsuite.games.scythe.automa_data.AutomaData into the C AutomaRules struct.
# (Python level; runs once per Rules object.)

from simsuite.games.scythe.automa_data import (
    MOVE_KINDS as _AUTOMA_MOVES, GAIN_KINDS as _AUTOMA_GAINS, RECRUIT_KINDS as _AUTOMA_RECRUITS,
    TIE_BREAKS as _AUTOMA_TIEBREAKS, LEVELS as AUTOMA_LEVELS)
_AUTOMA_NO_FACTION = 100    # a faction bracket naming a faction absent from the rules' data


def _automa_faction(name, tuple faction_names):
    if name is None:
        return AUTOMA_ANY_FACTION
    return faction_names.index(name) if name in faction_names else _AUTOMA_NO_FACTION


cdef pack_automa_rules(AutomaRules* ar, adata, const Rules* r, tuple faction_names):
    cdef int i, s, k
    cdef AutomaRow* row
    memset(ar, 0, sizeof(AutomaRules))

    for i, card in enumerate(adata.cards):
        ar.cards[i].star_advance = 1 if card.star_advance else 0
        for k in range(AUTOMA_N_RANGES):
            ar.cards[i].combat_power[k] = card.combat_power[k]
        ar.cards[i].combat_cards = card.combat_cards
        ar.cards[i].resources = card.resources
        for s in range(2):
            scheme = card.schemes[s]
            row = &ar.cards[i].row[s]
            row.skip = 1 if scheme.skip else 0
            row.n_moves = len(scheme.moves)
            for k, m in enumerate(scheme.moves):
                row.move_kind[k] = _AUTOMA_MOVES.index(m.kind)
                row.move_power[k] = m.min_power
                row.move_faction[k] = _automa_faction(m.faction, faction_names)
            row.n_gains = len(scheme.gains)
            for k, gn in enumerate(scheme.gains):
                row.gain_kind[k] = _AUTOMA_GAINS.index(gn.kind)
                row.gain_amount[k] = gn.amount
                row.gain_faction[k] = _automa_faction(gn.faction, faction_names)
            row.recruit = _AUTOMA_RECRUITS.index(scheme.recruit)
    for i, sc in enumerate(adata.star_cards.values()):
        ar.star_cards[i].cells = sc.cells
        ar.star_cards[i].water_from = sc.water_from
        for k in sc.stars:
            ar.star_cards[i].star[k] = 1
        ar.star_cards[i].skip_turns = sc.skip_turns
        ar.star_cards[i].all_moves = sc.all_moves
        ar.star_cards[i].retreat_to_base = sc.retreat_to_base
        ar.star_cards[i].extra_coin = sc.extra_coin
        ar.star_cards[i].extra_power = sc.extra_power
    for k in range(AUTOMA_N_RANGES):
        ar.range_high[k] = adata.power_ranges[k][1]
    ar.start_coins = adata.setup.coins
    ar.popularity = adata.setup.popularity
    ar.per_star = adata.scoring.per_star
    ar.per_territory = adata.scoring.per_territory
    ar.human_resource_cap = adata.scoring.human_resource_cap
    ar.automa_scores_resources = adata.scoring.automa_scores_resources
    ar.n_tiebreaks = len(adata.scoring.tie_breaks)
    for k, t in enumerate(adata.scoring.tie_breaks):
        ar.tiebreak[k] = _AUTOMA_TIEBREAKS.index(t)
    automa_compute_distances(ar, r)
