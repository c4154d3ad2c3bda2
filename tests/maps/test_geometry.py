"""The standard map's geometry file against the variant: every province drawn, its
points inside its own outline, coasts on the right water, neighbours touching."""

from __future__ import annotations

import pytest

from judge.maps.geometry import Geometry, Point, geometry_for
from judge.variant.data import load_variant
from tests.maps import shapes
from tests.maps.shapes import distance, inside

VARIANT = load_variant("standard")
GEO = geometry_for(VARIANT.directory)


def topmost(p: Point) -> str | None:
    """The province drawn on top at ``p`` (shapes are drawn in order, the North Sea
    under the coasts that overlap its rough outline)."""
    return shapes.topmost(GEO, p)


def test_every_province_of_the_variant_is_drawn() -> None:
    assert isinstance(GEO, Geometry)
    assert set(VARIANT.provinces) <= set(GEO.shapes)
    for code, province in VARIANT.provinces.items():
        assert GEO.shapes[code].kind == ("sea" if province.kind == "sea" else "land"), code
    assert {c for c, s in GEO.shapes.items() if s.centre} == set(VARIANT.supply_centers)
    assert set(GEO.powers) == set(VARIANT.powers)


@pytest.mark.parametrize("code", sorted(VARIANT.provinces))
def test_unit_and_centre_points_lie_inside_their_own_province(code: str) -> None:
    shape = GEO.shapes[code]
    assert topmost(shape.unit) == code, f"{code}: unit point {shape.unit} not on it"
    if shape.centre is not None:
        assert topmost(shape.centre) == code, f"{code}: centre mark {shape.centre} not on it"
    assert topmost(shape.label) == code, f"{code}: label {shape.label} not on it"


def _coasts() -> list[str]:
    return [f"{p}/{c}" for p in sorted(VARIANT.provinces) for c in VARIANT.coasts_of(p)]


def test_split_coast_provinces_have_a_point_per_coast() -> None:
    assert len(_coasts()) == 6
    for loc in _coasts():
        province, coast = loc.split("/")
        assert set(GEO.shapes[province].coasts) == set(VARIANT.coasts_of(province)), loc


@pytest.mark.parametrize("loc", _coasts())
def test_coast_points_lie_on_the_right_coast(loc: str) -> None:
    """Inside the province, and the nearest sea is one a fleet on that coast reaches
    (never one reached only from the other coast)."""
    province = loc.split("/")[0]
    point = GEO.point(loc)
    assert point is not None and topmost(point) == province
    seas = {c: distance(point, s.outline) for c, s in GEO.shapes.items() if s.kind == "sea"}
    nearest = min(seas, key=seas.__getitem__)
    assert nearest in VARIANT.fleet_neighbours(loc), f"{loc}: nearest sea {nearest}"
    others = [f"{province}/{c}" for c in VARIANT.coasts_of(province) if f"{province}/{c}" != loc]
    only_other = set().union(*(VARIANT.fleet_neighbours(o) for o in others)) - set(
        VARIANT.fleet_neighbours(loc)
    )
    assert nearest not in only_other


def test_neighbouring_provinces_touch_on_the_map() -> None:
    """Every army and fleet edge of the variant joins outlines that meet."""
    far = []
    for code in VARIANT.provinces:
        for loc in [code, *(f"{code}/{c}" for c in VARIANT.coasts_of(code))]:
            for other in VARIANT.neighbours("A", loc) | VARIANT.neighbours("F", loc):
                a, b = GEO.shapes[code], GEO.shapes[other.split("/")[0]]
                overlap = any(inside(p, b.outline) for ring in a.outline for p in ring) or any(
                    inside(p, a.outline) for ring in b.outline for p in ring
                )
                gap = (
                    0.0
                    if overlap
                    else min(
                        min(distance(p, b.outline) for ring in a.outline for p in ring),
                        min(distance(p, a.outline) for ring in b.outline for p in ring),
                    )
                )
                if gap > 2.0:
                    far.append((code, other, round(gap, 1)))
    assert far == []
