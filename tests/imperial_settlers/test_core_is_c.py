"""The Imperial Settlers core's step loop touches no Python: every C-level function of the
rules layers is `noexcept nogil` (Cython then refuses any Python operation inside it), and
the batch loop releases the GIL. Only game.pxi (the Python API) and batch.pxi's Python driver
are exempt.
"""
import re
from pathlib import Path

EXT = Path(__file__).resolve().parents[2] / "ext" / "imperial_settlers"
RULE_LAYERS = ("queries.pxi", "rules.pxi", "solo.pxi", "turn.pxi", "checks.pxi", "heuristics.pxi", "policies.pxi",
               "batch.pxi")
HEAD = re.compile(r"^cdef\s+(?:inline\s+)?[\w\*\s]+?\b(\w+)\s*\(([^)]*)\)([^:\n]*):", re.M)


def test_every_rules_function_is_nogil():
    heads = [(f, m.group(1), m.group(0)) for f in RULE_LAYERS
             for m in HEAD.finditer((EXT / f).read_text())]
    assert len(heads) > 60
    offenders = [f"{f}:{name}" for f, name, head in heads if "noexcept nogil" not in head]
    assert not offenders


def test_the_batch_loop_releases_the_gil():
    batch = (EXT / "batch.pxi").read_text()
    assert "with nogil:\n                    err = game_setup(" in batch
    assert "play_to_end(g, &seats, buf)" in batch
