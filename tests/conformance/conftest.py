"""The conformance suite's Python policy must import in joblib's worker processes too."""
from __future__ import annotations

import os
import sys
from pathlib import Path

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
os.environ["PYTHONPATH"] = os.pathsep.join(
    [HERE] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p and p != HERE])
