"""Constructed positions for the control, objective and scoring tests.

`Position` wraps simsuite._scythe.Game's editing API: a cleared board, every track and hand
at 0, then the pieces and values a test places (Rulebook 000 §4.2, §16, §20 tests).
"""
from simsuite._scythe import Game, Rules
from simsuite.games.scythe.data import load_data

RULES = Rules(load_data())
FACTIONS = ("nordic", "rusviet", "polania", "crimea", "saxony")
PLAIN_STARS = ("upgrades", "mechs", "structures", "recruits", "workers", "popularity", "power")


class Position:
    """An edited position: the board cleared (characters on their home bases,
    everything else on the mats), every track and hand at 0, then the pieces
    and values a test places. Wraps simsuite._scythe.Game's editing API."""

    def __init__(self, n_players=2, tile="adjacent_lakes", factions=None):
        self.g = Game(RULES, 1, n_players, factions=list(factions or FACTIONS[:n_players]))
        self.g.clear_board()
        self.g.set_structure_tile(tile)
        for s in range(n_players):
            self.g.set_player(s, power=0, popularity=0, coins=0, hand=[0, 0, 0, 0],
                              factory_card=False, top_cubes=[1] * 6, recruits=[0] * 4,
                              star_placed={k: False for k in PLAIN_STARS}, combat_stars=0,
                              objective_stars=0, forced_retreat=False)

    def unit(self, seat, unit, cell):
        self.g.set_unit(seat, unit, cell)

    def structure(self, seat, kind, cell):
        self.g.set_structure(seat, kind, cell)

    def res(self, cell, **tokens):
        self.g.set_resources(cell, tokens)

    def player(self, seat, *, stars=None, upgrades=None, recruits=None, factory_card=None, **kw):
        if stars is not None:
            kw["star_placed"] = {k: i < stars for i, k in enumerate(PLAIN_STARS)}
        if upgrades is not None:
            kw["top_cubes"] = [0] * upgrades + [1] * (6 - upgrades)
        if recruits is not None:
            kw["recruits"] = [1] * recruits + [0] * (4 - recruits)
        if factory_card is not None:
            kw["factory_card"] = RULES.factory_ids[seat] if factory_card else False
        self.g.set_player(seat, **kw)

    def active(self, seat):
        self.g.begin_turn(seat)

    def controller(self, cell):
        return self.g.controller(cell)

    def territories(self, seat):
        return self.g.controlled_territories(seat)

    def resources(self, seat):
        r = self.g.controlled_resources(seat)
        by_type = [r[k] for k in ("oil", "metal", "wood", "food")]
        return sum(by_type), by_type

    def count(self, query, *args):
        # units_of_on / plastic_of_on / workers_of_on / workers_on_board of queries.pxi
        return getattr(self.g, query)(*args)

    def objective(self, seat, oid):
        return self.g.objective_met(seat, oid)

    def bonus_count(self, seat):
        return self.g.structure_bonus_count(seat)

    def scores(self):
        r = self.g.result()
        return r["score"], r["components"], r["rank"], [int(x) for x in r["shared"]]
