"""Two players' mail robots that answer every mail without RFC 3834's marks (an away
message with a plain "Re:" subject, quoting the mail): each answers the press mail the
other's answer became, so the judge relayed press between them without end (ten
rounds in ten, before).  Now an answer that repeats word for word press its sender
already sent to that power in the phase is not relayed again: each robot's message
goes once, its sender is told once, and a real conversation by replies still goes."""

from __future__ import annotations

import itertools
from email.message import EmailMessage

from sqlmodel import Session, select

from judge.store.models import Press
from tests.commands.helpers import (
    JUDGE,
    PASSWORDS,
    add_game,
    address,
    body_of,
    deliver,
    judge_config,
    make_mail,
    migrated_engine,
    outbox,
)

_IDS = itertools.count(1)
AWAY = "I am away until Monday and will answer your mail on my return."


def _game(tmp_path):  # type: ignore[no-untyped-def]
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    signon = f"SIGNON Fgame1 {PASSWORDS['france']}\n"
    body = signon + "PRESS TO G\nShall we talk about Belgium?\nENDPRESS\n"
    deliver(engine, make_mail(address("france"), body), judge_config(replies_per_hour=1000))
    return engine


def _press_mails(engine) -> list[EmailMessage]:  # type: ignore[no-untyped-def]
    """The press mails the judge delivered (not its replies), oldest first."""
    return [m for m in outbox(engine) if " Press " in m["Subject"] and not m["In-Reply-To"]]


def _answer(engine, mail: EmailMessage, text: str) -> None:  # type: ignore[no-untyped-def]
    """The addressee's mail program (or robot) answers ``mail``, quoting it."""
    msg = EmailMessage()
    msg["From"] = str(mail["To"])
    msg["To"] = JUDGE
    msg["Subject"] = f"Re: {mail['Subject']}"
    msg["Message-ID"] = f"<answer.{next(_IDS)}@players.test>"
    msg["In-Reply-To"] = str(mail["Message-ID"])
    quoted = "\n".join("> " + line for line in body_of(mail).splitlines())
    msg.set_content(f"{text}\n\nOn Monday the judge wrote:\n{quoted}\n")
    deliver(engine, msg.as_bytes(), judge_config(replies_per_hour=1000))


def test_two_robots_answering_press_mails_are_relayed_once_each(tmp_path) -> None:
    engine = _game(tmp_path)
    robots = (address("france"), address("germany"))
    answered: set[str] = set()
    for _ in range(30):  # each robot answers every mail the judge sends it, once
        waiting = [m for m in outbox(engine) if m["To"] in robots]
        waiting = [m for m in waiting if m["Message-ID"] not in answered]
        if not waiting:
            break
        answered.add(waiting[0]["Message-ID"])
        _answer(engine, waiting[0], AWAY)
    assert len(answered) < 30, "the robots still mail each other through the judge"
    relayed = _press_mails(engine)[1:]
    assert [m["To"] for m in relayed] == [address("france"), address("germany")]
    with Session(engine) as session:
        assert len(session.exec(select(Press)).all()) == 3
    told = [m for m in outbox(engine) if m["In-Reply-To"] and m["To"] == address("germany")]
    assert len(told) == 2, [body_of(m) for m in told]  # sent, then not sent again
    text = body_of(told[-1]).replace("\r\n", "\n")
    assert "*** Refused: your reply repeats word for word press you already sent to " in text
    assert "France in this phase" in text and "nothing was sent" in text


def test_a_conversation_by_replies_still_goes_both_ways(tmp_path) -> None:
    """Every new message goes; the same words again to the same power in the phase
    do not, and their writer is told so, with how to send them anyway."""
    engine = _game(tmp_path)
    for text in ("Yes, let us.", "Then I take Belgium?", "Yes.", "Deal.", "Yes."):
        _answer(engine, _press_mails(engine)[-1], text)
    relayed = _press_mails(engine)[1:]
    assert len(relayed) == 4, [body_of(m) for m in relayed]  # Germany's second "Yes." not
    assert "Deal." in body_of(relayed[-1])
    last = body_of(outbox(engine)[-1])
    assert outbox(engine)[-1]["To"] == address("germany")
    assert "repeats word for word" in last and "PRESS TO <powers>" in last
