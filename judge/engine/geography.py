"""What the resolver needs to know about a map, as a small protocol.

The standard map implements it from variant data; the multiverse implements it
over locations that carry a timeline and a turn.  The resolver only calls these
methods, so any map whose locations answer them can be adjudicated.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Protocol

from judge.engine.units import Location, UnitType


class Geography(Protocol):
    """Adjacency and terrain questions about opaque locations.

    A location that names a whole area (no coast) must equal its ``province``:
    a support naming no coast then matches a move to any coast of the area.

    Optional: ``areas_in_reach(unit_type, loc)`` lists the areas a unit might
    reach (see :func:`areas_in_reach`); convoy searches then enumerate a fleet's
    neighbours rather than test every fleet.
    """

    def province(self, loc: Location) -> Hashable:
        """The area ``loc`` belongs to: units in one area conflict (coasts share it)."""
        ...

    def can_move(self, unit_type: UnitType, src: Location, dest: Location) -> bool:
        """Whether a unit of ``unit_type`` at ``src`` can move directly to ``dest``.

        For fleets the coast of ``dest`` is exact.
        """
        ...

    def can_reach(self, unit_type: UnitType, src: Location, area: Hashable) -> bool:
        """Whether a unit at ``src`` can move directly to some location of ``area``.

        Used for supports (a fleet may support into a coast it cannot reach) and
        for the links of a convoy chain.
        """
        ...

    def can_convoy(self, loc: Location) -> bool:
        """Whether a fleet at ``loc`` may take part in a convoy (a sea area)."""
        ...

    def is_coastal(self, area: Hashable) -> bool:
        """Whether an army may start or end a convoyed move in ``area``."""
        ...

    def neighbours(self, unit_type: UnitType, loc: Location) -> Iterable[Location]:
        """Every location a unit of ``unit_type`` at ``loc`` can move to directly.

        Used to list retreat options; a multiverse geography lists the unit's
        own board only, since retreats never leave it.
        """
        ...


def areas_in_reach(geo: Geography, unit_type: UnitType, loc: Location) -> Iterable[Hashable] | None:
    """Every area a unit of ``unit_type`` at ``loc`` might reach directly, when the
    geography can list them: its optional ``areas_in_reach`` method, else None.

    The list may hold more areas than the unit reaches (``can_reach`` still decides)
    but never fewer.  Convoy searches use it to look only at the fleets next door
    rather than test every fleet, which matters where a unit has many neighbours
    (a multiverse of boards); a geography without the method is searched that way.
    """
    listing = getattr(geo, "areas_in_reach", None)
    return None if listing is None else listing(unit_type, loc)
