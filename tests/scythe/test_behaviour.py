"""simsuite/games/scythe/behaviour.py: the behaviour figures of a policy's games."""
from __future__ import annotations

import numpy as np

from simsuite import _scythe as core
from simsuite.games.scythe import behaviour
from simsuite.games.scythe.policies import STRATEGIES, default_weights
from simsuite.runner import derive_seeds

from .automa_helpers import AUTOMA, HUMAN, solo_game


def test_bottom_affordable_reads_costs_tokens_and_coercion(rules):
    # Rulebook §6: a bottom action is paid in full from controlled territories; §12: Crimea's
    # Coercion pays one token with a combat card. Mechanical: Trade / Upgrade 3 oil,
    # Bolster / Deploy 3 metal, Move / Build 3 wood, Produce / Enlist 4 food (player-mats.md).
    g = solo_game(rules, human="crimea", automa="rusviet", mat="mechanical")
    a, _ = g.rules.data.factions["crimea"].start_cells
    g.set_unit(HUMAN, "worker0", a)
    g.set_resources(a, {"oil": 2, "food": 3})
    g.begin_turn(HUMAN)
    assert not behaviour.bottom_affordable(g, HUMAN)      # one token short everywhere
    g.set_player(HUMAN, hand=[1, 0, 0, 0])
    assert behaviour.bottom_affordable(g, HUMAN)          # a card makes up the third oil
    g.set_player(HUMAN, hand=[0, 0, 0, 0])
    g.set_resources(a, {"oil": 3, "food": 3})
    assert behaviour.bottom_affordable(g, HUMAN)
    # the section taken last turn cannot be chosen again (§6): Trade / Upgrade is section 0
    g.set_player(HUMAN, last_section=0)
    assert not behaviour.bottom_affordable(g, HUMAN)


def test_rows_match_the_batch_and_add_up(rules):
    games = 6
    rows = behaviour.behaviour_rows(["expert", "economy"], games, players=2, master=5)
    assert len(rows) == 2 * games
    seeds = derive_seeds(5, np.arange(games))
    for g in range(games):
        mine = sorted((r for r in rows if r["game"] == g), key=lambda r: r["seat"])
        # the same per-seat streams as play_batch: the same games
        names = [r["policy"] for r in mine]
        ids = np.array([STRATEGIES[n][0] for n in names], dtype=np.int32)
        w = np.array([default_weights(n) for n in names])
        res = core.play_batch(rules, seeds[g:g + 1], 2, None, None, ids, w)
        assert [r["score"] for r in mine] == list(res["score"][0])
        for r in mine:
            assert r["top_only"] + r["bottom_only"] + r["both"] + r["neither"] == r["turns"]
            assert 0 <= r["bottom_when_affordable"] <= r["affordable"] <= r["turns"]
            kinds = sum(r[f"star_{k}"] for k in behaviour.STAR_KINDS)
            assert kinds == r["stars"]
            # the batch's stars by kind (read from the state) are the star events of the log
            by_kind = [r[f"star_{k}"] for k in behaviour.STAR_KINDS]
            assert res["stars_by_kind"][0, r["seat"]].tolist() == by_kind
            assert r["tier"] == (0 if r["popularity"] < 7 else 1 if r["popularity"] < 13 else 2)
    table = behaviour.summarise(rows)
    assert set(table["policy"]) == {"expert", "economy"}


def test_solo_rows_against_the_automa(rules):
    rows = behaviour.behaviour_rows(["expert"], 3, automa="automa", master=9)
    assert len(rows) == 3 and all(r["automa"] == "automa" and r["seat"] == 0 for r in rows)


# player-mats.md (public mat images): each section's top and bottom action, left to right.
MAT_TOPS = {
    "industrial": ("bolster", "produce", "move", "trade"),
    "engineering": ("produce", "trade", "bolster", "move"),
    "patriotic": ("move", "bolster", "trade", "produce"),
    "mechanical": ("trade", "bolster", "move", "produce"),
    "agricultural": ("move", "trade", "produce", "bolster"),
}


def test_turns_by_top_action_follow_the_sections_chosen(rules):
    # Rulebook §6: a turn is one section of the player mat, its top action then its bottom
    # action. Each own turn counts once, under its section's top action (the mat layouts
    # above), and a bottom action taken counts under that same section.
    games = 8
    rows = behaviour.behaviour_rows(["expert", "economy"], games, players=2, master=17)
    seeds = derive_seeds(17, np.arange(games))
    for g in range(games):
        game, _ = behaviour.play_logged(rules, int(seeds[g]), 2,
                                        [r["policy"] for r in sorted(
                                            (r for r in rows if r["game"] == g),
                                            key=lambda r: r["seat"])])
        for r in (r for r in rows if r["game"] == g):
            chosen = [b for kind, seat, _, a, b, _, _ in game.raw_events()
                      if kind == behaviour.EV_DECISION and seat == r["seat"]
                      and a == behaviour.DK["section"]]
            for k in behaviour.TOP_KINDS:
                expect = sum(1 for b in chosen
                             if (b == 4 and k == "factory")
                             or (b < 4 and MAT_TOPS[r["mat"]][b] == k))
                assert r[f"{k}_turns"] == expect, (r["mat"], k)
                assert 0 <= r[f"{k}_bottom"] <= r[f"{k}_turns"]
            assert sum(r[f"{k}_turns"] for k in behaviour.TOP_KINDS) == r["turns"]
            assert (sum(r[f"{k}_bottom"] for k in behaviour.TOP_KINDS)
                    == r["both"] + r["bottom_only"])
    table = behaviour.summarise(rows)
    shares = sum(table[f"{k}_share"][0] for k in behaviour.TOP_KINDS)
    assert abs(shares - 1.0) < 1e-9


def test_workers_on_the_board_at_turn_starts(rules):
    # Rulebook §5 step 9: every player starts with 2 workers on the board; §7.3: Produce on a
    # village adds workers (at most 8 on the board), and workers never go back to the mat.
    seed = int(derive_seeds(23, np.arange(1))[0])
    game, starts = behaviour.play_logged(rules, seed, 2, ["expert", "economy"])
    for seat in (0, 1):
        counts = [starts[(seat, t)][1] for t in range(game.player(seat)["turns"])]
        assert counts[0] == 2
        assert all(2 <= c <= 8 for c in counts)
        assert counts == sorted(counts)
    rows = behaviour.seat_rows(game, starts, ["expert", "economy"])
    for r in rows:
        for t in behaviour.WORKER_TURNS:
            assert r[f"workers_t{t}"] == starts[(r["seat"], t)][1]


def test_score_margin_at_turn_starts(rules):
    # Rulebook §20: at the end each seat scores its coins, plus per popularity tier so much a
    # star, a territory and two resources. At the first seat's first turn nobody holds a star
    # or a token, every mat starts in the lowest tier (popularity 0-6: 2 coins a territory),
    # and each seat controls its two starting workers' territories (§5 step 9): the margin is
    # the difference of the starting coins.
    seed = int(derive_seeds(23, np.arange(1))[0])
    game, starts = behaviour.play_logged(rules, seed, 2, ["expert", "economy"])
    fresh = behaviour.core.Game(rules, seed, 2, None, None, log=False)
    first = fresh.active_player
    coins = [fresh.player(s)["coins"] for s in (0, 1)]
    pops = [fresh.player(s)["popularity"] for s in (0, 1)]
    assert all(p <= 6 for p in pops)
    assert starts[(first, 0)][2] == (coins[first] + 2 * 2) - (coins[1 - first] + 2 * 2)
    rows = behaviour.seat_rows(game, starts, ["expert", "economy"])
    res = game.result()
    for r in rows:
        for t in behaviour.WORKER_TURNS:
            assert r[f"margin_t{t}"] == starts[(r["seat"], t)][2]
        assert r["score"] - r["best_other"] == res["score"][r["seat"]] - res["score"][1 - r["seat"]]
    table = behaviour.summarise(rows)
    for policy, margin in zip(table["policy"], table["margin"]):
        assert margin == sum(r["score"] - r["best_other"] for r in rows if r["policy"] == policy)


def test_objective_cards_dealt_and_met(rules):
    # Rulebook §16: each player is dealt two objective cards at setup and places a star for
    # one of them when it reveals it (Saxony may reveal both). The rows name the two cards of
    # the set-up hand and the ones revealed; summarise_objectives counts them per card.
    rows, met = [], 0
    for seed in derive_seeds(31, np.arange(12)):
        game, starts = behaviour.play_logged(rules, int(seed), 2, ["expert", "economy"])
        fresh = behaviour.core.Game(rules, int(seed), 2, None, None, log=False)
        for r in behaviour.seat_rows(game, starts, ["expert", "economy"]):
            dealt = fresh.player(r["seat"])["objectives"]
            assert sorted(r["objectives_dealt"]) == sorted(dealt) and len(dealt) == 2
            assert set(r["objectives_met"]) <= set(dealt)
            assert len(r["objectives_met"]) == r["star_objective"]
            met += len(r["objectives_met"])
            rows.append(r)
    assert met > 0                                   # some card was met in these games
    table = behaviour.summarise_objectives(rows)
    assert table["n"].sum() == 2 * len(rows)
    for policy, card, n, share in zip(table["policy"], table["card"], table["n"], table["met"]):
        held = [r for r in rows if r["policy"] == policy and card in r["objectives_dealt"]]
        assert n == len(held)
        assert share == sum(card in r["objectives_met"] for r in held) / len(held)


# Rulebook 000 faction and mech abilities (digest §11, §12): each base faction's faction ability
# and its four mech abilities.
HELD = {
    "nordic": {"swim", "riverwalk", "seaworthy", "artillery", "speed"},
    "rusviet": {"relentless", "riverwalk", "township", "peoples_army", "speed"},
    "polania": {"meander", "riverwalk", "submerge", "camaraderie", "speed"},
    "crimea": {"coercion", "riverwalk", "wayfare", "scout", "speed"},
    "saxony": {"dominate", "riverwalk", "underpass", "disarm", "speed"},
}


def test_ability_uses_are_counted_for_the_abilities_a_seat_holds_only(rules):
    # A seat can only use its own faction's abilities: every other ability column stays 0;
    # Meander is a second option of an encounter (so at most one per encounter), Dominate a
    # star past Saxony's second combat or first objective star, Relentless a repeated section.
    rows = behaviour.behaviour_rows(["expert"] * 4, 10, players=4, master=31)
    names = behaviour.MECH_ABILITIES + behaviour.FACTION_ABILITIES
    assert set(names) == set().union(*HELD.values())
    used = set()
    for r in rows:
        for name in names:
            if name not in HELD[r["faction"]]:
                assert r[f"ability_{name}"] == 0, (r["faction"], name)
            elif r[f"ability_{name}"] > 0:
                used.add(name)
        assert r["ability_meander"] <= r["encounters"]
        assert r["ability_relentless"] == r["section_repeated"]
        if r["faction"] == "saxony":
            assert r["ability_dominate"] == (max(0, r["star_combat"] - 2)
                                             + max(0, r["star_objective"] - 1))
    assert {"swim", "meander", "speed", "riverwalk", "coercion"} <= used   # logged in play
    table = behaviour.summarise_abilities(rows)
    for faction in set(table["faction"]):
        mine = table.filter(table["faction"] == faction)
        assert set(mine["ability"]) == HELD[faction]
        assert all(0 <= u <= 1 for u in mine["used"])


def test_factory_holder_at_the_end(rules):
    # Rulebook §20: the Factory's hex scores as three territories for the seat that controls it,
    # and a territory is controlled by the seat with a unit on it (§4.2). The Factory is cell 30
    # of the public map (reference/scythe/board.md).
    g = solo_game(rules)
    factory = 30
    row = lambda: behaviour.seat_rows(g, {}, ["expert"], "automa")[0]  # noqa: E731
    assert behaviour.factory_holder(g) is None
    assert (row()["factory_held"], row()["factory_other"]) == (False, False)
    g.set_unit(HUMAN, "mech0", factory)
    assert behaviour.factory_holder(g) == HUMAN
    assert (row()["factory_held"], row()["factory_other"]) == (True, False)
    # the Automa's lone worker holds it as well as plastic would
    g.set_unit(HUMAN, "mech0", None)
    g.set_unit(AUTOMA, "worker0", factory)
    assert behaviour.factory_holder(g) == AUTOMA
    assert (row()["factory_held"], row()["factory_other"]) == (False, True)
    assert behaviour.summarise([row()])["factory_other"].to_list() == [1.0]
