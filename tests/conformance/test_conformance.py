"""One conformance suite, run on every game (issue #13): what every core and spec promise.

Each case is a game and the scenario table of a variant of it. For each, on fresh seeds:
- every step of play keeps the game's invariants, offers the player to move a non-empty,
  sorted list of distinct options, and leaves a copy taken before the step unchanged;
- a game rebuilt from (seed, decisions) is identical: state, log and result;
- a seat's view is unchanged when everything hidden from it is dealt afresh, while the full
  state does change for some positions (so the check has something to catch);
- the batch path (`run_shard`, the compiled loop for compiled cores) plays the same games as
  stepping the game with the same seats' choosers;
- a Python policy that draws like the compiled `random` policy gives the same rows;
- the same scenario gives identical rows with 1 or 2 jobs and any shard size.
"""
from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import polars as pl
import pytest

from simsuite.games import get_game
from simsuite.play import play_game
from simsuite.runner import derive_seeds, run
from simsuite.scenario import load_scenario

SOURCE = Path("conformance")



def _cases():
    """(id, game, scenario table) of every variant each registered game names in its spec's
    `conformance_cases`: a new game joins the suite by declaring them, not by editing this file."""
    from simsuite.games import game_packages, get_game

    out = []
    for game in sorted({m.GAME for m in game_packages().values()}):
        try:
            spec = get_game(game)
        except Exception as err:          # a game that cannot load fails here, by name
            out.append((f"{game}-load", game, {"__error__": str(err)}))
            continue
        out += [(f"{game}-{cid}", game, table) for cid, table in spec.conformance_cases]
    return out


CASES = _cases()
IDS = [c[0] for c in CASES]
GAMES = {"dice": 6}   # stepped games per case (each step is checked from Python); others 2


def _config(game: str, table: dict):
    assert "__error__" not in table, table.get("__error__")
    spec = get_game(game)
    return spec, spec.validate(dict(table), SOURCE)


def _needs_core(game: str) -> None:
    if game != "dice":
        from simsuite.games import game_packages

        # the core is named after the game's package folder (a game name may hold a dash)
        folder = game_packages()[game].__name__.rsplit(".", 1)[-1]
        pytest.importorskip(f"simsuite._{folder}", reason=f"the compiled {game} core is not built")


def test_every_game_declares_conformance_cases():
    from simsuite.games import game_packages

    games = {m.GAME for m in game_packages().values()}
    assert {c[1] for c in CASES} == games


def _random_rules(game: str, table: dict) -> dict:
    """The case's table with the rules options its game asks for when seats play at random."""
    extra = get_game(game).conformance_random_rules
    return {**table, "rules": {**table.get("rules", {}), **extra}} if extra else table


def _random_walk(game, rng: random.Random, check_clone_every: int = 1):
    """Play to the end with uniformly random options, checking every step."""
    step = 0
    while not game.is_over:
        game.check_invariants()
        options = game.legal_options()
        assert options, f"no option for seat {game.current_player} at {game.decision_name}"
        assert options == sorted(set(options)) and all(isinstance(o, int) for o in options)
        before = game.clone() if step % check_clone_every == 0 else None
        snapshot = before.state() if before is not None else None
        game.apply(options[rng.randrange(len(options))])
        if before is not None:
            assert before.state() == snapshot, "a step on the original changed its copy"
        step += 1
    game.check_invariants()
    assert game.legal_options() == []
    return step


@pytest.mark.parametrize("case_id,game,table", CASES, ids=IDS)
def test_every_step_keeps_invariants_and_copies_independent(case_id, game, table):
    _needs_core(game)
    spec, config = _config(game, _random_rules(game, table))
    for k in range(GAMES.get(game, 2)):
        g = spec.new_game(config, int(derive_seeds(101, np.array([k]))[0]), log=False)
        _random_walk(g, random.Random(k), check_clone_every=1 if game == "dice" else 7)


@pytest.mark.parametrize("case_id,game,table", CASES, ids=IDS)
def test_replay_from_seed_and_decisions_is_identical(case_id, game, table):
    _needs_core(game)
    spec, config = _config(game, table)
    for k in range(GAMES.get(game, 2)):
        seed = int(derive_seeds(202, np.array([k]))[0])
        played = play_game(spec, config, seed)
        again = spec.new_game(config, seed)
        for option in played.decisions:
            again.apply(option)
        assert again.is_over
        assert again.state() == played.state()
        assert again.events() == played.events()
        assert again.result() == played.result()


@pytest.mark.parametrize("case_id,game,table", CASES, ids=IDS)
def test_a_view_hides_what_its_seat_may_not_see(case_id, game, table):
    _needs_core(game)
    spec, config = _config(game, table)
    probe = spec.new_game(config, 1, log=False)
    if not callable(getattr(probe, "redeal_hidden", None)):
        pytest.skip(f"the {game} core offers no redeal_hidden yet")
    changed = 0
    rng = random.Random(3)
    for k in range(GAMES.get(game, 2)):
        g = spec.new_game(config, int(derive_seeds(303, np.array([k]))[0]), log=False)
        step = 0
        while not g.is_over:
            if step % 5 == 0:
                for seat in range(len(spec.seat_choosers(config, 0))):
                    other = g.redeal_hidden(seat, 1000 * k + step)
                    assert other.observation(seat) == g.observation(seat), (seat, step)
                    other.check_invariants()
                    changed += other.state() != g.state()
            options = g.legal_options()
            g.apply(options[rng.randrange(len(options))])
            step += 1
    assert changed, "dealing the hidden information afresh never changed the state"


def _rows(out: Path) -> pl.DataFrame:
    return (pl.read_parquet(out / "**" / "*.parquet", hive_partitioning=True)
            .sort("game_index", "seat"))


def _write(tmp_path: Path, name: str, game: str, table: dict, games: int, shard: int) -> Path:
    lines = [f'game = "{game}"', f'name = "{name}"', f"games = {games}", "seed = 7",
             f"shard_size = {shard}"]
    tables = []
    for key, value in table.items():
        if isinstance(value, dict):
            tables.append(f"[{key}]\n" + "\n".join(f"{k} = {_toml(v)}" for k, v in value.items()))
        else:
            lines.append(f"{key} = {_toml(value)}")
    path = tmp_path / f"{name}.toml"
    path.write_text("\n".join(lines) + "\n" + "\n".join(tables) + "\n")
    return path


def _toml(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return str(value)


def _batch(tmp_path, name, game, table, games=12, shard=5, jobs=1) -> pl.DataFrame:
    sc = load_scenario(_write(tmp_path, name, game, table, games, shard), out=tmp_path / name)
    run(sc, jobs=jobs, progress=False)
    return _rows(tmp_path / name)


@pytest.mark.parametrize("case_id,game,table", CASES, ids=IDS)
def test_rows_do_not_depend_on_jobs_or_shard_size(case_id, game, table, tmp_path):
    _needs_core(game)
    one = _batch(tmp_path, "one", game, table, shard=5, jobs=1)
    two = _batch(tmp_path, "two", game, table, shard=3, jobs=2)
    assert one.drop("scenario").equals(two.drop("scenario"))


@pytest.mark.parametrize("case_id,game,table", CASES, ids=IDS)
def test_the_batch_plays_the_games_the_stepped_game_plays(case_id, game, table, tmp_path):
    _needs_core(game)
    spec, config = _config(game, table)
    rows = _batch(tmp_path, "b", game, table, games=3, shard=2)
    for k in range(3):
        stepped = play_game(spec, config, int(derive_seeds(7, np.array([k]))[0]), game_index=k)
        assert rows.filter(pl.col("game_index") == k)["score"].to_list() == list(stepped.result()["score"])


@pytest.mark.parametrize("case_id,game,table", CASES, ids=IDS)
def test_a_python_policy_drawing_like_random_gives_the_same_games(case_id, game, table, tmp_path):
    _needs_core(game)
    plain = {**_random_rules(game, table), "policy": "random"}
    python = {**plain, "policy": "conformance_policies:DrawsLikeRandom"}
    a = _batch(tmp_path, "compiled", game, plain, games=4, shard=2)
    b = _batch(tmp_path, "python", game, python, games=4, shard=2, jobs=2)
    keep = [c for c in a.columns if c not in ("policy", "policy_id", "scenario", "scenario_hash")]
    assert a.select(keep).equals(b.select(keep))
    # the rows of seats a policy plays (a solo opponent's seat keeps its own policy name)
    players = b.filter(~pl.col("is_bot_opponent"))
    assert set(players["policy"].to_list()) == {"conformance_policies:DrawsLikeRandom"}
