"""Rurik's hooks for `simsuite play` and `replay` (simsuite/play.py drives them).

`simsuite play --game rurik --players 3 --leaders Boris,Maria,random --policy warlord` and
`simsuite play --game rurik --solo 3 --policy builder` become the scenario table of one game,
validated by the spec like any scenario; the game is game index 0 of it.
"""
from __future__ import annotations

from simsuite.errors import UserError
from simsuite.play import check_options, option_list

_OPTIONS = ("leaders", "solo", "variants")


def play_scenario(players, options: dict) -> dict:
    """The scenario table of `simsuite play`'s options (text values)."""
    check_options(options, _OPTIONS, "a Rurik game")
    doc: dict = {"rules": {}}
    leaders = option_list(options["leaders"]) if "leaders" in options else None
    if "variants" in options:
        doc["rules"]["variants"] = [v.strip() for v in str(options["variants"]).split(",") if v.strip()]
    if "solo" in options:
        if players not in (None, 1):
            raise UserError(f"--players {players}: a solo game has one player; leave --players out")
        doc["solo"] = {"difficulty": str(options["solo"]).strip()}
        if leaders is not None:
            if len(leaders) != 1:
                raise UserError("--leaders: a solo game has one player; name one leader")
            doc["leaders"] = leaders[0]
    else:
        doc["players"] = 3 if players is None else players
        if leaders is not None:
            doc["leaders"] = leaders
    return doc


def score_lines(game) -> list[str]:
    """Each seat's final score, its components and the tie-breakers, best first (the Rebels'
    coins there are 0: the rulebook gives them none for the tie-break)."""
    r = game.result()
    lines = []
    for s in sorted(range(game.n_players), key=lambda s: r["rank"][s]):
        parts = ", ".join(f"{k} {v}" for k, v in r["components"][s].items() if v)
        who = "the Rebels" if r["solo_level"] and s == 1 else f"seat {s}"
        per = game.scores()[s]
        lines.append(f"rank {r['rank'][s]}: {who} ({r['leader'][s]}) {r['score'][s]} VP"
                     f" [{parts or 'nothing'}]; tie-breakers: regions ruled {per['regions_ruled']}, "
                     f"coins {per['coins']}")
    return lines
