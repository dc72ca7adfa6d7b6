"""Build the compiled game cores: every ext/<game>/<game>.pyx becomes simsuite._<game>.

One extension module per game: the game's rules, its compiled policies and its
batch loop are `include`d into a single translation unit so that the C compiler
can inline across them. Shared C-level pieces (the random generator) live in
ext/common as .pxd files of inline functions, so they need no module of their own.
"""
import os
from pathlib import Path

import shutil

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

try:
    from Cython.Build import cythonize
except ImportError as exc:  # pragma: no cover - build-time guard
    raise SystemExit("simsuite needs Cython to build: pip install cython") from exc

HERE = Path(__file__).parent
EXT = HERE / "ext"

# SIMSUITE_DEBUG=1 keeps bounds checks on, for hunting a crash in a core.
DEBUG = os.environ.get("SIMSUITE_DEBUG") == "1"

directives = {
    "language_level": 3,
    "boundscheck": DEBUG,
    "wraparound": False,
    "initializedcheck": DEBUG,
    "cdivision": True,
    "nonecheck": False,
    "infer_types": True,
    "embedsignature": True,
}

# -fno-trapping-math / -fno-math-errno let gcc if-convert floating-point code without changing
# any result (no -ffast-math: the golden digests in tests/test_golden.py pin every game).
RELEASE_ARGS = ["-O3", "-fno-math-errno", "-fno-trapping-math", "-fno-semantic-interposition"]
compile_args = ["-O0", "-g"] if DEBUG else RELEASE_ARGS

extensions = []
for game_dir in sorted(p for p in EXT.iterdir() if p.is_dir() and p.name != "common"):
    main = game_dir / f"{game_dir.name}.pyx"
    if main.exists():
        extensions.append(
            Extension(
                f"simsuite._{game_dir.name}",
                [str(main.relative_to(HERE))],
                extra_compile_args=compile_args,
                depends=[str(p.relative_to(HERE)) for p in game_dir.glob("*.p[xy]*")]
                + [str(p.relative_to(HERE)) for p in (EXT / "common").glob("*.px[di]")],
            )
        )



class build_py_with_reports(build_py):
    """Ship the top-level reports/ scripts inside the wheel, as simsuite/_reports/.

    In a source checkout (or an editable install) the registry reads reports/ directly; an
    installed wheel has no checkout beside it, so `simsuite report` finds the copy instead.
    """

    def run(self):
        super().run()
        target = Path(self.build_lib) / "simsuite" / "_reports"
        target.mkdir(parents=True, exist_ok=True)
        for script in (HERE / "reports").glob("*.py"):
            shutil.copy2(script, target / script.name)


setup(
    cmdclass={"build_py": build_py_with_reports},
    ext_modules=cythonize(
        extensions,
        include_path=[str(EXT)],
        compiler_directives=directives,
        annotate=os.environ.get("SIMSUITE_ANNOTATE") == "1",
        nthreads=int(os.environ.get("SIMSUITE_BUILD_JOBS", "2")),
    ),
)
