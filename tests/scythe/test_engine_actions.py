"""Turn structure, top-row and bottom-row actions (Rulebook 000 "ПЕРЕБІГ ГРИ",
"ДІЇ ВЕРХНЬОГО РЯДУ", "ДІЇ НИЖНЬОГО РЯДУ", "ВЛАСТИВОСТІ НАЦІЙ"; digest §6, §7, §9, §10, §12).

Mats (reference player-mats.md): Patriotic = Move/Upgrade (oil 2, $1) · Bolster/Deploy
(metal 4, $3) · Trade/Build (wood 4, $0) · Produce/Enlist (food 3, $2); Mechanical =
Trade/Upgrade · Bolster/Deploy · Move/Build · Produce/Enlist.
"""
from tests.scythe.conftest import blank_game, do, seat_of, section_of

CHAR, MECH0, W0, W1, W2, W3 = 0, 1, 5, 6, 7, 8


def saxony_game(rules, **player):
    g = blank_game(rules, ["saxony", "polania"], ["patriotic", "mechanical"])
    s = seat_of(g, "saxony")
    g.set_unit(s, W0, 41)
    g.set_unit(s, W1, 48)
    if player:
        g.set_player(s, **player)
    return g, s


def test_section_must_differ_from_last_turn_except_rusviet(rules):
    # Rulebook "ВАШ ХІД" step 1; Relentless (§12) also covers the Factory card.
    g, s = saxony_game(rules, last_section=2)
    g.begin_turn(s)
    assert g.decision_name == "section" and g.legal_options() == [0, 1, 3]
    g.set_player(s, factory_card=g.rules.factory_ids[0], last_section=4)
    g.begin_turn(s)
    assert g.legal_options() == [0, 1, 2, 3]
    g.set_player(s, last_section=1)
    g.begin_turn(s)
    assert g.legal_options() == [0, 2, 3, 4]
    r = blank_game(rules, ["rusviet", "polania"], ["patriotic", "mechanical"])
    rs = seat_of(r, "rusviet")
    r.set_player(rs, last_section=2, factory_card=r.rules.factory_ids[0])
    r.begin_turn(rs)
    assert r.legal_options() == [0, 1, 2, 3, 4]


def test_empty_turn_still_moves_the_action_token(rules):
    # Rulebook "порожній хід": no action possible, the token still moves.
    g, s = saxony_game(rules, coins=0)
    g.begin_turn(s)
    do(g, "section", section_of(g, s, top="trade"))
    assert g.active_player != s or g.decision_name == "section"   # nothing was payable
    assert g.player(s)["last_section"] == section_of(g, s, top="trade")


def test_trade_needs_a_coin_and_a_worker_territory_and_may_split(rules):
    # Rulebook §7.2 Trade; split placement allowed (digest §24.1); Armory (§10).
    g, s = saxony_game(rules, coins=1)
    g.set_structure(s, "armory", 48)
    g.set_player(s, power=3)
    g.begin_turn(s)
    do(g, "section", section_of(g, s, top="trade"))
    assert g.legal_options() == [0, 300, 301, 401, 410, 411]
    do(g, "top", 301)                     # resources + the Armory's power
    assert g.player(s)["coins"] == 0 and g.player(s)["power"] == 4
    assert g.legal_options() == [4 * 41 + r for r in range(4)] + [4 * 48 + r for r in range(4)]
    do(g, "trade", 4 * 41 + 1)            # 1 metal on 41
    assert 0 in g.legal_options()         # a partial benefit may stop here
    do(g, "trade", 4 * 48 + 2)            # 1 wood on 48
    assert g.resources(41)["metal"] == 1 and g.resources(48)["wood"] == 1
    g2, s2 = saxony_game(rules, coins=1)
    for u in (W0, W1):
        g2.set_unit(s2, u, 5)             # all workers on the home base
    g2.begin_turn(s2)
    do(g2, "section", section_of(g2, s2, top="trade"))
    assert 300 not in g2.legal_options() and 410 in g2.legal_options()


def test_bolster_values_upgrades_and_monument(rules):
    # Rulebook §7.4 Bolster: $1 for +2 power or 1 card; upgraded +3 / 2 cards;
    # the Monument adds 1 popularity (§10).
    g, s = saxony_game(rules, coins=2, power=1, popularity=3)
    g.set_structure(s, "monument", 41)
    g.set_player(s, top_cubes=[1, 1, 1, 0, 1, 1], bottom_cubes=[0, 1, 0, 0])
    g.begin_turn(s)
    do(g, "section", section_of(g, s, top="bolster"))
    opts = g.legal_options()
    assert 531 in opts and 541 not in opts        # power up to 3 (upgraded)
    assert 611 in opts and 621 not in opts        # 1 card (not upgraded)
    do(g, "top", 531)
    p = g.player(s)
    assert (p["coins"], p["power"], p["popularity"]) == (1, 4, 4)


def test_produce_cost_grows_with_workers_on_the_board(rules):
    # Rulebook §7.3 Produce cost: the uncovered boxes (digest table: 4+ workers
    # 1 power, 6+ also 1 popularity, 8 also $1).
    sec = None
    for n_workers, power, pop, coins, offered in (
            (3, 0, 0, 0, True), (4, 0, 5, 5, False), (4, 1, 0, 0, True),
            (6, 1, 0, 5, False), (6, 1, 1, 0, True), (8, 1, 1, 0, False), (8, 1, 1, 1, True)):
        g, s = saxony_game(rules, power=power, popularity=pop, coins=coins)
        for k in range(n_workers):
            g.set_unit(s, W0 + k, 41 if k % 2 == 0 else 48)
        sec = section_of(g, s, top="produce")
        g.begin_turn(s)
        do(g, "section", sec)
        assert (700 in g.legal_options()) == offered, (n_workers, power, pop, coins)
        if offered:
            do(g, "top", 700)
            p = g.player(s)
            assert (p["power"], p["popularity"], p["coins"]) == (0, 0, 0)


def test_produce_each_worker_makes_one_and_villages_make_workers(rules):
    # Rulebook §7.3: every worker on a chosen territory produces 1; villages
    # produce workers from the mat, leftmost first; partial production allowed.
    g, s = saxony_game(rules)
    g.set_unit(s, W2, 41)                 # 2 workers on mountain 41, 1 on tundra 48
    g.set_unit(s, W3, 42)                 # 1 worker on village 42
    g.begin_turn(s)
    do(g, "section", section_of(g, s, top="produce"))
    do(g, "top", 700)
    opts = g.legal_options()
    assert opts == [16 * 41 + 1, 16 * 41 + 2, 16 * 42 + 1, 16 * 48 + 1]
    do(g, "produce", 16 * 42 + 1)         # a new worker: the leftmost left on the mat
    assert g.unit_cell(s, W0 + 4) == 42
    do(g, "produce", 16 * 41 + 1)         # only 1 of the 2 metal
    assert g.resources(41)["metal"] == 1
    assert g.legal_options() != [] and g.decision_name != "produce"   # 2 territories used


def test_mill_is_an_extra_territory_producing_like_a_worker(rules):
    # Rulebook §10 Mill; only while its territory is controlled.
    g, s = saxony_game(rules)
    g.set_unit(s, W2, 42)
    g.set_structure(s, "mill", 41)
    g.begin_turn(s)
    do(g, "section", section_of(g, s, top="produce"))
    do(g, "top", 700)
    assert 16 * 41 + 2 in g.legal_options()         # 1 worker + the Mill
    do(g, "produce", 16 * 41 + 2)
    do(g, "produce", 16 * 48 + 1)
    do(g, "produce", 16 * 42 + 1)                   # still a 2nd ordinary territory
    assert g.resources(41)["metal"] == 2 and g.resources(48)["oil"] == 1
    # an enemy unit on the Mill's territory: no production there
    g2, s2 = saxony_game(rules)
    p2 = seat_of(g2, "polania")
    g2.set_structure(s2, "mill", 42)
    g2.set_unit(p2, W0, 42)
    g2.begin_turn(s2)
    do(g2, "section", section_of(g2, s2, top="produce"))
    do(g2, "top", 700)
    assert all(o // 16 != 42 for o in g2.legal_options())


def test_bottom_action_pays_from_any_territories_and_coins_are_optional(rules):
    # Rulebook "ДІЇ НИЖНЬОГО РЯДУ": pay the full cost from controlled territories
    # (§4.3), gain the coins (may be refused), then the effect.
    g, s = saxony_game(rules, coins=0)
    g.set_resources(41, {"food": 2})
    g.set_resources(48, {"food": 2})
    g.set_resources(42, {"food": 5})      # nobody controls 42: not spendable
    sec = section_of(g, s, bottom="enlist")
    g.begin_turn(s)
    do(g, "section", sec)
    do(g, "top", 0)
    assert g.legal_options() == [0, 1, 2, 3, 4]
    do(g, "bottom", 1)
    assert g.legal_options() == [4 * 41 + 3, 4 * 48 + 3]
    do(g, "pay", 4 * 41 + 3)
    do(g, "pay", 4 * 41 + 3)              # Patriotic Enlist costs 3 food; the 3rd can only
    do(g, "enlist", 4 * 0 + 2)            # come from 48 (applied at once); Upgrade's recruit
    p = g.player(s)
    assert p["coins"] == 2 and p["recruits"] == [True, False, False, False]
    assert p["onetime_used"] == [False, False, True, False]
    assert g.resources(42)["food"] == 5 and g.resources(48)["food"] == 1


def test_exhausted_bottom_action_still_pays_coins(rules):
    # Rulebook "ВИЧЕРПАННЯ ДІЇ": no structure left to build, still payable for coins.
    g, s = saxony_game(rules, coins=0)
    for k, c in enumerate((42, 43, 35, 36)):
        g.set_structure(s, k, c)
    g.set_player(s, star_placed={"structures": True})
    g.set_resources(41, {"metal": 4})
    g.begin_turn(s)
    do(g, "section", section_of(g, s, bottom="deploy"))   # Bolster unaffordable: skipped
    do(g, "bottom", 2)                    # decline the coins; the effect still follows
    assert g.decision_name == "deploy"
    do(g, "deploy", g.legal_options()[0])
    assert g.player(s)["coins"] == 0
    g2, s2 = saxony_game(rules, coins=0)
    for k, c in enumerate((42, 43, 35, 36)):
        g2.set_structure(s2, k, c)
    g2.set_resources(41, {"wood": 4})
    g2.begin_turn(s2)
    do(g2, "section", section_of(g2, s2, bottom="build"))   # Trade unaffordable: skipped
    assert g2.legal_options() == [0, 1]   # Patriotic Build pays $0 and has nothing to build
    do(g2, "bottom", 1)
    assert g2.resources(41)["wood"] == 0


def test_upgrade_moves_a_cube_and_changes_both_rows(rules):
    # Rulebook §9.1 Upgrade.
    g, s = saxony_game(rules, coins=0)
    g.set_resources(41, {"oil": 2, "food": 9})
    g.begin_turn(s)
    do(g, "section", section_of(g, s, bottom="upgrade"))
    do(g, "top", 0)
    do(g, "bottom", 1)
    # Patriotic: Upgrade 2->2 (no box), Deploy 4->1, Build 4->2, Enlist 3->2
    assert g.legal_options() == [4 * tc + b for tc in range(6) for b in (1, 2, 3)]
    do(g, "upgrade", 4 * 5 + 3)           # Produce +1 territory, Enlist 1 food cheaper
    p = g.player(s)
    assert p["top_cubes"][5] is False and p["bottom_cubes"] == [0, 0, 0, 1]
    assert p["coins"] == 1


def test_deploy_needs_an_own_worker_territory_and_never_a_lake(rules):
    # Rulebook §9.2 Deploy.
    g = blank_game(rules, ["polania", "nordic"], ["patriotic", "mechanical"])
    p = seat_of(g, "polania")
    sub = g.rules.data.factions["polania"].mech_abilities.index("submerge")
    g.set_mech_deployed(p, sub, True, 14)
    g.set_unit(p, W0, 14)                 # a worker on a lake
    g.set_unit(p, W1, 21)
    g.set_resources(21, {"metal": 4})
    g.begin_turn(p)
    do(g, "section", section_of(g, p, bottom="deploy"))
    do(g, "top", 0)
    do(g, "bottom", 1)
    assert {o // 4 for o in g.legal_options()} == {21}
    do(g, "deploy", 4 * 21 + 0)
    assert g.unit_cell(p, MECH0) == 21 and g.player(p)["mechs_deployed"][0]


def test_build_one_structure_per_territory(rules):
    # Rulebook §9.3 Build: one structure per territory across all players.
    g, s = saxony_game(rules)
    pol = seat_of(g, "polania")
    g.set_structure(pol, "mill", 41)      # 41 has Saxony's worker but Polania's Mill
    g.set_resources(48, {"wood": 4})
    g.begin_turn(s)
    do(g, "section", section_of(g, s, bottom="build"))
    do(g, "top", 0)
    do(g, "bottom", 1)
    assert {o // 4 for o in g.legal_options()} == {48}


def test_recruit_ongoing_bonus_goes_to_the_actor_and_both_neighbours(rules):
    # Rulebook §9.4.2 (ВЕРБУВАННЯ, ЧЕРГОВІСТЬ ХОДІВ): active, left, right; not others.
    g = blank_game(rules, ["nordic", "rusviet", "crimea", "saxony"],
                   ["industrial", "engineering", "mechanical", "agricultural"])
    n, r, c, s = (seat_of(g, f) for f in ("nordic", "rusviet", "crimea", "saxony"))
    assert (n, r, c, s) == (0, 1, 2, 3)   # lowest mat first, then the faction cycle
    for seat in range(4):
        g.set_player(seat, popularity=5, recruits=[0, 0, 1, 0], onetime=[1, 0, 0, 0])
    g.set_unit(n, W0, 11)
    g.set_resources(11, {"wood": 3})
    g.begin_turn(n)
    do(g, "section", section_of(g, n, bottom="build"))
    do(g, "top", 0)
    do(g, "bottom", 1)
    do(g, "build", 4 * 11 + 0)
    pops = [g.player(x)["popularity"] for x in range(4)]
    assert pops == [6, 6, 5, 6]           # Nordic, left Rusviet, right Saxony; not Crimea


def test_recruit_bonus_once_in_a_two_player_game(rules):
    # Rulebook "ГРА ВДВОХ": the opponent is both neighbours but gains once.
    g, s = saxony_game(rules)
    p = seat_of(g, "polania")
    g.set_player(p, power=3, recruits=[1, 0, 0, 0], onetime=[1, 0, 0, 0])
    g.set_resources(41, {"oil": 2})
    g.begin_turn(s)
    do(g, "section", section_of(g, s, bottom="upgrade"))
    do(g, "top", 0)
    do(g, "bottom", 1)
    do(g, "upgrade", g.legal_options()[0])
    assert g.player(p)["power"] == 4


def test_crimea_coercion_pays_one_resource_per_turn_with_a_card(rules):
    # Rulebook §12 Coercion (ІНТРИГИ).
    g = blank_game(rules, ["crimea", "nordic"], ["mechanical", "patriotic"])
    c = seat_of(g, "crimea")
    g.set_unit(c, W0, 50)
    g.set_unit(c, W1, 54)
    g.set_resources(50, {"food": 2})      # Mechanical Enlist costs 4 food
    g.set_resources(54, {"food": 1})
    g.set_player(c, hand={2: 1, 5: 1}, coins=0)
    g.begin_turn(c)
    do(g, "section", section_of(g, c, bottom="enlist"))   # Produce on top: skip it
    do(g, "top", 0)
    assert 1 in g.legal_options()         # 3 food + 1 card
    do(g, "bottom", 1)
    assert g.legal_options() == [4 * 50 + 3, 4 * 54 + 3, 1002, 1005]
    do(g, "pay", 1002)                    # the card of value 2
    assert g.legal_options() == [4 * 50 + 3, 4 * 54 + 3]   # once per turn
    do(g, "pay", 4 * 54 + 3)
    assert g.decision_name == "enlist"    # the last 2 food could only come from 50
    assert g.player(c)["hand"] == {2: 0, 3: 0, 4: 0, 5: 1}
    assert g.resources(50)["food"] == 0 and g.resources(54)["food"] == 0


def test_objective_reveal_only_when_met_once_per_turn(rules):
    # Rulebook "ЦІЛІ" (§16): reveal a met objective before or after an action;
    # both cards go under the deck; one objective star; Saxony keeps the other.
    g, s = saxony_game(rules, coins=25)
    g.set_player(s, objectives=[12, 3])           # 12: at least 20 coins
    g.begin_turn(s)
    assert g.decision_name == "objective" and g.legal_options() == [0, 1]
    do(g, "objective", 1)
    p = g.player(s)
    assert p["objective_stars"] == 1 and p["stars"] == 1
    assert p["objectives"] == [-1, 3]             # Saxony keeps card 3 (Dominate)
    g2 = blank_game(rules, ["polania", "saxony"], ["patriotic", "mechanical"])
    p2 = seat_of(g2, "polania")
    g2.set_unit(p2, W0, 21)
    g2.set_player(p2, coins=25, objectives=[12, 3])
    g2.begin_turn(p2)
    do(g2, "objective", 1)
    assert g2.player(p2)["objectives"] == [-1, -1]
    assert g2.state()["objective_deck"][-2:] == [12, 3]
    # not offered when no held card is met
    g3, s3 = saxony_game(rules, coins=5)
    g3.set_player(s3, objectives=[12, 3])
    g3.begin_turn(s3)
    assert g3.decision_name == "section"


def test_enlisting_the_enlist_recruit_pays_its_bonus_from_the_next_action(rules):
    # Rulebook "ПЕРЕБІГ ГРИ": cost and benefit are the boxes exposed before the
    # action starts, so the Enlist recruit's +1 card starts with the next Enlist.
    g, s = saxony_game(rules, coins=0)
    g.set_resources(41, {"food": 6})
    g.set_combat_deck([2, 3, 4, 5, 2, 3])
    g.begin_turn(s)
    do(g, "section", section_of(g, s, bottom="enlist"))
    do(g, "top", 0)
    do(g, "bottom", 1)
    do(g, "enlist", 4 * 3 + 1)            # the Enlist recruit, +2 coins
    assert g.player(s)["hand_size"] == 0
    g.set_player(s, last_section=-1)
    g.begin_turn(s)
    do(g, "section", section_of(g, s, bottom="enlist"))
    do(g, "top", 0)
    do(g, "bottom", 1)
    do(g, "enlist", 4 * 0 + 1 + 1)        # Upgrade's recruit, +2 popularity
    assert g.player(s)["hand_size"] == 1  # now the ongoing bonus pays
