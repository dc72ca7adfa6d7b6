"""Rulebook 002 variants (digest §12): "АЛЬТЕРНАТИВНАЯ ФАЗА РАЗВЕДКИ" (draft), "УСЛОЖНЁННАЯ ФАЗА
РАЗВЕДКИ" (5 face up, refills; the 3-player example) and "МИРНЫЙ ВАРИАНТ".
"""
from simsuite import _imperial_settlers as core
from tests.imperial_settlers.helpers import labels, position, rules


def test_advanced_lookout_three_player_example():
    # "Пример фазы разведки при игре втроем": P1 from 5, P2 from 4, P3 from 4 (one revealed),
    # P1 from 3, P2 from 3 (one revealed), P3 from 2, the last discarded.
    g = core.Game(rules(lookout="advanced"), 4, ["romans", "barbarians", "egyptians"])
    f = g.first_player
    seen = []
    while g.phase == "lookout":
        seen.append((g.current_player, len(g.legal_options())))
        g.apply(g.legal_options()[0])
    order = [f, (f + 1) % 3, (f + 2) % 3]
    assert seen == [(order[0], 5), (order[1], 4), (order[2], 4), (order[0], 3), (order[1], 3), (order[2], 2)]


def test_advanced_lookout_two_and_four_players():
    g = core.Game(rules(lookout="advanced"), 4, ["romans", "barbarians"])
    sizes = []
    while g.phase == "lookout":
        sizes.append(len(g.legal_options()))
        g.apply(g.legal_options()[0])
    assert sizes == [5, 4, 3, 2]
    g = core.Game(rules(lookout="advanced"), 4, ["romans", "barbarians", "egyptians", "japanese"])
    sizes = []
    while g.phase == "lookout":
        sizes.append(len(g.legal_options()))
        g.apply(g.legal_options()[0])
    assert sizes == [5, 4, 4, 4, 3, 3, 3, 2]


def test_alternative_lookout_draft():
    # Each player: 3 commons, keep 1, pass 2 clockwise, keep 1 of 2, discard the last.
    g = core.Game(rules(lookout="alternative"), 9, ["romans", "barbarians", "egyptians"])
    f = g.first_player
    hands = [len(g.player(p)["hand"]) for p in range(3)]
    disc = g.observation(0)["common_discard"]
    seen = []
    while g.phase == "lookout":
        assert g.decision_name == "draft_pick"
        seen.append((g.current_player, len(g.legal_options())))
        g.apply(g.legal_options()[0])
    order = [f, (f + 1) % 3, (f + 2) % 3]
    assert seen == [(p, 3) for p in order] + [(p, 2) for p in order]
    assert [len(g.player(p)["hand"]) for p in range(3)] == [h + 2 for h in hands]
    assert g.observation(0)["common_discard"] == disc + 3


def test_alternative_lookout_passes_clockwise():
    # With 2 players each receives the 2 cards the other left.
    g = core.Game(rules(lookout="alternative"), 9, ["romans", "barbarians"])
    f = g.first_player

    def pack():
        return [g.option_label(o) for o in g.legal_options()]
    first = pack()
    g.apply(g.legal_options()[0])                     # the first player keeps first[0]
    other = pack()
    g.apply(g.legal_options()[0])                     # the other keeps other[0]
    assert g.current_player == f
    assert sorted(pack()) == sorted(other[1:])
    g.apply(g.legal_options()[0])
    assert sorted(pack()) == sorted(first[1:])


def test_peaceful_variant():
    # Lookout: 1 faction + 1 common card first; razing only from hand.
    g = core.Game(rules(peaceful=True), 5, ["romans", "barbarians"])
    for p in range(2):
        assert len(g.player(p)["hand"]) == 2 + 2 + 2
    g = position(["barbarians", "romans"], tokens={"raze": 3}, peaceful=True)
    g.add_location(1, "Armorer")
    g.give_card(0, "Wood Storage")
    g.start_actions(0)
    razes = [k for k in labels(g) if k.startswith("raze")]
    assert razes == ["raze Wood Storage from hand"]
