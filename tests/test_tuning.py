"""`simsuite tune` (issue #4): the search, its checks, its output file and its errors."""
from __future__ import annotations

import tomllib

import numpy as np
import pytest

pytest.importorskip("simsuite._scythe", reason="the compiled Scythe core is not built")

from simsuite.errors import UserError  # noqa: E402
from simsuite.games.scythe.policies import WEIGHT_NAMES, default_weights  # noqa: E402
from simsuite.policies import load_weights_file  # noqa: E402
from simsuite.tuning import paired_difference, tune, write_weights  # noqa: E402
from simsuite.tuning_table import tune_command  # noqa: E402


class RandomPy:
    """A Python policy (for the error test: a tuning field must be compiled)."""

    def choose(self, view, options, stream):
        return options[stream.below(len(options))]


def scenario(tmp_path, policies, players=None, name="tune", extra=""):
    players = players or len(policies)
    body = [f'name = "{name}"', 'game = "scythe"', f"players = {players}", "seed = 5",
            "games = 10", extra]
    for p in policies:
        body += ["[[policy]]", p if "=" in p else f'name = "{p}"']
    path = tmp_path / f"{name}.toml"
    path.write_text("\n".join(body) + "\n")
    return path


def test_tiny_tune_runs_end_to_end(tmp_path, capsys):
    # A small budget, one process: the search, both checks, the file, the printout.
    sc = scenario(tmp_path, ["economy", "random"])
    out = tmp_path / "tuned.toml"
    tune_command(sc, budget=80, seed=3, out=out)
    printed = capsys.readouterr().out
    assert "weights written to" in printed
    assert "95% CI" in printed and "head to head" in printed
    doc = tomllib.loads(out.read_text())
    assert doc["name"] == "economy"
    assert list(doc["weights"]) == list(WEIGHT_NAMES)
    weights = load_weights_file(out, "economy")
    assert set(weights) == set(WEIGHT_NAMES)


def test_tune_is_deterministic_and_within_budget(tmp_path):
    sc = scenario(tmp_path, ["star_rush", "random"])
    a = tune(sc, 90, 7, jobs=1)
    b = tune(sc, 90, 7, jobs=1)
    assert np.array_equal(a.tuned, b.tuned)
    assert a.history == b.history and a.paired == b.paired
    assert a.games_played <= 90
    assert np.allclose(a.start, default_weights("star_rush")[:len(WEIGHT_NAMES)])
    c = tune(sc, 90, 8, jobs=1)      # another seed plays other games
    assert c.head_to_head != a.head_to_head


def test_generations_spread_the_budget(tmp_path):
    # --generations G: the search budget (70%) is split into G generations of 1 + 4 candidates,
    # each playing m games, m a multiple of the 2 seats: 0.7 * 2000 = 1400 games; G = 8 gives
    # m = 1400 // 40 = 35 -> 34 and 1400 // (5 * 34) = 8 generations; G = 20 gives
    # m = 1400 // 100 = 14 and 1400 // 70 = 20 generations.
    sc = scenario(tmp_path, ["economy", "random"])
    assert tune(sc, 2000, 3, jobs=1).generations == 8
    twenty = tune(sc, 2000, 3, jobs=1, generations=20)
    assert twenty.generations == 20 and len(twenty.history) == 20
    assert twenty.games_played <= 2000
    out = tmp_path / "t.toml"
    tune_command(sc, budget=80, seed=3, out=out, generations=2)
    assert "--generations 2`" in out.read_text().splitlines()[0]
    with pytest.raises(UserError, match="--generations: 0 is not a number of generations"):
        tune(sc, 2000, 3, generations=0)


def test_start_weights_come_from_the_scenario(tmp_path):
    sc = scenario(tmp_path, ['name = "economy"\nweights = { production = 2.5, attack_edge = 9.0 }',
                             "random"])
    r = tune(sc, 60, 1, jobs=1)
    start = dict(zip(r.weight_names, r.start))
    assert start["production"] == 2.5 and start["attack_edge"] == 9.0


def test_a_weight_zero_for_every_strategy_steps_on_its_own_scale(tmp_path):
    # The Upgrade picks start at 0 but matter at a few coins: the tuner steps them on the
    # policy's own floor (CompiledPolicy.steps, 2 coins), every other weight on its size or
    # MIN_SCALE; a table row keeps the same floors.
    from simsuite.tuning import MIN_SCALE, _setup, _step_scale

    sc = scenario(tmp_path, ['name = "expert"\nweights = { production = 2.5, worker = 0.0 }',
                             "random"])
    setup = _setup(sc)
    scale = dict(zip(setup.names, setup.scale))
    assert scale["pick_deploy"] == 2.0 and scale["pick_produce"] == 2.0
    assert scale["production"] == 2.5 and scale["worker"] == MIN_SCALE
    row = setup.start.copy()
    row[setup.names.index("pick_deploy")] = -3.0
    again = dict(zip(setup.names, _step_scale(row, setup.floor)))
    assert again["pick_deploy"] == 3.0 and again["pick_build"] == 2.0


def test_written_file_is_a_scenario_policy_entry(tmp_path):
    # The [weights] table pasted into a scenario validates as that policy's weights.
    sc = scenario(tmp_path, ["diplomat", "random"])
    r = tune(sc, 60, 2, jobs=1)
    out = tmp_path / "w.toml"
    write_weights(r, out)
    w = load_weights_file(out)
    inline = ", ".join(f"{k} = {v!r}" for k, v in w.items())
    sc2 = scenario(tmp_path, [f'name = "diplomat"\nweights = {{ {inline} }}', "random"], name="use")
    from simsuite.scenario import load_scenario

    loaded = load_scenario(sc2).config.policies[0]
    assert np.allclose(loaded.weights[:len(WEIGHT_NAMES)], r.tuned)


def test_paired_difference_interval():
    a = np.array([1, 1, 0, 1, 0, 1, 1, 0] * 50)
    b = np.array([0, 1, 0, 0, 0, 1, 0, 0] * 50)
    diff, (lo, hi) = paired_difference(a, b)
    assert diff == pytest.approx(0.375)
    d = a - b
    half = 1.959963984540054 * d.std(ddof=1) / np.sqrt(len(d))
    assert lo == pytest.approx(diff - half) and hi == pytest.approx(diff + half)


@pytest.mark.parametrize("policies,budget,seed,match", [
    (["random", "economy"], 100, 1, "policy\\[0\\].*no weights to tune"),
    (["economy", "test_tuning:RandomPy"], 100, 1, "policy\\[1\\].*must be compiled"),
    (["economy", "random"], 10, 1, "budget.*too few"),
    (["economy", "random"], 100, -1, "--seed"),
])
def test_bad_input_is_one_line(tmp_path, policies, budget, seed, match):
    sc = scenario(tmp_path, policies)
    with pytest.raises(UserError, match=match) as err:
        tune(sc, budget, seed, jobs=1)
    assert "\n" not in err.value.message


def test_bad_out_and_weights_file(tmp_path):
    sc = scenario(tmp_path, ["economy", "random"])
    with pytest.raises(UserError, match="is a folder"):
        tune_command(sc, 100, 1, tmp_path)
    with pytest.raises(UserError, match="does not exist"):
        tune_command(sc, 100, 1, tmp_path / "nope" / "t.toml")
    with pytest.raises(UserError, match="not found"):
        load_weights_file(tmp_path / "missing.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "economy"\n[weights]\nproduction = "high"\n')
    with pytest.raises(UserError, match="table of numbers"):
        load_weights_file(bad)
    other = tmp_path / "other.toml"
    other.write_text('name = "diplomat"\n[weights]\nproduction = 1.0\n')
    with pytest.raises(UserError, match="not 'economy'"):
        load_weights_file(other, "economy")


@pytest.mark.slow
def test_tuning_beats_its_start_weights(tmp_path):
    # Issue #4: a tuned policy beats its starting weights by a margin whose 95% confidence
    # interval excludes zero (paired games on seeds the search never saw).
    sc = scenario(tmp_path, ["economy"] * 4)
    r = tune(sc, 12000, 2024)
    p = r.paired
    print(f"tuned {p['tuned_rate']:.3f} vs start {p['start_rate']:.3f}: "
          f"{p['difference']:+.3f} [{p['ci95'][0]:+.3f}, {p['ci95'][1]:+.3f}]; "
          f"head to head {r.head_to_head['tuned_rate']:.3f} {r.head_to_head['ci95']}")
    assert p["ci95"][0] > 0


# ---------------------------------------------------------------- weights tables (--by)

class _Stop(Exception):
    pass


def test_a_table_is_learned_deterministically_and_resumes_after_an_interruption(tmp_path):
    """`simsuite tune --by mat` (issue #14): the same seed gives the same table, and a run
    stopped after its second row then run again writes that same table, tuning only the rest."""
    from simsuite.tuning_table import tune_table

    sc = scenario(tmp_path, ["economy", "random"])
    whole, again, resumed = tmp_path / "a.toml", tmp_path / "b.toml", tmp_path / "c.toml"
    tune_table(sc, "mat", 600, 11, whole, jobs=1)
    tune_table(sc, "mat", 600, 11, again, jobs=2)          # workers change nothing
    assert whole.read_text().split("\n", 1)[1] == again.read_text().split("\n", 1)[1]

    rows_seen = []

    def stop_after_two(msg):
        if msg.startswith("mat = ") and "of" in msg:
            rows_seen.append(msg)
            if len(rows_seen) == 3:
                raise _Stop()

    with pytest.raises(_Stop):
        tune_table(sc, "mat", 600, 11, resumed, jobs=1, progress=stop_after_two)
    assert not resumed.exists() and resumed.with_name("c.toml.partial.json").exists()
    kept = []
    tune_table(sc, "mat", 600, 11, resumed, jobs=1, progress=kept.append)
    assert sum("kept from the interrupted run" in m for m in kept) == 2
    assert resumed.read_text().split("\n", 1)[1] == whole.read_text().split("\n", 1)[1]
    assert not resumed.with_name("c.toml.partial.json").exists()

    doc = tomllib.loads(whole.read_text())
    assert doc["name"] == "economy" and all(r["solo"] is False for r in doc.get("row", []))
    mats = ["industrial", "engineering", "patriotic", "mechanical", "agricultural"]
    verdicts = [ln for ln in whole.read_text().splitlines() if ln.startswith("# mat ")]
    assert [ln.split()[2].rstrip(":") for ln in verdicts] == mats
    # a row is written only where its paired check on fresh games beat the start weights
    assert [r["mat"] for r in doc.get("row", [])] == [m for m, ln in zip(mats, verdicts)
                                              if ln.endswith(": kept")]
    # the table plays: a scenario naming it loads, its rows keyed by mat
    from simsuite.scenario import load_scenario

    (tmp_path / "use.toml").write_text(scenario(tmp_path, ["economy", "random"], name="use").read_text()
                                       .replace('name = "economy"', 'name = "economy"\nweights_table = "a.toml"'))
    table = load_scenario(tmp_path / "use.toml").config.policies[0].table
    assert {dict(m)["mat"] for m, _ in table.rows} == {r["mat"] for r in doc.get("row", [])}


def test_a_table_run_starts_from_the_scenarios_table_and_keeps_its_rows(tmp_path):
    """policy[0] naming a weights table: each cell's search starts from that table's row for the
    seat (a refinement), and a row whose tuned weights do not beat it keeps the start row instead
    of falling back to the defaults."""
    from simsuite.tuning_table import tune_table

    (tmp_path / "start.toml").write_text(
        'name = "economy"\n[weights]\npower = 0.9\n'
        '[[row]]\nmat = "patriotic"\nsolo = false\nweights = { deploy = 7.5 }\n'
        '[[row]]\nmat = "industrial"\nsolo = true\nweights = { deploy = 1.5 }\n')
    sc = scenario(tmp_path, ['name = "economy"\nweights_table = "start.toml"', "random"])
    out = tmp_path / "refined.toml"
    results = tune_table(sc, "mat", 600, 11, out, jobs=1)
    defaults = dict(zip(WEIGHT_NAMES, default_weights("economy")))
    base = {**defaults, "power": 0.9}
    patriotic = dict(zip(WEIGHT_NAMES, results["patriotic"].start))
    assert patriotic == {**base, "deploy": 7.5}
    # the solo row is for games against the Automa, not this 2-player field
    assert dict(zip(WEIGHT_NAMES, results["industrial"].start)) == base
    assert "started from the scenario's table" in out.read_text()
    # start.toml has no header, so the file says what to keep to regenerate it
    assert "The table it started from names no command for these rows" in out.read_text()
    # the written table, read back as a scenario reads it: the start table's base, and every
    # mat's seat (kept or not) plays the tuned row or the start row; a row is written only where
    # it differs from the base (Patriotic's start row always does)
    from simsuite.scenario import load_scenario

    use = scenario(tmp_path, ['name = "economy"\nweights_table = "refined.toml"', "random"], name="use")
    table = load_scenario(use).config.policies[0].table
    assert dict(zip(WEIGHT_NAMES, table.base)) == base
    for mat, r in results.items():
        expected = r.tuned if r.paired["ci95"][0] > 0 else r.start
        got = table.vector({"players": 2, "solo": False, "mat": mat})[:len(WEIGHT_NAMES)]
        assert list(got) == pytest.approx(list(expected), rel=1e-5, abs=1e-6)
    written = {dict(m)["mat"] for m, _ in table.rows if dict(m)["solo"] is False}
    assert "patriotic" in written
    assert written == {m for m, r in results.items()
                       if r.paired["ci95"][0] > 0 or dict(zip(WEIGHT_NAMES, r.start)) != base}
    # refined into a new file, the start table's row of another kind (solo) is kept as it was:
    # the file is the whole table with this run's rows replaced
    solo_rows = [(dict(m), v) for m, v in table.rows if dict(m)["solo"] is True]
    assert [m for m, _ in solo_rows] == [{"mat": "industrial", "solo": True}]
    assert dict(zip(WEIGHT_NAMES, solo_rows[0][1])) == {**base, "deploy": 1.5}


def test_a_refinement_into_a_new_file_keeps_the_start_tables_other_runs(tmp_path):
    """A refining run whose --out does not exist yet writes the start table's rows and header
    lines of other kinds of game beside its own, as a run into the start table's own file
    would: without them a solo seat would silently play the base weights."""
    from simsuite.tuning_table import tune_table

    solo_run = ("# Tuned by `simsuite tune solo.toml --by mat --budget 1 --seed 1 --out t.toml` "
                "(rows with solo = true; regenerate with the same command).\n"
                "# mat industrial: 1 improvements in 8 generations; ...: kept\n")
    start = (solo_run + 'name = "economy"\n[weights]\npower = 0.9\n'
             '[[row]]\nmat = "industrial"\nsolo = true\nweights = { deploy = 1.5 }\n')
    (tmp_path / "start.toml").write_text(start)
    sc = scenario(tmp_path, ['name = "economy"\nweights_table = "start.toml"', "random"])
    # the same run twice: into a new file, and into a copy of the start table
    (tmp_path / "copy.toml").write_text(start)
    tune_table(sc, "mat", 600, 11, tmp_path / "new.toml", jobs=1)
    tune_table(sc, "mat", 600, 11, tmp_path / "copy.toml", jobs=1)
    new, copy = (tmp_path / "new.toml").read_text(), (tmp_path / "copy.toml").read_text()
    # alike but for the --out each names
    assert new.replace("new.toml", "copy.toml") == copy
    assert new.startswith(solo_run)
    doc = tomllib.loads(new)
    solo = [r for r in doc["row"] if r["solo"] is True]
    assert solo == [{"mat": "industrial", "solo": True, "weights": {"deploy": 1.5}}]


def test_a_refinement_names_the_chain_of_commands_it_started_from():
    """A refining run's header names the command that tuned its start table's rows of the same
    kind (solo or not) and the older starts that table's header names, and no other kind's."""
    from simsuite.tuning_table import start_provenance

    start = ["Tuned by `simsuite tune solo.toml --by mat` (rows with solo = true; regenerate with "
             "the same command).",
             "One row per mat: ...",
             "Tuned by `simsuite tune refine.toml --by mat` (rows with solo = false; regenerate "
             "with the same command).",
             "Each row started from the scenario's table (policy[0].weights_table), ...",
             "The table it started from: the rows of `simsuite tune first.toml --by mat`; ...",
             "mat industrial: 8 improvements ..."]
    four = start_provenance(start, False)
    assert four[0].startswith("The table it started from: the rows of "
                              "`simsuite tune refine.toml --by mat`;")
    assert four[1:] == ["That table in turn started from: the rows of "
                        "`simsuite tune first.toml --by mat`; ..."]
    solo = start_provenance(start, True)
    assert len(solo) == 1 and "`simsuite tune solo.toml --by mat`" in solo[0]
    assert "no command" in start_provenance(start[2:], True)[0]


def test_a_chain_names_each_start_once_in_the_order_that_regenerates_it():
    """Rounds of one kind of rows (here an Automa level's) each start from the last round, and
    the first from the solo rows: every round's header repeats the solo rows' chain, but the
    chain a new round writes names each command once, at its last place, so that run from the
    last line up every table comes before the tables that started from it."""
    from simsuite.tuning_table import start_provenance

    def block(command, kind, chain):
        return ([f"Tuned by `{command}` (rows with {kind}; regenerate with the same command).",
                 "Each row started from the scenario's table (policy[0].weights_table), ..."]
                + chain + ["One row per mat: ...", "mat industrial: 8 improvements ..."])

    solo_chain = ["The table it started from: the rows of `tune first.toml`; to regenerate ...",
                  "That table in turn started from and played against: the rows of "
                  "`tune zero.toml` (commit 1234567); to regenerate ..."]
    level, fixed = "difficulty = ultimaszyna, solo = true", {"difficulty": "ultimaszyna"}
    solo = block("tune solo.toml", "solo = true", solo_chain)
    from_solo = ["The table it started from: the rows of `tune solo.toml`; to regenerate ..."] + [
        ln.replace("The table it started from", "That table in turn started from")
        for ln in solo_chain]
    # the second round's chain as the tool wrote it before: the solo rows' chain twice
    round2 = block("tune round2.toml", level, from_solo + [
        "The table it started from: the rows of `tune round1.toml`; to regenerate ..."] + [
        ln.replace("The table it started from", "That table in turn started from")
        for ln in from_solo])
    chain = start_provenance(solo + round2, True, fixed=fixed)
    commands = [ln.split("`")[1] for ln in chain]
    assert commands == ["tune round2.toml", "tune round1.toml", "tune solo.toml",
                        "tune first.toml", "tune zero.toml"]
    round3 = block("tune round3.toml", level, chain)
    assert [ln.split("`")[1] for ln in start_provenance(solo + round3, True, fixed=fixed)] == [
        "tune round3.toml"] + commands
    assert chain[0].startswith("The table it started from: the rows of `tune round2.toml`;")
    assert all(ln.startswith("That table in turn started from") for ln in chain[1:])
    assert chain[-1].startswith("That table in turn started from and played against: the rows "
                                "of `tune zero.toml` (commit 1234567)")


def test_table_errors(tmp_path):
    from simsuite.tuning_table import tune_table

    sc = scenario(tmp_path, ["economy", "random"])
    with pytest.raises(UserError, match="--by 'colour': scythe tables are keyed by faction, mat"):
        tune_table(sc, "colour", 600, 1, tmp_path / "x.toml")
    with pytest.raises(UserError, match="too few to tune 5 cells"):
        tune_table(sc, "mat", 100, 1, tmp_path / "x.toml")


# ---------------------------------------------------------------- tables by several keys (#14)

def test_a_faction_and_mat_table_tunes_each_pair_the_rules_deal(tmp_path):
    """`--by faction,mat`: one cell per faction and mat pair, less the two pairs the rulebook
    bans (Rusviet + Industrial, Crimea + Patriotic: Scythe rulebook, set-up, "banned
    combinations"), each tuned in the seat dealt both, its rows naming both keys."""
    from simsuite.scenario import load_scenario
    from simsuite.tuning_table import tune_table

    factions = ["nordic", "rusviet", "polania", "crimea", "saxony"]
    mats = ["industrial", "engineering", "patriotic", "mechanical", "agricultural"]
    sc = scenario(tmp_path, ['name = "economy"\nweights_table = "start.toml"', "random"])
    (tmp_path / "start.toml").write_text('name = "economy"\n[[row]]\nmat = "patriotic"\n'
                                         'solo = false\nweights = { deploy = 7.5 }\n')
    out = tmp_path / "pairs.toml"
    results = tune_table(sc, "faction,mat", 23 * 70, 3, out, jobs=1, generations=1)
    expected = [(f, m) for f in factions for m in mats
                if (f, m) not in {("rusviet", "industrial"), ("crimea", "patriotic")}]
    assert list(results) == expected
    text = out.read_text()
    assert "--by faction,mat " in text and "One row per faction and mat dealt" in text
    verdicts = [ln[2:].split(":")[0] for ln in text.splitlines() if ln.startswith("# faction ")]
    assert verdicts == [f"faction {f}, mat {m}" for f, m in expected]
    # rows are keyed by both; one is written where it changes the seat's weights (the
    # Patriotic start row, not beaten, is one: it differs from the base)
    doc = tomllib.loads(text)
    assert all(set(r) == {"faction", "mat", "solo", "weights"} and r["solo"] is False
               for r in doc["row"])
    assert {(r["faction"], r["mat"]) for r in doc["row"]} >= {(f, "patriotic") for f in factions
                                                               if f != "crimea"}
    # each pair's search started from the start table's row for that seat: its mat's
    assert dict(zip(WEIGHT_NAMES, results[("nordic", "patriotic")].start))["deploy"] == 7.5
    assert dict(zip(WEIGHT_NAMES, results[("nordic", "industrial")].start))["deploy"] == \
        dict(zip(WEIGHT_NAMES, default_weights("economy")))["deploy"]
    use = scenario(tmp_path, ['name = "economy"\nweights_table = "pairs.toml"', "random"], name="use")
    table = load_scenario(use).config.policies[0].table
    for (f, m), r in results.items():
        want = r.tuned if r.paired["ci95"][0] > 0 else r.start
        got = table.vector({"players": 2, "solo": False, "faction": f, "mat": m})
        assert got[:len(WEIGHT_NAMES)] == pytest.approx(list(want), rel=1e-5, abs=1e-6)


def test_the_seat_tuned_is_the_one_dealt_the_whole_cell(tmp_path):
    """The tuner's games put the tuned policy in the seat dealt the cell's faction and mat (the
    rules seat players by mat, so it is found in the set-up game); a pair no seat holds gives
    -1."""
    from simsuite.games import get_game
    from simsuite.scenario import load_scenario_table, parse_toml

    spec = get_game("scythe")
    sc = scenario(tmp_path, ["economy", "random", "random"])
    _, doc = parse_toml(sc)
    cell = {"faction": "polania", "mat": "mechanical"}
    config = load_scenario_table(spec.fix_seat(doc, cell, load_scenario_table(doc, sc).config),
                                 sc).config
    idx = np.arange(40, dtype=np.int64)
    seeds = np.arange(1000, 1040, dtype=np.uint64)
    seats = spec.seats_holding(config, cell, idx, seeds)
    factions, mats = spec.assignments(config, idx)
    for i, s in enumerate(seats):
        assert s >= 0
        g = spec.new_game(config, int(seeds[i]), log=False, game_index=i)
        assert (g.faction_name(int(s)), g.mat_name(int(s))) == ("polania", "mechanical")
    other = spec.seats_holding(config, {"faction": "polania", "mat": "industrial"}, idx, seeds)
    assert (other == -1).all()


def test_rows_per_player_count_live_beside_each_other(tmp_path):
    """`--by mat,players`: rows name the scenario's player count; runs at two counts write one
    file, each replacing only its own rows; a seat plays the row of its count over a row for
    any count (the more specific row), and a row that would give a seat what it already plays
    is not written."""
    from simsuite.scenario import load_scenario
    from simsuite.tuning_table import tune_table

    # the start table: Engineering's weights differ at 2 and at 3 players
    (tmp_path / "start.toml").write_text(
        'name = "economy"\n[weights]\npower = 0.9\n'
        '[[row]]\nmat = "engineering"\nplayers = 2\nsolo = false\nweights = { deploy = 7.5 }\n'
        '[[row]]\nmat = "engineering"\nplayers = 3\nsolo = false\nweights = { deploy = 2.5 }\n')
    tuned = 'name = "economy"\nweights_table = "start.toml"'
    two = scenario(tmp_path, [tuned, "random"], name="two")
    three = scenario(tmp_path, [tuned, "random", "random"], name="three")
    out = tmp_path / "counts.toml"
    any_count = tune_table(two, "mat", 5 * 70, 5, out, jobs=1, generations=1)
    r2 = tune_table(two, "mat,players", 5 * 70, 6, out, jobs=1, generations=1)
    r3 = tune_table(three, "players,mat", 5 * 70, 7, out, jobs=1, generations=1)
    text = out.read_text()
    doc = tomllib.loads(text)
    # the first run, into a new file, kept the start table's rows of each count beside its own
    # (as a run into start.toml itself would), so every run replaced only its own kind's rows
    assert {r.get("players") for r in doc["row"]} <= {None, 2, 3}
    tuned_by = [ln for ln in text.splitlines() if ln.startswith("# Tuned by")]
    assert len(tuned_by) == 3
    assert sum("(rows with players = 3, solo = false;" in ln for ln in tuned_by) == 1
    assert sum("--by mat,players " in ln for ln in tuned_by) == 2      # "players,mat" as written

    def chosen(r):
        return list(r.tuned if r.paired["ci95"][0] > 0 else r.start)

    (tmp_path / "use.toml").write_text(three.read_text().replace('"start.toml"', '"counts.toml"')
                                       .replace('name = "three"', 'name = "use"'))
    table = load_scenario(tmp_path / "use.toml").config.policies[0].table
    base = [0.9 if n == "power" else d for n, d in zip(WEIGHT_NAMES, default_weights("economy"))]
    for players, results in ((2, r2), (3, r3), (4, any_count)):
        for mat, r in results.items():
            want = chosen(r)
            if (players, mat) == (4, "engineering") and r.paired["ci95"][0] <= 0:
                # not beaten, the any-count run leaves the start table as it was: its
                # 2-player row is not promoted to every count, and a 4-player seat plays the base
                want = base
            got = table.vector({"players": players, "solo": False, "mat": mat})
            assert list(got[:len(WEIGHT_NAMES)]) == pytest.approx(want, rel=1e-5, abs=1e-6)
    # the 3-player run again with another seed: only its own rows may change
    before = [r for r in doc["row"] if r.get("players") != 3]
    r3b = tune_table(three, "mat,players", 5 * 70, 8, out, jobs=1, generations=1)
    again = tomllib.loads(out.read_text())
    assert [r for r in again["row"] if r.get("players") != 3] == before
    table = load_scenario(tmp_path / "use.toml").config.policies[0].table
    for mat, r in r3b.items():
        got = table.vector({"players": 3, "solo": False, "mat": mat})
        assert list(got[:len(WEIGHT_NAMES)]) == pytest.approx(chosen(r), rel=1e-5, abs=1e-6)


def test_table_key_errors(tmp_path):
    from simsuite.tuning_table import tune_table

    sc = scenario(tmp_path, ["economy", "random"])
    for by, message in (("players", "at least one of them"), ("mat,mat", "at most once"),
                        ("mat,colour", "--by 'colour'")):
        with pytest.raises(UserError, match=message):
            tune_table(sc, by, 6000, 1, tmp_path / "x.toml")
    solo = tmp_path / "solo.toml"
    solo.write_text('name = "solo"\ngame = "scythe"\nseed = 1\ngames = 1\npolicy = "economy"\n'
                    '[automa]\ndifficulty = "automa"\n')
    with pytest.raises(UserError, match="a solo scenario's rows are for solo games"):
        tune_table(solo, "mat,players", 6000, 1, tmp_path / "x.toml")


def test_the_margin_objective_ranks_by_the_score_margin(tmp_path):
    # --objective margin: the search and the paired check compare mean score margins (a field
    # the policy almost never beats leaves win rates tied); deterministic like the default.
    sc = scenario(tmp_path, ["star_rush", "random"])
    a = tune(sc, 90, 7, jobs=1, objective="margin")
    b = tune(sc, 90, 7, jobs=1, objective="margin")
    assert np.array_equal(a.tuned, b.tuned) and a.paired == b.paired
    p = a.paired
    assert p["objective"] == "margin"
    assert p["difference"] == pytest.approx(p["tuned_margin"] - p["start_margin"])
    # the run's history holds the measure the search compared: margins in coins, not rates
    assert any(not 0.0 <= parent <= 1.0 for _, parent, _, _ in a.history)
    w = tune(sc, 90, 7, jobs=1).paired
    assert w["difference"] == pytest.approx(w["tuned_rate"] - w["start_rate"])
    out = tmp_path / "m.toml"
    write_weights(a, out, scenario=str(sc), budget=90, seed=7)
    assert "--objective margin" in out.read_text() and "margin " in out.read_text()
    with pytest.raises(UserError, match="--objective 'score': choose wins, margin or soft"):
        tune(sc, 90, 7, jobs=1, objective="score")


def test_the_soft_objective_is_a_smooth_step_of_the_margin(tmp_path):
    # --objective soft: a game is worth 1 / (1 + exp(-margin / 5)); by hand: a tie 0.5, a 5-coin
    # win 1 / (1 + e^-1) = 0.7311, a 5-coin loss 0.2689, a 40-coin loss 0.000335. Losing by 40
    # instead of 20 moves it by under 0.02, which the margin objective counts as 20 coins.
    from simsuite.tuning import Evaluation

    e = Evaluation(wins=np.array([0, 1, 0, 0, 0], float), margins=np.array([0, 5, -5, -40, -20]))
    assert e.fitness("soft") == pytest.approx([0.5, 0.731059, 0.268941, 0.000335, 0.017986],
                                              abs=1e-6)
    assert np.array_equal(e.measure("soft"), e.fitness("soft"))
    assert np.array_equal(e.measure("wins"), e.wins)
    sc = scenario(tmp_path, ["star_rush", "random"])
    a = tune(sc, 90, 7, jobs=1, objective="soft")
    assert np.array_equal(a.tuned, tune(sc, 90, 7, jobs=1, objective="soft").tuned)
    p = a.paired
    assert p["objective"] == "soft" and -1.0 <= p["difference"] <= 1.0
    out = tmp_path / "s.toml"
    write_weights(a, out, scenario=str(sc), budget=90, seed=7)
    assert "--objective soft" in out.read_text() and "soft wins difference" in out.read_text()


def _solo(tmp_path, name, level, extra=""):
    path = tmp_path / f"{name}.toml"
    path.write_text(f'name = "{name}"\ngame = "scythe"\nseed = 3\ngames = 1\n'
                    'policy = { name = "economy", weights_table = "start.toml" }\n'
                    f'[automa]\ndifficulty = {level}\n{extra}')
    return path


def test_rows_per_automa_level_live_beside_the_solo_rows(tmp_path):
    """`--by mat,difficulty` on a solo scenario of one Automa level: the rows name the level; a
    run at another level, and a run for every level, each replace only their own rows; a seat
    plays its level's row over the row for every level."""
    from simsuite.scenario import load_scenario
    from simsuite.tuning_table import tune_table

    (tmp_path / "start.toml").write_text(
        'name = "economy"\n[[row]]\nmat = "patriotic"\nsolo = true\nweights = { deploy = 7.5 }\n')
    ult = _solo(tmp_path, "ult", '"ultimaszyna"')
    normal = _solo(tmp_path, "normal", '"automa"')
    out = tmp_path / "levels.toml"
    r_ult = tune_table(ult, "mat,difficulty", 5 * 70, 5, out, jobs=1, generations=1,
                       objective="margin")
    assert set(r_ult) == {(m, "ultimaszyna") for m in
                          ("industrial", "engineering", "patriotic", "mechanical", "agricultural")}
    r_normal = tune_table(normal, "difficulty,mat", 5 * 70, 6, out, jobs=1, generations=1)
    text = out.read_text()
    tuned_by = [ln for ln in text.splitlines() if ln.startswith("# Tuned by")]
    assert len(tuned_by) == 2
    assert "--objective margin" in tuned_by[0] or "--objective margin" in tuned_by[1]
    assert sum("(rows with difficulty = ultimaszyna, solo = true;" in ln for ln in tuned_by) == 1
    assert sum("(rows with difficulty = automa, solo = true;" in ln for ln in tuned_by) == 1
    doc = tomllib.loads(text)
    # beside the levels' rows, the start table's row for every level (Patriotic's), kept; a
    # level's row is written only where it changes what that level's seat plays
    assert {r.get("difficulty") for r in doc["row"]} <= {None, "ultimaszyna", "automa"}
    assert "ultimaszyna" in {r.get("difficulty") for r in doc["row"]}
    assert [r["weights"] for r in doc["row"] if "difficulty" not in r] == [{"deploy": 7.5}]

    def chosen(r):
        return list(r.tuned if r.paired["ci95"][0] > 0 else r.start)

    (tmp_path / "use.toml").write_text(ult.read_text().replace('"start.toml"', '"levels.toml"')
                                       .replace('name = "ult"', 'name = "use"'))
    table = load_scenario(tmp_path / "use.toml").config.policies[0].table
    assert set(r_normal) == {(m, "automa") for m, _ in r_ult}
    for (mat, level), r in list(r_ult.items()) + list(r_normal.items()):
        got = table.vector({"players": 2, "solo": True, "mat": mat, "faction": "saxony",
                            "difficulty": level})
        assert list(got[:len(WEIGHT_NAMES)]) == pytest.approx(chosen(r), rel=1e-5, abs=1e-6)
    # a run for every level (no difficulty) keeps both levels' rows
    before = [r for r in doc["row"] if "difficulty" in r]
    tune_table(normal, "mat", 5 * 70, 7, out, jobs=1, generations=1)
    again = tomllib.loads(out.read_text())
    assert [r for r in again["row"] if "difficulty" in r] == before


def test_difficulty_rows_need_one_automa_level(tmp_path):
    from simsuite.tuning_table import tune_table

    (tmp_path / "start.toml").write_text('name = "economy"\n')
    two = _solo(tmp_path, "two", '["automa", "ultimaszyna"]')
    with pytest.raises(UserError, match="must play exactly one"):
        tune_table(two, "mat,difficulty", 6000, 1, tmp_path / "x.toml")
    four = scenario(tmp_path, ["economy", "random"])
    with pytest.raises(UserError, match="for games against the Automa"):
        tune_table(four, "difficulty,mat", 6000, 1, tmp_path / "x.toml")


def test_a_table_tunes_only_the_seats_the_scenario_deals(tmp_path):
    """`--by` tunes a row for each cell the scenario can deal its tuned seat, not for every
    faction and mat: a solo scenario naming the human's faction gets that faction's rows only
    (less Crimea + Patriotic, banned: rulebook, set-up); the Automa's one fixed faction is never
    the human's (solo rulebook, set-up), so it gets no row; a player game's fixed entries
    likewise."""
    import dataclasses

    from simsuite.games import get_game
    from simsuite.scenario import load_scenario

    def cells(path, keys):
        sc = load_scenario(path)
        return sc.spec.table_cells(sc.config, keys)

    mats = ["industrial", "engineering", "patriotic", "mechanical", "agricultural"]
    (tmp_path / "start.toml").write_text('name = "economy"\n')
    crimea = _solo(tmp_path, "crimea", '"ultimaszyna"', 'faction = "saxony"')
    crimea.write_text(crimea.read_text().replace('games = 1\n', 'games = 1\nfactions = "crimea"\n'))
    assert cells(crimea, ["faction", "mat", "difficulty"]) == [
        {"faction": "crimea", "mat": m, "difficulty": "ultimaszyna"} for m in mats
        if m != "patriotic"]
    every = _solo(tmp_path, "every", '"ultimaszyna"', 'faction = "saxony"')
    factions = {c["faction"] for c in cells(every, ["faction", "mat", "difficulty"])}
    assert factions == {"nordic", "rusviet", "polania", "crimea"}
    two = _solo(tmp_path, "two", '"automa"', 'faction = "nordic"')
    two.write_text(two.read_text().replace('games = 1\n',
                                           'games = 1\nfactions = ["nordic", "polania"]\n'))
    assert cells(two, ["faction"]) == [{"faction": "polania"}]
    game = scenario(tmp_path, ["economy", "random"], extra='factions = ["nordic", "rusviet"]')
    assert cells(game, ["faction", "mat"]) == [
        {"faction": f, "mat": m} for f in ("nordic", "rusviet") for m in mats
        if (f, m) != ("rusviet", "industrial")]
    # a seat no cell fits (a config validation would refuse): one line, not an IndexError
    sc = load_scenario(two)
    odd = dataclasses.replace(sc.config, factions=("nordic",))
    with pytest.raises(UserError, match="deals no such seat"):
        get_game("scythe").table_cells(odd, ["faction"])


def test_a_run_over_some_cells_keeps_the_rows_of_the_others(tmp_path):
    """A run whose scenario deals only some cells of its keys rewrites those rows only: the
    start table's rows of the same keys and kind for the other cells stay as they were, and
    the header says so."""
    from simsuite.tuning_table import tune_table

    (tmp_path / "start.toml").write_text(
        'name = "economy"\n'
        '[[row]]\nmat = "patriotic"\ndifficulty = "ultimaszyna"\nsolo = true\n'
        'weights = { deploy = 7.5 }\n'
        '[[row]]\nmat = "industrial"\ndifficulty = "ultimaszyna"\nsolo = true\n'
        'weights = { deploy = 6.5 }\n')
    sc = _solo(tmp_path, "ind", '"ultimaszyna"')
    sc.write_text(sc.read_text().replace('games = 1\n', 'games = 1\nmats = "industrial"\n'))
    out = tmp_path / "some.toml"
    results = tune_table(sc, "mat,difficulty", 70, 5, out, jobs=1, generations=1)
    assert list(results) == [("industrial", "ultimaszyna")]
    text = out.read_text()
    assert ("# 1 other row of these keys kept as it was: the scenario does not deal its cell."
            in text)
    # written as a run over both cells would write them: the cells in the game's mat order
    # (Industrial before Patriotic, whatever the start table's order), each row's keys by name
    assert [r["mat"] for r in tomllib.loads(text)["row"]] == ["industrial", "patriotic"]
    assert text.count('[[row]]\ndifficulty = "ultimaszyna"\nmat = ') == 2
    rows = {r["mat"]: r["weights"] for r in tomllib.loads(text)["row"]}
    assert rows["patriotic"] == {"deploy": 7.5}
    r = results[("industrial", "ultimaszyna")]
    want = r.tuned if r.paired["ci95"][0] > 0 else r.start
    got = dict(zip(WEIGHT_NAMES, want))["deploy"]
    default = dict(zip(WEIGHT_NAMES, default_weights("economy")))["deploy"]
    assert rows["industrial"].get("deploy", default) == pytest.approx(got, rel=1e-5)


def test_the_bottom_floor_compares_a_rate_with_the_floor_and_the_weights_replaced():
    # --min-bottom-rate R: eligible at R or above, or no lower than what it would replace
    from simsuite.tuning import Evaluation, _meets_floor

    assert _meets_floor(0.80, 0.90, None)              # no floor: everything is eligible
    assert _meets_floor(0.86, 0.90, 0.85)              # above the floor, below the parent
    assert _meets_floor(0.84, 0.83, 0.85)              # under it, but no lower than the parent
    assert not _meets_floor(0.84, 0.845, 0.85)
    # the rate pools the turns of all the games: (3 + 9) / (4 + 10) = 6 / 7
    e = Evaluation(np.zeros(2, np.int8), np.zeros(2, np.int64), np.array([4, 10]),
                   np.array([3, 9]))
    assert e.bottom_rate == pytest.approx(6 / 7)


def test_the_bottom_floor_is_measured_and_named_in_the_written_command(tmp_path):
    sc = scenario(tmp_path, ["star_rush", "random"])
    a = tune(sc, 90, 7, jobs=1, min_bottom_rate=0.85)
    assert np.array_equal(a.tuned, tune(sc, 90, 7, jobs=1, min_bottom_rate=0.85).tuned)
    p = a.paired
    assert p["min_bottom_rate"] == 0.85 and 0.0 <= p["tuned_bottom"] <= 1.0
    assert 0.0 <= p["start_bottom"] <= 1.0
    out = tmp_path / "f.toml"
    write_weights(a, out, scenario=str(sc), budget=90, seed=7)
    text = out.read_text()
    assert "--min-bottom-rate 0.85`" in text and "bottom action when payable" in text
    for bad in (0, 1.5, True, "x"):
        with pytest.raises(UserError, match="--min-bottom-rate: .* is not a share of turns"):
            tune(sc, 90, 7, jobs=1, min_bottom_rate=bad)


def test_a_row_under_the_bottom_floor_is_not_kept(tmp_path, monkeypatch):
    # A row whose paired check wins more but whose bottom-action rate falls under both the
    # floor and the start row's is refused, and the header says why; one that keeps the start
    # row's rate, though under the floor, is kept.
    import simsuite.tuning_table as tuning_table
    from simsuite.tuning import TuneResult
    from simsuite.tuning_table import tune_table

    start = np.array(default_weights("economy")[:len(WEIGHT_NAMES)])

    def fake_search(setup, budget, seed, jobs, progress, generations):
        tuned = start + 1.0
        bottom = fake_search.rates.pop(0)
        paired = {"games": 10, "objective": "wins", "tuned_rate": 0.6, "start_rate": 0.4,
                  "tuned_margin": 1.0, "start_margin": 0.0, "difference": 0.2,
                  "ci95": (0.1, 0.3), "min_bottom_rate": setup.min_bottom_rate,
                  "tuned_bottom": bottom[0], "start_bottom": bottom[1]}
        return TuneResult("economy", setup.names, setup.start, tuned, 1, 1, 10, [], paired, {})

    # (tuned, start) rates per mat in the rules' order (industrial, engineering, patriotic,
    # mechanical, agricultural): under both, refused; at the start row's, kept; above the
    # floor, kept twice; under both, refused
    fake_search.rates = [(0.80, 0.90), (0.80, 0.80), (0.90, 0.95), (0.86, 0.70), (0.5, 0.6)]
    monkeypatch.setattr(tuning_table, "_search", fake_search)
    sc = scenario(tmp_path, ["economy", "economy"])
    out = tmp_path / "t.toml"
    tune_table(sc, "mat", 5 * 60, 1, out, jobs=1, min_bottom_rate=0.85)
    text = out.read_text()
    doc = tomllib.loads(text)
    kept = {r["mat"] for r in doc.get("row", [])}
    assert kept == {"engineering", "patriotic", "mechanical"}
    assert text.count("its bottom-action rate is under the floor") == 2
    assert "--min-bottom-rate 0.85 --out" in text
