"""One rule for SIGNON, RESIGN and JOIN (judge.commands.base.game_password_masked):
a line of ``<command> <game> <password>`` is quoted back with the password hidden,
and a lone word after the command is hidden too, since it may be the password
alone (a second SIGNON in a mail, RESIGN after a SIGNON, JOIN without the game).
It holds in the reply and in the mail the judge keeps (judge.commands.redact)."""

from __future__ import annotations

import pytest
from sqlmodel import Session

from judge.commands.base import HIDDEN
from judge.commands.redact import mask_text
from tests.commands.forming import forming_game, registered
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

SECRET = "hushhush9"
SIGNON = f"SIGNON Fgame1 {PASSWORDS['france']}\n"


@pytest.mark.parametrize(
    ("sender", "lines", "quoted"),
    [
        (address("france"), f"{SIGNON}SIGNON {SECRET}\n", f"> SIGNON {HIDDEN}"),
        (address("france"), f"{SIGNON}RESIGN {SECRET}\n", f"> RESIGN {HIDDEN}"),
        (address("france"), f"{SIGNON}WITHDRAW {SECRET}\n", f"> WITHDRAW {HIDDEN}"),
        ("ann@p.test", f"JOIN {SECRET}\n", f"> JOIN {HIDDEN}"),
        ("ann@p.test", f"JOIN newgame {SECRET} France\n", f"> JOIN newgame {HIDDEN} France"),
        ("ann@p.test", f"RESIGN newgame {SECRET}\n", f"> RESIGN newgame {HIDDEN}"),
        ("ann@p.test", f"SIGNON Fgame1 {SECRET}\n", f"> SIGNON Fgame1 {HIDDEN}"),
    ],
)
def test_the_password_and_a_lone_word_are_hidden_in_the_reply_and_the_kept_mail(
    tmp_path, sender: str, lines: str, quoted: str
) -> None:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
        forming_game(session, "newgame")
        registered(session, "ann@p.test")
    deliver(engine, make_mail(sender, lines))
    reply = body_of(outbox(engine)[-1]).replace("\r\n", "\n")
    assert quoted in reply, reply
    assert SECRET not in reply
    kept = mask_text(lines)
    assert SECRET not in kept and quoted[2:] in kept, kept


def test_a_lone_game_name_after_join_is_quoted_as_written(tmp_path) -> None:
    """The one exception JOIN makes after the rule: a lone word naming a game of this
    judge is no password, and the reply says what is missing."""
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        forming_game(session, "newgame")
        registered(session, "ann@p.test")
    deliver(engine, make_mail("ann@p.test", "JOIN newgame\n"))
    reply = body_of(outbox(engine)[-1]).replace("\r\n", "\n")
    assert "> JOIN newgame\n" in reply and "expected: JOIN" in reply, reply
