"""The whole path in one process: Dovecot -> IMAP watcher -> processor -> outbox -> relay."""

from __future__ import annotations

import email
import smtplib
import threading
from collections.abc import Iterator

import pytest
import standin
from imapclient import IMAPClient
from mails import order_mail
from rig import Relay, free_port, wait_for
from sqlmodel import Session, select

from judge.cli import transport as cli
from judge.config import Config
from judge.runners.daemon import Daemon
from judge.store.mail import InboundMessage, OutboxMessage

pytestmark = pytest.mark.timeout(90)


@pytest.fixture
def daemon(config: Config, engine) -> Iterator[Daemon]:  # noqa: ANN001
    d = Daemon(config, engine, standin.process_inbound)
    d.start()
    yield d
    d.stop(10)
    assert not any(t.is_alive() for t in d.threads)


def inbound(engine) -> list[InboundMessage]:  # noqa: ANN001
    with Session(engine) as s:
        return list(s.exec(select(InboundMessage).order_by(InboundMessage.id)))


def outbox(engine) -> list[OutboxMessage]:  # noqa: ANN001
    with Session(engine) as s:
        return list(s.exec(select(OutboxMessage).order_by(OutboxMessage.id)))


def parsed(relay: Relay) -> list[email.message.Message]:
    return [email.message_from_bytes(raw) for _, _, raw in relay.messages]


def test_orders_are_stored_processed_and_answered(
    daemon: Daemon, imap: IMAPClient, relay: Relay, engine
) -> None:  # noqa: ANN001
    for n in range(5):
        imap.append("INBOX", order_mail(n))
    wait_for(lambda: len(relay.messages) == 5, 20, what="five replies")
    replies = {m["In-Reply-To"]: m for m in parsed(relay)}
    assert set(replies) == {f"<order-{n}@example.com>" for n in range(5)}
    reply = replies["<order-3@example.com>"]
    assert reply["Auto-Submitted"] == "auto-replied"
    assert reply["To"] == ["Player", "3", "<player3@example.com>"][-1].strip("<>")
    assert reply["Subject"] == "Re: orders 3"
    assert "SIGNON Fgame3 pw" in reply.get_payload()
    assert [r.status for r in inbound(engine)] == ["processed"] * 5
    assert imap.folder_status("Processed", [b"MESSAGES"])[b"MESSAGES"] == 5
    assert imap.folder_status("INBOX", [b"MESSAGES"])[b"MESSAGES"] == 0


def test_automatic_mail_is_stored_but_never_answered(
    daemon: Daemon, imap: IMAPClient, relay: Relay, engine
) -> None:  # noqa: ANN001
    imap.append("INBOX", order_mail(1, Auto_Submitted="auto-replied"))
    imap.append("INBOX", order_mail(2, sender="MAILER-DAEMON@mx.example.com"))
    imap.append("INBOX", order_mail(3, sender="The Judge <judge@example.org>"))
    imap.append("INBOX", order_mail(4))  # a person, answered
    wait_for(lambda: len(relay.messages) == 1, 20, what="the one reply")
    wait_for(lambda: all(r.status != "pending" for r in inbound(engine)), 10, what="all handled")
    assert [r.status for r in inbound(engine)] == ["ignored", "ignored", "ignored", "processed"]
    assert parsed(relay)[0]["In-Reply-To"] == "<order-4@example.com>"


def test_failing_mail_is_quarantined_and_the_sender_told(
    daemon: Daemon, imap: IMAPClient, relay: Relay, engine, config: Config, capsys
) -> None:  # noqa: ANN001
    imap.append("INBOX", order_mail(1, body="SIGNON Fgame1 pw\nBOOM\n"))
    imap.append("INBOX", order_mail(2))
    wait_for(lambda: len(relay.messages) == 2, 20, what="notice and reply")
    rows = inbound(engine)
    assert [r.status for r in rows] == ["quarantined", "processed"]
    assert "stand-in processor exploded" in (rows[0].error or "")
    notice = next(m for m in parsed(relay) if m["In-Reply-To"] == "<order-1@example.com>")
    assert "NOT applied" in notice.get_payload()
    # Only the notice was written for the failed mail: its own effects were rolled back.
    assert len(outbox(engine)) == 2

    args = ["quarantine", "list", "--config", _toml(config)]
    assert cli.main(args) == 0
    assert f"{rows[0].id}\t" in capsys.readouterr().out
    assert cli.main(["quarantine", "show", str(rows[0].id), "--config", _toml(config)]) == 0
    shown = capsys.readouterr().out
    assert "stand-in processor exploded" in shown and "Message-ID: <order-1@example.com>" in shown
    assert cli.main(["quarantine", "retry", str(rows[0].id), "--config", _toml(config)]) == 0
    # Retried, it fails again and is quarantined again, with a second notice.
    wait_for(lambda: len(relay.messages) == 3, 20, what="second notice")
    assert inbound(engine)[0].status == "quarantined"


def _toml(config: Config) -> str:
    path = config.database.url.removeprefix("sqlite:///") + ".toml"
    with open(path, "w") as fh:
        fh.write(f'[database]\nurl = "{config.database.url}"\n')
    return path


def _all_handled(engine, count: int) -> bool:  # noqa: ANN001
    rows = inbound(engine)
    return len(rows) == count and all(r.status != "pending" for r in rows)


def real_daemon(config: Config, engine) -> Daemon:  # noqa: ANN001
    """A daemon with the real command processor (judge.commands.inbound)."""
    from judge.commands.inbound import process_inbound

    d = Daemon(config, engine, process_inbound)
    d.start()
    return d


def test_real_processor_answers_help(
    config: Config, engine, imap: IMAPClient, relay: Relay
) -> None:  # noqa: ANN001
    d = real_daemon(config, engine)
    try:
        imap.append("INBOX", order_mail(1, body="HELP\n"))
        wait_for(lambda: len(relay.messages) == 1, 20, what="the reply")
    finally:
        d.stop(10)
    reply = parsed(relay)[0]
    assert reply["In-Reply-To"] == "<order-1@example.com>"
    assert reply["Auto-Submitted"] == "auto-replied"
    assert "SIGNON" in reply.get_payload(decode=True).decode()
    assert [r.status for r in inbound(engine)] == ["processed"]


def test_too_large_mail_gets_a_short_reply(
    config: Config, engine, imap: IMAPClient, relay: Relay
) -> None:  # noqa: ANN001
    big = order_mail(8, body="SIGNON Fgame1 pw\n" + "A Par - Bur\n" * 300_000)
    assert len(big) > config.limits.max_message_bytes
    d = real_daemon(config, engine)
    try:
        imap.append("INBOX", big)
        wait_for(lambda: len(relay.messages) == 1, 30, what="the short reply")
    finally:
        d.stop(10)
    text = parsed(relay)[0].get_payload(decode=True).decode()
    assert "Nothing in it was read" in text
    assert "A Par - Bur" not in text
    assert len(relay.messages[0][2]) < 10_000


@pytest.mark.usefixtures("within_one_clock_hour")
def test_reply_limit_per_sender(config: Config, engine, imap: IMAPClient, relay: Relay) -> None:  # noqa: ANN001
    config.limits.replies_per_sender_per_hour = 2
    d = real_daemon(config, engine)
    try:
        for n in (0, 7, 14):  # all from player0
            imap.append("INBOX", order_mail(n, body="HELP\n"))
        imap.append("INBOX", order_mail(1, body="HELP\n"))  # player1
        wait_for(lambda: _all_handled(engine, 4), 20, what="all handled")
        wait_for(lambda: len(relay.messages) == 3, 10, what="three replies")
        threading.Event().wait(0.5)  # a fourth reply would show up now
    finally:
        d.stop(10)
    assert [r.status for r in inbound(engine)] == ["processed"] * 4  # applied, ...
    to = sorted(rcpts[0] for _, rcpts, _ in relay.messages)
    assert to == ["player0@example.com"] * 2 + ["player1@example.com"]  # ... not all answered


def test_smtp_intake_mode(config: Config, engine, relay: Relay) -> None:  # noqa: ANN001
    config.inbound.mode = "smtp"
    config.inbound.smtp.port = free_port()
    d = Daemon(config, engine, standin.process_inbound)
    d.start()
    try:
        with smtplib.SMTP("127.0.0.1", config.inbound.smtp.port) as smtp:
            for n in range(3):
                smtp.sendmail(f"player{n}@example.com", ["judge@example.org"], order_mail(n))
        wait_for(lambda: len(relay.messages) == 3, 20, what="three replies")
    finally:
        d.stop(10)
    assert {m["In-Reply-To"] for m in parsed(relay)} == {
        f"<order-{n}@example.com>" for n in range(3)
    }
