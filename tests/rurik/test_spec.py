"""Rurik's spec: scenario validation (one-line errors), the dataset rows of a multiplayer and a
solo shard, and the `simsuite play` options."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from simsuite.errors import UserError
from simsuite.games import get_game
from simsuite.games.rurik.schema import SCHEMA
from simsuite.runner import derive_seeds

SOURCE = Path("test.toml")


def spec():
    return get_game("rurik")


def refused(table) -> str:
    with pytest.raises(UserError) as exc:
        spec().validate(table, SOURCE)
    msg = str(exc.value)
    assert "\n" not in msg
    return msg


@pytest.mark.parametrize("table,words", [
    ({"players": 5}, "players"),
    ({"players": 3, "leaders": ["Boris", "Maria"]}, "2 leaders for 3 players"),
    ({"players": 2, "leaders": ["Boris", "Bors"]}, "did you mean 'Boris'"),
    ({"players": 2, "leaders": ["Boris", "Boris"]}, "given to two seats"),
    ({"players": 2, "rules": {"variants": ["alternate_bord"]}}, "did you mean 'alternate_board'"),
    ({"players": 2, "rules": {"income_round_4": True}}, "income_round4"),
    ({"solo": {"difficulty": 5}}, "use 1, 2, 3 or 4"),
    ({"players": 2, "solo": {"difficulty": 1}}, "a solo game has one player"),
    ({"solo": {"difficulty": 1}, "leaders": "Sviatopolk"}, "leads the Rebels"),
    ({"players": 2, "rules": {"data": ["nowhere.toml"]}}, "not found next to the scenario"),
    # the shipped map is provisional (map.toml), so a scenario refusing provisional data stops
    ({"players": 2, "rules": {"provisional": False}}, "provisional (first: region Novgorod: good, neighbours)"),
])
def test_bad_scenarios_are_one_line_errors(table, words):
    assert words in refused(table)


def test_a_multiplayer_shard_has_every_declared_column():
    config = spec().validate({"players": 3, "leaders": "all", "policy": ["warlord", "builder", "trader"]}, SOURCE)
    games = np.arange(16)
    table = spec().run_shard(config, games, derive_seeds(1, games))
    assert set(table.column_names) == set(SCHEMA.names) - {"scenario_hash"}
    assert table.num_rows == 48
    rows = table.to_pydict()
    assert rows["policy"][:3] == ["warlord", "builder", "trader"] and not any(rows["is_bot_opponent"])
    assert all(0.0 <= v <= 1.0 for v in rows["provisional_share"])
    for i in range(0, 48, 3):       # the score is the sum of its components
        for s in range(i, i + 3):
            assert rows["score"][s] == sum(rows[c][s] for c in SCHEMA.score_components)
    # "all" leaders: seat s of game g gets a different leader in each seat, cycling with g
    assert len(set(rows["leader"][:3])) == 3 and rows["difficulty"] == [None] * 48


def test_a_solo_shard_crosses_policies_levels_and_marks_the_rebels():
    config = spec().validate({"policy": ["warlord", "builder"], "solo": {"difficulty": [1, 4]}}, SOURCE)
    games = np.arange(8)
    rows = spec().run_shard(config, games, derive_seeds(3, games)).to_pydict()
    assert rows["policy"][1::2] == ["rebels"] * 8 and all(rows["is_bot_opponent"][1::2])
    assert rows["leader"][1::2] == ["Sviatopolk"] * 8
    # combinations in turn by game index: (warlord, 1), (warlord, 4), (builder, 1), (builder, 4)
    assert rows["difficulty"][0::2] == [1, 4, 1, 4, 1, 4, 1, 4]
    assert rows["policy"][0::2] == ["warlord", "warlord", "builder", "builder"] * 2


def test_play_options_become_a_scenario():
    s = spec()
    assert s.play_scenario(None, {"solo": "3"}) == {"rules": {}, "solo": {"difficulty": "3"}}
    assert s.play_scenario(2, {"leaders": "Boris,"})["leaders"] == ["Boris", "random"]
    with pytest.raises(UserError):
        s.play_scenario(3, {"solo": "2"})
    with pytest.raises(UserError):
        s.play_scenario(3, {"factions": "x"})


@pytest.mark.parametrize("players,options", [(3, {"leaders": "Boris,Maria,"}), (None, {"solo": "3"})])
def test_simsuite_play_prints_a_readable_game_and_replays_it(tmp_path, capsys, players, options):
    # `simsuite play --game rurik`: one line per decision or forced step in words (seat, action,
    # region), the score breakdown by component at the end; the saved game replays to the same result
    from simsuite.play import play_command, replay_command

    path = tmp_path / "game.json"
    play_command(game="rurik", seed=5, players=players, policy="builder", save=path, options=options)
    lines = [x for x in capsys.readouterr().out.splitlines() if not x.startswith("replay saved to")]
    assert any(line.startswith("seat 0 places advisor") for line in lines)
    assert any(" musters in " in line or " moves " in line for line in lines)
    assert lines[-1].startswith("rank ") and "VP [rule " in "\n".join(lines[-3:])
    # the score lines name their last figures as the tie-breakers (regions ruled, then coins)
    assert all("; tie-breakers: regions ruled " in line for line in lines if line.startswith("rank "))
    assert any(line.startswith("game over after 4 rounds") for line in lines)   # Rurik has 4 rounds
    if "solo" in options:
        assert any(line.startswith("the Rebel side activates") for line in lines)
        assert "(Sviatopolk)" in "\n".join(lines[-2:])
    replay_command(path)
    assert "result matches the saved game" in capsys.readouterr().out
