"""Rulebook 002 "ЯПОНЦЫ" (digest §10.2): Japanese faction cards can be razed (from hand, and by
opponents as locations); razed they are discarded, not foundations; workers placed on faction
locations become samurai (one per location, any number per turn, not discarded in cleanup,
+1 to the raze cost, back to the supply when the location is razed).
"""
from tests.imperial_settlers.helpers import SAMURAI, do, labels, position, tok


def test_worked_example_samurai():
    # "Пример использования самурая": razing a samurai-guarded location takes 3 raze tokens;
    # the samurai returns to the supply and the location is discarded.
    g = position(["japanese", "barbarians"], tokens={"worker": 1})
    g.add_location(0, "Farm")
    g.start_actions(0)
    do(g, "samurai on Farm")
    assert g.current_player == 0 and tok(g, 0, "worker") == 0     # not the turn's action
    g.apply(0)                                                    # pass
    g.set_tokens(1, raze=2)
    g.set_passed(0, False)
    g.start_actions(1)
    assert "raze Farm of seat 0" not in labels(g)
    g.set_tokens(1, raze=3)
    g.refresh()
    do(g, "raze Farm of seat 0")
    assert tok(g, 1, "raze") == 0 and g.player(0)["locations"] == []
    assert tok(g, 0, "worker") == 0          # the samurai went to the supply, not back to Dmitry


def test_one_samurai_per_faction_location_and_any_number_per_turn():
    g = position(["japanese", "romans"], tokens={"worker": 3})
    g.add_location(0, "Farm")
    g.add_location(0, "Rice Fields")
    g.add_location(0, "Village")                 # common: no samurai
    g.start_actions(0)
    do(g, "samurai on Farm")
    do(g, "samurai on Rice Fields")
    assert not any(o >= SAMURAI for o in g.legal_options())
    assert tok(g, 0, "worker") == 1 and g.current_player == 0


def test_samurai_may_guard_unrazeable_gate():
    g = position(["japanese", "romans"], tokens={"worker": 1})
    g.add_location(0, "Gate")
    g.start_actions(0)
    do(g, "samurai on Gate")


def test_only_the_japanese_have_samurai():
    g = position(["romans", "japanese"], tokens={"worker": 1})
    g.add_location(0, "Legion")
    g.start_actions(0)
    assert not any(k.startswith("samurai") for k in labels(g))


def test_japanese_raze_their_own_faction_cards_from_hand():
    # "Игрок за японскую империю может разрушать и имперские карточки" (raze yield 1 VP,
    # single source).
    g = position(["japanese", "romans"], tokens={"raze": 1})
    g.give_card(0, "Farm")
    g.start_actions(0)
    do(g, "raze Farm from hand")
    assert tok(g, 0, "vp") == 1
    assert g.card_name(g.player(0)["faction_discard"][-1]) == "Farm"


def test_gate_and_shrine_cannot_be_razed():
    g = position(["romans", "japanese"], tokens={"raze": 5})
    g.add_location(1, "Gate")
    g.add_location(1, "Shrine")
    g.start_actions(0)
    assert not any(k.startswith("raze") for k in labels(g))


def test_daimyos_castle_scores_per_samurai():
    # Daimyo's Castle: production 1 VP per samurai, max 3 (seed's solo note: samurai score on it).
    g = position(["japanese", "romans"])
    g.add_location(0, "Daimyo's Castle")
    for name in ("Farm", "Farm", "Rice Fields", "Rice Fields"):
        g.add_location(0, name, samurai=1)
    g.start_production()
    assert tok(g, 0, "vp") == 3


def test_ninjas_place_two_samurai_from_the_supply():
    # "«Ниндзя». Бонус этой карточки даёт вам 2 самураев. Если вы можете выставить только
    # одного, второй сбрасывается."
    g = position(["japanese", "romans"], tokens={"stone": 1})
    g.add_location(0, "Farm")
    g.add_location(0, "Rice Fields", samurai=1)
    g.add_location(0, "Village")
    g.give_card(0, "Ninjas")
    g.start_actions(0)
    do(g, "build Ninjas")
    do(g, "Village (slot 2)")                    # the location discarded to build
    assert g.decision_name == "samurai_bonus"
    assert len(g.legal_options()) == 2           # Farm and the Ninjas themselves
    do(g, "Farm (slot 0)")
    do(g, "Ninjas (slot 2)")
    assert [l["samurai"] for l in g.player(0)["locations"]] == [1, 1, 1]
    assert tok(g, 0, "worker") == 0 and g.current_player == 1
