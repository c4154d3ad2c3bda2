"""A double mail after a crash, made on purpose: the real `judge run` (and its sender
process) is killed (SIGKILL) while the relay holds a reply it has read in full but not
yet acknowledged; restarted, the judge sends that reply again, as it must (it cannot
ask the relay whether the mail went through: SMTP has no such question).  The copy is
the same bytes, with the same Message-ID, so that mail programs and filters drop it,
and it is the only copy."""

from __future__ import annotations

import email
import os
import signal
import smtplib
import subprocess
import threading
from pathlib import Path

import pytest
from judge_proc import start_judge, stop_judge, write_config
from mails import order_mail
from rig import Relay, free_port, wait_for

pytestmark = pytest.mark.timeout(120)


class KillingRelay:
    """Records each mail; at the first, kills ``pids`` before it answers 250."""

    def __init__(self) -> None:
        self.messages: list[bytes] = []
        self.lock = threading.Lock()
        self.pids: list[int] = []

    async def handle_DATA(self, server, session, envelope) -> str:  # noqa: ANN001, N802
        with self.lock:
            self.messages.append(envelope.original_content)
            first = len(self.messages) == 1
        if first:
            for pid in self.pids:
                os.kill(pid, signal.SIGKILL)
        return "250 OK"


def _family(pid: int) -> list[int]:
    """``pid`` and its children (the daemon and its sender process)."""
    out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    return [pid, *map(int, out.split())]


def test_a_reply_sent_again_after_a_kill_is_the_same_mail(tmp_path: Path) -> None:
    db_url = f"sqlite:///{tmp_path / 'judge.db'}"
    intake = free_port()
    relay = Relay()
    handler = KillingRelay()
    relay.handler = handler  # type: ignore[assignment]
    relay.start()
    config = write_config(tmp_path / "judge.toml", db_url, relay.port, smtp_port=intake)
    proc = start_judge(config, tmp_path / "judge.log")
    try:
        handler.pids = _family(proc.pid)
        assert len(handler.pids) == 2  # the daemon and its sender process
        with smtplib.SMTP("127.0.0.1", intake, timeout=10) as smtp:
            smtp.sendmail("p1@example.com", ["judge@example.org"], order_mail(1, body="HELP\n"))
        wait_for(lambda: proc.poll() is not None, 30, what="the kill")
        proc = start_judge(config, tmp_path / "judge.log")
        wait_for(lambda: len(handler.messages) == 2, 30, what="the reply sent again")
        threading.Event().wait(2)  # and no third copy
    finally:
        stop_judge(proc)
        relay.stop()
    first, again = handler.messages
    assert first == again  # the same bytes
    assert email.message_from_bytes(first)["Message-ID"]
    assert len(handler.messages) == 2
