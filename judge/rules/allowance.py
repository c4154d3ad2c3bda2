"""Builds, waives and removals beyond what a power owes, for the reply to a mail.

The adjudicator carries out adjustment orders in the order the turn gathers them
(each unit key's latest order, oldest first) and fails those beyond the power's
allowance (DATC 6.I.1: the first valid builds count).  Each ruleset says which
allowance an order uses and how large it is (a standard game counts a power's
builds and waives together, and its removals; a multiverse game counts builds and
removals per winter board, and waives up to the builds owed on all boards).  So a
reply can say at once that an order would be beyond them, instead of accepting an
order that will fail.
"""

from __future__ import annotations

from typing import Any

from judge.rules.base import Group
from judge.rules.registry import ruleset_for_document

__all__ = ["Group", "allowance_group", "beyond_owed"]


def allowance_group(position: dict[str, Any], key: str) -> Group | None:
    """The allowance an order stored under ``key`` uses, or None (not an adjustment)."""
    return ruleset_for_document(position).allowance_group(position, key)


def beyond_owed(position: dict[str, Any], power: str, stored: list[str], key: str) -> str | None:
    """Why an accepted order to be stored under ``key`` will not count, or None.

    ``stored`` holds the keys of the power's current orders for the phase, oldest
    first; the new order replaces the one of its key and comes last.
    """
    rules = ruleset_for_document(position)
    group = rules.allowance_group(position, key)
    if group is None:
        return None
    allowed = rules.allowances(position, power).get(group, 0)
    kept = [k for k in stored if k != key]
    rank = 1 + sum(1 for k in kept if rules.allowance_group(position, k) == group)
    if allowed == 0 or rank <= allowed:
        return None  # nothing owed at all is refused by the order checks themselves
    kind = group[0]
    verb = "must remove" if kind == "remove" else "may build"
    where = rules.allowance_place(group)
    noun = "removal" if kind == "remove" else "waive" if key.startswith("waive") else "build"
    them = "it" if allowed == 1 else "them"
    return (
        f"{power.title()} {verb} {allowed}{where}: this {noun} is beyond {them} and will not count"
    )
