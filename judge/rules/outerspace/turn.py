"""An Outer Space phase adjudicated: a position with colonies in, the next out.

The steps are the engine's (the shared resolver, retreats and adjustments), with
what Outer Space adds around them:

* after the moves and before the retreats, colonization is judged (D15, D16) and
  the movement phase's position carries the new colonies;
* a dislodged army may retreat into its spacecraft if it has room, or to an
  adjacent own colony; a fleet to a sea or an adjacent own colony (D18, D19);
* supply centres change owner after each Fall; armies in orbit own nothing (D20);
* after the adjustments an empire with no unit and no centre is eliminated: its
  colonies revert to neutral and its spacecraft disappears (D23).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field, replace

from judge.engine.kinds import MovementOrder, Order
from judge.engine.outcome import Dislodgement, MovementResult, Outcome
from judge.engine.phase import Phase
from judge.engine.position import DislodgedUnit, Position
from judge.engine.retreats import resolve_retreats, retreat_options
from judge.engine.rules import EngineRules
from judge.engine.turn import (
    PhaseOutcome,
    adjudicate_adjustments,
    adjustments_needed,
    retreated_units,
)
from judge.engine.units import Location, Unit, UnitType
from judge.rules.outerspace.engine import engine_for
from judge.rules.outerspace.kinds import Colonize
from judge.rules.outerspace.space import CAPACITY, ORBIT, SpaceGeography, is_orbit
from judge.variant.data import Variant


@dataclass(frozen=True)
class SpacePosition(Position):
    """A position of Outer Space: the classic position plus the colonies (province ->
    empire) and the empires eliminated by the adjustment phase that led to it."""

    colonies: Mapping[str, str] = field(default_factory=dict)
    eliminated: tuple[str, ...] = ()


def rules_of(position: SpacePosition) -> EngineRules:
    """The engine rules of the phase (jamming by the colonies at its start)."""
    return engine_for(position.colonies)


# ------------------------------------------------------------ colonization


def judge_colonies(
    geo: SpaceGeography,
    units: Mapping[Location, Unit],
    orders: Mapping[Location, MovementOrder],
    after: Mapping[Location, Unit],
) -> dict[Hashable, tuple[str | None, str]]:
    """D15: per province some empire tried to colonize, the empire that colonizes it
    (None: nobody) and why the others fail.

    Empire E colonizes P when a unit of E stands in P after the moves, or P is
    empty and no other empire gave a legal colonize order for P or a legal move
    into P.  ``orders`` are the legal orders of the phase."""
    attempts: dict[Hashable, set[str]] = {}
    entering: dict[Hashable, set[str]] = {}
    for loc, order in orders.items():
        power = units[loc].power
        if isinstance(order, Colonize):
            attempts.setdefault(geo.province(order.target), set()).add(power)
        dest = order.moves_to()
        if dest is not None and not is_orbit(dest):
            entering.setdefault(geo.province(dest), set()).add(power)
    holders = {geo.province(loc): unit.power for loc, unit in after.items() if not is_orbit(loc)}
    judged: dict[Hashable, tuple[str | None, str]] = {}
    for province, powers in attempts.items():
        holder = holders.get(province)
        if holder is not None:
            winner = holder if holder in powers else None
            judged[province] = (winner, "another empire's unit is there")
            continue
        rivals = powers | entering.get(province, set())
        if len(rivals) == 1:
            judged[province] = (next(iter(powers)), "")
        elif len(powers) > 1:
            judged[province] = (None, "several empires tried to colonize it")
        else:
            judged[province] = (None, "another empire tried to enter it")
    return judged


# -------------------------------------------------------------- retreats


def space_retreat_options(
    geo: SpaceGeography,
    unit: Unit,
    loc: Location,
    how: Dislodgement,
    occupied: set[Hashable],
    standoffs: set[Hashable],
    colonies: Mapping[str, str],
    room: int,
) -> list[Location]:
    """D18, D19: where a dislodged unit may retreat.  An army: an adjacent own colony a
    standard retreat could reach, and its spacecraft (``orb``) if it has ``room``; a
    fleet: a sea or an own colony's coast a standard retreat could reach."""
    standard = retreat_options(geo, unit, loc, how, occupied, standoffs)
    own = [o for o in standard if colonies.get(str(geo.province(o))) == unit.power]
    if unit.type is UnitType.ARMY:
        return [*own, ORBIT] if room > 0 else own
    return [o for o in standard if o in own or geo.variant.is_sea(str(o))]


def orbit_room(units: Mapping[Location, Unit], power: str) -> int:
    """Free places in the empire's spacecraft."""
    return CAPACITY - sum(1 for loc, u in units.items() if is_orbit(loc) and u.power == power)


# ---------------------------------------------------------------- phases


def adjudicate_space_movement(
    variant: Variant,
    position: SpacePosition,
    orders: Mapping[Location, MovementOrder],
    rules: EngineRules | None = None,
) -> PhaseOutcome:
    """A movement phase: the moves, colonization, then the retreat options."""
    rules = rules or rules_of(position)
    geo = rules.geography(variant)
    assert isinstance(geo, SpaceGeography)
    result: MovementResult = rules.movement(geo, position.units, orders)
    units: dict[Location, Unit] = {}
    for loc, unit in position.units.items():
        if loc not in result.dislodged:
            units[result.moves.get(loc, loc)] = unit
    outcomes = dict(result.outcomes)
    colonies = dict(position.colonies)
    judged = judge_colonies(geo, position.units, orders, units)
    for province, (winner, _) in judged.items():
        if winner is not None:
            colonies[str(province)] = winner
    for loc, order in orders.items():
        if isinstance(order, Colonize):
            winner, why = judged[geo.province(order.target)]
            mine = winner == position.units[loc].power
            outcomes[loc] = Outcome(True) if mine else Outcome(False, why)
    occupied = {geo.province(loc) for loc in units}
    dislodged = {}
    for loc, how in result.dislodged.items():
        unit = position.units[loc]
        room = orbit_room(units, unit.power)
        options = space_retreat_options(
            geo, unit, loc, how, occupied, result.standoffs, colonies, room
        )
        dislodged[loc] = DislodgedUnit(unit, how.attacker_from, tuple(options))
    after = replace(
        position,
        units=units,
        colonies=colonies,
        dislodged=dislodged,
        contested=frozenset(result.standoffs),
        eliminated=(),
    )
    return PhaseOutcome(outcomes, _advance(variant, after, position.phase, bool(dislodged)))


def adjudicate_space_retreats(
    variant: Variant,
    position: SpacePosition,
    orders: Mapping[Location, Order],
    rules: EngineRules | None = None,
) -> PhaseOutcome:
    """A retreat phase: two retreats into one area both fail (retreats into one
    spacecraft each have a place of their own); the rest disband."""
    geo = (rules or rules_of(position)).geography(variant)
    outcomes = resolve_retreats(geo, orders)
    units = retreated_units(position, orders, outcomes)
    after = replace(position, units=units, dislodged={}, contested=frozenset(), eliminated=())
    return PhaseOutcome(outcomes, _advance(variant, after, position.phase, False))


def adjudicate_space_adjustments(
    variant: Variant,
    position: SpacePosition,
    orders: list[tuple[str, Order]],
    rules: EngineRules | None = None,
) -> PhaseOutcome:
    """Builds and removals (the engine's), then elimination (D23)."""
    outcome = adjudicate_adjustments(variant, position, orders, rules or rules_of(position))
    after = outcome.position
    assert isinstance(after, SpacePosition)
    outcome.position = eliminate(variant, after)
    return outcome


def eliminate(variant: Variant, position: SpacePosition) -> SpacePosition:
    """D23: the empires with no unit (on the map or in orbit) and no centre are
    eliminated; their colonies revert to neutral."""
    alive = {u.power for u in position.units.values()} | set(position.centers.values())
    gone = tuple(sorted(p for p in variant.powers if p not in alive))
    colonies = {p: owner for p, owner in position.colonies.items() if owner not in gone}
    return replace(position, colonies=colonies, eliminated=gone)


def _advance(variant: Variant, position: SpacePosition, phase: Phase, dislodged: bool) -> Position:
    """The next phase: centres change owner after Fall (armies in orbit own nothing),
    and adjustments nobody has to make are skipped (elimination is judged then too)."""
    rules = rules_of(position)
    nxt = rules.next_phase(phase, dislodged)
    if nxt.kind == "R":
        return replace(position, phase=nxt)
    centers = dict(position.centers)
    if rules.centres_change_owner(phase):
        for loc, unit in position.units.items():
            if is_orbit(loc):
                continue
            area = variant.province_of(str(loc))
            if area in variant.supply_centers:
                centers[area] = unit.power
    position = replace(position, phase=nxt, centers=centers)
    if nxt.kind == "A" and not adjustments_needed(variant, position, rules):
        position = eliminate(variant, replace(position, phase=rules.next_phase(nxt, False)))
    return position
