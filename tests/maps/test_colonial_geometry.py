"""The Colonial map (tools/make_colonial_geometry.py: territories on Natural Earth's
coastlines, shared out around the provinces' real places) against the Colonial
variant: the file is the generator's output; every province a territory of its kind
holding its unit point, centre mark, coast points and place; every adjacency either
touching on the map or drawn as a line; the railroad through its stations, the canal
through Egypt; the data credited."""

from __future__ import annotations

import importlib.util
import json
import sys
import tomllib
from pathlib import Path

import pytest

from judge.maps.geometry import geometry_for
from judge.variant.data import REPO_ROOT, load_variant
from tests.maps import shapes
from tests.maps.shapes import distance, inside

VARIANT = load_variant("colonial")
GEO = geometry_for(VARIANT.directory)
MAP = Path(VARIANT.directory) / "map"
GENERATOR = REPO_ROOT / "tools" / "make_colonial_geometry.py"


def _generator():
    pytest.importorskip("shapely")  # the generator's own dependency, not the judge's
    spec = importlib.util.spec_from_file_location("make_colonial_geometry", GENERATOR)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("make_colonial_geometry", module)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def maker():
    return _generator()


def _places() -> dict[str, list[float]]:
    with (MAP / "places.toml").open("rb") as handle:
        return tomllib.load(handle)["places"]


def test_the_file_is_the_generators_output(maker) -> None:
    assert (MAP / "geometry.json").read_text(encoding="utf-8") == maker.render(), (
        "variants/colonial/map/geometry.json differs: run python tools/make_colonial_geometry.py"
    )


def test_every_province_has_a_place_on_the_earth() -> None:
    places = _places()
    assert set(places) == set(VARIANT.provinces)
    for code, (lat, lon) in places.items():
        assert -15 <= lat <= 62 and 25 <= lon <= 160, code  # Asia and its seas, 1870


def test_every_province_is_a_territory_of_its_kind() -> None:
    assert GEO is not None
    assert set(GEO.shapes) == set(VARIANT.provinces)
    for code, province in VARIANT.provinces.items():
        shape = GEO.shapes[code]
        assert not shape.is_node and shape.outline, code
        assert shape.kind == ("sea" if province.kind == "sea" else "land"), code
    assert {c for c, s in GEO.shapes.items() if s.centre} == set(VARIANT.supply_centers)
    assert set(GEO.powers) == set(VARIANT.powers)


@pytest.mark.parametrize("code", sorted(VARIANT.provinces))
def test_points_lie_on_their_own_territory(code: str) -> None:
    assert GEO is not None
    shape = GEO.shapes[code]
    points = {"unit": shape.unit, **{f"coast {c}": p for c, p in shape.coasts.items()}}
    if shape.centre is not None:
        points["centre"] = shape.centre
    for what, point in points.items():
        assert shapes.topmost(GEO, point) == code, f"{code}: {what} {point} not on it"


def test_the_territories_do_not_overlap() -> None:
    """Each province's unit point lies on its own territory only."""
    assert GEO is not None
    for code, shape in GEO.shapes.items():
        on = [c for c, s in GEO.shapes.items() if inside(shape.unit, s.outline)]
        assert on == [code], (code, on)


def test_a_split_coast_stands_by_its_own_seas() -> None:
    """Each coast's point is nearer a sea that coast reaches than any sea only the
    province's other coast reaches."""
    assert GEO is not None
    for province in ("arb", "ban", "seo"):
        shape = GEO.shapes[province]
        assert set(shape.coasts) == set(VARIANT.coasts_of(province))
        for coast, point in shape.coasts.items():
            mine = {s.split("/")[0] for s in VARIANT.fleet_neighbours(f"{province}/{coast}")}
            seas = {c for c in mine if GEO.shapes[c].kind == "sea"}
            others = {
                s.split("/")[0]
                for c in VARIANT.coasts_of(province)
                if c != coast
                for s in VARIANT.fleet_neighbours(f"{province}/{c}")
            } - mine
            near = min(distance(point, GEO.shapes[s].outline) for s in seas)
            for other in others:
                if GEO.shapes[other].kind == "sea":
                    assert near < distance(point, GEO.shapes[other].outline), (coast, other)


def _variant_edges() -> dict[tuple[str, str], str]:
    """The variant's adjacencies, from its loaded data (not from the generator)."""
    army, fleet = set(), set()
    for code in VARIANT.provinces:
        for other in VARIANT.neighbours("A", code):
            army.add(tuple(sorted((code, other))))
        for loc in VARIANT.fleet_locations(code):
            for other in VARIANT.fleet_neighbours(loc):
                fleet.add(tuple(sorted((loc, other))))
    return {
        pair: "both" if pair in army and pair in fleet else "army" if pair in army else "fleet"
        for pair in army | fleet
    }


def test_every_adjacency_touches_or_is_drawn_as_a_line() -> None:
    """An adjacency whose territories do not touch (across a strait, or where the game
    joins places the Earth keeps apart) is an edge of the map; no other is."""
    assert GEO is not None
    edges = _variant_edges()
    assert sum(1 for k in edges.values() if k != "fleet") == 171  # army edges
    assert sum(1 for k in edges.values() if k != "army") == 211  # fleet edges
    drawn = {tuple(sorted((e.a, e.b))): e.kind for e in GEO.edges}
    assert len(drawn) == len(GEO.edges) < 25
    for pair, kind in edges.items():
        a, b = (GEO.shapes[loc.split("/")[0]] for loc in pair)
        apart = shapes.gap(a, b) > 1.0
        assert (pair in drawn) == apart, (pair, shapes.gap(a, b))
        if apart:
            assert drawn[pair] == kind, pair


def test_the_railroad_and_the_canal_are_drawn_through_their_places() -> None:
    assert GEO is not None
    by_style = {line.style: line for line in GEO.lines}
    stations = ["mos", "prm", "oms", "kra", "irk", "vla"]
    assert list(by_style["rail"].points) == [GEO.shapes[s].unit for s in stations]
    canal = list(by_style["canal"].points)
    assert canal[0] == GEO.shapes["meds"].unit and canal[-1] == GEO.shapes["reds"].unit
    assert len(canal) > 2 and all(inside(p, GEO.shapes["egy"].outline) for p in canal[1:-1])


def test_the_natural_earth_data_is_kept_and_credited() -> None:
    assert GEO is not None
    land = json.loads((MAP / "land.json").read_text(encoding="utf-8"))
    assert "Natural Earth" in land["comment"] and land["polygons"]
    attribution = (MAP / "ATTRIBUTION.md").read_text(encoding="utf-8")
    assert "Natural Earth" in attribution and "public domain" in attribution
    assert "Natural Earth" in GEO.credit
