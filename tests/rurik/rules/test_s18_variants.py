"""Rulebook «ВАРИАНТ ...» (digest rurik.md §18): alternate board, alternate rebel rewards,
alternate deed row."""
from simsuite._rurik import Game, RurikRules

from tests.rurik.helpers import MAIN, REBEL, blank, do, opt_attack


def test_alternate_deed_row_discards_the_other_two_and_reveals_three(rules):
    # «Після обрання гравцем карти Задуму у фазі Досягнень ... скиньте дві карти, що залишилися,
    # відкрийте з колоди три нові карти»
    r = RurikRules(variants=("alternate_deed_row",))
    g = blank(r, 2)
    before = g.deed_row()
    g.start_claim_phase(rnd=1)
    g.apply(before[0])
    after = g.deed_row()
    assert len(after) == 3 and not set(after) & set(before)


def test_standard_deed_row_replaces_only_the_taken_card(rules):
    g = blank(rules, 2)
    before = g.deed_row()
    g.start_claim_phase(rnd=1)
    g.apply(before[0])
    assert len(set(g.deed_row()) & set(before)) == 2


def test_alternate_rebel_rewards_come_from_a_shuffled_stack(rules):
    r = RurikRules(variants=("alternate_rebel_rewards",))
    totals = set()
    for seed in range(6):
        g = Game(r, seed, 2, leaders=["Agatha", "Maria"])
        g.clear_board()
        g.set_player(0, coins=0, goods={})
        g.set_units(0, "Kiev", 1)
        g.set_rebels("Kiev", 1, reward=("coins", 2))     # the base's reward is ignored
        g.start_turn(0, "attack", row=0)
        do(g, MAIN, opt_attack(g, "Kiev", REBEL))
        p = g.player(0)
        totals.add((p["coins"], tuple(p["goods"].values())))
    assert len(totals) > 1


def test_alternate_board_shuffles_the_goods_over_the_regions_in_play(rules):
    r = RurikRules(variants=("alternate_board",))
    base = sorted(Game(rules, 1, 3).region_state(x)["good"] for x in range(11))
    layouts = set()
    for seed in range(5):
        g = Game(r, seed, 3)
        goods = [g.region_state(x)["good"] for x in g.regions_in_play()]
        assert sorted(goods) == base
        layouts.add(tuple(goods))
    assert len(layouts) > 1
