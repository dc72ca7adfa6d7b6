"""Rulebook «Скликання Війська», «Переміщення», «Атака», «Збирання податі», «Будівництво»,
«Отримання Здобичі» (digest rurik.md §9)."""
from tests.rurik.helpers import (END, FINISH, MAIN, REBEL, blank, card, do, opt_attack, opt_build,
                                 opt_move, opt_move_leader, opt_muster, opt_tax, units)


def test_muster_only_where_you_already_have_a_troop(rules):
    g = blank(rules, 2)
    g.set_units(0, "Kiev", 1)
    g.start_turn(0, "muster", row=0)
    g.apply(MAIN)
    musters = [o for o in g.legal_options() if 200 <= o < 220]
    assert musters == [opt_muster(g, "Kiev")]
    do(g, *[opt_muster(g, "Kiev")] * 3)
    assert units(g, 0, "Kiev") == 4 and g.player(0)["supply"] == 12 - 4


def test_a_removed_leader_is_mustered_like_a_troop(rules):
    # «Якщо вашого Князя було усунуто з ігрового поля, ви можете розмістити його ... як і будь-який
    # інший Полк»
    g = blank(rules, 2)
    g.set_units(0, "Kiev", 1)
    g.start_turn(0, "muster", row=2)
    g.set_player(0, coins=1)
    g.start_turn(0, "muster", row=2)
    g.apply(MAIN)
    g.apply(opt_muster(g, "Kiev", leader=True))
    assert g.region_state("Kiev")["leaders"] == [0]


def test_move_steps_to_adjacent_regions_and_boots_can_be_split(rules):
    g = blank(rules, 2)
    g.set_units(0, "Kiev", 2)
    g.set_units(1, "Volyn", 1)
    g.set_rebels("Volyn", 1)
    g.start_turn(0, "move", row=0)             # 3 boots
    g.apply(MAIN)
    assert opt_move(g, "Kiev", "Novgorod") not in g.legal_options()   # not adjacent
    do(g, opt_move(g, "Kiev", "Volyn"), opt_move(g, "Volyn", "Polotsk"), opt_move(g, "Kiev", "Chernigov"))
    assert units(g, 0, "Polotsk") == 1 and units(g, 0, "Chernigov") == 1 and units(g, 0, "Kiev") == 0
    # moving through an occupied region starts no fight
    assert units(g, 1, "Volyn") == 1 and g.region_state("Volyn")["rebels"] == 1
    assert g.phase == "test_done" or g.decision_name == "turn"


def test_move_only_regions_in_play(rules):
    # 2 players: only the 8 green regions exist (Polotsk's neighbour Pskov is yellow)
    g = blank(rules, 2)
    g.set_units(0, "Polotsk", 1)
    g.start_turn(0, "move", row=0)
    g.apply(MAIN)
    assert opt_move(g, "Polotsk", "Pskov") not in g.legal_options()


def test_attacking_a_rebel_always_wins_and_pays_its_reward_without_a_casualty_check(rules):
    g = blank(rules, 2)
    g.set_units(0, "Kiev", 1)
    g.set_rebels("Kiev", 1, reward=("coins", 2))
    g.start_turn(0, "attack", row=0)
    decks = g.decks()
    do(g, MAIN, opt_attack(g, "Kiev", REBEL))
    assert g.region_state("Kiev")["rebels"] == 0
    assert g.player(0)["coins"] == 2 and g.player(0)["rebels_defeated"] == 1
    assert g.player(0)["warfare"] == 0 and g.decks() == decks


def test_attack_needs_your_troop_in_the_region(rules):
    g = blank(rules, 2)
    g.set_units(0, "Kiev", 1)
    g.set_units(1, "Volyn", 1)
    g.set_rebels("Volyn", 1)
    g.start_turn(0, "attack", row=0)
    g.apply(MAIN)
    assert [o for o in g.legal_options() if 780 <= o < 1020] == []


def test_attacking_a_player_removes_a_troop_before_the_leader_and_advances_warfare(rules):
    g = blank(rules, 2)
    g.set_units(0, "Kiev", 2)
    g.set_units(1, "Kiev", 1, leader=True)
    g.set_deck(0, [card(g, "S03")] * 1)         # no casualty symbol on top
    g.set_deck(1, [card(g, "S04")])
    g.start_turn(0, "attack", row=0)
    do(g, MAIN, opt_attack(g, "Kiev", 1))
    assert g.region_state("Kiev")["troops"][1] == 0 and g.region_state("Kiev")["leaders"] == [1]
    assert g.player(0)["warfare"] == 1
    g.apply(0)                                   # casualty check from deck 1
    g.apply(opt_attack(g, "Kiev", 1))            # the leader is the last one: now it goes
    assert g.region_state("Kiev")["leaders"] == [] and g.player(1)["leader_region"] == -1
    assert g.player(0)["warfare"] == 2


def test_tax_costs_one_cart_where_you_rule_and_two_elsewhere(rules):
    g = blank(rules, 2)
    g.set_units(0, "Kiev", 2)
    g.set_units(0, "Volyn", 1)
    g.set_units(1, "Volyn", 1)
    g.start_turn(0, "tax", row=0)               # 2 carts
    g.apply(MAIN)
    assert opt_tax(g, "Kiev") in g.legal_options() and opt_tax(g, "Volyn") in g.legal_options()
    g.apply(opt_tax(g, "Volyn"))                 # not ruled: both carts
    assert g.player(0)["goods"]["fish"] == 1 and g.region_state("Volyn")["good_present"] is False
    assert g.phase == "test_done" or opt_tax(g, "Kiev") not in g.legal_options()


def test_a_region_is_taxed_once_its_good_is_taken(rules):
    g = blank(rules, 2)
    g.set_units(0, "Kiev", 2)
    g.start_turn(0, "tax", row=0)
    do(g, MAIN, opt_tax(g, "Kiev"))
    assert opt_tax(g, "Kiev") not in g.legal_options()
    assert g.player(0)["goods"]["wood"] == 1


def test_build_costs_one_hammer_where_you_rule_and_two_elsewhere_one_of_each_kind(rules):
    g = blank(rules, 2)
    g.set_units(0, "Kiev", 1)
    g.set_units(1, "Kiev", 1)
    g.set_units(0, "Volyn", 1)
    g.start_turn(0, "build", row=0)             # 2 hammers
    g.apply(MAIN)
    do(g, opt_build(g, "Volyn", "market"), opt_build(g, "Volyn", "stronghold"))
    assert g.player(0)["structures_left"] == [3, 2, 2]
    g.start_turn(0, "build", row=0)
    g.apply(MAIN)
    assert opt_build(g, "Volyn", "market") not in g.legal_options()   # one of each kind
    g.apply(opt_build(g, "Kiev", "market"))                            # not ruled: 2 hammers
    assert g.phase == "test_done" or g.player(0)["pool"]["build"] == 0


def test_scheme_draws_keeps_one_and_returns_the_rest_on_top_in_chosen_order(rules):
    # «Візьміть з однієї з двох колод Здобичі стільки карт ... Додайте одну ... до вашої руки, а
    # решту покладіть долілиць на верх колоди в обраному вами порядку.»
    g = blank(rules, 2)
    g.set_units(0, "Kiev", 1)
    a, b, c, d = card(g, "S03"), card(g, "S04"), card(g, "S05"), card(g, "S11")
    g.set_deck(0, [d, c, b, a])                 # a on top
    g.start_turn(0, "scheme", row=1)            # row 2: 2 cards (no token pass)
    g.start_turn(0, "scheme", row=0)
    g.apply(0) if g.decision_name == "pass_token" else None
    g.apply(MAIN)
    assert g.decision_name == "deck"
    g.apply(0)
    assert g.decision_name == "keep" and g.legal_options() == sorted([a, b, c])
    g.apply(b)
    assert g.decision_name == "order"
    g.apply(a)                                   # a goes back on top, c under it
    assert g.decks()[0] == [d, c, a]
    assert g.player(0)["hand"] == [b]
    # the player knows the two cards it returned; the opponent does not
    assert g.observation(0)["known_top"][0] == [c, a] and g.observation(1)["known_top"][0] == []


def test_an_exhausted_deck_is_rebuilt_from_the_discards_and_the_other_deck(rules):
    # «Коли одну з двох колод карт Здобичі буде вичерпано, візьміть усі скинуті карти та другу
    # колоду Здобичі, об'єднайте їх разом, ретельно перемішайте та знову розділіть ... на дві
    # приблизно однакові колоди.»
    g = blank(rules, 2)
    g.set_units(0, "Kiev", 1)
    cards = [card(g, k) for k in ("S03", "S04", "S05", "S07", "S11", "S12", "S15", "S19")]
    g.set_deck(0, cards[:1])
    g.set_deck(1, cards[1:4])
    g.set_discard(cards[4:8])
    # make every other card unreachable for the count: they sit in the players' hands
    others = [c for c in range(27) if c not in cards]
    g.set_player(1, hand=others)
    g.start_turn(0, "scheme", row=1)            # 2 cards, from the first deck (it holds one)
    do(g, MAIN, 0)
    assert g.decision_name == "keep"
    d0, d1, discard = g.decks()
    # the single card was drawn, the deck ran out: 3 + 4 cards were shuffled and split 4 / 3,
    # then the second card came from the rebuilt deck
    assert discard == [] and len(d0) + len(d1) == 6 and sorted(map(len, (d0, d1))) == [3, 3]
    kept = g.legal_options()
    assert kept[0] in cards and len(kept) == 2 and cards[0] in kept
