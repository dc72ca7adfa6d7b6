"""Rulebook 000 "ПРИГОТУВАННЯ" (digest scythe-base.md §5): the board, the deal of
faction and player mats with the two forbidden pairs, each player's pieces and
tracks, and the turn order. Every check is on a freshly set-up game."""
import pytest

from simsuite.errors import UserError
from tests.scythe.rules.helpers_a import core, rules

FACTIONS = ("nordic", "rusviet", "polania", "crimea", "saxony")
MATS = ("industrial", "engineering", "patriotic", "mechanical", "agricultural")
ENCOUNTER_CELLS = [10, 15, 18, 20, 28, 32, 34, 42, 43, 46, 51]      # board.md: 11 symbols
HOME = {"nordic": (2, {11, 12}), "rusviet": (4, {26, 33}), "polania": (3, {21, 27}),
        "crimea": (7, {50, 54}), "saxony": (5, {41, 48})}
# Faction mats (reference factions.md, conf: high): starting power, combat cards.
FACTION_START = {"nordic": (4, 1), "rusviet": (3, 2), "polania": (2, 3), "crimea": (5, 0),
                 "saxony": (1, 4)}
# Player mats (reference player-mats.md, conf: high): popularity, coins.
MAT_START = {"industrial": (2, 4), "engineering": (2, 5), "patriotic": (2, 6),
             "mechanical": (3, 6), "agricultural": (4, 7)}


def game(n, seed=7, factions=None, mats=None, ban_pairs=True):
    return core.Game(rules(ban_pairs), seed, n, factions, mats)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_board_setup_factory_cards_tile_and_encounter_tokens(n):
    # Rulebook 000 §5 steps 2-4 (digest §5): players + 1 Factory cards face down,
    # one structure bonus tile, one encounter token on each of the 11 symbols.
    st = game(n).state()
    offer = st["factory_offer"]
    assert len(offer) == n + 1 and len(set(offer)) == n + 1
    assert set(offer) <= set(range(1, 13))
    assert st["structure_tile"] in rules().tile_kinds
    assert sorted(c for c, v in st["board"].items() if v["encounter_token"]) == ENCOUNTER_CELLS


def test_structure_tile_and_factory_cards_are_drawn_at_random():
    # Rulebook 000 §5 steps 2-3 (digest §5): random tile and random Factory cards.
    tiles = {game(2, seed=s).state()["structure_tile"] for s in range(60)}
    offers = {tuple(sorted(game(2, seed=s).state()["factory_offer"])) for s in range(60)}
    assert tiles == set(rules().tile_kinds)
    assert len(offers) > 20


def test_pieces_tracks_and_cards_of_every_player():
    # Rulebook 000 §5 steps 7-17 (digest §5 "Initial state summary"): character on
    # its base; a worker on each of the 2 territories adjacent to the base by land
    # (Rusviet's farm 20 is across a river, Polania's and Crimea's lakes do not
    # count); 6 workers, 4 mechs, 4 structures, 4 recruits, 6 cubes on the mats;
    # power and combat cards from the faction mat, popularity and coins from the
    # player mat, 2 objectives each; no star, no section chosen yet.
    g = game(5, factions=list(FACTIONS), mats=list(MATS[::-1]))
    for s in range(5):
        p = g.player(s)
        f, m = p["faction"], p["mat"]
        base, starts = HOME[f]
        assert p["units"]["character"] == base
        on_board = [c for k, c in p["units"].items() if k.startswith("worker") and c is not None]
        assert sorted(on_board) == sorted(starts)
        assert all(p["units"][f"mech{k}"] is None for k in range(4))
        assert p["mechs_deployed"] == [False] * 4
        assert all(c is None for c in p["structures"].values())
        assert p["recruits"] == [False] * 4 and p["onetime_used"] == [False] * 4
        assert p["top_cubes"] == [True] * 6 and p["bottom_cubes"] == [0, 0, 0, 0]
        assert (p["power"], p["hand_size"]) == FACTION_START[f]
        assert (p["popularity"], p["coins"]) == MAT_START[m]
        assert p["objectives_held"] == 2
        assert p["stars"] == 0 and p["last_section"] == -1 and p["factory_card"] is None


def test_decks_lose_exactly_the_dealt_cards():
    # Rulebook 000 §5 steps 1, 7, 12 (digest §5): the combat deck gives each player
    # its faction's cards, the objective deck 2 per player; the rest go back.
    g = game(5, factions=list(FACTIONS), mats=list(MATS))
    st = g.state()
    dealt = sum(FACTION_START[f][1] for f in FACTIONS)
    assert len(st["combat_deck"]) == 42 - dealt and st["combat_discard"] == []
    assert len(st["objective_deck"]) == 23 - 2 * 5
    held = [c for p in st["players"] for c in p["objectives"]]
    assert len(set(held)) == 10 and not set(held) & set(st["objective_deck"])


def test_objectives_and_hands_stay_secret():
    # Rulebook 000 §5 "КАРТИ ЦІЛЕЙ" and "КАРТИ БОЮ" (digest §5 step 12, §4.5): the
    # objectives are secret; the number of combat cards is public, not their values.
    g = game(2, factions=["polania", "saxony"], mats=["patriotic", "mechanical"])
    obs = g.observation(0)
    assert obs["objectives"] == [c for c in g.player(0)["objectives"] if c > 0]
    other = obs["players"][1]
    assert "objectives" not in other and "hand" not in other
    assert other["hand_size"] == g.player(1)["hand_size"] > 0


@pytest.mark.parametrize("faction,mat", [("rusviet", "industrial"), ("crimea", "patriotic")])
def test_forbidden_pairs_are_refused_when_requested(faction, mat):
    # Rulebook 000 §5 "ВИБІР НАЦІЇ": Rusviet + Industrial and Crimea + Patriotic are
    # forbidden (digest §5 step 6). Asking for one is a user error; with the ban
    # switched off (a scenario option for balance studies) the pair is dealt.
    with pytest.raises(UserError, match="forbidden"):
        game(2, factions=[faction, "nordic"], mats=[mat, None])
    g = game(2, factions=[faction, "nordic"], mats=[mat, None], ban_pairs=False)
    assert (g.faction_name(0), g.mat_name(0)) == (faction, mat) or \
        (g.faction_name(1), g.mat_name(1)) == (faction, mat)


def test_random_deal_never_gives_a_forbidden_pair_but_redraws_at_random():
    # Rulebook 000 §5 "ВИБІР НАЦІЇ" (digest §5 step 6): a player dealt a forbidden
    # pair discards the player mat and draws another at random.
    mats_of = {"rusviet": set(), "crimea": set()}
    for seed in range(150):
        g = game(2, seed=seed, factions=["rusviet", "crimea"])
        for s in range(2):
            mats_of[g.faction_name(s)].add(g.mat_name(s))
    assert "industrial" not in mats_of["rusviet"] and "patriotic" not in mats_of["crimea"]
    assert mats_of["rusviet"] == set(MATS) - {"industrial"}
    assert mats_of["crimea"] == set(MATS) - {"patriotic"}


@pytest.mark.parametrize("factions,mats,order", [
    # lowest mat number first, then clockwise Nordic, Rusviet, Crimea, Saxony, Polania
    (FACTIONS, ("agricultural", "mechanical", "patriotic", "engineering", "industrial"),
     ["saxony", "polania", "nordic", "rusviet", "crimea"]),
    (FACTIONS, ("engineering", "agricultural", "patriotic", "industrial", "mechanical"),
     ["crimea", "saxony", "polania", "nordic", "rusviet"]),
    (("nordic", "crimea", "polania"), ("mechanical", "engineering", "agricultural"),
     ["crimea", "polania", "nordic"]),
    (("polania", "rusviet"), ("industrial", "agricultural"), ["polania", "rusviet"]),
    (("saxony", "nordic", "rusviet", "crimea"), ("patriotic", "agricultural", "engineering",
                                                  "industrial"),
     ["crimea", "saxony", "nordic", "rusviet"]),
])
def test_turn_order_lowest_mat_first_then_clockwise_seating(factions, mats, order):
    # Rulebook 000 §5 "ПЕРШИЙ ГРАВЕЦЬ" and the seating of "ВИБІР НАЦІЇ" (digest §5
    # steps 6 and 18): seat i plays the i-th turn of each round; seat 0 starts.
    g = game(len(factions), factions=list(factions), mats=list(mats))
    assert [g.faction_name(s) for s in range(g.n_players)] == order
    assert g.active_player == 0 and g.decision_name == "section"
    assert g.legal_options() == [0, 1, 2, 3]   # the first turn may use any section
