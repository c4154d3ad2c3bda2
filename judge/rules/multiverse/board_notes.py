"""The board rules' notes in a multiverse step's results.

A standard game's results add notes where the map's own rules acted (Colonial: a
blocked train's stop, Hong Kong not counted, a void canal move: the ruleset's
``report_notes``).  In a multiverse game each board judged in a step is such a
game's phase: its notes are asked of the board rules with that board's step (its
units before, its orders as on a single board, its units once the moves are done),
and each is said of its board.  Pure: read from the step's documents.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import replace
from typing import Any

from judge.engine.boards import MLoc
from judge.engine.phase import Turn
from judge.orders.data import decoding_of, order_data, order_from_data
from judge.rules.base import Ruleset, Step
from judge.rules.multiverse.advance import units_after_moves
from judge.rules.multiverse.basemap import BaseMap, base_map_for
from judge.rules.multiverse.board_orders import board_document, lower_order
from judge.rules.multiverse.json_io import WORLD_KEPT, read_world
from judge.rules.multiverse.keys import BoardKey, phase_code
from judge.rules.multiverse.world import Board, World, order_locations
from judge.store.positions import kept

BoardTitle = Callable[[int, str], str]  # (timeline, phase) -> "Timeline 1, Spring of 1870"


def board_notes(
    board_rules: Ruleset,
    step: Step,
    judged: list[Mapping[str, Any]],
    variant: Any,
    title: BoardTitle,
) -> list[str]:
    """The notes of the board rules on each board of ``judged`` (the boards of a
    step's report, each with its ``result``), each begun with its board's title."""
    world: World | None = None
    base: BaseMap | None = None
    notes = []
    for entry in judged:
        orders = (entry.get("result") or {}).get("orders") or []
        if not orders:
            continue
        if world is None or base is None:
            base = replace(base_map_for(step.after.get("variant", "standard")), board=board_rules)
            world = kept(step.after, WORLD_KEPT) or read_world(base, step.after)
        key = BoardKey.of(int(entry["timeline"]), Turn.parse(str(entry["phase"])))
        if key not in world.boards:
            continue
        board_step = _board_step(world, base, world.boards[key], orders)
        said = board_rules.report_notes(board_step, variant)
        notes += [f"{title(key.timeline, str(entry['phase']))}: {note}" for note in said]
    return notes


def _board_step(world: World, base: BaseMap, board: Board, orders: list[Mapping[str, Any]]) -> Step:
    """A board's step as a standard game's: its units and centres before, its orders
    on the board alone, and its units once the moves are done (a blocked train at its
    stop) with the centres its next board has."""
    key = board.key
    following = world.boards.get(key.successor()) or world.boards.get(key.successor(False))
    moved = replace(
        board,
        units=units_after_moves(world, board, retreated=True),
        centers=(following or board).centers,
    )
    after = board_document(base, moved)
    after["orders"] = list(_plain_orders(base, board, orders))
    return Step(board_document(base, board), after, after, None, None)


def _plain_orders(
    base: BaseMap, board: Board, orders: list[Mapping[str, Any]]
) -> Iterator[dict[str, Any]]:
    """The board's orders as a single board's answer lists them: canonical text and
    data with the board's own places (``A mos - TSR - vla``)."""
    decoding = decoding_of(base.engine, MLoc)
    letters = {loc: unit.type.value for loc, unit in board.units.items()}
    for entry in orders:
        data = entry.get("data")
        if not isinstance(data, dict):
            continue
        order = order_from_data(data, decoding)
        if any(loc.board != board.key for loc in order_locations(order)):
            continue  # an order across boards: no board rules' own
        plain = lower_order(order)
        text = plain.format(lambda loc: f"{letters.get(loc, 'A')} {loc}", phase_code(board.key))
        yield {**entry, "order": text, "data": order_data(plain)}
