"""Rulebook «1. Фаза Планування», «РОЗМІЩЕННЯ РАДНИКІВ», «ПІДКУП» (digest rurik.md §7)."""
import pytest

from tests.rurik.helpers import blank, do

MUSTER, MOVE, ATTACK, TAX, BUILD, SCHEME = range(6)


def place(g, value, column, bribe=None):
    g.apply(value * 8 + column)
    if g.decision_name == "bribe":
        g.apply(bribe or 0)
    else:
        assert not bribe


def planning(rules, n=3, coins=0):
    g = blank(rules, n)
    for s in range(n):
        g.set_units(s, "Kiev", 1)
        g.set_player(s, coins=coins)
    g.start_planning(first_player=0)
    return g


def test_players_place_one_advisor_each_clockwise_from_the_first_player(rules):
    g = blank(rules, 3)
    g.start_planning(first_player=1)
    seen = []
    for _ in range(6):
        seen.append(g.current_player)
        g.apply(g.legal_options()[0])
    assert seen == [1, 2, 0, 1, 2, 0]


def test_example_b_a_stronger_advisor_passes_weaker_ones_but_not_equal_ones(rules):
    # Приклад Б: Muster holds Oleksiy's 4 (top) and Nazar's 2; Iryna places a 4: it cannot pass
    # Oleksiy's equal 4, passes Nazar's 2 -> Oleksiy 4, Iryna 4, Nazar 2.
    g = planning(rules, 3)
    oleksiy, nazar, iryna = 0, 1, 2
    place(g, 4, MUSTER)          # seat 0 (Oleksiy)
    place(g, 2, MUSTER)          # seat 1 (Nazar)
    place(g, 4, MUSTER)          # seat 2 (Iryna)
    assert [(s, v) for s, v, _ in g.strategy_board()["muster"]] == [(oleksiy, 4), (iryna, 4), (nazar, 2)]


def test_example_v_a_bribe_raises_strength_for_the_whole_phase(rules):
    # Приклад В: Iryna's 2 tops Build; Nazar places his 1 with a 3-coin bribe (strength 4) and
    # takes the top slot, Iryna's 2 moves down.
    g = planning(rules, 2, coins=3)
    place(g, 2, BUILD, 0)        # seat 0 = Iryna
    place(g, 1, BUILD, 3)        # seat 1 = Nazar
    assert g.strategy_board()["build"] == [(1, 1, 3), (0, 2, 0)]
    assert g.player(1)["coins"] == 0
    # the bribe still protects him: a later 2 of Iryna's cannot pass strength 4
    place(g, 4, MOVE, 0)
    place(g, 2, MOVE, 0)
    place(g, 5, TAX, 0)
    place(g, 4, TAX, 0)
    assert g.strategy_board()["build"][0] == (1, 1, 3)


def test_an_empty_column_gives_the_top_slot_and_advisors_never_leave_the_board(rules):
    g = planning(rules, 2)
    place(g, 1, MUSTER)
    assert g.strategy_board()["muster"] == [(0, 1, 0)]
    # 2-player side: 3 slots per column; a full column cannot be entered
    place(g, 2, MUSTER)
    place(g, 4, ATTACK)
    place(g, 4, TAX)
    place(g, 2, MOVE)
    place(g, 5, BUILD)
    place(g, 5, MUSTER)          # seat 0 now has advisors in 3 columns
    assert [v for _, v, _ in g.strategy_board()["muster"]] == [5, 2, 1]
    assert all(o % 8 != MUSTER for o in g.legal_options())


def test_a_second_advisor_in_the_same_column_only_after_three_columns(rules):
    # «лише після того, як розташуете своїх Радників у трьох (або більше) різних колонках»
    g = planning(rules, 2)
    place(g, 1, MUSTER)
    place(g, 1, SCHEME)
    assert all(o % 8 != MUSTER for o in g.legal_options())   # seat 0 has 1 column
    place(g, 2, MOVE)
    place(g, 2, BUILD)
    assert all(o % 8 not in (MUSTER, MOVE) for o in g.legal_options())   # 2 columns
    place(g, 4, ATTACK)
    place(g, 4, TAX)
    assert any(o % 8 == MUSTER for o in g.legal_options())   # now 3 columns


@pytest.mark.parametrize("n,per_round", [(2, [4, 4, 5, 6]), (3, [4, 4, 5, 6]), (4, [4, 4, 5, 5])])
def test_advisors_per_round(rules, n, per_round):
    # Setup: the second "2" joins in round 3, the "3" in round 4; with 4 players the 3s go back
    # to the box.
    for rnd, count in enumerate(per_round, start=1):
        g = blank(rules, n)
        g.start_planning(first_player=0, rnd=rnd)
        values = sorted({o // 8 for o in g.legal_options()})
        expected = {1: [1, 2, 4, 5], 2: [1, 2, 4, 5], 3: [1, 2, 4, 5], 4: [1, 2, 3, 4, 5] if n < 4 else [1, 2, 4, 5]}
        assert values == expected[rnd]
        placed = 0
        while g.phase == "planning":
            if g.decision_name == "bribe":
                g.apply(0)
                continue
            g.apply(g.legal_options()[0])
            placed += 1
        assert placed == n * count


def test_a_bribe_can_be_any_number_of_the_players_coins(rules):
    g = planning(rules, 2, coins=4)
    g.apply(1 * 8 + TAX)
    assert g.decision_name == "bribe" and g.legal_options() == [0, 1, 2, 3, 4]
