"""What an Outer Space picture adds to the board: the armies in orbit and the colonies.

An Outer Space position (docs/variants.md, "Outer Space") names its empires per game
(``powers``, in order), keeps each empire's armies aboard its spacecraft as units at
``orb`` and lists each empire's ``colonies``.  The armies in orbit have no point on
the map: they are counted in an off-board panel, one glyph per empire in its colour;
a colonised province gets a ring in its coloniser's colour around its centre; an order
from (or into) orbit is drawn from (or to) the empire's glyph.  The empires' colours
come from :data:`PALETTE` by their order in the game, not from the map's powers.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from judge.maps.draw import BLACK, WHITE, Canvas, Frame, rgb
from judge.maps.geometry import Geometry, Point
from judge.maps.marks import Mark, Place
from judge.rules.outerspace.space import ORBIT

PANEL = 34  # pixels: the height of the orbit panel under the board
# the first seven apart under the common colour-vision deficiencies
# (tests/maps/test_palettes.py); the rest for larger games
PALETTE = (
    "#E10513",
    "#1D5CCD",
    "#1AA068",
    "#FFA223",
    "#AD819F",
    "#27CBE7",
    "#615B4F",
    "#E377C2",
    "#BCBD22",
    "#555555",
    "#7FDBFF",
    "#3D9970",
)


@dataclass(frozen=True)
class Space:
    """The Outer Space part of one position: the empires in order, the armies aboard
    each spacecraft, each empire's colonies."""

    empires: tuple[str, ...]
    aboard: Mapping[str, int]
    colonies: Mapping[str, tuple[str, ...]]


def space_of(doc: Mapping[str, Any], powers: Sequence[str] = ()) -> Space:
    """The orbit counts and colonies of ``doc``; the empires are ``powers`` (else the
    document's own ``powers``), then any other empire the document names, sorted."""
    units = doc.get("units") or []
    colonies = doc.get("colonies") or {}
    order = list(powers or doc.get("powers") or [])
    seen = {u["power"] for u in units} | set(colonies)
    order += sorted(seen - set(order))
    aboard = {e: sum(1 for u in units if u["power"] == e and u["province"] == ORBIT) for e in order}
    return Space(
        tuple(order), aboard, {e: tuple(cs) for e, cs in colonies.items() if e in set(order)}
    )


def on_the_map(units: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The units that stand on the map (not in orbit)."""
    return [u for u in units if u.get("province") != ORBIT]


def with_empire_colours(geo: Geometry, space: Space) -> Geometry:
    """``geo`` with the empires' colours from :data:`PALETTE`, by their order."""
    colours = {e: PALETTE[i % len(PALETTE)] for i, e in enumerate(space.empires)}
    return dataclasses.replace(geo, powers=colours, unit_marks={})


def orbit_place(power: str) -> str:
    """The location name an order from or into ``power``'s spacecraft is drawn at."""
    return f"{ORBIT}@{power}"


def orbit_marks(marks: Iterable[Mark]) -> list[Mark]:
    """The marks with ``orb`` (which spacecraft is the mark's power's) made the glyph's."""

    def moved(place: Place | None, power: str) -> Place | None:
        if place is None or place[1] != ORBIT:
            return place
        return (place[0], orbit_place(power))

    return [
        dataclasses.replace(
            m,
            at=moved(m.at, m.power) or m.at,
            dest=moved(m.dest, m.power),
            target=moved(m.target, m.power),
            target_dest=moved(m.target_dest, m.power),
        )
        for m in marks
    ]


def draw_colonies(canvas: Canvas, geo: Geometry, space: Space, frame: Frame) -> None:
    """A ring in the coloniser's colour around each colony's centre (or unit point)."""
    r = 3.2 * frame.scale * 1.9
    width = max(1.0, 1.2 * frame.scale)
    for empire in space.empires:
        colour = rgb(geo.colour(empire))
        for province in space.colonies.get(empire, ()):
            shape = geo.shapes.get(province)
            if shape is None:
                continue
            at = frame.at(shape.centre if shape.centre is not None else shape.unit)
            canvas.circle(at, r, None, BLACK, width * 2.0)
            canvas.circle(at, r, None, colour, width)
            canvas.note("colony", province, at, owner=empire)


def draw_panel(
    canvas: Canvas, geo: Geometry, space: Space, top: float, width: float
) -> dict[str, Point]:
    """The orbit panel (``PANEL`` high from ``top``): one spacecraft per empire in its
    colour with the number of armies aboard.  Returns each glyph's centre by its
    :func:`orbit_place`."""
    canvas.polygon(
        [(0, top), (width, top), (width, top + PANEL), (0, top + PANEL)],
        (22, 24, 48),
        None,
        0,
    )
    y = top + PANEL / 2
    canvas.text((8, y), "In orbit:", 11, WHITE, "lm")
    places: dict[str, Point] = {}
    slot = max(60.0, (width - 70) / max(1, len(space.empires)))
    slot = min(slot, 120.0)
    for i, empire in enumerate(space.empires):
        x = 78 + slot * i + 12
        colour = rgb(geo.colour(empire))
        canvas.polygon(
            [(x - 12, y + 1), (x - 5, y - 4), (x + 5, y - 4), (x + 12, y + 1), (x, y + 5)],
            colour,
            BLACK,
            1.0,
        )
        canvas.circle((x, y - 4), 4.5, colour, BLACK, 1.0)
        count = space.aboard.get(empire, 0)
        canvas.text((x + 16, y), f"{empire.capitalize()[:9]} x{count}", 10, WHITE, "lm")
        places[orbit_place(empire)] = (x, y)
        canvas.note("orbit", empire, (x, y), armies=count)
    return places
