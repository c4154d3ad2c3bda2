"""The judge's own SMTP server: 250 only after the mail is committed."""

from __future__ import annotations

import smtplib
from collections.abc import Iterator

import pytest
from mails import order_mail
from rig import free_port
from sqlalchemy import text
from sqlmodel import Session, select

from judge.mail.parse import parse_incoming
from judge.runners.smtp_inbound import start_smtp_server
from judge.store.db import make_engine
from judge.store.mail import InboundMessage

pytestmark = pytest.mark.timeout(60)


@pytest.fixture
def server(engine) -> Iterator[int]:  # noqa: ANN001
    port = free_port()
    controller = start_smtp_server(engine, "127.0.0.1", port)
    yield port
    controller.stop()


def stored(engine) -> list[InboundMessage]:  # noqa: ANN001
    with Session(engine) as s:
        return list(s.exec(select(InboundMessage).order_by(InboundMessage.id)))


def test_mail_is_committed_before_250(server: int, db_url: str) -> None:
    with smtplib.SMTP("127.0.0.1", server) as smtp:
        smtp.sendmail("player1@example.com", ["judge@example.org"], order_mail(1))
        # Read through a separate engine: the row must be durable already.
        other = make_engine(db_url)
        try:
            rows = stored(other)
        finally:
            other.dispose()
    assert len(rows) == 1
    assert rows[0].source == "smtp"
    assert rows[0].raw.startswith(b"Return-Path: <player1@example.com>\r\n")
    assert rows[0].message_key == "mid:<order-1@example.com>"


def test_same_mail_twice_is_accepted_but_stored_once(server: int, engine) -> None:  # noqa: ANN001
    with smtplib.SMTP("127.0.0.1", server) as smtp:
        smtp.ehlo()
        for _ in range(2):
            code, _msg = smtp.docmd("MAIL FROM:<p@example.com>")
            assert code == 250
            smtp.docmd("RCPT TO:<judge@example.org>")
            code, msg = smtp.data(order_mail(9))
            assert code == 250
    assert msg.startswith(b"2.0.0 Already stored")
    assert len(stored(engine)) == 1


def test_bounce_keeps_its_empty_return_path(server: int, engine) -> None:  # noqa: ANN001
    with smtplib.SMTP("127.0.0.1", server) as smtp:
        smtp.sendmail("", ["judge@example.org"], order_mail(3))
    (row,) = stored(engine)
    mail = parse_incoming(row.raw, "judge@example.org", 10**6)
    assert mail.is_automatic and mail.automatic_reason == "empty return path (bounce)"


def test_storage_failure_gives_451(server: int, engine) -> None:  # noqa: ANN001
    with engine.begin() as conn:
        conn.execute(text("DROP TABLE inbound_message"))
    with smtplib.SMTP("127.0.0.1", server) as smtp:
        smtp.ehlo()
        smtp.docmd("MAIL FROM:<p@example.com>")
        smtp.docmd("RCPT TO:<judge@example.org>")
        code, msg = smtp.data(order_mail(4))
    assert code == 451
    assert b"try again" in msg
