"""Orders of the board rules inside one board of a multiverse world.

A multiverse game is played on the map of a board ruleset (``MultiverseRuleset.base``,
kept on the :class:`~judge.rules.multiverse.basemap.BaseMap` as ``board``).  When
that ruleset has order kinds of its own (Colonial's rail move, canal move and canal
permission), an order of such a kind acts within the board of its unit: it is read
by the board ruleset's own syntax on that board, and the world stores it with its
locations lifted onto the board.  Across boards only the standard multiverse
orders exist.

Text: the unit may carry its board (``A 1:mos:S1870 - TSR - vla``); the rest is
written as on a single board.  Without a board, the unit is looked for on the
active boards, as for the standard multiverse orders.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields, replace
from typing import Any, NamedTuple

from judge.engine.orders import STANDARD_ORDER_KINDS, AnyOrder
from judge.orders.reader import not_yours
from judge.rules.multiverse.basemap import BaseMap
from judge.rules.multiverse.describe import loc_text, shown_loc
from judge.rules.multiverse.keys import BoardKey, MLoc, Season, phase_code
from judge.rules.multiverse.notation import board_unit_written
from judge.rules.multiverse.world import Board, World, order_locations


def has_board_orders(base: BaseMap) -> bool:
    """Whether the board rules have order kinds beyond the standard ones."""
    board = base.board
    return board is not None and any(
        kind not in STANDARD_ORDER_KINDS for kind in board.engine.order_kinds
    )


def is_board_order(order: Any) -> bool:
    """Whether an order is of a kind of the board rules (not a standard kind)."""
    return not isinstance(order, STANDARD_ORDER_KINDS)


class BoardReading(NamedTuple):
    """What the board rules make of an order text: an order of their own kinds and
    its canonical text; else their reason for refusing it ("" if none), and a
    standard order they read on exactly one active board (Colonial's ``A Irk S A Mos
    - TSR - Vla``, a support written with the railroad's words), for when the
    multiverse notation cannot read the text."""

    order: AnyOrder | None
    said: str
    standard: AnyOrder | None = None


def read_board_order(
    world: World, base: BaseMap, power: str, text: str, find_unit: Any, timeline: int | None = None
) -> BoardReading:
    """How the board rules read ``text`` on the active boards (see
    :class:`BoardReading`), of ``timeline`` only when it is given (written in front
    of the order); the standard multiverse notation reads it when it is no order of
    the board rules' own kinds.

    ``find_unit(unit_text)`` places the unit written with its board on the world
    (it raises the notation's error when there is none)."""
    written = board_unit_written(base, text)
    if written is not None:
        kind, where, rest = written
        loc = find_unit(f"{kind} {where}")
        boards = [loc.board]
        plain = f"{kind} {loc.loc} {rest}"
    elif ":" in text:
        return BoardReading(None, "")
    else:
        boards = [
            k
            for k in world.active_boards().values()
            if k.season != Season.WINTER and timeline in (None, k.timeline)
        ]
        plain = text
    found, standard = [], []
    refusals = set()
    for key in boards:
        # one check, or none for a blank text
        for check in base.board.check_orders(
            board_document(base, world.boards[key]), power, [plain]
        ):
            if check.ok and check.order is not None:
                (found if is_board_order(check.order) else standard).append(_lift(check.order, key))
            elif not check.ok and check.message:
                # The reason after the order as the player wrote it, not as read on a board.
                reason = check.message.removeprefix(f"{check.text}: ")
                refusals.add(f"{text.strip()}: {reason}")
    if len(found) != 1:
        said = refusals.pop() if len(refusals) == 1 else ""
        return BoardReading(None, said, standard[0] if len(standard) == 1 else None)
    return BoardReading(found[0], format_board_order(found[0], lambda m: _letter(world, m)))


def _letter(world: World, loc: MLoc) -> str:
    unit = world.unit_at(loc)
    return unit.type.value if unit is not None else "A"


def format_board_order(order: Any, kind: Callable[[MLoc], str]) -> str:
    """The canonical text: the unit with its board, the rest as on its board;
    ``kind`` gives the letter of the unit at a location."""
    plain = lower_order(order)
    board = order.unit.board

    def unit_text(loc: Any) -> str:
        where = loc_text(order.unit) if loc == plain.unit else loc
        return f"{kind(MLoc(*board, loc))} {where}"

    return plain.format(unit_text, phase_code(board))


def board_order_problem(
    world: World, base: BaseMap, power: str, order: Any, active: set[BoardKey]
) -> str | None:
    """None when a board order may be given now; otherwise why not."""
    unit = world.unit_at(order.unit)
    if unit is None:
        return f"there is no unit at {shown_loc(order.unit, world.fived)}"
    if unit.power != power:
        return not_yours(f"at {shown_loc(order.unit, world.fived)}", unit.power, base.variant)
    board = order.unit.board
    if board.season == Season.WINTER or board not in active:
        return f"{shown_loc(order.unit, world.fived)} is not on an active movement board"
    if any(loc.board != board for loc in order_locations(order)):
        return "this order acts within the board of its unit only"
    return None


def board_document(base: BaseMap, board: Board) -> dict[str, Any]:
    """A board of the world as a single board's position document (the board rules
    read it as a standard game's)."""
    key = board.key
    centres: dict[str, list[str]] = {}
    for centre, owner in sorted(board.centers.items()):
        centres.setdefault(owner, []).append(centre)
    return {
        "variant": base.variant.name if base.variant is not None else "standard",
        "phase": phase_code(key),
        "units": [
            {"power": u.power, "type": u.type.value, "province": loc}
            for loc, u in sorted(board.units.items())
        ],
        "supply_centers": centres,
    }


def _lift(order: Any, key: BoardKey) -> Any:
    """The order with its map locations placed on the board ``key``."""
    return replace(
        order,
        **{
            f.name: MLoc(*key, getattr(order, f.name))
            for f in fields(order)
            if isinstance(getattr(order, f.name), str)
        },
    )


def lower_order(order: Any) -> Any:
    """The order with its multiverse locations back on the map."""
    return replace(
        order,
        **{
            f.name: getattr(order, f.name).loc
            for f in fields(order)
            if isinstance(getattr(order, f.name), MLoc)
        },
    )
