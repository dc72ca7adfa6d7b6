"""`simsuite tune --by` on Scythe: the cells a scenario deals (`table_cells`) and the scenario
a cell is tuned in (`fix_seat`), which keeps the scenario's own per-player factions and mats."""
from __future__ import annotations

import numpy as np
import pytest

from simsuite.errors import UserError
from simsuite.games import get_game
from simsuite.scenario import load_scenario, load_scenario_table, parse_toml

SPEC = get_game("scythe")
MATS = {"industrial", "engineering", "patriotic", "mechanical", "agricultural"}


def write(tmp_path, body: str, name: str = "cells"):
    """A scenario file (a player game unless `body` has an [automa] table) and its raw table."""
    path = tmp_path / f"{name}.toml"
    path.write_text(f'name = "{name}"\ngame = "scythe"\nseed = 1\ngames = 4\n'
                    f'policy = "random"\n{body}\n')
    return path, parse_toml(path)[1]


def fix(path, doc, cell) -> dict:
    """fix_seat as the tuner calls it: with the scenario as validated."""
    return SPEC.fix_seat(doc, cell, load_scenario(path).config)


def cells(path, keys) -> list:
    sc = load_scenario(path)
    return sc.spec.table_cells(sc.config, keys)


def as_set(cell_list) -> set:
    return {tuple(sorted(c.items())) for c in cell_list}


def test_named_factions_are_each_tuned_against_the_other_two(tmp_path):
    # spelled as a user might: the validated names are canonical; the others keep their text
    path, doc = write(tmp_path, 'players = 3\nfactions = ["Crimea", " saxony ", "POLANIA"]')
    assert as_set(cells(path, ["faction"])) == as_set(
        [{"faction": "crimea"}, {"faction": "saxony"}, {"faction": "polania"}])
    assert fix(path, doc, {"faction": "crimea"})["factions"] == ["crimea", " saxony ", "POLANIA"]
    assert fix(path, doc, {"faction": "saxony"})["factions"] == ["Crimea", "saxony", "POLANIA"]
    assert fix(path, doc, {"faction": "polania"})["factions"] == ["Crimea", " saxony ", "polania"]
    fixed = fix(path, doc, {"faction": "saxony"})
    assert "mats" not in fixed                       # a key outside the cell is left alone
    assert doc["factions"] == ["Crimea", " saxony ", "POLANIA"]   # the input is not changed


def test_a_cell_takes_a_random_entry_unless_its_value_is_named(tmp_path):
    path, doc = write(tmp_path, 'players = 3\nfactions = ["crimea", "random", "Random"]')
    got = fix(path, doc, {"faction": "nordic"})["factions"]
    assert got[0] == "crimea" and got.count("nordic") == 1 and got.index("nordic") in (1, 2)
    assert [e.lower() for e in got if e != "nordic"] == ["crimea", "random"]
    # crimea is named for player 0, so only player 0 can hold it
    assert fix(path, doc, {"faction": "crimea"})["factions"] == ["crimea", "random", "Random"]


def test_mats_named_by_number_and_banned_pairs_steer_the_seat(tmp_path):
    # mat "1" is Industrial (its printed number): the Industrial cell is player 0's
    path, doc = write(tmp_path, 'players = 3\nmats = ["1", "random", "random"]')
    assert fix(path, doc, {"mat": "industrial"})["mats"] == ["industrial", "random", "random"]
    assert fix(path, doc, {"mat": "patriotic"})["mats"] == ["1", "patriotic", "random"]
    # Crimea + Patriotic is banned: Patriotic goes to the player whose faction is dealt
    path, doc = write(tmp_path, 'players = 2\nfactions = ["crimea", "random"]', name="ban")
    fixed = fix(path, doc, {"mat": "patriotic"})
    assert fixed["mats"] == ["random", "patriotic"] and fixed["factions"] == ["crimea", "random"]
    load_scenario_table(fixed, path)                 # a scenario the rules accept


def test_both_lists_pair_their_entries_by_player(tmp_path):
    path, doc = write(tmp_path, 'players = 2\nfactions = ["crimea", "saxony"]\n'
                                'mats = ["industrial", "patriotic"]\n[rules]\nban_pairs = false')
    assert as_set(cells(path, ["faction", "mat"])) == as_set(
        [{"faction": "crimea", "mat": "industrial"}, {"faction": "saxony", "mat": "patriotic"}])
    fixed = fix(path, doc, {"faction": "saxony", "mat": "patriotic"})
    assert fixed["factions"] == ["crimea", "saxony"] and fixed["mats"] == ["industrial", "patriotic"]
    with pytest.raises(UserError, match="no player of the scenario can be dealt"):
        fix(path, doc, {"faction": "crimea", "mat": "patriotic"})


def test_a_pair_no_single_player_can_hold_is_not_a_cell(tmp_path):
    # player 0 is Crimea with a dealt mat, player 1 a dealt faction on Industrial
    path, doc = write(tmp_path, 'players = 2\nfactions = ["crimea", "random"]\n'
                                'mats = ["random", "industrial"]')
    want = ([{"faction": "crimea", "mat": m} for m in ("engineering", "mechanical", "agricultural")]
            + [{"faction": f, "mat": "industrial"} for f in ("nordic", "polania", "saxony")])
    assert as_set(cells(path, ["faction", "mat"])) == as_set(want)   # no Crimea+Patriotic, Rusviet+Industrial
    fixed = fix(path, doc, {"faction": "nordic", "mat": "industrial"})
    assert fixed["factions"] == ["crimea", "nordic"] and fixed["mats"] == ["random", "industrial"]
    with pytest.raises(UserError, match="no player of the scenario can be dealt"):
        fix(path, doc, {"faction": "crimea", "mat": "industrial"})   # crimea is 0's, industrial 1's


@pytest.mark.parametrize("mode", ["random", "all"])
def test_a_dealt_key_becomes_the_value_first_and_random_elsewhere(tmp_path, mode):
    # (both keys "all" would deal the banned pairs: a scenario the rules refuse with bans on)
    path, doc = write(tmp_path, f'players = 3\nfactions = "{mode}"\nmats = "{mode}"\n'
                               '[rules]\nban_pairs = false')
    assert fix(path, doc, {"faction": "nordic"})["factions"] == ["nordic", "random", "random"]
    fixed = fix(path, doc, {"faction": "polania", "mat": "mechanical"})
    assert fixed["factions"] == ["polania", "random", "random"]
    assert fixed["mats"] == ["mechanical", "random", "random"]


def test_a_dealt_key_goes_with_the_other_keys_list(tmp_path):
    path, doc = write(tmp_path, 'players = 3\nmats = ["random", "patriotic", "random"]')
    fixed = fix(path, doc, {"faction": "nordic", "mat": "patriotic"})
    assert fixed["factions"] == ["random", "nordic", "random"]
    assert fixed["mats"] == ["random", "patriotic", "random"]


def test_solo_fixes_the_humans_one_entry(tmp_path):
    path, doc = write(tmp_path, '[automa]\ndifficulty = "ultimaszyna"', name="solo")
    fixed = fix(path, doc, {"faction": "nordic", "mat": "industrial", "difficulty": "ultimaszyna"})
    assert fixed["factions"] == "nordic" and fixed["mats"] == "industrial"
    assert fixed["automa"] == {"difficulty": "ultimaszyna"}
    load_scenario_table(fixed, path)
    with pytest.raises(UserError, match="tunes by faction, mat or both"):
        fix(path, doc, {"players": 2})


def test_the_fixed_scenario_deals_the_cell_beside_the_named_field(tmp_path):
    pytest.importorskip("simsuite._scythe", reason="the compiled Scythe core is not built")
    path, doc = write(tmp_path, 'players = 3\nfactions = ["crimea", "saxony", "polania"]')
    cell = {"faction": "saxony"}
    config = load_scenario_table(fix(path, doc, cell), path).config
    assert config.factions == ("crimea", "saxony", "polania")
    idx = np.arange(6, dtype=np.int64)
    seeds = np.arange(500, 506, dtype=np.uint64)
    for i, s in enumerate(SPEC.seats_holding(config, cell, idx, seeds)):
        assert s >= 0
        g = SPEC.new_game(config, int(seeds[i]), log=False, game_index=i)
        assert g.faction_name(int(s)) == "saxony"
        assert {g.faction_name(k) for k in range(3)} == {"crimea", "saxony", "polania"}
