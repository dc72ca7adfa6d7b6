"""Rulebook «ПІДГОТОВКА ДО ГРИ» (digest rurik.md §5)."""
import pytest
from simsuite._rurik import Game
from simsuite.errors import UserError


@pytest.mark.parametrize("n,regions", [(2, 8), (3, 11), (4, 15)])
def test_regions_in_play_each_with_a_rebel_and_its_good(rules, n, regions):
    # 2 players: 8 green regions; 3: 11; 4: all 15. A random rebel and one good on each.
    g = Game(rules, 5, n)
    assert len(g.regions_in_play()) == regions
    for r in g.regions_in_play():
        st = g.region_state(r)
        assert st["rebels"] == 1 and st["good_present"]
    assert sum(g.region_state(r)["rebels"] for r in range(15)) == regions


def test_players_start_with_three_coins_and_a_full_supply(rules):
    g = Game(rules, 5, 3)
    for s in range(3):
        p = g.player(s)
        assert p["coins"] == 3 and p["supply"] == 12 and p["structures_left"] == [3, 3, 3]
        assert p["claims"] == {"rule": 0, "build": 0, "trade": 0} and p["warfare"] == 0


def test_three_deeds_face_up_and_two_scheme_decks_of_about_equal_size(rules):
    g = Game(rules, 5, 2)
    assert len(g.deed_row()) == 3
    d0, d1, discard = g.decks()
    assert len(d0) + len(d1) == 27 and abs(len(d0) - len(d1)) <= 1 and discard == []


def test_each_player_keeps_one_of_two_dealt_agendas_then_places_three_troops_then_the_leader(rules):
    g = Game(rules, 9, 3)
    first = g.first_player
    assert g.decision_name == "agenda"
    seen = []
    while g.decision_name == "agenda":
        assert len(g.legal_options()) == 2
        seen.append(g.current_player)
        g.apply(g.legal_options()[1])
    assert seen == [(first + i) % 3 for i in range(3)]
    order = []
    while g.decision_name == "setup_troop":
        order.append(g.current_player)
        assert len(g.legal_options()) == 11          # any region in play
        g.apply(g.legal_options()[order.count(g.current_player) - 1])
    assert order == [(first + i) % 3 for i in range(3)] * 3
    while g.decision_name == "setup_leader":
        s = g.current_player
        regions = [r for r in g.regions_in_play() if g.region_state(r)["troops"][s] > 0]
        assert g.legal_options() == regions
        g.apply(regions[0])
    assert g.phase == "planning"
    for s in range(3):
        assert g.player(s)["supply"] == 9 and g.player(s)["leader_region"] >= 0
        assert g.player(s)["agenda"] is not None


def test_leaders_are_chosen_or_dealt_without_repeats(rules):
    g = Game(rules, 3, 4, leaders=["Boris", None, "Maria", None])
    names = [g.player(s)["leader"] for s in range(4)]
    assert names[0] == "Boris" and names[2] == "Maria" and len(set(names)) == 4
    with pytest.raises(UserError):
        Game(rules, 3, 2, leaders=["Boris", "Boris"])
