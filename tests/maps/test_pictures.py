"""Map pictures: every order kind draws where it should, and golden pictures of a
standard movement phase, a retreat phase and a multiverse fork (small tolerance).

Goldens are PNGs under tests/maps/golden/; to remake them after an intended change
of the drawing, run with MAPS_UPDATE_GOLDEN=1 and look at them before committing."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from judge.engine.boards import MLoc, Season
from judge.maps import results_picture, world_picture
from judge.maps.draw import FAIL, BoardState, Canvas, Frame, draw_board, draw_marks
from judge.maps.geometry import geometry_for
from judge.maps.marks import Mark, marks_of, place_of
from judge.rules.base import BOARD_PICTURE
from judge.rules.registry import MULTIVERSE, ruleset_for
from judge.variant.data import load_variant

VARIANT = load_variant("standard")
MULTIVERSE_RULESET = ruleset_for("standard", MULTIVERSE)
GEO = geometry_for(VARIANT.directory)
CASES = Path(__file__).resolve().parent.parent / "reports" / "cases"
GOLDEN = Path(__file__).resolve().parent / "golden"
SCALE = 1.0

UNITS = [
    {"power": "france", "type": "A", "province": "par"},
    {"power": "france", "type": "A", "province": "bur"},
    {"power": "france", "type": "F", "province": "eng"},
    {"power": "germany", "type": "A", "province": "mun"},
    {"power": "england", "type": "A", "province": "lon"},
    {"power": "russia", "type": "F", "province": "stp/sc"},
]


def _draw(marks: list[Mark], units=UNITS, dislodged=()) -> Image.Image:
    assert GEO is not None
    canvas = Canvas(int(GEO.size[0]), int(GEO.size[1]))
    frame = Frame(0, 0, SCALE)
    draw_board(canvas, GEO, BoardState(units, dislodged, {}), frame, labels=False)

    def locate(place):
        p = GEO.point(place[1])
        return None if p is None else (frame.at(p), frame)

    held = {(None, d["province"]) for d in dislodged}
    draw_marks(canvas, GEO, marks, locate, lambda p: p in held)
    return canvas.finish()


def _changed(marks: list[Mark], **kw) -> tuple[int, int, int, int] | None:
    return ImageChops.difference(_draw([], **kw), _draw(marks, **kw)).getbbox()


def _near(box, *locs: str, margin: float = 20) -> bool:
    """The changed box lies around the given places (and only there)."""
    points = [GEO.point(loc) for loc in locs]
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return (
        box[0] >= min(xs) - margin
        and box[2] <= max(xs) + margin
        and box[1] >= min(ys) - margin
        and box[3] <= max(ys) + margin
    )


def _red(image: Image.Image) -> int:
    """Pixels of about the failure red."""
    r, g, b = image.split()
    mask = ImageChops.multiply(
        r.point(lambda v: 255 if abs(v - FAIL[0]) < 40 else 0),
        ImageChops.multiply(
            g.point(lambda v: 255 if v < 60 else 0), b.point(lambda v: 255 if v < 60 else 0)
        ),
    )
    return mask.histogram()[255]


ORDERS = {
    "hold": ("A par H", ["par"]),
    "move": ("A par - pic", ["par", "pic"]),
    "support to hold": ("A par S A bur", ["par", "bur"]),
    "support to move": ("A par S A bur - mar", ["par", "bur", "mar"]),
    "convoy": ("F eng C A lon - bre", ["eng", "lon", "bre"]),
    "build": ("Build A par", ["par"]),
    "remove": ("Remove A par", ["par"]),
    "move to a coast": ("F stp/sc - bot", ["stp/sc", "bot"]),
}


@pytest.mark.parametrize("kind", sorted(ORDERS))
def test_every_order_kind_draws_where_its_units_are(kind: str) -> None:
    order, places = ORDERS[kind]
    marks = marks_of([{"power": "france", "order": order, "result": "succeeds"}])
    assert len(marks) == 1
    box = _changed(marks)
    assert box is not None, f"{kind} drew nothing"
    assert _near(box, *places), f"{kind} drew at {box}, not around {places}"


def test_a_retreat_starts_at_the_dislodged_unit_and_a_disband_is_crossed_out() -> None:
    dislodged = [{"power": "germany", "type": "A", "province": "mun"}]
    retreat = marks_of([{"power": "germany", "order": "A mun R boh", "result": "succeeds"}])
    assert _near(_changed(retreat, dislodged=dislodged), "mun", "boh")
    disband = marks_of([{"power": "germany", "order": "A mun D", "result": "succeeds"}])
    image = _draw(disband, dislodged=dislodged)
    assert _red(image) > _red(_draw([], dislodged=dislodged))


@pytest.mark.parametrize(
    ("order", "reason"),
    [
        ("A par - bur", "bounced"),
        ("A par S A bur - mar", "cut"),
        ("F eng C A lon - bre", "disrupted"),
    ],
)
def test_failed_orders_and_cut_supports_are_crossed_in_red(order: str, reason: str) -> None:
    ok = marks_of([{"power": "france", "order": order, "result": "succeeds"}])
    failed = marks_of([{"power": "france", "order": order, "result": "fails", "reason": reason}])
    assert failed[0].failed and not ok[0].failed
    assert _red(_draw(failed)) > _red(_draw(ok)) + 20


def test_invalid_replaced_and_unordered_hold_orders_are_not_drawn() -> None:
    orders = [
        {"power": "france", "order": "A par - mos", "result": "invalid"},
        {
            "power": "france",
            "order": "A par - pic",
            "result": "fails",
            "reason": "replaced by a later order",
        },
        {"power": "france", "order": None, "text": "A par - xyz", "result": "invalid"},
    ]
    assert marks_of(orders) == []


def test_multiverse_places_name_their_board() -> None:
    assert place_of(MLoc(1, 1901, Season.FALL, "spa")) == ((1, "F1901"), "spa")
    assert place_of(MLoc(2, 1902, Season.SPRING, "stp/nc")) == ((2, "S1902"), "stp/nc")
    assert place_of("par", (3, "W1901")) == ((3, "W1901"), "par")
    # the text of an order is read by the game's ruleset, not by the picture
    assert place_of("1:spa:F1901") == (None, "1:spa:f1901")
    order = {"power": "france", "order": "A 1:spa:F1901 - 1:gas:S1901", "result": "succeeds"}
    (mark,) = marks_of([order], read_location=MULTIVERSE_RULESET.read_location)
    assert (mark.at, mark.dest) == (((1, "F1901"), "spa"), ((1, "S1901"), "gas"))


# ------------------------------------------------------------------ goldens


def _case(name: str) -> dict:
    return json.loads((CASES / f"{name}.json").read_text())


def _pictures() -> dict[str, bytes]:
    battle, retreats, fork = _case("f1902m_battle"), _case("f1902r_retreats"), _case("mv_fork")
    return {
        "standard-movement": results_picture(
            VARIANT, battle["before"], battle["result"], "foo", picture=BOARD_PICTURE
        ).png,
        "standard-retreats": results_picture(
            VARIANT, retreats["before"], retreats["result"], "foo", picture=BOARD_PICTURE
        ).png,
        "multiverse-fork": world_picture(
            fork["answer"],
            VARIANT,
            "multi",
            "F1901M",
            read_location=MULTIVERSE_RULESET.read_location,
        ).png,
    }


@pytest.mark.parametrize("name", ["standard-movement", "standard-retreats", "multiverse-fork"])
def test_golden_pictures(name: str) -> None:
    png = _pictures()[name]
    path = GOLDEN / f"{name}.png"
    if os.environ.get("MAPS_UPDATE_GOLDEN"):
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(png)
    got = Image.open(io.BytesIO(png)).convert("RGB")
    want = Image.open(path).convert("RGB")
    assert got.size == want.size
    diff = ImageChops.difference(got, want).convert("L")
    histogram = diff.histogram()
    total = got.size[0] * got.size[1]
    far = sum(histogram[40:]) / total
    mean = sum(i * n for i, n in enumerate(histogram)) / total
    assert far < 0.003 and mean < 1.5, f"{name}: {far:.2%} of pixels off, mean {mean:.2f}"


def test_golden_comparison_notices_a_changed_position() -> None:
    """The tolerance is small enough that a unit more on the board fails it."""
    battle = _case("f1902m_battle")
    result = dict(battle["result"])
    result["units"] = [*result["units"], {"power": "turkey", "type": "F", "province": "nth"}]
    png = results_picture(VARIANT, battle["before"], result, "foo", picture=BOARD_PICTURE).png
    got = Image.open(io.BytesIO(png)).convert("RGB")
    want = Image.open(GOLDEN / "standard-movement.png").convert("RGB")
    diff = ImageChops.difference(got, want).convert("L").histogram()
    assert sum(diff[40:]) > 100
