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
        # marks around a whole order: brackets, quotes, a mail program's bold
        ("(A Par-Bur)", ["A Par-Bur"]),
        ("[A Par-Bur]", ["A Par-Bur"]),
        ('"A Par-Bur"', ["A Par-Bur"]),
        ("\u201cA Par-Bur\u201d", ["A Par-Bur"]),
        ("'A Par-Bur', *A Mar-Spa*", ["A Par-Bur", "A Mar-Spa"]),
        ("**F Bre - MAO**", ["F Bre - MAO"]),
        ("_A Par H_", ["A Par H"]),
        ("(F Spa(sc) H)", ["F Spa(sc) H"]),
        ("(nc) H (sc)", ["(nc) H (sc)"]),  # no pair around the whole: as written
        # a result's mark, pasted from a report with its order
        ("Army Paris -> Burgundy.  (*bounce*)", ["Army Paris -> Burgundy."]),
        ("A Mun S A Par - Bur (*cut*)", ["A Mun S A Par - Bur"]),
        # a comment after the orders
        ("A Par-Bur // the attack", ["A Par-Bur"]),
        ("A Par-Bur #attack", ["A Par-Bur"]),
        ("A Par-Bur, A Mar-Spa // both", ["A Par-Bur", "A Mar-Spa"]),
        ("// all of it", []),
    ],
)
def test_a_list_mark_is_not_part_of_the_order(line: str, orders: list[str]) -> None:
    assert split_orders(line) == orders


def _reply_to_france(directory, lines: str) -> tuple[str, str]:
    """The subject and text of the judge's reply to France's mail of ``lines`` (after
    her SIGNON) in a new standard game."""
    engine = migrated_engine(directory)
    with Session(engine) as session:
        add_game(session)
    deliver(engine, make_mail(address("france"), f"SIGNON Fgame1 {PASSWORDS['france']}\n{lines}"))
    reply = outbox(engine)[-1]
    engine.dispose()
    return reply["Subject"], body_of(reply).replace("\r\n", "\n")


def test_a_numbered_list_of_orders_by_mail_is_read(tmp_path) -> None:
    subject, text = _reply_to_france(tmp_path, "1. A Par-Bur\n2) A Mar - Spa\n* F Bre-MAO\n")
    assert "[Error Flag]" not in subject
    for order in ("A par - bur", "A mar - spa", "F bre - mao"):
        assert f"Accepted: {order}" in text
    assert "Every unit has an order." in text


def test_a_numbered_multiverse_order_is_read() -> None:
    rules = ruleset_for("standard", "multiverse")
    doc = rules.starting_position("standard")
    (check,) = rules.check_orders(doc, "france", ["1. A 1:par:S1901 - 1:bur:S1901"])
    assert check.ok and check.text == "A 1:par:S1901 - 1:bur:S1901"


def test_orders_labelled_with_the_players_own_power_are_read(tmp_path) -> None:
    """``France: A Par - Bur``: a player's label of their own power is not part of the
    order; another power's name is not taken away (the line is refused as written)."""
    _, text = _reply_to_france(
        tmp_path, "France: A Par-Bur\nfrance: A Mar-Spa, F Bre-MAO\nGermany: A Par - Pic\n"
    )
    for order in ("A par - bur", "A mar - spa", "F bre - mao"):
        assert f"Accepted: {order}" in text
    assert "*** Refused: Germany: A Par - Pic: 'Germany' is not a province" in text


def test_a_labelled_hold_of_a_unit_alone_is_read_not_passed_over(tmp_path) -> None:
    """``France: A Par`` (a hold written as the unit alone) was passed over as a
    greeting ("ignored: not an order"), the order lost without an error flag; the
    words after a label are looked at as an order too."""
    _, text = _reply_to_france(tmp_path, "France: A Par\nGermany: A Mun\n")
    assert "> France: A Par\n  Accepted: A par H" in text
    assert "*** Refused: Germany: A Mun: 'Germany' is not a province" in text
    assert "ignored" not in text


def test_a_label_names_a_power_of_several_words() -> None:
    from judge.commands.orders import _without_power_label

    names = {"france 1", "france1"}
    assert _without_power_label("France 1: A Par1 - Bur1", names) == "A Par1 - Bur1"
    assert _without_power_label("France  1 : A Par1 - Bur1", names) == "A Par1 - Bur1"
    assert _without_power_label("A 1:par:S1901 - 1:bur:S1901", names) == (
        "A 1:par:S1901 - 1:bur:S1901"  # a multiverse location keeps its colons
    )
    assert _without_power_label("France 1:", names) == "France 1:"
