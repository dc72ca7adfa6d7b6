"""The shape of the code (issue #13): shared modules know no game, and no import circle.

- No module under simsuite/ outside a game's own package names one of Scythe's factions or
  mats, or reaches into Scythe's package or core: generic code asks a game through its spec
  and its declared schema (simsuite/games/base.py, simsuite/schema.py).
- The modules of simsuite import each other without a circle, counting imports made inside
  functions too (a lazy import still ties two modules together).
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PKG = REPO / "simsuite"
SCYTHE_NAMES = ("nordic", "rusviet", "polania", "crimea", "saxony", "albion", "togawa",
                "industrial", "engineering", "patriotic", "mechanical", "agricultural",
                "militant", "innovative")
SCYTHE_CODE = re.compile(r"games[./]scythe|_scythe\b")


def _modules() -> dict[str, Path]:
    out = {}
    for path in PKG.rglob("*.py"):
        rel = path.relative_to(REPO).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def _game_package(module: str) -> bool:
    parts = module.split(".")
    return len(parts) > 2 and parts[1] == "games" and (PKG / "games" / parts[2]).is_dir()


def test_shared_modules_name_no_game_content():
    offenders = []
    for module, path in _modules().items():
        if _game_package(module):
            continue
        text = path.read_text(encoding="utf-8").lower()
        for word in SCYTHE_NAMES:
            if re.search(rf"\b{word}\b", text):
                offenders.append(f"{path.relative_to(REPO)} names {word!r}")
        if SCYTHE_CODE.search(text):
            offenders.append(f"{path.relative_to(REPO)} reaches into Scythe's package or core")
    assert not offenders, "\n".join(offenders)


def _imports(module: str, path: Path, known: set) -> set:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            names = [base] + [f"{base}.{a.name}" for a in node.names]
        else:
            continue
        for name in names:
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name and name != module:
                out.add(name)
    return out


def test_no_import_circle():
    mods = _modules()
    known = set(mods)
    graph = {m: _imports(m, p, known) for m, p in mods.items()}
    # a package's __init__ importing its own submodules is not a circle through the package
    for m in graph:
        graph[m] = {d for d in graph[m] if not (m.startswith(d + ".") and d in known)}
    state: dict[str, int] = {}
    stack: list[str] = []
    cycles = []

    def visit(m):
        state[m] = 1
        stack.append(m)
        for d in sorted(graph[m]):
            if state.get(d) == 1:
                cycles.append(stack[stack.index(d):] + [d])
            elif d not in state:
                visit(d)
        stack.pop()
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m)
    assert not cycles, "import circles:\n" + "\n".join(" -> ".join(c) for c in cycles)


def test_every_data_file_ships_in_the_wheel():
    """`pip install .` (the README's main command) ships only the package data pyproject names:
    every data file under simsuite/ must match one of its patterns (a shipped weights table once
    did not, and the default scenario failed in a fresh install)."""
    import fnmatch
    import tomllib

    patterns = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"][
        "package-data"]["simsuite"]
    missing = []
    for path in PKG.rglob("*"):
        if not path.is_file() or path.suffix in (".py", ".pyc", ".so", ".c", ".md", ".html"):
            continue
        rel = path.relative_to(PKG).as_posix()
        if not any(fnmatch.fnmatch(rel, pat) for pat in patterns):
            missing.append(rel)
    assert not missing, f"not in [tool.setuptools.package-data]: {missing}"
