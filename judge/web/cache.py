"""A small bounded memory of built pages and pictures, shared by the server's threads.

Pages are remembered under a key that holds what they depend on (a game's lock count,
its processed phases, its latest press), so a page is built again only after its game
changed, never on every view."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

_T = TypeVar("_T")


class Memo(Generic[_T]):
    """Values by key, the least recently used forgotten past ``size``."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._values: OrderedDict[Hashable, _T] = OrderedDict()
        self._lock = threading.Lock()
        self.built = 0  # how many values were built (for tests and benchmarks)

    def get(self, key: Hashable, build: Callable[[], _T]) -> _T:
        """The value remembered under ``key``, built (and remembered) when missing."""
        with self._lock:
            if key in self._values:
                self._values.move_to_end(key)
                return self._values[key]
        value = build()
        with self._lock:
            self.built += 1
            self._values[key] = value
            self._values.move_to_end(key)
            while len(self._values) > self.size:
                self._values.popitem(last=False)
        return value
