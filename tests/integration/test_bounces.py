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
from judge.store.models import Game

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


def _headerless_dsn(subject: str = "Undelivered Mail Returned to Sender") -> bytes:
    """A delivery status notification that returns nothing of the failed mail (no
    Message-ID): only its recipient, in the report."""
    no_copy = dsn(b"").split(b"--B0\r\nContent-Type: text/rfc822-headers")[0] + b"--B0--\r\n"
    return no_copy.replace(b"Undelivered Mail Returned to Sender", subject.encode())


def _plain_notice(subject: str) -> bytes:
    """A mail system's plain notice (no report, no copy of the mail) that quotes the
    failed mail's subject in its own, as Exchange's does."""
    text = f"""Return-Path: <>
From: postmaster@mx.example.com
To: judge@example.org
Subject: Undeliverable: {subject}
Message-ID: <notice-1@mx.example.com>

Delivery has failed to these recipients or groups:

{PLAYER}
The email address you entered couldn't be found.

Remote server returned '550 5.1.10 RESOLVER.ADR.RecipientNotFound'
"""
    return text.replace("\n", "\r\n").encode()


def _run_with_bounces(config: Config, engine, imap: IMAPClient, relay: Relay, bounces,
                      mails_before: int, mails_after: int) -> None:  # fmt: skip  # noqa: ANN001
    """Run the daemon until the judge's own mails went out, then until the bounces
    were handled and ``mails_after`` mails in all went out."""
    d = Daemon(config, engine, process_inbound)
    d.start()
    try:
        wait_for(lambda: len(relay.messages) == mails_before, 20, what="the game's mails")
        for bounce in bounces(relay.messages):
            imap.append("INBOX", bounce)
        wait_for(lambda: len(_rows(engine, InboundMessage)) == 1, 10, what="the bounce stored")
        wait_for(lambda: _rows(engine, InboundMessage)[0].status != "pending", 10, what="handled")
        wait_for(lambda: len(relay.messages) == mails_after, 20, what="the notices")
    finally:
        d.stop(10)


def _second_mail(engine) -> str:  # noqa: ANN001
    """Queue another mail of the game to its player (a deadline reminder)."""
    with Session(engine) as s:
        game = s.exec(select(Game)).one()
        author = Author("The Judge", "judge@example.org", "JUDGE")
        subject = game_mail_subject(author, game, "S1901M Reminder")
        send(s, author, PLAYER, subject, "a reminder\n")
        s.commit()
        return subject


def test_a_bounce_without_the_mails_headers_is_tied_by_its_address(
    config: Config, engine, imap: IMAPClient, relay: Relay
) -> None:  # noqa: ANN001
    """A report that returns no headers: before, read as no bounce (the row stayed
    sent, nobody was told); now the one mail sent to that address is the one."""
    config.judge.keeper = KEEPER
    _results_mail(engine)
    _run_with_bounces(config, engine, imap, relay, lambda _: [_headerless_dsn()], 1, 3)
    [bounce] = _rows(engine, InboundMessage)
    assert bounce.status == IGNORED and "outbox 1 was returned" in (bounce.error or "")
    assert _rows(engine, OutboxMessage)[0].state == FAILED
    assert {tuple(rc) for _, rc, _ in relay.messages[1:]} == {(MASTER,), (KEEPER,)}


def test_a_plain_notice_is_tied_by_the_subject_it_quotes(
    config: Config, engine, imap: IMAPClient, relay: Relay
) -> None:  # noqa: ANN001
    config.judge.keeper = KEEPER
    results = _results_mail(engine)
    _second_mail(engine)
    _run_with_bounces(config, engine, imap, relay, lambda _: [_plain_notice(results)], 2, 4)
    first, second = _rows(engine, OutboxMessage)[:2]
    assert first.state == FAILED and "5.1.10" in (first.last_error or "")
    assert second.state != FAILED  # the reminder was not the mail returned
    told = {tuple(rc): email.message_from_bytes(raw) for _, rc, raw in relay.messages[2:]}
    assert set(told) == {(MASTER,), (KEEPER,)}


def test_a_bounce_tied_to_no_one_mail_is_told_to_the_keeper(
    config: Config, engine, imap: IMAPClient, relay: Relay
) -> None:  # noqa: ANN001
    """Two mails went to the address and the bounce names neither: no row is marked,
    and the keeper is told once (before: nothing at all)."""
    config.judge.keeper = KEEPER
    _results_mail(engine)
    _second_mail(engine)
    _run_with_bounces(config, engine, imap, relay, lambda _: [_headerless_dsn()], 2, 3)
    assert all(r.state != FAILED for r in _rows(engine, OutboxMessage)[:2])
    [(_, rc, raw)] = relay.messages[2:]
    assert rc == [KEEPER]
    notice = email.message_from_bytes(raw)
    assert notice["Subject"].endswith("A bounce tied to no mail")
    text = notice.get_payload(decode=True).decode()
    assert PLAYER in text and "5.1.1" in text
    assert "the keeper was told" in (_rows(engine, InboundMessage)[0].error or "")
