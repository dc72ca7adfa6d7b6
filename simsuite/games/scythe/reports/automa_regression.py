"""Did the Automa's strength move? Compare a solo dataset with a committed baseline.

For each cell (by default: difficulty x the human's policy) two tests compare the dataset
with the baseline: the Automa's win rate (Fisher's exact test on the 2x2 table of wins and
losses) and the mean score margin, Automa minus human (Welch's t-test). Over all the tests
of all cells, Holm's step-down correction keeps the family-wise false-alarm rate at
--alpha (default 0.01): an unchanged engine flags any cell with probability at most alpha,
however many cells are compared. The report prints every cell, then the cells that moved,
and exits with status 1 when any did (for CI).

    simsuite report automa-regression DATASET --baseline tests/baselines/automa-baseline.json
    python simsuite/games/scythe/reports/automa_regression.py DATASET --baseline FILE [--alpha 0.01]

Regenerating the baseline is deliberate (after a rules change meant to change the Automa):

    simsuite run scenarios/scythe/automa-baseline.toml --out results/automa-baseline
    simsuite report automa-regression results/automa-baseline \\
        --baseline tests/baselines/automa-baseline.json --write-baseline
"""
from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import numpy as np
import polars as pl

from simsuite.errors import UserError
from simsuite.reporting import Col, Report, ReportResult, Table
from simsuite.reporting import stats
from simsuite.reporting.registry import load as load_report

FORMAT = "simsuite-automa-baseline-1"
DEFAULT_KEYS = ("difficulty", "human_policy")
REGENERATE = ("simsuite run scenarios/scythe/automa-baseline.toml --out results/automa-baseline && "
              "simsuite report automa-regression results/automa-baseline "
              "--baseline tests/baselines/automa-baseline.json --write-baseline")


def _automa():
    """The per-game grouping of the automa report (one implementation for both reports)."""
    load_report("automa")
    return sys.modules["simsuite_reports.automa"]


def fisher_exact(k1: int, n1: int, k2: int, n2: int) -> float:
    """Two-sided Fisher exact test of equal proportions k1/n1 and k2/n2 (the hypergeometric
    probabilities of every table at most as likely as the observed one)."""
    if n1 <= 0 or n2 <= 0:
        return math.nan
    total_k, total_n = k1 + k2, n1 + n2

    def logp(x):
        return (_log_comb(n1, x) + _log_comb(n2, total_k - x) - _log_comb(total_n, total_k))

    lo, hi = max(0, total_k - n2), min(total_k, n1)
    observed = logp(k1)
    p = 0.0
    for x in range(lo, hi + 1):
        lx = logp(x)
        if lx <= observed + 1e-7:
            p += math.exp(lx)
    return min(1.0, p)


def _log_comb(n: int, k: int) -> float:
    return math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)


def welch_p(s1: float, q1: float, n1: int, s2: float, q2: float, n2: int) -> float:
    """Two-sided Welch t-test of equal means from sums s and sums of squares q."""
    if n1 < 2 or n2 < 2:
        return math.nan
    m1, m2 = s1 / n1, s2 / n2
    v1 = (q1 - s1 * s1 / n1) / (n1 - 1)
    v2 = (q2 - s2 * s2 / n2) / (n2 - 1)
    a, b = v1 / n1, v2 / n2
    if not a + b > 0:
        return 1.0 if m1 == m2 else 0.0
    t = (m1 - m2) / math.sqrt(a + b)
    df = (a + b) ** 2 / ((a * a / (n1 - 1) if n1 > 1 else 0) + (b * b / (n2 - 1) if n2 > 1 else 0))
    return min(1.0, 2.0 * stats.t_sf(abs(t), df))


def read_baseline(path: Path) -> dict:
    try:
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise UserError(f"baseline {path} not found; give the committed file "
                        "(tests/baselines/automa-baseline.json) or write one with --write-baseline") from None
    except json.JSONDecodeError as err:
        raise UserError(f"baseline {path} is not valid JSON ({err}); regenerate it with --write-baseline") from None
    if doc.get("format") != FORMAT or not isinstance(doc.get("cells"), list) or not doc.get("keys"):
        raise UserError(f"baseline {path} is not an Automa baseline ({FORMAT}); regenerate it with --write-baseline")
    return doc


def cell_frame(ds, keys) -> pl.DataFrame:
    return _automa().group_sums(ds, list(keys), "automa-regression").select(
        list(keys) + ["games", "automa_wins", "margin", "margin_sq"])


def write_baseline(ds, path: Path, keys) -> dict:
    frame = cell_frame(ds, keys)
    scen = ds.values("scenario") if ds.has("scenario") else []
    hashes = ds.values("scenario_hash") if ds.has("scenario_hash") else []
    doc = {
        "format": FORMAT,
        "keys": list(keys),
        "scenarios": scen,
        "scenario_hashes": hashes,
        "regenerate": REGENERATE,
        "note": "per cell: games, the Automa's wins, and the sum and sum of squares of the score "
                "margin (Automa minus human)",
        "cells": frame.to_dicts(),
    }
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(json.dumps(doc, indent=1, sort_keys=False) + "\n", encoding="utf-8")
    return doc


def compare(ds, baseline: dict, alpha: float) -> pl.DataFrame:
    keys = list(baseline["keys"])
    cur = cell_frame(ds, keys)
    base = pl.DataFrame(baseline["cells"]).select(keys + ["games", "automa_wins", "margin", "margin_sq"])
    base = base.with_columns([pl.col(k).cast(cur.schema[k]) for k in keys])
    joined = base.join(cur, on=keys, how="inner", suffix="_now")
    if joined.height == 0:
        raise UserError(f"no cell of the dataset matches the baseline (keys {', '.join(keys)}); "
                        "run the baseline's scenario design, e.g. scenarios/scythe/automa-ci.toml")
    rows = []
    pvals = []
    for r in joined.iter_rows(named=True):
        n1, k1, s1, q1 = r["games"], r["automa_wins"], r["margin"], r["margin_sq"]
        n2, k2, s2, q2 = r["games_now"], r["automa_wins_now"], r["margin_now"], r["margin_sq_now"]
        p_win = fisher_exact(k2, n2, k1, n1)
        p_margin = welch_p(s2, q2, n2, s1, q1, n1)
        pvals += [p_win, p_margin]
        rows.append({**{k: r[k] for k in keys},
                     "games_base": n1, "games_now": n2,
                     "rate_base": k1 / n1, "rate_now": k2 / n2, "rate_diff": k2 / n2 - k1 / n1,
                     "p_win": p_win,
                     "margin_base": s1 / n1, "margin_now": s2 / n2, "margin_diff": s2 / n2 - s1 / n1,
                     "p_margin": p_margin})
    adj = stats.holm(pvals)
    out = pl.DataFrame(rows).with_columns(
        pl.Series("p_win_adj", adj[0::2]), pl.Series("p_margin_adj", adj[1::2]))
    moved = (np.nan_to_num(adj[0::2], nan=1.0) < alpha) | (np.nan_to_num(adj[1::2], nan=1.0) < alpha)
    return _automa().sort_levels(out.with_columns(pl.Series("moved", moved)), keys)


def add_arguments(p) -> None:
    p.add_argument("--baseline", type=Path, required=True, metavar="FILE",
                   help="the baseline JSON (tests/baselines/automa-baseline.json)")
    p.add_argument("--alpha", type=float, default=0.01,
                   help="family-wise false-alarm rate over every test of every cell (default 0.01)")
    p.add_argument("--write-baseline", action="store_true",
                   help="write DATASET's cells to --baseline instead of comparing (deliberate)")
    p.add_argument("--keys", default=",".join(DEFAULT_KEYS),
                   help="cells for --write-baseline: comma-separated among difficulty, automa_faction, "
                        "human_faction, human_mat, human_policy (default difficulty,human_policy)")


def build(ds, args) -> ReportResult:
    if not 0.0 < args.alpha < 1.0:
        raise UserError(f"--alpha {args.alpha} must be between 0 and 1, e.g. 0.01")
    res = ReportResult("automa-regression", "The Automa against its baseline")
    if args.write_baseline:
        keys = [k.strip() for k in args.keys.split(",") if k.strip()]
        known = set(_automa().HEADERS)
        for k in keys:
            if k not in known:
                raise UserError(f"--keys: unknown cell key {k!r}; use {', '.join(sorted(known))}")
        doc = write_baseline(ds, args.baseline, keys)
        res.notes.append(f"wrote {len(doc['cells'])} cells ({', '.join(keys)}) to {args.baseline}")
        res.tables.append(Table("baseline", "Baseline cells", pl.DataFrame(doc["cells"])))
        return res
    baseline = read_baseline(args.baseline)
    keys = list(baseline["keys"])
    frame = compare(ds, baseline, args.alpha)
    headers = _automa().HEADERS
    cols = [Col(k, headers.get(k, k), "text") for k in keys] + [
        Col("games_base", "games (base)", "int"), Col("games_now", "games (now)", "int"),
        Col("rate_base", "Automa win rate (base)", "rate"), Col("rate_now", "(now)", "rate"),
        Col("p_win", "p", "p"), Col("p_win_adj", "p adj", "p"),
        Col("margin_base", "margin (base)", "num1"), Col("margin_now", "(now)", "num1"),
        Col("p_margin", "p", "p"), Col("p_margin_adj", "p adj", "p"), Col("moved", "moved", "text"),
    ]
    res.tables.append(Table("cells", "Every cell against the baseline", frame, cols))
    moved = frame.filter(pl.col("moved"))
    res.tables.append(Table("moved", "Cells that moved", moved, cols))
    n_tests = 2 * frame.height
    res.notes += [
        f"{frame.height} cells ({', '.join(keys)}), {n_tests} tests: the Automa's win rate (Fisher's "
        "exact test) and its mean score margin over the human (Welch's t-test), dataset against "
        "baseline.",
        f"Holm-adjusted p-values; a cell moved when either adjusted p < {args.alpha:g}. The chance that "
        f"an unchanged engine flags any cell is at most {args.alpha:g} (family-wise, over all "
        f"{n_tests} tests).",
        f"Regenerate the baseline deliberately: {baseline.get('regenerate', REGENERATE)}",
    ]
    if moved.height:
        res.notes.append(f"{moved.height} cell(s) moved: exit status 1")
        res.exit_code = 1
    else:
        res.notes.append("no cell moved")
    return res


REPORT = Report("automa-regression", "The Automa against its baseline",
                "compare the Automa's win rate and score margin per cell with a committed baseline "
                "(exit 1 when a cell moved)", build, add_arguments=add_arguments, in_all=False,
                game="scythe")

if __name__ == "__main__":
    raise SystemExit(REPORT.main())
