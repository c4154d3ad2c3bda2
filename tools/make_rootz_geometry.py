"""Generate the Root Z map geometry from the standard map's geometry.

Usage::

    python tools/make_rootz_geometry.py            # write variants/rootz/map/geometry.json
    python tools/make_rootz_geometry.py --check    # exit 1 if the file in the repository differs

Root Z's board is the two-sheeted surface of w = sqrt(z - s), the branch point s in
Switzerland.  Every point of the standard map (``variants/standard/map/geometry.json``)
is drawn twice, once per sheet: its angle around s, measured from the cut, is halved
(plus pi on sheet 2) and its distance from s square-rooted.  The cut is a ray from s
towards the south-west corner; it runs between Marseilles, Spain and the Mid-Atlantic
Ocean on one side and Piedmont, the Gulf of Lyon, the Western Mediterranean and North
Africa on the other, so that those six borders join board 1 to board 2 as in
``tools/make_rootz.py``.

A province is never split: it lies on the sheet of its board by its unit point, and its
outline is unwrapped around that point, so a province that straddles the cut is drawn
whole and reaches over into the other sheet's half of the picture, where it meets its
neighbours across the cut.  Switzerland, which surrounds the branch point, is one
shape: its outline is walked twice.  Board 2's powers carry a second cue besides their
colour (a white dot on their units and centre marks, ``colours.unit_marks``).

The output is data derived from Martin Asal's map and stays under CC BY-SA (see
``variants/rootz/map/ATTRIBUTION.md``).  It is deterministic.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import tomllib
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
STANDARD = REPO / "variants" / "standard" / "map" / "geometry.json"
ROOTZ = REPO / "variants" / "rootz"
OUT = ROOTZ / "map" / "geometry.json"

POLE = "swi"  # the province holding the branch point (at its unit point)
CUT_ANGLE = math.radians(135.0)  # the cut's direction from the pole (y down: south-west)
TURN = math.radians(202.5)  # rotates board 1's north (halved) to point up
SCALE = 21.0  # output units per square-rooted map unit
STEP = 6.0  # longest segment mapped straight (longer ones are subdivided first)
MARGIN = 12.0
BOARDS = (1, 2)
SECOND_CUE = "#FFFFFF"  # the dot on board 2's units and centre marks

Point = tuple[float, float]


def _densify(ring: list[Point]) -> list[Point]:
    """The ring with every segment longer than :data:`STEP` subdivided evenly."""
    out: list[Point] = []
    for a, b in zip(ring, ring[1:] + ring[:1], strict=True):
        pieces = max(1, math.ceil(math.dist(a, b) / STEP))
        for i in range(pieces):
            t = i / pieces
            out.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
    return out


class Sheets:
    """The map w = sqrt(z - pole) onto two sheets, angles measured from the cut."""

    def __init__(self, pole: Point) -> None:
        self.pole = pole

    def angle(self, p: Point) -> float:
        """The angle of ``p`` around the pole from the cut, in [0, 2 pi)."""
        theta = math.atan2(p[1] - self.pole[1], p[0] - self.pole[0])
        return (theta - CUT_ANGLE) % math.tau

    def place(self, p: Point, phi: float, board: int) -> Point:
        """Where ``p``, at unwrapped angle ``phi`` from the cut, is drawn on ``board``."""
        r = math.dist(p, self.pole)
        alpha = phi / 2 + (board - 1) * math.pi + TURN
        rho = SCALE * math.sqrt(r)
        return (rho * math.cos(alpha), rho * math.sin(alpha))

    def near(self, p: Point, anchor_phi: float, anchor: Point) -> float:
        """The angle of ``p`` unwrapped to within pi of the anchor's angle."""
        d = self.angle(p) - self.angle(anchor)
        d = (d + math.pi) % math.tau - math.pi
        return anchor_phi + d

    def province(self, entry: dict[str, Any], board: int) -> dict[str, Any]:
        """A standard province's entry drawn on ``board`` (outline unwrapped around its
        unit point)."""
        anchor = tuple(entry["unit"])
        phi = self.angle(anchor)

        def put(p: list[float]) -> Point:
            q = (float(p[0]), float(p[1]))
            return self.place(q, self.near(q, phi, anchor), board)

        out: dict[str, Any] = {
            "kind": entry["kind"],
            "z": entry["z"],
            "outline": [[put(p) for p in _densify(_pts(r))] for r in entry["outline"]],
            "unit": put(entry["unit"]),
            "label": put(entry["label"]),
            "label_text": f"{entry['label_text']}{board}",
        }
        if "water" in entry:
            out["water"] = [[put(p) for p in _densify(_pts(r))] for r in entry["water"]]
        if "centre" in entry:
            out["centre"] = put(entry["centre"])
        if "coasts" in entry:
            out["coasts"] = {c: put(p) for c, p in entry["coasts"].items()}
        return out

    def around(self, entry: dict[str, Any]) -> dict[str, Any]:
        """The pole's province: its outline walked twice around the branch point."""
        ring = _densify(_pts(entry["outline"][0]))
        phis = [self.angle(ring[0])]
        for a, b in zip(ring, ring[1:] + ring[:1], strict=True):
            d = (self.angle(b) - self.angle(a) + math.pi) % math.tau - math.pi
            phis.append(phis[-1] + d)
        turn = phis[-1] - phis[0]
        if abs(abs(turn) - math.tau) > 1e-6:
            raise SystemExit(f"make_rootz_geometry: {POLE} does not surround the branch point")
        twice = [self.place(p, f, 1) for p, f in zip(ring, phis, strict=False)]
        twice += [self.place(p, f + turn, 1) for p, f in zip(ring, phis, strict=False)]
        middle = (0.0, 0.0)
        return {
            "kind": entry["kind"],
            "z": entry["z"],
            "outline": [twice],
            "unit": middle,
            "label": middle,
            "label_text": entry["label_text"],
        }


def _pts(ring: list[list[float]]) -> list[Point]:
    return [(float(x), float(y)) for x, y in ring]


def _shift(value: Any, dx: float, dy: float) -> Any:
    """Every point in ``value`` moved by (dx, dy) and rounded to 0.1."""
    if isinstance(value, tuple):
        return [round(value[0] + dx, 1), round(value[1] + dy, 1)]
    if isinstance(value, list):
        return [_shift(v, dx, dy) for v in value]
    if isinstance(value, dict):
        return {k: _shift(v, dx, dy) for k, v in value.items()}
    return value


def _points_of(value: Any) -> list[Point]:
    if isinstance(value, tuple):
        return [value]
    if isinstance(value, list):
        return [p for v in value for p in _points_of(v)]
    if isinstance(value, dict):
        return [p for v in value.values() for p in _points_of(v)]
    return []


def build(standard: dict[str, Any], variant: dict[str, Any]) -> dict[str, Any]:
    """The Root Z geometry document from the standard one and Root Z's ``variant.toml``."""
    shapes = standard["provinces"]
    sheets = Sheets(tuple(shapes[POLE]["unit"]))
    provinces: dict[str, Any] = {}
    for code, entry in shapes.items():
        if code == POLE:
            provinces[code] = sheets.around(entry)
            continue
        for board in BOARDS:
            provinces[f"{code}{board}"] = sheets.province(entry, board)
    points = _points_of(provinces)
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    dx, dy = MARGIN - min(xs), MARGIN - min(ys)
    colours = standard["colours"]
    powers, marks = {}, {}
    for code in variant["powers"]:
        base, board = code[:-1], int(code[-1])
        powers[code] = colours["powers"][base]
        if board == 2:
            marks[code] = SECOND_CUE
    return {
        "comment": "Derived from Martin Asal's Diplomacy.svg (CC BY-SA 3.0 DE) by "
        "tools/make_geometry.py and tools/make_rootz_geometry.py (the two sheets of "
        "sqrt(z - Switzerland)); see ATTRIBUTION.md and LICENSE in this folder.",
        "credit": standard["credit"],
        "size": [
            round(max(xs) - min(xs) + 2 * MARGIN, 1),
            round(max(ys) - min(ys) + 2 * MARGIN, 1),
        ],
        "colours": {
            "land": colours["land"],
            "sea": colours["sea"],
            "impassable": colours["impassable"],
            "powers": powers,
            "unit_marks": marks,
        },
        "provinces": _shift(provinces, dx, dy),
    }


def render() -> str:
    """The text of ``variants/rootz/map/geometry.json``."""
    standard = json.loads(STANDARD.read_text(encoding="utf-8"))
    with (ROOTZ / "variant.toml").open("rb") as handle:
        variant = tomllib.load(handle)
    return json.dumps(build(standard, variant), separators=(",", ":"), sort_keys=True) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args(argv)
    text = render()
    if args.check:
        if not OUT.is_file() or OUT.read_text(encoding="utf-8") != text:
            print(
                f"{OUT.relative_to(REPO)} differs: run tools/make_rootz_geometry.py",
                file=sys.stderr,
            )
            return 1
        return 0
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(text, encoding="utf-8")
    print(
        f"{OUT.relative_to(REPO)}: {len(json.loads(text)['provinces'])} provinces", file=sys.stderr
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
