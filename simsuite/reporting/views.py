"""Tables and charts built from the analysis frames, shared by the report scripts."""
from __future__ import annotations

from typing import Dict, List, Optional, Sequence, Tuple

import numpy as np
import polars as pl

from simsuite.reporting.tables import Chart, Col, Table

# Headers of the base columns; a game's own keys are headed by their names.
BASE_HEADERS: Dict[str, str] = {
    "n_players": "players",
    "seat": "seat (0 = first)",
    "policy_id": "policy id",
    "is_bot_opponent": "solo opponent seat",
    "end_reason": "end",
}


def header(key: str) -> str:
    return BASE_HEADERS.get(key, key.replace("_", " "))


def headline(frame: pl.DataFrame) -> pl.DataFrame:
    """The rows a chart shows: the pooled rows when there are several player counts."""
    from simsuite.reporting.analysis import ALL

    label = ALL if (frame["players"] == ALL).any() else frame["players"][0]
    return frame.filter(pl.col("players") == label)


def key_cols(keys: Sequence[str], variants: Sequence[str] = ()) -> List[Col]:
    """Key columns; a variant key's empty value reads "(base game)"."""
    return [Col(k, header(k), "variant" if k in variants else "text") for k in keys]


def win_table(name: str, title: str, frame: pl.DataFrame, keys: Sequence[str], note: str = "",
              confidence: float = 0.95, variants: Sequence[str] = ()) -> Table:
    """A `analysis.win_rates` frame for people."""
    ci = ci_header(confidence)
    cols = key_cols(keys, variants) + [
        Col("games", "games", "int"), Col("wins", "wins", "int"), Col("shared_wins", "shared", "int"),
        Col("win_rate", "win rate", "rate"), Col(("ci_low", "ci_high"), ci, "interval"),
        Col("expected", "expected", "rate"), Col("avg_score", "avg score", "num1"),
    ]
    return Table(name, title, frame, cols, note)


def field_table(name: str, title: str, frame: pl.DataFrame, keys: Sequence[str], note: str = "",
                extra: Sequence[Col] = (), confidence: float = 0.95, variants: Sequence[str] = ()) -> Table:
    """A `analysis.versus_field` frame for people."""
    ci = ci_header(confidence)
    cols = [Col("players", "players", "text")] + key_cols(keys, variants) + [
        Col("games", "games", "int"), Col("win_rate", "win rate", "rate"),
        Col(("ci_low", "ci_high"), ci, "interval"), Col("field_rate", "field", "rate"),
        Col("diff", "diff", "rate"), Col(("diff_low", "diff_high"), "diff " + ci, "interval"),
        Col("p", "p", "p"), Col("p_adj", "p adj", "p"),
        Col("margin", "margin", "num1"), Col(("margin_low", "margin_high"), "margin " + ci, "interval1"),
    ] + list(extra)
    return Table(name, title, frame, cols, note)


def tests_table(name: str, title: str, frame: pl.DataFrame, note: str = "") -> Table:
    """An `analysis.equality_tests` frame (optionally with a leading `grouping` column)."""
    cols = ([Col("grouping", "grouping", "text")] if "grouping" in frame.columns else []) + [
        Col("players", "players", "text"), Col("groups", "groups", "int"), Col("games", "games", "int"),
        Col("chi2", "chi2 (game-aware)", "num2"), Col("df", "df", "int"), Col("p", "p", "p"),
        Col("pearson_chi2", "chi2 (Pearson)", "num2"), Col("pearson_df", "df", "int"),
        Col("pearson_p", "p (Pearson)", "p"),
    ]
    return Table(name, title, frame, cols, note)


def ci_header(confidence: float) -> str:
    return f"{confidence * 100:g}% CI"


# --- charts -----------------------------------------------------------------------------------

def _label(v) -> str:
    return "(none)" if v is None else str(v)


def rate_bars(name: str, title: str, frame: pl.DataFrame, key: str,
              highlight: Sequence[str] = ()) -> Chart:
    """Win rate per group with interval whiskers and each group's expected rate."""
    labels = [_label(v) for v in frame[key].to_list()]
    data = (frame["win_rate"].to_numpy(), frame["ci_low"].to_numpy(), frame["ci_high"].to_numpy(),
            frame["expected"].to_numpy())

    def draw(ax):
        from simsuite.reporting import plots

        plots.bars(ax, labels, data[0], data[1], data[2], expected=data[3], highlight=highlight)

    return Chart(name, title, draw, width=max(6.0, 0.55 * len(labels) + 2), height=4.5)


def matrix(frame: pl.DataFrame, row: str, col: str, value: str,
           rows: Optional[Sequence] = None, cols: Optional[Sequence] = None):
    """Pivot a long frame into (row labels, col labels, values, counts) for a heat map."""
    rows = list(rows) if rows is not None else sorted(v for v in frame[row].unique().to_list() if v is not None)
    cols = list(cols) if cols is not None else sorted(v for v in frame[col].unique().to_list() if v is not None)
    values = np.full((len(rows), len(cols)), np.nan)
    counts = np.zeros((len(rows), len(cols)), dtype=np.int64)
    ri = {v: i for i, v in enumerate(rows)}
    ci = {v: i for i, v in enumerate(cols)}
    for r in frame.iter_rows(named=True):
        if r[row] in ri and r[col] in ci:
            values[ri[r[row]], ci[r[col]]] = r[value]
            counts[ri[r[row]], ci[r[col]]] = r["games"]
    return rows, cols, values, counts


def heatmap_chart(name: str, title: str, frame: pl.DataFrame, row: str, col: str,
                  value: str = "win_rate", center: Optional[float] = None,
                  highlight: Sequence[Tuple[str, str]] = (), cbar_label: str = "win rate") -> Chart:
    """Heat map of one value of a table keyed by two columns (`row` down, `col` across)."""
    rows, cols, values, counts = matrix(frame, row, col, value)
    cells = [(rows.index(f), cols.index(m)) for f, m in highlight if f in rows and m in cols]
    fmt = "{:+.3f}" if value == "diff" else "{:.3f}"

    def draw(ax):
        from simsuite.reporting import plots

        plots.heatmap(ax, rows, cols, values, counts, center=center, highlight=cells,
                      cbar_label=cbar_label, fmt=fmt)
        ax.set_xlabel(header(col))
        ax.set_ylabel(header(row))

    return Chart(name, title, draw, width=max(6.5, 1.25 * len(cols) + 2.5),
                 height=max(4.0, 0.8 * len(rows) + 1.5))


def seat_bars(name: str, title: str, frame: pl.DataFrame) -> Chart:
    """Win rate by seat, grouped by player count; frame keyed by n_players and seat."""
    counts = sorted(frame["n_players"].unique().to_list())
    seats = sorted(frame["seat"].unique().to_list())
    series = {}
    for s in seats:
        vals = []
        for n in counts:
            part = frame.filter((pl.col("n_players") == n) & (pl.col("seat") == s))
            vals.append(part.select("win_rate", "ci_low", "ci_high").row(0) if part.height else (np.nan,) * 3)
        arr = np.array(vals, dtype=float)
        series[f"seat {s}"] = (arr[:, 0], arr[:, 1], arr[:, 2])
    expected = []
    for n in counts:
        part = frame.filter(pl.col("n_players") == n)
        expected.append(float(part["expected"][0]))

    def draw(ax):
        from simsuite.reporting import plots

        plots.grouped_bars(ax, [f"{n} players" for n in counts], series, expected,
                           xlabel="player count (dashed: expected)")

    return Chart(name, title, draw, width=max(6.5, 1.6 * len(counts) + 2.5), height=4.5)


def forest_chart(name: str, title: str, frame: pl.DataFrame, label: str, highlight: Sequence[str] = (),
                 xlabel: str = "win-rate difference vs the field") -> Chart:
    """Each row's diff vs the field with its interval, in the frame's order."""
    labels = [_label(v) for v in frame[label].to_list()]
    est, lo, hi = frame["diff"].to_numpy(), frame["diff_low"].to_numpy(), frame["diff_high"].to_numpy()

    def draw(ax):
        from simsuite.reporting import plots

        plots.forest(ax, labels, est, lo, hi, highlight=highlight, xlabel=xlabel)

    return Chart(name, title, draw, width=7.0, height=max(3.0, 0.28 * len(labels) + 1.2))


# --- notes ------------------------------------------------------------------------------------

def win_notes(confidence: float) -> List[str]:
    """What the win-rate columns mean (shown under every win-rate report)."""
    return [
        "A win is rank 1 after the rulebook's tie-breakers; a win still shared after every "
        "tie-breaker counts as a win for each sharer and is also counted under 'shared'.",
        "'expected' is what an equally strong group would win with the same mix of player "
        "counts (1/players when no game ends in a shared win); compare win rates with it, not with 0.5.",
        f"Intervals: Wilson score at {confidence * 100:g}%.",
    ]


def field_notes(correction: str) -> List[str]:
    name = {"holm": "Holm (family-wise error)", "bh": "Benjamini-Hochberg (false discovery rate)"}[correction]
    return [
        "field = every other row with the same player count; diff = win rate - field rate; its "
        "interval maps the group's Wilson interval through diff = N/(N-n) (rate - expected), "
        "because a game's wins are shared between the group and its field.",
        "p: exact two-sided binomial test of the group's wins against the player count's rate; "
        "rows 'all' pool player counts (standardised to the group's mix; stratified score test).",
        f"p adj: {name} correction within each player count (and within 'all').",
        "margin = mean score - field mean score (in the game's score unit), Welch t-interval.",
    ]


def dataset_notes(ds) -> List[str]:
    ov = ds.overview
    notes = ds.declaration_notes()
    if "scenario" in ov.columns:
        scen = sorted(set(ov["scenario"].to_list()))
        if len(scen) > 1:
            notes.append(f"The dataset pools {len(scen)} scenarios ({', '.join(map(str, scen))}); "
                         "use --scenario NAME for one.")
    return notes
