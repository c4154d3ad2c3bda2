"""Orders typed as a numbered or bulleted list (``1. A Par - Bur``, ``* F Bre - MAO``),
or with a comment after them (``// the attack``, ``# the attack``), as players write
them in mail: the mark and the comment are not part of the order.  A dash with a
space after it is a list's mark too (``- A Par-Bur``, ``– Build A Par``); a dash or a
``+`` against the unit (``-A Par``, ``+A Par``) is kept and read as written (refused
with its reason)."""

from __future__ import annotations

import pytest

from judge.orders.text import split_orders
from judge.rules.registry import ruleset_for
from tests.commands.helpers import reply_to_orders


@pytest.mark.parametrize(
    ("line", "orders"),
    [
        ("1. A Par - Bur", ["A Par - Bur"]),
        ("2) A Mar-Spa", ["A Mar-Spa"]),
        ("(3) F Bre - MAO", ["F Bre - MAO"]),
        ("* A Par H", ["A Par H"]),
        ("\u2022 A Par H", ["A Par H"]),
        ("1. A Par-Bur, 2. A Mar-Spa; 3) F Bre H", ["A Par-Bur", "A Mar-Spa", "F Bre H"]),
        ("- A Par-Bur", ["A Par-Bur"]),
        ("\u2013 Build A Par", ["Build A Par"]),  # an en dash, as a word processor makes
        ("\u00b7 A Par H", ["A Par H"]),
        ("- A Par-Bur, - F Bre H", ["A Par-Bur", "F Bre H"]),
        ("-A Par", ["-A Par"]),  # a dash against the unit: read as written
        ("-- Bob", ["-- Bob"]),
        ("-", ["-"]),
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


def test_a_numbered_list_of_orders_by_mail_is_read(tmp_path) -> None:
    subject, text = reply_to_orders(tmp_path, "1. A Par-Bur\n2) A Mar - Spa\n* F Bre-MAO\n")
    assert "[Error Flag]" not in subject
    for order in ("A par - bur", "A mar - spa", "F bre - mao"):
        assert f"Accepted: {order}" in text
    assert "Every unit has an order." in text


def test_a_list_of_orders_with_dashes_by_mail_is_read(tmp_path) -> None:
    """``- A Par-Bur``: the most common list in plain-text mail.  It was refused
    ("expected a unit's province, found '-'"); a signature after a dash is still
    passed over as one."""
    subject, text = reply_to_orders(
        tmp_path, "Orders:\n- A Par-Bur\n- A Mar - Spa\n\u2013 F Bre-MAO\n- Bob\n"
    )
    assert "[Error Flag]" not in subject
    for order in ("A par - bur", "A mar - spa", "F bre - mao"):
        assert f"Accepted: {order}" in text
    assert "> - Bob\n  ignored: not an order" in text
    assert "Every unit has an order." in text


def test_a_dashed_unit_alone_in_a_winter_is_a_removal_when_the_power_must_remove(
    tmp_path,
) -> None:
    """``- A Bur`` in a winter: as a list's mark or as a minus sign, the unit alone;
    France must remove one unit, so it is the removal (njudge's ``st_build.c``)."""
    units = [("A", "bur"), ("F", "mao"), ("A", "pic")]
    position = {
        "variant": "standard",
        "phase": "W1901A",
        "units": [{"power": "france", "type": t, "province": p} for t, p in units],
        "dislodged": [],
        "contested": [],
        "supply_centers": {"france": ["par", "bre"]},
    }
    _, text = reply_to_orders(tmp_path, "- A Bur\n", position)
    assert "> - A Bur\n  Accepted: Remove A bur" in text


def test_a_numbered_multiverse_order_is_read() -> None:
    rules = ruleset_for("standard", "multiverse")
    doc = rules.starting_position("standard")
    (check,) = rules.check_orders(doc, "france", ["1. A 1:par:S1901 - 1:bur:S1901"])
    assert check.ok and check.text == "A 1:par:S1901 - 1:bur:S1901"


def test_orders_labelled_with_the_players_own_power_are_read(tmp_path) -> None:
    """``France: A Par - Bur``: a player's label of their own power is not part of the
    order; another power's name is not taken away (the line is refused, saying whose
    orders they are)."""
    _, text = reply_to_orders(
        tmp_path, "France: A Par-Bur\nfrance: A Mar-Spa, F Bre-MAO\nGermany: A Par - Pic\n"
    )
    for order in ("A par - bur", "A mar - spa", "F bre - mao"):
        assert f"Accepted: {order}" in text
    assert "*** Refused: these orders are labelled Germany, but you signed on as France" in text


def test_a_labelled_hold_of_a_unit_alone_is_read_not_passed_over(tmp_path) -> None:
    """``France: A Par`` (a hold written as the unit alone) was passed over as a
    greeting ("ignored: not an order"), the order lost without an error flag; the
    words after a label are looked at as an order too."""
    _, text = reply_to_orders(tmp_path, "France: A Par\nGermany: A Mun\n")
    assert "> France: A Par\n  Accepted: A par H" in text
    assert "> Germany: A Mun\n  *** Refused: these orders are labelled Germany" in text
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
