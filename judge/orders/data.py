"""Orders as data: an engine order as a JSON object and back.

The object is the order's kind name and its dataclass fields, nothing else (a tuple
of values, such as a ruleset's path of places, is a list)::

    {"kind": "move", "unit": "par", "dest": "bur", "via_convoy": false}
    {"kind": "build", "unit": "stp/nc", "type": "F", "power": "russia"}
    {"kind": "move", "unit": {"timeline": 1, "year": 1901, "season": 0, "loc": "par"},
     "dest": {"timeline": 1, "year": 1901, "season": 0, "loc": "bur"}, "via_convoy": false}

Locations are written as the engine holds them: strings on a standard map, and in a
multiverse game locations on a board (:class:`judge.engine.boards.MLoc`) as
objects with their timeline, year, season (0 spring, 1 fall, 2 winter) and location.
The kind name is the order class's own ``kind`` when it has one, else its class name
in snake case (``SupportMove`` -> ``support_move``), so any frozen dataclass order
the engine defines is stored without changes here.

Reading an order back needs what the game's ruleset states (:class:`OrderDecoding`:
its order kinds, and whether its locations may be on boards), handed in by the
caller that has the game at hand; nothing is learnt from which modules were imported.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import re
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import orjson

from judge.engine.boards import MLoc
from judge.engine.rules import STANDARD, EngineRules
from judge.engine.units import UnitType

_MLOC_FIELDS = ("timeline", "year", "season", "loc")
_MLOC_KEYS = frozenset(_MLOC_FIELDS)

BoardLocation = Callable[[int, int, int, str], Any]
"""Makes a location on a board from its timeline, year, season and location."""


@dataclass(frozen=True)
class OrderDecoding:
    """What a game's stored orders are read back with, as its ruleset states it
    (:meth:`judge.rules.base.Ruleset.order_decoding`): ``engine``, the engine hooks
    whose order kinds are in play (looked up by kind name), and ``board_location``,
    how a location stored as ``{timeline, year, season, loc}`` is made (a multiverse
    game's; None where every location is a plain string)."""

    engine: EngineRules = STANDARD
    board_location: BoardLocation | None = None
    _hash: int = dataclasses.field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Hashed once: each stored order a turn reads is looked up with its decoding.
        object.__setattr__(self, "_hash", hash((self.engine, self.board_location)))

    def __hash__(self) -> int:
        return self._hash


@functools.cache
def decoding_of(
    engine: EngineRules = STANDARD, board_location: BoardLocation | None = None
) -> OrderDecoding:
    """The one decoding of ``engine``'s order kinds with ``board_location``.  The orders
    read are kept by their text and decoding (:func:`loads`): a decoding equal to the
    one kept is compared field by field, in Python, at each look-up (ten thousand a
    turn); the same one is found at once."""
    return OrderDecoding(engine, board_location)


STANDARD_DECODING = decoding_of()
"""The standard order kinds on one board: the default where no ruleset is given."""


class OrderDataError(ValueError):
    """A stored order object that is not one."""


@functools.cache
def kind_name(order_class: type) -> str:
    """The stable name of an order class: its ``kind``, else its snake-cased name."""
    own = getattr(order_class, "kind", None)
    if isinstance(own, str) and own:
        return own
    return re.sub(r"(?<!^)(?=[A-Z])", "_", order_class.__name__).lower()


def order_class(kind: str, decoding: OrderDecoding = STANDARD_DECODING) -> type:
    """The order class of a kind name among the kinds in play (``decoding``'s);
    OrderDataError when there is none."""
    try:
        return decoding.engine.order_kind(kind)
    except KeyError:
        raise OrderDataError(
            f"unknown kind of order for the {decoding.engine.name} rules: {kind!r}"
        ) from None


def order_data(order: Any) -> dict[str, Any]:
    """An engine order as a JSON-ready object."""
    layout = _layout(type(order))
    if layout is None:
        raise OrderDataError(f"not an order: {order!r}")
    kind, names = layout
    out: dict[str, Any] = {"kind": kind}
    for name in names:
        value = getattr(order, name)
        # Plain values and multiverse locations written without a call (``_value``
        # inlined: a long game writes tens of thousands).
        kind = type(value)
        if kind in _PLAIN:
            out[name] = value
        elif kind is MLoc:
            out[name] = _location_data(value)
        else:
            out[name] = _value(value)
    return out


@functools.cache
def _layout(cls: type) -> tuple[str, tuple[str, ...]] | None:
    """The kind name and the field names of an order class (None for a class that is
    no dataclass, or for ``type`` itself: a class is no order); found once per class,
    as a big world writes tens of thousands of orders."""
    if cls is type or not dataclasses.is_dataclass(cls):
        return None
    return kind_name(cls), tuple(field.name for field in dataclasses.fields(cls))


def _value(value: Any) -> Any:
    if type(value) in _PLAIN:
        return value
    if type(value) is MLoc or (
        isinstance(value, tuple) and getattr(value, "_fields", None) == _MLOC_FIELDS
    ):
        return _location_data(value)
    if isinstance(value, UnitType):
        return str(value)
    if isinstance(value, (str, bool, int)) or value is None:
        return value
    if type(value) is tuple:  # a ruleset's kind may name several places (a path)
        return [_value(item) for item in value]
    raise OrderDataError(f"cannot store {value!r} in an order")


def _location_data(loc: tuple[int, int, int, str]) -> dict[str, Any]:
    """A location on a board as an order's data keeps it: its four fields by name."""
    timeline, year, season, where = loc
    return {"timeline": timeline, "year": year, "season": season, "loc": where}


def _board_location(value: dict[str, Any], make: BoardLocation) -> Any:
    """The location on a board that :func:`_location_data` wrote, made by ``make``."""
    loc = sys.intern(value["loc"])  # one string object per place: faster look-ups
    return make(int(value["timeline"]), int(value["year"]), int(value["season"]), loc)


_PLAIN = frozenset({str, bool, int, type(None)})


def order_from_data(data: dict[str, Any], decoding: OrderDecoding = STANDARD_DECODING) -> Any:
    """The engine order of an object made by :func:`order_data`, read with what the
    game's ruleset states (``decoding``; by default the standard kinds)."""
    kind = data.get("kind") if isinstance(data, dict) else None
    if not isinstance(kind, str):
        raise OrderDataError(f"not an order object: {data!r}")
    cls = order_class(kind, decoding)
    make = decoding.board_location
    values = {}
    for name, required in _fields_read(cls):
        value = data.get(name, _ABSENT)
        if value is _ABSENT:
            if required:
                raise OrderDataError(f"{kind} order without its {name}")
            continue
        # A plain value as it is, and a multiverse location made without _read's
        # other checks (a turn reads ten thousand orders).
        if type(value) is str and name != "type":
            values[name] = sys.intern(value)  # a power, a place: one object each
        elif type(value) in _PLAIN and name != "type":
            values[name] = value
        elif make is MLoc and type(value) is dict and value.keys() == _MLOC_KEYS:
            values[name] = _board_location(value, make)
        else:
            values[name] = _read(name, value, make)
    return cls(**values)


_ABSENT = object()


@functools.cache
def _fields_read(cls: type) -> tuple[tuple[str, bool], ...]:
    """Each field of an order class by name, and whether it is required (no default)."""
    return tuple((f.name, f.default is dataclasses.MISSING) for f in dataclasses.fields(cls))


def _read(name: str, value: Any, make: BoardLocation | None) -> Any:
    if name == "type":
        return UnitType(value)
    if isinstance(value, dict):
        if value.keys() != _MLOC_KEYS:
            raise OrderDataError(f"not a location: {value!r}")
        if make is None:
            raise OrderDataError(f"a location on a board, in a game without boards: {value!r}")
        return _board_location(value, make)
    if isinstance(value, list):
        return tuple(_read(name, item, make) for item in value)
    return value


def dumps(order: Any) -> str:
    """An engine order as the JSON text of the database column."""
    return json.dumps(order_data(order), sort_keys=True)


def loads(text: str, decoding: OrderDecoding = STANDARD_DECODING) -> Any:
    """The engine order of a database column's JSON text, read with ``decoding`` (as
    :func:`order_from_data`; by orjson: a turn of a long multiverse game reads ten
    thousand; the standard library reads what orjson refuses, as it wrote it).

    A text read before is not read again: the orders are immutable values, and the
    same texts come back (a turn reads the orders each mail stored, which read them
    once when it stored them: :func:`judge.game.games.store_order`)."""
    return _read_text(text, decoding)[0]


def loads_with_data(text: str, decoding: OrderDecoding = STANDARD_DECODING) -> tuple[Any, Any]:
    """:func:`loads`, and the order's object as the text holds it: for a text that
    :func:`dumps` wrote, the object :func:`order_data` writes of the order.  The object
    is kept for the next reader of the text: it is read, never changed."""
    return _read_text(text, decoding)


@functools.lru_cache(maxsize=1 << 15)  # a 2,000-board turn has about 10,000 orders
def _read_text(text: str, decoding: OrderDecoding) -> tuple[Any, Any]:
    """:func:`loads_with_data`, once per text and decoding."""
    try:
        data = orjson.loads(text)
    except orjson.JSONDecodeError:
        data = json.loads(text)
    return order_from_data(data, decoding), data


def place_of_data(value: Any) -> Any:
    """A place of an order object as a value: a string as it is, a location on a board
    (``{timeline, year, season, loc}``) as the :class:`~judge.engine.boards.MLoc` it
    was written from; None for anything else (what reports and pictures read the
    places of judged orders with)."""
    if isinstance(value, str):
        return value
    if isinstance(value, Mapping) and value.keys() == _MLOC_KEYS:
        return _read("place", value, MLoc)
    return None


# The fields of an order that name a unit (rather than a place to go).
_UNIT_FIELDS = ("unit", "target", "army")


def unit_types(order: Any, units: Mapping[Any, Any]) -> dict[str, str]:
    """The types (``A``, ``F``) of the units an order names, by field, looked up in
    ``units`` (location -> engine Unit); fields naming no unit there are left out.
    A build names the unit it makes: its own ``type`` says it."""
    found = {}
    for name in _UNIT_FIELDS:
        loc = getattr(order, name, None)
        unit = units.get(loc) if loc is not None else None
        if unit is not None:
            found[name] = str(unit.type)
    return found
