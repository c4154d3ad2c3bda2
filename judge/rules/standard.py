"""The standard rules: one board, phases of movement, retreats and adjustments.

The stored position is the phase document of docs/adjudicate.md; orders are read
by :mod:`judge.orders.text` and adjudicated by :mod:`judge.rules.documents`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from judge.orders.reader import OrderSyntax
from judge.orders.standard import STANDARD_SYNTAX
from judge.rules.base import (
    BoardView,
    Document,
    Group,
    Owed,
    Ruleset,
    Step,
    free_homes,
    unanswered,
)

if TYPE_CHECKING:
    from judge.reports.settings import ReportSettings, VariantLike


def _is_adjustment(doc: Mapping[str, Any]) -> bool:
    return str(doc.get("phase", "")).upper().endswith("A")


def unit_text(unit: Mapping[str, Any]) -> str:
    """A unit as the game's status writes it: ``A Par``."""
    return f"{unit.get('type', '?')} {str(unit.get('province', '?')).title()}"


class StandardRuleset(Ruleset):
    """The rules of the 2023 rulebook on a variant's map."""

    name = "standard"

    def __init__(self, syntax: OrderSyntax = STANDARD_SYNTAX) -> None:
        self.syntax = syntax
        self.engine = syntax.engine

    # -------------------------------------------------------------- positions

    def starting_position(self, variant: str, *, adjacency: str = "", seed: int = 0) -> Document:
        from judge.variant.data import load_variant

        loaded = load_variant(variant)
        return {
            "variant": loaded.name,
            "phase": loaded.start_phase,
            "units": [
                {"power": power, "type": kind, "province": loc}
                for power, kind, loc in loaded.starting_units
            ],
            "dislodged": [],
            "contested": [],
            "supply_centers": {p: sorted(c) for p, c in loaded.starting_centers.items()},
        }

    def phase_code(self, doc: Mapping[str, Any]) -> str:
        return str(doc["phase"])

    def retreats_pending(self, doc: Mapping[str, Any]) -> bool:
        return str(doc.get("phase", "")).upper().endswith("R")

    def active_boards(self, doc: Mapping[str, Any]) -> list[Mapping[str, Any]]:
        return [doc]

    # ----------------------------------------------------------- mail orders

    def check_orders(self, doc: Document, power: str, lines: list[str]) -> list[Any]:
        from judge.orders.text import check_orders

        return check_orders(doc, power, lines, self.syntax)

    def owed(self, doc: Document) -> dict[str, list[Owed]]:
        from judge.variant.data import load_variant

        variant = load_variant(doc.get("variant", "standard"))
        kind = str(doc["phase"])[-1].upper()
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
        for power, change in _changes(variant, centres, units).items():
            if change > 0:
                found[power] = [Owed("build", "", change)]
            elif change < 0:
                found[power] = [Owed("remove", "", -change)]
        return found

    def unordered(self, doc: Document, power: str, keys: set[str]) -> list[str]:
        if _is_adjustment(doc):
            return unanswered(self.owed(doc).get(power, []), keys)
        from judge.orders.text import units_without_orders

        return units_without_orders(doc, power, keys, self.syntax)

    def allowance_group(self, doc: Document, key: str) -> Group | None:
        if not _is_adjustment(doc):
            return None
        return ("build" if key.startswith(("build:", "waive")) else "remove", "")

    def allowances(self, doc: Document, power: str) -> dict[Group, int]:
        return {
            (item.key, ""): item.count
            for item in self.owed(doc).get(power, [])
            if item.key in ("build", "remove")
        }

    # ---------------------------------------------------------- adjudication

    def adjudicate(self, doc: Document) -> Document:
        from judge.rules.documents import adjudicate_document

        return adjudicate_document(doc, self.syntax)

    def step(self, doc: Document) -> Step:
        answer = self.adjudicate(doc)
        next_phase = answer["next_phase"]
        retreats = next_phase.endswith("R")
        after = {
            "variant": doc.get("variant", "standard"),
            "phase": next_phase,
            "units": answer["units"],
            "dislodged": answer["dislodged"] if retreats else [],
            "contested": answer["contested"] if retreats else [],
            "supply_centers": answer["supply_centers"],
        }
        return Step(doc, answer, after, next_phase, answer.get("winner"))

    # --------------------------------------------------------------- reports

    def processed_phase(self, step: Step) -> str:
        return str(step.answer["phase"])

    def render_results(
        self, step: Step, variant: VariantLike, settings: ReportSettings, *, preview: bool = False
    ) -> tuple[str, str, str]:
        from judge.reports import render_report

        return render_report(step.answer, variant, settings, step.before, preview=preview)

    def board_views(self, doc: Mapping[str, Any]) -> list[BoardView]:
        return [BoardView(doc, unit_text)]


def _changes(variant: Any, centres: Mapping[str, Any], units: list[dict[str, Any]]) -> dict:
    """Per power of the variant: the builds it may make (centres over units, as many
    as its free home centres allow) or the removals it owes (negative)."""
    occupied = {variant.province_of(u["province"]) for u in units}
    changes = {}
    for power in variant.powers:
        mine = set(centres.get(power, []))
        change = len(mine) - sum(1 for u in units if u["power"] == power)
        if change > 0:
            homes = variant.powers[power].home_centers
            change = min(change, free_homes(homes, mine, occupied))
        changes[power] = change
    return changes
