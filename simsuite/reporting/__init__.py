"""Balance reports over results datasets, from the keys each game declares (simsuite/schema.py).

Pieces shared by every report script, in reports/ (any game) and in
simsuite/games/<game>/reports/ (one game's own); see reports/README.md for the user's view:

- `dataset`  opening a dataset lazily (polars, streaming), its game declarations and keys,
             column checks, filters
- `analysis` group tables: win rates with Wilson intervals, each group against its field,
             equality tests; the win-rate semantics are documented there
- `stats`    Wilson, binomial test, chi-square, Student t, Holm / Benjamini-Hochberg
- `tables`   ReportResult and its output: terminal, Markdown, CSV, JSON, HTML
- `plots`    PNG charts (matplotlib, imported only when drawing)
- `core`     the Report class every script defines (command line, output, --plot)
- `registry` discovery of the report scripts by folder, `simsuite report NAME` and its help
- `synthetic` synthetic and handmade datasets of any declared game, for tests and the benchmark
- `bench`    `report_benchmark()`: every report on a large synthetic dataset
"""
from simsuite.reporting.core import Report
from simsuite.reporting.tables import Chart, Col, ReportResult, Table

__all__ = ["Report", "ReportResult", "Table", "Col", "Chart"]
