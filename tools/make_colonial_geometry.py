"""Generate the schematic Colonial map geometry from real-world coordinates.

Usage::

    python tools/make_colonial_geometry.py            # write variants/colonial/map/geometry.json
    python tools/make_colonial_geometry.py --check    # exit 1 if the file in the repository differs

No drawing of the Colonial map with a licence this project can use is known, so the
picture is a schematic of our own: every province a node at the place it stands for
(``variants/colonial/map/places.toml``: latitude and longitude), projected
equirectangularly, then pushed apart where nodes would overlap while pulled back
towards their true places; the adjacencies of ``map.toml`` as edges (grey for both
unit types, tan for armies only, blue for fleets only, a fleet edge from the coast
it uses); a split-coast province's coasts as small nodes beside it, towards the seas
they reach; the Trans-Siberian Railroad and the Suez Canal (``special_rules.toml``)
as lines.  The output is deterministic.
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
OUT = VARIANT / "map" / "geometry.json"

DEGREE = 7.5  # map units per degree of latitude
MID_LATITUDE = 25.0  # the equirectangular projection's standard parallel
NODE = 9.0  # node radius, map units
SPACING = 30.0  # the least distance between two nodes' centres after relaxing
PULL = 0.03  # share of the way back to its true place a node moves per round
ROUNDS = 300
MARGIN = 24.0
COAST_OUT = 1.9  # a coast node's distance from its province's node, in node radii

COLOURS = {
    "land": "#FFFFDD",
    "sea": "#99CCFF",
    "impassable": "#F4F4EE",  # the background: no artwork, so no land or sea around
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
CREDIT = "Schematic map drawn by the judge from real-world places"

Point = tuple[float, float]


def _read(path: Path) -> dict[str, Any]:
    with path.open("rb") as handle:
        return tomllib.load(handle)


def project(lat: float, lon: float) -> Point:
    """Equirectangular: x east, y south, in map units (before the margin shift)."""
    return (lon * math.cos(math.radians(MID_LATITUDE)) * DEGREE, -lat * DEGREE)


def relax(true: dict[str, Point]) -> dict[str, Point]:
    """Positions at least :data:`SPACING` apart, each as near its true place as the
    pushing allows (deterministic: codes in sorted order, fixed rounds)."""
    codes = sorted(true)
    pos = {c: list(true[c]) for c in codes}
    for rnd in range(ROUNDS + 60):
        for i, a in enumerate(codes):
            for b in codes[i + 1 :]:
                pa, pb = pos[a], pos[b]
                dx, dy = pb[0] - pa[0], pb[1] - pa[1]
                d = math.hypot(dx, dy)
                if d >= SPACING:
                    continue
                if d < 1e-9:
                    dx, dy, d = 1.0, 0.0, 1.0
                push = (SPACING - d) / 2 / d
                pa[0] -= dx * push
                pa[1] -= dy * push
                pb[0] += dx * push
                pb[1] += dy * push
        if rnd < ROUNDS:  # the last rounds only push, so the spacing holds at the end
            for c in codes:
                pos[c][0] += (true[c][0] - pos[c][0]) * PULL
                pos[c][1] += (true[c][1] - pos[c][1]) * PULL
    return {c: (pos[c][0], pos[c][1]) for c in codes}


def _unit(dx: float, dy: float) -> Point:
    d = math.hypot(dx, dy)
    return (0.0, 1.0) if d == 0 else (dx / d, dy / d)


def _coast_points(code: str, entry: dict[str, Any], at: dict[str, Point]) -> dict[str, Point]:
    """Each coast's node, beside the province's node towards the seas it reaches."""
    out = {}
    x, y = at[code]
    for coast, dests in sorted(entry.get("fleet", {}).items()):
        seas = [at[d.split("/")[0]] for d in dests]
        mx = sum(p[0] for p in seas) / len(seas)
        my = sum(p[1] for p in seas) / len(seas)
        ux, uy = _unit(mx - x, my - y)
        out[coast] = (x + ux * NODE * COAST_OUT, y + uy * NODE * COAST_OUT)
    return out


def _edges(provinces: dict[str, Any]) -> list[list[str]]:
    """``[a, b, kind]`` for every adjacency, once, sorted."""
    army = set()
    fleet = set()
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
        if (a, b) in army and (a, b) in fleet:
            edges.append([a, b, "both"])
        elif (a, b) in army:
            edges.append([a, b, "army"])
        else:
            edges.append([a, b, "fleet"])
    return edges


def _round(p: Point, dx: float, dy: float) -> list[float]:
    return [round(p[0] + dx, 1), round(p[1] + dy, 1)]


def build(
    places: dict[str, list[float]],
    provinces: dict[str, Any],
    special: dict[str, Any],
) -> dict[str, Any]:
    """The geometry document (format: docs/maps.md) from the places and the map."""
    missing = sorted(set(provinces) ^ set(places))
    if missing:
        raise SystemExit(f"make_colonial_geometry: places.toml and map.toml differ: {missing}")
    at = relax({c: project(*places[c]) for c in provinces})
    coasts = {c: _coast_points(c, e, at) for c, e in provinces.items() if e.get("coasts")}
    points = list(at.values()) + [p for cs in coasts.values() for p in cs.values()]
    dx = MARGIN - min(p[0] for p in points)
    dy = MARGIN - min(p[1] for p in points)
    out: dict[str, Any] = {}
    for code, entry in sorted(provinces.items()):
        x, y = at[code]
        kind = "sea" if entry["kind"] == "sea" else "land"
        prov: dict[str, Any] = {
            "kind": kind,
            "unit": _round((x, y), dx, dy),
            "label": _round((x, y + NODE + 7.0), dx, dy),
            "label_text": code.upper() if kind == "sea" else code.capitalize(),
        }
        if entry.get("supply_center"):
            prov["centre"] = _round((x + NODE * 0.95, y - NODE * 0.95), dx, dy)
        if code in coasts:
            prov["coasts"] = {c: _round(p, dx, dy) for c, p in coasts[code].items()}
        out[code] = prov
    rail = special["trans_siberian_railroad"]
    canal = special["suez_canal"]
    seas = canal["seas"]
    lines = [
        {
            "label": rail["name"],
            "style": "rail",
            "points": [_round(at[s], dx, dy) for s in rail["stations"]],
        },
        {
            "label": canal["name"],
            "style": "canal",
            "points": [_round(at[p], dx, dy) for p in (seas[0], canal["gate"], seas[1])],
        },
    ]
    return {
        "comment": "The schematic Colonial map, made by tools/make_colonial_geometry.py "
        "from places.toml (real-world coordinates) and map.toml: the judge's own work, "
        "see LICENSE.md in this folder.",
        "credit": CREDIT,
        "size": [
            round(max(p[0] for p in points) + dx + MARGIN, 1),
            round(max(p[1] for p in points) + dy + MARGIN, 1),
        ],
        "colours": COLOURS,
        "node_radius": NODE,
        "provinces": out,
        "edges": _edges(provinces),
        "lines": lines,
    }


def render() -> str:
    """The text of ``variants/colonial/map/geometry.json``."""
    doc = build(
        _read(VARIANT / "map" / "places.toml")["places"],
        _read(VARIANT / "map.toml")["provinces"],
        _read(VARIANT / "special_rules.toml"),
    )
    return json.dumps(doc, separators=(",", ":"), sort_keys=True) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args(argv)
    text = render()
    name = OUT.relative_to(REPO)
    if args.check:
        if not OUT.is_file() or OUT.read_text(encoding="utf-8") != text:
            print(f"{name} differs: run python tools/make_colonial_geometry.py", file=sys.stderr)
            return 1
        return 0
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(text, encoding="utf-8")
    print(f"{name}: {len(json.loads(text)['provinces'])} provinces", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
