"""The `simsuite` command line. Each command is a thin wrapper over a module that owns the work."""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import List, Optional

import typer

from simsuite.errors import UserError

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Seeded batch simulation and balance analytics for Scythe, Rurik and Imperial Settlers.",
)


@app.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def play(
    ctx: typer.Context,
    game: str = typer.Option("scythe", help="Game to play (see `simsuite games`)."),
    players: Optional[int] = typer.Option(None, help="Number of players (the game's default if left out)."),
    seed: int = typer.Option(1, help="Game seed."),
    policy: str = typer.Option("random", help="Policy for every seat a policy plays."),
    save: Optional[Path] = typer.Option(None, help="Write the seed and every decision to this JSON file."),
    quiet: bool = typer.Option(False, help="Print only the final scores."),
):
    """Play one game and print a turn-by-turn log and the final score breakdown.

    Other options are the game's own, written --name value: for Scythe --factions,
    --mats (comma-separated, one per player) or --automa LEVEL for a solo game.
    """
    from simsuite.play import parse_options, play_command

    play_command(game=game, players=players, seed=seed, policy=policy, save=save, quiet=quiet,
                 options=parse_options(list(ctx.args)))


@app.command()
def games():
    """List the games this simsuite can play."""
    from simsuite.games import known_games

    for name in known_games():
        print(name)


@app.command()
def replay(
    path: Path = typer.Argument(..., help="A replay file written by `simsuite play --save`, or a "
                                "dataset folder written by `simsuite run` (with --game-index)."),
    game_index: Optional[int] = typer.Option(None, help="In a dataset: the game to play again."),
    scenario: Optional[str] = typer.Option(None, help="In a dataset of several scenarios: which."),
):
    """Replay a saved game exactly, or any game of a dataset, and print its log and result."""
    from simsuite.play import replay_command, replay_dataset_command

    if Path(path).is_dir():
        if game_index is None:
            raise UserError(f"{path} is a dataset folder; say which game with --game-index N")
        replay_dataset_command(path, game_index, scenario)
    else:
        replay_command(path)


@app.command()
def run(
    scenario: Path = typer.Argument(..., help="Scenario TOML file."),
    games: Optional[int] = typer.Option(None, help="Override the scenario's number of games."),
    jobs: int = typer.Option(-1, help="Worker processes (-1: every core)."),
    backend: str = typer.Option("local", help="local (joblib processes) or dask."),
    scheduler: Optional[str] = typer.Option(None, help="Dask scheduler address, e.g. tcp://host:8786."),
    out: Optional[Path] = typer.Option(None, help="Override the scenario's output folder."),
):
    """Run a batch of seeded games into a Parquet dataset (resumes an interrupted batch)."""
    from simsuite.runner import run_command

    run_command(scenario=scenario, games=games, jobs=jobs, backend=backend,
                scheduler=scheduler, out=out)


@app.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True},
             add_help_option=False)
def report(
    ctx: typer.Context,
    name: str = typer.Argument("help", help="Report name (see `simsuite report list`), or `all`."),
):
    """Run a report on a dataset (extra arguments go to the report); `simsuite report` alone
    lists them. Reports are the scripts in reports/ and in each game's package."""
    from simsuite.reporting.registry import report_command

    report_command(name, list(ctx.args))


@app.command()
def tune(
    scenario: Path = typer.Argument(..., help="Scenario naming the policy to tune and its field."),
    budget: int = typer.Option(20000, help="Total games the tuner may play."),
    seed: int = typer.Option(1, help="Tuner seed."),
    out: Path = typer.Option(Path("tuned.toml"), help="Where to write the tuned weights."),
    by: Optional[str] = typer.Option(None, help="Learn a weights table with one row per value of "
                                     "these comma-separated keys that the scenario deals "
                                     "(Scythe: faction, mat or "
                                     "faction,mat; add players for rows of the scenario's "
                                     "player count, difficulty for rows of its Automa level); "
                                     "resumes when run again."),
    generations: int = typer.Option(8, help="Generations of the search (per row); the budget is "
                                    "spread over them, so more make smaller, noisier steps."),
    objective: str = typer.Option("wins", help="What the search raises: wins (the win rate, "
                                  "margin as a tie-break), margin (the mean score margin, for "
                                  "a field the policy almost never beats) or soft (a smooth win "
                                  "rate from the margin, for a field it seldom beats)."),
    min_bottom_rate: Optional[float] = typer.Option(
        None, help="Scythe: keep the tuned weights' bottom-action rate (turns that took a "
        "bottom action, of those that began with one payable) at least this share, or at "
        "least that of the weights they replace, e.g. 0.85."),
):
    """Tune a policy's weights by self-play (fixed budget and seed)."""
    from simsuite.tuning_table import tune_command

    tune_command(scenario=scenario, budget=budget, seed=seed, out=out, by=by,
                 generations=generations, objective=objective, min_bottom_rate=min_bottom_rate)


@app.command()
def bench(
    workload: List[str] = typer.Option([], help="Workloads to run (default: all)."),
    repeat: int = typer.Option(5, help="Repetitions per workload."),
    seconds: float = typer.Option(3.0, help="Approximate seconds per repetition."),
):
    """Measure games per second of the compiled cores and of whole batches."""
    from simsuite.bench import bench_command

    bench_command(workloads=workload, repeat=repeat, seconds=seconds)


def _import_from_here() -> None:
    """Python policies and game specs named by dotted path (mypolicies:MyPolicy) import from
    the folder simsuite runs in, as with `python -m simsuite`. The folder goes last on the
    path, so an installed simsuite is never shadowed by a source checkout it is run from;
    joblib's worker processes start with this process's path."""
    here = os.getcwd()
    if here not in sys.path:
        sys.path.append(here)


def main() -> None:
    """Entry point: runs the app and turns a UserError into one line on stderr."""
    _import_from_here()
    try:
        app(standalone_mode=False)
    except UserError as err:
        print(f"error: {err.message}", file=sys.stderr)
        raise SystemExit(2)
    except typer.Exit as ex:
        raise SystemExit(ex.exit_code)
    except typer.Abort:
        print("aborted", file=sys.stderr)
        raise SystemExit(130)
    except Exception as err:
        # command-line mistakes (click's usage errors; typer vendors its own click, so they are
        # recognised by what they offer, not by class): one line, never a traceback
        if hasattr(err, "format_message") and hasattr(err, "exit_code"):
            command = getattr(getattr(err, "ctx", None), "command_path", None) or "simsuite"
            print(f"error: {err.format_message().rstrip('.')}; see `{command} --help`", file=sys.stderr)
            raise SystemExit(err.exit_code)
        raise


if __name__ == "__main__":
    main()
