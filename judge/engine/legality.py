"""Whether an order is legal in a position (the DATC's sense, issue 4.E.1).

A legal order is one that could be valid, not knowing the other orders yet.
An illegal order is ignored by the adjudicator: its unit holds.  The reasons
are short phrases; the order parser turns them into sentences for players.
Each order kind carries its own check (:meth:`~judge.engine.kinds.Order.illegal_reason`).
"""

from __future__ import annotations

from collections.abc import Mapping

from judge.engine.convoys import convoy_fleets, could_reach
from judge.engine.geography import Geography
from judge.engine.kinds import Board, MovementOrder, Order
from judge.engine.orders import STANDARD_ORDER_KINDS
from judge.engine.units import Location, Unit

__all__ = ["convoy_fleets", "could_reach", "illegal_reason"]


def illegal_reason(
    geo: Geography,
    units: Mapping[Location, Unit],
    order: MovementOrder,
    kinds: tuple[type[Order], ...] = STANDARD_ORDER_KINDS,
) -> str | None:
    """None when ``order`` is legal for the unit it names; else a short reason.

    ``kinds``: the order kinds in play (a support is legal when the supported
    unit could make the move by one of them).
    """
    return Board(geo, units, kinds).illegal_reason(order)
