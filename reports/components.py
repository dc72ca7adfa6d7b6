"""Score components: where each group's points come from.

Mean of every score component the game declares (simsuite/schema.py, `score_components`;
Scythe: coins on hand, stars, territories, resources, structure bonus) by each of the game's
group keys, and for winners against the others, with the mean total and its t-interval.
Chart: stacked bars of the components, per group key.

    python reports/components.py DATASET [--by-players] [--format md|csv|json] [--plot FILE.png]
"""
from __future__ import annotations

import numpy as np
import polars as pl

from simsuite.errors import UserError
from simsuite.reporting import Chart, Col, Report, ReportResult, Table
from simsuite.reporting import stats, views
from simsuite.reporting.dataset import collect

def add_arguments(p):
    p.add_argument("--by-players", action="store_true", help="split the tables by player count")


def component_columns(ds):
    if not ds.score_components:
        raise UserError(f"dataset {ds.path} declares no score components; its game does not record "
                        "its score parts, so the components report cannot run")
    return list(ds.score_components)


def label(column: str) -> str:
    """A component's header: its column name without the score_ prefix."""
    return views.header(column.removeprefix("score_"))


def component_cube(ds, comps):
    """Sums of the score and its parts per (player count, group keys, winner): one scan."""
    key = ("components", tuple(comps))
    if key not in ds.cache:
        keys = [k for k in ("n_players", *ds.group_keys, "winner") if ds.has(k)]
        score = pl.col("score").cast(pl.Int64)
        parts = [pl.col(c).cast(pl.Int64) for c in comps]
        aggs = [pl.len().cast(pl.Int64).alias("games"),
                score.count().cast(pl.Int64).alias("_n"), score.sum().alias("_s"),
                (score * score).sum().alias("_q"),
                (score - pl.sum_horizontal(parts) != 0).cast(pl.Int64).sum().alias("_mismatch")]
        aggs += [p.count().cast(pl.Int64).alias(f"_n_{c}") for p, c in zip(parts, comps)]
        aggs += [p.sum().alias(f"_s_{c}") for p, c in zip(parts, comps)]
        ds.cache[key] = collect(ds.scan().group_by(keys).agg(aggs))
    return ds.cache[key]


def component_table(ds, keys, comps, confidence):
    sums = ["games", "_n", "_s", "_q", "_mismatch"] + [f"_n_{c}" for c in comps] + [f"_s_{c}" for c in comps]
    frame = component_cube(ds, comps).group_by(keys).agg([pl.col(c).sum() for c in sums])
    frame = frame.sort(keys, nulls_last=True)
    n = frame["_n"].to_numpy().astype(float)
    s = frame["_s"].to_numpy().astype(float)
    q = frame["_q"].to_numpy().astype(float)
    with np.errstate(divide="ignore", invalid="ignore"):
        mean = np.where(n > 0, s / n, np.nan)
        var = np.where(n > 1, (q - s * s / np.where(n > 0, n, 1)) / (n - 1), np.nan)
    ci = [stats.mean_interval(m, v, int(k), confidence) for m, v, k in zip(mean, var, n)]
    means = [(pl.col(f"_s_{c}") / pl.col(f"_n_{c}")).alias(c) for c in comps]
    return frame.with_columns(means).with_columns(
        pl.Series("avg_score", mean),
        pl.Series("score_low", [c[0] for c in ci], dtype=pl.Float64),
        pl.Series("score_high", [c[1] for c in ci], dtype=pl.Float64),
    )


def as_table(name, title, frame, keys, comps, confidence):
    cols = views.key_cols(keys) + [Col("games", "games", "int"), Col("avg_score", "avg score", "num1"),
                                   Col(("score_low", "score_high"), views.ci_header(confidence), "interval1")]
    cols += [Col(c, label(c), "num1") for c in comps]
    out = frame.select(keys + ["games", "avg_score", "score_low", "score_high"] + comps)
    return Table(name, title, out, cols)


def stacked_chart(name, title, frame, key_fn, comps):
    labels = [key_fn(r) for r in frame.iter_rows(named=True)]
    parts = {label(c): frame[c].to_numpy() for c in comps}

    def draw(ax):
        from simsuite.reporting import plots

        plots.stacked_bars(ax, labels, parts)

    return Chart(name, title, draw, width=7.5, height=max(3.0, 0.3 * len(labels) + 1.5))


def build(ds, args) -> ReportResult:
    ds.require(["score"], "components")
    comps = component_columns(ds)
    res = ReportResult("components", "Score components")
    split = ["n_players"] if args.by_players else []
    groups = [(k, f"Mean score parts by {views.header(k)}", [k]) for k in ds.group_keys]
    groups.append(("winners", "Mean score parts of winners and the others", ["winner"]))
    frames = {}
    for name, title, keys in groups:
        keys = split + keys
        frame = component_table(ds, keys, comps, args.confidence)
        if name != "winners":
            frame = frame.sort("avg_score", descending=True, nulls_last=True)
            frames[name] = (frame, keys)
        res.tables.append(as_table(name, title, frame, keys, comps, args.confidence))
    mismatched = int(component_cube(ds, comps)["_mismatch"].sum())
    if mismatched:
        res.notes.append(f"{mismatched} rows have components that do not add up to the score "
                         "(the dataset is inconsistent, or this game scores other parts too).")
    res.notes.append("Each column is the mean points from that part of the final score; avg score "
                     f"carries a Student t-interval at {args.confidence * 100:g}%.")
    res.notes += views.dataset_notes(ds)
    for name, (frame, keys) in frames.items():
        res.charts.append(stacked_chart(name, f"Mean score parts by {views.header(name)}", frame,
                                        lambda r, keys=keys: " ".join(str(r[k]) for k in keys), comps))
    return res


REPORT = Report("components", "Score components", "mean score parts (the game's declared score "
                "components) by each of its group keys, and of winners against the others", build,
                add_arguments)

if __name__ == "__main__":
    raise SystemExit(REPORT.main())
