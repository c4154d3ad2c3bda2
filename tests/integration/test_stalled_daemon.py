"""One of two daemons on one PostgreSQL stalls inside a processing batch (its machine
frozen or cut off: the connection stays open, the transaction idle): the other daemon's
mail is processed within seconds, not once the stalled one wakes (found by probing: the
processing lock of the stalled batch held every daemon's mail for as long as the
stall, hours for a machine lost, whose connection the server keeps until TCP gives up).

The server ends a transaction left idle for ``idle_in_transaction_session_timeout``
(the judge sets it: ``judge.store.db.IDLE_IN_TRANSACTION_MS``, here one second); the stalled
daemon's batch is rolled back, and when it wakes it finds its connection gone, takes
that as a database error to retry, and every mail is applied and answered once.

The stall is ``pausing_batch.py``'s pause inside a batch; A's mails are stored before
it starts, so that its first batch holds them all.
"""

from __future__ import annotations

import os
import smtplib
import subprocess
import sys
import time
from pathlib import Path

import pytest
from accounting import assert_answered_once
from mails import JUDGE, order_mail
from rig import Relay, free_port, wait_for
from sqlmodel import Session, select

from judge.store.db import make_engine
from judge.store.mail import InboundMessage, store_inbound

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
STALL_S = 20.0  # how long daemon A sleeps inside its batch
SHORT = {"IDLE_IN_TRANSACTION_MS": "1000"}

pytestmark = [pytest.mark.timeout(180), pytest.mark.reliability]


def _daemon(tmp: Path, url: str, relay: Relay, env: dict[str, str]) -> tuple[int, subprocess.Popen]:
    """`judge run` (under pausing_batch.py) with SMTP intake; (its port, the process)."""
    tmp.mkdir()
    port = free_port()
    config = tmp / "judge.toml"
    config.write_text(
        f'[judge]\naddress = "{JUDGE}"\nstate_dir = "{tmp}"\n[database]\nurl = "{url}"\n'
        f'[inbound]\nmode = "smtp"\n[inbound.smtp]\nport = {port}\n'
        f"[outbound]\nport = {relay.port}\ntimeout_seconds = 5.0\n"
        f"[limits]\nreplies_per_sender_per_hour = 1000\n"
    )
    full = dict(os.environ, **env)
    full["PYTHONPATH"] = os.pathsep.join([str(HERE), str(ROOT), full.get("PYTHONPATH", "")])
    log_path = tmp / "judge.log"
    cmd = [sys.executable, str(HERE / "pausing_batch.py"), "run", "--config", str(config)]
    with open(log_path, "ab") as log:
        proc = subprocess.Popen(cmd, cwd=ROOT, env=full, stdout=log, stderr=log)
    wait_for(lambda: b"judge daemon ready" in log_path.read_bytes() or proc.poll() is not None,
             60, what="the daemon to start")  # fmt: skip
    assert proc.poll() is None, log_path.read_text()[-3000:]
    return port, proc


def _store(engine, numbers: range) -> None:  # noqa: ANN001
    with Session(engine) as s:
        for n in numbers:
            raw = order_mail(n, sender=f"p{n}@example.com", body="HELP\n")
            assert store_inbound(s, raw, "smtp") is not None


def _send(port: int, numbers: range) -> None:
    with smtplib.SMTP("127.0.0.1", port, timeout=30) as smtp:
        for n in numbers:
            sender = f"p{n}@example.com"
            smtp.sendmail(sender, [JUDGE], order_mail(n, sender=sender, body="HELP\n"))


def _log_has(tmp: Path, text: str) -> bool:
    return text.encode() in (tmp / "judge.log").read_bytes()


def _handled(engine, numbers: range) -> int:  # noqa: ANN001
    keys = {f"mid:<order-{n}@example.com>" for n in numbers}
    with Session(engine) as s:
        rows = s.exec(select(InboundMessage.message_key, InboundMessage.status)).all()
    return sum(1 for key, status in rows if key in keys and status != "pending")


def test_a_stalled_daemon_does_not_hold_up_the_others_mail(
    tmp_path: Path, relay: Relay, migrated_postgres_url: str
) -> None:
    url = migrated_postgres_url
    engine = make_engine(url)
    marker = tmp_path / "stalled"
    stall = {"PAUSE_FILE": str(marker), "PAUSE_AFTER": "2", "PAUSE_SECONDS": str(STALL_S)}
    mine, theirs, later = range(0, 5), range(100, 110), range(200, 201)
    _store(engine, mine)
    procs = []
    try:
        port_a, a = _daemon(tmp_path / "a", url, relay, {**stall, **SHORT})
        procs.append(a)
        wait_for(marker.exists, 60, what="daemon A stalled inside a batch")
        port_b, b = _daemon(tmp_path / "b", url, relay, SHORT)
        procs.append(b)
        sent = time.monotonic()
        _send(port_b, theirs)
        wait_for(lambda: _handled(engine, theirs) == len(theirs), 60, what="B's mails")
        took = time.monotonic() - sent
        assert took < 8, f"B's mails waited {took:.1f} s for the stalled batch"
        wait_for(lambda: _handled(engine, mine) == len(mine), 60, what="A's mails, by B")
        b.terminate()
        assert b.wait(30) == 0
        # A wakes to a connection the server has closed: its processor carries on
        wait_for(
            lambda: _log_has(tmp_path / "a", "IdleInTransactionSessionTimeout"),
            STALL_S + 30,
            what="A awake",
        )
        _send(port_a, later)
        wait_for(lambda: _handled(engine, later) == len(later), 30, what="A's next mail")
        time.sleep(1)  # any second application of a mail would show now
    finally:
        for proc in procs:
            proc.kill()
            proc.wait(10)
    print(f"\nB's mails handled {took:.1f} s after they were sent (A stalls {STALL_S} s)")
    every = [*mine, *theirs, *later]
    assert_answered_once(engine, (f"<order-{n}@example.com>" for n in every))
    engine.dispose()
