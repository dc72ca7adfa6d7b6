"""Faction and player-mat names <-> the integer ids the compiled core uses.

Ids are positions in `ScytheData.factions` / `ScytheData.mats` (the order of
factions.toml / player_mats.toml). Lookups ignore case and surrounding spaces; a mat
may also be named by its printed number ("1", "2a"). Unknown names raise
`simsuite.errors.UserError` with a one-line message listing the valid names.
"""
from __future__ import annotations

from typing import Iterable, Optional, Union

from simsuite.datafiles import closest
from simsuite.errors import UserError
from simsuite.games.scythe import model as M
from simsuite.games.scythe.data import SETS, load_data

NameOrId = Union[str, int]


def _data(data: Optional[M.ScytheData]) -> M.ScytheData:
    return data if data is not None else load_data()


def faction_names(data: Optional[M.ScytheData] = None) -> tuple:
    """Faction names in id order."""
    return tuple(_data(data).factions)


def mat_names(data: Optional[M.ScytheData] = None) -> tuple:
    """Player-mat names in id order."""
    return tuple(_data(data).mats)


def _lookup(kind: str, value: NameOrId, names: tuple, aliases: dict, full: dict) -> int:
    if isinstance(value, bool):
        raise UserError(f"{kind} must be a name, not {value!r}; use one of: {', '.join(names)}")
    if isinstance(value, int):
        if 0 <= value < len(names):
            return value
        raise UserError(f"{kind} id {value} is out of range 0..{len(names) - 1}; use one of: {', '.join(names)}")
    if not isinstance(value, str):
        raise UserError(f"{kind} must be a name, not {value!r}; use one of: {', '.join(names)}")
    key = value.strip().lower()
    if key in aliases:
        return aliases[key]
    if key in full:  # defined in the data but its set is not included
        raise UserError(f"{kind} {value!r} belongs to the {full[key]!r} set, which is not included; "
                        f"add {full[key]!r} to the included sets or use one of: {', '.join(names)}")
    hint = closest(key, aliases)
    did = f"did you mean {hint!r}? " if hint else ""
    raise UserError(f"unknown {kind} {value!r}; {did}valid {kind}s: {', '.join(names)}")


def _all_sets() -> M.ScytheData:
    return load_data(include_sets=SETS)


def faction_id(value: NameOrId, data: Optional[M.ScytheData] = None) -> int:
    """The id of a faction given its name (any case) or id."""
    data = _data(data)
    names = tuple(data.factions)
    aliases = {n.lower(): i for i, n in enumerate(names)}
    full = {n: f.expansion for n, f in _all_sets().factions.items() if n not in aliases}
    return _lookup("faction", value, names, aliases, full)


def mat_id(value: NameOrId, data: Optional[M.ScytheData] = None) -> int:
    """The id of a player mat given its name (any case), printed number or id."""
    data = _data(data)
    names = tuple(data.mats)
    aliases = {n.lower(): i for i, n in enumerate(names)}
    for i, m in enumerate(data.mats.values()):
        aliases.setdefault(m.number.lower(), i)
    full = {}
    for n, m in _all_sets().mats.items():
        if n not in aliases:
            full[n] = m.expansion
            full.setdefault(m.number.lower(), m.expansion)
    return _lookup("mat", value, names, aliases, full)


def faction_name(value: NameOrId, data: Optional[M.ScytheData] = None) -> str:
    """The canonical (lower-case) faction name for a name or id."""
    data = _data(data)
    return tuple(data.factions)[faction_id(value, data)]


def mat_name(value: NameOrId, data: Optional[M.ScytheData] = None) -> str:
    """The canonical (lower-case) mat name for a name, printed number or id."""
    data = _data(data)
    return tuple(data.mats)[mat_id(value, data)]


def faction_ids(values: Iterable[NameOrId], data: Optional[M.ScytheData] = None) -> list:
    """Ids for a list of factions; a faction named twice is an error."""
    return _distinct("faction", [faction_id(v, _data(data)) for v in values], faction_names(data))


def mat_ids(values: Iterable[NameOrId], data: Optional[M.ScytheData] = None) -> list:
    """Ids for a list of mats; a mat named twice is an error."""
    return _distinct("mat", [mat_id(v, _data(data)) for v in values], mat_names(data))


def _distinct(kind: str, ids: list, names: tuple) -> list:
    seen = set()
    for i in ids:
        if i in seen:
            raise UserError(f"{kind} {names[i]!r} is named twice; give each seat a different {kind}")
        seen.add(i)
    return ids
