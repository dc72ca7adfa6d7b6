"""Rulebook 002 "ФАЗА ДЕЙСТВИЙ" (digest §5.3, §6.8): from the first player clockwise, one action
per turn or pass; a player who passed takes no more actions; the phase lasts until all pass.
Defence tokens and samurai are placed "at any moment of your turn": they are not the action.
"""
from tests.imperial_settlers.helpers import DEFENCE, PASS, do, labels, position, tok


def test_turns_go_clockwise_and_skip_passed_players():
    g = position(["romans", "barbarians", "egyptians"], tokens={"worker": 6})
    g.set_tokens(1, worker=6)
    g.set_tokens(2, worker=6)
    g.start_actions(0)
    do(g, "trade 2 workers for wood"); do(g, "stop trading")
    assert g.current_player == 1
    g.apply(PASS)
    assert g.current_player == 2
    do(g, "trade 2 workers for wood"); do(g, "stop trading")
    assert g.current_player == 0          # seat 1 passed: skipped
    g.apply(PASS)
    assert g.current_player == 2
    g.apply(PASS)
    assert g.phase != "action"            # everyone passed: the phase is over


def test_pass_is_always_legal():
    g = position(["romans", "barbarians"])
    g.start_actions(0)
    assert g.legal_options() == [PASS]


def test_defence_token_does_not_take_the_turn():
    g = position(["romans", "barbarians"], tokens={"defence": 1})
    g.add_location(0, "Armorer")
    g.start_actions(0)
    do(g, "defence token on Armorer")
    assert g.current_player == 0 and tok(g, 0, "defence") == 0
    assert g.player(0)["locations"][0]["defence"] == 1
    assert not any(o >= DEFENCE for o in g.legal_options())   # a location holds one token


def test_defence_token_only_on_own_common_locations():
    # "поместить этот жетон на любую общую локацию своей империи".
    g = position(["romans", "barbarians"], tokens={"defence": 1})
    g.add_location(0, "Legion")
    g.add_location(0, "Quarry", foundation=True)
    g.start_actions(0)
    assert not any(k.startswith("defence") for k in labels(g))


def test_free_moves_after_the_action_then_end_the_turn():
    # "в любой момент своего хода": build the Armorer, then defend it in the same turn.
    g = position(["romans", "barbarians"], tokens={"wood": 1, "stone": 1, "defence": 1})
    g.give_card(0, "Armorer")
    g.start_actions(0)
    do(g, "build Armorer")
    assert g.decision_name == "free_moves" and g.current_player == 0
    assert set(labels(g)) == {"end the turn", "defence token on Armorer"}
    do(g, "defence token on Armorer")
    assert g.current_player == 1 and g.player(0)["locations"][0]["defence"] == 1


def test_japanese_samurai_on_a_location_built_this_turn():
    g = position(["japanese", "barbarians"], tokens={"wood": 1, "worker": 1})
    g.give_card(0, "Farm")
    g.start_actions(0)
    do(g, "build Farm")
    # the Farm produced 1 worker + 1 food: 2 workers now
    do(g, "samurai on Farm")
    assert g.current_player == 1 and tok(g, 0, "worker") == 1


def test_end_the_turn_keeps_the_token():
    g = position(["romans", "barbarians"], tokens={"wood": 1, "stone": 1, "defence": 1})
    g.give_card(0, "Armorer")
    g.start_actions(0)
    do(g, "build Armorer")
    do(g, "end the turn")
    assert g.current_player == 1 and tok(g, 0, "defence") == 1


def test_no_free_moves_after_passing():
    g = position(["romans", "barbarians"], tokens={"defence": 1})
    g.add_location(0, "Armorer")
    g.start_actions(0)
    g.apply(PASS)
    assert g.current_player == 1 and g.decision_name == "action"
