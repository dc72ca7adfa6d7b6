"""Behaviour: how each policy plays Scythe, to find wasted turns and show they are gone.

Plays again a sample of the dataset's games exactly as the batch played them (the scenario is
rebuilt from the text its files carry, each game from its index and seed) with the log on,
and reads per seat (simsuite/games/scythe/behaviour.py): the share of own turns with the top
action only, the bottom action only, both, or neither; how often the bottom action was taken
when one was payable at the start of the turn; the final popularity and its scoring tier;
stars by kind and the own turn each came; coins, resources and territories at the end;
combats started and won; Coercion payments, Bolsters for cards, repeated sections
(Relentless), encounters; turns to the end; per top action (move, trade, produce, bolster,
Factory card) the share of turns spent in its section and how often that section's bottom
action was taken with it; workers on the board, and the score margin over the best other seat
as if the game ended there, after own turns 4, 8 and 12 (where a gap opens); who holds the
Factory at the end (it scores as three territories). Grouped by
policy, then by policy and faction, and by policy and mat. Then each ability the faction
holds (its faction ability and four mech abilities), by policy and faction: uses a game and
the share of seats that used it. Last, each objective card by policy: the seats dealt it and
the share of them that met it.

    simsuite report behaviour DATASET [--sample 100] [--format md|csv|json]
"""
from __future__ import annotations

import polars as pl

from simsuite.errors import UserError
from simsuite.reporting import Col, Report, ReportResult, Table

RATES = (("both", "both"), ("top_only", "top only"), ("bot_only", "bottom only"),
         ("neither", "neither"), ("bot|afford", "bottom when payable"), ("tier0", "lowest tier"),
         ("tier2", "top tier"), ("factory", "Factory held at the end"),
         ("factory_other", "Factory held by another seat"), ("win", "win rate"))
MEANS = (("turns", "turns"), ("score", "score"), ("pop", "popularity"), ("coins", "coins"),
         ("res", "resources"), ("terr", "territories"), ("stars", "stars"),
         ("fights", "combats"), ("won", "won"), ("coerce", "Coercion"),
         ("bol_cards", "Bolster cards"), ("repeat", "sections repeated"), ("enc", "encounters"))


def add_arguments(p) -> None:
    p.add_argument("--sample", type=int, default=100,
                   help="games of each scenario to play again (spread over the dataset; default 100)")


def _table(name: str, title: str, frame: pl.DataFrame, keys) -> Table:
    from simsuite.games.scythe.behaviour import STAR_KINDS, TOP_KINDS, WORKER_TURNS

    cols = [Col(k, k, "text") for k in keys] + [Col("n", "seats", "int")]
    cols += [Col(c, h, "rate") for c, h in RATES]
    cols += [Col(c, h, "num1") for c, h in MEANS]
    cols += [Col(f"{k}_share", f"{k} turns", "rate") for k in TOP_KINDS]
    cols += [Col(f"{k}_with_bottom", f"{k}: bottom taken", "rate") for k in TOP_KINDS]
    cols += [Col(f"workers_t{t}", f"workers after turn {t}", "num1") for t in WORKER_TURNS]
    cols += [Col(f"margin_t{t}", f"margin after turn {t}", "num1") for t in WORKER_TURNS]
    cols += [Col("margin", "margin at the end", "num1")]
    cols += [Col(f"{k}_stars", f"{k} stars", "num2") for k in STAR_KINDS]
    cols += [Col(f"{k}_turn", f"{k} star turn", "num1") for k in STAR_KINDS]
    return Table(name, title, frame, cols)


def build(ds, args) -> ReportResult:
    from simsuite.games.scythe.behaviour import (dataset_rows, summarise, summarise_abilities,
                                                 summarise_objectives)

    if args.sample < 1:
        raise UserError(f"--sample {args.sample}: give a number of games of at least 1")
    if not ds.path.is_dir():
        raise UserError(f"report behaviour plays games again: give the dataset folder "
                        f"`simsuite run` wrote, not {ds.path.name}")
    rows = dataset_rows(ds.path, args.sample, args.scenario)
    if not rows:
        raise UserError(f"dataset {ds.path} has no game a policy played; nothing to measure")
    res = ReportResult("behaviour", f"Behaviour: how the policies play ({len(rows)} seats)")
    res.tables.append(_table("policy", "By policy", summarise(rows, ("policy",)), ["policy"]))
    res.tables.append(_table("faction", "By policy and faction",
                             summarise(rows, ("policy", "faction")), ["policy", "faction"]))
    res.tables.append(_table("mat", "By policy and mat", summarise(rows, ("policy", "mat")),
                             ["policy", "mat"]))
    res.tables.append(Table("abilities", "Abilities by policy and faction",
                            summarise_abilities(rows, ("policy", "faction")),
                            [Col("policy", "policy", "text"), Col("faction", "faction", "text"),
                             Col("kind", "kind", "text"), Col("ability", "ability", "text"),
                             Col("n", "seats", "int"), Col("uses", "uses a game", "num2"),
                             Col("used", "used in a game", "rate")]))
    res.tables.append(Table("objectives", "Objective cards by policy",
                            summarise_objectives(rows, ("policy",)),
                            [Col("policy", "policy", "text"), Col("card", "card", "int"),
                             Col("name", "name", "text"), Col("n", "seats dealt it", "int"),
                             Col("met", "met", "rate")]))
    res.notes += [
        f"Up to {args.sample} games of each scenario, played again exactly as in the batch "
        "(same seeds, line-ups and weights) with the log on; shares are of own turns.",
        "bottom when payable: share of the turns that began with a bottom action payable "
        "(effect open, cost covered by controlled tokens, Coercion counted) in which one was taken.",
        "Tiers: popularity 0-6 (lowest), 7-12, 13-18 (top) at the end. Stars: mean number per "
        "seat of each kind, and the mean own turn the first of that kind came.",
        "Per top action: X turns is the share of own turns spent in the section whose top "
        "action is X (Factory: the Factory card's section); 'X: bottom taken' is the share of "
        "those turns in which that section's bottom action was taken. Workers after turn N: "
        "mean workers on the board at the start of own turn N + 1 (seats whose game lasted that "
        "long); margin after turn N: then, the seat's score less the best other seat's, both "
        "scored as if the game ended there (Rulebook §20).",
        "Abilities: a movement ability counts the steps only it opened (Speed: a step past the "
        "Move's count; where two abilities would open a step, the first of Riverwalk, "
        "Seaworthy / Submerge, Wayfare, Township, Underpass); a combat ability its effects "
        "(People's Army: a card past one per character and mech; Camaraderie: a popularity loss "
        "spared); Meander a second encounter option; Dominate the stars past two combat and one "
        "objective star; Coercion its payments; Relentless its repeated sections.",
        "Objective cards: each card's seats (it was one of the two dealt, §16) and the share "
        "of them that revealed it for a star.",
    ]
    return res


REPORT = Report("behaviour", "Behaviour", "how each policy plays: top/bottom action shares, "
                "popularity tiers, stars by kind and turn, combats, abilities (plays a sample "
                "of the games again)", build, add_arguments, game="scythe",
                needs=("game_index", "seed", "policy"))
