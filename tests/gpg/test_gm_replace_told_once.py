"""A master's REPLACE by signed mail tells the new player once.

Before, the new player got "you now play Italy" (the game, the password's SIGNON
line, the position) and then the mail of the master's changes to everyone in the
game, whose only line was "Italy has a new player.": two mails for one command, the
second telling them of their own arrival.  Now a change is not mailed again to the
person already told it in a mail of their own; the other changes of the same mail
still reach them."""

from __future__ import annotations

import itertools
import sys
from datetime import timedelta
from pathlib import Path

from gpg_helpers import inline_mail

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.commands.helpers import NOW, body_of, deliver, outbox  # noqa: E402

_ids = itertools.count(1)
AT = NOW + timedelta(hours=1)
NEW = "new.player@example.com"


def _signed(engine, config, gm, lines: str) -> list:  # type: ignore[no-untyped-def]
    """The mails the judge sent for a master's signed mail."""
    raw = inline_mail(gm, lines, at=AT)
    raw = raw.replace(b"<test@example.org>", f"<r{next(_ids)}@example.org>".encode())
    before = len(outbox(engine))
    deliver(engine, raw, config, now=AT)
    return outbox(engine)[before:]


def _to(mails: list, address: str) -> list[str]:  # type: ignore[type-arg]
    return [str(m["Subject"]) for m in mails if m["To"] == address]


def test_the_new_player_is_mailed_once(gm_engine, config, gm) -> None:
    mails = _signed(gm_engine, config, gm, f"GAME game1\nREPLACE Italy {NEW} sesame42\n")
    assert _to(mails, NEW) == ["JUDGE:game1 - you now play Italy"]
    told = [body_of(m) for m in mails if m["To"] == "france@players.test"]
    assert len(told) == 1 and "Italy has a new player." in told[0]


def test_other_changes_of_the_mail_still_reach_the_new_player(gm_engine, config, gm) -> None:
    lines = f"GAME game1\nREPLACE Italy {NEW} sesame42\nSET PRESS none\n"
    mails = _signed(gm_engine, config, gm, lines)
    assert len(_to(mails, NEW)) == 2
    changes = [body_of(m) for m in mails if m["To"] == NEW and "changes" in str(m["Subject"])]
    assert len(changes) == 1 and "press" in changes[0].lower(), changes
