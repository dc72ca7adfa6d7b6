"""The compiled Scythe policies: names, ids, named weights and their defaults.

Every heuristic runs the same compiled code (ext/scythe/heuristics.pxi); a strategy is its id
plus a weight vector. The weights are prices in coins (the game's score unit) or, for the
combat weights, power points; the first block is the strategy's plan (what each star category
is worth pursuing). A scenario may set any of them by name:

    [[policy]]
    name = "economy"
    weights = { production = 1.4, attack_edge = 3.0 }

or load a file written by `simsuite tune` (its `[policy]` table is a ready scenario entry).

The default values below are hand-set starting points, checked in self-play against the random
policy and against each other (tests/scythe/test_policies.py); `simsuite tune` improves them for
a given field.
"""
from __future__ import annotations

from simsuite.policies import MAX_WEIGHTS, CompiledPolicy, weight_table

GAME = "scythe"

# Order = the weight vector's order = the HW_* enum of ext/scythe/heuristics.pxi.
WEIGHT_DOCS: tuple[tuple[str, str], ...] = (
    ("upgrade", "plan: worth of one Upgrade (progress to its star)"),
    ("deploy", "plan: worth of one Deploy"),
    ("build", "plan: worth of one Build"),
    ("enlist", "plan: worth of one Enlist"),
    ("worker", "plan: worth of one more worker on the board"),
    ("objective", "plan: worth of control toward an own objective card's terrain"),
    ("combat_star", "plan: worth of a combat star beyond its scoring value"),
    ("popularity_star", "plan: worth per popularity point above 8 (toward the 18 star)"),
    ("power_star", "plan: worth per power point above 6 (toward the 16 star)"),
    ("popularity", "worth per popularity point"),
    ("tier", "scale of the end-scoring gain of reaching a popularity tier"),
    ("power", "worth per power point (up to the dial's 7; half above)"),
    ("card", "worth per combat card in hand"),
    ("resource", "share of a bottom action's worth credited to each token it needs"),
    ("keep", "share of its end-scoring worth credited to a surplus token"),
    ("territory", "scale of the end-scoring worth of a controlled territory"),
    ("production", "weight of placing workers for the next Produce"),
    ("encounter", "worth of an encounter for the character"),
    ("factory", "worth of reaching the Factory for a card"),
    ("attack_edge", "strength edge (power points) required before starting a combat"),
    ("combat_win", "worth of winning a combat beyond its star"),
    ("dial_margin", "power dialled above the opponent's expected strength"),
    ("card_estimate", "assumed strength of an unseen opponent combat card (2..5)"),
    ("harass", "worth per enemy worker sent home"),
    ("mech_advance", "how hard mechs and the character press toward beatable enemies"),
    ("mobility", "worth of movement abilities, Speed and the Mine"),
    ("combat_ability", "worth of a combat mech ability"),
    ("tile", "worth per coin of the structure bonus tile"),
    ("guard", "worth of a mech beside own workers that an enemy can reach"),
    ("move_min", "least gain for which a unit is moved at all"),
    ("lookahead", "weight of the next turn a choice leaves (0: plan one turn only)"),
)
WEIGHT_NAMES: tuple[str, ...] = tuple(n for n, _ in WEIGHT_DOCS)
assert len(WEIGHT_NAMES) <= MAX_WEIGHTS

_BASE = dict(
    upgrade=3.0, deploy=2.5, build=2.5, enlist=3.0, worker=1.5, objective=3.0, combat_star=1.0,
    popularity_star=0.1, power_star=0.1, popularity=0.3, tier=0.8, power=0.4, card=0.4,
    resource=0.6, keep=0.6, territory=0.6, production=1.0, encounter=5.0, factory=5.0,
    attack_edge=2.0, combat_win=1.0, dial_margin=1.0, card_estimate=4.0, harass=0.0,
    mech_advance=0.3, mobility=1.5, combat_ability=0.8, tile=1.0, guard=0.5, move_min=0.05,
    lookahead=0.7,
)


def _weights(**changes: float) -> tuple[tuple[str, float], ...]:
    return weight_table(WEIGHT_NAMES, _BASE, **changes)


# name -> (id, weights, description); ids are the core's HP_* ids.
STRATEGIES: dict[str, tuple[int, tuple[tuple[str, float], ...], str]] = {
    "economy": (1, _weights(), "economy and structures first: upgrades, mechs, buildings and "
                               "recruits on a strong production engine; fights only with a clear "
                               "edge"),
    "star_rush": (2, _weights(upgrade=3.5, deploy=3.0, build=1.2, enlist=3.5, worker=3.0,
                              objective=4.0, power_star=0.4, popularity=0.2, tier=0.5,
                              territory=0.4, encounter=3.0),
                  "fast stars: workers, recruits, upgrades and mechs as soon as payable, "
                  "then the objective and power; ends the game early"),
    "aggressor": (3, _weights(deploy=4.0, build=1.5, combat_star=6.0, power_star=0.4, power=0.7,
                              card=0.6, attack_edge=0.0, combat_win=3.0, dial_margin=1.5,
                              card_estimate=3.5, harass=1.0, mech_advance=1.5,
                              combat_ability=2.5, guard=0.8, territory=0.9),
                  "combat and territory: mechs with combat abilities early, power and cards, "
                  "attacks beatable enemies for the two combat stars and holds ground"),
    "diplomat": (4, _weights(build=3.0, objective=5.0, combat_star=0.0, popularity_star=0.8,
                             popularity=0.7, tier=1.4, encounter=6.0, attack_edge=4.0,
                             combat_win=0.0, harass=-1.0, mech_advance=0.0, combat_ability=0.3),
                 "popularity and objectives: high popularity for the best scoring tier and "
                 "its star, encounters and objectives; avoids combat"),
}

POLICIES: tuple[CompiledPolicy, ...] = tuple(
    CompiledPolicy(name, pid, weights, description, games=(GAME,))
    for name, (pid, weights, description) in STRATEGIES.items()
)


def default_weights(name: str) -> list[float]:
    """The full MAX_WEIGHTS vector of a strategy's defaults."""
    _, weights, _ = STRATEGIES[name]
    vector = [0.0] * MAX_WEIGHTS
    for i, (_, value) in enumerate(weights):
        vector[i] = value
    return vector
