"""Supply-centre ownership after a phase: per power the centres, the counts and
the builds or removals owed, the unowned centres, and a victory."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from judge.engine.phase import Phase
from judge.reports.names import Names, powers_in_order
from judge.reports.phases import phase_kind


def centres_listed(owned: list[str]) -> str:
    """A power's centres counted and named: ``1 centre (par)``, ``3 centres (bre,
    mar, par)``, ``0 centres (-)``."""
    word = "centre" if len(owned) == 1 else "centres"
    return f"{len(owned)} {word} ({', '.join(owned) or '-'})"


def centres_settled(phase: str, next_phase: str | None) -> bool:
    """Whether centre ownership changed hands with this phase (end of the Fall turn)."""
    found = Phase.parse(phase, classic=True, mixed=True)
    if found.season != "F" or found.is_adjustment:
        return False
    retreats_follow = bool(next_phase) and phase_kind(next_phase or "") == "retreats"
    return not (found.is_movement and retreats_follow)


@dataclass
class CentreLine:
    """Ownership and counts for one power."""

    code: str
    name: str
    label: str
    centres: list[str]
    centre_count: int
    unit_count: int
    adjustment: int  # > 0 builds, < 0 removals
    victory: bool = False

    @property
    def count_text(self) -> str:
        """``3 Supply centers,  3 Units:  Builds   0 units.``"""
        n = abs(self.adjustment)
        verb = "Removes" if self.adjustment < 0 else "Builds "
        unit_word = "unit" if n == 1 else "units"
        text = (
            f"{self.centre_count:>2} Supply centers, {self.unit_count:>2} Units:  "
            f"{verb}{n:>3} {unit_word}."
        )
        return text + ("  (* VICTORY!! *)" if self.victory else "")


def counted_centres(result: Mapping[str, Any]) -> dict[str, int]:
    """Per power, the centres that count for builds and victory: the answer's
    ``center_counts`` where its rules give them (Colonial's Hong Kong counts for
    nobody while China owns it), else every centre owned."""
    counts = result.get("center_counts")
    if counts is not None:
        return {str(p): int(n) for p, n in counts.items()}
    return {p: len(cs) for p, cs in result.get("supply_centers", {}).items()}


def centre_lines(
    result: Mapping[str, Any], names: Names
) -> tuple[list[CentreLine], list[str], str | None]:
    owners: Mapping[str, list[str]] = result.get("supply_centers", {})
    counts = counted_centres(result)
    unit_counts: dict[str, int] = {}
    for u in result.get("units", []):
        unit_counts[u["power"]] = unit_counts.get(u["power"], 0) + 1
    powers = powers_in_order(names.variant, list(owners) + list(unit_counts))
    width = max((len(names.power(p)) + 1 for p in powers), default=8) + 2
    target = getattr(names.variant, "victory_centers", 0) or 0
    lines = []
    winner = None
    for p in powers:
        centres = sorted(names.place(c) for c in owners.get(p, []))
        units = unit_counts.get(p, 0)
        if not centres and not units:
            continue
        victory = bool(target) and counts.get(p, 0) >= target
        if victory:
            winner = p
        label = f"{names.power(p) + ':':<{width}}"
        lines.append(
            CentreLine(
                p,
                names.power(p),
                label,
                centres,
                counts.get(p, 0),
                units,
                counts.get(p, 0) - units,
                victory,
            )
        )
    owned = {c for cs in owners.values() for c in cs}
    unowned = sorted(names.place(c) for c in names.variant.supply_centers if c not in owned)
    return lines, unowned, winner


def winner_of(result: Mapping[str, Any], names: Names) -> str | None:
    target = getattr(names.variant, "victory_centers", 0) or 0
    for power, count in counted_centres(result).items():
        if target and count >= target:
            return power
    return None
