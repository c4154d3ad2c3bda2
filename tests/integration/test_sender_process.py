"""The sender in a process of its own (judge.runners.sender_process), with real processes:
it sends and folds its marks, it is restarted when it dies, and it dies with a killed daemon."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from rig import Relay, wait_for
from sqlmodel import Session, select
from test_sender import queue

from judge.config import Config
from judge.runners import sender_process
from judge.runners.sender_process import SenderProcess
from judge.store.mail import SENT, OutboxMessage

pytestmark = pytest.mark.timeout(120)


def sender_config(db_url: str, relay: Relay) -> Config:
    config = Config()
    config.judge.address = "judge@example.org"
    config.database.url = db_url
    config.outbound.port = relay.port
    config.outbound.timeout_seconds = 5.0
    return config


def all_sent(engine) -> bool:  # noqa: ANN001
    with Session(engine) as s:
        return all(r.state == SENT for r in s.exec(select(OutboxMessage)))


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    # a zombie of ours still answers; its state in /proc tells
    stat = Path(f"/proc/{pid}/stat")
    return stat.exists() and stat.read_text().split(")")[-1].split()[0] == "Z"


def test_the_process_sends_the_outbox_and_folds_its_marks(engine, db_url, relay) -> None:  # noqa: ANN001
    queue(engine, 3)
    sender = SenderProcess(sender_config(db_url, relay))
    sender.start()
    try:
        wait_for(lambda: len(relay.messages) == 3, 30, what="three mails at the relay")
        wait_for(lambda: all_sent(engine), 10, what="the marks folded into the outbox")
        queue(engine, 2, start=3)
        sender.wake()
        wait_for(lambda: len(relay.messages) == 5, 10, what="the mails queued later")
        wait_for(lambda: all_sent(engine), 10, what="their marks folded")
    finally:
        pid = sender.pid
        sender.stop(10)
    assert pid is not None and gone(pid)
    assert Path(db_url.removeprefix("sqlite:///") + ".sent").read_bytes() == b""
    assert len(relay.messages) == 5  # each once


def test_a_killed_sender_process_is_started_again(
    engine,
    db_url,
    relay,
    monkeypatch: pytest.MonkeyPatch,  # noqa: ANN001
) -> None:
    monkeypatch.setattr(sender_process, "RESTART_INITIAL", 0.1)
    sender = SenderProcess(sender_config(db_url, relay))
    sender.start()
    try:
        first = wait_for(lambda: sender.pid, 10, what="the sender process")
        os.kill(first, signal.SIGKILL)
        wait_for(lambda: sender.pid not in (None, first), 20, what="a new sender process")
        assert sender.starts == 2
        queue(engine, 2)
        sender.wake()
        wait_for(lambda: len(relay.messages) == 2, 30, what="mail sent by the new process")
    finally:
        sender.stop(10)


DAEMON = """
import sys, time
from judge.config import Config
from judge.runners.sender_process import SenderProcess
config = Config()
config.database.url = sys.argv[1]
config.outbound.port = int(sys.argv[2])
sender = SenderProcess(config)
sender.start()
while sender.pid is None:
    time.sleep(0.05)
print(sender.pid, flush=True)
time.sleep(600)
"""


def test_the_sender_process_ends_when_its_daemon_is_killed(db_url, relay) -> None:  # noqa: ANN001
    """An orphaned sender would send beside the restarted daemon's: it must not outlive
    its parent, even a SIGKILLed one."""
    daemon = subprocess.Popen(
        [sys.executable, "-c", DAEMON, db_url, str(relay.port)], stdout=subprocess.PIPE, text=True
    )
    assert daemon.stdout is not None
    try:
        child = int(daemon.stdout.readline())
        assert not gone(child)
        daemon.kill()
        daemon.wait(10)
        wait_for(lambda: gone(child), 10, what="the sender process to end")
    finally:
        daemon.kill()


def test_a_storm_of_sigterms_ends_the_sender_process(engine, db_url, relay) -> None:  # noqa: ANN001
    """SIGTERM (also what the kernel sends when the daemon dies) ends the child after the
    mail in hand, however many arrive.  (The handler only writes to a pipe: one that set
    the events itself once hung for good when a second signal interrupted it inside an
    event's lock, in the accounting test on PostgreSQL; that race is too narrow for this
    test to hit reliably.)"""
    queue(engine, 40)
    sender = SenderProcess(sender_config(db_url, relay))
    sender.start()
    try:
        child = wait_for(lambda: sender.pid, 10, what="the sender process")
        wait_for(lambda: len(relay.messages) >= 1, 30, what="the sending to begin")
        for _ in range(200):
            try:
                os.kill(child, signal.SIGTERM)
            except ProcessLookupError:
                break
        wait_for(lambda: gone(child), 10, what="the sender process to end")
    finally:
        sender.stop(10)
