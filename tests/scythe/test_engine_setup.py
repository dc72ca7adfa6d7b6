"""Setup (Rulebook 000 "ПРИГОТУВАННЯ", "ВИБІР НАЦІЇ", "ПЕРШИЙ ГРАВЕЦЬ"; digest §5).

Start values from the data (reference factions.md, player-mats.md): power / combat cards
Nordic 4/1, Rusviet 3/2, Polania 2/3, Crimea 5/0, Saxony 1/4; popularity / coins
Industrial 2/4, Engineering 2/5, Patriotic 2/6, Mechanical 3/6, Agricultural 4/7.
"""
import pytest

from simsuite import _scythe as core
from simsuite.errors import UserError

START = {"nordic": (4, 1, 2, (11, 12)), "rusviet": (3, 2, 4, (26, 33)),
         "polania": (2, 3, 3, (21, 27)), "crimea": (5, 0, 7, (50, 54)),
         "saxony": (1, 4, 5, (41, 48))}
MATS = {"industrial": (2, 4), "engineering": (2, 5), "patriotic": (2, 6),
        "mechanical": (3, 6), "agricultural": (4, 7)}
CYCLE = ("nordic", "rusviet", "crimea", "saxony", "polania")
NUMBER = {"industrial": 1, "engineering": 2, "patriotic": 3, "mechanical": 4, "agricultural": 5}


def test_start_pieces_tracks_cards_and_objectives(rules):
    # Rulebook §5 steps 7-17: power, cards, character on the base, 2 workers on the
    # land-adjacent territories, popularity, coins, 2 objectives, pieces on the mats.
    g = core.Game(rules, 3, 5)
    st = g.state()
    for s, p in enumerate(st["players"]):
        power, cards, base, starts = START[p["faction"]]
        pop, coins = MATS[p["mat"]]
        assert (p["power"], sum(p["hand"].values()), p["popularity"], p["coins"]) == \
            (power, cards, pop, coins)
        assert p["units"]["character"] == base
        assert sorted(c for c in p["units"].values() if c is not None) == sorted((base,) + starts)
        assert len([o for o in p["objectives"] if o > 0]) == 2
        assert p["top_cubes"] == [True] * 6 and p["bottom_cubes"] == [0] * 4
        assert not any(p["recruits"]) and not any(p["mechs_deployed"])
        assert all(v is None for v in p["structures"].values()) and p["stars"] == 0
    tokens = [c for c, cell in st["board"].items() if cell["encounter_token"]]
    assert tokens == [10, 15, 18, 20, 28, 32, 34, 42, 43, 46, 51]   # 11 tokens
    assert len(st["factory_offer"]) == 6                           # players + 1
    assert st["structure_tile"] is not None
    held = sum(len([o for o in p["objectives"] if o > 0]) for p in st["players"])
    assert len(st["objective_deck"]) == 23 - held
    assert len(st["combat_deck"]) == 42 - sum(START[f][1] for f in START)
    g.check_invariants()


def test_seating_lowest_mat_first_then_the_faction_cycle(rules):
    # Rulebook "ПЕРШИЙ ГРАВЕЦЬ" and "ВИБІР НАЦІЇ": lowest mat number starts, then
    # clockwise Nordic -> Rusviet -> Crimea -> Saxony -> Polania.
    for seed in range(40):
        g = core.Game(rules, seed, 2 + seed % 4)
        r = g.result()
        mats = [NUMBER[m] for m in r["mat"]]
        assert mats[0] == min(mats)
        order = [CYCLE.index(f) for f in r["faction"]]
        rotated = [(o - order[0]) % 5 for o in order]
        assert rotated == sorted(rotated)


def test_given_pairs_are_seated_by_the_rules(rules):
    g = core.Game(rules, 1, 3, ["crimea", "nordic", "polania"], ["engineering", "agricultural",
                                                               "mechanical"])
    assert [g.faction_name(s) for s in range(3)] == ["crimea", "polania", "nordic"]
    assert [g.mat_name(s) for s in range(3)] == ["engineering", "mechanical", "agricultural"]


def test_forbidden_pairs_are_redrawn_unless_the_rules_allow_them(rules, rules_no_ban):
    # Rulebook "ВИБІР НАЦІЇ": Rusviet + Industrial and Crimea + Patriotic are forbidden.
    banned = {("rusviet", "industrial"), ("crimea", "patriotic")}
    seen_banned = 0
    for seed in range(300):
        r = core.Game(rules, seed, 5).result()
        assert not banned & set(zip(r["faction"], r["mat"]))
        r2 = core.Game(rules_no_ban, seed, 5).result()
        seen_banned += bool(banned & set(zip(r2["faction"], r2["mat"])))
    assert seen_banned > 50                  # about 2/5 of deals without the ban


def test_bad_setups_are_one_line_user_errors(rules, rules_no_ban):
    with pytest.raises(UserError, match="forbidden"):
        core.Game(rules, 1, 2, ["rusviet", "nordic"], ["industrial", None])
    core.Game(rules_no_ban, 1, 2, ["rusviet", "nordic"], ["industrial", None])
    with pytest.raises(UserError, match="same faction"):
        core.Game(rules, 1, 2, ["nordic", "nordic"], None)
    with pytest.raises(UserError, match="unknown faction"):
        core.Game(rules, 1, 2, ["nordic", "vikings"], None)
    with pytest.raises(UserError, match="2..5"):
        core.Game(rules, 1, 6)
    with pytest.raises(UserError, match="one per player"):
        core.Game(rules, 1, 3, ["nordic", "crimea"], None)


def test_setup_is_a_function_of_the_seed(rules):
    # DESIGN.md principle 4: a game is fully determined by its seed (and decisions).
    a, b, c = core.Game(rules, 11, 4).state(), core.Game(rules, 11, 4).state(), core.Game(rules, 12, 4).state()
    assert a == b and a != c


def test_rules_options_are_validated(data):
    with pytest.raises(UserError, match="module"):
        core.Rules(data, modules=("wind_gambit",))
    with pytest.raises(UserError, match="turn_cap"):
        core.Rules(data, turn_cap=0)
    assert core.Rules(data, ban_pairs=False).options()["ban_pairs"] is False
