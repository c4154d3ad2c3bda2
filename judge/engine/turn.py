"""Phase bookkeeping for classic games: a position and legal orders in, the next position out.

Resolution itself lives in :mod:`judge.engine.resolver` (movement),
:mod:`judge.engine.retreats` and :mod:`judge.engine.adjustments`; this module
strings them together on a :class:`Position` and decides the next phase, through
the hooks of the rules in play (:class:`~judge.engine.rules.EngineRules`; the
classic rules when none are given).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from judge.engine.adjustments import resolve_adjustments
from judge.engine.kinds import MovementOrder, Order
from judge.engine.outcome import Outcome
from judge.engine.phase import Phase
from judge.engine.position import DislodgedUnit, Position
from judge.engine.retreats import resolve_retreats
from judge.engine.rules import STANDARD, EngineRules
from judge.engine.units import Location, Unit
from judge.variant.data import Variant


@dataclass
class PhaseOutcome:
    """Results of one phase: outcomes per order, the next position, and disorder removals."""

    outcomes: dict[Location, Outcome]
    position: Position
    removed_in_disorder: list[Location] = field(default_factory=list)
    adjustment_outcomes: list[Outcome] = field(default_factory=list)


def adjudicate_movement(
    variant: Variant,
    position: Position,
    orders: Mapping[Location, MovementOrder],
    rules: EngineRules = STANDARD,
) -> PhaseOutcome:
    """Resolve a movement phase; dislodged units get their retreat options."""
    geo = rules.geography(variant)
    result = rules.movement(geo, position.units, orders)
    units: dict[Location, Unit] = {}
    moves, lost = result.moves, result.dislodged
    for loc, unit in position.units.items():
        if loc in lost:
            continue
        units[moves.get(loc, loc)] = unit
    dislodged = {}
    if lost:
        occupied = {geo.province(loc) for loc in units}
        for loc, how in lost.items():
            unit = position.units[loc]
            options = rules.retreat_options(geo, unit, loc, how, occupied, result.standoffs)
            dislodged[loc] = DislodgedUnit(unit, how.attacker_from, tuple(options))
    after = Position(
        phase=position.phase,
        units=units,
        centers=position.centers,
        dislodged=dislodged,
        contested=frozenset(result.standoffs),
    )
    nxt = _advance(variant, after, position.phase, bool(dislodged), rules)
    return PhaseOutcome(result.outcomes, nxt)


def adjudicate_retreats(
    variant: Variant,
    position: Position,
    orders: Mapping[Location, Order],
    rules: EngineRules = STANDARD,
) -> PhaseOutcome:
    """Resolve a retreat phase; dislodged units without a successful retreat are destroyed."""
    geo = rules.geography(variant)
    outcomes = resolve_retreats(geo, orders)
    units = retreated_units(position, orders, outcomes)
    after = replace(position, units=units, dislodged={}, contested=frozenset())
    return PhaseOutcome(outcomes, _advance(variant, after, position.phase, False, rules))


def retreated_units(
    position: Position, orders: Mapping[Location, Order], outcomes: Mapping[Location, Outcome]
) -> dict[Location, Unit]:
    """The units once a retreat phase's ``orders`` had their ``outcomes``: those not
    dislodged, and each dislodged unit that retreated, at its new place."""
    units = dict(position.units)
    for loc, order in orders.items():
        dest = order.moves_to()
        if dest is not None and outcomes[loc].success:
            units[dest] = position.dislodged[loc].unit
    return units


def adjudicate_adjustments(
    variant: Variant,
    position: Position,
    orders: list[tuple[str, Order]],
    rules: EngineRules = STANDARD,
) -> PhaseOutcome:
    """Resolve builds, removals and waives; missing removals follow civil disorder rules."""
    geo = rules.geography(variant)
    counts = rules.allowance(variant, position)

    def ranking(power: str, candidates: list[Location]) -> list[Location]:
        return rules.disorder_removals(variant, position, power, candidates)

    result = resolve_adjustments(position.units, counts, orders, geo.province, ranking)
    after = replace(position, phase=rules.next_phase(position.phase, False), units=result.units)
    return PhaseOutcome({}, after, result.removed_in_disorder, result.outcomes)


def _advance(
    variant: Variant,
    position: Position,
    phase: Phase,
    dislodged: bool,
    rules: EngineRules = STANDARD,
) -> Position:
    """Move to the next phase, updating centres when the rules say and skipping
    adjustments when nobody has any to make."""
    nxt = rules.next_phase(phase, dislodged)
    if nxt.kind == "R":
        return _moved_on(position, nxt, position.centers)
    centers = dict(position.centers)
    if rules.centres_change_owner(phase):
        province_of, supply_centers = variant.province_of, variant.supply_centers
        for loc, unit in position.units.items():
            area = province_of(loc)
            if area in supply_centers:
                centers[area] = unit.power
    position = _moved_on(position, nxt, centers)
    if nxt.kind == "A" and not adjustments_needed(variant, position, rules):
        position = _moved_on(position, rules.next_phase(nxt, False), centers)
    return position


def _moved_on(position: Position, phase: Phase, centers: Mapping[str, str]) -> Position:
    """The position in ``phase`` with ``centers`` (``dataclasses.replace``, made
    directly for a plain Position)."""
    if type(position) is Position:
        return Position(phase, position.units, centers, position.dislodged, position.contested)
    return replace(position, phase=phase, centers=centers)


def adjustments_needed(variant: Variant, position: Position, rules: EngineRules = STANDARD) -> bool:
    """Whether any power must remove units or can build somewhere."""
    return bool(rules.owed_changes(variant, position))


def winner(variant: Variant, centers: Mapping[str, str]) -> str | None:
    """The power that owns the victory number of centres, if any."""
    counts = Counter(centers.values())  # powers in the order they first own a centre
    for power, count in counts.items():
        if count >= variant.victory_centers:
            return power
    return None
