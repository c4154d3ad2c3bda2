"""Plane geometry for the map tests: points in rings, distances between outlines."""

from __future__ import annotations

import math

from judge.maps.geometry import Geometry, Point, Ring, Shape, inside

__all__ = ["distance", "gap", "inside", "segment_distance", "topmost"]


def segment_distance(p: Point, a: Point, b: Point) -> float:
    """The distance from ``p`` to the segment ``a``-``b``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = dx * dx + dy * dy
    t = (
        0.0
        if length == 0
        else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length))
    )
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


def distance(p: Point, rings: tuple[Ring, ...]) -> float:
    """The distance from ``p`` to the nearest edge of ``rings``."""
    return min(
        segment_distance(p, a, b)
        for ring in rings
        for a, b in zip(ring, ring[1:] + ring[:1], strict=True)
    )


def topmost(geo: Geometry, p: Point) -> str | None:
    """The province drawn on top at ``p`` (shapes are drawn in order)."""
    over = [c for c, s in geo.shapes.items() if inside(p, s.outline)]
    return over[-1] if over else None


def _box(shape: Shape) -> tuple[float, float, float, float]:
    xs = [p[0] for ring in shape.outline for p in ring]
    ys = [p[1] for ring in shape.outline for p in ring]
    return min(xs), min(ys), max(xs), max(ys)


def gap(a: Shape, b: Shape) -> float:
    """How far apart two outlines are: 0 when they overlap or touch."""
    ax0, ay0, ax1, ay1 = _box(a)
    bx0, by0, bx1, by1 = _box(b)
    apart = max(bx0 - ax1, ax0 - bx1, by0 - ay1, ay0 - by1, 0.0)
    if apart > 0:
        return apart  # a lower bound, enough to tell far outlines apart
    if any(inside(p, b.outline) for ring in a.outline for p in ring) or any(
        inside(p, a.outline) for ring in b.outline for p in ring
    ):
        return 0.0
    return min(
        min(distance(p, b.outline) for ring in a.outline for p in ring),
        min(distance(p, a.outline) for ring in b.outline for p in ring),
    )
