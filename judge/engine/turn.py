"""Phase bookkeeping for classic games: a position and legal orders in, the next position out.

Resolution itself lives in :mod:`judge.engine.resolver` (movement),
:mod:`judge.engine.retreats` and :mod:`judge.engine.adjustments`; this module
strings them together on a :class:`Position` and decides the next phase.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from judge.engine.adjustments import (
    AdjustmentOrder,
    adjustment_counts,
    civil_disorder_ranking,
    resolve_adjustments,
)
from judge.engine.mapgeo import geography_for
from judge.engine.orders import Disband, Location, MovementOrder, Retreat, Unit
from judge.engine.phase import Phase
from judge.engine.resolver import Outcome, resolve_movement
from judge.engine.retreats import resolve_retreats, retreat_options
from judge.variant.data import Variant


@dataclass(frozen=True)
class DislodgedUnit:
    """A unit waiting to retreat, with where it may go."""

    unit: Unit
    attacker_from: Location
    retreat_options: tuple[Location, ...]


@dataclass(frozen=True)
class Position:
    """The state of a classic game at the start of a phase."""

    phase: Phase
    units: Mapping[Location, Unit]
    centers: Mapping[str, str]
    dislodged: Mapping[Location, DislodgedUnit] = field(default_factory=dict)
    contested: frozenset[str] = frozenset()


@dataclass
class PhaseOutcome:
    """Results of one phase: outcomes per order, the next position, and disorder removals."""

    outcomes: dict[Location, Outcome]
    position: Position
    removed_in_disorder: list[Location] = field(default_factory=list)
    adjustment_outcomes: list[Outcome] = field(default_factory=list)


def adjudicate_movement(
    variant: Variant, position: Position, orders: Mapping[Location, MovementOrder]
) -> PhaseOutcome:
    """Resolve a movement phase; dislodged units get their retreat options."""
    geo = geography_for(variant)
    result = resolve_movement(geo, position.units, orders)
    units: dict[Location, Unit] = {}
    for loc, unit in position.units.items():
        if loc in result.dislodged:
            continue
        units[result.moves.get(loc, loc)] = unit
    occupied = {geo.province(loc) for loc in units}
    dislodged = {}
    for loc, how in result.dislodged.items():
        unit = position.units[loc]
        options = retreat_options(geo, unit, loc, how, occupied, result.standoffs)
        dislodged[loc] = DislodgedUnit(unit, how.attacker_from, tuple(options))
    after = Position(
        phase=position.phase,
        units=units,
        centers=position.centers,
        dislodged=dislodged,
        contested=frozenset(result.standoffs),
    )
    return PhaseOutcome(result.outcomes, _advance(variant, after, position.phase, bool(dislodged)))


def adjudicate_retreats(
    variant: Variant, position: Position, orders: Mapping[Location, Retreat | Disband]
) -> PhaseOutcome:
    """Resolve a retreat phase; dislodged units without a successful retreat are destroyed."""
    geo = geography_for(variant)
    outcomes = resolve_retreats(geo, orders)
    units = dict(position.units)
    for loc, order in orders.items():
        if isinstance(order, Retreat) and outcomes[loc].success:
            units[order.dest] = position.dislodged[loc].unit
    after = replace(position, units=units, dislodged={}, contested=frozenset())
    return PhaseOutcome(outcomes, _advance(variant, after, position.phase, False))


def adjudicate_adjustments(
    variant: Variant, position: Position, orders: list[tuple[str, AdjustmentOrder]]
) -> PhaseOutcome:
    """Resolve builds, removals and waives; missing removals follow civil disorder rules."""
    geo = geography_for(variant)
    counts = adjustment_counts(position.units, position.centers, variant.powers)

    def ranking(power: str, candidates: list[Location]) -> list[Location]:
        owned = [c for c, owner in position.centers.items() if owner == power]
        return civil_disorder_ranking(
            position.units,
            owned,
            set(variant.supply_centers),
            variant.province_of,
            lambda area: variant.provinces[area].name,
            _province_neighbours(variant),
            candidates,
        )

    result = resolve_adjustments(position.units, counts, orders, geo.province, ranking)
    after = replace(position, phase=position.phase.next_year(), units=result.units)
    return PhaseOutcome({}, after, result.removed_in_disorder, result.outcomes)


def _province_neighbours(variant: Variant):
    """Areas next to an area for any unit type (the 2023 distance rule)."""

    def neighbours(area: str) -> set[str]:
        found = set(variant.army_neighbours(area))
        for loc in variant.fleet_locations(area):
            found.update(variant.province_of(n) for n in variant.fleet_neighbours(loc))
        return found

    return neighbours


def _advance(variant: Variant, position: Position, phase: Phase, dislodged: bool) -> Position:
    """Move to the next phase, updating centres after Fall and skipping empty adjustments."""
    nxt = phase.after_movement(dislodged) if phase.kind == "M" else phase.after_retreats()
    if nxt.kind == "R":
        return replace(position, phase=nxt)
    centers = dict(position.centers)
    if phase.season == "F":
        for loc, unit in position.units.items():
            area = variant.province_of(loc)
            if area in variant.supply_centers:
                centers[area] = unit.power
    position = replace(position, phase=nxt, centers=centers)
    if nxt.kind == "A" and not adjustments_needed(variant, position):
        position = replace(position, phase=nxt.next_year())
    return position


def adjustments_needed(variant: Variant, position: Position) -> bool:
    """Whether any power must remove units or can build somewhere."""
    counts = adjustment_counts(position.units, position.centers, variant.powers)
    occupied = {variant.province_of(loc) for loc in position.units}
    for power, due in counts.items():
        if due < 0:
            return True
        if due > 0 and any(
            position.centers.get(home) == power and home not in occupied
            for home in variant.powers[power].home_centers
        ):
            return True
    return False


def winner(variant: Variant, centers: Mapping[str, str]) -> str | None:
    """The power that owns the victory number of centres, if any."""
    counts: dict[str, int] = {}
    for owner in centers.values():
        counts[owner] = counts.get(owner, 0) + 1
    for power, count in counts.items():
        if count >= variant.victory_centers:
            return power
    return None
