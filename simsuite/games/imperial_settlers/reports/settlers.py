"""Imperial Settlers: each faction's win rate beside the share of its games that rested on
provisional cards, and the solo score against the rulebook's achievement table.

Multiplayer rows: by player count, faction and policy, the games, win rate with its Wilson
interval, average score, and the provisional share (the share of the cards built or dealt in
those games whose card entry is provisional, STATUS.md) with the share of the faction's own
played cards that were provisional. A faction whose figures rest largely on provisional cards
is flagged: its win rate says little about the printed game.

Solo rows: by faction and policy, the games, the rate of games won (more faction locations
than the virtual opponent's trophies) with its Wilson interval, the average score, and how
often each title of the achievement table ("ОДИНОЧНАЯ ИГРА", 30 to 80+ VP) was earned; the
attack cards' goods are a placeholder in the shipped data, which every solo figure rests on.

    simsuite report settlers DATASET [--format md|csv|json]
"""
from __future__ import annotations

import polars as pl

from simsuite.errors import UserError
from simsuite.reporting import Col, Report, ReportResult, Table
from simsuite.reporting import stats, views
from simsuite.reporting.dataset import collect

NEEDED = ("n_players", "faction", "policy", "score", "winner", "provisional_share", "played",
          "played_provisional", "solo_title")
FLAG = 0.25     # a group whose provisional share is above this is flagged


def _rates(frame: pl.DataFrame, wins: str, confidence: float) -> pl.DataFrame:
    lo, hi = stats.wilson_arrays(frame[wins].to_numpy(), frame["games"].to_numpy(), confidence)
    return frame.with_columns((pl.col(wins) / pl.col("games")).alias("win_rate"),
                              pl.Series("ci_low", lo), pl.Series("ci_high", hi))


def factions(ds, confidence: float) -> pl.DataFrame:
    keys = ["n_players", "faction", "policy"]
    frame = collect(ds.scan().filter(pl.col("solo_title").is_null()).group_by(keys).agg([
        pl.len().cast(pl.Int64).alias("games"),
        pl.col("winner").cast(pl.Int64).sum().alias("wins"),
        pl.col("score").mean().alias("avg_score"),
        pl.col("provisional_share").mean().alias("provisional_share"),
        pl.col("played").cast(pl.Int64).sum().alias("played"),
        pl.col("played_provisional").cast(pl.Int64).sum().alias("played_prov"),
    ]), ds.path).sort(keys)
    frame = frame.with_columns(
        (pl.col("played_prov") / pl.col("played").clip(lower_bound=1)).alias("own_share"),
        pl.when(pl.col("provisional_share") > FLAG).then(pl.lit("yes")).otherwise(pl.lit(""))
        .alias("flag"))
    return _rates(frame, "wins", confidence)


def solo(ds, confidence: float) -> tuple[pl.DataFrame, pl.DataFrame]:
    rows = ds.scan().filter(pl.col("solo_title").is_not_null())
    keys = ["faction", "policy"]
    frame = collect(rows.group_by(keys).agg([
        pl.len().cast(pl.Int64).alias("games"),
        (pl.col("solo_title") != "lost").cast(pl.Int64).sum().alias("won"),
        pl.col("score").mean().alias("avg_score"),
        pl.col("provisional_share").mean().alias("provisional_share"),
    ]), ds.path).sort(keys)
    titles = collect(rows.group_by(keys + ["solo_title"]).agg(pl.len().cast(pl.Int64).alias("games"),
                                                              pl.col("score").min().alias("min_score")),
                     ds.path)
    titles = titles.with_columns((pl.col("games") / pl.col("games").sum().over(keys)).alias("share"))
    return _rates(frame, "won", confidence), titles.sort(keys + ["min_score"])


def build(ds, args) -> ReportResult:
    ds.require(NEEDED, "settlers")
    res = ReportResult("settlers", "Imperial Settlers: factions, provisional cards, solo titles")
    ci = views.ci_header(args.confidence)
    multi = factions(ds, args.confidence)
    solo_rates, titles = solo(ds, args.confidence)
    if multi.height == 0 and solo_rates.height == 0:
        raise UserError(f"dataset {ds.path} has no Imperial Settlers games; run a scenario of "
                        "scenarios/imperial-settlers/")
    if multi.height:
        res.tables.append(Table("factions", "Win rate by player count, faction and policy, beside "
                                "what it rests on", multi, [
            Col("n_players", "players", "int"), Col("faction", "faction", "text"),
            Col("policy", "policy", "text"), Col("games", "games", "int"),
            Col("win_rate", "win rate", "rate"), Col(("ci_low", "ci_high"), ci, "interval"),
            Col("avg_score", "avg score", "num1"),
            Col("provisional_share", "provisional share (game)", "rate"),
            Col("own_share", "provisional share (own cards)", "rate"),
            Col("flag", f"rests on provisional > {FLAG:.0%}", "text"),
        ]))
    if solo_rates.height:
        res.tables.append(Table("solo", "Solo: the goal reached, by faction and policy", solo_rates, [
            Col("faction", "faction", "text"), Col("policy", "policy", "text"),
            Col("games", "games", "int"), Col("won", "won", "int"),
            Col("win_rate", "win rate", "rate"), Col(("ci_low", "ci_high"), ci, "interval"),
            Col("avg_score", "avg score", "num1"),
            Col("provisional_share", "provisional share (game)", "rate"),
        ]))
        res.tables.append(Table("titles", "Solo: the achievement table's titles earned", titles, [
            Col("faction", "faction", "text"), Col("policy", "policy", "text"),
            Col("solo_title", "title", "text"), Col("games", "games", "int"),
            Col("share", "share", "rate"), Col("min_score", "lowest score", "int"),
        ]))
        res.notes.append("Solo: every figure rests on the attack cards, whose goods no source prints "
                         "(a provisional placeholder, simsuite/games/imperial_settlers/data/solo.toml).")
    res.notes += [
        "provisional share (game): share of the cards built or dealt in the games (all seats) whose "
        "card entry is provisional: its effect is not fully known; its unknown part plays an assumed "
        "value or, where no source describes it, does nothing (simsuite/games/imperial_settlers/"
        "STATUS.md lists them; a user card file can complete them).",
        "provisional share (own cards): the same over the faction's own built or dealt cards.",
    ] + views.dataset_notes(ds)
    return res


REPORT = Report("settlers", "Imperial Settlers", "each faction's win rate beside its provisional-card "
                "share; the solo goal and the achievement table's titles", build, needs=NEEDED,
                game="imperial-settlers")

if __name__ == "__main__":
    raise SystemExit(REPORT.main())
