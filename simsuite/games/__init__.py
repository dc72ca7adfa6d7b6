"""Registry of games the runner can play.

Built-in games are listed in `_BUILTIN` (name -> "module:attribute", imported on first use, so a
game whose compiled core is not built does not stop the others). A scenario may also name a
game spec outside simsuite by dotted path, `game = "package.module:SpecClass"`.
"""
from __future__ import annotations

import importlib

from simsuite.errors import UserError
from simsuite.games.base import GameSpec

_BUILTIN = {
    "scythe": "simsuite.games.scythe.spec:ScytheSpec",
    "scythe-automa": "simsuite.games.scythe.automa_spec:AutomaSpec",   # solo, rulebook 003
}
_REGISTERED: dict[str, GameSpec] = {}


def register_game(spec: GameSpec) -> None:
    """Add a game spec instance under `spec.name` (used by plug-ins and tests)."""
    _REGISTERED[spec.name] = spec


def known_games() -> list[str]:
    return sorted(set(_BUILTIN) | set(_REGISTERED))


def _load(target: str, name: str) -> GameSpec:
    module_name, _, attr = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as err:
        raise UserError(f"game {name!r} cannot be loaded ({err}); check the module path "
                        "and, for a compiled core, build it: python setup.py build_ext --inplace")
    obj = getattr(module, attr, None)
    if obj is None:
        raise UserError(f"game {name!r}: module {module_name} has no {attr!r}; "
                        "check the name after the colon")
    spec = obj() if isinstance(obj, type) else obj
    if not isinstance(spec, GameSpec):
        raise UserError(f"game {name!r}: {target} is not a simsuite.games.base.GameSpec; "
                        "subclass GameSpec")
    return spec


def get_game(name: str) -> GameSpec:
    """The spec of game `name` (a registered name or "package.module:Spec")."""
    if name in _REGISTERED:
        return _REGISTERED[name]
    if name in _BUILTIN:
        spec = _load(_BUILTIN[name], name)
        _REGISTERED[name] = spec
        return spec
    if ":" in name:
        spec = _load(name, name)
        _REGISTERED[name] = spec
        return spec
    raise UserError(f"unknown game {name!r}; known games: {', '.join(known_games())} "
                    "(or a spec's dotted path, package.module:Class)")
