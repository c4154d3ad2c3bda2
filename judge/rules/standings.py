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
