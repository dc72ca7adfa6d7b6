"""simsuite.rng against published reference outputs, and the runner's vectorised seeds.

The compiled cores use ext/common/rng.pxd, which simsuite.rng mirrors; the check that the two
agree (a compiled random-policy game equals the same game driven from Python) is in
tests/runner/test_scythe_runs.py, since it needs the built Scythe core.
"""
import numpy as np

from simsuite.rng import Stream, _splitmix64, derive_seed
from simsuite.runner import derive_seeds


def test_splitmix64_reference_outputs():
    # Reference outputs of Vigna's splitmix64.c seeded with 1234567.
    x, out = 1234567, []
    for _ in range(5):
        x, value = _splitmix64(x)
        out.append(value)
    assert out == [6457827717110365317, 3203168211198807973, 9817491932198370423,
                   4593380528125082431, 16408922859458223821]


def test_xoshiro256starstar_reference_outputs():
    # Reference outputs of Vigna's xoshiro256starstar.c from the state {1, 2, 3, 4}.
    s = Stream(0)
    s.s = [1, 2, 3, 4]
    assert [s.next_u64() for _ in range(8)] == [
        11520, 0, 1509978240, 1215971899390074240, 1216172134540287360,
        607988272756665600, 16172922978634559625, 8476171486693032832]


def test_stream_seeding_is_four_splitmix64_outputs():
    s = Stream(1234567)
    assert s.s == [6457827717110365317, 3203168211198807973, 9817491932198370423,
                   4593380528125082431]


def test_derive_seed_known_values():
    # derive_seed(0, 0) is the second splitmix64 output from state 0 (0x6E789E6AA1B965F4).
    assert derive_seed(0, 0) == 0x6E789E6AA1B965F4
    assert derive_seed(1, 0) == 13757245211066428519
    assert derive_seed(0, 1) == 8468297219712610898
    assert derive_seed(7, 3) == 11890610812480902339


def test_below_rejects_as_lemire():
    # From state {1,2,3,4} the high 32 bits of the outputs are 0, 0, 0, 283115520, 283162140,
    # 141558300, 3765552066, 1973512462. For n = 6 the rejection threshold is
    # (2**32 - 6) % 6 = 4: the three zeros are rejected (low word 0 < 4), then
    # floor(x * 6 / 2**32) gives 0, 0, 0, 5, 2.
    s = Stream(0)
    s.s = [1, 2, 3, 4]
    assert [s.below(6) for _ in range(5)] == [0, 0, 0, 5, 2]


def test_below_range_and_shuffle_is_a_permutation():
    s = Stream(99)
    draws = [s.below(7) for _ in range(5000)]
    assert set(draws) == set(range(7))
    assert all(s.below(1) == 0 for _ in range(10))
    items = list(range(20))
    Stream(5).shuffle(items)
    assert sorted(items) == list(range(20)) and items != list(range(20))


def test_vectorised_seeds_equal_derive_seed():
    games = np.array([0, 1, 2, 3, 1000, 123456789, 2**40 + 5], dtype=np.int64)
    for master in (0, 1, 7, 2**63 - 1, 2**64 - 1):
        got = derive_seeds(master, games)
        assert got.dtype == np.uint64
        assert got.tolist() == [derive_seed(master, int(g)) for g in games]
