"""Handmade datasets whose figures the report tests work out by hand (shared by the
fixtures in conftest.py and the tests; a uniquely named module, so no clash with other
conftest.py files)."""
from __future__ import annotations

import math
from pathlib import Path

from simsuite.games.scythe.schema import SCHEMA as SCYTHE  # noqa: F401  (the fixtures' declaration)

REPO = Path(__file__).resolve().parents[2]

# Eight 2-player games. (game, seat, faction, mat, score, winner, tied, shared_win)
#  g3: a tie on score broken by the tie-breakers (crimea wins, nobody shares);
#  g4: a tie that survives every tie-breaker (both seats win, shared);
#  polania plays one game and loses (a one-game group, zero wins);
#  saxony plays two games and loses both (a zero-win group).
GAMES_2P = [
    (0, 0, "crimea", "industrial", 50, True, False, False),
    (0, 1, "nordic", "patriotic", 40, False, False, False),
    (1, 0, "nordic", "industrial", 45, True, False, False),
    (1, 1, "crimea", "patriotic", 30, False, False, False),
    (2, 0, "crimea", "patriotic", 60, True, False, False),
    (2, 1, "nordic", "industrial", 35, False, False, False),
    (3, 0, "nordic", "patriotic", 42, False, True, False),
    (3, 1, "crimea", "industrial", 42, True, True, False),
    (4, 0, "crimea", "industrial", 38, True, True, True),
    (4, 1, "nordic", "patriotic", 38, True, True, True),
    (5, 0, "polania", "industrial", 20, False, False, False),
    (5, 1, "crimea", "patriotic", 55, True, False, False),
    (6, 0, "saxony", "patriotic", 30, False, False, False),
    (6, 1, "crimea", "industrial", 50, True, False, False),
    (7, 0, "nordic", "industrial", 47, True, False, False),
    (7, 1, "saxony", "patriotic", 33, False, False, False),
]
FIELDS = ("game_index", "seat", "faction", "mat", "score", "winner", "tied", "shared_win")


def rows_2p():
    out = []
    for g in GAMES_2P:
        row = dict(zip(FIELDS, g))
        row["rank"] = 1 if row["winner"] else 2
        row["pair"] = f"{row['faction']}+{row['mat']}"
        # components: coins carry the rest so that they add up to the score
        row.update(score_stars=6, score_territories=9, score_resources=2, score_structure_bonus=3,
                   score_coins=row["score"] - 20)
        out.append(row)
    return out


def rows_mixed():
    rows = [dict(zip(("game_index", "seat", "faction", "mat", "score", "winner"), g)) for g in GAMES_MIXED]
    return [{**r, "pair": f"{r['faction']}+{r['mat']}"} for r in rows]


# 2- and 3-player games without shared wins (for pooled rows and seat tests).
#   (game, seat, faction, mat, score, winner)
GAMES_MIXED = [
    (0, 0, "crimea", "industrial", 50, True), (0, 1, "nordic", "patriotic", 40, False),
    (1, 0, "nordic", "industrial", 45, True), (1, 1, "crimea", "patriotic", 30, False),
    (2, 0, "crimea", "patriotic", 60, True), (2, 1, "nordic", "industrial", 35, False),
    (3, 0, "nordic", "patriotic", 44, False), (3, 1, "crimea", "industrial", 46, True),
    (10, 0, "crimea", "industrial", 70, True), (10, 1, "nordic", "patriotic", 50, False),
    (10, 2, "saxony", "engineering", 40, False),
    (11, 0, "saxony", "industrial", 41, False), (11, 1, "crimea", "patriotic", 39, False),
    (11, 2, "nordic", "engineering", 52, True),
    (12, 0, "nordic", "industrial", 35, False), (12, 1, "saxony", "patriotic", 55, True),
    (12, 2, "crimea", "engineering", 45, False),
]


def wilson_by_hand(k, n, z=1.959963984540054):
    """Wilson score interval written out from its definition (Wilson 1927)."""
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return centre - half, centre + half
