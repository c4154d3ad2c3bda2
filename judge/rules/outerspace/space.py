"""Spacecraft, colonies and the geography of an Outer Space phase.

Each empire's spacecraft is an off-map location that holds up to three armies of
that empire (D3, D4).  Inside the engine an army in orbit stands on a *slot* of its
empire's spacecraft (``orb:alpha:1`` .. ``orb:alpha:3``): each slot is an area of its
own, which nobody can attack, support or move into except its empire's beam-ups (so
the shared resolver needs no change).  Documents, orders and reports write every
slot as ``orb``; the armies of one spacecraft are interchangeable (D7).

The geography of a phase is the map's, plus the colonies at the start of the phase,
which decide where an empire may beam down (jamming, D10).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping

from judge.engine.mapgeo import MapGeography, geography_for
from judge.engine.units import Location, UnitType
from judge.variant.data import Variant

ORBIT = "orb"
"""How documents, orders and reports name a spacecraft (and its armies' place)."""
CAPACITY = 3
"""Armies a spacecraft carries at most (D4)."""


def orbit_slot(power: str, number: int) -> str:
    """The engine location of the ``number``-th army (1..3) in ``power``'s spacecraft."""
    return f"{ORBIT}:{power}:{number}"


def orbit_slots(power: str) -> list[str]:
    """Every slot of ``power``'s spacecraft, in order."""
    return [orbit_slot(power, n) for n in range(1, CAPACITY + 1)]


def is_orbit(loc: Location) -> bool:
    """Whether ``loc`` is in a spacecraft (a slot, or ``orb`` itself)."""
    return isinstance(loc, str) and (loc == ORBIT or loc.startswith(ORBIT + ":"))


def is_slot(loc: Location) -> bool:
    """Whether ``loc`` is one slot of a spacecraft (``orb:alpha:1``)."""
    return is_orbit(loc) and str(loc).count(":") == 2


def orbit_power(loc: Location) -> str:
    """The empire whose spacecraft a slot belongs to."""
    return str(loc).split(":")[1]


def shown(loc: Location) -> str:
    """A location as documents and orders write it: a slot is ``orb``."""
    return ORBIT if is_orbit(loc) else str(loc)


class SpaceGeography:
    """The map's geography with spacecraft slots, and the colonies of the phase.

    A slot is an area of its own with no neighbours: nothing moves to or from it by
    adjacency (beam-downs and beam-ups are order kinds of their own).
    """

    def __init__(self, variant: Variant, colonies: Mapping[str, str]) -> None:
        self.variant = variant
        self.base: MapGeography = geography_for(variant)
        self.colonies: Mapping[str, str] = dict(colonies)

    def colony_of(self, province: Hashable) -> str | None:
        """The empire whose colony ``province`` is at the start of the phase, if any."""
        return self.colonies.get(str(province))

    def is_land(self, province: Hashable) -> bool:
        """Whether armies can stand in ``province`` (inland or coastal, not sea)."""
        found = self.variant.provinces.get(str(province))
        return found is not None and found.kind != "sea"

    def name(self, province: Hashable) -> str:
        """The province's English name."""
        return self.variant.provinces[str(province)].name

    def power_name(self, power: str) -> str:
        """The empire's name."""
        found = self.variant.powers.get(power)
        return found.name if found is not None else power

    # -- the Geography protocol --------------------------------------------

    def province(self, loc: Location) -> Hashable:
        return loc if is_orbit(loc) else self.base.province(loc)

    def can_move(self, unit_type: UnitType, src: Location, dest: Location) -> bool:
        if is_orbit(src) or is_orbit(dest):
            return False
        return self.base.can_move(unit_type, src, dest)

    def can_reach(self, unit_type: UnitType, src: Location, area: Hashable) -> bool:
        if is_orbit(src) or is_orbit(area):
            return False
        return self.base.can_reach(unit_type, src, area)

    def can_convoy(self, loc: Location) -> bool:
        return not is_orbit(loc) and self.base.can_convoy(loc)

    def is_coastal(self, area: Hashable) -> bool:
        return not is_orbit(area) and self.base.is_coastal(area)

    def neighbours(self, unit_type: UnitType, loc: Location) -> Iterable[Location]:
        return [] if is_orbit(loc) else self.base.neighbours(unit_type, loc)
