"""Pictures of Root Z and Colonial games: drawn from their own geometry files, checked
on the scene (what was drawn where), not on pixels: every unit at its province's
point, every centre marked, the orders' arrows between the right places, rail and
canal moves along their lines, board 2's powers marked."""

from __future__ import annotations

import io
import math
from typing import Any

from PIL import Image

from judge.maps import position_picture, results_picture
from judge.maps.draw import Canvas
from judge.maps.geometry import Geometry, geometry_for, inside
from judge.maps.pictures import BOARD_SCALE, TITLE, position_scene, results_scene
from judge.rules.base import BOARD_PICTURE, StoredOrder
from judge.rules.registry import ruleset_for
from judge.variant.data import load_variant


def _at(geo: Geometry, loc: str) -> tuple[float, float]:
    """Where a single board's picture puts the map point of ``loc``."""
    p = geo.point(loc)
    assert p is not None, loc
    return (p[0] * BOARD_SCALE, TITLE + p[1] * BOARD_SCALE)


def _close(a: Any, b: tuple[float, float]) -> bool:
    return a is not None and math.dist(a, b) < 0.01


def _step(variant: str, written: dict[str, list[str]], extra_units=()) -> Any:
    ruleset = ruleset_for(variant)
    doc = ruleset.starting_position(variant)
    doc["units"] += list(extra_units)
    orders = {}
    for power, lines in written.items():
        checks = ruleset.check_orders(doc, power, lines)
        assert all(c.ok for c in checks), [c.message for c in checks]
        orders[power] = [StoredOrder(c.canonical, c.order) for c in checks]
    return ruleset.step_stored(doc, orders)


def _units_drawn_at_their_provinces(canvas: Canvas, geo: Geometry, units: list[dict]) -> None:
    drawn = {(u.key, u.info["power"], u.info["type"]): u.at for u in canvas.items("unit")}
    assert len(drawn) == len(units)
    for unit in units:
        at = drawn[(unit["province"], unit["power"], unit["type"])]
        assert _close(at, _at(geo, unit["province"])), unit


def _a_png(picture: Any) -> tuple[int, int]:
    assert picture is not None
    image = Image.open(io.BytesIO(picture.png))
    assert image.format == "PNG"
    return image.size


# ------------------------------------------------------------------ Root Z


ROOTZ = load_variant("rootz")
ROOTZ_GEO = geometry_for(ROOTZ.directory)


def test_a_root_z_start_picture_draws_both_boards() -> None:
    assert ROOTZ_GEO is not None
    doc = ruleset_for("rootz").starting_position("rootz")
    canvas = position_scene(doc, ROOTZ, "z", "S1901M", "start", picture=BOARD_PICTURE)
    assert canvas is not None
    assert len(doc["units"]) == 44
    _units_drawn_at_their_provinces(canvas, ROOTZ_GEO, doc["units"])
    assert {c.key for c in canvas.items("centre")} == set(ROOTZ.supply_centers)
    assert {p.key for p in canvas.items("province")} == set(ROOTZ.provinces) | {"swi"}
    owners = {c.key: c.info["owner"] for c in canvas.items("centre")}
    assert owners["par1"] == "france1" and owners["par2"] == "france2"
    size = _a_png(position_picture(doc, ROOTZ, "z", "S1901M", "start", picture=BOARD_PICTURE))
    assert size == (int(ROOTZ_GEO.size[0] * BOARD_SCALE), canvas.height)


def test_a_root_z_results_picture_draws_a_move_across_the_cut() -> None:
    assert ROOTZ_GEO is not None
    step = _step("rootz", {"france1": ["A Mar1 - Pie2"], "italy2": ["A Ven2 - Tyr2"]})
    drawn = results_scene(ROOTZ, step.before, step.answer, "z", picture=BOARD_PICTURE)
    assert drawn is not None
    canvas, title = drawn
    assert "results" in title
    moves = {o.info["place"][1]: o for o in canvas.items("order") if o.key == "move"}
    assert set(moves) == {"mar1", "ven2"}
    assert _close(moves["mar1"].at, _at(ROOTZ_GEO, "mar1"))
    assert _close(moves["mar1"].info["to"], _at(ROOTZ_GEO, "pie2"))
    assert _close(moves["ven2"].info["to"], _at(ROOTZ_GEO, "tyr2"))
    _units_drawn_at_their_provinces(canvas, ROOTZ_GEO, step.answer["units"])
    assert any(u.key == "pie2" and u.info["power"] == "france1" for u in canvas.items("unit"))
    _a_png(results_picture(ROOTZ, step.before, step.answer, "z", picture=BOARD_PICTURE))


def test_board_two_units_carry_the_second_cue() -> None:
    """A board-2 unit gets a white dot drawn on it; the same unit of board 1 does not."""
    assert ROOTZ_GEO is not None
    from judge.maps.draw import BLACK, WHITE, draw_unit, rgb

    def dots(power: str) -> int:
        canvas = Canvas(40, 40)
        calls: list[tuple] = []
        original = canvas.circle

        def circle(c, r, fill, outline=None, width=1):
            calls.append((fill, outline))
            original(c, r, fill, outline, width)

        canvas.circle = circle  # type: ignore[method-assign]
        mark = ROOTZ_GEO.unit_mark(power)
        colour = rgb(ROOTZ_GEO.colour(power))
        draw_unit(canvas, (20, 20), "A", colour, 8, mark and rgb(mark))
        return sum(1 for fill, outline in calls if fill == WHITE and outline == BLACK)

    assert dots("france2") == 1
    assert dots("france1") == 0


# ------------------------------------------------------------------ Colonial


COLONIAL = load_variant("colonial")
COLONIAL_GEO = geometry_for(COLONIAL.directory)
WORDS = ruleset_for("colonial").order_words()  # a rail move is drawn along its railroad


def test_a_colonial_start_picture_draws_territories_railroad_and_units() -> None:
    assert COLONIAL_GEO is not None
    doc = ruleset_for("colonial").starting_position("colonial")
    canvas = position_scene(doc, COLONIAL, "asia", "S1870M", "start", picture=BOARD_PICTURE)
    assert canvas is not None
    _units_drawn_at_their_provinces(canvas, COLONIAL_GEO, doc["units"])
    assert canvas.items("node") == [] and canvas.items("coast") == []
    provinces = {p.key: p for p in canvas.items("province")}
    assert set(provinces) == set(COLONIAL.provinces)
    assert provinces["scs"].info["fill"] == (153, 204, 255)  # the sea colour
    assert provinces["nsia"].info["fill"] == (255, 255, 221)  # the land colour
    assert provinces["pek"].info["fill"] != (255, 255, 221)  # a Chinese home centre, tinted
    edges = canvas.items("edge")  # the adjacencies the territories do not show
    assert len(edges) == len(COLONIAL_GEO.edges) < 30
    lines = {line.key: line for line in canvas.items("line")}
    rail = lines["Trans-Siberian Railroad"]
    assert rail.info["style"] == "rail"
    stations = ["mos", "prm", "oms", "kra", "irk", "vla"]
    assert all(
        _close(p, _at(COLONIAL_GEO, s)) for p, s in zip(rail.info["points"], stations, strict=True)
    )
    assert lines["Suez Canal"].info["style"] == "canal"
    owners = {c.key: c.info["owner"] for c in canvas.items("centre")}
    assert owners["hk"] == "britain" and owners["pek"] == "china" and owners["sig"] == "britain"
    assert set(owners) == set(COLONIAL.supply_centers)
    _a_png(position_picture(doc, COLONIAL, "asia", "S1870M", "start", picture=BOARD_PICTURE))


def test_a_colonial_results_picture_draws_rail_and_canal_moves_along_their_lines() -> None:
    assert COLONIAL_GEO is not None
    extra = [
        {"power": "britain", "type": "A", "province": "egy"},
        {"power": "britain", "type": "F", "province": "reds"},
    ]
    step = _step(
        "colonial",
        {
            "russia": ["A Mos-TSR-Kra"],
            "britain": ["F Red Sea - Mediterranean Sea"],
            "china": ["A Pek - Mon"],
        },
        extra,
    )
    drawn = results_scene(
        COLONIAL, step.before, step.answer, "asia", picture=BOARD_PICTURE, words=WORDS
    )
    assert drawn is not None
    canvas, _title = drawn
    moves = {o.info["place"][1]: o for o in canvas.items("order") if o.key == "move"}
    assert set(moves) == {"mos", "reds", "pek"}
    assert _close(moves["mos"].info["to"], _at(COLONIAL_GEO, "kra"))
    assert _close(moves["pek"].info["to"], _at(COLONIAL_GEO, "mon"))
    _units_drawn_at_their_provinces(canvas, COLONIAL_GEO, step.answer["units"])
    # The rail move follows the railroad through Perm and Omsk; the canal move
    # passes through Egypt (Suez); an ordinary move is a straight arrow.
    paths = {p.key: p.info["points"] for p in canvas.items("path")}
    assert _close(paths["mos"][1], _at(COLONIAL_GEO, "prm"))
    assert _close(paths["mos"][2], _at(COLONIAL_GEO, "oms"))
    egypt = COLONIAL_GEO.shapes["egy"].outline
    through = [((x - 0) / BOARD_SCALE, (y - TITLE) / BOARD_SCALE) for x, y in paths["reds"][1:-1]]
    assert through and all(inside(p, egypt) for p in through)  # through Suez
    assert len(paths["pek"]) == 2
    _a_png(
        results_picture(
            COLONIAL, step.before, step.answer, "asia", picture=BOARD_PICTURE, words=WORDS
        )
    )
