"""Balance: are the factions, mats and pairs equally strong?

For each grouping: a chi-square test of "every group wins equally often" for each player
count and pooled (the game-aware test, and Pearson's for reference), then every group
against its field with a win-rate difference, exact test, multiple-comparison correction
and score margin. Chart: each pair's and faction's difference from the field.

    python reports/balance.py DATASET [--groupings faction,mat,pair] [--correction holm|bh]
"""
from __future__ import annotations

import polars as pl

from simsuite.errors import UserError
from simsuite.reporting import Report, ReportResult
from simsuite.reporting import analysis, views

GROUPINGS = {
    "faction": ["faction"],
    "mat": ["mat"],
    "pair": ["faction", "mat"],
    "policy": ["policy"],
    "modules": ["modules"],
}


def add_arguments(p):
    p.add_argument("--groupings", default="faction,mat,pair",
                   help=f"comma-separated, from {', '.join(GROUPINGS)} (default faction,mat,pair)")


def parse_groupings(text: str):
    names = [t.strip() for t in text.split(",") if t.strip()]
    bad = [n for n in names if n not in GROUPINGS]
    if bad or not names:
        raise UserError(f"--groupings {text!r}: unknown {', '.join(bad) or 'empty list'}; "
                        f"choose from {', '.join(GROUPINGS)}")
    return names


def sort_by_strength(frame: pl.DataFrame) -> pl.DataFrame:
    """Player counts in order ('all' last), strongest group first within each."""
    return frame.sort([analysis.players_order(), pl.col("diff")], descending=[False, True], nulls_last=True)


def build(ds, args) -> ReportResult:
    names = parse_groupings(args.groupings)
    res = ReportResult("balance", "Balance: equality tests and each group against the field")
    fields = {}
    usable = {}
    for name in names:
        keys = GROUPINGS[name]
        missing = [k for k in keys if not ds.has(k)]
        if missing:
            res.notes.append(f"No {name} analysis: the dataset has no column {', '.join(missing)}.")
            continue
        counts = analysis.group_counts(ds, keys, report="balance")
        if counts[keys[0]].null_count() == counts.height:
            res.notes.append(f"No {name} analysis: every row has no {keys[0]} (not used in these games).")
            continue
        usable[name] = keys
        fields[name] = sort_by_strength(analysis.versus_field(ds, keys, args.confidence, args.correction,
                                                              report="balance"))
    tested = analysis.equality_tests_many(ds, usable, report="balance") if usable else {}
    tests = [t.with_columns(pl.lit(name).alias("grouping")).select(["grouping"] + t.columns)
             for name, t in tested.items()]
    if not tests:
        raise UserError(f"dataset {ds.path} has no {', '.join(names)} to compare; choose other "
                        f"--groupings (from {', '.join(GROUPINGS)})")
    res.tables.append(views.tests_table(
        "tests", "Are all groups equally strong? (chi-square over wins and losses)",
        pl.concat(tests, how="vertical_relaxed")))
    for name, frame in fields.items():
        res.tables.append(views.field_table(f"{name}_vs_field", f"Each {name} against the field", frame,
                                            GROUPINGS[name], confidence=args.confidence))
    res.notes += [
        "chi2 (game-aware): H0 every group wins at its player count's rate, using the exact "
        "covariance of win counts of groups that met in the same game; trust this one. "
        "chi2 (Pearson): the classic wins/losses contingency test, which assumes independent "
        "rows and overstates the evidence when groups meet in the same games (shown for reference).",
        "'all' rows pool player counts (the sum of each group's excess wins over its expected).",
    ] + views.field_notes(args.correction) + views.win_notes(args.confidence)[:1] + views.dataset_notes(ds)
    if "pair" in fields:
        top = views.headline(fields["pair"]).with_columns(views.pair_label().alias("label"))
        res.charts.append(views.forest_chart("pairs", "Pairs: win rate minus the field's", top, "label",
                                             highlight=[f"{f}+{m}" for f, m in views.banned_pairs()]))
    for name in ("faction", "mat"):
        if name in fields:
            top = views.headline(fields[name])
            res.charts.append(views.forest_chart(name + "s", f"{name.capitalize()}s: win rate minus the field's",
                                                 top, name))
    return res


REPORT = Report("balance", "Balance", "chi-square tests of equal strength and each faction, mat and "
                "pair against the field (corrected for multiple comparisons)", build, add_arguments)

if __name__ == "__main__":
    raise SystemExit(REPORT.main())
