"""Rulebook 002 "ФАЗА РАЗВЕДКИ" (digest §5.1): each player draws a faction card; players + 1
common cards face up, taken one each from the first player clockwise, the last one discarded;
again players + 1, from the last player counter-clockwise, the last discarded.
"""
from simsuite import _imperial_settlers as core
from tests.imperial_settlers.helpers import rules


def pick_order(g):
    order = []
    while g.phase == "lookout":
        assert g.decision_name == "lookout_pick"
        order.append(g.current_player)
        g.apply(g.legal_options()[0])
    return order


def test_three_players_pick_clockwise_then_counter_clockwise():
    g = core.Game(rules(), 11, ["romans", "barbarians", "egyptians"])
    f = g.first_player
    assert len(g.legal_options()) == 4            # players + 1 face up
    disc = g.observation(0)["common_discard"]
    order = pick_order(g)
    assert order == [f, (f + 1) % 3, (f + 2) % 3, (f + 2) % 3, (f + 1) % 3, f]
    assert g.observation(0)["common_discard"] == disc + 2      # one leftover per display


def test_each_player_gains_three_cards():
    g = core.Game(rules(), 12, ["romans", "japanese"])
    before = [len(g.player(p)["hand"]) for p in range(2)]   # 2 + 2 + the faction card
    pick_order(g)
    assert [len(g.player(p)["hand"]) for p in range(2)] == [b + 2 for b in before]
    assert before == [5, 5]


def test_first_player_token_moves_clockwise_each_round():
    g = core.Game(rules(), 13, ["romans", "japanese", "barbarians"])
    f = g.first_player
    while g.round == 1:
        g.apply(g.legal_options()[0])     # pass as soon as possible (option 0 = pass)
    assert g.first_player == (f + 1) % 3
