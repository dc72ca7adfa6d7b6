"""A scenario's policy entry can load weights written by `simsuite tune` (weights_file)."""
from pathlib import Path

import pytest

from simsuite.errors import UserError
from simsuite.scenario import load_scenario

pytest.importorskip("simsuite._scythe")

SCENARIO = """\
game = "scythe"
name = "wf"
games = 2
seed = 1
players = 2

[[policy]]
name = "economy"
weights_file = "{file}"
{inline}

[[policy]]
name = "random"
"""


def _policies(tmp_path: Path, file: str, inline: str = ""):
    path = tmp_path / "s.toml"
    path.write_text(SCENARIO.format(file=file, inline=inline))
    return load_scenario(path, out=tmp_path / "out").config.policies


def test_weights_file_sets_the_named_weights(tmp_path):
    from simsuite.policies import compiled_policies

    names = [w for w, _ in compiled_policies("scythe")["economy"].weights]
    (tmp_path / "tuned.toml").write_text(f'name = "economy"\n[weights]\n{names[0]} = 9.5\n{names[1]} = 0.25\n')
    pol = _policies(tmp_path, "tuned.toml")[0]
    assert pol.weights[0] == 9.5 and pol.weights[1] == 0.25
    # an inline weight overrides the file's value
    pol = _policies(tmp_path, "tuned.toml", f"weights = {{ {names[0]} = 1.0 }}")[0]
    assert pol.weights[0] == 1.0 and pol.weights[1] == 0.25


def test_weights_file_errors_are_one_line(tmp_path):
    with pytest.raises(UserError) as err:
        _policies(tmp_path, "missing.toml")
    assert "weights_file" in err.value.message and "\n" not in err.value.message
    (tmp_path / "other.toml").write_text('name = "aggressor"\n[weights]\n')
    with pytest.raises(UserError) as err:
        _policies(tmp_path, "other.toml")
    assert "aggressor" in err.value.message
