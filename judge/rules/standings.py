"""Who is still in a game, and how many supply centres each power holds.

Works on a game's stored position: a standard phase document (``units``,
``dislodged``, ``supply_centers``) or a multiverse world (``boards``), where a
power's centres are its unique centre provinces on the active boards (the latest
board of every timeline), as in multiverse victory.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from judge.engine.phase import Phase


def board_time(phase: str) -> tuple[int, int, int]:
    """A phase code's place in time, for comparing boards: ``(1901, 1, 0)`` for ``F1901M``
    (unreadable codes sort first)."""
    found = Phase.read(str(phase), classic=True, mixed=True)
    return found.time if found is not None else (0, 9, 9)


def active_boards(doc: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The boards that count now: the latest board of every timeline of a world, or
    the document itself for a standard position."""
    boards = doc.get("boards")
    if not isinstance(boards, list):
        return [doc]
    heads: dict[Any, Mapping[str, Any]] = {}
    for board in boards:
        line = board.get("timeline")
        best = heads.get(line)
        if best is None or board_time(board.get("phase", "")) > board_time(best.get("phase", "")):
            heads[line] = board
    return [heads[line] for line in sorted(heads, key=_timeline_order)]


def _timeline_order(line: Any) -> tuple[int, str]:
    """Timelines by number (2 before 10); anything else after them, by name."""
    text = str(line)
    return (int(text), "") if text.isdigit() else (1 << 30, text)


def _owners(units: Iterable[Mapping[str, Any]]) -> set[str]:
    return {str(u.get("power")) for u in units if u.get("power")}


def centre_counts(doc: Mapping[str, Any]) -> dict[str, int]:
    """Supply centres per power (unique provinces across a world's active boards);
    powers without a centre are left out."""
    owned: dict[str, set[str]] = {}
    for board in active_boards(doc):
        for power, centres in (board.get("supply_centers") or {}).items():
            owned.setdefault(power, set()).update(str(c).split("/")[0] for c in centres)
    return {power: len(centres) for power, centres in owned.items() if centres}


def survivors(doc: Mapping[str, Any]) -> set[str]:
    """The powers that own a unit (dislodged ones included) or a supply centre."""
    alive = set(centre_counts(doc))
    for board in active_boards(doc):
        alive |= _owners(board.get("units") or [])
        alive |= _owners(board.get("dislodged") or [])
    return alive


def largest_power(doc: Mapping[str, Any]) -> str | None:
    """The power with the most centres, or None when several share the most."""
    counts = sorted(centre_counts(doc).items(), key=lambda item: -item[1])
    if not counts or (len(counts) > 1 and counts[1][1] == counts[0][1]):
        return None
    return counts[0][0]
