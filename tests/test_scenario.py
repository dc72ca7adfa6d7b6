"""Scenario validation: every kind of mistake gets a one-line error naming the key and the fix,
before any game runs (issue #3, part 1). Scythe scenarios validate without the compiled core."""
from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from simsuite.errors import UserError
from simsuite.games.base import cycle_period, cyclic_deal, seat_policies
from simsuite.scenario import load_scenario

REPO = Path(__file__).resolve().parents[1]

SCYTHE = """
game = "scythe"
games = 100
seed = 1
players = 4
"""


def _load(tmp_path, text, name="s.toml", **kw):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    return load_scenario(path, **kw)


def _error(tmp_path, text, **kw) -> str:
    with pytest.raises(UserError) as info:
        _load(tmp_path, text, **kw)
    message = info.value.message
    assert "\n" not in message
    return message


# ------------------------------------------------------------------ common keys

def test_missing_file(tmp_path):
    with pytest.raises(UserError, match=r"nope\.toml: scenario file not found; give the path"):
        load_scenario(tmp_path / "nope.toml")


def test_bad_toml_names_the_line(tmp_path):
    assert _error(tmp_path, "games = = 3\n").startswith("s.toml: not valid TOML: ")
    assert "line 1" in _error(tmp_path, "games = = 3\n")


@pytest.mark.parametrize("key", ["game", "games", "seed", "players"])
def test_missing_key(tmp_path, key):
    text = "\n".join(line for line in SCYTHE.splitlines() if not line.startswith(key + " "))
    msg = _error(tmp_path, text)
    assert msg.startswith(f"s.toml: {key}: missing key; add it, e.g. {key} = ")


def test_typo_in_a_top_level_key(tmp_path):
    assert _error(tmp_path, SCYTHE + "shard_sise = 10\n") == \
        "s.toml: shard_sise: unknown key; did you mean 'shard_size'?"


def test_typo_in_a_nested_key(tmp_path):
    assert _error(tmp_path, SCYTHE + "[rules]\nturn_capp = 10\n") == \
        "s.toml: rules.turn_capp: unknown key; did you mean 'turn_cap'?"


@pytest.mark.parametrize("key,value,minimum", [("games", -5, 1), ("seed", -1, 0), ("shard_size", 0, 1)])
def test_negative_or_zero_numbers(tmp_path, key, value, minimum):
    text = SCYTHE.replace(f"{key} = ", f"old_{key} = ") if key in SCYTHE else SCYTHE
    text = "\n".join(line for line in text.splitlines() if not line.startswith("old_")) + f"\n{key} = {value}\n"
    msg = _error(tmp_path, text)
    assert msg.startswith(f"s.toml: {key}: ")
    assert f"({value}); it must be at least {minimum}; set {key} = {minimum} or more" in msg


def test_wrong_type(tmp_path):
    assert _error(tmp_path, SCYTHE.replace("games = 100", 'games = "many"')) == \
        "s.toml: games: must be a whole number, got 'many'; write e.g. games = 1000"
    assert _error(tmp_path, SCYTHE + "[rules]\nban_pairs = 1\n") == \
        "s.toml: rules.ban_pairs: must be true or false, got 1; write ban_pairs = true or ban_pairs = false"


def test_unknown_game(tmp_path):
    msg = _error(tmp_path, SCYTHE.replace('"scythe"', '"scyth"'))
    assert msg.startswith("s.toml: game: unknown game 'scyth'; known games: ") and "scythe" in msg


def test_bad_scenario_name(tmp_path):
    assert "s.toml: name: '4p' is not a usable scenario name" in _error(tmp_path, SCYTHE + 'name = "4p"\n')
    assert "is not a usable scenario name" in _error(tmp_path, SCYTHE + 'name = "a/b"\n')


def test_cli_overrides_are_checked(tmp_path):
    assert _error(tmp_path, SCYTHE, games=0).startswith("--games: must be a whole number of at least 1")
    sc = _load(tmp_path, SCYTHE, games=7, out=tmp_path / "x")
    assert sc.games == 7 and sc.out == tmp_path / "x"


def test_defaults(tmp_path):
    sc = _load(tmp_path, SCYTHE, name="my-run.toml")
    assert sc.name == "my-run" and sc.out == Path("results/my-run")
    assert sc.shard_size == sc.spec.default_shard_size


def test_hash_ignores_games_out_shard_size_and_name_but_not_the_rest(tmp_path):
    base = _load(tmp_path, SCYTHE).hash
    same = _load(tmp_path, SCYTHE.replace("games = 100", "games = 5") + 'shard_size = 3\nname = "x"\nout = "o"\n')
    assert same.hash == base
    assert _load(tmp_path, SCYTHE.replace("seed = 1", "seed = 2")).hash != base
    assert _load(tmp_path, SCYTHE + "[rules]\nturn_cap = 400\n").hash != base
    # defaults written out change nothing
    assert _load(tmp_path, SCYTHE + 'factions = "random"\n[rules]\nturn_cap = 500\nban_pairs = true\n').hash == base


# ------------------------------------------------------------------ Scythe keys

def test_unknown_faction(tmp_path):
    msg = _error(tmp_path, SCYTHE + 'factions = ["nordic", "rusviet", "crimea", "saxonny"]\n')
    assert msg.startswith("s.toml: factions[3]: unknown faction 'saxonny'; did you mean 'saxony'?")


def test_unknown_mat(tmp_path):
    msg = _error(tmp_path, SCYTHE + 'mats = ["industrial", "engineering", "patriotik", "random"]\n')
    assert msg.startswith("s.toml: mats[2]: unknown mat 'patriotik'; did you mean 'patriotic'?")


def test_faction_mode_typo(tmp_path):
    assert _error(tmp_path, SCYTHE + 'factions = "every"\n') == \
        's.toml: factions: must be "random", "all" or a list of factions, got \'every\'; write e.g. factions = "random"'


def test_wrong_player_count(tmp_path):
    assert _error(tmp_path, SCYTHE.replace("players = 4", "players = 6")) == \
        "s.toml: players: too large (6); it must be at most 5; set players = 5 or less"
    assert _error(tmp_path, SCYTHE.replace("players = 4", "players = 1")).startswith(
        "s.toml: players: too small (1); it must be at least 2")
    assert _error(tmp_path, SCYTHE + 'factions = ["nordic", "crimea"]\n') == \
        's.toml: factions: 2 factions for 4 players; give exactly 4, one per player ("random" for a dealt one)'
    assert _error(tmp_path, SCYTHE + '[[policy]]\nname = "random"\n[[policy]]\nname = "random"\n') == \
        "s.toml: policy: 2 [[policy]] tables for 4 players; give one table for everyone, or one per seat (4)"


def test_same_faction_twice(tmp_path):
    assert _error(tmp_path, SCYTHE + 'factions = ["nordic", "crimea", "nordic", "random"]\n') == \
        "s.toml: factions: nordic is given to two players; give each player a different faction"


def test_banned_pair_requested_while_bans_are_on(tmp_path):
    # Rulebook 000 §5 step 6 (digest scythe-base.md §5): Rusviet + Industrial and Crimea +
    # Patriotic are forbidden combinations.
    text = SCYTHE + 'factions = ["nordic", "rusviet", "crimea", "saxony"]\n' \
                    'mats = ["engineering", "industrial", "mechanical", "agricultural"]\n'
    assert _error(tmp_path, text) == (
        "s.toml: factions/mats: player 1 would play rusviet+industrial, a banned pair while "
        "rules.ban_pairs is on; choose another pair or set ban_pairs = false under [rules]")
    text = SCYTHE + 'factions = "all"\nmats = "all"\n'
    assert "pairs rusviet with industrial, a banned pair" in _error(tmp_path, text)
    # crimea fixed, mats cycling through every mat: crimea would meet patriotic
    text = SCYTHE + 'factions = ["nordic", "rusviet", "crimea", "saxony"]\nmats = "all"\n'
    assert "pairs rusviet with industrial" in _error(tmp_path, text)
    text = SCYTHE + 'factions = ["nordic", "polania", "crimea", "saxony"]\nmats = "all"\n'
    assert "pairs crimea with patriotic" in _error(tmp_path, text)
    # allowed: bans off, or the mats dealt by the rules (which redraw a banned pair)
    _load(tmp_path, text + "[rules]\nban_pairs = false\n")
    _load(tmp_path, SCYTHE + 'factions = "all"\nmats = "random"\n')
    _load(tmp_path, SCYTHE + 'factions = ["nordic", "rusviet", "crimea", "saxony"]\n'
                             'mats = ["industrial", "engineering", "mechanical", "agricultural"]\n')


def test_unknown_policy(tmp_path):
    msg = _error(tmp_path, SCYTHE + 'policy = "greedy"\n')
    assert msg.startswith("s.toml: policy.name: unknown policy 'greedy'; valid: random")
    assert msg.endswith(" (or a Python policy as package.module:Class)")


def test_bad_python_policy_paths(tmp_path):
    assert _error(tmp_path, SCYTHE + 'policy = "no_such_module_x:Pol"\n').startswith(
        "s.toml: policy.name: policy 'no_such_module_x:Pol': cannot import module 'no_such_module_x'")
    assert _error(tmp_path, SCYTHE + 'policy = "simsuite.rng:Nope"\n') == (
        "s.toml: policy.name: policy 'simsuite.rng:Nope': module 'simsuite.rng' has no 'Nope'; "
        "check the name after the colon")
    assert _error(tmp_path, SCYTHE + 'policy = "simsuite.rng:Stream"\n') == (
        "s.toml: policy.name: policy 'simsuite.rng:Stream' is not a class with a "
        "choose(view, options, stream) method; define one")
    assert _error(tmp_path, SCYTHE + 'policy = "a.b:"\n').endswith("write package.module:ClassName")


def test_python_policy_params_are_checked(tmp_path):
    (tmp_path / "mypol.py").write_text(
        "class P:\n    def __init__(self, greed=1.0):\n        self.greed = greed\n"
        "    def choose(self, view, options, stream):\n        return options[0]\n")
    sys.path.insert(0, str(tmp_path))
    try:
        sc = _load(tmp_path, SCYTHE + '[policy]\nname = "mypol:P"\nparams = { greed = 2.5 }\n')
        assert sc.config.policies[0].params == {"greed": 2.5}
        assert sc.config.policies[0].instantiate().greed == 2.5
        msg = _error(tmp_path, SCYTHE + '[policy]\nname = "mypol:P"\nparams = { gred = 2.5 }\n')
        assert msg.startswith("s.toml: policy.params: mypol:P does not accept these parameters (")
        assert _error(tmp_path, SCYTHE + '[policy]\nname = "mypol:P"\nweights = { a = 1 }\n') == \
            "s.toml: policy.weights: a Python policy takes params (keyword arguments); rename weights to params"
    finally:
        sys.path.remove(str(tmp_path))


def test_compiled_policy_weights_are_checked(tmp_path):
    assert _error(tmp_path, SCYTHE + '[policy]\nname = "random"\nweights = { a = 1 }\n') == \
        "s.toml: policy.weights: policy random has no weights; remove the weights table"
    assert _error(tmp_path, SCYTHE + '[policy]\nname = "random"\nparams = { a = 1 }\n') == \
        "s.toml: policy.params: random is a compiled policy, which takes weights; rename params to weights"


def test_hashes_cover_the_first_32_weights_while_the_rest_are_zero():
    # MAX_WEIGHTS grew from 32 (session 22): a vector whose later weights are all 0 hashes as
    # its first 32, so the policy_id and scenario_hash of every dataset written before stay
    # the same and its batch still resumes; a weight set past them changes the hash.
    from simsuite.policies import HASHED_WEIGHTS, MAX_WEIGHTS, PolicyChoice
    from simsuite.scenario import short_hash

    assert HASHED_WEIGHTS == 32 < MAX_WEIGHTS
    old = [0.5 * i for i in range(32)]
    padded = PolicyChoice("toy", 9, tuple(old + [0.0] * (MAX_WEIGHTS - 32)))
    assert padded.policy_id == short_hash({"name": "toy", "weights": old}, 8)
    later = list(padded.weights)
    later[MAX_WEIGHTS - 1] = 1.0
    assert PolicyChoice("toy", 9, tuple(later)).policy_id != padded.policy_id


def test_compiled_policy_weights_defaults_and_ids(tmp_path, monkeypatch):
    from simsuite import policies

    monkeypatch.setitem(policies.COMPILED, "toy", policies.CompiledPolicy(
        "toy", 9, (("attack", 1.0), ("hoard", 0.5)), "a test entry"))
    sc = _load(tmp_path, SCYTHE + '[[policy]]\nname = "toy"\nweights = { hoard = 2.0 }\n')
    pol = sc.config.policies[0]
    assert pol.compiled_id == 9 and pol.weights[:3] == (1.0, 2.0, 0.0) and len(pol.weights) == policies.MAX_WEIGHTS
    other = _load(tmp_path, SCYTHE + '[[policy]]\nname = "toy"\n').config.policies[0]
    assert other.policy_id != pol.policy_id and len(pol.policy_id) == 8
    assert _error(tmp_path, SCYTHE + '[[policy]]\nname = "toy"\nweights = { atack = 2 }\n') == \
        "s.toml: policy[0].weights.atack: unknown key; did you mean 'attack'?"
    assert _error(tmp_path, SCYTHE + '[[policy]]\nname = "toy"\nweights = { attack = "x" }\n') == \
        "s.toml: policy[0].weights.attack: must be a number, got 'x'; write e.g. attack = 1.0"


def test_an_automa_table_makes_the_game_solo_and_modules_are_named(tmp_path):
    assert _error(tmp_path, SCYTHE + '[solo]\nopponent = "automa"\n').startswith("s.toml: solo: unknown key")
    assert _error(tmp_path, SCYTHE + '[automa]\ndifficulty = "all"\n') == (
        "s.toml: players: a solo game has one player against the Automa; remove players "
        "(the [automa] table makes the game solo)")
    assert _error(tmp_path, SCYTHE + '[rules]\nmodules = ["wind_gambit"]\n') == (
        "s.toml: rules.modules[0]: unknown module 'wind_gambit'; valid: airships, resolutions")


def test_data_override_file(tmp_path):
    assert _error(tmp_path, SCYTHE + '[rules]\ndata = ["missing.toml"]\n') == (
        "s.toml: rules.data: data file 'missing.toml' not found next to the scenario; "
        "give its path relative to the scenario file")
    (tmp_path / "mats.toml").write_text("[mat.patriotic]\ncoins = 7\n")
    sc = _load(tmp_path, SCYTHE + '[rules]\ndata = ["mats.toml"]\n')
    assert sc.config.data.mats["patriotic"].coins == 7
    assert sc.hash != _load(tmp_path, SCYTHE).hash
    (tmp_path / "mats.toml").write_text("[mat.patriotic]\ncoins = 8\n")
    assert _load(tmp_path, SCYTHE + '[rules]\ndata = ["mats.toml"]\n').hash != sc.hash  # contents count


def test_cli_prints_one_line_and_exits_2(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text(SCYTHE + "gmaes = 3\n")
    proc = subprocess.run([sys.executable, "-m", "simsuite", "run", str(path), "--out", str(tmp_path / "o")],
                          capture_output=True, text=True, cwd=REPO, timeout=120)
    assert proc.returncode == 2
    assert proc.stderr == "error: bad.toml: gmaes: unknown key; did you mean 'games'?\n"
    assert not (tmp_path / "o").exists()  # nothing ran


@pytest.mark.parametrize("kwargs,expected", [
    ({"jobs": 0}, "--jobs: 0 is not a worker count; pass a number of at least 1, or -1 for every core"),
    ({"backend": "ray"}, "--backend: unknown backend 'ray'; use local or dask"),
    ({"scheduler": "tcp://h:1"}, "--scheduler: only used by the Dask backend; add --backend dask"),
])
def test_bad_command_line_arguments(tmp_path, kwargs, expected):
    from simsuite.runner import run_command

    path = tmp_path / "ok.toml"
    path.write_text(SCYTHE)
    with pytest.raises(UserError) as info:
        run_command(scenario=path, out=tmp_path / "o", **kwargs)
    assert info.value.message == expected
    assert not (tmp_path / "o").exists()


# ------------------------------------------------------------------ seat assignment

def test_cyclic_deal_gives_every_player_every_pair_once_per_block():
    g = np.arange(25 * 3)
    for n in (2, 3, 4, 5):
        f, m = cyclic_deal(g, [5, 5], n)
        for block in range(3):
            rows = slice(25 * block, 25 * block + 25)
            for player in range(n):
                pairs = set(zip(f[rows, player].tolist(), m[rows, player].tolist()))
                assert len(pairs) == 25  # all 5 x 5 pairs, once each
        assert all(len(set(r)) == n for r in f.tolist()) and all(len(set(r)) == n for r in m.tolist())


def test_cyclic_deal_varies_the_line_ups():
    period = cycle_period([5])
    assert period == 20  # 5 offsets x 4 steps coprime to 5
    (f,) = cyclic_deal(np.arange(period), [5], 2)
    assert len({frozenset(r) for r in f.tolist()}) == 10  # every 2-faction match-up
    assert len({tuple(r) for r in f.tolist()}) == 20      # in both seat orders
    (again,) = cyclic_deal(np.arange(period, 2 * period), [5], 2)
    assert (again == f).all()


def test_seat_policies_rotate_one_place_per_game():
    assert seat_policies(np.array([0, 1, 2, 3]), 3, True).tolist() == [[0, 1, 2], [1, 2, 0], [2, 0, 1], [0, 1, 2]]
    assert seat_policies(np.array([0, 1, 7]), 3, False).tolist() == [[0, 1, 2]] * 3


def test_scythe_assignments(tmp_path):
    sc = _load(tmp_path, SCYTHE + 'factions = ["nordic", "rusviet", "crimea", "random"]\n'
                                  '[rules]\nban_pairs = false\n')
    f, m = sc.spec.assignments(sc.config, np.array([0, 1, 5]))
    names = sc.config.faction_names
    ids = [names.index("nordic"), names.index("rusviet"), names.index("crimea"), -1]
    assert f.dtype == np.int8 and f.tolist() == [ids] * 3
    assert (m == -1).all()
    sc = _load(tmp_path, SCYTHE + 'factions = "all"\nmats = "all"\n[rules]\nban_pairs = false\n')
    f, m = sc.spec.assignments(sc.config, np.arange(400))
    pairs = {(a, b) for fr, mr in zip(f.tolist(), m.tolist()) for a, b in zip(fr, mr)}
    assert len(pairs) == 25


@pytest.mark.parametrize("path", sorted((REPO / "scenarios").glob("*/*.toml")), ids=lambda p: p.name)
def test_shipped_scenarios_are_valid(path):
    sc = load_scenario(path)
    # scenarios/<game>/: each folder holds its own game's scenarios
    assert sc.name == path.stem and sc.game == path.parent.name and sc.out == Path("results") / path.stem


def test_shipped_balance_scenarios_are_balanced():
    pairs = load_scenario(REPO / "scenarios" / "scythe" / "scythe-balance-pairs.toml")
    assert not pairs.config.ban_pairs and pairs.config.factions == pairs.config.mats == "all"
    assert pairs.games % cycle_period([5, 5]) == 0
    two = load_scenario(REPO / "scenarios" / "scythe" / "scythe-2p.toml")
    assert two.config.factions == "all" and two.games % cycle_period([5]) == 0
