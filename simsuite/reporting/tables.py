"""Report output: terminal tables, Markdown, CSV, JSON and HTML.

A report returns a `ReportResult` (tables, notes, charts). Each `Table` keeps the raw
polars frame (what CSV and JSON write, at full precision) and a display spec (what the
terminal, Markdown and HTML show: rounded numbers, intervals as [low, high]).
"""
from __future__ import annotations

import html
import io
import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, List, Optional, Sequence, Tuple, Union

import polars as pl

from simsuite.errors import UserError

FORMATS = ("table", "md", "csv", "json")
MISSING = "n/a"
NONE_LABEL = "(none)"


@dataclass
class Col:
    """One displayed column: a frame column, or two (low, high) shown as an interval."""

    name: Union[str, Tuple[str, str]]
    header: str
    kind: str = "text"  # text | int | rate | num1 | num2 | p | interval | interval1


@dataclass
class Table:
    name: str
    title: str
    frame: pl.DataFrame
    cols: Optional[List[Col]] = None
    note: str = ""

    def display_cols(self) -> List[Col]:
        if self.cols is not None:
            return self.cols
        out = []
        for c, dt in self.frame.schema.items():
            kind = "int" if dt.is_integer() else "num2" if dt.is_float() else "text"
            out.append(Col(c, c, kind))
        return out


@dataclass
class Chart:
    """A chart drawn on one matplotlib Axes by `draw(ax)`."""

    name: str
    title: str
    draw: Callable[[Any], None]
    width: float = 7.0
    height: float = 4.5


@dataclass
class ReportResult:
    name: str
    title: str
    tables: List[Table] = field(default_factory=list)
    notes: List[str] = field(default_factory=list)
    charts: List[Chart] = field(default_factory=list)
    sections: List["ReportResult"] = field(default_factory=list)  # used by `all`
    skipped: str = ""  # why a section has no content (used by `all`)
    exit_code: int = 0


def _is_nan(v) -> bool:
    return v is None or (isinstance(v, float) and math.isnan(v))


def fmt(value, kind: str) -> str:
    """Format one value for people."""
    if kind == "variant":  # a rule-variant key: empty means none
        return NONE_LABEL if value is None else (value or "(base game)")
    if kind == "text":
        if value is None:
            return NONE_LABEL
        if isinstance(value, bool):
            return "yes" if value else "no"
        return str(value)
    if _is_nan(value):
        return MISSING
    if kind == "int":
        return str(int(value))
    if kind == "rate":
        return f"{value:.3f}"
    if kind == "num1":
        return f"{value:.1f}"
    if kind == "num2":
        return f"{value:.2f}"
    if kind == "p":
        if value < 1e-300:
            return "<1e-300"
        return f"{value:.1e}" if value < 1e-3 else f"{value:.3f}"
    raise ValueError(f"unknown column kind {kind}")


def _cell(row: dict, col: Col) -> str:
    if isinstance(col.name, tuple):
        lo, hi = row[col.name[0]], row[col.name[1]]
        if _is_nan(lo) or _is_nan(hi):
            return MISSING
        digits = 1 if col.kind == "interval1" else 3
        return f"[{lo:.{digits}f}, {hi:.{digits}f}]"
    return fmt(row[col.name], col.kind)


def display_rows(table: Table) -> Tuple[List[str], List[List[str]], List[bool]]:
    cols = table.display_cols()
    headers = [c.header for c in cols]
    rows = [[_cell(r, c) for c in cols] for r in table.frame.iter_rows(named=True)]
    numeric = [c.kind not in ("text", "variant") for c in cols]
    return headers, rows, numeric


def _text_table(table: Table) -> str:
    headers, rows, numeric = display_rows(table)
    widths = [max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(headers)]

    def line(cells):
        return "  ".join(c.rjust(w) if num else c.ljust(w)
                         for c, w, num in zip(cells, widths, numeric)).rstrip()

    out = [table.title, "=" * len(table.title), line(headers), line(["-" * w for w in widths])]
    out += [line(r) for r in rows]
    if not rows:
        out.append("(no rows)")
    if table.note:
        out.append(table.note)
    return "\n".join(out)


def render_text(result: ReportResult) -> str:
    parts = [f"# {result.title}"]
    if result.skipped:
        parts.append(f"skipped: {result.skipped}")
    parts += [_text_table(t) for t in result.tables]
    if result.notes:
        parts.append("Notes:\n" + "\n".join(f"- {n}" for n in result.notes))
    parts += [render_text(s) for s in result.sections]
    return "\n\n".join(parts) + "\n"


def _md_escape(s: str) -> str:
    return s.replace("|", "\\|")


def _md_table(table: Table, level: int = 3) -> str:
    headers, rows, numeric = display_rows(table)
    out = ["#" * level + f" {table.title}", "",
           "| " + " | ".join(_md_escape(h) for h in headers) + " |",
           "|" + "|".join("---:" if n else "---" for n in numeric) + "|"]
    out += ["| " + " | ".join(_md_escape(c) for c in r) + " |" for r in rows]
    if table.note:
        out += ["", table.note]
    return "\n".join(out)


def render_markdown(result: ReportResult, level: int = 2) -> str:
    parts = ["#" * level + f" {result.title}"]
    if result.skipped:
        parts.append(f"Skipped: {result.skipped}")
    parts += [_md_table(t, level + 1) for t in result.tables]
    if result.notes:
        parts.append("\n".join(f"- {n}" for n in result.notes))
    parts += [render_markdown(s, level + 1) for s in result.sections]
    return "\n\n".join(parts) + "\n"


def _json_value(v):
    if isinstance(v, float) and (math.isnan(v) or math.isinf(v)):
        return None
    return v


def result_dict(result: ReportResult) -> dict:
    return {
        "report": result.name,
        "title": result.title,
        "skipped": result.skipped or None,
        "notes": result.notes,
        "tables": {
            t.name: {"title": t.title, "columns": t.frame.columns,
                     "rows": [{k: _json_value(v) for k, v in r.items()} for r in t.frame.iter_rows(named=True)]}
            for t in result.tables
        },
        "sections": [result_dict(s) for s in result.sections],
    }


def render_json(result: ReportResult) -> str:
    return json.dumps(result_dict(result), indent=1, default=str) + "\n"


def _all_tables(result: ReportResult, prefix: str = "") -> List[Tuple[str, Table]]:
    out = [(prefix + t.name, t) for t in result.tables]
    for s in result.sections:
        out += _all_tables(s, prefix + s.name + "-")
    return out


def _csv_text(frame: pl.DataFrame) -> str:
    buf = io.StringIO()
    frame.write_csv(buf, float_precision=None)
    return buf.getvalue()


def render_csv(result: ReportResult) -> str:
    """All tables in one stream: each preceded by a `# table: NAME` line, blank-line separated."""
    return "\n".join(f"# table: {name}\n{_csv_text(t.frame)}" for name, t in _all_tables(result))


def write_output(result: ReportResult, fmt_name: str, out: Optional[Path]) -> List[Path]:
    """Write the result in a format to a file (or stdout when out is None). Returns files written.

    CSV to a file writes one file per table: OUT itself when there is one table, else
    OUT's stem plus `-TABLE.csv` beside it.
    """
    if fmt_name not in FORMATS:
        raise UserError(f"unknown format {fmt_name!r}; use one of {', '.join(FORMATS)}")
    if out is not None and not Path(out).parent.exists():
        raise UserError(f"folder {Path(out).parent} for --out does not exist; create it first")
    if fmt_name == "csv" and out is not None:
        tables = _all_tables(result)
        out = Path(out)
        if len(tables) == 1:
            paths = [out]
        else:
            paths = [out.with_name(f"{out.stem}-{name}{out.suffix or '.csv'}") for name, _ in tables]
        for path, (_, t) in zip(paths, tables):
            t.frame.write_csv(path, float_precision=None)
        return paths
    text = {"table": render_text, "md": render_markdown, "csv": render_csv, "json": render_json}[fmt_name](result)
    if out is None:
        import sys

        sys.stdout.write(text)
        return []
    Path(out).write_text(text, encoding="utf-8")
    return [Path(out)]


# --- HTML -------------------------------------------------------------------------------------

_CSS = """
body { font-family: system-ui, sans-serif; margin: 2em; color: #222; max-width: 1300px; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em 0; font-size: 0.9em; }
th, td { border: 1px solid #ccc; padding: 2px 8px; }
th { background: #f0f0f0; } td.n { text-align: right; font-variant-numeric: tabular-nums; }
img { max-width: 100%; border: 1px solid #ddd; margin: 0.5em 0; }
.note { color: #555; } nav a { margin-right: 1em; }
"""


def _html_table(table: Table) -> str:
    headers, rows, numeric = display_rows(table)
    e = html.escape
    head = "".join(f"<th>{e(h)}</th>" for h in headers)
    body = "\n".join("<tr>" + "".join(f"<td class=\"{'n' if n else 't'}\">{e(c)}</td>"
                                      for c, n in zip(r, numeric)) + "</tr>" for r in rows)
    note = f"<p class=\"note\">{e(table.note)}</p>" if table.note else ""
    return f"<h3>{e(table.title)}</h3>\n<table>\n<tr>{head}</tr>\n{body}\n</table>\n{note}"


def render_html(results: Sequence[ReportResult], images: dict, title: str, intro: Sequence[str] = ()) -> str:
    """One static page: every result's tables, notes and charts. images: report name -> [(title, file)]."""
    e = html.escape
    nav = " ".join(f"<a href=\"#{e(r.name)}\">{e(r.title)}</a>" for r in results)
    parts = [f"<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{e(title)}</title>"
             f"<style>{_CSS}</style></head><body>", f"<h1>{e(title)}</h1>"]
    parts += [f"<p class=\"note\">{e(line)}</p>" for line in intro]
    parts.append(f"<nav>{nav}</nav>")
    for r in results:
        parts.append(f"<h2 id=\"{e(r.name)}\">{e(r.title)}</h2>")
        if r.skipped:
            parts.append(f"<p class=\"note\">Skipped: {e(r.skipped)}</p>")
        for chart_title, fname in images.get(r.name, []):
            parts.append(f"<figure><img src=\"{e(fname)}\" alt=\"{e(chart_title)}\">"
                         f"<figcaption>{e(chart_title)}</figcaption></figure>")
        parts += [_html_table(t) for t in r.tables]
        if r.notes:
            parts.append("<ul>" + "".join(f"<li class=\"note\">{e(n)}</li>" for n in r.notes) + "</ul>")
    parts.append("</body></html>\n")
    return "\n".join(parts)
