"""Empires: the powers of a variant whose powers are named per game (Outer Space).

Such a variant's data has a map but no powers (``empires_per_game = true`` in its
``variant.toml``).  Each game names its empires (a code, a name, an adjective and an
initial), and :func:`empire_variant` gives the variant of that game: the map with
those empires as its powers, none with a home centre, a unit or a centre.

A position document names its empires by code in ``powers`` and may describe them
in ``empires`` (code -> name, adjective, initial); an empire not described there is
named after its code (``alpha``: Alpha, Alpha, A).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from judge.variant.data import Power, Variant, load_variant, normalise_name

_CODE = re.compile(r"[a-z][a-z0-9_]*")
MIN_EMPIRES = 2
MAX_EMPIRES = 26  # each empire has its own initial, a letter


class EmpireError(ValueError):
    """Empires that cannot play together (a bad code, a clash of names)."""


@dataclass(frozen=True, order=True)
class Empire:
    """One galactic empire of a game: its code (as documents and orders name it),
    its name, adjective and initial."""

    code: str
    name: str
    adjective: str
    initial: str

    @classmethod
    def named(cls, name: str, adjective: str = "", initial: str = "") -> Empire:
        """An empire from the words a player gives: the code is the name in lower case
        without spaces or punctuation (``Zorg Prime`` -> ``zorgprime``)."""
        code = normalise_name(name).replace(" ", "")
        return cls(code, name.strip(), adjective.strip() or name.strip(), initial or name[:1])

    @classmethod
    def of_code(cls, code: str) -> Empire:
        """An empire known only by its code: ``alpha`` is Alpha (Alpha, A)."""
        word = code.replace("_", " ").title()
        return cls(code, word, word, code[:1].upper())

    def record(self) -> dict[str, str]:
        """The empire as a position document describes it (its ``empires`` entry)."""
        return {"name": self.name, "adjective": self.adjective, "initial": self.initial}


def empire_problem(empires: Sequence[Empire]) -> str | None:
    """Why these empires cannot play one game together, or None: each code is a
    lower-case code, the initial one letter, and no name, adjective or code of one
    empire is a name, adjective or code of another (initials may be shared)."""
    seen: dict[str, str] = {}
    for empire in empires:
        if not _CODE.fullmatch(empire.code):
            return f"{empire.name!r} cannot be an empire's name (it needs a letter first)"
        if len(empire.initial) != 1 or not empire.initial.isalpha():
            return f"the initial of {empire.name} must be one letter, not {empire.initial!r}"
        words = {normalise_name(t) for t in (empire.code, empire.name, empire.adjective)}
        for word in words:
            other = seen.get(word)
            if other is not None and other != empire.code:
                return f"{word!r} already names the empire {other}"
        for word in words:
            seen[word] = empire.code
    return None


def empire_variant(empires: Iterable[Empire], variant: str = "outerspace") -> Variant:
    """The variant of one game: ``variant``'s map with ``empires`` as its powers.

    Raises :class:`EmpireError` when the empires clash."""
    return _variant(tuple(empires), variant)


@functools.lru_cache(maxsize=64)
def _variant(empires: tuple[Empire, ...], variant: str) -> Variant:
    problem = empire_problem(empires)
    if problem is not None:
        raise EmpireError(problem)
    powers = {e.code: Power(e.code, e.name, e.adjective, e.initial.upper(), ()) for e in empires}
    return load_variant(variant).with_powers(powers)


def empires_of(doc: Mapping[str, Any]) -> list[Empire]:
    """The empires a position document names: ``powers`` (codes, in order) described
    by ``empires`` where it has them.  Raises :class:`EmpireError` when malformed."""
    codes = doc.get("powers")
    if not isinstance(codes, list) or not codes:
        raise EmpireError('"powers" must list the empires\' codes, e.g. ["alpha", "beta"]')
    described = doc.get("empires") or {}
    if not isinstance(described, dict):
        raise EmpireError('"empires" must map each empire\'s code to its name')
    found = []
    for code in codes:
        if not isinstance(code, str) or not _CODE.fullmatch(code):
            raise EmpireError(f"an empire's code must be a lower-case code, not {code!r}")
        record = described.get(code)
        if record is None:
            found.append(Empire.of_code(code))
            continue
        if not isinstance(record, dict):
            raise EmpireError(f"empire {code!r}: expected name, adjective and initial")
        base = Empire.of_code(code)
        found.append(
            Empire(
                code,
                str(record.get("name") or base.name),
                str(record.get("adjective") or record.get("name") or base.adjective),
                str(record.get("initial") or base.initial),
            )
        )
    if len(set(codes)) != len(codes):
        raise EmpireError('"powers" names an empire twice')
    return found
