"""Memory has a bound: ten 30 MB mails through a real `judge run` (IMAP through Dovecot,
and its own SMTP server) keep the daemon's peak resident memory under 300 MiB."""

from __future__ import annotations

import smtplib
import socket
from pathlib import Path

import pytest
from imapclient import IMAPClient
from judge_proc import JUDGE, peak_rss_mib, start_judge, stop_judge, write_config
from rig import Dovecot, Relay, free_port, wait_for
from sqlmodel import Session, select

from judge.store.mail import InboundMessage

pytestmark = pytest.mark.timeout(300)

MIB = 1024 * 1024
COUNT = 10
BOUND_MIB = 300


def big_mail(n: int, size: int = 30 * MIB) -> bytes:
    """A mail of about ``size`` bytes: a SIGNON, then lines of attachment-like text."""
    head = (
        f"From: Player {n} <big{n}@example.com>\r\nTo: {JUDGE}\r\n"
        f"Subject: big {n}\r\nMessage-ID: <big-{n}@example.com>\r\n"
        "Content-Type: text/plain; charset=us-ascii\r\n\r\nSIGNON Fgame1 secret\r\n"
    ).encode()
    line = (b"%02d" % n) + b"x" * 74 + b"\r\n"
    return head + line * (size // len(line))


def statuses(engine) -> list[str]:  # noqa: ANN001
    with Session(engine) as s:
        return list(s.exec(select(InboundMessage.status)))


def test_ten_30mb_mails_through_imap(
    tmp_path: Path, dovecot: Dovecot, mailbox_user: str, imap: IMAPClient, relay: Relay,
    db_url: str, engine,
) -> None:  # noqa: ANN001  # fmt: skip
    for n in range(COUNT):
        imap.append("INBOX", big_mail(n))
    config = write_config(
        tmp_path / "judge.toml", db_url, relay.port, dovecot=dovecot, user=mailbox_user
    )
    proc = start_judge(config, tmp_path / "daemon.log")
    try:
        wait_for(lambda: statuses(engine).count("processed") == COUNT, 120, what="ten mails")
        wait_for(lambda: len(relay.messages) == COUNT, 30, what="ten replies")
        peak = peak_rss_mib(proc.pid)
    finally:
        stop_judge(proc)
    print(f"peak RSS {peak:.0f} MiB")
    assert peak < BOUND_MIB, f"peak RSS {peak:.0f} MiB"
    # Each was answered "too large"; only its header was kept.
    for _, _, raw in relay.messages:
        assert b"Nothing in it was read" in raw
    with Session(engine) as s:
        rows = list(s.exec(select(InboundMessage)))
    assert all(r.original_size and r.original_size > 30_000_000 for r in rows)
    assert all(len(r.raw) < 10_000 for r in rows)
    assert imap.folder_status("INBOX", [b"MESSAGES"])[b"MESSAGES"] == 0


def _send_raw(port: int, payload: bytes) -> tuple[int, bytes]:
    """MAIL, RCPT and DATA without a SIZE parameter: the server only learns the size
    while the data arrives."""
    with smtplib.SMTP("127.0.0.1", port, timeout=120) as smtp:
        smtp.ehlo()
        assert smtp.has_extn("size")
        smtp.docmd("MAIL FROM:<big@example.com>")
        smtp.docmd("RCPT TO:<judge@example.org>")
        return smtp.data(payload)


def test_ten_30mb_mails_through_smtp(tmp_path: Path, relay: Relay, db_url: str, engine) -> None:  # noqa: ANN001
    port = free_port()
    config = write_config(tmp_path / "judge.toml", db_url, relay.port, smtp_port=port)
    proc = start_judge(config, tmp_path / "daemon.log")
    try:
        codes = [_send_raw(port, big_mail(n))[0] for n in range(COUNT)]
        # After them a small mail is taken and answered as usual.
        code, _ = _send_raw(port, big_mail(99, size=10_000))
        wait_for(lambda: len(relay.messages) == 1, 30, what="the small mail's reply")
        peak = peak_rss_mib(proc.pid)
        assert proc.poll() is None
    finally:
        stop_judge(proc)
    assert codes == [552] * COUNT  # over [limits] max_message_bytes: refused, never held
    assert code == 250
    assert statuses(engine) == ["processed"]
    print(f"peak RSS {peak:.0f} MiB")
    assert peak < BOUND_MIB, f"peak RSS {peak:.0f} MiB"


def test_smtp_size_is_announced_and_refused_before_data(
    tmp_path: Path, relay: Relay, db_url: str
) -> None:  # noqa: ANN001
    port = free_port()
    config = write_config(tmp_path / "judge.toml", db_url, relay.port, smtp_port=port)
    proc = start_judge(config, tmp_path / "daemon.log")
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=10):
            pass
        with smtplib.SMTP("127.0.0.1", port, timeout=30) as smtp:
            smtp.ehlo()
            assert int(smtp.esmtp_features["size"]) == 2_000_000
            code, msg = smtp.docmd("MAIL FROM:<big@example.com> SIZE=31457280")
    finally:
        stop_judge(proc)
    assert code == 552, msg
