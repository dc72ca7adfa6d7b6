"""Position set-up shortcuts for the rule tests of §8, §11, §12 (Swim, Meander),
§13, §14, §15 and §16 (tests/scythe/rules/test_s08..s16).

Cell ids are those of simsuite/games/scythe/data/board.toml (drawing and
river table in shared/reference/scythe/board.md): bases 1 Albion, 2 Nordic,
3 Polania, 4 Rusviet, 5 Saxony, 6 Togawa, 7 Crimea; tunnels 17 22 25 36 39 44;
lakes 14 16 24 29 38 40 49; Factory 30.

A decision with a single legal option is applied by the engine at once (see
ext/scythe/turn.pxi), so `answer` only applies an option when its decision is
actually pending, and `forced` reads what the engine applied on its own.
"""
from __future__ import annotations

import pytest

core = pytest.importorskip("simsuite._scythe", reason="the compiled Scythe core is not built")

CHAR = 0
MECH0 = 1
W0 = 5
DK = {name: i for i, name in enumerate(core.DECISION_NAMES)}
EV_DECISION = 2          # ext/scythe/core.pxi EventKind
EV_CARD_DRAWN = 7
EV_DISPLACE = 9


# ---------------------------------------------------------------- games and seats
def blank(rules, factions, mats=None, seed=1):
    """A game of these factions with an empty board: characters home, mechs
    and workers on the mats, no resources, structures, encounter tokens or
    objective cards, no combat cards in hand, nobody has chosen a section."""
    if mats is None:
        mats = default_mats(factions)
    g = core.Game(rules, seed, len(factions), list(factions), list(mats))
    g.clear_board()
    for s in range(g.n_players):
        g.set_player(s, objectives=[], last_section=-1, hand=[0, 0, 0, 0])
    return g


# The rulebook bans these two pairs (Rusviet + Industrial, Crimea + Patriotic).
_BANNED = {("rusviet", "industrial"), ("crimea", "patriotic")}


def default_mats(factions):
    """One mat per faction, in a fixed preference order, avoiding the banned pairs."""
    free = ["patriotic", "mechanical", "agricultural", "engineering", "industrial"]
    out = []
    for f in factions:
        m = next(m for m in free if (f, m) not in _BANNED)
        free.remove(m)
        out.append(m)
    return out


def seat(g, faction):
    for s in range(g.n_players):
        if g.faction_name(s) == faction:
            return s
    raise KeyError(faction)


def mech_unit(g, s, ability):
    """Unit index of the mech covering `ability` on seat s's faction mat."""
    f = g.rules.data.factions[g.faction_name(s)]
    return MECH0 + f.mech_abilities.index(ability)


def put_mech(g, s, ability, cell):
    """Deploy the mech covering `ability` onto `cell`; returns its unit index."""
    g.set_mech_deployed(s, ability, True, cell)
    return mech_unit(g, s, ability)


def workers(g, s, cell, n, first=0):
    """Put workers first..first+n-1 of seat s on `cell`; their unit indices."""
    units = [W0 + first + i for i in range(n)]
    for u in units:
        g.set_unit(s, u, cell)
    return units


def section(g, s, top=None, bottom=None):
    mat = g.rules.data.mats[g.mat_name(s)]
    for i, sec in enumerate(mat.sections):
        if (top is None or sec.top == top) and (bottom is None or sec.bottom == bottom):
            return i
    raise KeyError((top, bottom))


def units_on(g, s, cell):
    return [u for u in range(13) if g.unit_cell(s, u) == cell]


# ---------------------------------------------------------------- decisions
def do(g, kind, opt):
    """Apply `opt` to the pending decision, which must be of kind `kind`."""
    assert g.decision_name == kind, (g.decision_name, kind, g.legal_options())
    g.apply(opt)


def answer(g, kind, opt, who=None):
    """Apply `opt` if a `kind` decision of seat `who` (any seat when None) is
    pending; otherwise the engine must already have applied exactly that option
    on its own (it does so when a decision has a single legal option)."""
    if g.decision_name == kind and (who is None or g.current_player == who):
        g.apply(opt)
        return
    assert forced(g, kind, who) == opt, (kind, who, opt, forced(g, kind, who), g.decision_name)


def forced(g, kind, who=None):
    """The option the engine applied on its own in the latest `kind` decision
    of seat `who` (None when that decision was a player's choice or none happened)."""
    k = DK[kind]
    for ev in reversed(g.raw_events()):
        if ev[0] == EV_DECISION and ev[3] == k and (who is None or ev[1] == who):
            return ev[4] if ev[2] == 1 else None
    return None


def start_move(g, s):
    """Begin seat s's turn and choose its Move top action (a move_unit decision next)."""
    g.begin_turn(s)
    do(g, "section", section(g, s, top="move"))
    do(g, "top", 100)


def step(g, unit, *cells, workers=None, res=None):
    """Pick `unit` and step it through `cells`. At each step the carry
    decisions are answered with `workers` (DK_CARRY_WORKERS option, default 0)
    and `res` ({resource index: count}, default 0). Does not stop the unit."""
    do(g, "move_unit", unit + 1)
    for c in cells:
        do(g, "move_step", c)
        while g.decision_name in ("carry_workers", "carry_resources"):
            if g.decision_name == "carry_workers":
                g.apply(workers or 0)
            else:
                g.apply((res or {}).get(g.decision_aux, 0))


def stop(g):
    """End the current unit's movement if it could go on."""
    if g.decision_name == "move_step":
        do(g, "move_step", 0)


def end_move(g):
    """End the Move action (no further unit)."""
    stop(g)
    if g.decision_name == "move_unit":
        do(g, "move_unit", 0)


def cards(n2=0, n3=0, n4=0, n5=0):
    """DK_CARDS option for these counts of combat cards of value 2..5."""
    return n2 + 8 * n3 + 64 * n4 + 512 * n5


def fight(g, att_dial, att_cards, def_dial, def_cards, attacker=None, defender=None):
    """Answer the four secret combat choices: attacker dial and cards, then
    defender dial and cards (single-option ones were applied by the engine).
    Seats default to the active player and, in a 2-player game, the other."""
    a = g.active_player if attacker is None else attacker
    d = (1 - a if g.n_players == 2 else None) if defender is None else defender
    answer(g, "dial", att_dial, a)
    answer(g, "cards", att_cards, a)
    answer(g, "dial", def_dial, d)
    answer(g, "cards", def_cards, d)


def hand(g, s):
    return dict(g.player(s)["hand"])


def hand_total(g, s):
    return sum(hand(g, s).values())


def events_of(g, kind):
    return [ev for ev in g.raw_events() if ev[0] == kind]


def workers_on(g, s, cell):
    return [u for u in units_on(g, s, cell) if u >= W0]


def attack(g, s, unit, *cells, workers=None):
    """Seat s moves `unit` through `cells` as its whole Move; any combat follows."""
    start_move(g, s)
    step(g, unit, *cells, workers=workers)
    end_move(g)


# ---------------------------------------------------------------- shared combat positions
def peoples_army_defence(rules, n_workers=3, deployed=True):
    """Crimea's character (tundra 37) attacks Rusviet on village 43: its Riverwalk mech, its
    People's Army mech when `deployed`, and `n_workers` workers; Rusviet holds four 2-cards,
    nobody has power. Returns (game, Rusviet's seat, Crimea's seat) at the combat's choices."""
    g = blank(rules, ["rusviet", "crimea"])
    r, c = seat(g, "rusviet"), seat(g, "crimea")
    if deployed:
        put_mech(g, r, "peoples_army", 43)
    put_mech(g, r, "riverwalk", 43)
    workers(g, r, 43, n_workers)
    g.set_unit(c, CHAR, 37)
    g.set_player(r, power=0, hand={2: 4})
    g.set_player(c, power=0)
    attack(g, c, CHAR, 43)
    return g, r, c


def polania_wins_against_workers(rules, ability, popularity=5):
    """Polania (a mech with `ability` deployed on mountain 48) attacks from village 43 and
    wins against Crimea's character and 2 workers on tundra 37 (power 1 against 0).
    Returns (game, Polania's seat, Crimea's seat) after the combat."""
    g = blank(rules, ["polania", "crimea"])
    p, c = seat(g, "polania"), seat(g, "crimea")
    put_mech(g, p, ability, 48)
    g.set_unit(p, CHAR, 43)
    g.set_unit(c, CHAR, 37)
    workers(g, c, 37, 2)
    g.set_player(p, power=1, popularity=popularity)
    g.set_player(c, power=0)
    attack(g, p, CHAR, 37)
    fight(g, 1, 0, 0, 0)
    return g, p, c


# ---------------------------------------------------------------- shared encounter position
def encounter_position(rules, faction, coins, popularity):
    """`faction`'s character steps onto an encounter token on 28 (from 21 for Polania, 27
    otherwise) against Saxony, with encounter card 1 on top of the deck (option 0 gains 2
    coins + 1 popularity, option 1 costs 2 coins for 4 food, option 2 costs 2 popularity for a
    free Build): the encounter decision is pending."""
    g = blank(rules, [faction, "saxony"])
    f = seat(g, faction)
    g.set_unit(f, CHAR, 21 if faction == "polania" else 27)
    g.set_encounter_token(28)
    g.set_encounter_deck([1])
    g.set_player(f, coins=coins, popularity=popularity)
    start_move(g, f)
    step(g, CHAR, 28)
    assert g.decision_name == "encounter"
    return g, f


def take_all_gains(g):
    """Take the most of each pending gain of an encounter's reward."""
    while g.decision_name == "gain_amount":
        g.apply(max(g.legal_options()))
