"""The card, faction and solo data files and their loader: deck composition against the
rulebook's component list, sources and confidence on every entry, provisional entries marked,
user files that replace or complete entries, one-line errors naming file, card and field.
"""
import textwrap

import pytest

from simsuite import _imperial_settlers as core
from simsuite.errors import UserError
from simsuite.games.imperial_settlers.data import load_data, load_rules, pack
from tests.imperial_settlers.helpers import position, random_playout

DECKS = ("common", "barbarians", "romans", "egyptians", "japanese")


@pytest.fixture(scope="module")
def data():
    return load_data()


def test_deck_sizes_match_the_component_list(data):
    # "КОМПОНЕНТЫ": 84 common cards, 30 cards per empire.
    sizes = {d: sum(c["copies"] for c in data["card"].values() if c["deck"] == d) for d in DECKS}
    assert sizes == {"common": 84, "barbarians": 30, "romans": 30, "egyptians": 30, "japanese": 30}


@pytest.mark.parametrize("deck", DECKS[1:])
def test_faction_decks_have_3x3_6x2_9x1(deck, data):
    # Reference cards.md (expansion rule EXP): 3 cards x3 copies, 6 x2, 9 singles per name.
    per_name = {}
    for c in data["card"].values():
        if c["deck"] == deck:
            per_name[c["name"]] = per_name.get(c["name"], 0) + c["copies"]
    counts = sorted(per_name.values(), reverse=True)
    assert counts == [3] * 3 + [2] * 6 + [1] * 9


def test_every_entry_says_where_it_came_from(data):
    for key, c in data["card"].items():
        assert c["source"] and c["confidence"] in ("seed", "public-confirmed", "public-single-source", "unknown")
        if c["confidence"] == "unknown":
            assert c.get("provisional") and c.get("unknown"), key


def test_seed_confirmed_values(data):
    # Values the rulebook's examples print (digest "Seed statements checked").
    by_name = {c["name"]: c for c in data["card"].values()}
    gt = by_name["Guard Tower"]
    assert gt["cost"] == {"wood": 2, "location": 1} and gt["production"] == {"raze": 1, "worker": 1}
    assert gt["deal"] == {"worker": 1}
    assert by_name["Dark Altar"]["cost"] == {"wood": 1, "stone": 2, "location": 1}
    assert by_name["Wood Storage"]["cost"] == {"wood": 2, "stone": 1}
    assert by_name["Wood Storage"]["raze"] == {"wood": 2}
    assert by_name["Armorer"]["raze"] == {"vp": 1, "stone": 1}
    assert by_name["Mason's Guild"]["action"]["pay"] == {"worker": 1, "stone": 2}
    assert by_name["Mason's Guild"]["action"]["gain"] == {"vp": 3}
    assert by_name["Trading Colony"]["colour"] == ["red", "brown", "grey"]
    assert by_name["Desert"]["cost"] == {} and by_name["Ruins"]["raze"] == {}


def test_provisional_cards_are_listed(data):
    prov = [k for k, c in data["card"].items() if c.get("provisional")]
    assert len(prov) == 54
    assert not any(k.startswith("com") for k in prov)


def test_solo_attack_cards_are_a_marked_placeholder(data):
    solo = data["solo"]
    assert sum(solo["attack_cards"].values()) == 16
    assert solo["attack_cards_provisional"] and solo["attack_cards_confidence"] == "unknown"


def write(tmp_path, body, name="mine.toml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(body))
    return path


def test_user_file_changing_a_cost_changes_the_games(tmp_path):
    # Village costs 1 wood; a user file makes it 3 wood + 1 stone.
    path = write(tmp_path, """
        [card.com012]
        cost = { wood = 3, stone = 1 }
    """)
    mine = load_data(path)
    assert mine["card"]["com012"]["cost"] == {"wood": 3, "stone": 1}
    assert mine["card"]["com012"]["name"] == "Village"          # the rest of the entry stays
    base_rules, user_rules = load_rules(), load_rules(path)
    fac = ["romans", "barbarians"]
    differ = 0
    for seed in range(30):
        a, _ = random_playout(base_rules, seed, fac, log=True)
        b, _ = random_playout(user_rules, seed, fac, log=True)
        differ += a.events() != b.events()
    assert differ > 0


def test_user_file_changes_what_is_legal(tmp_path):
    path = write(tmp_path, """
        [card.com012]
        cost = { wood = 3 }
    """)
    g = position(["romans", "barbarians"], tokens={"wood": 1}, rules_=load_rules(path))
    g.give_card(0, "com012")
    g.start_actions(0)
    assert not any(g.option_label(o) == "build Village" for o in g.legal_options())


def test_a_user_table_merges_key_by_key(tmp_path):
    # The data-file layer's override rule (simsuite/datafiles.py): tables merge key by key.
    # Quarry costs 1 wood + 1 stone; `cost = { stone = 2 }` keeps the wood, `wood = 0` drops it.
    path = write(tmp_path, """
        [card.com008]
        cost = { stone = 2 }
        [card.com012]
        cost = { wood = 0, stone = 1 }
        [solo]
        attack_cards = { wood = 2, stone = 0 }
    """)
    mine = load_data(path)
    assert mine["card"]["com008"]["cost"] == {"wood": 1, "stone": 2}
    assert pack(mine)["kinds"][list(mine["card"]).index("com012")]["cost"] == [0, 1, 0]
    assert sum(mine["solo"]["attack_cards"].values()) == 14   # 16 placeholder cards, 2 stone fewer
    assert mine["solo"]["attacks_per_round"] == 2           # the other fields stay


def test_user_file_completes_a_provisional_card(tmp_path):
    path = write(tmp_path, """
        [card.bar004]
        action = { pay = { worker = 1 }, gain = { gold = 1 }, uses = 1 }
        confidence = "public-single-source"
        provisional = false
        source = "my own copy of the game"
    """)
    mine = load_data(path)
    assert mine["card"]["bar004"]["action"]["gain"] == {"gold": 1}
    assert not mine["card"]["bar004"]["provisional"]


def test_user_file_may_remove_and_add_cards(tmp_path):
    path = write(tmp_path, """
        [card.com001]
        present = false
        [card.my_statue]
        name = "My Statue"
        deck = "common"
        copies = 1
        type = "feature"
        colour = ["grey"]
        cost = { stone = 1 }
        raze = { stone = 2 }
        vp = 1
        source = "house rule"
        confidence = "unknown"
        provisional = true
        unknown = "all of it"
    """)
    mine = load_data(path)
    assert "com001" not in mine["card"] and "my_statue" in mine["card"]
    assert len(pack(mine)["card_kind"]) == 204


@pytest.mark.parametrize("body, words", [
    ("[card.com012]\ncost = { wood = \"two\" }\n", ["mine.toml", "card com012", "cost.wood", "whole number"]),
    ("[card.com012]\ncolour = [\"pinkk\"]\n", ["card com012", "colour[0]", "did you mean 'pink'"]),
    ("[card.com012]\nactoin = { pay = {}, gain = {}, uses = 1 }\n", ["card com012", "actoin", "did you mean 'action'"]),
    ("[card.com012]\naction = { pay = { worker = 1 }, gain = { vp = 1 }, uses = 1 }\n",
     ["card com012", "action", "production location"]),
    ("[card.newcard]\nname = \"X\"\n", ["card newcard", "missing", "deck"]),
    ("[card.com012]\nconfidence = \"unknown\"\n", ["card com012", "provisional"]),
    ("[cards.com012]\ncopies = 2\n", ["mine.toml", "unknown table", "did you mean 'card'"]),
    ("[card.com012]\ncopies = 0\n", ["card com012", "copies", "outside 1..9"]),
    ("[solo]\nattack_cards = { wood = 40 }\n", ["solo", "attack_cards.wood"]),
    ("[card.com012\n", ["mine.toml", "not valid TOML"]),
    # holding locations (Gate, Shrine, Storehouse) and the extra end-game VP they give
    ('[card.com012]\nhold = { what = "cards", vp = 1 }\n', ["card com012", "hold", "feature"]),
    ('[card.jap013]\nhold = { what = "cards", returns = true }\n', ["card jap013", "hold.returns"]),
    ('[card.jap013]\nhold = { what = "gold" }\n', ["card jap013", "hold.what"]),
    ('[card.jap013]\nvp = 3\n', ["card jap013", "vp is 3", "hold"]),
])
def test_malformed_user_file_gets_a_one_line_error(tmp_path, body, words):
    path = write(tmp_path, body)
    with pytest.raises(UserError) as err:
        load_data(path)
    msg = err.value.message
    assert "\n" not in msg
    for w in words:
        assert w in msg, (w, msg)


def test_missing_user_file(tmp_path):
    with pytest.raises(UserError, match="file not found"):
        load_data(tmp_path / "nope.toml")


def test_unknown_variant_is_a_user_error():
    with pytest.raises(UserError, match="did you mean 'advanced'"):
        load_rules(lookout="advanced_")
