"""The Root Z map geometry (generated from the standard one by
tools/make_rootz_geometry.py) against the Root Z variant: the file is the generator's
output, every province drawn on its own spot, the cut's six borders meet only across
the two boards, every other border on the same board, and every adjacency of the
variant joins outlines that touch."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from judge.maps.geometry import geometry_for
from judge.variant.data import REPO_ROOT, load_variant
from tests.maps.shapes import gap, topmost

STANDARD = load_variant("standard")
VARIANT = load_variant("rootz")
GEO = geometry_for(VARIANT.directory)
GENERATOR = REPO_ROOT / "tools" / "make_rootz_geometry.py"
CUT = {
    frozenset(pair)
    for pair in (
        ("mar", "pie"),
        ("mar", "lyo"),
        ("spa", "lyo"),
        ("spa", "wes"),
        ("mao", "wes"),
        ("mao", "naf"),
    )
}
TOUCH = 1.0  # map units: outlines this close meet (they share their vertices)
APART = 40.0  # map units: outlines at least this far apart do not meet


def _generator():
    spec = importlib.util.spec_from_file_location("make_rootz_geometry", GENERATOR)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("make_rootz_geometry", module)
    spec.loader.exec_module(module)
    return module


def test_the_file_is_the_generators_output() -> None:
    path = Path(VARIANT.directory) / "map" / "geometry.json"
    assert path.read_text(encoding="utf-8") == _generator().render(), (
        "variants/rootz/map/geometry.json differs: run python tools/make_rootz_geometry.py"
    )


def test_every_province_is_drawn_once_and_switzerland_once() -> None:
    assert GEO is not None
    assert set(GEO.shapes) == set(VARIANT.provinces) | {"swi"}
    for code, province in VARIANT.provinces.items():
        assert GEO.shapes[code].kind == ("sea" if province.kind == "sea" else "land"), code
        assert GEO.shapes[code].label_text.endswith(code[-1]), code
    assert {c for c, s in GEO.shapes.items() if s.centre} == set(VARIANT.supply_centers)
    assert set(GEO.powers) == set(VARIANT.powers)


def test_board_two_powers_carry_a_second_cue() -> None:
    assert GEO is not None
    for power in VARIANT.powers:
        assert GEO.colour(power) == GEO.colour(power[:-1] + "1")
        assert (GEO.unit_mark(power) is not None) == power.endswith("2"), power


@pytest.mark.parametrize("code", sorted(VARIANT.provinces))
def test_points_lie_on_their_own_province(code: str) -> None:
    assert GEO is not None
    shape = GEO.shapes[code]
    for what, point in [("unit", shape.unit), ("label", shape.label), ("centre", shape.centre)]:
        if point is not None:
            assert topmost(GEO, point) == code, f"{code}: {what} point {point} not on it"
    for coast, point in shape.coasts.items():
        assert topmost(GEO, point) == code, f"{code}/{coast}: point {point} not on it"


def _standard_borders() -> set[frozenset[str]]:
    pairs = set()
    for code in STANDARD.provinces:
        for loc in STANDARD.fleet_locations(code) or (code,):
            for other in STANDARD.neighbours("A", code) | STANDARD.neighbours("F", loc):
                pairs.add(frozenset((code, other.split("/")[0])))
    return pairs


BORDERS = sorted(tuple(sorted(pair)) for pair in _standard_borders())


def test_the_cut_has_six_borders() -> None:
    assert {frozenset(b) for b in BORDERS} >= CUT


@pytest.mark.parametrize(("a", "b"), BORDERS)
def test_a_border_meets_on_one_board_or_across_the_cut(a: str, b: str) -> None:
    """An ordinary border joins the same board's provinces and never the other board's;
    a border of the cut joins board 1 to board 2 and never one board to itself."""
    assert GEO is not None
    crossing = frozenset((a, b)) in CUT
    for board, other in ((1, 2), (2, 1)):
        same = gap(GEO.shapes[f"{a}{board}"], GEO.shapes[f"{b}{board}"])
        across = gap(GEO.shapes[f"{a}{board}"], GEO.shapes[f"{b}{other}"])
        meets, misses = (across, same) if crossing else (same, across)
        assert meets <= TOUCH, f"{a}{board}: {meets:.1f} from {b} where they should meet"
        assert misses >= APART, f"{a}{board}: {misses:.1f} from {b} where they should not"


def test_every_adjacency_of_the_variant_joins_outlines_that_touch() -> None:
    assert GEO is not None
    far = []
    for code in VARIANT.provinces:
        for loc in VARIANT.fleet_locations(code) or (code,):
            for other in VARIANT.neighbours("A", code) | VARIANT.neighbours("F", loc):
                apart = gap(GEO.shapes[code], GEO.shapes[other.split("/")[0]])
                if apart > TOUCH:
                    far.append((code, other, round(apart, 1)))
    assert far == []
