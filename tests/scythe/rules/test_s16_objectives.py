"""Rulebook 000 "ЦІЛІ" (objectives): digest scythe-base.md §16.

Objective cards used (data/objectives.toml): 12 "have at least 20 coins";
1 "control at least 3 mountain territories"; 3 "control at least 3 farm
territories". DK_OBJECTIVE options: 0 keep hidden, 1 + slot reveal that card.
"""
from .helpers_b import (
    W0, blank, core, do, end_move, section, seat, start_move, step, workers,
)


def _holder(rules, faction="crimea", objectives=(12, 3), coins=20):
    g = blank(rules, ["saxony", faction] if faction != "saxony" else ["saxony", "crimea"])
    s = seat(g, faction)
    g.set_player(s, objectives=list(objectives), coins=coins)
    return g, s


def test_each_player_starts_with_two_secret_objectives(rules):
    # Rulebook 000 "Кожен гравець починає гру з 2 картами цілі".
    g = core.Game(rules, 11, 3, ["nordic", "crimea", "polania"],
                  ["mechanical", "agricultural", "engineering"])
    st = g.state()
    held = [c for p in st["players"] for c in p["objectives"]]
    assert all(c > 0 for c in held) and len(set(held)) == 6
    assert len(st["objective_deck"]) == 23 - 6      # 23 base-game cards (§3.1)
    seen = g.observation(0)
    assert seen["objectives"] == st["players"][0]["objectives"]
    assert "objectives" not in seen["players"][1]    # others' cards stay hidden


def test_reveal_places_the_objective_star_and_both_cards_go_under_the_deck(rules):
    # Rulebook 000 "ЦІЛІ": "викладіть зірку на клітинку цілі треку тріумфу й
    # підкладіть обидві свої карти цілей під низ колоди цілей"; no replacement.
    g, s = _holder(rules)
    g.begin_turn(s)
    assert g.decision_name == "objective" and g.legal_options() == [0, 1]   # only 12 is met
    do(g, "objective", 1)
    p = g.player(s)
    assert p["objective_stars"] == 1 and p["stars"] == 1
    assert p["objectives"] == [-1, -1] and p["objectives_held"] == 0
    assert sorted(g.state()["objective_deck"][-2:]) == [3, 12]
    assert g.decision_name == "section"


def test_an_objective_not_met_cannot_be_revealed(rules):
    # Rulebook 000 "ви можете відкрити карту досягнутої цілі" (only when met).
    g, s = _holder(rules, coins=19)
    g.begin_turn(s)
    assert g.decision_name == "section"
    assert g.player(s)["objectives_held"] == 2


def test_revealing_is_optional_and_needs_the_condition_when_revealed(rules):
    # Rulebook 000 "Ви можете почекати на слушну нагоду ... однак відкриваючи
    # карту, ви мусите бути впевнені, що виконуєте її вимоги". Trade costs $1:
    # 20 coins at the start, 19 after the top action.
    g, s = _holder(rules)
    g.set_player(s, popularity=5)
    g.begin_turn(s)
    do(g, "objective", 0)                            # wait
    do(g, "section", section(g, s, top="trade"))
    do(g, "top", 410)                                # $1: +1 popularity
    assert g.player(s)["coins"] == 19
    assert g.decision_name != "objective"
    assert g.player(s)["objective_stars"] == 0


def test_reveal_points_before_and_after_the_top_and_the_bottom_action(rules):
    # Rulebook 000 "Перед чи після виконання своєї верхньої чи нижньої дії ви
    # можете відкрити карту досягнутої цілі" (digest §16, §24.4). Gain coin
    # takes Crimea from 18 to 19; Mechanical's Build pays $2 more (19 -> 21).
    g, s = _holder(rules, coins=19)
    assert g.mat_name(s) == "mechanical"
    workers(g, s, 50, 1)
    g.set_resources(50, {"wood": 3})
    g.begin_turn(s)
    do(g, "section", section(g, s, top="move", bottom="build"))
    do(g, "top", 210)                                # gain $1 -> 20
    assert g.decision_name == "objective"            # after the top action
    do(g, "objective", 0)
    do(g, "bottom", 1)
    while g.decision_name in ("pay", "build"):
        g.apply(g.legal_options()[0])
    assert g.player(s)["coins"] == 22
    assert g.decision_name == "objective"            # after the bottom action
    do(g, "objective", 1)
    assert g.player(s)["objective_stars"] == 1


def test_no_reveal_in_the_middle_of_an_action(rules):
    # Rulebook 000 "Перед чи після виконання своєї верхньої чи нижньої дії" and
    # digest §6 "not in the middle of one": objective 1 (3 mountains) is met
    # after the first unit's step, but the Move goes on first.
    g, s = _holder(rules, faction="saxony", objectives=(1, 3))
    workers(g, s, 41, 1)
    workers(g, s, 31, 1, first=1)
    g.set_unit(s, W0 + 2, 48)
    g.set_unit(s, W0 + 3, 23)
    start_move(g, s)
    step(g, W0 + 3, 22)                              # third mountain: condition met
    assert g.objective_met(s, 1)
    assert g.decision_name == "move_unit"
    step(g, W0 + 2, 42)
    end_move(g)
    assert g.decision_name == "objective"


def test_only_one_objective_star_per_player(rules):
    # Rulebook 000 "За досягнення цілі можна отримати лише 1 зірку".
    g, s = _holder(rules)
    g.set_player(s, objective_stars=1, objectives=[12, 3])
    g.begin_turn(s)
    assert g.decision_name == "section"
    assert g.player(s)["stars"] == 1


def test_only_on_the_own_turn(rules):
    # Rulebook 000 "У свій хід ви можете відкрити одну з двох карт цілей".
    g, s = _holder(rules)
    other = seat(g, "saxony")
    g.begin_turn(other)
    assert g.decision_name == "section" and g.current_player == other
    g.set_player(other, last_section=-1)
    do(g, "section", section(g, other, top="trade"))
    do(g, "top", 0)
    while g.current_player == other and not g.is_over:
        assert g.decision_name != "objective"
        g.apply(g.legal_options()[0])
    assert g.current_player == s and g.decision_name == "objective"


def test_saxony_keeps_the_second_objective_and_may_complete_both(rules):
    # Rulebook 000 "САКСОНІЯ (ДОМІНУВАННЯ) ... може виконати обидві свої карти
    # цілей (після виконання першої не треба скидати другу)"; "до 2 зірок за
    # цілі". One reveal per turn (Rulebook 000 §23 "ви можете відкрити одну").
    g, s = _holder(rules, faction="saxony", objectives=(12, 3))
    workers(g, s, 9, 1)
    workers(g, s, 19, 1, first=1)
    workers(g, s, 27, 1, first=2)                    # 3 farms: card 3 is met too
    g.begin_turn(s)
    assert g.legal_options() == [0, 1, 2]
    do(g, "objective", 1)
    p = g.player(s)
    assert p["objective_stars"] == 1 and p["objectives"] == [-1, 3]
    assert g.decision_name == "section"              # not a second reveal this turn
    assert g.state()["objective_deck"][-1] == 12
    g.set_player(s, last_section=-1)
    g.begin_turn(s)
    assert g.decision_name == "objective" and g.legal_options() == [0, 2]
    do(g, "objective", 2)
    assert g.player(s)["objective_stars"] == 2 and g.player(s)["stars"] == 2
    g.set_player(s, objectives=[12], last_section=-1)
    g.begin_turn(s)
    assert g.decision_name == "section"              # two objective stars at most
