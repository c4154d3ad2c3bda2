"""Generate the Colonial map geometry: territories on real coastlines.

Usage::

    python tools/make_colonial_geometry.py --coastline land-50m.json   # refresh land.json
    python tools/make_colonial_geometry.py            # write variants/colonial/map/geometry.json
    python tools/make_colonial_geometry.py --check    # exit 1 if the file in the repository differs

No drawing of the Colonial map with a licence this project can use is known, so the
judge draws its own from public-domain data:

1. ``variants/colonial/map/land.json``: the land of Natural Earth's 1:50m physical
   vectors (public domain; the npm package ``world-atlas`` ships them as TopoJSON,
   ``land-50m.json``), cut to the map's window of longitude and latitude and slightly
   simplified.  Made by ``--coastline``; kept in the repository, so the rest needs
   no download.
2. Each province stands at a real place (``places.toml``: latitude and longitude),
   with optional extra ``seeds`` that shape large or stylised provinces.  The land is
   shared out among the land provinces and the water among the seas by Voronoi cells
   around their places and seeds (in the projected plane), each cell clipped to the
   land or the water; an island with no place of its own goes whole to the nearest
   land province if one is near, and land far from every place stays outside the
   game.  A lake (water with no sea place) stays water, drawn over the province
   around it.
3. Equirectangular projection, standard parallel 25 degrees north.  A unit stands at
   the point of its province farthest inside it (near its place); a split coast's
   fleet stands inside the province by the middle of the border with that coast's
   seas.
4. The game's adjacencies the territories do not show (provinces that touch in the
   game but not on the Earth, such as Moscow and Bokhara) are drawn as thin lines
   (``edges``); the Trans-Siberian Railroad through its stations and the Suez Canal
   from the Mediterranean through Suez to the Red Sea as ``lines``.

The output is deterministic.  shapely is needed to run this tool, not the judge.
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
VARIANT = REPO / "variants" / "colonial"
MAP = VARIANT / "map"
OUT = MAP / "geometry.json"
LAND = MAP / "land.json"

DEGREE = 9.0  # map units per degree of latitude
MID_LATITUDE = 25.0  # the equirectangular projection's standard parallel
WINDOW = (22.0, -16.0, 156.0, 62.0)  # west, south, east, north (degrees)
SIMPLIFY = 0.04  # degrees: the coastline's simplification
SMALLEST = 0.02  # square degrees: smaller islands are left out
REACH = 12.0  # degrees: land farther than this from every seed is outside the game
ISLAND_REACH = 4.0  # degrees: an island with no place goes to a province this near
ISLAND_AREA = 25.0  # square degrees: a larger one with no place stays outside the game
TOUCH = 1.0  # map units: provinces closer than this touch on the map
SUEZ = [(31.26, 32.30), (30.6, 32.3), (29.95, 32.55)]  # Port Said, Ismailia, Suez

COLOURS = {
    "land": "#FFFFDD",
    "sea": "#99CCFF",
    "impassable": "#E4E1D6",  # land outside the game
    "powers": {
        "britain": "#FC1B6E",
        "china": "#F9D806",
        "france": "#6485D9",
        "holland": "#EB9045",
        "japan": "#8A3AAA",
        "russia": "#348039",
        "turkey": "#3AB9B5",
    },
}
CREDIT = "Map drawn by the judge from Natural Earth coastlines (public domain)"

Point = tuple[float, float]


def _read(path: Path) -> dict[str, Any]:
    with path.open("rb") as handle:
        return tomllib.load(handle)


def project(lat: float, lon: float) -> Point:
    """Equirectangular: x east, y south, in map units, the window's north-west corner
    at the origin."""
    west, _south, _east, north = WINDOW
    return (
        (lon - west) * math.cos(math.radians(MID_LATITUDE)) * DEGREE,
        (north - lat) * DEGREE,
    )


# ------------------------------------------------------------ 1. the coastline


def _decode_topojson(doc: dict[str, Any]) -> list[list[list[list[float]]]]:
    """The land polygons (rings of [lon, lat]) of a world-atlas TopoJSON file."""
    sx, sy = doc["transform"]["scale"]
    tx, ty = doc["transform"]["translate"]
    arcs = []
    for arc in doc["arcs"]:
        x = y = 0
        points = []
        for dx, dy in arc:
            x, y = x + dx, y + dy
            points.append([x * sx + tx, y * sy + ty])
        arcs.append(points)

    def ring(indexes: list[int]) -> list[list[float]]:
        out: list[list[float]] = []
        for i in indexes:
            arc = arcs[i] if i >= 0 else arcs[~i][::-1]
            out.extend(arc if not out else arc[1:])
        return out

    polygons = []
    for geometry in doc["objects"]["land"]["geometries"]:
        parts = geometry["arcs"] if geometry["type"] == "MultiPolygon" else [geometry["arcs"]]
        polygons += [[ring(r) for r in part] for part in parts]
    return polygons


def extract_land(topojson: Path) -> dict[str, Any]:
    """``land.json``: the land inside :data:`WINDOW`, simplified, as rings of
    [lon, lat] rounded to 0.01 degree."""
    from shapely.geometry import MultiPolygon, Polygon, box

    polygons = [
        Polygon(rings[0], rings[1:]).buffer(0)
        for rings in _decode_topojson(json.loads(topojson.read_text()))
    ]
    window = box(*WINDOW)
    cut = [p.intersection(window) for p in polygons if p.intersects(window)]
    parts = []
    for shape in cut:
        for part in getattr(shape, "geoms", [shape]):
            if isinstance(part, Polygon):
                part = part.simplify(SIMPLIFY, preserve_topology=True)
                if part.area >= SMALLEST:
                    parts.append(part)
    parts.sort(key=lambda p: (-round(p.area, 4), p.bounds))

    def rounded(ring: Any) -> list[list[float]]:
        return [[round(x, 2), round(y, 2)] for x, y in ring.coords]

    land = MultiPolygon(parts)
    return {
        "comment": "Land from Natural Earth (public domain), 1:50m physical vectors "
        "(version 4.1.0, as TopoJSON in the npm package world-atlas 2.0.2), cut to "
        "the Colonial map's window and simplified by tools/make_colonial_geometry.py; "
        "see ATTRIBUTION.md in this folder.",
        "window": list(WINDOW),
        "polygons": [[rounded(p.exterior), *(rounded(r) for r in p.interiors)] for p in land.geoms],
    }


# ------------------------------------------------------------ 2. the territories


def _shapes(land_doc: dict[str, Any]) -> Any:
    from shapely.geometry import MultiPolygon, Polygon

    polygons = []
    for rings in land_doc["polygons"]:
        projected = [[project(lat, lon) for lon, lat in ring] for ring in rings]
        polygons.append(Polygon(projected[0], projected[1:]).buffer(0))
    return MultiPolygon(polygons)


def _cells(seeds: dict[str, list[Point]], envelope: Any) -> dict[str, Any]:
    """Each code's Voronoi region (the union of its seeds' cells)."""
    from shapely import voronoi_polygons
    from shapely.geometry import MultiPoint, Point
    from shapely.ops import unary_union

    owner = {}
    points = []
    for code in sorted(seeds):
        for p in seeds[code]:
            owner[(round(p[0], 6), round(p[1], 6))] = code
            points.append(p)
    cells = voronoi_polygons(MultiPoint(points), extend_to=envelope)
    found: dict[str, list[Any]] = {c: [] for c in seeds}
    for cell in cells.geoms:
        for p in points:
            if cell.contains(Point(p)):
                found[owner[(round(p[0], 6), round(p[1], 6))]].append(cell)
                break
    return {c: unary_union(parts) for c, parts in found.items()}


def _polygons(shape: Any) -> list[Any]:
    return [g for g in getattr(shape, "geoms", [shape]) if g.geom_type == "Polygon" and g.area > 0]


def _onto(shape: Any, p: Point) -> Point:
    """``p`` if it lies in ``shape``, else the nearest point a little inside it (a
    coastal city that the simplified coastline leaves in the water)."""
    from shapely.geometry import Point as P
    from shapely.ops import nearest_points

    if shape.contains(P(p)):
        return p
    inner = shape.buffer(-1.5)
    q = nearest_points(inner if not inner.is_empty else shape, P(p))[0]
    return (q.x, q.y)


def partition(
    land: Any, seeds: dict[str, list[Point]], kinds: dict[str, str]
) -> tuple[dict[str, Any], list[Any]]:
    """The region of every province and sea, and the lakes (water with no sea); land
    far from every place is in no region (outside the game)."""
    from shapely.geometry import Point, box
    from shapely.ops import unary_union

    west, south, east, north = WINDOW
    x0, y0 = project(north, west)
    x1, y1 = project(south, east)
    frame = box(x0, y0, x1, y1)
    water = frame.difference(land)
    seeds = {
        c: [_onto(water if kinds[c] == "sea" else land, p) for p in points]
        for c, points in seeds.items()
    }
    reach = REACH * DEGREE
    land_seeds = {c: s for c, s in seeds.items() if kinds[c] != "sea"}
    sea_seeds = {c: s for c, s in seeds.items() if kinds[c] == "sea"}
    regions: dict[str, list[Any]] = {c: [] for c in seeds}
    for piece in _polygons(land):
        inside = {c: s for c, s in land_seeds.items() if any(piece.contains(Point(p)) for p in s)}
        if not inside:
            nearest = min(
                land_seeds,
                key=lambda c: min(piece.distance(Point(p)) for p in land_seeds[c]),
            )
            gap = min(piece.distance(Point(p)) for p in land_seeds[nearest])
            small = piece.area <= ISLAND_AREA * DEGREE**2 * math.cos(math.radians(MID_LATITUDE))
            if gap <= ISLAND_REACH * DEGREE and small:
                regions[nearest].append(piece)
            continue
        near = unary_union([Point(p).buffer(reach, 24) for s in inside.values() for p in s])
        for code, cell in _cells(inside, frame).items():
            regions[code].append(cell.intersection(piece).intersection(near))
    lakes = []
    for piece in _polygons(water):
        inside = {c: s for c, s in sea_seeds.items() if any(piece.contains(Point(p)) for p in s)}
        if not inside:
            lakes.append(piece)
            continue
        for code, cell in _cells(inside, frame).items():
            regions[code].append(cell.intersection(piece))
    merged = {c: unary_union(parts) for c, parts in regions.items()}
    return merged, lakes


def _rings(shape: Any) -> list[list[list[float]]]:
    out = []
    for polygon in _polygons(shape):
        out.append([[round(x, 1), round(y, 1)] for x, y in polygon.exterior.coords[:-1]])
        for hole in polygon.interiors:
            out.append([[round(x, 1), round(y, 1)] for x, y in hole.coords[:-1]])
    return out


def _inner_point(shape: Any, near: Point) -> Point:
    """A point well inside ``shape`` (its largest part), as near ``near`` as that allows."""
    from shapely import maximum_inscribed_circle
    from shapely.geometry import Point as P

    part = max(_polygons(shape), key=lambda p: p.area)
    circle = maximum_inscribed_circle(part, tolerance=0.5)
    centre = circle.coords[0]
    radius = math.dist(circle.coords[0], circle.coords[1])
    place = P(near)
    if part.contains(place) and part.exterior.distance(place) >= min(radius * 0.6, 9.0):
        return near
    return (centre[0], centre[1])


def _centre_point(region: Any, unit: Point) -> list[float]:
    """Where the supply-centre mark goes: beside the unit (up and right first), inside
    the province, as far from the unit as the province allows up to 11 map units."""
    from shapely.geometry import Point as P

    best, best_score = unit, -1.0
    for radius in (11.0, 9.0, 7.0, 5.0):
        for k in range(8):
            angle = math.radians(-40 - 45 * k)
            p = (unit[0] + radius * math.cos(angle), unit[1] + radius * math.sin(angle))
            if not region.contains(P(p)):
                continue
            room = region.boundary.distance(P(p))
            if room >= 2.5:
                return [round(p[0], 1), round(p[1], 1)]
            if room > best_score:
                best, best_score = p, room
    return [round(best[0], 1), round(best[1], 1)]


def _coast_point(region: Any, seas: list[Any], fallback: Point) -> Point:
    """Inside ``region``, by the middle of its border with ``seas``."""
    from shapely.geometry import Point as P
    from shapely.ops import unary_union

    border = region.buffer(0.8).intersection(unary_union([s.buffer(0.8) for s in seas]))
    if border.is_empty:
        return fallback
    mid = border.centroid
    pull = P(fallback)
    for share in (0.35, 0.5, 0.65, 0.8):
        p = P(mid.x + (pull.x - mid.x) * share, mid.y + (pull.y - mid.y) * share)
        if region.contains(p) and region.boundary.distance(p) > 3.0:
            return (p.x, p.y)
    return fallback


def build(
    land_doc: dict[str, Any],
    places: dict[str, list[float]],
    seeds_deg: dict[str, list[list[float]]],
    provinces: dict[str, Any],
    special: dict[str, Any],
) -> dict[str, Any]:
    """The geometry document (format: docs/maps.md)."""
    missing = sorted(set(provinces) ^ set(places))
    if missing:
        raise SystemExit(f"make_colonial_geometry: places.toml and map.toml differ: {missing}")
    land = _shapes(land_doc)
    kinds = {c: ("sea" if e["kind"] == "sea" else "land") for c, e in provinces.items()}
    seeds = {
        c: [project(*places[c]), *(project(*p) for p in seeds_deg.get(c, []))] for c in provinces
    }
    regions, lakes = partition(land, seeds, kinds)
    units = {c: _inner_point(regions[c], seeds[c][0]) for c in provinces}
    empty = sorted(c for c, r in regions.items() if r.is_empty)
    if empty:
        raise SystemExit(f"make_colonial_geometry: no region for {empty}")
    out: dict[str, Any] = {}
    for code, entry in sorted(provinces.items()):
        x, y = units[code]
        prov: dict[str, Any] = {
            "kind": kinds[code],
            "outline": _rings(regions[code]),
            "unit": [round(x, 1), round(y, 1)],
            "label": [round(x, 1), round(y + 14, 1)],
            "label_text": code.upper() if kinds[code] == "sea" else code.capitalize(),
            "z": 0 if kinds[code] == "sea" else 1,
        }
        if entry.get("supply_center"):
            prov["centre"] = _centre_point(regions[code], (x, y))
        if entry.get("coasts"):
            prov["coasts"] = {}
            for coast, dests in sorted(entry["fleet"].items()):
                seas = [regions[d.split("/")[0]] for d in dests if kinds[d.split("/")[0]] == "sea"]
                p = _coast_point(regions[code], seas, (x, y))
                prov["coasts"][coast] = [round(p[0], 1), round(p[1], 1)]
        out[code] = prov
    for lake in lakes:
        host = min(
            (c for c in provinces if kinds[c] != "sea"),
            key=lambda c: regions[c].distance(lake),
        )
        out[host].setdefault("water", []).extend(_rings(lake))
    rail = special["trans_siberian_railroad"]
    canal = special["suez_canal"]
    seas = canal["seas"]

    def pt(p: Point) -> list[float]:
        return [round(p[0], 1), round(p[1], 1)]

    lines = [
        {
            "label": rail["name"],
            "style": "rail",
            "points": [out[s]["unit"] for s in rail["stations"]],
        },
        {
            "label": canal["name"],
            "style": "canal",
            "points": [
                out[seas[0]]["unit"],
                *(pt(_onto(regions[canal["gate"]], project(*p))) for p in SUEZ),
                out[seas[1]]["unit"],
            ],
        },
    ]
    west, south, east, north = WINDOW
    width, height = project(south, east)
    return {
        "comment": "The Colonial map, made by tools/make_colonial_geometry.py from "
        "land.json (Natural Earth, public domain), places.toml and map.toml; see "
        "ATTRIBUTION.md and LICENSE.md in this folder.",
        "credit": CREDIT,
        "size": [round(width, 1), round(height, 1)],
        "colours": COLOURS,
        "provinces": out,
        "edges": unshown_edges(provinces, regions),
        "lines": lines,
    }


def unshown_edges(provinces: dict[str, Any], regions: dict[str, Any]) -> list[list[str]]:
    """``[a, b, kind]`` for every adjacency whose regions do not touch on the map."""
    army, fleet = set(), set()
    for code, entry in provinces.items():
        for other in entry.get("army", []):
            army.add(tuple(sorted((code, other))))
        dests = entry.get("fleet", [])
        if isinstance(dests, dict):
            pairs = [(f"{code}/{c}", d) for c, lst in dests.items() for d in lst]
        else:
            pairs = [(code, d) for d in dests]
        for a, b in pairs:
            fleet.add(tuple(sorted((a, b))))
    edges = []
    for a, b in sorted(army | fleet):
        if regions[a.split("/")[0]].distance(regions[b.split("/")[0]]) <= TOUCH:
            continue
        kind = (
            "both" if (a, b) in army and (a, b) in fleet else "army" if (a, b) in army else "fleet"
        )
        edges.append([a, b, kind])
    return edges


def render() -> str:
    """The text of ``variants/colonial/map/geometry.json``."""
    places = _read(MAP / "places.toml")
    doc = build(
        json.loads(LAND.read_text(encoding="utf-8")),
        places["places"],
        places.get("seeds", {}),
        _read(VARIANT / "map.toml")["provinces"],
        _read(VARIANT / "special_rules.toml"),
    )
    return json.dumps(doc, separators=(",", ":"), sort_keys=True) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    parser.add_argument(
        "--coastline", type=Path, help="world-atlas land-50m.json: remake land.json"
    )
    args = parser.parse_args(argv)
    if args.coastline:
        text = json.dumps(extract_land(args.coastline), separators=(",", ":")) + "\n"
        LAND.write_text(text, encoding="utf-8")
        print(f"{LAND.relative_to(REPO)}: {len(text) // 1024} KB", file=sys.stderr)
    text = render()
    name = OUT.relative_to(REPO)
    if args.check:
        if not OUT.is_file() or OUT.read_text(encoding="utf-8") != text:
            print(f"{name} differs: run python tools/make_colonial_geometry.py", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text, encoding="utf-8")
    doc = json.loads(text)
    print(
        f"{name}: {len(doc['provinces'])} provinces, {len(text) // 1024} KB, "
        f"{len(doc['edges'])} adjacencies not touching: {doc['edges']}",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
