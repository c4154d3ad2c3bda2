"""Random orders for a world: for property tests and the benchmark (seeded, no I/O)."""

from __future__ import annotations

import random

from judge.engine.orders import (
    AnyOrder,
    Build,
    Disband,
    Hold,
    Move,
    Retreat,
    SupportHold,
    SupportMove,
    UnitType,
)
from judge.rules.multiverse.adjustments import build_sites, owed_changes
from judge.rules.multiverse.basemap import BaseMap
from judge.rules.multiverse.fived import FivedGeography
from judge.rules.multiverse.keys import BoardKey, MLoc, Season
from judge.rules.multiverse.world import World


def previous_board(key: BoardKey) -> BoardKey | None:
    """The movement board one step back on the same timeline (winter skipped)."""
    if key.season == Season.FALL:
        return BoardKey(key.timeline, key.year, Season.SPRING)
    if key.season == Season.SPRING:
        return BoardKey(key.timeline, key.year - 1, Season.FALL)
    return None


def random_orders(
    world: World, base: BaseMap, rng: random.Random, travel: float = 0.2
) -> list[tuple[str, AnyOrder]]:
    """Orders for every unit that can be ordered; ``travel`` is the share of moves
    sent to another board (one board back, or one timeline up or down)."""
    if world.needs_retreats():
        return _retreats(world, rng)
    geo = base.geography
    # 5dplomacy's own adjacency: its travel goes only where its rules let a unit go.
    reach = FivedGeography(base, world) if world.fived else None
    orders: list[tuple[str, AnyOrder]] = []
    for key in sorted(world.active_boards().values()):
        board = world.boards[key]
        if world.adjusts(key):  # a winter board, or 5dplomacy's Spring after a Fall
            orders += _adjustments(world, base, key, rng)
            continue
        for loc, unit in board.units.items():
            here = key.at(loc)
            roll = rng.random()
            if roll < 0.2:
                orders.append((unit.power, Hold(here)))
                continue
            if roll < 0.2 + travel:
                travel_to = _travel if reach is None else _fived_travel
                dest = travel_to(world, here, unit.type, reach or geo, rng)
                if dest is not None:
                    orders.append((unit.power, Move(here, dest)))
                    continue
            near = sorted(geo.neighbours(unit.type, loc))
            near_areas = {base.province(x) for x in near}
            if roll > 0.85 and near:
                friends = [n for n in board.units if base.province(n) in near_areas]
                if friends:
                    other = rng.choice(friends)
                    target = key.at(other)
                    if rng.random() < 0.5:
                        orders.append((unit.power, SupportHold(here, target)))
                    else:
                        other_type = board.units[other].type
                        options = [
                            d
                            for d in geo.neighbours(other_type, other)
                            if base.province(d) in near_areas
                            and base.province(d) != base.province(loc)
                        ]
                        if options:
                            dest = key.at(base.province(rng.choice(sorted(options))))
                            orders.append((unit.power, SupportMove(here, target, dest)))
                        else:
                            orders.append((unit.power, SupportHold(here, target)))
                    continue
            if near:
                orders.append((unit.power, Move(here, key.at(rng.choice(near)))))
            else:
                orders.append((unit.power, Hold(here)))
    return orders


def _travel(world: World, here: MLoc, unit_type: UnitType, geo, rng) -> MLoc | None:
    key = here.board
    boards = []
    back = previous_board(key)
    if back is not None and back in world.boards:
        boards.append(back)
    for timeline in (key.timeline - 1, key.timeline + 1):
        side = BoardKey(timeline, key.year, key.season)
        if side in world.boards:
            boards.append(side)
    if not boards:
        return None
    target = rng.choice(boards)
    if world.strict or rng.random() < 0.5:
        return target.at(here.loc)
    near = sorted(geo.neighbours(unit_type, here.loc))
    return target.at(rng.choice(near)) if near else target.at(here.loc)


def _fived_travel(
    world: World, here: MLoc, unit_type: UnitType, reach: FivedGeography, rng
) -> MLoc | None:
    """A move to another board that 5dplomacy allows: to a neighbouring province on
    a board within a turn, on a related timeline, that takes moves now."""
    near = sorted(reach.base.geography.neighbours(unit_type, here.loc))
    options = [
        key.at(loc)
        for key in reach.neighbour_boards(here.board)
        if key in world.boards and not world.adjusts(key)
        for loc in near
        if reach.can_move(unit_type, here, key.at(loc))
    ]
    return rng.choice(options) if options else None


def _retreats(world: World, rng: random.Random) -> list[tuple[str, AnyOrder]]:
    orders: list[tuple[str, AnyOrder]] = []
    for key in sorted(world.boards):
        for loc, pending in sorted(world.boards[key].dislodged.items()):
            here = key.at(loc)
            if pending.retreat_options and rng.random() < 0.8:
                dest = key.at(rng.choice(sorted(pending.retreat_options)))
                orders.append((pending.unit.power, Retreat(here, dest)))
            else:
                orders.append((pending.unit.power, Disband(here)))
    return orders


def _adjustments(world: World, base: BaseMap, key: BoardKey, rng) -> list[tuple[str, AnyOrder]]:
    board = world.boards[key]
    orders: list[tuple[str, AnyOrder]] = []
    owed = owed_changes(base, board)
    for power in sorted(base.powers):
        mine = sorted(loc for loc, u in board.units.items() if u.power == power)
        change = owed.get(power, 0)
        if change > 0:
            free = sorted(build_sites(base, board, power))
            for province in rng.sample(free, change):
                kind = UnitType.ARMY if province in base.army_locations else UnitType.FLEET
                where = province
                if kind is UnitType.FLEET:
                    where = base.locations[province][-1]
                orders.append((power, Build(key.at(where), kind, power)))
        elif change < 0 and rng.random() < 0.7:
            for loc in rng.sample(mine, -change):
                orders.append((power, Disband(key.at(loc))))
    return orders
