"""`simsuite play` and `simsuite replay`: one game, step by step, with its readable log.

Any game whose spec offers the play hooks (simsuite/games/base.py) is played the same way: its
command-line options become the scenario table of one game (`spec.play_scenario`), validated
like any scenario, and game index 0 of that scenario is played with the given seed, every seat
making the choices `simsuite run` would make. A replay file (JSON) holds what reproduces the
game exactly: the game, seed, that scenario table and every decision applied (single-option
steps the engine applies itself are not listed), plus the result for checking.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional

from simsuite.errors import UserError

REPLAY_FORMAT = 2
_SOURCE = Path("simsuite play")     # how option errors name their origin


def parse_options(args: list[str]) -> dict:
    """`--key value` / `--key=value` pairs (dashes in keys become underscores)."""
    out: dict = {}
    i = 0
    while i < len(args):
        arg = args[i]
        if not arg.startswith("--") or arg == "--":
            raise UserError(f"unexpected argument {arg!r}; options are written --name value")
        key, eq, value = arg[2:].partition("=")
        if not eq:
            if i + 1 >= len(args) or args[i + 1].startswith("--"):
                raise UserError(f"--{key}: needs a value, e.g. --{key} VALUE")
            value = args[i + 1]
            i += 1
        out[key.replace("-", "_")] = value
        i += 1
    return out


# ---------------------------------------------------------------- for the games' play_scenario

def check_options(options: dict, valid, game_title: str) -> None:
    """A game's `simsuite play` options: a one-line error for the first unknown one."""
    unknown = sorted(set(options) - set(valid))
    if unknown:
        names = ", ".join(f"--{o.replace('_', '-')}" for o in valid)
        raise UserError(f"--{unknown[0].replace('_', '-')}: not an option of {game_title}; "
                        f"options: {names}")


def option_flag(value, name: str) -> bool:
    """A true/false option (true, yes, 1, on / false, no, 0, off)."""
    text = str(value).strip().lower()
    if text in ("true", "yes", "1", "on"):
        return True
    if text in ("false", "no", "0", "off"):
        return False
    raise UserError(f"--{name.replace('_', '-')} {value!r}: say true or false")


def option_list(value) -> list:
    """A comma-separated option, one entry per player; an empty entry is "random"."""
    return [v.strip() or "random" for v in str(value).split(",")]


def _config(spec, scenario: dict):
    return spec.validate(scenario, _SOURCE)


def play_game(spec, config, seed: int, game_index: int = 0, log: bool = True):
    """Play game `game_index` of `config` with `seed` to the end; returns the finished game."""
    from simsuite.rng import Stream, derive_seed

    game = spec.new_game(config, seed, log, game_index)
    choosers = spec.seat_choosers(config, seed, game_index)
    streams = [Stream(derive_seed(seed, 1 + s)) for s in range(len(choosers))]
    while not game.is_over:
        seat = game.current_player
        options = game.legal_options()
        chooser = choosers[seat] if 0 <= seat < len(choosers) else None
        if chooser is None:
            raise RuntimeError(f"seat {seat} must decide but the rules play it")
        choice = chooser(game, options, streams[seat])
        if choice not in options:
            raise UserError(f"the policy of seat {seat} chose {choice!r} for decision "
                            f"{game.decision_name}, not one of {options}; fix the policy")
        game.apply(choice)
    return game


def _print_game(spec, game, quiet: bool, out=None) -> None:
    out = out or sys.stdout
    if not quiet:
        for line in game.events():
            print(line, file=out)
        print(file=out)
    print(f"game over after {game.turn} {spec.turn_word} ({game.end_reason})", file=out)
    for line in spec.score_lines(game):
        print(line, file=out)


def play_command(game: str, seed: int, players: Optional[int] = None, policy: str = "random",
                 save: Optional[Path] = None, quiet: bool = False, options: Optional[dict] = None,
                 **game_options) -> None:
    """Play one game and print its turn-by-turn log and final score breakdown.

    `options` (and any other keyword) are the game's own command-line options as text,
    e.g. {"factions": "<name>,<name>"} or {"automa": "<level>"} for Scythe.
    """
    from simsuite.games import get_game

    try:
        spec = get_game(str(game).lower())
    except UserError as err:
        raise UserError(f"--game: {err.message}")
    if seed < 0:
        raise UserError(f"--seed {seed}: use a non-negative integer")
    given = {k: v for k, v in {**(options or {}), **game_options}.items() if v is not None}
    scenario = spec.play_scenario(players, given)
    scenario["policy"] = policy or "random"
    config = _config(spec, scenario)
    g = play_game(spec, config, int(seed))
    _print_game(spec, g, quiet)
    if save is not None:
        record = {"format": REPLAY_FORMAT, "game": spec.name, "seed": int(seed),
                  "scenario": scenario, "decisions": g.decisions,
                  "result": spec.result_summary(g)}
        try:
            Path(save).write_text(json.dumps(record, indent=1) + "\n")
        except OSError as err:
            raise UserError(f"--save {save}: cannot write the replay ({err.strerror}); choose a writable path")
        print(f"replay saved to {save}")


def load_replay(path: Path) -> dict:
    try:
        record = json.loads(Path(path).read_text())
    except FileNotFoundError:
        raise UserError(f"replay {path}: no such file; give a file written by `simsuite play --save`")
    except (OSError, ValueError) as err:
        raise UserError(f"replay {path}: not a readable JSON replay ({err}); give a file written by "
                        f"`simsuite play --save`")
    if not isinstance(record, dict):
        raise UserError(f"replay {path}: not a replay object; give a file written by `simsuite play --save`")
    if record.get("format") != REPLAY_FORMAT:
        raise UserError(f"replay {path}: format {record.get('format')!r}, this simsuite reads "
                        f"format {REPLAY_FORMAT}; play the game again with `simsuite play --save`")
    for key in ("game", "seed", "scenario", "decisions"):
        if key not in record:
            raise UserError(f"replay {path}: missing key {key!r}; the file is not a complete replay")
    if not isinstance(record["decisions"], list) or not all(isinstance(d, int) for d in record["decisions"]):
        raise UserError(f"replay {path}: 'decisions' must be a list of integers")
    return record


def replay_game(record: dict, path="replay"):
    """Rebuild a game from a replay record; returns (spec, the finished game)."""
    from simsuite.games import get_game

    try:
        spec = get_game(str(record["game"]))
    except UserError as err:
        raise UserError(f"replay {path}: {err.message}")
    config = _config(spec, record["scenario"])
    game = spec.new_game(config, int(record["seed"]))
    for i, opt in enumerate(record["decisions"]):
        if game.is_over:
            raise UserError(f"replay {path}: the game ended before decision {i} of "
                            f"{len(record['decisions'])}; the file does not match this engine")
        if opt not in game.legal_options():
            raise UserError(f"replay {path}: decision {i} ({opt}) is not legal for "
                            f"{game.decision_name}; the file does not match this engine")
        game.apply(opt)
    return spec, game


def replay_command(path: Path) -> None:
    """Replay a saved game exactly, print it, and check the result matches the file."""
    record = load_replay(path)
    spec, game = replay_game(record, path)
    _print_game(spec, game, quiet=False)
    if "result" in record and spec.result_summary(game) != record["result"]:
        raise UserError(f"replay {path}: the replayed result differs from the saved one; the "
                        f"engine or data changed since the file was written")
    print(f"replay {path}: result matches the saved game")


# ---------------------------------------------------------------- games of a dataset

def dataset_scenarios(path: Path) -> dict:
    """Per scenario name in a dataset folder (`simsuite run`'s output): its spec, validated
    config, master seed and hash, rebuilt from the scenario text every shard file carries."""
    import pyarrow.parquet as pq

    from simsuite.dataset import Manifest
    from simsuite.scenario import load_scenario_table

    import tomllib

    path = Path(path)
    if not (path / "manifest.json").is_file():
        raise UserError(f"{path}: not a dataset folder written by `simsuite run` (no manifest.json); "
                        "give the run's output folder")
    out = {}
    for name, entry in Manifest.load(path).data["scenarios"].items():
        shards = entry["shards"]
        if not shards:
            continue
        first = path / next(iter(shards.values()))["file"]
        meta = pq.read_metadata(first).metadata or {}
        text = meta.get(b"simsuite.scenario", b"").decode()
        try:
            doc = tomllib.loads(text)
            sc = load_scenario_table(doc, path / f"{name}.toml", text)
        except (UserError, tomllib.TOMLDecodeError) as err:
            msg = err.message if isinstance(err, UserError) else str(err)
            raise UserError(f"{path}: scenario {name!r} cannot be rebuilt from its files ({msg}); "
                            "replay it where its data files are, with simsuite run")
        if sc.hash != entry["scenario_hash"]:
            raise UserError(f"{path}: scenario {name!r} now validates to hash {sc.hash}, its games "
                            f"were played with {entry['scenario_hash']} (its data or this simsuite "
                            "changed); replay with the simsuite that wrote it")
        out[name] = {"scenario": sc, "shards": shards}
    return out


def dataset_game(path: Path, game_index: int, scenario: Optional[str] = None):
    """(spec, finished game, its dataset rows) of game `game_index` of a dataset, played again
    step by step with the log on."""
    import polars as pl

    found = dataset_scenarios(path)
    if scenario is None:
        if len(found) != 1:
            raise UserError(f"{path}: holds scenarios {', '.join(found)}; pick one with --scenario NAME")
        scenario = next(iter(found))
    if scenario not in found:
        raise UserError(f"{path}: no scenario {scenario!r}; it has {', '.join(found)}")
    sc, shards = found[scenario]["scenario"], found[scenario]["shards"]
    rec = next((r for r in shards.values() if r["start"] <= game_index < r["stop"]), None)
    if rec is None:
        raise UserError(f"{path}: scenario {scenario!r} has no game {game_index}; it holds games "
                        f"0..{max(r['stop'] for r in shards.values()) - 1}")
    rows = pl.read_parquet(Path(path) / rec["file"]).filter(pl.col("game_index") == game_index).sort("seat")
    seed = int(rows["seed"][0])
    game = play_game(sc.spec, sc.config, seed, game_index)
    return sc.spec, game, rows


def replay_dataset_command(path: Path, game_index: int, scenario: Optional[str] = None) -> None:
    """`simsuite replay DATASET --game-index N`: one game of a batch, turn by turn."""
    spec, game, rows = dataset_game(path, game_index, scenario)
    _print_game(spec, game, quiet=False)
    if list(game.result()["score"]) != rows["score"].to_list():
        raise UserError(f"{path}: game {game_index} replays to scores {list(game.result()['score'])}, "
                        f"the dataset has {rows['score'].to_list()}; report this as a bug")
    print(f"game {game_index} of {path}: scores match the dataset")
