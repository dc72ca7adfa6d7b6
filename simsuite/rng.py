"""Pure-Python mirror of ext/common/rng.pxd (splitmix64 and xoshiro256**).

The runner derives every game's seed here, and Python policies draw from a
`Stream` that yields exactly the numbers a compiled policy's stream would.
tests/test_rng.py checks the two implementations against each other.
"""
from __future__ import annotations

MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _splitmix64(state: int) -> tuple[int, int]:
    """One splitmix64 step: returns (new_state, output)."""
    state = (state + _GOLDEN) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def derive_seed(master: int, index: int) -> int:
    """Seed of stream `index` under `master` (a game under a scenario seed, a seat under a game)."""
    x = (master ^ ((index * 0xD1B54A32D192ED03) & MASK)) & MASK
    x, _ = _splitmix64(x)
    _, out = _splitmix64(x)
    return out


def _rotl(v: int, k: int) -> int:
    return ((v << k) | (v >> (64 - k))) & MASK


class Stream:
    """A xoshiro256** stream, identical to the C `Rng` seeded with the same seed."""

    __slots__ = ("s",)

    def __init__(self, seed: int):
        x = seed & MASK
        s = []
        for _ in range(4):
            x, out = _splitmix64(x)
            s.append(out)
        self.s = s

    def next_u64(self) -> int:
        s = self.s
        result = (_rotl((s[1] * 5) & MASK, 7) * 9) & MASK
        t = (s[1] << 17) & MASK
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = _rotl(s[3], 45)
        return result

    def below(self, n: int) -> int:
        """Uniform integer in [0, n), unbiased; n >= 1."""
        if n < 1:
            raise ValueError("Stream.below needs n >= 1")
        x = self.next_u64() >> 32
        m = x * n
        low = m & 0xFFFFFFFF
        if low < n:
            threshold = ((1 << 32) - n) % n
            while low < threshold:
                x = self.next_u64() >> 32
                m = x * n
                low = m & 0xFFFFFFFF
        return m >> 32

    def uniform(self) -> float:
        return (self.next_u64() >> 11) * (1.0 / 9007199254740992.0)

    def choice(self, options):
        """One element of a sequence, drawn as the compiled random policy draws."""
        return options[self.below(len(options))]

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
