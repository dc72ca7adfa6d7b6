"""The dataset schema: the columns every game writes, and what each game declares once.

One row per (game, seat). The base columns below are what every game has; a game adds its own
by declaring a `GameSchema` (its columns with a one-line meaning, and its grouping keys), once,
in its package. The runner, the file metadata, the synthetic test data and the reports all
derive from that declaration: a shard file carries it in its key-value metadata
(`simsuite.schema`, JSON), so a report finds a dataset's grouping keys without importing the
game.

Grouping keys:
- `group_keys`: what a seat plays as, the balance question's unit (Scythe: faction, mat, pair;
  Rurik: leader; Imperial Settlers: faction);
- `solo_keys`: what distinguishes solo games (e.g. difficulty), present only in solo datasets'
  meaningful rows;
- `variant_keys`: rule options a dataset may split by (e.g. modules).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Mapping, Optional, Sequence

import pyarrow as pa

SCHEMA_VERSION = "2"
METADATA_KEY = b"simsuite.schema"


@dataclass(frozen=True)
class Column:
    name: str
    type: pa.DataType
    doc: str

    @property
    def field(self) -> pa.Field:
        return pa.field(self.name, self.type)


# Columns every game writes, in file order (a game's own columns follow). Meanings are printed
# in scenarios/README.md ("The dataset") from these docs.
BASE_COLUMNS: tuple[Column, ...] = (
    Column("scenario_hash", pa.string(), "short hash of everything that decides a game's result"),
    Column("game_index", pa.int64(), "the game's index in its scenario (0, 1, ...)"),
    Column("seed", pa.uint64(), "the game's seed, derived from the master seed and the game index"),
    Column("n_players", pa.int8(), "seats in the game (a solo opponent's seat included)"),
    Column("seat", pa.int8(), "position in turn order, 0 = first"),
    Column("policy", pa.string(), "the policy that played the seat (the solo opponent's own name for its seat)"),
    Column("policy_id", pa.string(), "short hash of the policy's name and its weights or parameters"),
    Column("is_bot_opponent", pa.bool_(), "the seat is played by the rules' own solo opponent"),
    Column("score", pa.int32(), "final score in the game's unit"),
    Column("rank", pa.int8(), "1 = won, after the rulebook's tie-breakers"),
    Column("winner", pa.bool_(), "rank == 1"),
    Column("tied", pa.bool_(), "the score equalled another seat's before the tie-breakers"),
    Column("shared_win", pa.bool_(), "still tied for first after every tie-breaker"),
    Column("turns_taken", pa.int16(), "turns (or rounds) this seat played"),
    Column("game_turns", pa.int32(), "turns (or rounds) the game lasted"),
    Column("end_reason", pa.string(), "why the game ended (the game lists its reasons)"),
    Column("provisional_share", pa.float32(),
           "share of the game that rested on provisional data (0 = none; each game says what it counts)"),
)
BASE_NAMES = tuple(c.name for c in BASE_COLUMNS)
# added by the runner; a game's run_shard leaves them out
RUNNER_COLUMNS = ("scenario_hash",)
# every dataset has these as hive partition folders (game=<game>/scenario=<name>)
PARTITION_COLUMNS = ("game", "scenario")


@dataclass(frozen=True)
class GameSchema:
    """What one game adds to the base columns, declared once in its package."""
    game: str
    columns: tuple[Column, ...] = ()
    group_keys: tuple[str, ...] = ()
    solo_keys: tuple[str, ...] = ()
    variant_keys: tuple[str, ...] = ()
    # per-seat result columns broken down from `score` (a components report sums them)
    score_components: tuple[str, ...] = ()

    def __post_init__(self):
        names = [c.name for c in self.columns]
        clash = set(names) & set(BASE_NAMES) | set(names) & set(PARTITION_COLUMNS)
        if clash or len(set(names)) != len(names):
            raise ValueError(f"game {self.game!r}: columns {sorted(clash) or names} clash "
                             "with the base columns or repeat")
        for key in self.group_keys + self.solo_keys + self.variant_keys + self.score_components:
            if key not in names and key not in BASE_NAMES:
                raise ValueError(f"game {self.game!r}: key {key!r} is not one of its columns")

    @property
    def names(self) -> tuple[str, ...]:
        return BASE_NAMES + tuple(c.name for c in self.columns)

    def arrow(self) -> pa.Schema:
        """The file schema: base columns, then the game's own."""
        return pa.schema([c.field for c in BASE_COLUMNS + self.columns])

    def to_json(self) -> str:
        return json.dumps({
            "version": SCHEMA_VERSION, "game": self.game,
            "columns": [[c.name, str(c.type), c.doc] for c in self.columns],
            "group_keys": list(self.group_keys), "solo_keys": list(self.solo_keys),
            "variant_keys": list(self.variant_keys),
            "score_components": list(self.score_components),
        }, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> "GameSchema":
        d = json.loads(text)
        cols = tuple(Column(n, _type(t), doc) for n, t, doc in d.get("columns", []))
        return cls(d["game"], cols, tuple(d.get("group_keys", ())), tuple(d.get("solo_keys", ())),
                   tuple(d.get("variant_keys", ())), tuple(d.get("score_components", ())))

    def metadata(self) -> dict[bytes, bytes]:
        return {METADATA_KEY: self.to_json().encode()}


_TYPES = {str(t): t for t in (pa.string(), pa.bool_(), pa.int8(), pa.int16(), pa.int32(),
                              pa.int64(), pa.uint64(), pa.float32(), pa.float64())}


def _type(name: str) -> pa.DataType:
    try:
        return _TYPES[name]
    except KeyError:
        raise ValueError(f"unsupported column type {name!r}") from None


def read_declaration(metadata: Optional[Mapping[bytes, bytes]]) -> Optional[GameSchema]:
    """The declaration stored in a shard file's key-value metadata (None for older files)."""
    if not metadata or METADATA_KEY not in metadata:
        return None
    return GameSchema.from_json(metadata[METADATA_KEY].decode())


def merge_keys(schemas: Sequence[GameSchema]) -> dict:
    """Grouping keys shared by several declarations (a dataset read across scenarios of one
    game): each kind of key, in first-seen order."""
    out: dict = {"group_keys": [], "solo_keys": [], "variant_keys": [], "score_components": []}
    for s in schemas:
        for kind in out:
            for k in getattr(s, kind):
                if k not in out[kind]:
                    out[kind].append(k)
    return {k: tuple(v) for k, v in out.items()}


__all__ = ["BASE_COLUMNS", "BASE_NAMES", "Column", "GameSchema", "METADATA_KEY",
           "PARTITION_COLUMNS", "RUNNER_COLUMNS", "SCHEMA_VERSION", "read_declaration",
           "merge_keys"]
