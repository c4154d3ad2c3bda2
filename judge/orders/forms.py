"""How players write each kind of order, for HELP and the start mail.

An order kind's syntax (:class:`judge.orders.reader.KindSyntax`) carries its
:class:`OrderForm` entries: the written form, what it does, a worked example, the
words ``HELP <word>`` answers to, and optionally a ``sample``, which writes the
form with the reader's own units (the start mail's "how to order" block).
Samples read only the variant's map and the reader's units: pure.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from judge.variant.data import Variant

Unit = Mapping[str, Any]
Sample = Callable[[Variant, Sequence[Unit], str], "str | None"]
"""(variant, the reader's units, the reader's power) -> the form written with them."""


@dataclass(frozen=True)
class OrderForm:
    """One written form of an order kind."""

    name: str  # "move"
    form: str  # "<unit> <province> - <province>"
    text: str  # what it does
    example: str  # a worked example
    words: tuple[str, ...] = ()  # further words HELP <word> answers to
    sample: Sample | None = None
    phase: str = "M"  # the kind of phase it is written in: M, R or A
    start: bool = True  # whether the start mail's "how to order" block shows it

    def answers(self, topic: str) -> bool:
        """Whether ``HELP <topic>`` means this form."""
        wanted = " ".join(topic.lower().replace("-", " ").split())
        return wanted in {self.name.lower(), *(w.lower() for w in self.words)}

    def help_lines(self, example: str | None = None) -> list[str]:
        """The form, what it does and an example (its own unless given), as HELP
        lists them."""
        return [
            f"{self.name}: {self.form}",
            f"  {self.text}",
            f"  Example: {example or self.example}",
        ]


def written(unit: Unit) -> str:
    """A unit as players write it: ``A Par1``, ``F Stp/sc``."""
    province, _, coast = str(unit["province"]).partition("/")
    return f"{unit['type']} {province.capitalize()}" + (f"/{coast}" if coast else "")


def place(loc: str) -> str:
    """A location as players write it (``Bur1``, ``Spa/nc``)."""
    province, _, coast = loc.partition("/")
    return province.capitalize() + (f"/{coast}" if coast else "")


def _free_neighbour(variant: Variant, unit: Unit, units: Sequence[Unit]) -> str | None:
    taken = {str(u["province"]).split("/")[0] for u in units}
    try:
        near = sorted(variant.neighbours(str(unit["type"]), str(unit["province"])))
    except (KeyError, ValueError):
        return None
    return next((n for n in near if n.split("/")[0] not in taken), None)


def sample_hold(variant: Variant, units: Sequence[Unit], power: str) -> str | None:
    return f"{written(units[0])} H" if units else None


def _first_step(variant: Variant, units: Sequence[Unit], sign: str) -> str | None:
    """The first of ``units`` that has a free neighbour, sent there with ``sign``."""
    for unit in units:
        dest = _free_neighbour(variant, unit, units)
        if dest is not None:
            return f"{written(unit)} {sign} {place(dest)}"
    return None


def sample_move(variant: Variant, units: Sequence[Unit], power: str) -> str | None:
    return _first_step(variant, units, "-")


def sample_support(variant: Variant, units: Sequence[Unit], power: str) -> str | None:
    """One unit supporting another's move into a province both reach."""
    for mover in units:
        dest = _free_neighbour(variant, mover, units)
        if dest is None:
            continue
        for helper in units:
            if helper is mover:
                continue
            try:
                reach = variant.neighbours(str(helper["type"]), str(helper["province"]))
            except (KeyError, ValueError):
                continue
            if dest.split("/")[0] in {n.split("/")[0] for n in reach}:
                return f"{written(helper)} S {written(mover)} - {place(dest).split('/')[0]}"
    return None


def sample_retreat(variant: Variant, units: Sequence[Unit], power: str) -> str | None:
    return _first_step(variant, units, "R")


def sample_convoy(variant: Variant, units: Sequence[Unit], power: str) -> str | None:
    """A fleet in a sea carrying an army from one of its shores to another: the
    reader's fleet at sea if they have one, else the map's first sea with two shores."""
    fleets = [str(u["province"]) for u in units if u["type"] == "F"]
    seas = [loc for loc in fleets if variant.is_sea(loc)]
    seas += sorted(loc for loc in variant.locations() if variant.is_sea(loc))
    for sea in seas:
        shores = sorted(
            {n.split("/")[0] for n in variant.neighbours("F", sea) if not variant.is_sea(n)}
        )
        if len(shores) >= 2:
            return f"F {place(sea)} C A {place(shores[0])} - {place(shores[-1])}"
    return None


def sample_build(variant: Variant, units: Sequence[Unit], power: str) -> str | None:
    homes = sorted(getattr(variant.powers.get(power), "home_centers", None) or ())
    return f"Build A {place(homes[0])}" if homes else None


def sample_remove(variant: Variant, units: Sequence[Unit], power: str) -> str | None:
    return f"Remove {written(units[-1])}" if units else None
