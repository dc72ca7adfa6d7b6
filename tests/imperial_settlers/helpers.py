"""Position building and small queries for the rule tests.

A test starts from a real game (seeded), empties the hands, sets tokens and builds the
locations it needs with `position(...)`, then jumps to the phase it tests. Expected values
are written in the tests from the rulebook or the reference tables, never read from the
data the core loaded.
"""
from __future__ import annotations

from simsuite import _imperial_settlers as core
from simsuite.games.imperial_settlers.data import load_rules

_RULES: dict = {}

# Option offsets of the action decision (ext/imperial_settlers/state.pxd).
MAX_HAND, MAX_LOC, MAX_SEATS = 96, 48, 4
PASS = 0
BUILD = 1
DEAL = BUILD + MAX_HAND
RAZE_HAND = DEAL + MAX_HAND
RAZE_LOC = RAZE_HAND + MAX_HAND
ACT = RAZE_LOC + MAX_SEATS * MAX_LOC
TRADE = ACT + 2 * MAX_LOC
DEFENCE = TRADE + 5
SAMURAI = DEFENCE + MAX_LOC
HOLD = SAMURAI + MAX_LOC
TR_WOOD, TR_STONE, TR_FOOD, TR_COMMON, TR_FACTION = range(5)
TOKENS = ("wood", "stone", "food", "worker", "gold", "raze", "defence")


def rules(**variants):
    key = tuple(sorted(variants.items()))
    if key not in _RULES:
        _RULES[key] = load_rules(**variants)
    return _RULES[key]


def position(factions, seed=1, tokens=None, rules_=None, **variants):
    """A game of `factions` with empty hands and supplies (the seats keep their decks);
    `tokens` go to seat 0; `rules_` replaces the shipped rules (e.g. with a user file)."""
    g = core.Game(rules_ or rules(**variants), seed, list(factions))
    for p in range(len(factions)):
        g.clear_hand(p)
        g.set_tokens(p, **{t: 0 for t in TOKENS}, vp=0)
    if tokens:
        g.set_tokens(0, **tokens)
    return g


def tok(g, seat, name=None):
    t = dict(g.player(seat)["tokens"])
    t["vp"] = g.player(seat)["vp"]
    return t if name is None else t[name]


def hand_names(g, seat):
    return [g.card_name(c) for c in g.player(seat)["hand"]]


def loc_names(g, seat):
    return [("(foundation)" if l["foundation"] else l["name"]) for l in g.player(seat)["locations"]]


def labels(g):
    return {g.option_label(o): o for o in g.legal_options()}


def do(g, label):
    """Apply the legal option whose label is `label`."""
    opts = labels(g)
    assert label in opts, f"{label!r} not among {sorted(opts)}"
    g.apply(opts[label])


def pass_all_but(g, seat):
    for p in range(g.n_players):
        if p != seat:
            g.set_passed(p)


def empty_faction_deck(g, seat):
    """Move seat's whole faction deck to its faction discard pile."""
    while g.player(seat)["faction_deck"]:
        zones, _ = g.card_zones()
        card = next(c for c, z in zones.items() if z == f"faction deck {seat}")
        g.give_card(seat, g.rules.kind_ids[g.rules.kind_of_card(card)])
    g.clear_hand(seat)


def random_playout(rules_, seed, factions, log=False):
    """One game between compiled random seats (seat s draws from derive_seed(seed, 1 + s), as
    in the batch loop); returns the finished Game and the options chosen, for replays."""
    g = core.Game(rules_, seed, list(factions), log=log)
    seats = core.CompiledSeats(seed, [0] * len(factions))
    chosen = []
    while not g.is_over:
        chosen.append(seats.step(g))
    return g, chosen
