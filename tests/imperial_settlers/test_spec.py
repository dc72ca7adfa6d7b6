"""The Imperial Settlers spec (simsuite/games/imperial_settlers/spec.py): scenario keys and their
one-line errors, a user card file named by a scenario (a changed cost changes the games; a
malformed file names the card and the field), the faction deal, `simsuite play`'s options,
and the dataset rows with their provisional share and solo titles."""
from __future__ import annotations

import textwrap
from pathlib import Path

import numpy as np
import pytest

from simsuite.errors import UserError
from simsuite.games import get_game

SPEC = get_game("imperial-settlers")


def config(table, tmp_path=None):
    return SPEC.validate(dict(table), (tmp_path or Path(".")) / "scenario.toml")


def rows(cfg, games=8):
    idx = np.arange(games, dtype=np.int64)
    return SPEC.run_shard(cfg, idx, (idx.astype(np.uint64) + np.uint64(11)) * np.uint64(7919)).to_pydict()


@pytest.mark.parametrize("table, words", [
    ({"players": 5}, ["players", "at most 4"]),
    ({"players": 2, "factions": ["romans", "romans"]}, ["factions", "two seats"]),
    ({"players": 2, "factions": ["romans", "romanz"]}, ["factions", "did you mean 'romans'"]),
    ({"players": 2, "rules": {"lookout": "advancd"}}, ["rules.lookout", "did you mean 'advanced'"]),
    ({"players": 2, "rules": {"peacful": True}}, ["rules.peacful", "did you mean 'peaceful'"]),
    ({"players": 2, "solo": {}}, ["players", "solo game has one player"]),
    ({"solo": {"faction": "vikings"}}, ["solo.faction"]),
    ({"players": 2, "rules": {"cards": "nope.toml"}}, ["rules.cards", "not found"]),
])
def test_bad_scenario_keys_are_one_line_errors(table, words):
    with pytest.raises(UserError) as err:
        config(table)
    msg = err.value.message
    assert "\n" not in msg and all(w in msg for w in words), msg


def test_a_user_card_file_changes_the_games_and_a_bad_one_names_card_and_field(tmp_path):
    (tmp_path / "dear.toml").write_text(textwrap.dedent("""
        [card.com012]
        cost = { wood = 3, stone = 1 }
    """))
    base = rows(config({"players": 2, "policy": "engine"}, tmp_path), 12)
    dear = rows(config({"players": 2, "policy": "engine", "rules": {"cards": "dear.toml"}}, tmp_path), 12)
    assert base["score"] != dear["score"]
    (tmp_path / "bad.toml").write_text("[card.com012]\ncost = { wood = -1 }\n")
    with pytest.raises(UserError) as err:
        config({"players": 2, "rules": {"cards": "bad.toml"}}, tmp_path)
    msg = err.value.message
    assert "\n" not in msg and "bad.toml" in msg and "card com012" in msg and "cost.wood" in msg


def test_factions_all_give_every_seat_every_faction_equally_often():
    cfg = config({"players": 3, "factions": "all", "policy": "engine"})
    idx = np.arange(48, dtype=np.int64)
    f = SPEC.faction_ids(cfg, idx, idx.astype(np.uint64))
    assert all(len(set(r)) == 3 for r in f.tolist())
    for seat in range(3):
        assert sorted(np.bincount(f[:, seat], minlength=4).tolist()) == [12] * 4


def test_rows_carry_the_provisional_share_and_the_solo_title():
    multi = rows(config({"players": 2, "policy": "engine"}))
    for share, played, prov in zip(multi["provisional_share"], multi["played"], multi["played_provisional"]):
        assert 0.0 <= share <= 1.0 and prov <= played
    # a game's share is its seats' provisional cards over their played cards
    assert multi["provisional_share"][0] == pytest.approx(
        (multi["played_provisional"][0] + multi["played_provisional"][1])
        / (multi["played"][0] + multi["played"][1]), rel=1e-6)
    assert set(multi["solo_title"]) == {None}
    solo = rows(config({"policy": "engine", "solo": {"faction": "all"}}), 12)
    titles = {"lost", "commoner", "servant", "squire", "knight", "castellan", "king", "emperor"}
    assert set(solo["solo_title"]) <= titles
    for won, title, winner in zip(solo["solo_won"], solo["solo_title"], solo["winner"]):
        assert (title != "lost") == won == winner
    assert all(solo["attack_cards_provisional"])


def test_play_options_become_a_scenario():
    assert SPEC.play_scenario(3, {"factions": "romans,,japanese"})["factions"] == ["romans", "random", "japanese"]
    assert SPEC.play_scenario(None, {"solo": "egyptians"})["solo"] == {"faction": "egyptians"}
    with pytest.raises(UserError, match="--solo"):
        SPEC.play_scenario(1, {})
    with pytest.raises(UserError, match="not an option"):
        SPEC.play_scenario(2, {"mats": "x"})
