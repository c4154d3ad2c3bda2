"""Drawing boards and order marks with Pillow.

A :class:`Canvas` is drawn at a supersampling factor and shrunk once at the end
(anti-aliasing without system libraries).  Besides the pixels it keeps a list of
what was drawn where (:class:`SceneItem`: provinces, nodes, edges, units, orders),
so tests can check a picture without reading pixels.  Boards are placed on it by a
:class:`Frame` (offset and scale from map units to canvas pixels), so one canvas can
hold one board or a grid of them, and marks may join points on different boards.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw

from judge.maps.fonts import font
from judge.maps.geometry import Geometry, Point, Shape
from judge.maps.labels import LABEL_SIZE, UNIT_RADIUS, Box, layout
from judge.maps.marks import BoardKey, Mark, Place

RGB = tuple[int, int, int]
BLACK: RGB = (0, 0, 0)
WHITE: RGB = (255, 255, 255)
FAIL: RGB = (220, 0, 0)
SUPERSAMPLE = 2
BOARD_SCALE = 1.5  # pixels per map unit of a single board
DISLODGED_OFFSET = (8.0, -8.0)  # map units, times the unit scale
EDGE_COLOURS: dict[str, RGB] = {
    "both": (150, 150, 150),
    "army": (205, 165, 105),
    "fleet": (90, 140, 210),
}
HALO: RGB = (255, 255, 240)  # around the labels, so they read over borders and lines
RAIL: RGB = (60, 60, 60)
CANAL: RGB = (30, 90, 200)


def rgb(colour: str) -> RGB:
    """``"#RRGGBB"`` -> ``(r, g, b)``."""
    value = colour.lstrip("#")
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


def mix(a: RGB, b: RGB, share_a: float) -> RGB:
    """``a`` and ``b`` blended, ``share_a`` of ``a``."""
    return tuple(round(x * share_a + y * (1 - share_a)) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


@functools.lru_cache(maxsize=2048)
def _text_tile(text: str, size: int, colour: RGB, halo: RGB) -> Image.Image:
    """``text`` written ``size`` pixels high in ``colour`` with a ``halo``, on a
    transparent tile just big enough, the text's middle at the tile's middle."""
    stroke = max(1, round(size / 7))
    face = font(size)
    left, top, right, bottom = face.getbbox(text, anchor="mm", stroke_width=stroke)
    half_w = max(-left, right) + 1
    half_h = max(-top, bottom) + 1
    tile = Image.new("RGBA", (2 * half_w, 2 * half_h), (*halo, 0))
    ImageDraw.Draw(tile).text(
        (half_w, half_h),
        text,
        fill=(*colour, 255),
        font=face,
        anchor="mm",
        stroke_width=stroke,
        stroke_fill=(*halo, 255),
    )
    return tile


@dataclass(frozen=True)
class Frame:
    """Where a board goes on the canvas: canvas point = offset + map point × scale."""

    x: float
    y: float
    scale: float
    unit_scale: float = 1.0  # units and marks drawn this much bigger (thumbnails)

    def at(self, p: Point) -> Point:
        return (self.x + p[0] * self.scale, self.y + p[1] * self.scale)


@dataclass
class BoardState:
    """One board to draw: its units, dislodged units and centre owners (plain data)."""

    units: Sequence[Mapping[str, Any]] = ()
    dislodged: Sequence[Mapping[str, Any]] = ()
    centres: Mapping[str, Sequence[str]] = field(default_factory=dict)
    key: BoardKey = None
    label: str = ""


@dataclass(frozen=True)
class SceneItem:
    """One thing drawn: its kind (``unit``, ``node``, ``edge``, ``order`` ...), what it
    is (a location, an edge ``a|b``, an order kind), where (canvas pixels), details."""

    kind: str
    key: str
    at: Point
    info: Mapping[str, Any] = field(default_factory=dict)


class Canvas:
    """A supersampled RGB image and the primitives the maps are made of."""

    def __init__(self, width: int, height: int, background: RGB = WHITE) -> None:
        self.width, self.height = width, height
        self.ss = SUPERSAMPLE
        self.image = Image.new("RGB", (width * self.ss, height * self.ss), background)
        self.draw = ImageDraw.Draw(self.image)
        self.scene: list[SceneItem] = []

    def note(self, kind: str, key: str, at: Point, **info: Any) -> None:
        """Record what was just drawn (no pixels change)."""
        self.scene.append(SceneItem(kind, key, at, info))

    def items(self, kind: str) -> list[SceneItem]:
        """The recorded items of one kind, in drawing order."""
        return [item for item in self.scene if item.kind == kind]

    def _p(self, p: Point) -> tuple[float, float]:
        return (p[0] * self.ss, p[1] * self.ss)

    def polygon(self, ring: Iterable[Point], fill: RGB, outline: RGB | None, width: float) -> None:
        pts = [self._p(p) for p in ring]
        self.draw.polygon(pts, fill=fill)
        if outline is not None and width > 0:
            self.draw.line([*pts, pts[0]], fill=outline, width=max(1, round(width * self.ss)))

    def line(self, pts: Sequence[Point], colour: RGB, width: float, dashed: bool = False) -> None:
        w = max(1, round(width * self.ss))
        if not dashed:
            self.draw.line([self._p(p) for p in pts], fill=colour, width=w, joint="curve")
            return
        dash = max(3.0, width * 2.5)
        for a, b in zip(pts, pts[1:], strict=False):
            length = math.dist(a, b)
            steps = max(1, int(length // dash))
            for i in range(0, steps, 2):
                t0, t1 = i / steps, min(1.0, (i + 1) / steps)
                p0 = (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0)
                p1 = (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)
                self.draw.line([self._p(p0), self._p(p1)], fill=colour, width=w)

    def circle(
        self, c: Point, r: float, fill: RGB | None, outline: RGB | None = None, width: float = 1
    ) -> None:
        x, y = self._p(c)
        rr = r * self.ss
        self.draw.ellipse(
            [x - rr, y - rr, x + rr, y + rr],
            fill=fill,
            outline=outline,
            width=max(1, round(width * self.ss)) if outline else 0,
        )

    def text(self, p: Point, text: str, size: float, colour: RGB = BLACK, anchor="mm") -> None:
        self.draw.text(
            self._p(p), text, fill=colour, font=font(round(size * self.ss)), anchor=anchor
        )

    def label(self, p: Point, text: str, size: float, colour: RGB, halo: RGB) -> None:
        """``text`` centred at ``p`` with a thin ``halo`` around its letters, stamped
        from a cache (a map writes the same codes on every board and every turn)."""
        tile = _text_tile(text, round(size * self.ss), colour, halo)
        x, y = self._p(p)
        self.image.paste(tile, (round(x - tile.width / 2), round(y - tile.height / 2)), tile)

    def cross(self, c: Point, r: float, width: float, colour: RGB = FAIL) -> None:
        for dx, dy in ((1, 1), (1, -1)):
            a = (c[0] - dx * r, c[1] - dy * r)
            b = (c[0] + dx * r, c[1] + dy * r)
            self.line([a, b], WHITE, max(width * 1.8, 2.7))
            self.line([a, b], colour, max(width, 1.5))  # bold enough to read when small

    def finish(self) -> Image.Image:
        """The picture at its final size: each pixel the mean of the supersampled
        pixels it covers (as smooth as a Lanczos filter here, and many times faster)."""
        return self.image.reduce(self.ss)


# ------------------------------------------------------------------ boards


def _owners(centres: Mapping[str, Sequence[str]]) -> dict[str, str]:
    return {c.split("/")[0]: power for power, cs in centres.items() for c in cs}


def draw_board(
    canvas: Canvas, geo: Geometry, board: BoardState, frame: Frame, *, labels: bool = True
) -> None:
    """The provinces (centres tinted by owner), centre marks, labels and units of a board."""
    owners = _owners(board.centres)
    land, sea, rock = rgb(geo.land), rgb(geo.sea), rgb(geo.impassable)
    edge = max(0.35, 0.5 * frame.scale)
    gw, gh = geo.size
    corners = [(0, 0), (gw, 0), (gw, gh), (0, gh)]
    canvas.polygon([frame.at(p) for p in corners], rock, None, 0)  # islands and the rest
    fills = {}
    for code, shape in geo.shapes.items():
        fill = sea if shape.kind == "sea" else rock if shape.kind == "impassable" else land
        if code in owners:
            fill = mix(rgb(geo.colour(owners[code])), land, 0.45)
        fills[code] = fill
        for ring in shape.outline:
            canvas.polygon([frame.at(p) for p in ring], fill, BLACK, edge)
        for ring in shape.water:
            canvas.polygon([frame.at(p) for p in ring], sea, BLACK, edge)
        if shape.outline:
            canvas.note("province", code, frame.at(shape.unit), fill=fill)
    _draw_edges_and_lines(canvas, geo, frame)
    for code, shape in geo.shapes.items():
        if shape.is_node:
            _draw_node(canvas, geo, shape, fills[code], frame, edge)
    for code, shape in geo.shapes.items():
        if shape.centre is not None:
            owner = owners.get(code)
            fill = rgb(geo.colour(owner)) if owner else WHITE
            r = 3.2 * frame.scale * min(frame.unit_scale, 1.3)
            at = frame.at(shape.centre)
            canvas.circle(at, r, fill, BLACK, edge)
            mark = geo.unit_mark(owner)
            if mark is not None:
                canvas.circle(at, r * 0.45, rgb(mark))
            canvas.note("centre", code, at, owner=owner)
    if labels:
        for label in layout(geo, frame.unit_scale).values():
            at = frame.at(label.at)
            canvas.label(at, label.text, LABEL_SIZE * frame.scale, (30, 30, 30), HALO)
            canvas.note("label", label.code, at, box=_scaled(label.box, frame))
    size = UNIT_RADIUS * frame.scale * frame.unit_scale
    for unit in board.units:
        p = geo.point(unit["province"])
        if p is not None:
            colour, mark = rgb(geo.colour(unit["power"])), geo.unit_mark(unit["power"])
            draw_unit(canvas, frame.at(p), unit["type"], colour, size, mark and rgb(mark))
            canvas.note(
                "unit", unit["province"], frame.at(p), power=unit["power"], type=unit["type"]
            )
    for unit in board.dislodged:
        p = dislodged_point(geo, unit["province"], frame)
        if p is not None:
            canvas.circle(p, size * 1.45, WHITE, FAIL, max(1.0, size * 0.28))
            colour, mark = rgb(geo.colour(unit["power"])), geo.unit_mark(unit["power"])
            draw_unit(canvas, p, unit["type"], colour, size * 0.9, mark and rgb(mark))
            canvas.note("dislodged", unit["province"], p, power=unit["power"], type=unit["type"])


def _scaled(box: Box, frame: Frame) -> Box:
    left, top = frame.at((box[0], box[1]))
    right, bottom = frame.at((box[2], box[3]))
    return (left, top, right, bottom)


def _draw_edges_and_lines(canvas: Canvas, geo: Geometry, frame: Frame) -> None:
    """The adjacencies the outlines do not show (grey for both unit types, tan for
    armies only, blue for fleets only), then the map's lines: a railway (black with
    white ties), a canal (dashed blue)."""
    width = max(0.6, 1.1 * frame.scale)
    for e in geo.edges:
        a, b = geo.point(e.a), geo.point(e.b)
        if a is None or b is None:
            continue
        pa, pb = frame.at(a), frame.at(b)
        canvas.line([pa, pb], EDGE_COLOURS.get(e.kind, EDGE_COLOURS["both"]), width)
        canvas.note("edge", f"{e.a}|{e.b}", pa, to=pb, type=e.kind)
    for line in geo.lines:
        pts = [frame.at(p) for p in line.points]
        if line.style == "canal":
            canvas.line(pts, CANAL, width * 2.2, dashed=True)
        else:
            canvas.line(pts, RAIL, width * 3.4)
            canvas.line(pts, WHITE, width * 1.4, dashed=True)
        if line.label and frame.scale * frame.unit_scale >= 1.0:
            a, b = max(zip(pts, pts[1:], strict=False), key=lambda ab: math.dist(*ab))
            mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2 - 9 * frame.scale)
            canvas.text(mid, line.label, 6.5 * frame.scale, RAIL)
        canvas.note("line", line.label or line.style, pts[0], points=pts, style=line.style)


def _draw_node(
    canvas: Canvas, geo: Geometry, shape: Shape, fill: RGB, frame: Frame, edge: float
) -> None:
    """A province of a schematic map: a square for a supply centre, else a disc; a
    split-coast province's coasts as small discs joined to it."""
    c = frame.at(shape.unit)
    r = geo.node_radius * frame.scale * min(frame.unit_scale, 1.3)
    for coast, point in sorted(shape.coasts.items()):
        p = frame.at(point)
        canvas.line([c, p], BLACK, edge * 1.5)
        canvas.circle(p, r * 0.55, fill, BLACK, edge)
        canvas.note("coast", f"{shape.code}/{coast}", p)
    if shape.centre is not None:
        x, y = c
        canvas.polygon(
            [(x - r, y - r), (x + r, y - r), (x + r, y + r), (x - r, y + r)], fill, BLACK, edge
        )
    else:
        canvas.circle(c, r, fill, BLACK, edge)
    canvas.note("node", shape.code, c, fill=fill, square=shape.centre is not None)


def dislodged_point(geo: Geometry, loc: str, frame: Frame) -> Point | None:
    """Where a dislodged unit at ``loc`` is drawn: beside the province's unit point."""
    p = geo.point(loc)
    if p is None:
        return None
    dx, dy = DISLODGED_OFFSET
    return frame.at((p[0] + dx * frame.unit_scale, p[1] + dy * frame.unit_scale))


def draw_unit(
    canvas: Canvas, c: Point, unit_type: str, colour: RGB, size: float, mark: RGB | None = None
) -> None:
    """An army (a disc) or a fleet (a hull with a sail) of ``size`` radius at ``c``;
    ``mark``: the colour of a dot on it that tells its power apart besides colour."""
    w = max(0.8, size * 0.18)
    if unit_type.upper() == "F":
        x, y, s = c[0], c[1], size / 6
        hull = [
            (x - 12 * s, y - 1 * s),
            (x - 6 * s, y + 5 * s),
            (x + 6 * s, y + 5 * s),
            (x + 12 * s, y - 1 * s),
        ]
        sail = [(x - 2 * s, y - 3 * s), (x + 9 * s, y - 3 * s), (x - 2 * s, y - 13 * s)]
        canvas.polygon(hull, colour, BLACK, w)
        canvas.polygon(sail, colour, BLACK, w)
        if mark is not None:
            canvas.circle((x, y + 2 * s), size * 0.3, mark, BLACK, w * 0.8)
    else:
        canvas.circle(c, size, colour, BLACK, w)
        if mark is not None:
            canvas.circle(c, size * 0.5, mark, BLACK, w * 0.8)
        canvas.circle(c, size * 0.32 if mark is None else size * 0.18, BLACK)


# ------------------------------------------------------------------ orders

Locate = Callable[[Place], "tuple[Point, Frame] | None"]


def _toward(a: Point, b: Point, by: float) -> Point:
    d = math.dist(a, b)
    if d <= by * 1.5 or d == 0:
        return b
    t = (d - by) / d
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def _curve(a: Point, b: Point, bend: float) -> list[Point]:
    """A gentle quadratic curve from ``a`` to ``b`` (straight when ``bend`` is 0)."""
    if bend == 0:
        return [a, b]
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    dx, dy = b[0] - a[0], b[1] - a[1]
    ctrl = (mx - dy * bend, my + dx * bend)
    out = []
    for i in range(17):
        t = i / 16
        out.append(
            (
                (1 - t) ** 2 * a[0] + 2 * (1 - t) * t * ctrl[0] + t * t * b[0],
                (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * ctrl[1] + t * t * b[1],
            )
        )
    return out


def _head(canvas: Canvas, tip: Point, before: Point, size: float, colour: RGB) -> None:
    ang = math.atan2(tip[1] - before[1], tip[0] - before[0])
    left = (tip[0] - size * math.cos(ang - 0.45), tip[1] - size * math.sin(ang - 0.45))
    right = (tip[0] - size * math.cos(ang + 0.45), tip[1] - size * math.sin(ang + 0.45))
    canvas.polygon([tip, left, right], colour, BLACK, max(0.6, size * 0.12))


def _stroke(canvas: Canvas, pts: list[Point], colour: RGB, width: float, dashed: bool) -> None:
    canvas.line(pts, BLACK, width * 1.9, dashed)
    canvas.line(pts, colour, width, dashed)


def _middle(pts: list[Point]) -> Point:
    return (
        pts[len(pts) // 2]
        if len(pts) > 2
        else ((pts[0][0] + pts[1][0]) / 2, (pts[0][1] + pts[1][1]) / 2)
    )


def draw_marks(
    canvas: Canvas,
    geo: Geometry,
    marks: Iterable[Mark],
    locate: Locate,
    dislodged: Callable[[Place], bool] = lambda _p: False,
) -> None:
    """Draw the orders: arrows for moves and retreats, lines for supports and convoys,
    rings for holds and builds, crosses for removals; failed orders dashed and crossed."""
    marks = list(marks)
    for mark in sorted(marks, key=lambda m: m.kind in ("move", "retreat")):
        found = locate(mark.at)
        if found is None:
            continue
        src, frame = found
        if mark.kind == "retreat" or (mark.kind == "disband" and dislodged(mark.at)):
            src = dislodged_point(geo, mark.at[1], frame) or src
        unit = UNIT_RADIUS * frame.scale * frame.unit_scale
        width = max(1.0, unit * 0.38)
        colour = rgb(geo.colour(mark.power))
        if mark.kind in ("move", "retreat") and mark.dest is not None:
            _arrow(canvas, geo, src, mark, locate, colour, width, unit)
        elif mark.kind in ("support", "convoy") and mark.target is not None:
            _support(canvas, src, mark, locate, colour, width * 0.7, unit)
        elif mark.kind == "hold":
            canvas.circle(src, unit * 1.6, None, BLACK, width * 0.9)
            canvas.circle(src, unit * 1.6, None, colour, width * 0.45)
        elif mark.kind == "build":
            canvas.circle(src, unit * 1.7, None, (0, 150, 0), width * 0.8)
            canvas.text((src[0] + unit * 1.5, src[1] - unit * 1.5), "+", unit * 2.2, (0, 120, 0))
        elif mark.kind in ("remove", "disband"):
            draw_unit(canvas, src, mark.unit_type, mix(colour, WHITE, 0.35), unit * 0.9)
            canvas.cross(src, unit * 1.2, width * 0.8)
        towards = mark.dest or mark.target_dest or mark.target
        found_to = locate(towards) if towards is not None else None
        canvas.note(
            "order",
            mark.kind,
            src,
            power=mark.power,
            place=mark.at,
            to=found_to[0] if found_to else None,
            failed=mark.failed,
        )


def _route(geo: Geometry, mark: Mark, frame: Frame) -> list[Point] | None:
    """A move's path along a map line of its route's style (a railway), from the
    line's vertex at the unit to its vertex at the destination; None if there is none."""
    if not mark.route or mark.dest is None or mark.dest[0] != mark.at[0]:
        return None
    a, b = geo.point(mark.at[1]), geo.point(mark.dest[1])
    for line in geo.lines:
        if line.style != mark.route or a not in line.points or b not in line.points:
            continue
        i, j = line.points.index(a), line.points.index(b)
        path = line.points[i : j + 1] if i <= j else line.points[j : i + 1][::-1]
        if len(path) >= 2:
            return [frame.at(p) for p in path]
    return None


def _arrow(
    canvas: Canvas,
    geo: Geometry,
    src: Point,
    mark: Mark,
    locate: Locate,
    colour: RGB,
    width: float,
    unit: float,
) -> None:
    assert mark.dest is not None
    found = locate(mark.dest)
    if found is None:
        return
    dest, _frame = found
    if mark.kind == "retreat":  # the dislodged unit, where it stood before retreating
        canvas.circle(src, unit * 1.45, WHITE, FAIL, max(1.0, unit * 0.28))
        draw_unit(canvas, src, mark.unit_type, mix(colour, WHITE, 0.5), unit * 0.9)
    bend = 0.0 if mark.at[0] == mark.dest[0] else 0.18
    pts = _route(geo, mark, _frame) or _curve(src, dest, bend)
    canvas.note("path", mark.at[1], pts[0], points=list(pts))
    pts[-1] = _toward(pts[-2], pts[-1], unit * 0.9)
    _stroke(canvas, pts, colour, width, mark.failed)
    head = width * 3.2
    _head(canvas, pts[-1], pts[-2], head, colour)
    if mark.kind == "retreat":
        back = _toward(pts[-1], pts[-2], head * 0.7)
        _head(canvas, back, pts[-2], head * 0.9, colour)
    if mark.failed:
        canvas.cross(pts[-1], head * 0.8, width * 0.8)


def _support(
    canvas: Canvas, src: Point, mark: Mark, locate: Locate, colour: RGB, width: float, unit: float
) -> None:
    assert mark.target is not None
    found = locate(mark.target)
    if found is None:
        return
    target, _frame = found
    end = target
    if mark.target_dest is not None:
        to = locate(mark.target_dest)
        if to is not None:
            bend = 0.0 if mark.target[0] == mark.target_dest[0] else 0.18
            end = _middle(_curve(target, to[0], bend))
    cross_board = mark.at[0] != mark.target[0]
    pts = _curve(src, end, 0.12 if cross_board else 0.0)
    if mark.target_dest is None:
        pts[-1] = _toward(pts[-2], pts[-1], unit * 1.6)
    _stroke(canvas, pts, colour, width, mark.failed)
    if mark.kind == "convoy":
        x, y = pts[-1]
        r = width * 1.6
        canvas.polygon([(x, y - r), (x + r, y), (x, y + r), (x - r, y)], colour, BLACK, width * 0.5)
    else:
        canvas.circle(pts[-1], width * 1.4, colour, BLACK, width * 0.5)
    if mark.failed:
        canvas.cross(_middle(pts), max(width * 2.4, 4.5), width)
