"""Convert Martin Asal's standard map SVG into the judge's geometry file (run once).

Usage::

    python tools/make_geometry.py path/to/asal-diplomacy-2006.svg \
        [--variant variants/standard] [--out variants/standard/map/geometry.json]

The SVG is the ``Diplomacy.svg`` of Wikimedia Commons (CC BY-SA 3.0 DE, Martin Asal).
It has one ``<g title="Full Name">`` per province with ``<polygon>``s classed ``l``
(land), ``w`` (water) or ``s`` (Switzerland); the split-coast provinces are drawn as
two open ``<polyline>`` halves (``Spain (nc)``, ``Spain (sc)``); a DTD of entities gives
each province's unit point (``Spain``), its centre mark (``scSpain``) and each coast's
unit point (``Spain__nc``).  The province names are matched to the variant's codes by
the names in its ``map.toml``; the land and sea colours come from the SVG's style
classes, the power colours from :data:`POWER_COLOURS` (chosen so that every two stay
apart under the common colour-vision deficiencies: tests/maps/test_palettes.py).

The output (see docs/maps.md) is data derived from the SVG and stays under CC BY-SA.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}"
KINDS = {"l": "land", "w": "sea", "s": "impassable"}
CREDIT = "Map after Martin Asal (Wikimedia Commons), CC BY-SA 3.0"
# the SVG's hues (red Austria, blue England, ...) moved apart for colour-blind readers
POWER_COLOURS = {
    "austria": "#D10503",
    "england": "#1346E4",
    "france": "#7FD4F9",
    "germany": "#5A5A5A",
    "italy": "#57AD61",
    "russia": "#B778B8",
    "turkey": "#F7DC3C",
}


def _norm(name: str) -> str:
    return re.sub(r"[^a-z]", "", name.lower())


def _pairs(numbers: list[float]) -> list[list[float]]:
    return [[numbers[i], numbers[i + 1]] for i in range(0, len(numbers) - 1, 2)]


def _points(text: str) -> list[list[float]]:
    """``"1,2 3,4"`` or ``"1 2 3,4"`` -> ``[[1, 2], [3, 4]]``."""
    return _pairs([float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", text)])


def _arc(start, end, r, large, sweep, steps=10) -> list[list[float]]:
    """Points along an SVG circular arc (rx = ry = r, no rotation), end included."""
    x1, y1 = start
    x2, y2 = end
    hx, hy = (x1 - x2) / 2, (y1 - y2) / 2
    d2 = hx * hx + hy * hy
    r = max(r, math.sqrt(d2))
    coef = math.sqrt(max(0.0, (r * r - d2) / d2)) * (-1 if large == sweep else 1)
    cx, cy = coef * hy + (x1 + x2) / 2, -coef * hx + (y1 + y2) / 2
    a1 = math.atan2(y1 - cy, x1 - cx)
    delta = math.atan2(y2 - cy, x2 - cx) - a1
    if sweep and delta < 0:
        delta += 2 * math.pi
    if not sweep and delta > 0:
        delta -= 2 * math.pi
    return [
        [
            round(cx + r * math.cos(a1 + delta * i / steps), 1),
            round(cy + r * math.sin(a1 + delta * i / steps), 1),
        ]
        for i in range(1, steps + 1)
    ]


def _path(d: str) -> list[list[float]]:
    """The outline of a path made of absolute M, L, A and Z commands."""
    out: list[list[float]] = []
    for cmd, args in re.findall(r"([MLAZ])([^MLAZ]*)", d):
        nums = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", args)]
        if cmd in "ML":
            out.extend(_pairs(nums))
        elif cmd == "A":
            for i in range(0, len(nums), 7):
                r, _ry, _rot, large, sweep, x, y = nums[i : i + 7]
                out.extend(_arc(out[-1], [x, y], r, int(large), int(sweep)))
    return out


def _xy(text: str) -> list[float]:
    x, y = text.split(",")
    return [float(x), float(y)]


def _entities(svg_text: str) -> dict[str, list[float]]:
    return {m[0]: _xy(m[1]) for m in re.findall(r'<!ENTITY (\S+) "([^"]+)">', svg_text)}


def _join(halves: list[list[list[float]]]) -> list[list[float]]:
    """One closed ring from open polylines that share their end points."""
    ring = list(halves[0])
    rest = [list(h) for h in halves[1:]]
    while rest:
        for half in rest:
            if half[0] == ring[-1] or half[-1] == ring[-1]:
                rest.remove(half)
                ring.extend((half if half[0] == ring[-1] else half[::-1])[1:])
                break
        else:
            raise SystemExit("split-coast halves do not join")
    while len(ring) > 1 and ring[-1] in ring[:-1]:
        ring.pop()
    return ring


def _inside(p: list[float], rings: list[list[list[float]]]) -> bool:
    x, y = p
    hit = False
    for ring in rings:
        for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                hit = not hit
    return hit


def topmost(p: list[float], provinces: dict[str, dict]) -> str | None:
    """The province drawn on top at ``p`` (the SVG paints later shapes over earlier ones)."""
    over = [c for c, v in provinces.items() if _inside(p, v["outline"])]
    return max(over, key=lambda c: provinces[c]["z"]) if over else None


def _settle_points(provinces: dict[str, dict]) -> None:
    """Move a unit, centre or coast point that the SVG puts on or just over its
    province's border (Clyde's unit point) a little toward the label until it is
    inside (a point drawn on top of the province)."""
    for code, prov in provinces.items():
        named = [("unit", prov.get("unit")), ("centre", prov.get("centre"))]
        named += [(f"coast {c}", v) for c, v in prov.get("coasts", {}).items()]
        for what, point in named:
            if point is None or topmost(point, provinces) == code:
                continue
            target = prov["label"]
            for step in range(1, 21):
                t = step / 20
                moved = [
                    round(point[0] + (target[0] - point[0]) * t, 1),
                    round(point[1] + (target[1] - point[1]) * t, 1),
                ]
                if topmost(moved, provinces) == code:
                    print(f"{code}: {what} point {point} moved to {moved}", file=sys.stderr)
                    point[:] = moved
                    break
            else:
                raise SystemExit(f"{code}: {what} point {point} is not on the province")


def convert(svg_path: Path, variant_dir: Path) -> dict:
    """The geometry document for the variant in ``variant_dir`` from the SVG."""
    text = svg_path.read_text(encoding="iso-8859-1")
    points = _entities(text)
    root = ET.fromstring(text.encode("iso-8859-1"))
    provinces_toml = tomllib.loads((variant_dir / "map.toml").read_text())["provinces"]
    variant_toml = tomllib.loads((variant_dir / "variant.toml").read_text())
    code_of = {_norm(p["name"]): code for code, p in provinces_toml.items()}
    code_of[_norm("Switzerland")] = "swi"

    groups: dict[str, dict] = {}
    for g in root.findall(f"{SVG}g"):
        title = (g.get("title") or "").replace("_", " ")
        match = re.fullmatch(r"(.+?)(?: \((\w\w)\))?", title)
        assert match is not None
        name = match.group(1)
        code = code_of.get(_norm(name))
        shapes = [e for e in g if e.tag in (f"{SVG}polygon", f"{SVG}polyline", f"{SVG}path")]
        if code is None or not shapes:
            continue  # the centre and unit layers of the starting position
        entry = groups.setdefault(
            code,
            {
                "name": name,
                "kind": None,
                "outline": [],
                "halves": [],
                "water": [],
                "z": len(groups),
            },
        )
        for shape in shapes:
            cls = shape.get("class")
            ring = (
                _path(shape.get("d", ""))
                if shape.tag == f"{SVG}path"
                else _points(shape.get("points", ""))
            )
            if shape.tag == f"{SVG}polyline":
                entry["halves"].append(ring)
                entry["kind"] = entry["kind"] or KINDS[cls]
            elif entry["outline"] and cls == "w":
                entry["water"].append(ring)  # a strait drawn across the land
            else:
                entry["outline"].append(ring)
                entry["kind"] = entry["kind"] or KINDS[cls]
        label = g.find(f"{SVG}text")
        if label is not None:
            entry["label"] = [float(label.get("x")), float(label.get("y"))]
            entry["label_text"] = label.text.strip()

    out: dict[str, dict] = {}
    for code, entry in sorted(groups.items()):
        key = entry["name"].replace(" ", "_").replace("Mid_Atlantic", "Mid-Atlantic")
        prov: dict = {
            "z": entry["z"],  # drawing order: later shapes cover earlier ones (North Sea)
            "kind": entry["kind"],
            "outline": entry["outline"] + ([_join(entry["halves"])] if entry["halves"] else []),
        }
        if entry["water"]:
            prov["water"] = entry["water"]
        if key in points:
            prov["unit"] = points[key]
        if "sc" + key in points:
            prov["centre"] = points["sc" + key]
        coasts = {
            c: points[f"{key}__{c}"] for c in ("nc", "sc", "ec", "wc") if f"{key}__{c}" in points
        }
        if coasts:
            prov["coasts"] = coasts
        prov["label"] = entry.get("label", prov.get("unit"))
        prov["label_text"] = entry.get("label_text", code.capitalize())
        out[code] = prov
    _settle_points(out)
    missing = sorted(set(provinces_toml) - set(out))
    if missing:
        raise SystemExit(f"provinces not found in the SVG: {missing}")

    style = re.findall(r"\.(\w+)[, .\w\t]*\{fill:(#[0-9A-Fa-f]{6})", text)
    colour = {name: value.upper() for name, value in style}
    powers = {code: POWER_COLOURS[code] for code in variant_toml["powers"] if code in POWER_COLOURS}
    width, height = (float(v) for v in root.get("viewBox", "0 0 0 0").split()[2:])
    return {
        "comment": "Derived from Martin Asal's Diplomacy.svg (CC BY-SA 3.0 DE) by "
        "tools/make_geometry.py; see ATTRIBUTION.md and LICENSE in this folder.",
        "credit": CREDIT,
        "size": [width, height],
        "colours": {
            "land": colour["l"],
            "sea": colour["w"],
            "impassable": colour["s"],
            "powers": powers,
        },
        "provinces": out,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("svg", type=Path)
    parser.add_argument("--variant", type=Path, default=Path("variants/standard"))
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    doc = convert(args.svg, args.variant)
    out = args.out or args.variant / "map" / "geometry.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(doc, separators=(",", ":"), sort_keys=True) + "\n")
    print(f"{out}: {len(doc['provinces'])} provinces", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
