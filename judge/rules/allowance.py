"""Builds, waives and removals beyond what a power owes, for the reply to a mail.

The adjudicator carries out adjustment orders in the order the turn gathers them
(each unit key's latest order, oldest first) and fails those beyond the power's
allowance (DATC 6.I.1: the first valid builds count).  A standard game counts a
power's builds and waives together, and its removals; a multiverse game counts
builds and removals per winter board, and waives (which have no effect there) up to
the builds owed on all boards.  So a reply can
say at once that an order would be beyond them, instead of accepting an order that
will fail.
"""

from __future__ import annotations

from typing import Any

from judge.engine.phase import Phase
from judge.orders.keys import OrderKey
from judge.rules import reading as order_rules
from judge.rules.multiverse.mail_orders import board_adjustments

# Orders sharing one allowance: ("build", "remove" or "waive", a board or "").
Group = tuple[str, str]


def allowance_group(position: dict[str, Any], key: OrderKey) -> Group | None:
    """The allowance an order stored under ``key`` uses, or None (not an adjustment)."""
    if order_rules.is_world(position):
        if key.is_waive:
            return ("waive", "")  # no effect on any board: as many as builds owed
        if key.turn is None or not (key.is_build or key.turn.is_winter):
            return None  # a unit on a movement board
        return ("build" if key.is_build else "remove", f"{key.timeline}:{key.turn.code}")
    if not Phase.parse(str(position.get("phase", ""))).is_adjustment:
        return None
    return ("build" if key.is_build or key.is_waive else "remove", "")


def _allowances(position: dict[str, Any], power: str) -> dict[Group, int]:
    if order_rules.is_world(position):
        found: dict[Group, int] = {("waive", ""): 0}
        for (owner, board), change in board_adjustments(position).items():
            if owner == power:
                found["build" if change > 0 else "remove", board] = abs(change)
                found["waive", ""] += max(change, 0)
        return found
    return {
        (item.key, ""): item.count
        for item in order_rules.owed(position).get(power, [])
        if item.key in ("build", "remove")
    }


def beyond_owed(
    position: dict[str, Any], power: str, stored: list[OrderKey], key: OrderKey
) -> str | None:
    """Why an accepted order to be stored under ``key`` will not count, or None.

    ``stored`` holds the keys of the power's current orders for the phase, oldest
    first; the new order replaces the one of its key and comes last.
    """
    group = allowance_group(position, key)
    if group is None:
        return None
    allowed = _allowances(position, power).get(group, 0)
    kept = [k for k in stored if k != key]
    rank = 1 + sum(1 for k in kept if allowance_group(position, k) == group)
    if allowed == 0 or rank <= allowed:
        return None  # nothing owed at all is refused by the order checks themselves
    kind, board = group
    verb = "must remove" if kind == "remove" else "may build"
    where = ""
    if board:
        timeline, turn = board.split(":")
        where = f" on timeline {timeline}, {turn}"
    noun = "removal" if kind == "remove" else "waive" if key.is_waive else "build"
    them = "it" if allowed == 1 else "them"
    return (
        f"{power.title()} {verb} {allowed}{where}: this {noun} is beyond {them} and will not count"
    )
