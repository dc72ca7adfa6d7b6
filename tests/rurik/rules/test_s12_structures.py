"""Rulebook «Будівництво»: Church, Market, Stronghold (digest rurik.md §12)."""
from tests.rurik.helpers import END, MAIN, REBEL, blank, card, do, opt_attack, opt_build, opt_tax


def test_church_removes_a_rebel_without_reward_and_places_your_troop(rules):
    # «Церква: ... приберіть одного Бунтівника або ворожий Полк (але не Князя) ... Потім розмістіть
    # свій Полк ... Прибравши Бунтівника, поверніть його фігурку в коробку та не отримуйте винагороду.»
    g = blank(rules, 2)
    g.set_units(0, "Kiev", 2)
    g.set_rebels("Kiev", 1, reward=("coins", 2))
    g.start_turn(0, "build", row=0)
    do(g, MAIN, opt_build(g, "Kiev", "church"))
    st = g.region_state("Kiev")
    assert st["rebels"] == 0 and st["troops"][0] == 3 and st["structures"]["church"] == 0
    assert g.player(0)["coins"] == 0 and g.player(0)["rebels_defeated"] == 1


def test_church_target_is_chosen_between_a_rebel_and_an_enemy_troop_never_a_leader(rules):
    g = blank(rules, 2)
    g.set_units(0, "Kiev", 2)
    g.set_units(1, "Kiev", 1, leader=True)
    g.set_rebels("Kiev", 1)
    g.start_turn(0, "build", row=0)
    do(g, MAIN, opt_build(g, "Kiev", "church"))
    assert g.decision_name == "church" and g.legal_options() == [1, REBEL]
    g.apply(1)
    st = g.region_state("Kiev")
    assert st["troops"][1] == 0 and st["leaders"] == [1] and st["rebels"] == 1
    assert g.player(1)["supply"] == 12


def test_church_removes_even_without_a_troop_in_supply(rules):
    g = blank(rules, 2)
    g.set_units(0, "Kiev", 12)
    g.set_rebels("Kiev", 1)
    g.start_turn(0, "build", row=0)
    do(g, MAIN, opt_build(g, "Kiev", "church"))
    assert g.region_state("Kiev")["rebels"] == 0 and g.region_state("Kiev")["troops"][0] == 12


def test_market_gives_an_extra_good_or_a_coin_when_you_tax_there(rules):
    g = blank(rules, 2)
    g.set_units(0, "Kiev", 1)
    g.set_structure("Kiev", "market", 0)
    g.start_turn(0, "tax", row=0)
    do(g, MAIN, opt_tax(g, "Kiev"))
    assert g.decision_name == "market" and g.legal_options() == [0, 1]
    g.apply(0)
    assert g.player(0)["goods"]["wood"] == 2
    g.set_region_good("Kiev")
    g.start_turn(0, "tax", row=0)
    do(g, MAIN, opt_tax(g, "Kiev"), 1)
    assert g.player(0)["goods"]["wood"] == 3 and g.player(0)["coins"] == 1


def test_an_opponents_market_gives_you_nothing(rules):
    g = blank(rules, 2)
    g.set_units(0, "Kiev", 1)
    g.set_structure("Kiev", "market", 1)
    g.start_turn(0, "tax", row=0)
    do(g, MAIN, opt_tax(g, "Kiev"))
    assert g.decision_name == "turn" and g.player(0)["goods"]["wood"] == 1


def test_stronghold_counts_for_rule_and_adds_a_casualty_card(rules):
    g = blank(rules, 2)
    g.set_units(0, "Kiev", 2)
    g.set_units(1, "Kiev", 1)
    g.set_structure("Kiev", "stronghold", 1)
    assert g.ruler("Kiev") == -1                 # 2 vs 1 + 1
    g.set_deck(0, [card(g, "S03"), card(g, "S04")])
    g.start_turn(0, "attack", row=0)
    do(g, MAIN, opt_attack(g, "Kiev", 1), 0)
    assert len(g.decks()[2]) == 2                # 1 + the stronghold (defender no longer rules)
