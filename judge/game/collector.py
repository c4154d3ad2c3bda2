"""Python's garbage collector while a turn is processed.

A long multiverse game keeps its world in memory between turns: hundreds of thousands
of objects (boards, units, order records, locations).  CPython's collector walks all
of them in each full collection, and a full collection starts whenever the objects
that survived the young collections reach a quarter of the old ones.  A turn makes
that many for a while (the world before and after, the answers, the reports of every
zone), so four or five full collections fell in each turn of a 2,700-board world,
0.4-1 s each, and found next to nothing to free: the turn's objects are freed by
their reference counts, not by the collector (``benchmarks/multiverse_mail.py``).

While a turn runs, automatic collections wait (:func:`turn_collections`); when the
last turn of the process ends, the young generations are collected once, so that the
turn's survivors are looked at by this turn and not by the next mail, and the
collector goes on as before.  The pause is process-wide (the collector is), counted
across threads: a mail read meanwhile in another thread runs without collections too.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager


class _Pauses:
    """How many turns of the process pause the collector now, and whether it ran
    before the first of them paused it."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.count = 0
        self.was_enabled = False


_PAUSES = _Pauses()


@contextmanager
def turn_collections() -> Iterator[None]:
    """Within: no automatic garbage collection (see the module's docstring); after
    the last turn that paused it, the young generations collected once and the
    collector as it was."""
    with _PAUSES.lock:
        if _PAUSES.count == 0:
            _PAUSES.was_enabled = gc.isenabled()
            gc.disable()
        _PAUSES.count += 1
    try:
        yield
    finally:
        with _PAUSES.lock:
            _PAUSES.count -= 1
            resume = _PAUSES.count == 0 and _PAUSES.was_enabled
            if resume:
                gc.enable()
        if resume:
            gc.collect(1)
