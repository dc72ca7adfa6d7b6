"""Python conveniences over the compiled Scythe core (`simsuite._scythe`).

* `load_rules(...)`: the packed rules from the default data (cached).
* `new_game(...)`: a `Game` with names accepted for factions and mats.
* `label_option(game, kind, opt, aux, seat)`: a readable name for an option.
* `format_events(game, raw)`: the readable turn-by-turn log of a game.

Option encodings are documented in ext/scythe/state.pxd (DecisionKind).
"""
from __future__ import annotations

from functools import lru_cache

from simsuite import _scythe as core
from simsuite.games.scythe import wind_gambit

DK = {name: i for i, name in enumerate(core.DECISION_NAMES)}
RES = core.RESOURCE_NAMES
STRUCT = core.STRUCTURE_NAMES
BOTTOM = core.BOTTOM_ACTION_NAMES
TOPCELL = core.TOP_CELL_NAMES
ENLIST = core.ENLIST_NAMES
STARS = core.STAR_NAMES
UNITS = core.UNIT_NAMES


@lru_cache(maxsize=8)
def _default_rules(ban_pairs: bool, turn_cap: int, camaraderie_on_move: bool):
    from simsuite.games.scythe.data import load_data

    return core.Rules(load_data(), ban_pairs=ban_pairs, turn_cap=turn_cap,
                      camaraderie_on_move=camaraderie_on_move)


def load_rules(*, ban_pairs: bool = True, turn_cap: int = 500, modules=(),
               camaraderie_on_move: bool = False, data=None):
    """Compiled rules from `data` (default: the package data, cached per process)."""
    if data is None and not modules:
        return _default_rules(bool(ban_pairs), int(turn_cap), bool(camaraderie_on_move))
    if data is None:
        from simsuite.games.scythe.data import load_data

        data = load_data()
    return core.Rules(data, ban_pairs=ban_pairs, turn_cap=turn_cap, modules=modules,
                      camaraderie_on_move=camaraderie_on_move)


def new_game(seed: int, players: int, factions=None, mats=None, rules=None, log: bool = True):
    """A new game; factions / mats are lists of names or ids (None: dealt)."""
    rules = rules or load_rules()
    return core.Game(rules, seed, players, factions, mats, log=log)


# ---------------------------------------------------------------- labels
def _cell(game, c: int) -> str:
    if c is None or c < 0:
        return "the mat"
    terrain = core.TERRAIN_NAMES[_terrain(game, c)]
    if terrain == "base":
        return f"base {c}"
    return f"{terrain} {c}"


@lru_cache(maxsize=4)
def _terrains(rules):
    return {cid: core.TERRAIN_NAMES.index(cell.terrain) for cid, cell in rules.data.cells.items()}


def _terrain(game, c: int) -> int:
    return _terrains(game.rules).get(c, 7)


def _unit(game, seat: int, u: int) -> str:
    if u == 0:
        return "character"
    if u == wind_gambit.AIR_UNIT:
        return "airship"
    if u < 5:
        f = game.rules.data.factions[game.faction_name(seat)]
        return f"mech ({f.mech_abilities[u - 1]})"
    return f"worker {u - 4}"


def _who(game, seat: int) -> str:
    if seat is None or seat < 0:
        return "-"
    return f"{game.faction_name(seat).capitalize()}"


def label_option(game, kind: int, opt: int, aux: int, seat: int) -> str:
    """Readable name of option `opt` of a decision of `kind` (aux: its context)."""
    name = core.DECISION_NAMES[kind]
    if name == "objective":
        if opt >= 3:                       # a Wind Gambit resolution's (resolutions.pxi)
            return f"complete shared objective {opt - 2}"
        return "keep objectives hidden" if opt == 0 else f"reveal objective in slot {opt}"
    if name == "section":
        if opt == 4:
            return "section: Factory card"
        mat = game.rules.data.mats[game.mat_name(seat)]
        sec = mat.sections[opt]
        return f"section {opt + 1}: {sec.top} / {sec.bottom}"
    if name == "top":
        if opt == 0:
            return "skip the top action"
        v, a, bonus = opt // 100, (opt // 10) % 10, opt % 10
        text = core.TOP_VARIANT_NAMES.get(v, f"variant {v}")
        if v in (2, 4, 5, 6):
            text += f" x{a}"
        if bonus:
            text += " + structure bonus"
        return text
    if name == "move_unit":
        return "end the move" if opt == 0 else f"move {_unit(game, seat, opt - 1)}"
    if name == "move_step":
        return "stop here" if opt == 0 else f"step to {_cell(game, opt)}"
    if name == "carry_workers":
        a, b = opt // 16, opt % 16
        return f"carry {a + b} workers" + (f" ({a} that already moved)" if a else "")
    if name == "carry_resources":
        return f"carry {opt} {RES[aux]}"
    if name == "trade":
        return "take no more" if opt == 0 else f"gain 1 {RES[opt % 4]} on {_cell(game, opt // 4)}"
    if name == "produce":
        if opt == 0:
            return "stop producing"
        return f"produce {opt % 16} on {_cell(game, opt // 16)}"
    if name == "bottom":
        if opt == 0:
            return "skip the bottom action"
        if aux == 4:
            return "Factory card move"
        mat = game.rules.data.mats[game.mat_name(seat)]
        b = mat.sections[aux].bottom if 0 <= aux < 4 else "bottom action"
        return {1: f"{b}", 2: f"{b}, decline the coins", 3: f"{b} for coins only (effect declined)",
                4: f"{b}, decline coins and effect"}[opt]
    if name == "pay":
        if opt >= 1000:
            return f"pay with a combat card of value {opt - 1000} (Coercion)"
        return f"pay 1 {RES[opt % 4]} from " + (_cell(game, opt // 4) if opt >= 4 else "the airship")
    if name == "upgrade":
        return f"upgrade: cube from {TOPCELL[opt // 4]} to {BOTTOM[opt % 4]} cost"
    if name == "deploy":
        f = game.rules.data.factions[game.faction_name(seat)]
        return f"deploy mech ({f.mech_abilities[opt % 4]}) on {_cell(game, opt // 4)}"
    if name == "build":
        return f"build {STRUCT[opt % 4]} on {_cell(game, opt // 4)}"
    if name == "enlist":
        return f"enlist the {BOTTOM[opt // 4]} recruit for +2 {ENLIST[opt % 4]}"
    if name == "combat_order":
        return f"fight on {_cell(game, opt)} next"
    if name in ("artillery", "scout"):
        return f"{'use' if opt else 'do not use'} {name.capitalize()}"
    if name == "dial":
        return f"dial {opt} power"
    if name == "cards":
        counts = [opt % 8, (opt // 8) % 8, (opt // 64) % 8, (opt // 512) % 8]
        cards = [str(v + 2) for v in range(4) for _ in range(counts[v])]
        return "no combat cards" if not cards else "combat cards " + "+".join(cards)
    if name == "retreat":
        return f"retreat to {_cell(game, opt)}"
    if name == "encounter":
        return "no further option" if opt == 3 else f"encounter option {opt + 1}"
    if name == "gain_amount":
        return f"take {opt} {core.REWARD_PART_NAMES[aux]}"
    if name == "gain_resource":
        return "take no more" if opt == 0 else f"take 1 {RES[opt % 4]} on {_cell(game, opt // 4)}"
    if name == "gain_worker":
        return "take no more" if opt == 0 else f"take a worker on {_cell(game, opt)}"
    if name == "free_action":
        return "none" if opt == 4 else f"free {BOTTOM[opt]}"
    if name == "factory_pick":
        return f"Factory card {game.rules.factory_ids[opt]}"
    if name == "discard":
        return f"discard a combat card of value {opt}"
    if name.startswith("airship_"):
        return wind_gambit.label_option(name, opt, lambda c: _cell(game, c), lambda s: _who(game, s))
    return f"{name} {opt}"


# ---------------------------------------------------------------- the log
EV_TURN, EV_DECISION, EV_STAR, EV_COMBAT, EV_REVEAL, EV_RESULT, EV_CARD, EV_ENCOUNTER, \
    EV_DISPLACE, EV_FACTORY, EV_END, EV_ABILITY, EV_RESHUFFLE, EV_UNDO, EV_POPULARITY, \
    EV_RECRUIT, EV_MOVE_ABILITY = range(1, 18)
# The Automa's events (ext/scythe/automa.pxi).
EV_A_CARD, EV_A_MOVE, EV_A_NO_MOVE, EV_A_TRACK, EV_A_SCHEME, EV_A_DECK, EV_A_COMBAT, EV_A_CHECK, \
    EV_A_PLACE, EV_A_GAIN, EV_A_RESOURCES, EV_A_FACTORY, EV_A_TOKEN = range(40, 53)
STAR_AUTOMA_TRACK = len(STARS)   # a star from the Automa's star card


def format_events(game, raw) -> list:
    """Readable lines for the raw events (kind, seat, flag, a, b, c, d) of `game`."""
    lines = []
    for kind, seat, flag, a, b, c, d in raw:
        who = _who(game, seat)
        if kind >= wind_gambit.EV_FIRST:
            lines.append(wind_gambit.event_line(kind, who, a, b, c, d, lambda c: _cell(game, c),
                                                lambda s: _who(game, s)))
        elif kind >= EV_A_CARD:
            line = _automa_line(game, who, kind, flag, a, b, c, d)
            if line:
                lines.append(line)
        elif kind == EV_TURN:
            lines.append(f"--- turn {a + 1}: {who} (seat {seat}) ---")
        elif kind == EV_DECISION:
            label = label_option(game, a, b, c, seat)
            lines.append(f"  {who}: {label}" + ("  [auto]" if flag else ""))
        elif kind == EV_STAR:
            what = ("its star card" if a == STAR_AUTOMA_TRACK else
                    "the resolution tile" if a == wind_gambit.STAR_TILE else STARS[a])
            lines.append(f"  * {who} places a star for {what} ({b} of 6)")
        elif kind == EV_COMBAT:
            lines.append(f"  ! combat on {_cell(game, b)}: {who} attacks {_who(game, a)}")
        elif kind == EV_REVEAL:
            lines.append(f"    {who} reveals dial {a} + {c} cards worth {b} = {d}")
        elif kind == EV_RESULT:
            lines.append(f"    {who} wins; {_who(game, a)} retreats to {_cell(game, c)}")
        elif kind == EV_CARD:
            lines.append(f"    {who} draws a combat card" + (f" ({a})" if a else " (none left)"))
        elif kind == EV_ENCOUNTER:
            lines.append(f"  ? {who} has an encounter on {_cell(game, b)}: card {a}")
        elif kind == EV_DISPLACE:
            lines.append(f"    {who} sends {a} workers of {_who(game, b)} home from {_cell(game, c)}"
                         f" (-{d} popularity)")
        elif kind == EV_FACTORY:
            lines.append(f"  {who} takes Factory card {a}")
        elif kind == EV_END:
            lines.append(f"=== game over: {core.END_REASONS[a]} ===")
        elif kind == EV_ABILITY and flag:
            gave = (f"a star for {STARS[b]} past the caps" if a == core.FACTION_ABILITY_NAMES.index("dominate")
                    else f"a second option ({b + 1})")
            lines.append(f"    {who} uses {core.FACTION_ABILITY_NAMES[a]}: {gave}")
        elif kind == EV_ABILITY:
            lines.append(f"    {who} uses {core.ABILITY_NAMES[a]} against {_who(game, b)} ({c})")
        elif kind == EV_RESHUFFLE:
            lines.append(f"    combat discard pile reshuffled ({a} cards)")
        elif kind == EV_UNDO:
            lines.append(f"    {who}'s {_unit(game, seat, a)} returns from {_cell(game, b)} to "
                         f"{_cell(game, c)} (game ended before the combat)")
        elif kind == EV_POPULARITY:
            lines.append(f"    {who} loses {a} popularity for workers forced to retreat")
        elif kind == EV_MOVE_ABILITY:
            name = (core.FACTION_ABILITY_NAMES if flag else core.ABILITY_NAMES)[a]
            lines.append(f"    {who}'s {_unit(game, seat, b)} steps from {_cell(game, c)} to "
                         f"{_cell(game, d)} by {name}")
        elif kind == EV_RECRUIT:
            lines.append(f"    {who} gains the {BOTTOM[a]} recruit bonus")
    return lines


def _automa_line(game, who, kind, flag, a, b, c, d) -> str:
    if kind == EV_A_CARD:
        return f"  {who} (Automa) plays card {a}, scheme {'I' if b == 1 else 'II'}" + (
            ": skips its turn" if flag else "")
    if kind == EV_A_MOVE:
        return (f"  {who} (Automa) {core.AUTOMA_MOVE_NAMES[a]}: {UNITS[b]} from "
                f"{_cell(game, c) if c > 0 else 'its mat'} to {_cell(game, d)}")
    if kind == EV_A_NO_MOVE:
        return f"  {who} (Automa) makes no move" + (" (move check: 4 or 5)" if flag else "")
    if kind == EV_A_TRACK:
        return (f"  {who} (Automa) star-card cube to cell {a}" + (" (star)" if b else "")
                + (", lakes and rivers open" if c else ""))
    if kind == EV_A_SCHEME:
        return f"  {who} (Automa) turns its deck to scheme II"
    if kind == EV_A_DECK:
        return f"    Automa deck reshuffled (19 cards, scheme {'I' if a == 1 else 'II'})"
    if kind == EV_A_COMBAT:
        return f"    {who} (Automa) combat card {a}: spends {b} power and adds {c} cards worth {d}"
    if kind == EV_A_CHECK:
        return f"    Automa check reveals a {a}" + (": forbidden" if flag else "")
    if kind == EV_A_PLACE:
        return f"  {who} (Automa) places its {UNITS[a]} on its base"
    if kind == EV_A_GAIN:
        return f"  {who} (Automa) gains " + (f"{a} coins" if a else f"{b} power")
    if kind == EV_A_RESOURCES:
        return f"    {a} resources placed on {_cell(game, b)} (Automa resource box)"
    if kind == EV_A_FACTORY:
        return f"  {who} (Automa) hero takes a Factory card"
    if kind == EV_A_TOKEN:
        return f"  {who} (Automa) hero removes the encounter token on {_cell(game, a)}"
    return ""


def score_table(game) -> list:
    """Final score breakdown lines, one per seat."""
    r = game.result()
    head = (f"{'seat':>4} {'faction':<9} {'mat':<13} {'score':>5} {'coins':>5} {'stars':>5} "
            f"{'terr':>5} {'res':>5} {'bonus':>5} {'pop':>4} {'pow':>4} {'rank':>4}")
    lines = [head]
    for s in r["seat"]:
        lines.append(
            f"{s:>4} {r['faction'][s]:<9} {(r['mat'][s] or 'automa'):<13} {r['score'][s]:>5} "
            f"{r['score_coins'][s]:>5} {r['score_stars'][s]:>5} {r['score_territories'][s]:>5} "
            f"{r['score_resources'][s]:>5} {r['score_structure_bonus'][s]:>5} "
            f"{r['popularity'][s]:>4} {r['power'][s]:>4} {r['rank'][s]:>4}"
            + ("  winner" if r["winner"][s] else "") + (" (shared)" if r["shared"][s] else ""))
    return lines
