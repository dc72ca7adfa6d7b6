"""The data-file layer every game uses: typed TOML sections, provenance per entry, user
override files, and one-line errors that name the file and entry and suggest the fix.

A game declares its files once, as a `DataFiles`; `load()` reads the shipped files, applies
the user's override files in order, checks every field and returns a `Loaded` whose
`entries[section][key]` are the checked entries. The game then runs its own cross-checks
(raising `loaded.err(...)`, which names the file that last set the entry) and builds its
model objects. Every problem is a `simsuite.errors.UserError` of one line:
`<file>: <entry>: <problem>; <fix>`.

A made-up game, with one file of each section kind:

    from simsuite import datafiles as df

    PROV = df.ProvenanceFields(("seed", "public-confirmed", "public-single-source", "unknown"),
                               must_be_provisional=("unknown",))
    FILES = df.DataFiles(files=("cards.toml",), provenance=PROV, sections=(
        # [building.farm] ... : a table of entries keyed by the table key
        df.Section("building", "cards.toml", {"cost": (df.Int(0, 9), df.REQUIRED)},
                   key=df.name_key),
        # [[card]] with id = 1 ... : an array of tables keyed by one of their fields
        df.Section("card", "cards.toml", {"wood": (df.Int(0, 5), 0)},
                   key=df.int_key(1, 40), array="id"),
        # [limits] : one plain table; overrides may not touch it
        df.Section("limits", "cards.toml", {"hand": (df.Int(1, 9), df.REQUIRED)},
                   locked="is printed on the box"),
    ))

    loaded = FILES.load(overrides, DATA_DIR)
    for key, card in loaded.entries["card"].items():
        if card["wood"] > loaded.entries["limits"]["hand"]:
            raise loaded.err("card", key, "wants more wood than a hand holds", "lower wood")

Sections. Section names are unique across a game's files, so one override file may mix entries
for any of them. A shipped file has a `[meta]` table with a `[[meta.sources]]` list and every
section it ships; each entry carries the provenance block (`source`, `confidence` from the
game's vocabulary, an optional `note`, and `provisional` where the game asks for it), unless
its section names a subset (`provenance=("source",)`) or none.

Overrides. An entry whose key exists is merged into it (tables merge key by key, recursively;
any other value replaces the old one); a new key adds an entry, which must then be complete;
`present = false` removes an entry. A section may limit this: `adds=False` (no new entries),
`only=("default",)` (an override may set only these fields, and not remove the entry),
`locked="<why>"` (no override at all). The merged data is checked exactly like the shipped
files.

Suggestions. `closest()` and `did_you_mean()` are the one "did you mean" helper of simsuite:
data files, scenario files and name lookups all use them.
"""
from __future__ import annotations

import difflib
import math
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Optional, Sequence

from simsuite.errors import UserError

# ----------------------------------------------------------------- suggestions

CUTOFF = 0.6  # difflib similarity below which no suggestion is made


def closest(word: Any, choices: Iterable[Any], cutoff: float = CUTOFF) -> Optional[str]:
    """The choice most like `word` (compared as text), or None when none is close."""
    hit = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1, cutoff=cutoff)
    return hit[0] if hit else None


def did_you_mean(word: Any, choices: Iterable[Any]) -> str:
    """The fix half of an error about an unknown name: the closest choice, else all of them."""
    choices = [str(c) for c in choices]
    hit = closest(word, choices)
    return f"did you mean {hit!r}?" if hit else "valid: " + ", ".join(choices)


# ------------------------------------------------------------------ errors

class Bad(Exception):
    """A problem inside one entry, with its fix; the layer adds the file and entry."""

    def __init__(self, problem: str, fix: str):
        super().__init__(problem)
        self.problem = problem
        self.fix = fix


def fail(file: str, entry: Optional[str], problem: str, fix: str) -> UserError:
    """The one-line error `<file>: <entry>: <problem>; <fix>` (the entry may be left out)."""
    where = f"{file}: {entry}: " if entry else f"{file}: "
    return UserError(f"{where}{problem}; {fix}")


def show(v: Any) -> str:
    """A value as it is written in TOML (strings quoted, booleans lower case)."""
    return repr(v) if isinstance(v, str) else str(v).lower() if isinstance(v, bool) else str(v)


# ----------------------------------------------------------------- field checkers
# A checker is called with (value, field name) and returns the checked value or raises Bad.

REQUIRED = object()  # the default of a field that must be given


class Int:
    def __init__(self, lo: int = 0, hi: Optional[int] = None):
        self.lo, self.hi = lo, hi

    def __call__(self, v, name):
        if isinstance(v, bool) or not isinstance(v, int):
            raise Bad(f"{name} must be a whole number, not {show(v)}", "write it as an integer without quotes")
        if v < self.lo or (self.hi is not None and v > self.hi):
            rng = f"{self.lo}..{self.hi}" if self.hi is not None else f">= {self.lo}"
            raise Bad(f"{name} is {v}, outside {rng}", f"use a value in {rng}")
        return v


class Float:
    def __init__(self, lo: float, hi: float):
        self.lo, self.hi = lo, hi

    def __call__(self, v, name):
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
            raise Bad(f"{name} must be a number, not {show(v)}", "write it as a number without quotes")
        if not self.lo <= v <= self.hi:
            raise Bad(f"{name} is {v}, outside {self.lo}..{self.hi}", f"use a value in {self.lo}..{self.hi}")
        return float(v)


class Bool:
    def __call__(self, v, name):
        if not isinstance(v, bool):
            raise Bad(f"{name} must be true or false, not {show(v)}", "write true or false without quotes")
        return v


class Str:
    def __init__(self, choices: Optional[Sequence[str]] = None, nonempty: bool = True):
        self.choices, self.nonempty = choices, nonempty

    def __call__(self, v, name):
        if not isinstance(v, str):
            raise Bad(f"{name} must be a string, not {show(v)}", "put the value in double quotes")
        if self.choices is not None and v not in self.choices:
            raise Bad(f"{name} {v!r} is not a known name", did_you_mean(v, self.choices))
        if self.nonempty and not v.strip():
            raise Bad(f"{name} is empty", "write a non-empty text")
        return v


class Anything:
    """Any TOML value; the game checks it against other fields afterwards."""

    def __call__(self, v, name):
        return v


class List:
    def __init__(self, item, length: Optional[int] = None, unique: bool = False,
                 min_len: int = 0, max_len: Optional[int] = None):
        self.item, self.length, self.unique = item, length, unique
        self.min_len, self.max_len = min_len, max_len

    def __call__(self, v, name):
        if not isinstance(v, list):
            raise Bad(f"{name} must be a list [..], not {show(v)}", "write it as [a, b, ...]")
        if self.length is not None and len(v) != self.length:
            raise Bad(f"{name} has {len(v)} items, expected {self.length}", f"give exactly {self.length} items")
        if len(v) < self.min_len:
            raise Bad(f"{name} has {len(v)} items, at least {self.min_len} needed", f"give at least {self.min_len} items")
        if self.max_len is not None and len(v) > self.max_len:
            raise Bad(f"{name} has {len(v)} items, at most {self.max_len} allowed", f"give at most {self.max_len} items")
        out = [self.item(x, f"{name}[{i}]") for i, x in enumerate(v)]
        if self.unique:
            seen = set()
            for x in out:
                if repr(x) in seen:
                    raise Bad(f"{name} lists {show(x)} twice", "list each item once")
                seen.add(repr(x))
        return out


class Table:
    """A sub-table with known keys: `fields` maps key -> (checker, default or REQUIRED)."""

    def __init__(self, fields: dict):
        self.fields = fields

    def __call__(self, v, name):
        if not isinstance(v, dict):
            raise Bad(f"{name} must be a table {{..}}, not {show(v)}", "write it as { key = value, ... }")
        return check_fields(v, self.fields, name + ".")


class Map:
    """A table whose keys come from `keys` (any text when None; all required when `complete`)."""

    def __init__(self, keys: Optional[Sequence[str]], value, complete: bool = False):
        self.keys, self.value, self.complete = keys, value, complete

    def __call__(self, v, name):
        if not isinstance(v, dict):
            raise Bad(f"{name} must be a table {{..}}, not {show(v)}", "write it as { key = value, ... }")
        if self.keys is None:
            return {k: self.value(x, f"{name}.{k}") for k, x in v.items()}
        for k in v:
            if k not in self.keys:
                raise Bad(f"unknown key {name}.{k}", did_you_mean(k, self.keys))
        if self.complete:
            for k in self.keys:
                if k not in v:
                    raise Bad(f"{name} has no {k!r}", f"add {name}.{k}")
        # keep the vocabulary order, so dict order is predictable
        return {k: self.value(v[k], f"{name}.{k}") for k in self.keys if k in v}


def check_fields(raw: dict, fields: dict, prefix: str = "") -> dict:
    """Check a table against `fields` (name -> (checker, default)); defaults fill the gaps."""
    for k in raw:
        if k not in fields:
            raise Bad(f"unknown key {prefix}{k}" if prefix else f"unknown key {k!r}", did_you_mean(k, fields))
    out = {}
    for k, (check, default) in fields.items():
        if k in raw:
            out[k] = check(raw[k], prefix + k)
        elif default is REQUIRED:
            raise Bad(f"missing {prefix}{k}", f"add {prefix}{k}")
        else:
            out[k] = default
    return out


# ------------------------------------------------------------------ entry keys
# A key checker is called with (key, name) and returns the canonical key or raises Bad. A table
# key (`[cell.10]`) is text; an array's key field (`id = 10`) keeps its TOML type.

def int_key(lo: int, hi: int) -> Callable:
    check = Int(lo, hi)

    def canon(k, name):
        if not isinstance(k, str):
            return check(k, name)
        if not re.fullmatch(r"\d+", k) or not lo <= int(k) <= hi:
            raise Bad(f"{name} {k!r} is not a number in {lo}..{hi}", f"use a {name} in {lo}..{hi}")
        return str(int(k))
    return canon


def name_key(k, name):
    if not isinstance(k, str) or not re.fullmatch(r"[a-z][a-z0-9_]*", k):
        fix = re.sub(r"[^a-z0-9_]", "_", str(k).lower())
        raise Bad(f"{name} {show(k)} is not a lower-case name", f"write it as {fix!r}")
    return k


def choice_key(choices: Sequence[str]) -> Callable:
    def canon(k, name):
        if k not in choices:
            raise Bad(f"{name} {show(k)} is not a known name", did_you_mean(k, choices))
        return k
    return canon


# ------------------------------------------------------------------ provenance

@dataclass(frozen=True)
class Provenance:
    """Where a value came from and how sure we are (a word of the game's vocabulary)."""
    source: str
    confidence: str
    note: str = ""
    provisional: bool = False   # the value is a stand-in until a better source is found


class ProvenanceFields:
    """The provenance block of a game's entries: `source`, `confidence` (one of `levels`),
    an optional `note`, and with `provisional` (or `must_be_provisional`) an optional
    `provisional = true`, required for the confidence words in `must_be_provisional`."""

    def __init__(self, levels: Sequence[str], *, provisional: bool = False,
                 must_be_provisional: Sequence[str] = ()):
        self.levels = tuple(levels)
        self.must_be_provisional = tuple(must_be_provisional)
        self.fields = {
            "source": (Str(), REQUIRED),
            "confidence": (Str(self.levels), REQUIRED),
            "note": (Str(nonempty=False), ""),
        }
        if provisional or self.must_be_provisional:
            self.fields["provisional"] = (Bool(), False)

    def pick(self, names: Sequence[str]) -> dict:
        return {n: self.fields[n] for n in names}

    def check(self, entry: dict) -> None:
        if entry.get("confidence") in self.must_be_provisional and not entry.get("provisional"):
            raise Bad(f"confidence {entry['confidence']!r} needs provisional = true",
                      "mark the entry provisional = true, or give a better source and confidence")

    def record(self, entry: dict) -> Provenance:
        return Provenance(source=entry["source"], confidence=entry["confidence"], note=entry["note"],
                          provisional=entry.get("provisional", False))


# ------------------------------------------------------------------ sections

@dataclass(frozen=True)
class Section:
    """One top-level table of a data file.

    Kinds: `key` given, `array` None: a table of entries keyed by the table key (`[cell.10]`);
    `key` and `array` given: an array of tables keyed by their field `array` (`[[card]]`,
    `id = 1`); neither: one plain table (`[setup]`).
    """
    name: str                     # top-level table name, unique across the game's files
    file: str                     # the data file that ships it
    fields: dict                  # field name -> (checker, default or REQUIRED)
    key: Optional[Callable] = None  # key checker of an entry (see int_key, name_key, choice_key)
    array: Optional[str] = None   # the field that keys an array's entries
    what: str = ""                # how an entry is named in messages ("cell", "banned pair"); default: name
    provenance: Any = True        # True: the game's provenance block; a tuple: those of its fields; False: none
    adds: bool = True             # may an override file add entries?
    only: Optional[tuple] = None  # the only fields an override may set (and no removal)
    locked: str = ""              # why an override may not touch the section at all

    @property
    def keyed(self) -> bool:
        return self.key is not None

    def label(self, key: Any = None) -> str:
        """How messages name an entry (`cell 26`) or the plain table (`[setup]`)."""
        return f"{self.what or self.name} {key}" if self.keyed else f"[{self.name}]"


class DataFiles:
    """A game's data files: their names in load order, their sections, its provenance block."""

    def __init__(self, files: Sequence[str], sections: Sequence[Section],
                 provenance: Optional[ProvenanceFields] = None):
        for s in sections:
            if s.array and not s.keyed:
                raise ValueError(f"section {s.name!r}: an array section needs a key checker")
        self.files = tuple(files)
        self.sections = {s.name: s for s in sections}
        self.provenance = provenance
        self.file_sections = {f: tuple(s.name for s in sections if s.file == f) for f in self.files}
        self.fields = {s.name: self._fields(s) for s in sections}

    def _fields(self, sec: Section) -> dict:
        if not sec.provenance or self.provenance is None:
            return sec.fields
        prov = self.provenance.fields if sec.provenance is True else self.provenance.pick(sec.provenance)
        return {**sec.fields, **prov}

    def load(self, overrides: Sequence[Path], data_dir: Path) -> "Loaded":
        """Read the shipped files from `data_dir`, apply `overrides` in order, check every field."""
        loaded = Loaded(self)
        for name in self.files:
            loaded._add_file(read_toml(Path(data_dir) / name, name), name, shipped=True)
        seen: set = set()
        for path in overrides:
            path = Path(path)
            label = path.name if path.name not in self.files and path.name not in seen else str(path)
            seen.add(label)  # a clash with a shipped or earlier name is shown by its whole path
            loaded._add_file(read_toml(path, label), label, shipped=False)
        loaded._check_entries()
        return loaded


def read_toml(path: Path, label: str) -> dict:
    """A TOML file as a dict; any problem reading it is a one-line error naming `label`."""
    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise fail(str(path), None, "file not found", "check the path of the data override file") from None
    except IsADirectoryError:
        raise fail(label, None, "is a directory, not a TOML file", "give the path of a .toml file") from None
    except tomllib.TOMLDecodeError as exc:
        raise fail(label, None, f"not valid TOML ({exc})", "fix the syntax at that line") from None
    except UnicodeDecodeError:
        raise fail(label, None, "not UTF-8 text", "save the file as UTF-8") from None


def merge(old: Any, new: Any) -> Any:
    """Tables merge key by key (recursively); any other value replaces the old one."""
    if isinstance(old, dict) and isinstance(new, dict):
        out = dict(old)
        for k, v in new.items():
            out[k] = merge(old[k], v) if k in old else v
        return out
    return new


class Loaded:
    """The merged data: `raw` as written, `entries` checked, and which file set each entry."""

    def __init__(self, files: DataFiles):
        self.files = files
        self.raw: dict[str, dict] = {name: {} for name in files.sections}
        self.entries: dict[str, dict] = {}
        self.meta: dict[str, dict] = {}      # file label -> its [meta] table
        self.origin: dict[tuple, str] = {}   # (section, key or None) -> file that last set it
        self.touched: dict[str, list] = {}   # section -> override files that changed it

    # ---- errors that name the right file

    def file_of(self, section: str, key: Any = None) -> str:
        return self.origin.get((section, key), self.files.sections[section].file)

    def overridden(self, section: str, key: Any = None) -> bool:
        """Did an override file set this entry (or plain table)?"""
        return self.file_of(section, key) != self.files.sections[section].file

    def err(self, section: str, key: Any, problem: str, fix: str) -> UserError:
        """An error about one entry (key None: the plain table), naming the file that set it."""
        return fail(self.file_of(section, key), self.files.sections[section].label(key), problem, fix)

    def err_all(self, section: str, problem: str, fix: str) -> UserError:
        """A problem of a whole section (counts): name the shipped file and every override of it."""
        files = [self.files.sections[section].file] + self.touched.get(section, [])
        return fail(" + ".join(files), None, problem, fix)

    # ---- reading

    def _add_file(self, doc: dict, label: str, shipped: bool) -> None:
        sections = self.files.sections
        meta = doc.get("meta", {})
        if not isinstance(meta, dict):
            raise fail(label, "meta", "[meta] must be a table", "write it as a [meta] table")
        if shipped and not (meta.get("sources") and isinstance(meta["sources"], list)):
            raise fail(label, "meta", "has no [[meta.sources]] list", "name where the file's values come from")
        self.meta[label] = meta
        for top, body in doc.items():
            if top == "meta":
                continue
            sec = sections.get(top)
            if sec is None or (shipped and sec.file != label):
                valid = self.files.file_sections[label] if shipped else tuple(sections)
                raise fail(label, None, f"unknown table [{top}]", did_you_mean(top, valid))
            if not shipped:
                if sec.locked:
                    raise fail(label, None, f"[{top}] {sec.locked} and cannot be overridden", "remove the table")
                if label not in self.touched.setdefault(top, []):
                    self.touched[top].append(label)
            if sec.array:
                if not isinstance(body, list) or not all(isinstance(e, dict) for e in body):
                    raise fail(label, None, f"[{top}] must be an array of tables",
                               f"write each entry as [[{top}]] with its {sec.array}")
                for entry in body:
                    if sec.array not in entry:
                        raise fail(label, None, f"a [[{top}]] entry has no {sec.array}",
                                   f"add {sec.array} = ... to name the entry")
                    rest = {k: v for k, v in entry.items() if k != sec.array}
                    self._put(sec, label, shipped, entry[sec.array], rest)
            elif not isinstance(body, dict):
                raise fail(label, None, f"[{top}] must be a table", f"write it as [{top}...] tables")
            elif sec.keyed:
                for key, entry in body.items():
                    if not isinstance(entry, dict):
                        raise fail(label, sec.label(key), f"entry must be a table, not {show(entry)}",
                                   f"write it as [{top}.{key}] with its fields")
                    self._put(sec, label, shipped, key, entry)
            else:
                if not shipped:
                    self._limit(sec, label, sec.label(), body)
                self.raw[top] = merge(self.raw[top], body)
                self.origin[(top, None)] = label
        if shipped:
            for name in self.files.file_sections[label]:
                if name not in doc:
                    raise fail(label, None, f"has no [{name}] table", f"add the [{name}] table")

    def _put(self, sec: Section, label: str, shipped: bool, key: Any, entry: dict) -> None:
        """Add, merge or remove one entry of a keyed or array section."""
        try:
            ckey = sec.key(key, sec.array or "key")
        except Bad as bad:
            raise fail(label, sec.label(key), bad.problem, bad.fix) from None
        table, top, where = self.raw[sec.name], sec.name, sec.label(ckey)
        if not shipped and ckey not in table and not sec.adds:
            raise fail(label, where, f"no such {sec.what or top} (an override can only change existing ones)",
                       did_you_mean(key, table))
        if not shipped:
            self._limit(sec, label, where, entry)
        if entry.get("present", True) is False:
            if shipped or ckey not in table:
                raise fail(label, where, "present = false names no existing entry", "remove it or correct the key")
            del table[ckey]
            self.origin.pop((top, ckey), None)
            return
        if "present" in entry and (shipped or entry["present"] is not True):
            raise fail(label, where, f"present = {show(entry['present'])} is not allowed here",
                       "use present = false in an override file to remove an entry, else leave it out")
        entry = {k: v for k, v in entry.items() if k != "present"}
        if shipped and ckey in table:
            raise fail(label, where, "defined twice", "keep one entry per key")
        table[ckey] = merge(table[ckey], entry) if ckey in table else entry
        self.origin[(top, ckey)] = label

    def _limit(self, sec: Section, label: str, where: str, entry: dict) -> None:
        """Refuse an override's fields outside `sec.only` (removal included)."""
        if sec.only is None:
            return
        known = self.files.fields[sec.name]  # unknown keys get their "did you mean" later
        extra = sorted(k for k in entry if k not in sec.only and (k in known or k == "present"))
        if extra:
            raise fail(label, where, f"only {', '.join(sec.only)} may be overridden, not {', '.join(extra)}",
                       f"remove {', '.join(extra)}")

    def _check_entries(self) -> None:
        prov = self.files.provenance
        for name, sec in self.files.sections.items():
            fields = self.files.fields[name]
            tables = self.raw[name].items() if sec.keyed else [(None, self.raw[name])]
            out = {}
            for key, entry in tables:
                try:
                    out[key] = check_fields(entry, fields)
                    if prov is not None and "confidence" in out[key]:
                        prov.check(out[key])
                except Bad as bad:
                    raise self.err(name, key, bad.problem, bad.fix) from None
            self.entries[name] = out if sec.keyed else out[None]
