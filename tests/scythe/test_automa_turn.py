"""The Automa's turn: cards and schemes, rewards, the human's recruit bonus, the star card,
stars, reshuffles, skipped turns and the optional rules.

Each test cites the solo rulebook, seed 003 (digest rules/scythe-automa.md sections in
brackets). Card contents: simsuite/games/scythe/data/automa.toml.
"""
from __future__ import annotations

import pytest

from tests.scythe.automa_helpers import AUTOMA, HUMAN, automa_turn, place, solo_game


@pytest.fixture
def game(rules):
    return solo_game(rules, human="crimea", automa="rusviet")


def log(g):
    return "\n".join(g.events())


# ---------------------------------------------------------------- setup and turn order

def test_setup(rules):
    # Seed 003 p.2 "Приготування" (digest §4): the faction mat's power and combat cards,
    # 5 coins, popularity 10, 2 workers and the hero on the board as a player's, the rest on
    # the faction mat; the cube on cell "I"; 19 cards, scheme I; 3 Factory cards (2 players);
    # the human goes first (p.3). The Automa has no player mat and no objectives.
    g = solo_game(rules, human="crimea", automa="saxony", clear=False)
    a = g.player(AUTOMA)
    assert (a["power"], sum(a["hand"].values()), a["coins"], a["popularity"]) == (1, 4, 5, 10)
    assert a["units"]["character"] == 5 and {a["units"]["worker0"], a["units"]["worker1"]} == {41, 48}
    assert all(a["units"][u] is None for u in ("mech0", "mech1", "mech2", "mech3", "worker2"))
    assert g.mat_name(AUTOMA) is None and a["objectives"] == [-1, -1]
    assert len(g.state()["factory_offer"]) == 3
    st = g.automa_state()
    assert (st["track_pos"], st["scheme"], len(st["deck"]), st["water_ok"]) == (0, 1, 19, False)
    assert sorted(st["deck"]) == list(range(1, 20))
    assert g.active_player == HUMAN and g.current_player == HUMAN
    g.check_invariants()


def test_ultimaszyna_crosses_water_from_the_start(rules):
    # Seed 003 p.12: Ultimaszyna's units may enter lakes and cross rivers from the start.
    g = solo_game(rules, automa="rusviet", level="ultimaszyna")
    assert g.automa_state()["water_ok"] is True
    assert g.automa_neighbourhood(26) == [19, 20, 25, 26, 32, 33]


def test_the_automa_plays_after_the_human(rules):
    # Seed 003 p.3: you take the first turn, then the Automa, alternately; its turn is one
    # card and poses no decision.
    g = solo_game(rules, automa="rusviet", clear=False)
    assert g.current_player == HUMAN and g.turn == 0
    while g.turn < 2:
        assert g.current_player == HUMAN
        g.apply(g.legal_options()[0])
    # the Automa's turn has run by itself: its card is on the main discard
    st = g.automa_state()
    assert st["turns"] == 1 and len(st["main_discard"]) == 1
    assert g.active_player == HUMAN and g.current_player == HUMAN


# ---------------------------------------------------------------- rewards (stage 2B)

@pytest.mark.parametrize("faction, coins", [("rusviet", 1), ("crimea", 2)])
def test_coin_rewards_with_faction_bracket(rules, faction, coins):
    # Seed 003 p.8 (digest §11): every symbol of row B; bracketed ones only for that faction.
    # Card 2 scheme I: [Crimea] +1 coin, +1 coin.
    g = solo_game(rules, human="nordic", automa=faction)
    automa_turn(g, 2)
    assert g.player(AUTOMA)["coins"] == 5 + coins


@pytest.mark.parametrize("level, options, card, coins, power", [
    ("automa", {"coin_modifier": 2}, 2, 3, 0),        # 1 coin + 2
    ("automa", {"coin_modifier": -2}, 2, 0, 0),       # never negative
    ("automa", {"power_modifier": -2}, 3, 0, 1),      # 3 power - 2
    ("automa", {"power_modifier": -2}, 1, 0, 0),      # 1 power - 2: no loss
    ("automa", {"power_modifier": 1}, 3, 0, 4),
    ("ultimaszyna", None, 2, 2, 0),                   # at least 1 coin: +1
    ("ultimaszyna", None, 3, 0, 4),                   # at least 1 power: +1
    ("ultimaszyna", {"coin_modifier": -1}, 2, 0, 0),  # 1 - 1 = 0 coins: no bonus
])
def test_coin_and_power_modifiers(rules, level, options, card, coins, power):
    # Seed 003 p.12: optional rules 2 and 3 (each time the Automa gains coins / power from a
    # card, 1-2 more or fewer, never negative) and Ultimaszyna's +1 coin / +1 power
    # whenever it gains at least 1 (per card, digest I-13).
    g = solo_game(rules, human="nordic", automa="rusviet", level=level, options=options)
    p0 = g.player(AUTOMA)
    automa_turn(g, card)
    p1 = g.player(AUTOMA)
    assert p1["coins"] - p0["coins"] == coins
    assert p1["power"] - p0["power"] == power


def test_hero_or_mech_and_worker_rewards(game):
    # Seed 003 p.8: the hero-or-mech symbol puts the hero on the base if it is on the mat,
    # else one mech from the mat; the worker symbol one worker; both to the base.
    # Card 16 scheme I: rewards hero-or-mech. Card 18 scheme I: worker, +1 coin.
    game.set_unit(AUTOMA, "character", None)
    automa_turn(game, 16)
    assert game.unit_cell(AUTOMA, "character") == 4 and game.unit_cell(AUTOMA, "mech0") is None
    automa_turn(game, 16)
    assert game.unit_cell(AUTOMA, "mech0") == 4
    automa_turn(game, 18)
    assert game.unit_cell(AUTOMA, "worker0") == 4
    game.check_invariants()


@pytest.mark.parametrize("faction, placed", [("rusviet", 2), ("saxony", 1)])
def test_bracketed_hero_or_mech(rules, faction, placed):
    # Seed 003 p.8 example: the bracketed hero/mech symbol gives a mech or the hero only to
    # a Rusviet Automa. Card 7 scheme II: [Rusviet] hero-or-mech, hero-or-mech, combat card.
    g = solo_game(rules, human="crimea", automa=faction)
    g.set_automa(track_pos=9, scheme=2)
    automa_turn(g, 7, scheme=2)
    mechs = sum(1 for m in ("mech0", "mech1", "mech2", "mech3") if g.unit_cell(AUTOMA, m) is not None)
    assert mechs == placed
    assert sum(g.player(AUTOMA)["hand"].values()) == 1


def test_combat_card_reward(game):
    # Seed 003 p.8: the combat-card symbol draws one card face down. Card 14 scheme I.
    automa_turn(game, 14)
    assert sum(game.player(AUTOMA)["hand"].values()) == 1


def test_reward_after_the_move(game):
    # Seed 003 p.4 note: the move comes before the rewards, so a unit gained this turn cannot
    # move this turn. Card 10 scheme I: move mech, move worker; rewards: hero-or-mech.
    place(game, HUMAN, mech2=19)
    automa_turn(game, 10)
    assert game.unit_cell(AUTOMA, "mech0") == 4           # placed, not moved
    assert "(Automa) makes no move" in log(game)


# ---------------------------------------------------------------- recruit bonus (stage 2C)

@pytest.mark.parametrize("card, scheme, recruit, field", [
    (1, 1, 0, "power"),          # power: the Upgrade recruit
    (14, 1, 3, "cards"),         # combat card: the Enlist recruit
    (3, 2, 2, "popularity"),     # popularity: the Build recruit
    (2, 2, 1, "coins"),          # coin: the Deploy recruit
])
def test_human_recruit_bonus(rules, card, scheme, recruit, field):
    # Seed 003 p.9 "Рекрутський бонус" (digest §12): row C gives the human that ongoing
    # recruit bonus if the human has enlisted the recruit that gives it.
    def value(g):
        p = g.player(HUMAN)
        return sum(p["hand"].values()) if field == "cards" else p[field]

    for enlisted in (False, True):
        g = solo_game(rules, human="crimea", automa="rusviet")
        if scheme == 2:
            g.set_automa(track_pos=9, scheme=2)
        flags = [0, 0, 0, 0]
        flags[recruit] = 1 if enlisted else 0
        g.set_player(HUMAN, recruits=flags, onetime=flags, power=5, popularity=5)
        before = value(g)
        automa_turn(g, card, scheme=scheme)
        assert value(g) - before == (1 if enlisted else 0)
        g.check_invariants()


def test_recruit_bonus_to_18_popularity_places_the_human_star(game):
    # Seed 003 p.9 with base rule §18: popularity 18 reached by the recruit bonus places the
    # human's star. Card 3 scheme II: recruit row popularity.
    game.set_automa(track_pos=9, scheme=2)
    game.set_player(HUMAN, recruits=[0, 0, 1, 0], onetime=[0, 0, 1, 0], popularity=17)
    automa_turn(game, 3, scheme=2)
    p = game.player(HUMAN)
    assert p["popularity"] == 18 and p["star_placed"]["popularity"] and p["stars"] == 1


# ---------------------------------------------------------------- star card (stage 3)

def test_tracker_advances_only_on_star_cards(game):
    # Seed 003 p.9 (digest §13.1): the cube moves one cell when the card shows the star; a
    # crossed star (card 4) leaves it. At the Automa level card 4 is played, not skipped.
    automa_turn(game, 3)
    assert game.automa_state()["track_pos"] == 1
    automa_turn(game, 4)
    assert game.automa_state()["track_pos"] == 1


def test_water_opens_when_the_cube_leaves_the_water_cells(game):
    # Seed 003 p.3, p.9 (digest §9.2): while the cube is on a cell with the water symbol
    # (Automa card: cells 0-3), no lakes and no river crossings; then all units may.
    game.set_automa(track_pos=3)
    assert game.automa_neighbourhood(26) == [26, 32, 33]
    automa_turn(game, 3)
    st = game.automa_state()
    assert st["track_pos"] == 4 and st["water_ok"]
    assert game.automa_neighbourhood(26) == [19, 20, 25, 26, 32, 33]
    assert "lakes and rivers open" in log(game)


def test_first_star_card_star_switches_to_scheme_two_and_reshuffles(game):
    # Seed 003 p.9 (digest §6, §13.3): the cube entering a full-star cell places a star; the
    # first time, the deck turns to scheme II for good and both discards are shuffled into
    # a new full deck (all 19 cards, I-4).
    game.set_automa(track_pos=8, deck=[c for c in range(1, 20) if c not in (5, 6, 7, 8, 9)],
                    main_discard=[5, 6, 7], combat_discard=[8, 9])
    automa_turn(game, 3)
    st = game.automa_state()
    assert st["track_pos"] == 9 and st["track_stars"] == 1 and st["scheme"] == 2
    assert len(st["deck"]) == 19 and st["main_discard"] == [] and st["combat_discard"] == []
    assert game.player(AUTOMA)["stars"] == 1
    assert st["last_main_card"] == 3                 # the resource box still knows card 3
    # the next star does not reshuffle
    game.set_automa(track_pos=13)
    deck = game.automa_state()["deck"]
    automa_turn(game, deck[0], scheme=2)
    st = game.automa_state()
    assert st["track_pos"] == 14 and st["track_stars"] == 2 and len(st["deck"]) == 18
    assert game.player(AUTOMA)["stars"] == 2
    game.check_invariants()


def test_combat_and_power_stars_do_not_switch_schemes(game):
    # Seed 003 p.9 note: a combat star or the power star does not turn the deck.
    game.set_player(AUTOMA, power=15)
    automa_turn(game, 3)                              # +3 power: 16, the power star
    p = game.player(AUTOMA)
    assert p["power"] == 16 and p["star_placed"]["power"] and p["stars"] == 1
    assert game.automa_state()["scheme"] == 1


def test_sixth_star_from_the_star_card_ends_the_game(game):
    # Seed 003 p.3, p.9 (digest §13.3, I-10): the Automa card's last star cell places the
    # 6th star and the game ends at once.
    game.set_automa(track_pos=20, scheme=2)           # stars at 9, 14, 17, 19, 20 placed
    assert game.player(AUTOMA)["stars"] == 5
    automa_turn(game, 3, scheme=2)
    assert game.is_over and game.end_reason == "sixth_star"
    assert game.player(AUTOMA)["stars"] == 6
    assert game.result()["winner"][AUTOMA] or game.result()["winner"][HUMAN]


def test_sixth_star_stops_the_rest_of_the_card(game):
    # Seed 003 p.4 note: if one action of the card places the 6th star, the card's other
    # actions are not done. Card 6 scheme II rewards: +2 power (16: the 6th star), then
    # hero-or-mech (not done), and no tracker advance.
    game.set_player(AUTOMA, power=14)
    game.set_automa(track_pos=20, scheme=2)
    game.set_unit(AUTOMA, "character", None)
    automa_turn(game, 6, scheme=2)
    assert game.is_over and game.player(AUTOMA)["stars"] == 6
    assert game.unit_cell(AUTOMA, "character") is None
    assert game.automa_state()["track_pos"] == 20


# ---------------------------------------------------------------- deck

def test_empty_deck_reshuffles_all_nineteen(game):
    # Seed 003 p.3 (digest §6): drawing from an empty deck shuffles all 19 cards of both
    # discards into a new deck.
    game.set_automa(deck=[], main_discard=list(range(1, 15)), combat_discard=list(range(15, 20)))
    game.begin_turn(AUTOMA)
    st = game.automa_state()
    assert len(st["deck"]) == 18 and len(st["main_discard"]) == 1 and st["combat_discard"] == []
    assert "Automa deck reshuffled" in log(game)


# ---------------------------------------------------------------- skipped turns

def test_autometta_skips_on_the_skip_symbol(rules):
    # Seed 003 p.3 stage 1 (digest §8, I-3): with the Autometta star card, a card whose
    # active row shows the skip symbol makes the Automa skip the whole turn: no move, no
    # reward, no tracker; the card stays on the main discard. Card 4 scheme I.
    g = solo_game(rules, human="crimea", automa="rusviet", level="autometta")
    place(g, AUTOMA, worker0=33)
    automa_turn(g, 4)
    st = g.automa_state()
    assert st["skipped_turns"] == 1 and st["main_discard"][-1] == 4 and st["last_main_card"] == 4
    assert g.unit_cell(AUTOMA, "worker0") == 33 and sum(g.player(AUTOMA)["hand"].values()) == 0
    assert "skips its turn" in log(g)
    # a card without the symbol is played
    automa_turn(g, 3)
    assert g.player(AUTOMA)["power"] == 3 + 3


@pytest.mark.parametrize("options, skipped", [(None, 0), ({"skip_turns": True}, 1)])
def test_skip_symbol_at_the_automa_level(rules, options, skipped):
    # Seed 003 p.12 optional rule 1: skip turns with the Automa and Automaszyna cards too.
    g = solo_game(rules, human="crimea", automa="rusviet", options=options)
    automa_turn(g, 17)                    # scheme I: skip symbol; rewards +2 coins
    assert g.automa_state()["skipped_turns"] == skipped
    assert g.player(AUTOMA)["coins"] == 5 + (0 if skipped else 2)


# ---------------------------------------------------------------- optional checks

@pytest.mark.parametrize("top, moved", [(4, False), (5, False), (3, True)])
def test_move_check(rules, top, moved):
    # Seed 003 p.12 optional rule 4: before moving, reveal a combat card; on a 4 or 5 the
    # Automa makes no move this turn (the card goes to the combat discard).
    g = solo_game(rules, human="crimea", automa="rusviet", options={"move_check": True})
    place(g, AUTOMA, worker0=33)
    g.set_combat_deck([top, 2, 2, 2])
    discard = len(g.state()["combat_discard"])
    automa_turn(g, 3)                     # move worker, +3 power
    assert (g.unit_cell(AUTOMA, "worker0") != 33) == moved
    assert len(g.state()["combat_discard"]) == discard + 1
    assert g.player(AUTOMA)["power"] == 6          # the rewards come anyway


@pytest.mark.parametrize("top, placed", [(5, False), (2, True)])
def test_placement_check(rules, top, placed):
    # Seed 003 p.12 optional rule 5: before placing a unit, reveal a combat card; on a 4 or 5
    # the unit is not placed. Card 18 scheme I: +1 worker, +1 coin.
    g = solo_game(rules, human="crimea", automa="rusviet", options={"placement_check": True})
    g.set_combat_deck([top, 2, 2])
    automa_turn(g, 18)
    assert (g.unit_cell(AUTOMA, "worker0") == 4) == placed
    assert g.player(AUTOMA)["coins"] == 6
