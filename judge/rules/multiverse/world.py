"""The world of a multiverse game: boards, stored orders and their latest results."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable
from dataclasses import KW_ONLY, dataclass, field, fields, replace
from typing import NamedTuple

from judge.engine.orders import (
    STANDARD_ORDER_KINDS,
    AnyOrder,
    Convoy,
    Move,
    Moving,
    SupportHold,
    SupportMove,
    Unit,
)
from judge.engine.phase import Phase
from judge.engine.position import Position
from judge.rules.multiverse.keys import SEASON_LETTER, WINTER, BoardKey, MLoc

REFERENCE = "reference"
FIVED = "5dplomacy"
RULE_SETS = (REFERENCE, FIVED)

SUCCESS = "success"
FAILURE = "failure"
INVALID = "invalid"


@dataclass(frozen=True)
class Board(Position):
    """One map at ``key``: the engine's :class:`Position` of that board, with its forks.

    ``units``, ``centers``, ``dislodged`` and ``contested`` are the position's,
    by plain map locations / provinces: its units before its own orders;
    ``dislodged`` is non-empty only while the world waits for retreats (each
    :class:`~judge.engine.position.DislodgedUnit` has the multiverse location its
    attacker came from and its retreat options on this board); ``contested`` the
    provinces left empty by a standoff.  The ``phase`` follows from the key
    (retreats for a settled board).  ``children`` are the timelines forked from
    the board; ``built`` lists the locations of units created by builds on the
    previous winter board (they are ignored when successors are compared).  A
    *settled* board (read from a standard retreat-phase document) already shows
    its units after movement.  ``adjusting`` marks a 5dplomacy Spring board that
    waits for the adjustments after the Fall: it holds the Fall's outcome until
    its builds and removals are applied to it (docs/multiverse.md, "Rule sets").
    """

    phase: Phase = field(init=False, repr=False, compare=False)  # from the key: see below
    _: KW_ONLY
    key: BoardKey
    children: tuple[int, ...] = ()
    built: frozenset[str] = frozenset()
    settled: bool = False
    adjusting: bool = False

    def _phase(self) -> Phase:
        """The board's phase: its key's turn, in retreats when settled."""
        key = self.key
        kind = "R" if self.settled else "A" if key[2] == WINTER else "M"
        return Phase(key[1], SEASON_LETTER[key[2]], kind)

    def same_position(self, other: Board) -> bool:
        """Whether two boards show the same position (built units ignored)."""
        if self.centers != other.centers:
            return False
        mine = {loc: u for loc, u in self.units.items() if loc not in self.built}
        theirs = {loc: u for loc, u in other.units.items() if loc not in other.built}
        return mine == theirs


# The phase is read from the key when asked rather than stored: a turn makes
# boards by the hundred and few are asked their phase (the field, declared
# without a value and out of ``__init__``, is never set on an instance).
Board.phase = property(Board._phase)  # type: ignore[assignment,method-assign]


class OrderRecord(NamedTuple):
    """An order as stored in the world, with its latest result.

    ``status`` is ``success``, ``failure`` or ``invalid``; ``reason`` says why
    when it is not a success; ``auto`` marks orders the judge gave itself
    (default holds, disbands of units without a retreat, random removals);
    ``iteration`` is the turn in which the order was given; ``stopped_at`` the
    place on its own board where the unit of an order that failed went all the same
    (Colonial's blocked train, TSR-6), None for every other.  An immutable named
    tuple: a big world stores tens of thousands and a turn makes thousands anew.
    """

    power: str
    order: AnyOrder
    status: str
    reason: str | None = None
    auto: bool = False
    iteration: int = 0
    stopped_at: str | None = None


def area_of(loc: MLoc) -> tuple[int, int, int, str]:
    """The area (board plus province) of a location; coasts share their province.

    The season is a plain int (not a :class:`Season`): a tuple of plain values
    is left alone by Python's garbage collector, which matters for the tens of
    thousands of areas a big world indexes.
    """
    return (loc[0], loc[1], int(loc[2]), loc[3].split("/", 1)[0])


def order_locations(order: AnyOrder) -> tuple[MLoc, ...]:
    """Every location an order names: its unit, then target and destination."""
    if isinstance(order, Move):
        return (order.unit, order.dest)
    if isinstance(order, SupportMove):
        return (order.unit, order.target, order.dest)
    if isinstance(order, SupportHold):
        return (order.unit, order.target)
    if isinstance(order, Convoy):
        return (order.unit, order.army, order.dest)
    if not isinstance(order, STANDARD_ORDER_KINDS):  # a kind of the board rules
        named = (getattr(order, f.name) for f in fields(order))
        return tuple(v for v in named if isinstance(v, MLoc))
    unit = getattr(order, "unit", None)
    return (unit,) if unit is not None else ()


_new_tuple = tuple.__new__


def _with(locs: tuple[MLoc, ...], loc: MLoc) -> tuple[MLoc, ...]:
    """``locs`` (in order) with ``loc`` in its place (found by bisection: the orders
    of a turn come in any order, and a board's moves_into grows by the dozen)."""
    if not locs or locs[-1] < loc:
        return (*locs, loc)
    i = bisect_right(locs, loc)
    return (*locs[:i], loc, *locs[i:])


@dataclass
class World:
    """A whole multiverse game state.

    ``orders`` holds every movement order ever given, by the location of its
    unit; ``retreats`` the retreat-phase orders (and automatic disbands of
    dislodged units); ``adjustments`` the orders of each winter board.
    ``pending`` lists the boards to re-derive once the retreat pause ends.
    ``rules`` is the rule set (:data:`REFERENCE` or :data:`FIVED`);
    ``eliminated`` the powers out of the game (5dplomacy's victory note).
    """

    boards: dict[BoardKey, Board]
    strict: bool = False
    seed: int = 0
    rules: str = REFERENCE
    eliminated: frozenset[str] = frozenset()
    iteration: int = 0
    orders: dict[MLoc, OrderRecord] = field(default_factory=dict)
    retreats: dict[MLoc, OrderRecord] = field(default_factory=dict)
    adjustments: dict[BoardKey, tuple[OrderRecord, ...]] = field(default_factory=dict)
    winner: str | None = None
    pending: frozenset[BoardKey] = frozenset()
    touch: dict[tuple, tuple[MLoc, ...]] = field(default_factory=dict, repr=False)
    moves_into: dict[BoardKey, tuple[MLoc, ...]] = field(default_factory=dict, repr=False)

    def copy(self) -> World:
        """A copy that can be changed without touching this world."""
        return replace(
            self,
            boards=dict(self.boards),
            orders=dict(self.orders),
            retreats=dict(self.retreats),
            adjustments=dict(self.adjustments),
            touch=dict(self.touch),
            moves_into=dict(self.moves_into),
        )

    def store_order(self, record: OrderRecord) -> None:
        """Keep a new movement order and index it (see :meth:`store_orders`)."""
        board = self._keep(record)
        if board is not None:
            self._add_moves(board, [record.order.unit])

    def store_orders(self, records: Iterable[OrderRecord]) -> None:
        """Keep new movement orders and index the areas each names besides its own.

        ``touch`` lists, by area, the orders that name it from elsewhere; the order
        given to the unit standing in an area is found through its location.  An
        invalid order names no other area (it acts as a hold).  ``moves_into`` lists,
        by board, the orders that move into it.  The indexes list locations in order,
        so that a world is the same however it was reached (a turn's, or one read
        again from its stored form).  The moves into each board are merged once for
        all ``records`` (a turn stores thousands; a board's list grows by the dozen).
        """
        moves: dict[tuple, list[MLoc]] = {}  # by board, the new moves into it
        for record in records:
            board = self._keep(record)
            if board is not None:
                into = moves.get(board)
                if into is None:
                    moves[board] = [record.order.unit]
                else:
                    into.append(record.order.unit)
        for board, origins in moves.items():
            self._add_moves(board, origins)

    def _keep(self, record: OrderRecord) -> tuple | None:
        """Keep one order and index the areas it names in ``touch``; the board it
        moves into (a plain tuple), if it is a valid move."""
        order = record.order
        loc = order.unit
        self.orders[loc] = record
        if record.status == INVALID:
            return None
        touch = self.touch
        indexed: list | None = None  # its own area, then those it names from elsewhere
        for name in order_locations(order):
            if name is loc:
                continue  # the unit itself: its own area
            area = area_of(name)
            if indexed is None:
                indexed = [area_of(loc)]  # not needed for a hold
            if area not in indexed:
                indexed.append(area)
                alone = (loc,)
                found = touch.setdefault(area, alone)  # one look-up for an area new to it
                if found is not alone:
                    touch[area] = _with(found, loc)
        return order.dest[:3] if isinstance(order, Moving) else None

    def _add_moves(self, board: tuple, origins: list[MLoc]) -> None:
        """Add the orders at ``origins`` to those moving into ``board``."""
        into = self.moves_into
        found = into.get(board)  # type: ignore[call-overload]  # a plain tuple finds its BoardKey
        if found is None:
            # BoardKey(*board), without its checks; a key kept is kept as it is.
            into[_new_tuple(BoardKey, board)] = tuple(sorted(origins))
        elif len(origins) == 1:
            into[board] = _with(found, origins[0])  # type: ignore[index]
        else:
            into[board] = tuple(sorted((*found, *origins)))  # type: ignore[index]

    @property
    def fived(self) -> bool:
        """Whether the world is played by the 5dplomacy rule set."""
        return self.rules == FIVED

    def timelines(self) -> list[int]:
        """Every timeline number in use, ascending."""
        return sorted({key.timeline for key in self.boards})

    def active_boards(self) -> dict[int, BoardKey]:
        """The latest board of every timeline."""
        heads: dict[int, BoardKey] = {}
        latest: dict[int, int] = {}  # the time of each head so far
        for key in self.boards:
            time, timeline = key.time, key.timeline
            if time > latest.get(timeline, time - 1):  # the first board of a timeline, or later
                latest[timeline] = time
                heads[timeline] = key
        return heads

    def unit_at(self, loc: MLoc) -> Unit | None:
        """The unit standing at a multiverse location, if any."""
        board = self.boards.get(loc[:3])  # type: ignore[call-overload]  # a plain tuple finds its BoardKey
        return None if board is None else board.units.get(loc[3])

    def adjusts(self, key: BoardKey | tuple) -> bool:
        """Whether the board at ``key`` takes builds and removals rather than moves: a
        winter board, or a 5dplomacy Spring board waiting for its adjustments."""
        if key[2] == WINTER:
            return True
        board = self.boards.get(key)  # type: ignore[arg-type]
        return board is not None and board.adjusting

    def needs_retreats(self) -> bool:
        """Whether some unit anywhere must retreat (the global pause)."""
        return any(board.dislodged for board in self.boards.values())

    def settled(self) -> SettledWorld:
        """Its boards (no history) as a :class:`SettledWorld`, sharing them: what
        reading its stored form without the history gives."""
        return SettledWorld(
            boards=self.boards,
            strict=self.strict,
            seed=self.seed,
            rules=self.rules,
            eliminated=self.eliminated,
            iteration=self.iteration,
            winner=self.winner,
            pending=self.pending,
        )


class SettledWorld(World):
    """The boards of a world read to check new orders against, never changed (a
    mail's, kept with the stored position it was read from): its heads and its
    retreat pause are found once.  Its copy is a plain :class:`World`."""

    def active_boards(self) -> dict[int, BoardKey]:
        heads = self.__dict__.get("_heads")
        if heads is None:
            heads = self.__dict__["_heads"] = World.active_boards(self)
        return dict(heads)

    def needs_retreats(self) -> bool:
        pause = self.__dict__.get("_pause")
        if pause is None:
            pause = self.__dict__["_pause"] = World.needs_retreats(self)
        return pause

    def copy(self) -> World:
        return World(**{f.name: getattr(self, f.name) for f in fields(World)}).copy()
