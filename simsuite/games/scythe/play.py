"""Scythe's hooks for `simsuite play` and `replay` (simsuite/play.py drives them).

`simsuite play --game scythe --players 2 --factions nordic,crimea --mats industrial,agricultural`
and `simsuite play --game scythe --automa automaszyna` become the scenario table of one game,
validated by the spec like any scenario; the game is game index 0 of it.
"""
from __future__ import annotations

import numpy as np

from simsuite.errors import UserError
from simsuite.games.scythe import solo
from simsuite.games.scythe.lineups import core
from simsuite.play import check_options, option_flag, option_list

# command-line option -> where it goes in the scenario table
_OPTIONS = ("factions", "mats", "automa", "automa_faction", "ban_pairs", "turn_cap")


def play_scenario(players, options: dict) -> dict:
    """The scenario table of `simsuite play`'s options (text values)."""
    check_options(options, _OPTIONS, "a Scythe game")
    doc: dict = {"rules": {}}
    for key in ("factions", "mats"):
        if key in options:
            doc[key] = option_list(options[key])
    if "ban_pairs" in options:
        doc["rules"]["ban_pairs"] = option_flag(options["ban_pairs"], "ban_pairs")
    if "turn_cap" in options:
        try:
            doc["rules"]["turn_cap"] = int(options["turn_cap"])
        except ValueError:
            raise UserError(f"--turn-cap {options['turn_cap']!r}: give a whole number of turns")
    if "automa" in options:
        if players not in (None, 1, 2):
            raise UserError(f"--players {players}: a game against the Automa has one player; "
                            "leave --players out")
        doc["automa"] = {"difficulty": options["automa"]}
        if "automa_faction" in options:
            doc["automa"]["faction"] = options["automa_faction"]
        for key in ("factions", "mats"):   # the solo variant takes the human's one entry
            if key in doc:
                if len(doc[key]) != 1:
                    raise UserError(f"--{key}: a game against the Automa has one player; name one")
                doc[key] = doc[key][0]
    else:
        if "automa_faction" in options:
            raise UserError("--automa-faction: only for a game against the Automa; add --automa LEVEL")
        doc["players"] = 2 if players is None else players
    return doc


def new_game(spec, config, seed: int, log: bool = True, game_index: int = 0):
    """Game `game_index` of `config`, seeded with `seed`, as a step-by-step `Game`."""
    rules = spec.rules(config)
    g = np.array([game_index], dtype=np.int64)
    if isinstance(config, solo.SoloConfig):
        d = solo.design(config, g)[0]
        level = int(d[1])
        return core().Game(rules, seed, 2, [int(d[3]), int(d[2])], [int(d[4]), None], log=log,
                           automa=level, automa_options=dict(config.options))
    factions, mats = spec.assignments(config, g)
    return core().Game(rules, seed, config.n_players, [int(x) for x in factions[0]],
                       [int(x) for x in mats[0]], log=log)


def seat_choosers(spec, config, seed: int, game_index: int = 0) -> list:
    """Per seat, a chooser(game, options, stream) making the choices `run_shard` makes in game
    `game_index` (compiled seats through CompiledSeats, Python seats through their class)."""
    from simsuite.games.base import seat_policies
    from simsuite.games.scythe.lineups import seat_policy_arrays
    from simsuite.policies import seat_choosers as shared_seat_choosers

    g = np.array([game_index], dtype=np.int64)
    if isinstance(config, solo.SoloConfig):
        pols = [config.policies[int(solo.design(config, g)[0][0])], None]
    else:
        pols = [config.policies[k] for k in seat_policies(g, config.n_players, config.rotate)[0]]
    ids, weights, _ = seat_policy_arrays(pols, config)
    table = weights.shape[1] if weights.ndim == 3 else 0
    return shared_seat_choosers(pols, core().CompiledSeats(seed, ids, weights, table))
