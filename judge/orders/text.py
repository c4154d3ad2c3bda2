"""Orders as players write them: text → engine orders, with reasons players understand.

Reading happens in two steps.  :func:`parse_order` reads the words of one order
against the variant's names (syntax only); :func:`check_orders` then interprets
the parsed orders in a position (is there such a unit, is it yours, can it get
there, which coast) and returns one :class:`OrderCheck` per order.

This module is the parser's core: it knows no order kind.  Each kind brings its
own words, reader and interpreter (:class:`~judge.orders.reader.KindSyntax`);
the standard ones are in :mod:`judge.orders.standard` (their accepted forms are
listed there), and a ruleset passes its own :class:`~judge.orders.reader.OrderSyntax`.
Each engine order writes its own canonical text (:func:`canonical`).

Several orders may share a line, separated by ``,`` or ``;``.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from judge.engine.kinds import Board, MovementOrder, Order
from judge.engine.turn import Position
from judge.engine.units import Unit
from judge.orders.reader import (
    CheckPosition,
    Context,
    OrderSyntax,
    OrderSyntaxError,
    ParsedOrder,
    Place,
    Reader,
    Refusal,
)
from judge.orders.standard import STANDARD_SYNTAX
from judge.variant.data import Variant, load_variant

__all__ = [
    "STANDARD_SYNTAX",
    "OrderCheck",
    "OrderSyntax",
    "OrderSyntaxError",
    "ParsedOrder",
    "Place",
    "canonical",
    "check_orders",
    "check_position_orders",
    "clear_read_cache",
    "parse_order",
    "position_checker",
    "split_orders",
    "units_without_orders",
]

_SEPARATOR = re.compile(r"[;,]")
_WRONG_PHASE = {
    "M": "a {action} order is not possible in a movement phase",
    "R": "only retreats and disbands are possible in a retreat phase",
    "A": "only builds, removals and waives are possible in an adjustment phase",
}


class OrderCheck(NamedTuple):
    """One order as written, and what the judge made of it."""

    text: str
    ok: bool
    canonical: str | None = None
    key: str | None = None
    message: str | None = None
    order: Order | None = None
    power: str | None = None


# ----------------------------------------------------------------- syntax

# Reading depends on the text, the variant's names and the syntax only, so each
# text is read once: games and batches repeat most order texts ("A Par H") from
# phase to phase.  The value is the parsed order, or the reason it cannot be read.
_READ: dict[tuple[Variant, str, OrderSyntax], ParsedOrder | str] = {}
_READ_LIMIT = 100_000


def parse_order(variant: Variant, text: str, syntax: OrderSyntax = STANDARD_SYNTAX) -> ParsedOrder:
    """Read one order; raise OrderSyntaxError with a reason when it cannot be read."""
    key = (variant, text, syntax)
    found = _READ.get(key)
    if found is None:
        try:
            found = _read_order(variant, text, syntax)
        except OrderSyntaxError as error:
            found = str(error)
        if len(_READ) >= _READ_LIMIT:
            _READ.clear()
        _READ[key] = found
    if isinstance(found, str):
        raise OrderSyntaxError(found)
    return found


def clear_read_cache() -> None:
    """Forget the order texts read so far (benchmarks time reading afresh)."""
    _READ.clear()


def _read_order(variant: Variant, text: str, syntax: OrderSyntax) -> ParsedOrder:
    reader = Reader(variant, text, syntax)
    first = reader.kind()
    if first == "end":
        raise OrderSyntaxError("empty order")
    lead = syntax.leading.get(first) if first is not None else None
    if lead is not None:
        reader.pos += 1
        return lead(reader, first)
    unit_type, place = reader.unit("a unit's province")
    kind = reader.kind()
    if kind == "end":
        return ParsedOrder("hold", unit_type, place)
    read = syntax.after_unit.get(kind) if kind is not None else None
    if read is None:
        raise OrderSyntaxError(f"did not understand '{reader.shown(reader.pos)}'")
    reader.pos += 1
    return read(reader, kind, unit_type, place)


def split_orders(line: str) -> list[str]:
    """The orders of one line: separated by ``,`` or ``;``; blank parts dropped."""
    if "," not in line and ";" not in line:
        line = line.strip()
        return [line] if line else []
    return [part.strip() for part in _SEPARATOR.split(line) if part.strip()]


# ----------------------------------------------------------- semantics


class _Position(CheckPosition):
    """The parts of a phase document that order checking needs."""

    def __init__(self, variant: Variant, doc: dict[str, Any], syntax: OrderSyntax) -> None:
        unit_type = syntax.engine.unit_type
        self.variant = variant
        self.locations = _locations_in(variant)
        self.kind = str(doc.get("phase", "S1901M"))[-1:].upper()
        self.units = {
            entry["province"]: Unit(entry["power"], unit_type(entry["type"]))
            for entry in doc.get("units", [])
        }
        self.dislodged = {}
        self.options = {}
        for entry in doc.get("dislodged", []):
            loc = entry["province"]
            self.dislodged[loc] = Unit(entry["power"], unit_type(entry["type"]))
            self.options[loc] = list(entry.get("retreat_options", []))
        centers = doc.get("supply_centers")
        if centers is None:
            centers = {p: list(c) for p, c in variant.starting_centers.items()}
        self.owner = {c: power for power, owned in centers.items() for c in owned}

    @classmethod
    def of(cls, variant: Variant, position: Position) -> _Position:
        """The checking view of an engine position (no round trip through JSON)."""
        pos = cls.__new__(cls)
        pos.variant = variant
        pos.locations = _locations_in(variant)
        pos.kind = position.phase.kind
        pos.units = position.units  # read, never changed
        pos.dislodged = {loc: d.unit for loc, d in position.dislodged.items()}
        pos.options = {loc: list(d.retreat_options) for loc, d in position.dislodged.items()}
        pos.owner = position.centers
        return pos


@functools.lru_cache(maxsize=16)
def _locations_in(variant: Variant) -> dict[str, tuple[str, ...]]:
    """Every location of each province, its coasts first (computed once per variant)."""
    return {
        province: variant.fleet_locations(province) + (province,) for province in variant.provinces
    }


def canonical(order: Order, units: Mapping[Any, Unit], kind: str) -> str:
    """The judge's own spelling of an order, e.g. ``A par - bur`` (each kind writes its own)."""

    def unit(loc: Any) -> str:
        u = units.get(loc)
        return f"{u.type.value if u else '?'} {loc}"

    return order.format(unit, kind)


def check_orders(
    position: dict[str, Any], power: str, lines: list[str], syntax: OrderSyntax = STANDARD_SYNTAX
) -> list[OrderCheck]:
    """Check a power's order lines in a position (a phase document); one result per order."""
    variant = load_variant(position.get("variant", "standard"))
    return _check_lines(variant, _Position(variant, position, syntax), power, lines, syntax)


def check_position_orders(
    variant: Variant,
    position: Position,
    power: str,
    lines: list[str],
    syntax: OrderSyntax = STANDARD_SYNTAX,
) -> list[OrderCheck]:
    """Like :func:`check_orders`, for an engine :class:`Position` already read."""
    return _check_lines(variant, _Position.of(variant, position), power, lines, syntax)


def position_checker(
    variant: Variant, position: Position, syntax: OrderSyntax = STANDARD_SYNTAX
) -> Callable[[str, list[str]], list[OrderCheck]]:
    """:func:`check_position_orders` for several powers of one position: the checking
    view of the position, the legality board and the units' texts are built once."""
    pos = _Position.of(variant, position)
    board = Board(syntax.engine.geography(variant), pos.units, syntax.engine.order_kinds)
    unit_text = _unit_text(pos.dislodged if pos.kind == "R" else pos.units)

    def check(power: str, lines: list[str]) -> list[OrderCheck]:
        return _check_lines(variant, pos, power, lines, syntax, board, unit_text)

    return check


def _unit_text(units: Mapping[Any, Unit]) -> Callable[[Any], str]:
    """The text of the unit at a location (``A par``; ``? par`` when there is none),
    each written once: the units do not change while orders are checked."""
    texts: dict[Any, str] = {}

    def unit(loc: Any) -> str:
        text = texts.get(loc)
        if text is None:
            u = units.get(loc)
            text = texts[loc] = f"{u.type.value if u else '?'} {loc}"
        return text

    return unit


def _check_lines(
    variant: Variant,
    pos: _Position,
    power: str,
    lines: list[str],
    syntax: OrderSyntax,
    board: Board | None = None,
    unit_text: Callable[[Any], str] | None = None,
) -> list[OrderCheck]:
    checks = []
    waives = 0
    ctx = Context(variant, pos, power, syntax, board)
    if unit_text is None:
        unit_text = _unit_text(pos.dislodged if pos.kind == "R" else pos.units)
    for line in lines:
        for text in split_orders(line):
            check = _check_one(ctx, text, unit_text)
            if check.ok and check.key == "waive":
                waives += 1
                check = OrderCheck(
                    text, True, check.canonical, f"waive:{waives}", None, check.order, power
                )
            checks.append(check)
    return checks


def _check_one(ctx: Context, text: str, unit_text: Callable[[Any], str]) -> OrderCheck:
    power = ctx.power
    try:
        parsed = parse_order(ctx.variant, text, ctx.syntax)
    except OrderSyntaxError as error:
        return OrderCheck(text, False, message=f"{text}: {error}", power=power)
    try:
        order = _interpret(ctx, parsed)
    except Refusal as refusal:
        return OrderCheck(text, False, message=f"{text}: {refusal}", power=power)
    return OrderCheck(
        text, True, order.format(unit_text, ctx.pos.kind), _key(order), None, order, power
    )


def _key(order: Order) -> str:
    """The unit (or build site) an order is for: a later order for it replaces this one."""
    if order.adjustment == "build":
        built = order.builds()
        return f"build:{str(built[0]).split('/')[0]}" if built is not None else "waive"
    return str(order.unit)  # type: ignore[attr-defined]


def _interpret(ctx: Context, parsed: ParsedOrder) -> Order:
    """The engine order of parsed words in the position, by the kind's interpreter;
    in a movement phase the order must also be legal."""
    pos = ctx.pos
    phase = pos.kind if pos.kind in ("R", "A") else "M"
    interpret = ctx.syntax.interpreters.get((phase, parsed.action))
    if interpret is None:
        raise Refusal(_WRONG_PHASE[phase].format(action=parsed.action))
    order = interpret(ctx, parsed)
    if phase == "M" and isinstance(order, MovementOrder):
        reason = ctx.board.illegal_reason(order)
        if reason is not None:
            raise Refusal(reason)
    return order


def units_without_orders(
    position: dict[str, Any], power: str, keys: set[str], syntax: OrderSyntax = STANDARD_SYNTAX
) -> list[str]:
    """The power's units (or dislodged units in a retreat phase) that have no order yet."""
    variant = load_variant(position.get("variant", "standard"))
    pos = _Position(variant, position, syntax)
    pool = pos.dislodged if pos.kind == "R" else pos.units
    if pos.kind == "A":
        return []
    return [
        f"{unit.type.value} {loc}"
        for loc, unit in sorted(pool.items())
        if unit.power == power and loc not in keys
    ]
