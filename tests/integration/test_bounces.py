"""A bounce of the judge's own mail, through the whole path (Dovecot -> IMAP watcher ->
the real processor -> outbox -> relay): never answered, but recorded: the mail's
outbox row notes it and the game's master and the keeper are told, so an address that
fails is seen.  A bounce about mail the judge never sent changes nothing."""

from __future__ import annotations

import email

import pytest
from imapclient import IMAPClient
from rig import Relay, wait_for
from sqlmodel import Session, select

from judge.commands.inbound import process_inbound
from judge.config import Config
from judge.game.games import Seat, create_game
from judge.game.recipients import game_mail_subject, send
from judge.mail.outgoing import Author
from judge.runners.daemon import Daemon
from judge.store.mail import FAILED, IGNORED, InboundMessage, OutboxMessage

pytestmark = pytest.mark.timeout(90)

PLAYER = "gone@example.com"
MASTER = "master@example.org"
KEEPER = "keeper@example.org"


def _results_mail(engine) -> str:  # noqa: ANN001
    """Queue a game's results mail to its player (the real game-mail path)."""
    with Session(engine) as s:
        game = create_game(s, "alpha", [Seat("france", PLAYER, "pw", "France")])
        game.master_address = MASTER
        s.add(game)
        author = Author("The Judge", "judge@example.org", "JUDGE")
        subject = game_mail_subject(author, game, "S1901M Results")
        send(s, author, PLAYER, subject, "the results\n")
        s.commit()
        return subject


def dsn(original: bytes, recipient: str = PLAYER) -> bytes:
    """A delivery status notification as Postfix writes one, the original's headers
    returned (RFC 3464)."""
    head = original.split(b"\r\n\r\n", 1)[0].decode()
    text = f"""Return-Path: <>
From: Mail Delivery System <MAILER-DAEMON@mx.example.com>
To: judge@example.org
Subject: Undelivered Mail Returned to Sender
Auto-Submitted: auto-replied
Message-ID: <bounce-{recipient}@mx.example.com>
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status; boundary="B0"

--B0
Content-Type: text/plain; charset=us-ascii

This is the mail system. Your message could not be delivered.

--B0
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.example.com

Final-Recipient: rfc822; {recipient}
Action: failed
Status: 5.1.1
Diagnostic-Code: smtp; 550 5.1.1 user unknown

--B0
Content-Type: text/rfc822-headers

{head}

--B0--
"""
    return text.replace("\r\n", "\n").replace("\n", "\r\n").encode()


def _rows(engine, model):  # noqa: ANN001, ANN202
    with Session(engine) as s:
        return list(s.exec(select(model).order_by(model.id)))


def test_a_bounced_results_mail_is_recorded_and_the_master_told(
    config: Config, engine, imap: IMAPClient, relay: Relay
) -> None:  # noqa: ANN001
    config.judge.keeper = KEEPER
    subject = _results_mail(engine)
    d = Daemon(config, engine, process_inbound)
    d.start()
    try:
        wait_for(lambda: len(relay.messages) == 1, 20, what="the results mail")
        original = relay.messages[0][2]
        imap.append("INBOX", dsn(original))
        imap.append("INBOX", dsn(original.replace(b"Message-ID: <", b"Message-ID: <x"), "x@y.z"))
        wait_for(lambda: len(relay.messages) == 3, 20, what="the master's and keeper's notice")
        wait_for(lambda: len(_rows(engine, InboundMessage)) == 2, 10, what="both stored")
        wait_for(
            lambda: all(r.status != "pending" for r in _rows(engine, InboundMessage)), 10,
            what="both handled",
        )  # fmt: skip
    finally:
        d.stop(10)
    real, forged = _rows(engine, InboundMessage)
    assert real.status == forged.status == IGNORED  # never answered
    assert PLAYER in (real.error or "") and "bounce" in (real.error or "")
    results = _rows(engine, OutboxMessage)[0]
    assert results.state == FAILED  # `judge outbox failed` lists it
    assert "bounced" in (results.last_error or "") and "5.1.1" in (results.last_error or "")
    told = {tuple(rc): email.message_from_bytes(raw) for _, rc, raw in relay.messages[1:]}
    assert set(told) == {(MASTER,), (KEEPER,)}
    text = told[(MASTER,)].get_payload(decode=True).decode()
    assert PLAYER in text and subject in text and "5.1.1" in text
    assert len(relay.messages) == 3  # the forged bounce: nobody told, nothing answered
