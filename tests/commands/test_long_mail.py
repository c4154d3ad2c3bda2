"""A mail longer than the judge reads (a multiverse power with many boards orders
them all in one mail, as whole games played by mail did): the lines past the limit
are refused, the reply flagged and the limit named, never passed over as a note."""

from __future__ import annotations

from judge.commands.parser import MAX_STATEMENTS
from tests.commands.helpers import reply_to_orders


def test_the_lines_past_the_limit_are_refused_and_the_reply_flagged(tmp_path) -> None:
    lines = "\n".join(["A Par H"] * MAX_STATEMENTS + ["A Mar - Spa", "F Bre - Mao"])
    subject, reply = reply_to_orders(tmp_path, lines)
    assert "[Error Flag]" in subject
    assert (
        "> ...\n  *** Refused: the rest of your mail was not read: a mail is read up to"
        f" {MAX_STATEMENTS} lines; send the rest in a mail of its own" in reply
    )
    assert "A mar - spa" not in reply
