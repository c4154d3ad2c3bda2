"""Pictures a player can read (issue 26 item 9): every start and results picture of
every kind of game shows a single board at least 900 px wide, or in a multiverse grid
its active and changed boards at least 600 px wide each; every legible board carries
every province's code, and no code lies under a place a unit can stand."""

from __future__ import annotations

import functools
import io

import pytest
from PIL import Image

from judge.maps.draw import Canvas
from judge.maps.geometry import geometry_for
from judge.maps.labels import UNIT_RADIUS, layout, marker_box, overlap, unit_points
from judge.variant.data import load_variant
from tests.maps.mails import GAMES, Played, play

SINGLE = 900  # px: the least width of a single board
IN_A_GRID = 600  # px: the least width of an active or changed board of a grid
# (Colonial's map is wider than the standard one: its grid boards are wider still)
MAPS = ("standard", "rootz", "colonial")


@functools.cache
def _played(name: str) -> Played:
    return play(name)


def _boards(canvas: Canvas) -> list:
    return canvas.items("board")


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("which", ["start", "results"])
def test_the_boards_shown_are_legibly_wide(name: str, which: str) -> None:
    played = _played(name)
    canvas = played.start_canvas if which == "start" else played.results_canvas
    picture = played.start if which == "start" else played.results
    boards = _boards(canvas)
    assert boards, "no board drawn"
    geo = geometry_for(load_variant(GAMES[name][0]).directory)
    assert geo is not None
    if len(boards) == 1:
        assert boards[0].info["width"] >= SINGLE
    else:
        shown = [b for b in boards if b.info["highlighted"]]
        assert shown and all(b.info["width"] >= IN_A_GRID for b in shown), [
            (b.key, b.info["width"]) for b in boards
        ]
        # and never under a pixel per map unit, where the codes are 7.5 px high
        assert all(b.info["width"] >= geo.size[0] for b in shown)
    width, _height = Image.open(io.BytesIO(picture.png)).size
    assert width == canvas.width >= int(max(b.info["width"] for b in boards))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_legible_board_carries_every_province_code(name: str) -> None:
    played = _played(name)
    variant, _rules, _ = GAMES[name]
    geo = geometry_for(load_variant(variant).directory)
    assert geo is not None
    for canvas in (played.start_canvas, played.results_canvas):
        legible = [b for b in _boards(canvas) if b.info["legible"]]
        labels = canvas.items("label")
        assert legible and len(labels) == len(legible) * len(geo.shapes)
        assert {item.key for item in labels} == set(geo.shapes)


@pytest.mark.parametrize("variant", MAPS)
@pytest.mark.parametrize("unit_scale", [1.0])
def test_no_province_code_lies_under_a_unit(variant: str, unit_scale: float) -> None:
    """The layout keeps every code clear of every place a unit can stand (its own
    province's and its neighbours')."""
    geo = geometry_for(load_variant(variant).directory)
    assert geo is not None
    labels = layout(geo, unit_scale)
    assert set(labels) == set(geo.shapes)
    markers = [marker_box(p, UNIT_RADIUS * unit_scale) for p in unit_points(geo)]
    hidden = [code for code, label in labels.items() if any(overlap(label.box, m) for m in markers)]
    assert hidden == []


def test_labels_are_drawn_where_the_layout_puts_them() -> None:
    played = _played("colonial")
    geo = geometry_for(load_variant("colonial").directory)
    assert geo is not None
    drawn = {item.key: item.info["box"] for item in played.results_canvas.items("label")}
    units = [u.at for u in played.results_canvas.items("unit")]
    size = UNIT_RADIUS * 1.5  # BOARD_SCALE
    for code, box in drawn.items():
        assert not any(overlap(box, marker_box(p, size)) for p in units), code
