"""A Reply to a press mail that holds only orders, and no SIGNON, is not press: it
was sent to the power that wrote the press, so a player who answered the last mail
of the judge with his orders told them to another power (found playing a game by
mail).  It is refused, nothing is sent, and the reply says how to order or to send
them as press.  A message with orders among its words is still press."""

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


def _press_to_germany(engine) -> str:
    signon = f"SIGNON Fgame1 {PASSWORDS['france']}\n"
    deliver(engine, make_mail(address("france"), signon + "PRESS TO G\nBelgium?\nENDPRESS\n"))
    [press] = [m for m in outbox(engine) if "Press from France" in m["Subject"]]
    return press["Message-ID"]


def _answer(engine, message_id: str, body: str) -> tuple[str, list[str]]:
    before = len(outbox(engine))
    headers = {"In-Reply-To": message_id}
    deliver(engine, make_mail(address("germany"), body, "Re: press", headers=headers))
    mails = outbox(engine)[before:]
    [reply] = [m for m in mails if m["To"] == address("germany")]
    return body_of(reply).replace("\r\n", "\n"), [m["To"] for m in mails if m is not reply]


def test_a_reply_to_press_of_orders_only_is_refused_and_sent_to_nobody(tmp_path) -> None:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    message_id = _press_to_germany(engine)
    text, others = _answer(engine, message_id, "A Mun-Bur\nA Ber - Kie\nF Kie-Hol\n\n> Belgium?\n")
    assert others == [], others
    assert "*** Refused: your reply to a press mail holds only orders" in text, text
    assert "SIGNON Ggame1 <password>" in text and "PRESS TO" in text


def test_a_message_with_orders_among_its_words_is_still_press(tmp_path) -> None:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    message_id = _press_to_germany(engine)
    text, others = _answer(engine, message_id, "Agreed, I will order:\nA Mun - Ruh\n")
    assert others == [address("france")], text
    assert "it was sent as press (white, 2 lines) to France." in text
