"""The Wind Gambit's resolutions (rulebook 004, «МОДУЛЬ „РОЗВ'ЯЗКИ“»), the tile data and the
scenario switches. Tiles from invented_tiles.toml (invented for the tests)."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

core = pytest.importorskip("simsuite._scythe", reason="the compiled Scythe core is not built")

from simsuite.errors import UserError  # noqa: E402
from simsuite.games.scythe import wind_gambit as wg  # noqa: E402
from simsuite.scenario import load_scenario  # noqa: E402
from tests.scythe.rules.helpers_a import do, section_of  # noqa: E402
from tests.scythe.wind_gambit.test_airships import TILES, config, position, rules, seat  # noqa: E402

EV_END = 11


def stars_to(g, s, n):
    kinds = ("upgrades", "mechs", "structures", "recruits", "workers", "popularity", "power")
    g.set_player(s, star_placed={k: i < n for i, k in enumerate(kinds)})


def test_a_sixth_star_no_longer_ends_the_game_and_stars_stop_at_six():
    # 004 «МОДУЛЬ „РОЗВ'ЯЗКИ“»: ignore the normal end (the 6th star); «ЗІРКИ»: never more than
    # 6 stars, and several players may have 6. Test Ten Turns ends by turns only.
    g = position(rules(resolution="test_ten_turns"))
    n = seat(g, "nordic")
    stars_to(g, n, 5)
    g.set_player(n, power=16)            # the power star (6th) at the next check point
    g.begin_turn(n)
    g.apply(g.legal_options()[0])
    while g.decision_name != "section" and not g.is_over and g.active_player == n:
        g.apply(g.legal_options()[0])
    assert not g.is_over
    assert g.player(n)["stars"] <= 6


def test_stars_trigger_gives_its_gain():
    # vocabulary: end = {trigger = "stars", count = 4, extra_rounds = 1}, on_trigger gain_coins 5:
    # the first player to place a 4th star gains 5 coins; the game goes on (1 more turn each).
    g = position(rules(resolution="test_four_stars"))
    n = seat(g, "nordic")
    stars_to(g, n, 3)
    place_power_star(g, n)
    g.set_player(n, last_section=-1)
    g.begin_turn(n)
    coins = g.player(n)["coins"]
    do(g, "section", section_of(g, n, top="move"))
    do(g, "top", 0)                    # skip the top action: the star check follows it
    assert g.player(n)["stars"] == 4
    assert g.player(n)["coins"] == coins + 5
    assert g.state()["resolution_triggered_by"] == n and not g.is_over


def test_turns_trigger_ends_after_every_player_took_n_turns():
    # vocabulary: end = {trigger = "turns", count = 10}: 10 turns each, then the game ends.
    r = rules(resolution="test_ten_turns")
    out = core.play_batch(r, np.arange(1, 9, dtype=np.uint64), 3)
    assert set(out["end_reason"].tolist()) == {4}           # END_RESOLUTION
    assert set(out["game_turns"].tolist()) == {30}
    assert (out["turns_taken"] == 10).all()


def test_the_invented_tile_changes_the_games():
    # a user tile file's tile plays as its entry says: the same seeds end differently
    from simsuite.games.scythe.data import load_data
    base = core.play_batch(core.Rules(load_data()), np.arange(1, 9, dtype=np.uint64), 3)
    ten = core.play_batch(rules(resolution="test_ten_turns"), np.arange(1, 9, dtype=np.uint64), 3)
    assert not np.array_equal(base["game_turns"], ten["game_turns"])


# ------------------------------------------------------------------ data and scenarios
def test_shipped_tiles_are_unknown_but_blitzkriegs_ability():
    # Known from public sources, low confidence and provisional: Factory Explosion (W1) and
    # Doomsday Clock (W2); no airship tile is known (reference/scythe/wind-gambit.md).
    data = wg.load()
    assert data.known("aggressive") == data.known("passive") == ()
    assert data.known("resolution") == ("factory_explosion", "doomsday_clock")
    for key in data.known("resolution"):
        t = data.tiles["resolution"][key]
        assert t.provisional and t.fields["confidence"] == "low"
    blitz = data.tiles["aggressive"]["blitzkrieg"]
    assert blitz.missing == ("capacity",)
    assert blitz.fields["ability"][0]["do"] == "airship_combat"


def scenario(tmp_path, rules_toml, extra=""):
    p = tmp_path / "s.toml"
    p.write_text(f'game = "scythe"\nname = "t"\ngames = 4\nseed = 1\nplayers = 2\n{extra}[rules]\n{rules_toml}\n')
    return p


def test_an_unknown_tile_is_a_one_line_error(tmp_path):
    p = scenario(tmp_path, 'modules = ["airships"]\nairship_tiles = ["blitzkrieg", "ferry"]')
    with pytest.raises(UserError) as e:
        load_scenario(p)
    msg = str(e.value)   # Blitzkrieg's capacity is the first gap met
    assert "\n" not in msg and "no known capacity" in msg and "wind_gambit_tiles" in msg


def test_no_known_pair_without_a_tile_file(tmp_path):
    p = scenario(tmp_path, 'modules = ["airships"]')
    with pytest.raises(UserError, match="no aggressive tile is known"):
        load_scenario(p)


def test_a_bad_user_tile_file_is_a_clear_error(tmp_path):
    bad = tmp_path / "mine.toml"
    bad.write_text('[passive.ferry]\nrange = 9\n')
    p = scenario(tmp_path, 'modules = ["airships"]\nwind_gambit_tiles = "mine.toml"')
    with pytest.raises(UserError, match=r"mine.toml: passive tile ferry: range is 9, outside 1..6"):
        load_scenario(p)
    bad.write_text('[passive.ferry]\nrange = 2\nability = [{ when = "sometimes", do = "gain_coins", amount = 1 }]\n')
    with pytest.raises(UserError, match="ability.0..when 'sometimes' is not a known name; valid: airship_stops"):
        load_scenario(p)


def test_the_automa_refuses_the_modules(tmp_path):
    # neither 003 nor 004 says how the Automa plays with airships or resolutions
    p = tmp_path / "solo.toml"
    p.write_text('game = "scythe"\nname = "t"\ngames = 4\nseed = 1\n[automa]\ndifficulty = "automa"\n'
                 '[rules]\nmodules = ["resolutions"]\n')
    with pytest.raises(UserError, match="not playable against the Automa"):
        load_scenario(p)


def test_user_tiles_play_and_fill_the_columns(tmp_path):
    import shutil
    from simsuite.runner import run
    import polars as pl
    shutil.copy(TILES, tmp_path / "tiles.toml")
    p = scenario(tmp_path, 'modules = ["airships", "resolutions"]\nwind_gambit_tiles = "tiles.toml"',
                 'policy = "economy"\n')
    out = tmp_path / "out"
    run(load_scenario(p, out=out), jobs=1, progress=False)
    rows = pl.scan_parquet(out / "**" / "*.parquet", hive_partitioning=True).collect()
    assert set(rows["airship_pair"]) <= {f"{a}+test_glider" for a in ("blitzkrieg", "test_paymaster", "test_ferryman")}
    assert set(rows["resolution"]) <= {"test_four_stars", "test_ten_turns", "test_tile_star",
                                       "factory_explosion", "doomsday_clock"}   # shipped, W1 and W2
    assert (rows["modules"] == "airships,resolutions").all()


@pytest.mark.parametrize("per_player", [False, True])
def test_random_play_keeps_every_invariant_with_every_known_tile(per_player):
    # random play (and the compiled heuristics) checked after every step (checks.pxi, the
    # airship invariant included) with every known tile of the invented files
    more = TILES.with_name("more_tiles.toml")
    r = rules(pair=None, per_player=per_player, resolution=None, files=(TILES, more))
    cfg = config(pair=None, per_player=per_player, files=(TILES, more))
    seen = set()
    for seed in range(1, 41):
        decisions, end, err = core.random_playout(r, seed, 2 if per_player else 3)
        assert err is None, (seed, err)
        g = core.Game(r, seed, 2 if per_player else 3)
        seen |= {(g.airship(s)["aggressive"], g.airship(s)["passive"]) for s in range(g.n_players)}
    for seed in range(1, 6):
        _, _, err = core.random_playout(r, seed, 2, policy_ids=[1, 2], weights=None)
        assert err is None, (seed, err)
    if not per_player:
        assert seen == set(cfg.pairs)


@pytest.mark.parametrize("resolution", ["test_four_stars", "test_ten_turns"])
def test_random_play_keeps_every_invariant_with_each_resolution(resolution):
    r = rules(resolution=resolution)
    for seed in range(1, 21):
        _, end, err = core.random_playout(r, seed, 3)
        assert err is None, (seed, err)


def place_power_star(g, s):
    """Give seat s the power star at its next check point (power 16: base §18)."""
    g.set_player(s, power=16)


def play_turn(g, s):
    """Seat s takes a turn choosing the first legal option throughout."""
    g.begin_turn(s)
    while not g.is_over and g.active_player == s and g.decision_name != "none":
        before = g.turn
        g.apply(g.legal_options()[0])
        if g.turn != before:
            break


def test_star_on_the_tile_counts_and_triggers_extra_rounds():
    # Test Tile Star: a 3rd star sets off the end; the trigger places a star on the tile
    # (004 «ЗІРКИ»: it counts as placed on the triumph track); 2 more turns each follow.
    g = position(rules(resolution="test_tile_star"))
    n = seat(g, "nordic")
    stars_to(g, n, 2)
    place_power_star(g, n)
    play_turn(g, n)
    p = g.player(n)
    assert p["stars"] == 4                       # 2 + the power star + the tile star
    assert g.state()["resolution_triggered_by"] == n
    assert g.result()["score_stars"][n] == 4 * 3  # popularity 0: 3 coins a star (base §20)
    assert not g.is_over
    g.check_invariants()


def test_several_players_reach_six_stars():
    # 004 «ЗІРКИ»: with some resolutions several players may place their 6 stars.
    g = position(rules(resolution="test_ten_turns"))
    n, r = seat(g, "nordic"), seat(g, "rusviet")
    for s in (n, r):
        stars_to(g, s, 5)
        place_power_star(g, s)
        play_turn(g, s)
    assert g.player(n)["stars"] == g.player(r)["stars"] == 6
    assert not g.is_over
    g.check_invariants()


def test_no_seventh_star():
    # 004 «ЗІРКИ»: "no more than 6 stars"
    g = position(rules(resolution="test_ten_turns"))
    n = seat(g, "nordic")
    stars_to(g, n, 6)
    g.set_player(n, popularity=18)           # the popularity star would be a 7th
    play_turn(g, n)
    assert g.player(n)["stars"] == 6


def test_ties_break_by_the_base_rules_with_tile_stars_counted():
    # Tie-breakers are the base game's (base §20.1): stars placed (the last one) include tile
    # stars. Two seats equal in everything but one tile star: that seat ranks first.
    g = position(rules(resolution="test_tile_star"))
    n, r = seat(g, "nordic"), seat(g, "rusviet")
    stars_to(g, n, 2)
    place_power_star(g, n)
    play_turn(g, n)                           # nordic: 4 stars, one of them on the tile
    g.clear_board()
    stars_to(g, r, 3)
    coins = g.player(n)["coins"]
    for s, c in ((n, coins), (r, coins + 3)):  # one star fewer: 3 coins more (tier 0: 3 a star)
        g.set_player(s, power=16, popularity=0, coins=c)
    res = g.result()
    assert res["stars"][n] == 4 and res["stars"][r] == 3
    assert res["score"][n] == res["score"][r]
    assert res["rank"][n] == 1 and res["rank"][r] == 2 and not res["shared"][n]


def test_a_python_policy_plays_airships_like_the_compiled_random_one():
    # the Python path (play_python) with the modules on gives the compiled random games
    from simsuite.rng import Stream, derive_seed   # noqa: F401

    class Rand:
        def choose(self, view, options, stream):
            assert "airships" in view
            return options[stream.below(len(options))]

    r = rules(resolution="test_ten_turns")
    seeds = np.arange(1, 5, dtype=np.uint64)
    a = core.play_batch(r, seeds, 2)
    b = core.play_batch(r, seeds, 2, python_policies=[Rand(), Rand()])
    assert np.array_equal(a["score"], b["score"]) and np.array_equal(a["game_turns"], b["game_turns"])


def test_log_names_airship_decisions():
    from simsuite.games.scythe.game import format_events
    import random
    g = core.Game(rules(resolution="test_ten_turns"), 2, 2)
    rng = random.Random(4)
    while not g.is_over:
        o = g.legal_options()
        g.apply(o[rng.randrange(len(o))])
    lines = format_events(g, g.raw_events())
    assert any("airship" in line for line in lines)
    assert lines[-1] == "=== game over: resolution ==="


def test_extra_rounds_are_counted_from_the_trigger():
    # Test Tile Star: extra_rounds = 2 with 2 players: after the triggering turn, 4 more turns.
    g = position(rules(resolution="test_tile_star"))
    n = seat(g, "nordic")
    stars_to(g, n, 2)
    place_power_star(g, n)
    start = g.turn
    play_turn(g, n)
    while not g.is_over:
        g.apply(g.legal_options()[0])
    assert g.end_reason == "resolution"
    assert g.turn == start + 1 + 2 * 2


def test_a_stars_end_without_extra_rounds_ends_at_once(tmp_path):
    # vocabulary: end = { trigger = "stars", count = 3 } (extra_rounds 0): the game ends when the
    # 3rd star is placed, as the base game's 6th star does (base §19.1)
    f = tmp_path / "instant.toml"
    f.write_text('[resolution.test_instant]\nnumber = 98\nname = "Instant"\n'
                 'end = { trigger = "stars", count = 3 }\nsource = "test"\nconfidence = "low"\n'
                 'provisional = true\n')
    g = position(rules(resolution="test_instant", files=(TILES, f)))
    n = seat(g, "nordic")
    stars_to(g, n, 2)
    place_power_star(g, n)
    play_turn(g, n)
    assert g.is_over and g.end_reason == "resolution" and g.player(n)["stars"] == 3
