"""One processed turn of a multiverse world.

The pipeline of a movement turn:

1. validate the new orders (movement boards, winter boards); units on active
   movement boards without an order hold;
2. collect the *active set*: the new orders and, transitively, every stored
   order that touches one of them (an order touches another when they name a
   location in the same province of the same board);
3. resolve the active set with the standard resolver as one large board and
   store every result (past orders are re-judged in place);
4. dislodged units get their retreat options on their own board; winter
   boards resolve their builds and removals;
5. unless some unit must retreat (then the whole world pauses), every touched
   board and every active board is advanced in canonical order, forking new
   timelines where a re-derived successor matches no existing one;
6. victory is checked.

A retreat turn resolves the retreats of every dislodged unit and then performs
step 5 for the boards that waited.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field, replace
from operator import itemgetter
from typing import NamedTuple

from judge.engine.orders import AnyOrder, Build, Disband, Hold, Moving, Retreat, Unit, Waive
from judge.engine.outcome import MovementResult
from judge.engine.position import DislodgedUnit
from judge.engine.resolver import resolve_movement
from judge.engine.retreats import resolve_retreats, retreat_options
from judge.rules.multiverse import fived
from judge.rules.multiverse.adjustments import WinterBoard, resolve_board_adjustments
from judge.rules.multiverse.advance import Fork, advance_boards
from judge.rules.multiverse.basemap import BaseMap
from judge.rules.multiverse.keys import BoardKey, MLoc
from judge.rules.multiverse.validation import (
    adjustment_problem,
    eliminated_problem,
    movement_problem,
    retreat_problem,
)
from judge.rules.multiverse.world import (
    FAILURE,
    INVALID,
    SUCCESS,
    OrderRecord,
    World,
    order_locations,
)

NEW = "new"

WinterOrders = dict[BoardKey, list[tuple[int, OrderRecord]]]
"""The valid orders of each winter board, with their indexes among the orders given."""


class OrderResult(NamedTuple):
    """The result of one order in one turn (an immutable named tuple: a turn of a
    big world reports thousands)."""

    power: str
    order: AnyOrder
    status: str
    reason: str | None = None
    auto: bool = False


@dataclass
class TurnReport:
    """What a turn decided.

    ``submitted`` has one result per submitted order, in the order given;
    ``rejudged`` the stored orders of earlier turns that were judged again;
    ``automatic`` the orders the judge gave itself (holds, removals).
    """

    submitted: list[OrderResult] = field(default_factory=list)
    rejudged: list[OrderResult] = field(default_factory=list)
    automatic: list[OrderResult] = field(default_factory=list)
    created: list[BoardKey] = field(default_factory=list)
    forks: list[Fork] = field(default_factory=list)
    retreats_pending: bool = False
    winner: str | None = None


def adjudicate(
    world: World,
    base: BaseMap,
    orders: Sequence[tuple[str, AnyOrder]],
    checked: AbstractSet[int] = frozenset(),
) -> tuple[World, TurnReport]:
    """Process one turn: ``orders`` are ``(power, order)`` pairs; the input world is kept.

    When one unit (or one build site) receives several orders, the last wins and
    the earlier ones are reported invalid.  A movement order whose index is in
    ``checked`` passed :func:`movement_problem` on this world already (a game's
    mail check, on the same stored position): it is not checked again.
    """
    new = world.copy()
    report = TurnReport()
    if new.winner is not None:
        report.submitted = [
            OrderResult(p, o, INVALID, f"the game is over: {new.winner} has won") for p, o in orders
        ]
        report.winner = new.winner
        return new, report
    geo = fived.geography_for(base, new)
    if new.needs_retreats():
        _retreat_turn(new, base, geo, orders, report)
    else:
        _movement_turn(new, base, geo, orders, report, checked)
    new.iteration += 1
    report.retreats_pending = new.needs_retreats()
    if not report.retreats_pending:
        from judge.rules.multiverse.victory import find_winner

        if new.fived:
            new.eliminated = new.eliminated | fived.newly_eliminated(new)
        new.winner = find_winner(new, base)
    report.winner = new.winner
    return new, report


def _last_wins(orders: Sequence[tuple[str, AnyOrder]]) -> dict[int, str]:
    """Indexes of orders replaced by a later order for the same unit or build site."""
    # What each order is given to: the power's unit, or its own index for a build or
    # a waive, which are taken one by one (DATC 4.D.4).
    keys = [
        i if isinstance(order, (Waive, Build)) else (power, getattr(order, "unit", None))
        for i, (power, order) in enumerate(orders)
    ]
    last = dict(zip(keys, range(len(keys)), strict=True))  # the last order of each key
    if len(last) == len(keys):
        return {}  # each given once: the usual case
    why = "replaced by a later order for the same unit"
    return {i: why for i, key in enumerate(keys) if last[key] != i}


def _movement_turn(world, base, geo, orders, report, checked: AbstractSet[int]) -> None:
    active = set(world.active_boards().values())
    winter_views: dict[BoardKey, WinterBoard] = {}  # shared by the checks and the resolution
    results, fresh, winter_orders = _take_orders(
        world, base, geo, orders, active, winter_views, checked
    )
    automatic = _hold_the_rest(world, active, fresh)

    starts = [*fresh, *automatic]
    keep: set[MLoc] | None = None
    if world.fived:
        # 5dplomacy judges again only the recorded orders of the boards named by new
        # orders; what those lean on is resolved with them but keeps its results.
        given = [world.orders[loc].order for loc in fresh if world.orders[loc].status != INVALID]
        past_boards = fived.pulled_boards(world, given, active) - active
        history = {key: fived.board_history(world, key) for key in past_boards}
        past = {key: fived.outcomes(world, locs) for key, locs in history.items()}
        keep = {*starts, *(loc for locs in history.values() for loc in locs)}
        starts = [*starts, *sorted(keep - set(starts))]
    parts, touched = _active_parts(world, base, starts)
    flagged = _resolve(world, base, geo, parts, keep)
    if keep is not None:
        new_moves = [loc for loc in fresh if isinstance(world.orders[loc].order, Moving)]
        flagged = fived.forking_boards(world, past, new_moves)
        touched = touched & keep
    flagged |= active

    for key in sorted(active, key=BoardKey.canonical_order):
        if not world.adjusts(key):
            continue
        valid = [record for _, record in winter_orders.get(key, [])]
        decided = resolve_board_adjustments(world, base, key, valid, winter_views.get(key))
        if decided:
            world.adjustments[key] = tuple(sorted(decided, key=_adjustment_key))
        else:  # none kept, as a world read back from its stored history has none
            world.adjustments.pop(key, None)
        for (i, _), done in zip(winter_orders.get(key, []), decided, strict=False):
            results[i] = OrderResult(done.power, done.order, done.status, done.reason)
        report.automatic += [_result(r) for r in decided if r.auto]

    stored = world.orders
    for loc, i in fresh.items():
        results[i] = _new_tuple(OrderResult, stored[loc][:5])  # _result, inlined
    report.submitted = [r for r in results if r is not None]
    _report_judged(world, touched, fresh, set(automatic), report)

    if world.needs_retreats():
        world.pending = frozenset(flagged)
        return
    report.created, report.forks = advance_boards(world, base, flagged | world.pending)
    world.pending = frozenset()


def _take_orders(
    world: World,
    base: BaseMap,
    geo,
    orders: Sequence[tuple[str, AnyOrder]],
    active: set[BoardKey],
    winter_views: dict[BoardKey, WinterBoard],
    checked: AbstractSet[int] = frozenset(),
) -> tuple[list[OrderResult | None], dict[MLoc, int], WinterOrders]:
    """Validate the orders of a movement turn and store those of movement boards
    (``winter_views`` keeps what the checks read of each winter board; the movement
    orders at the indexes ``checked`` passed the same checks on this world already).

    Returns the results known already (by index in ``orders``; None for the
    orders still to judge), the index of each stored order by its unit, and the
    valid orders of each winter board with their indexes.  A wrong order for a
    unit that may be ordered is stored as invalid: it acts as a hold.  The orders
    are stored together once all are checked (no check reads the stored orders).
    """
    replaced = _last_wins(orders)
    results: list[OrderResult | None] = [None] * len(orders)
    fresh: dict[MLoc, int] = {}
    winter_orders: WinterOrders = {}
    built: set = set()
    disbanded: set = set()
    views: dict = {}  # the legality board of each board, shared by the orders of this turn
    taken: list[OrderRecord] = []  # the orders to store, in the order given
    eliminated, iteration = world.eliminated, world.iteration
    for i, (power, order) in enumerate(orders):
        if i in replaced:
            results[i] = OrderResult(power, order, INVALID, replaced[i])
            continue
        if power in eliminated:
            why = eliminated_problem(base, power)
            results[i] = OrderResult(power, order, INVALID, why)
            continue
        if isinstance(order, (Waive, Build, Disband, Retreat)):  # no order for a movement board
            if isinstance(order, Waive):
                results[i] = OrderResult(power, order, SUCCESS)
            elif isinstance(order, Build) or (
                isinstance(order, Disband) and world.adjusts(order.unit.board)
            ):
                why = adjustment_problem(
                    world, base, power, order, active, built, disbanded, winter_views
                )
                if why:
                    results[i] = OrderResult(power, order, INVALID, why)
                else:
                    record = OrderRecord(power, order, NEW, None, False, iteration)
                    winter_orders.setdefault(order.unit.board, []).append((i, record))
            else:  # a retreat, or a removal on a movement board
                results[i] = OrderResult(power, order, INVALID, "no unit must retreat now")
            continue
        why = None if i in checked else movement_problem(world, geo, power, order, active, views)
        if why:
            unit = getattr(order, "unit", None)
            if unit in fresh or unit in world.orders or not _orderable(world, order, power, active):
                results[i] = OrderResult(power, order, INVALID, why)
                continue
            # The unit is ordered, but wrongly: the invalid order is kept and acts as a hold.
        # OrderRecord(...) without the checks of its __new__ (thousands a turn)
        status = INVALID if why else NEW
        taken.append(_new_tuple(OrderRecord, (power, order, status, why, False, iteration, None)))
        fresh[order.unit] = i
    world.store_orders(taken)
    return results, fresh, winter_orders


def _hold_the_rest(world: World, active: set[BoardKey], fresh: Mapping[MLoc, int]) -> list[MLoc]:
    """Store a hold for every unit of an active movement board left without an order
    (``fresh``: the units given one this turn; a board whose every unit has one is
    passed over without looking at its units)."""
    automatic: list[MLoc] = []
    orders = world.orders
    ordered = Counter(map(_BOARD, fresh))  # per board, its units given an order this turn
    for key in sorted(active, key=BoardKey.canonical_order):
        if world.adjusts(key):
            continue
        units = world.boards[key].units
        if ordered[key] == len(units):
            continue
        for loc, unit in units.items():
            here = _new_tuple(MLoc, (key[0], key[1], key[2], loc))  # key.at(loc), inlined
            if here not in orders:
                world.store_order(
                    OrderRecord(unit.power, Hold(here), NEW, None, True, world.iteration)
                )
                automatic.append(here)
    return automatic


def _report_judged(
    world: World,
    judged: set[MLoc],
    fresh: Mapping[MLoc, int],
    automatic: set[MLoc],
    report: TurnReport,
) -> None:
    """Report the judged orders that were not submitted this turn, in canonical
    order: re-judged stored orders, the judge's own holds, and the disbands it gave
    to dislodged units without a retreat.  (Only those are sorted, not every
    judged order: most were submitted.)"""
    orders = world.orders
    for loc in sorted(judged.difference(fresh)):
        if loc in automatic:
            report.automatic.append(_result(orders[loc]))
        else:
            report.rejudged.append(_result(orders[loc]))
    retreats = world.retreats
    for loc in sorted(judged.intersection(retreats)):
        retreat = retreats[loc]
        if retreat.auto and retreat.iteration == world.iteration:
            report.automatic.append(_result(retreat))


def _adjustment_key(record: OrderRecord) -> tuple:
    """Canonical storage order of a winter board's orders."""
    return (record.power, type(record.order).__name__, record.order.unit.loc, record.status)


def _orderable(world: World, order: AnyOrder, power: str, active: set[BoardKey]) -> bool:
    """Whether the order names a unit of ``power`` on an active movement board."""
    loc = getattr(order, "unit", None)
    if not isinstance(loc, MLoc) or loc.board not in active or world.adjusts(loc.board):
        return False
    unit = world.unit_at(loc)
    return unit is not None and unit.power == power


def _result(record: OrderRecord) -> OrderResult:
    """The result of a stored order: its first five fields."""
    return _new_tuple(OrderResult, record[:5])  # OrderResult(*record[:5]), without its checks


_new_tuple = tuple.__new__


def _active_parts(
    world: World, base: BaseMap, starts: Sequence[MLoc]
) -> tuple[list[list[MLoc]], set[MLoc]]:
    """The stored orders reachable from ``starts`` through shared (board, province)
    areas, in independent parts (no order of one part names an area of another),
    each sorted, and the set of them all.

    The orders naming an area are the order of the unit standing there (found by
    its location) and those naming it from elsewhere (``world.touch``).
    """
    coasts = {province: locs for province, locs in base.locations.items() if len(locs) > 1}
    found: set[MLoc] = set()
    parts: list[list[MLoc]] = []
    orders, touch = world.orders, world.touch
    province_of = _Provinces()
    for start in starts:
        if start in found:
            continue
        found.add(start)
        part = [start]
        stack = [start]
        while stack:
            here = stack.pop()
            record = orders[here]
            names = (here,) if record.status == INVALID else order_locations(record.order)
            for name in names:
                province = province_of[name[3]]
                if name is not here:  # the unit's own order is ``here``, found already
                    own = name if name in orders else None
                    if own is None and province in coasts:
                        own = _coast_order(orders, name, coasts[province])
                    if own is not None and own not in found:
                        found.add(own)
                        part.append(own)
                        stack.append(own)
                # The area of the name: the name itself when it names no coast.
                area = name if province == name[3] else (name[0], name[1], name[2], province)
                for other in touch.get(area, ()):
                    if other not in found:
                        found.add(other)
                        part.append(other)
                        stack.append(other)
        part.sort()  # the resolver's canonical order, within the part (the parts are independent)
        parts.append(part)
    return parts, found


_BOARD = itemgetter(slice(0, 3))
"""The board of a location as a plain tuple (``loc[:3]``), for ``map``."""


class _Provinces(dict):
    """The province of each map location (``spa/nc`` -> ``spa``: ``area_of(loc)[3]``),
    split once per location for the thousands of orders of a turn."""

    def __missing__(self, loc: str) -> str:
        province = self[loc] = loc.split("/", 1)[0]
        return province


def _coast_order(
    orders: Mapping[MLoc, OrderRecord], name: MLoc, locs: tuple[str, ...] | None
) -> MLoc | None:
    """Where the unit standing in the province of ``name`` has its order, when it
    stands at another of the province's locations ``locs`` (the province and its
    coasts) than ``name`` itself; None when no unit there has an order."""
    for loc in locs or ():
        here = MLoc(name[0], name[1], name[2], loc)
        if here in orders:
            return here
    return None


def _resolve(
    world, base, geo, parts: list[list[MLoc]], keep: set[MLoc] | None = None
) -> set[BoardKey]:
    """Resolve the active set as one board; store results and dislodgements.

    Under the standard resolver (the board rules' movement is the shared one) the
    independent parts are resolved in chunks
    of a few hundred orders (the same results: no decision of one part reads
    another, and a paradox found in one part then starts only its chunk again,
    not the whole set); a board ruleset's
    resolver gets the whole set at once.  With ``keep``, only the orders in it
    take their new results (and dislodgements); the others were resolved for
    context and keep their recorded results.  Returns the existing boards named
    by the active orders (to be re-derived).
    """
    units: dict[MLoc, Unit] = {}
    movement = base.engine.movement
    if movement is resolve_movement:
        result = MovementResult()
        for chunk in _chunks(parts):  # sorted part by part: the order each part is resolved in
            chunk_units, chunk_orders = _board_of(world, chunk)
            units.update(chunk_units)
            _merge(result, resolve_movement(geo, chunk_units, chunk_orders))
    else:
        units, orders = _board_of(world, sorted(loc for part in parts for loc in part))
        result = movement(geo, units, orders)
    touched = units.keys()

    judged = touched if keep is None else touched & keep
    flagged, named = _store_results(world, judged, result)
    _store_standoffs(world, named, result.standoffs)
    by_board: dict[BoardKey, dict[str, DislodgedUnit]] = {}
    occupied_cache: dict[BoardKey, set] = {}
    for loc, how in sorted(result.dislodged.items()):
        if loc not in judged:
            continue
        board_key = loc.board
        if board_key not in occupied_cache:
            occupied_cache[board_key] = _occupied_after(world, geo, board_key, result)
        unit = units[loc]
        standoffs = {(*board_key, p) for p in world.boards[board_key].contested}
        options = retreat_options(geo, unit, loc, how, occupied_cache[board_key], standoffs)
        if options:
            by_board.setdefault(board_key, {})[loc.loc] = DislodgedUnit(
                unit, how.attacker_from, tuple(o.loc for o in options)
            )
        else:
            world.retreats[loc] = OrderRecord(
                unit.power, Disband(loc), SUCCESS, "no retreat possible", True, world.iteration
            )
    for board_key, dislodged in by_board.items():
        world.boards[board_key] = replace(world.boards[board_key], dislodged=dislodged)
    return flagged


CHUNK = 256  # orders per resolver run: small enough that a restart stays cheap


def _chunks(parts: list[list[MLoc]]) -> list[list[MLoc]]:
    """Independent parts gathered into chunks of about :data:`CHUNK` orders."""
    chunks: list[list[MLoc]] = []
    current: list[MLoc] = []
    for part in parts:
        current.extend(part)
        if len(current) >= CHUNK:
            chunks.append(current)
            current = []
    if current:
        chunks.append(current)
    return chunks


def _board_of(world: World, locs: list[MLoc]) -> tuple[dict[MLoc, Unit], dict[MLoc, AnyOrder]]:
    """The units at ``locs`` and their orders to resolve (invalid orders left out: those
    units hold).  A stored hold is passed on, so that the resolver need not make one."""
    units: dict[MLoc, Unit] = {}
    orders: dict[MLoc, AnyOrder] = {}
    stored, boards = world.orders, world.boards
    for loc in locs:
        record = stored[loc]
        board = boards.get(loc[:3])  # type: ignore[call-overload]  # world.unit_at, inlined
        unit = None if board is None else board.units.get(loc[3])
        assert unit is not None
        units[loc] = unit
        if record.status != INVALID:
            orders[loc] = record.order
    return units, orders


def _merge(into: MovementResult, part: MovementResult) -> None:
    """Add the result of one independent part to the whole."""
    into.outcomes.update(part.outcomes)
    into.moves.update(part.moves)
    into.dislodged.update(part.dislodged)
    into.standoffs |= part.standoffs
    into.convoyed |= part.convoyed


def _store_results(
    world: World, judged: AbstractSet[MLoc], result: MovementResult
) -> tuple[set[BoardKey], dict[tuple, set[str]]]:
    """Store the new result of each judged order (invalid orders keep theirs) and
    clear its unit's earlier retreat.

    Returns the existing boards the judged orders name (an invalid order only its
    own), and per board the provinces named by the judged orders (all their
    locations, invalid orders included): there, earlier standoffs are judged anew.
    Those are gathered only on the boards whose standoffs can change, those with
    one on record or a new one (of thousands of orders, few name such a board).
    """
    may_change = {area[:3] for area in result.standoffs}
    may_change.update(key for key, board in world.boards.items() if board.contested)
    named: dict[tuple, set[str]] = {}  # on those boards, by board
    boards_named: set[tuple] = set()  # by the valid orders
    invalid_boards: set[BoardKey] = set()
    orders, retreats = world.orders, world.retreats
    for loc in [loc for loc in retreats if loc in judged]:  # few: look them up, not every order
        del retreats[loc]
    outcomes = result.outcomes
    province_of = _Provinces()
    for loc in judged:
        record = orders[loc]
        valid = record.status != INVALID
        for name in order_locations(record.order):
            board = name[:3]
            if valid:
                boards_named.add(board)
            if board in may_change:
                provinces = named.get(board)
                if provinces is None:
                    named[board] = provinces = set()
                provinces.add(province_of[name[3]])
        if not valid:
            invalid_boards.add(loc.board)  # acts as a hold: only its own board is re-derived
            continue
        outcome = outcomes[loc]
        status, stop = (SUCCESS, None) if outcome.success else (FAILURE, _stop(result, loc))
        if status != record.status or outcome.reason != record.reason or stop != record.stopped_at:
            orders[loc] = _new_tuple(  # record._replace(...) without its overhead
                OrderRecord,
                (
                    record.power,
                    record.order,
                    status,
                    outcome.reason,
                    record.auto,
                    record.iteration,
                    stop,
                ),
            )
    boards = world.boards
    flagged = {boards[key].key for key in boards_named if key in boards} | invalid_boards
    return flagged, named


def _store_standoffs(world: World, named: dict[tuple, set[str]], standoffs: set) -> None:
    """Keep, per board, the provinces left empty by a bounce (no retreat there).

    ``named`` gives per board the provinces named by the judged orders: their
    earlier standoffs give way to the new ones; elsewhere nothing changes.
    """
    found: dict[tuple, set[str]] = {}
    for area in standoffs:
        found.setdefault(area[:3], set()).add(area[3])
    for key, areas in named.items():
        board = world.boards.get(key)  # type: ignore[call-overload]
        if board is None or not (board.contested or key in found):
            continue
        kept = (board.contested - areas) | found.get(key, set())
        if kept != board.contested:
            world.boards[board.key] = replace(board, contested=frozenset(kept))


def _stop(result: MovementResult, loc: MLoc) -> str | None:
    """Where the unit of a failed order went all the same (a blocked train's stop,
    which the board rules' movement records as its move), or None."""
    moved = result.moves.get(loc)
    return None if moved is None else moved[3]


def _occupied_after(world: World, geo, key: BoardKey, result) -> set:
    """The areas of a board that hold a unit once its moves are done."""
    occupied = set()
    for loc in world.boards[key].units:
        here = key.at(loc)
        if here in result.dislodged:
            continue
        if here in result.outcomes:
            if here in result.moves:
                if not result.outcomes[here].success:  # a blocked train, at its stop
                    occupied.add(geo.province(result.moves[here]))
                continue
        else:
            record = world.orders.get(here)
            if record and record.status == SUCCESS and isinstance(record.order, Moving):
                continue
            if record and record.stopped_at is not None:
                occupied.add(geo.province(key.at(record.stopped_at)))
                continue
        occupied.add(geo.province(here))
    for origin in world.moves_into.get(key, ()):
        record = world.orders[origin]
        moved = origin in result.moves if origin in result.outcomes else record.status == SUCCESS
        if moved:
            occupied.add(geo.province(record.order.dest))
    return occupied


def _retreat_turn(world, base, geo, orders, report) -> None:
    replaced = _last_wins(orders)
    given: dict[MLoc, tuple[int, OrderRecord]] = {}
    results: list[OrderResult | None] = [None] * len(orders)
    for i, (power, order) in enumerate(orders):
        if i in replaced:
            results[i] = OrderResult(power, order, INVALID, replaced[i])
            continue
        why = retreat_problem(world, base, power, order)
        if why:
            results[i] = OrderResult(power, order, INVALID, why)
            continue
        given[order.unit] = (i, OrderRecord(power, order, NEW, None, False, world.iteration))
    outcomes = resolve_retreats(geo, {loc: record.order for loc, (_, record) in given.items()})
    for key in sorted(world.boards, key=BoardKey.canonical_order):
        board = world.boards[key]
        if not board.dislodged:
            continue
        for loc, pending in sorted(board.dislodged.items()):
            here = key.at(loc)
            if here in given:
                i, record = given[here]
                outcome = outcomes[here]
                if outcome.success:
                    record = record._replace(status=SUCCESS)
                else:
                    record = record._replace(status=FAILURE, reason=outcome.reason)
                results[i] = _result(record)
            else:
                record = OrderRecord(
                    pending.unit.power,
                    Disband(here),
                    SUCCESS,
                    "no retreat order",
                    True,
                    world.iteration,
                )
                report.automatic.append(_result(record))
            world.retreats[here] = record
        placed = dict(board.units)
        if board.settled:
            for loc, pending in board.dislodged.items():
                record = world.retreats[key.at(loc)]
                if record.status == SUCCESS and isinstance(record.order, Retreat):
                    placed[record.order.dest.loc] = pending.unit
        world.boards[key] = replace(board, units=placed, dislodged={})
    report.submitted = [r for r in results if r is not None]
    flagged = set(world.pending) | set(world.active_boards().values())
    report.created, report.forks = advance_boards(world, base, flagged)
    world.pending = frozenset()
