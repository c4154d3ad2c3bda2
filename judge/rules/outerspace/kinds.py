"""The order kinds of Outer Space (D6, D8, D9, D12, D14; retreats D18, removals D22).

* :class:`OrbitHold`: an army in orbit holds (``A ORB H``).
* :class:`BeamDown`: an army in orbit beams down to any land province not jammed
  for its empire (``A ORB - Par``): a move from no province, with ordinary
  strengths, never head to head, never convoyed; it cuts the support of the unit
  it attacks; if it fails the army stays in orbit.
* :class:`BeamSupport`: a support of a beam-down (``A Bur S A ORB(Alpha) - Par``);
  it names a spacecraft and backs that spacecraft's army beaming down there.
* :class:`BeamUp`: an army on the map beams up to its spacecraft (``A Par - ORB``);
  it always succeeds when legal (its slot was free at the start of the phase).
* :class:`Colonize`: a unit colonizes its own province or one it could move to
  (``A Par COL``, ``A Bur COL Par``); it holds meanwhile (a hold support backs it).
  Whether the colony is made is judged after the moves (:mod:`.turn`).
* :class:`OrbitRetreat`: a dislodged army retreats into its spacecraft.
* :class:`OrbitRemove`: ``Remove A ORB`` in an adjustment phase.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, cast

from judge.engine.kinds import Board, MovementOrder, Order, UnitText, an
from judge.engine.orders import Moving, SupportMove
from judge.engine.units import Location, Unit, UnitType
from judge.rules.outerspace.space import ORBIT, SpaceGeography, is_orbit, orbit_power

if TYPE_CHECKING:
    from judge.engine.geography import Geography

IN_ORBIT_ONLY = "an army in orbit may only hold or beam down"


def _space(geo: Geography) -> SpaceGeography:
    return cast(SpaceGeography, geo)


def _type(unit: UnitText, loc: Location) -> str:
    """The unit type letter of the unit at ``loc`` as the canonical text writes it."""
    return unit(loc).split(" ", 1)[0]


def beam_down_reason(geo: Geography, unit: Unit, src: Location, dest: Location) -> str | None:
    """Why the unit at ``src`` cannot beam down to ``dest``, or None (D6, D10)."""
    space = _space(geo)
    if not is_orbit(src):
        return "only an army in orbit can beam down"
    if is_orbit(dest):
        return "the army is in orbit already"
    province = space.province(dest)
    if not space.is_land(province):
        return f"{space.name(province)} is a sea: armies beam down to land only"
    owner = space.colony_of(province)
    if owner is not None and owner != unit.power:
        who = space.power_name(owner)
        return f"{space.name(province)} is a colony of {who}: only {who} may beam down there"
    return None


@dataclass(frozen=True, slots=True)
class OrbitHold(MovementOrder):
    """An army in orbit holds there."""

    kind: ClassVar[str] = "orbit_hold"
    unit: Location

    def illegal_reason(self, board: Board, unit: Unit) -> str | None:
        return None if is_orbit(self.unit) else "only an army in orbit holds in orbit"

    def format(self, unit: UnitText, phase: str) -> str:
        return f"{_type(unit, self.unit)} {ORBIT} H"


@dataclass(frozen=True, slots=True)
class BeamDown(Moving):
    """An army in orbit beams down to ``dest`` (a land province)."""

    kind: ClassVar[str] = "beam_down"
    unit: Location
    dest: Location

    def illegal_reason(self, board: Board, unit: Unit) -> str | None:
        return beam_down_reason(board.geo, unit, self.unit, self.dest)

    @classmethod
    def reaches(cls, board: Board, loc: Location, dest: Location, exclude: Location | None) -> bool:
        return is_orbit(loc) and beam_down_reason(board.geo, board.units[loc], loc, dest) is None

    def format(self, unit: UnitText, phase: str) -> str:
        return f"{_type(unit, self.unit)} {ORBIT} - {self.dest}"

    def moves_to(self) -> Location:
        return self.dest

    def reaches_directly(self, geo: Geography, unit: Unit, loc: Location) -> bool:
        return True  # any land province not jammed, which legality checked


@dataclass(frozen=True, slots=True)
class BeamSupport(SupportMove):
    """A support of the army of ``target``'s spacecraft beaming down to ``dest``
    (``target`` is a slot of that spacecraft; the movement phase points it at the
    army whose order is that beam-down, if any)."""

    kind: ClassVar[str] = "support_beam"

    def format(self, unit: UnitText, phase: str) -> str:
        owner = orbit_power(self.target)
        return f"{unit(self.unit)} S {_type(unit, self.target)} {ORBIT}({owner}) - {self.dest}"


@dataclass(frozen=True, slots=True)
class BeamUp(Moving):
    """An army on the map beams up into the free slot ``dest`` of its spacecraft."""

    kind: ClassVar[str] = "beam_up"
    unit: Location
    dest: Location

    def illegal_reason(self, board: Board, unit: Unit) -> str | None:
        if is_orbit(self.unit):
            return "the army is in orbit already"
        if unit.type is not UnitType.ARMY:
            return f"{an(unit.type.word)} cannot be beamed up: only armies can"
        if not is_orbit(self.dest) or orbit_power(self.dest) != unit.power:
            return "an army beams up to its own empire's spacecraft only"
        if self.dest in board.units:
            return "there is no room in the spacecraft"
        return None

    def format(self, unit: UnitText, phase: str) -> str:
        return f"{unit(self.unit)} - {ORBIT}"

    def moves_to(self) -> Location:
        return self.dest

    def reaches_directly(self, geo: Geography, unit: Unit, loc: Location) -> bool:
        return True


@dataclass(frozen=True, slots=True)
class Colonize(MovementOrder):
    """The unit colonizes ``target`` (its own province, or one it could move to);
    it holds meanwhile."""

    kind: ClassVar[str] = "colonize"
    unit: Location
    target: Location

    def illegal_reason(self, board: Board, unit: Unit) -> str | None:
        space = _space(board.geo)
        if is_orbit(self.unit):
            return "an army in orbit cannot colonize: it must beam down first"
        if not space.is_land(self.target):
            return f"{space.name(self.target)} is a sea: only land provinces are colonized"
        if space.province(self.unit) == self.target:
            return None
        if not space.can_reach(unit.type, self.unit, self.target):
            return (
                f"{an(unit.type.word)} in {space.name(space.province(self.unit))} "
                f"cannot reach {space.name(self.target)} to colonize it"
            )
        return None

    def format(self, unit: UnitText, phase: str) -> str:
        if str(self.unit).split("/", 1)[0] == self.target:
            return f"{unit(self.unit)} COL"
        return f"{unit(self.unit)} COL {self.target}"


@dataclass(frozen=True, slots=True)
class OrbitRetreat(Order):
    """A dislodged army retreats into the free slot ``dest`` of its spacecraft."""

    kind: ClassVar[str] = "retreat_orbit"
    phases: ClassVar[frozenset[str]] = frozenset("R")
    unit: Location
    dest: Location

    def format(self, unit: UnitText, phase: str) -> str:
        return f"{unit(self.unit)} R {ORBIT}"

    def moves_to(self) -> Location:
        return self.dest


@dataclass(frozen=True, slots=True)
class OrbitRemove(Order):
    """An army in orbit is removed (adjustments)."""

    kind: ClassVar[str] = "remove_orbit"
    phases: ClassVar[frozenset[str]] = frozenset("A")
    adjustment: ClassVar[str | None] = "remove"
    unit: Location

    def format(self, unit: UnitText, phase: str) -> str:
        return f"Remove {_type(unit, self.unit)} {ORBIT}"


SPACE_ORDER_KINDS: tuple[type[Order], ...] = (
    OrbitHold,
    BeamDown,
    BeamSupport,
    BeamUp,
    Colonize,
    OrbitRetreat,
    OrbitRemove,
)
