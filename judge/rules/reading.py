"""The order rules of mail processing: orders of standard games are read by
:mod:`judge.orders.text`, orders of multiverse games (a world document, with
``"boards"``) by :mod:`judge.rules.multiverse.mail_orders`.

Also what each power owes in a phase (:func:`owed`), used by the turn engine, the
scheduler (early processing, reminders, late notices) and the replies.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from judge.engine.phase import Phase
from judge.orders.keys import OrderKey
from judge.rules.multiverse.mail_orders import Owed, check_world_orders, world_owed


def is_world(position: dict[str, Any]) -> bool:
    """Whether a position document is a multiverse world (it has boards)."""
    return "boards" in position


class TextOrderRules:
    """Orders as players write them, for standard and multiverse games."""

    def check(self, position: dict[str, Any], power: str, lines: list[str]) -> list[Any]:
        """One OrderCheck per order."""
        if is_world(position):
            return check_world_orders(position, power, lines)
        from judge.orders.text import check_orders

        return check_orders(position, power, lines)

    def unordered(
        self, position: dict[str, Any], power: str, keys: Iterable[OrderKey]
    ) -> list[str]:
        """Units of the power without orders (in an adjustment phase, the builds or
        removals still owed: ``1 build``)."""
        if is_world(position):
            items = [o for o in world_owed(position).get(power, []) if o.label]
            return unanswered(items, keys)
        if Phase.parse(str(position["phase"])).is_adjustment:
            return unanswered(_standard_owed(position).get(power, []), keys)
        from judge.orders.text import units_without_orders

        return units_without_orders(position, power, {key.loc for key in keys if key.is_unit})


def owed(position: dict[str, Any]) -> dict[str, list[Owed]]:
    """Per power, what it owes in the position's phase (units to order, or counts of
    builds and removals)."""
    if is_world(position):
        return world_owed(position)
    return _standard_owed(position)


def _standard_owed(doc: dict[str, Any]) -> dict[str, list[Owed]]:
    from judge.variant.data import load_variant

    variant = load_variant(doc.get("variant", "standard"))
    kind = Phase.parse(str(doc["phase"])).kind
    found: dict[str, list[Owed]] = {}
    if kind == "M":
        for u in doc.get("units", []):
            found.setdefault(u["power"], []).append(
                Owed(u["province"], f"{u['type']} {u['province']}")
            )
        return found
    if kind == "R":
        for d in doc.get("dislodged", []):
            if d.get("retreat_options", True):
                found.setdefault(d["power"], []).append(
                    Owed(d["province"], f"{d['type']} {d['province']}")
                )
        return found
    centres = doc.get("supply_centers")
    if centres is None:
        centres = {p: sorted(c) for p, c in variant.starting_centers.items()}
    units = doc.get("units", [])
    occupied = {variant.province_of(u["province"]) for u in units}
    for power in variant.powers:
        mine = set(centres.get(power, []))
        change = len(mine) - sum(1 for u in units if u["power"] == power)
        if change > 0:
            homes = variant.powers[power].home_centers
            builds = min(change, sum(1 for c in homes if c in mine and c not in occupied))
            if builds:
                found[power] = [Owed("build", "", builds)]
        elif change < 0:
            found[power] = [Owed("remove", "", -change)]
    return found


def unanswered(items: Iterable[Owed], keys: Iterable[OrderKey]) -> list[str]:
    """The owed items no order answers: units by key; builds (a build or a waive
    each) and removals by count."""
    keys = set(keys)
    builds = sum(1 for k in keys if k.is_build or k.is_waive)
    removals = len(keys) - builds
    left = []
    for item in items:
        if item.key in ("build", "remove"):
            short = item.count - (builds if item.key == "build" else removals)
            if short > 0:
                noun = "build" if item.key == "build" else "removal"
                left.append(f"{short} {noun}{'s' if short > 1 else ''}")
        elif OrderKey.unit(item.key) not in keys:
            left.append(item.label)
    return left
