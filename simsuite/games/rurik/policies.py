"""The compiled Rurik policies: names, ids, named weights and their defaults.

Every heuristic runs the same compiled code (ext/rurik/policies.pxi): each option of the
pending decision gets a value in victory points from the seat's own view, the best is taken.
A strategy is its id plus a weight vector; the weights are prices in VP (or, for `bribe`, a
number of coins; for `rollouts`, a count). A scenario may set any of them by name:

    [[policy]]
    name = "warlord"
    weights = { warfare = 3.5, attack = 1.0 }

The defaults below are hand-set starting points, checked against the random policy and each
other (tests/rurik/test_policies.py, BENCHMARKS.md "Rurik"); `simsuite tune` improves them.
"""
from __future__ import annotations

from simsuite.policies import (MAX_WEIGHTS, CompiledPolicy, default_weight_vector,
                               strategy_policies, strategy_weights)

GAME = "rurik"

# Order = the weight vector's order = the HW_* enum of ext/rurik/policies.pxi.
WEIGHT_DOCS: tuple[tuple[str, str], ...] = (
    ("rule", "worth of ruling one more region (the Rule track, cheaper tax and build there)"),
    ("build", "worth of one structure placed (the Build track)"),
    ("trade", "worth of one more good on the boat (the Trade track, boat income)"),
    ("warfare", "worth of one step on the warfare track (3 / 1 VP at the end)"),
    ("rebel", "worth of defeating a rebel beyond its reward"),
    ("coin", "worth of one coin"),
    ("good", "worth of a good beyond its boat column (deed payments, exchanges)"),
    ("deed", "worth per VP of a deed accomplished"),
    ("claim", "worth per VP of a claim-track space an option reaches"),
    ("presence", "worth of a unit in a region where it rules nothing yet"),
    ("attack", "extra will to attack a player (beyond the warfare step)"),
    ("bribe", "most coins bribed on one advisor"),
    ("card", "worth of a scheme card kept in hand"),
    ("agenda", "extra worth of a step that serves the secret agenda"),
    ("icon", "worth of an action icon this turn that has a use"),
    ("round_end", "extra weight of claim spaces in the last round (markers never come down)"),
    ("deny", "solo: worth per VP taken from the Rebels (a Rule claim space they no longer reach, "
             "the warfare lead)"),
    ("rollouts", "planner only: rollouts per option of a solo advisor placement (a count, 1-16; "
                 "0 plays as the heuristic)"),
)
WEIGHT_NAMES: tuple[str, ...] = tuple(n for n, _ in WEIGHT_DOCS)
assert len(WEIGHT_NAMES) <= MAX_WEIGHTS

_BASE = dict(
    rule=2.0, build=1.6, trade=1.0, warfare=1.0, rebel=0.6, coin=0.4, good=0.3, deed=1.0,
    claim=1.0, presence=0.3, attack=0.0, bribe=1.0, card=0.6, agenda=0.8, icon=1.0,
    round_end=0.5, deny=1.0, rollouts=0.0,
)


def _weights(**changes: float) -> tuple[tuple[str, float], ...]:
    return strategy_weights(WEIGHT_NAMES, _BASE, **changes)


_BUILDER = dict(build=2.4, rule=1.8, warfare=0.6, trade=0.8, deed=1.3)   # builder's, planner's values

# name -> (id, weights, description); ids are the core's POLICY_* ids.
STRATEGIES: dict[str, tuple[int, tuple[tuple[str, float], ...], str]] = {
    "warlord": (1, _weights(rule=2.4, warfare=2.0, rebel=1.2, attack=0.6, build=1.2, trade=0.8),
                "warfare and rule: musters and marches to rule regions, defeats rebels and attacks "
                "players for the warfare track"),
    "builder": (2, _weights(**_BUILDER),
                "structures and deeds: builds connected churches, strongholds and markets for the "
                "Build track and accomplishes deeds"),
    "planner": (4, _weights(**_BUILDER, rollouts=8.0),
                "builder's values; in solo every advisor placement is chosen by rollouts to the "
                "end of the game (hidden cards redealt), so it plans against the Rebels' face-up "
                "deck; in multiplayer it plays as builder"),
    "trader": (3, _weights(trade=2.0, good=0.6, coin=0.5, rule=1.6, build=1.2, warfare=0.6),
               "goods and the boat: taxes for the Trade track and boat income, markets, and deeds "
               "paid in goods"),
}

POLICIES: tuple[CompiledPolicy, ...] = strategy_policies(GAME, STRATEGIES)

