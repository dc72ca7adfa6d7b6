"""Every core's step loop never touches Python (issues #2 and #13: one rule for every core).

Cython refuses to compile any Python object operation inside a `nogil` function, so a core
whose every C-level function below its api layer is declared `noexcept nogil` has a step loop
free of Python by construction; the annotated build (SIMSUITE_ANNOTATE=1) shows the same. A
core's `.pyx` includes its files in layers (ext/README.md); the api layer starts where it
includes `common/game_api.pxi` and holds the Python-facing classes, so it is exempt. Below it,
a C-level function without `nogil` fails here unless it is one of the named Python-side
helpers of the batch layer (argument packing and the Python-policy slow path).
"""
import re
from pathlib import Path

import pytest

EXT = Path(__file__).resolve().parents[1] / "ext"
CORES = sorted(p.name for p in EXT.iterdir() if (p / f"{p.name}.pyx").is_file())

# Python-side C functions of the batch layer: they build C structs from Python values, or
# drive Python policies (common/play.pxi play_python, a core's _play_game_python).
PYTHON_SIDE = {"play_python", "_fill_solo", "_play_game_python"}

# A C-level function's header (not `cdef class Game(GameCore):`, a Python class with a base).
SIGNATURE = re.compile(r"^(?:cdef|cpdef)\s+(?!class\b)(?:inline\s+)?[\w\*\s]+?\b(\w+)\s*\(([^)]*)\)([^:\n]*):", re.M)
INCLUDE = re.compile(r'^include "([^"]+)"', re.M)


def below_api(core: str) -> list[Path]:
    """The files a core includes (directly or from an included file) before its api layer, in
    include order."""
    out: list[Path] = []

    def walk(path: Path) -> bool:
        for name in INCLUDE.findall(path.read_text()):
            if name == "common/game_api.pxi":
                return False
            found = EXT / core / name if (EXT / core / name).is_file() else EXT / name
            out.append(found)
            if not walk(found):
                return False
        return True

    walk(EXT / core / f"{core}.pyx")
    return out


def c_functions(core: str):
    for path in below_api(core):
        for m in SIGNATURE.finditer(path.read_text()):
            yield path.name, m.group(1), m.group(0)


def test_every_core_is_checked():
    assert {"scythe", "rurik", "imperial_settlers"} <= set(CORES)


@pytest.mark.parametrize("core", CORES)
def test_every_function_below_the_api_layer_is_nogil(core):
    found = list(c_functions(core))
    assert len(found) > 30  # the parser still sees the core
    offenders = [f"{file}:{name}" for file, name, head in found
                 if "nogil" not in head and name not in PYTHON_SIDE]
    assert not offenders, f"{core}: C-level functions without noexcept nogil: {offenders}"


@pytest.mark.parametrize("core", CORES)
def test_the_batch_step_loop_runs_without_the_gil(core):
    heads = {name: head for _, name, head in c_functions(core)}
    for name in ("play_to_end", "seats_choose", "game_advance", "game_apply", "game_choose"):
        assert name in heads and "nogil" in heads[name], f"{core}: {name}"
    batch = (EXT / core / "batch.pxi").read_text()
    assert "with nogil" in batch  # the compiled loop releases the GIL around its games
