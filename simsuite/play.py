"""`simsuite play` and `simsuite replay`: one game, step by step, with its readable log.

A replay file (JSON) holds what reproduces the game exactly: the game, seed, player
count, the factions and mats as given (None = dealt from the seed), the rules options
and every decision applied (auto-applied single-option decisions are replayed by the
engine itself), plus the result for checking.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional

from simsuite.errors import UserError

REPLAY_FORMAT = 1
SUPPORTED_GAMES = ("scythe",)


def _split(value: Optional[str], n: int, what: str):
    if value is None:
        return None
    items = [v.strip() for v in str(value).split(",")]
    if len(items) != n:
        raise UserError(f"--{what}: give {n} comma-separated names (one per player), got {len(items)}: {value!r}")
    return [None if v.lower() in ("", "random") else v for v in items]


def _policy(name: str, seed: int, players: int):
    """A chooser(game, seat, options, stream) -> option for every seat."""
    from simsuite import _scythe as core
    from simsuite.policies import compiled_policies, import_policy_class

    known = compiled_policies("scythe")
    key = (name or "random").strip()
    if key.lower() == "random":
        return lambda game, seat, options, stream: options[stream.below(len(options))]
    if key.lower() in known:
        # a compiled heuristic with its default weights, on each seat's own stream
        # (the same games as `simsuite run` with that policy on every seat)
        pol = known[key.lower()]
        weights = [d for _, d in pol.weights]
        seats = core.CompiledSeats(seed, [pol.id] * players, [weights] * players)
        return lambda game, seat, options, stream: seats.choose(game)
    if ":" not in key:
        raise UserError(f"--policy {name!r}: unknown; use one of {', '.join(sorted(known))} "
                        f"or a Python policy as package.module:ClassName")
    policy = import_policy_class(key)()
    return lambda game, seat, options, stream: policy.choose(game.observation(seat), options, stream)


def _rules(options: dict):
    from simsuite.games.scythe.game import load_rules

    return load_rules(ban_pairs=options.get("ban_pairs", True), turn_cap=options.get("turn_cap", 500),
                      modules=tuple(options.get("modules", ())),
                      camaraderie_on_move=options.get("camaraderie_on_move", False))


def _play(rules, seed: int, players: int, factions, mats, chooser):
    from simsuite import _scythe as core
    from simsuite.rng import Stream, derive_seed

    game = core.Game(rules, seed, players, factions, mats)
    streams = [Stream(derive_seed(seed, 1 + s)) for s in range(players)]
    while not game.is_over:
        seat = game.current_player
        options = game.legal_options()
        choice = chooser(game, seat, options, streams[seat])
        if choice not in options:
            raise UserError(f"the policy chose {choice!r} for decision {game.decision_name}, "
                            f"not one of {options}; fix the policy")
        game.apply(choice)
    return game


def _print_game(game, quiet: bool, out=None) -> None:
    from simsuite.games.scythe.game import score_table

    out = out or sys.stdout
    if not quiet:
        for line in game.events():
            print(line, file=out)
        print(file=out)
    print(f"game over after {game.turn} turns ({game.end_reason})", file=out)
    for line in score_table(game):
        print(line, file=out)


def _summary(game) -> dict:
    r = game.result()
    keep = ("end_reason", "turns", "faction", "mat", "score", "components", "stars", "rank",
            "winner", "shared")
    return {k: r[k] for k in keep}


def play_command(game: str, players: int, seed: int, factions: Optional[str], mats: Optional[str],
                 policy: str = "random", save: Optional[Path] = None, quiet: bool = False) -> None:
    """Play one game and print its turn-by-turn log and final score breakdown."""
    if str(game).lower() not in SUPPORTED_GAMES:
        raise UserError(f"--game {game!r}: step-by-step play exists for {', '.join(SUPPORTED_GAMES)}; "
                        f"choose one of them")
    if not 2 <= int(players) <= 5:
        raise UserError(f"--players {players}: Scythe takes 2 to 5 players here; choose 2..5")
    if seed < 0:
        raise UserError(f"--seed {seed}: use a non-negative integer")
    f_in = _split(factions, players, "factions")
    m_in = _split(mats, players, "mats")
    options = {"ban_pairs": True, "turn_cap": 500, "modules": [], "camaraderie_on_move": False}
    rules = _rules(options)
    chooser = _policy(policy, int(seed), int(players))
    g = _play(rules, int(seed), int(players), f_in, m_in, chooser)
    _print_game(g, quiet)
    if save is not None:
        record = {
            "format": REPLAY_FORMAT,
            "game": "scythe",
            "seed": int(seed),
            "players": int(players),
            "factions": f_in,
            "mats": m_in,
            "rules": rules.options(),
            "policy": policy,
            "decisions": g.decisions,
            "result": _summary(g),
        }
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
    for key in ("game", "seed", "players", "decisions"):
        if key not in record:
            raise UserError(f"replay {path}: missing key {key!r}; the file is not a complete replay")
    if str(record["game"]).lower() not in SUPPORTED_GAMES:
        raise UserError(f"replay {path}: game {record['game']!r} cannot be replayed; supported: "
                        f"{', '.join(SUPPORTED_GAMES)}")
    if not isinstance(record["decisions"], list) or not all(isinstance(d, int) for d in record["decisions"]):
        raise UserError(f"replay {path}: 'decisions' must be a list of integers")
    return record


def replay_game(record: dict, path="replay"):
    """Rebuild a game from a replay record; returns the finished Game."""
    from simsuite import _scythe as core

    rules = _rules(record.get("rules", {}))
    game = core.Game(rules, int(record["seed"]), int(record["players"]), record.get("factions"),
                     record.get("mats"))
    for i, opt in enumerate(record["decisions"]):
        if game.is_over:
            raise UserError(f"replay {path}: the game ended before decision {i} of "
                            f"{len(record['decisions'])}; the file does not match this engine")
        if opt not in game.legal_options():
            raise UserError(f"replay {path}: decision {i} ({opt}) is not legal for "
                            f"{game.decision_name}; the file does not match this engine")
        game.apply(opt)
    return game


def replay_command(path: Path) -> None:
    """Replay a saved game exactly, print it, and check the result matches the file."""
    record = load_replay(path)
    game = replay_game(record, path)
    _print_game(game, quiet=False)
    if "result" in record and _summary(game) != record["result"]:
        raise UserError(f"replay {path}: the replayed result differs from the saved one; the "
                        f"engine or data changed since the file was written")
    print(f"replay {path}: result matches the saved game")
