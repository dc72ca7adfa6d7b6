"""The step loop never touches Python (issue #2, "the step loop calls no Python").

Cython refuses to compile any Python object operation inside a `nogil` function, so a core
whose every C-level function is declared `noexcept nogil` has a step loop free of Python by
construction; the annotated build (SIMSUITE_ANNOTATE=1) shows the same. This test keeps it
so: a new C-level function without `nogil` fails here unless it is one of the named
Python-side helpers (argument packing and the Python-policy slow path).
"""
import re
from pathlib import Path

EXT = Path(__file__).resolve().parents[2] / "ext" / "scythe"
COMMON = EXT.parent / "common"   # the shared templates Scythe includes (the loop, the seats)

# Python-side C functions: they build C structs from Python dicts, or drive Python policies.
PYTHON_SIDE = {"_fill_solo", "_play_game_python", "play_python"}

# A C-level function's header (not `cdef class Game(GameCore):`, a Python class with a base).
SIGNATURE = re.compile(r"^(?:cdef|cpdef)\s+(?!class\b)(?:inline\s+)?[\w\*\s]+?\b(\w+)\s*\(([^)]*)\)([^:\n]*):", re.M)


def c_functions():
    for path in sorted(EXT.glob("*.pxi")) + sorted(COMMON.glob("*.pxi")):
        for m in SIGNATURE.finditer(path.read_text()):
            yield path.name, m.group(1), m.group(0)


def test_every_core_function_is_nogil():
    found = list(c_functions())
    assert len(found) > 100  # the parser still sees the core
    offenders = [f"{file}:{name}" for file, name, head in found
                 if "nogil" not in head and name not in PYTHON_SIDE]
    assert not offenders, f"C-level functions without noexcept nogil: {offenders}"


def test_the_batch_step_loop_runs_without_the_gil():
    heads = {name: head for _, name, head in c_functions()}
    for name in ("play_game_compiled", "play_to_end", "seats_choose", "advance", "apply_effect",
                 "choose", "legal_options"):
        if name in heads:
            assert "nogil" in heads[name], name
    assert "play_game_compiled" in heads and "nogil" in heads["play_game_compiled"]
    batch = (EXT / "batch.pxi").read_text()
    assert "with nogil" in batch  # the compiled loop releases the GIL around its games
