"""Rulebook «Атака», the casualty check («перевірка втрат», digest rurik.md §11): reveal 1 card,
+1 if the defender rules the region, +1 if the defender has a stronghold there; stop at the first
casualty symbol and remove one of the attacker's troops; discard every revealed card."""
from tests.rurik.helpers import MAIN, blank, card, do, opt_attack, opt_deed

SAFE = ("S03", "S04", "S05", "S07", "S11", "S12")     # cards without a casualty symbol (schemes.toml)
HIT = ("S01", "S06", "S09", "S13", "S16", "S17")      # cards with one


def battle(rules, defender_troops=1, stronghold=False, extra_attacker=1):
    g = blank(rules, 2)
    g.set_units(0, "Kiev", 1 + extra_attacker)
    g.set_units(1, "Kiev", defender_troops)
    if stronghold:
        g.set_structure("Kiev", "stronghold", 1)
    return g


def attack_with(g, deck_cards):
    g.set_deck(0, [card(g, k) for k in deck_cards])
    g.set_deck(1, [card(g, k) for k in SAFE[:3]])
    g.start_turn(0, "attack", row=0)
    do(g, MAIN, opt_attack(g, "Kiev", 1))


def test_one_card_when_the_defender_neither_rules_nor_has_a_stronghold(rules):
    g = battle(rules, defender_troops=1)
    attack_with(g, [HIT[0], SAFE[0]])             # top = SAFE[0]
    assert g.decision_name == "deck" and g.current_player == 0   # the attacker picks the deck
    g.apply(0)
    assert g.decks()[2] == [card(g, SAFE[0])]   # one revealed, then discarded
    assert g.region_state("Kiev")["troops"][0] == 2


def test_a_casualty_symbol_costs_the_attacker_one_troop_and_stops_the_reveal(rules):
    g = battle(rules, defender_troops=3, stronghold=True)   # defender rules before and after
    attack_with(g, [SAFE[1], SAFE[0], HIT[1]])              # 3 cards due; the first one hits
    g.apply(0)
    assert g.decks()[2] == [card(g, HIT[1])]
    assert g.region_state("Kiev")["troops"][0] == 1


def test_ruling_defender_and_stronghold_add_one_card_each(rules):
    # defender: 3 troops + stronghold vs attacker 2 -> after losing one, still rules (2+1 > 2)
    g = battle(rules, defender_troops=3, stronghold=True)
    attack_with(g, [HIT[0], SAFE[1], SAFE[0]])               # the 3rd card would hit
    g.apply(0)
    assert len(g.decks()[2]) == 3
    assert g.region_state("Kiev")["troops"][0] == 1


def test_rule_is_judged_after_the_defenders_troop_is_removed(rules):
    # the seed's order: the opponent removes a troop, then the check; 2 vs 2 -> 1 vs 2: the
    # defender no longer rules, so only 1 card
    g = battle(rules, defender_troops=2, extra_attacker=0)
    g.set_units(0, "Kiev", 2)
    attack_with(g, [HIT[0], SAFE[0]])
    g.apply(0)
    assert len(g.decks()[2]) == 1


def test_a_deed_sword_reveals_one_card_fewer(rules):
    # «1 меч (відкривайте на одну карту менше під час перевірки втрат)»: Hire Mercenaries
    g = battle(rules, defender_troops=1)
    g.set_player(0, goods={"fish": 1, "ore": 1}, coins=2, deeds=["Hire Mercenaries"])
    g.set_deck(0, [card(g, HIT[0])])
    g.start_turn(0, "tax", row=0)
    do(g, opt_deed(g, "Hire Mercenaries"), opt_attack(g, "Kiev", 1, minus=True))
    assert g.decision_name == "turn"                  # 0 cards: no check at all
    assert g.decks()[2] == [] and g.region_state("Kiev")["troops"][0] == 2
    assert g.player(0)["warfare"] == 1


def test_an_attack_costs_the_attacker_at_most_one_troop_and_the_leader_last(rules):
    g = blank(rules, 2)
    g.set_units(0, "Kiev", 1, leader=True)
    g.set_units(1, "Kiev", 1)
    attack_with(g, [HIT[0]])
    g.apply(0)
    st = g.region_state("Kiev")
    assert st["troops"][0] == 0 and st["leaders"] == [0]
