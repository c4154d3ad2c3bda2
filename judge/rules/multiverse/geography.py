"""Adjacency across the multiverse, as a :class:`~judge.engine.geography.Geography`.

Locations are :class:`~judge.rules.multiverse.keys.MLoc`; areas are tuples
``(timeline, year, season, province)``.  The rules:

* on one board, the variant's own adjacency;
* winter boards are never adjacent to anything;
* another board is adjacent when it is one timeline up or down at the same
  turn, or one movement board back or forward on the same timeline (winter
  skipped); never diagonally;
* across boards, *strict* adjacency allows only the identical location, *loose*
  adjacency also the locations next to it on the other board.

Whether a target board exists is not a geography question: move validation
checks it (supports and convoys may name a board that does not exist yet).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable

from judge.engine.orders import UnitType
from judge.rules.multiverse.basemap import BaseMap
from judge.rules.multiverse.keys import WINTER, MLoc, Season

Area = tuple[int, int, int, str]


def board_distance(a: MLoc | tuple, b: MLoc | tuple) -> tuple[int, int]:
    """``(time steps, timeline steps)`` between the boards of two locations.

    Time counts movement boards only: Spring 1902 is one step from Fall 1901.
    """
    td = abs(2 * (a[1] - b[1]) + (a[2] - b[2]))
    return td, abs(a[0] - b[0])


def boards_adjacent(a: MLoc | tuple, b: MLoc | tuple) -> bool:
    """Whether two different boards are next to each other (no winter, no diagonal)."""
    if a[2] == WINTER or b[2] == WINTER:
        return False
    td, md = board_distance(a, b)
    return td + md == 1


def _adjacent_boards(src: MLoc | tuple) -> list[tuple[int, int, int]]:
    """The boards next to the (movement) board of ``src``: one timeline up or down,
    one movement board back or forward (they need not exist)."""
    timeline, year, season = src[0], src[1], src[2]
    if season == Season.SPRING:
        back, forward = (year - 1, Season.FALL), (year, Season.FALL)
    else:
        back, forward = (year, Season.SPRING), (year + 1, Season.SPRING)
    return [
        (timeline - 1, year, season),
        (timeline + 1, year, season),
        (timeline, *back),
        (timeline, *forward),
    ]


class MultiverseGeography:
    """The Geography protocol over multiverse locations."""

    def __init__(self, base: BaseMap, strict: bool) -> None:
        self.base = base
        self.strict = strict
        self._geo = base.geography
        self._province = {loc: p for p, locs in base.locations.items() for loc in locs}

    def province(self, loc: MLoc) -> Area:
        """The area of a location: its board plus the province (coasts share it).  A
        location that names no coast is its own area (an equal tuple: none is made)."""
        province = self._province.get(loc[3])
        if province is None:
            province = self.base.province(loc[3])
        return loc if province == loc[3] else (loc[0], loc[1], loc[2], province)

    def can_move(self, unit_type: UnitType, src: MLoc, dest: MLoc) -> bool:
        """Direct adjacency of ``src`` to ``dest`` for ``unit_type``."""
        if src[:3] == dest[:3]:  # on one board (the usual case): the map's adjacency
            return src[2] != WINTER and self._geo.can_move(unit_type, src[3], dest[3])
        if src[2] == WINTER or dest[2] == WINTER:
            return False
        if not boards_adjacent(src, dest):
            return False
        if src[3] == dest[3]:
            return True
        return not self.strict and self._geo.can_move(unit_type, src[3], dest[3])

    def can_reach(self, unit_type: UnitType, src: MLoc, area: Hashable) -> bool:
        """Whether ``src`` reaches some location of ``area`` (supports, convoy links)."""
        if src[:3] == area[:3]:  # on one board (the usual case): the map's adjacency
            return src[2] != WINTER and self._geo.can_reach(unit_type, src[3], area[3])
        if src[2] == WINTER or area[2] == WINTER:
            return False
        if not boards_adjacent(src, area):
            return False
        if self.base.province(src[3]) == area[3]:
            return True
        return not self.strict and self._geo.can_reach(unit_type, src[3], area[3])

    def areas_in_reach(self, unit_type: UnitType, src: MLoc) -> list[Area] | None:
        """The areas ``can_reach`` may answer True for from ``src`` (it still decides):
        the map's neighbours on its own board, and on each adjacent board the own
        province and, with loose adjacency, the map's neighbours too."""
        if src[2] == WINTER:
            return []
        near = self._geo.areas_in_reach(unit_type, src[3])
        board = src[:3]
        found = [(*board, area) for area in near]
        others = list(near) if not self.strict else []
        others.append(self.base.province(src[3]))
        for key in _adjacent_boards(src):
            found.extend((*key, area) for area in others)
        return found

    def can_convoy(self, loc: MLoc) -> bool:
        """Whether a fleet at ``loc`` may convoy (a sea, never on a winter board)."""
        return loc[2] != WINTER and self._geo.can_convoy(loc[3])

    def is_coastal(self, area: Hashable) -> bool:
        """Whether an army may embark or land in ``area``."""
        return self._geo.is_coastal(area[3])  # type: ignore[index]

    def neighbours(self, unit_type: UnitType, loc: MLoc) -> Iterable[MLoc]:
        """Where a unit may retreat or move on its own board (never across boards)."""
        if loc[2] == WINTER:
            return []
        board = loc[:3]
        return [MLoc(*board, dest) for dest in sorted(self._geo.neighbours(unit_type, loc[3]))]
