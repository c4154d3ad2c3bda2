"""The phase's orders as drawable marks: who, what kind, from where to where, failed or not.

Locations are values: ``par``, ``spa/nc`` on a standard board, an
:class:`~judge.engine.boards.MLoc` on a multiverse board, as the game's ruleset
reads the orders' text (:meth:`~judge.rules.base.Ruleset.read_location`).  A
:data:`Place` pairs a board key (None for a standard game, ``(timeline, "S1901")``
in a multiverse game) with a plain location.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from judge.engine.boards import Location, MLoc
from judge.reports.orders import REPLACED
from judge.reports.sentences import STANDARD_WORDS, OrderWords, order_view, plain_location

BoardKey = tuple[int, str] | None
Place = tuple[BoardKey, str]
# How the game's ruleset reads a location word of its orders (``1:spa:f1901``).
ReadLocation = Callable[[str], Location]


def place_of(loc: Location, board: BoardKey = None) -> Place:
    """``MLoc(1, 1901, 1, "spa")`` -> ``((1, "F1901"), "spa")``; a plain location
    stays on ``board``."""
    if isinstance(loc, MLoc):
        return (loc.timeline, loc.turn.code), loc.loc.lower()
    return board, loc.lower()


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


def marks_of(
    orders: Iterable[Mapping[str, Any]],
    board: BoardKey = None,
    read_location: ReadLocation = plain_location,
    words: OrderWords = STANDARD_WORDS,
) -> list[Mark]:
    """The drawable marks of a phase's judged orders (invalid and replaced ones left
    out); ``read_location``: how the game's ruleset reads the locations of orders
    given as text (by default a plain location); ``words``: how it words its own
    order kinds (a ``rail_move`` is a move ``by rail``)."""
    out = []
    for order in orders:
        if order.get("result") == "invalid" or order.get("reason") == REPLACED:
            continue
        parsed = order_view(order, read_location, words)
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
