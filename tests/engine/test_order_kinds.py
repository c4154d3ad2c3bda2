"""Order kinds: stable names, frozen dataclasses, and their own text."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

import pytest

from judge.engine.kinds import Order
from judge.engine.orders import (
    STANDARD_ORDER_KINDS,
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Retreat,
    SupportHold,
    SupportMove,
    UnitType,
    Waive,
)
from judge.engine.rules import STANDARD, EngineRules


def test_every_standard_kind_has_a_stable_unique_name() -> None:
    names = [kind.kind for kind in STANDARD_ORDER_KINDS]
    assert names == [
        "hold",
        "move",
        "support_hold",
        "support_move",
        "convoy",
        "retreat",
        "disband",
        "build",
        "waive",
    ]
    for kind in STANDARD_ORDER_KINDS:
        assert STANDARD.order_kind(kind.kind) is kind


def test_an_order_is_its_kind_name_and_its_fields() -> None:
    order = Move("par", "bur", via_convoy=True)
    fields = {f.name: getattr(order, f.name) for f in dataclasses.fields(order)}
    assert (order.kind, fields) == ("move", {"unit": "par", "dest": "bur", "via_convoy": True})
    assert STANDARD.order_kind(order.kind)(**fields) == order
    with pytest.raises(dataclasses.FrozenInstanceError):
        order.dest = "pic"  # type: ignore[misc]


def test_a_second_kind_with_a_taken_name_is_refused() -> None:
    @dataclasses.dataclass(frozen=True)
    class Other(Order):
        kind: ClassVar[str] = "move"

    with pytest.raises(ValueError, match="both Move and Other"):
        EngineRules(order_kinds=(*STANDARD_ORDER_KINDS, Other))


def test_a_kind_without_a_name_is_refused() -> None:
    @dataclasses.dataclass(frozen=True)
    class Nameless(Order):
        pass

    with pytest.raises(ValueError, match="Nameless has no kind name"):
        EngineRules(order_kinds=(*STANDARD_ORDER_KINDS, Nameless))


@pytest.mark.parametrize(
    ("order", "phase", "text"),
    [
        (Hold("par"), "M", "A par H"),
        (Move("bre", "mao", True), "M", "F bre - mao via convoy"),
        (SupportHold("par", "bre"), "M", "A par S F bre"),
        (SupportMove("bre", "par", "pic"), "M", "F bre S A par - pic"),
        (Convoy("bre", "par", "lon"), "M", "F bre C A par - lon"),
        (Retreat("par", "gas"), "R", "A par R gas"),
        (Disband("par"), "R", "A par D"),
        (Disband("par"), "A", "Remove A par"),
        (Build("stp/nc", UnitType.FLEET, "russia"), "A", "Build F stp/nc"),
        (Waive("russia"), "A", "Waive"),
    ],
)
def test_each_kind_writes_its_canonical_text(order: Order, phase: str, text: str) -> None:
    units = {"par": "A par", "bre": "F bre"}
    assert order.format(units.__getitem__, phase) == text


def test_only_movement_kinds_say_what_they_do_in_resolution() -> None:
    assert Move("par", "bur").moves_to() == "bur" and Hold("par").moves_to() is None
    assert Convoy("nth", "lon", "bel").carries() == ("lon", "bel")
    assert SupportMove("mar", "par", "bur").supports() == "par"
    assert Retreat("par", "gas").moves_to() == "gas"
    assert Build("par", UnitType.ARMY, "france").adjustment == "build"
    assert Waive("france").adjustment == "build" and Waive("france").builds() is None
    assert Disband("par").adjustment == "remove"
