"""The benchmark tools of ext/scythe are scripts, not a package: the tests load them by path."""
from __future__ import annotations

import importlib.util
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def load_tool(name: str):
    """ext/scythe/NAME.py as a module."""
    spec = importlib.util.spec_from_file_location(name, REPO / "ext" / "scythe" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
