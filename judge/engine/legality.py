"""Whether an order is legal in a position (the DATC's sense, issue 4.E.1).

A legal order is one that could be valid, not knowing the other orders yet.
An illegal order is ignored by the adjudicator: its unit holds.  The reasons
are short phrases; the order parser turns them into sentences for players.
"""

from __future__ import annotations

from collections.abc import Mapping

from judge.engine.geography import Geography
from judge.engine.orders import (
    Convoy,
    Hold,
    Location,
    Move,
    MovementOrder,
    SupportHold,
    SupportMove,
    Unit,
    UnitType,
)


def illegal_reason(
    geo: Geography, units: Mapping[Location, Unit], order: MovementOrder
) -> str | None:
    """None when ``order`` is legal for the unit it names; else a short reason."""
    unit = units.get(order.unit)
    if unit is None:
        return "no such unit"
    if isinstance(order, Hold):
        return None
    if isinstance(order, Move):
        return _move_reason(geo, units, unit, order.unit, order.dest)
    if isinstance(order, (SupportHold, SupportMove)):
        return _support_reason(geo, units, unit, order)
    if isinstance(order, Convoy):
        return _convoy_reason(geo, units, unit, order)
    return "not an order for this phase"


def could_reach(geo: Geography, unit: Unit, src: Location, dest: Location) -> bool:
    """Whether the unit could get from ``src`` to ``dest``: directly or, for an army, by convoy."""
    if geo.can_move(unit.type, src, dest):
        return True
    return (
        unit.type is UnitType.ARMY
        and geo.province(src) != geo.province(dest)
        and geo.is_coastal(geo.province(src))
        and geo.is_coastal(geo.province(dest))
    )


def _move_reason(
    geo: Geography, units: Mapping[Location, Unit], unit: Unit, src: Location, dest: Location
) -> str | None:
    if geo.province(src) == geo.province(dest):
        return "a unit cannot move to where it is"
    if geo.can_move(unit.type, src, dest):
        return None
    if unit.type is UnitType.FLEET:
        return "a fleet cannot go there"
    if not could_reach(geo, unit, src, dest):
        return "an army cannot go there, even by convoy"
    if not convoy_fleets(geo, units, src, dest):
        return "no fleets are placed to convoy it there"
    return None


def _support_reason(
    geo: Geography,
    units: Mapping[Location, Unit],
    unit: Unit,
    order: SupportHold | SupportMove,
) -> str | None:
    target = units.get(order.target)
    if target is None:
        return "there is no unit to support there"
    if order.target == order.unit:
        return "a unit cannot support itself"
    area = geo.province(order.dest if isinstance(order, SupportMove) else order.target)
    if not geo.can_reach(unit.type, order.unit, area):
        return "the supporting unit cannot reach that area"
    if isinstance(order, SupportMove):
        if geo.province(order.dest) == geo.province(order.target):
            return "a unit cannot move to where it is"
        if not _supported_move_possible(geo, units, target, order):
            return "the supported unit cannot reach that area"
    return None


def _supported_move_possible(
    geo: Geography, units: Mapping[Location, Unit], target: Unit, order: SupportMove
) -> bool:
    """Whether the supported unit could make the move, without the supporter convoying it."""
    if geo.can_reach(target.type, order.target, geo.province(order.dest)):
        return True
    if not could_reach(geo, target, order.target, order.dest):
        return False
    return bool(convoy_fleets(geo, units, order.target, order.dest, exclude=order.unit))


def _convoy_reason(
    geo: Geography, units: Mapping[Location, Unit], unit: Unit, order: Convoy
) -> str | None:
    if unit.type is not UnitType.FLEET:
        return "only a fleet can convoy"
    if not geo.can_convoy(order.unit):
        return "a fleet can convoy only from a sea area"
    army = units.get(order.army)
    if army is None:
        return "there is no unit to convoy there"
    if army.type is not UnitType.ARMY:
        return "only an army can be convoyed"
    if geo.province(order.army) == geo.province(order.dest):
        return "a unit cannot move to where it is"
    if not (geo.is_coastal(geo.province(order.army)) and geo.is_coastal(geo.province(order.dest))):
        return "a convoy must go from coast to coast"
    if order.unit not in convoy_fleets(geo, units, order.army, order.dest):
        return "this fleet cannot be part of any convoy route for that move"
    return None


_SEARCH_LIMIT = 50_000


def convoy_fleets(
    geo: Geography,
    units: Mapping[Location, Unit],
    army: Location,
    dest: Location,
    exclude: Location | None = None,
) -> set[Location]:
    """Fleets on the board that are necessary to some convoy route from ``army`` to ``dest``.

    A route is a chain of fleets in sea areas, each next to the one before, the
    first next to the army and the last next to the destination.  Only minimal
    chains count (no fleet could be skipped), so a fleet that merely lies beside
    a shorter route is not part of one (DATC 6.F.12, 6.G.19).  The fleet at
    ``exclude`` is left out (a fleet that supports cannot also convoy).
    """
    start, goal = geo.province(army), geo.province(dest)
    if start == goal:
        return set()
    fleets = [
        loc
        for loc, unit in units.items()
        if unit.type is UnitType.FLEET and loc != exclude and geo.can_convoy(loc)
    ]
    area = {loc: geo.province(loc) for loc in fleets}
    found: set[Location] = set()
    budget = [_SEARCH_LIMIT]

    def linked(a: Location, b: Location) -> bool:
        return geo.can_reach(UnitType.FLEET, a, area[b])

    def extend(chain: list[Location]) -> None:
        budget[0] -= 1
        last = chain[-1]
        if geo.can_reach(UnitType.FLEET, last, goal):
            found.update(chain)
            return
        if budget[0] <= 0:
            return
        for nxt in fleets:
            if nxt in chain or not linked(last, nxt):
                continue
            if geo.can_reach(UnitType.FLEET, nxt, start):
                continue  # a shorter chain would start at nxt
            if any(linked(earlier, nxt) for earlier in chain[:-1]):
                continue  # a shorter chain would skip a fleet
            chain.append(nxt)
            extend(chain)
            chain.pop()

    for first in fleets:
        if geo.can_reach(UnitType.FLEET, first, start):
            extend([first])
    return found
