"""The phase's orders as drawable marks: who, what kind, from where to where, failed or not.

Locations are the judge's canonical ones: ``par``, ``spa/nc`` on a standard board,
``1:par:S1901`` on a multiverse board.  A :data:`Place` pairs a board key (None for a
standard game, ``(timeline, "S1901")`` in a multiverse game) with a plain location.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from judge.engine.phase import Turn
from judge.reports.orders import REPLACED
from judge.reports.sentences import order_view

BoardKey = tuple[int, str] | None
Place = tuple[BoardKey, str]

_TRIPLE = re.compile(r"^(\d+):([a-z0-9_/]+):([sfw]\d{4})[mra]?$", re.IGNORECASE)


def place_of(token: str, board: BoardKey = None) -> Place:
    """``1:spa:F1901`` -> ``((1, "F1901"), "spa")``; a plain location stays on ``board``."""
    found = _TRIPLE.match(token)
    if found:
        return (int(found.group(1)), Turn.parse(found.group(3)).code), found.group(2).lower()
    return board, token.lower()


@dataclass(frozen=True)
class Mark:
    """One order to draw."""

    kind: str  # hold, move, retreat, support, convoy, build, remove, disband
    power: str
    unit_type: str
    at: Place
    dest: Place | None = None  # where a move or retreat goes
    target: Place | None = None  # the unit supported or convoyed
    target_dest: Place | None = None  # where that unit goes (None: support to hold)
    failed: bool = False
    cut: bool = False  # a support cut or a convoy disrupted
    route: str = ""  # a move along a map line of this style (``rail``: "... by rail")


def marks_of(orders: Iterable[Mapping[str, Any]], board: BoardKey = None) -> list[Mark]:
    """The drawable marks of a phase's judged orders (invalid and replaced ones left out)."""
    out = []
    for order in orders:
        if order.get("result") == "invalid" or order.get("reason") == REPLACED:
            continue
        parsed = order_view(order)
        if parsed is None or parsed.kind == "waive":
            continue
        reasons = order.get("reason") or ""
        if not isinstance(reasons, str):
            reasons = ",".join(reasons)
        failed = order.get("result") == "fails"
        kind = parsed.kind
        out.append(
            Mark(
                kind=kind,
                power=str(order.get("power", "")),
                unit_type=parsed.unit_type,
                at=place_of(parsed.loc, board),
                dest=place_of(parsed.dest, board)
                if parsed.dest and kind in ("move", "retreat")
                else None,
                target=place_of(parsed.target, board) if parsed.target else None,
                target_dest=place_of(parsed.dest, board)
                if parsed.dest and kind in ("support", "convoy")
                else None,
                failed=failed,
                cut=failed and any(w in reasons for w in ("cut", "disrupt", "dislodged")),
                route=parsed.note.split()[-1].lower() if parsed.note.strip() else "",
            )
        )
    return out
