"""Rulebook «ВОЛОДАРЮВАННЯ ЗЕМЛЯМИ» (digest rurik.md §10): you rule a region when your troops
there outnumber every other player's and the rebels there; any tie means nobody rules. Your
stronghold counts as one more troop («Фортеця ... вважається додатковим Полком»)."""
from tests.rurik.helpers import blank


def test_example_a_two_troops_beat_one_troop_and_one_rebel(rules):
    # Приклад А: Iryna (2 troops) rules Galich against Oleksiy's 1 troop and 1 rebel (3 players).
    g = blank(rules, 3)
    g.set_units(0, "Galich", 2)
    g.set_units(1, "Galich", 1)
    g.set_rebels("Galich", 1)
    assert g.ruler("Galich") == 0


def test_a_tie_between_players_means_nobody_rules(rules):
    g = blank(rules, 2)
    g.set_units(0, "Kiev", 2)
    g.set_units(1, "Kiev", 2)
    assert g.ruler("Kiev") == -1


def test_a_tie_with_the_rebels_means_nobody_rules(rules):
    g = blank(rules, 2)
    g.set_units(0, "Kiev", 1)
    g.set_rebels("Kiev", 1)
    assert g.ruler("Kiev") == -1
    g.set_units(0, "Kiev", 2)
    assert g.ruler("Kiev") == 0


def test_the_leader_counts_as_a_troop(rules):
    # «Князі вважаються окремими Полками»
    g = blank(rules, 2)
    g.set_units(0, "Kiev", 1, leader=True)
    g.set_units(1, "Kiev", 1)
    assert g.strength(0, "Kiev") == 2
    assert g.ruler("Kiev") == 0


def test_a_stronghold_counts_as_one_more_troop(rules):
    g = blank(rules, 2)
    g.set_units(0, "Kiev", 1)
    g.set_units(1, "Kiev", 1)
    assert g.ruler("Kiev") == -1
    g.set_structure("Kiev", "stronghold", 0)
    assert g.ruler("Kiev") == 0


def test_an_empty_region_has_no_ruler(rules):
    g = blank(rules, 2)
    assert g.ruler("Kiev") == -1
