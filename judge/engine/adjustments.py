"""The adjustment phase: builds, removals, waives and civil disorder."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from judge.engine.kinds import Order
from judge.engine.orders import Build, Disband, Waive
from judge.engine.outcome import Outcome
from judge.engine.units import Location, Unit, UnitType

AdjustmentOrder = Build | Disband | Waive
"""The standard adjustment orders; any order kind whose ``adjustment`` is set may be given."""


@dataclass
class AdjustmentResult:
    """Outcome per order (in the order given), the units after, and forced removals."""

    outcomes: list[Outcome] = field(default_factory=list)
    units: dict[Location, Unit] = field(default_factory=dict)
    removed_in_disorder: list[Location] = field(default_factory=list)


def adjustment_counts(
    units: Mapping[Location, Unit], centers: Mapping[str, str], powers: Iterable[str]
) -> dict[str, int]:
    """Per power: centres owned minus units (positive: builds, negative: removals)."""
    counts = dict.fromkeys(powers, 0)
    for owner in centers.values():
        counts[owner] = counts.get(owner, 0) + 1
    for unit in units.values():
        counts[unit.power] = counts.get(unit.power, 0) - 1
    return counts


def adjustment_refusal(change: int, removing: bool) -> str | None:
    """Why a power that may build ``change`` units (negative: must remove that many)
    cannot give a removal (``removing``) or a build or waive; None when it can."""
    if change == 0:
        return "you have as many units as supply centres: no builds or removals"
    if change > 0 and removing:
        units = "unit" if change == 1 else "units"
        return (
            "you have more supply centres than units: "
            f"you may build {change} {units} (or waive), not remove one"
        )
    if change < 0 and not removing:
        units = "unit" if change == -1 else "units"
        return (
            f"you have more units than supply centres: you must remove {-change} {units}, not build"
        )
    return None


def resolve_adjustments(
    units: Mapping[Location, Unit],
    counts: Mapping[str, int],
    orders: list[tuple[str, Order]],
    area_of: Callable[[Location], str],
    removal_order: Callable[[str, list[Location]], list[Location]],
) -> AdjustmentResult:
    """Carry out legal adjustment orders, in the order given (DATC 4.D.4-4.D.6).

    ``orders`` pairs each order with the power that gave it.  Builds beyond a
    power's allowance, a second build in one area and removals beyond what is
    due fail.  Missing removals are made by ``removal_order``, which ranks a
    power's units for removal in civil disorder.
    """
    result = AdjustmentResult(units=dict(units))
    used = dict.fromkeys(counts, 0)
    built_areas: set[str] = set()
    for power, order in orders:
        due = counts.get(power, 0)
        if order.adjustment == "build":
            if due <= used[power]:
                result.outcomes.append(Outcome(False, "no build available"))
                continue
            built = order.builds()
            if built is not None:
                loc, unit = built
                area = area_of(loc)
                if area in built_areas:
                    result.outcomes.append(Outcome(False, "already building there"))
                    continue
                built_areas.add(area)
                result.units[loc] = Unit(power, unit.type)
            used[power] += 1
            result.outcomes.append(Outcome(True))
        else:
            if -due <= used[power]:
                result.outcomes.append(Outcome(False, "no removal due"))
                continue
            removed = getattr(order, "unit", None)
            if removed not in result.units:
                result.outcomes.append(Outcome(False, "already removed"))
                continue
            del result.units[removed]
            used[power] += 1
            result.outcomes.append(Outcome(True))
    for power, due in counts.items():
        missing = -due - used[power]
        if missing <= 0:
            continue
        own = [loc for loc, unit in result.units.items() if unit.power == power]
        for loc in removal_order(power, own)[:missing]:
            del result.units[loc]
            result.removed_in_disorder.append(loc)
    return result


def distances_from(
    sources: Iterable[str], neighbours: Callable[[str], Iterable[str]]
) -> dict[str, int]:
    """Breadth-first distance of every area from the nearest of ``sources``."""
    distance = {source: 0 for source in sources}
    queue = deque(distance)
    while queue:
        here = queue.popleft()
        for there in neighbours(here):
            if there not in distance:
                distance[there] = distance[here] + 1
                queue.append(there)
    return distance


def civil_disorder_ranking(
    units: Mapping[Location, Unit],
    owned_centers: Iterable[str],
    supply_centers: set[str],
    area_of: Callable[[Location], str],
    name_of: Callable[[str], str],
    neighbours: Callable[[str], Iterable[str]],
    candidates: list[Location],
) -> list[Location]:
    """Rank units for removal by the 2023 rulebook (DATC 4.D.8).

    Units on a supply centre go last; then the farthest from an owned supply
    centre (counting adjacent areas whatever the unit's type) first; fleets
    before armies; then by the English name of the area.
    """
    distance = distances_from(owned_centers, neighbours)
    far = max(distance.values(), default=0) + 1

    def key(loc: Location) -> tuple:
        area = area_of(loc)
        return (
            area in supply_centers,
            -distance.get(area, far),
            units[loc].type is not UnitType.FLEET,
            name_of(area),
        )

    return sorted(candidates, key=key)


def classic_disorder_ranking(
    units: Mapping[Location, Unit],
    home_centers: Iterable[str],
    area_of: Callable[[Location], str],
    name_of: Callable[[str], str],
    neighbours: Callable[[str], Iterable[str]],
    fleet_homes: Iterable[Location],
    fleet_neighbours: Callable[[Location], Iterable[Location]],
    candidates: list[Location],
) -> list[Location]:
    """Rank units for removal by the classic rule (the 1971 and 1982 rulebooks as the
    DATC's version 2 read them, DATC 4.D.8): the farthest from the nearest home supply
    centre first, an army counting adjacent areas whatever their kind (it may be
    convoyed), a fleet its own moves (``fleet_homes``: the fleet locations of the home
    centres); fleets before armies; then by the English name of the area.  A unit on a
    supply centre is not kept for that."""
    by_army = distances_from(home_centers, neighbours)
    by_fleet = distances_from(fleet_homes, fleet_neighbours)
    far = max((*by_army.values(), *by_fleet.values()), default=0) + 1

    def key(loc: Location) -> tuple:
        fleet = units[loc].type is UnitType.FLEET
        distance = by_fleet.get(loc, far) if fleet else by_army.get(area_of(loc), far)
        return (-distance, not fleet, name_of(area_of(loc)))

    return sorted(candidates, key=key)
