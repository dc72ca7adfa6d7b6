"""Batch runs of Scythe through the compiled core (issue #3 with the real game)."""
from __future__ import annotations

import polars as pl
import pytest
from runhelpers import read_rows

from simsuite.errors import UserError
from simsuite.rng import derive_seed
from simsuite.runner import run
from simsuite.scenario import load_scenario

pytest.importorskip("simsuite._scythe", reason="the compiled Scythe core is not built")

SMALL = """
game = "scythe"
name = "small"
games = 24
seed = 5
shard_size = 6
players = {players}
factions = {factions}
mats = {mats}
policy = "{policy}"
[rules]
ban_pairs = {bans}
"""


def _scenario(scenario_file, players=4, factions='"random"', mats='"random"', policy="random",
              bans="true", games=None):
    text = SMALL.format(players=players, factions=factions, mats=mats, policy=policy, bans=bans)
    if games:
        text = text.replace("games = 24", f"games = {games}")
    return scenario_file(text, "small.toml")


def _play(path, out, jobs=1):
    run(load_scenario(path, out=out), jobs=jobs)
    return read_rows(out)


def test_one_and_two_jobs_give_identical_rows(scenario_file, tmp_path):
    path = _scenario(scenario_file)
    a = _play(path, tmp_path / "a", jobs=1)
    b = _play(path, tmp_path / "b", jobs=2)
    assert a.height == 24 * 4 and a.equals(b)


def test_rows_are_complete_and_consistent(scenario_file, tmp_path):
    rows = _play(_scenario(scenario_file), tmp_path / "o")
    assert rows["seed"].unique(maintain_order=True).to_list() == [derive_seed(5, g) for g in range(24)]
    assert rows.null_count().select(pl.exclude("difficulty")).sum_horizontal().item() == 0
    per_game = rows.group_by("game_index").agg(
        pl.col("seat").sort(), pl.col("faction").n_unique(), pl.col("mat").n_unique(),
        (pl.col("rank") == 1).sum().alias("firsts"), pl.col("winner").sum().alias("winners"))
    assert all(s == [0, 1, 2, 3] for s in per_game["seat"].to_list())
    assert per_game["faction"].to_list() == [4] * 24 and per_game["mat"].to_list() == [4] * 24
    assert (per_game["firsts"] == per_game["winners"]).all() and (per_game["winners"] >= 1).all()
    assert (rows["pair"] == rows["faction"] + "+" + rows["mat"]).all()
    assert set(rows["end_reason"].unique()) <= {"sixth_star", "turn_cap"}
    total = rows["score_coins"] + rows["score_stars"] + rows["score_territories"] + \
        rows["score_resources"] + rows["score_structure_bonus"]
    assert (total == rows["score"]).all()
    assert (rows["modules"] == "").all() and not rows["is_bot_opponent"].any()


def test_bans_on_never_deal_a_banned_pair(scenario_file, tmp_path):
    # Rulebook 000 §5 step 6 (digest scythe-base.md §5): Rusviet + Industrial and Crimea +
    # Patriotic are forbidden; a player dealt one redraws the mat.
    rows = _play(_scenario(scenario_file, players=5, games=60), tmp_path / "o")
    assert not rows["pair"].is_in(["rusviet+industrial", "crimea+patriotic"]).any()


def test_all_factions_and_mats_play_every_pair(scenario_file, tmp_path):
    rows = _play(_scenario(scenario_file, players=5, factions='"all"', mats='"all"', bans="false",
                           games=25), tmp_path / "o", jobs=2)
    assert rows["pair"].n_unique() == 25  # banned pairs included


def test_fixed_pairs_are_kept_by_their_players(scenario_file, tmp_path):
    path = _scenario(scenario_file, players=2, factions='["nordic", "crimea"]',
                     mats='["agricultural", "industrial"]')
    rows = _play(path, tmp_path / "o")
    assert set(rows["pair"].unique()) == {"nordic+agricultural", "crimea+industrial"}
    # Rulebook 000 §5 step 18: the lowest mat number (Industrial, 1) goes first.
    assert set(rows.filter(pl.col("seat") == 0)["pair"].unique()) == {"crimea+industrial"}


def test_compiled_random_policy_draws_like_a_python_policy_on_the_same_stream(scenario_file, tmp_path):
    # ext/common/rng.pxd and simsuite.rng agree: the compiled random policy and a Python policy
    # doing options[stream.below(len(options))] on the seat's stream play identical games.
    compiled = _play(_scenario(scenario_file, games=6), tmp_path / "c")
    python = _play(_scenario(scenario_file, games=6, policy="pypolicies:StreamRandom"), tmp_path / "p")
    drop = ["policy", "policy_id", "scenario_hash"]
    assert compiled.drop(drop).equals(python.drop(drop))
    assert python["policy"].unique().to_list() == ["pypolicies:StreamRandom"]


def test_rotated_policies_sit_in_every_seat(scenario_file, tmp_path):
    text = SMALL.format(players=3, factions='"random"', mats='"random"', policy="random", bans="true")
    text = text.replace('policy = "random"\n', "rotate = true\n") + \
        '[[policy]]\nname = "random"\n[[policy]]\nname = "pypolicies:First"\n[[policy]]\nname = "random"\n'
    path = scenario_file(text, "rot.toml")
    a = _play(path, tmp_path / "a", jobs=2)
    b = _play(path, tmp_path / "b", jobs=1)
    assert a.equals(b)
    first = a.filter(pl.col("policy") == "pypolicies:First")
    # seat s of game g plays policy (s + g) mod 3, so policy 1 sits in seat (1 - g) mod 3
    assert first["seat"].to_list() == [(1 - g) % 3 for g in range(24)]
    assert first.group_by("seat").len()["len"].to_list() == [8, 8, 8]


def test_a_compiled_policy_missing_from_the_built_core_is_refused(scenario_file, tmp_path, monkeypatch):
    from simsuite import policies

    monkeypatch.setitem(policies.COMPILED, "future", policies.CompiledPolicy("future", 99, (), "not built"))
    sc = load_scenario(_scenario(scenario_file, policy="future"), out=tmp_path / "o")
    with pytest.raises(UserError, match=r"^policy 'future' \(id 99\) is not in the built Scythe core"):
        run(sc, jobs=1)
    assert not (tmp_path / "o").exists()
