"""The Rurik data files on the shared data-file layer: they load, a user's override file replaces
or completes entries, and every error is one line naming file, entry and field."""
import shutil

import pytest

from simsuite.errors import UserError
from simsuite.games.rurik.data import DATA_DIR, load_data, pack


@pytest.fixture
def copy(tmp_path):
    for f in DATA_DIR.glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    return tmp_path


def edit(folder, fname, old, new):
    p = folder / fname
    text = p.read_text()
    assert old in text, old
    p.write_text(text.replace(old, new, 1))


def error(folder):
    with pytest.raises(UserError) as exc:
        load_data(data_dir=folder)
    msg = str(exc.value)
    assert "\n" not in msg
    return msg


def test_shipped_files_load_and_pack():
    d = load_data()
    p = pack(d)
    assert len(d.regions) == 15 and len(d.deeds) == 26 and len(d.agendas) == 11
    assert len(p["scheme_keys"]) == 27 and len(d.solo_cards) == 18
    # every entry carries a source and a confidence
    for rows in (d.regions, d.leaders, d.deeds, d.schemes, d.agendas, d.rebel_rewards):
        assert all(r["source"] and r["confidence"] for r in rows)


def test_unknown_good_names_file_entry_and_field(copy):
    edit(copy, "map.toml", 'good = "fur"', 'good = "furr"')
    msg = error(copy)
    assert msg.startswith("map.toml: region Pereyaslavl: good 'furr'") and "did you mean 'fur'" in msg


def test_one_sided_adjacency_is_reported(copy):
    edit(copy, "map.toml", 'neighbours = ["Pskov", "Polotsk", "Smolensk", "Rostov"]',
         'neighbours = ["Pskov", "Polotsk", "Smolensk", "Rostov", "Kiev"]')
    assert "map.toml: region Novgorod: Kiev is a neighbour but does not list Novgorod back" in error(copy)


def test_wrong_player_count_split_is_reported(copy):
    edit(copy, "map.toml", 'name = "Pskov"\nplayers = 3', 'name = "Pskov"\nplayers = 4')
    assert "10 regions in play with 3 players" in error(copy)


def test_bad_confidence_is_reported(copy):
    edit(copy, "deeds.toml", 'confidence = "public-single-source"', 'confidence = "probably"')
    msg = error(copy)
    assert msg.startswith("deeds.toml: deed Amass Forces: confidence 'probably' is not a known name")


def test_unknown_deed_cost_key_is_reported(copy):
    edit(copy, "deeds.toml", "pay = { wood = 2 }", "pay = { wod = 2 }")
    assert "deeds.toml: deed Establish Fortress: unknown key pay.wod; did you mean 'wood'?" in error(copy)


def test_missing_field_is_reported(copy):
    edit(copy, "leaders.toml", 'ability = "raider"\n', "")
    assert error(copy) == "leaders.toml: leader Boris: missing ability; add ability"


def test_base_scheme_deck_must_hold_27_cards(copy):
    edit(copy, "schemes.toml", 'key = "S10"\nreward = { boots = 2, warfare = 1 }\ncost = 0\ncasualties = 1\nbase = false',
         'key = "S10"\nreward = { boots = 2, warfare = 1 }\ncost = 0\ncasualties = 1\nbase = true')
    assert "28 cards marked base = true, the base deck has 27" in error(copy)


def test_out_of_range_number_is_reported(copy):
    edit(copy, "deeds.toml", "vp = 2", "vp = 7")
    assert "deeds.toml: deed Capital City: vp is 7, outside 1..2; use a value in 1..2" in error(copy)


def test_missing_meta_is_reported(copy):
    p = copy / "agendas.toml"
    p.write_text(p.read_text().replace("[meta]", "[metadata]", 1))
    assert error(copy).startswith("agendas.toml: unknown table [metadata]")


def test_bad_toml_is_reported(copy):
    (copy / "rebels.toml").write_text("[meta\n")
    assert error(copy).startswith("rebels.toml: not valid TOML")


def test_an_override_file_replaces_a_provisional_value(tmp_path):
    # a user who knows the 3-4 player boat columns better completes them in a file of their own
    mine = tmp_path / "mine.toml"
    mine.write_text("[household]\nboat = [3, 2, 3, 3, 1]\n")
    assert load_data([mine]).boards["boat"] == [3, 2, 3, 3, 1]
    assert load_data().boards["boat"] == [3, 2, 3, 2, 1]


def test_an_override_entry_merges_into_the_shipped_one(tmp_path):
    mine = tmp_path / "mine.toml"
    mine.write_text('[[deed]]\nname = "Capital City"\nvp = 1\n')
    deeds = {d["name"]: d for d in load_data([mine]).deeds}
    assert deeds["Capital City"]["vp"] == 1 and deeds["Capital City"]["reward"] == {"carts": 1}


def test_an_override_error_names_the_override_file(tmp_path):
    mine = tmp_path / "mine.toml"
    mine.write_text('[[region]]\nname = "Kiev"\ngood = "furr"\n')
    with pytest.raises(UserError) as exc:
        load_data([mine])
    assert str(exc.value).startswith("mine.toml: region Kiev: good 'furr' is not a known name")


def test_provisional_names_only_fields_of_its_entry(copy):
    edit(copy, "agendas.toml", 'measure = "goods"', 'measure = "goods"\nprovisional = ["mesure"]')
    assert "provisional names 'mesure', not one of its fields; did you mean 'measure'?" in error(copy)
