"""Finding the report scripts: every `reports/NAME.py` that defines `REPORT` is a report.

Adding a report is adding one file to reports/ (discovered automatically; `my_report.py`
is the report `my-report`). The folder is `reports/` beside the `simsuite` package in a
source checkout, or the folder named by the SIMSUITE_REPORTS environment variable.
"""
from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from typing import Dict, List, Sequence

from simsuite.errors import UserError

ENV = "SIMSUITE_REPORTS"


def reports_dir() -> Path:
    env = os.environ.get(ENV)
    if env:
        path = Path(env)
        if not path.is_dir():
            raise UserError(f"{ENV}={env} is not a folder; point it at the reports/ folder")
        return path
    path = Path(__file__).resolve().parents[2] / "reports"
    if not path.is_dir():
        # an installed wheel carries a copy of reports/ (setup.py, build_py_with_reports)
        path = Path(__file__).resolve().parents[1] / "_reports"
    if not path.is_dir():
        raise UserError(f"cannot find the reports/ folder (looked in {path}); set {ENV} to it")
    return path


def available() -> Dict[str, Path]:
    """Report name -> script path, sorted by name."""
    folder = reports_dir()
    out = {}
    for f in sorted(folder.glob("*.py")):
        if f.name.startswith("_"):
            continue
        out[f.stem.replace("_", "-")] = f
    return out


def load(name: str):
    """Import reports/NAME.py and return its REPORT."""
    from simsuite.reporting.core import Report

    scripts = available()
    if name not in scripts:
        raise UserError(f"unknown report {name!r}; available: {', '.join(scripts)} "
                        "(see `simsuite report list`)")
    path = scripts[name]
    mod_name = f"simsuite_reports.{path.stem}"
    if mod_name in sys.modules:
        module = sys.modules[mod_name]
    else:
        spec = importlib.util.spec_from_file_location(mod_name, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[mod_name] = module
        try:
            spec.loader.exec_module(module)
        except Exception:
            del sys.modules[mod_name]
            raise
    report = getattr(module, "REPORT", None)
    if not isinstance(report, Report):
        raise UserError(f"reports/{path.name} defines no REPORT = Report(...); fix the script")
    return report


def all_reports() -> List:
    return [load(name) for name in available()]


def list_text() -> str:
    rows = [(r.name, r.description) for r in all_reports()]
    width = max(len(n) for n, _ in rows) if rows else 0
    lines = ["Reports (run `simsuite report NAME DATASET [--format md|csv|json] [--plot FILE.png]`):"]
    lines += [f"  {n.ljust(width)}  {d}" for n, d in rows]
    return "\n".join(lines) + "\n"


def report_command(name: str, args: Sequence[str]) -> None:
    """`simsuite report NAME ARGS...`; `simsuite report list` lists the reports."""
    if name == "list":
        if args:
            raise UserError("`simsuite report list` takes no arguments")
        sys.stdout.write(list_text())
        return
    code = load(name).run(list(args))
    if code:
        raise SystemExit(code)
