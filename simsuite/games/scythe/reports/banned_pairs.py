"""Banned pairs: do Rusviet + Industrial and Crimea + Patriotic deserve their ban?

The rulebook forbids these two faction/mat pairs (Rulebook 000 "ВИБІР НАЦІЇ", digest
scythe-base.md §5 step 6), so the dataset must come from a scenario that plays them with the
ban switched off, ideally with seats and opponents balanced (scenarios/scythe/scythe-balance-pairs.toml).
For each banned pair and player count: its rank among all pairs, win rate, difference from
the field and score margin with intervals, an exact test (Holm over the banned pairs, which
are hypotheses fixed in advance), and the same comparison at equal seat, because turn
order follows the mat number (Rulebook 000 setup step 18, digest §5 step 18: Industrial
always starts). Charts: faction x mat heat map of the difference from the field, and every
pair ranked with the banned ones in red.

    simsuite report banned-pairs DATASET [--pairs rusviet+industrial,crimea+patriotic]
                                         [--compare OTHER_DATASET]

With --compare, the same study played another way (say the pairs under `search` against the
same under `expert`): each pair's rank in both, and how far the two rankings agree (Spearman's
rank correlation with its interval, per player count).
"""
from __future__ import annotations

import polars as pl

from simsuite.errors import UserError
from simsuite.reporting import Col, Report, ReportResult, Table
from simsuite.reporting import analysis, stats, views

NEEDED = ("faction", "mat", "seat")


def banned_pairs():
    """The banned (faction, mat) pairs of the Scythe data (rules.toml)."""
    from simsuite.games.scythe.data import load_data

    return tuple(load_data().banned_pairs)


def pair_label() -> pl.Expr:
    """"faction+mat" in lower case (missing parts shown as (none)), as the rulebook names pairs."""
    return (pl.col("faction").fill_null("(none)") + "+" + pl.col("mat").fill_null("(none)")).str.to_lowercase()


def add_arguments(p):
    p.add_argument("--pairs", default=None,
                   help="comma-separated faction+mat pairs to examine (default: the rulebook's "
                        "banned pairs, rusviet+industrial,crimea+patriotic)")
    p.add_argument("--compare", default=None, metavar="DATASET",
                   help="another dataset of the same study (e.g. played by other policies): "
                        "each pair's rank in both and the rank correlation between them")


def parse_pairs(text):
    if text is None:
        return banned_pairs()
    out = []
    for item in (t.strip() for t in text.split(",")):
        if item.count("+") != 1 or not all(item.split("+")):
            raise UserError(f"--pairs: {item!r} is not faction+mat; write e.g. rusviet+industrial")
        f, m = item.split("+")
        out.append((f.lower(), m.lower()))
    return tuple(out)


def label_of(f, m) -> str:
    return f"{f}+{m}"


def build(ds, args) -> ReportResult:
    pairs = parse_pairs(args.pairs)
    names = [label_of(f, m) for f, m in pairs]
    res = ReportResult("banned-pairs", "Banned pairs against the field")
    field = analysis.versus_field(ds, ["faction", "mat"], args.confidence, args.correction,
                                  report="banned-pairs")
    lower = field.with_columns(pair_label().alias("pair_label"))
    present = set(lower.filter(pl.col("pair_label").is_in(names))["pair_label"].to_list())
    if not present:
        raise UserError(f"dataset {ds.path} has no games with {' or '.join(names)}; run a scenario "
                        "with the ban switched off ([rules] ban_pairs = false), e.g. "
                        "scenarios/scythe/scythe-balance-pairs.toml")
    for name in names:
        if name not in present:
            res.notes.append(f"{name}: no games in this dataset (was the ban on for it?).")
    lower = ranked(lower).with_columns(pl.col("pair_label").is_in(names).alias("banned"))
    banned = banned_only(lower, names, args.correction)
    ci = views.ci_header(args.confidence)
    res.tables.append(Table("banned", "Banned pairs against the field (same player count)", banned, [
        Col("pair_label", "pair", "text"), Col("players", "players", "text"), Col("rank", "rank", "int"),
        Col("of", "of", "int"), Col("games", "games", "int"), Col("win_rate", "win rate", "rate"),
        Col(("ci_low", "ci_high"), ci, "interval"), Col("field_rate", "field", "rate"),
        Col("diff", "diff", "rate"), Col(("diff_low", "diff_high"), "diff " + ci, "interval"),
        Col("p", "p", "p"), Col("p_adj", "p adj", "p"),
        Col("margin", "margin", "num1"), Col(("margin_low", "margin_high"), "margin " + ci, "interval1"),
    ]))
    seat = analysis.versus_same_seat(ds, ["faction", "mat"], args.confidence, args.correction,
                                     report="banned-pairs")
    seat = seat.with_columns(pair_label().alias("pair_label"))
    seat_banned = banned_only(ranked(seat), names, args.correction)
    res.tables.append(Table("banned_same_seat", "Banned pairs against the field at the same seat", seat_banned, [
        Col("pair_label", "pair", "text"), Col("players", "players", "text"), Col("rank", "rank", "int"),
        Col("of", "of", "int"), Col("games", "games compared", "int"), Col("win_rate", "win rate", "rate"),
        Col("seat_field", "field at same seat", "rate"), Col("diff", "diff", "rate"),
        Col(("diff_low", "diff_high"), "diff " + ci, "interval"), Col("p", "p", "p"), Col("p_adj", "p adj", "p"),
    ]))
    head = views.headline(lower).sort("rank")
    res.tables.append(Table("pairs", f"Every pair ranked by its difference from the field "
                                     f"(players: {head['players'][0]})", head, [
        Col("rank", "rank", "int"), Col("pair_label", "pair", "text"), Col("banned", "banned", "text"),
        Col("games", "games", "int"), Col("win_rate", "win rate", "rate"),
        Col(("ci_low", "ci_high"), ci, "interval"), Col("diff", "diff", "rate"),
        Col(("diff_low", "diff_high"), "diff " + ci, "interval"), Col("p_adj", "p adj (all pairs)", "p"),
        Col("margin", "margin", "num1"),
    ]))
    if args.compare is not None:
        res.tables += compare_tables(lower, args)
    seats = seat_counts(ds, pairs)
    res.tables.append(Table("seats", "Where the banned pairs sat (games by seat)", seats, [
        Col("pair", "pair", "text"), Col("n_players", "players", "int"), Col("seat", "seat (0 = first)", "int"),
        Col("games", "games", "int"), Col("share", "share", "rate"),
    ]))
    opp = opponents(ds, pairs)
    res.tables.append(Table("opponents", "Whom the banned pairs met (games with each opposing faction)", opp, [
        Col("pair", "pair", "text"), Col("n_players", "players", "int"), Col("faction_other", "opposing faction", "text"),
        Col("games", "games", "int"), Col("share", "share of its games", "rate"),
    ]))
    res.notes += [
        "rank: place among all pairs by difference from the field (1 = strongest), within the player count.",
        "p adj in the banned tables: correction over the banned pairs only (hypotheses fixed in "
        "advance); in the ranking: over every pair.",
        "Turn order follows the mat number (lowest first; Rulebook 000 setup step 18), so "
        "Industrial always starts: the same-seat table compares each pair with the other rows at "
        "its seat and player count (independent games; Newcombe interval, stratified z-test).",
        "The dataset must play the banned pairs with the ban off, with seats and opponents "
        "balanced across pairs, e.g. scenarios/scythe/scythe-balance-pairs.toml; the last two tables "
        "show where the banned pairs sat and whom they met.",
    ] + views.field_notes(args.correction) + views.dataset_notes(ds)
    cells = [(f, m) for f, m in pairs]
    res.charts.append(views.heatmap_chart("heatmap", "Win rate minus the field's, faction x mat "
                                          "(outlined: banned)", head, "faction", "mat", value="diff",
                                          center=0.0, highlight=cells,
                                          cbar_label="win-rate difference vs field"))
    res.charts.append(views.forest_chart("ranking", "Every pair against the field (red: banned)",
                                         head.sort("rank"), "pair_label", highlight=names))
    return res


def compare_tables(here: pl.DataFrame, args) -> list:
    """--compare: every pair's rank here and in the other dataset (same player count), and
    Spearman's correlation of the two rankings over the pairs both hold."""
    from simsuite.reporting.dataset import open_dataset

    try:
        other_ds = open_dataset(args.compare, game=args.game)
    except UserError as err:
        raise UserError(f"--compare: {err.message}")
    other = analysis.versus_field(other_ds, ["faction", "mat"], args.confidence, args.correction,
                                  report="banned-pairs")
    other = ranked(other.with_columns(pair_label().alias("pair_label")))
    both = here.select("players", "pair_label", "rank", "win_rate", "diff").join(
        other.select("players", "pair_label", pl.col("rank").alias("rank_other"),
                     pl.col("win_rate").alias("win_rate_other"), pl.col("diff").alias("diff_other")),
        on=["players", "pair_label"], how="inner")
    if both.height == 0:
        raise UserError(f"--compare {args.compare}: no faction+mat pair at a player count of this "
                        "dataset; compare a dataset of the same study (e.g. "
                        "scenarios/scythe/scythe-balance-pairs.toml and search-balance.toml)")
    both = both.with_columns((pl.col("rank_other") - pl.col("rank")).alias("moved")).sort(
        [analysis.players_order(), "rank"])
    agreement = []
    for (players,), part in both.group_by(["players"], maintain_order=True):
        rho, lo, hi = stats.spearman(part["diff"].to_list(), part["diff_other"].to_list(),
                                     args.confidence)
        agreement.append({"players": players, "pairs": part.height, "spearman": rho,
                          "ci_low": lo, "ci_high": hi,
                          "largest_move": int(part["moved"].abs().max())})
    ci = views.ci_header(args.confidence)
    return [
        Table("compare", f"Every pair's rank here and in {args.compare}", both, [
            Col("players", "players", "text"), Col("pair_label", "pair", "text"),
            Col("rank", "rank", "int"), Col("rank_other", "rank there", "int"),
            Col("moved", "moved (there - here)", "int"), Col("win_rate", "win rate", "rate"),
            Col("win_rate_other", "win rate there", "rate"), Col("diff", "diff", "rate"),
            Col("diff_other", "diff there", "rate"),
        ]),
        Table("agreement", "How far the two rankings agree (Spearman's rank correlation of the "
                           "pairs' differences from the field)", pl.DataFrame(agreement), [
            Col("players", "players", "text"), Col("pairs", "pairs in both", "int"),
            Col("spearman", "Spearman", "num2"), Col(("ci_low", "ci_high"), ci, "interval"),
            Col("largest_move", "largest move (places)", "int"),
        ]),
    ]


def ranked(frame: pl.DataFrame) -> pl.DataFrame:
    """Rank every pair by its difference from the field within each player-count family."""
    parts = [part.with_columns(pl.Series("rank", stats.rank_desc(part["diff"].to_list())),
                               pl.lit(part.height).alias("of"))
             for _, part in frame.group_by(["players"], maintain_order=True)]
    return pl.concat(parts)


def banned_only(frame: pl.DataFrame, names, correction: str) -> pl.DataFrame:
    """The banned pairs' rows, p-values corrected over them only (hypotheses fixed in advance)."""
    rows = frame.filter(pl.col("pair_label").is_in(names))
    rows = rows.with_columns(pl.Series("p_adj", analysis.adjust_by_family(rows, correction)))
    return rows.sort(["pair_label", analysis.players_order()])


def opponents(ds, pairs) -> pl.DataFrame:
    """For each banned pair: in how many of its games each other faction sat at the table."""
    names = [label_of(f, m) for f, m in pairs]
    co = analysis.cooccurrence(ds, ["faction", "mat"], report="banned-pairs")
    co = co.with_columns(pair_label().alias("pair"))
    co = co.filter(pl.col("pair").is_in(names) & (pl.col("faction_other") != pl.col("faction")))
    met = co.group_by(["pair", "n_players", "faction_other"]).agg(pl.col("games").sum())
    played = analysis.group_counts(ds, ["faction", "mat"], report="banned-pairs").select(
        pair_label().alias("pair"), "n_players", pl.col("games").alias("played"))
    met = met.join(played, on=["pair", "n_players"], how="left")
    return met.with_columns((pl.col("games") / pl.col("played")).alias("share")).drop("played").sort(
        ["pair", "n_players", "faction_other"])


def seat_counts(ds, pairs) -> pl.DataFrame:
    """Games of each banned pair by player count and seat (from the cached aggregate)."""
    names = [label_of(f, m) for f, m in pairs]
    g = analysis.group_counts(ds, ["faction", "mat", "seat"], report="banned-pairs")
    g = g.with_columns(pair_label().alias("pair"))
    counts = g.filter(pl.col("pair").is_in(names)).select("pair", "n_players", "seat", "games")
    counts = counts.sort(["pair", "n_players", "seat"])
    return counts.with_columns((pl.col("games") / pl.col("games").sum().over(["pair", "n_players"])).alias("share"))


REPORT = Report("banned-pairs", "Banned pairs", "Rusviet+Industrial and Crimea+Patriotic: rank among all "
                "pairs, win rate and score margin against the field (needs a bans-off scenario)",
                build, add_arguments, needs=NEEDED, game="scythe")

if __name__ == "__main__":
    raise SystemExit(REPORT.main())
