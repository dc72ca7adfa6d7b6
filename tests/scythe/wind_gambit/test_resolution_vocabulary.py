"""The resolution vocabulary that the known public descriptions need (issue #18): at_end
retreat_home with gains per unit sent home (Factory Explosion, reference W1), turns counted in
all (Doomsday Clock's open counting, W2), shared objectives laid out at setup (Mission
Possible, T) with the completion and scoring a user's entry gives, and the shared_objectives end
trigger. Invented tiles come from vocabulary_tiles.toml; expected values are worked out by hand
from those entries, the rulebooks (000 base, 004 Wind Gambit) and the board
(reference/scythe/board.md: the Factory is cell 30, its neighbours 23, 24, 29, 31, 37, 38)."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

core = pytest.importorskip("simsuite._scythe", reason="the compiled Scythe core is not built")

from simsuite.errors import UserError  # noqa: E402
from simsuite.games.scythe import wind_gambit as wg  # noqa: E402
from tests.scythe.rules.helpers_a import do, section_of  # noqa: E402
from tests.scythe.wind_gambit.test_airships import TILES, position, rules, seat  # noqa: E402
from tests.scythe.wind_gambit.test_resolutions_and_scenarios import (  # noqa: E402
    place_power_star, play_turn, stars_to)

VOCAB = Path(__file__).with_name("vocabulary_tiles.toml")
FILES = (TILES, VOCAB)
FACTORY, AROUND = 30, (23, 24, 29, 31, 37, 38)       # board.md
NORDIC_BASE, RUSVIET_BASE = 2, 4
CARD_RICH, CARD_PACIFIST, CARD_SLEEVES = 12, 18, 8    # objective cards (reference cards.md)


def res_rules(resolution):
    return rules(resolution=resolution, files=FILES)


def star_by_skipping_the_top(g, s):
    """Seat s takes the Move section and skips its top action: the star check that follows
    places the power star (power 16, base §18) without any unit moving."""
    g.set_player(s, last_section=-1)
    g.begin_turn(s)
    do(g, "section", section_of(g, s, top="move"))
    do(g, "top", 0)


# ------------------------------------------------------------------ at_end retreat_home
def test_retreat_home_from_the_factory_and_adjacent_with_popularity_per_unit():
    # Test Blast: the 3rd star ends the game at once; then every unit on the Factory and the
    # territories adjacent to it goes to its home base and its owner gains 1 popularity each
    # (the wording of W1 for Factory Explosion). Airships stay (004 «БІЙ»: only a Blitzkrieg
    # makes an airship retreat).
    g = position(res_rules("test_blast"))
    n, r = seat(g, "nordic"), seat(g, "rusviet")
    g.set_unit(n, "mech0", FACTORY)
    g.set_unit(n, "worker0", 31)        # adjacent (mountain)
    g.set_unit(n, "worker1", 36)        # two steps away: stays
    g.set_unit(r, "character", 37)      # adjacent (tundra)
    g.set_unit(r, "worker0", 23)        # adjacent (forest)
    g.set_unit(r, "worker1", 37)
    g.set_airship(n, cell=FACTORY)
    stars_to(g, n, 2)
    place_power_star(g, n)
    star_by_skipping_the_top(g, n)
    assert g.is_over and g.end_reason == "resolution"
    st = g.state()
    units = {s: st["players"][s]["units"] for s in (n, r)}
    assert units[n]["mech0"] == NORDIC_BASE and units[n]["worker0"] == NORDIC_BASE
    assert units[n]["worker1"] == 36
    assert all(units[r][u] == RUSVIET_BASE for u in ("character", "worker0", "worker1"))
    assert g.player(n)["popularity"] == 2 and g.player(r)["popularity"] == 3
    assert g.airship(n)["cell"] == FACTORY
    g.check_invariants()


def test_retreat_home_from_the_factory_only_without_gains():
    # Test Factory Only: where = "factory", no per_unit: only the Factory is emptied, no gain.
    g = position(res_rules("test_factory_only"))
    n, r = seat(g, "nordic"), seat(g, "rusviet")
    g.set_unit(n, "mech0", FACTORY)
    g.set_unit(r, "worker0", 31)
    stars_to(g, n, 2)
    place_power_star(g, n)
    star_by_skipping_the_top(g, n)
    assert g.is_over
    st = g.state()
    assert st["players"][n]["units"]["mech0"] == NORDIC_BASE
    assert st["players"][r]["units"]["worker0"] == 31
    assert g.player(n)["popularity"] == 0


def test_factory_explosion_as_w1_gives_it():
    # The shipped entry (W1, low confidence): the 5th star gives 5 coins; every player then has
    # 2 more full turns (2 players: 4 turns after the triggering one); then nothing but airships
    # is left on the Factory or around it.
    g = position(rules(resolution="factory_explosion"))
    n = seat(g, "nordic")
    stars_to(g, n, 4)
    place_power_star(g, n)
    start = g.turn
    star_by_skipping_the_top(g, n)
    assert g.player(n)["stars"] == 5 and g.player(n)["coins"] == 5
    assert g.state()["resolution_triggered_by"] == n and not g.is_over
    while not g.is_over:
        g.apply(g.legal_options()[0])
    assert g.end_reason == "resolution" and g.turn == start + 1 + 2 * 2
    for p in g.state()["players"]:
        assert not {c for c in p["units"].values()} & {FACTORY, *AROUND}
    g.check_invariants()


# ------------------------------------------------------------------ turns in all
def test_turns_counted_in_all():
    # end = { trigger = "turns", count = 12, per = "game" }: 12 turns in all, 4 each of 3.
    out = core.play_batch(res_rules("test_twelve_in_all"), np.arange(1, 7, dtype=np.uint64), 3)
    assert set(out["end_reason"].tolist()) == {4}           # END_RESOLUTION
    assert set(out["game_turns"].tolist()) == {12}
    assert (out["turns_taken"] == 4).all()


def test_doomsday_clock_is_twenty_turns_each():
    # The shipped entry (W2, low confidence, read as 20 turns each): 2 players, 40 turns.
    out = core.play_batch(rules(resolution="doomsday_clock"), np.arange(1, 5, dtype=np.uint64), 2)
    assert set(out["game_turns"].tolist()) == {40} and (out["turns_taken"] == 20).all()


# ------------------------------------------------------------------ shared objectives
def test_mission_possible_lays_out_the_two_top_cards_of_the_deck():
    # T: at setup, 2 objective cards from the shuffled deck lie face up (after the players' own,
    # from the top). The same seed without shared objectives leaves them on top of the deck.
    with_shared = core.Game(res_rules("mission_possible"), 5, 2)
    without = core.Game(res_rules("test_twelve_in_all"), 5, 2)
    deck = without.state()["objective_deck"]
    assert [o["card"] for o in with_shared.shared_objectives()] == deck[:2]
    assert with_shared.state()["objective_deck"] == deck[2:]
    with_shared.check_invariants()


def test_a_shared_objective_claimed_first_is_the_objective_star():
    # The user's entry: claim = "first", star = "objective". Nordic meets card 12 (20 coins)
    # and completes it: its objective star (§16); Rusviet, also with 20 coins, no longer may.
    g = position(res_rules("mission_possible"))
    n, r = seat(g, "nordic"), seat(g, "rusviet")
    g.set_shared_objectives([CARD_RICH, CARD_SLEEVES])
    for s in (n, r):
        g.set_player(s, coins=20)
    g.begin_turn(n)
    assert g.decision_name == "objective" and sorted(g.legal_options()) == [0, 3]
    do(g, "objective", 3)
    p = g.player(n)
    assert p["stars"] == 1 and g.state()["players"][n]["objective_stars"] == 1
    assert g.shared_objectives()[0]["completed_by"] == [n]
    g.set_player(r, last_section=-1)
    g.begin_turn(r)
    assert g.decision_name == "section"          # nothing to reveal
    g.check_invariants()


def test_the_objective_star_limit_covers_shared_objectives():
    # star = "objective": a player whose objective star is placed may not complete one (§16).
    g = position(res_rules("mission_possible"))
    n = seat(g, "nordic")
    g.set_shared_objectives([CARD_RICH])
    g.set_player(n, coins=20, objective_stars=1, star_placed={"objective": True})
    g.begin_turn(n)
    assert g.decision_name == "section"


def test_shared_objectives_each_player_tile_stars_rewards_and_the_end():
    # Test Shared Each: every player may complete each card once, for a star on the card (beyond
    # the objective star) and 2 coins; one objective a turn (§16); the 3rd completion ends the
    # game at once.
    g = position(res_rules("test_shared_each"))
    n, r = seat(g, "nordic"), seat(g, "rusviet")
    g.set_shared_objectives([CARD_RICH, CARD_PACIFIST])
    g.set_player(n, coins=20, popularity=13)     # card 18: power 0, popularity 13+, 5 workers out
    for w, c in enumerate((31, 31, 36, 36, 37)):
        g.set_unit(n, f"worker{w}", c)
    g.set_player(r, coins=20, objective_stars=1, star_placed={"objective": True})
    g.begin_turn(n)
    assert sorted(g.legal_options()) == [0, 3, 4]
    do(g, "objective", 3)
    assert g.player(n)["coins"] == 22 and g.player(n)["stars"] == 1
    assert g.decision_name == "section"      # one objective a turn
    g.set_player(r, last_section=-1)
    g.begin_turn(r)                          # its objective star is placed: a tile star all the same
    do(g, "objective", 3)
    assert g.player(r)["stars"] == 2 and g.player(r)["coins"] == 22
    assert not g.is_over
    g.set_player(n, last_section=-1)
    g.begin_turn(n)
    assert sorted(g.legal_options()) == [0, 4]   # card 12 done by this seat
    do(g, "objective", 4)
    assert g.is_over and g.end_reason == "resolution" and g.player(n)["stars"] == 2
    assert [o["completed_by"] for o in g.shared_objectives()] == [[n, r], [n]]


def test_mission_possible_needs_a_users_entry_for_its_scoring():
    data = wg.load()
    t = data.tiles["resolution"]["mission_possible"]
    assert t.missing == ("end", "shared_objectives") and t.fields["setup"]["shared_objectives"] == 2
    with pytest.raises(UserError, match=r"no known end or shared_objectives.*wind_gambit_tiles"):
        data.tile("resolution", "mission_possible", "rules.resolution")
    assert wg.load([VOCAB]).tiles["resolution"]["mission_possible"].known


R = "resolution"


@pytest.mark.parametrize("section, entry, message", [
    (R, 'end = { trigger = "stars", count = 3, per = "game" }', "end.per goes with the turns trigger only"),
    (R, 'end = { trigger = "stars", count = 7 }', "a player places 6 at most"),
    (R, 'end = { trigger = "shared_objectives", count = 1 }', "needs shared objectives"),
    (R, 'end = { trigger = "turns", count = 9 }\nshared_objectives = { claim = "first", star = "tile" }',
        "shared_objectives is given but setup lays out none"),
    (R, 'setup = { shared_objectives = 2 }\nend = { trigger = "shared_objectives", count = 3 }\n'
        'shared_objectives = { claim = "first", star = "tile" }', "only 2 shared objectives can be completed"),
    (R, 'end = { trigger = "turns", count = 9 }\nat_end = [{ do = "retreat_home", where = "factory", amount = 1 }]',
        "needs per_unit and amount together"),
    (R, 'end = { trigger = "turns", count = 9 }\nat_end = [{ do = "retreat_home", where = "village" }]',
        "at_end.0..where 'village' is not a known name"),
    (R, 'end = { trigger = "turns", count = 9 }\nsetup = { shared_objectives = 1 }\n'
        'shared_objectives = { claim = "all", star = "tile" }', "claim 'all' is not a known name"),
    ("aggressive", 'capacity = { resources = 3, workers = 2 }\nability = []',
     "not whether both may be aboard at once.*either = true"),
    ("passive", 'range = 2\nability = [{ when = "turn_start", do = "swap_objective" }]',
     "swap_objective is offered where the airship stops"),
])
def test_bad_entries_are_one_line_errors(tmp_path, section, entry, message):
    f = tmp_path / "mine.toml"
    f.write_text(f'[{section}.test_bad]\nnumber = 97\nname = "Bad"\n{entry}\nsource = "test"\nconfidence = "low"\n')
    with pytest.raises(UserError) as e:
        wg.load([f])
    assert "\n" not in str(e.value) and "mine.toml" in str(e.value)
    assert e.match(message)


# ------------------------------------------------------------------ games and rows
def test_the_invented_at_end_changes_the_games(tmp_path):
    # The same seeds with Test Blast and with the same end without its at_end effect: the games
    # are the same until they end, then Test Blast gives 1 popularity per unit sent home (some
    # games have units there, none loses popularity), and every game it ends has the Factory
    # and its neighbours empty of units.
    plain = tmp_path / "plain.toml"
    plain.write_text('[resolution.test_plain]\nnumber = 78\nname = "Plain"\nend = { trigger = "stars", count = 3 }\n'
                     'source = "test"\nconfidence = "low"\nprovisional = true\n')
    seeds = np.arange(1, 41, dtype=np.uint64)
    blast = core.play_batch(res_rules("test_blast"), seeds, 3)
    same = core.play_batch(rules(resolution="test_plain", files=(TILES, plain)), seeds, 3)
    assert np.array_equal(blast["game_turns"], same["game_turns"])
    gained = blast["popularity"] - same["popularity"]
    assert (gained >= 0).all() and gained.sum() > 0
    for seed in seeds[:4]:
        g = core.Game(res_rules("test_blast"), int(seed), 3)
        while not g.is_over:
            g.apply(g.legal_options()[0])
        for p in g.state()["players"]:
            assert not {c for c in p["units"].values()} & {FACTORY, *AROUND}


@pytest.mark.parametrize("resolution", ["test_blast", "test_shared_each", "mission_possible",
                                        "factory_explosion", "doomsday_clock", "test_twelve_in_all"])
def test_random_play_keeps_every_invariant_with_the_new_vocabulary(resolution):
    # every pair of the invented files (Test Either's capacity, Test Scout's swap included)
    r = rules(pair=None, resolution=resolution, files=FILES)
    for seed in range(1, 16):
        _, _, err = core.random_playout(r, seed, 3)
        assert err is None, (seed, err)
    for seed in range(1, 4):
        _, _, err = core.random_playout(r, seed, 2, policy_ids=[1, 2], weights=None)
        assert err is None, (seed, err)


def test_provisional_share_counts_the_rows_provisional_tiles():
    # A row's provisional_share is the share of its tiles in force (aggressive, passive,
    # resolution) whose entries are provisional: here the invented airship tiles are, a
    # resolution entered with confidence "high" and no provisional mark is not: 2 of 3.
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        f = Path(d) / "sure.toml"
        f.write_text('[resolution.test_sure]\nnumber = 79\nname = "Sure"\nend = { trigger = "turns", count = 5 }\n'
                     'source = "test"\nconfidence = "high"\n')
        r = rules(resolution="test_sure", files=(TILES, f))
        out = core.play_batch(r, np.arange(1, 3, dtype=np.uint64), 2)
        cols = wg.wind_gambit_columns(r, out, 2)
    assert np.allclose(cols["provisional_share"], 2 / 3)
    r = res_rules("test_blast")
    cols = wg.wind_gambit_columns(r, core.play_batch(r, np.arange(1, 3, dtype=np.uint64), 2), 2)
    assert np.allclose(cols["provisional_share"], 1.0)


# ------------------------------------------------------------------ capacity: resources or workers
def either_position():
    from tests.scythe.wind_gambit.test_airships import AIR, NORDIC_BASE, cell, start_move
    g = position(rules(pair=("test_either", "test_glider"), files=FILES))
    n = seat(g, "nordic")
    a = cell(NORDIC_BASE).neighbours[2]
    g.set_airship(n, cell=a)
    g.set_unit(n, "worker0", a)
    g.set_resources(a, {"oil": 1})
    start_move(g, n)
    do(g, "move_unit", AIR)
    return g, n


def test_either_capacity_carries_resources_or_workers_not_both():
    # capacity = { resources = 2, workers = 1, either = true }: rulebook 004 «ПЕРЕНЕСЕННЯ
    # РЕСУРСІВ АБО РОБІТНИКІВ» "1-3 resources or 1-2 workers", W3 "three resources or two
    # workers": with a worker aboard no token may be loaded, with a token aboard no worker.
    g, n = either_position()
    assert {1, 9} <= set(g.legal_options())          # load oil, take the worker aboard
    do(g, "airship_cargo", 9)
    assert not {1, 2, 3, 4} & set(g.legal_options())
    g.check_invariants()
    g, n = either_position()
    do(g, "airship_cargo", 1)
    assert 9 not in g.legal_options()
    g.check_invariants()


# ------------------------------------------------------------------ swap_objective
def test_swap_objective_where_the_airship_stops_on_a_village():
    # Test Scout: { when = "airship_stops", if = "village", do = "swap_objective" } (W3's
    # unnamed example): stopping on village 39 the owner may spend a held objective card (it
    # goes under the deck, as revealed cards do, base §16) and draw the top card instead.
    from tests.scythe.wind_gambit.test_airships import fly_and_stop
    g = position(rules(pair=("blitzkrieg", "test_scout"), files=FILES))
    n = seat(g, "nordic")
    g.set_player(n, objectives=[CARD_RICH, CARD_SLEEVES])
    g.set_airship(n, cell=31)
    top = g.state()["objective_deck"][0]
    fly_and_stop(g, n, 39)
    assert g.decision_name == "airship_swap" and sorted(g.legal_options()) == [0, 1, 2]
    do(g, "airship_swap", 1)
    assert g.state()["players"][n]["objectives"] == [top, CARD_SLEEVES]
    assert g.state()["objective_deck"][-1] == CARD_RICH
    g.check_invariants()


def test_no_swap_off_a_village_or_without_a_card():
    from tests.scythe.wind_gambit.test_airships import fly_and_stop
    g = position(rules(pair=("blitzkrieg", "test_scout"), files=FILES))
    n = seat(g, "nordic")
    g.set_player(n, objectives=[CARD_RICH])
    g.set_airship(n, cell=39)
    fly_and_stop(g, n, 31)                       # a mountain
    assert g.decision_name != "airship_swap"
    g = position(rules(pair=("blitzkrieg", "test_scout"), files=FILES))
    g.set_airship(n, cell=31)                    # no card held (position() clears them)
    fly_and_stop(g, n, 39)
    assert g.decision_name != "airship_swap"



# ------------------------------------------------------------------ scenarios
def test_mission_possible_in_a_scenario_needs_and_takes_a_users_entry(tmp_path):
    # Without a tile file completing it: a one-line error naming what is missing; with the
    # user's entry (vocabulary_tiles.toml) the scenario runs and its rows name the resolution.
    import shutil

    import polars as pl

    from simsuite.runner import run
    from simsuite.scenario import load_scenario
    head = 'game = "scythe"\nname = "t"\ngames = 4\nseed = 1\nplayers = 3\npolicy = "economy"\n[rules]\n'
    p = tmp_path / "s.toml"
    p.write_text(head + 'modules = ["resolutions"]\nresolution = "mission_possible"\n')
    with pytest.raises(UserError) as e:
        load_scenario(p)
    assert "\n" not in str(e.value) and "no known end or shared_objectives" in str(e.value)
    shutil.copy(VOCAB, tmp_path / "mine.toml")
    p.write_text(head + 'modules = ["resolutions"]\nresolution = "mission_possible"\nwind_gambit_tiles = "mine.toml"\n')
    out = tmp_path / "out"
    run(load_scenario(p, out=out), jobs=1, progress=False)
    rows = pl.scan_parquet(out / "**" / "*.parquet", hive_partitioning=True).collect()
    assert set(rows["resolution"]) == {"mission_possible"} and (rows["provisional_share"] == 1.0).all()
