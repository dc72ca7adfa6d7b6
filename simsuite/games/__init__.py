"""The games simsuite can play, found by looking, not by a list.

A game is a package `simsuite.games.<package>` whose `__init__.py` declares (and imports nothing
heavy, so that finding the games loads no compiled core):

    GAME = "mygame"                                  # the name scenarios use
    SPEC = "simsuite.games.mygame.spec:MyGameSpec"   # its GameSpec, imported on first use
    POLICIES = "simsuite.games.mygame.policies"      # module with its POLICIES tuple (optional)
    ALIASES = ("mygame-solo",)                       # other names it answers to (optional)

Game packages are looked for in this folder and in every folder listed in the environment
variable SIMSUITE_GAME_PATH (separated like PATH), so a game can live in a folder of its own
without touching simsuite. A scenario may also name a spec by dotted path,
`game = "package.module:SpecClass"`; `register_game` adds an instance (tests, plug-ins).
"""
from __future__ import annotations

import importlib
import os
import pkgutil
from functools import lru_cache
from types import ModuleType

from simsuite.errors import UserError, import_named
from simsuite.games.base import GameSpec

ENV = "SIMSUITE_GAME_PATH"
_REGISTERED: dict[str, GameSpec] = {}


def add_game_path(folder) -> None:
    """Look for game packages in `folder` too (what SIMSUITE_GAME_PATH does at import)."""
    folder = os.fspath(folder)
    if folder not in __path__:
        __path__.append(folder)
        game_packages.cache_clear()


@lru_cache(maxsize=1)
def game_packages() -> dict[str, ModuleType]:
    """Every game package found, by game name and alias."""
    found: dict[str, ModuleType] = {}
    for info in pkgutil.iter_modules(__path__):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        name = getattr(module, "GAME", None)
        if name is None:
            continue   # a helper package, not a game
        if not isinstance(getattr(module, "SPEC", None), str):
            raise UserError(f"game package {module.__name__} declares GAME but no SPEC = "
                            "\"module:Class\"; add it to its __init__.py")
        for alias in (name, *getattr(module, "ALIASES", ())):
            if alias in found and found[alias] is not module:
                raise UserError(f"two game packages are called {alias!r} ({found[alias].__name__}, "
                                f"{module.__name__}); rename one")
            found[alias] = module
    return found


for _folder in filter(None, os.environ.get(ENV, "").split(os.pathsep)):
    add_game_path(_folder)


def register_game(spec: GameSpec) -> None:
    """Add a game spec instance under `spec.name` (used by plug-ins and tests)."""
    _REGISTERED[spec.name] = spec


def known_games() -> list[str]:
    return sorted({m.GAME for m in game_packages().values()} | set(_REGISTERED))


def _load(target: str, name: str) -> GameSpec:
    obj = import_named(target, f"game {name!r}", "check the module path and, for a compiled "
                       "core, build it: python setup.py build_ext --inplace")
    spec = obj() if isinstance(obj, type) else obj
    if not isinstance(spec, GameSpec):
        raise UserError(f"game {name!r}: {target} is not a simsuite.games.base.GameSpec; "
                        "subclass GameSpec")
    return spec


def get_game(name: str) -> GameSpec:
    """The spec of game `name` (a game name or alias, or "package.module:Spec")."""
    if name in _REGISTERED:
        return _REGISTERED[name]
    package = game_packages().get(name)
    if package is not None:
        spec = _load(package.SPEC, name)
        _REGISTERED[name] = spec
        return spec
    if ":" in name:
        spec = _load(name, name)
        _REGISTERED[name] = spec
        return spec
    raise UserError(f"unknown game {name!r}; known games: {', '.join(known_games())} "
                    "(or a spec's dotted path, package.module:Class)")


def policy_module(game: str):
    """The module listing a game's compiled policies (its POLICIES tuple), or None."""
    package = game_packages().get(game)
    target = getattr(package, "POLICIES", None) if package is not None else None
    return importlib.import_module(target) if target else None
