"""Rulebook 002 "ОБМЕНЯТЬ РАБОЧИХ НА РЕСУРСЫ ИЛИ КАРТОЧКИ" (digest §6.6): 2 workers -> 1 resource
of your choice or 1 card from either deck; several pairs in one action.
"""
from tests.imperial_settlers.helpers import do, labels, position, tok


def test_worked_example_eight_workers():
    # "Пример обмена рабочих": 8 workers -> 1 wood, 2 common cards and 1 faction card, one action.
    g = position(["barbarians", "japanese"], tokens={"worker": 8})
    g.start_actions(0)
    fdeck = g.player(0)["faction_deck"]
    do(g, "trade 2 workers for wood")
    assert g.decision_name == "trade_more" and g.current_player == 0
    do(g, "2 more workers for common card")
    do(g, "2 more workers for common card")
    do(g, "2 more workers for faction card")
    assert tok(g, 0, "worker") == 0 and tok(g, 0, "wood") == 1
    assert len(g.player(0)["hand"]) == 3 and g.player(0)["faction_deck"] == fdeck - 1
    assert g.current_player == 1          # it was one action


def test_stop_trading_keeps_the_other_workers():
    g = position(["barbarians", "japanese"], tokens={"worker": 5})
    g.start_actions(0)
    do(g, "trade 2 workers for stone")
    do(g, "stop trading")
    assert (tok(g, 0, "worker"), tok(g, 0, "stone")) == (3, 1)


def test_one_worker_cannot_trade_and_gold_is_not_a_resource_to_take():
    g = position(["barbarians", "japanese"], tokens={"worker": 1})
    g.start_actions(0)
    assert not any(k.startswith("trade") for k in labels(g))
    g.set_tokens(0, worker=2)
    g.refresh()
    assert {k for k in labels(g) if k.startswith("trade")} == {
        "trade 2 workers for wood", "trade 2 workers for stone", "trade 2 workers for food",
        "trade 2 workers for common card", "trade 2 workers for faction card"}


def test_oasis_gives_its_owner_a_worker_per_pair():
    # "«Оазис»": if an opponent trades several pairs at once, 1 worker per pair.
    g = position(["barbarians", "egyptians"], tokens={"worker": 4})
    g.add_location(1, "Oasis")
    g.start_actions(0)
    do(g, "trade 2 workers for wood")
    do(g, "2 more workers for food")
    assert tok(g, 1, "worker") == 2
