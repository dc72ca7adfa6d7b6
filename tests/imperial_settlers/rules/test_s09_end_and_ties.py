"""Rulebook 002 "КОНЕЦ ИГРЫ", "Ничья" (digest §11): 5 rounds; final score = VP track + 1 per
common location + 2 per faction location (foundations score nothing); ties: most workers and
resources, then most cards in hand, else several winners.
"""
from simsuite import _imperial_settlers as core
from tests.imperial_settlers.helpers import position, rules, random_playout


def finish(g):
    g.set_round(5)
    g.start_cleanup()
    assert g.is_over
    return g.result()


def test_final_score_adds_locations():
    g = position(["romans", "barbarians"])
    g.set_tokens(0, vp=10)
    g.add_location(0, "Quarry")
    g.add_location(0, "Village")
    g.add_location(0, "Legion")
    g.add_location(0, "Armorer", foundation=True)
    r = finish(g)
    s = r["seats"][0]
    assert (s["score"], s["track_vp"], s["location_vp"]) == (10 + 1 + 1 + 2, 10, 4)
    assert (s["common_locations"], s["faction_locations"]) == (2, 1)


def test_tie_broken_by_workers_and_resources_not_gold():
    g = position(["romans", "barbarians"], tokens={"worker": 1, "gold": 5})
    g.set_tokens(1, wood=1, stone=1)
    r = finish(g)
    a, b = r["seats"]
    assert a["score"] == b["score"] == 0
    assert (a["rank"], b["rank"]) == (2, 1) and b["winner"] and not a["winner"]


def test_then_by_cards_in_hand_then_shared():
    g = position(["romans", "barbarians"], tokens={"worker": 1})
    g.set_tokens(1, food=1)
    g.give_card(1, "Village")
    r = finish(g)
    assert [s["rank"] for s in r["seats"]] == [2, 1]
    g = position(["romans", "barbarians"])
    r = finish(g)
    assert [s["rank"] for s in r["seats"]] == [1, 1] and all(s["winner"] for s in r["seats"])


def test_exactly_five_rounds():
    g, _ = random_playout(rules(), 3, ["romans", "japanese"], log=True)
    assert g.round == 5 and g.is_over
    assert sum(1 for e in g.events() if e.startswith("round ")) == 5
