"""The compiled Scythe policies: names, ids, named weights and their defaults.

Every heuristic runs the same compiled code (ext/scythe/heuristics_*.pxi); a strategy is its id
plus a weight vector. The weights are prices in coins (the game's score unit) or, for the
combat weights, power points; the first block is the strategy's plan (what each star category
is worth pursuing). A scenario may set any of them by name:

    [[policy]]
    name = "economy"
    weights = { production = 1.4, attack_edge = 3.0 }

or load a file written by `simsuite tune` (its `[policy]` table is a ready scenario entry).

The default values below are hand-set starting points, checked in self-play against the random
policy and against each other (tests/scythe/test_policies.py); `simsuite tune` improves them for
a given field. `expert`'s were tuned (issue #14) by coordinate search on the win rate and score
margin against the Automa (level automa) and the 4-player win rate against three of the other
strategies, and checked on fresh seeds (BENCHMARKS.md "Policy strength").
"""
from __future__ import annotations

from simsuite.policies import (MAX_WEIGHTS, CompiledPolicy, default_weight_vector,
                               strategy_policies, strategy_weights)

GAME = "scythe"

# Order = the weight vector's order = the HW_* enum of ext/scythe/heuristics_values.pxi.
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
    ("adapt", "seat-adapted planning, 0 off: the turns left read from the Automa's star track, "
              "territories at full worth and popularity tiers at what they pay near the end, "
              "star progress credited only while the star can still be reached, tiers "
              "planned for from 6 points below, Coercion's combat cards priced as the token "
              "they stand in for, the 6th star raced for when it wins and held back when it "
              "loses (not when the Automa ends the game next), the Automa's combat total "
              "read from its public table, long shots at the Automa while a lost combat only "
              "hands it a star it would place anyway, a bottom-action discount counted over at "
              "most one use in 4 turns (Deploy's at twice its worth against an Automa that "
              "takes all its moves), over its last 8 turns against the Automa a bottom action "
              "it would take weighed 2 coins more, and against a single opponent its territory "
              "losses counted as gains (scaled by this weight)"),
    # Which Upgrade: coins added to an option for the top-row cell it exposes (against the coin
    # cell) and the bottom cost box it covers (against the Upgrade's own). 0 for every
    # strategy; the table's rows may set them.
    ("pick_move", "which Upgrade: coins for exposing Move's third unit (against Gain's coin)"),
    ("pick_popularity", "which Upgrade: coins for exposing Trade's second popularity"),
    ("pick_power", "which Upgrade: coins for exposing Bolster's third power"),
    ("pick_cards", "which Upgrade: coins for exposing Bolster's second combat card"),
    ("pick_produce", "which Upgrade: coins for exposing Produce's third territory"),
    ("pick_deploy", "which Upgrade: coins for covering a Deploy cost box (against Upgrade's own)"),
    ("pick_build", "which Upgrade: coins for covering a Build cost box"),
    ("pick_enlist", "which Upgrade: coins for covering an Enlist cost box"),
    # Late weights: added to a price in proportion to the most stars any seat holds (none at
    # the start, all at 5 stars), so a row can price the opening and the end apart. 0 for
    # every strategy; the table's rows may set them.
    ("late_invest", "late: added to upgrade, deploy, build and enlist by the game's end"),
    ("late_popularity", "late: added to popularity by the game's end"),
    ("late_power", "late: added to power by the game's end"),
    ("late_keep", "late: added to keep by the game's end"),
    ("late_territory", "late: added to territory by the game's end"),
    ("late_production", "late: added to production by the game's end"),
    ("late_attack_edge", "late: added to attack_edge by the game's end"),
    ("late_advance", "late: added to mech_advance by the game's end"),
)
WEIGHT_NAMES: tuple[str, ...] = tuple(n for n, _ in WEIGHT_DOCS)
assert len(WEIGHT_NAMES) <= MAX_WEIGHTS

_BASE = dict(
    upgrade=3.0, deploy=2.5, build=2.5, enlist=3.0, worker=1.5, objective=3.0, combat_star=1.0,
    popularity_star=0.1, power_star=0.1, popularity=0.3, tier=0.8, power=0.4, card=0.4,
    resource=0.6, keep=0.6, territory=0.6, production=1.0, encounter=5.0, factory=5.0,
    attack_edge=2.0, combat_win=1.0, dial_margin=1.0, card_estimate=4.0, harass=0.0,
    mech_advance=0.3, mobility=1.5, combat_ability=0.8, tile=1.0, guard=0.5, move_min=0.05,
    lookahead=0.7, adapt=0.0, pick_move=0.0, pick_popularity=0.0, pick_power=0.0,
    pick_cards=0.0, pick_produce=0.0, pick_deploy=0.0, pick_build=0.0, pick_enlist=0.0,
    late_invest=0.0, late_popularity=0.0, late_power=0.0, late_keep=0.0, late_territory=0.0,
    late_production=0.0, late_attack_edge=0.0, late_advance=0.0,
)


def _weights(**changes: float) -> tuple[tuple[str, float], ...]:
    return strategy_weights(WEIGHT_NAMES, _BASE, **changes)


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
    "expert": (5, _weights(upgrade=4.5, deploy=4.0, build=1.0, enlist=4.5, objective=2.0,
                       combat_star=1.185, power_star=0.6, popularity=0.45, power=1.312,
                       card=1.35, keep=1.125, territory=0.9, encounter=7.5, factory=3.333,
                       attack_edge=0.0, combat_win=1.333, card_estimate=3.5, harass=1.5,
                       mech_advance=1.0, mobility=5.062, combat_ability=3.75, guard=0.426,
                       lookahead=0.467, adapt=1.5),
               "the strongest: weights tuned against the Automa and a field of the other "
               "strategies, with the seat-adapted planning on (the Automa's clock and combat "
               "table, the end spread, Coercion's cards)"),
}

# The Upgrade picks are 0 for every strategy but matter at a few coins: the tuner steps them
# on that scale (an Upgrade's cells are worth about 1-8 coins to the heuristics).
# The late weights start at 0 too: each is stepped on the scale of the price it moves.
TUNE_STEPS: tuple[tuple[str, float], ...] = tuple(
    (n, 2.0) for n in WEIGHT_NAMES if n.startswith("pick_")) + (
    ("late_invest", 2.0), ("late_popularity", 0.5), ("late_power", 0.5), ("late_keep", 1.0),
    ("late_territory", 0.5), ("late_production", 0.5), ("late_attack_edge", 1.0),
    ("late_advance", 0.5))

POLICIES: tuple[CompiledPolicy, ...] = strategy_policies(GAME, STRATEGIES, TUNE_STEPS)


def default_weights(name: str) -> list[float]:
    """The full MAX_WEIGHTS vector of a strategy's defaults."""
    return default_weight_vector(STRATEGIES, name)


# The compiled search policy (ext/scythe/search.pxi): Monte Carlo tree search over
# determinizations of the seat's own view, rollouts by a heuristic above, cut early and scored.
SEARCH_WEIGHTS: tuple[tuple[str, float], ...] = (
    ("simulations", 256.0),  # per turn's tree (per decision with tree = 0); the budget knob
    ("depth", 0.0),          # rollout cut: own turns after the current one (then the others reply)
    ("rollout", 5.0),        # strategy id of the heuristic playing the rollouts (5 = expert)
    ("exploration", 0.7),    # UCB1 constant, in units of the spread of the values
    ("time_ms", 0.0),        # > 0: also stop a search after this many ms (NOT reproducible)
    ("tree", 1.0),           # 1: one tree for the compound turn; 0: each decision alone
    ("scope", 1.0),          # 0: search Section, top and bottom decisions; 1: every own-turn one
    ("crn", 1.0),            # 1: common random numbers (k-th visit of each option, same sample)
    ("widen", 1.0),          # progressive widening: children <= 1 + widen * sqrt(visits)
    ("bias", 0.0),           # coins added to the value of the heuristic's own choice
    ("progress", 2.0),       # evaluation: coins per bottom-row step toward an open star
    ("win_bonus", 30.0),     # evaluation: coins for a won game ended within the rollout
    ("follow", 0.25),        # later decisions of a turn's tree: this share of the budget more
    ("resource", 0.5),       # evaluation: coins per controlled resource token (beyond its pairs)
    ("power", 0.3),          # evaluation: coins per power point and per combat card in hand
    ("eval", 1.0),           # 1: fitted prediction of the final scores (search_eval.pxi); 0: the
                             #    score formula plus the progress/resource/power terms above
    ("endgame", 4.0),        # > 0: search turns only once a seat has this many stars, rollouts to the end
    ("combat", 1.0),         # 1: also search own combat dial and cards when nothing of the other
                             #    side is hidden (first to commit, or against the Automa)
    ("margin_cap", 10.0),    # evaluation: a finished game's margin counts up to this, either way
    ("override", 1.5),       # > 0: keep the heuristic's choice unless another option's gain over it on
                             #    the same determinizations is above 0 by this many standard errors
    ("table", 1.0),          # 1: the seat's base weights are its row of expert's table (tables/expert.toml)
    ("portfolio", 12.0),     # > 0: before the endgame, select the seat's style (SEARCH_STYLES) by this
                             #    many paired rollouts to the end per style (alongside `simulations`)
    ("portfolio_every", 2.0),  # own turns between two style selections
    ("portfolio_z", 2.5),    # a style replaces the incumbent only on a paired gain above z standard errors
    ("styles", 6.0),         # how many of SEARCH_STYLES the selection compares (from the first)
    ("portfolio_cap", 10.0), # the selection's rollouts: a finished game's margin counts up to this
    ("solo_portfolio", 0.0), # against the Automa: `portfolio` there (the selection did not pay there)
    ("solo_budget", 4.0),    # against the Automa: `simulations` times this
    ("hard_from", 2.0),      # the hard Automa levels start here: 2 Automaszyna, 3 Ultimaszyna (4: none)
    ("hard_endgame", 0.0),   # >= 0: against the hard levels, `endgame` there, 0: every turn played
                             #    out to the end (not cut at `depth`); < 0: `endgame` applies
    ("hard_budget", 512.0),  # > 0: against the hard levels, `solo_budget` there
    ("hard_margin_cap", 40.0),  # > 0: against the hard levels, `margin_cap` there
    ("settle", 2.0),         # > 0: stop a decision's search early once every other option trails
                             #    the heuristic's choice by this many standard errors, paired (from
                             #    an eighth of the budget on; at the hard levels it runs about half
                             #    of it); < 0: only count where it would stop (search_settle_counts);
                             #    0: off
    ("bank", 0.0),           # 1: a settled decision's unspent simulations go to the turn's next
                             #    decision (on top of its `follow` share); 0: dropped
    ("until", 0.0),          # > 0: search nothing once a seat has this many stars (the seat plays its
                             #    rollout heuristic from there, combat included; the complement of
                             #    `endgame`, to measure what the opening's search is worth); 0: off
    ("roll_table", 1.0),     # 1 (with table = 1): in the play-outs every other seat plays its row of
                             #    expert's table (by its public faction and mat), the strongest
                             #    heuristic as a model of a strong player; 0: expert's defaults (the
                             #    rule until session 26)
    ("late_from", 4.0),      # the late game starts once some seat has this many stars
    ("late_budget", 1.0),    # > 1: in the late game every tree takes this many times its simulations
                             #    (its play-outs are short there, so they cost little); 1: off
    ("hard_late_budget", 4.0),  # > 0: against the hard levels, `late_budget` there (four times the
                                #    simulations from the 4th star: at Ultimaszyna +1.1 and +1.5 points
                                #    of margin, 17 deals against 5 and 6 against 2 won by it alone,
                                #    for 13-19% more CPU; BENCHMARKS.md "Search policy", session 28)
)
# The search's mid-game styles (search.pxi search_portfolio): factors on the seat's base
# weights (expert's defaults, or its table row); the first is the base itself.
SEARCH_STYLES: tuple[tuple[str, dict[str, float]], ...] = (
    ("base", {}),
    ("workers", {"worker": 2.0, "production": 1.6}),
    ("popularity", {"popularity": 2.0, "tier": 2.0, "popularity_star": 4.0}),
    ("upgrades", {"upgrade": 1.4, "build": 2.5, "mobility": 0.7}),
    ("aggression", {"combat_star": 3.0, "combat_win": 2.0, "harass": 2.0, "mech_advance": 2.0}),
    ("stars", {"enlist": 1.4, "deploy": 1.4, "objective": 2.0, "power_star": 2.0}),
)
POLICIES = POLICIES + (
    CompiledPolicy("search", 6, SEARCH_WEIGHTS,
                   "Monte Carlo tree search over sampled hidden information (compiled); "
                   "simulations is the budget knob", games=(GAME,)),
)
