"""Finding the report scripts, and `simsuite report`.

Report scripts live in two kinds of folder, found by globbing (no central list, and no game
package is imported to find them):
- `reports/` beside the `simsuite` package in a source checkout (an installed wheel carries a
  copy as simsuite/_reports; the SIMSUITE_REPORTS environment variable names another
  folder): reports that work on any game's dataset;
- `simsuite/games/<game>/reports/`: that game's own reports (the registry marks them with
  the game, so they refuse other games' datasets and `report all` shows them only for it).
Every `NAME.py` there that does not start with `_` defines `REPORT`; `my_report.py` is the
report `my-report`. Report names are unique across the folders.
"""
from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from typing import Dict, List, Optional, Sequence

from simsuite.errors import UserError

ENV = "SIMSUITE_REPORTS"
GAMES_DIR = Path(__file__).resolve().parents[1] / "games"
HELP = ("-h", "--help", "help")


def reports_dir() -> Path:
    """The folder of the reports that work on any game's dataset."""
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


def game_report_dirs() -> Dict[str, Path]:
    """Game name -> its reports folder, for every simsuite/games/<game>/reports/."""
    return {d.parent.name: d for d in sorted(GAMES_DIR.glob("*/reports")) if d.is_dir()}


def game_of(path: Path) -> Optional[str]:
    """The game whose reports folder holds a script (None for the generic folder)."""
    folder = path.parent
    return folder.parent.name if folder.parent.parent == GAMES_DIR else None


def available() -> Dict[str, Path]:
    """Report name -> script path, sorted by name."""
    out: Dict[str, Path] = {}
    for folder in [reports_dir(), *game_report_dirs().values()]:
        for f in sorted(folder.glob("*.py")):
            if f.name.startswith("_"):
                continue
            name = f.stem.replace("_", "-")
            if name in out:
                raise UserError(f"report {name} is defined twice ({out[name]} and {f}); rename one")
            out[name] = f
    return dict(sorted(out.items()))


def load(name: str):
    """Import a report script and return its REPORT (a game's report marked with its game)."""
    from simsuite.reporting.core import Report

    scripts = available()
    if name not in scripts:
        raise UserError(f"unknown report {name!r}; available: {', '.join(scripts)} "
                        "(see `simsuite report --help`)")
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
        raise UserError(f"{path} defines no REPORT = Report(...); fix the script")
    game = game_of(path)
    if game is not None and report.game is None:
        report.game = game
    return report


def all_reports() -> List:
    return [load(name) for name in available()]


def list_text() -> str:
    rows = [(r.name, r.description + (f" [{r.game} datasets only]" if r.game else ""))
            for r in all_reports()]
    width = max(len(n) for n, _ in rows) if rows else 0
    lines = ["Reports (run `simsuite report NAME DATASET [--format md|csv|json] [--plot FILE.png]`):"]
    lines += [f"  {n.ljust(width)}  {d}" for n, d in rows]
    return "\n".join(lines) + "\n"


def help_text() -> str:
    return ("usage: simsuite report NAME DATASET [options]   run one report on a dataset\n"
            "       simsuite report NAME --help              that report's own options\n"
            "       simsuite report list                     the reports, one line each\n\n"
            + list_text())


def report_command(name: Optional[str], args: Sequence[str]) -> None:
    """`simsuite report NAME ARGS...`; `list` or `--help` lists the reports, `NAME --help`
    prints that report's options."""
    args = list(args)
    if name is None or name in HELP:
        sys.stdout.write(help_text())
        return
    if name == "list":
        if args:
            raise UserError("`simsuite report list` takes no arguments")
        sys.stdout.write(list_text())
        return
    report = load(name)
    if any(a in HELP[:2] for a in args):
        report.parser().print_help()
        return
    code = report.run(args)
    if code:
        raise SystemExit(code)
