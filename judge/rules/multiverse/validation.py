"""Which submitted orders are valid in a multiverse world, with the reason when not.

Orders whose locations all lie on the unit's own board are judged exactly as in
a standard game (:func:`judge.engine.legality.illegal_reason`).  Orders that
cross boards add the multiverse rules: moves need an existing, non-winter,
adjacent board; supports and convoys may name a board that does not exist yet
(a *ghost board*), anticipating a unit that arrives later: such an order is
valid, counts for nothing while no matching move exists, and is judged again
whenever a later order touches it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, ItemsView, Iterator, Mapping

from judge.engine.adjustments import adjustment_refusal
from judge.engine.kinds import Board as LegalityBoard
from judge.engine.orders import (
    STANDARD_ORDER_KINDS,
    AnyOrder,
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Retreat,
    SupportHold,
    SupportMove,
    Unit,
    UnitType,
)
from judge.orders.reader import not_yours, power_named
from judge.orders.text import apart
from judge.rules.multiverse.adjustments import WinterBoard
from judge.rules.multiverse.basemap import BaseMap
from judge.rules.multiverse.board_orders import board_order_problem, is_board_order
from judge.rules.multiverse.describe import board_text, shown_board, shown_loc
from judge.rules.multiverse.fived import FivedGeography
from judge.rules.multiverse.geography import MultiverseGeography, board_distance
from judge.rules.multiverse.keys import BoardKey, MLoc, Season
from judge.rules.multiverse.world import World, order_locations

NO_FLEETS = "no fleets are placed to convoy it there"

MOVEMENT_KINDS = (Hold, Move, SupportHold, SupportMove, Convoy)
"""The standard order kinds of a movement board."""


def neighbour_boards(key: BoardKey) -> list[BoardKey]:
    """The boards next to ``key`` (one timeline up or down, one movement turn back or
    forward); none for a winter board.  They need not exist."""
    if key.season == Season.WINTER:
        return []
    t, y, season = key
    if season == Season.SPRING:
        back, forward = BoardKey(t, y - 1, Season.FALL), BoardKey(t, y, Season.FALL)
    else:
        back, forward = BoardKey(t, y, Season.SPRING), BoardKey(t, y + 1, Season.SPRING)
    return [BoardKey(t - 1, y, season), BoardKey(t + 1, y, season), back, forward]


class WorldUnits(Mapping):
    """The units of a world as a read-only mapping from multiverse locations.

    Look-ups reach every board.  Iteration, which the legality checks use only to
    find fleets that could form a convoy, covers the boards a convoy route touching
    ``near`` can use: every board within two board steps of ``near`` (the ordered
    unit; the supported move's destination, one step away; the last fleet of its
    route, one more step), and every board joined to those by a run of neighbouring
    boards that hold a fleet able to convoy.  A route is a chain of such fleets on
    neighbouring boards, so no route is missed however far it runs, and the boards
    beyond are never looked at.
    """

    def __init__(
        self,
        world: World,
        near: BoardKey | None = None,
        can_convoy: Callable[[str], bool] | None = None,
        neighbours: Callable[[BoardKey], list[BoardKey]] = neighbour_boards,
    ) -> None:
        self._world = world
        self._neighbours = neighbours
        self._near = near
        self._can_convoy = can_convoy or (lambda _loc: True)
        self._region: list[BoardKey] | None = None

    def _has_convoy_fleet(self, key: BoardKey) -> bool:
        units = self._world.boards[key].units.items()
        return any(u.type is UnitType.FLEET and self._can_convoy(loc) for loc, u in units)

    def _reachable_boards(self, near: BoardKey) -> list[BoardKey]:
        """Breadth first from ``near``: everything within two steps, and onwards only
        from boards holding a fleet that can convoy."""
        boards = self._world.boards
        steps = {near: 0}
        todo = deque([near])
        while todo:
            key = todo.popleft()
            if steps[key] >= 2 and (key not in boards or not self._has_convoy_fleet(key)):
                continue
            for other in self._neighbours(key):
                if other not in steps:
                    steps[other] = steps[key] + 1
                    todo.append(other)
        return [key for key in steps if key in boards]

    def _boards(self):
        if self._near is None:
            yield from self._world.boards.items()
            return
        if self._region is None:
            self._region = self._reachable_boards(self._near)
        for key in self._region:
            yield key, self._world.boards[key]

    def __getitem__(self, loc: MLoc) -> Unit:
        unit = self._world.unit_at(loc)
        if unit is None:
            raise KeyError(loc)
        return unit

    def get(self, loc, default=None):  # type: ignore[override]
        """The unit at ``loc`` or ``default``."""
        unit = self._world.unit_at(loc)
        return default if unit is None else unit

    def __iter__(self) -> Iterator[MLoc]:
        for key, board in self._boards():
            for loc in board.units:
                yield key.at(loc)

    def __len__(self) -> int:
        return sum(len(board.units) for _, board in self._boards())

    def items(self) -> ItemsView:
        """``(location, unit)`` in the order of iteration, read straight from the
        boards (a convoy search walks them all) rather than looked up one by one."""
        return _WorldItems(self)


class _WorldItems(ItemsView):
    """The items of :class:`WorldUnits`, iterated board by board."""

    _mapping: WorldUnits

    def __iter__(self) -> Iterator[tuple[MLoc, Unit]]:
        for key, board in self._mapping._boards():
            for loc, unit in board.units.items():
                yield key.at(loc), unit


def _distance_reason(geo: MultiverseGeography, src: MLoc, dest: MLoc) -> str | None:
    """Why the board of ``dest`` is out of reach from ``src``, or None if it is next door."""
    if isinstance(geo, FivedGeography):
        return geo.distance_reason(src, dest)
    if src[:3] == dest[:3]:  # the same board
        return None
    if dest.season == Season.WINTER:
        return "winter boards cannot be entered"
    time_steps, timeline_steps = board_distance(src, dest)
    if time_steps and timeline_steps:
        return "boards diagonally apart (other timeline and other turn) are not adjacent"
    if timeline_steps > 1:
        return (
            f"timeline {dest.timeline} is {timeline_steps} timelines away"
            f" from timeline {src.timeline}"
        )
    if time_steps > 1:
        return f"{board_text(dest.board)} is {time_steps} boards away in time"
    if geo.strict and src.loc != dest.loc:
        return "with strict adjacency a unit reaches only its own location on another board"
    return None


def movement_problem(
    world: World,
    geo: MultiverseGeography,
    power: str,
    order: AnyOrder,
    active: set[BoardKey],
    views: dict[tuple, LegalityBoard | str] | None = None,
) -> str | None:
    """None when a spring/fall order is valid; otherwise the reason it is not.

    ``views`` keeps, for the orders of one turn, what the checks read of each board
    (by its key as a plain tuple): why its units take no orders now, or else its
    legality board.  The units do not change while orders are checked, so this, the
    boards a convoy route may use and the convoy routes found are worked out once
    per board rather than once per order.
    """
    on_board = False  # whether read by the board rules on its board
    if not isinstance(order, MOVEMENT_KINDS):
        if not is_board_order(order):
            return "not an order for a movement board"
        on_board = True
        why = board_order_problem(world, geo.base, power, order, active)
        if why is not None:
            return why
    loc = order.unit
    key = loc[:3]
    board = world.boards.get(key)  # type: ignore[call-overload]  # world.unit_at, inlined
    unit = None if board is None else board.units.get(loc[3])
    if unit is None:
        return f"there is no unit at {shown_loc(loc, world.fived)}"
    if unit.power != power:
        return not_yours(f"at {shown_loc(loc, world.fived)}", unit.power, geo.base.variant)
    view = None if views is None else views.get(key)
    if view is None:
        view = _board_view(world, geo, BoardKey(*key), active)
        if views is not None:
            views[key] = view
    if isinstance(view, str):
        return view
    if on_board:
        # Its own rule, on its board (TSR: a train goes to another station): asked of
        # an order read from text by the board rules' reader, and here of one given
        # as data, which no reader saw (a stored order, the adjudicator's input).
        return order.illegal_reason(view, unit)
    if isinstance(order, Hold):
        return None
    if isinstance(order, Move):
        return _move_problem(world, geo, view, unit, order)
    return _support_or_convoy_problem(world, geo, view, unit, order)


def _board_view(
    world: World, geo: MultiverseGeography, key: BoardKey, active: set[BoardKey]
) -> LegalityBoard | str:
    """Why the units of board ``key`` take no movement orders now, or else the
    legality board their orders are checked on."""
    if key.season == Season.WINTER:
        return "units on winter boards take no movement orders"
    if world.adjusts(key):
        board = shown_board(key, world.fived)
        return f"{board} waits for its builds and removals: its units take no orders now"
    if key not in active:
        board = shown_board(key, world.fived)
        return f"{board} is not an active board: its units keep their orders"
    return legality_board(world, geo, key)


def legality_board(world: World, geo: MultiverseGeography, key: BoardKey) -> LegalityBoard:
    """What the standard legality checks see for the orders of board ``key``: the
    world's units (convoy fleets looked for near ``key``) and the order kinds of the
    board rules (so that a support may back Colonial's rail move: TSR-7)."""
    if isinstance(geo, FivedGeography):
        units = WorldUnits(world, key, geo.base.geography.can_convoy, geo.neighbour_boards)
    else:
        units = WorldUnits(world, key, geo.base.geography.can_convoy)
    board = geo.base.board
    kinds = STANDARD_ORDER_KINDS if board is None else board.engine.order_kinds
    return LegalityBoard(geo, units, kinds)


def _move_problem(world: World, geo, board: LegalityBoard, unit: Unit, order: Move) -> str | None:
    dest = order.dest
    other_board = dest[:3] != order.unit[:3]
    if other_board:
        if dest.season == Season.WINTER:
            if world.fived:
                return "in 5dplomacy a winter is no board: nothing moves into it"
            return "winter boards cannot be entered"
        if world.adjusts(dest[:3]):
            there = shown_board(dest.board, world.fived)
            return f"{there} waits for its builds and removals: nothing moves into it"
        if dest[:3] not in world.boards:
            there = shown_board(dest.board, world.fived)
            return f"{there} does not exist: units cannot move into it"
    reason = order.illegal_reason(board, unit)
    if reason is None:
        return None
    if reason == NO_FLEETS and len(world.boards) > 1:
        # A fleet of another board (even a later one) may still convoy this army:
        # the move stands, fails for want of a convoy, and is judged again when a
        # convoy order names it.
        return None
    if other_board:
        why = _distance_reason(geo, order.unit, dest)
        if why:
            return why
        return reason
    return apart(geo.base.variant, unit.type, order.unit.loc, dest.loc, reason)


def _never_board(world: World, key: BoardKey) -> str | None:
    """Why board ``key``, which does not exist, never can (a ghost board named by a
    support or convoy must be one that may come): a turn before its timeline's
    first board, or on a timeline not yet begun, a turn no later than the world's
    first board (a new timeline begins at the turn after the board it branches
    from).  None when the board exists or may come."""
    if key in world.boards:
        return None
    times = [other.time for other in world.boards if other.timeline == key.timeline]
    there = shown_board(key, world.fived)
    if times:
        if key.time >= min(times):
            return None
        return f"{there} can never be: timeline {key.timeline} begins at a later turn"
    if key.time > min(other.time for other in world.boards):
        return None
    return f"{there} can never be: a new timeline begins after the board it branches from"


def _support_or_convoy_problem(
    world: World, geo, board: LegalityBoard, unit: Unit, order: SupportHold | SupportMove | Convoy
) -> str | None:
    target = order.army if isinstance(order, Convoy) else order.target
    reach = order.target if isinstance(order, SupportHold) else order.dest
    for loc in order_locations(order)[1:]:
        if loc.season == Season.WINTER:
            if world.fived:
                return "in 5dplomacy a winter is no board: nothing is supported or convoyed there"
            return "winter boards cannot be supported or convoyed into"
        if world.adjusts(loc[:3]):
            return (
                f"{shown_board(loc.board, world.fived)} waits for its builds and removals:"
                " nothing is supported or convoyed there"
            )
    if not isinstance(order, Convoy):
        why = _distance_reason(geo, order.unit, reach)
        if why:
            return why
    if world.fived:
        for loc in order_locations(order)[1:]:
            if loc[:3] not in world.boards:
                there = shown_board(loc.board, True)
                return f"{there} does not exist (5dplomacy names existing boards only)"
    for loc in order_locations(order)[1:]:
        why = _never_board(world, loc.board)
        if why:
            return why
    if target[:3] in world.boards:
        return order.illegal_reason(board, unit)
    # A ghost board: the supported or convoyed unit does not exist yet.
    if isinstance(order, Convoy):
        if unit.type is not UnitType.FLEET:
            return "only a fleet can convoy"
        if not geo.can_convoy(order.unit):
            return "a fleet can convoy only from a sea area"
        if not (
            geo.is_coastal(geo.province(order.army)) and geo.is_coastal(geo.province(order.dest))
        ):
            return "a convoy must go from coast to coast"
        return None
    if not geo.can_reach(unit.type, order.unit, geo.province(reach)):
        return "the supporting unit cannot reach that area"
    if isinstance(order, SupportMove) and geo.province(order.dest) == geo.province(order.target):
        return "a unit cannot move to where it is"
    if isinstance(order, SupportMove):  # a move no unit there could make ("S1920": a slip)
        why = _distance_reason(geo, order.target, order.dest)
        if why:
            return f"the supported unit could not move there: {why}"
    return None


def eliminated_problem(base: BaseMap, power: str) -> str:
    """Why an order of a power eliminated in a 5dplomacy world is refused (its
    victory note: eliminated in one timeline, so in all)."""
    return (
        f"{power_named(base.variant, power)} is eliminated (in one timeline, so in all):"
        " its orders are refused and its units hold"
    )


def retreat_problem(world: World, base: BaseMap, power: str, order: AnyOrder) -> str | None:
    """None when a retreat-phase order is valid; otherwise the reason."""
    if not isinstance(order, (Retreat, Disband)):
        return "only retreat and disband orders are accepted while units must retreat"
    board = world.boards.get(order.unit.board)
    pending = None if board is None else board.dislodged.get(order.unit.loc)
    if pending is None:
        return f"no unit must retreat from {shown_loc(order.unit, world.fived)}"
    if pending.unit.power != power:
        where = f"at {shown_loc(order.unit, world.fived)}"
        return not_yours(where, pending.unit.power, base.variant)
    if isinstance(order, Disband):
        return None
    if order.dest.board != order.unit.board:
        return "retreats stay on their own board"
    if order.dest.loc not in pending.retreat_options:
        return f"{shown_loc(order.dest, world.fived)} is not among the retreat options"
    return None


def adjustment_problem(
    world: World,
    base: BaseMap,
    power: str,
    order: AnyOrder,
    active: set[BoardKey],
    built_provinces: set[tuple[BoardKey, str]],
    disbanded: set[MLoc],
    views: dict[BoardKey, WinterBoard] | None = None,
) -> str | None:
    """None when a build or disband on a winter board is valid; otherwise the reason.

    A removal is refused while the power may build on that board, and a build while
    it must remove (or when its units match its centres there), as in standard games.

    ``disbanded`` collects the earlier valid removals of the turn, so that a
    second removal of the same unit is rejected.  Two builds in one province
    are both valid; the second fails when builds are resolved.  ``views`` keeps
    what the checks read of each winter board for the orders of one turn.
    """
    key = order.unit.board
    board = world.boards.get(key)
    if board is None or not world.adjusts(key) or key not in active:
        if world.fived:
            return (
                "builds and removals are only possible after a Fall, on the coming Spring"
                " board while it waits for them"
            )
        return "builds and disbands are only possible on active winter boards"
    view = None if views is None else views.get(key)
    if view is None:
        view = WinterBoard(base, board)
        if views is not None:
            views[key] = view
    change = view.allowance.get(power, 0)
    due = adjustment_refusal(change, isinstance(order, Disband))
    if due is not None:
        return f"on {shown_board(key, world.fived)} {due}"
    loc = order.unit.loc
    province = base.province(loc)
    if isinstance(order, Disband):
        unit = board.units.get(loc)
        if unit is None:
            return f"there is no unit at {shown_loc(order.unit, world.fived)}"
        if unit.power != power:
            return not_yours(f"at {shown_loc(order.unit, world.fived)}", unit.power, base.variant)
        if order.unit in disbanded:
            return "that unit is already being removed"
        disbanded.add(order.unit)
        return None
    if not isinstance(order, Build):
        return "not an order for a winter board"
    if province not in view.build_sites(power):
        return _no_build_site(view, power, province, world.fived)
    allowed = base.army_locations if order.type is UnitType.ARMY else base.fleet_locations
    if loc not in allowed:
        kind = "an army" if order.type is UnitType.ARMY else "a fleet"
        return f"{kind} cannot be built at {loc}"
    return None


def _no_build_site(view: WinterBoard, power: str, province: str, fived: bool) -> str:
    """Why ``province`` is not among the power's build sites on the board of ``view``,
    as the board rules word it (``EngineRules.build_refusal``)."""
    reason = view.engine.build_refusal(view.base.variant, view.position, power, province)
    return f"on {shown_board(view.board.key, fived)} {reason}"
