"""Rulebook appendix «Тлумачення карт Задумів» (digest rurik.md §17): every deed's cost,
requirement and reward, and every secret agenda's condition. Expected values restate the seed's
appendix; deed names are the English edition's (public, deeds.toml)."""
import pytest

from tests.rurik.helpers import MAIN, blank, card, do, opt_deed, units

BOOT_ONLY = {"move": 1}


def ready(rules, deed, **player):
    g = blank(rules, 2)
    g.set_units(0, "Kiev", 1)
    g.set_player(0, deeds=[deed], **player)
    return g


def can(g, deed):
    g.start_turn(0, "scheme", row=2)          # a turn whose main action leaves the pool empty
    return opt_deed(g, deed) in g.legal_options()


def accomplish(g, deed, *payments):
    g.start_turn(0, "scheme", row=2)
    do(g, opt_deed(g, deed), *payments)
    assert g.rules.deed_names.index(deed) in g.player(0)["deeds_done"]
    return g.player(0)


def pool(p):
    return {k: v for k, v in p["pool"].items() if v}


def test_amass_forces_six_troops_in_one_region_gives_a_boot(rules):
    g = ready(rules, "Amass Forces")
    g.set_units(0, "Kiev", 5)
    assert not can(g, "Amass Forces")
    g.set_units(0, "Kiev", 5, leader=True)      # the leader counts: 6
    assert pool(accomplish(g, "Amass Forces")) == BOOT_ONLY


def test_establish_fortress_two_wood_and_a_stronghold_with_a_church(rules):
    g = ready(rules, "Establish Fortress", goods={"wood": 2})
    g.set_structure("Kiev", "stronghold", 0)
    assert not can(g, "Establish Fortress")
    g.set_structure("Kiev", "church", 0)
    accomplish(g, "Establish Fortress")
    assert g.player(0)["goods"]["wood"] == 0 and g.decision_name == "deck"     # draw 2, keep 1


def test_honorable_prince_a_card_and_three_coins_give_two_helmets(rules):
    g = ready(rules, "Honorable Prince", coins=3, hand=[card(blank(rules), "S04")])
    p = accomplish(g, "Honorable Prince", card(g, "S04"))
    assert p["coins"] == 0 and p["hand"] == [] and pool(p) == {"muster": 2}


def test_reward_laborers_any_two_goods_and_two_coins(rules):
    g = ready(rules, "Reward Laborers", coins=2, goods={"fur": 1, "ore": 1})
    p = accomplish(g, "Reward Laborers", 4, 1)
    assert p["coins"] == 0 and sum(p["goods"].values()) == 0 and g.decision_name == "deck"


def test_generous_prince_four_coins_give_two_helmets(rules):
    g = ready(rules, "Generous Prince", coins=3)
    assert not can(g, "Generous Prince")
    g.set_player(0, coins=4)
    assert pool(accomplish(g, "Generous Prince")) == {"muster": 2}


def test_law_giver_needs_three_defeated_rebels(rules):
    g = ready(rules, "Law Giver", coins=2, rebels_defeated=2)
    assert not can(g, "Law Giver")
    g.set_player(0, rebels_defeated=3)
    p = accomplish(g, "Law Giver")
    assert p["coins"] == 0 and p["rebels_defeated"] == 3          # not consumed


def test_send_gifts_moves_two_troops_anywhere(rules):
    g = ready(rules, "Send Gifts", coins=2, goods={"fish": 1, "fur": 1})
    assert accomplish(g, "Send Gifts")["pool"]["anywhere"] == 2


def test_capital_city_needs_all_three_structures_in_one_region(rules):
    g = ready(rules, "Capital City")
    g.set_structure("Kiev", "church", 0)
    g.set_structure("Kiev", "stronghold", 0)
    g.set_structure("Volyn", "market", 0)
    assert not can(g, "Capital City")
    g.set_structure("Kiev", "market", 0)
    assert pool(accomplish(g, "Capital City")) == {"tax": 1}


def test_grand_hunter_needs_the_first_player_token_and_two_fur(rules):
    g = ready(rules, "Grand Hunter", goods={"fur": 2})
    g.set_token_holder(1)
    assert not can(g, "Grand Hunter")
    g.set_token_holder(0)
    assert pool(accomplish(g, "Grand Hunter")) == BOOT_ONLY


def test_defensive_belt_three_adjacent_strongholds_give_a_sword_with_one_card_fewer(rules):
    g = ready(rules, "Defensive Belt")
    for r in ("Kiev", "Volyn", "Rostov"):          # Rostov touches neither
        g.set_structure(r, "stronghold", 0)
    assert not can(g, "Defensive Belt")
    g.set_structure("Rostov", "stronghold", None)
    g.set_structure("Polotsk", "stronghold", 0)     # Volyn - Polotsk - Kiev: connected
    assert accomplish(g, "Defensive Belt")["pool"]["sword_minus"] == 1


def test_tithe_payments_three_adjacent_churches_give_three_coins(rules):
    g = ready(rules, "Tithe Payments")
    for r in ("Kiev", "Volyn", "Polotsk"):
        g.set_structure(r, "church", 0)
    assert accomplish(g, "Tithe Payments")["coins"] == 3


def test_great_library_and_master_beekeeper_give_a_hammer(rules):
    g = ready(rules, "Great Library", goods={"ore": 1}, hand=[card(blank(rules), "S05")])
    assert pool(accomplish(g, "Great Library", card(g, "S05"))) == {"build": 1}
    g = ready(rules, "Master Beekeeper", goods={"honey": 2}, hand=[card(blank(rules), "S05")])
    assert pool(accomplish(g, "Master Beekeeper", card(g, "S05"))) == {"build": 1}


def test_dispatch_messengers_needs_troops_in_eight_regions(rules):
    g = ready(rules, "Dispatch Messengers")
    names = ["Novgorod", "Rostov", "Polotsk", "Smolensk", "Volyn", "Kiev", "Chernigov"]
    for r in names:
        g.set_units(0, r, 1)
    assert not can(g, "Dispatch Messengers")
    g.set_units(0, "Pereyaslavl", 1)
    assert pool(accomplish(g, "Dispatch Messengers")) == {"muster": 2}


def test_hire_mercenaries_and_enforce_peace(rules):
    g = ready(rules, "Hire Mercenaries", goods={"fish": 1, "ore": 1}, coins=2)
    assert accomplish(g, "Hire Mercenaries")["pool"]["sword_minus"] == 1
    g = ready(rules, "Enforce Peace", goods={"wood": 1, "honey": 1}, rebels_defeated=1)
    assert not can(g, "Enforce Peace")
    g.set_player(0, rebels_defeated=2)
    assert accomplish(g, "Enforce Peace")["pool"]["sword_minus"] == 1


def test_new_beginning_removes_one_of_your_structures_for_two_carts(rules):
    g = ready(rules, "New Beginning")
    assert not can(g, "New Beginning")
    g.set_structure("Kiev", "market", 0)
    p = accomplish(g, "New Beginning", rules.region("Kiev") * 4 + 2)
    assert pool(p) == {"tax": 2} and p["structures_left"] == [3, 3, 3]
    assert g.region_state("Kiev")["structures"]["market"] is None


def test_trade_route_and_hoard(rules):
    g = ready(rules, "Trade Route", goods={"wood": 2, "ore": 1})
    assert not can(g, "Trade Route")                 # only 2 types
    g.set_player(0, goods={"wood": 1, "ore": 1, "fur": 1})
    p = accomplish(g, "Trade Route", 0, 1, 4)
    assert p["coins"] == 2 and sum(p["goods"].values()) == 0
    g = ready(rules, "Hoard", goods={"wood": 2, "ore": 3})
    accomplish(g, "Hoard", 1)
    assert g.player(0)["goods"] == {"wood": 2, "ore": 0, "fish": 0, "honey": 0, "fur": 0}


def test_peace_maker_two_troops_from_a_region_you_rule(rules):
    g = ready(rules, "Peace Maker")
    g.set_units(0, "Kiev", 2)
    g.set_units(1, "Kiev", 2)
    assert not can(g, "Peace Maker")                 # a tie: nobody rules Kiev
    g.set_units(0, "Kiev", 3)
    accomplish(g, "Peace Maker", rules.region("Kiev") * 2)
    assert g.legal_options() == [rules.region("Kiev") * 2]       # the same region again
    g.apply(rules.region("Kiev") * 2)
    assert units(g, 0, "Kiev") == 1


def test_border_patrols_victory_march_retire_veterans_remove_troops(rules):
    g = ready(rules, "Victory March", hand=[card(blank(rules), "S04")])
    g.set_units(0, "Kiev", 3)
    p = accomplish(g, "Victory March", card(g, "S04"), rules.region("Kiev") * 2, rules.region("Kiev") * 2)
    assert units(g, 0, "Kiev") == 1 and p["pool"]["anywhere"] == 2
    g = ready(rules, "Retire Veterans", coins=2)
    g.set_units(0, "Kiev", 3)
    accomplish(g, "Retire Veterans", rules.region("Kiev") * 2, rules.region("Kiev") * 2)
    assert units(g, 0, "Kiev") == 1 and g.player(0)["coins"] == 0 and g.decision_name == "deck"


def test_wilderness_forts_gives_a_hammer(rules):
    g = ready(rules, "Wilderness Forts", goods={"ore": 1, "wood": 1}, coins=2)
    assert pool(accomplish(g, "Wilderness Forts")) == {"build": 1}


def test_a_deed_is_accomplished_at_most_once_per_turn(rules):
    g = blank(rules, 2)
    g.set_units(0, "Kiev", 1)
    g.set_player(0, deeds=["Generous Prince", "Honorable Prince"], coins=8, hand=[card(g, "S04")])
    g.start_turn(0, "scheme", row=2)
    g.apply(opt_deed(g, "Generous Prince"))
    assert opt_deed(g, "Honorable Prince") not in g.legal_options()


# ------------------------------------------------------------------ secret agendas
@pytest.mark.parametrize("agenda,mine,theirs", [
    ("Capable", {"goods": {"wood": 2, "fur": 1}}, {"goods": {"ore": 2}}),
    ("Courageous", {"rebels_defeated": 2}, {"rebels_defeated": 1}),
    ("Prosperous", {"claims": {"trade": 2}}, {"claims": {"trade": 1}}),
    ("Successful", {"claims": {"rule": 2}}, {"claims": {"rule": 1}}),
    ("Committed", {"claims": {"build": 3}}, {"claims": {"build": 1}}),
    ("Dignified", {"deeds_done": ["Hoard", "Trade Route"]}, {"deeds_done": ["Law Giver"]}),
    ("Wealthy", {"coins": 5}, {"coins": 4}),
    ("Conquering", {"warfare": 2}, {"warfare": 1}),
    ("Regal", {"goods": {"honey": 1, "fur": 1}}, {"goods": {"honey": 1, "wood": 5}}),
])
def test_agenda_met_with_the_most_and_missed_with_less(rules, agenda, mine, theirs):
    g = blank(rules, 2)
    g.set_player(0, agenda=agenda, **mine)
    g.set_player(1, **theirs)
    assert g.scores()[0]["agenda"] == 2
    g.set_player(0, **theirs)
    g.set_player(1, **mine)
    assert g.scores()[0]["agenda"] == 0


def test_esteemed_counts_regions_with_troops_ruled_or_not(rules):
    # «Волдарювати на землях не обов'язково.»
    g = blank(rules, 2)
    g.set_player(0, agenda="Esteemed")
    g.set_units(0, "Kiev", 1)
    g.set_units(0, "Volyn", 1)
    g.set_units(1, "Volyn", 3)
    g.set_units(1, "Rostov", 1)
    g.set_units(1, "Kiev", 0)
    assert g.scores()[0]["agenda"] == 2                # 2 regions each: tied, both meet it
    g.set_units(0, "Chernigov", 1)
    assert g.scores()[0]["agenda"] == 2
    g.set_units(1, "Smolensk", 1)
    g.set_units(1, "Pereyaslavl", 1)
    assert g.scores()[0]["agenda"] == 0
