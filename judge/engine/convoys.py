"""Convoy routes on the board, before any order is known (used by legality)."""

from __future__ import annotations

from collections.abc import Hashable, Mapping

from judge.engine.geography import Geography, areas_in_reach
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
    when the caller keeps them (the links between its fleets are then found once
    for every search on the board).
    """
    start, goal = geo.province(army), geo.province(dest)
    if start == goal:
        return set()
    if carriers is None:
        carriers = convoy_carriers(geo, units)
    elif not isinstance(carriers, Carriers):
        carriers = Carriers(geo, units, carriers)
    return _RouteSearch(carriers, start, goal, exclude).run()


def convoy_carriers(geo: Geography, units: Mapping[Location, Unit]) -> Carriers:
    """The units that could carry a convoy: of a type that convoys, in a place a fleet
    convoys from (in the order of ``units``)."""
    found = [loc for loc, unit in units.items() if unit.type.convoys and geo.can_convoy(loc)]
    return Carriers(geo, units, found)


class Carriers(list):
    """The fleets of a board that could carry a convoy (a list, in board order), with
    the links between them worked out as searches need them and kept for the next
    search on the same board (its units never change).

    Fleet ``i`` of the list is bit ``1 << i`` of the masks below.  The fleets a
    fleet links to are found by asking the geography about the areas that hold a
    carrier: only those the geography lists as within reach
    (:func:`~judge.engine.geography.areas_in_reach`), or every such area when it
    cannot list them; the answer is ``can_reach`` either way.
    """

    __slots__ = ("geo", "kind", "area", "by_area", "bit", "known", "_next_to")

    def __init__(
        self, geo: Geography, units: Mapping[Location, Unit], fleets: list[Location]
    ) -> None:
        super().__init__(fleets)
        self.geo = geo
        self.kind = [units[loc].type for loc in fleets]
        self.area = [geo.province(loc) for loc in fleets]
        self.bit = {loc: 1 << i for i, loc in enumerate(fleets)}
        self.by_area: dict[Hashable, int] = {}
        for i, area in enumerate(self.area):
            self.by_area[area] = self.by_area.get(area, 0) | 1 << i
        self.known: list[int | None] = [None] * len(fleets)
        """The links of each fleet found so far (see :meth:`links`)."""
        self._next_to: dict[Hashable, int] = {}

    def links(self, i: int) -> int:
        """The mask of the fleets fleet ``i`` reaches (whose area it can move to)."""
        found = self.known[i]
        if found is None:
            geo, loc, kind, by_area = self.geo, self[i], self.kind[i], self.by_area
            listed = areas_in_reach(geo, kind, loc)
            areas = by_area if listed is None else [a for a in listed if a in by_area]
            found = 0
            for area in areas:
                if geo.can_reach(kind, loc, area):
                    found |= by_area[area]
            self.known[i] = found
        return found

    def next_to(self, area: Hashable) -> int:
        """The mask of the fleets that reach ``area`` (kept: every fleet ordered to
        convoy an army asks about the same army and destination)."""
        found = self._next_to.get(area)
        if found is None:
            geo, kind = self.geo, self.kind
            found = 0
            for i, loc in enumerate(self):
                if geo.can_reach(kind[i], loc, area):
                    found |= 1 << i
            self._next_to[area] = found
        return found


class _RouteSearch:
    """The depth-first search of :func:`convoy_fleets` over the fleets of
    :class:`Carriers`, chains held as bit masks.

    A chain grows from its last fleet to a fleet it links to that is not in the
    chain, does not reach the army (a shorter chain would start there) and is not
    linked to from an earlier fleet (a shorter chain would skip one); a chain whose
    last fleet reaches the destination is a route.  Fleets are tried in board
    order and every chain looked at spends one unit of the budget, as ever, so a
    search cut short by the budget finds the same fleets.

    Before searching, the fleets that could lie on a chain at all (minimal or not)
    are marked: those reached from the army through fleets that do not reach the
    destination, and from which the destination is reached.  No such fleet: no
    route, without a search (where links are many and lead nowhere, a search
    would spend its whole budget).  The search stops as soon as it has found them
    all, since it could find nothing more.
    """

    __slots__ = (
        "carriers",
        "known",
        "allowed",
        "from_start",
        "to_goal",
        "found",
        "budget",
        "bound",
    )

    def __init__(
        self, carriers: Carriers, start: Hashable, goal: Hashable, exclude: Location | None
    ) -> None:
        self.carriers = carriers
        self.known = carriers.known
        allowed = (1 << len(carriers)) - 1
        if exclude is not None:
            allowed &= ~carriers.bit.get(exclude, 0)
        self.allowed = allowed  # every fleet but the excluded one
        self.from_start = carriers.next_to(start) & allowed
        self.to_goal = carriers.next_to(goal) & allowed
        self.found = 0
        self.budget = _SEARCH_LIMIT
        self.bound = 0

    def run(self) -> set[Location]:
        """Every fleet of some minimal chain (within the budget)."""
        self.bound = self.on_some_chain()
        if not self.bound:
            return set()
        todo = self.from_start
        try:
            while todo:
                low = todo & -todo
                todo ^= low
                self.extend(low.bit_length() - 1, low, 0)
        except _AllFound:
            pass
        carriers, found = self.carriers, self.found
        return {loc for i, loc in enumerate(carriers) if found >> i & 1}

    def on_some_chain(self) -> int:
        """The mask of the fleets on some chain from the army to the destination
        (each fleet after the first not reaching the army, each before the last not
        reaching the destination): every fleet the search can find is one."""
        links, allowed = self.carriers.links, self.allowed
        start, goal = self.from_start, self.to_goal
        ahead = start  # reached from the army
        todo = start & ~goal
        while todo:
            low = todo & -todo
            todo ^= low
            new = links(low.bit_length() - 1) & allowed & ~start & ~ahead
            ahead |= new
            todo |= new & ~goal
        back = ahead & goal  # and reaching the destination
        grew = True
        while grew:
            grew = False
            todo = ahead & ~back & ~goal
            while todo:
                low = todo & -todo
                todo ^= low
                if links(low.bit_length() - 1) & back & ~start:
                    back |= low
                    grew = True
        return back

    def extend(self, last: int, chain: int, before: int) -> None:
        """Look at the chain ``chain`` (a mask) ending in fleet ``last``; ``before``
        holds the fleets its earlier fleets link to."""
        self.budget -= 1
        if self.to_goal >> last & 1:
            self.found |= chain
            if self.found == self.bound:
                raise _AllFound
            return
        if self.budget <= 0:
            return
        links = self.known[last]
        if links is None:
            links = self.carriers.links(last)
        todo = links & self.allowed & ~(chain | self.from_start | before)
        before |= links
        while todo:
            low = todo & -todo
            todo ^= low
            self.extend(low.bit_length() - 1, chain | low, before)


class _AllFound(Exception):
    """Ends a search that has found every fleet it could find."""
