"""Imperial Settlers' dataset columns and grouping keys, declared once (simsuite/schema.py
says how the runner, the file metadata, the synthetic data and the reports use them).

`provisional_share` (a base column) is, for this game, the share of the cards built or dealt
in the game (all seats) whose card entry is provisional (its effect is not fully known;
STATUS.md lists them); every row of a game carries the same value. A solo game also rests on
the attack cards, whose faces no source prints (`attack_cards_provisional`).
"""
from __future__ import annotations

import pyarrow as pa

from simsuite.schema import Column, GameSchema

SCORE_COMPONENTS = ("score_track", "score_common", "score_faction")

SCHEMA = GameSchema(
    game="imperial-settlers",
    columns=(
        Column("faction", pa.string(), "the seat's faction (barbarians, romans, egyptians, japanese)"),
        Column("solo_title", pa.string(),
               "solo: the achievement table's title for the score, 'lost' when the goal was missed; "
               "null in a multiplayer game"),
        Column("lookout", pa.string(), "lookout variant: normal, alternative (draft) or advanced"),
        Column("peaceful", pa.bool_(), "the peaceful variant is on"),
        Column("score_track", pa.int32(), "VP gained during the game (the scoring track)"),
        Column("score_common", pa.int32(), "end-game VP of the seat's common locations"),
        Column("score_faction", pa.int32(), "end-game VP of the seat's faction locations"),
        Column("common_locations", pa.int16(), "common locations in the empire at the end"),
        Column("faction_locations", pa.int16(), "faction locations in the empire at the end"),
        Column("deals", pa.int16(), "deals under the faction board at the end"),
        Column("tie_goods", pa.int16(), "workers and resources left (the first tie-breaker)"),
        Column("played", pa.int16(), "cards the seat built or dealt"),
        Column("played_provisional", pa.int16(), "of those, cards with a provisional entry"),
        Column("solo_won", pa.bool_(), "solo: more faction locations than the opponent's trophies"),
        Column("trophies", pa.int16(), "solo: the virtual opponent's trophies at the end"),
        Column("attack_cards_provisional", pa.bool_(),
               "solo: the attack cards' goods are a placeholder (no source prints them)"),
    ),
    group_keys=("faction",),
    solo_keys=("solo_title",),
    variant_keys=("lookout", "peaceful"),
    score_components=SCORE_COMPONENTS,
)
