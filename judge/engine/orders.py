"""The standard order kinds, each with its own steps (see :mod:`judge.engine.kinds`).

A *location* is an opaque hashable key supplied by the caller (for the standard
map a string such as ``"par"`` or ``"spa/nc"``; for multiverse games a key that
also carries a timeline and a turn).  The engine never looks inside a
location: it asks a :class:`~judge.engine.geography.Geography` about it.

Every order names the location of the unit that receives it in ``unit``
(except a waive, which names a power).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from judge.engine.convoys import convoy_carriers, convoy_fleets, could_reach
from judge.engine.kinds import Board, MovementOrder, Order, Resolution, UnitText, an
from judge.engine.outcome import SUCCESS, MovementResult, Outcome, failure
from judge.engine.units import STANDARD_UNIT_TYPES, Location, Unit, UnitType

if TYPE_CHECKING:
    from judge.engine.geography import Geography

__all__ = [
    "STANDARD_ORDER_KINDS",
    "STANDARD_UNIT_TYPES",
    "AnyOrder",
    "Build",
    "Convoy",
    "Disband",
    "Hold",
    "Location",
    "Move",
    "MovementOrder",
    "Moving",
    "Order",
    "Retreat",
    "SupportHold",
    "SupportMove",
    "Unit",
    "UnitType",
    "Waive",
    "board_convoy_fleets",
]


def board_convoy_fleets(
    board: Board, army: Location, dest: Location, exclude: Location | None = None
) -> frozenset[Location]:
    """:func:`~judge.engine.convoys.convoy_fleets` on ``board``, searched once per
    board when it keeps a record of its searches (a board's units never change), and
    noted with its answer when the board notes them (:attr:`Board.asked`)."""
    routes = getattr(board, "routes", None)
    if routes is None:
        return frozenset(convoy_fleets(board.geo, board.units, army, dest, exclude=exclude))
    board.searches += 1
    key = (army, dest, exclude)
    found = routes.get(key)
    if found is None:
        carriers = board.carriers
        if carriers is None:
            carriers = board.carriers = convoy_carriers(board.geo, board.units)
        found = routes[key] = frozenset(
            convoy_fleets(board.geo, board.units, army, dest, exclude, carriers)
        )
    if board.asked is not None:
        board.asked.append((key, found))
    return found


@dataclass(frozen=True, slots=True)
class Hold(MovementOrder):
    """The unit stays where it is."""

    kind: ClassVar[str] = "hold"
    unit: Location

    def illegal_reason(self, board: Board, unit: Unit) -> str | None:
        return None

    def format(self, unit: UnitText, phase: str) -> str:
        return f"{unit(self.unit)} H"


class Moving(MovementOrder):
    """What every kind of move shares: its decision (does it beat the defence and
    its rivals?) and its outcome.  A new kind of move subclasses this and says
    where it goes (``moves_to``) and how it gets there (``reaches_directly``)."""

    __slots__ = ()

    def decide(self, r: Resolution, loc: Location) -> bool:
        return r.move_succeeds(loc)

    def outcome(self, r: Resolution, loc: Location, result: MovementResult) -> Outcome:
        if loc in result.moves:
            return SUCCESS
        if loc in r.no_path:
            return failure("convoy paradox")
        if not r.has_path(loc):
            if r.uses_convoy(loc):
                return failure("no convoy" if not r.route_fleets[loc] else "disrupted")
            return failure("no route")
        return failure("dislodged" if loc in result.dislodged else "bounced")


@dataclass(frozen=True, slots=True)
class Move(Moving):
    """The unit moves to ``dest``; ``via_convoy`` asks explicitly for a convoy."""

    kind: ClassVar[str] = "move"
    unit: Location
    dest: Location
    via_convoy: bool = False

    def illegal_reason(self, board: Board, unit: Unit) -> str | None:
        geo = board.geo
        src, dest = self.unit, self.dest
        if geo.province(src) == geo.province(dest):
            return "a unit cannot move to where it is"
        if self.via_convoy and not unit.type.convoyable:
            return f"{an(unit.type.word)} is not carried by convoy"
        if geo.can_move(unit.type, src, dest):
            return None
        if not unit.type.convoyable:
            return f"{an(unit.type.word)} cannot go there"
        if not could_reach(geo, unit, src, dest):
            return f"{an(unit.type.word)} cannot go there, even by convoy"
        if not board_convoy_fleets(board, src, dest):
            return "no fleets are placed to convoy it there"
        return None

    def format(self, unit: UnitText, phase: str) -> str:
        return f"{unit(self.unit)} - {self.dest}" + (" via convoy" if self.via_convoy else "")

    def moves_to(self) -> Location:
        return self.dest

    def reaches_directly(self, geo: Geography, unit: Unit, loc: Location) -> bool:
        return geo.can_move(unit.type, loc, self.dest)

    def may_go_by_convoy(self) -> bool:
        return True

    @classmethod
    def reaches(cls, board: Board, loc: Location, dest: Location, exclude: Location | None) -> bool:
        """Directly, or by a convoy route of fleets other than ``exclude``."""
        geo, units = board.geo, board.units
        unit = units[loc]
        if geo.can_reach(unit.type, loc, geo.province(dest)):
            return True
        if not could_reach(geo, unit, loc, dest):
            return False
        return bool(board_convoy_fleets(board, loc, dest, exclude))

    def asks_for_convoy(self) -> bool:
        return self.via_convoy


class _Support(MovementOrder):
    """What supports to hold and to move share: the supported unit, cuts, outcomes."""

    __slots__ = ()
    target: Location

    def supports(self) -> Location:
        return self.target

    def _into(self, geo: Geography) -> Hashable | None:
        return None

    def _reason(self, board: Board, unit: Unit, area: Hashable) -> str | None:
        geo, units = board.geo, board.units
        if units.get(self.target) is None:
            return "there is no unit to support there"
        if self.target == self.unit:
            return "a unit cannot support itself"
        if not geo.can_reach(unit.type, self.unit, area):
            return "the supporting unit cannot reach that area"
        return None

    def decide(self, r: Resolution, loc: Location) -> bool:
        return r.support_given(loc, self.target, self._into(r.geo))

    def outcome(self, r: Resolution, loc: Location, result: MovementResult) -> Outcome:
        if not r.is_backing(loc, self.target):
            return failure("void")
        if loc in result.dislodged:
            return failure("dislodged")
        return SUCCESS if r.decided(loc) else failure("cut")


@dataclass(frozen=True, slots=True)
class SupportHold(_Support):
    """The unit supports the unit at ``target`` in staying where it is."""

    kind: ClassVar[str] = "support_hold"
    unit: Location
    target: Location

    def illegal_reason(self, board: Board, unit: Unit) -> str | None:
        return self._reason(board, unit, board.geo.province(self.target))

    def format(self, unit: UnitText, phase: str) -> str:
        return f"{unit(self.unit)} S {unit(self.target)}"

    def backs(self, supported: MovementOrder, geo: Geography) -> bool:
        return supported.moves_to() is None


@dataclass(frozen=True, slots=True)
class SupportMove(_Support):
    """The unit supports the unit at ``target`` moving into ``dest``.

    Only the province of ``dest`` matters when matching the supported move,
    unless the support names a coast (then the coast must match too; DATC 4.B.4).
    """

    kind: ClassVar[str] = "support_move"
    unit: Location
    target: Location
    dest: Location

    def illegal_reason(self, board: Board, unit: Unit) -> str | None:
        geo = board.geo
        area = geo.province(self.dest)
        reason = self._reason(board, unit, area)
        if reason is not None:
            return reason
        if area == geo.province(self.target):
            return "a unit cannot move to where it is"
        # Without the supporter's help: a fleet that supports cannot also convoy.
        if not board.could_reach(self.target, self.dest, exclude=self.unit):
            return "the supported unit cannot reach that area"
        return None

    def format(self, unit: UnitText, phase: str) -> str:
        return f"{unit(self.unit)} S {unit(self.target)} - {self.dest}"

    def _into(self, geo: Geography) -> Hashable:
        return geo.province(self.dest)

    def backs(self, supported: MovementOrder, geo: Geography) -> bool:
        dest = supported.moves_to()
        if dest is None:
            return False
        if dest == self.dest:
            return True
        area = geo.province(self.dest)
        # A support that names no coast matches a move to any coast of the area.
        return geo.province(dest) == area and area == self.dest


@dataclass(frozen=True, slots=True)
class Convoy(MovementOrder):
    """The fleet convoys the army at ``army`` to ``dest``."""

    kind: ClassVar[str] = "convoy"
    unit: Location
    army: Location
    dest: Location

    def illegal_reason(self, board: Board, unit: Unit) -> str | None:
        geo, units = board.geo, board.units
        if not unit.type.convoys:
            return "only a fleet can convoy"
        if not geo.can_convoy(self.unit):
            return "a fleet can convoy only from a sea area"
        army = units.get(self.army)
        if army is None:
            return "there is no unit to convoy there"
        if not army.type.convoyable:
            return "only an army can be convoyed"
        start, goal = geo.province(self.army), geo.province(self.dest)
        if start == goal:
            return "a unit cannot move to where it is"
        if not (geo.is_coastal(start) and geo.is_coastal(goal)):
            return "a convoy must go from coast to coast"
        if self.unit not in board_convoy_fleets(board, self.army, self.dest):
            return "this fleet cannot be part of any convoy route for that move"
        return None

    def format(self, unit: UnitText, phase: str) -> str:
        return f"{unit(self.unit)} C {unit(self.army)} - {self.dest}"

    def carries(self) -> tuple[Location, Location]:
        return self.army, self.dest

    def outcome(self, r: Resolution, loc: Location, result: MovementResult) -> Outcome:
        # A fleet convoys only when it lies on a route of the army's move (DATC 6.G.6).
        if loc not in r.route_fleets.get(self.army, ()):
            return failure("void")
        if self.army in r.no_path:
            return failure("convoy paradox")
        return failure("dislodged") if loc in result.dislodged else SUCCESS


@dataclass(frozen=True, slots=True)
class Retreat(Order):
    """A dislodged unit retreats to ``dest``."""

    kind: ClassVar[str] = "retreat"
    phases: ClassVar[frozenset[str]] = frozenset("R")
    unit: Location
    dest: Location

    def format(self, unit: UnitText, phase: str) -> str:
        return f"{unit(self.unit)} R {self.dest}"

    def moves_to(self) -> Location:
        return self.dest


@dataclass(frozen=True, slots=True)
class Disband(Order):
    """A dislodged unit disbands (retreat phase), or a unit is removed (adjustments)."""

    kind: ClassVar[str] = "disband"
    phases: ClassVar[frozenset[str]] = frozenset("RA")
    adjustment: ClassVar[str | None] = "remove"
    unit: Location

    def format(self, unit: UnitText, phase: str) -> str:
        return f"{unit(self.unit)} D" if phase == "R" else f"Remove {unit(self.unit)}"


@dataclass(frozen=True, slots=True)
class Build(Order):
    """A new unit of ``type`` is built at ``unit`` (a location) for ``power``."""

    kind: ClassVar[str] = "build"
    phases: ClassVar[frozenset[str]] = frozenset("A")
    adjustment: ClassVar[str | None] = "build"
    unit: Location
    type: UnitType
    power: str

    def format(self, unit: UnitText, phase: str) -> str:
        return f"Build {self.type.value} {self.unit}"

    def builds(self) -> tuple[Location, Unit]:
        return self.unit, Unit(self.power, self.type)


@dataclass(frozen=True, slots=True)
class Waive(Order):
    """A power declines one build."""

    kind: ClassVar[str] = "waive"
    phases: ClassVar[frozenset[str]] = frozenset("A")
    adjustment: ClassVar[str | None] = "build"
    power: str

    def format(self, unit: UnitText, phase: str) -> str:
        return "Waive"


STANDARD_ORDER_KINDS: tuple[type[Order], ...] = (
    Hold,
    Move,
    SupportHold,
    SupportMove,
    Convoy,
    Retreat,
    Disband,
    Build,
    Waive,
)
AnyOrder = Order
