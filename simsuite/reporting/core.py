"""The report framework: one `Report` object per report script.

A report script (in reports/, or in a game's simsuite/games/<game>/reports/) defines

    def build(ds: Dataset, args) -> ReportResult: ...
    REPORT = Report("name", "Title", "one-line description", build, add_arguments=...)
    if __name__ == "__main__":
        raise SystemExit(REPORT.main())

and gets the shared command line (dataset, --format, --out, --plot, --game, --scenario,
--confidence, --correction), dataset opening and checks, output in every format and the
PNG chart. `simsuite report NAME ...` finds the script through the registry and calls
`REPORT.run(args)`. A report says what it needs: `needs` (columns) and `game` (set by the
registry for a game's own reports); a dataset without them is refused in one line before
`build` runs.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Callable, List, Optional, Sequence

from simsuite.errors import UserError
from simsuite.reporting.dataset import Dataset, open_dataset
from simsuite.reporting.tables import FORMATS, ReportResult, write_output


class _Parser(argparse.ArgumentParser):
    """argparse that raises a one-line UserError instead of printing usage and exiting."""

    def error(self, message):
        raise UserError(f"{self.prog}: {message}; see `{self.prog} -h`")


def _confidence(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--confidence {text!r} is not a number") from None
    if not 0.5 <= value < 1.0:
        raise argparse.ArgumentTypeError(f"--confidence {value} must be in [0.5, 1), e.g. 0.95")
    return value


class Report:
    """A named report: argument parsing, dataset opening, building and output."""

    def __init__(self, name: str, title: str, description: str,
                 build: Callable[[Dataset, argparse.Namespace], ReportResult],
                 add_arguments: Optional[Callable[[argparse.ArgumentParser], None]] = None,
                 in_all: bool = True, needs: Sequence[str] = (), game: Optional[str] = None):
        self.name = name
        self.title = title
        self.description = description
        self.build = build
        self.add_arguments = add_arguments
        self.in_all = in_all  # False: `report all` leaves it out (e.g. it needs more input)
        self.needs = tuple(needs)  # columns the report reads
        self.game = game  # the game whose datasets it reads (None: any game)

    def parser(self) -> argparse.ArgumentParser:
        p = _Parser(prog=f"simsuite report {self.name}", description=self.description)
        p.add_argument("dataset", help="dataset folder written by `simsuite run` (or a .parquet file)")
        p.add_argument("--format", default="table", choices=FORMATS,
                       help="table (terminal, default), md, csv or json")
        p.add_argument("--out", type=Path, default=None,
                       help="write to this file instead of the terminal (csv: one file per table)")
        p.add_argument("--plot", type=Path, default=None, metavar="FILE.png", help="also draw the chart(s)")
        p.add_argument("--game", default=None, help="only this game (needed when the dataset has several)")
        p.add_argument("--scenario", default=None, help="only this scenario")
        p.add_argument("--confidence", type=_confidence, default=0.95, help="interval level (default 0.95)")
        p.add_argument("--correction", choices=("holm", "bh"), default="holm",
                       help="multiple-comparison correction: holm (family-wise, default) or bh (FDR)")
        if self.add_arguments is not None:
            self.add_arguments(p)
        return p

    def parse(self, argv: Sequence[str]) -> argparse.Namespace:
        return self.parser().parse_args(list(argv))

    def open(self, args: argparse.Namespace) -> Dataset:
        return open_dataset(args.dataset, game=args.game, scenario=args.scenario)

    def check(self, ds: Dataset) -> None:
        """Refuse, in one line, a dataset of another game or without the needed columns."""
        if self.game is not None:
            ds.require_game(self.game, self.name)
        if self.needs:
            ds.require(self.needs, self.name)

    def applies_to(self, ds: Dataset) -> bool:
        """Whether `report all` shows it for this dataset: any game's report, or this game's."""
        return self.game is None or self.game in ds.games

    def result(self, args: argparse.Namespace, ds: Optional[Dataset] = None) -> ReportResult:
        """Build the report (opening the dataset unless one is given)."""
        ds = ds if ds is not None else self.open(args)
        self.check(ds)
        return self.build(ds, args)

    def emit(self, result: ReportResult, args: argparse.Namespace) -> List[Path]:
        written = write_output(result, args.format, args.out)
        if args.plot is not None:
            from simsuite.reporting.plots import save_charts

            written.append(save_charts(result.charts, args.plot))
        return written

    def run(self, argv: Sequence[str]) -> int:
        """Parse, build, write. Raises UserError on bad input; returns the exit status."""
        args = self.parse(argv)
        result = self.result(args)
        self.emit(result, args)
        return result.exit_code

    def main(self, argv: Optional[Sequence[str]] = None) -> int:
        """Entry point of `python reports/NAME.py`: a UserError becomes one line and status 2."""
        try:
            return self.run(sys.argv[1:] if argv is None else argv)
        except UserError as err:
            print(f"error: {err.message}", file=sys.stderr)
            return 2
