"""`simsuite play` / `replay` drive any game through its spec's hooks (issue #13): a solo game
against the Automa, the pure-Python dice game, and the option parsing with its one-line errors."""
from __future__ import annotations

import json

import pytest

from simsuite.errors import UserError
from simsuite.play import parse_options, play_command, replay_command


def test_options_are_name_value_pairs():
    assert parse_options(["--factions", "nordic,crimea", "--automa=automa"]) == {
        "factions": "nordic,crimea", "automa": "automa"}
    assert parse_options(["--turn-cap", "9"]) == {"turn_cap": "9"}
    with pytest.raises(UserError, match="--factions: needs a value"):
        parse_options(["--factions"])
    with pytest.raises(UserError, match="unexpected argument 'nordic'"):
        parse_options(["nordic"])


def test_a_solo_game_against_the_automa_plays_and_replays(tmp_path, capsys):
    pytest.importorskip("simsuite._scythe")
    path = tmp_path / "solo.json"
    play_command(game="scythe", seed=4, policy="economy", save=path, quiet=False,
                 options={"automa": "automaszyna", "factions": "crimea"})
    out = capsys.readouterr().out
    assert "(Automa)" in out and any(" automa " in line for line in out.splitlines()[-4:])
    record = json.loads(path.read_text())
    assert record["scenario"]["automa"] == {"difficulty": "automaszyna"}
    replay_command(path)
    assert "result matches the saved game" in capsys.readouterr().out


def test_solo_options_are_checked(tmp_path):
    pytest.importorskip("simsuite._scythe")
    with pytest.raises(UserError, match="--players 3: a game against the Automa has one player"):
        play_command(game="scythe", seed=1, players=3, options={"automa": "automa"})
    with pytest.raises(UserError, match="unknown Automa difficulty 'hardest'"):
        play_command(game="scythe", seed=1, options={"automa": "hardest"})
    with pytest.raises(UserError, match="--colour: not an option of a Scythe game"):
        play_command(game="scythe", seed=1, options={"colour": "red"})


def test_any_game_plays_through_its_spec(tmp_path, capsys):
    path = tmp_path / "dice.json"
    play_command(game="dice", seed=3, players=3, save=path, options={"target": "20"})
    out = capsys.readouterr().out
    assert "seat 0: roll" in out and "(rank 1)" in out
    replay_command(path)
    assert "result matches" in capsys.readouterr().out
    with pytest.raises(UserError, match="--game: unknown game 'chess'"):
        play_command(game="chess", seed=1)


def test_any_game_of_a_dataset_replays_with_its_log(tmp_path, capsys):
    """`simsuite replay DATASET --game-index N`: the scenario is rebuilt from the text every shard
    carries and game N is played again step by step, matching the dataset's rows (rotated
    line-ups included)."""
    pytest.importorskip("simsuite._scythe")
    from pathlib import Path

    from simsuite.play import replay_dataset_command
    from simsuite.runner import run
    from simsuite.scenario import load_scenario

    repo = Path(__file__).resolve().parents[1]
    run(load_scenario(repo / "scenarios" / "scythe" / "default.toml", games=12, out=tmp_path / "d"),
        jobs=1, progress=False)
    for k in (0, 5, 11):
        replay_dataset_command(tmp_path / "d", k)
        assert f"game {k} of" in capsys.readouterr().out
    with pytest.raises(UserError, match="has no game 12; it holds games 0..11"):
        replay_dataset_command(tmp_path / "d", 12)
    with pytest.raises(UserError, match="no scenario 'other'"):
        replay_dataset_command(tmp_path / "d", 0, "other")
