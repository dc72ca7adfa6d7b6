"""The shared data-file layer (simsuite/datafiles.py), on a made-up game's small files.

The game "orchard" ships one file, orchard.toml, with a table of trees keyed by name
(`[tree.apple]`), an array of cards keyed by id (`[[card]]`, `id = 1`), one plain table
(`[rules]`) and a locked one (`[printed]`). Its confidence words are the ones the Imperial
Settlers and Rurik files use; "unknown" must be marked provisional.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from simsuite import datafiles as df
from simsuite.errors import UserError

PROV = df.ProvenanceFields(("seed", "public-confirmed", "public-single-source", "unknown"),
                           must_be_provisional=("unknown",))
FRUITS = ("apple", "pear", "plum")

ORCHARD = df.DataFiles(files=("orchard.toml",), provenance=PROV, sections=(
    df.Section("tree", "orchard.toml", {
        "fruit": (df.Str(FRUITS), df.REQUIRED),
        "yield": (df.Int(1, 9), df.REQUIRED),
        "ladder": (df.Bool(), False),
        "harvest": (df.Table({"month": (df.Int(1, 12), df.REQUIRED), "days": (df.Int(1, 31), df.REQUIRED)}),
                    df.REQUIRED),
    }, key=df.name_key),
    df.Section("card", "orchard.toml", {
        "fruit": (df.Str(FRUITS), df.REQUIRED),
        "count": (df.Int(0, 5), df.REQUIRED),
    }, key=df.Int(1, 20), array="id", adds=False),
    df.Section("rules", "orchard.toml", {
        "hand": (df.Int(1, 9), df.REQUIRED),
        "baskets": (df.List(df.Str(FRUITS), unique=True), []),
    }, provenance=("source",), only=("hand",)),
    df.Section("printed", "orchard.toml", {"rounds": (df.Int(1, 20), df.REQUIRED)},
               provenance=False, locked="is printed on the box"),
))

SHIPPED = """\
[meta]
title = "orchard"
[[meta.sources]]
key = "RB"
ref = "rulebook"

[tree.apple]
fruit = "apple"
yield = 3
harvest = { month = 9, days = 20 }
source = "RB p.2"
confidence = "seed"

[tree.pear]
fruit = "pear"
yield = 2
ladder = true
harvest = { month = 8, days = 10 }
source = "a fan wiki"
confidence = "unknown"
provisional = true
note = "the printed tile is unreadable"

[[card]]
id = 1
fruit = "apple"
count = 4
source = "RB p.3"
confidence = "public-confirmed"

[[card]]
id = 2
fruit = "plum"
count = 2
source = "one photo"
confidence = "public-single-source"

[rules]
hand = 5
source = "RB p.1"

[printed]
rounds = 8
"""


@pytest.fixture
def game(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "orchard.toml").write_text(SHIPPED, encoding="utf-8")
    return folder


def load(game: Path, *overrides: str) -> df.Loaded:
    paths = []
    for i, text in enumerate(overrides):
        path = game.parent / f"over{i or ''}.toml"
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return ORCHARD.load(paths, game)


def error(game: Path, *overrides: str) -> str:
    with pytest.raises(UserError) as info:
        load(game, *overrides)
    assert "\n" not in info.value.message
    return info.value.message


def shipped_error(game: Path, old: str, new: str) -> str:
    (game / "orchard.toml").write_text(SHIPPED.replace(old, new), encoding="utf-8")
    return error(game)


# ------------------------------------------------------------------ reading

def test_keyed_array_and_plain_sections(game):
    d = load(game)
    assert list(d.entries["tree"]) == ["apple", "pear"]
    apple = d.entries["tree"]["apple"]
    assert (apple["yield"], apple["ladder"], apple["harvest"]) == (3, False, {"month": 9, "days": 20})
    # an array's key keeps its TOML type and leaves the entry
    assert list(d.entries["card"]) == [1, 2] and "id" not in d.entries["card"][1]
    assert d.entries["rules"] == {"hand": 5, "baskets": [], "source": "RB p.1"}
    assert d.entries["printed"] == {"rounds": 8}
    assert d.meta["orchard.toml"]["sources"][0]["key"] == "RB"


def test_provenance_record_and_provisional(game):
    d = load(game)
    assert PROV.record(d.entries["tree"]["apple"]) == df.Provenance("RB p.2", "seed", "", False)
    pear = PROV.record(d.entries["tree"]["pear"])
    assert pear.provisional and pear.confidence == "unknown" and pear.note.startswith("the printed")


def test_unknown_confidence_must_be_marked_provisional(game):
    msg = shipped_error(game, "provisional = true\n", "")
    assert msg == ("orchard.toml: tree pear: confidence 'unknown' needs provisional = true; "
                   "mark the entry provisional = true, or give a better source and confidence")


def test_wrong_confidence_word(game):
    msg = error(game, '[tree.apple]\nconfidence = "high"\n')
    assert msg == ("over.toml: tree apple: confidence 'high' is not a known name; "
                   "valid: seed, public-confirmed, public-single-source, unknown")
    msg = error(game, '[[card]]\nid = 2\nconfidence = "public-confirmd"\n')
    assert msg == "over.toml: card 2: confidence 'public-confirmd' is not a known name; did you mean 'public-confirmed'?"


def test_shipped_entries_need_their_provenance(game):
    msg = shipped_error(game, 'source = "RB p.3"\n', "")
    assert msg == "orchard.toml: card 1: missing source; add source"


# ------------------------------------------------------------------ overrides

def test_override_replaces_completes_and_removes(game):
    d = load(game, """
[tree.apple]
yield = 4                       # replaces one field
harvest = { days = 25 }         # completes a sub-table: month stays

[tree.plum]                     # a new, complete entry
fruit = "plum"
yield = 1
harvest = { month = 7, days = 5 }
source = "house rule"
confidence = "seed"

[tree.pear]
present = false

[[card]]
id = 2
count = 3
""")
    trees = d.entries["tree"]
    assert list(trees) == ["apple", "plum"]
    assert (trees["apple"]["yield"], trees["apple"]["harvest"]) == (4, {"month": 9, "days": 25})
    assert d.entries["card"][2]["count"] == 3 and d.entries["card"][2]["fruit"] == "plum"
    assert d.overridden("tree", "apple") and not d.overridden("card", 1)
    assert d.file_of("card", 2) == "over.toml"


def test_later_override_wins_and_errors_name_the_last_file(game):
    d = load(game, "[tree.apple]\nyield = 5\n", "[tree.apple]\nyield = 6\n")
    assert d.entries["tree"]["apple"]["yield"] == 6
    msg = error(game, "[tree.apple]\nyield = 5\n", "[tree.apple]\nyield = 10\n")
    assert msg == "over1.toml: tree apple: yield is 10, outside 1..9; use a value in 1..9"


def test_a_new_entry_must_be_complete(game):
    msg = error(game, '[tree.plum]\nfruit = "plum"\nyield = 1\nsource = "me"\nconfidence = "seed"\n')
    assert msg == "over.toml: tree plum: missing harvest; add harvest"


def test_removing_a_missing_entry(game):
    msg = error(game, "[tree.cherry]\npresent = false\n")
    assert msg == "over.toml: tree cherry: present = false names no existing entry; remove it or correct the key"


def test_section_limits(game):
    # adds=False: an override changes existing cards only
    msg = error(game, '[[card]]\nid = 3\nfruit = "pear"\ncount = 1\nsource = "me"\nconfidence = "seed"\n')
    assert msg == "over.toml: card 3: no such card (an override can only change existing ones); valid: 1, 2"
    # only=("hand",): other fields, and removal, are refused
    assert load(game, "[rules]\nhand = 7\n").entries["rules"]["hand"] == 7
    msg = error(game, '[rules]\nbaskets = ["apple"]\n')
    assert msg == "over.toml: [rules]: only hand may be overridden, not baskets; remove baskets"
    # locked: the whole table
    msg = error(game, "[printed]\nrounds = 9\n")
    assert msg == "over.toml: [printed] is printed on the box and cannot be overridden; remove the table"


def test_whole_section_problems_name_every_file(game):
    d = load(game, "[tree.pear]\npresent = false\n")
    err = d.err_all("tree", "1 tree, expected 2", "add a tree")
    assert err.message == "orchard.toml + over.toml: 1 tree, expected 2; add a tree"
    assert d.err("card", 1, "too many apples", "use fewer").message == "orchard.toml: card 1: too many apples; use fewer"


# ------------------------------------------------------------------ typos and shapes

def test_typos_get_did_you_mean(game):
    assert error(game, "[tree.apple]\nyeild = 4\n") == "over.toml: tree apple: unknown key 'yeild'; did you mean 'yield'?"
    assert error(game, "[trees.apple]\nyield = 4\n") == "over.toml: unknown table [trees]; did you mean 'tree'?"
    assert error(game, '[tree.apple]\nfruit = "aple"\n') == (
        "over.toml: tree apple: fruit 'aple' is not a known name; did you mean 'apple'?")
    assert error(game, "[tree.apple]\nharvest = { mnth = 3 }\n") == (
        "over.toml: tree apple: unknown key harvest.mnth; did you mean 'month'?")


def test_wrong_shapes(game):
    assert error(game, "[card]\nid = 1\n") == (
        "over.toml: [card] must be an array of tables; write each entry as [[card]] with its id")
    assert error(game, "[[card]]\ncount = 1\n") == (
        "over.toml: a [[card]] entry has no id; add id = ... to name the entry")
    assert error(game, '[[card]]\nid = "1"\ncount = 1\n') == (
        "over.toml: card 1: id must be a whole number, not '1'; write it as an integer without quotes")
    assert error(game, "[tree.Apple]\nyield = 1\n") == (
        "over.toml: tree Apple: key 'Apple' is not a lower-case name; write it as 'apple'")
    assert error(game, "[tree]\napple = 3\n") == (
        "over.toml: tree apple: entry must be a table, not 3; write it as [tree.apple] with its fields")
    assert shipped_error(game, "hand = 5\n", 'hand = 5\nbaskets = ["plum", "plum"]\n') == (
        "orchard.toml: [rules]: baskets lists 'plum' twice; list each item once")
    assert error(game, "[tree.apple]\nyield = 2\n[tree.apple\n").startswith("over.toml: not valid TOML (")


def test_shipped_file_rules(game):
    assert shipped_error(game, "[printed]\nrounds = 8\n", "") == (
        "orchard.toml: has no [printed] table; add the [printed] table")
    assert shipped_error(game, '[[meta.sources]]\nkey = "RB"\nref = "rulebook"\n', "") == (
        "orchard.toml: meta: has no [[meta.sources]] list; name where the file's values come from")
    assert shipped_error(game, "id = 2\n", "id = 1\n") == "orchard.toml: card 1: defined twice; keep one entry per key"
    assert shipped_error(game, 'fruit = "apple"\ncount = 4\n', 'fruit = "apple"\ncount = 4\npresent = true\n') == (
        "orchard.toml: card 1: present = true is not allowed here; "
        "use present = false in an override file to remove an entry, else leave it out")


def test_missing_override_file_is_named_by_its_path(game):
    with pytest.raises(UserError) as info:
        ORCHARD.load([game / "nope.toml"], game)
    assert info.value.message == f"{game / 'nope.toml'}: file not found; check the path of the data override file"


def test_an_override_named_like_a_shipped_file_is_shown_by_its_path(game, tmp_path):
    path = tmp_path / "orchard.toml"
    path.write_text("[tree.apple]\nyield = 0\n", encoding="utf-8")
    with pytest.raises(UserError) as info:
        ORCHARD.load([path], game)
    assert info.value.message.startswith(f"{path}: tree apple: yield is 0")


# ------------------------------------------------------------------ suggestions

def test_closest_and_did_you_mean():
    assert df.closest("shard_sise", ["seed", "shard_size", "games"]) == "shard_size"
    assert df.closest("xyz", ["seed", "games"]) is None
    assert df.closest(10, [11, 100]) == "100"  # compared as text
    assert df.did_you_mean("nordik", ("nordic", "rusviet")) == "did you mean 'nordic'?"
    assert df.did_you_mean("A9", ("A1", "A2")) == "valid: A1, A2"
