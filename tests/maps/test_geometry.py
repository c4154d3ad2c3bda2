"""The standard map's geometry file against the variant: every province drawn, its
points inside its own outline, coasts on the right water, neighbours touching."""

from __future__ import annotations

import math

import pytest

from judge.maps.geometry import Geometry, Point, Ring, geometry_for
from judge.variant.data import load_variant

VARIANT = load_variant("standard")
GEO = geometry_for(VARIANT.directory)


def inside(p: Point, rings: tuple[Ring, ...]) -> bool:
    """Even-odd rule over all rings."""
    x, y = p
    hit = False
    for ring in rings:
        for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                hit = not hit
    return hit


def _segment_distance(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = dx * dx + dy * dy
    t = (
        0.0
        if length == 0
        else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length))
    )
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


def topmost(p: Point) -> str | None:
    """The province drawn on top at ``p`` (shapes are drawn in order, the North Sea
    under the coasts that overlap its rough outline)."""
    over = [c for c, s in GEO.shapes.items() if inside(p, s.outline)]
    return over[-1] if over else None


def distance(p: Point, rings: tuple[Ring, ...]) -> float:
    return min(
        _segment_distance(p, a, b)
        for ring in rings
        for a, b in zip(ring, ring[1:] + ring[:1], strict=True)
    )


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
