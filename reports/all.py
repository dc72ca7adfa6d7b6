"""Every report that applies to the dataset; with --html OUT/, one page with every table and chart.

    python reports/all.py DATASET [--html OUT/] [--format md|csv|json]

The reports in reports/ run on any game's dataset; a game's own reports (in
simsuite/games/<game>/reports/) run when the dataset is of that game. A report that cannot
run on this dataset (for example components for a game that records no score parts) is
listed with the reason instead of stopping the others.
"""
from __future__ import annotations

from pathlib import Path

from simsuite.errors import UserError
from simsuite.reporting import Report, ReportResult
from simsuite.reporting import registry

# the overview first, then the reports of any game; the game's own reports follow by name
FIRST = ["summary", "balance", "seats", "components"]


def add_arguments(p):
    p.add_argument("--html", type=Path, default=None, metavar="OUT/",
                   help="write OUT/index.html and one PNG per chart (the folder is created)")


def sub_argv(args) -> list:
    argv = [str(args.dataset), "--confidence", repr(args.confidence), "--correction", args.correction]
    if args.game is not None:
        argv += ["--game", args.game]
    if args.scenario is not None:
        argv += ["--scenario", args.scenario]
    return argv


def build(ds, args) -> ReportResult:
    if args.plot is not None:
        raise UserError("`report all` draws its charts with --html OUT/, not --plot")
    res = ReportResult("all", f"All reports: {args.dataset}")
    reports = [r for r in registry.all_reports() if r.name != "all" and r.in_all and r.applies_to(ds)]
    reports.sort(key=lambda r: (FIRST.index(r.name) if r.name in FIRST else len(FIRST), r.name))
    for report in reports:
        sub_args = report.parse(sub_argv(args))
        try:
            section = report.result(sub_args, ds)
        except UserError as err:
            section = ReportResult(report.name, report.title, skipped=err.message)
        res.sections.append(section)
    if args.html is not None:
        write_html(res, args.html, str(args.dataset))
    return res


def write_html(res: ReportResult, folder: Path, dataset: str) -> Path:
    from simsuite.reporting import plots
    from simsuite.reporting.tables import render_html

    folder = Path(folder)
    if folder.exists() and not folder.is_dir():
        raise UserError(f"--html {folder} is a file; give a folder")
    folder.mkdir(parents=True, exist_ok=True)
    images = {s.name: plots.save_each(s.charts, folder, s.name) for s in res.sections if s.charts}
    page = render_html(res.sections, images, title="simsuite balance reports",
                       intro=[f"Dataset: {dataset}"])
    index = folder / "index.html"
    index.write_text(page, encoding="utf-8")
    return index


REPORT = Report("all", "All reports", "every report; --html OUT/ writes one page with every table "
                "and chart", build, add_arguments, in_all=False)

if __name__ == "__main__":
    raise SystemExit(REPORT.main())
