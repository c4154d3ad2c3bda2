"""HISTORY keeps the game master's changes as announced to the game (njudge's
history: "informational notices (deadline adjustments, late notices, etc.)"): they
were mailed to the players but not kept, while a players' vote to extend was."""

from __future__ import annotations

from tests.commands.forming import mails_to, text_of
from tests.commands.helpers import outcomes

READER = "reader@players.test"


def test_the_master_s_changes_are_in_the_history(gm, run, session) -> None:
    gm("GAME game1\nSET PRESS grey")
    [(_, status, message)] = outcomes(run("HISTORY game1", READER))
    assert status == "ok", message
    [mail] = [m for m in mails_to(session, READER) if "History" in m["Subject"]]
    text = text_of(mail)
    assert "JUDGE:game1 - S1901M changes by the game master" in text, text
    assert "grey" in text
