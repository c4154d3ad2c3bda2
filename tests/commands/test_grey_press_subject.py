"""Grey press names nobody in its subject, as njudge's (ml_press.c: grey partial
press is "<code>:<game> - <phase> Press to GI", grey broadcast "... Broadcast"); the
subject said "Press from someone (grey press) to ...". The sender stays hidden
in the subject, the body and the headers of every copy, the master's subject too
(its body tells the master who sent it, as njudge's does)."""

from __future__ import annotations

from sqlmodel import Session

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

MASTER = "master@example.org"
SIGNON = f"SIGNON Fgame1 {PASSWORDS['france']}\n"


def _engine(tmp_path, press_mode: str = "white/grey"):
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        game = add_game(session, press_mode=press_mode)
        game.master_address = MASTER
        session.add(game)
        session.commit()
    return engine


def _hidden(mail) -> None:
    """France is named nowhere in a grey press mail but the master's body."""
    headers = "\n".join(f"{k}: {v}" for k, v in mail.items())
    assert "france" not in headers.lower()
    if mail["To"] != MASTER:
        assert "France" not in body_of(mail)


def test_grey_press_to_some_powers_is_press_to_them(tmp_path) -> None:
    engine = _engine(tmp_path)
    deliver(engine, make_mail(address("france"), SIGNON + "PRESS TO EG GREY\npsst\nENDPRESS\n"))
    press = [m for m in outbox(engine) if m["In-Reply-To"] is None]
    assert sorted(m["To"] for m in press) == [address("england"), address("germany")]
    for mail in press:
        assert mail["Subject"] == "JUDGE:game1 - S1901M Press to England, Germany"
        _hidden(mail)


def test_grey_broadcast_is_a_broadcast(tmp_path) -> None:
    engine = _engine(tmp_path)
    deliver(engine, make_mail(address("france"), SIGNON + "BROADCAST GREY\nhi all\nENDPRESS\n"))
    press = [m for m in outbox(engine) if m["In-Reply-To"] is None]
    assert len(press) == 7  # six powers and the master
    for mail in press:
        assert mail["Subject"] == "JUDGE:game1 - S1901M Broadcast"
        _hidden(mail)
    [master] = [m for m in press if m["To"] == MASTER]
    assert "grey press from France" in body_of(master)


def test_a_grey_answer_to_press_is_press_to_its_addressee(tmp_path) -> None:
    """A reply to a press mail goes back as press, grey in a game of grey press
    only; it says to whom, not from whom."""
    engine = _engine(tmp_path, "grey")
    deliver(engine, make_mail(address("france"), SIGNON + "PRESS TO E GREY\npsst\nENDPRESS\n"))
    [press] = [m for m in outbox(engine) if m["To"] == address("england")]
    before = len(outbox(engine))
    answer = make_mail(
        address("england"),
        "who are you?\n",
        subject=f"Re: {press['Subject']}",
        headers={"In-Reply-To": press["Message-ID"]},
    )
    deliver(engine, answer)
    [back] = [m for m in outbox(engine)[before:] if m["To"] == address("france")]
    assert back["Subject"] == "JUDGE:game1 - S1901M Press to France"
    assert "England" not in back["Subject"] and "England" not in body_of(back)
