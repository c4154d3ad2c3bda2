"""The variant's map as the multiverse needs it, independent of the loader's shape."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from judge.engine.geography import Geography
from judge.engine.rules import STANDARD, EngineRules
from judge.variant.data import Variant, kept_by_variant, load_variant


@dataclass(frozen=True)
class BaseMap:
    """One board's map: adjacency, terrain, centres and name lookup.

    ``geography`` answers adjacency questions over plain location strings such
    as ``"par"`` or ``"spa/nc"``; ``locations`` lists every location of each
    province (the province itself and its coasts); ``army_locations`` and
    ``fleet_locations`` say where each unit type may stand.
    """

    geography: Geography
    locations: Mapping[str, tuple[str, ...]]
    army_locations: frozenset[str]
    fleet_locations: frozenset[str]
    supply_centers: frozenset[str]
    home_centers: Mapping[str, frozenset[str]]
    powers: tuple[str, ...]
    lookup: Callable[[str], str | None]
    province_names: Mapping[str, str] = field(default_factory=dict)
    victory_centers: int = 18
    variant: Any = None
    board: Any = None  # the board ruleset (engine hooks, syntax); None: the standard rules

    def province(self, loc: str) -> str:
        """The province of a location (``"spa/nc"`` -> ``"spa"``)."""
        return loc.split("/", 1)[0]

    @property
    def engine(self) -> EngineRules:
        """The board rules' engine hooks (the standard rules' without a board ruleset)."""
        return STANDARD if self.board is None else self.board.engine

    def counted(self, centers: Mapping[str, str]) -> Mapping[str, str]:
        """Of one board's centres (centre -> owner), those that count for their owner
        under the board rules (Colonial leaves out Hong Kong held by China)."""
        return centers if self.board is None else self.board.counted_centres(centers)

    def name(self, province: str) -> str:
        """A readable name for a province, for messages."""
        return self.province_names.get(province, province.capitalize())


def base_map_for(variant_name: str = "standard") -> BaseMap:
    """The :class:`BaseMap` of a variant loaded by :func:`judge.variant.data.load_variant`
    (made once, and kept by the variant)."""
    return _base_map(load_variant(variant_name))


@kept_by_variant
def _base_map(variant: Variant) -> BaseMap:
    from judge.engine.mapgeo import geography_for

    locations: dict[str, list[str]] = {}
    for loc in variant.locations():
        locations.setdefault(variant.province_of(loc), []).append(loc)
    army = frozenset(p for p, prov in variant.provinces.items() if prov.kind != "sea")
    fleet = frozenset(loc for p in variant.provinces for loc in variant.fleet_locations(p))
    return BaseMap(
        geography=geography_for(variant),
        locations={p: tuple(locs) for p, locs in locations.items()},
        army_locations=army,
        fleet_locations=fleet,
        supply_centers=frozenset(variant.supply_centers),
        home_centers={c: frozenset(p.home_centers) for c, p in variant.powers.items()},
        powers=tuple(variant.powers),
        lookup=variant.lookup_province,
        province_names={c: p.name for c, p in variant.provinces.items()},
        victory_centers=variant.victory_centers,
        variant=variant,
    )
