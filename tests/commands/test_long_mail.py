"""A mail longer than the judge reads (a multiverse power with many boards orders
them all in one mail, as whole games played by mail did): the lines past the limit
are refused, the reply flagged and the limit named, never passed over as a note."""

from __future__ import annotations

from judge.commands.parser import MAX_STATEMENTS
from tests.commands.helpers import reply_to_orders


def test_the_lines_past_the_limit_are_refused_and_the_reply_flagged(tmp_path) -> None:
    # the SIGNON is the first of the lines read: A Mar - Spa is the first past them
    lines = "\n".join(["A Par H"] * (MAX_STATEMENTS - 1) + ["A Mar - Spa", "F Bre - Mao"])
    subject, reply = reply_to_orders(tmp_path, lines)
    assert "[Error Flag]" in subject
    assert (
        "> ...\n  *** Refused: the rest of your mail (2 lines, from 'A Mar - Spa' on) was not"
        f" read: a mail is read up to {MAX_STATEMENTS} lines; send the rest in a mail of its"
        " own" in reply
    ), reply[-600:]
    assert "A mar - spa" not in reply


def test_a_command_past_the_limit_is_named_without_its_password(tmp_path) -> None:
    """The first line not read is named so that the player knows where to go on
    from (the reply listed none of them); a command's password stays hidden."""
    lines = "\n".join(["A Par H"] * (MAX_STATEMENTS - 1) + ["SET PASSWORD newsecret9"])
    _subject, reply = reply_to_orders(tmp_path, lines)
    assert "newsecret9" not in reply
    assert "(1 line, from 'SET PASSWORD ********' on) was not read" in reply, reply[-600:]
