"""A classic game's position at the start of a phase: units, centres, retreats."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from judge.engine.phase import Phase
from judge.engine.units import Location, Unit


@dataclass(frozen=True)
class DislodgedUnit:
    """A unit waiting to retreat, with where it may go."""

    unit: Unit
    attacker_from: Location
    retreat_options: tuple[Location, ...]


@dataclass(frozen=True)
class Position:
    """The state of a classic game at the start of a phase."""

    phase: Phase
    units: Mapping[Location, Unit]
    centers: Mapping[str, str]
    dislodged: Mapping[Location, DislodgedUnit] = field(default_factory=dict)
    contested: frozenset[str] = frozenset()
