"""A line of punctuation alone after a SIGNON (".") crashed the mail's processing: the
check for an order with a slipped first word read a second word the line has not
(found by tests/test_processing.py's fuzzing).  The line is now answered
as no order, and the orders after it are read."""

from __future__ import annotations

from tests.commands.helpers import reply_to_orders


def test_a_lone_full_stop_after_a_signon_is_answered(tmp_path) -> None:
    subject, text = reply_to_orders(tmp_path, ".\nA Par - Bur\n")
    assert "Accepted: A par - bur" in text, text
    assert "> .\n  ignored: not an order" in text, text
