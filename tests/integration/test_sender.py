"""The outbox sender against a real SMTP relay: plain, STARTTLS with AUTH, and an outage."""

from __future__ import annotations

import email
import re
import ssl
import subprocess
import threading
import time
from email.message import EmailMessage
from pathlib import Path

import pytest
from aiosmtpd.smtp import AuthResult
from rig import Relay, free_port, wait_for
from sqlmodel import Session, select

from judge.config import OutboundSection
from judge.runners.sender import OutboxSender, RelayUnavailable
from judge.store.mail import OutboxMessage, enqueue
from judge.store.sent_journal import SentJournal

pytestmark = pytest.mark.timeout(90)


def queue(engine, count: int, start: int = 0) -> None:  # noqa: ANN001
    with Session(engine) as s:
        for n in range(start, start + count):
            msg = EmailMessage()
            msg["From"] = "The Judge <judge@example.org>"
            msg["To"] = f"player{n}@example.com"
            msg["Subject"] = f"reply {n}"
            msg.set_content(f"reply number {n}\n")
            enqueue(s, msg)
        s.commit()


def outbox(engine) -> list[OutboxMessage]:  # noqa: ANN001
    with Session(engine) as s:
        return list(s.exec(select(OutboxMessage).order_by(OutboxMessage.id)))


def settings(port: int, **kw) -> OutboundSection:  # noqa: ANN003
    return OutboundSection(host="127.0.0.1", port=port, timeout_seconds=5.0, **kw)


def test_no_second_mail_goes_out_before_the_first_is_marked_sent(engine, relay: Relay) -> None:  # noqa: ANN001
    """Without a journal, while another connection holds SQLite's write lock (a
    processing batch), the sender hands one mail to the relay and waits to commit its
    mark: a crash then sends one mail twice at most."""
    queue(engine, 3)
    sender = OutboxSender(settings(relay.port), engine, "judge@example.org")
    blocker = engine.raw_connection()
    blocker.execute("BEGIN IMMEDIATE")
    sent: list[int] = []
    thread = threading.Thread(target=lambda: sent.append(sender.send_due()), daemon=True)
    thread.start()
    try:
        wait_for(lambda: len(relay.messages) >= 1, 10, what="the first mail")
        time.sleep(0.3)
        assert len(relay.messages) == 1
    finally:
        blocker.rollback()
        blocker.close()
    thread.join(10)
    assert sent == [3] and len(relay.messages) == 3
    assert all(r.sent_at is not None for r in outbox(engine))


def test_with_a_journal_each_mail_is_marked_before_the_next_goes_out(
    engine,
    relay: Relay,
    tmp_path: Path,  # noqa: ANN001
) -> None:
    """With a journal the marks need no database lock: a held write lock does not stop
    the sending, and each mail's mark is on disk before the relay sees the next."""
    queue(engine, 4)
    journal = SentJournal(tmp_path / "judge.db.sent")
    assert journal.open()
    marks_seen: list[int] = []
    original = relay.handler.handle_DATA

    async def counting(server, session, envelope):  # noqa: ANN001, ANN202
        marks_seen.append(journal.path.read_bytes().count(b"\n"))
        return await original(server, session, envelope)

    relay.handler.handle_DATA = counting
    sender = OutboxSender(settings(relay.port), engine, "judge@example.org", journal=journal)
    blocker = engine.raw_connection()
    blocker.execute("BEGIN IMMEDIATE")
    try:
        assert sender.send_due() == 4
    finally:
        blocker.rollback()
        blocker.close()
    assert marks_seen == [0, 1, 2, 3]
    assert journal.fold(engine) == 4
    assert all(r.sent_at is not None for r in outbox(engine))


def test_due_mail_is_sent_and_marked(engine, relay: Relay) -> None:  # noqa: ANN001
    queue(engine, 5)
    sender = OutboxSender(settings(relay.port), engine, "judge@example.org")
    assert sender.send_due() == 5
    got = relay.messages
    assert [rcpts for _, rcpts, _ in got] == [[f"player{n}@example.com"] for n in range(5)]
    assert all(frm == "judge@example.org" for frm, _, _ in got)
    rows = outbox(engine)
    assert all(r.sent_at is not None and r.attempts == 1 for r in rows)
    ids = [email.message_from_bytes(raw)["Message-ID"] for _, _, raw in got]
    assert all(re.fullmatch(r"<judge\.[0-9a-f]{24}@example\.org>", i) for i in ids), ids
    assert len(set(ids)) == len(ids)  # one of its own for each mail
    assert [email.message_from_bytes(r.raw)["Message-ID"] for r in rows] == ids
    assert sender.send_due() == 0  # nothing sent twice


def test_relay_down_raises_and_keeps_mail(engine) -> None:  # noqa: ANN001
    queue(engine, 2)
    sender = OutboxSender(settings(free_port()), engine, "judge@example.org")
    with pytest.raises(RelayUnavailable):
        sender.send_due()
    assert all(r.sent_at is None for r in outbox(engine))


def test_outage_then_every_reply_delivered_once(engine) -> None:  # noqa: ANN001
    port = free_port()
    relay = Relay(port=port)  # not started: the relay is down
    stop = threading.Event()
    sender = OutboxSender(
        settings(port), engine, "judge@example.org", stop=stop, backoff_initial=0.1,
        backoff_max=0.4, idle_seconds=0.2,
    )  # fmt: skip
    thread = threading.Thread(target=sender.run, daemon=True)
    thread.start()
    try:
        queue(engine, 20)
        threading.Event().wait(1.5)  # several failed attempts while down
        assert not relay.messages and all(r.sent_at is None for r in outbox(engine))
        relay.start()
        queue(engine, 10, start=20)  # more replies arrive after the relay is back
        wait_for(lambda: len(relay.messages) >= 30, 20, what="all replies")
        threading.Event().wait(0.5)  # would expose a duplicate
    finally:
        stop.set()
        sender.wake.set()
        thread.join(10)
        relay.stop()
    subjects = [email.message_from_bytes(raw)["Subject"] for _, _, raw in relay.messages]
    assert sorted(subjects) == sorted(f"reply {n}" for n in range(30))
    assert all(r.sent_at is not None for r in outbox(engine))


def test_refused_mail_is_retried_later_not_lost(engine) -> None:  # noqa: ANN001
    class Refusing:
        async def handle_RCPT(self, server, session, envelope, address, options):  # noqa: ANN001, ANN201, N802
            return "450 4.2.0 mailbox busy"

    relay = Relay(port=free_port())
    relay.handler = Refusing()  # type: ignore[assignment]
    relay.start()
    try:
        queue(engine, 1)
        sender = OutboxSender(settings(relay.port), engine, "judge@example.org")
        assert sender.send_due() == 0
    finally:
        relay.stop()
    (row,) = outbox(engine)
    assert row.sent_at is None and row.attempts == 1
    assert "refused" in (row.last_error or "")
    assert row.next_attempt_at > row.created_at


@pytest.fixture
def tls_files(tmp_path: Path) -> tuple[str, str]:
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
         "-nodes", "-keyout", str(key), "-out", str(cert), "-days", "2", "-subj", "/CN=localhost",
         "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
        check=True, capture_output=True,
    )  # fmt: skip
    return str(cert), str(key)


def _auth(server, session, envelope, mechanism, auth_data) -> AuthResult:  # noqa: ANN001
    ok = auth_data.login == b"judge" and auth_data.password == b"s3cret"
    return AuthResult(success=ok, handled=False)


@pytest.mark.parametrize("mode", ["starttls", "ssl"])
def test_tls_and_auth(engine, tls_files: tuple[str, str], mode: str) -> None:  # noqa: ANN001
    import logging

    logging.getLogger("mail.log").setLevel(logging.ERROR)
    cert, key = tls_files
    server_ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    server_ctx.load_cert_chain(cert, key)
    if mode == "starttls":
        kwargs = {"tls_context": server_ctx, "require_starttls": True, "auth_require_tls": True}
    else:
        kwargs = {"ssl_context": server_ctx, "auth_require_tls": False}
    relay = Relay(authenticator=_auth, **kwargs).start()
    try:
        queue(engine, 2)
        good = settings(relay.port, tls=mode, cafile=cert, username="judge", password="s3cret")
        assert OutboxSender(good, engine, "judge@example.org").send_due() == 2
        queue(engine, 1, start=2)
        bad = settings(relay.port, tls=mode, cafile=cert, username="judge", password="wrong")
        with pytest.raises(RelayUnavailable):
            OutboxSender(bad, engine, "judge@example.org").send_due()
    finally:
        relay.stop()
    assert len(relay.messages) == 2
