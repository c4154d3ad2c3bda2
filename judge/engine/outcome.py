"""What adjudication decides: outcomes of orders and the result of a movement phase."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

from judge.engine.units import Location


@dataclass(frozen=True, slots=True)
class Outcome:
    """What became of one order: success, or failure with a short reason."""

    success: bool
    reason: str | None = None


SUCCESS = Outcome(True)
"""The outcome of every order that succeeds (outcomes are immutable: one serves all)."""

_FAILURES: dict[str, Outcome] = {}
_FAILURES_LIMIT = 256


def failure(reason: str) -> Outcome:
    """The failure with ``reason``: one shared outcome per reason (a phase reports
    a handful of reasons again and again; the record of them is bounded)."""
    found = _FAILURES.get(reason)
    if found is None:
        found = Outcome(False, reason)
        if len(_FAILURES) < _FAILURES_LIMIT:
            _FAILURES[reason] = found
    return found


@dataclass(frozen=True, slots=True)
class Dislodgement:
    """How a unit was dislodged: from where, and whether by a convoyed army."""

    attacker_from: Location
    by_convoy: bool


@dataclass
class MovementResult:
    """Everything a movement phase decides."""

    outcomes: dict[Location, Outcome] = field(default_factory=dict)
    moves: dict[Location, Location] = field(default_factory=dict)
    dislodged: dict[Location, Dislodgement] = field(default_factory=dict)
    standoffs: set[Hashable] = field(default_factory=set)
    convoyed: set[Location] = field(default_factory=set)
