"""The line a mail program writes above the mail it quotes is not the player's text,
in whatever language or order it comes: it names the quoted mail's sender by address,
ends in a colon and has the quoted lines right after it.  Before, only English-like
"On ... wrote:" forms were known, and German, Dutch, Yandex or Lotus attributions were
read as orders and refused (the reply flagged as an error though every order stood)."""

from __future__ import annotations

import pytest

from judge.mail.cleanup import strip_quotes

ORDERS = "A Par-Bur\nA Mar-Spa"
QUOTE = "> Your mail was read as follows:\n> Accepted: A par - bur"


@pytest.mark.parametrize(
    "attribution",
    [
        "On Sat, Nov 21, 2026 at 11:00 AM Test Judge <judge@judge.test> wrote:",
        "On Sat, Nov 21, 2026 at 11:00 AM Test Judge <judge@judge.test>\nwrote:",
        "Le sam. 21 nov. 2026 à 11:00, Test Judge <judge@judge.test> a écrit :",
        "Am Sa., 21. Nov. 2026 um 11:00 Uhr schrieb Test Judge <judge@judge.test>:",
        "Am Sa., 21. Nov. 2026 um 11:00 Uhr schrieb Test Judge <\njudge@judge.test>:",
        "Op za 21 nov. 2026 om 11:00 schreef Test Judge <judge@judge.test>:",
        '21.11.2026, 11:00, "Test Judge" <judge@judge.test>:',
        "Test Judge <judge@judge.test> wrote on 21/11/2026 11:00:",
        "judge@judge.test kirjoitti 21.11.2026 klo 11.00:",
    ],
)
def test_an_attribution_above_quoted_lines_is_dropped(attribution: str) -> None:
    body = f"{ORDERS}\n\n{attribution}\n{QUOTE}\n"
    assert strip_quotes(body) == ORDERS


@pytest.mark.parametrize(
    "line",
    [
        "France:",  # a power's name before its orders
        "Write to me at jean@example.org:",  # an address, but nothing quoted after it
    ],
)
def test_a_line_ending_in_a_colon_without_quoted_lines_after_it_stays(line: str) -> None:
    body = f"{line}\n{ORDERS}"
    assert strip_quotes(body) == body


def test_an_earlier_mail_quoted_without_marks_after_its_attribution_is_not_read() -> None:
    """Some phone mail programs put the earlier mail under "On ... wrote:" without '>'
    marks: a press message quoted so ('A Kie-Den please') was read as the replier's own
    order.  What follows such an attribution is the earlier mail, as after Outlook's
    header block."""
    body = (
        f"{ORDERS}\n\nOn Sat, Nov 21, 2026 at 11:00 AM Test Judge <judge@judge.test> wrote:\n"
        "Message from Germany in game game1:\nA Kie-Den please\n"
    )
    assert strip_quotes(body) == ORDERS


@pytest.mark.parametrize(
    "attribution",
    [
        "On Sat, Nov 21, 2026 at 11:00 AM Test Judge <judge@judge.test> wrote:",
        "Am Sa., 21. Nov. 2026 um 11:00 Uhr schrieb Test Judge <judge@judge.test>:",
        "Test Judge <judge@judge.test> wrote on 21/11/2026 11:00:",
    ],
)
def test_the_players_line_right_above_an_attribution_stays(attribution: str) -> None:
    """A player who writes above the quote with no blank line before the attribution:
    their last line (here the SIGNON) was taken for the attribution's first and
    dropped, and every order after it refused for want of a SIGNON."""
    body = f"SIGNON Fgame1 secret\n{attribution}\n{QUOTE}\nA Par-Bur\n"
    assert strip_quotes(body) == "SIGNON Fgame1 secret\nA Par-Bur"
