"""The Scythe data files and their loader/validator (simsuite.games.scythe.data, .ids).

Reference values come from shared/reference/scythe/*.md (board.md, factions.md,
player-mats.md, cards.md); rules from the base rulebook (seed 000, digest
shared/rules/scythe-base.md).
"""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from simsuite.errors import UserError
from simsuite.games.scythe import ids
from simsuite.games.scythe import model as M
from simsuite.games.scythe.data import DATA_DIR, FILES, SETS, load_constants, load_data

ALL = SETS


@pytest.fixture(scope="module")
def data():
    return load_data()


@pytest.fixture(scope="module")
def full():
    return load_data(include_sets=ALL)


def write(tmp_path: Path, text: str, name: str = "fix.toml") -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def error_of(tmp_path: Path, text: str, name: str = "fix.toml") -> str:
    with pytest.raises(UserError) as info:
        load_data([write(tmp_path, text, name)])
    msg = str(info.value)
    assert "\n" not in msg
    return msg


# ------------------------------------------------------------------ file hygiene

def test_every_file_has_meta_sources_and_every_entry_provenance():
    for name in FILES:
        doc = tomllib.loads((DATA_DIR / name).read_text(encoding="utf-8"))
        meta = doc["meta"]
        assert meta["sources"], name
        for src in meta["sources"]:
            assert src["key"] and src["ref"] and src["gave"], (name, src)
        for top, body in doc.items():
            if top == "meta":
                continue
            entries = body.values() if all(isinstance(v, dict) for v in body.values()) else [body]
            for entry in entries:
                assert entry["confidence"] in ("high", "medium", "low"), (name, top)
                assert entry["source"].strip(), (name, top)


def test_data_files_hold_no_absolute_paths():
    for name in FILES:
        text = (DATA_DIR / name).read_text(encoding="utf-8")
        # a path starting at the root, like "/some/dir/", never appears
        assert not re.search(r"(?<![\w.])/[A-Za-z_]+/", text), name


def test_default_data_is_cached_per_process(data):
    assert load_data() is data
    assert load_data(include_sets=("base",)) is data


# --------------------------------------------------------------------- the board

def test_board_counts(data):
    # Rulebook 000 setup step 4: 11 encounter tokens, one per encounter symbol (digest §5, §3.1).
    cells = data.cells
    assert sorted(cells) == list(range(1, 55))
    terr = [c for c in cells.values() if c.terrain != "base"]
    assert len(terr) == 47
    assert sorted(c.id for c in terr if c.encounter) == [10, 15, 18, 20, 28, 32, 34, 42, 43, 46, 51]
    assert sorted(c.id for c in terr if c.tunnel) == [17, 22, 25, 36, 39, 44]
    assert sorted(c.id for c in terr if c.terrain == "lake") == [14, 16, 24, 29, 38, 40, 49]
    assert [c.id for c in terr if c.terrain == "factory"] == [30]
    by = {t: sum(c.terrain == t for c in terr) for t in ("village", "mountain", "tundra", "farm", "forest")}
    assert by == {"village": 9, "mountain": 8, "tundra": 8, "farm": 7, "forest": 7}
    rivers = {(a, b) for a, c in cells.items() for d, b in zip(M.DIRECTIONS, c.neighbours) if d in c.rivers and a < b}
    assert len(rivers) == 32


def test_board_spot_cells(data):
    c = data.cells
    assert (c[8].row, c[8].x, c[8].terrain, c[8].neighbours, c[8].rivers) == (1, 2, "mountain", (1, 9, 15, 14, 0, 0), ())
    assert (c[17].terrain, c[17].tunnel, c[17].rivers, c[17].factory_distance) == ("tundra", True, ("NE", "E", "NW"), 2)
    assert c[30].factory_distance == 0 and c[30].neighbours == (24, 31, 38, 37, 29, 23)
    assert (c[35].rivers, c[54].neighbours) == (("NE", "SE", "SW", "NW"), (51, 0, 0, 0, 7, 50))
    assert {i: c[i].faction for i in range(1, 8)} == {
        1: "albion", 2: "nordic", 3: "polania", 4: "rusviet", 5: "saxony", 6: "togawa", 7: "crimea"}
    assert c[3].neighbours == (14, 21, 27, 0, 0, 0) and c[7].neighbours == (50, 54, 0, 0, 0, 49)


def test_board_disagreements_chosen_values(data):
    c = data.cells
    assert (c[26].terrain, c[26].tunnel) == ("village", False)            # B1
    assert c[45].terrain == "forest"                                       # B2
    assert c[48].terrain == "tundra"                                       # B3
    assert c[28].encounter                                                 # B4
    assert "SW" in c[32].rivers and "NE" in c[39].rivers                   # B5
    assert "SW" in c[20].rivers and "NE" in c[26].rivers                   # B6
    assert "NW" in c[4].rivers and "SE" in c[20].rivers                    # B7
    assert "SE" in c[35].rivers and c[35].neighbours[2] == 42              # B8
    assert "E" not in c[9].rivers and "W" not in c[10].rivers              # B9
    assert c[34].neighbours[3] == 0 and "SW" not in c[34].rivers           # B10
    listed = {d["id"]: d for d in data.sources["board.toml"]["disagreements"]}
    assert sorted(listed, key=lambda s: int(s[1:])) == [f"B{i}" for i in range(1, 11)]
    assert listed["B2"]["confidence"] == "medium" and listed["B5"]["confidence"] == "medium"


def test_factory_distance_is_hex_distance(data):
    f = data.cells[30]
    for c in data.cells.values():
        dr, dx = abs(c.row - f.row), abs(c.x - f.x)
        assert c.factory_distance == max(dr, (dx + dr) // 2)
    assert data.cells[1].factory_distance == 4 and data.cells[54].factory_distance == 4


# ---------------------------------------------------------------------- factions

def test_base_factions(data):
    f = data.factions
    assert list(f) == ["nordic", "rusviet", "polania", "crimea", "saxony"]
    got = {n: (x.base, x.start_cells, x.power, x.combat_cards, x.ability, x.riverwalk) for n, x in f.items()}
    assert got == {
        "nordic": (2, (11, 12), 4, 1, "swim", ("forest", "mountain")),
        "rusviet": (4, (26, 33), 3, 2, "relentless", ("farm", "village")),
        "polania": (3, (21, 27), 2, 3, "meander", ("village", "mountain")),
        "crimea": (7, (50, 54), 5, 0, "coercion", ("farm", "tundra")),       # F1: 0 cards
        "saxony": (5, (41, 48), 1, 4, "dominate", ("forest", "mountain")),
    }
    assert f["rusviet"].mech_abilities == ("riverwalk", "township", "peoples_army", "speed")
    assert all(x.expansion == "base" and x.provenance.confidence == "high" for x in f.values())


def test_seating_cycle(data, full):
    # Rulebook 000 setup "ВИБІР НАЦІЇ": clockwise Nordic, Rusviet, Crimea, Saxony, Polania (digest §5 step 6).
    assert sorted(data.factions, key=lambda n: data.factions[n].seat_order) == [
        "nordic", "rusviet", "crimea", "saxony", "polania"]
    assert sorted(full.factions, key=lambda n: full.factions[n].seat_order) == [
        "nordic", "rusviet", "togawa", "crimea", "saxony", "polania", "albion"]


def test_start_cells_are_the_land_adjacent_territories(full):
    # Rulebook 000 setup step 9: one worker on each of the 2 territories adjacent to the base by land.
    for f in full.factions.values():
        base = full.cells[f.base]
        land = sorted(n for d, n in zip(M.DIRECTIONS, base.neighbours)
                      if n and d not in base.rivers and full.cells[n].terrain != "lake")
        assert sorted(f.start_cells) == land, f.name
    assert 20 in full.cells[4].neighbours and 20 not in full.factions["rusviet"].start_cells


def test_expansion_factions_only_when_asked(data, full):
    assert "albion" not in data.factions and "togawa" not in data.factions
    a, t = full.factions["albion"], full.factions["togawa"]
    assert (a.base, a.start_cells, a.power, a.combat_cards, a.ability) == (1, (8, 9), 3, 0, "exalt")
    assert (t.base, t.start_cells, t.power, t.combat_cards, t.ability) == (6, (47, 53), 0, 2, "maifuku")
    assert a.expansion == t.expansion == "invaders_from_afar"
    assert a.provenance.confidence == "medium" and a.riverwalk == ()
    assert list(full.factions)[5:] == ["albion", "togawa"]


# ------------------------------------------------------------------ player mats

MATS = {  # name: number, order, popularity, coins, tops, (start, min, coins) for upgrade/deploy/build/enlist
    "industrial": ("1", 1.0, 2, 4, "bolster produce move trade", [(3, 2, 3), (3, 1, 2), (3, 2, 1), (4, 2, 0)]),
    "engineering": ("2", 2.0, 2, 5, "produce trade bolster move", [(3, 2, 2), (4, 2, 0), (3, 1, 3), (3, 2, 1)]),
    "patriotic": ("3", 3.0, 2, 6, "move bolster trade produce", [(2, 2, 1), (4, 1, 3), (4, 2, 0), (3, 2, 2)]),
    "mechanical": ("4", 4.0, 3, 6, "trade bolster move produce", [(3, 2, 0), (3, 1, 2), (3, 2, 2), (4, 2, 2)]),
    "agricultural": ("5", 5.0, 4, 7, "move trade produce bolster", [(2, 2, 1), (4, 2, 0), (4, 2, 2), (3, 1, 3)]),
    "militant": ("2a", 2.5, 3, 4, "bolster move produce trade", [(3, 1, 0), (3, 2, 3), (4, 3, 1), (3, 1, 2)]),
    "innovative": ("3a", 3.5, 3, 5, "trade produce bolster move", [(3, 3, 3), (3, 2, 1), (4, 1, 2), (3, 1, 0)]),
}


def test_player_mats_match_reference(full):
    assert list(full.mats) == list(MATS)
    for name, (number, order, pop, coins, tops, bottom) in MATS.items():
        m = full.mats[name]
        assert (m.number, m.order, m.popularity, m.coins, m.objectives) == (number, order, pop, coins, 2), name
        assert [s.top for s in m.sections] == tops.split()
        assert [s.bottom for s in m.sections] == list(M.BOTTOM_ACTIONS)
        assert [(m.bottom[b].start, m.bottom[b].minimum, m.bottom[b].coins) for b in M.BOTTOM_ACTIONS] == bottom


def test_player_mat_disagreements(full):
    m = full.mats
    assert m["patriotic"].bottom["enlist"].coins == 2                       # M1
    assert m["agricultural"].bottom["upgrade"].coins == 1                   # M2
    assert (m["innovative"].bottom["enlist"].start, m["innovative"].bottom["enlist"].minimum) == (3, 1)  # M3
    assert m["militant"].order == 2.5 and m["innovative"].order == 3.5     # M5
    ids_ = [d["id"] for d in full.sources["player_mats.toml"]["disagreements"]]
    assert ids_ == ["M1", "M2", "M3", "M4", "M5"]
    assert m["militant"].expansion == "invaders_from_afar" and m["innovative"].provenance.confidence == "medium"


def test_mat_invariants_hold(full):
    # Rulebook 000 "Upgrade": 6 technology cubes, each onto a dashed bottom box (digest §9.1).
    for m in full.mats.values():
        assert sum(c.start - c.minimum for c in m.bottom.values()) == 6
        assert sum(c.coins for c in m.bottom.values()) == 6
        assert sum(c.start for c in m.bottom.values()) == 13


def test_banned_pairs(data, full):
    # Rulebook 000 setup "ВИБІР НАЦІЇ": Rusviet + Industrial and Crimea + Patriotic are forbidden (digest §5 step 6).
    assert data.banned_pairs == (("rusviet", "industrial"), ("crimea", "patriotic"))
    assert full.banned_pairs == data.banned_pairs


# ------------------------------------------------------------------------ cards

def test_combat_deck(data):
    # Rulebook 000 components: 42 combat cards, 16 x 2, 12 x 3, 8 x 4, 6 x 5 (digest §3.3).
    assert data.combat_cards == {2: 16, 3: 12, 4: 8, 5: 6}


def test_encounter_cards(data, full):
    # Rulebook 000 components: 28 encounter cards (digest §3.1).
    assert [e.id for e in data.encounters] == list(range(1, 29))
    assert [e.id for e in full.encounters] == list(range(1, 43))
    e1 = data.encounters[0].options
    assert (e1[0].gain_coins, e1[0].gain_popularity) == (2, 1)
    assert (e1[1].cost_coins, e1[1].gain_resources) == (2, {"food": 4})
    assert (e1[2].cost_popularity, e1[2].free_action) == (2, "build")
    e12 = data.encounters[11].options[2]                                    # E1: wood, not food
    assert (e12.cost_popularity, e12.gain_workers, e12.gain_resources) == (2, 1, {"wood": 3})
    assert data.encounters[11].provenance.note.startswith("E1")
    e25 = data.encounters[24].options[2]
    assert (e25.free_action, e25.gain_any_resources) == ("upgrade", 2)
    assert all(o.special is None for e in data.encounters for o in e.options)
    assert full.encounters[30].options[2].special and full.encounters[41].options[1].special
    assert all(e.set == "non-base" for e in full.encounters[28:])
    for e in data.encounters:  # option 1 free, option 2 costs coins, option 3 costs popularity
        a, b, c = e.options
        assert a.cost_coins == a.cost_popularity == 0 and b.cost_coins > 0 and c.cost_popularity > 0


def test_factory_cards(data, full):
    # Rulebook 000 components: 12 Factory cards (digest §3.1, §15).
    assert [f.id for f in data.factory_cards] == list(range(1, 13))
    assert [f.id for f in full.factory_cards] == list(range(1, 19))
    c = {f.id: f for f in full.factory_cards}
    # the rulebook's example card: pay 1 popularity, enlist or upgrade (digest §15)
    assert (c[2].cost_popularity, c[2].free_actions, c[2].free_action_count) == (1, ("upgrade", "enlist"), 1)
    assert (c[1].cost_cards, c[1].cost_coins, c[1].produce_territories) == (1, 1, 2)
    assert (c[4].gain_coins, c[4].provenance.confidence) == (3, "low")     # FC1 (open: 3 vs 2)
    assert (c[14].gain_coins, c[14].gain_workers, c[14].provenance.confidence) == (2, 1, "low")  # FC2
    assert (c[15].gain_power, c[15].gain_cards, c[15].provenance.confidence) == (1, 1, "low")   # FC3
    assert (c[13].cost_distinct_resources, c[13].free_actions) == (2, ("deploy", "build"))
    assert all(f.set == "promo" for f in full.factory_cards[12:])


def test_objectives(data, full):
    # Rulebook 000 components: 23 objective cards (digest §3.1).
    assert [o.id for o in data.objectives] == list(range(1, 24))
    assert [o.id for o in full.objectives] == list(range(1, 28))
    o = {x.id: x for x in full.objectives}
    assert o[1].name == "Higher Ground Advantage" and "3 mountain" in o[1].condition
    assert o[23].name == "Achieve Tactical Mastery" and o[27].set == "promo"
    assert o[2].provenance.confidence == "low" and "Mine" in o[2].provenance.note


def test_structure_tiles_and_scoring(data):
    t = {x.kind: x.payout for x in data.structure_tiles}
    assert tuple(t) == M.STRUCTURE_TILES
    # Rulebook 000 structure bonus example: structures next to 4 different lakes pay 6 coins (digest §20.2).
    assert t["adjacent_lakes"][4] == 6
    assert t["on_tunnels"] == (0, 2, 4, 6) and t["straight_line"] == (0, 2, 4, 6, 9)
    # Rulebook 000 final scoring: 10 popularity pays 4 / 3 / 2; 18 pays like 13-17 (digest §20).
    tiers = [(x.min_popularity, x.per_star, x.per_territory, x.per_resource_pair) for x in data.scoring_tiers]
    assert tiers == [(0, 3, 2, 1), (7, 4, 3, 2), (13, 5, 4, 3)]


def test_rule_constants():
    c = load_constants()
    # Rulebook 000: power track 16, popularity 18, dial at most 7 (digest §4.5); 11 tokens; players + 1 Factory cards.
    assert c["tracks"] == {"power_max": 16, "popularity_max": 18, "dial_max": 7,
                           "source": c["tracks"]["source"], "confidence": "high", "note": ""}
    comp = c["components"]
    assert (comp["encounter_tokens"], comp["factory_offer_extra"], comp["stars"], comp["tunnels"]) == (11, 1, 6, 6)


# ------------------------------------------------------------ validation errors

def test_neighbour_symmetry(tmp_path):
    msg = error_of(tmp_path, "[cell.4]\nneighbours = [0, 0, 0, 33, 0, 20]\n")
    assert msg == "board.toml: cell 26: neighbour E is 4 but cell 4 has no W neighbour 26; make the two entries agree"


def test_neighbour_geometry(tmp_path):
    msg = error_of(tmp_path, "[cell.54]\nx = 9\nfactory_distance = 4\n")
    assert msg == ("fix.toml: cell 54: neighbour NE is 51 but cell 52 sits NE of it (row 7, x 10); "
                   "fix the neighbour list or the coordinates")


def test_neighbour_unknown_cell(tmp_path):
    msg = error_of(tmp_path, "[cell.8]\nneighbours = [1, 9, 15, 14, 99, 0]\n")
    assert msg == "fix.toml: cell 8: neighbour W is 99 but there is no cell 99; use an existing cell id or 0"


def test_parity(tmp_path):
    msg = error_of(tmp_path, "[cell.54]\nx = 8\n")
    assert msg == ("fix.toml: cell 54: row 8 + x 8 is even, but x + row must be odd on the doubled-column grid; "
                   "fix the row or the x coordinate")


def test_river_symmetry(tmp_path):
    msg = error_of(tmp_path, "[cell.39]\nrivers = []\n")
    assert msg == ("board.toml: cell 32: river on the SW edge to 39 but cell 39 has no river NE; "
                   "make the two entries agree")


def test_river_without_neighbour(tmp_path):
    # B10: hex 34's SW edge is the board border.
    msg = error_of(tmp_path, '[cell.34]\nrivers = ["NE", "SE", "SW"]\n')
    assert msg == "fix.toml: cell 34: river on the SW edge, but there is no cell SW of it; remove 'SW' from rivers"


def test_river_list_must_match_cells(tmp_path):
    msg = error_of(tmp_path, '[river]\n"9-10" = { direction = "E", confidence = "low", source = "me" }\n')
    assert msg == ("fix.toml: river 9-10: cell 9 does not list a river on its E edge; "
                   "add 'E' to cell 9 rivers and 'W' to cell 10 rivers, or remove this river")


def test_river_missing_from_list(tmp_path):
    msg = error_of(tmp_path, '[cell.9]\nrivers = ["E"]\n[cell.10]\nrivers = ["E", "SE", "W"]\n')
    assert msg == ('fix.toml: cell 9: river on the E edge to 10 is not listed in [river]; '
                   'add [river] "9-10" or remove \'E\' from rivers')


def test_river_count(tmp_path):
    msg = error_of(tmp_path, '[cell.9]\nrivers = ["E"]\n[cell.10]\nrivers = ["E", "SE", "W"]\n'
                             '[river]\n"9-10" = { direction = "E", confidence = "low", source = "me" }\n')
    assert msg == ("board.toml + fix.toml: 33 river edges, expected 32 (rules.toml components.river_edges); "
                   "correct the rivers or the expected count")


def test_river_key_order(tmp_path):
    msg = error_of(tmp_path, '[river]\n"20-4" = { direction = "SE", confidence = "low", source = "me" }\n')
    assert msg == "fix.toml: river 20-4: river key '20-4' must list the smaller cell first; write \"4-20\""


def test_count_tunnels(tmp_path):
    # B1's losing reading (hex 26 forest with a tunnel) gives 7 tunnels.
    msg = error_of(tmp_path, '[cell.26]\nterrain = "forest"\ntunnel = true\n')
    assert msg == ("board.toml + fix.toml: 7 tunnel cells, expected 6 (rules.toml components.tunnels); "
                   "correct the cells or the expected count")


def test_count_encounters(tmp_path):
    # B4's losing reading: no encounter on hex 28 leaves 10 symbols for the rulebook's 11 tokens.
    msg = error_of(tmp_path, "[cell.28]\nencounter = false\n")
    assert msg == ("board.toml + fix.toml: 10 encounter symbols, expected 11 (rules.toml components.encounter_tokens); "
                   "correct the cells or the expected count")


def test_count_lakes_and_territories(tmp_path):
    msg = error_of(tmp_path, '[cell.45]\nterrain = "lake"\n')
    assert msg.startswith("board.toml + fix.toml: 8 lake cells, expected 7")
    msg = error_of(tmp_path, "[cell.54]\npresent = false\n", "drop.toml")
    assert msg.startswith("board.toml + drop.toml: 46 territories, expected 47")


def test_factory_distance_check(tmp_path):
    msg = error_of(tmp_path, "[cell.8]\nfactory_distance = 3\n")
    assert msg == ("fix.toml: cell 8: factory_distance is 3 but the hex distance to the Factory is 4; "
                   "set factory_distance = 4")


def test_symbol_on_a_lake(tmp_path):
    msg = error_of(tmp_path, "[cell.14]\ntunnel = true\n")
    assert msg == "fix.toml: cell 14: tunnel symbol on a lake cell; only mountain, forest, tundra, farm, village territories carry one"


def test_unknown_key_suggests(tmp_path):
    msg = error_of(tmp_path, '[cell.26]\nterain = "forest"\n')
    assert msg == "fix.toml: cell 26: unknown key 'terain'; did you mean 'terrain'?"
    msg = error_of(tmp_path, '[cells.26]\nterrain = "forest"\n')
    assert msg == "fix.toml: unknown table [cells]; did you mean 'cell'?"
    msg = error_of(tmp_path, "[mat.industrial.bottom.upgrade]\ncoin = 2\n")
    assert msg == "fix.toml: mat industrial: unknown key bottom.upgrade.coin; did you mean 'coins'?"


def test_unknown_vocabulary_name(tmp_path):
    msg = error_of(tmp_path, '[cell.26]\nterrain = "vilage"\n')
    assert msg == "fix.toml: cell 26: terrain 'vilage' is not a known name; did you mean 'village'?"
    msg = error_of(tmp_path, '[faction.nordic]\nability = "swimming"\n')
    assert msg == "fix.toml: faction nordic: ability 'swimming' is not a known faction ability; did you mean 'swim'?"
    msg = error_of(tmp_path, '[faction.nordic]\nmech_abilities = ["riverwalk", "seaworthy", "artillery", "sped"]\n')
    assert msg == "fix.toml: faction nordic: mech ability 'sped' is not a known mech ability; did you mean 'speed'?"


def test_expansion_names_rejected_for_base_factions(tmp_path):
    msg = error_of(tmp_path, '[faction.nordic]\nability = "exalt"\n')
    assert msg.startswith("fix.toml: faction nordic: ability 'exalt' is not a known faction ability;")


def test_wrong_type(tmp_path):
    msg = error_of(tmp_path, '[faction.nordic]\npower = "4"\n')
    assert msg == "fix.toml: faction nordic: power must be a whole number, not '4'; write it as an integer without quotes"


def test_value_range(tmp_path):
    msg = error_of(tmp_path, "[faction.saxony]\npower = 17\n")
    assert msg == "fix.toml: faction saxony: power is 17, above the track maximum 16; use a value in 0..16"
    msg = error_of(tmp_path, "[mat.agricultural]\npopularity = 19\n")
    assert msg == "fix.toml: mat agricultural: popularity is 19, above the track maximum 18; use a value in 0..18"
    msg = error_of(tmp_path, "[mat.industrial]\ncoins = -1\n")
    assert msg == "fix.toml: mat industrial: coins is -1, outside 0..1000; use a value in 0..1000"


def test_start_cell_across_river(tmp_path):
    # Rulebook 000 setup step 9: start workers go only on territories adjacent by land (digest §5).
    msg = error_of(tmp_path, "[faction.rusviet]\nstart_cells = [20, 33]\n")
    assert msg == ("fix.toml: faction rusviet: start cell 20 is across a river; start workers go on territories "
                   "adjacent by land; use [26, 33]")


def test_start_cell_on_lake_or_far(tmp_path):
    msg = error_of(tmp_path, "[faction.polania]\nstart_cells = [14, 21]\n")
    assert msg == ("fix.toml: faction polania: start cell 14 is a lake; start workers go on territories "
                   "adjacent by land; use [21, 27]")
    msg = error_of(tmp_path, "[faction.nordic]\nstart_cells = [11, 13]\n")
    assert msg == "fix.toml: faction nordic: start cell 13 is not adjacent to base 2; use the territories next to the base: [11, 12]"


def test_faction_base_mismatch(tmp_path):
    msg = error_of(tmp_path, "[faction.nordic]\nbase = 4\nstart_cells = [26, 33]\n")
    assert msg == "fix.toml: faction nordic: base 4 belongs to 'rusviet' in board.toml; make the base cell and the faction agree"


def test_faction_riverwalk_and_seats(tmp_path):
    msg = error_of(tmp_path, '[faction.nordic]\nriverwalk = ["forest"]\n')
    assert msg == "fix.toml: faction nordic: has Riverwalk but riverwalk lists 1 terrains; list exactly 2 terrains"
    msg = error_of(tmp_path, "[faction.crimea]\nseat_order = 1\n")
    assert msg == "fix.toml: faction crimea: seat_order 1 is also rusviet's; give every faction its own seat_order"


def test_mat_top_action_twice(tmp_path):
    msg = error_of(tmp_path, '[mat.industrial]\nsections = [{ top = "bolster", bottom = "upgrade" }, '
                             '{ top = "bolster", bottom = "deploy" }, { top = "move", bottom = "build" }, '
                             '{ top = "trade", bottom = "enlist" }]\n')
    assert msg == "fix.toml: mat industrial: top action 'bolster' appears 2 times in sections; use each top action exactly once"


def test_mat_bottom_order(tmp_path):
    # Rulebook 000: the bottom row is Upgrade, Deploy, Build, Enlist on every mat (digest §9).
    msg = error_of(tmp_path, '[mat.industrial]\nsections = [{ top = "bolster", bottom = "deploy" }, '
                             '{ top = "produce", bottom = "upgrade" }, { top = "move", bottom = "build" }, '
                             '{ top = "trade", bottom = "enlist" }]\n')
    assert msg == ("fix.toml: mat industrial: bottom row is deploy, upgrade, build, enlist; "
                   "the bottom row is always upgrade, deploy, build, enlist")


def test_mat_upgrade_boxes(tmp_path):
    # M3's losing reading (Innovative Enlist 4 -> 2) keeps 6 boxes; 4 -> 1 gives 7.
    msg = error_of(tmp_path, "[mat.innovative.bottom]\nenlist = { start = 4, minimum = 1, coins = 0 }\n")
    assert msg == ("fix.toml: mat innovative: has 7 upgradeable bottom boxes (start - minimum), expected 6; "
                   "every mat has one upgradeable box per technology cube; fix start or minimum")


def test_mat_start_below_minimum(tmp_path):
    msg = error_of(tmp_path, "[mat.patriotic.bottom]\nupgrade = { start = 1, minimum = 2, coins = 1 }\n")
    assert msg == ("fix.toml: mat patriotic: bottom.upgrade start 1 is below its minimum 2; "
                   "start must be at least minimum (start - minimum = upgradeable boxes)")


def test_mat_order_unique(tmp_path):
    msg = error_of(tmp_path, "[mat.militant]\norder = 2.0\n")
    assert msg == "fix.toml: mat militant: order 2.0 is also engineering's; give every mat its own turn-order key"


def test_card_counts(tmp_path):
    msg = error_of(tmp_path, "[combat_card.2]\ncopies = 15\n")
    assert msg == ("combat_cards.toml + fix.toml: 41 combat cards in all, expected 42 (rules.toml components.combat_cards); "
                   "correct the copies or the expected count")
    msg = error_of(tmp_path, '[encounter.28]\nset = "non-base"\n')
    assert msg == ("encounters.toml + fix.toml: 27 base-game encounter cards, expected 28 (rules.toml components.encounter_cards); "
                   "correct the cards' set or the expected count")
    msg = error_of(tmp_path, '[factory_card.13]\nset = "base"\n')
    assert msg.startswith("factory_cards.toml + fix.toml: 13 base-game factory cards, expected 12")


def test_special_effect_not_on_base_cards(tmp_path):
    msg = error_of(tmp_path, '[encounter.1]\noptions = [{ gain_coins = 2 }, { cost_coins = 2, gain_power = 2 }, '
                             '{ cost_popularity = 2, special = "steal a mech" }]\n')
    assert msg == ('fix.toml: encounter card 1: option 3 has a special effect, which base cards never have; '
                   'describe it with the cost/gain fields or mark the card set = "non-base"')


def test_structure_payout_shape(tmp_path):
    msg = error_of(tmp_path, "[structure_tile.on_tunnels]\npayout = [0, 4, 2]\n")
    assert msg == ("fix.toml: structure tile on_tunnels: payout [0, 4, 2] must start at 0 (nothing counted) and never decrease; "
                   "payout[k] is the coins for a counted quantity k")


def test_banned_pair_names(tmp_path):
    msg = error_of(tmp_path, '[banned_pair."nordic+industrail"]\nfaction = "nordic"\nmat = "industrail"\n'
                             'confidence = "low"\nsource = "house rule"\n')
    assert msg == "fix.toml: banned pair nordic+industrail: mat 'industrail' is not defined; did you mean 'industrial'?"


def test_incomplete_new_entry(tmp_path):
    msg = error_of(tmp_path, '[objective.28]\nname = "Hold the Line"\nset = "promo"\n')
    assert msg == "fix.toml: objective 28: missing condition; add condition"


def test_bad_files(tmp_path):
    with pytest.raises(UserError) as info:
        load_data([tmp_path / "nope.toml"])
    # a missing file is named by the path given, so a wrong folder shows
    assert str(info.value) == f"{tmp_path / 'nope.toml'}: file not found; check the path of the data override file"
    msg = error_of(tmp_path, "[cell.26\nterrain = 1\n")
    assert msg.startswith("fix.toml: not valid TOML (") and msg.endswith("; fix the syntax at that line")


def test_remove_unknown_entry(tmp_path):
    msg = error_of(tmp_path, "[encounter.99]\npresent = false\n")
    assert msg == "fix.toml: encounter card 99: present = false names no existing entry; remove it or correct the key"


def test_include_sets_checked():
    with pytest.raises(UserError) as info:
        load_data(include_sets=("base", "promos"))
    assert str(info.value) == ("unknown data set 'promos'; did you mean 'promo'? "
                               "(valid: base, invaders_from_afar, promo, non-base)")
    with pytest.raises(UserError, match="must contain 'base'"):
        load_data(include_sets=("promo",))


# -------------------------------------------------------------------- overrides

def test_overrides_replace_and_add(tmp_path, data):
    fix = write(tmp_path, """
[meta]
note = "house variant"

[cell.45]                      # B2's losing reading: hex 45 is a village
terrain = "village"

[mat.patriotic.bottom]         # M1's losing reading, merged field by field
enlist = { coins = 0 }

[mat.agricultural]
coins = 9

[encounter.43]
set = "non-base"
options = [{ gain_coins = 1 }, { cost_coins = 1, gain_power = 2 }, { cost_popularity = 1, gain_cards = 2 }]
confidence = "low"
source = "house card"

[encounter.30]
present = false
""")
    d = load_data([fix], include_sets=ALL)
    assert d.cells[45].terrain == "village"
    assert d.mats["patriotic"].bottom["enlist"] == M.BottomCost(start=3, minimum=2, coins=0)
    assert d.mats["agricultural"].coins == 9 and d.mats["agricultural"].popularity == 4
    ids_ = [e.id for e in d.encounters]
    assert 43 in ids_ and 30 not in ids_ and len(ids_) == 42
    assert d.sources["fix.toml"] == {"note": "house variant"}
    # the cached default data is untouched
    assert load_data() is data and data.cells[45].terrain == "forest"
    assert data.mats["patriotic"].bottom["enlist"].coins == 2


def test_later_override_wins(tmp_path):
    a = write(tmp_path, "[faction.nordic]\npower = 5\n", "a.toml")
    b = write(tmp_path, "[faction.nordic]\npower = 6\n", "b.toml")
    assert load_data([a, b]).factions["nordic"].power == 6
    assert load_data([b, a]).factions["nordic"].power == 5


def test_override_rule_constants(tmp_path):
    # Counts live in rules.toml, so a variant board can change them together with the cells.
    fix = write(tmp_path, '[cell.26]\nterrain = "forest"\ntunnel = true\n[components]\ntunnels = 7\n')
    d = load_data([fix])
    assert d.cells[26].tunnel and sum(c.tunnel for c in d.cells.values()) == 7
    assert load_constants([fix])["components"]["tunnels"] == 7


# -------------------------------------------------------------------------- ids

def test_ids_lookup(data):
    assert ids.faction_names() == ("nordic", "rusviet", "polania", "crimea", "saxony")
    assert ids.faction_id("Saxony") == 4 and ids.faction_id(" CRIMEA ") == 3 and ids.faction_id(1) == 1
    assert ids.mat_id("Patriotic") == 2 and ids.mat_id("5") == 4 and ids.mat_name("1") == "industrial"
    assert ids.faction_ids(["polania", "Nordic"]) == [2, 0]
    full = load_data(include_sets=ALL)
    assert ids.mat_id("2a", full) == 5 and ids.faction_name("TOGAWA", full) == "togawa"


def test_ids_errors():
    with pytest.raises(UserError) as info:
        ids.faction_id("nordik")
    assert str(info.value) == ("unknown faction 'nordik'; did you mean 'nordic'? "
                               "valid factions: nordic, rusviet, polania, crimea, saxony")
    with pytest.raises(UserError) as info:
        ids.faction_id("albion")
    assert str(info.value) == ("faction 'albion' belongs to the 'invaders_from_afar' set, which is not included; "
                               "add 'invaders_from_afar' to the included sets or use one of: "
                               "nordic, rusviet, polania, crimea, saxony")
    with pytest.raises(UserError, match=r"^unknown mat 'x'; valid mats: industrial, engineering"):
        ids.mat_id("x")
    with pytest.raises(UserError, match=r"^mat id 7 is out of range 0..4;"):
        ids.mat_id(7)
    with pytest.raises(UserError, match=r"^faction 'nordic' is named twice;"):
        ids.faction_ids(["nordic", "NORDIC"])
