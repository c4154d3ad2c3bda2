"""SIGKILL inside a processing batch (several mails in one transaction, a savepoint
each), then a restart: the batch's mails were not committed, so they are processed
again, once; nothing is lost and nothing is done or answered twice (a reply the
sender had in hand at the kill may reach the relay twice, as a copy with the same
Message-ID: the sender's documented at-least-once window).

The daemon runs under ``pausing_batch.py``, which stops the processor in the middle of
a batch (mails processed and their replies written, the transaction still open) so
that the kill lands exactly there.
"""

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
from rig import Dovecot, Relay, wait_for
from sqlmodel import Session, select

from judge.store.mail import InboundMessage, OutboxMessage
from judge.store.models import Order

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
COUNT = 120

pytestmark = [pytest.mark.timeout(240), pytest.mark.reliability]


def start_daemon(config_path: Path, log_path: Path, marker: Path | None) -> subprocess.Popen:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(HERE), str(ROOT), env.get("PYTHONPATH", "")])
    env.pop("PAUSE_FILE", None)
    if marker is not None:
        env["PAUSE_FILE"], env["PAUSE_AFTER"] = str(marker), "30"
    log = open(log_path, "ab")  # noqa: SIM115
    cmd = [sys.executable, str(HERE / "pausing_batch.py"), "run", "--config", str(config_path)]
    return subprocess.Popen([*cmd, "-v"], cwd=ROOT, env=env, stdout=log, stderr=log)


def committed(engine) -> tuple[int, int, int]:  # noqa: ANN001
    """(processed mails, replies in the outbox, orders) as committed."""
    with Session(engine) as s:
        processed = s.exec(select(InboundMessage.id).where(InboundMessage.status == "processed"))
        return (
            len(processed.all()),
            len(s.exec(select(OutboxMessage.id)).all()),
            len(s.exec(select(Order.id)).all()),
        )


def delivered_ids(relay: Relay) -> Counter:
    """How many copies of each Message-ID the relay received."""
    return Counter(email.message_from_bytes(m[2])["Message-ID"] for m in relay.messages)


def test_sigkill_inside_a_batch_loses_nothing_and_repeats_nothing(
    tmp_path: Path, dovecot: Dovecot, mailbox_user: str, imap: IMAPClient, relay: Relay,
    db_url: str, engine,
) -> None:  # noqa: ANN001  # fmt: skip
    seats = setup_games(engine, 20)
    expected_orders = 0
    for n in range(COUNT):
        seat = seats[n % len(seats)]
        imap.append("INBOX", orders_mail(n, seat))
        expected_orders += len(OPENINGS[seat.power])
    config_path = tmp_path / "judge.toml"
    write_config(config_path, db_url, relay.port, dovecot=dovecot, user=mailbox_user)
    log_path = tmp_path / "daemon.log"
    marker = tmp_path / "paused"
    proc = start_daemon(config_path, log_path, marker)
    try:
        wait_for(marker.exists, 120, what="the processor paused inside a batch")
        wait_for(lambda: marker.read_text() != "", 10, what="the marker written")
        handled, in_batch = (int(n) for n in marker.read_text().split())
        processed, replies, orders = committed(engine)  # read while the batch is open
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    assert in_batch >= 2
    # The open batch's mails had been processed, yet none of their work is visible:
    # not their status, replies or orders; the batches before it were committed.
    assert processed == handled - in_batch and handled < COUNT
    assert committed(engine) == (processed, replies, orders)
    assert replies == processed  # one reply per committed mail, none for the others

    proc = start_daemon(config_path, log_path, None)
    try:
        wait_for(lambda: committed(engine)[0] == COUNT, 120, what="every mail processed")
        wait_for(lambda: len(delivered_ids(relay)) >= COUNT, 60, what="every reply at the relay")
    finally:
        proc.send_signal(signal.SIGTERM)
        code = proc.wait(30)
    assert code == 0, log_path.read_text()[-3000:]

    assert_answered_once(engine, (f"<orders-{n}@players.example.com>" for n in range(COUNT)))
    assert committed(engine)[2] == expected_orders  # every order applied exactly once
    delivered = delivered_ids(relay)
    assert len(delivered) == COUNT
    # The sender hands one mail at a time to the relay and commits it as sent at once;
    # killed in between (here: waiting for the write lock the open batch holds), that
    # one mail goes again after the restart, with the same Message-ID (at-least-once,
    # judge.runners.sender): at most one mail twice, none more often.
    again = [mid for mid, copies in delivered.items() if copies > 1]
    assert len(again) <= 1 and max(delivered.values()) <= 2, delivered.most_common(3)
    assert imap.folder_status("INBOX", [b"MESSAGES"])[b"MESSAGES"] == 0
