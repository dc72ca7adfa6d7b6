"""The Automa's data file and loader (simsuite/games/scythe/automa_data.py).

Sections cite the solo rulebook, seed 003 (digest rules/scythe-automa.md) and the card
facts in reference/scythe/automa.md.
"""
from __future__ import annotations

from collections import Counter

import pytest

from simsuite.errors import UserError
from simsuite.games.scythe.automa_data import (
    DATA_FILE, LEVELS, load_automa, level_name,
)


@pytest.fixture(scope="module")
def data():
    return load_automa()


def _override(tmp_path, text, name="over.toml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _card(data, cid):
    return data.cards[cid - 1]


def test_nineteen_cards_with_two_schemes(data):
    # Seed 003 "Вміст": 19 Automa cards, each with scheme I and scheme II (digest §2, §7).
    assert [c.id for c in data.cards] == list(range(1, 20))
    assert all(len(c.schemes) == 2 for c in data.cards)


def test_combat_card_table_matches_the_rulebook(data):
    # Seed 003 p.10 table (digest §20.1 checks): 4 cards show 0 combat cards, 9 show 1,
    # 5 show 2 and 1 shows 3.
    counts = Counter(c.combat_cards for c in data.cards)
    assert [counts[k] for k in range(4)] == [4, 9, 5, 1]
    assert data.combat_cards_distribution == (4, 9, 5, 1)


def test_combat_example_fits_card_12(data):
    # Seed 003 p.10 Example 5 (digest §14): 12 power falls in 8-13, the card spends 5 power
    # and 2 cards; with 1 power it would spend 1 and 2 cards. Card 12 is 4/5/7 with 2 cards.
    lo, hi = data.power_ranges[1]
    assert lo <= 12 <= hi
    card = _card(data, 12)
    assert card.combat_power[1] == 5 and card.combat_cards == 2
    assert min(card.combat_power[0], 1) == 1
    assert data.power_ranges == ((0, 7), (8, 13), (14, 16))


def test_skip_and_star_advance_cards(data):
    # Seed 003 "Етапи ходу" (digest §8) skip symbol on cards 4, 7, 8, 17 (reference automa.md);
    # the crossed star (no advance) on cards 4 and 17, and on 15 by the majority of three
    # transcriptions (open cell A4).
    assert [c.id for c in data.cards if c.schemes[0].skip] == [4, 7, 8, 17]
    assert [c.id for c in data.cards if c.schemes[1].skip] == [4, 7, 8, 17]
    assert [c.id for c in data.cards if not c.star_advance] == [4, 15, 17]


def test_resource_boxes(data):
    # Reference automa.md checks: resource cells sum to 25; 0x6, 1x6, 2x4, 3x1, 4x2.
    boxes = Counter(c.resources for c in data.cards)
    assert sum(c.resources for c in data.cards) == 25
    assert dict(boxes) == {0: 6, 1: 6, 2: 4, 3: 1, 4: 2}


def test_recruit_rows(data):
    # Digest §20.1 derived checks: 8 recruit-bonus rows in scheme I, 16 in scheme II.
    assert sum(c.schemes[0].recruit != "none" for c in data.cards) == 8
    assert sum(c.schemes[1].recruit != "none" for c in data.cards) == 16


def test_faction_brackets(data):
    # Seed 003 p.7-8 bracketed symbols; inventory from digest §20.3.
    moves, gains = Counter(), Counter()
    for c in data.cards:
        for s, row in enumerate(c.schemes):
            for m in row.moves:
                if m.faction:
                    moves[(m.faction, m.kind, c.id, s + 1)] += 1
            for g in row.gains:
                if g.faction:
                    gains[(g.faction, g.kind, c.id, s + 1)] += 1
    assert {k[2:] for k in moves if k[0] == "nordic"} == {(1, 1), (11, 2), (12, 1), (12, 2)}
    assert {k[2:] for k in moves if k[0] == "polania"} == {(2, 1), (2, 2), (9, 1), (9, 2)}
    assert {k[2:] for k in gains if k[0] == "crimea"} == {(2, 1), (2, 2), (4, 1), (4, 2), (6, 2), (15, 2), (17, 2)}
    assert {k[2:] for k in gains if k[0] == "rusviet"} == {(7, 2), (8, 1), (11, 1)}
    assert {k[2:] for k in moves if k[0] == "saxony"} == {(7, 1), (7, 2), (13, 1), (13, 2)}
    sax13 = _card(data, 13).schemes[0].moves[0]
    assert (sax13.kind, sax13.min_power) == ("attack_unit", 4)


def test_card_rows_spot_checks(data):
    # Reference automa.md card table: card 14 scheme II, card 1 scheme I.
    row = _card(data, 14).schemes[1]
    assert [(m.kind, m.min_power) for m in row.moves] == [("attack_unit", 7), ("attack_workers", 0), ("mech", 0)]
    assert [(g.kind, g.amount) for g in row.gains] == [("power", 3)]
    assert row.recruit == "popularity"
    row = _card(data, 1).schemes[0]
    assert [(m.kind, m.faction) for m in row.moves] == [("worker", "nordic"), ("enc_fac", None), ("character", None)]
    assert [(g.kind, g.amount) for g in row.gains] == [("power", 1), ("worker", 1)]


def test_star_cards(data):
    # Reference automa.md "Star cards": tracks, isolated cells and star cells of the 4 levels;
    # seed 003 p.12: Ultimaszyna crosses water from the start and has its own rules.
    expect = {
        "autometta": (24, 5, (10, 15, 18, 20, 22, 23)),
        "automa": (22, 4, (9, 14, 17, 19, 20, 21)),
        "automaszyna": (19, 3, (9, 12, 14, 16, 17, 18)),
        "ultimaszyna": (18, 0, (8, 11, 13, 15, 16, 17)),
    }
    assert tuple(data.star_cards) == LEVELS
    for level, (cells, water, stars) in expect.items():
        sc = data.star_cards[level]
        assert (sc.cells, sc.water_from, sc.stars) == (cells, water, stars)
    assert [sc.skip_turns for sc in data.star_cards.values()] == [True, False, False, False]
    ult = data.star_cards["ultimaszyna"]
    assert ult.all_moves and ult.retreat_to_base and ult.extra_coin == 1 and ult.extra_power == 1


def test_setup_and_scoring(data):
    # Seed 003 "Приготування": 5 coins, popularity 10; "Підрахунок": $4 per star, $3 per
    # territory, the human's resources capped at 6 per territory, no resources in tie-breaks.
    assert (data.setup.coins, data.setup.popularity, data.setup.workers_on_board) == (5, 10, 2)
    assert (data.scoring.per_star, data.scoring.per_territory, data.scoring.human_resource_cap) == (4, 3, 6)
    assert "resources" not in data.scoring.tie_breaks
    assert data.scoring.tie_breaks[0] == "units_and_structures"


def test_open_cells_carry_their_chosen_values(data):
    # Reference automa.md "Disagreements": A1-A5 (plus A6-A7 from the third transcription).
    cells = {c.id: c for c in data.open_cells}
    assert set(cells) == {"A1", "A2", "A3", "A4", "A5", "A6", "A7"}
    assert _card(data, 8).combat_power == (0, 5, 7) and cells["A1"].chosen == "SZ"
    assert _card(data, 8).schemes[0].gains[0].faction == "rusviet"
    assert _card(data, 12).schemes[1].gains[0].kind == "combat_card"
    assert _card(data, 15).star_advance is False and cells["A4"].chosen == "PC"
    assert [g.faction for g in _card(data, 15).schemes[1].gains] == ["crimea", None]
    assert all(c.confidence in ("low", "medium") for c in cells.values())


def test_switching_an_open_cell(tmp_path, data):
    # An override switches A1 to PC's value and A4 to SZ's value.
    path = _override(tmp_path, '[[open_cell]]\nid = "A1"\nchosen = "PC"\n\n[[open_cell]]\nid = "A4"\nchosen = "SZ"\n')
    alt = load_automa([path])
    assert _card(alt, 8).combat_power == (0, 7, 7)
    assert _card(alt, 15).star_advance is True
    assert _card(data, 8).combat_power == (0, 5, 7)  # the default data is untouched


def test_override_replaces_card_and_star_card(tmp_path):
    path = _override(tmp_path, """
[[card]]
id = 3
combat_power = [4, 7, 7]
scheme1 = { skip = false, moves = ["mech"], gains = ["power 2"], recruit = "coin" }

[[star_card]]
level = "automa"
water_from = 2
""")
    alt = load_automa([path])
    card = _card(alt, 3)
    assert card.combat_power == (4, 7, 7) and card.schemes[0].moves[0].kind == "mech"
    assert card.schemes[1].gains[0].amount == 2  # scheme II kept from the base file
    assert alt.star_cards["automa"].water_from == 2


def test_override_option_default(tmp_path):
    path = _override(tmp_path, '[[option]]\nname = "coin_modifier"\ndefault = -1\n')
    alt = load_automa([path])
    assert alt.options["coin_modifier"].default == -1
    assert alt.resolve_options()["coin_modifier"] == -1


def test_level_names_and_aliases(data):
    assert level_name(data, "Autometta") == "autometta"
    assert level_name(data, "ultimate") == "ultimaszyna"
    assert level_name(data, "AutoMachina") == "automaszyna"
    with pytest.raises(UserError, match=r"unknown Automa difficulty 'hardest'; use one of autometta, automa"):
        level_name(data, "hardest")


def test_options(data):
    # Seed 003 p.12: the optional rules, each a switch.
    assert set(data.options) == {"skip_turns", "coin_modifier", "power_modifier", "move_check",
                                 "placement_check", "all_moves"}
    assert data.resolve_options() == {"skip_turns": False, "coin_modifier": 0, "power_modifier": 0,
                                      "move_check": False, "placement_check": False, "all_moves": False}
    with pytest.raises(UserError, match=r"unknown option 'move_chek'; did you mean 'move_check'\?"):
        data.resolve_options({"move_chek": True})
    with pytest.raises(UserError, match=r"option 'coin_modifier' is 3; use one of -2, -1, 0, 1, 2"):
        data.resolve_options({"coin_modifier": 3})
    with pytest.raises(UserError, match=r"option 'all_moves' is 1; give true or false"):
        data.resolve_options({"all_moves": 1})


# ---------------------------------------------------------------- errors, one line each

@pytest.mark.parametrize("text, message", [
    ('[[card]]\nid = 2\ncombat_cards = 3\n',
     r"over.toml: cards showing 0/1/2/3 combat cards number \[4, 9, 4, 2\], but the rulebook's table says \[4, 9, 5, 1\]"),
    ('[[card]]\nid = 5\ncombat_powr = [1, 2, 3]\n',
     r"over.toml: card 5: unknown key 'combat_powr'; did you mean 'combat_power'\?"),
    ('[[card]]\nid = 5\ncombat_power = [1, 2]\n',
     r"over.toml: card 5: combat_power is \[1, 2\]; give 3 numbers"),
    ('[[card]]\nid = 5\ncombat_power = [1, 2, 9]\n',
     r"over.toml: card 5: combat_power\[2\] is 9, outside 0..7; use a value in 0..7"),
    ('[[card]]\nid = 6\nscheme1 = { skip = false, moves = ["wroker"], gains = [], recruit = "none" }\n',
     r"over.toml: card 6: scheme1.moves\[0\] 'wroker' is not a known symbol; did you mean 'worker'\?"),
    ('[[card]]\nid = 6\nscheme1 = { skip = false, moves = ["attack_unit"], gains = [], recruit = "none" }\n',
     r"over.toml: card 6: scheme1.moves\[0\] 'attack_unit' needs the power it requires, 0 to 16; write e.g."),
    ('[[card]]\nid = 6\nscheme1 = { skip = false, moves = ["worker (nordik)"], gains = [], recruit = "none" }\n',
     r"over.toml: card 6: scheme1.moves\[0\] 'worker \(nordik\)' names an unknown faction 'nordik'; did you mean 'nordic'\?"),
    ('[[card]]\nid = 6\nscheme2 = { skip = false, moves = ["mech"], gains = ["coin"], recruit = "none" }\n',
     r"over.toml: card 6: scheme2.gains\[0\] 'coin' needs an amount from 1 to 9; write e.g. \"coin 1\""),
    ('[[card]]\nid = 6\nscheme2 = { skip = false, moves = ["mech"], gains = [], recruit = "gold" }\n',
     r"over.toml: card 6: scheme2.recruit 'gold' is not a known name; valid: none, power, popularity"),
    ('[[card]]\nid = 20\n',
     r"over.toml: card 20: id is 20, outside 1..19; use a value in 1..19"),
    ('[[star_card]]\nlevel = "automa"\nstars = [9, 14, 17, 19, 20]\n',
     r"over.toml: star_card automa: stars is \[9, 14, 17, 19, 20\]; give 6 increasing cells from 1 to 21"),
    ('[[star_card]]\nlevel = "automa"\nstars = [9, 14, 17, 19, 20, 20]\n',
     r"over.toml: star_card automa: stars is"),
    ('[[star_card]]\nlevel = "automa"\nwater_from = 30\n',
     r"over.toml: star_card automa: water_from is 30, outside 0..21; use a value in 0..21"),
    ('[[star_card]]\nlevel = "insane"\ncells = 10\n',
     r"over.toml: star_card insane: level 'insane' is not a known name; valid: autometta, automa"),
    ('[[open_cell]]\nid = "A1"\nchosen = "XX"\n',
     r"over.toml: open_cell A1: chosen source 'XX' has no value; use one of SZ, PC, JB"),
    ('[[open_cell]]\nid = "A9"\nchosen = "SZ"\n',
     r"over.toml: open_cell A9: no such open_cell \(an override can only change existing ones\); valid: A1, A2"),
    ('[[open_cell]]\nid = "A1"\nchosen = "PC"\nnote = "x"\n',
     r"over.toml: open_cell A1: only chosen may be overridden, not note; remove note"),
    ('[[option]]\nname = "coin_modifier"\ndefault = 5\n',
     r"over.toml: option coin_modifier: default is 5; use one of -2, -1, 0, 1, 2"),
    ('[seed_checks]\ncombat_cards_distribution = [4, 8, 5, 2]\n',
     r"over.toml: \[seed_checks\] states the rulebook's own check and cannot be overridden"),
    ('[combat]\npower_ranges = [[0, 7], [9, 13], [14, 16]]\n',
     r"over.toml: \[combat\]: power_ranges \[\[0, 7\], \[9, 13\], \[14, 16\]\] do not cover 0..16 in order without gaps; "
     r"give 3 contiguous"),
    ('[scoring]\ntie_breaks = ["power", "resources"]\n',
     r"over.toml: \[scoring\]: tie_breaks\[1\] 'resources' is not a known name; valid: units_and_structures"),
    ('[setup]\ncoinz = 5\n',
     r"over.toml: \[setup\]: unknown key 'coinz'; did you mean 'coins'\?"),
    ('[card]\nid = 5\n',
     r"over.toml: \[card\] must be an array of tables; write each entry as \[\[card\]\] with its id"),
    ('star_cards = 3\n',
     r"over.toml: unknown table \[star_cards\]; did you mean 'star_card'\?"),
    ('[[card]\n',
     r"over.toml: not valid TOML"),
])
def test_errors_are_one_line(tmp_path, text, message):
    path = _override(tmp_path, text)
    with pytest.raises(UserError, match=message) as info:
        load_automa([path])
    assert "\n" not in info.value.message


def test_missing_override_file(tmp_path):
    with pytest.raises(UserError, match=r"^/.*/nope.toml: file not found; check the path of the data override file$"):
        load_automa([tmp_path / "nope.toml"])


def test_base_file_inconsistent_open_cell(tmp_path, monkeypatch):
    # A card edited in the data file without its open cell is caught.
    import simsuite.games.scythe.automa_data as mod
    text = DATA_FILE.read_text(encoding="utf-8").replace("combat_power = [0, 5, 7]", "combat_power = [0, 6, 7]")
    bad = tmp_path / "automa.toml"
    bad.write_text(text, encoding="utf-8")
    monkeypatch.setattr(mod, "DATA_FILE", bad)
    monkeypatch.setattr(mod, "_cache", None)
    with pytest.raises(UserError, match=r"automa.toml: open_cell A1: card 8 combat_power is \[0, 6, 7\] "
                                        r"but the chosen source SZ gives \[0, 5, 7\]; make them agree"):
        mod.load_automa()
