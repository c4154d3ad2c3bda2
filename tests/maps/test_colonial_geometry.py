"""The schematic Colonial map (tools/make_colonial_geometry.py from places.toml) against
the Colonial variant: the file is the generator's output, every province a node near
its real place and apart from the others, every adjacency an edge and no other, coasts
beside their province towards their seas, the railroad through its stations."""

from __future__ import annotations

import importlib.util
import math
import sys
import tomllib
from pathlib import Path

import pytest

from judge.maps.geometry import geometry_for
from judge.variant.data import REPO_ROOT, load_variant

VARIANT = load_variant("colonial")
GEO = geometry_for(VARIANT.directory)
MAP = Path(VARIANT.directory) / "map"
GENERATOR = REPO_ROOT / "tools" / "make_colonial_geometry.py"


def _generator():
    spec = importlib.util.spec_from_file_location("make_colonial_geometry", GENERATOR)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("make_colonial_geometry", module)
    spec.loader.exec_module(module)
    return module


MAKER = _generator()


def _places() -> dict[str, list[float]]:
    with (MAP / "places.toml").open("rb") as handle:
        return tomllib.load(handle)["places"]


def test_the_file_is_the_generators_output() -> None:
    assert (MAP / "geometry.json").read_text(encoding="utf-8") == MAKER.render(), (
        "variants/colonial/map/geometry.json differs: run python tools/make_colonial_geometry.py"
    )


def test_every_province_has_a_place_on_the_earth() -> None:
    places = _places()
    assert set(places) == set(VARIANT.provinces)
    for code, (lat, lon) in places.items():
        assert -15 <= lat <= 62 and 25 <= lon <= 160, code  # Asia and its seas, 1870


def test_every_province_is_a_node_of_its_kind() -> None:
    assert GEO is not None
    assert set(GEO.shapes) == set(VARIANT.provinces)
    for code, province in VARIANT.provinces.items():
        shape = GEO.shapes[code]
        assert shape.is_node, code
        assert shape.kind == ("sea" if province.kind == "sea" else "land"), code
    assert {c for c, s in GEO.shapes.items() if s.centre} == set(VARIANT.supply_centers)
    assert set(GEO.powers) == set(VARIANT.powers)


def test_nodes_stand_apart_and_near_their_real_places() -> None:
    """Relaxing keeps every pair of nodes apart, and no node far from where its
    place projects (relative to the other nodes: the picture is shifted as a whole)."""
    assert GEO is not None
    codes = sorted(GEO.shapes)
    closest = min(
        math.dist(GEO.shapes[a].unit, GEO.shapes[b].unit)
        for i, a in enumerate(codes)
        for b in codes[i + 1 :]
    )
    assert closest >= MAKER.SPACING * 0.95
    places = _places()
    true = {c: MAKER.project(*places[c]) for c in codes}
    dx = sum(GEO.shapes[c].unit[0] - true[c][0] for c in codes) / len(codes)
    dy = sum(GEO.shapes[c].unit[1] - true[c][1] for c in codes) / len(codes)
    moved = {c: math.dist(GEO.shapes[c].unit, (true[c][0] + dx, true[c][1] + dy)) for c in codes}
    worst = max(moved, key=moved.__getitem__)
    assert moved[worst] < MAKER.SPACING, (worst, moved[worst])


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


def test_every_adjacency_is_an_edge_and_no_other() -> None:
    assert GEO is not None
    drawn = {tuple(sorted((e.a, e.b))): e.kind for e in GEO.edges}
    assert len(drawn) == len(GEO.edges)
    assert drawn == _variant_edges()
    assert sum(1 for k in drawn.values() if k != "fleet") == 171  # army edges
    assert sum(1 for k in drawn.values() if k != "army") == 211  # fleet edges


@pytest.mark.parametrize("province", ["arb", "ban", "seo"])
def test_a_split_coast_points_towards_its_own_seas(province: str) -> None:
    assert GEO is not None
    shape = GEO.shapes[province]
    assert set(shape.coasts) == set(VARIANT.coasts_of(province))
    for coast, point in shape.coasts.items():
        assert 0 < math.dist(point, shape.unit) <= 2 * GEO.node_radius
        mine = VARIANT.fleet_neighbours(f"{province}/{coast}")
        own = [math.dist(point, GEO.shapes[s.split("/")[0]].unit) for s in mine]
        middle = sum(own) / len(own)
        assert middle < sum(
            math.dist(shape.unit, GEO.shapes[s.split("/")[0]].unit) for s in mine
        ) / len(mine), f"{province}/{coast} does not lean towards its seas"


def test_the_railroad_and_the_canal_are_drawn_through_their_places() -> None:
    assert GEO is not None
    by_style = {line.style: line for line in GEO.lines}
    stations = ["mos", "prm", "oms", "kra", "irk", "vla"]
    assert list(by_style["rail"].points) == [GEO.shapes[s].unit for s in stations]
    assert list(by_style["canal"].points) == [GEO.shapes[p].unit for p in ("meds", "egy", "reds")]
