"""The Hundred-style rules: the standard rules, except that a power builds in any
supply centre it owns and no unit stands on, not only in its home centres (as
godip's Hundred variant does).

The rule is stated once, as the engine's build-site hook and its words; the order
checks, the builds owed, the reports and the multiverse ask it.
"""

from __future__ import annotations

from dataclasses import replace

from judge.engine.position import Position
from judge.engine.rules import STANDARD
from judge.orders.standard import STANDARD_SYNTAX
from judge.rules.standard import StandardRuleset
from judge.variant.data import Variant


def owned_build_sites(variant: Variant, position: Position, power: str) -> list[str]:
    """Every supply centre the power owns with no unit on it."""
    occupied = {variant.province_of(loc) for loc in position.units}
    return sorted(
        centre
        for centre, owner in position.centers.items()
        if owner == power and centre in variant.supply_centers and centre not in occupied
    )


def owned_build_refusal(variant: Variant, position: Position, power: str, province: str) -> str:
    """Why ``province`` is not among the power's :func:`owned_build_sites`."""
    name = variant.provinces[province].name
    if province not in variant.supply_centers:
        return f"{name} is not a supply centre"
    if position.centers.get(province) != power:
        return f"you do not own {name}"
    return f"{name} is occupied"


HUNDRED_RULES = replace(
    STANDARD, name="hundred", build_sites=owned_build_sites, build_refusal=owned_build_refusal
)


class HundredRuleset(StandardRuleset):
    """The standard rules with builds in any owned supply centre."""

    name = "hundred"

    def __init__(self) -> None:
        super().__init__(STANDARD_SYNTAX.extended(HUNDRED_RULES))
