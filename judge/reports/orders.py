"""The result lines of a phase, grouped by power: each order with its classic
``(*bounce*)`` notes, the units that had no order, the civil-disorder removals, and
the dislodged units with their retreats."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from judge.engine.boards import Location
from judge.engine.phase import Phase
from judge.engine.position import Position
from judge.engine.rules import STANDARD
from judge.engine.units import Unit
from judge.reports.names import Names, powers_in_order
from judge.reports.sentences import (
    STANDARD_WORDS,
    OrderView,
    OrderWords,
    Units,
    order_sentence,
    order_view,
    unordered_sentence,
)

# an order whose later replacement counts instead (not shown in reports)
REPLACED = "replaced by a later order"

# resolver reasons -> the classic judges' result notes
_NOTE_WORDS = {
    "bounced": "bounce",
    "bounce": "bounce",
    "cut": "cut",
    "void": "void",
    "dislodged": "dislodged",
    "no convoy": "no convoy",
    "no_convoy": "no convoy",
    "disrupted": "disrupted",
    "destroyed": "destroyed",
    "failed": "failed",
}


def _notes(order: Mapping[str, Any], parsed: OrderView | None, dislodged: bool, kind: str) -> list:
    """The classic ``(*...*)`` notes of one order."""
    result = order.get("result")
    reasons = order.get("reason")
    if isinstance(reasons, str):
        reasons = [r.strip() for r in reasons.split(",") if r.strip()]
    reasons = list(reasons or [])
    notes: list[str] = []
    if result == "invalid":
        notes.append("invalid")
    for reason in reasons:
        word = _NOTE_WORDS.get(reason.lower(), reason.replace("_", " "))
        if word == "dislodged" and parsed is not None and result == "fails":
            # the resolver reports only "dislodged"; the classic notes say why it also failed
            if parsed.kind == "move":
                notes.append("bounce")
            elif parsed.kind == "support":
                notes.append("cut")
        if word not in notes:
            notes.append(word)
    if kind == "retreats" and result == "fails" and parsed is not None:
        if parsed.kind == "retreat" and not reasons:
            notes.append("bounce")
        if "destroyed" not in notes:
            notes.append("destroyed")
    if result == "fails" and not notes and parsed is not None and parsed.kind != "hold":
        notes.append("failed")
    if dislodged and "dislodged" not in notes:
        notes.append("dislodged")
    return notes


def _outcome(result: str | None, reason: Any, parsed: OrderView | None, kind: str) -> str:
    """One result in words: ``succeeds``, ``bounce``, ``fails``, ``invalid``."""
    if result in ("succeeds", None):
        return "succeeds"
    if result == "invalid":
        return "invalid"
    notes = _notes({"result": result, "reason": reason}, parsed, False, kind)
    return ", ".join(notes) or "fails"


def rejudged_note(order: Mapping[str, Any], parsed: OrderView | None, kind: str) -> str:
    """``re-judged: now succeeds; before: bounce``: the new result and the old."""
    now = _outcome(order.get("result"), order.get("reason"), parsed, kind)
    if "was" not in order:
        return f"re-judged: now {now}"
    was = _outcome(order.get("was"), order.get("was_reason"), parsed, kind)
    return f"re-judged: now {now}; before: {was}"


@dataclass
class OrderLine:
    """One result line: the sentence, its notes and the outcome (for styling)."""

    sentence: str
    notes: list[str]
    result: str

    @property
    def text(self) -> str:
        """The line as the classic judges print it after the power's name."""
        if not self.notes:
            return self.sentence
        return f"{self.sentence}  (*{', '.join(self.notes)}*)"


@dataclass
class PowerGroup:
    """The result lines of one power."""

    code: str
    name: str
    label: str  # "France:" padded to the width of the longest power name
    lines: list[OrderLine]


def order_groups(
    result: Mapping[str, Any],
    before: Mapping[str, Any] | None,
    names: Names,
    kind: str,
    *,
    reference_units: Mapping[Location, tuple[str, str]] | None = None,
    owed_builds: Mapping[str, int] | None = None,
    words: OrderWords = STANDARD_WORDS,
) -> list[PowerGroup]:
    """The result lines of a phase, by power in the variant's order.

    ``reference_units`` are units elsewhere (other boards) that orders may name, as
    ``(power, type)`` by their location there;
    ``owed_builds`` the builds each power could make in an adjustment phase, as its
    ruleset counts them (by default: free owned home centres, up to the surplus);
    ``words`` how the ruleset words its own orders (by default the standard orders).
    """
    units = Units.of(names, (before or {}).get("units", []), reference_units)
    for d in (before or {}).get("dislodged", []):
        units.by_loc.setdefault(d["province"], (d["power"], d["type"]))
    dislodged_now = {
        (d["power"], names.province(d["province"])) for d in result.get("dislodged", [])
    }
    lines: dict[str, list[OrderLine]] = {}
    ordered: set[tuple[str, str]] = set()
    for order in result.get("orders", []):
        if order.get("reason") == REPLACED:
            continue  # the later order for the unit is the one that counted
        power = order["power"]
        invalid = order.get("result") == "invalid"
        raw = (order.get("text") if invalid else None) or order.get("order") or ""
        parsed = None if invalid else order_view(order, words=words)
        if parsed is not None and kind == "adjustments" and parsed.kind == "disband":
            parsed.kind = "remove"
        here = parsed.loc if parsed is not None and parsed.loc else None
        is_dislodged = (
            kind == "movement"
            and here is not None
            and (power, names.province(here)) in dislodged_now
        )
        if here is not None:
            ordered.add((power, names.province(here)))
        if order.get("display"):
            sentence = order["display"]
        elif order.get("judged") == "automatic" and parsed is not None and parsed.loc:
            sentence = unordered_sentence(parsed, names, units, kind)
        else:
            sentence = order_sentence(power, parsed, raw, names, units)
        notes = _notes(order, parsed, is_dislodged, kind)
        if order.get("judged") == "rejudged":
            notes.append(rejudged_note(order, parsed, kind))
        lines.setdefault(power, []).append(OrderLine(sentence, notes, order.get("result", "")))

    if before is not None:
        _add_unordered(before, names, kind, ordered, dislodged_now, lines)
    if kind == "adjustments":
        _add_disorder_removals(before, result, names, ordered, lines)
        _add_unused_builds(before, result, names, lines, owed_builds, words)

    everyone = powers_in_order(names.variant, lines)
    powers = [p for p in everyone if p in lines]
    # one column for the whole variant, so every report lines up the same way
    width = max((len(names.power(p)) + 1 for p in everyone), default=0)
    return [
        PowerGroup(p, names.power(p), f"{names.power(p) + ':':<{width}}", lines[p]) for p in powers
    ]


def _add_unordered(
    before: Mapping[str, Any],
    names: Names,
    kind: str,
    ordered: set[tuple[str, str]],
    dislodged_now: set[tuple[str, str]],
    lines: dict[str, list[OrderLine]],
) -> None:
    """``Army Paris, No Order Processed.`` for units that had no order."""
    if kind == "movement":
        pending = before.get("units", [])
        tail = "."
    elif kind == "retreats":
        pending = before.get("dislodged", [])
        tail = " (DISBAND)."
    else:
        return
    for u in pending:
        key = (u["power"], names.province(u["province"]))
        if key in ordered:
            continue
        sentence = f"{names.unit(u['type'])} {names.place(u['province'])}, No Order Processed{tail}"
        notes = ["dislodged"] if kind == "movement" and key in dislodged_now else []
        lines.setdefault(u["power"], []).append(OrderLine(sentence, notes, "unordered"))


def _add_disorder_removals(
    before: Mapping[str, Any] | None,
    result: Mapping[str, Any],
    names: Names,
    ordered: set[tuple[str, str]],
    lines: dict[str, list[OrderLine]],
) -> None:
    """``Defaults, removing the army in Greece.`` for units removed without an order.

    The adjudicator lists them under ``civil_disorder``; for older documents
    they are worked out from the position before and after.
    """
    if "civil_disorder" in result:
        removed = list(result["civil_disorder"])
    elif before is not None:
        after = {(u["power"], names.province(u["province"])) for u in result.get("units", [])}
        removed = [
            u
            for u in before.get("units", [])
            if (u["power"], names.province(u["province"])) not in after
            and (u["power"], names.province(u["province"])) not in ordered
        ]
    else:
        removed = []
    rule = result.get("civil_disorder_rule")
    why = f" (civil disorder, {rule} rule)" if rule else ""
    for u in removed:
        sentence = (
            f"Defaults, removing the {names.unit(u['type']).lower()} "
            f"{names.in_place(u['province'])}{why}."
        )
        lines.setdefault(u["power"], []).append(OrderLine(sentence, [], "default"))


def builds_owed(
    before: Mapping[str, Any], names: Names, counts: Mapping[str, int] | None = None
) -> dict[str, int]:
    """Per power, the builds a winter position allows under the standard rules'
    engine hooks (``EngineRules.owed_changes``: centres over units, at most one per
    build site): the default of a report whose ruleset says nothing.  ``counts``
    gives the centres that count per power where the rules leave some out
    (Colonial's Hong Kong held by China)."""
    centres: Mapping[str, list[str]] = before.get("supply_centers") or {}
    owners = {names.province(c): power for power, owned in centres.items() for c in owned}
    units = {
        u["province"]: Unit(u["power"], STANDARD.unit_type(u["type"]))
        for u in before.get("units", [])
    }
    position = Position(Phase.parse(str(before.get("phase") or "W1901A")), units, owners)
    rules = STANDARD
    if counts is not None:
        rules = replace(STANDARD, allowance=lambda variant, pos: _counted(counts, pos))
    changes = rules.owed_changes(names.variant, position)
    return {power: n for power, n in changes.items() if n > 0 and power in centres}


def _counted(counts: Mapping[str, int], position: Position) -> dict[str, int]:
    """Per power, the centres that count minus its units."""
    found = dict(counts)
    for unit in position.units.values():
        found[unit.power] = found.get(unit.power, 0) - 1
    return found


def _add_unused_builds(
    before: Mapping[str, Any] | None,
    result: Mapping[str, Any],
    names: Names,
    lines: dict[str, list[OrderLine]],
    owed_builds: Mapping[str, int] | None = None,
    words: OrderWords = STANDARD_WORDS,
) -> None:
    """``1 build not used.`` for builds a power neither made nor waived (of
    ``owed_builds``, or by default of :func:`builds_owed`)."""
    if not before or "supply_centers" not in before:
        return  # only a standard winter position says what was owed
    used: dict[str, int] = {}
    for order in result.get("orders", []):
        if order.get("result") == "invalid" or order.get("reason") == REPLACED:
            continue
        parsed = order_view(order, words=words)
        if parsed is not None and parsed.kind in ("build", "waive"):
            used[order["power"]] = used.get(order["power"], 0) + 1
    # a winter changes no centre, so the answer's counts are those of the position
    if owed_builds is None:
        owed_builds = builds_owed(before, names, result.get("center_counts"))
    for power, owed in owed_builds.items():
        left = owed - used.get(power, 0)
        if left > 0:
            noun = "build" if left == 1 else "builds"
            lines.setdefault(power, []).append(
                OrderLine(f"{left} {noun} not used.", [], "unordered")
            )


def _or_list(items: list[str]) -> str:
    return " or ".join(items)


def dislodged_sentences(result: Mapping[str, Any], names: Names) -> list[str]:
    out = []
    for d in result.get("dislodged", []):
        who = f"{names.adjective(d['power'])} {names.unit(d['type'])}"
        unit = f"The {who} {names.in_place(d['province'])}"
        options = [names.place(o) for o in d.get("retreat_options") or []]
        if options:
            out.append(f"{unit} can retreat to {_or_list(options)}.")
        else:
            out.append(f"{unit} with no valid retreats was destroyed.")
    return out
