"""Units and their types.

A unit type is a one-letter code (``"A"``, ``"F"``) with what the engine needs to
know about it: which adjacency it moves by, which terrain it may stand on, and
whether it can be convoyed or convoy.  Army and fleet are predefined; a ruleset
defines its own with :meth:`UnitType.define` and lists it in its
:class:`~judge.engine.rules.EngineRules`.  A unit type *is* its code (a ``str``),
so it compares, hashes and prints as ``"A"`` and is written to JSON as is.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import ClassVar

Location = Hashable


class UnitType(str):
    """A kind of unit, identified by its code.

    ``UnitType("A")`` looks up a standard type (``ValueError`` for another code);
    ``UnitType.ARMY`` and ``UnitType.FLEET`` are those types themselves, so
    ``unit.type is UnitType.ARMY`` holds for every army.
    """

    ARMY: ClassVar[UnitType]
    FLEET: ClassVar[UnitType]
    _standard: ClassVar[dict[str, UnitType]] = {}

    word: str
    adjacency: str
    terrains: frozenset[str]
    convoyable: bool
    convoys: bool

    def __new__(cls, code: str) -> UnitType:
        found = cls._standard.get(code)
        if found is None:
            raise ValueError(f"{code!r} is not a valid UnitType")
        return found

    @classmethod
    def define(
        cls,
        code: str,
        word: str,
        *,
        adjacency: str,
        terrains: frozenset[str] | set[str],
        convoyable: bool = False,
        convoys: bool = False,
    ) -> UnitType:
        """A new unit type.

        ``adjacency`` names the graph the unit moves by (the standard map has
        ``"army"`` and ``"fleet"``; a ruleset's geography may answer others);
        ``terrains`` are the province kinds it may stand on (``land``, ``coast``,
        ``sea``, or a ruleset's own); ``convoyable``: a fleet may carry it;
        ``convoys``: it may carry convoyable units from a sea area.
        """
        if len(code) != 1 or not code.isalpha() or not code.isupper():
            raise ValueError(f"a unit type code is one capital letter, not {code!r}")
        self = str.__new__(cls, code)
        self.word = word
        self.adjacency = adjacency
        self.terrains = frozenset(terrains)
        self.convoyable = convoyable
        self.convoys = convoys
        return self

    @property
    def value(self) -> str:
        """The code as a plain string (as the former enum's ``value``)."""
        return str.__str__(self)

    @property
    def name(self) -> str:
        """The word in capitals: ``ARMY``, ``FLEET``."""
        return self.word.upper()

    def __repr__(self) -> str:
        return f"UnitType({self.value!r})"

    def __copy__(self) -> UnitType:
        return self

    def __deepcopy__(self, memo: object) -> UnitType:
        return self

    def __reduce__(self) -> tuple:
        terrains = tuple(sorted(self.terrains))
        fields = (self.word, self.adjacency, terrains, self.convoyable, self.convoys)
        return (_restore, (self.value, *fields))


def _restore(
    code: str, word: str, adjacency: str, terrains: tuple[str, ...], convoyable: bool, convoys: bool
) -> UnitType:
    """Unpickle a unit type: the standard one itself, else an equal new definition."""
    found = UnitType._standard.get(code)
    if found is not None and found.word == word:
        return found
    return UnitType.define(
        code,
        word,
        adjacency=adjacency,
        terrains=set(terrains),
        convoyable=convoyable,
        convoys=convoys,
    )


UnitType.ARMY = UnitType.define(
    "A", "army", adjacency="army", terrains={"land", "coast"}, convoyable=True
)
UnitType.FLEET = UnitType.define(
    "F", "fleet", adjacency="fleet", terrains={"sea", "coast"}, convoys=True
)
UnitType._standard.update({"A": UnitType.ARMY, "F": UnitType.FLEET})
STANDARD_UNIT_TYPES: tuple[UnitType, ...] = (UnitType.ARMY, UnitType.FLEET)


@dataclass(frozen=True, slots=True)
class Unit:
    """A unit on the board: who owns it and what it is."""

    power: str
    type: UnitType
