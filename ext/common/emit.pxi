# Layer: state (template). Uses: the game's GameState (its `events` field).
#
# emit: record one event of the game's own EventKind into the game's log
# (ext/common/events.pxd); a no-op in batches, where GameState.events is NULL.

cdef inline void emit(GameState* g, int kind, int seat, int a, int b, int c, int d,
                      int flag) noexcept nogil:
    event_push(g.events, kind, seat, a, b, c, d, flag)
