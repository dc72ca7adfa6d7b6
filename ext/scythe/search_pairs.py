"""Read two arms of search_bench.py cells paired, deal by deal (BENCHMARKS.md "Search policy").

    PYTHONPATH=. .venv/bin/python ext/scythe/search_pairs.py 'A*.csv' 'B*.csv'

Each argument is a glob of the CSV files that search_bench.py wrote with save="..." (one row
per game). The two arms are joined on the seed, so only deals both arms played are paired.
Prints each arm's wins of all its games with the Wilson 95% interval and its mean margin with
the standard error, then, over the shared deals, the wins of each, the deals only one of them
won, and the mean of the per-deal margin difference (A minus B) with its standard error.
"""
from __future__ import annotations

import glob
import math
import sys

import polars as pl

from simsuite.reporting.stats import wilson_interval


def mean_se(values: pl.Series) -> tuple[float, float]:
    n = values.len()
    return float(values.mean()), (float(values.std()) / math.sqrt(n) if n > 1 else 0.0)


def load(pattern: str) -> pl.DataFrame:
    files = sorted(glob.glob(pattern))
    if not files:
        sys.exit(f"error: no file matches {pattern!r}; pass a glob of search_bench.py save= CSVs")
    return pl.concat([pl.read_csv(f).select("seed", "won", "margin") for f in files])


def main(pattern_a: str, pattern_b: str) -> None:
    arms = {"A": load(pattern_a), "B": load(pattern_b)}
    for name, df in arms.items():
        wins, n = int(df["won"].sum()), df.height
        lo, hi = wilson_interval(wins, n)
        m, se = mean_se(df["margin"])
        print(f"{name}: {wins}/{n} won, {100 * wins / n:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}], "
              f"margin {m:+.1f} ± {se:.1f}")
    both = arms["A"].join(arms["B"], on="seed", suffix="_b")
    if both.is_empty():
        sys.exit("error: the two arms share no deal (seed); play them on the same base seeds")
    a_only = int((both["won"] > both["won_b"]).sum())
    b_only = int((both["won"] < both["won_b"]).sum())
    m, se = mean_se(both["margin"] - both["margin_b"])
    print(f"paired over {both.height} shared deals: A won {int(both['won'].sum())}, "
          f"B won {int(both['won_b'].sum())} (A only {a_only}, B only {b_only}); "
          f"margin A - B {m:+.2f} ± {se:.2f}")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
