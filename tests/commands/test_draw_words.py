"""A draw asked for in a word of its own (``DRAW``, ``Accept draw``, ``CONCEDE``)
is no vote: it was passed over as a greeting ("ignored: not an order"), so the
player believed they had voted.  It is refused with the command that votes
(njudge's ``SET DRAW``, ``data/draws``); prose that begins with the word is not."""

from __future__ import annotations

import pytest

from tests.commands.helpers import reply_to_orders


@pytest.mark.parametrize(
    ("line", "hint"),
    [
        ("DRAW", "to vote for a draw, write SET DRAW"),
        ("Accept draw", "to vote for a draw, write SET DRAW"),
        ("No draw", "to take back a draw vote, write SET NODRAW"),
        ("Concede", "to concede, write SET CONCEDE <power>"),
    ],
)
def test_a_draw_word_alone_is_refused_with_the_command_that_votes(
    tmp_path, line: str, hint: str
) -> None:
    subject, text = reply_to_orders(tmp_path, f"A Par-Bur\n{line}\n")
    assert subject.startswith("Re: [Error Flag]")
    assert f"> {line}\n  *** Refused: " in text and hint in text
    assert "Accepted: A par - bur" in text


def test_prose_beginning_with_draw_is_still_passed_over(tmp_path) -> None:
    subject, text = reply_to_orders(tmp_path, "A Par-Bur\nDraw the line at Munich\n")
    assert "[Error Flag]" not in subject
    assert "> Draw the line at Munich\n  ignored: not an order" in text
