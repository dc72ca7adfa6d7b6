"""How a compiled Scythe policy plays: per-turn and per-game behaviour from logged games.

Plays games through the Python `Game` API with the event log on (the compiled policies
decide, exactly as in a batch: same seeds, same games), and measures per seat:

* each own turn: top action taken or not, bottom action taken (with its effect) or not, and
  whether some section's bottom action was payable at the start of the turn (its effect still
  open, its cost covered by controlled tokens, plus one combat card for Coercion);
* per top action (the section's: move, trade, produce, bolster; or a Factory card): the turns
  spent in its section and in how many of them the bottom action was taken (a Trade turn
  that buys tokens for a later turn and skips its own bottom action shows here);
* the engine: workers on the board after own turns 4, 8 and 12, and the score margin then;
* the end: popularity and its scoring tier, coins, resources, score, win; who holds the
  Factory (it scores as three territories, §20, so it swings a two-seat game by up to 15
  coins against the Automa);
* stars by kind and the turn (own turn count) each came; the two objective cards dealt and the
  one met, if any (`summarise_objectives`: how often each card is met when held);
* combats started and won, Coercion payments, Bolsters for cards, sections repeated
  (Relentless), encounters, turns to the end;
* each faction and mech ability's uses: a step it opened (Speed, Riverwalk, Seaworthy,
  Submerge, Township, Underpass, Wayfare, Swim; the core logs which ability opened a step),
  a combat ability's effect (Artillery, Scout, Disarm, People's Army's extra card,
  Camaraderie's spared popularity), Meander's second encounter option, Dominate's stars past
  the two combat and one objective stars of the others (each logged by the core where the rule
  applies), Coercion's payments, Relentless's repeated sections (`ability_<name>` in each row;
  `summarise_abilities`).

`behaviour_rows` returns one dict per (game, policy seat); `summarise` groups them with
polars. Run it from the command line for a quick table:

    python -m simsuite.games.scythe.behaviour --policy economy --automa automa --games 200
    python -m simsuite.games.scythe.behaviour --policy economy,star_rush,aggressor,diplomat \
        --players 4 --games 100
"""
from __future__ import annotations

import argparse
from collections import Counter
from typing import NamedTuple
from pathlib import Path

from simsuite import _scythe as core
from simsuite.games.scythe.game import (DK, EV_ABILITY, EV_COMBAT, EV_DECISION, EV_ENCOUNTER,
                                        EV_MOVE_ABILITY, EV_RESULT, EV_STAR, EV_TURN, STARS,
                                        load_rules)
from simsuite.errors import UserError
from simsuite.policies import resolve_policy
from simsuite.scenario import Checker
from simsuite.runner import derive_seeds

TV_TRADE_RES, TV_BOLSTER_CARDS = 3, 6         # DK_TOP variants (ext/scythe/state.pxd)
STAR_KINDS = tuple(STARS)
TOP_KINDS = ("move", "trade", "produce", "bolster", "factory")   # a section's top action
WORKER_TURNS = (4, 8, 12)     # workers on the board and the margin counted after these own turns
MECH_ABILITIES = tuple(core.ABILITY_NAMES)
FACTION_ABILITIES = tuple(a for a in core.FACTION_ABILITY_NAMES if a != "none")
# Counted from other columns: Coercion's payments and Relentless's repeated sections.
ABILITY_FROM = {"coercion": "coercion", "relentless": "section_repeated"}


class TurnStart(NamedTuple):
    """A seat's position at the start of one of its turns (step_logged)."""
    affordable: bool          # some section's bottom action payable (bottom_affordable)
    workers: int              # workers on the board
    margin: int               # score less the best other seat's, as if the game ended (§20)
    objectives: tuple         # objective cards in hand (a revealed one leaves it, §16)


NO_START = TurnStart(False, None, None, ())   # a turn the seat's game did not reach


def _policy_ids(names):
    """Core ids and weight vectors of policy names; `name@weight=value:weight=value` changes
    some of the strategy's default weights (for quick paired comparisons). Names and weights
    are checked as a scenario's are (simsuite.policies.resolve_policy)."""
    check = Checker(Path("--policy"))
    ids, weights = [], []
    for name in names:
        base, _, changes = (name or "random").partition("@")
        given = {}
        for change in filter(None, changes.split(":")):
            key, _, value = change.partition("=")
            try:
                given[key] = float(value)
            except ValueError:
                raise UserError(f"--policy {name}: weight {key} needs a number, e.g. {key}=1.0")
        entry = {"name": base, "weights": given} if given else base
        choice = resolve_policy("scythe", entry, check, "--policy")
        if choice.is_python:
            raise UserError(f"--policy {name}: the behaviour report plays compiled policies only; "
                            "name one of simsuite/games/scythe/policies.py")
        ids.append(choice.compiled_id)
        weights.append(list(choice.weights))
    return ids, weights


def bottom_affordable(game, seat: int) -> bool:
    """Some section the seat may choose now has a bottom action with its effect still open
    and its cost covered by controlled tokens (Coercion: one combat card stands in): the core's
    own test (`Game.bottom_payable`), which it also counts at every turn start (play_batch's
    "bottom_chances" and "bottom_taken")."""
    return game.bottom_payable(seat)


def play_logged(rules, seed: int, n_players: int, policies, *, automa=None, factions=None,
                mats=None):
    """One logged game; returns (game, turn starts {(seat, own turn): TurnStart})."""
    seats = list(policies) if automa is None else [policies[0], None]
    game = core.Game(rules, seed, n_players, factions, mats, log=True, automa=automa)
    ids, weights = _policy_ids(seats)
    chooser = core.CompiledSeats(seed, ids, weights)
    return game, step_logged(game, chooser.step)


def step_logged(game, choose_step) -> dict:
    """Play a logged game to its end with `choose_step(game)` applying each decision; returns
    the turn starts {(seat, own turns before it): TurnStart}; the margin shows where a gap
    opens, turn by turn."""
    starts, last, automa_seat = {}, None, game.automa_seat
    while not game.is_over:
        key = (game.turn, game.active_player)
        if key != last and game.active_player != automa_seat:
            last = key
            s = game.active_player
            score = game.result()["score"]
            best_other = max(x for o, x in enumerate(score) if o != s)
            player = game.player(s)
            starts[(s, player["turns"])] = TurnStart(bottom_affordable(game, s),
                                                     game.workers_on_board(s),
                                                     score[s] - best_other,
                                                     tuple(player["objectives"]))
        choose_step(game)
    return starts


def dataset_rows(path, sample: int, scenario=None) -> list[dict]:
    """Behaviour rows of up to `sample` games of each scenario of a dataset folder, played again
    exactly as the batch played them (the scenario is rebuilt from the text its files carry;
    games spread evenly over the indices played)."""
    import numpy as np

    from simsuite.games.scythe import solo
    from simsuite.play import dataset_scenarios
    from simsuite.rng import Stream, derive_seed
    from simsuite.runner import derive_seeds as seeds_of

    rows = []
    for name, found in dataset_scenarios(path).items():
        if scenario is not None and name != scenario:
            continue
        sc = found["scenario"]
        played = sorted(i for r in found["shards"].values() for i in range(r["start"], r["stop"]))
        picks = [played[int(k)] for k in np.linspace(0, len(played) - 1, min(sample, len(played)))]
        for g in dict.fromkeys(picks):
            seed = int(seeds_of(sc.seed, np.array([g]))[0])
            game = sc.spec.new_game(sc.config, seed, True, g)
            choosers = sc.spec.seat_choosers(sc.config, seed, g)
            streams = [Stream(derive_seed(seed, 1 + s)) for s in range(len(choosers))]

            def step(gm):
                s = gm.current_player
                gm.apply(choosers[s](gm, gm.legal_options(), streams[s]))

            starts = step_logged(game, step)
            policies = _lineup_names(sc, g)
            level = solo.design(sc.config, np.array([g]))[0][1] if isinstance(sc.config, solo.SoloConfig) else None
            automa = sc.config.automa_data and list(sc.config.automa_data.star_cards)[level] \
                if level is not None else None
            for row in seat_rows(game, starts, policies, automa):
                row.update(game=g, scenario=name)
                rows.append(row)
    return rows


def _lineup_names(sc, g: int) -> list:
    """The policy name of each seat in game `g` of a scenario."""
    import numpy as np

    from simsuite.games.base import seat_policies
    from simsuite.games.scythe import solo

    if isinstance(sc.config, solo.SoloConfig):
        return [sc.config.policies[int(solo.design(sc.config, np.array([g]))[0][0])].name]
    n = sc.config.n_players
    return [sc.config.policies[k].name for k in seat_policies(np.array([g]), n, sc.config.rotate)[0]]


def _tier(popularity: int) -> int:
    return 0 if popularity < 7 else (1 if popularity < 13 else 2)


def factory_holder(game):
    """The seat that controls the Factory's hex now (None: nobody; `controller` gives -1)."""
    cell = next(c for c, x in game.rules.data.cells.items() if x.terrain == "factory")
    held = game.controller(cell)
    return held if held >= 0 else None


def seat_rows(game, starts, policies, automa=None) -> list[dict]:
    """Per human seat of a finished logged game: its behaviour figures."""
    n = game.n_players
    res = game.result()
    humans = [s for s in range(n) if s != game.automa_seat]
    turn_no = {s: -1 for s in range(n)}
    acts = {}             # (seat, own turn) -> [top taken, bottom effect, bottom coins only,
    #                                           the section's top action]
    mats = game.rules.data.mats
    stars = {s: [] for s in range(n)}
    counts = {s: Counter() for s in range(n)}
    section_last = {s: None for s in range(n)}
    revealed = {s: [] for s in range(n)}      # the hand slots (1, 2) of the objectives met
    active = None
    for kind, seat, flag, a, b, c, d in game.raw_events():
        if kind == EV_TURN:
            active = seat
            turn_no[seat] += 1
            acts[(seat, turn_no[seat])] = [False, False, False, None]
        elif kind == EV_DECISION and a == DK["objective"] and b in (1, 2) and seat in humans:
            revealed[seat].append(b)
        elif kind == EV_DECISION and seat == active and seat in humans:
            t = acts[(seat, turn_no[seat])]
            if a == DK["section"]:
                if b == section_last[seat] and b < 4:
                    counts[seat]["section_repeated"] += 1
                section_last[seat] = b
                counts[seat]["factory_section"] += b == 4
                t[3] = "factory" if b == 4 else mats[res["mat"][seat]].sections[b].top
            elif a == DK["top"] and b != 0:
                t[0] = True
                counts[seat]["bolster_cards"] += b // 100 == TV_BOLSTER_CARDS
                counts[seat]["trade_resources"] += b // 100 == TV_TRADE_RES
            elif a == DK["bottom"] and b != 0:
                t[1 if b in (1, 2) else 2] = True
            elif a == DK["pay"] and b >= 1000:
                counts[seat]["coercion"] += 1
        elif kind == EV_STAR and seat in humans:
            stars[seat].append((STAR_KINDS[a] if a < len(STAR_KINDS) else "automa", turn_no[seat] + 1))
        elif kind == EV_COMBAT:
            counts[seat]["combats_started"] += 1
            counts[a]["combats_defended"] += 1
        elif kind == EV_RESULT:
            counts[seat]["combats_won"] += 1
        elif kind == EV_ABILITY:
            name = core.FACTION_ABILITY_NAMES[a] if flag else MECH_ABILITIES[a]
            counts[seat][f"ability_{name}"] += 1
        elif kind == EV_MOVE_ABILITY:
            name = core.FACTION_ABILITY_NAMES[a] if flag else MECH_ABILITIES[a]
            counts[seat][f"ability_{name}"] += 1
        elif kind == EV_ENCOUNTER:
            counts[seat]["encounters"] += 1
    rows = []
    factory = factory_holder(game)
    for s in humans:
        own = [(k[1], v) for k, v in acts.items() if k[0] == s]
        dealt = starts.get((s, 0), NO_START).objectives
        row = {
            "policy": policies[s] if automa is None else policies[0],
            "players": n, "automa": automa or "", "seat": s,
            "faction": res["faction"][s], "mat": res["mat"][s],
            "winner": bool(res["winner"][s]), "score": res["score"][s],
            "best_other": max((res["score"][o] for o in range(n) if o != s), default=0),
            "turns": len(own), "game_turns": res["turns"],
            "popularity": res["popularity"][s], "tier": _tier(res["popularity"][s]),
            "power": res["power"][s], "coins": res["coins"][s],
            "resources": res["resources"][s], "territories": res["territories"][s],
            "stars": res["stars"][s],
            "workers": game.workers_on_board(s),
            "mechs": sum(game.player(s)["mechs_deployed"]),
            "objectives_dealt": [o for o in dealt if o > 0],
            "objectives_met": [dealt[k - 1] for k in revealed[s]],
            "factory_held": factory == s,
            "factory_other": factory is not None and factory != s,
            "top_only": 0, "bottom_only": 0, "both": 0, "neither": 0, "coins_only": 0,
            "affordable": 0, "bottom_when_affordable": 0,
        }
        for kind in TOP_KINDS:
            row[f"{kind}_turns"] = row[f"{kind}_bottom"] = 0
        for t, (top, bottom, coins_only, kind) in own:
            row["coins_only"] += coins_only
            key = ("both" if top and bottom else "top_only" if top else
                   "bottom_only" if bottom else "neither")
            row[key] += 1
            if kind is not None:
                row[f"{kind}_turns"] += 1
                row[f"{kind}_bottom"] += bottom
            if starts.get((s, t), NO_START).affordable:
                row["affordable"] += 1
                row["bottom_when_affordable"] += bottom
        for t in WORKER_TURNS:
            start = starts.get((s, t), NO_START)
            row[f"workers_t{t}"], row[f"margin_t{t}"] = start.workers, start.margin
        for kind in STAR_KINDS:
            got = [t for k, t in stars[s] if k == kind]
            row[f"star_{kind}"] = len(got)
            row[f"star_{kind}_turn"] = min(got) if got else None
        for k in ("combats_started", "combats_won", "combats_defended", "coercion",
                  "bolster_cards", "trade_resources", "section_repeated", "encounters",
                  "factory_section"):
            row[k] = counts[s][k]
        for name in MECH_ABILITIES + FACTION_ABILITIES:
            row[f"ability_{name}"] = counts[s][ABILITY_FROM.get(name, f"ability_{name}")]
        rows.append(row)
    return rows


def behaviour_rows(policies, games: int, *, players: int = 2, automa=None, master: int = 1,
                   first: int = 0, rules=None, rotate: bool = True,
                   paired: bool = False) -> list[dict]:
    """Rows of `games` logged games. Without the Automa, policy i sits in seat (i + g) mod n
    in game g (with `rotate`); against it, game g plays policies[g mod len(policies)], or with
    `paired` every policy plays every game (the same deal: paired comparisons)."""
    rules = rules or load_rules()
    seeds = derive_seeds(master, range(first, first + games))
    rows = []
    for g, seed in enumerate(seeds):
        if automa is None:
            r = (first + g) % players if rotate else 0
            lineups = [[policies[(s - r) % players] for s in range(players)]]
        elif paired:
            lineups = [[p] for p in policies]
        else:
            lineups = [[policies[(first + g) % len(policies)]]]
        for by_seat in lineups:
            game, starts = play_logged(rules, int(seed), players if automa is None else 2,
                                       by_seat, automa=automa)
            for row in seat_rows(game, starts, by_seat, automa):
                row["game"] = first + g
                rows.append(row)
    return rows


def summarise(rows, by=("policy",)):
    """A polars table of the behaviour figures grouped by `by`."""
    import polars as pl

    df = pl.DataFrame(rows, infer_schema_length=None)
    turns = pl.col("turns").sum()
    return (df.group_by(list(by)).agg(
        pl.len().alias("n"),
        pl.col("winner").mean().alias("win"),
        (pl.col("both").sum() / turns).alias("both"),
        (pl.col("top_only").sum() / turns).alias("top_only"),
        (pl.col("bottom_only").sum() / turns).alias("bot_only"),
        (pl.col("neither").sum() / turns).alias("neither"),
        (pl.col("bottom_when_affordable").sum() / pl.col("affordable").sum()).alias("bot|afford"),
        (pl.col("affordable").sum() / turns).alias("afford"),
        pl.col("turns").mean().alias("turns"),
        pl.col("score").mean().alias("score"),
        pl.col("best_other").mean().alias("other"),
        pl.col("stars").mean().alias("stars"),
        pl.col("popularity").mean().alias("pop"),
        (pl.col("tier") == 0).mean().alias("tier0"),
        (pl.col("tier") == 2).mean().alias("tier2"),
        pl.col("coins").mean().alias("coins"),
        pl.col("resources").mean().alias("res"),
        pl.col("territories").mean().alias("terr"),
        pl.col("factory_held").mean().alias("factory"),
        pl.col("factory_other").mean().alias("factory_other"),
        pl.col("workers").mean().alias("workers"),
        pl.col("mechs").mean().alias("mechs_on"),
        pl.col("combats_started").mean().alias("fights"),
        pl.col("combats_won").mean().alias("won"),
        pl.col("coercion").mean().alias("coerce"),
        pl.col("bolster_cards").mean().alias("bol_cards"),
        pl.col("section_repeated").mean().alias("repeat"),
        pl.col("encounters").mean().alias("enc"),
        *[(pl.col(f"{k}_turns").sum() / turns).alias(f"{k}_share") for k in TOP_KINDS],
        *[pl.when(pl.col(f"{k}_turns").sum() > 0)
          .then(pl.col(f"{k}_bottom").sum() / pl.col(f"{k}_turns").sum())
          .alias(f"{k}_with_bottom") for k in TOP_KINDS],
        *[pl.col(f"workers_t{t}").mean().alias(f"workers_t{t}") for t in WORKER_TURNS],
        *[pl.col(f"margin_t{t}").mean().alias(f"margin_t{t}") for t in WORKER_TURNS],
        (pl.col("score") - pl.col("best_other")).mean().alias("margin"),
        *[pl.col(f"star_{k}").mean().alias(f"{k}_stars") for k in STAR_KINDS],
        *[pl.col(f"star_{k}_turn").mean().alias(f"{k}_turn") for k in STAR_KINDS],
    ).sort(list(by)))


def summarise_objectives(rows, by=("policy",)):
    """Each objective card (§16, printed number and name): the seats dealt it and the share of
    them that met it (revealed it for a star)."""
    import polars as pl

    names = {o.id: o.name for o in load_rules().data.objectives}
    df = pl.DataFrame([{**{k: r[k] for k in by}, "card": o, "met": o in r["objectives_met"]}
                       for r in rows for o in r["objectives_dealt"]],
                      schema={**{k: pl.Utf8 for k in by}, "card": pl.Int64, "met": pl.Boolean})
    return (df.group_by([*by, "card"]).agg(pl.len().alias("n"), pl.col("met").mean().alias("met"))
            .with_columns(pl.col("card").replace_strict(names, default="?").alias("name"))
            .sort([*by, "card"]))


def summarise_abilities(rows, by=("policy", "faction")):
    """Each ability the seats' faction holds (its faction ability and its four mech
    abilities): uses a game and the share of seats that used it at least once."""
    import polars as pl

    factions = load_rules().data.factions
    df = pl.DataFrame(rows, infer_schema_length=None)
    parts = []
    for faction in df["faction"].unique().sort():
        f = factions[faction]
        held = [("faction", f.ability)] if f.ability in FACTION_ABILITIES else []
        held += [("mech", a) for a in f.mech_abilities]
        sub = df.filter(pl.col("faction") == faction)
        for kind, name in held:
            parts.append(sub.group_by(list(by)).agg(
                pl.lit(name).alias("ability"), pl.lit(kind).alias("kind"), pl.len().alias("n"),
                pl.col(f"ability_{name}").mean().alias("uses"),
                (pl.col(f"ability_{name}") > 0).mean().alias("used")))
    return pl.concat(parts).sort([*by, "kind", "ability"])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--policy", default="economy",
                    help="comma-separated policy names; name@weight=value:weight=value changes "
                         "some of its weights")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--automa", default=None, help="Automa level (solo games)")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1, help="master seed")
    ap.add_argument("--first", type=int, default=0, help="first game index")
    ap.add_argument("--by", default="policy", help="comma-separated grouping columns")
    ap.add_argument("--paired", action="store_true",
                    help="against the Automa: every policy plays every game (same deals)")
    args = ap.parse_args(argv)
    import polars as pl

    rows = behaviour_rows(args.policy.split(","), args.games, players=args.players,
                          automa=args.automa, master=args.seed, first=args.first,
                          paired=args.paired)
    by = tuple(args.by.split(","))
    table = summarise(rows, by=by)
    names = ["/".join(str(x) for x in r) for r in table.select(by).iter_rows()]
    table = table.drop(list(by)).transpose(include_header=True, header_name="figure",
                                            column_names=names)
    with pl.Config(tbl_cols=-1, tbl_width_chars=250, float_precision=2, tbl_rows=80,
                   tbl_hide_dataframe_shape=True, tbl_hide_column_data_types=True):
        print(table)


if __name__ == "__main__":
    main()
