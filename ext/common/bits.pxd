# Bit tricks shared by every game core: cell and unit sets are uint64 masks.
# GCC/Clang builtins compile to single instructions (tzcnt/bsf, popcnt).
from libc.stdint cimport uint64_t

cdef extern from *:
    """
    static inline int simsuite_lowest_bit(unsigned long long m) { return __builtin_ctzll(m); }
    static inline int simsuite_bit_count(unsigned long long m) { return __builtin_popcountll(m); }
    """
    int lowest_bit "simsuite_lowest_bit"(uint64_t m) noexcept nogil   # m must not be 0
    int bit_count "simsuite_bit_count"(uint64_t m) noexcept nogil
