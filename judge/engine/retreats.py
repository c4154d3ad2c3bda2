"""The retreat phase: where dislodged units may go, and what happens to them."""

from __future__ import annotations

from collections.abc import Hashable, Mapping

from judge.engine.geography import Geography
from judge.engine.kinds import Order
from judge.engine.outcome import SUCCESS, Dislodgement, Outcome, failure
from judge.engine.units import Location, Unit


def retreat_options(
    geo: Geography,
    unit: Unit,
    loc: Location,
    dislodgement: Dislodgement,
    occupied: set[Hashable],
    standoffs: set[Hashable],
) -> list[Location]:
    """The locations a dislodged unit may retreat to.

    Not an occupied area, not an area left empty by a standoff, and not the
    area the attacker came from, unless the attacker came by convoy.
    """
    attacker_area = geo.province(dislodgement.attacker_from)
    options = []
    for dest in geo.neighbours(unit.type, loc):
        area = geo.province(dest)
        if area in occupied or area in standoffs:
            continue
        if area == attacker_area and not dislodgement.by_convoy:
            continue
        options.append(dest)
    return options


def resolve_retreats(
    geo: Geography,
    orders: Mapping[Location, Order],
) -> dict[Location, Outcome]:
    """Outcome of each (legal) retreat order: two retreats into one area both fail.

    A retreat is an order that moves its unit (:meth:`~judge.engine.kinds.Order.moves_to`);
    any other order (a disband) succeeds.
    """
    arrivals: dict[Hashable, int] = {}
    for order in orders.values():
        dest = order.moves_to()
        if dest is not None:
            area = geo.province(dest)
            arrivals[area] = arrivals.get(area, 0) + 1
    outcomes = {}
    for loc, order in orders.items():
        dest = order.moves_to()
        if dest is not None and arrivals[geo.province(dest)] > 1:
            outcomes[loc] = failure("bounced")
        else:
            outcomes[loc] = SUCCESS
    return outcomes
