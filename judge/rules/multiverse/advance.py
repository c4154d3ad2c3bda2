"""Board advancement: re-deriving successors, the fork test and timeline numbering."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from judge.engine.orders import Build, Disband, Moving, Retreat, Unit
from judge.rules.multiverse.adjustments import owed_changes
from judge.rules.multiverse.basemap import BaseMap
from judge.rules.multiverse.keys import BoardKey, Season
from judge.rules.multiverse.world import SUCCESS, Board, World


@dataclass(frozen=True)
class Fork:
    """A new timeline: which board it forked from and its number."""

    parent: BoardKey
    timeline: int


def units_after_moves(world: World, board: Board, *, retreated: bool = False) -> dict[str, Unit]:
    """A board's units once its moves are done, by the latest results of its orders.

    The units that did not move away, were not dislodged and have no retreat,
    and those that arrived by a successful move from any board; with
    ``retreated`` (the retreats are decided) the successful retreats too.  A
    settled board already shows its own units after movement and retreats.
    """
    key = board.key
    orders = world.orders
    units = dict(board.units) if board.settled else _staying(world, board, retreated)
    for origin in world.moves_into.get(key, ()):
        record = orders[origin]
        if record.status == SUCCESS:
            mover = world.unit_at(origin)
            assert mover is not None and isinstance(record.order, Moving)
            units[record.order.dest.loc] = mover
    return units


def _staying(world: World, board: Board, retreated: bool) -> dict[str, Unit]:
    """The units of ``board`` that stay where they are (see :func:`units_after_moves`)."""
    timeline, year, season = board.key
    dislodged = board.dislodged
    orders, retreats = world.orders, world.retreats
    units: dict[str, Unit] = {}
    for loc, unit in board.units.items():
        here = (timeline, year, season, loc)  # key.at(loc) as a plain tuple: the same look-ups
        retreat = retreats.get(here)
        if retreat is not None:
            if retreated and retreat.status == SUCCESS and isinstance(retreat.order, Retreat):
                units[retreat.order.dest.loc] = unit
            continue
        if loc in dislodged:
            continue
        record = orders.get(here)
        if record is not None and record.status == SUCCESS and isinstance(record.order, Moving):
            continue
        units[record.stopped_at if record is not None and record.stopped_at else loc] = unit
    return units


def derive_successor(world: World, base: BaseMap, board: Board) -> Board:
    """The board that follows ``board`` given the latest results of its orders.

    Spring/fall: its units once its moves and retreats are done
    (:func:`units_after_moves`); a winter successor takes centre ownership from
    the units standing on centres.  Winter: the units minus removals plus builds
    (marked as built).
    """
    key = board.key
    nxt = key.successor(winter=not world.fived)
    if key.is_winter:
        return _after_winter(world, board, nxt)
    units = units_after_moves(world, board, retreated=True)
    centers = dict(board.centers)
    if nxt.is_winter or nxt.year != key.year:  # after Fall (5dplomacy has no winter board)
        for loc, unit in units.items():
            province = base.province(loc)
            if province in base.supply_centers:
                centers[province] = unit.power
    return Board(key=nxt, units=dict(sorted(units.items())), centers=dict(sorted(centers.items())))


def _after_winter(world: World, board: Board, nxt: BoardKey) -> Board:
    units, built = units_after_adjustments(world, board)
    return Board(key=nxt, units=units, centers=dict(board.centers), built=built)


def units_after_adjustments(world: World, board: Board) -> tuple[dict[str, Unit], frozenset[str]]:
    """A board's units once its builds and removals are made, by the latest results
    of its adjustment orders, and the places built on."""
    units = dict(board.units)
    built = set()
    for record in world.adjustments.get(board.key, ()):
        if record.status != SUCCESS:
            continue
        if isinstance(record.order, Disband):
            units.pop(record.order.unit.loc, None)
        elif isinstance(record.order, Build):
            units[record.order.unit.loc] = Unit(record.order.power, record.order.type)
            built.add(record.order.unit.loc)
    return dict(sorted(units.items())), frozenset(built)


def _await_adjustments(base: BaseMap, board: Board, successor: Board) -> Board:
    """5dplomacy: the Spring board after a Fall waits for its adjustments when some
    power has builds or removals to make on it."""
    if board.key.season == Season.FALL and owed_changes(base, successor):
        return replace(successor, adjusting=True)
    return successor


def _adjusted(world: World, board: Board) -> Board:
    """A 5dplomacy Spring board once its builds and removals are applied."""
    done = _after_winter(world, board, board.key)
    return replace(board, units=done.units, built=done.built, adjusting=False)


def advance_boards(world: World, base: BaseMap, keys: Iterable[BoardKey]) -> tuple[list, list]:
    """Advance the given boards in canonical order; returns (new board keys, forks).

    A board whose successor coordinate is empty on its own timeline appends the
    successor there.  Otherwise the successor is compared with the board's own
    next board and with the first boards of the timelines forked from it; if it
    matches one nothing happens, else a new timeline is created below all
    others, starting at the successor's turn.  In a 5dplomacy world the boards
    given are those that advance (heads and forking past boards): a past board
    always forks; a Spring board that follows a Fall waits for its adjustments,
    and a head that waited takes its builds and removals in place.
    """
    created: list[BoardKey] = []
    forks: list[Fork] = []
    last_timeline = max((k.timeline for k in world.boards), default=0)
    for key in sorted(set(keys), key=BoardKey.canonical_order):
        board = world.boards.get(key)
        if board is None:
            continue
        if board.adjusting:
            # 5dplomacy: the adjustments after the Fall make the Spring board's position.
            world.boards[key] = _adjusted(world, board)
            continue
        successor = derive_successor(world, base, board)
        nxt = successor.key
        if world.fived:
            # 5dplomacy: the boards given were chosen to advance; a past board always
            # forks into a new timeline (an existing one is never reused).
            successor = _await_adjustments(base, board, successor)
            if nxt not in world.boards:
                world.boards[nxt] = successor
                created.append(nxt)
                continue
        else:
            candidates = [
                world.boards.get(BoardKey(timeline, nxt.year, nxt.season))
                for timeline in (key.timeline, *board.children)
            ]
            existing = [c for c in candidates if c is not None]
            if not existing:
                world.boards[nxt] = successor
                created.append(nxt)
                continue
            if any(c.same_position(successor) for c in existing):
                continue
        last_timeline += 1
        new_key = BoardKey(last_timeline, nxt.year, nxt.season)
        world.boards[new_key] = replace(successor, key=new_key)
        world.boards[key] = replace(board, children=(*board.children, last_timeline))
        created.append(new_key)
        forks.append(Fork(key, last_timeline))
    return created, forks
