"""Solo scenarios (simsuite/games/scythe/solo.py): validation, design and dataset rows."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from simsuite.errors import UserError
from simsuite.games.scythe import solo
from simsuite.scenario import load_scenario

REPO = Path(__file__).resolve().parents[2]
HEAD = 'game = "scythe-automa"\ngames = 10\nseed = 1\n'


def scenario(tmp_path, text, name="s.toml"):
    path = tmp_path / name
    path.write_text(HEAD + text, encoding="utf-8")
    return load_scenario(path)


@pytest.mark.parametrize("name", ["automa-levels", "automa-ci", "automa-baseline"])
def test_shipped_scenarios_validate(name):
    sc = load_scenario(REPO / "scenarios" / "scythe" / f"{name}.toml")
    assert sc.game == "scythe" and sc.config.n_players == 2


def test_levels_scenario_design_is_complete():
    # Every difficulty x Automa faction x human faction x mat x policy, once per block.
    sc = load_scenario(REPO / "scenarios" / "scythe" / "automa-levels.toml")
    combos = set(sc.config.combos)
    assert len(combos) == len(sc.config.combos) == 4 * 4 * 92
    assert sc.games % len(combos) == 0
    d = solo.design(sc.config, np.arange(len(combos)))
    assert len({tuple(r) for r in d}) == len(combos)
    assert all(r[2] != r[3] for r in d)                      # never the same faction
    names, mats = sc.config.faction_names, sc.config.mat_names
    pairs = {(names[r[3]], mats[r[4]]) for r in d}
    assert ("rusviet", "industrial") not in pairs and ("crimea", "patriotic") not in pairs


@pytest.mark.parametrize("text, message", [
    ('factions = "random"\n', r"automa: missing table; add \[automa\]"),
    ('[automa]\nfaction = "random"\n', r"automa.difficulty: missing key"),
    ('[automa]\ndifficulty = "hardest"\n', r"automa.difficulty: unknown Automa difficulty 'hardest'"),
    ('[automa]\ndifficulty = "random"\n', r"automa.difficulty: cannot be \"random\""),
    ('[automa]\ndifficulty = "all"\nfaction = "norddic"\n', r"automa.faction: unknown faction"),
    ('[automa]\ndifficulty = "all"\ndifficuly = 1\n', r"automa.difficuly: unknown key; did you mean 'difficulty'\?"),
    ('[automa]\ndifficulty = "all"\noptions = { move_chek = true }\n', r"unknown option 'move_chek'; did you mean 'move_check'\?"),
    ('[automa]\ndifficulty = "all"\noptions = { coin_modifier = 5 }\n', r"option 'coin_modifier' is 5"),
    ('factions = "crimea"\n[automa]\ndifficulty = "all"\nfaction = "crimea"\n', r"no combination is playable"),
    ('[automa]\ndifficulty = "all"\ndata = ["missing.toml"]\n', r"automa.data: data file 'missing.toml' not found"),
    ('players = 2\n[automa]\ndifficulty = "all"\n', r"players: a solo game has one player against the Automa"),
    ('policy = "random_walk"\n[automa]\ndifficulty = "all"\n', r"policy.name"),
])
def test_scenario_errors_are_one_line(tmp_path, text, message):
    with pytest.raises(UserError, match=message) as info:
        scenario(tmp_path, text)
    assert "\n" not in info.value.message and info.value.message.startswith("s.toml: ")


def test_automa_data_override_is_checked(tmp_path):
    (tmp_path / "bad.toml").write_text('[[card]]\nid = 3\ncombat_cards = 2\n', encoding="utf-8")
    with pytest.raises(UserError, match=r"s.toml: automa.data: automa.toml \+ bad.toml: cards showing 0/1/2/3"):
        scenario(tmp_path, '[automa]\ndifficulty = "all"\ndata = ["bad.toml"]\n')


def test_shard_rows(tmp_path):
    sc = scenario(tmp_path, 'factions = ["nordic", "saxony"]\nmats = "random"\npolicy = "random"\n'
                            '[automa]\ndifficulty = ["automa", "ultimaszyna"]\nfaction = "rusviet"\n')
    spec = sc.spec
    spec.prepare(sc.config)
    table = spec.run_shard(sc.config, np.arange(8), np.arange(8, dtype=np.uint64) + 11).to_pydict()
    assert table["seat"] == [0, 1] * 8
    assert table["policy"][1::2] == ["automa"] * 8 and table["is_bot_opponent"] == [False, True] * 8
    assert table["mat"][1::2] == [None] * 8 and table["pair"][1::2] == [None] * 8
    assert table["faction"][1::2] == ["rusviet"] * 8
    assert table["faction"][0::2] == ["nordic", "saxony"] * 4
    assert table["difficulty"][0::2] == ["automa", "automa", "ultimaszyna", "ultimaszyna"] * 2
    assert table["difficulty"][0::2] == table["difficulty"][1::2]
    winners = np.array(table["winner"]).reshape(8, 2)
    assert (winners.sum(axis=1) >= 1).all()
