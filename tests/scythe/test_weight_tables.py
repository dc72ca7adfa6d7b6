"""Weights tables (issue #14, play adapted to the seat): a compiled policy's weights chosen by
the faction and mat its seat was dealt, picked by the core once the game is set up."""
from __future__ import annotations

import numpy as np
import polars as pl
import pytest

pytest.importorskip("simsuite._scythe")

from simsuite import _scythe as core  # noqa: E402
from simsuite.errors import UserError  # noqa: E402
from simsuite.games.scythe.data import load_data  # noqa: E402
from simsuite.play import play_game  # noqa: E402
from simsuite.policies import MAX_WEIGHTS, compiled_policies  # noqa: E402
from simsuite.runner import derive_seeds, run  # noqa: E402
from simsuite.scenario import load_scenario  # noqa: E402

SEEDS = np.arange(1, 25, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)


@pytest.fixture(scope="module")
def setup():
    p = compiled_policies("scythe")["economy"]
    w = np.zeros((4, MAX_WEIGHTS))
    w[:, :len(p.weights)] = [x for _, x in p.weights]
    return core.Rules(load_data()), [p.id] * 4, w


def _same(a, b):
    return all(np.array_equal(a[k], b[k]) for k in a)


def test_a_table_of_equal_rows_plays_as_the_plain_weights(setup):
    rules, ids, w = setup
    plain = core.play_batch(rules, SEEDS, 4, None, None, ids, w)
    table = np.repeat(w[:, None, :], core.WEIGHT_TABLE_ROWS, axis=1)
    assert _same(plain, core.play_batch(rules, SEEDS, 4, None, None, ids, table))


def test_only_the_row_of_the_dealt_faction_and_mat_is_played(setup):
    rules, ids, w = setup
    junk = np.random.default_rng(1).normal(size=(4, core.WEIGHT_TABLE_ROWS, MAX_WEIGHTS)) * 3
    changed = False
    for g in range(8):
        one = core.play_batch(rules, SEEDS[g:g + 1], 4, None, None, ids, w)
        table = junk.copy()
        for s in range(4):   # row faction id * N_MAT_IDS + mat id (ext/scythe/contract.pxi)
            table[s, one["faction"][0, s] * core.N_MAT_IDS + one["mat"][0, s]] = w[s]
        assert _same(one, core.play_batch(rules, SEEDS[g:g + 1], 4, None, None, ids, table))
        changed |= not _same(one, core.play_batch(rules, SEEDS[g:g + 1], 4, None, None, ids, junk))
    assert changed, "the junk rows never changed a game: the table is not read"


SCENARIO = """\
game = "scythe"
name = "tables"
games = 6
seed = 5
players = 3
factions = "random"
mats = "random"
[[policy]]
name = "economy"
weights_table = "{table}"
[[policy]]
name = "aggressor"
[[policy]]
name = "diplomat"
"""

TABLE = """\
name = "economy"
[weights]
power = 0.9
[[row]]
mat = "industrial"
weights = {{ production = 2.5, encounter = 1.0 }}
[[row]]
mat = "industrial"
faction = "{faction}"
weights = {{ production = 0.1 }}
"""


def _scenario(tmp_path, table_text, name="t.toml"):
    (tmp_path / "table.toml").write_text(table_text)
    path = tmp_path / name
    path.write_text(SCENARIO.format(table="table.toml"))
    return path


def test_the_most_specific_row_wins(tmp_path):
    sc = load_scenario(_scenario(tmp_path, TABLE.format(faction="crimea")))
    p = sc.config.policies[0]
    names = [n for n, _ in compiled_policies("scythe")["economy"].weights]
    vec = dict(zip(names, p.weights_for({"players": 3, "solo": False, "faction": "nordic",
                                          "mat": "industrial"})))
    assert vec["production"] == 2.5 and vec["power"] == 0.9 and vec["encounter"] == 1.0
    vec = dict(zip(names, p.weights_for({"players": 3, "solo": False, "faction": "crimea",
                                          "mat": "industrial"})))
    # both rows match; the one naming two keys wins, on top of the base (rows do not stack)
    assert vec["production"] == 0.1 and vec["encounter"] == 5.0 and vec["power"] == 0.9
    vec = dict(zip(names, p.weights_for({"players": 3, "solo": False, "faction": "crimea",
                                          "mat": "patriotic"})))
    assert vec["production"] == 1.0 and vec["power"] == 0.9        # the base
    plain = load_scenario(_scenario(tmp_path, "name = \"economy\"\n", "p.toml"))
    assert p.policy_id != plain.config.policies[0].policy_id


def test_a_table_changes_play_and_the_stepped_game_plays_as_the_batch(tmp_path):
    path = _scenario(tmp_path, TABLE.format(faction="crimea"))
    sc = load_scenario(path, out=tmp_path / "a")
    run(sc, jobs=1, progress=False)
    rows = pl.read_parquet(tmp_path / "a" / "**" / "*.parquet", hive_partitioning=True).sort("game_index", "seat")
    stepped = play_game(sc.spec, sc.config, int(derive_seeds(5, np.array([0]))[0]))
    assert rows.filter(pl.col("game_index") == 0)["score"].to_list() == list(stepped.result()["score"])


@pytest.mark.parametrize("text, message", [
    ('name = "economy"\n[[row]]\nmat = "industrail"\nweights = { power = 1.0 }\n',
     r"row\[0\]: unknown mat 'industrail'; did you mean 'industrial'\?"),
    ('name = "economy"\n[[row]]\ncolour = "red"\nweights = {}\n', r"row\[0\]: unknown key 'colour'"),
    ('name = "economy"\n[weights]\npowr = 1.0\n', r"\[weights\]: unknown weight 'powr'; did you mean 'power'\?"),
    ('name = "aggressor"\n', r"a table for policy 'aggressor', not 'economy'"),
    ('name = "economy"\n[[row]]\nweights = { power = 1.0 }\n', r"row\[0\]: names no key"),
])
def test_table_errors_are_one_line(tmp_path, text, message):
    with pytest.raises(UserError, match=message) as err:
        load_scenario(_scenario(tmp_path, text))
    assert "\n" not in err.value.message and "policy[0].weights_table" in err.value.message


def test_the_shipped_tables_load(tmp_path):
    from pathlib import Path

    import simsuite.games.scythe as pkg

    for table in sorted((Path(pkg.__file__).parent / "tables").glob("*.toml")):
        policy = table.read_text().split('name = "', 1)[1].split('"', 1)[0]
        path = tmp_path / f"{table.stem}.toml"
        path.write_text(SCENARIO.format(table=table.stem).replace('name = "economy"', f'name = "{policy}"'))
        assert load_scenario(path).config.policies[0].table is not None


def test_a_solo_game_plays_the_row_of_its_automa_level(setup):
    # Against the Automa the seat's row is read in the block of the game's level (1 + level
    # id; block 0 is for games without it): a tuned table can play each level its own way.
    rules, ids, w = setup
    ids, w = ids[:2], w[:2]
    seeds = SEEDS[:6]
    junk = np.random.default_rng(2).normal(size=(2, core.WEIGHT_TABLE_ROWS, MAX_WEIGHTS)) * 3
    for level in (1, 3):
        plain = core.play_batch(rules, seeds, 2, None, None, ids, w, automa=level)
        in_block, in_other = junk.copy(), junk.copy()
        wrong_level = 3 if level == 1 else 1                  # another level's block
        for g in range(len(seeds)):
            f, m = int(plain["faction"][g, 0]), int(plain["mat"][g, 0])
            pair = f * core.N_MAT_IDS + m
            in_block[0, (1 + level) * core.WEIGHT_TABLE_BLOCK + pair] = w[0]
            in_other[0, pair] = w[0]                                      # no-Automa block
            in_other[0, (1 + wrong_level) * core.WEIGHT_TABLE_BLOCK + pair] = w[0]
        assert _same(plain, core.play_batch(rules, seeds, 2, None, None, ids, in_block, automa=level))
        assert not _same(plain, core.play_batch(rules, seeds, 2, None, None, ids, in_other,
                                                automa=level)), \
            "rows outside the level's block changed nothing: the block is not read"


SOLO = """\
game = "scythe"
name = "solo-tables"
games = 16
seed = 9
policy = {{ name = "economy", weights_table = "{table}" }}
[automa]
difficulty = ["automa", "ultimaszyna"]
"""


def _solo_scores(tmp_path, table_text, name):
    (tmp_path / f"{name}-table.toml").write_text(table_text)
    path = tmp_path / f"{name}.toml"
    path.write_text(SOLO.format(table=f"{name}-table.toml").replace("solo-tables", name))
    sc = load_scenario(path, out=tmp_path / name)
    run(sc, jobs=1, progress=False)
    rows = pl.read_parquet(tmp_path / name / "**" / "*.parquet", hive_partitioning=True)
    return sc, rows.filter(pl.col("seat") == 0).sort("game_index")


def test_a_difficulty_row_changes_only_the_games_at_its_level(tmp_path):
    base = 'name = "economy"\n[[row]]\nsolo = true\nweights = { power = 0.9 }\n'
    level_row = '[[row]]\nsolo = true\ndifficulty = "ultimaszyna"\nweights = { production = 0.0, power = 4.0 }\n'
    sc, plain = _solo_scores(tmp_path, base, "plain")
    _, tuned = _solo_scores(tmp_path, base + level_row, "level")
    names = [n for n, _ in compiled_policies("scythe")["economy"].weights]
    table = load_scenario(tmp_path / "level.toml").config.policies[0].table
    ult = dict(zip(names, table.vector({"players": 2, "solo": True, "faction": "nordic",
                                        "mat": "industrial", "difficulty": "ultimaszyna"})))
    normal = dict(zip(names, table.vector({"players": 2, "solo": True, "faction": "nordic",
                                           "mat": "industrial", "difficulty": "automa"})))
    assert ult["power"] == 4.0 and normal["power"] == 0.9
    at = {lv: (plain["difficulty"] == lv).to_numpy() for lv in ("automa", "ultimaszyna")}
    assert at["automa"].any() and at["ultimaszyna"].any()
    same = plain["score"].to_numpy() == tuned["score"].to_numpy()
    assert same[at["automa"]].all()
    assert not same[at["ultimaszyna"]].all()


def test_an_unknown_difficulty_in_a_row_is_one_line(tmp_path):
    text = 'name = "economy"\n[[row]]\ndifficulty = "ultimashyna"\nweights = { power = 1.0 }\n'
    with pytest.raises(UserError, match=r"row\[0\]: unknown difficulty 'ultimashyna'; did you mean 'ultimaszyna'\?"):
        load_scenario(_scenario(tmp_path, text))
