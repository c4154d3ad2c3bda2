"""Who is still in a game, and how many supply centres each power holds.

Works on a game's stored position through the ruleset that reads it
(:class:`judge.rules.base.Ruleset`): a standard phase document (``units``,
``dislodged``, ``supply_centers``) or a multiverse world (``boards``), where a
power's centres are its unique centre provinces on the active boards (the latest
board of every timeline), as in multiverse victory.  Code that holds the game
asks :func:`judge.rules.registry.ruleset_for_game` instead.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from judge.rules.base import Ruleset

_SEASONS = {"S": 0, "U": 1, "F": 2, "A": 3, "W": 4}
_KINDS = {"M": 0, "R": 1, "A": 2, "B": 2}


def board_time(phase: str) -> tuple[int, int, int]:
    """A phase code's place in time, for comparing boards: ``(1901, 2, 0)`` for ``F1901M``
    (unreadable codes sort last in their year or first among years)."""
    code = str(phase).strip().upper()
    try:
        year = int(code[1:-1])
    except ValueError:
        year = 0
    return year, _SEASONS.get(code[:1], 9), _KINDS.get(code[-1:], 9)


def active_boards(doc: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The boards that count now: the latest board of every timeline of a world, or
    the document itself for a standard position."""
    return _rules(doc).active_boards(doc)


def centre_counts(doc: Mapping[str, Any]) -> dict[str, int]:
    """Supply centres per power (unique provinces across a world's active boards);
    powers without a centre are left out."""
    return _rules(doc).centre_counts(doc)


def survivors(doc: Mapping[str, Any]) -> set[str]:
    """The powers that own a unit (dislodged ones included) or a supply centre."""
    return _rules(doc).survivors(doc)


def largest_power(doc: Mapping[str, Any]) -> str | None:
    """The power with the most centres, or None when several share the most."""
    return _rules(doc).largest_power(doc)


def _rules(doc: Mapping[str, Any]) -> Ruleset:
    from judge.rules.registry import ruleset_for_document

    return ruleset_for_document(doc)
