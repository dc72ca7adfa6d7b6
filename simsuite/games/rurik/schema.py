"""Rurik's dataset columns and grouping keys, declared once (simsuite/schema.py says how the
runner, the file metadata, the synthetic data and the reports use them)."""
from __future__ import annotations

import pyarrow as pa

from simsuite.schema import Column, GameSchema

# the score components, in the order of the core's COMPONENT_NAMES (ext/rurik/batch.pxi)
SCORE_COMPONENTS = ("score_rule", "score_build", "score_trade", "score_warfare", "score_agenda",
                    "score_deeds", "score_rebel_coins", "score_rebel_dock")

# What the base column provisional_share counts in a Rurik dataset (ext/rurik/batch.pxi
# provisional_units), per seat.
PROVISIONAL_SHARE_DOC = (
    "per seat: (VP from the Rule and Trade tracks, whose thresholds and boat columns are "
    "provisional, + VP of deeds whose VP is provisional + scheme cards played, the base deck's "
    "make-up being a guess) / (final VP + scheme cards played); the provisional map (every "
    "region's good and neighbours) shapes every game alike and is not counted")

SCHEMA = GameSchema(
    game="rurik",
    columns=(
        Column("leader", pa.string(), "the seat's leader (Sviatopolk for the solo Rebels)"),
        Column("difficulty", pa.int8(), "the Rebels' difficulty 1..4 in a solo game, else null"),
        Column("variants", pa.string(), "rulebook variants in play, comma-separated (empty: none)"),
        Column("score_rule", pa.int16(), "VP of the Rule claim track"),
        Column("score_build", pa.int16(), "VP of the Build claim track"),
        Column("score_trade", pa.int16(), "VP of the Trade claim track"),
        Column("score_warfare", pa.int16(), "VP of the warfare track (3 first, 1 second)"),
        Column("score_agenda", pa.int16(), "VP of the secret agenda (2 when met)"),
        Column("score_deeds", pa.int16(), "VP of the deeds accomplished"),
        Column("score_rebel_coins", pa.int16(), "solo Rebels: 1 VP per 3 coins, rounded up"),
        Column("score_rebel_dock", pa.int16(), "solo Rebels: 1 VP per 3 goods on the dock, rounded up"),
        Column("regions_ruled", pa.int8(), "regions ruled at the end (the first tie-breaker)"),
        Column("coins", pa.int16(), "coins at the end (the second tie-breaker)"),
        Column("goods", pa.int16(), "goods held at the end"),
        Column("structures", pa.int8(), "structures on the board at the end"),
        Column("deeds_done", pa.int8(), "deeds accomplished"),
        Column("cards_played", pa.int8(), "scheme cards played"),
        Column("rebels_defeated", pa.int8(), "rebels defeated (multiplayer rebels only)"),
    ),
    group_keys=("leader",),
    solo_keys=("difficulty",),
    variant_keys=("variants",),
    score_components=SCORE_COMPONENTS,
)
