"""Statistics for the balance reports, using only the standard library and numpy.

scipy is a test extra, not a runtime dependency, so the few distributions the
reports need are computed here from the regularised incomplete gamma and beta
functions (series and continued fractions). tests/reports/test_stats.py checks
every function against scipy to 1e-9.

Conventions:
- Wilson score interval without continuity correction; 0 and n wins pin the
  lower / upper end to exactly 0 / 1 (as scipy's `proportion_ci` does).
- Two-sided exact binomial test: the p-value sums the probability of every
  outcome no more likely than the observed one (relative tolerance 1e-7), the
  same rule as scipy's `binomtest`.
- Multiple comparisons: Holm (family-wise error, the default) or
  Benjamini-Hochberg (false discovery rate). NaN p-values are left out of the
  family and stay NaN.
"""
from __future__ import annotations

import math
from statistics import NormalDist
from typing import Iterable, Sequence, Tuple

import numpy as np

_NORMAL = NormalDist()
_TINY = 1e-300
_EPS = 1e-16
_MAX_ITER = 10_000_000  # continued fractions need O(sqrt(max(a, b))) steps
NAN = float("nan")


# --- normal distribution --------------------------------------------------------------------

def normal_quantile(q: float) -> float:
    """Inverse of the standard normal CDF (Wichura's AS241, about 1e-16 accurate)."""
    return _NORMAL.inv_cdf(q)


def z_for(confidence: float) -> float:
    """The two-sided critical value for a confidence level, e.g. 1.959963984540054 for 0.95."""
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be in (0, 1), got {confidence}")
    return _NORMAL.inv_cdf(0.5 + 0.5 * confidence)


def normal_sf(z: float) -> float:
    """P(Z > z) for a standard normal Z, accurate in the far tail (erfc, not 1 - cdf)."""
    return 0.5 * math.erfc(z / math.sqrt(2.0))


# --- Wilson interval ------------------------------------------------------------------------

def wilson_interval(k: int, n: int, confidence: float = 0.95) -> Tuple[float, float]:
    """Wilson score interval for k successes in n trials; (nan, nan) when n == 0."""
    if n <= 0:
        return (NAN, NAN)
    if k < 0 or k > n:
        raise ValueError(f"successes {k} outside 0..{n}")
    z = z_for(confidence)
    p = k / n
    denom = 2.0 * (n + z * z)
    center = (2.0 * n * p + z * z) / denom
    delta = z / denom * math.sqrt(4.0 * n * p * (1.0 - p) + z * z)
    lo = 0.0 if k == 0 else center - delta
    hi = 1.0 if k == n else center + delta
    return (lo, hi)


def wilson_arrays(k, n, confidence: float = 0.95):
    """Vectorised `wilson_interval` over numpy arrays (NaN where n == 0)."""
    k = np.asarray(k, dtype=np.float64)
    n = np.asarray(n, dtype=np.float64)
    z = z_for(confidence)
    with np.errstate(divide="ignore", invalid="ignore"):
        p = np.where(n > 0, k / np.where(n > 0, n, 1.0), np.nan)
        denom = 2.0 * (n + z * z)
        center = (2.0 * n * p + z * z) / denom
        delta = z / denom * np.sqrt(4.0 * n * p * (1.0 - p) + z * z)
        lo = np.where(k == 0, 0.0, center - delta)
        hi = np.where(k == n, 1.0, center + delta)
    lo = np.where(n > 0, lo, np.nan)
    hi = np.where(n > 0, hi, np.nan)
    return lo, hi


# --- regularised incomplete gamma: chi-square ------------------------------------------------

def _gamma_prefactor(a: float, x: float) -> float:
    return math.exp(a * math.log(x) - x - math.lgamma(a))


def gammainc_upper(a: float, x: float) -> float:
    """Regularised upper incomplete gamma Q(a, x) = 1 - P(a, x), accurate when small."""
    return _gammainc(a, x)[1]


def _lentz_step(a_n: float, b_n: float, c: float, d: float) -> Tuple[float, float, float]:
    """One term a_n / (b_n + ...) of a continued fraction by the modified Lentz method: the new
    c and d (kept off zero) and the factor the fraction's value is multiplied by."""
    d = b_n + a_n * d
    if abs(d) < _TINY:
        d = _TINY
    c = b_n + a_n / c
    if abs(c) < _TINY:
        c = _TINY
    d = 1.0 / d
    return c, d, d * c


def _gammainc(a: float, x: float) -> Tuple[float, float]:
    if a <= 0 or x < 0 or math.isnan(x):
        raise ValueError(f"incomplete gamma needs a > 0 and x >= 0 (a={a}, x={x})")
    if x == 0:
        return (0.0, 1.0)
    if x < a + 1.0:
        # power series for P converges fast here
        term = 1.0 / a
        total = term
        ap = a
        for _ in range(_MAX_ITER):
            ap += 1.0
            term *= x / ap
            total += term
            if abs(term) < abs(total) * _EPS:
                break
        p = min(1.0, total * _gamma_prefactor(a, x))
        return (p, 1.0 - p)
    # continued fraction for Q (modified Lentz)
    b = x + 1.0 - a
    c = 1.0 / _TINY
    d = 1.0 / b
    h = d
    for i in range(1, _MAX_ITER):
        b += 2.0
        c, d, delta = _lentz_step(-i * (i - a), b, c, d)
        h *= delta
        if abs(delta - 1.0) < _EPS:
            break
    q = min(1.0, _gamma_prefactor(a, x) * h)
    return (1.0 - q, q)


def chi2_sf(x: float, df: float) -> float:
    """P(X > x) for a chi-square variable with df degrees of freedom."""
    if df <= 0:
        raise ValueError(f"chi-square needs df > 0, got {df}")
    if x <= 0:
        return 1.0
    return gammainc_upper(df / 2.0, x / 2.0)


# --- regularised incomplete beta: binomial and Student t --------------------------------------

def _beta_cf(a: float, b: float, x: float) -> float:
    """Continued fraction for I_x(a, b) (modified Lentz); converges for x < (a+1)/(a+b+2)."""
    qab = a + b
    qap = a + 1.0
    qam = a - 1.0
    c = 1.0
    d = 1.0 - qab * x / qap
    if abs(d) < _TINY:
        d = _TINY
    d = 1.0 / d
    h = d
    for m in range(1, _MAX_ITER):
        m2 = 2 * m
        c, d, delta = _lentz_step(m * (b - m) * x / ((qam + m2) * (a + m2)), 1.0, c, d)
        h *= delta
        c, d, delta = _lentz_step(-(a + m) * (qab + m) * x / ((a + m2) * (qap + m2)), 1.0, c, d)
        h *= delta
        if abs(delta - 1.0) < _EPS:
            break
    return h


def _stirling_correction(x: float) -> float:
    """lgamma(x) - ((x - 1/2) ln x - x + ln(2 pi)/2): small, so it can be differenced safely."""
    if x >= 15.0:
        x2 = x * x
        return (1.0 / 12.0 - (1.0 / 360.0 - (1.0 / 1260.0 - (1.0 / 1680.0 - 1.0 / (1188.0 * x2))
                                             / x2) / x2) / x2) / x
    return math.lgamma(x) - ((x - 0.5) * math.log(x) - x + 0.5 * math.log(2.0 * math.pi))


def _log_beta_front(a: float, b: float, x: float) -> float:
    """ln(x^a (1-x)^b / B(a, b)), written around the centre a/(a+b) so that the large terms
    cancel algebraically rather than numerically (accurate for a, b in the millions)."""
    s = a + b
    u = x * s - a  # x = (a + u) / s
    return (a * math.log1p(u / a) + b * math.log1p(-u / b)
            + 0.5 * math.log(a * b / (2.0 * math.pi * s))
            - _stirling_correction(a) - _stirling_correction(b) + _stirling_correction(s))


def betainc_pair(a: float, b: float, x: float) -> Tuple[float, float]:
    """(I_x(a, b), 1 - I_x(a, b)), the smaller of the two computed directly (no cancellation)."""
    if a <= 0 or b <= 0:
        raise ValueError(f"incomplete beta needs a, b > 0 (a={a}, b={b})")
    if x <= 0.0:
        return (0.0, 1.0)
    if x >= 1.0:
        return (1.0, 0.0)
    log_front = _log_beta_front(a, b, x)
    if x < (a + 1.0) / (a + b + 2.0):
        lower = min(1.0, math.exp(log_front) * _beta_cf(a, b, x) / a)
        return (lower, 1.0 - lower)
    upper = min(1.0, math.exp(log_front) * _beta_cf(b, a, 1.0 - x) / b)
    return (1.0 - upper, upper)


def binom_logpmf(k: int, n: int, p: float) -> float:
    if k < 0 or k > n:
        return -math.inf
    if p == 0.0:
        return 0.0 if k == 0 else -math.inf
    if p == 1.0:
        return 0.0 if k == n else -math.inf
    return (math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)
            + k * math.log(p) + (n - k) * math.log1p(-p))


def binom_pmf(k: int, n: int, p: float) -> float:
    return math.exp(binom_logpmf(k, n, p))


def binom_cdf(k: int, n: int, p: float) -> float:
    """P(X <= k) for X ~ Binomial(n, p)."""
    if k < 0:
        return 0.0
    if k >= n:
        return 1.0
    return betainc_pair(n - k, k + 1, 1.0 - p)[0] if 0.0 < p < 1.0 else (1.0 if p == 0.0 else 0.0)


def binom_sf(k: int, n: int, p: float) -> float:
    """P(X > k) for X ~ Binomial(n, p), accurate when small."""
    if k < 0:
        return 1.0
    if k >= n:
        return 0.0
    if p <= 0.0:
        return 0.0
    if p >= 1.0:
        return 1.0
    return betainc_pair(k + 1, n - k, p)[0]


def binom_test(k: int, n: int, p: float) -> float:
    """Two-sided exact binomial test of k successes in n trials against rate p."""
    if n <= 0:
        return NAN
    if not 0.0 <= p <= 1.0:
        raise ValueError(f"rate {p} outside [0, 1]")
    if p == 0.0:
        return 1.0 if k == 0 else 0.0
    if p == 1.0:
        return 1.0 if k == n else 0.0
    expected = n * p
    if k == expected:
        return 1.0
    bound = binom_pmf(k, n, p) * (1.0 + 1e-7)
    if k < expected:
        # smallest y above the mode whose probability is within `bound`
        lo, hi = math.ceil(expected), n
        while lo < hi:
            mid = (lo + hi) // 2
            if binom_pmf(mid, n, p) <= bound:
                hi = mid
            else:
                lo = mid + 1
        other = binom_sf(lo - 1, n, p) if binom_pmf(lo, n, p) <= bound else 0.0
        pval = binom_cdf(k, n, p) + other
    else:
        # largest y below the mode whose probability is within `bound`
        lo, hi = 0, math.floor(expected)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if binom_pmf(mid, n, p) <= bound:
                lo = mid
            else:
                hi = mid - 1
        other = binom_cdf(lo, n, p) if binom_pmf(lo, n, p) <= bound else 0.0
        pval = other + binom_sf(k - 1, n, p)
    return min(1.0, pval)


def t_sf(t: float, df: float) -> float:
    """P(T > t) for Student's t with df (possibly fractional) degrees of freedom."""
    if df <= 0:
        raise ValueError(f"t distribution needs df > 0, got {df}")
    if math.isinf(df):
        return normal_sf(t)
    x = df / (df + t * t)
    tail = 0.5 * betainc_pair(df / 2.0, 0.5, x)[0]
    return tail if t >= 0 else 1.0 - tail


def t_ppf(q: float, df: float) -> float:
    """Quantile of Student's t: the t with P(T <= t) = q."""
    if not 0.0 < q < 1.0:
        raise ValueError(f"quantile level must be in (0, 1), got {q}")
    if math.isinf(df):
        return normal_quantile(q)
    if q == 0.5:
        return 0.0
    if q < 0.5:
        return -t_ppf(1.0 - q, df)
    target = 1.0 - q  # upper tail
    lo, hi = 0.0, max(1.0, normal_quantile(q))
    while t_sf(hi, df) > target:
        lo, hi = hi, hi * 2.0
    log_norm = math.lgamma((df + 1) / 2.0) - math.lgamma(df / 2.0) - 0.5 * math.log(df * math.pi)
    t = 0.5 * (lo + hi)
    for _ in range(200):
        f = t_sf(t, df) - target  # decreasing in t
        if f > 0:
            lo = t
        else:
            hi = t
        pdf = math.exp(log_norm - (df + 1) / 2.0 * math.log1p(t * t / df))
        step = f / pdf if pdf > 0 else 0.0
        new = t + step
        if not lo < new < hi:
            new = 0.5 * (lo + hi)  # Newton left the bracket: bisect
        if abs(new - t) <= 1e-15 * max(1.0, abs(t)):
            return new
        t = new
    return t


# --- tests and intervals built on those -------------------------------------------------------

def welch_interval(mean1: float, var1: float, n1: int, mean2: float, var2: float, n2: int,
                   confidence: float = 0.95) -> Tuple[float, float, float, float]:
    """Difference of means (1 - 2) with a Welch t-interval: (diff, low, high, df).

    var1, var2 are sample variances (n - 1 denominator). The interval is NaN when a side
    has fewer than 2 values or both variances are zero.
    """
    diff = mean1 - mean2 if n1 > 0 and n2 > 0 else NAN
    if n1 < 2 or n2 < 2:
        return (diff, NAN, NAN, NAN)
    a = var1 / n1
    b = var2 / n2
    se2 = a + b
    if not se2 > 0:
        return (diff, NAN, NAN, NAN)
    df = se2 * se2 / (a * a / (n1 - 1) + b * b / (n2 - 1))
    half = t_ppf(0.5 + 0.5 * confidence, df) * math.sqrt(se2)
    return (diff, diff - half, diff + half, df)


def mean_interval(mean: float, var: float, n: int, confidence: float = 0.95) -> Tuple[float, float]:
    """One-sample t-interval for a mean; NaN for fewer than 2 values or zero variance."""
    if n < 2 or not var > 0:
        return (NAN, NAN)
    half = t_ppf(0.5 + 0.5 * confidence, n - 1) * math.sqrt(var / n)
    return (mean - half, mean + half)


def _ranked(pvalues: Sequence[float]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The p-values as an array, an all-NaN result of their shape, and the positions of the
    p-values that are not NaN in ascending order of p (ties in input order)."""
    p = np.asarray(pvalues, dtype=np.float64)
    idx = np.flatnonzero(~np.isnan(p))
    return p, np.full(p.shape, np.nan), idx[np.argsort(p[idx], kind="stable")]


def holm(pvalues: Sequence[float]) -> np.ndarray:
    """Holm step-down adjusted p-values (controls the family-wise error rate)."""
    p, out, order = _ranked(pvalues)
    m = order.size
    if m:
        scaled = np.minimum(1.0, (m - np.arange(m)) * p[order])
        out[order] = np.maximum.accumulate(scaled)
    return out


def benjamini_hochberg(pvalues: Sequence[float]) -> np.ndarray:
    """Benjamini-Hochberg adjusted p-values (controls the false discovery rate)."""
    p, out, order = _ranked(pvalues)
    m = order.size
    if m:
        scaled = p[order] * m / np.arange(1, m + 1)
        out[order] = np.minimum(1.0, np.minimum.accumulate(scaled[::-1])[::-1])
    return out


CORRECTIONS = {"holm": holm, "bh": benjamini_hochberg}


def adjust(pvalues: Sequence[float], method: str) -> np.ndarray:
    if method not in CORRECTIONS:
        raise ValueError(f"unknown correction {method!r}")
    return CORRECTIONS[method](pvalues)


def chi2_contingency(table) -> Tuple[float, int, float]:
    """Pearson chi-square test of independence (no continuity correction): (stat, df, p).

    Rows or columns whose total is zero are dropped first; a table left with fewer than
    two rows or columns has no test (NaN).
    """
    obs = np.asarray(table, dtype=np.float64)
    obs = obs[obs.sum(axis=1) > 0]
    obs = obs[:, obs.sum(axis=0) > 0] if obs.size else obs
    if obs.ndim != 2 or obs.shape[0] < 2 or obs.shape[1] < 2:
        return (NAN, 0, NAN)
    expected = np.outer(obs.sum(axis=1), obs.sum(axis=0)) / obs.sum()
    stat = float(((obs - expected) ** 2 / expected).sum())
    df = (obs.shape[0] - 1) * (obs.shape[1] - 1)
    return (stat, df, chi2_sf(stat, df))


def wald_chi2(deviation, covariance, rel_tol: float = 1e-9) -> Tuple[float, int, float]:
    """Chi-square statistic d' C^+ d of a deviation vector whose entries sum to zero.

    Both are projected onto the sum-zero subspace first (the deviations are measured from a
    rate estimated on the same rows), and the pseudo-inverse drops directions whose variance
    is below rel_tol of the largest. Returns (stat, df = rank, p).
    """
    d = np.asarray(deviation, dtype=np.float64)
    cov = np.asarray(covariance, dtype=np.float64)
    k = d.size
    if k < 2:
        return (NAN, 0, NAN)
    proj = np.eye(k) - np.full((k, k), 1.0 / k)
    d = proj @ d
    cov = proj @ cov @ proj
    cov = 0.5 * (cov + cov.T)
    values, vectors = np.linalg.eigh(cov)
    top = values.max() if values.size else 0.0
    if not top > 0:
        return (NAN, 0, NAN)
    keep = values > rel_tol * top
    coords = vectors[:, keep].T @ d
    stat = float(np.sum(coords * coords / values[keep]))
    df = int(keep.sum())
    return (stat, df, chi2_sf(stat, df))


def rank_desc(values: Iterable[float]) -> np.ndarray:
    """Competition ranks (1 = largest; equal values share the best rank; NaN ranks last)."""
    v = np.asarray(list(values), dtype=np.float64)
    filled = np.where(np.isnan(v), -np.inf, v)
    return np.array([1 + int(np.sum(filled > x)) for x in filled], dtype=np.int64)


def average_ranks(values: Iterable[float]) -> np.ndarray:
    """Ranks 1..n from the smallest, ties sharing the mean of the ranks they span."""
    v = np.asarray(list(values), dtype=np.float64)
    order = np.argsort(v, kind="stable")
    ranks = np.empty(v.size, dtype=np.float64)
    i = 0
    while i < v.size:
        j = i
        while j + 1 < v.size and v[order[j + 1]] == v[order[i]]:
            j += 1
        ranks[order[i:j + 1]] = (i + j) / 2.0 + 1.0
        i = j + 1
    return ranks


def spearman(x: Sequence[float], y: Sequence[float], confidence: float = 0.95) -> Tuple[float, float, float]:
    """Spearman's rank correlation of paired values (the Pearson correlation of their average
    ranks) with an interval from Fisher's z and the Bonett-Wright standard error
    sqrt((1 + rho^2 / 2) / (n - 3)) (Psychometrika 65, 2000). NaN where n < 4 or a side is
    constant."""
    if len(x) != len(y):
        raise ValueError(f"spearman needs paired values ({len(x)} against {len(y)})")
    n = len(x)
    rx, ry = average_ranks(x), average_ranks(y)
    if n < 4 or rx.std() == 0 or ry.std() == 0:
        return (NAN, NAN, NAN)
    rho = float(np.corrcoef(rx, ry)[0, 1])
    if abs(rho) >= 1.0:
        return (rho, rho, rho)
    half = z_for(confidence) * math.sqrt((1.0 + rho * rho / 2.0) / (n - 3))
    return (rho, math.tanh(math.atanh(rho) - half), math.tanh(math.atanh(rho) + half))
