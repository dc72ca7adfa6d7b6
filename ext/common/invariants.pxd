# The invariant checks' report, shared by every game core: a check that fails returns the
# game's code (INV_*) with four details in info[0..3], which the game's INVARIANT_MESSAGES
# words.

cdef inline int inv_fail(int* info, int code, int a, int b, int c, int d) noexcept nogil:
    # Report invariant `code` with its details.
    info[0] = a
    info[1] = b
    info[2] = c
    info[3] = d
    return code
