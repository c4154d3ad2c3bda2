"""How one order reads in a report: the judge's canonical order text
(``A par - bur``) as the classic judges write it (``Army Paris -> Burgundy.``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from judge.reports.names import UNIT_WORDS, Names


@dataclass
class Units:
    """The units of the adjudicated position, looked up by location or province."""

    names: Names
    by_loc: dict[str, tuple[str, str]] = field(default_factory=dict)  # loc -> (power, type)

    @classmethod
    def of(cls, names: Names, units: Iterable[Mapping[str, Any]]) -> Units:
        table = cls(names)
        for u in units:
            table.by_loc[u["province"]] = (u["power"], u["type"])
        return table

    def find(self, loc: str) -> tuple[str, str] | None:
        if loc in self.by_loc:
            return self.by_loc[loc]
        prov = self.names.province(loc)
        for where, unit in self.by_loc.items():
            if self.names.province(where) == prov:
                return unit
        return None


def type_of_unit(token: str, loc: str, units: Units) -> str:
    """``A`` or ``F``: the order's unit letter, else the type of the unit found at ``loc``."""
    if token.upper() in UNIT_WORDS:
        return token.upper()
    found = units.find(loc)
    return found[1] if found else "?"


def _other_unit(power: str, token: str, loc: str, names: Names, units: Units) -> str:
    """``German Army Munich``: a unit named in a support or convoy (adjective if foreign)."""
    found = units.find(loc)
    kind = names.unit(type_of_unit(token, loc, units))
    if found is not None and found[0] != power:
        return f"{names.adjective(found[0])} {kind} {names.place(loc)}"
    return f"{kind} {names.place(loc)}"


@dataclass
class Parsed:
    """An order read from the judge's canonical text."""

    kind: str  # hold, move, support, convoy, retreat, disband, build, remove, waive
    unit_type: str = "?"
    loc: str = ""
    target_type: str = ""
    target: str = ""
    dest: str = ""


def parse_canonical(text: str) -> Parsed | None:
    """Read ``A par - bur``, ``F bre S A par - bur``, ``Build F stp/nc``, ``Waive``...

    Returns None for text in any other form.
    """
    t = text.split()
    low = [w.lower() for w in t]
    if low == ["waive"]:
        return Parsed("waive")
    if len(t) == 3 and low[0] in ("build", "remove", "disband"):
        return Parsed(low[0], t[1].upper(), low[2])
    if len(t) < 3 or t[0].upper() not in ("A", "F", "?"):
        return None
    unit_type, loc, verb = t[0].upper(), low[1], low[2]
    rest = low[3:]
    if verb == "h" and not rest:
        return Parsed("hold", unit_type, loc)
    if verb == "d" and not rest:
        return Parsed("disband", unit_type, loc)
    if verb == "-" and (len(rest) == 1 or rest[1:] == ["via", "convoy"]):
        return Parsed("move", unit_type, loc, dest=rest[0])
    if verb == "r" and len(rest) == 1:
        return Parsed("retreat", unit_type, loc, dest=rest[0])
    if verb in ("s", "c") and len(rest) in (2, 4):
        if len(rest) == 4 and rest[2] != "-":
            return None
        kind = "support" if verb == "s" else "convoy"
        dest = rest[3] if len(rest) == 4 else ""
        if kind == "convoy" and not dest:
            return None
        return Parsed(kind, unit_type, loc, rest[0].upper(), rest[1], dest)
    return None


def order_sentence(power: str, parsed: Parsed | None, raw: str, names: Names, units: Units) -> str:
    """``Army Paris -> Burgundy.`` and the like; the raw text when unreadable."""
    if parsed is None:
        return raw.rstrip(".") + "."
    if parsed.kind == "waive":
        return "Build waived."
    if parsed.kind == "build":
        article = "an army" if parsed.unit_type == "A" else "a fleet"
        return f"Builds {article} {names.in_place(parsed.loc)}."
    if parsed.kind == "remove":
        utype = type_of_unit(parsed.unit_type, parsed.loc, units)
        return f"Removes the {names.unit(utype).lower()} {names.in_place(parsed.loc)}."
    unit = (
        f"{names.unit(type_of_unit(parsed.unit_type, parsed.loc, units))} {names.place(parsed.loc)}"
    )
    if parsed.kind == "hold":
        return f"{unit} HOLD."
    if parsed.kind == "disband":
        return f"{unit} DISBAND."
    if parsed.kind in ("move", "retreat"):
        return f"{unit} -> {names.place(parsed.dest)}."
    other = _other_unit(power, parsed.target_type, parsed.target, names, units)
    verb = "SUPPORT" if parsed.kind == "support" else "CONVOY"
    if parsed.dest:
        return f"{unit} {verb} {other} -> {names.place(parsed.dest)}."
    return f"{unit} {verb} {other}."


def unordered_sentence(parsed: Parsed, names: Names, units: Units, kind: str) -> str:
    """What the judge did for a unit without orders: ``Army Paris, No Order Processed.``,
    or in an adjustment phase ``Defaults, removing the army in Greece.``"""
    unit_type = names.unit(type_of_unit(parsed.unit_type, parsed.loc, units))
    if kind == "adjustments" and parsed.kind in ("disband", "remove"):
        return f"Defaults, removing the {unit_type.lower()} {names.in_place(parsed.loc)}."
    unit = f"{unit_type} {names.place(parsed.loc)}"
    if parsed.kind in ("disband", "remove"):
        return f"{unit}, No Order Processed (DISBAND)."
    return f"{unit}, No Order Processed."
