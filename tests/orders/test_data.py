"""Orders as data (judge.orders.data): every engine order to JSON and back."""

from __future__ import annotations

import json

import pytest

from judge.engine.orders import (
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
    Waive,
)
from judge.engine.rules import STANDARD
from judge.orders.data import (
    STANDARD_DECODING,
    OrderDataError,
    OrderDecoding,
    dumps,
    loads,
    loads_with_data,
    order_data,
    order_from_data,
    unit_types,
)
from judge.rules.multiverse.keys import MLoc

A, B = MLoc(1, 1901, 0, "par"), MLoc(2, 1901, 0, "bur")
ON_BOARDS = OrderDecoding(STANDARD, MLoc)  # a multiverse game's, on the standard map
ORDERS = [
    Hold("par"),
    Move("par", "bur"),
    Move("lon", "bel", via_convoy=True),
    SupportHold("mar", "par"),
    SupportMove("mar", "par", "bur"),
    Convoy("nth", "lon", "bel"),
    Retreat("spa/nc", "por"),
    Disband("ber"),
    Build("stp/nc", UnitType.FLEET, "russia"),
    Waive("france"),
]
WORLD_ORDERS = [
    Move(A, B, via_convoy=True),
    SupportMove(A, B, MLoc(2, 1901, 0, "mun")),
    Build(MLoc(1, 1901, 2, "spa/sc"), UnitType.FLEET, "france"),
]


@pytest.mark.parametrize("order", ORDERS, ids=repr)
def test_an_order_comes_back_the_same(order) -> None:
    back = loads(dumps(order))
    assert back == order and type(back) is type(order)


@pytest.mark.parametrize("order", WORLD_ORDERS, ids=repr)
def test_an_order_on_boards_comes_back_the_same_where_the_ruleset_has_boards(order) -> None:
    back = loads(dumps(order), ON_BOARDS)
    assert back == order and type(back) is type(order)
    with pytest.raises(OrderDataError, match="a location on a board, in a game without boards"):
        loads(dumps(order))


@pytest.mark.parametrize(
    ("order", "decoding"),
    [*((o, STANDARD_DECODING) for o in ORDERS), *((o, ON_BOARDS) for o in WORLD_ORDERS)],
    ids=repr,
)
def test_the_object_a_column_holds_is_the_one_order_data_writes(order, decoding) -> None:
    """A checked order's stored object stands for order_data's in the turn's answer and
    history (judge.rules.multiverse.json_io): the two must be equal."""
    back, data = loads_with_data(dumps(order), decoding)
    assert back == order and data == order_data(back)
    assert loads_with_data(dumps(order), decoding)[1] is data  # kept: read, never changed


def test_a_kind_is_read_only_where_the_ruleset_has_it() -> None:
    from judge.rules.registry import ruleset_for

    text = '{"kind": "rail_move", "unit": "mos", "dest": "oms"}'
    colonial = ruleset_for("colonial")
    rail_move = colonial.engine.order_kind("rail_move")
    assert loads(text, colonial.order_decoding()) == rail_move("mos", "oms")
    with pytest.raises(OrderDataError, match="unknown kind of order for the standard rules"):
        loads(text)  # the standard kinds, whatever was imported before


def test_the_object_is_the_kind_and_the_fields() -> None:
    assert order_data(SupportMove("mar", "par", "bur")) == {
        "kind": "support_move",
        "unit": "mar",
        "target": "par",
        "dest": "bur",
    }
    assert order_data(Build("bre", UnitType.FLEET, "france"))["type"] == "F"
    assert json.loads(dumps(Move(A, B)))["unit"] == {
        "timeline": 1,
        "year": 1901,
        "season": 0,
        "loc": "par",
    }


@pytest.mark.parametrize(
    "data",
    [
        {"kind": "teleport", "unit": "par"},
        {"unit": "par"},
        {"kind": "move", "unit": "par"},
        {"kind": "hold", "unit": {"timeline": 1}},
        [],
    ],
)
def test_an_object_that_is_no_order_is_refused(data) -> None:
    with pytest.raises(OrderDataError):
        order_from_data(data)


def test_unit_types_names_the_units_an_order_is_about() -> None:
    units = {"nth": Unit("england", UnitType.FLEET), "lon": Unit("england", UnitType.ARMY)}
    assert unit_types(Convoy("nth", "lon", "bel"), units) == {"unit": "F", "army": "A"}
    assert unit_types(SupportHold("nth", "yor"), units) == {"unit": "F"}


def test_a_text_read_once_is_not_read_again_with_the_same_decoding(monkeypatch) -> None:
    """A turn of a long multiverse game reads ten thousand stored orders: each column
    text is read once per decoding (the orders are immutable values), and another
    decoding reads it again (above: a location on a board is refused without boards)."""
    import judge.orders.data as data

    data._read_text.cache_clear()  # what other tests read is not read here
    text = dumps(SupportMove(A, B, MLoc(2, 1901, 0, "mun")))
    first = loads(text, ON_BOARDS)

    def unread(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("read again")

    monkeypatch.setattr(data, "order_from_data", unread)
    again = "".join(list(text))  # an equal text, not the same object (as a row gives it)
    assert loads(again, OrderDecoding(STANDARD, MLoc)) is first
    with pytest.raises(AssertionError, match="read again"):
        loads(dumps(Hold("par")))  # not read since: read now
