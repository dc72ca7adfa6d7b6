# The readable-log event buffer every core shares (layer: state).
#
# A core records what happens (every decision and every forced step) as small
# fixed-size events into an EventBuf that the Python `Game` drains between two
# calls (ext/common/game_api.pxi). The event KINDS and the meaning of a..d are
# the game's own (e.g. ext/scythe/core.pxi EventKind); this file only carries
# them. Events are recorded only when GameState.events points at a buffer (a
# logged Python game), never in a batch, so the hot loop pays one NULL test.
from libc.stdint cimport int8_t, int16_t, int32_t

cdef enum:
    MAX_EVENTS = 1024     # events buffered between two Python calls (more are counted as dropped)

ctypedef struct Event:
    int16_t kind          # the game's EventKind
    int8_t seat
    int8_t flag
    int32_t a
    int32_t b
    int32_t c
    int32_t d

ctypedef struct EventBuf:
    Event ev[MAX_EVENTS]
    int32_t n
    int32_t dropped


cdef inline void event_push(EventBuf* e, int kind, int seat, int a, int b, int c, int d,
                            int flag) noexcept nogil:
    # Append one event to `e` (NULL: not recording, nothing to do).
    if e == NULL:
        return
    if e.n >= MAX_EVENTS:
        e.dropped += 1
        return
    e.ev[e.n].kind = kind
    e.ev[e.n].seat = seat
    e.ev[e.n].flag = flag
    e.ev[e.n].a = a
    e.ev[e.n].b = b
    e.ev[e.n].c = c
    e.ev[e.n].d = d
    e.n += 1
