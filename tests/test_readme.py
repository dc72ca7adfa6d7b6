"""The README's promises: its Python policy example runs as written, and plays like `random`."""
import re
import sys
from pathlib import Path

import polars as pl
import pytest

REPO = Path(__file__).resolve().parents[1]

pytest.importorskip("simsuite._scythe")

SCENARIO = """\
game = "scythe"
name = "readme"
games = 4
seed = 11
players = 2
factions = "random"
mats = "random"

[[policy]]
name = "{first}"
{params}

[[policy]]
name = "random"
"""


def _run(tmp_path, tag, first, params=""):
    from simsuite.runner import run
    from simsuite.scenario import load_scenario

    path = tmp_path / f"{tag}.toml"
    path.write_text(SCENARIO.format(first=first, params=params))
    sc = load_scenario(path, out=tmp_path / tag)
    run(sc, jobs=1, progress=False)
    return (pl.read_parquet(tmp_path / tag / "**" / "*.parquet", hive_partitioning=True)
            .sort("game_index", "seat").select("game_index", "seat", "faction", "mat", "score", "rank"))


def test_readme_python_policy_example(tmp_path, monkeypatch):
    code = re.findall(r"```python\n(.*?)```", (REPO / "README.md").read_text(), re.S)[0]
    (tmp_path / "mypolicies.py").write_text(code)
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("mypolicies", None)
    eager = _run(tmp_path, "eager", "mypolicies:RevealFirst", "params = { eager = true }")
    plain = _run(tmp_path, "plain", "mypolicies:RevealFirst", "params = { eager = false }")
    compiled = _run(tmp_path, "compiled", "random")
    assert eager.height == 8
    # without its preference the example draws exactly as the compiled random policy
    assert plain.equals(compiled)


def test_scenarios_readme_names_every_declared_column():
    """The dataset section of scenarios/README.md keeps up with the declarations."""
    from simsuite.games import get_game
    from simsuite.schema import BASE_COLUMNS

    text = (REPO / "scenarios" / "README.md").read_text()
    missing = [c.name for c in BASE_COLUMNS + get_game("scythe").schema.columns
               if f"`{c.name}`" not in text]
    assert not missing, f"scenarios/README.md does not describe {missing}"


def _readme_commands() -> list[str]:
    text = (REPO / "README.md").read_text()
    block = text.split("## What you can do", 1)[1].split("```bash", 1)[1].split("```", 1)[0]
    return [line.split("  #")[0].strip() for line in block.strip().splitlines() if line.strip()]


# What the test adds to a command so that it takes seconds (everything else runs as written).
_SMALLER = {"run": ["--games", "120"], "bench": ["--repeat", "1", "--seconds", "0.05",
                                                 "--workload", "scythe-2p-random",
                                                 "--workload", "run-4p-1job"]}


def test_every_command_of_what_you_can_do_runs_as_written(tmp_path):
    """Each command of the README's "What you can do", in order, in a fresh folder beside the
    shipped scenarios: exit status 0 (a `run` plays 120 games, `bench` one short workload pair,
    `tune` a small budget; nothing else is changed)."""
    import os
    import shlex
    import subprocess

    (tmp_path / "scenarios").symlink_to(REPO / "scenarios")
    simsuite = str(Path(sys.executable).with_name("simsuite"))
    for line in _readme_commands():
        argv = shlex.split(line)
        assert argv[0] == "simsuite", line
        argv = [simsuite] + argv[1:] + _SMALLER.get(argv[1], [])
        if argv[1] == "tune":
            argv[argv.index("--budget") + 1] = "200"
        done = subprocess.run(argv, cwd=tmp_path, capture_output=True, text=True, timeout=600,
                              env={**os.environ, "MPLBACKEND": "Agg"})
        assert done.returncode == 0, f"{line}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"


def test_the_python_policy_example_runs_from_the_folder_simsuite_runs_in(tmp_path):
    """README: `mypolicies.py` in the folder you run simsuite from is found by the installed
    `simsuite` command (and its worker processes), with no PYTHONPATH set."""
    import os
    import subprocess

    code = re.findall(r"```python\n(.*?)```", (REPO / "README.md").read_text(), re.S)[0]
    (tmp_path / "mypolicies.py").write_text(code)
    # one game a shard, so that worker processes (not this one) play them
    (tmp_path / "mine.toml").write_text(SCENARIO.format(
        first="mypolicies:RevealFirst", params="params = { eager = true }").replace(
        "seed = 11\n", "seed = 11\nshard_size = 1\n"))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run([str(Path(sys.executable).with_name("simsuite")), "run", "mine.toml",
                           "--jobs", "2", "--games", "4"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    rows = pl.read_parquet(tmp_path / "results" / "readme" / "**" / "*.parquet", hive_partitioning=True)
    assert "mypolicies:RevealFirst" in rows["policy"].to_list()
