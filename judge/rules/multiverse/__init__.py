"""Multiverse Diplomacy: worlds of timelines, time travel and forking.

Pure code, no I/O.  :mod:`~judge.rules.multiverse.keys` names boards and locations,
:mod:`~judge.rules.multiverse.geography` gives the multiverse adjacency to the
standard resolver, :mod:`~judge.rules.multiverse.adjudicate` processes a turn,
:mod:`~judge.rules.multiverse.notation` writes locations on boards (the order reader's
location form), :mod:`~judge.rules.multiverse.order_text` reads orders in a world and
writes them back, and
:mod:`~judge.rules.multiverse.json_io` handles the world form of ``judge adjudicate``.
"""

from judge.rules.multiverse import keys as _keys  # noqa: F401  (stored orders read its locations)
