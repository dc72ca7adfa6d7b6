"""Rulebook «Кінець Гри» (digest rurik.md §15): claim spaces (8 top ... 1 bottom), warfare 3 / 1,
secret agenda 2, deeds 1 or 2; ties: more regions ruled, then more coins, then shared."""
from tests.rurik.helpers import blank


def test_example_zhk_twenty_points(rules):
    # Приклад ЖК: 3 (Rule) + 5 (Build) + 5 (Trade) + 3 (first on warfare) + 2 (agenda) + 2 (deed)
    g = blank(rules, 2)
    g.set_player(0, claims={"rule": 3, "build": 4, "trade": 4}, warfare=3, agenda="Conquering",
                 deeds_done=["Market Day"])
    g.set_player(1, warfare=1, agenda="Wealthy")
    r = g.scores()[0]
    assert (r["rule"], r["build"], r["trade"], r["warfare"], r["agenda"], r["deeds"]) == (3, 5, 5, 3, 2, 2)
    assert r["total"] == 20


def test_claim_spaces_score_one_to_eight(rules):
    g = blank(rules, 2)
    for space, vp in ((1, 1), (5, 8), (0, 0)):
        g.set_player(0, claims={"rule": space})
        assert g.scores()[0]["rule"] == vp


def test_warfare_shared_first_place_gets_three_and_no_second_place(rules):
    g = blank(rules, 3)
    g.set_player(0, warfare=2)
    g.set_player(1, warfare=2)
    g.set_player(2, warfare=1)
    assert [r["warfare"] for r in g.scores()] == [3, 3, 0]


def test_warfare_shared_second_place_gets_one_each(rules):
    g = blank(rules, 4)
    for s, w in enumerate((3, 1, 1, 0)):
        g.set_player(s, warfare=w)
    assert [r["warfare"] for r in g.scores()] == [3, 1, 1, 0]


def test_tie_broken_by_regions_ruled_then_coins_then_shared(rules):
    g = blank(rules, 3)
    for s in range(3):
        g.set_player(s, claims={"trade": 2}, coins=1)
    g.set_units(0, "Kiev", 1)
    ranks = [r["rank"] for r in g.scores()]
    assert ranks == [1, 2, 2]
    g.set_player(2, coins=2)
    assert [r["rank"] for r in g.scores()] == [1, 3, 2]
    g.set_units(0, "Kiev", 0)
    g.set_player(1, coins=2)
    assert [r["rank"] for r in g.scores()] == [3, 1, 1]     # a shared victory


def test_agenda_needs_the_best_value_above_zero(rules):
    g = blank(rules, 2)
    g.set_player(0, agenda="Capable", goods={"fur": 1})
    g.set_player(1, agenda="Wealthy", coins=0)
    assert [r["agenda"] for r in g.scores()] == [2, 0]
    g.set_player(1, goods={"wood": 1})                        # tied: both have the most goods
    assert g.scores()[0]["agenda"] == 2


def test_protective_counts_every_players_structures_in_ruled_regions(rules):
    # «Враховуються будівлі всіх гравців у землях, якими ви володієте.»
    g = blank(rules, 2)
    g.set_units(0, "Kiev", 2)
    g.set_structure("Kiev", "market", 1)
    g.set_structure("Kiev", "church", 0)
    g.set_units(1, "Volyn", 1)
    g.set_structure("Volyn", "market", 0)
    g.set_player(0, agenda="Protective")
    assert g.scores()[0]["agenda"] == 2
