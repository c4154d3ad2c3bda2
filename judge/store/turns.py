"""Write turns: the daemon's threads take SQLite's one write lock in turns.

SQLite lets one connection write at a time.  A connection that finds the lock taken
waits for it by polling (the busy timeout), sleeping up to 100 ms between tries, so a
thread that commits one transaction right after another (the processor, during a flood
of mail) keeps another thread (the sender, marking each reply sent) waiting until it
runs dry.  The threads of one process therefore queue for the lock here, first come
first served, and a thread that holds it long can see that another waits
(:meth:`WriteTurn.wanted`) and commit early.  Other processes are still served by the
busy timeout.  PostgreSQL needs no turns: its writers lock rows, not the database, so
there a turn is always free.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from weakref import WeakKeyDictionary

from sqlalchemy.engine import Engine


class WriteTurn:
    """A first-come-first-served lock that the holding thread may take again."""

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._queue: deque[tuple[int, threading.Lock]] = deque()
        self._owner: int | None = None
        self._depth = 0

    def acquire(self) -> None:
        """Wait for the turn (at once when it is free and nobody queues)."""
        me = threading.get_ident()
        with self._guard:
            if self._owner == me:
                self._depth += 1
                return
            if self._owner is None and not self._queue:
                self._owner, self._depth = me, 1
                return
            handover = threading.Lock()
            handover.acquire()
            self._queue.append((me, handover))
        handover.acquire()  # the holder made this thread the owner, then released it

    def release(self) -> None:
        """Give the turn up: to the thread that waited longest, if any."""
        with self._guard:
            if self._owner != threading.get_ident():
                raise RuntimeError("the write turn is released by a thread that does not hold it")
            self._depth -= 1
            if self._depth:
                return
            if self._queue:
                self._owner, handover = self._queue.popleft()
                self._depth = 1
                handover.release()
            else:
                self._owner = None

    def wanted(self) -> bool:
        """True when another thread waits for the turn."""
        return bool(self._queue)

    @contextmanager
    def held(self) -> Iterator[WriteTurn]:
        """Hold the turn for the block."""
        self.acquire()
        try:
            yield self
        finally:
            self.release()


class FreeTurn(WriteTurn):
    """The turn of a database whose writers need none: always free, never wanted."""

    def acquire(self) -> None:
        """Nothing to wait for."""

    def release(self) -> None:
        """Nothing to give up."""

    def wanted(self) -> bool:
        """Nobody waits."""
        return False


_TURNS: WeakKeyDictionary[Engine, WriteTurn] = WeakKeyDictionary()
_TURNS_GUARD = threading.Lock()


def write_turn(engine: Engine) -> WriteTurn:
    """The write turn of ``engine``'s database in this process (one per engine)."""
    with _TURNS_GUARD:
        turn = _TURNS.get(engine)
        if turn is None:
            turn = WriteTurn() if engine.dialect.name == "sqlite" else FreeTurn()
            _TURNS[engine] = turn
        return turn
