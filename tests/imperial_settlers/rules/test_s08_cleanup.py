"""Rulebook 002 "ФАЗА ОЧИСТКИ" and "Жетоны обороны" (digest §5.4, §10.1): keep what the board
stores, discard the other resources, workers, gold and tokens (defence tokens included, placed
or not); hands stay; the first-player token and the round marker move on; no cleanup after
round 5. Kept goods: Japanese food (seed), Barbarians workers, Romans raze tokens, Egyptians
gold (reference factions.md, one source).
"""
import pytest

from tests.imperial_settlers.helpers import position, tok

KEEPS = {"japanese": "food", "barbarians": "worker", "romans": "raze", "egyptians": "gold"}


def test_worked_example_japanese_keep_food():
    # "Пример фазы очистки": after passing Dmitry has 2 food and 1 worker left; he keeps the
    # 2 food on his board and discards the worker.
    g = position(["japanese", "barbarians"], tokens={"food": 2, "worker": 1})
    g.start_cleanup()
    t = tok(g, 0)
    assert (t["food"], t["worker"]) == (2, 0)


@pytest.mark.parametrize("faction", list(KEEPS))
def test_each_faction_keeps_its_good_only(faction):
    other = "romans" if faction != "romans" else "barbarians"
    g = position([faction, other], tokens=dict(wood=3, stone=3, food=3, worker=3, gold=3, raze=3, defence=1))
    g.give_card(0, "Village")
    g.start_cleanup()
    t = tok(g, 0)
    for good in ("wood", "stone", "food", "worker", "gold", "raze", "defence"):
        assert t[good] == (3 if good == KEEPS[faction] else 0), good
    assert len(g.player(0)["hand"]) == 1 + 1          # hand kept (+ next lookout's faction card)


def test_placed_defence_tokens_are_discarded():
    g = position(["romans", "barbarians"])
    g.add_location(0, "Armorer", defence=1)
    g.start_cleanup()
    assert g.player(0)["locations"][0]["defence"] == 0


def test_samurai_stay():
    g = position(["japanese", "romans"])
    g.add_location(0, "Farm", samurai=1)
    g.start_cleanup()
    assert g.player(0)["locations"][0]["samurai"] == 1


def test_round_marker_and_first_player():
    g = position(["romans", "barbarians", "egyptians"])
    f = g.first_player
    g.start_cleanup()
    assert g.round == 2 and g.first_player == (f + 1) % 3


def test_no_cleanup_after_round_five():
    # "В последнем раунде эта фаза пропускается".
    g = position(["romans", "barbarians"], tokens={"wood": 2, "worker": 3})
    g.set_round(5)
    g.start_cleanup()
    assert g.is_over
    t = tok(g, 0)
    assert (t["wood"], t["worker"]) == (2, 3)
