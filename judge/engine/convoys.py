"""Convoy routes on the board, before any order is known (used by legality)."""

from __future__ import annotations

from collections.abc import Hashable, Mapping

from judge.engine.geography import Geography
from judge.engine.units import Location, Unit

_SEARCH_LIMIT = 50_000


def could_reach(geo: Geography, unit: Unit, src: Location, dest: Location) -> bool:
    """Whether the unit could get from ``src`` to ``dest``: directly or, when its type
    can be convoyed, by convoy from coast to coast."""
    if geo.can_move(unit.type, src, dest):
        return True
    return (
        unit.type.convoyable
        and geo.province(src) != geo.province(dest)
        and geo.is_coastal(geo.province(src))
        and geo.is_coastal(geo.province(dest))
    )


def convoy_fleets(
    geo: Geography,
    units: Mapping[Location, Unit],
    army: Location,
    dest: Location,
    exclude: Location | None = None,
    carriers: list[Location] | None = None,
) -> set[Location]:
    """Fleets on the board that are necessary to some convoy route from ``army`` to ``dest``.

    A route is a chain of fleets (units whose type convoys) in sea areas, each
    next to the one before, the first next to the army and the last next to
    the destination.  Only minimal chains count (no fleet could be skipped), so
    a fleet that merely lies beside a shorter route is not part of one (DATC
    6.F.12, 6.G.19).  The fleet at ``exclude`` is left out (a fleet that
    supports cannot also convoy).  ``carriers``: the board's :func:`convoy_carriers`,
    when the caller keeps them.
    """
    start, goal = geo.province(army), geo.province(dest)
    if start == goal:
        return set()
    if carriers is None:
        carriers = convoy_carriers(geo, units)
    fleets = [loc for loc in carriers if loc != exclude]
    search = _RouteSearch(geo, units, fleets, start, goal)
    for first in fleets:
        if geo.can_reach(search.kind[first], first, start):
            search.extend([first])
    return search.found


def convoy_carriers(geo: Geography, units: Mapping[Location, Unit]) -> list[Location]:
    """The units that could carry a convoy: of a type that convoys, in a place a fleet
    convoys from (in the order of ``units``)."""
    return [loc for loc, unit in units.items() if unit.type.convoys and geo.can_convoy(loc)]


class _RouteSearch:
    """The depth-first search of :func:`convoy_fleets` (an object rather than a
    recursive closure, which would leave a reference cycle behind each search)."""

    __slots__ = ("geo", "fleets", "start", "goal", "area", "kind", "found", "budget")

    def __init__(
        self,
        geo: Geography,
        units: Mapping[Location, Unit],
        fleets: list[Location],
        start: Hashable,
        goal: Hashable,
    ) -> None:
        self.geo = geo
        self.fleets = fleets
        self.start = start
        self.goal = goal
        self.area = {loc: geo.province(loc) for loc in fleets}
        self.kind = {loc: units[loc].type for loc in fleets}
        self.found: set[Location] = set()
        self.budget = _SEARCH_LIMIT

    def linked(self, a: Location, b: Location) -> bool:
        return self.geo.can_reach(self.kind[a], a, self.area[b])

    def extend(self, chain: list[Location]) -> None:
        geo, kind = self.geo, self.kind
        self.budget -= 1
        last = chain[-1]
        if geo.can_reach(kind[last], last, self.goal):
            self.found.update(chain)
            return
        if self.budget <= 0:
            return
        for nxt in self.fleets:
            if nxt in chain or not self.linked(last, nxt):
                continue
            if geo.can_reach(kind[nxt], nxt, self.start):
                continue  # a shorter chain would start at nxt
            if any(self.linked(earlier, nxt) for earlier in chain[:-1]):
                continue  # a shorter chain would skip a fleet
            chain.append(nxt)
            self.extend(chain)
            chain.pop()
