"""Seat order: how much does moving first (or last) matter?

Win rate by seat (0 = first in turn order) for each player count, with its interval, its
difference from the other seats, an exact test and score margin; and for each player
count a test that every seat wins equally often (the game-aware chi-square, which for
seats is the multinomial goodness-of-fit test of who won each game). Chart: win rate by
seat, grouped by player count.

    python reports/seats.py DATASET [--format md|csv|json] [--plot FILE.png]
"""
from __future__ import annotations

import polars as pl

from simsuite.reporting import Report, ReportResult
from simsuite.reporting import analysis, views


def build(ds, args) -> ReportResult:
    ds.require(["seat", "n_players", "game_index"], "seats")
    res = ReportResult("seats", "Seat order")
    field = analysis.versus_field(ds, ["seat"], args.confidence, args.correction, pooled=False,
                                  report="seats")
    res.tables.append(views.field_table("seats", "Win rate by seat for each player count", field, ["seat"],
                                        confidence=args.confidence))
    # seats are compared within a player count: seat 2 is last of 3 but middle of 5
    tests = analysis.equality_tests(ds, ["seat"], report="seats").filter(pl.col("players") != analysis.ALL)
    res.tables.append(views.tests_table("tests", "Do all seats win equally often?", tests))
    res.notes += [
        "Seat 0 moves first. Where a game's setup decides who starts from what a seat plays as, "
        "seat effects and those groups' effects are linked.",
        "chi2 (game-aware) for seats is the multinomial goodness-of-fit test of which seat won "
        "each game; chi2 (Pearson) treats seats of one game as independent and overstates the "
        "evidence (by a factor 2 in 2-player games).",
    ] + views.field_notes(args.correction) + views.win_notes(args.confidence) + views.dataset_notes(ds)
    rates = analysis.win_rates(ds, ["n_players", "seat"], args.confidence, report="seats")
    res.charts.append(views.seat_bars("seats", "Win rate by seat (dashed: expected)",
                                      rates.sort(["n_players", "seat"])))
    return res


REPORT = Report("seats", "Seat order", "win rate by seat for each player count, with tests of "
                "equal seats", build)

if __name__ == "__main__":
    raise SystemExit(REPORT.main())
