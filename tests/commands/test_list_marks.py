"""Orders typed as a numbered or bulleted list (``1. A Par - Bur``, ``* F Bre - MAO``),
or with a comment after them (``// the attack``, ``# the attack``), as players write
them in mail: the mark and the comment are not part of the order.  A ``-`` or ``+``
before an order is kept: it may mean a removal or a build, so such a line is read as
written (and refused with its reason)."""

from __future__ import annotations

import pytest
from sqlmodel import Session

from judge.orders.text import split_orders
from judge.rules.registry import ruleset_for
from tests.commands.helpers import (
    PASSWORDS,
    add_game,
    address,
    body_of,
    deliver,
    make_mail,
    migrated_engine,
    outbox,
)


@pytest.mark.parametrize(
    ("line", "orders"),
    [
        ("1. A Par - Bur", ["A Par - Bur"]),
        ("2) A Mar-Spa", ["A Mar-Spa"]),
        ("(3) F Bre - MAO", ["F Bre - MAO"]),
        ("* A Par H", ["A Par H"]),
        ("\u2022 A Par H", ["A Par H"]),
        ("1. A Par-Bur, 2. A Mar-Spa; 3) F Bre H", ["A Par-Bur", "A Mar-Spa", "F Bre H"]),
        ("- A Par", ["- A Par"]),
        ("+ A Par", ["+ A Par"]),
        ("1.A Par", ["1.A Par"]),  # no space after the mark: read as written
        ("1.", ["1."]),
        # a comment after the orders
        ("A Par-Bur // the attack", ["A Par-Bur"]),
        ("A Par-Bur #attack", ["A Par-Bur"]),
        ("A Par-Bur, A Mar-Spa // both", ["A Par-Bur", "A Mar-Spa"]),
        ("// all of it", []),
    ],
)
def test_a_list_mark_is_not_part_of_the_order(line: str, orders: list[str]) -> None:
    assert split_orders(line) == orders


def test_a_numbered_list_of_orders_by_mail_is_read(tmp_path) -> None:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    body = f"SIGNON Fgame1 {PASSWORDS['france']}\n1. A Par-Bur\n2) A Mar - Spa\n* F Bre-MAO\n"
    deliver(engine, make_mail(address("france"), body))
    reply = outbox(engine)[-1]
    text = body_of(reply).replace("\r\n", "\n")
    assert "[Error Flag]" not in reply["Subject"]
    for order in ("A par - bur", "A mar - spa", "F bre - mao"):
        assert f"Accepted: {order}" in text
    assert "Every unit has an order." in text
    engine.dispose()


def test_a_numbered_multiverse_order_is_read() -> None:
    rules = ruleset_for("standard", "multiverse")
    doc = rules.starting_position("standard")
    (check,) = rules.check_orders(doc, "france", ["1. A 1:par:S1901 - 1:bur:S1901"])
    assert check.ok and check.text == "A 1:par:S1901 - 1:bur:S1901"
