"""Summary: the overview to run first.

Win rate (Wilson interval), expected rate and average score by faction, player mat (or
leader), faction/mat pair, seat for each player count, policy, solo difficulty and
expansion modules. Chart: faction x mat heat map, faction bars, seat bars.

    python reports/summary.py DATASET [--by-players] [--format md|csv|json] [--plot FILE.png]
"""
from __future__ import annotations

import polars as pl

from simsuite.reporting import Report, ReportResult, Table
from simsuite.reporting import analysis, views
from simsuite.reporting.tables import Col

# (table name, title, keys); the seat table is always split by player count.
GROUPINGS = [
    ("factions", "Win rate by faction", ["faction"]),
    ("mats", "Win rate by player mat (or leader)", ["mat"]),
    ("pairs", "Win rate by faction / mat pair", ["faction", "mat"]),
    ("seats", "Win rate by seat for each player count", ["n_players", "seat"]),
    ("policies", "Win rate by policy", ["policy"]),
    ("difficulty", "Win rate by solo difficulty (Automa seats and player seats apart)",
     ["difficulty", "is_bot_opponent"]),
    ("modules", "Win rate by expansion modules", ["modules"]),
]
STRENGTH = {"factions", "mats", "pairs"}  # sorted strongest first


def add_arguments(p):
    p.add_argument("--by-players", action="store_true",
                   help="split every table by player count (the seat table always is)")


def overview_table(ds) -> Table:
    ov = ds.overview.with_columns((pl.col("rows") // pl.col("n_players")).alias("games"))
    keys = [k for k in ("game", "scenario", "n_players") if k in ov.columns]
    cols = views.key_cols(keys) + [Col("games", "games", "int"), Col("rows", "rows (seats)", "int")]
    if "shared_wins" in ov.columns:
        cols.append(Col("shared_wins", "shared-win rows", "int"))
    return Table("overview", "Dataset", ov.select(keys + [c.name for c in cols[len(keys):]]), cols)


def build(ds, args) -> ReportResult:
    res = ReportResult("summary", "Summary: win rates and scores")
    res.tables.append(overview_table(ds))
    frames = {}
    for name, title, keys in GROUPINGS:
        missing = [k for k in keys if not ds.has(k)]
        if missing:
            res.notes.append(f"No {name} table: the dataset has no column {', '.join(missing)}.")
            continue
        if analysis.group_counts(ds, keys, report="summary")[keys[0]].null_count() == \
                analysis.group_counts(ds, keys, report="summary").height:
            res.notes.append(f"No {name} table: every row has no {keys[0]} (not used in these games).")
            continue
        if args.by_players and "n_players" not in keys:
            keys = ["n_players"] + keys
        frame = analysis.win_rates(ds, keys, args.confidence, report="summary")
        if name in STRENGTH:
            frame = frame.sort(pl.col("win_rate") - pl.col("expected"), descending=True, nulls_last=True)
        elif name == "seats":
            frame = frame.sort(["n_players", "seat"])
        else:
            frame = frame.sort("games", descending=True)
        frames[name] = frame
        res.tables.append(views.win_table(name, title, frame, keys, confidence=args.confidence))
    res.notes += views.win_notes(args.confidence) + views.dataset_notes(ds)
    if "pairs" in frames:
        pairs = analysis.win_rates(ds, ["faction", "mat"], args.confidence, report="summary")
        center = float((pairs["expected"] * pairs["games"]).sum() / pairs["games"].sum())
        res.charts.append(views.heatmap_chart(
            "heatmap", f"Win rate by faction x mat (equal strength: {center:.3f})", pairs, center=center))
    if "factions" in frames:
        f = analysis.win_rates(ds, ["faction"], args.confidence, report="summary").sort("faction")
        res.charts.append(views.rate_bars("factions", "Win rate by faction (dashed: expected)", f, "faction"))
    if "seats" in frames:
        res.charts.append(views.seat_bars("seats", "Win rate by seat", frames["seats"]))
    return res


REPORT = Report("summary", "Summary", "win rate and average score by faction, mat, pair, seat, "
                "policy, difficulty and modules (run this first)", build, add_arguments)

if __name__ == "__main__":
    raise SystemExit(REPORT.main())
