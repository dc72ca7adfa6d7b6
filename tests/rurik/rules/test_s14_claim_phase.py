"""Rulebook «3. Фаза Досягнень» (digest rurik.md §14): А claim tracks (text lost in the seed;
the board's thresholds are in its OCR table: Build 2,3,4,5,7 and Trade 3,5,7,9), Б income,
В deeds, Г exchange tokens, Д goods, Е round marker; the game ends after round 4."""
from tests.rurik.helpers import blank


def claims(g, s):
    return g.player(s)["claims"]


def test_example_e_two_ore_fill_their_boat_row_and_give_one_coin(rules):
    # Приклад Е: "У човні Ірини є дві руди, які повністю заповнюють відповідний ряд товарів. Вона
    # отримує 1 монету" (her markers are all on the board, so no marker income)
    g = blank(rules, 2)
    g.set_player(0, goods={"ore": 2}, claims={"rule": 1, "build": 1, "trade": 1}, warfare=1, coins=0)
    g.set_player(1, claims={"rule": 1, "build": 1, "trade": 1}, warfare=1, coins=0)
    g.set_units(0, "Kiev", 1)
    g.start_claim_phase(rnd=1)
    assert g.player(0)["coins"] == 1 and g.player(1)["coins"] == 0


def test_income_one_coin_per_marker_not_yet_on_the_board(rules):
    # «одна монета за кожен токен Досягнень та Війни, який ще не розміщений на полі Досягнень»
    g = blank(rules, 2)
    g.start_claim_phase(rnd=1)
    assert g.player(0)["coins"] == 4 and g.player(1)["coins"] == 4


def test_example_e_claim_tracks_advance_by_what_each_player_has(rules):
    # Приклад Е (claim step): round 2, Iryna rules 3 regions, has structures in 3 adjacent regions
    # and 3 goods on her boat; Nazar rules 3 regions, structures in 2 adjacent regions, 7 goods
    # on his boat. Seed thresholds: Build 3 -> space 2, 2 -> space 1; Trade 3 -> space 1,
    # 7 -> space 3.
    g = blank(rules, 2)
    iryna, nazar = 0, 1
    for r in ("Kiev", "Volyn", "Polotsk"):
        g.set_units(iryna, r, 1)
        g.set_structure(r, "market", iryna)
    for r in ("Rostov", "Smolensk", "Pereyaslavl"):
        g.set_units(nazar, r, 1)
    g.set_structure("Rostov", "church", nazar)
    g.set_structure("Smolensk", "church", nazar)
    g.set_player(iryna, goods={"wood": 1, "ore": 1, "fish": 1})
    g.set_player(nazar, goods={"wood": 3, "ore": 2, "fish": 2})
    assert g.claim_metric(iryna, "build") == 3 and g.claim_metric(nazar, "build") == 2
    assert g.claim_metric(iryna, "trade") == 3 and g.claim_metric(nazar, "trade") == 7
    g.start_claim_phase(rnd=2)
    assert claims(g, iryna)["build"] == 2 and claims(g, nazar)["build"] == 1
    assert claims(g, iryna)["trade"] == 1 and claims(g, nazar)["trade"] == 3
    assert claims(g, iryna)["rule"] > 0 and claims(g, nazar)["rule"] > 0


def test_goods_on_the_dock_do_not_count_for_trade(rules):
    # Trade counts goods on the boat: ore beyond its 2 boat slots stays on the dock (seed: two ore
    # fill the ore row)
    g = blank(rules, 2)
    g.set_player(0, goods={"ore": 5})
    assert g.claim_metric(0, "trade") == 2


def test_build_counts_the_largest_group_of_adjacent_regions(rules):
    g = blank(rules, 2)
    g.set_structure("Kiev", "market", 0)
    g.set_structure("Volyn", "church", 0)
    g.set_structure("Rostov", "church", 0)       # not adjacent to Kiev or Volyn
    assert g.claim_metric(0, "build") == 2
    g.set_structure("Kiev", "church", 0)         # a second structure in a region adds nothing
    assert g.claim_metric(0, "build") == 2


def test_claim_markers_do_not_move_down(rules):
    g = blank(rules, 2)
    g.set_player(0, claims={"trade": 3})
    g.start_claim_phase(rnd=1)
    assert claims(g, 0)["trade"] == 3


def test_deeds_are_taken_from_the_first_player_and_the_row_refills(rules):
    # «Починаючи з первого гравця, кожен учасник обирає одну карту Задуму ... Після обрання кожної
    # карти відкривайте нову карту»
    g = blank(rules, 3)
    g.set_token_holder(2)
    g.start_claim_phase(rnd=1)
    assert g.first_player == 2
    order = []
    while g.decision_name == "take_deed":
        order.append(g.current_player)
        assert len(g.legal_options()) == 3
        g.apply(g.legal_options()[0])
    assert order == [2, 0, 1]
    assert [len(g.player(s)["deeds_owned"]) for s in range(3)] == [1, 1, 1]
    assert g.phase == "planning" and g.round == 2


def test_exchange_tokens_turn_face_up_and_empty_regions_get_their_good_back(rules):
    g = blank(rules, 2)
    g.set_region_good("Kiev", present=False)
    g.set_units(0, "Kiev", 1)
    g.set_player(0, goods={"wood": 2})
    g.start_turn(0, "move", row=0)
    g.apply(90)                                   # build token: wood + wood
    g.start_claim_phase(rnd=1)
    while g.decision_name == "take_deed":
        g.apply(g.legal_options()[0])
    assert g.player(0)["exchange_used"] == [0, 0]
    assert g.region_state("Kiev")["good_present"] is True


def test_round_four_ends_the_game_after_the_claim_tracks(rules):
    g = blank(rules, 2)
    g.set_units(0, "Kiev", 1)
    g.start_claim_phase(rnd=4)
    assert g.is_over
    assert g.player(1)["coins"] == 0              # no income after round 4 (rules.toml default)
    assert claims(g, 0)["rule"] == 0              # 1 region ruled: below the first space
