"""Rulebook 002 "ПОДГОТОВКА К ИГРЕ" (digest §4): shuffled common deck, 30-card faction decks
(only their owner draws from them), score 0, a random first player, a starting hand of 2
common + 2 faction cards.
"""
import pytest

from simsuite import _imperial_settlers as core
from tests.imperial_settlers.helpers import rules


@pytest.mark.parametrize("factions", [["romans", "barbarians"],
                                      ["egyptians", "japanese", "romans"],
                                      ["barbarians", "romans", "egyptians", "japanese"]])
def test_starting_hands_and_decks(factions):
    g = core.Game(rules(), 7, factions)
    n = len(factions)
    # At the first decision (a lookout pick) each player also drew 1 faction card.
    for p in range(n):
        hand = [g.rules.kind_ids[g.rules.kind_of_card(c)] for c in g.player(p)["hand"]]
        assert sum(1 for k in hand if k.startswith("com")) == 2
        assert sum(1 for k in hand if not k.startswith("com")) == 3
        assert all(k.startswith(factions[p][:3]) for k in hand if not k.startswith("com"))
        assert g.player(p)["faction_deck"] == 30 - 3
        assert g.player(p)["vp"] == 0
    obs = g.observation(0)
    assert obs["common_deck"] == 84 - 2 * n - (n + 1)


def test_first_player_is_random_and_seeded():
    firsts = {core.Game(rules(), s, ["romans", "barbarians", "egyptians"]).first_player for s in range(40)}
    assert firsts == {0, 1, 2}
    assert core.Game(rules(), 5, ["romans", "barbarians"]).first_player == \
        core.Game(rules(), 5, ["romans", "barbarians"]).first_player


def test_each_faction_at_most_once_and_one_to_four_players():
    with pytest.raises(ValueError):
        core.Game(rules(), 1, ["romans", "romans"])
    with pytest.raises(ValueError):
        core.Game(rules(), 1, [])
    with pytest.raises(ValueError):
        core.Game(rules(), 1, ["vikings"])


def test_decks_hold_the_component_counts():
    # "КОМПОНЕНТЫ": 84 common cards, 30 cards per empire.
    g = core.Game(rules(), 3, ["romans", "barbarians", "egyptians", "japanese"])
    zones, problems = g.card_zones()
    assert problems == []
    assert len(zones) == 84 + 4 * 30
