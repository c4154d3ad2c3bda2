"""Write turns: the daemon's threads take SQLite's one write lock in turns.

SQLite lets one connection write at a time.  A connection that finds the lock taken
waits for it by polling (the busy timeout), sleeping up to 100 ms between tries, so a
thread that commits one transaction right after another (the processor, during a flood
of mail) keeps another thread (the intake storing mail, the deadline runner) waiting
until it runs dry.  The threads of one process therefore queue for the lock here, first come
first served, and a thread that holds it long can see that another waits
(:meth:`WriteTurn.wanted`) and commit early.

Turns only order the writers; SQLite's lock still keeps them apart.  So nobody waits
for a turn longer than ``MAX_WAIT``: a thread that held it too long is passed by, and the
thread that passes it writes as before turns existed, through SQLite's busy timeout.
Other processes are always served that way.  PostgreSQL needs no turns: its writers
lock rows, not the database, so there a turn is always free.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from weakref import WeakKeyDictionary

from sqlalchemy.engine import Engine

MAX_WAIT = 1.0  # seconds a thread waits for its turn at most, then goes ahead without it


class WriteTurn:
    """A first-come-first-served lock that the holding thread may take again."""

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._queue: deque[tuple[int, threading.Lock]] = deque()
        self._owner: int | None = None
        self._depth = 0

    def acquire(self, wait: float | None = None) -> bool:
        """Wait for the turn, ``wait`` seconds at most (``MAX_WAIT`` when not given; at
        once when it is free and nobody queues); True when taken."""
        me = threading.get_ident()
        with self._guard:
            if self._owner == me:
                self._depth += 1
                return True
            if self._owner is None and not self._queue:
                self._owner, self._depth = me, 1
                return True
            handover = threading.Lock()
            handover.acquire()
            waiting = (me, handover)
            self._queue.append(waiting)
        # the holder makes this thread the owner, then releases ``handover``
        if handover.acquire(timeout=MAX_WAIT if wait is None else wait):
            return True
        with self._guard:
            if self._owner == me:  # handed over as the wait ran out
                return True
            self._queue.remove(waiting)
            return False

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
    def held(self, wait: float | None = None) -> Iterator[bool]:
        """Hold the turn for the block, waiting ``wait`` seconds at most for it; gives
        whether it was taken (the block runs either way)."""
        taken = self.acquire(wait)
        try:
            yield taken
        finally:
            if taken:
                self.release()


class FreeTurn(WriteTurn):
    """The turn of a database whose writers need none: always free, never wanted."""

    def acquire(self, wait: float | None = None) -> bool:
        """Nothing to wait for."""
        return False

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
