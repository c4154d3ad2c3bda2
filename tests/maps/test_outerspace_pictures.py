"""Pictures of Outer Space games, checked on the scene (what was drawn where): the
standard board found through the variant's ``map = "standard"``, the units on the map
at their provinces, the armies in orbit counted per empire in the panel under the
board (never on the map), the colonies ringed in their coloniser's colour, the
beam-downs drawn from the empire's glyph in the panel."""

from __future__ import annotations

import io
import math
from typing import Any

from PIL import Image

from judge.maps import geometry_for, position_picture, results_picture
from judge.maps.draw import mix, rgb
from judge.maps.orbit import PALETTE
from judge.maps.pictures import BOARD_SCALE, TITLE, position_scene, results_scene
from judge.rules.base import ORBIT_PICTURE, StoredOrder
from judge.rules.registry import ruleset_for
from judge.variant.data import load_variant
from judge.variant.empires import Empire

SPACE = load_variant("outerspace")
STANDARD = load_variant("standard")
RULES = ruleset_for("outerspace")
STANDARD_GEO = geometry_for(STANDARD.directory)
EMPIRES = [Empire("zorg", "Zorg", "Zorgish", "Z"), Empire("vega", "Vega", "Vegan", "V")]


def _at(loc: str) -> tuple[float, float]:
    assert STANDARD_GEO is not None
    p = STANDARD_GEO.point(loc)
    assert p is not None, loc
    return (p[0] * BOARD_SCALE, TITLE + p[1] * BOARD_SCALE)


def _close(a: Any, b: tuple[float, float]) -> bool:
    return a is not None and math.dist(a, b) < 0.01


def _position() -> dict[str, Any]:
    """Zorg: two armies in orbit, one in Paris (its colony); Vega: one in orbit, an
    army in Munich and a fleet on Spain's north coast, Holland its colony."""
    doc = RULES.empire_position(RULES.starting_position("outerspace"), EMPIRES)
    orbit = [u for u in doc["units"] if u["province"] == "orb"]
    zorg = [u for u in orbit if u["power"] == "zorg"][:2]
    vega = [u for u in orbit if u["power"] == "vega"][:1]
    doc["units"] = [
        *zorg,
        *vega,
        {"power": "zorg", "type": "A", "province": "par"},
        {"power": "vega", "type": "A", "province": "mun"},
        {"power": "vega", "type": "F", "province": "spa/nc"},
    ]
    doc["colonies"] = {"zorg": ["par"], "vega": ["hol"]}
    doc["supply_centers"] = {"zorg": ["par"], "vega": ["hol"]}
    return doc


def test_a_variant_playing_the_standard_map_is_drawn_with_its_geometry() -> None:
    assert STANDARD_GEO is not None
    assert geometry_for(SPACE.directory) is STANDARD_GEO


def test_an_outer_space_position_draws_map_units_orbit_counts_and_colonies() -> None:
    doc = _position()
    canvas = position_scene(doc, SPACE, "space", "S1902M", picture=ORBIT_PICTURE)
    assert canvas is not None
    units = {(u.key, u.info["power"], u.info["type"]): u.at for u in canvas.items("unit")}
    assert set(units) == {("par", "zorg", "A"), ("mun", "vega", "A"), ("spa/nc", "vega", "F")}
    for (loc, _power, _type), at in units.items():
        assert _close(at, _at(loc)), loc
    assert STANDARD_GEO is not None
    board_bottom = TITLE + STANDARD_GEO.size[1] * BOARD_SCALE
    orbit = {o.key: o for o in canvas.items("orbit")}
    assert list(orbit) == ["zorg", "vega"]
    assert {k: o.info["armies"] for k, o in orbit.items()} == {"zorg": 2, "vega": 1}
    assert all(o.at[1] > board_bottom for o in orbit.values())
    colonies = {(c.key, c.info["owner"]) for c in canvas.items("colony")}
    assert colonies == {("par", "zorg"), ("hol", "vega")}
    image = Image.open(
        io.BytesIO(position_picture(doc, SPACE, "space", "S1902M", picture=ORBIT_PICTURE).png)
    )
    assert image.format == "PNG" and image.size == (canvas.width, canvas.height)


def test_the_empires_are_coloured_by_their_order_in_the_game() -> None:
    doc = _position()
    doc["powers"] = ["vega", "zorg"]
    canvas = position_scene(doc, SPACE, "space", "S1902M", picture=ORBIT_PICTURE)
    assert canvas is not None
    centres = {c.key: c.info["owner"] for c in canvas.items("centre")}
    assert centres["par"] == "zorg" and centres["hol"] == "vega"
    assert [o.key for o in canvas.items("orbit")] == ["vega", "zorg"]
    fills = {p.key: p.info["fill"] for p in canvas.items("province")}
    assert STANDARD_GEO is not None
    land = rgb(STANDARD_GEO.land)
    assert fills["hol"] == mix(rgb(PALETTE[0]), land, 0.45)
    assert fills["par"] == mix(rgb(PALETTE[1]), land, 0.45)


def test_a_results_picture_draws_beam_downs_from_the_empires_glyphs() -> None:
    doc = _position()
    written = {"zorg": ["A ORB - Bur", "A ORB H", "A Par H"], "vega": ["A ORB - Ruh"]}
    orders = {}
    for power, lines in written.items():
        checks = RULES.check_orders(doc, power, lines)
        assert all(c.ok for c in checks), [c.message for c in checks]
        orders[power] = [StoredOrder(c.canonical, c.order) for c in checks]
    step = RULES.step_stored(doc, orders)
    drawn = results_scene(SPACE, step.before, step.answer, "space", picture=ORBIT_PICTURE)
    assert drawn is not None
    canvas, title = drawn
    assert "results" in title
    glyphs = {o.key: o.at for o in canvas.items("orbit")}
    assert {o.key: o.info["armies"] for o in canvas.items("orbit")} == {"zorg": 1, "vega": 0}
    moves = {o.info["power"]: o for o in canvas.items("order") if o.key == "move"}
    assert _close(moves["zorg"].at, glyphs["zorg"]) and _close(moves["zorg"].info["to"], _at("bur"))
    assert _close(moves["vega"].at, glyphs["vega"]) and _close(moves["vega"].info["to"], _at("ruh"))
    units = {(u.key, u.info["power"]) for u in canvas.items("unit")}
    assert ("bur", "zorg") in units and ("ruh", "vega") in units
    assert all(u.key != "orb" for u in canvas.items("unit"))
    picture = results_picture(SPACE, step.before, step.answer, "space", picture=ORBIT_PICTURE)
    assert picture is not None and picture.filename == "space-S1901M.png"
    assert Image.open(io.BytesIO(picture.png)).format == "PNG"


def test_a_retreat_into_the_spacecraft_is_drawn_to_the_empires_glyph() -> None:
    doc = RULES.empire_position(RULES.starting_position("outerspace"), EMPIRES)
    doc["units"] = [u for u in doc["units"] if u["power"] == "zorg"] + [
        {"power": "zorg", "type": "A", "province": "mun"},
        {"power": "vega", "type": "A", "province": "orb"},
    ]
    doc["phase"] = "S1901R"
    doc["dislodged"] = [{"power": "vega", "type": "A", "province": "mun", "attacker_from": "orb"}]
    checks = RULES.check_orders(doc, "vega", ["A Mun - ORB"])
    assert [c.ok for c in checks] == [True]
    step = RULES.step_stored(doc, {"vega": [StoredOrder(c.canonical, c.order) for c in checks]})
    drawn = results_scene(SPACE, step.before, step.answer, "space", picture=ORBIT_PICTURE)
    assert drawn is not None
    canvas, _title = drawn
    glyphs = {o.key: o for o in canvas.items("orbit")}
    assert {k: o.info["armies"] for k, o in glyphs.items()} == {"zorg": 3, "vega": 2}
    (retreat,) = canvas.items("order")
    assert retreat.key == "retreat" and _close(retreat.info["to"], glyphs["vega"].at)
