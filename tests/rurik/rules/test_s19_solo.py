"""Rulebook «Соло-режим» (digest rurik.md §19): the Rebels led by Sviatopolk. Card and mat
contents used for the hand calculations are written out here from the public transcription
(shared/reference/rurik/solo.md), not read from the engine's data file."""
import pytest
from simsuite._rurik import Game

from tests.rurik.helpers import END, FINISH, FORFEIT, MAIN, blank, card, do, opt_attack, units

NEUTRAL = 5
# location orders of three Rebel cards (solo.md §8)
LOC = {
    1: ["Kiev", "Volyn", "Pereyaslavl", "Chernigov", "Polotsk", "Smolensk", "Rostov", "Novgorod"],
    3: ["Polotsk", "Kiev", "Pereyaslavl", "Chernigov", "Smolensk", "Novgorod", "Volyn", "Rostov"],
    12: ["Kiev", "Chernigov", "Rostov", "Pereyaslavl", "Smolensk", "Novgorod", "Volyn", "Polotsk"],
}
GREEN = ["Novgorod", "Rostov", "Polotsk", "Smolensk", "Volyn", "Kiev", "Chernigov", "Pereyaslavl"]


def solo(rules, level=1, seed=1, leader="Agatha"):
    g = Game(rules, seed, 2, leaders=[leader], solo_level=level)
    g.clear_board()
    g.set_player(0, coins=0, goods={}, hand=[])
    g.set_player(1, coins=0, goods={})
    return g


def acting(rules, level, bottom, priority=None):
    """The Rebels about to act with card `bottom` coming to the top, every mat space locked."""
    g = solo(rules, level=level)
    g.unlock_all(locked=True)
    g.set_rebel_deck(deck_with(bottom))
    if priority:
        g.set_priority(priority)
    return g


def deck_with(bottom, then=None):
    rest = [c for c in range(1, 19) if c not in (bottom, then)]
    return [bottom] + ([then] if then else []) + rest


# ------------------------------------------------------------------ setup
@pytest.mark.parametrize("level,start,mat_coins", [(1, "build", 6), (2, "tax", 7), (3, "attack_move", 8),
                                                    (4, "build", 9)])
def test_setup_priority_coins_and_mat(rules, level, start, mat_coins):
    # «покладіть три монети на док, а також по одній монеті на кожне відмічене місце»; the axe
    # column is the starting priority (mat contents per solo.md §1)
    g = Game(rules, 4, 2, solo_level=level)
    st = g.rebels_state()
    assert st["priority"] == start
    assert sum(map(sum, st["mat_coins"])) == mat_coins
    assert g.player(1)["coins"] == 3 and g.player(1)["leader"] == "Sviatopolk"


def test_setup_board_sviatopolk_rebels_and_neutral_troops(rules):
    # «розмістіть Святополка та двох Бунтівників у Києві. Потім розмістіть двох Бунтівників на
    # перших двох землях (не в Києві), вказаних на карті Повстанців»; neutral troops in the other 5
    checked = 0
    for seed in range(300):
        g = Game(rules, seed, 2, solo_level=2)
        top = g.rebels_state()["deck"][-1]
        if top not in LOC:
            continue
        firsts = [r for r in LOC[top] if r != "Kiev"][:2]
        assert g.region_state("Kiev")["troops"][1] == 2 and g.region_state("Kiev")["leaders"] == [1]
        for r in firsts:
            assert g.region_state(r)["troops"][1] == 2
        others = [r for r in GREEN if r not in firsts + ["Kiev"]]
        assert [g.region_state(r)["neutral"] for r in others] == [1] * 5
        assert all(g.region_state(r)["rebels"] == 0 for r in GREEN)
        # you place 3 troops, not in the Rebels' regions, and you are the first player
        assert g.decision_name == "agenda" and g.current_player == 0
        g.apply(g.legal_options()[0])
        assert g.decision_name == "setup_troop"
        assert sorted(g.legal_options()) == sorted(g.rules.region(r) for r in others)
        checked += 1
    assert checked >= 3


def test_you_are_always_first_and_only_you_keep_an_agenda(rules):
    g = Game(rules, 8, 2, solo_level=1)
    seen = []
    while g.phase != "planning":
        seen.append((g.decision_name, g.current_player))
        g.apply(g.legal_options()[0])
    assert seen == [("agenda", 0), ("setup_troop", 0), ("setup_troop", 0), ("setup_troop", 0), ("setup_leader", 0)]
    assert g.current_player == 0 and g.player(1)["agenda"] is None


# ------------------------------------------------------------------ planning
def test_reading_example_card_3_build_priority_round_1(rules):
    # digest §19.3: card 3, BUILD priority, round 1 (advisors 1, 2, 4, 5): rows 2 Move, 3* (locked),
    # 2* (locked), 4 Attack $, 5 Build, 1 Scheme -> 2 to Move, 4 to Attack (bribe to the top),
    # 5 to Build, 1 to Scheme, in that order
    g = solo(rules, level=1)
    g.set_player(1, coins=3)
    g.set_rebel_deck(deck_with(3))
    g.set_priority("build")
    g.start_planning(first_player=0)
    placements = []
    for v, col in ((5, 3), (4, 0), (2, 4), (1, 3)):       # you: Tax, Muster, Build, Tax
        g.apply(v * 8 + col)
        placements.append({k: list(x) for k, x in g.strategy_board().items()})
    rebels = [(c, v) for c, slots in placements[-1].items() for s, v, _ in slots if s == 1]
    assert sorted(rebels) == sorted([("move", 2), ("attack", 4), ("build", 5), ("scheme", 1)])
    order = [next((c, v) for c, slots in p.items() for s, v, _ in slots if s == 1 and (c, v) not in
                  [(c2, v2) for q in placements[:i] for c2, sl in q.items() for s2, v2, _ in sl if s2 == 1])
             for i, p in enumerate(placements)]
    assert order == [("move", 2), ("attack", 4), ("build", 5), ("scheme", 1)]


def test_coin_icon_bribes_exactly_enough_for_the_top_slot(rules):
    # card 3 BUILD: the 4 goes to Attack with a coin icon; your 5 tops Attack -> 2 coins make 6
    g = solo(rules, level=1)
    g.set_player(0, coins=0)
    g.set_player(1, coins=3)
    g.set_rebel_deck(deck_with(3))
    g.set_priority("build")
    g.start_planning(first_player=0)
    g.apply(5 * 8 + 2)                 # your 5 -> Attack; Rebels: 2 -> Move
    g.apply(4 * 8 + 3)                 # Rebels: 4 -> Attack, bribe 2
    assert g.strategy_board()["attack"] == [(1, 4, 2), (0, 5, 0)]
    assert g.player(1)["coins"] == 1


def test_equal_strength_to_yours_costs_one_coin_to_go_above(rules):
    # card 3 BUILD: the Rebels' first placement is the 2 to Move; your 2 is there already
    g = solo(rules, level=1)
    g.set_player(1, coins=3)
    g.set_rebel_deck(deck_with(3))
    g.set_priority("build")
    g.start_planning(first_player=0)
    g.apply(2 * 8 + 1)                 # your 2 -> Move
    assert g.strategy_board()["move"] == [(1, 2, 1), (0, 2, 0)]
    assert g.player(1)["coins"] == 2


def test_full_column_sends_the_advisor_to_the_next_column_right(rules):
    # card 3 BUILD, 1 -> Scheme; with Scheme full (3 slots, 2-player side) it wraps to Muster
    g = solo(rules, level=1)
    g.set_rebel_deck(deck_with(3))
    g.set_priority("build")
    g.start_planning(first_player=0, rnd=4)    # round 4: 1, 2, 2, 3, 4, 5 for both
    # rows of card 3 (BUILD): 2 Move, 3* Tax, 2* Muster, 4 Attack $, 5 Build, 1 Scheme
    for v, col in ((5, 5), (4, 3), (3, 4), (2, 5), (2, 2), (1, 5)):   # Scheme is full at the end
        g.apply(v * 8 + col)
    board = g.strategy_board()
    assert (1, 1, 0) in board["muster"]


# ------------------------------------------------------------------ actions
def test_rebel_turn_moves_the_bottom_card_to_the_top(rules):
    g = solo(rules, level=1)
    g.set_units(1, "Kiev", 1)
    g.set_rebel_deck(deck_with(12, 5))
    g.rebel_turn("tax", row=1)
    assert g.rebels_state()["deck"][-1] == 12 and g.rebels_state()["deck"][0] == 5


def test_rebels_cannot_pay_the_cost_forfeit_without_a_coin(rules):
    # «вони скасовують дію і не отримують монету із загального запасу»
    g = solo(rules, level=1)
    g.set_units(1, "Kiev", 1)
    g.rebel_turn("tax", row=2)                 # costs 1 coin, they have none
    assert g.player(1)["coins"] == 0 and g.region_state("Kiev")["good_present"]


def test_rebel_muster_sviatopolk_first_then_unruled_then_ruled_regions(rules):
    # card 1 order: Kiev, Volyn, Pereyaslavl, Chernigov, Polotsk, ...; top Muster = 3 helmets
    g = acting(rules, 1, 1)
    g.set_units(1, "Volyn", 1)
    g.set_units(0, "Volyn", 1)                 # tie: not ruled
    g.set_units(1, "Chernigov", 1)             # ruled
    g.rebel_turn("muster", row=0)
    # Sviatopolk first, in the first region of the order where they are present: Volyn
    assert g.region_state("Volyn")["leaders"] == [1]
    # 2 helmets left: Volyn is now ruled (2 vs 1), so no unruled region -> ruled ones in order
    assert units(g, 1, "Volyn") == 3 and units(g, 1, "Chernigov") == 2


def test_rebel_move_attack_move_priority_spreads_from_the_nearest_region(rules):
    # ATTACK/MOVE: one troop into each region without Rebels, in location order (card 12: Kiev,
    # Chernigov, Rostov, ...); from the nearest region with a spare troop, leaving 1
    g = acting(rules, 3, 12, "attack_move")
    g.set_units(1, "Kiev", 3)
    g.set_units(1, "Novgorod", 2)
    g.rebel_turn("move", row=1)                # 2 boots
    # Kiev has Rebels; Chernigov (next to Kiev) gets one from Kiev (1 step; Novgorod is 2);
    # Rostov then takes one from Novgorod (1 step) rather than Kiev (2 steps)
    assert units(g, 1, "Chernigov") == 1 and units(g, 1, "Rostov") == 1
    assert units(g, 1, "Kiev") == 2 and units(g, 1, "Novgorod") == 1


def test_rebel_move_never_hands_you_a_region(rules):
    g = acting(rules, 3, 12, "attack_move")
    g.set_units(1, "Kiev", 2)
    g.set_units(0, "Kiev", 1)                  # taking one leaves 1 vs 1: a tie is allowed
    g.set_units(1, "Volyn", 2)
    g.set_units(0, "Volyn", 2)                 # taking one would give you Volyn
    g.rebel_turn("move", row=2)                # 1 boot -> Chernigov
    assert units(g, 1, "Chernigov") == 1 and units(g, 1, "Kiev") == 1 and units(g, 1, "Volyn") == 2


def test_rebel_move_build_priority_goes_to_the_first_region_they_do_not_rule(rules):
    g = acting(rules, 1, 12, "build")
    g.set_units(1, "Kiev", 4, leader=True)
    g.rebel_turn("move", row=1)                # 2 boots: Kiev ruled; Chernigov is next
    assert units(g, 1, "Chernigov") == 2
    assert g.region_state("Chernigov")["leaders"] == [1]       # Sviatopolk moves first


def test_rebel_attack_you_first_then_neutral_and_you_pick_the_deck(rules):
    # «Якщо на землі присутні ваші та нейтральні Полки, то Повстанці насамперед атакуватимуть вас»;
    # «ви обираєте, з якої колоди карт Здобичі відкривати карти для перевірки втрат»
    g = acting(rules, 1, 12)
    g.set_units(1, "Kiev", 2)
    g.set_units(0, "Kiev", 1)
    g.set_neutral("Kiev", 1)
    g.set_deck(0, [card(g, "S03")])
    g.set_deck(1, [card(g, "S01")])
    g.rebel_turn("attack", row=0)              # 2 swords
    assert g.decision_name == "deck" and g.current_player == 0
    g.apply(1)                                  # a casualty symbol: one Rebel troop falls
    assert units(g, 0, "Kiev") == 0 and g.player(1)["warfare"] == 1
    assert units(g, 1, "Kiev") == 1
    assert g.region_state("Kiev")["neutral"] == 0 and g.phase == "test_done"


def test_rebel_tax_categories_and_their_market(rules):
    # A: ruled, boat column not full, first; their own market always adds a good
    g = solo(rules, level=1)
    g.unlock_all(locked=True)
    g.set_rebel_deck(deck_with(1))             # Kiev, Volyn, Pereyaslavl, Chernigov, ...
    g.set_region_good("Kiev", good="wood")
    g.set_region_good("Volyn", good="fish")
    g.set_units(1, "Kiev", 1)
    g.set_units(0, "Kiev", 1)                  # not ruled
    g.set_units(1, "Volyn", 1)                 # ruled
    g.set_structure("Volyn", "market", 1)
    g.rebel_turn("tax", row=1)                 # 1 cart: only a ruled region is affordable
    assert g.player(1)["goods"]["fish"] == 2 and g.region_state("Kiev")["good_present"]


def test_rebel_build_prefers_ruled_regions_without_their_structures(rules):
    # card 1 BUILD priority build order: church > stronghold > market; no church without your or
    # neutral troops there
    g = acting(rules, 1, 1)
    g.set_priority("build")
    g.set_units(1, "Kiev", 2)
    g.set_units(1, "Volyn", 3)
    g.set_units(0, "Volyn", 1)
    g.rebel_turn("build", row=0)               # 2 hammers
    # category 1 in order: Kiev (ruled, nothing of theirs) -> stronghold (no church target);
    # Volyn (ruled) -> a church, which removes your troop and adds a Rebel troop
    assert g.region_state("Kiev")["structures"]["stronghold"] == 1
    assert g.region_state("Volyn")["structures"]["church"] == 1
    assert units(g, 0, "Volyn") == 0 and units(g, 1, "Volyn") == 4


def test_rebel_scheme_unlocks_the_top_coin_of_the_priority_column(rules):
    # «пересуньте верхню монету з актуальної колонки пріоритету ... у док»; then open scheme
    # bonuses pay. Level 1 TAX column: tax -> +1 cart (locked), scheme -> +2 coins (locked).
    g = solo(rules, level=1)
    g.set_units(1, "Kiev", 1)
    g.set_priority("tax")
    before = g.rebels_state()["mat_coins"]
    assert before[2] == [1, 1]
    g.rebel_turn("scheme", row=0)
    assert g.rebels_state()["mat_coins"][2] == [0, 1] and g.player(1)["coins"] == 1
    g.rebel_turn("scheme", row=0)              # the scheme space opens and pays at once
    assert g.rebels_state()["mat_coins"][2] == [0, 0] and g.player(1)["coins"] == 1 + 1 + 2


def test_unlock_falls_back_to_the_leftmost_column_with_a_coin(rules):
    g = solo(rules, level=1)
    g.set_units(1, "Kiev", 1)
    g.set_priority("tax")
    for _ in range(3):
        g.rebel_turn("scheme", row=2)
    assert g.rebels_state()["mat_coins"][0] == [0, 1]


def test_attacking_a_neutral_troop_removes_it_without_reward_or_warfare(rules):
    g = solo(rules, level=1)
    g.set_units(0, "Kiev", 1)
    g.set_neutral("Kiev", 1)
    g.start_turn(0, "attack", row=0)
    do(g, MAIN, opt_attack(g, "Kiev", NEUTRAL))
    assert g.region_state("Kiev")["neutral"] == 0 and g.player(0)["warfare"] == 0
    assert g.decks()[2] == []


def test_neutral_troops_block_rule(rules):
    g = solo(rules, level=1)
    g.set_units(0, "Kiev", 1)
    g.set_neutral("Kiev", 1)
    assert g.ruler("Kiev") == -1


# ------------------------------------------------------------------ claim phase and scoring
def test_claim_priority_and_rebel_income(rules):
    # A: you occupy more regions -> ATTACK/MOVE; income 1 coin + 1 per full boat column
    g = solo(rules, level=1)
    g.set_units(0, "Kiev", 1)
    g.set_units(0, "Volyn", 1)
    g.set_units(1, "Rostov", 1)
    g.set_player(1, goods={"ore": 2})
    g.start_claim_phase(rnd=1)
    assert g.rebels_state()["priority"] == "attack_move"
    # you rule Kiev and Volyn: Rule space 1 against their 0 -> one bonus opens (+1 coin);
    # income 1 + 1 (the ore column); Sviatopolk's card musters nothing (he is off the board)
    assert g.player(1)["coins"] == 1 + 1 + 1


def test_claim_unlocks_one_bonus_per_track_where_you_lead(rules):
    g = solo(rules, level=1)
    g.set_player(0, claims={"trade": 2, "build": 1})
    g.set_units(1, "Rostov", 1)
    g.set_units(0, "Kiev", 1)
    g.start_claim_phase(rnd=1)
    # priority: you occupy 1 region, they 1; builds 0-0; boat 0-0 -> the axe column (BUILD)
    assert g.rebels_state()["priority"] == "build"
    # two tracks where you lead -> the BUILD column's top two locked coins (its first space is open)
    assert g.rebels_state()["mat_coins"][1] == [0, 0, 0]
    assert g.player(1)["coins"] == 2 + 1


def test_rebel_score_coins_and_dock_goods_by_threes_rounded_up(rules):
    # «1 переможний бал за кожні три монети, з округленням вгору»; dock goods (not the boat) alike
    g = solo(rules, level=1)
    g.set_player(1, coins=7, goods={"ore": 6})       # ore boat column holds 2 -> 4 on the dock
    r = g.scores()[1]
    assert r["rebel_coins"] == 3 and r["rebel_dock"] == 2 and r["coins"] == 0
    assert r["agenda"] == 0 and r["deeds"] == 0


@pytest.mark.parametrize("level", [1, 4])
def test_the_rebels_place_all_their_advisors_every_round(rules, level):
    # each round they place as many advisors as you: 4, 4, 5, 6 (the 2* joins in round 3, the 3*
    # in round 4), reading the bottom card again from its first row
    g = Game(rules, 21, 2, solo_level=level)
    counts = []
    while not g.is_over:
        if g.phase == "actions" and len(counts) < g.round:
            board = g.strategy_board()
            counts.append(sum(1 for slots in board.values() for s, _, _ in slots if s == 1))
        opts = g.legal_options()
        g.apply(opts[len(opts) // 2] if g.decision_name != "bribe" else 0)
    assert counts == [4, 4, 5, 6]


# ------------------------------------------------------------------ example І (movement)
# «Приклад I: Активний пріоритет Повстанців [значок], а послідовність земель починається з
# Переяслава та закінчується Волинню. Повстанці мають два чоботи ...». The text fixes the first and
# the last land of the sequence and the two boots; the active priority's icon and the illustration
# (the position and the moves) are lost. The card below is written here by hand: Pereyaslavl first,
# Volyn last, the middle six as public card 15 read backward (solo.md; a choice, the seed does not
# print them). Steps and build orders are irrelevant to moving and are filled in by hand too.
EXAMPLE_I = ["Pereyaslavl", "Chernigov", "Rostov", "Novgorod", "Polotsk", "Smolensk", "Kiev", "Volyn"]
# steps between the 8 lands of the 2-player map (neighbours from shared/reference/rurik/map.md):
# from Pereyaslavl: Chernigov, Kiev 1; Polotsk, Volyn, Rostov, Smolensk 2; Novgorod 3.
# from Novgorod: Rostov, Smolensk, Polotsk 1; Chernigov, Kiev, Volyn 2; Pereyaslavl 3.


@pytest.fixture(scope="module")
def example_i_rules():
    import dataclasses

    from simsuite._rurik import RurikRules
    from simsuite.games.rurik.data import ACTIONS, load_data

    def steps(*cells):
        return [(adv, ACTIONS.index(action), False) for adv, action in cells]

    placing = steps(("1", "move"), ("2", "attack"), ("2*", "muster"), ("3*", "tax"), ("4", "build"),
                    ("5", "scheme"))
    hand_card = {"number": 1, "locations": EXAMPLE_I,
                 **{p + "_build": ["church", "stronghold", "market"] for p in ("attack_move", "build", "tax")},
                 **{p + "_steps": placing for p in ("attack_move", "build", "tax")}}
    data = load_data()
    return RurikRules(dataclasses.replace(data, solo_cards=[hand_card] + data.solo_cards[1:]))


def example_i_position(rules, priority):
    """Every movement rule of «Рух» has a land that tests it (Rebels = seat 1, you = seat 0):
    Chernigov 1 Rebel (leave ≥ 1), Kiev 2 v your 2 (taking one hands you Kiev), Polotsk 2 v your 1
    (taking one makes a tie: allowed), Volyn Sviatopolk + 2 (free; Sviatopolk first), Rostov and
    Smolensk 1 Rebel each, Pereyaslavl and Novgorod empty."""
    g = acting(rules, 1, 1, priority)          # hand card 1 comes to the top; every mat bonus locked
    for land, rebels, yours in (("Chernigov", 1, 0), ("Rostov", 1, 0), ("Smolensk", 1, 0),
                                ("Kiev", 2, 2), ("Polotsk", 2, 1), ("Volyn", 2, 0)):
        g.set_units(1, land, rebels)
        g.set_units(0, land, yours)
    g.set_units(1, "Volyn", leader=True)
    return g


def rebel_units(g):
    return {land: (units(g, 1, land), g.region_state(land)["leaders"] == [1]) for land in EXAMPLE_I}


def test_example_i_card_is_the_hand_built_one(example_i_rules):
    names = example_i_rules.region_names
    assert [names[r] for r in example_i_rules.packed["solo_cards"][0]["locations"]] == EXAMPLE_I


def test_example_i_spread_priority(example_i_rules):
    # reading 1: the icon is the first bullet's ("по одному своєму Полку на кожну землю, де ще немає
    # їхніх військ, доки вони не будуть присутні на кожній землі АБО поки не закінчаться чоботи")
    g = example_i_position(example_i_rules, "attack_move")
    g.rebel_turn("move", row=1)                # row 2 of Move on the 1-2 player side: 2 boots
    # boot 1 -> Pereyaslavl (first land without Rebels). Nearest (1 step): Chernigov has only 1
    # (leave ≥ 1), Kiev 2 v 2 (1 v 2 would hand you Kiev). 2 steps: Polotsk (a tie after: allowed)
    # and Volyn tie on distance -> the land lower in the sequence, Volyn (8th) before Polotsk (5th);
    # Sviatopolk moves first. boot 2 -> Novgorod (next land without Rebels): Polotsk is 1 step
    # away and may give a troop (1 v 1 is a tie); Rostov and Smolensk (1 step) hold 1 only.
    assert rebel_units(g) == {
        "Pereyaslavl": (1, True), "Chernigov": (1, False), "Rostov": (1, False), "Novgorod": (1, False),
        "Polotsk": (1, False), "Smolensk": (1, False), "Kiev": (2, False), "Volyn": (2, False)}
    assert units(g, 0, "Polotsk") == 1 and g.ruler("Polotsk") == -1 and g.ruler("Kiev") == -1


@pytest.mark.parametrize("priority", ["build", "tax"])
def test_example_i_one_land_priority(example_i_rules, priority):
    # reading 2: the icon is one of the second bullet's ("переміщують війська на одну землю, якою
    # вони не володіють, доки не витратять усі чоботи"): the first land they do not rule is
    # Pereyaslavl; both boots go there. boot 1 as above (Sviatopolk from Volyn); boot 2: Chernigov
    # and Kiev still cannot give, Polotsk and Volyn (2 steps) tie -> Volyn again
    g = example_i_position(example_i_rules, priority)
    g.rebel_turn("move", row=1)
    assert rebel_units(g) == {
        "Pereyaslavl": (2, True), "Chernigov": (1, False), "Rostov": (1, False), "Novgorod": (0, False),
        "Polotsk": (2, False), "Smolensk": (1, False), "Kiev": (2, False), "Volyn": (1, False)}


def test_example_i_spread_stops_when_present_everywhere(example_i_rules):
    # «... доки вони не будуть присутні на кожній землі АБО поки не закінчаться чоботи»: with a Rebel
    # in Novgorod already, boot 1 fills Pereyaslavl and boot 2 is not used
    g = example_i_position(example_i_rules, "attack_move")
    g.set_units(1, "Novgorod", 1)
    g.rebel_turn("move", row=1)
    assert rebel_units(g)["Pereyaslavl"] == (1, True)
    assert rebel_units(g)["Volyn"] == (2, False) and rebel_units(g)["Polotsk"] == (2, False)


def test_example_i_no_land_can_give_no_move(example_i_rules):
    # every source blocked: Volyn's Sviatopolk alone (he is a unit: leaving him would empty Volyn),
    # Polotsk 2 v your 2 -> nothing moves, the boots are lost
    g = example_i_position(example_i_rules, "build")
    g.set_units(1, "Volyn", 0)
    g.set_units(0, "Polotsk", 2)
    before = rebel_units(g)
    g.rebel_turn("move", row=1)
    assert rebel_units(g) == before
