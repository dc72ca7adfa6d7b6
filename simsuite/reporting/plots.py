"""PNG charts for the reports (matplotlib, imported only when a chart is drawn).

Drawing uses matplotlib's object API with the Agg canvas, never pyplot, so it changes no
global backend state and works without a display. Each helper draws on one Axes; a
report's charts are laid out as panels of one figure (`save_charts`) or written one file
each (`save_each`, used by the HTML page).
"""
from __future__ import annotations

import math
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

import numpy as np

from simsuite.errors import UserError

HIGHLIGHT = "#c0392b"
BAR = "#4a78a8"
EXPECTED = "#333333"


def _matplotlib():
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError:
        raise UserError("charts need matplotlib; install it with `pip install 'simsuite[plots]'` "
                        "or drop --plot/--html") from None
    return Figure, FigureCanvasAgg


def _check_png(path: Path) -> Path:
    path = Path(path)
    if path.suffix.lower() != ".png":
        raise UserError(f"chart file {path} must end in .png; e.g. --plot chart.png")
    if not path.parent.exists():
        raise UserError(f"folder {path.parent} for the chart does not exist; create it first")
    return path


def _figure(charts, ncols: int):
    Figure, FigureCanvasAgg = _matplotlib()
    nrows = math.ceil(len(charts) / ncols)
    width = max(c.width for c in charts) * ncols
    height = sum(max(c.height for c in charts[i * ncols:(i + 1) * ncols]) for i in range(nrows))
    fig = Figure(figsize=(width, height), dpi=100)
    FigureCanvasAgg(fig)
    axes = [fig.add_subplot(nrows, ncols, i + 1) for i in range(len(charts))]
    return fig, axes


def save_charts(charts, path, dpi: int = 100) -> Path:
    """All charts of a report as panels of one PNG (one column up to 2 charts, else two)."""
    path = _check_png(path)
    if not charts:
        raise UserError("this report has no chart; drop --plot")
    fig, axes = _figure(charts, 1 if len(charts) <= 2 else 2)
    for chart, ax in zip(charts, axes):
        chart.draw(ax)
        ax.set_title(chart.title)
    fig.tight_layout()
    fig.savefig(path, dpi=dpi, format="png")
    return path


def save_each(charts, folder, prefix: str, dpi: int = 100) -> List[Tuple[str, str]]:
    """Each chart to FOLDER/PREFIX-NAME.png; returns [(title, file name)]."""
    out = []
    for chart in charts:
        fname = f"{prefix}-{chart.name}.png"
        fig, (ax,) = _figure([chart], 1)
        chart.draw(ax)
        ax.set_title(chart.title)
        fig.tight_layout()
        fig.savefig(Path(folder) / fname, dpi=dpi, format="png")
        out.append((chart.title, fname))
    return out


def _whiskers(est, lo, hi) -> np.ndarray:
    """Error-bar lengths below and above; rounding can leave -1e-17 where an end meets the
    estimate (a group with no wins), and a missing interval draws no whisker."""
    est = np.asarray(est, dtype=float)
    err = np.vstack([est - np.asarray(lo, dtype=float), np.asarray(hi, dtype=float) - est])
    return np.nan_to_num(np.maximum(err, 0.0), nan=0.0)


def bars(ax, labels: Sequence[str], rates, lo, hi, expected=None, highlight: Sequence[str] = (),
         ylabel: str = "win rate") -> None:
    """Vertical bars with Wilson-interval whiskers; expected rate as a dashed mark per bar."""
    rates = np.asarray(rates, dtype=float)
    x = np.arange(len(labels))
    err = _whiskers(rates, lo, hi)
    colors = [HIGHLIGHT if lab in highlight else BAR for lab in labels]
    ax.bar(x, rates, color=colors, yerr=err, capsize=4, ecolor="#222222", width=0.7)
    if expected is not None:
        exp = np.broadcast_to(np.asarray(expected, dtype=float), rates.shape)
        ax.hlines(exp, x - 0.4, x + 0.4, colors=EXPECTED, linestyles="dashed", linewidth=1.2,
                  label="expected (equal strength)")
        ax.legend(loc="upper right", fontsize=8)
    ax.set_xticks(x)
    ax.set_xticklabels(labels, rotation=30 if max((len(s) for s in labels), default=0) > 8 else 0,
                       ha="right" if max((len(s) for s in labels), default=0) > 8 else "center")
    ax.set_ylabel(ylabel)
    top = np.nanmax(np.asarray(hi, dtype=float)) if len(labels) else 1.0
    ax.set_ylim(0, min(1.0, max(0.05, top * 1.15)) if np.isfinite(top) else 1.0)
    ax.grid(axis="y", alpha=0.3)


def grouped_bars(ax, groups: Sequence[str], series: Dict[str, Tuple], expected: Sequence[float],
                 xlabel: str = "", ylabel: str = "win rate") -> None:
    """Bars in groups (e.g. seats within each player count) with whiskers.

    series: label -> (rates, lo, hi), each an array over groups (NaN where absent).
    expected: one value per group, drawn as a dashed line across the group.
    """
    n = len(series)
    width = 0.8 / max(1, n)
    x = np.arange(len(groups))
    cmap = ["#4a78a8", "#e08a2c", "#5aa05a", "#c0392b", "#8e6bb8", "#8c564b", "#d17fb8"]
    for i, (label, (rates, lo, hi)) in enumerate(series.items()):
        rates = np.asarray(rates, dtype=float)
        pos = x - 0.4 + width * (i + 0.5)
        ok = ~np.isnan(rates)
        err = _whiskers(rates, lo, hi)
        ax.bar(pos[ok], rates[ok], width=width * 0.9, color=cmap[i % len(cmap)], label=label,
               yerr=err[:, ok], capsize=3, ecolor="#222222")
    ax.hlines(expected, x - 0.42, x + 0.42, colors=EXPECTED, linestyles="dashed", linewidth=1.2)
    ax.set_xticks(x)
    ax.set_xticklabels(groups)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.legend(fontsize=8, ncol=min(n, 5), loc="upper right")
    ax.grid(axis="y", alpha=0.3)


def heatmap(ax, row_labels: Sequence[str], col_labels: Sequence[str], values, counts=None,
            center: Optional[float] = None, highlight: Sequence[Tuple[int, int]] = (),
            cbar_label: str = "win rate", fmt: str = "{:.3f}") -> None:
    """A matrix coloured by value (diverging around `center`), each cell annotated.

    NaN cells (no games) are left grey. `highlight` cells get a thick outline.
    """
    from matplotlib.colors import TwoSlopeNorm

    values = np.asarray(values, dtype=float)
    finite = values[np.isfinite(values)]
    if center is None:
        center = float(np.mean(finite)) if finite.size else 0.5
    spread = float(np.max(np.abs(finite - center))) if finite.size else 0.1
    spread = max(spread, 1e-6)
    norm = TwoSlopeNorm(vcenter=center, vmin=center - spread, vmax=center + spread)
    masked = np.ma.masked_invalid(values)
    cmap = _cmap()
    im = ax.imshow(masked, cmap=cmap, norm=norm, aspect="auto")
    ax.set_facecolor("#d9d9d9")
    ax.set_xticks(np.arange(len(col_labels)))
    ax.set_xticklabels(col_labels, rotation=30, ha="right")
    ax.set_yticks(np.arange(len(row_labels)))
    ax.set_yticklabels(row_labels)
    for i in range(values.shape[0]):
        for j in range(values.shape[1]):
            if np.isfinite(values[i, j]):
                text = fmt.format(values[i, j])
                if counts is not None:
                    text += f"\nn={int(counts[i][j])}"
                r, g, b, _ = cmap(norm(values[i, j]))
                dark = 0.299 * r + 0.587 * g + 0.114 * b < 0.5  # keep the label readable
                ax.text(j, i, text, ha="center", va="center", fontsize=8,
                        color="#ffffff" if dark else "#111111")
            else:
                ax.text(j, i, "no games", ha="center", va="center", fontsize=7, color="#555555")
    for (i, j) in highlight:
        from matplotlib.patches import Rectangle

        ax.add_patch(Rectangle((j - 0.5, i - 0.5), 1, 1, fill=False, edgecolor="#000000", linewidth=2.5))
    cbar = ax.figure.colorbar(im, ax=ax)
    cbar.set_label(cbar_label)


def _cmap():
    from matplotlib import colormaps

    return colormaps["RdBu_r"].copy()


def forest(ax, labels: Sequence[str], est, lo, hi, zero: float = 0.0, highlight: Sequence[str] = (),
           xlabel: str = "difference") -> None:
    """Horizontal estimates with interval whiskers, top to bottom in the given order."""
    est = np.asarray(est, dtype=float)
    y = np.arange(len(labels))[::-1]
    err = _whiskers(est, lo, hi)
    for yi, e_, el, eh, lab in zip(y, est, err[0], err[1], labels):
        color = HIGHLIGHT if lab in highlight else BAR
        ax.errorbar([e_], [yi], xerr=[[el], [eh]], fmt="o", color=color, ecolor=color, capsize=3)
    ax.axvline(zero, color=EXPECTED, linestyle="dashed", linewidth=1)
    ax.set_yticks(y)
    ax.set_yticklabels(labels, fontsize=8)
    for tick, lab in zip(ax.get_yticklabels(), labels):
        if lab in highlight:
            tick.set_color(HIGHLIGHT)
            tick.set_fontweight("bold")
    ax.set_xlabel(xlabel)
    ax.grid(axis="x", alpha=0.3)


def stacked_bars(ax, labels: Sequence[str], parts: Dict[str, Sequence[float]], xlabel: str = "mean points") -> None:
    """Horizontal stacked bars: each label's mean score split into its components."""
    y = np.arange(len(labels))[::-1]
    left = np.zeros(len(labels))
    cmap = ["#4a78a8", "#e08a2c", "#5aa05a", "#c0392b", "#8e6bb8", "#8c564b", "#d17fb8", "#7f7f7f"]
    for i, (name, vals) in enumerate(parts.items()):
        vals = np.nan_to_num(np.asarray(vals, dtype=float))
        ax.barh(y, vals, left=left, color=cmap[i % len(cmap)], label=name, height=0.7)
        left += vals
    ax.set_yticks(y)
    ax.set_yticklabels(labels, fontsize=8)
    ax.set_xlabel(xlabel)
    ax.legend(fontsize=8, loc="lower right")
    ax.grid(axis="x", alpha=0.3)
