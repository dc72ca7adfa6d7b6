"""The Automa (Scythe's solo opponent): how often it wins, by difficulty and match-up.

Reads a solo dataset (one human seat against the Automa, e.g. scenarios/scythe/automa-levels.toml)
and shows the Automa's win rate with its Wilson interval, the average scores of both sides,
the average margin (Automa minus human, with a t-interval) and the average game length, by
difficulty, and by difficulty crossed with the Automa's faction, the human's faction, the
human's player mat and the human's policy. Chart: the Automa's win rate by difficulty for
each human policy.

    simsuite report automa DATASET [--format md|csv|json] [--plot FILE.png]

A game's result is read from its two rows: the Automa's row (is_bot_opponent) gives the win
(rank 1 after the solo tie-breaks; a shared win counts for both sides and is shown apart) and
the difficulty; the human's row gives the human's faction, mat and policy.
"""
from __future__ import annotations

from typing import List, Sequence

import numpy as np
import polars as pl

from simsuite.errors import UserError
from simsuite.reporting import Chart, Col, Report, ReportResult, Table
from simsuite.reporting import stats, views
from simsuite.reporting.dataset import collect

NEEDED = ("game_index", "seat", "faction", "mat", "policy", "is_bot_opponent", "difficulty",
          "score", "winner", "game_turns")
LEVEL_ORDER = ("autometta", "automa", "automaszyna", "ultimaszyna")
HEADERS = {"difficulty": "difficulty", "automa_faction": "Automa faction",
           "human_faction": "human faction", "human_mat": "human mat", "human_policy": "human policy"}
SUMS = ("games", "automa_wins", "shared_wins", "automa_score", "human_score", "margin", "margin_sq",
        "turns")


def game_rows(ds, report: str = "automa") -> pl.LazyFrame:
    """One row per solo game: the Automa's row joined with the human's."""
    ds.require(NEEDED, report)
    game = [k for k in ("game", "scenario") if ds.has(k)] + ["game_index"]
    lf = ds.scan()
    bot = lf.filter(pl.col("is_bot_opponent")).select(
        game + [pl.col("difficulty"), pl.col("faction").alias("automa_faction"),
                pl.col("winner").cast(pl.Int64).alias("automa_win"),
                (pl.col("shared_win").cast(pl.Int64) if ds.has("shared_win") else pl.lit(0, pl.Int64))
                .alias("shared"),
                pl.col("score").cast(pl.Int64).alias("automa_score"),
                pl.col("game_turns").cast(pl.Int64).alias("turns")])
    human = lf.filter(~pl.col("is_bot_opponent")).select(
        game + [pl.col("faction").alias("human_faction"), pl.col("mat").alias("human_mat"),
                pl.col("policy").alias("human_policy"),
                pl.col("score").cast(pl.Int64).alias("human_score")])
    return bot.join(human, on=game, how="inner").with_columns(
        (pl.col("automa_score") - pl.col("human_score")).alias("margin"))


def group_sums(ds, keys: Sequence[str], report: str = "automa") -> pl.DataFrame:
    """Per group of games: counts and sums (cached per key set)."""
    cache = ("automa-groups", tuple(keys))
    if cache not in ds.cache:
        lf = game_rows(ds, report)
        frame = collect(lf.group_by(list(keys)).agg([
            pl.len().cast(pl.Int64).alias("games"),
            pl.col("automa_win").sum().alias("automa_wins"),
            pl.col("shared").sum().alias("shared_wins"),
            pl.col("automa_score").sum().alias("automa_score"),
            pl.col("human_score").sum().alias("human_score"),
            pl.col("margin").sum().alias("margin"),
            (pl.col("margin") * pl.col("margin")).sum().alias("margin_sq"),
            pl.col("turns").sum().alias("turns"),
        ]), ds.path)
        if frame.height == 0:
            raise UserError(f"dataset {ds.path} has no solo games (no row with is_bot_opponent = true); "
                            "run a solo scenario such as scenarios/scythe/automa-levels.toml")
        ds.cache[cache] = sort_levels(frame, keys)
    return ds.cache[cache]


def sort_levels(frame: pl.DataFrame, keys: Sequence[str]) -> pl.DataFrame:
    """Difficulty in the rulebook's order (easiest first), other keys alphabetically."""
    if "difficulty" not in keys:
        return frame.sort(list(keys), nulls_last=True)
    order = {lv: i for i, lv in enumerate(LEVEL_ORDER)}
    rank = pl.col("difficulty").replace_strict(order, default=len(order), return_dtype=pl.Int64)
    rest = [k for k in keys if k != "difficulty"]
    return frame.with_columns(rank.alias("_lv")).sort(["_lv", "difficulty"] + rest, nulls_last=True).drop("_lv")


def rates(frame: pl.DataFrame, confidence: float) -> pl.DataFrame:
    """Win rate, Wilson interval, average scores, margin with a t-interval, game length."""
    n = frame["games"].to_numpy().astype(np.float64)
    k = frame["automa_wins"].to_numpy()
    lo, hi = stats.wilson_arrays(k, n, confidence)
    msum = frame["margin"].to_numpy().astype(np.float64)
    msq = frame["margin_sq"].to_numpy().astype(np.float64)
    mean = msum / n
    var = np.where(n > 1, (msq - msum * msum / n) / np.maximum(n - 1, 1), np.nan)
    mlo, mhi = zip(*(stats.mean_interval(m, v, int(c), confidence) for m, v, c in zip(mean, var, n))) \
        if len(n) else ((), ())
    return frame.with_columns(
        pl.Series("win_rate", k / n), pl.Series("ci_low", lo), pl.Series("ci_high", hi),
        pl.Series("avg_automa", frame["automa_score"].to_numpy() / n),
        pl.Series("avg_human", frame["human_score"].to_numpy() / n),
        pl.Series("avg_margin", mean), pl.Series("margin_low", np.array(mlo, dtype=float)),
        pl.Series("margin_high", np.array(mhi, dtype=float)),
        pl.Series("avg_turns", frame["turns"].to_numpy() / n),
    )


def table(name: str, title: str, frame: pl.DataFrame, keys: Sequence[str], confidence: float) -> Table:
    ci = views.ci_header(confidence)
    cols = [Col(k, HEADERS.get(k, k), "text") for k in keys] + [
        Col("games", "games", "int"), Col("automa_wins", "Automa wins", "int"),
        Col("shared_wins", "shared", "int"), Col("win_rate", "Automa win rate", "rate"),
        Col(("ci_low", "ci_high"), ci, "interval"), Col("avg_automa", "avg Automa score", "num1"),
        Col("avg_human", "avg human score", "num1"), Col("avg_margin", "avg margin", "num1"),
        Col(("margin_low", "margin_high"), "margin " + ci, "interval1"),
        Col("avg_turns", "avg turns", "num1"),
    ]
    return Table(name, title, frame, cols)


def level_chart(frame: pl.DataFrame) -> Chart:
    """The Automa's win rate by difficulty, one bar series per human policy."""
    levels = [lv for lv in LEVEL_ORDER if lv in frame["difficulty"].to_list()] + sorted(
        {lv for lv in frame["difficulty"].to_list() if lv not in LEVEL_ORDER and lv is not None})
    series = {}
    for pol in sorted({p for p in frame["human_policy"].to_list() if p is not None}):
        vals = []
        for lv in levels:
            part = frame.filter((pl.col("difficulty") == lv) & (pl.col("human_policy") == pol))
            vals.append(part.select("win_rate", "ci_low", "ci_high").row(0) if part.height else (np.nan,) * 3)
        arr = np.array(vals, dtype=float)
        series[f"vs {pol}"] = (arr[:, 0], arr[:, 1], arr[:, 2])

    def draw(ax):
        from simsuite.reporting import plots

        plots.grouped_bars(ax, levels, series, [np.nan] * len(levels), xlabel="difficulty",
                           ylabel="Automa win rate")
        ax.set_ylim(0, 1.18)                      # room for the legend above the bars
        ax.set_yticks([0.0, 0.2, 0.4, 0.6, 0.8, 1.0])
        ax.legend(fontsize=8, ncol=min(4, len(series)), loc="upper left")

    return Chart("levels", "Automa win rate by difficulty and human policy", draw,
                 width=max(6.5, 1.8 * len(levels) + 2.5), height=4.5)


GROUPINGS: List[tuple] = [
    ("difficulty", "The Automa by difficulty", ["difficulty"]),
    ("automa-faction", "By difficulty and the Automa's faction", ["difficulty", "automa_faction"]),
    ("human-faction", "By difficulty and the human's faction", ["difficulty", "human_faction"]),
    ("human-mat", "By difficulty and the human's player mat", ["difficulty", "human_mat"]),
    ("human-policy", "By difficulty and the human's policy", ["difficulty", "human_policy"]),
]


def build(ds, args) -> ReportResult:
    res = ReportResult("automa", "The Automa: win rates by difficulty and match-up")
    for name, title, keys in GROUPINGS:
        frame = rates(group_sums(ds, keys), args.confidence)
        res.tables.append(table(name, title, frame, keys, args.confidence))
    res.charts.append(level_chart(rates(group_sums(ds, ["difficulty", "human_policy"]), args.confidence)))
    res.notes += [
        "One row per group of solo games. Automa win rate: the Automa ranked first after the solo "
        "tie-breaks (Rulebook 003: as usual, but without resources); a shared win (still tied after "
        "every tie-break) counts for both sides and is also shown under 'shared'.",
        f"{views.ci_header(args.confidence)}: Wilson score interval of the win rate; margin: the "
        "Automa's score minus the human's, its mean with a Student t-interval.",
        "Difficulty (star card): autometta (easiest), automa, automaszyna, ultimaszyna (hardest); "
        "expected order: the Automa wins more often at each harder level.",
        "avg turns: turns of both sides together (game_turns).",
    ] + views.dataset_notes(ds)
    return res


REPORT = Report("automa", "The Automa", "the Automa's win rate by difficulty, by Automa faction and by "
                "human faction, mat and policy, with intervals, scores and game length", build,
                needs=NEEDED, game="scythe")

if __name__ == "__main__":
    raise SystemExit(REPORT.main())
