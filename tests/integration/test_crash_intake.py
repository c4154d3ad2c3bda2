"""SIGKILL while mail is being received, then a restart: nothing lost, nothing twice.

The daemon runs under ``slow_intake.py``, which pauses after each mail is committed
and before it is acknowledged (SMTP ``250``) or moved out of the inbox (IMAP), so
that the kill lands with mails in that window.  The SMTP clients resend what was
never acknowledged, as a sending MTA does.
"""

from __future__ import annotations

import email
import os
import queue
import signal
import smtplib
import socket
import subprocess
import sys
import threading
from collections import Counter
from pathlib import Path

import pytest
from imapclient import IMAPClient
from mails import JUDGE, order_mail
from rig import PASSWORD, Dovecot, Relay, free_port, wait_for
from sqlmodel import Session, select

from judge.store.mail import InboundMessage, OutboxMessage

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
COUNT = 200
CLIENTS = 4

pytestmark = pytest.mark.timeout(240)


def start_daemon(config_text: str, tmp_path: Path, delay: float) -> subprocess.Popen:
    """The daemon with the stand-in processor, pausing ``delay`` s after each store."""
    config_path = tmp_path / "judge.toml"
    config_path.write_text(config_text)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(HERE), str(ROOT), env.get("PYTHONPATH", "")])
    env["INTAKE_DELAY"] = str(delay)
    log = open(tmp_path / "daemon.log", "ab")  # noqa: SIM115
    cmd = [sys.executable, str(HERE / "slow_intake.py"), "run", "--config", str(config_path)]
    cmd += ["--processor", "standin:process_inbound", "-v"]
    return subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log, stderr=log)


def base_config(db_url: str, relay: Relay) -> str:
    return f"""
[judge]
address = "{JUDGE}"
[database]
url = "{db_url}"
[outbound]
port = {relay.port}
timeout_seconds = 5.0
"""


def stored_keys(engine) -> list[str]:  # noqa: ANN001
    with Session(engine) as s:
        return list(s.exec(select(InboundMessage.message_key)))


def all_done(engine) -> bool:  # noqa: ANN001
    """Every mail stored, processed and answered through the relay."""
    with Session(engine) as s:
        statuses = list(s.exec(select(InboundMessage.status)))
        sent = s.exec(select(OutboxMessage.id).where(OutboxMessage.sent_at.is_not(None))).all()
    return statuses.count("processed") == COUNT and len(sent) == COUNT


def key(n: int) -> str:
    return f"mid:<order-{n}@example.com>"


def kill(proc: subprocess.Popen) -> None:
    proc.send_signal(signal.SIGKILL)
    proc.wait(10)


def stop(proc: subprocess.Popen, tmp_path: Path) -> None:
    proc.send_signal(signal.SIGTERM)
    code = proc.wait(30)
    assert code == 0, (tmp_path / "daemon.log").read_text()[-3000:]


def assert_answered_once(engine, relay: Relay) -> None:  # noqa: ANN001
    """One stored row, one processing and one reply per mail; the relay got them all."""
    with Session(engine) as s:
        inbound = list(s.exec(select(InboundMessage)))
        outbox = list(s.exec(select(OutboxMessage)))
    assert sorted(r.message_key for r in inbound) == sorted(key(n) for n in range(COUNT))
    assert all(r.status == "processed" for r in inbound)
    replied_to = Counter(email.message_from_bytes(r.raw)["In-Reply-To"] for r in outbox)
    assert replied_to == Counter({f"<order-{n}@example.com>": 1 for n in range(COUNT)})
    wait_for(
        lambda: (
            len({email.message_from_bytes(m[2])["Message-ID"] for m in relay.messages}) == COUNT
        ),
        30,
        what="every reply at the relay",
    )


def deliver(port: int, n: int) -> bytes:
    """Send order mail ``n``; return the server's answer to DATA (raises unless 250)."""
    with smtplib.SMTP("127.0.0.1", port, timeout=30) as smtp:
        smtp.ehlo()
        smtp.mail(f"player{n % 7}@example.com")
        smtp.rcpt(JUDGE)
        code, message = smtp.data(order_mail(n))
    if code != 250:
        raise smtplib.SMTPDataError(code, message)
    return message


def listening(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False


def test_sigkill_during_smtp_intake(tmp_path: Path, relay: Relay, db_url: str, engine) -> None:  # noqa: ANN001
    port = free_port()
    config = (
        base_config(db_url, relay) + f'[inbound]\nmode = "smtp"\n[inbound.smtp]\nport = {port}\n'
    )
    proc = start_daemon(config, tmp_path, delay=0.2)
    acked: set[int] = set()
    todo: queue.Queue[int] = queue.Queue()
    for n in range(COUNT):
        todo.put(n)

    def client() -> None:
        """Send until the server goes away, as one connection of a sending MTA."""
        while True:
            try:
                n = todo.get_nowait()
            except queue.Empty:
                return
            try:
                deliver(port, n)
            except (OSError, smtplib.SMTPException):
                return  # not acknowledged: resent after the restart
            acked.add(n)

    try:
        wait_for(lambda: listening(port), 30, what="the judge's SMTP server")
        clients = [threading.Thread(target=client) for _ in range(CLIENTS)]
        for thread in clients:
            thread.start()
        wait_for(lambda: len(stored_keys(engine)) >= 60, 60, what="60 mails stored")
    finally:
        kill(proc)
    for thread in clients:
        thread.join(60)
    at_kill = set(stored_keys(engine))
    # Every mail answered 250 was durably stored before the answer.
    assert {key(n) for n in acked} <= at_kill
    # The kill landed with mails stored but not acknowledged, and with mails unsent.
    in_window = {n for n in range(COUNT) if key(n) in at_kill and n not in acked}
    assert in_window, (len(acked), len(at_kill))
    assert len(at_kill) < COUNT

    proc = start_daemon(config, tmp_path, delay=0.0)
    try:
        wait_for(lambda: listening(port), 30, what="the restarted SMTP server")
        answers = {n: deliver(port, n) for n in range(COUNT) if n not in acked}
        wait_for(lambda: all_done(engine), 90, what="all 200 processed and answered")
    finally:
        stop(proc, tmp_path)
    # The resent mails that were already stored are recognised by their Message-ID.
    assert {n for n, a in answers.items() if a.startswith(b"2.0.0 Already stored")} == in_window
    assert_answered_once(engine, relay)


def test_sigkill_during_imap_intake(
    tmp_path: Path, dovecot: Dovecot, mailbox_user: str, imap: IMAPClient, relay: Relay,
    db_url: str, engine,
) -> None:  # noqa: ANN001  # fmt: skip
    for n in range(COUNT):
        imap.append("INBOX", order_mail(n))
    config = base_config(db_url, relay) + (
        f'[inbound]\nmode = "imap"\n[inbound.imap]\nport = {dovecot.imap_port}\n'
        f'username = "{mailbox_user}"\npassword = "{PASSWORD}"\npoll_seconds = 5.0\n'
    )
    proc = start_daemon(config, tmp_path, delay=0.02)
    try:
        wait_for(lambda: len(stored_keys(engine)) >= 30, 60, what="30 mails stored")
    finally:
        kill(proc)
    stored = len(stored_keys(engine))
    # Killed in the middle of a fetched batch: stored mails are still in the inbox.
    assert stored < COUNT
    assert imap.folder_status("INBOX", [b"MESSAGES"])[b"MESSAGES"] == COUNT

    proc = start_daemon(config, tmp_path, delay=0.0)
    try:
        wait_for(lambda: all_done(engine), 90, what="all 200 processed and answered")
    finally:
        stop(proc, tmp_path)
    assert_answered_once(engine, relay)
    assert imap.folder_status("INBOX", [b"MESSAGES"])[b"MESSAGES"] == 0
    assert imap.folder_status("Processed", [b"MESSAGES"])[b"MESSAGES"] == COUNT
