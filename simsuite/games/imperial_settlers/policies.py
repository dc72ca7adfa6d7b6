"""The compiled Imperial Settlers policies: names, ids, named weights and their defaults.

Every heuristic runs the same compiled code (ext/imperial_settlers/heuristics.pxi): each
option of a decision is priced in VP and the dearest is taken. A strategy is its id plus a
weight vector; the weights are prices in VP (the goods) or shares (how much of a location's
future output, of a raze's harm, ... counts). A scenario may set any of them by name:

    [[policy]]
    name = "engine"
    weights = { production = 1.2, harm = 0.5 }

The defaults are hand-set and checked in play against the random policy and each other
(tests/imperial_settlers/test_policies.py, BENCHMARKS.md "Imperial Settlers").
"""
from __future__ import annotations

from simsuite.policies import MAX_WEIGHTS, default_weight_vector, strategy_policies

GAME = "imperial-settlers"

# Order = the weight vector's order = the HW_* enum of ext/imperial_settlers/heuristics.pxi.
WEIGHT_DOCS: tuple[tuple[str, str], ...] = (
    ("vp", "worth of one VP (the unit of every price)"),
    ("wood", "price of a wood"),
    ("stone", "price of a stone"),
    ("food", "price of a food"),
    ("worker", "price of a worker"),
    ("gold", "price of a gold (pays for any resource)"),
    ("raze", "price of a raze token"),
    ("defence", "price of a defence token"),
    ("card", "price of a common card (or a card from the deck of one's choice)"),
    ("faction_card", "price of a faction card"),
    ("production", "share of a production location's output in the rounds still to come counted"),
    ("action", "share of an action location's activations in the rounds still to come counted"),
    ("feature", "share of a feature's triggers in the rounds still to come counted"),
    ("deal", "share of a deal's output in the rounds still to come counted"),
    ("spend", "share of a good's price counted when it is paid"),
    ("raze_gain", "share of a raze yield counted"),
    ("harm", "worth per VP of value an opponent loses to a raze"),
    ("guard", "share of a threatened location's worth a defence token or samurai is worth"),
    ("faction_draw", "bonus for drawing from the faction deck rather than the common one"),
    ("pass", "worth of passing: an action must be worth more to be taken"),
    ("keep", "extra share of price of the faction's stored good when paying it"),
    ("hand", "share of a hand card's worth counted when it is given up"),
    ("last_round", "share of goods' prices left in the last round (left-overs only break ties)"),
    ("need", "planning: share of a blocked hand card's worth added to the price of each "
             "resource it lacks"),
    ("solo_goal", "solo: worth of a faction location built or kept (not given up for a build), "
                  "of an opponent's lookout card razed, of leaving it one that can be razed "
                  "(the goal: more faction locations than the opponent's trophies)"),
)
WEIGHT_NAMES: tuple[str, ...] = tuple(n for n, _ in WEIGHT_DOCS)
assert len(WEIGHT_NAMES) <= MAX_WEIGHTS

_BASE = dict(
    vp=1.0, wood=0.8, stone=1.0, food=0.8, worker=0.4, gold=1.0, raze=0.6, defence=0.4,
    card=1.0, faction_card=1.4, production=1.2, action=0.6, feature=0.6, deal=0.8,
    spend=0.5, raze_gain=1.0, harm=0.3, guard=0.5, faction_draw=0.2, pass_=-0.05, keep=0.5,
    hand=0.5, last_round=0.2, need=0.5,
    solo_goal=3.0,
)


def _weights(**changes: float) -> tuple[tuple[str, float], ...]:
    values = {("pass" if k == "pass_" else k): v for k, v in dict(_BASE, **changes).items()}
    unknown = set(values) - set(WEIGHT_NAMES)
    assert not unknown, unknown
    return tuple((n, float(values[n])) for n in WEIGHT_NAMES)


# name -> (id, weights, description); ids are the core's COMPILED_POLICIES ids.
STRATEGIES: dict[str, tuple[int, tuple[tuple[str, float], ...], str]] = {
    "engine": (1, _weights(),
               "engine builder: production locations early, the engine's output into VP "
               "locations late; guards what opponents can raze"),
    "razer": (2, _weights(raze=1.0, raze_gain=1.4, harm=0.9, production=0.7, guard=0.4),
              "razer: raze tokens and razes of the opponents' best locations for their yields, "
              "production second"),
    "dealer": (3, _weights(deal=1.3, food=1.0, production=0.8, harm=0.2),
               "dealer: deals for a steady income from the first rounds, builds with it"),
}

POLICIES = strategy_policies(GAME, STRATEGIES)


def default_weights(name: str) -> list[float]:
    """The full MAX_WEIGHTS vector of a strategy's defaults."""
    return default_weight_vector(STRATEGIES, name)
