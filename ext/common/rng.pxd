# Shared random numbers for every game core (C level, inline, no module of its own).
#
# splitmix64 mixes seeds; xoshiro256** is the per-game and per-seat stream.
# simsuite/rng.py mirrors these functions bit for bit in pure Python, so that a
# Python policy handed a stream draws exactly what a compiled policy would.
from libc.stdint cimport uint64_t, uint32_t, int32_t

ctypedef struct Rng:
    uint64_t s[4]

cdef inline uint64_t splitmix64(uint64_t* x) noexcept nogil:
    x[0] += <uint64_t>0x9E3779B97F4A7C15
    cdef uint64_t z = x[0]
    z = (z ^ (z >> 30)) * <uint64_t>0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * <uint64_t>0x94D049BB133111EB
    return z ^ (z >> 31)

cdef inline uint64_t derive_seed(uint64_t master, uint64_t index) noexcept nogil:
    # Seed of stream `index` under `master`: depends on nothing else (not on
    # workers, shards or backend). Mirrored by simsuite.rng.derive_seed.
    cdef uint64_t x = master ^ (index * <uint64_t>0xD1B54A32D192ED03)
    splitmix64(&x)
    return splitmix64(&x)

cdef inline uint64_t seat_stream_seed(uint64_t game_seed, int seat) noexcept nogil:
    # The stream a seat's policy draws from in the game seeded `game_seed` (stream 0 of the
    # game is its chance stream): a Python policy handed simsuite.rng.Stream(this) draws
    # exactly what a compiled policy would.
    return derive_seed(game_seed, <uint64_t>(1 + seat))

cdef inline void rng_seed(Rng* r, uint64_t seed) noexcept nogil:
    cdef uint64_t x = seed
    r.s[0] = splitmix64(&x)
    r.s[1] = splitmix64(&x)
    r.s[2] = splitmix64(&x)
    r.s[3] = splitmix64(&x)

cdef inline uint64_t _rotl(uint64_t v, int k) noexcept nogil:
    return (v << k) | (v >> (64 - k))

cdef inline uint64_t rng_next(Rng* r) noexcept nogil:
    cdef uint64_t result = _rotl(r.s[1] * 5, 7) * 9
    cdef uint64_t t = r.s[1] << 17
    r.s[2] ^= r.s[0]
    r.s[3] ^= r.s[1]
    r.s[1] ^= r.s[2]
    r.s[0] ^= r.s[3]
    r.s[2] ^= t
    r.s[3] = _rotl(r.s[3], 45)
    return result

cdef inline int32_t rng_below(Rng* r, uint32_t n) noexcept nogil:
    # Uniform integer in [0, n), unbiased (Lemire's multiply-and-reject). n >= 1.
    cdef uint32_t x = <uint32_t>(rng_next(r) >> 32)
    cdef uint64_t m = <uint64_t>x * n
    cdef uint32_t low = <uint32_t>m
    cdef uint32_t threshold
    if low < n:
        threshold = (<uint32_t>(-n)) % n
        while low < threshold:
            x = <uint32_t>(rng_next(r) >> 32)
            m = <uint64_t>x * n
            low = <uint32_t>m
    return <int32_t>(m >> 32)

cdef inline double rng_uniform(Rng* r) noexcept nogil:
    # Uniform double in [0, 1) with 53 random bits.
    return (rng_next(r) >> 11) * (1.0 / 9007199254740992.0)

ctypedef fused small_int:     # the element types of shuffled decks and pools
    signed char
    short

ctypedef fused sortable:      # what insertion_sort orders: small decks and option lists
    signed char
    short
    int32_t

cdef inline void insertion_sort(sortable* a, int n) noexcept nogil:
    # Ascending, in place; for short lists (decks, pools, a decision's options).
    cdef int i, j
    cdef sortable x
    for i in range(1, n):
        x = a[i]
        j = i - 1
        while j >= 0 and a[j] > x:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = x

cdef inline void rng_shuffle(Rng* r, small_int* a, int n) noexcept nogil:
    # Fisher-Yates from the top, as simsuite.rng.Stream.shuffle.
    cdef int i, j
    cdef small_int t
    i = n - 1
    while i > 0:
        j = rng_below(r, <uint32_t>(i + 1))
        t = a[i]; a[i] = a[j]; a[j] = t
        i -= 1

cdef inline void rng_canonical_shuffle(Rng* r, small_int* a, int n) noexcept nogil:
    # A uniform order of a's items that depends only on which items they are and on r, not on
    # a's order: sorted first (insertion sort: the pools are short), then shuffled. The
    # determinizations deal hidden cards this way so that the true order never shapes the deal.
    insertion_sort(a, n)
    rng_shuffle(r, a, n)
