"""A test-only ruleset: a new unit type (the train) and a new order kind (the
railway move), written as this module plus its data (``railway.json``), without
touching the resolver core, the parser's core or the reports.

* The train (``T``) stands on land and moves along the railway only; it cannot
  be convoyed and does not convoy.
* The railway move ``A Mos rail War - Sil`` takes an army or a train along
  several links of the railway in one move.  It may not pass through a province
  held by another power's unit; at its end it is resolved like any move (it can
  be supported, bounce, dislodge), never by convoy.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import ClassVar

from judge.engine.geography import Geography
from judge.engine.kinds import Board, UnitText
from judge.engine.mapgeo import MapGeography, geography_for
from judge.engine.orders import STANDARD_ORDER_KINDS, Moving
from judge.engine.rules import STANDARD
from judge.engine.units import STANDARD_UNIT_TYPES, Location, Unit, UnitType
from judge.orders.reader import Context, KindSyntax, ParsedOrder, Place, Reader, Refusal
from judge.orders.standard import STANDARD_SYNTAX
from judge.variant.data import Variant

DATA = Path(__file__).with_name("railway.json")

TRAIN = UnitType.define("T", "train", adjacency="rail", terrains={"land", "coast"})


@functools.cache
def rail_links() -> Mapping[str, frozenset[str]]:
    """Each province on the railway and the provinces it is linked to."""
    links: dict[str, set[str]] = {}
    for a, b in json.loads(DATA.read_text(encoding="utf-8"))["links"]:
        links.setdefault(a, set()).add(b)
        links.setdefault(b, set()).add(a)
    return {p: frozenset(others) for p, others in links.items()}


class RailGeography:
    """The map's geography, plus the railway for unit types that move by it."""

    def __init__(self, base: MapGeography) -> None:
        self.base = base
        self.rail = rail_links()

    def province(self, loc: Location) -> Hashable:
        return self.base.province(loc)

    def can_move(self, unit_type: UnitType, src: Location, dest: Location) -> bool:
        if unit_type.adjacency == "rail":
            return dest in self.rail.get(src, ())
        return self.base.can_move(unit_type, src, dest)

    def can_reach(self, unit_type: UnitType, src: Location, area: Hashable) -> bool:
        if unit_type.adjacency == "rail":
            return area in self.rail.get(src, ())
        return self.base.can_reach(unit_type, src, area)

    def can_convoy(self, loc: Location) -> bool:
        return self.base.can_convoy(loc)

    def is_coastal(self, area: Hashable) -> bool:
        return self.base.is_coastal(area)

    def neighbours(self, unit_type: UnitType, loc: Location) -> Iterable[Location]:
        if unit_type.adjacency == "rail":
            return sorted(self.rail.get(loc, ()))
        return self.base.neighbours(unit_type, loc)


@functools.cache
def rail_geography(variant: Variant) -> RailGeography:
    """One railway geography per variant."""
    return RailGeography(geography_for(variant))


@dataclass(frozen=True, slots=True)
class Railway(Moving):
    """The unit at ``unit`` travels the railway through ``path``; it ends at the last."""

    kind: ClassVar[str] = "railway"
    unit: Location
    path: tuple[Location, ...]

    def illegal_reason(self, board: Board, unit: Unit) -> str | None:
        geo, units = board.geo, board.units
        if unit.type not in (UnitType.ARMY, TRAIN):
            return "only an army or a train can travel by rail"
        stops = (self.unit, *self.path)
        for here, there in zip(stops, stops[1:], strict=False):
            if not geo.can_move(TRAIN, here, there):
                return f"no railway runs from {here} to {there}"
        if len(set(stops)) != len(stops):
            return "a railway move passes each province once"
        for through in self.path[:-1]:
            other = units.get(through)
            if other is not None and other.power != unit.power:
                return f"the railway through {through} is held by another power"
        return None

    @classmethod
    def reaches(cls, board: Board, loc: Location, dest: Location, exclude: Location | None) -> bool:
        """Along the railway, through provinces no other power holds."""
        unit = board.units[loc]
        if unit.type not in (UnitType.ARMY, TRAIN):
            return False
        geo, goal = board.geo, board.geo.province(dest)
        seen, frontier = {loc}, [loc]
        while frontier:
            here = frontier.pop()
            for there in geo.neighbours(TRAIN, here):
                if there == goal:
                    return True
                other = board.units.get(there)
                if there in seen or (other is not None and other.power != unit.power):
                    continue
                seen.add(there)
                frontier.append(there)
        return False

    def format(self, unit: UnitText, phase: str) -> str:
        return f"{unit(self.unit)} rail {' - '.join(map(str, self.path))}"

    def moves_to(self) -> Location:
        return self.path[-1]

    def reaches_directly(self, geo: Geography, unit: Unit, loc: Location) -> bool:
        return True  # legality has checked every link of the way


def _read_rail(reader: Reader, kind: str, unit_type: UnitType | None, place: Place) -> ParsedOrder:
    """``rail Sev``, ``rail War - Sil - Ber``: the stations, joined by move signs."""
    stops = [reader.place("a station")]
    while reader.kind() == "move":
        reader.pos += 1
        stops.append(reader.place("a station"))
    reader.expect_end()
    return ParsedOrder("railway", unit_type, place, dest=stops[-1], places=tuple(stops))


def _interpret_rail(ctx: Context, parsed: ParsedOrder) -> Railway:
    assert parsed.place is not None
    loc = ctx.own_unit(parsed.place)
    if any(stop.coast for stop in parsed.places):
        raise Refusal("the railway runs between provinces, not coasts")
    return Railway(loc, tuple(stop.province for stop in parsed.places))


RAILWAY_RULES = replace(
    STANDARD,
    name="railway",
    unit_types=(*STANDARD_UNIT_TYPES, TRAIN),
    order_kinds=(*STANDARD_ORDER_KINDS, Railway),
    geography=rail_geography,
)
RAILWAY_KIND = KindSyntax(
    "railway",
    keywords={"rail": "rail", "railway": "rail"},
    after_unit={"rail": _read_rail},
    interpret={("M", "railway"): _interpret_rail},
)
RAILWAY_SYNTAX = STANDARD_SYNTAX.extended(RAILWAY_RULES, RAILWAY_KIND)
