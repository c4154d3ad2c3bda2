"""Where each province's code is written: never under a unit marker.

A unit may stand on any province (and on each coast of a split-coast one), so the
layout keeps every label clear of every place a unit can stand, whatever the
position: a label goes at the map's own label point when that is clear, else beside
its province's unit point (below, above, right, left, then the corners, then
further out), preferring places on its own province, clear of the centre marks and
of the labels already placed.  The layout depends only on the map and on how big
the units are drawn, so it is computed once per map and unit size.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from judge.maps.fonts import font
from judge.maps.geometry import Geometry, Point, inside

LABEL_SIZE = 7.5  # text height, map units
UNIT_RADIUS = 6.0  # map units, at detail size (draw.UNIT_RADIUS)
CENTRE_RADIUS = 3.2  # map units (draw_board's centre marks)

Box = tuple[float, float, float, float]  # left, top, right, bottom


@dataclass(frozen=True)
class Label:
    """A province's code and the box (map units) it is written in."""

    code: str
    text: str
    at: Point  # the middle of the text
    box: Box


def marker_box(p: Point, size: float) -> Box:
    """The box a unit marker of radius ``size`` at ``p`` covers: an army's disc or a
    fleet's hull and sail, whichever is larger on each side."""
    return (p[0] - 2.05 * size, p[1] - 2.25 * size, p[0] + 2.05 * size, p[1] + 1.05 * size)


def overlap(a: Box, b: Box) -> float:
    """The area two boxes share."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def text_size(text: str, size: float = LABEL_SIZE) -> tuple[float, float]:
    """Width and height (map units) of ``text`` written ``size`` high."""
    left, top, right, bottom = font(100).getbbox(text, anchor="mm")
    return (right - left) * size / 100, (bottom - top) * size / 100


def _box_at(p: Point, w: float, h: float) -> Box:
    return (p[0] - w / 2, p[1] - h / 2, p[0] + w / 2, p[1] + h / 2)


def _candidates(geo: Geometry, code: str, w: float, h: float, size: float) -> list[Point]:
    """Places to try for ``code``'s label, best first."""
    shape = geo.shapes[code]
    ux, uy = shape.unit
    pad = 1.2
    below = uy + 1.05 * size + h / 2 + pad
    above = uy - 2.25 * size - h / 2 - pad
    right = ux + 2.05 * size + w / 2 + pad
    left = ux - 2.05 * size - w / 2 - pad
    out = [shape.label]
    for step in (0.0, 1.0, 2.0):
        dy, dx = step * (h + pad), step * (w / 2 + pad)
        out += [
            (ux, below + dy),
            (ux, above - dy),
            (right + dx, uy - size * 0.6),
            (left - dx, uy - size * 0.6),
            (right + dx, below + dy),
            (left - dx, below + dy),
            (right + dx, above - dy),
            (left - dx, above - dy),
        ]
    return out


def layout(geo: Geometry, unit_scale: float = 1.0) -> dict[str, Label]:
    """Every province's label, clear of the unit markers if any place is (see the
    module's docstring); cached per map and ``unit_scale``."""
    return dict(_layout(_Key(geo), round(unit_scale, 3)))


class _Key:
    """A geometry as a cache key: the same shapes are the same map (Outer Space
    recolours a map but keeps its shapes)."""

    def __init__(self, geo: Geometry) -> None:
        self.geo = geo

    def __hash__(self) -> int:
        return id(self.geo.shapes)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Key) and other.geo.shapes is self.geo.shapes


@functools.lru_cache(maxsize=16)
def _layout(key: _Key, unit_scale: float) -> tuple[tuple[str, Label], ...]:
    geo = key.geo
    size = UNIT_RADIUS * unit_scale
    markers = [marker_box(p, size) for p in unit_points(geo)]
    centres = [
        _box_at(s.centre, 2 * CENTRE_RADIUS, 2 * CENTRE_RADIUS)
        for s in geo.shapes.values()
        if s.centre is not None
    ]
    placed: list[Label] = []
    for code in sorted(geo.shapes, key=lambda c: len(geo.shapes[c].label_text), reverse=True):
        shape = geo.shapes[code]
        w, h = text_size(shape.label_text)
        reach = _box_at(shape.unit, 2 * w + 12 * size, 4 * h + 12 * size)
        near = [m for m in markers if overlap(m, reach)]
        marks = [c for c in centres if overlap(c, reach)]
        others = [other.box for other in placed if overlap(other.box, reach)]
        best: tuple[float, ...] | None = None
        chosen = shape.label
        for rank, p in enumerate(_candidates(geo, code, w, h, size)):
            box = _box_at(p, w, h)
            hidden = sum(overlap(box, m) for m in near)
            if best is not None and hidden > best[1]:
                continue
            covers = sum(overlap(box, c) for c in marks)
            off = 0 if shape.is_node or inside(p, shape.outline) else 1
            crowded = sum(overlap(box, b) for b in others)
            score = (hidden > 0, hidden, covers > 0, off, crowded > 0, rank)
            if best is None or score < best:
                best, chosen = score, p
            if score[:5] == (False, 0, False, 0, False):
                break
        placed.append(Label(code, shape.label_text, chosen, _box_at(chosen, w, h)))
    return tuple(sorted((label.code, label) for label in placed))


def unit_points(geo: Geometry) -> Sequence[Point]:
    """Every place a unit can stand on the map (each province's and coast's point)."""
    return [
        p
        for s in geo.shapes.values()
        if s.kind != "impassable"
        for p in (s.unit, *s.coasts.values())
    ]
