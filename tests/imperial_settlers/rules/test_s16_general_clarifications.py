"""Rulebook 002 "ОБЩИЕ УТОЧНЕНИЯ" (digest §9): an "each time you build ..." feature counts
itself when built; a "per location of colour X" production or build bonus counts the card
itself when it has that colour.
"""
from tests.imperial_settlers.helpers import do, position, tok


def test_each_time_you_build_counts_the_feature_itself():
    # Carpenter's Workshop (brown feature, 3 wood): each brown location built -> 1 gold + 1 VP.
    g = position(["romans", "barbarians"], tokens={"wood": 4})
    g.give_card(0, "Carpenter's Workshop")
    g.give_card(0, "New Forest")                # brown, 1 wood
    g.set_passed(1)
    g.start_actions(0)
    do(g, "build Carpenter's Workshop")
    assert (tok(g, 0, "gold"), tok(g, 0, "vp")) == (1, 1)
    do(g, "build New Forest")
    do(g, "pay without gold")                   # the wood, not the gold just gained
    assert (tok(g, 0, "gold"), tok(g, 0, "vp")) == (2, 2)


def test_other_colours_do_not_trigger():
    g = position(["romans", "barbarians"], tokens={"wood": 1})
    g.add_location(0, "Carpenter's Workshop")
    g.give_card(0, "Village")                   # pink
    g.start_actions(0)
    do(g, "build Village")
    assert (tok(g, 0, "gold"), tok(g, 0, "vp")) == (0, 0)


def test_per_colour_production_counts_itself_when_built():
    # Wood Supplier (brown, 3 wood): production 1 wood per brown location (max 3); built
    # alone it counts itself: 1 wood at once.
    g = position(["romans", "barbarians"], tokens={"wood": 3})
    g.give_card(0, "Wood Supplier")
    g.start_actions(0)
    do(g, "build Wood Supplier")
    assert tok(g, 0, "wood") == 1


def test_per_colour_build_bonus_counts_itself_with_a_cap():
    # Statue (grey, 1 wood + 2 stone): build bonus 1 VP per grey location (max 6) + 1 card
    # (disagreement S1: the card from one source).
    g = position(["romans", "barbarians"], tokens={"wood": 1, "stone": 2})
    for key in ("Quarry", "Quarry", "Quarry", "Coal Mine", "com034", "com035", "Mason's Guild"):
        g.add_location(0, key)                  # 7 grey locations
    g.give_card(0, "Statue")
    g.start_actions(0)
    do(g, "build Statue")
    assert tok(g, 0, "vp") == 6              # 7 grey + itself = 8 -> capped at 6


def test_trading_colony_counts_as_brown_grey_and_red():
    # "«Фактория». После постройки эта локация считается коричневой, серой и красной".
    g = position(["romans", "barbarians"])
    g.add_location(0, "Trading Colony")
    for name in ("Wood Supplier", "Rubble", "Lord's Fields"):
        g.add_location(0, name)
    g.start_production()
    t = tok(g, 0)
    # board: 2 workers, 1 wood, 1 stone; Trading Colony 1 worker + 1 gold; each per-colour card
    # counts 2 (itself + the Colony): +2 wood, +2 stone, +2 food.
    assert (t["wood"], t["stone"], t["food"], t["worker"], t["gold"]) == (3, 3, 2, 3, 1)
