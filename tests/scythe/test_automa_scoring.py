"""Final scoring of a solo game: seed 003 p.11 "Підрахунок капіталів" (digest §16)."""
from __future__ import annotations

from tests.scythe.automa_helpers import AUTOMA, HUMAN, place, solo_game


def test_human_scores_at_most_six_resources_per_territory(rules):
    # Seed 003 p.11: on any territory with more than 6 resources the human scores only 6.
    # 8 oil on 32 and 3 metal on 33 count 6 + 3 = 9: 4 pairs at $2 (popularity 10).
    g = solo_game(rules, human="crimea", automa="rusviet")
    g.set_player(HUMAN, popularity=10)
    place(g, HUMAN, worker0=32, worker1=33)
    g.set_resources(32, {"oil": 8})
    g.set_resources(33, {"metal": 3})
    r = g.result()
    assert r["score_resources"][HUMAN] == 4 * 2
    g.set_resources(32, {"oil": 6})
    assert g.result()["score_resources"][HUMAN] == 4 * 2      # 6 + 3 = 9: still 4 pairs
    g.set_resources(32, {"oil": 5})
    assert g.result()["score_resources"][HUMAN] == 4 * 2      # 5 + 3 = 8
    g.set_resources(32, {"oil": 4})
    assert g.result()["score_resources"][HUMAN] == 3 * 2      # 4 + 3 = 7


def test_automa_score(rules):
    # Seed 003 p.11: the Automa scores its coins, $4 per star (placed or beside the track)
    # and $3 per controlled territory (popularity 10), the Factory counting 3 and lakes
    # counting; nothing for resources (even on its territories) or structures.
    g = solo_game(rules, human="crimea", automa="rusviet")
    g.set_automa(track_pos=9)                    # one star-card star, beside the track
    g.set_player(AUTOMA, coins=10, combat_stars=1)
    place(g, AUTOMA, worker0=26, worker1=33, mech0=30, worker2=24)
    g.set_resources(26, {"wood": 4})
    r = g.result()
    assert r["stars"][AUTOMA] == 2
    assert r["score_coins"][AUTOMA] == 10
    assert r["score_stars"][AUTOMA] == 2 * 4
    assert r["score_territories"][AUTOMA] == (1 + 1 + 3 + 1) * 3
    assert r["score_resources"][AUTOMA] == 0 and r["score_structure_bonus"][AUTOMA] == 0
    assert r["score"][AUTOMA] == 10 + 8 + 18


def test_tie_breaks_skip_resources(rules):
    # Seed 003 p.11: ties are broken as usual except that resources are not used. Both
    # score 16 and tie on units and structures (1 each), power (5) and popularity (10); the
    # human controls more resources (which the base order would look at next) but the
    # Automa controls more territories, so the Automa wins.
    g = solo_game(rules, human="crimea", automa="rusviet")
    g.set_player(HUMAN, coins=11, power=5, popularity=10)
    g.set_player(AUTOMA, coins=10, power=5)
    place(g, HUMAN, worker0=32)
    g.set_resources(32, {"oil": 2})
    place(g, AUTOMA, worker0=26, character=33)
    r = g.result()
    assert r["score"] == [16, 16]
    assert r["rank"] == [2, 1] and r["winner"] == [False, True] and r["shared"] == [False, False]
    # with the territories the other way round the human wins
    place(g, HUMAN, character=19)
    place(g, AUTOMA, character=4)
    g.set_player(HUMAN, coins=8)
    g.set_player(AUTOMA, coins=13)
    r = g.result()
    assert r["score"] == [16, 16] and r["rank"] == [1, 2]
