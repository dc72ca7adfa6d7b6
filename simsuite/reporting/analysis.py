"""Group tables shared by every report: win rates, comparison with the field, equality tests.

Semantics (documented for users in reports/README.md):

- A row is one seat in one game; a group's `games` is its number of rows.
- A win is `winner == True`: rank 1 after the rulebook's tie-breakers. A shared win (still
  tied after every tie-breaker) counts as a win for each sharer, and is also counted in
  `shared_wins`.
- The stratum of a row is its player count s. r_s = wins / rows over all rows with s
  players: 1/s when no game ends in a shared win. A group's `expected` rate is
  sum_s n_gs r_s / n_g: what an average-strength group with the same mix of player counts
  would win. Compare a group with its own expected rate, never with 0.5.
- The field of a group at s players is every other row with s players; the field rate is
  f_s = (W_s - w_gs) / (N_s - n_gs). Then diff = p_gs - f_s = k_s (p_gs - r_s) with
  k_s = N_s / (N_s - n_gs). The group and its field share games (a game has one winner),
  so the interval for diff maps the group's Wilson interval through that identity with the
  stratum's wins held fixed (exact when no game ends in a shared win), instead of treating
  the two rates as independent.
- Test against the field: "p_gs = f_s" is the same hypothesis as "p_gs = r_s", tested with
  the exact two-sided binomial test of w_gs wins in n_gs rows at rate r_s. A seat, or a
  group a game deals at most once (what a seat plays as), has independent games as rows.
- Rows pooled over several player counts (players = "all"): field rate, diff and margin
  are standardised to the group's own mix of player counts (weights n_gs / n_g); the diff
  interval combines the per-count intervals as normal errors; the test is the stratified
  score test z = sum_s (w_gs - n_gs r_s) / sqrt(sum_s n_gs r_s (1 - r_s)).
- Score margin: the group's mean score minus its field's mean score at the same player
  count, with a Welch t-interval (Welch-Satterthwaite degrees of freedom when pooled).
- Multiple comparisons: Holm (default) or Benjamini-Hochberg, applied within each
  player-count family of a table (each player count, and the pooled rows, separately).
- Equality of all groups: Pearson's chi-square on the wins/losses-by-group table of each
  player count (the classic test; it assumes independent rows, which games break: with
  one winner per game it overstates the evidence, by a factor 2 for seats in 2-player
  games), and the game-aware chi-square, which uses the exact null covariance of the
  groups' win counts given which groups met in which game (Var = r(1-r) per row, Cov = c
  between two seats of one game, c estimated from the games' winner counts). The
  game-aware test is the one to trust; for seats it equals the multinomial
  goodness-of-fit test.
"""
from __future__ import annotations

import math
from typing import Dict, List, Optional, Sequence

import numpy as np
import polars as pl

from simsuite.errors import UserError
from simsuite.reporting import stats
from simsuite.reporting.dataset import Dataset, collect

NULL_LABEL = "\x00"
ALL = "all"


def players_order() -> pl.Expr:
    """Sort key of the `players` column: player counts in order, the pooled rows ("all") last."""
    return pl.col("players").replace({ALL: "999"}).cast(pl.Int64)


def _aggs(ds: Dataset) -> List[pl.Expr]:
    score = pl.col("score").cast(pl.Int64)
    shared = (pl.col("shared_win").cast(pl.Int64).sum() if ds.has("shared_win")
              else pl.lit(0, dtype=pl.Int64))
    return [
        pl.len().cast(pl.Int64).alias("games"),
        pl.col("winner").cast(pl.Int64).sum().alias("wins"),
        shared.alias("shared_wins"),
        score.count().cast(pl.Int64).alias("score_n"),
        score.sum().alias("score_sum"),
        (score * score).sum().alias("score_sq"),
    ]


NEEDED = ("n_players", "winner", "score")


# Every group table the reports need is a sum over one cube (one streaming scan, cached),
# grouped by these base columns and the keys the game declares (`cube_keys`); other keys
# fall back to their own scan.
BASE_KEYS = ("n_players", "seat", "policy", "is_bot_opponent")
SUMS = ("games", "wins", "shared_wins", "score_n", "score_sum", "score_sq")


def cube_keys(ds: Dataset) -> List[str]:
    """The cube's columns: the base keys and the declared group, solo and variant keys."""
    keys = BASE_KEYS + ds.group_keys + ds.solo_keys + ds.variant_keys
    return [k for k in dict.fromkeys(keys) if ds.has(k)]


def cube(ds: Dataset) -> pl.DataFrame:
    """Counts and score sums per combination of `cube_keys` present in the dataset."""
    key = ("cube",)
    if key not in ds.cache:
        ds.require(NEEDED, "tables")
        ds.cache[key] = collect(ds.scan().group_by(cube_keys(ds)).agg(_aggs(ds)))
    return ds.cache[key]


def stratum_totals(ds: Dataset) -> pl.DataFrame:
    """Per player count: rows, wins, shared wins and score sums over every row."""
    key = ("strata",)
    if key not in ds.cache:
        df = cube(ds).group_by("n_players").agg([pl.col(c).sum() for c in SUMS]).sort("n_players")
        ds.cache[key] = df.rename({c: f"s_{c}" for c in df.columns if c != "n_players"})
    return ds.cache[key]


def group_counts(ds: Dataset, keys: Sequence[str], where: Optional[pl.Expr] = None,
                 report: str = "tables") -> pl.DataFrame:
    """Per (keys, player count): games, wins, shared wins and score sums (streaming)."""
    keys = list(keys)
    cache_key = ("groups", tuple(keys), None if where is None else str(where))
    if cache_key not in ds.cache:
        ds.require(list(NEEDED) + keys, report)
        by = keys + ([] if "n_players" in keys else ["n_players"])
        if where is None and all(k in cube_keys(ds) for k in keys):
            df = cube(ds).group_by(by).agg([pl.col(c).sum() for c in SUMS])
        else:
            lf = ds.scan()
            if where is not None:
                lf = lf.filter(where)
            df = collect(lf.group_by(by).agg(_aggs(ds)))
        ds.cache[cache_key] = df.sort(by, nulls_last=True)
    return ds.cache[cache_key]


def _with_strata(ds: Dataset, g: pl.DataFrame) -> pl.DataFrame:
    return g.join(stratum_totals(ds), on="n_players", how="left")


def win_rates(ds: Dataset, keys: Sequence[str], confidence: float = 0.95,
              where: Optional[pl.Expr] = None, report: str = "tables") -> pl.DataFrame:
    """Win rate with Wilson interval, expected rate and mean score per group.

    Pooled over player counts unless `n_players` is one of the keys.
    """
    keys = list(keys)
    g = _with_strata(ds, group_counts(ds, keys, where, report))
    g = g.with_columns((pl.col("games") * pl.col("s_wins") / pl.col("s_games")).alias("exp_wins"))
    sums = ["games", "wins", "shared_wins", "score_n", "score_sum", "score_sq", "exp_wins"]
    pooled = g.group_by(keys, maintain_order=True).agg([pl.col(c).sum() for c in sums])
    games = pooled["games"].to_numpy().astype(np.float64)
    wins = pooled["wins"].to_numpy()
    lo, hi = stats.wilson_arrays(wins, games, confidence)
    n = pooled["score_n"].to_numpy().astype(np.float64)
    ssum = pooled["score_sum"].to_numpy().astype(np.float64)
    ssq = pooled["score_sq"].to_numpy().astype(np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        mean = np.where(n > 0, ssum / n, np.nan)
        var = np.where(n > 1, (ssq - ssum * ssum / np.where(n > 0, n, 1)) / (n - 1), np.nan)
    return pooled.select(keys + ["games", "wins", "shared_wins"]).with_columns(
        pl.Series("win_rate", wins / games),
        pl.Series("ci_low", lo),
        pl.Series("ci_high", hi),
        pl.Series("expected", pooled["exp_wins"].to_numpy() / games),
        pl.Series("avg_score", mean),
        pl.Series("score_sd", np.sqrt(np.maximum(var, 0.0))),
    )


def _mean_var(n: int, total: float, squares: float):
    """Mean and sample variance (n - 1 denominator) from a count, sum and sum of squares;
    NaN where undefined. Sums are exact integers, so the subtraction loses nothing."""
    mean = total / n if n > 0 else math.nan
    var = max(0.0, (squares - total * total / n) / (n - 1)) if n > 1 else math.nan
    return mean, var


def versus_field(ds: Dataset, keys: Sequence[str], confidence: float = 0.95,
                 correction: str = "holm", pooled: Optional[bool] = None,
                 report: str = "tables") -> pl.DataFrame:
    """Each group against its field, per player count (and pooled when there are several).

    Columns: players ("2".., "all"), keys, games, wins, win_rate, ci_low, ci_high, expected,
    field_rate, diff, diff_low, diff_high, p, p_adj, margin, margin_low, margin_high.
    """
    keys = list(keys)
    if "n_players" in keys:
        raise ValueError("versus_field is always per player count; do not key on n_players")
    g = _with_strata(ds, group_counts(ds, keys, None, report))
    z = stats.z_for(confidence)
    rows: List[dict] = []
    for rec in g.iter_rows(named=True):
        n, w = rec["games"], rec["wins"]
        N, W = rec["s_games"], rec["s_wins"]
        r = W / N
        p = w / n
        lo, hi = stats.wilson_interval(w, n, confidence)
        nf = N - n
        f = (W - w) / nf if nf > 0 else math.nan
        k = N / nf if nf > 0 else math.nan
        n1, n2 = rec["score_n"], rec["s_score_n"] - rec["score_n"]
        m1, v1 = _mean_var(n1, rec["score_sum"], rec["score_sq"])
        m2, v2 = _mean_var(n2, rec["s_score_sum"] - rec["score_sum"], rec["s_score_sq"] - rec["score_sq"])
        margin, mlo, mhi, mdf = stats.welch_interval(m1, v1, n1, m2, v2, n2, confidence)
        rows.append({
            **{key: rec[key] for key in keys},
            "n_players": rec["n_players"], "games": n, "wins": w, "shared_wins": rec["shared_wins"],
            "win_rate": p, "ci_low": lo, "ci_high": hi, "expected": r, "field_rate": f,
            "diff": p - f, "diff_low": k * (lo - r), "diff_high": k * (hi - r),
            "p": stats.binom_test(w, n, r) if nf > 0 else math.nan,
            "margin": margin, "margin_low": mlo, "margin_high": mhi,
            # pieces for pooling
            "_exp_w": n * r, "_var_w": n * r * (1 - r), "_se": k * (hi - lo) / (2 * z),
            "_m_a": v1 / n1 if n1 > 1 else math.nan, "_m_b": v2 / n2 if n2 > 1 else math.nan,
            "_n1": n1, "_n2": n2,
        })
    out = pl.DataFrame(rows, infer_schema_length=None) if rows else None
    if out is None:
        raise UserError(f"dataset {ds.path} has no rows for report {report}")
    strata = out["n_players"].unique().to_list()
    if pooled is None:
        pooled = len(strata) > 1
    out = out.with_columns(pl.col("n_players").cast(pl.String).alias("players"))
    frames = [out]
    if pooled:
        frames.append(_pool(out, keys, confidence))
    res = pl.concat(frames, how="diagonal_relaxed")
    res = res.with_columns(pl.Series("p_adj", adjust_by_family(res, correction)))
    cols = (["players"] + keys + ["games", "wins", "shared_wins", "win_rate", "ci_low", "ci_high",
                                  "expected", "field_rate", "diff", "diff_low", "diff_high", "p",
                                  "p_adj", "margin", "margin_low", "margin_high"])
    return res.sort(players_order(), maintain_order=True).select(cols)


def _pool(out: pl.DataFrame, keys: List[str], confidence: float) -> pl.DataFrame:
    rows = []
    for _, part in out.group_by(keys, maintain_order=True):
        n = part["games"].to_numpy().astype(np.float64)
        total = n.sum()
        wts = n / total
        w = int(part["wins"].sum())
        lo, hi = stats.wilson_interval(w, int(total), confidence)
        diff = float(np.sum(wts * part["diff"].to_numpy()))
        se = math.sqrt(float(np.sum((wts * part["_se"].to_numpy()) ** 2)))
        zc = stats.z_for(confidence)
        var_w = float(part["_var_w"].sum())
        zstat = (w - float(part["_exp_w"].sum())) / math.sqrt(var_w) if var_w > 0 else math.nan
        a = part["_m_a"].to_numpy()
        b = part["_m_b"].to_numpy()
        margin = float(np.sum(wts * part["margin"].to_numpy()))
        se2 = float(np.sum(wts ** 2 * (a + b)))
        denom = float(np.sum(wts ** 4 * (a * a / (part["_n1"].to_numpy() - 1)
                                         + b * b / (part["_n2"].to_numpy() - 1))))
        if se2 > 0 and denom > 0:
            half = stats.t_ppf(0.5 + 0.5 * confidence, se2 * se2 / denom) * math.sqrt(se2)
            mlo, mhi = margin - half, margin + half
        else:
            mlo = mhi = math.nan
        rows.append({
            **{k: part[k][0] for k in keys},
            "players": ALL, "games": int(total), "wins": w, "shared_wins": int(part["shared_wins"].sum()),
            "win_rate": w / total, "ci_low": lo, "ci_high": hi,
            "expected": float(part["_exp_w"].sum()) / total,
            "field_rate": float(np.sum(wts * part["field_rate"].to_numpy())),
            "diff": diff, "diff_low": diff - zc * se, "diff_high": diff + zc * se,
            "p": 2.0 * stats.normal_sf(abs(zstat)) if zstat == zstat else math.nan,
            "margin": margin, "margin_low": mlo, "margin_high": mhi,
        })
    return pl.DataFrame(rows, infer_schema_length=None)


def adjust_by_family(res: pl.DataFrame, correction: str) -> np.ndarray:
    """Corrected p-values, each player count (and the pooled rows) a family of its own."""
    p = res["p"].to_numpy().astype(np.float64)
    fam = res["players"].to_numpy()
    adj = np.full(p.shape, np.nan)
    for label in np.unique(fam):
        sel = fam == label
        adj[sel] = stats.adjust(p[sel], correction)
    return adj


def group_labels(ds: Dataset, keys: Sequence[str], report: str = "tables") -> pl.DataFrame:
    """The distinct groups of `keys`, in a fixed order (their index in the per-game pass)."""
    return group_counts(ds, keys, None, report).select(list(keys)).unique(maintain_order=True)


def _as_text(frame: pl.DataFrame, key: str) -> List[str]:
    """A key column as the strings the per-file pass compares (polars' cast, nulls marked)."""
    return frame.select(pl.col(key).cast(pl.String).fill_null(NULL_LABEL)).to_series().to_list()


def _codes(frame: pl.DataFrame, key: str, mapping: Dict[str, int], ds: Dataset) -> np.ndarray:
    """A key column as group-key codes: via an Enum cast (much faster than a dict lookup)."""
    cats = [v for v in mapping if v != NULL_LABEL]
    to_code = np.array([mapping[c] for c in cats] + [mapping.get(NULL_LABEL, -1)], dtype=np.int64)
    try:
        phys = frame.select(pl.col(key).cast(pl.String).cast(pl.Enum(cats)).to_physical()
                            .cast(pl.Int64).fill_null(len(cats))).to_series().to_numpy()
    except pl.exceptions.PolarsError:  # a value the group tables did not see
        raise UserError(f"dataset {ds.path} changed while the report was reading it; run it again") from None
    return to_code[phys]


def _pass_games(ds: Dataset, groupings: Dict[str, List[str]], report: str):
    """One pass over the shard files: per grouping and player count, the co-occurrence
    matrix of groups within games, group rows and wins, and the games' sum of w(w-1)."""
    columns = sorted({k for keys in groupings.values() for k in keys})
    # per key column: value (as text) -> code, over the values of the group tables
    maps: Dict[str, Dict[str, int]] = {}
    for keys in groupings.values():
        g = group_counts(ds, keys, None, report)
        for k in keys:
            seen = maps.setdefault(k, {})
            for v in _as_text(g, k):
                seen.setdefault(v, len(seen))
    # per grouping: combined key code -> group index (the row of `group_labels`)
    plans = {}
    for name, keys in groupings.items():
        sizes = [len(maps[k]) for k in keys]
        strides = np.cumprod([1] + sizes[:-1])
        g = group_labels(ds, keys, report)
        combos = np.zeros(g.height, dtype=np.int64)
        for k, stride in zip(keys, strides):
            combos += stride * np.array([maps[k][v] for v in _as_text(g, k)], dtype=np.int64)
        lut = np.full(int(np.prod(sizes)), -1, dtype=np.int64)
        lut[combos] = np.arange(g.height)
        plans[name] = (keys, strides, lut, g.height)
    acc: Dict[str, Dict[int, dict]] = {name: {} for name in groupings}
    needed = list(dict.fromkeys(["game_index", "seat", "n_players", "winner"] + columns))
    damaged = UserError(f"dataset {ds.path} has a game without exactly one row per seat in one "
                        "shard file; the dataset is damaged or was not written by `simsuite run`")
    for frame in ds.iter_files(needed):
        gi = frame["game_index"].to_numpy()
        if not np.all(gi[1:] >= gi[:-1]):  # the runner writes files sorted by (game_index, seat)
            frame = frame.sort(["game_index", "seat"])
            gi = frame["game_index"].to_numpy()
        nps = frame["n_players"].to_numpy().astype(np.int64)
        seats = frame["seat"].to_numpy().astype(np.int64)
        # each game: consecutive rows, as many as its player count, seats 0..n-1 in order
        start = np.flatnonzero(np.concatenate(([True], gi[1:] != gi[:-1])))
        length = np.diff(np.append(start, gi.size))
        if not (np.array_equal(length, nps[start])
                and np.array_equal(seats, np.arange(gi.size) - np.repeat(start, length))):
            raise damaged
        codes = {k: _codes(frame, k, maps[k], ds) for k in columns}
        wins_all = frame["winner"].fill_null(False).to_numpy().astype(np.int64)
        for n in sorted(set(nps[start].tolist())):
            sel = nps == n
            wins = wins_all[sel].reshape(-1, n)
            w = wins.sum(axis=1)
            ww = float(np.sum(w * (w - 1)))
            for name, (keys, strides, lut, k) in plans.items():
                combo = np.zeros(int(sel.sum()), dtype=np.int64)
                for key, stride in zip(keys, strides):
                    combo += stride * codes[key][sel]
                grp = lut[combo].reshape(-1, n)
                if (grp < 0).any():
                    raise UserError(f"dataset {ds.path} changed while the report was reading it; run it again")
                a = acc[name].setdefault(n, {"C": np.zeros(k * k), "counts": np.zeros(k),
                                             "W": np.zeros(k), "ww": 0.0, "games": 0})
                for i in range(n):  # C[g, h] += games where g sat at seat i and h at seat j
                    base = grp[:, i] * k
                    for j in range(n):
                        a["C"] += np.bincount(base + grp[:, j], minlength=k * k)
                a["counts"] += np.bincount(grp.ravel(), minlength=k)
                a["W"] += np.bincount(grp.ravel(), weights=wins.ravel(), minlength=k)
                a["ww"] += ww
                a["games"] += grp.shape[0]
    return acc


def equality_tests(ds: Dataset, keys: Sequence[str], report: str = "tables") -> pl.DataFrame:
    """Are all groups equally strong? Per player count and pooled: Pearson and game-aware chi-square."""
    return equality_tests_many(ds, {"_": list(keys)}, report)["_"]


def equality_tests_many(ds: Dataset, groupings: Dict[str, List[str]],
                        report: str = "tables") -> Dict[str, pl.DataFrame]:
    """`equality_tests` for several groupings in one pass over the files.

    The game-aware test reads the dataset one shard file at a time (a shard holds whole
    games) to count how often two groups met in one game.
    """
    for keys in groupings.values():
        ds.require(list(NEEDED) + ["seat", "game_index"] + list(keys), report)
    acc_all = _pass_games(ds, {n: list(k) for n, k in groupings.items()}, report)
    return {name: _tests_from(acc) for name, acc in acc_all.items()}


def _tests_from(acc: Dict[int, dict]) -> pl.DataFrame:
    rows = []
    k = next(iter(acc.values()))["counts"].size if acc else 0
    d_all = np.zeros(k)
    cov_all = np.zeros((k, k))
    for n in sorted(acc):
        a = acc[n]
        counts, W = a["counts"], a["W"]
        r = W.sum() / counts.sum()
        v = r * (1 - r)
        # covariance of two seats' win indicators in one game (none with a single seat)
        c = a["ww"] / (a["games"] * n * (n - 1)) - r * r if n > 1 else 0.0
        cov = c * a["C"].reshape(k, k) + (v - c) * np.diag(counts)
        d = W - r * counts
        present = counts > 0
        stat, df, p = stats.wald_chi2(d[present], cov[np.ix_(present, present)])
        table = np.column_stack([W[present], counts[present] - W[present]])
        pstat, pdf, pp = stats.chi2_contingency(table)
        rows.append({"players": str(n), "groups": int(present.sum()), "games": int(a["games"]),
                     "chi2": stat, "df": df, "p": p,
                     "pearson_chi2": pstat, "pearson_df": pdf, "pearson_p": pp})
        d_all += d
        cov_all += cov
    if len(acc) > 1:
        present = sum(acc[n]["counts"] for n in acc) > 0
        stat, df, p = stats.wald_chi2(d_all[present], cov_all[np.ix_(present, present)])
        rows.append({"players": ALL, "groups": int(present.sum()),
                     "games": int(sum(acc[n]["games"] for n in acc)),
                     "chi2": stat, "df": df, "p": p,
                     "pearson_chi2": None, "pearson_df": None, "pearson_p": None})
    schema = {"players": pl.String, "groups": pl.Int64, "games": pl.Int64, "chi2": pl.Float64,
              "df": pl.Int64, "p": pl.Float64, "pearson_chi2": pl.Float64, "pearson_df": pl.Int64,
              "pearson_p": pl.Float64}
    return pl.DataFrame(rows, schema=schema)


def versus_same_seat(ds: Dataset, keys: Sequence[str], confidence: float = 0.95,
                     correction: str = "holm", report: str = "tables") -> pl.DataFrame:
    """Each group against the other rows at the same seat and player count (seat-adjusted).

    At one (player count, seat) a game has one row, so a group and this field never share a
    game: they are independent samples. Per stratum: diff = p - f with Newcombe's hybrid
    score interval (from the two Wilson intervals) and the pooled-variance z statistic;
    per player count and over all ("all"), the strata are combined with weights n_s / n
    (the group's own seat mix): diff = sum w d_s, se^2 = sum w^2 se_s^2 and
    z = sum w d_s / sqrt(sum w^2 pi_s (1 - pi_s) (1/n_s + 1/m_s)).
    Strata where no other row sits are left out (`games` counts the rows compared).
    """
    keys = list(keys)
    ds.require(list(NEEDED) + ["seat"] + keys, report)
    g = group_counts(ds, keys + ([] if "seat" in keys else ["seat"]), None, report)
    seat = group_counts(ds, ["n_players", "seat"], None, report).select(
        "n_players", "seat", pl.col("games").alias("s_n"), pl.col("wins").alias("s_w"))
    g = g.join(seat, on=["n_players", "seat"], how="left")
    z = stats.z_for(confidence)
    per = []
    for rec in g.iter_rows(named=True):
        n, w = rec["games"], rec["wins"]
        m, wf = rec["s_n"] - n, rec["s_w"] - w
        if m <= 0:
            continue
        p, f = w / n, wf / m
        l1, u1 = stats.wilson_interval(w, n, confidence)
        l2, u2 = stats.wilson_interval(wf, m, confidence)
        d = p - f
        lo = d - math.sqrt((p - l1) ** 2 + (u2 - f) ** 2)
        hi = d + math.sqrt((u1 - p) ** 2 + (f - l2) ** 2)
        pi = rec["s_w"] / rec["s_n"]
        per.append({**{k: rec[k] for k in keys}, "n_players": rec["n_players"], "n": n, "w": w,
                    "f": f, "d": d, "se": (hi - lo) / (2 * z), "v0": pi * (1 - pi) * (1 / n + 1 / m)})
    if not per:
        raise UserError(f"dataset {ds.path}: no group shares a seat with another, so no seat-adjusted "
                        "comparison is possible")
    per = pl.DataFrame(per, infer_schema_length=None)
    rows = []
    levels = [("players", [pl.col("n_players").cast(pl.String)])]
    if per["n_players"].n_unique() > 1:
        levels.append(("players", [pl.lit(ALL)]))
    for _, label in levels:
        for (lab, *_), part in per.with_columns(label[0].alias("_lab")).group_by(
                ["_lab"] + keys, maintain_order=True):
            n = part["n"].to_numpy().astype(np.float64)
            wts = n / n.sum()
            diff = float(np.sum(wts * part["d"].to_numpy()))
            se = math.sqrt(float(np.sum((wts * part["se"].to_numpy()) ** 2)))
            v0 = float(np.sum(wts ** 2 * part["v0"].to_numpy()))
            zstat = diff / math.sqrt(v0) if v0 > 0 else math.nan
            rows.append({"players": lab, **{k: part[k][0] for k in keys}, "games": int(n.sum()),
                         "wins": int(part["w"].sum()), "win_rate": float(part["w"].sum() / n.sum()),
                         "seat_field": float(np.sum(wts * part["f"].to_numpy())),
                         "diff": diff, "diff_low": diff - z * se, "diff_high": diff + z * se,
                         "p": 2.0 * stats.normal_sf(abs(zstat)) if zstat == zstat else math.nan})
    out = pl.DataFrame(rows, infer_schema_length=None)
    out = out.with_columns(pl.Series("p_adj", adjust_by_family(out, correction)))
    return out.sort(players_order(), maintain_order=True)


def cooccurrence(ds: Dataset, keys: Sequence[str], report: str = "tables") -> pl.DataFrame:
    """How many games each group shared with each other group, per player count.

    Columns: n_players, the keys of the group, the keys of the other group (suffix
    `_other`), games. A group appearing twice in a game counts each pairing once per seat.
    """
    keys = list(keys)
    ds.require(list(NEEDED) + ["seat", "game_index"] + keys, report)
    acc = _pass_games(ds, {"_": keys}, report)["_"]
    order = group_labels(ds, keys, report)
    rows = []
    for n, a in sorted(acc.items()):
        k = a["counts"].size
        C = a["C"].reshape(k, k)
        for i, j in zip(*np.nonzero(C)):
            if i != j:
                rows.append({"n_players": n, **order.row(int(i), named=True),
                             **{f"{key}_other": v for key, v in order.row(int(j), named=True).items()},
                             "games": int(C[i, j])})
    return pl.DataFrame(rows, infer_schema_length=None)
