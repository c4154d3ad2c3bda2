"""Movement resolution by Kruijswijk's guess-and-backtrack algorithm.

The resolver works on any map through the :class:`Geography` protocol: it
never looks inside a location.  Orders must already be *legal* (see
:mod:`judge.engine.legality`); an illegal order should be replaced by a hold
before it reaches this module.  Units without an order hold.

Every order gets one decision, resolved on demand and asked of the order's
kind (:meth:`~judge.engine.kinds.MovementOrder.decide`), which answers with the
shared strengths below:

* a move: does it succeed?
* a support: is it given (not cut, supporter not dislodged)?
* a convoy, a hold: does the unit stay in place (not dislodged)?

The core knows orders only through the hooks of :mod:`judge.engine.kinds`
(where a unit moves, what a fleet carries, whom a support backs), so a
ruleset's new order kind is resolved here without changing this module.

Decisions that depend on each other in a cycle are settled by guessing, and
when a cycle admits no or two consistent outcomes, by the backup rule: the
Szykman rule when a convoy takes part (the convoyed armies do not move), and
otherwise circular movement (every move in the cycle succeeds).

Rule choices follow the DATC's preferences (docs/rules.md).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from enum import Enum

from judge.engine.geography import Geography
from judge.engine.kinds import MovementOrder
from judge.engine.orders import Hold
from judge.engine.outcome import Dislodgement, MovementResult, Outcome
from judge.engine.units import Location, Unit

__all__ = ["Dislodgement", "MovementResult", "Outcome", "resolve_movement"]


class _State(Enum):
    UNRESOLVED = 0
    GUESSING = 1
    RESOLVED = 2


# The states as module constants: looked up on every resolve.
_UNRESOLVED, _GUESSING, _RESOLVED = _State.UNRESOLVED, _State.GUESSING, _State.RESOLVED


class _Restart(Exception):
    """The backup rule changed the rules of the game: resolve everything again."""


_HOOKS: dict[type, tuple[bool, bool, bool]] = {}


def _hooks(kind: type[MovementOrder]) -> tuple[bool, bool, bool]:
    """Which of ``moves_to``, ``carries`` and ``supports`` an order kind overrides.

    The defaults of :class:`MovementOrder` answer None, so a kind that keeps one
    need not be asked (most orders hold, move or support: one hook each).  The
    answer depends on the class only and is kept per class.
    """
    found = _HOOKS.get(kind)
    if found is None:
        found = _HOOKS[kind] = (
            kind.moves_to is not MovementOrder.moves_to,
            kind.carries is not MovementOrder.carries,
            kind.supports is not MovementOrder.supports,
        )
    return found


class _Resolver:
    """Kruijswijk's core over the hooks of the order kinds (see judge.engine.kinds)."""

    def __init__(
        self,
        geo: Geography,
        units: Mapping[Location, Unit],
        orders: Mapping[Location, MovementOrder],
    ) -> None:
        self.geo = geo
        self.units = units
        self.state: dict[Location, _State] = {}
        self.value: dict[Location, bool] = {}
        self.dependencies: list[Location] = []
        self.no_path: set[Location] = set()
        self.forced: dict[Location, bool] = {}
        self._index(orders)

    # ------------------------------------------------------------ set-up

    def _index(self, given: Mapping[Location, MovementOrder]) -> None:
        """Every unit's order (a hold when it has none) and area; then classify the
        orders once: moves, convoy use, matching supports and convoys."""
        geo, units = self.geo, self.units
        province = geo.province
        orders: dict[Location, MovementOrder] = {}
        area_of: dict[Location, Hashable] = {}
        unit_in_area: dict[Hashable, Location] = {}
        self.orders, self.area, self.unit_in_area = orders, area_of, unit_in_area
        moves_into: dict[Hashable, list[Location]] = {}
        self.moves_into = moves_into
        # Where each move goes, and its area (asked for again and again below).
        dests: dict[Location, Location] = {}
        dest_area: dict[Location, Hashable] = {}
        self.dest, self.dest_area = dests, dest_area
        carriers: list[tuple[Location, tuple[Location, Location]]] = []
        supporters: list[tuple[Location, MovementOrder, Location]] = []
        hooks = _HOOKS
        order_of = given.get
        for loc in units:
            area_of[loc] = area = province(loc)
            unit_in_area[area] = loc
            order = order_of(loc)
            if order is None:
                orders[loc] = Hold(loc)
                continue  # a hold: no hook to ask
            orders[loc] = order
            kind = type(order)
            moves, carries, supports = hooks[kind] if kind in hooks else _hooks(kind)
            if moves:
                dest = order.moves_to()
                if dest is not None:
                    dests[loc] = dest
                    area = dest_area[loc] = province(dest)
                    found = moves_into.get(area)
                    if found is None:
                        moves_into[area] = [loc]
                    else:
                        found.append(loc)
            if carries:
                carried = order.carries()
                if carried is not None:
                    carriers.append((loc, carried))
            if supports:
                target = order.supports()
                if target is not None:
                    supporters.append((loc, order, target))

        # Convoy orders that match an army's move (same army, same destination area).
        matching_convoys: dict[Location, list[Location]] = {}
        for loc, (army, dest) in carriers:
            if (
                army in dests
                and orders[army].may_go_by_convoy()
                and units[army].type.convoyable
                and dest_area[army] == province(dest)
            ):
                matching_convoys.setdefault(army, []).append(loc)

        # Which moves go by convoy, and over which fleets; whether each move not by
        # convoy can reach its destination (it never changes).
        self.route_fleets: dict[Location, list[Location]] = {}
        self.direct: dict[Location, bool] = {}
        route_fleets, direct_of = self.route_fleets, self.direct
        for loc, dest in dests.items():
            order, unit = orders[loc], units[loc]
            direct = order.reaches_directly(geo, unit, loc)
            if not (unit.type.convoyable and order.may_go_by_convoy()):
                direct_of[loc] = direct
                continue
            convoys = matching_convoys.get(loc)
            # Intent to be convoyed (DATC 4.A.3): "via convoy", or a fleet of the
            # army's own power ordered to convoy it.
            if (
                not direct
                or order.asks_for_convoy()
                or (convoys is not None and any(units[f].power == unit.power for f in convoys))
            ):
                route_fleets[loc] = self._fleets_on_routes(loc, dest, convoys or [])
            else:
                direct_of[loc] = direct

        # The unit each move meets head to head, if any (it never changes).
        self.opposite: dict[Location, Location | None] = {}
        unit_in_area, area_of = self.unit_in_area, self.area
        for loc in dests:
            other = None
            if loc not in route_fleets:
                other = unit_in_area.get(dest_area[loc])
                if (
                    other is None
                    or other not in dest_area
                    or other in route_fleets
                    or dest_area[other] != area_of[loc]
                    or orders[loc].passes(units, other)
                    or orders[other].passes(units, loc)
                ):
                    other = None
            self.opposite[loc] = other

        # Supports that match the order of the unit they support.
        self.supports_of: dict[Location, list[Location]] = {}
        for loc, order, target in supporters:
            supported = orders.get(target)
            if supported is not None and order.backs(supported, geo):
                self.supports_of.setdefault(target, []).append(loc)

    def _fleets_on_routes(
        self, army: Location, dest: Location, fleets: list[Location]
    ) -> list[Location]:
        """The convoying fleets that lie on some chain from ``army`` to ``dest``
        (its destination: ``dest_area`` of the army is the area of ``dest``)."""
        if not fleets:
            return []
        reachable = self._chain(fleets, self.area[army])
        returning = self._chain(fleets, self.dest_area[army])
        return [f for f in fleets if f in reachable and f in returning]

    def _chain(self, fleets: list[Location], area: Hashable) -> set[Location]:
        """Fleets reachable through fleet-to-fleet links from those next to ``area``."""
        can_reach, units, areas = self.geo.can_reach, self.units, self.area
        found = {f for f in fleets if can_reach(units[f].type, f, area)}
        frontier = list(found)
        while frontier:
            here = frontier.pop()
            kind = units[here].type
            for other in fleets:
                if other not in found and can_reach(kind, here, areas[other]):
                    found.add(other)
                    frontier.append(other)
        return found

    # ------------------------------------------------------- structure

    def uses_convoy(self, loc: Location) -> bool:
        return loc in self.route_fleets

    def is_backing(self, loc: Location, target: Location) -> bool:
        return loc in self.supports_of.get(target, ())

    def decided(self, loc: Location) -> bool:
        return self.value[loc]

    # ------------------------------------------------------- decisions

    def resolve(self, loc: Location) -> bool:
        """Kruijswijk's resolve: the decision of the order at ``loc``."""
        states, values = self.state, self.value
        state = states.get(loc, _UNRESOLVED)
        if state is _RESOLVED:
            return values[loc]
        dependencies = self.dependencies
        if state is _GUESSING:
            # Record the dependency every time, so that whoever asked knows its
            # answer rests on a guess and must not be settled for good.
            dependencies.append(loc)
            return values[loc]

        mark = len(dependencies)
        states[loc] = _GUESSING
        values[loc] = False
        first = self.orders[loc].decide(self, loc)  # self.adjudicate, without a call
        if len(dependencies) == mark:
            # No guess was needed: the result stands on its own.
            if states[loc] is not _RESOLVED:
                states[loc] = _RESOLVED
                values[loc] = first
            return first

        if self.dependencies[mark] != loc:
            # Part of a cycle that starts further up: keep guessing.
            self.dependencies.append(loc)
            self.value[loc] = first
            return first

        # This order starts the cycle: try the other guess.
        self._forget(mark)
        self.state[loc], self.value[loc] = _GUESSING, True
        second = self.orders[loc].decide(self, loc)
        if first == second:
            # Only one guess is consistent.
            self._forget(mark)
            self.state[loc], self.value[loc] = _RESOLVED, first
            return first

        self._backup_rule(list(self.dependencies[mark:]))
        # Decisions further up were reasoning with the old rules: start over.
        raise _Restart

    def _forget(self, mark: int) -> None:
        while len(self.dependencies) > mark:
            self.state[self.dependencies.pop()] = _UNRESOLVED

    def _backup_rule(self, cycle: list[Location]) -> None:
        convoyed = set()
        for loc in cycle:
            carried = self.orders[loc].carries()
            if carried is not None and self.uses_convoy(carried[0]):
                convoyed.add(carried[0])
        if convoyed:
            # Szykman: the armies convoyed through the paradox do not move.
            self.no_path.update(convoyed)
            return
        # Circular movement: every move in the cycle succeeds.
        for loc in cycle:
            if loc in self.dest_area:
                self.forced[loc] = True

    def adjudicate(self, loc: Location) -> bool:
        """The decision of one order, asked of its kind."""
        return self.orders[loc].decide(self, loc)

    def attackers(self, loc: Location) -> list[Location]:
        """The units moving into the area of ``loc`` (from elsewhere)."""
        return [m for m in self.moves_into.get(self.area[loc], []) if m != loc]

    def stays(self, loc: Location) -> bool:
        """Whether the unit at ``loc`` stays: no move into its area succeeds."""
        for mover in self.moves_into.get(self.area[loc], ()):
            if mover != loc and self.resolve(mover):
                return False
        return True

    # --------------------------------------------------------- paths

    def _path(self, loc: Location) -> bool:
        """:meth:`has_path`, answered at once for a move not by convoy."""
        direct = self.direct.get(loc)
        if direct is None or loc in self.no_path:
            return self.has_path(loc)
        return direct

    def has_path(self, loc: Location) -> bool:
        """Whether a move can reach its destination (directly, or by an intact convoy)."""
        if loc in self.no_path:
            return False
        fleets = self.route_fleets.get(loc)
        if fleets is None:
            return self.direct[loc]
        if not fleets:
            return False
        geo, units = self.geo, self.units
        goal = self.dest_area[loc]
        intact: list[Location] = []
        for fleet in fleets:
            if self.resolve(fleet):
                intact.append(fleet)
        reachable = self._chain(intact, self.area[loc])
        return any(geo.can_reach(units[f].type, f, goal) for f in reachable)

    # ----------------------------------------------------- strengths

    def _supports(self, loc: Location, excluding_power: str | None = None) -> int:
        count = 0
        for supporter in self.supports_of.get(loc, ()):
            if excluding_power is not None and self.units[supporter].power == excluding_power:
                continue
            if self.resolve(supporter):
                count += 1
        return count

    def attack_strength(self, loc: Location) -> int:
        if not self._path(loc):
            return 0
        occupant = self.unit_in_area.get(self.dest_area[loc])
        if occupant is None:
            return 1 + self._supports(loc)
        if occupant in self.dest_area and self.opposite[loc] != occupant and self.resolve(occupant):
            return 1 + self._supports(loc)
        occupant_power = self.units[occupant].power
        if occupant_power == self.units[loc].power:
            return 0
        return 1 + self._supports(loc, excluding_power=occupant_power)

    def hold_strength(self, area: Hashable) -> int:
        occupant = self.unit_in_area.get(area)
        if occupant is None:
            return 0
        if occupant in self.dest_area:
            return 0 if self.resolve(occupant) else 1
        return 1 + self._supports(occupant)

    def prevent_strength(self, loc: Location) -> int:
        if not self._path(loc):
            return 0
        opponent = self.opposite[loc]
        if opponent is not None and self.resolve(opponent):
            return 0
        return 1 + self._supports(loc)

    # ------------------------------------------------ move and support

    def move_succeeds(self, loc: Location) -> bool:
        """Whether the move at ``loc`` beats the defence and every rival for the area."""
        attack = self.attack_strength(loc)
        if attack == 0:
            return False
        opponent = self.opposite[loc]
        area = self.dest_area[loc]
        if opponent is not None:
            if attack <= 1 + self._supports(opponent):  # its defend strength
                return False
        elif attack <= self.hold_strength(area):
            return False
        for rival in self.moves_into[area]:
            if rival != loc and attack <= self.prevent_strength(rival):
                return False
        return True

    def support_given(self, loc: Location, target: Location, into: Hashable | None) -> bool:
        """Whether the support at ``loc`` for ``target`` is given: it matches, is not cut.

        An attack from ``into`` (the area a support to move goes into) cuts only
        by dislodging the supporter.
        """
        if loc not in self.supports_of.get(target, ()):
            return False  # void: the supported unit does not do what is supported
        units = self.units
        power = units[loc].power
        for attacker in self.moves_into.get(self.area[loc], ()):
            if attacker == loc:
                continue
            if units[attacker].power == power:
                continue  # a unit never cuts the support of its own power
            if not self.orders[attacker].cuts_support():
                continue
            if into is not None and self.area[attacker] == into:
                if self.resolve(attacker):
                    return False
                continue
            if self._path(attacker):
                return False
        return True

    # ------------------------------------------------------- results

    def run(self) -> MovementResult:
        while True:
            self.state = {loc: _RESOLVED for loc in self.forced}
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
        moves, value, route_fleets = result.moves, self.value, self.route_fleets
        dest_area, area, orders = self.dest_area, self.area, self.orders
        for loc, dest in self.dest.items():
            if value[loc]:
                moves[loc] = dest
                if loc in route_fleets:
                    result.convoyed.add(loc)
        arrived = {dest_area[origin]: origin for origin in moves}
        if arrived:
            for loc in orders:
                if loc in moves:
                    continue
                attacker = arrived.get(area[loc])
                if attacker is not None:
                    result.dislodged[loc] = Dislodgement(attacker, attacker in route_fleets)
        outcomes = result.outcomes
        for loc, order in orders.items():
            outcomes[loc] = order.outcome(self, loc, result)
        occupied = {area[loc] for loc in orders if loc not in moves}
        occupied.update(arrived)
        for where, movers in self.moves_into.items():
            if where in occupied:
                continue
            for mover in movers:
                if mover not in moves and self.prevent_strength(mover) > 0:
                    result.standoffs.add(where)
                    break
        return result


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
