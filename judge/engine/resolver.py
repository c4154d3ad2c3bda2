"""Movement resolution by Kruijswijk's guess-and-backtrack algorithm.

The resolver works on any map through the :class:`Geography` protocol: it
never looks inside a location.  Orders must already be *legal* (see
:mod:`judge.engine.legality`); an illegal order should be replaced by a hold
before it reaches this module.  Units without an order hold.

Every order gets one decision, resolved on demand:

* a move: does it succeed?
* a support: is it given (not cut, supporter not dislodged)?
* a convoy: does the fleet stay in place (not dislodged)?

Decisions that depend on each other in a cycle are settled by guessing, and
when a cycle admits no or two consistent outcomes, by the backup rule: the
Szykman rule when a convoy takes part (the convoyed armies do not move), and
otherwise circular movement (every move in the cycle succeeds).

Rule choices follow the DATC's preferences (docs/rules.md).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from enum import Enum

from judge.engine.geography import Geography
from judge.engine.orders import (
    Convoy,
    Hold,
    Location,
    Move,
    MovementOrder,
    SupportHold,
    SupportMove,
    Unit,
    UnitType,
)


@dataclass(frozen=True, slots=True)
class Outcome:
    """What became of one order: success, or failure with a short reason."""

    success: bool
    reason: str | None = None


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


class _State(Enum):
    UNRESOLVED = 0
    GUESSING = 1
    RESOLVED = 2


class _Restart(Exception):
    """The backup rule changed the rules of the game: resolve everything again."""


class _Resolver:
    def __init__(
        self,
        geo: Geography,
        units: Mapping[Location, Unit],
        orders: Mapping[Location, MovementOrder],
    ) -> None:
        self.geo = geo
        self.units = units
        self.orders: dict[Location, MovementOrder] = {
            loc: orders.get(loc) or Hold(loc) for loc in units
        }
        self.area = {loc: geo.province(loc) for loc in units}
        self.unit_in_area: dict[Hashable, Location] = {a: loc for loc, a in self.area.items()}
        self.outcome_reason: dict[Location, str] = {}
        self.state: dict[Location, _State] = {}
        self.value: dict[Location, bool] = {}
        self.dependencies: list[Location] = []
        self.no_path: set[Location] = set()
        self.forced: dict[Location, bool] = {}
        self._index()

    # ------------------------------------------------------------ set-up

    def _index(self) -> None:
        """Classify orders once: convoy use, matching supports and convoys."""
        geo = self.geo
        self.moves_into: dict[Hashable, list[Location]] = {}
        # The area each move goes to, asked for again and again below.
        self.dest_area: dict[Location, Hashable] = {}
        for loc, order in self.orders.items():
            if isinstance(order, Move):
                area = self.dest_area[loc] = geo.province(order.dest)
                self.moves_into.setdefault(area, []).append(loc)

        # Convoy orders that match an army's move (same army, same destination area).
        matching_convoys: dict[Location, list[Location]] = {}
        for loc, order in self.orders.items():
            if not isinstance(order, Convoy):
                continue
            army_order = self.orders.get(order.army)
            if (
                isinstance(army_order, Move)
                and self.units[order.army].type is UnitType.ARMY
                and geo.province(army_order.dest) == geo.province(order.dest)
            ):
                matching_convoys.setdefault(order.army, []).append(loc)

        # Which army moves go by convoy, and over which fleets.
        self.route_fleets: dict[Location, list[Location]] = {}
        for loc, order in self.orders.items():
            if not isinstance(order, Move) or self.units[loc].type is not UnitType.ARMY:
                continue
            convoys = matching_convoys.get(loc, [])
            fleets = self._fleets_on_routes(loc, order.dest, convoys)
            direct = self.geo.can_move(UnitType.ARMY, loc, order.dest)
            # Intent to be convoyed (DATC 4.A.3): "via convoy", or a fleet of the
            # army's own power ordered to convoy it.
            own_fleet = any(self.units[f].power == self.units[loc].power for f in convoys)
            if not direct or order.via_convoy or own_fleet:
                self.route_fleets[loc] = fleets

        # Whether each move not by convoy can reach its destination (it never changes).
        self.direct: dict[Location, bool] = {
            loc: geo.can_move(self.units[loc].type, loc, order.dest)
            for loc, order in self.orders.items()
            if isinstance(order, Move) and loc not in self.route_fleets
        }

        # Supports that match the order of the unit they support.
        self.supports_of: dict[Location, list[Location]] = {}
        for loc, order in self.orders.items():
            if isinstance(order, (SupportHold, SupportMove)) and self._support_matches(order):
                self.supports_of.setdefault(order.target, []).append(loc)

    def _fleets_on_routes(
        self, army: Location, dest: Location, fleets: list[Location]
    ) -> list[Location]:
        """The convoying fleets that lie on some chain from ``army`` to ``dest``."""
        if not fleets:
            return []
        geo = self.geo
        start, goal = geo.province(army), geo.province(dest)
        reachable = self._chain(fleets, lambda f: geo.can_reach(UnitType.FLEET, f, start))
        returning = self._chain(fleets, lambda f: geo.can_reach(UnitType.FLEET, f, goal))
        return [f for f in fleets if f in reachable and f in returning]

    def _chain(self, fleets: list[Location], first) -> set[Location]:
        """Fleets reachable through fleet-to-fleet links from those satisfying ``first``."""
        found = {f for f in fleets if first(f)}
        frontier = list(found)
        while frontier:
            here = frontier.pop()
            for other in fleets:
                if other not in found and self._linked(here, other):
                    found.add(other)
                    frontier.append(other)
        return found

    def _linked(self, a: Location, b: Location) -> bool:
        return self.geo.can_reach(UnitType.FLEET, a, self.geo.province(b))

    def _support_matches(self, order: SupportHold | SupportMove) -> bool:
        supported = self.orders.get(order.target)
        if supported is None:
            return False
        if isinstance(order, SupportHold):
            return not isinstance(supported, Move)
        if not isinstance(supported, Move):
            return False
        if supported.dest == order.dest:
            return True
        geo = self.geo
        same_area = geo.province(supported.dest) == geo.province(order.dest)
        # A support that names no coast matches a move to any coast of the area.
        return same_area and geo.province(order.dest) == order.dest

    # ------------------------------------------------------- structure

    def uses_convoy(self, loc: Location) -> bool:
        return loc in self.route_fleets

    def head_to_head(self, loc: Location) -> Location | None:
        """The unit moving the opposite way without convoy, if any."""
        order = self.orders[loc]
        assert isinstance(order, Move)
        if loc in self.route_fleets:
            return None
        other = self.unit_in_area.get(self.dest_area[loc])
        if other is None:
            return None
        other_order = self.orders[other]
        if (
            isinstance(other_order, Move)
            and other not in self.route_fleets
            and self.dest_area[other] == self.area[loc]
        ):
            return other
        return None

    # ------------------------------------------------------- decisions

    def resolve(self, loc: Location) -> bool:
        """Kruijswijk's resolve: the decision of the order at ``loc``."""
        state = self.state.get(loc, _State.UNRESOLVED)
        if state is _State.RESOLVED:
            return self.value[loc]
        if state is _State.GUESSING:
            # Record the dependency every time, so that whoever asked knows its
            # answer rests on a guess and must not be settled for good.
            self.dependencies.append(loc)
            return self.value[loc]

        mark = len(self.dependencies)
        self.state[loc], self.value[loc] = _State.GUESSING, False
        first = self.adjudicate(loc)
        if len(self.dependencies) == mark:
            # No guess was needed: the result stands on its own.
            if self.state[loc] is not _State.RESOLVED:
                self.state[loc], self.value[loc] = _State.RESOLVED, first
            return first

        if self.dependencies[mark] != loc:
            # Part of a cycle that starts further up: keep guessing.
            self.dependencies.append(loc)
            self.value[loc] = first
            return first

        # This order starts the cycle: try the other guess.
        self._forget(mark)
        self.state[loc], self.value[loc] = _State.GUESSING, True
        second = self.adjudicate(loc)
        if first == second:
            # Only one guess is consistent.
            self._forget(mark)
            self.state[loc], self.value[loc] = _State.RESOLVED, first
            return first

        self._backup_rule(list(self.dependencies[mark:]))
        # Decisions further up were reasoning with the old rules: start over.
        raise _Restart

    def _forget(self, mark: int) -> None:
        while len(self.dependencies) > mark:
            self.state[self.dependencies.pop()] = _State.UNRESOLVED

    def _backup_rule(self, cycle: list[Location]) -> None:
        convoyed = {
            order.army
            for order in (self.orders[loc] for loc in cycle)
            if isinstance(order, Convoy) and self.uses_convoy(order.army)
        }
        if convoyed:
            # Szykman: the armies convoyed through the paradox do not move.
            self.no_path.update(convoyed)
            return
        # Circular movement: every move in the cycle succeeds.
        for loc in cycle:
            if isinstance(self.orders[loc], Move):
                self.forced[loc] = True

    def adjudicate(self, loc: Location) -> bool:
        order = self.orders[loc]
        if isinstance(order, Move):
            return self._move_succeeds(loc, order)
        if isinstance(order, (SupportHold, SupportMove)):
            return self._support_given(loc, order)
        # Convoys and holds: the unit stays unless a move into its area succeeds.
        return not any(self.resolve(m) for m in self._attackers(loc))

    def _attackers(self, loc: Location) -> list[Location]:
        return [m for m in self.moves_into.get(self.area[loc], []) if m != loc]

    # --------------------------------------------------------- paths

    def has_path(self, loc: Location) -> bool:
        """Whether a move can reach its destination (directly, or by an intact convoy)."""
        if loc in self.no_path:
            return False
        if loc not in self.route_fleets:
            return self.direct[loc]
        fleets = self.route_fleets[loc]
        if not fleets:
            return False
        order = self.orders[loc]
        assert isinstance(order, Move)
        geo = self.geo
        start, goal = geo.province(loc), geo.province(order.dest)
        intact: list[Location] = []
        for fleet in fleets:
            if self.resolve(fleet):
                intact.append(fleet)
        reachable = self._chain(intact, lambda f: geo.can_reach(UnitType.FLEET, f, start))
        return any(geo.can_reach(UnitType.FLEET, f, goal) for f in reachable)

    # ----------------------------------------------------- strengths

    def _supports(self, loc: Location, excluding_power: str | None = None) -> int:
        count = 0
        for supporter in self.supports_of.get(loc, []):
            if excluding_power is not None and self.units[supporter].power == excluding_power:
                continue
            if self.resolve(supporter):
                count += 1
        return count

    def attack_strength(self, loc: Location, order: Move) -> int:
        if not self.has_path(loc):
            return 0
        occupant = self.unit_in_area.get(self.dest_area[loc])
        if occupant is None:
            return 1 + self._supports(loc)
        occupant_order = self.orders[occupant]
        if (
            isinstance(occupant_order, Move)
            and self.head_to_head(loc) != occupant
            and self.resolve(occupant)
        ):
            return 1 + self._supports(loc)
        occupant_power = self.units[occupant].power
        if occupant_power == self.units[loc].power:
            return 0
        return 1 + self._supports(loc, excluding_power=occupant_power)

    def hold_strength(self, area: Hashable) -> int:
        occupant = self.unit_in_area.get(area)
        if occupant is None:
            return 0
        if isinstance(self.orders[occupant], Move):
            return 0 if self.resolve(occupant) else 1
        return 1 + self._supports(occupant)

    def defend_strength(self, loc: Location) -> int:
        return 1 + self._supports(loc)

    def prevent_strength(self, loc: Location) -> int:
        if not self.has_path(loc):
            return 0
        opponent = self.head_to_head(loc)
        if opponent is not None and self.resolve(opponent):
            return 0
        return 1 + self._supports(loc)

    # ------------------------------------------------------ per kind

    def _move_succeeds(self, loc: Location, order: Move) -> bool:
        attack = self.attack_strength(loc, order)
        if attack == 0:
            return False
        opponent = self.head_to_head(loc)
        if opponent is not None:
            if attack <= self.defend_strength(opponent):
                return False
        elif attack <= self.hold_strength(self.dest_area[loc]):
            return False
        for rival in self.moves_into.get(self.dest_area[loc], []):
            if rival != loc and attack <= self.prevent_strength(rival):
                return False
        return True

    def _support_given(self, loc: Location, order: SupportHold | SupportMove) -> bool:
        if loc not in self.supports_of.get(order.target, []):
            return False  # void: the supported unit does not do what is supported
        power = self.units[loc].power
        for attacker in self._attackers(loc):
            if self.units[attacker].power == power:
                continue  # a unit never cuts the support of its own power
            if isinstance(order, SupportMove) and self.area[attacker] == self.geo.province(
                order.dest
            ):
                # An attack from the area the support goes into cuts only by dislodging.
                if self.resolve(attacker):
                    return False
                continue
            if self.has_path(attacker):
                return False
        return True

    # ------------------------------------------------------- results

    def run(self) -> MovementResult:
        while True:
            self.state = {loc: _State.RESOLVED for loc in self.forced}
            self.value = dict(self.forced)
            self.dependencies = []
            try:
                for loc in self.orders:
                    self.resolve(loc)
            except _Restart:
                continue
            return self._collect()

    def _collect(self) -> MovementResult:
        result = MovementResult()
        for loc, order in self.orders.items():
            if isinstance(order, Move) and self.value[loc]:
                result.moves[loc] = order.dest
                if self.uses_convoy(loc):
                    result.convoyed.add(loc)
        arrived = {self.geo.province(dest): origin for origin, dest in result.moves.items()}
        for loc in self.orders:
            if loc in result.moves:
                continue
            attacker = arrived.get(self.area[loc])
            if attacker is not None:
                result.dislodged[loc] = Dislodgement(attacker, self.uses_convoy(attacker))
        for loc, order in self.orders.items():
            result.outcomes[loc] = self._outcome(loc, order, result)
        occupied = {self.area[loc] for loc in self.orders if loc not in result.moves}
        occupied |= set(arrived)
        for area, movers in self.moves_into.items():
            if area in occupied:
                continue
            if any(m not in result.moves and self.prevent_strength(m) > 0 for m in movers):
                result.standoffs.add(area)
        return result

    def _outcome(self, loc: Location, order: MovementOrder, result: MovementResult) -> Outcome:
        dislodged = loc in result.dislodged
        if isinstance(order, Move):
            if loc in result.moves:
                return Outcome(True)
            if loc in self.no_path:
                return Outcome(False, "convoy paradox")
            if not self.has_path(loc):
                if self.uses_convoy(loc):
                    return Outcome(
                        False, "no convoy" if not self.route_fleets[loc] else "disrupted"
                    )
                return Outcome(False, "no route")
            return Outcome(False, "dislodged" if dislodged else "bounced")
        if isinstance(order, (SupportHold, SupportMove)):
            if loc not in self.supports_of.get(order.target, []):
                return Outcome(False, "void")
            if dislodged:
                return Outcome(False, "dislodged")
            return Outcome(True) if self.value[loc] else Outcome(False, "cut")
        if isinstance(order, Convoy):
            if not self._convoy_matches(order):
                return Outcome(False, "void")
            if order.army in self.no_path:
                return Outcome(False, "convoy paradox")
            return Outcome(False, "dislodged") if dislodged else Outcome(True)
        return Outcome(False, "dislodged") if dislodged else Outcome(True)

    def _convoy_matches(self, order: Convoy) -> bool:
        army_order = self.orders.get(order.army)
        return (
            isinstance(army_order, Move)
            and order.army in self.route_fleets
            and self.geo.province(army_order.dest) == self.geo.province(order.dest)
        )


def resolve_movement(
    geo: Geography,
    units: Mapping[Location, Unit],
    orders: Mapping[Location, MovementOrder],
) -> MovementResult:
    """Resolve one movement phase.

    ``units`` maps every unit's location to the unit; ``orders`` maps a unit's
    location to its (legal) order.  Units without an order hold.
    """
    return _Resolver(geo, units, orders).run()
