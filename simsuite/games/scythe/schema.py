"""Scythe's dataset columns and grouping keys, declared once (simsuite/schema.py says how
the runner, the file metadata, the synthetic data and the reports use them)."""
from __future__ import annotations

import pyarrow as pa

from simsuite.schema import Column, GameSchema

SCORE_COMPONENTS = ("score_coins", "score_stars", "score_territories", "score_resources",
                    "score_structure_bonus")

SCHEMA = GameSchema(
    game="scythe",
    columns=(
        Column("faction", pa.string(), "the seat's faction"),
        Column("mat", pa.string(), "the seat's player mat (null for the Automa)"),
        Column("pair", pa.string(), "faction+mat as the rulebook names pairs (null for the Automa)"),
        Column("difficulty", pa.string(), "the Automa's level in a solo game, else null"),
        Column("modules", pa.string(), "expansion modules in play, comma-separated (empty: base game)"),
        Column("airship_pair", pa.string(),
               "the seat's Wind Gambit airship tiles, aggressive+passive (empty: airships off)"),
        Column("resolution", pa.string(), "the game's Wind Gambit resolution tile (empty: resolutions off)"),
        Column("score_coins", pa.int32(), "coins in hand at the end"),
        Column("score_stars", pa.int32(), "coins for stars placed"),
        Column("score_territories", pa.int32(), "coins for controlled territories"),
        Column("score_resources", pa.int32(), "coins for pairs of controlled resources"),
        Column("score_structure_bonus", pa.int32(), "coins from the structure bonus tile"),
        Column("stars", pa.int8(), "stars placed"),
        Column("territories", pa.int16(), "territories controlled at the end (the Factory counts 3)"),
        Column("resources", pa.int16(), "resources controlled at the end"),
        Column("popularity", pa.int8(), "popularity at the end"),
        Column("power", pa.int8(), "power at the end"),
    ),
    group_keys=("faction", "mat", "pair"),
    solo_keys=("difficulty",),
    variant_keys=("modules", "airship_pair", "resolution"),
    score_components=SCORE_COMPONENTS,
)
