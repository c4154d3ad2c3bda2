"""The standard rules: one board, phases of movement, retreats and adjustments.

The stored position is the phase document of docs/adjudicate.md; orders are read
by :mod:`judge.orders.text` and adjudicated by :mod:`judge.rules.documents`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from judge.engine.phase import Phase
from judge.engine.position import Position
from judge.engine.rules import DISORDER_2023, DISORDER_CLASSIC, EngineRules
from judge.orders.keys import OrderKey
from judge.orders.reader import OrderSyntax
from judge.orders.standard import STANDARD_SYNTAX
from judge.rules.base import (
    BoardView,
    Document,
    Group,
    Owed,
    Ruleset,
    Step,
    StoredOrder,
    owed_adjustments,
    unanswered,
    with_notes,
)

if TYPE_CHECKING:
    from judge.reports.settings import ReportSettings, VariantLike
    from judge.variant.data import Variant


def _is_adjustment(doc: Mapping[str, Any]) -> bool:
    return Phase.parse(str(doc.get("phase", ""))).is_adjustment


def unit_text(unit: Mapping[str, Any]) -> str:
    """A unit as the game's status writes it: ``A Par``."""
    return f"{unit.get('type', '?')} {str(unit.get('province', '?')).title()}"


class StandardRuleset(Ruleset):
    """The rules of the 2023 rulebook on a variant's map."""

    name = "standard"
    disorder_rules = (DISORDER_2023, DISORDER_CLASSIC)

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
        return Phase.parse(str(doc.get("phase", ""))).is_retreat

    def active_boards(self, doc: Mapping[str, Any]) -> list[Mapping[str, Any]]:
        return [doc]

    # ----------------------------------------------------------- mail orders

    def check_orders(self, doc: Document, power: str, lines: list[str]) -> list[Any]:
        from judge.orders.text import check_orders

        return check_orders(doc, power, lines, self.syntax)

    def order_attempt(self, variant: str, text: str) -> bool:
        """Asked of the order reader itself (:func:`judge.orders.text.attempts_order`)."""
        from judge.orders.text import attempts_order
        from judge.variant.data import load_variant

        return attempts_order(load_variant(variant), text, self.syntax)

    def order_shaped(self, variant: str, text: str) -> bool:
        """Asked of the order reader itself (:func:`judge.orders.text.shaped_as_order`)."""
        from judge.orders.text import shaped_as_order
        from judge.variant.data import load_variant

        return shaped_as_order(load_variant(variant), text, self.syntax)

    def order_near(self, variant: str, text: str, where: str = "among") -> bool:
        """Asked of the order reader itself (:func:`judge.orders.text.near_order`)."""
        from judge.orders.text import near_order
        from judge.variant.data import load_variant

        return near_order(load_variant(variant), text, self.syntax, where)

    def owed(self, doc: Document) -> dict[str, list[Owed]]:
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
        variant, position, engine = self.adjustment_view(doc)
        changes = engine.owed_changes(variant, position)
        return owed_adjustments({p: n for p, n in changes.items() if p in variant.powers})

    def builds_unusable(self, doc: Document, power: str) -> bool:
        if not _is_adjustment(doc):
            return False
        variant, position, engine = self.adjustment_view(doc)
        return engine.allowance(variant, position).get(power, 0) > 0 and not engine.build_sites(
            variant, position, power
        )

    def adjustment_view(self, doc: Document) -> tuple[Variant, Position, EngineRules]:
        """The map, the position and the engine rules an adjustment phase is counted by."""
        from judge.orders.text import document_position
        from judge.variant.data import load_variant

        variant = load_variant(doc.get("variant", "standard"))
        return variant, document_position(variant, doc, self.syntax), self.engine

    def unordered(self, doc: Document, power: str, keys: Iterable[OrderKey]) -> list[str]:
        if _is_adjustment(doc):
            return unanswered(self.owed(doc).get(power, []), keys)
        from judge.orders.text import units_without_orders

        units = {key.loc for key in keys if key.is_unit}
        return units_without_orders(doc, power, units, self.syntax)

    def allowance_group(self, doc: Document, key: OrderKey) -> Group | None:
        if not _is_adjustment(doc):
            return None
        return ("build" if key.is_build or key.is_waive else "remove", "")

    def allowances(self, doc: Document, power: str) -> dict[Group, int]:
        """The removals owed; the builds its centres give, those without a free centre
        too (each may be waived: the adjudicator counts them so, as njudge does)."""
        found: dict[Group, int] = {
            (item.key, ""): item.count
            for item in self.owed(doc).get(power, [])
            if item.key in ("build", "remove")
        }
        if ("build", "") in found:
            variant, position, engine = self.adjustment_view(doc)
            by_centres = engine.allowance(variant, position).get(power, 0)
            found["build", ""] = max(found["build", ""], by_centres)
        return found

    # ---------------------------------------------------------- adjudication

    def with_disorder_rule(self, doc: Document, name: str) -> Document:
        from judge.rules.documents import DISORDER_KEY

        if name == DISORDER_2023 or name not in self.disorder_rules:
            return doc
        return {**doc, DISORDER_KEY: name}

    def adjudicate(self, doc: Document) -> Document:
        from judge.rules.documents import adjudicate_document

        return adjudicate_document(doc, self.syntax)

    def step(self, doc: Document) -> Step:
        return self._step(doc, self.adjudicate(doc))

    def step_stored(self, doc: Document, orders: Mapping[str, list[StoredOrder]]) -> Step:
        """Adjudicate the orders as the data they were stored as (an order kept
        without data, left so by migration 0007, is read from its wording); each
        judged order of the answer carries its data and the types of the units it
        names, from which the reports word and draw it."""
        from judge.orders.text import OrderCheck, check_position_orders
        from judge.rules.documents import (
            adjudicate_checks,
            disorder_rule,
            document_variant,
            read_position,
        )

        doc["orders"] = {power: [o.canonical for o in mine] for power, mine in orders.items()}
        variant = document_variant(doc)
        position = read_position(variant, doc)
        checks: list[OrderCheck] = []
        for power, mine in orders.items():
            for stored in mine:
                if stored.order is None:
                    checks.extend(
                        check_position_orders(
                            variant, position, power, [stored.canonical], self.syntax
                        )
                    )
                else:
                    text = stored.canonical
                    checks.append(
                        OrderCheck(
                            text=text, ok=True, canonical=text, order=stored.order, power=power
                        )
                    )
        answer = adjudicate_checks(variant, position, checks, self.syntax, disorder_rule(doc))
        _add_order_data(position, answer, checks)
        return self._step(doc, answer)

    def _step(self, doc: Document, answer: Document) -> Step:
        next_phase = answer["next_phase"]
        retreats = Phase.parse(next_phase).is_retreat
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

        settings = self.noted(step, variant, settings)
        return render_report(
            step.answer,
            variant,
            settings,
            step.before,
            preview=preview,
            owed_builds=self.owed_builds(step.before),
            words=self.order_words(),
        )

    def noted(self, step: Step, variant: Any, settings: ReportSettings) -> ReportSettings:
        """The report settings with the rules' notes on this step first among the
        notices: :meth:`report_notes` and the unusable builds."""
        notes = [*self.report_notes(step, variant), *self.unusable_builds(step, variant)]
        return with_notes(settings, notes)

    def unusable_builds(self, step: Step, variant: Any) -> list[str]:
        """After a Fall that settles the centres, each power's builds that no free
        centre lets it make (njudge's "unusable builds pending"), and whether the
        adjustment phase is skipped for want of any adjustment."""
        from judge.reports.centres import centres_settled

        phase = str(step.answer.get("phase", ""))
        if not centres_settled(phase, step.next_phase):
            return []
        # The position after the Fall, as its winter counts it (skipped or not).
        winter = {**step.after, "phase": f"W{phase[1:5]}A", "dislodged": []}
        board, position, engine = self.adjustment_view(winter)
        allowance = engine.allowance(board, position)
        owed = engine.owed_changes(board, position, allowance)
        names = self.report_names(variant)
        said = [
            f"{names.power(power)} has {lost} unusable build{'' if lost == 1 else 's'}: "
            "no free centre to build in."
            for power, count in allowance.items()
            if (lost := count - max(owed.get(power, 0), 0)) > 0 and count > 0
        ]
        if said and not step.next_phase.endswith("A"):
            said.append("No adjustment phase follows.")
        return [" ".join(said)] if said else []

    def board_views(self, doc: Mapping[str, Any]) -> list[BoardView]:
        return [BoardView(doc, unit_text)]


def _add_order_data(position: Position, answer: Document, checks: list[Any]) -> None:
    """Give each judged order of the answer its order as data and the types of the
    units it names (the answer's canonical texts are for ``judge adjudicate``)."""
    from judge.orders.data import order_data, unit_types

    if position.phase.is_retreat:
        units = {loc: dislodged.unit for loc, dislodged in position.dislodged.items()}
    else:
        units = dict(position.units)
    for entry, check in zip(answer["orders"], checks, strict=True):
        if check.ok and check.order is not None:
            entry["data"] = order_data(check.order)
            entry["unit_types"] = unit_types(check.order, units)
