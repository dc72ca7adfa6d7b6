"""Rulebook 002 "ОДИНОЧНАЯ ИГРА" (digest §13): the solo lookout, the virtual opponent's attack
phase (pair matching on the raze yields of your common locations, priorities, the worked
example), the Japanese solo rule, the goal and the achievement table.

The 16 attack cards' goods are not printed anywhere (solo.toml: a provisional placeholder);
these tests stack the cards they need.
"""
from simsuite import _imperial_settlers as core
from tests.imperial_settlers.helpers import do, labels, position, rules, tok, random_playout


def attack_phase(g, deck):
    """Run this round's attack phase with `deck` on top of the attack deck."""
    g.stack_attack_deck(deck)
    g.set_round(2)
    g.start_cleanup()


def test_worked_example_romans_round_two():
    # "Пример атаки виртуального противника": new card wood; earlier cards worker, then gold.
    # Wood in the raze yield: Carpenter's Workshop, Marketplace, Joiner, Wood Supplier; none
    # with a worker; gold: Carpenter's Workshop (feature) and Marketplace (action) -> the
    # Marketplace is razed; the two cards used go to the end of the row.
    g = position(["romans"])
    for name in ("Carpenter's Workshop", "Marketplace", "Joiner", "Wood Supplier"):
        g.add_location(0, name)
    g.set_attack_row(["worker", "gold"])
    attack_phase(g, ["wood", "food"])           # the second attack (food) finds nothing
    names = [l["name"] for l in g.player(0)["locations"]]
    assert names == ["Carpenter's Workshop", "Joiner", "Wood Supplier"]
    obs = g.observation(0)
    assert obs["trophies"] == 1
    assert obs["attack_row"] == ["food", "worker", "wood", "gold"]


def test_first_card_good_must_be_in_the_raze_yield():
    # Only common locations whose raze yield shows card 1's good are candidates.
    g = position(["romans"])
    g.add_location(0, "Marketplace")            # gold + wood
    g.set_attack_row(["wood", "gold"])
    attack_phase(g, ["food", "stone"])
    assert len(g.player(0)["locations"]) == 1 and g.observation(0)["trophies"] == 0


def test_pairs_are_multisets_two_wood():
    # Wood + wood matches a yield of 2 wood (Lumberjacks), not gold + wood (Marketplace).
    g = position(["romans"])
    g.add_location(0, "Marketplace")
    g.add_location(0, "Lumberjacks")
    g.set_attack_row(["wood"])
    attack_phase(g, ["wood", "food"])
    assert [l["name"] for l in g.player(0)["locations"]] == ["Marketplace"]


def test_faction_locations_are_safe_and_defence_does_not_protect():
    # Only common locations are attacked; "Жетон обороны не защищает ваши локации".
    g = position(["romans"])
    g.add_location(0, "Legion")
    g.add_location(0, "Coal Mine", defence=1)    # worker + stone
    g.set_attack_row(["stone"])
    attack_phase(g, ["worker", "food"])
    assert [l["name"] for l in g.player(0)["locations"]] == ["Legion"]


def test_priority_type_then_cost_then_stone():
    # Worker + stone: Coal Mine (action, 1 wood + 1 stone), Porters (action, 2 wood), Court
    # Sculptor (action, 1 stone), Town is pink production (2 workers: no). Same type; cost 2
    # beats 1; the Coal Mine's stone beats the Porters' wood.
    g = position(["romans"])
    for name in ("Porters", "Court Sculptor", "Coal Mine"):
        g.add_location(0, name)
    g.set_attack_row(["stone"])
    attack_phase(g, ["worker", "food"])
    assert [l["name"] for l in g.player(0)["locations"]] == ["Porters", "Court Sculptor"]


def test_action_beats_feature_beats_production():
    # Raze yield 1 worker + 1 food: Mill (feature), Mamma's Baths (production), Pig Farmer (action).
    g = position(["romans"])
    for name in ("Mamma's Baths", "Mill", "Pig Farmer"):
        g.add_location(0, name)
    g.set_attack_row(["food"])
    attack_phase(g, ["worker", "worker"])
    assert [l["name"] for l in g.player(0)["locations"]] == ["Mamma's Baths"]   # 2 attacks


def test_a_full_tie_is_the_players_choice():
    # Two Goldsmith's Workshops (identical): "выберите локацию сами".
    g = position(["romans"])
    g.add_location(0, "Goldsmith's Workshop")
    g.add_location(0, "Goldsmith's Workshop")
    g.set_attack_row(["vp"])
    g.stack_attack_deck(["gold", "food"])
    g.set_round(2)
    g.start_cleanup()
    assert g.decision_name == "solo_tie" and len(g.legal_options()) == 2
    g.apply(1)
    assert len(g.player(0)["locations"]) == 1


def test_japanese_vp_pair_attacks_a_faction_location_by_deal_priority():
    # "ЯПОНЦЫ В ОДИНОЧНОЙ ИГРЕ": card 1 VP and an earlier VP -> a faction location; the one
    # whose deal is a card first (Buddha Temple), then raze token, gold, VP, stone, worker,
    # food, wood. Samurai do not protect.
    g = position(["japanese"])
    g.add_location(0, "Farm", samurai=1)          # deal: worker
    g.add_location(0, "jap009")                   # Daimyo's Castle, deal: stone
    g.add_location(0, "Buddha Temple", samurai=1) # deal: card
    g.add_location(0, "Armorer")                  # common, raze VP + stone
    g.set_attack_row(["vp"])
    attack_phase(g, ["vp", "food"])
    assert [l["name"] for l in g.player(0)["locations"]] == ["Farm", "Daimyo's Castle", "Armorer"]


def test_japanese_vp_pair_spares_locations_that_cannot_be_razed():
    # The Shrine (deal: card) would come first, but it cannot be razed ("«Часовню» нельзя разрушить").
    g = position(["japanese"])
    g.add_location(0, "Shrine")
    g.add_location(0, "Farm")
    g.set_attack_row(["vp"])
    attack_phase(g, ["vp", "food"])
    assert [l["name"] for l in g.player(0)["locations"]] == ["Shrine"]


def test_vp_pair_for_other_factions_attacks_common_locations():
    g = position(["romans"])
    g.add_location(0, "Legion")
    g.add_location(0, "Armorer")                  # VP + stone
    g.set_attack_row(["stone"])
    attack_phase(g, ["vp", "food"])
    assert [l["name"] for l in g.player(0)["locations"]] == ["Legion"]


def test_solo_lookout():
    # 4 revealed; take 1; 1 of the other 3 at random to the opponent; take 1 of 2; last to it.
    g = core.Game(rules(), 8, ["egyptians"])
    assert g.decision_name == "lookout_pick" and len(g.legal_options()) == 4
    hand = len(g.player(0)["hand"])
    g.apply(0)
    assert len(g.legal_options()) == 2
    g.apply(0)
    assert len(g.player(0)["hand"]) == hand + 2
    assert len(g.observation(0)["solo_opponent_locations"]) == 2
    assert g.phase != "lookout"


def test_razing_the_opponents_lookout_card():
    # Razing a virtual opponent's location: its raze yield as usual; the card is discarded.
    g = core.Game(rules(), 8, ["romans"])
    g.apply(0); g.apply(0)
    while g.decision_name != "action":
        g.apply(g.legal_options()[0])
    g.set_tokens(0, raze=2)
    g.refresh()
    opp = g.observation(0)["solo_opponent_locations"]
    razes = [k for k in labels(g) if k.startswith("raze") and "seat 1" in k]
    assert len(razes) == len(opp) == 2         # (seed 8: no Ruins among them)
    disc = g.observation(0)["common_discard"]
    do(g, razes[0])
    assert len(g.observation(0)["solo_opponent_locations"]) == len(opp) - 1
    assert g.observation(0)["common_discard"] == disc + 1


def test_opponent_locations_become_trophies_each_round():
    g = core.Game(rules(), 8, ["romans"])
    while g.round == 1:
        g.apply(g.legal_options()[0])
    assert g.observation(0)["trophies"] >= 2


def test_goal_and_achievement_table():
    # Lose when the trophies are as many as or more than your faction locations; otherwise
    # score normally (VP + 1 per common + 2 per faction location) and look up the title.
    g = position(["romans"])
    g.set_round(5)
    g.add_location(0, "Legion")
    g.add_location(0, "Legion")
    g.set_tokens(0, vp=46)
    g.start_cleanup()                           # no common location: the attacks raze nothing
    r = g.result()
    assert r["trophies"] == 0 and r["solo_won"]
    assert r["seats"][0]["score"] == 50 and r["title"] == "knight"
    g = position(["romans"])
    g.set_round(5)
    g.set_tokens(0, vp=90)
    g.start_cleanup()
    r = g.result()
    assert not r["solo_won"] and r["title"] is None       # 0 trophies >= 0 faction locations


def test_achievement_titles():
    table = rules().achievement
    assert [t for _, t in table] == ["commoner", "servant", "squire", "knight", "castellan", "king", "emperor"]
    assert [m for m, _ in table] == [0, 30, 40, 50, 60, 70, 80]
    assert core.achievement_title(table, 29) == "commoner"
    assert core.achievement_title(table, 80) == "emperor"
    assert core.achievement_title(table, 65) == "castellan"


def test_solo_random_games_end_after_five_rounds():
    # The opponent takes 2 lookout cards a round (solo lookout); each is either razed by the
    # player during the round or becomes a trophy (attacks add the player's razed locations):
    # trophies + cards razed >= 5 x 2.
    for seed in range(20):
        g, _ = random_playout(rules(), seed, ["japanese"], log=True)
        r = g.result()
        razed = sum(1 for e in g.events() if e.startswith("seat 0 razes") and e.endswith("of seat 1"))
        assert g.round == 5 and r["trophies"] + razed >= 10
