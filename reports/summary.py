"""Summary: the overview to run first, on any game's dataset.

Win rate (Wilson interval), expected rate and average score by each of the game's group keys
(what a seat plays as: Scythe's faction, mat and pair, Rurik's leader), by seat for each
player count, by policy, by the game's solo and variant keys when it declares them
(simsuite/schema.py), and by the first group key under each variant (e.g. each faction under
each Wind Gambit airship pair and resolution). Charts: a heat map of the first two group keys (when the game has two),
bars of the first group key, seat bars.

    python reports/summary.py DATASET [--by-players] [--format md|csv|json] [--plot FILE.png]
"""
from __future__ import annotations

from typing import List, Tuple

import polars as pl

from simsuite.reporting import Report, ReportResult, Table
from simsuite.reporting import analysis, views
from simsuite.reporting.tables import Col


def add_arguments(p):
    p.add_argument("--by-players", action="store_true",
                   help="split every table by player count (the seat table always is)")


def groupings(ds) -> List[Tuple[str, str, List[str], bool]]:
    """(table name, title, keys, sorted by strength) of every table the dataset can have."""
    out = [(k, f"Win rate by {views.header(k)}", [k], True) for k in ds.group_keys]
    out.append(("seat", "Win rate by seat for each player count", ["n_players", "seat"], False))
    out.append(("policy", "Win rate by policy", ["policy"], False))
    out += [(k, f"Win rate by {views.header(k)} (solo opponent seats and player seats apart)",
             [k, "is_bot_opponent"], False) for k in ds.solo_keys]
    out += [(k, f"Win rate by {views.header(k)}", [k], False) for k in ds.variant_keys]
    # how the first group key fares under each variant (e.g. each faction under each airship pair)
    out += [(f"{g}-by-{k}", f"Win rate by {views.header(g)} under each {views.header(k)}", [k, g], False)
            for k in ds.variant_keys for g in ds.group_keys[:1]]
    return out


def overview_table(ds) -> Table:
    ov = ds.overview.with_columns((pl.col("rows") // pl.col("n_players")).alias("games"))
    keys = [k for k in ("game", "scenario", "n_players") if k in ov.columns]
    cols = views.key_cols(keys) + [Col("games", "games", "int"), Col("rows", "rows (seats)", "int")]
    if "shared_wins" in ov.columns:
        cols.append(Col("shared_wins", "shared-win rows", "int"))
    return Table("overview", "Dataset", ov.select(keys + [c.name for c in cols[len(keys):]]), cols)


def key_notes(ds) -> List[str]:
    """What the game's keys mean (from its declaration)."""
    keys = ds.group_keys + ds.solo_keys + ds.variant_keys
    if not keys:
        return []
    games = ", ".join(ds.games)
    return [f"Keys declared by {games}: " + "; ".join(f"{k}: {ds.docs.get(k, k)}" for k in keys) + "."]


def build(ds, args) -> ReportResult:
    res = ReportResult("summary", "Summary: win rates and scores")
    res.tables.append(overview_table(ds))
    frames = {}
    for name, title, keys, by_strength in groupings(ds):
        missing = [k for k in keys if not ds.has(k)]
        if missing:
            res.notes.append(f"No {name} table: the dataset has no column {', '.join(missing)}.")
            continue
        counts = analysis.group_counts(ds, keys, report="summary")
        if counts[keys[0]].null_count() == counts.height:
            res.notes.append(f"No {name} table: every row has no {keys[0]} (not used in these games).")
            continue
        if len(keys) > 1 and keys[0] in ds.variant_keys and counts[keys[0]].n_unique() == 1:
            # one variant in the whole dataset: the split would only repeat the table above it
            res.notes.append(f"No {name} table: every game has the same {views.header(keys[0])}.")
            continue
        if args.by_players and "n_players" not in keys:
            keys = ["n_players"] + keys
        frame = analysis.win_rates(ds, keys, args.confidence, report="summary")
        if by_strength:
            frame = frame.sort(pl.col("win_rate") - pl.col("expected"), descending=True, nulls_last=True)
        elif name == "seat":
            frame = frame.sort(["n_players", "seat"])
        else:
            frame = frame.sort("games", descending=True)
        frames[name] = frame
        res.tables.append(views.win_table(name, title, frame, keys, confidence=args.confidence,
                                          variants=ds.variant_keys))
    res.notes += (key_notes(ds) + views.win_notes(args.confidence) + views.dataset_notes(ds))
    shown = [k for k in ds.group_keys if k in frames]
    if len(shown) >= 2:
        row, col = shown[:2]
        cells = analysis.win_rates(ds, [row, col], args.confidence, report="summary")
        center = float((cells["expected"] * cells["games"]).sum() / cells["games"].sum())
        res.charts.append(views.heatmap_chart(
            "heatmap", f"Win rate by {views.header(row)} x {views.header(col)} "
            f"(equal strength: {center:.3f})", cells, row, col, center=center))
    if shown:
        first = shown[0]
        bars = analysis.win_rates(ds, [first], args.confidence, report="summary").sort(first)
        res.charts.append(views.rate_bars(first, f"Win rate by {views.header(first)} (dashed: expected)",
                                          bars, first))
    if "seat" in frames:
        res.charts.append(views.seat_bars("seats", "Win rate by seat", frames["seat"]))
    return res


REPORT = Report("summary", "Summary", "win rate and average score by each of the game's keys (what a "
                "seat plays as), seat, policy, solo and variant keys (run this first)", build, add_arguments)

if __name__ == "__main__":
    raise SystemExit(REPORT.main())
