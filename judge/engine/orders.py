"""Orders as the resolver sees them.

A *location* is an opaque hashable key supplied by the caller (for the standard
map a string such as ``"par"`` or ``"spa/nc"``; for multiverse games a key that
also carries a timeline and a turn).  The resolver never looks inside a
location: it asks a :class:`~judge.engine.geography.Geography` about it.

Every order names the location of the unit that receives it in ``unit``.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from enum import StrEnum

Location = Hashable


class UnitType(StrEnum):
    """The kind of a unit: army or fleet."""

    ARMY = "A"
    FLEET = "F"


@dataclass(frozen=True, slots=True)
class Unit:
    """A unit on the board: who owns it and what it is."""

    power: str
    type: UnitType


@dataclass(frozen=True, slots=True)
class Hold:
    """The unit stays where it is."""

    unit: Location


@dataclass(frozen=True, slots=True)
class Move:
    """The unit moves to ``dest``; ``via_convoy`` asks explicitly for a convoy."""

    unit: Location
    dest: Location
    via_convoy: bool = False


@dataclass(frozen=True, slots=True)
class SupportHold:
    """The unit supports the unit at ``target`` in staying where it is."""

    unit: Location
    target: Location


@dataclass(frozen=True, slots=True)
class SupportMove:
    """The unit supports the unit at ``target`` moving into ``dest``.

    Only the province of ``dest`` matters when matching the supported move,
    unless the support names a coast (then the coast must match too; DATC 4.B.4).
    """

    unit: Location
    target: Location
    dest: Location


@dataclass(frozen=True, slots=True)
class Convoy:
    """The fleet convoys the army at ``army`` to ``dest``."""

    unit: Location
    army: Location
    dest: Location


MovementOrder = Hold | Move | SupportHold | SupportMove | Convoy


@dataclass(frozen=True, slots=True)
class Retreat:
    """A dislodged unit retreats to ``dest``."""

    unit: Location
    dest: Location


@dataclass(frozen=True, slots=True)
class Disband:
    """A dislodged unit disbands (retreat phase), or a unit is removed (adjustments)."""

    unit: Location


@dataclass(frozen=True, slots=True)
class Build:
    """A new unit of ``type`` is built at ``unit`` (a location) for ``power``."""

    unit: Location
    type: UnitType
    power: str


@dataclass(frozen=True, slots=True)
class Waive:
    """A power declines one build."""

    power: str


AnyOrder = MovementOrder | Retreat | Disband | Build | Waive
