"""Balance: is each of the game's groups (what a seat plays as) equally strong?

The groupings are the game's declared group keys (simsuite/schema.py: Scythe's faction, mat
and pair, Rurik's leader), or those chosen with --groupings among them, policy and the
game's variant keys. For each grouping: a chi-square test of "every group wins equally often" for each player
count and pooled (the game-aware test, and Pearson's for reference), then every group
against its field with a win-rate difference, exact test, multiple-comparison correction
and score margin. Chart: each group's difference from the field, per grouping.

    python reports/balance.py DATASET [--groupings KEY,KEY] [--correction holm|bh]
"""
from __future__ import annotations

import polars as pl

from simsuite.errors import UserError
from simsuite.reporting import Report, ReportResult
from simsuite.reporting import analysis, views


def add_arguments(p):
    p.add_argument("--groupings", default=None,
                   help="comma-separated columns to compare, among the game's group keys, policy and "
                        "its variant keys (default: the group keys)")


def choices(ds) -> list:
    return list(dict.fromkeys(ds.group_keys + ("policy",) + ds.variant_keys))


def parse_groupings(text, ds):
    known = choices(ds)
    if text is None:
        if not ds.group_keys:
            raise UserError(f"dataset {ds.path} declares no group keys (what a seat plays as) to "
                            f"compare; choose --groupings from {', '.join(known)}")
        return list(ds.group_keys)
    names = [t.strip() for t in text.split(",") if t.strip()]
    bad = [n for n in names if n not in known]
    if bad or not names:
        raise UserError(f"--groupings {text!r}: unknown {', '.join(bad) or 'empty list'}; "
                        f"choose from {', '.join(known)}")
    return names


def sort_by_strength(frame: pl.DataFrame) -> pl.DataFrame:
    """Player counts in order ('all' last), strongest group first within each."""
    return frame.sort([analysis.players_order(), pl.col("diff")], descending=[False, True], nulls_last=True)


def build(ds, args) -> ReportResult:
    names = parse_groupings(args.groupings, ds)
    res = ReportResult("balance", "Balance: equality tests and each group against the field")
    fields = {}
    usable = {}
    for name in names:
        if not ds.has(name):
            res.notes.append(f"No {name} analysis: the dataset has no column {name}.")
            continue
        counts = analysis.group_counts(ds, [name], report="balance")
        if counts[name].null_count() == counts.height:
            res.notes.append(f"No {name} analysis: every row has no {name} (not used in these games).")
            continue
        usable[name] = [name]
        fields[name] = sort_by_strength(analysis.versus_field(ds, [name], args.confidence, args.correction,
                                                              report="balance"))
    tested = analysis.equality_tests_many(ds, usable, report="balance") if usable else {}
    tests = [t.with_columns(pl.lit(name).alias("grouping")).select(["grouping"] + t.columns)
             for name, t in tested.items()]
    if not tests:
        raise UserError(f"dataset {ds.path} has no {', '.join(names)} to compare; choose other "
                        f"--groupings (from {', '.join(choices(ds))})")
    res.tables.append(views.tests_table(
        "tests", "Are all groups equally strong? (chi-square over wins and losses)",
        pl.concat(tests, how="vertical_relaxed")))
    for name, frame in fields.items():
        res.tables.append(views.field_table(f"{name}_vs_field",
                                            f"Each {views.header(name)} against the field", frame,
                                            [name], confidence=args.confidence, variants=ds.variant_keys))
    res.notes += [
        "chi2 (game-aware): H0 every group wins at its player count's rate, using the exact "
        "covariance of win counts of groups that met in the same game; trust this one. "
        "chi2 (Pearson): the classic wins/losses contingency test, which assumes independent "
        "rows and overstates the evidence when groups meet in the same games (shown for reference).",
        "'all' rows pool player counts (the sum of each group's excess wins over its expected).",
    ] + views.field_notes(args.correction) + views.win_notes(args.confidence)[:1] + views.dataset_notes(ds)
    for name, frame in fields.items():
        res.charts.append(views.forest_chart(name, f"{views.header(name).capitalize()}: win rate minus "
                                             "the field's", views.headline(frame), name))
    return res


REPORT = Report("balance", "Balance", "chi-square tests of equal strength and each group of the game's "
                "keys against the field (corrected for multiple comparisons)", build, add_arguments)

if __name__ == "__main__":
    raise SystemExit(REPORT.main())
