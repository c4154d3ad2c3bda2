"""Typed order keys (judge.orders.keys): making them, their column text and back."""

from __future__ import annotations

import pytest

from judge.engine.orders import Build, Hold, Move, UnitType, Waive
from judge.engine.phase import Turn
from judge.orders.keys import OrderKey, OrderKeyError
from judge.rules.multiverse.keys import MLoc

COLUMN_TEXTS = [
    ("par", OrderKey("unit", "par")),
    ("spa/nc", OrderKey("unit", "spa/nc")),
    ("1:par:S1901", OrderKey("unit", "par", 1, Turn(1901, "S"))),
    ("2:stp/nc:F1902", OrderKey("unit", "stp/nc", 2, Turn(1902, "F"))),
    ("build:par", OrderKey("build", "par")),
    ("build:1:par:W1901", OrderKey("build", "par", 1, Turn(1901, "W"))),
    ("waive:2", OrderKey("waive", number=2)),
    ("*clear*", OrderKey("clear")),
]


@pytest.mark.parametrize(("text", "key"), COLUMN_TEXTS)
def test_column_text_is_read_and_written_back(text: str, key: OrderKey) -> None:
    assert OrderKey.parse(text) == key
    assert key.text() == text


@pytest.mark.parametrize(
    "text", ["", "build:", "waive:0", "waive:x", "1:par", "x:par:S1901", "1:par:X1901", "a b"]
)
def test_text_that_is_no_key_is_refused(text: str) -> None:
    with pytest.raises(OrderKeyError):
        OrderKey.parse(text)


def test_keys_of_engine_orders() -> None:
    assert OrderKey.of(Move("par", "bur")) == OrderKey.unit("par")
    assert OrderKey.of(Build("stp/nc", UnitType.FLEET, "russia")) == OrderKey.build("stp")
    assert OrderKey.of(Waive("france")).numbered(3).text() == "waive:3"
    on_board = MLoc(2, 1901, 2, "spa/sc")
    assert OrderKey.of(Build(on_board, UnitType.FLEET, "france")).text() == "build:2:spa:W1901"
    assert OrderKey.of(Hold(MLoc(1, 1902, 1, "par"))).text() == "1:par:F1902"


def test_a_key_is_made_of_a_location_value_not_its_text() -> None:
    """Issue 27: no module reads location text but the ruleset (and the column's own
    reader, OrderKey.parse)."""
    assert OrderKey.unit(MLoc(1, 1901, 0, "par")) == OrderKey.parse("1:par:S1901")
    assert OrderKey.unit("1:par:S1901").board is None  # a plain location


def test_the_kinds_answer_for_themselves() -> None:
    assert OrderKey.parse("build:1:par:W1901").board == (1, Turn(1901, "W"))
    assert OrderKey.parse("par").board is None
    assert OrderKey.parse("waive:1").is_waive and not OrderKey.parse("waive:1").is_build
    assert OrderKey.clear().is_clear
    with pytest.raises(OrderKeyError):
        OrderKey.unit("par").numbered(1)
    with pytest.raises(OrderKeyError):
        OrderKey("nonsense")


def test_keys_sort_as_their_column_text() -> None:
    texts = ["waive:1", "par", "build:mar", "bre", "build:par"]
    assert [k.text() for k in sorted(OrderKey.parse(t) for t in texts)] == sorted(texts)
