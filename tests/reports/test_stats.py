"""simsuite.reporting.stats against scipy (the reference implementation) and hand values."""
from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats as ss

from reportdata import wilson_by_hand
from simsuite.reporting import stats

TOL = 1e-9


@pytest.mark.parametrize("k,n", [(0, 1), (1, 1), (0, 2), (1, 2), (6, 7), (3, 6), (0, 17), (17, 17),
                                 (1, 1000), (499, 1000), (123456, 1000000)])
def test_wilson_matches_scipy(k, n):
    lo, hi = stats.wilson_interval(k, n)
    ref = ss.binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
    assert abs(lo - ref.low) < TOL and abs(hi - ref.high) < TOL
    hlo, hhi = wilson_by_hand(k, n)
    assert abs(lo - max(0.0, hlo)) < 1e-12 or k == 0
    assert abs(hi - min(1.0, hhi)) < 1e-12 or k == n


def test_wilson_grid_and_arrays_match_scipy():
    rng = np.random.default_rng(3)
    n = rng.integers(1, 5000, size=300)
    k = np.array([rng.integers(0, m + 1) for m in n])
    lo, hi = stats.wilson_arrays(k, n)
    for i in range(len(n)):
        ref = ss.binomtest(int(k[i]), int(n[i])).proportion_ci(method="wilson")
        assert abs(lo[i] - ref.low) < TOL and abs(hi[i] - ref.high) < TOL
    for conf in (0.8, 0.9, 0.99):
        lo1, hi1 = stats.wilson_interval(7, 19, conf)
        ref = ss.binomtest(7, 19).proportion_ci(confidence_level=conf, method="wilson")
        assert abs(lo1 - ref.low) < TOL and abs(hi1 - ref.high) < TOL


def test_wilson_empty_group_is_nan():
    assert all(math.isnan(v) for v in stats.wilson_interval(0, 0))
    lo, hi = stats.wilson_arrays([0], [0])
    assert np.isnan(lo[0]) and np.isnan(hi[0])


def test_z_for_95_percent():
    assert abs(stats.z_for(0.95) - ss.norm.ppf(0.975)) < 1e-15


@pytest.mark.parametrize("df", [1, 2, 3, 4, 7, 24, 100, 1000])
def test_chi2_sf_matches_scipy(df):
    for x in (0.001, 0.5, 1.0, df * 0.5, float(df), df + 3.0, 2.0 * df + 10, 5.0 * df + 40):
        a, b = stats.chi2_sf(x, df), ss.chi2.sf(x, df)
        assert abs(a - b) <= TOL * max(b, 1e-300) + 1e-300, (x, df, a, b)


def test_chi2_sf_far_tail_keeps_relative_precision():
    a, b = stats.chi2_sf(400.0, 4), ss.chi2.sf(400.0, 4)
    assert b > 0 and abs(a / b - 1) < 1e-9


@pytest.mark.parametrize("df", [1, 1.5, 2, 3, 7.3, 30, 1000, 1e5])
def test_t_ppf_and_sf_match_scipy(df):
    for q in (0.6, 0.9, 0.975, 0.995, 0.025):
        assert abs(stats.t_ppf(q, df) - ss.t.ppf(q, df)) < TOL
    for t in (0.1, 1.0, 2.5, 6.0):
        assert abs(stats.t_sf(t, df) / ss.t.sf(t, df) - 1) < TOL


def test_binom_test_matches_scipy():
    rng = np.random.default_rng(5)
    cases = [(0, 1, 9 / 16), (6, 7, 9 / 16), (0, 2, 0.5), (3, 6, 0.5), (5, 8, 1 / 3), (50, 100, 0.5),
             (100500, 400000, 0.25)]
    for _ in range(300):
        n = int(rng.integers(1, 400))
        cases.append((int(rng.integers(0, n + 1)), n, float(rng.choice([0.5, 1 / 3, 0.25, 0.2, rng.random()]))))
    for k, n, p in cases:
        a, b = stats.binom_test(k, n, p), ss.binomtest(k, n, p).pvalue
        assert abs(a - b) < TOL * max(1.0, b), (k, n, p, a, b)


def test_binom_cdf_sf_match_scipy():
    for k, n, p in [(3, 10, 0.3), (0, 5, 0.5), (9, 10, 0.9), (400, 1000, 0.45)]:
        assert abs(stats.binom_cdf(k, n, p) - ss.binom.cdf(k, n, p)) < TOL
        assert abs(stats.binom_sf(k, n, p) - ss.binom.sf(k, n, p)) < TOL


def test_holm_by_hand():
    # sorted p: 0.01, 0.02, 0.03, 0.2 -> x4, x3, x2, x1 = 0.04, 0.06, 0.06 (monotone), 0.2
    p = [0.03, 0.01, 0.2, 0.02, float("nan")]
    adj = stats.holm(p)
    assert np.allclose(adj[:4], [0.06, 0.04, 0.2, 0.06])
    assert math.isnan(adj[4])
    assert np.allclose(stats.holm([0.5, 0.6]), [1.0, 1.0])  # capped at 1


def test_benjamini_hochberg_matches_scipy():
    rng = np.random.default_rng(9)
    p = rng.random(40) ** 3
    assert np.allclose(stats.benjamini_hochberg(p), ss.false_discovery_control(p), atol=1e-15)


def test_chi2_contingency_matches_scipy():
    table = [[6, 1], [3, 3], [0, 1], [0, 2]]
    stat, df, p = stats.chi2_contingency(table)
    ref = ss.chi2_contingency(table, correction=False)
    assert abs(stat - ref.statistic) < TOL and df == ref.dof and abs(p - ref.pvalue) < TOL
    # an empty row is dropped rather than dividing by zero
    stat2, df2, _ = stats.chi2_contingency(table + [[0, 0]])
    assert abs(stat2 - ref.statistic) < TOL and df2 == ref.dof


def test_wald_chi2_reduces_to_goodness_of_fit():
    # Multinomial counts W of G games over k equally likely outcomes: covariance G(diag(q) - qq')
    W = np.array([30.0, 22.0, 18.0])
    G = W.sum()
    q = np.full(3, 1 / 3)
    cov = G * (np.diag(q) - np.outer(q, q))
    stat, df, p = stats.wald_chi2(W - G * q, cov)
    ref = ss.chisquare(W)
    assert df == 2 and abs(stat - ref.statistic) < 1e-9 and abs(p - ref.pvalue) < TOL


def test_welch_interval_matches_scipy():
    a = np.array([50, 30, 60, 42, 38, 55, 50], dtype=float)
    b = np.array([40, 45, 35, 42, 38, 47, 20, 30, 33], dtype=float)
    diff, lo, hi, df = stats.welch_interval(a.mean(), a.var(ddof=1), a.size, b.mean(), b.var(ddof=1), b.size)
    ref = ss.ttest_ind(a, b, equal_var=False)
    ci = ref.confidence_interval(0.95)
    assert abs(diff - (a.mean() - b.mean())) < 1e-12
    assert abs(lo - ci.low) < TOL and abs(hi - ci.high) < TOL and abs(df - ref.df) < 1e-9
    assert all(math.isnan(v) for v in stats.welch_interval(1.0, math.nan, 1, 2.0, 1.0, 5)[1:])


def test_mean_interval_matches_scipy():
    a = np.array([50, 30, 60, 42, 38, 55, 50], dtype=float)
    lo, hi = stats.mean_interval(a.mean(), a.var(ddof=1), a.size)
    ci = ss.ttest_1samp(a, 0).confidence_interval(0.95)
    assert abs(lo - ci.low) < TOL and abs(hi - ci.high) < TOL


def test_rank_desc_shares_ties():
    assert list(stats.rank_desc([0.2, 0.5, 0.2, float("nan"), 0.1])) == [2, 1, 2, 5, 4]


def test_average_ranks_share_ties():
    # 10 < 20 = 20 < 30: the two 20s span ranks 2 and 3 and share 2.5
    assert list(stats.average_ranks([20, 10, 30, 20])) == [2.5, 1.0, 4.0, 2.5]


def test_spearman_by_hand():
    # x ranks 1..5; y = 5, 6, 7, 8, 7 ranks 1, 2, 3.5, 5, 3.5. Deviations from the mean rank 3:
    # x -2 -1 0 1 2, y -2 -1 0.5 2 0.5; sum of products 8, of squares 10 and 9.5: rho = 8/sqrt(95)
    rho, lo, hi = stats.spearman([1, 2, 3, 4, 5], [5, 6, 7, 8, 7])
    assert abs(rho - 8 / math.sqrt(95)) < 1e-12
    # Fisher z +- 1.96 sqrt((1 + rho^2/2) / (n - 3)), back through tanh
    half = 1.959963984540054 * math.sqrt((1 + rho * rho / 2) / 2)
    assert abs(lo - math.tanh(math.atanh(rho) - half)) < 1e-9
    assert abs(hi - math.tanh(math.atanh(rho) + half)) < 1e-9 and lo < rho < hi


def test_spearman_edges():
    assert stats.spearman([1, 2, 3, 4], [8, 6, 4, 2])[0] == -1.0          # a reversed order
    assert math.isnan(stats.spearman([1, 2, 3], [1, 2, 3])[0])           # too few pairs
    assert math.isnan(stats.spearman([1, 1, 1, 1], [1, 2, 3, 4])[0])     # a constant side
    with pytest.raises(ValueError):
        stats.spearman([1, 2, 3, 4], [1, 2, 3])
