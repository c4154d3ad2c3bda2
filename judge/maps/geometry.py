"""A variant's map geometry: province outlines, unit and centre points, colours.

Read from ``<variant directory>/map/geometry.json`` (format: docs/maps.md); a variant
that plays another's map (``map = "standard"`` in its ``variant.toml``) and has no
geometry file of its own is drawn with that variant's geometry.
Coordinates are in the map's own units (``size`` wide and high, y down).  A map
gives every province an outline (drawn from artwork, computed, or partitioned from
coastlines); a schematic map would give none: its provinces are drawn as nodes at
their unit points.  A map's ``edges`` are the adjacencies its outlines do not show
(all of them on a schematic map), drawn as thin lines, and its ``lines`` (a
railway, a canal) are drawn under the units.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judge.variant.data import VariantError, load_variant

GEOMETRY_FILE = Path("map") / "geometry.json"

Point = tuple[float, float]
Ring = tuple[Point, ...]


@dataclass(frozen=True)
class Shape:
    """One province as drawn: its kind, outline rings and points."""

    code: str
    kind: str  # land, sea or impassable
    outline: tuple[Ring, ...]
    unit: Point
    label: Point
    label_text: str
    water: tuple[Ring, ...] = ()
    centre: Point | None = None
    coasts: dict[str, Point] = field(default_factory=dict)
    z: int = 0  # drawing order: later shapes are drawn over earlier ones

    @property
    def is_node(self) -> bool:
        """Whether the province is drawn as a node (a schematic map: no outline)."""
        return not self.outline


@dataclass(frozen=True)
class Edge:
    """An adjacency the outlines do not show: two locations and who may cross."""

    a: str
    b: str
    kind: str  # army, fleet or both


@dataclass(frozen=True)
class Line:
    """A line drawn on the map under the provinces' nodes (a railway, a canal)."""

    points: tuple[Point, ...]
    style: str  # rail or canal
    label: str = ""


@dataclass(frozen=True)
class Geometry:
    """The geometry of one variant's map."""

    size: tuple[float, float]
    shapes: dict[str, Shape]  # in drawing order
    land: str
    sea: str
    impassable: str
    powers: dict[str, str]  # power code -> "#RRGGBB"
    credit: str
    unit_marks: dict[str, str] = field(default_factory=dict)  # power -> a second cue's colour
    edges: tuple[Edge, ...] = ()
    lines: tuple[Line, ...] = ()
    node_radius: float = 9.0

    def point(self, loc: str) -> Point | None:
        """Where a unit at ``loc`` (``par``, ``spa/nc``) stands; None for unknown places."""
        province, _, coast = loc.lower().partition("/")
        shape = self.shapes.get(province)
        if shape is None:
            return None
        return shape.coasts.get(coast, shape.unit) if coast else shape.unit

    def colour(self, power: str) -> str:
        """The power's colour (grey for powers the file does not know)."""
        return self.powers.get(power, "#A0A0A0")

    def unit_mark(self, power: str | None) -> str | None:
        """The colour of the dot that tells the power apart besides its colour, if any."""
        return self.unit_marks.get(power) if power else None


def inside(p: Point, rings: Iterable[Ring]) -> bool:
    """Whether ``p`` lies inside ``rings`` (even-odd rule over all of them)."""
    x, y = p
    hit = False
    for ring in rings:
        for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                hit = not hit
    return hit


def _point(value: Any) -> Point:
    return (float(value[0]), float(value[1]))


def _ring(value: Any) -> Ring:
    return tuple(_point(p) for p in value)


def parse_geometry(doc: dict[str, Any]) -> Geometry:
    """A :class:`Geometry` from the parsed JSON document."""
    shapes = {}
    for code, p in doc["provinces"].items():
        shapes[code] = Shape(
            code=code,
            kind=p["kind"],
            outline=tuple(_ring(r) for r in p.get("outline", ())),
            unit=_point(p["unit"]),
            label=_point(p.get("label", p["unit"])),
            label_text=p.get("label_text", code.capitalize()),
            water=tuple(_ring(r) for r in p.get("water", ())),
            centre=_point(p["centre"]) if "centre" in p else None,
            coasts={c: _point(v) for c, v in p.get("coasts", {}).items()},
            z=int(p.get("z", 0)),
        )
    shapes = dict(sorted(shapes.items(), key=lambda item: item[1].z))
    colours = doc["colours"]
    return Geometry(
        size=(float(doc["size"][0]), float(doc["size"][1])),
        shapes=shapes,
        land=colours["land"],
        sea=colours["sea"],
        impassable=colours.get("impassable", colours["land"]),
        powers=dict(colours.get("powers", {})),
        credit=doc.get("credit", ""),
        unit_marks=dict(colours.get("unit_marks", {})),
        edges=tuple(Edge(str(a), str(b), str(kind)) for a, b, kind in doc.get("edges", ())),
        lines=tuple(
            Line(_ring(line["points"]), str(line.get("style", "rail")), str(line.get("label", "")))
            for line in doc.get("lines", ())
        ),
        node_radius=float(doc.get("node_radius", 9.0)),
    )


@functools.lru_cache(maxsize=16)
def _load(path: Path) -> Geometry:
    return parse_geometry(json.loads(path.read_text(encoding="utf-8")))


def geometry_for(variant_directory: Path) -> Geometry | None:
    """The geometry of the variant in ``variant_directory`` (or of the variant whose map
    it plays), or None if it has none."""
    directory = Path(variant_directory)
    path = directory / GEOMETRY_FILE
    if not path.is_file():
        try:
            shared = load_variant(directory).map_directory
        except VariantError:
            return None
        path = Path(shared) / GEOMETRY_FILE
        if not path.is_file():
            return None
    return _load(path.resolve())
