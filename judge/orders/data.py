"""Orders as data: an engine order as a JSON object and back.

The object is the order's kind name and its dataclass fields, nothing else::

    {"kind": "move", "unit": "par", "dest": "bur", "via_convoy": false}
    {"kind": "build", "unit": "stp/nc", "type": "F", "power": "russia"}
    {"kind": "move", "unit": {"timeline": 1, "year": 1901, "season": 0, "loc": "par"},
     "dest": {"timeline": 1, "year": 1901, "season": 0, "loc": "bur"}, "via_convoy": false}

Locations are written as the engine holds them: strings on a standard map, and in a
multiverse game locations on a board (:class:`judge.rules.multiverse.keys.MLoc`) as
objects with their timeline, year, season (0 spring, 1 fall, 2 winter) and location.
The kind name is the order class's own ``kind`` when it has one, else its class name
in snake case (``SupportMove`` -> ``support_move``), so any frozen dataclass order
the engine defines is stored without changes here.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import re
from collections.abc import Mapping
from typing import Any

import orjson

from judge.engine import orders as _standard_kinds  # noqa: F401  (registers the kinds)
from judge.engine.kinds import order_kind
from judge.engine.units import UnitType

_MLOC_FIELDS = ("timeline", "year", "season", "loc")
_MLOC_KEYS = frozenset(_MLOC_FIELDS)

# How a location written as an object is read back: set by the ruleset whose
# locations those are (judge.rules.multiverse.keys registers MLoc), so that this
# module, below the rulesets, names none of them.
_BOARD_LOCATION: list[Any] = []


def register_board_location(make: Any) -> None:
    """Read locations stored as ``{timeline, year, season, loc}`` with ``make``."""
    _BOARD_LOCATION[:] = [make]


class OrderDataError(ValueError):
    """A stored order object that is not one."""


@functools.cache
def kind_name(order_class: type) -> str:
    """The stable name of an order class: its ``kind``, else its snake-cased name."""
    own = getattr(order_class, "kind", None)
    if isinstance(own, str) and own:
        return own
    return re.sub(r"(?<!^)(?=[A-Z])", "_", order_class.__name__).lower()


def order_class(kind: str) -> type:
    """The order class of a kind name, as the engine's registry of order kinds knows
    it (:func:`judge.engine.kinds.order_kind`); OrderDataError when there is none."""
    try:
        return order_kind(kind)
    except KeyError:
        raise OrderDataError(f"unknown kind of order: {kind!r}") from None


def order_data(order: Any) -> dict[str, Any]:
    """An engine order as a JSON-ready object."""
    if not dataclasses.is_dataclass(order) or isinstance(order, type):
        raise OrderDataError(f"not an order: {order!r}")
    out: dict[str, Any] = {"kind": kind_name(type(order))}
    for name in _field_names(type(order)):
        out[name] = _value(getattr(order, name))
    return out


@functools.cache
def _field_names(cls: type) -> tuple[str, ...]:
    """The names of an order class's fields (a big world stores tens of thousands)."""
    return tuple(field.name for field in dataclasses.fields(cls))


def _value(value: Any) -> Any:
    if type(value) in _PLAIN:  # the usual kinds first (a long game writes tens of thousands)
        return value
    if isinstance(value, tuple) and getattr(value, "_fields", None) == _MLOC_FIELDS:
        timeline, year, season, loc = value
        return {"timeline": timeline, "year": year, "season": season, "loc": loc}
    if isinstance(value, UnitType):
        return str(value)
    if isinstance(value, (str, bool, int)) or value is None:
        return value
    raise OrderDataError(f"cannot store {value!r} in an order")


_PLAIN = frozenset({str, bool, int, type(None)})


def order_from_data(data: dict[str, Any]) -> Any:
    """The engine order of an object made by :func:`order_data`."""
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise OrderDataError(f"not an order object: {data!r}")
    cls = order_class(data["kind"])
    values = {}
    for name, required in _fields_read(cls):
        if name not in data:
            if required:
                raise OrderDataError(f"{data['kind']} order without its {name}")
            continue
        values[name] = _read(name, data[name])
    return cls(**values)


@functools.cache
def _fields_read(cls: type) -> tuple[tuple[str, bool], ...]:
    """Each field of an order class by name, and whether it is required (no default)."""
    return tuple((f.name, f.default is dataclasses.MISSING) for f in dataclasses.fields(cls))


def _read(name: str, value: Any) -> Any:
    if name == "type":
        return UnitType(value)
    if isinstance(value, dict):
        if value.keys() != _MLOC_KEYS:
            raise OrderDataError(f"not a location: {value!r}")
        if not _BOARD_LOCATION:
            raise OrderDataError("a location on a board, but no ruleset reads them (load it)")
        make = _BOARD_LOCATION[0]
        return make(int(value["timeline"]), int(value["year"]), int(value["season"]), value["loc"])
    return value


def dumps(order: Any) -> str:
    """An engine order as the JSON text of the database column."""
    return json.dumps(order_data(order), sort_keys=True)


def loads(text: str) -> Any:
    """The engine order of a database column's JSON text (read by orjson: a turn of
    a long multiverse game reads ten thousand; the standard library reads what orjson
    refuses, as it wrote it)."""
    try:
        data = orjson.loads(text)
    except orjson.JSONDecodeError:
        data = json.loads(text)
    return order_from_data(data)


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
