"""njudge's conditional orders, ``IF <condition>`` ... ``ELSE`` ... ``ENDIF``
(njudge mail.c COND, po_condition.c): this judge does not offer them.  Before, the
IF line was refused ("'IF' is not a province") and the orders inside the block were
Accepted as if they had no condition; now every line up to ENDIF is refused.  A line
of prose that begins with "If", with no ENDIF after it, is still prose."""

from __future__ import annotations

from tests.commands.helpers import reply_to_orders


def test_the_orders_inside_an_if_block_are_refused_not_taken(tmp_path) -> None:
    lines = "IF A Par-Bur fails\nA Mar-Bur\nELSE\nA Mar-Spa\nENDIF\nF Bre-Mao\n"
    subject, text = reply_to_orders(tmp_path, lines)
    assert "[Error Flag]" in subject
    assert "conditional orders (IF ... ENDIF) are not taken on this judge" in text, text
    assert "> A Mar-Bur\n  *** Refused: inside IF ... ENDIF: not read" in text, text
    assert "> A Mar-Spa\n  *** Refused: inside IF ... ENDIF: not read" in text, text
    assert "Accepted: A mar" not in text
    assert "Accepted: F bre - mao" in text  # the line after ENDIF is read


def test_prose_beginning_with_if_is_no_block(tmp_path) -> None:
    _, text = reply_to_orders(tmp_path, "If you attack me I will retaliate.\nA Par-Bur\n")
    assert "Accepted: A par - bur" in text, text
    assert "conditional orders" not in text


def test_an_endif_after_the_signature_makes_no_block(tmp_path) -> None:
    _, text = reply_to_orders(tmp_path, "If Germany agrees:\nA Par-Bur\n--\nendif\n")
    assert "Accepted: A par - bur" in text, text
