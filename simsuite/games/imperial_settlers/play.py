"""Imperial Settlers' hooks for `simsuite play` and `replay` (simsuite/play.py drives them).

`simsuite play --game imperial-settlers --players 3 --factions romans,japanese,random` and
`simsuite play --game imperial-settlers --solo egyptians` become the scenario table of one
game, validated by the spec like any scenario; the game is game index 0 of it.
"""
from __future__ import annotations

from simsuite.errors import UserError
from simsuite.play import check_options, option_flag, option_list

_OPTIONS = ("factions", "solo", "lookout", "peaceful", "cards")


def play_scenario(players, options: dict) -> dict:
    """The scenario table of `simsuite play`'s options (text values)."""
    check_options(options, _OPTIONS, "an Imperial Settlers game")
    doc: dict = {"rules": {}}
    for key in ("lookout", "cards"):
        if key in options:
            doc["rules"][key] = str(options[key])
    if "peaceful" in options:
        doc["rules"]["peaceful"] = option_flag(options["peaceful"], "peaceful")
    if "solo" in options:
        if players not in (None, 1):
            raise UserError(f"--players {players}: a solo game has one player; leave --players out")
        if "factions" in options:
            raise UserError("--factions: a solo game names its faction with --solo FACTION")
        doc["solo"] = {"faction": str(options["solo"]).strip() or "random"}
        return doc
    doc["players"] = 2 if players is None else players
    if players == 1:
        raise UserError("--players 1: play the solo mode with --solo FACTION (or --solo random)")
    if "factions" in options:
        doc["factions"] = option_list(options["factions"])
    return doc


def score_lines(game) -> list[str]:
    """The final score breakdown, one line per seat (and the solo verdict)."""
    r = game.result()
    lines = []
    for d in r["seats"]:
        lines.append(f"seat {d['seat']} {d['faction']}: {d['score']} VP = {d['track_vp']} gained + "
                     f"{d['location_vp']} for locations ({d['common_locations']} common, "
                     f"{d['faction_locations']} faction); rank {d['rank']}"
                     + (" (shared)" if d.get("shared") else "")
                     + f"; tie-breakers: {d['tie_goods']} goods, {d['tie_hand']} cards")
    if "solo_won" in r:
        verdict = (f"won: {r['title']}" if r["solo_won"] else "lost")
        lines.append(f"solo: {r['seats'][0]['faction_locations']} faction locations against "
                     f"{r['trophies']} trophies: {verdict}"
                     + (" (the attack cards are a provisional placeholder)" if r["attack_cards_provisional"] else ""))
    lines.append(f"provisional share: {r['provisional_share']:.2f} of the cards built or dealt "
                 "have a provisional entry")
    return lines
