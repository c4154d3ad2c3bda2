"""The engine-level rules of Outer Space: the hooks of :class:`EngineRules`.

The geography of a phase knows the colonies at its start (jamming), so the rules
are made per set of colonies (:func:`engine_for`, cached).  Movement resolution is
the shared resolver's, after each support of a beam-down is pointed at the army
that beams down there (D9).  Builds go to owned, own-colonized, empty centres
(D21); civil disorder counts an army in orbit one move from every land province and
removes it last on ties (D22).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING

from judge.engine.adjustments import adjustment_counts, distances_from
from judge.engine.geography import Geography
from judge.engine.kinds import MovementOrder
from judge.engine.orders import STANDARD_ORDER_KINDS
from judge.engine.outcome import MovementResult
from judge.engine.resolver import resolve_movement
from judge.engine.rules import STANDARD, EngineRules, province_neighbours
from judge.engine.units import Location, Unit, UnitType
from judge.rules.outerspace.kinds import SPACE_ORDER_KINDS, BeamDown, BeamSupport
from judge.rules.outerspace.space import SpaceGeography, is_orbit, orbit_power, orbit_slots
from judge.variant.data import Variant

if TYPE_CHECKING:
    from judge.engine.position import Position


def colonies_of(position: Position) -> Mapping[str, str]:
    """The colonies a position carries (province -> empire); none for a plain one."""
    return getattr(position, "colonies", {})


def space_movement(
    geo: Geography, units: Mapping[Location, Unit], orders: Mapping[Location, MovementOrder]
) -> MovementResult:
    """The shared resolver, each support of a beam-down backing the army of the named
    spacecraft whose order is that beam-down (unmatched supports stay void)."""
    aimed = dict(orders)
    for loc, order in orders.items():
        if not isinstance(order, BeamSupport):
            continue
        area = geo.province(order.dest)
        for slot in orbit_slots(orbit_power(order.target)):
            beam = orders.get(slot)
            if isinstance(beam, BeamDown) and geo.province(beam.dest) == area:
                aimed[loc] = dataclasses.replace(order, target=slot)
                break
    return resolve_movement(geo, units, aimed)


def space_build_sites(variant: Variant, position: Position, power: str) -> list[str]:
    """Centres the empire owns and has colonized, with no unit on them (D21)."""
    colonies = colonies_of(position)
    occupied = {variant.province_of(loc) for loc in position.units if not is_orbit(loc)}
    return sorted(
        centre
        for centre, owner in position.centers.items()
        if owner == power and colonies.get(centre) == power and centre not in occupied
    )


def space_build_refusal(variant: Variant, position: Position, power: str, province: str) -> str:
    """Why ``province`` is not among the empire's :func:`space_build_sites` (D21)."""
    info = variant.provinces[province]
    if not info.supply_center:
        return f"{info.name} is not a supply centre"
    if position.centers.get(province) != power:
        return f"you do not own {info.name}"
    if colonies_of(position).get(province) != power:
        return f"{info.name} is not your colony: you build only in colonized centres"
    return f"{info.name} is occupied"


def space_allowance(variant: Variant, position: Position) -> dict[str, int]:
    """Per empire: centres minus units, armies in orbit counted (D5)."""
    return adjustment_counts(position.units, position.centers, variant.powers)


def space_disorder_removals(
    variant: Variant, position: Position, power: str, candidates: list[Location]
) -> list[Location]:
    """D22, after the standard ranking (DATC 4.D.8): units on a centre last; then the
    farthest from the nearest owned centre first (an army in orbit is one move from
    every land province); fleets before armies; then by name; armies in orbit last
    on ties."""
    owned = [c for c, owner in position.centers.items() if owner == power]
    distance = distances_from(owned, province_neighbours(variant))
    far = max(distance.values(), default=0) + 1

    def key(loc: Location) -> tuple:
        if is_orbit(loc):
            return (False, -(1 if owned else far), True, True, "")
        area = variant.province_of(str(loc))
        return (
            area in variant.supply_centers,
            -distance.get(area, far),
            False,
            position.units[loc].type is not UnitType.FLEET,
            variant.provinces[area].name,
        )

    return sorted(candidates, key=key)


@functools.lru_cache(maxsize=256)
def _engine(colonies: frozenset[tuple[str, str]]) -> EngineRules:
    return dataclasses.replace(
        STANDARD,
        name="outerspace",
        order_kinds=STANDARD_ORDER_KINDS + SPACE_ORDER_KINDS,
        geography=lambda variant: variant.derived(_geography, colonies),
        movement=space_movement,
        build_sites=space_build_sites,
        build_refusal=space_build_refusal,
        allowance=space_allowance,
        disorder_removals=space_disorder_removals,
    )


def _geography(variant: Variant, colonies: frozenset[tuple[str, str]]) -> SpaceGeography:
    """The geography of ``variant`` with these colonies (kept by the variant)."""
    return SpaceGeography(variant, dict(colonies))


def engine_for(colonies: Mapping[str, str]) -> EngineRules:
    """The engine rules of a phase that starts with ``colonies`` (province -> empire)."""
    return _engine(frozenset(colonies.items()))


OUTERSPACE = engine_for({})
"""The engine rules with no colony on the map (the start of a game)."""
