"""The order rules of mail processing: each mail's orders are read and checked by
the ruleset of the game's position (:mod:`judge.rules.registry`).

Also what each power owes in a phase (:func:`owed`), used by the replies.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from judge.orders.keys import OrderKey
from judge.rules.base import Owed, unanswered
from judge.rules.registry import ruleset_for_document

__all__ = ["Owed", "TextOrderRules", "owed", "unanswered"]


class TextOrderRules:
    """Orders as players write them, read by the ruleset of the position."""

    def check(self, position: dict[str, Any], power: str, lines: list[str]) -> list[Any]:
        """One OrderCheck per order."""
        return ruleset_for_document(position).check_orders(position, power, lines)

    def unordered(
        self, position: dict[str, Any], power: str, keys: Iterable[OrderKey]
    ) -> list[str]:
        """Units of the power without orders (in an adjustment phase, the builds or
        removals still owed: ``1 build``)."""
        return ruleset_for_document(position).unordered(position, power, keys)

    def written(self, position: dict[str, Any], text: str) -> str:
        """An order's canonical wording as the game writes it to its players
        (5dplomacy: ``A alfa:MUN:Spring01``)."""
        return ruleset_for_document(position).written(text)


def owed(position: dict[str, Any]) -> dict[str, list[Owed]]:
    """Per power, what it owes in the position's phase (units to order, or counts of
    builds and removals)."""
    return ruleset_for_document(position).owed(position)
