"""Rulebook «2. Фаза Дій», «АКТИВАЦІЯ РАДНИКІВ», «ВИКОНАННЯ ДІЙ», «Вартість у монетах»,
«Скасовані дії», the note on players with no troops on the board, and the first-player token
of the Scheme column (digest rurik.md §8)."""
from tests.rurik.helpers import END, FINISH, FORFEIT, MAIN, blank, do, opt_muster

MUSTER, MOVE, ATTACK, TAX, BUILD, SCHEME = range(6)


def play_planning(g, plan):
    """plan: list of (value, column, bribe) in placement order."""
    for v, c, b in plan:
        g.apply(v * 8 + c)
        if g.decision_name == "bribe":
            g.apply(b)


def test_example_g_lowest_advisor_first_clockwise_from_the_first_player(rules):
    # Приклад Г: Nazar (first player) activates his 1, gets two hammers, his 3 bribe coins go to
    # the supply; then Iryna her 1, then Oleksiy his 1, before anyone's 2s.
    g = blank(rules, 3)
    for s in range(3):
        g.set_units(s, "Kiev", 1)
    g.set_player(0, coins=3)
    g.start_planning(first_player=0)
    # seat 0 = Nazar, 1 = Iryna, 2 = Oleksiy
    play_planning(g, [(2, MOVE, 0), (2, BUILD, 0), (2, TAX, 0), (1, BUILD, 3)])
    assert g.strategy_board()["build"][0] == (0, 1, 3)
    assert g.player(0)["coins"] == 0          # the bribe left his dock when placed
    play_planning(g, [(1, TAX, 0), (1, MUSTER, 0),
                      (4, ATTACK, 0), (4, MUSTER, 0), (4, MOVE, 0),
                      (5, SCHEME, 0), (5, ATTACK, 0), (5, SCHEME, 0)])
    assert g.decision_name == "turn" and g.current_player == 0
    g.apply(MAIN)
    assert g.player(0)["pool"]["build"] == 2 and g.player(0)["coins"] == 0
    g.apply(FINISH)
    g.apply(END)
    order = []
    while g.phase == "actions" and len(order) < 5:
        if g.decision_name == "turn":
            order.append(g.current_player)
            g.apply(FORFEIT)
            g.apply(END)
        else:
            g.apply(g.legal_options()[0])
    assert order == [1, 2, 0, 1, 2]
    assert g.player(0)["coins"] == 1          # one forfeit; the bribe never came back


def test_the_top_build_slot_gives_two_hammers(rules):
    # Приклад Г: "активує свого радника (1), отримуючи два молотки" (top of Build, 3 players)
    g = blank(rules, 3)
    g.set_units(0, "Kiev", 1)
    g.start_turn(0, "build", row=0)
    g.apply(MAIN)
    assert g.player(0)["pool"]["build"] == 2


def test_a_coin_cost_is_paid_and_without_coins_the_action_can_only_be_forfeited(rules):
    # «Вартість у монетах»; «Скасовані дії»: cancel and take 1 coin
    g = blank(rules, 2)
    g.set_units(0, "Kiev", 1)
    g.start_turn(0, "muster", row=2)          # 2-player side, bottom Muster slot costs a coin
    assert MAIN not in g.legal_options() and FORFEIT in g.legal_options()
    g.apply(FORFEIT)
    assert g.player(0)["coins"] == 1
    g.set_player(0, coins=1)
    g.start_turn(0, "muster", row=2)
    g.apply(MAIN)
    assert g.player(0)["coins"] == 0 and g.player(0)["pool"]["muster"] == 1


def test_icons_need_not_all_be_used(rules):
    g = blank(rules, 2)
    g.set_units(0, "Kiev", 1)
    g.start_turn(0, "muster", row=0)
    do(g, MAIN, opt_muster(g, "Kiev"), FINISH, END)
    assert g.region_state("Kiev")["troops"][0] == 2
    assert g.phase == "test_done"


def test_a_player_with_nothing_on_the_board_may_place_leader_and_one_troop_anywhere(rules):
    # «коли гравець не має жодного Полку на ігровому полі, він може розмістити Князя та один Полк
    # на будь-якій землі відразу після активації свого наступного Радника»
    g = blank(rules, 2)
    g.set_units(1, "Kiev", 1)
    g.start_turn(0, "move", row=0)
    assert g.decision_name == "reenter" and g.current_player == 0
    g.apply(rules.region("Smolensk"))
    st = g.region_state("Smolensk")
    assert st["troops"][0] == 1 and st["leaders"] == [0]
    assert g.decision_name == "turn"


def test_the_top_scheme_advisor_passes_the_first_player_token_effective_in_the_claim_phase(rules):
    # «Гравець, який займає верхню позицію у Колонці "Отримання Здобичі", передає токен Першого
    # Гравця будь-якому учаснику ... На початку фази Досягнень цей учасник стає першим гравцем.»
    g = blank(rules, 3)
    g.set_units(1, "Kiev", 1)
    g.start_turn(1, "scheme", row=0)
    assert g.decision_name == "pass_token" and g.legal_options() == [0, 1, 2]
    g.apply(2)
    assert g.token_holder == 2 and g.first_player != 2 or g.first_player == 2
    first_before = g.first_player
    g.apply(FORFEIT)
    g.apply(END)
    assert g.first_player == first_before      # not yet: only at the claim phase
    g.start_claim_phase(rnd=1)
    assert g.first_player == 2


def test_activation_of_two_equal_advisors_is_the_owners_choice(rules):
    # «Якщо у вас є два Радники з однаковою ініціативою, оберіть одного з них»
    g = blank(rules, 2)
    for s in range(2):
        g.set_units(s, "Kiev", 1)
    g.start_planning(first_player=0, rnd=3)    # round 3: advisors 1, 2, 2, 4, 5
    play_planning(g, [(2, MUSTER, 0), (1, MUSTER, 0), (2, MOVE, 0), (2, MOVE, 0), (1, TAX, 0),
                      (2, TAX, 0), (4, ATTACK, 0), (4, ATTACK, 0), (5, BUILD, 0), (5, BUILD, 0)])
    for _ in range(2):                          # both 1s first
        assert g.decision_name == "turn"
        do(g, FORFEIT, END)
    assert g.decision_name == "activate" and g.current_player == 0
    assert g.legal_options() == [MUSTER * 4 + 0, MOVE * 4 + 0]
