"""Multiverse Diplomacy: worlds of timelines, time travel and forking.

Pure code, no I/O.  :mod:`~judge.multiverse.keys` names boards and locations,
:mod:`~judge.multiverse.geography` gives the multiverse adjacency to the
standard resolver, :mod:`~judge.multiverse.adjudicate` processes a turn,
:mod:`~judge.multiverse.notation` reads and writes orders in text and
:mod:`~judge.multiverse.json_io` handles the world form of ``judge adjudicate``.
"""
