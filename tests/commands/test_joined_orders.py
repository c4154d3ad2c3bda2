"""Several orders on one line without a comma between them, as players write them
in prose or in haste: ``A Par-Bur A Mar-Spa``, ``Build A Par and F Bre``.  A part
that does not read as one order is taken apart before each word an order begins
with (a unit's type, ``Build``), after ``and``, ``&`` or ``then``, when every part
reads; otherwise it is refused as written, with its reason."""

from __future__ import annotations

import pytest

from judge.game.games import starting_position
from judge.orders.text import check_orders
from judge.rules.registry import ruleset_for
from tests.commands.helpers import reply_to_orders

START = starting_position("standard")


@pytest.mark.parametrize(
    ("line", "orders"),
    [
        ("A Par-Bur A Mar-Spa", ["A par - bur", "A mar - spa"]),
        ("A Par-Bur and A Mar-Spa", ["A par - bur", "A mar - spa"]),
        ("A Par-Bur & F Bre-MAO", ["A par - bur", "F bre - mao"]),
        ("A Par-Bur then A Mar-Spa", ["A par - bur", "A mar - spa"]),
        ("A Par-Bur. A Mar-Spa. F Bre-Mao.", ["A par - bur", "A mar - spa", "F bre - mao"]),
        ("A Mar S A Par-Bur A Par-Bur", ["A mar S A par - bur", "A par - bur"]),
        (
            "Army Paris to Burgundy and Army Marseilles to Spain",
            ["A par - bur", "A mar - spa"],
        ),
        ("A Mar S A Par - Bur", ["A mar S A par - bur"]),  # one order: never apart
    ],
)
def test_orders_written_one_after_another_are_each_read(line: str, orders: list[str]) -> None:
    checks = check_orders(START, "france", [line])
    assert [c.canonical for c in checks] == orders
    assert all(c.ok for c in checks)


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("A Par - Bur F", "did not understand 'F' at the end"),
        ("A Par-Bur and thanks", "did not understand 'and thanks' at the end"),
        ("A Par-Bur A Xyz-Spa", "did not understand 'A Xyz - Spa' at the end"),
    ],
)
def test_a_line_whose_parts_do_not_all_read_is_refused_as_written(line: str, reason: str) -> None:
    (check,) = check_orders(START, "france", [line])
    assert not check.ok and check.message == f"{line}: {reason}"


def test_multiverse_orders_one_after_another_are_each_read() -> None:
    rules = ruleset_for("standard", "multiverse")
    doc = rules.starting_position("standard")
    checks = rules.check_orders(doc, "france", ["A 1:par:S1901 - 1:bur:S1901 and A Mar - Spa"])
    assert [c.text for c in checks] == ["A 1:par:S1901 - 1:bur:S1901", "A Mar - Spa"]
    assert all(c.ok for c in checks)


def test_two_builds_joined_by_and_in_a_mail_are_both_read(tmp_path) -> None:
    """``Build A Paris and F Brest``: it was refused ("did not understand 'and F
    Brest' at the end"), so neither build was made."""
    position = {
        "variant": "standard",
        "phase": "W1901A",
        "units": [{"power": "france", "type": "A", "province": "bur"}],
        "dislodged": [],
        "contested": [],
        "supply_centers": {"france": ["par", "bre", "mar"]},
    }
    subject, text = reply_to_orders(tmp_path, "Build A Paris and F Brest\n", position)
    assert "[Error Flag]" not in subject
    assert "Accepted: Build A par\n  Accepted: Build F bre" in text


def test_a_line_is_taken_apart_alike_for_each_power_of_a_player() -> None:
    """A player of two powers (Root Z's seven-player game, here in the multiverse)
    has each line read for both and the readings paired one by one: the line must
    come apart the same way for each, whoever's units it names."""
    rules = ruleset_for("rootz", "multiverse")
    doc = rules.starting_position("rootz")
    line = ["A Par1 - Bur1 A Mar1 - Spa1 and F Lon2 - Nth2"]
    france, england = (rules.check_orders(doc, power, line) for power in ("france1", "england2"))
    assert (
        [c.text for c in france]
        == [c.text for c in england]
        == [
            "A Par1 - Bur1",
            "A Mar1 - Spa1",
            "F Lon2 - Nth2",
        ]
    )
    assert [c.ok for c in france] == [True, True, False]
    assert [c.ok for c in england] == [False, False, True]


@pytest.mark.parametrize(
    "line", ["A Par-Bur please", "A Par-Bur pls!", "A Par-Bur thanks", "A Par-Bur thank you."]
)
def test_an_order_with_a_courtesy_after_it_is_read(line: str) -> None:
    """It was refused ("did not understand 'please'"), so the order was not given."""
    (check,) = check_orders(START, "france", [line])
    assert check.ok and check.canonical == "A par - bur"


def test_a_courtesy_alone_or_after_a_comma() -> None:
    # a part of its own after an order is passed over, as one after the order's words
    # is ("A Par-Bur thanks"): it was refused, flagging a mail of good orders
    checks = check_orders(START, "france", ["A Par-Bur, thanks"])
    assert [(c.ok, c.canonical) for c in checks] == [(True, "A par - bur")]
    # a part of other words after a courtesy is still an order, refused as written
    checks = check_orders(START, "france", ["A Par-Bur, thanks Mun"])
    assert [c.ok for c in checks] == [True, False]
    assert checks[1].message.startswith("thanks Mun: ")
    # a line of nothing else stays a greeting (the sign-off filter decides that)
    (check,) = check_orders(START, "france", ["please"])
    assert not check.ok
