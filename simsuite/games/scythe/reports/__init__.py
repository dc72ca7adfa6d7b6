"""Scythe's own reports, and its synthetic dataset design.

The report registry (simsuite/reporting/registry.py) finds the scripts in this folder by
their file names, without importing this package: `banned_pairs.py` is `simsuite report
banned-pairs`, and so on. `SYNTHETIC` is how synthetic Scythe datasets are dealt
(simsuite.reporting.synthetic; the report tests and `simsuite bench --workload reports-10m`).
"""
from __future__ import annotations

from simsuite.games.scythe.schema import SCHEMA
from simsuite.reporting.synthetic import Design, Effects

# Base-game factions and player mats (reference/scythe/factions.md, player-mats.md).
FACTIONS = ("nordic", "rusviet", "polania", "crimea", "saxony")
MATS = ("industrial", "engineering", "patriotic", "mechanical", "agricultural")
# Rulebook 000 "ВИБІР НАЦІЇ" (digest scythe-base.md §5 step 6): forbidden combinations; a
# dealt banned pair discards the mat and draws another.
BANNED_PAIRS = (("rusviet", "industrial"), ("crimea", "patriotic"))

SYNTHETIC = Design(
    schema=SCHEMA,
    values={"faction": FACTIONS, "mat": MATS},
    derive={"pair": lambda cols: cols["faction"] + "+" + cols["mat"]},
    banned={("faction", "mat"): BANNED_PAIRS},
    # a few pairs, a seat and a faction stronger than the rest (points of final score)
    effects=Effects(by={"faction": {"crimea": 2.0, "polania": -1.5}, "seat": {0: 1.5}},
                    combos={("faction", "mat"): {("rusviet", "industrial"): 6.0,
                                                 ("crimea", "patriotic"): 4.0}}),
    variants={"modules": ("",)},
    players=(2, 3, 4, 5),
)
