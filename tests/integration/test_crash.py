"""A real daemon process killed with SIGKILL in the middle of 200 order mails, then
restarted: every mail is stored once and answered once."""

from __future__ import annotations

import email
import os
import signal
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from accounting import assert_answered_once
from games import OPENINGS, orders_mail, setup_games
from imapclient import IMAPClient
from judge_proc import write_config
from mails import order_mail
from rig import Dovecot, Relay, wait_for
from sqlmodel import Session, select

from judge.store.mail import InboundMessage, OutboxMessage
from judge.store.models import Order

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
COUNT = 200

pytestmark = pytest.mark.timeout(240)


def start_daemon(config_path: Path, log_path: Path, real: bool) -> subprocess.Popen:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(HERE), str(ROOT), env.get("PYTHONPATH", "")])
    env["STANDIN_DELAY"] = "0.01"  # so that the kill lands in the middle
    log = open(log_path, "ab")  # noqa: SIM115
    cmd = [sys.executable, "-m", "judge", "run", "--config", str(config_path)]
    cmd += ["-v"] if real else ["--processor", "standin:process_inbound", "-v"]
    return subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log, stderr=log)


def counts(engine) -> tuple[int, int, int]:  # noqa: ANN001
    """(stored, processed, sent)"""
    with Session(engine) as s:
        rows = list(s.exec(select(InboundMessage.status)))
        sent = list(s.exec(select(OutboxMessage.id).where(OutboxMessage.sent_at.is_not(None))))
    return len(rows), sum(1 for st in rows if st == "processed"), len(sent)


@pytest.mark.parametrize("processor", ["stand-in", "real"])
def test_sigkill_in_the_middle_loses_nothing_and_repeats_nothing(
    tmp_path: Path, dovecot: Dovecot, mailbox_user: str, imap: IMAPClient, relay: Relay,
    db_url: str, engine, processor: str,
) -> None:  # noqa: ANN001  # fmt: skip
    real = processor == "real"
    expected_orders = 0
    if real:  # 200 order mails for the powers of 20 running games
        seats = setup_games(engine, 20)
        for n in range(COUNT):
            seat = seats[n % len(seats)]
            imap.append("INBOX", orders_mail(n, seat))
            expected_orders += len(OPENINGS[seat.power])
    else:
        for n in range(COUNT):
            imap.append("INBOX", order_mail(n))
    prefix = "orders" if real else "order"
    domain = "players.example.com" if real else "example.com"
    config_path = tmp_path / "judge.toml"
    write_config(config_path, db_url, relay.port, dovecot=dovecot, user=mailbox_user)
    log_path = tmp_path / "daemon.log"

    kills = []
    for threshold in (40, 120):
        proc = start_daemon(config_path, log_path, real)
        try:  # the relay's count: the outbox learns of sent mail up to a second later
            wait_for(lambda t=threshold: delivered_now(relay) >= t, 60, what=f"{threshold} replies")
        finally:
            proc.send_signal(signal.SIGKILL)
            proc.wait(10)
        kills.append((*counts(engine), delivered_now(relay)))
    # The kills really happened in the middle of the work.
    assert all(delivered < COUNT for *_, delivered in kills), kills

    proc = start_daemon(config_path, log_path, real)
    try:
        wait_for(lambda: counts(engine) == (COUNT, COUNT, COUNT), 90, what="all 200 answered")
        wait_for(lambda: len({_mid(r) for r in relay.messages}) == COUNT, 30, what="relay")
    finally:
        proc.send_signal(signal.SIGTERM)
        code = proc.wait(30)
    assert code == 0, log_path.read_text()[-3000:]

    # Exactly one reply per mail in the outbox (the effect was committed once).
    assert_answered_once(engine, (f"<{prefix}-{n}@{domain}>" for n in range(COUNT)))
    if real:  # every order applied exactly once
        with Session(engine) as s:
            assert len(list(s.exec(select(Order.id)))) == expected_orders
    # The relay got every reply; a reply handed over in the instant of a kill may come
    # twice (at-least-once), recognisable by its identical Message-ID.
    delivered = Counter(_mid(raw) for raw in relay.messages)
    assert len(delivered) == COUNT
    duplicates = sum(c - 1 for c in delivered.values())
    print(f"at the kills (stored, processed, sent, delivered): {kills}; duplicates: {duplicates}")
    assert duplicates <= len(kills), delivered.most_common(3)
    assert imap.folder_status("INBOX", [b"MESSAGES"])[b"MESSAGES"] == 0
    assert imap.folder_status("Processed", [b"MESSAGES"])[b"MESSAGES"] == COUNT


def delivered_now(relay: Relay) -> int:
    """How many different replies the relay has got so far."""
    return len({_mid(r) for r in relay.messages})


def _mid(item) -> str:  # noqa: ANN001
    raw = item[2] if isinstance(item, tuple) else item
    return email.message_from_bytes(raw)["Message-ID"]
