"""The Geography of a classic map, built from variant data."""

from __future__ import annotations

from collections.abc import Hashable, Iterable

from judge.engine.units import Location, UnitType
from judge.variant.data import Variant


class MapGeography:
    """Answers the resolver's questions for one variant's map.

    Locations are strings: a province code (``"par"``) or, for a fleet on a
    split-coast province, ``"prov/coast"`` (``"spa/nc"``).  Armies are always
    at province codes.  A unit type moves by the ``army`` or the ``fleet``
    adjacency of the map, as its :attr:`~judge.engine.units.UnitType.adjacency`
    says; a unit type with another adjacency cannot move here (a ruleset that
    defines one supplies its own geography).
    """

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self._area = {loc: variant.province_of(loc) for loc in variant.locations()}
        self._army = {p: frozenset(variant.army_neighbours(p)) for p in variant.provinces}
        self._fleet = {loc: frozenset(variant.fleet_neighbours(loc)) for loc in self._area}
        reach: dict[str, set[str]] = {loc: set() for loc in self._area}
        for loc, dests in self._fleet.items():
            for dest in dests:
                reach[loc].add(self._area[dest])
        self._fleet_reach = {loc: frozenset(areas) for loc, areas in reach.items()}
        # Asked for every fleet of every convoy search: answered from sets.
        self._sea = frozenset(loc for loc in self._area if variant.is_sea(loc))
        self._coastal = frozenset(p for p in variant.provinces if variant.is_coastal(p))

    def province(self, loc: Location) -> Hashable:
        """The province code of a location."""
        return self._area[loc]

    def can_move(self, unit_type: UnitType, src: Location, dest: Location) -> bool:
        """Direct adjacency; for fleets the coast of ``dest`` is exact."""
        graph = unit_type.adjacency
        if graph == "army":
            return dest in self._army.get(self._area[src], ())
        return graph == "fleet" and dest in self._fleet.get(src, ())

    def can_reach(self, unit_type: UnitType, src: Location, area: Hashable) -> bool:
        """Whether the unit can move to some location of ``area``."""
        graph = unit_type.adjacency
        if graph == "army":
            return area in self._army.get(self._area[src], ())
        return graph == "fleet" and area in self._fleet_reach.get(src, ())

    def areas_in_reach(self, unit_type: UnitType, src: Location) -> Iterable[Hashable]:
        """Every area ``can_reach`` answers True for (convoy searches enumerate them)."""
        graph = unit_type.adjacency
        if graph == "army":
            return self._army.get(self._area[src], ())
        return self._fleet_reach.get(src, ()) if graph == "fleet" else ()

    def can_convoy(self, loc: Location) -> bool:
        """Fleets convoy from sea areas only."""
        if loc in self._sea:
            return True
        if loc in self._area:
            return False
        return self.variant.is_sea(loc)  # an unknown location: the variant says why

    def is_coastal(self, area: Hashable) -> bool:
        """Armies are convoyed from and to coastal provinces."""
        return area in self._coastal or (
            area not in self.variant.provinces and self.variant.is_coastal(area)
        )

    def neighbours(self, unit_type: UnitType, loc: Location) -> Iterable[Location]:
        """Every location the unit can move to directly, in a stable order."""
        graph = unit_type.adjacency
        if graph == "army":
            return sorted(self._army.get(self._area[loc], ()))
        if graph == "fleet":
            return sorted(self._fleet.get(loc, ()))
        return []

    def can_stand(self, unit_type: UnitType, loc: Location) -> bool:
        """Whether a unit of ``unit_type`` may stand at ``loc``: the terrain of its
        province, and for the fleet adjacency a coast where the province has several
        (other units stand at the province code)."""
        area = self._area.get(loc)
        if area is None or self.variant.provinces[area].kind not in unit_type.terrains:
            return False
        if unit_type.adjacency == "fleet" and self.variant.coasts_of(area):
            return loc != area  # on one of the coasts
        return loc == area


def geography_for(variant: Variant) -> MapGeography:
    """The variant's geography, made once and kept by the variant."""
    return variant.derived(MapGeography)
