"""Deadlines through the real daemon: `judge run` as a subprocess, mail in over its own
SMTP server on loopback, mail out to an aiosmtpd relay that records it.

* a daemon stopped (SIGTERM) before a deadline and started again after it processes
  the phase at once, and the report reaches the relay exactly once;
* reminders, late notices, grace expiry (process and wait) and early processing
  after the last order mail happen on time in a running daemon.

Game rows are set up directly in the database before the daemon starts (the
daemon rebuilds its plans from the database); spans are seconds, so the test
waits for real.
"""

from __future__ import annotations

import email
import os
import signal
import smtplib
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from email import policy
from pathlib import Path

import pytest
from games import OPENINGS, Seat2, orders_mail
from rig import Relay, free_port, wait_for
from sqlmodel import Session, select

from judge.clock.planner import notice_label
from judge.game.games import Seat
from judge.store.models import AT_GRACE_WAIT, Game, GameReport, NoticeSent
from tests.scheduler.helpers import new_game

ROOT = Path(__file__).resolve().parents[2]
JUDGE = "judge@example.org"

pytestmark = pytest.mark.timeout(120)


def seat(game: str, power: str) -> Seat2:
    return Seat2(game, power, f"{power}.{game}@players.example.com", f"pw{power[:3]}")


def make_game(engine, name: str, rules: str, **fields: object) -> None:  # noqa: ANN001
    """A standard game at its start whose players can SIGNON with orders_mail."""
    seats = [seat(name, p) for p in OPENINGS]
    fields.setdefault("processed_at", datetime.now(UTC) - timedelta(hours=2))
    new_game(
        engine,
        name,
        rules=rules,
        seats=[Seat(s.power, s.address, s.password) for s in seats],
        **fields,
    )


def game_row(engine, name: str) -> Game:  # noqa: ANN001
    with Session(engine, expire_on_commit=False) as session:
        return session.exec(select(Game).where(Game.name == name)).one()


def start_judge(tmp_path: Path, db_url: str, relay: Relay, smtp_port: int) -> subprocess.Popen:
    config = tmp_path / "judge.toml"
    config.write_text(
        f"""
[judge]
address = "{JUDGE}"
[database]
url = "{db_url}"
[inbound]
mode = "smtp"
[inbound.smtp]
port = {smtp_port}
[outbound]
port = {relay.port}
timeout_seconds = 5.0
"""
    )
    log = open(tmp_path / "judge.log", "ab")  # noqa: SIM115
    proc = subprocess.Popen(
        [sys.executable, "-m", "judge", "run", "--config", str(config)],
        cwd=ROOT,
        env=dict(os.environ),
        stdout=log,
        stderr=log,
    )
    wait_for(
        lambda: b"judge daemon ready" in (tmp_path / "judge.log").read_bytes() or proc.poll(),
        30,
        what="the daemon to start",
    )
    assert proc.poll() is None, (tmp_path / "judge.log").read_text()
    return proc


def stop_judge(proc: subprocess.Popen, tmp_path: Path) -> None:
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(30) == 0, (tmp_path / "judge.log").read_text()


def subjects(relay: Relay) -> list[str]:
    return [
        str(email.message_from_bytes(raw, policy=policy.default)["Subject"])
        for _, _, raw in relay.messages
    ]


def about(relay: Relay, game: str, kind: str) -> list[str]:
    """Subjects of the relayed mail about ``game`` whose subject ends with ``kind``."""
    return [s for s in subjects(relay) if f":{game} - " in s and s.endswith(kind)]


def sleep_until(moment: datetime) -> None:
    left = (moment - datetime.now(UTC)).total_seconds()
    if left > 0:
        time.sleep(left)


def test_a_deadline_passed_while_the_judge_was_down_is_processed_once_on_restart(
    tmp_path: Path, db_url: str, engine, relay: Relay
) -> None:  # noqa: ANN001
    deadline = datetime.now(UTC) + timedelta(seconds=8)
    make_game(engine, "downtime", "SET DEADLINE GRACE 0 REMIND NONE", deadline=deadline)
    port = free_port()

    proc = start_judge(tmp_path, db_url, relay, port)
    assert datetime.now(UTC) < deadline - timedelta(seconds=1), "the daemon started too slowly"
    stop_judge(proc, tmp_path)
    assert game_row(engine, "downtime").number == 0
    assert relay.messages == []

    sleep_until(deadline + timedelta(seconds=1))
    proc = start_judge(tmp_path, db_url, relay, port)
    try:
        wait_for(lambda: len(relay.messages) >= 9, 20, what="the report to everyone")
        time.sleep(2)  # a second run or a second report would show by now
        reports = about(relay, "downtime", "Results")
        assert reports == ["JUDGE:downtime - S1901M Results"] * 9, subjects(relay)
        assert len(relay.messages) == 9
        game = game_row(engine, "downtime")
        assert (game.number, game.phase) == (1, "F1901M")
        with Session(engine) as session:
            stored = session.exec(select(GameReport).where(GameReport.game_id == game.id)).all()
        assert [r.phase for r in stored] == ["S1901M"]
    finally:
        stop_judge(proc, tmp_path)
    assert "game downtime: S1901M processed (grace)" in (tmp_path / "judge.log").read_text()


def test_reminders_late_notices_grace_and_early_processing_happen_on_time(
    tmp_path: Path, db_url: str, engine, relay: Relay
) -> None:  # noqa: ANN001
    t0 = datetime.now(UTC)
    event = t0 + timedelta(seconds=10)  # after the daemon has started
    long_ago = event - timedelta(hours=1)
    # reminder one minute before a deadline 10 s + 1 min away
    make_game(
        engine,
        "remind",
        "SET DEADLINE REMIND 1m",
        deadline=event + timedelta(minutes=1),
        processed_at=long_ago,
    )
    # deadline in 10 s, one minute of grace: late notices at the deadline
    make_game(engine, "late", "SET DEADLINE GRACE 1m REMIND NONE", deadline=event)
    # grace that ends in 10 s: process, or wait for the master
    for name, at_grace in (("graced", "process"), ("waiting", AT_GRACE_WAIT)):
        make_game(
            engine,
            name,
            "SET DEADLINE GRACE 1h REMIND NONE",
            deadline=event - timedelta(hours=1),
            grace_until=event,
            at_grace=at_grace,
        )
        with Session(engine) as session:  # its late notice went out at the deadline
            game_id = session.exec(select(Game.id).where(Game.name == name)).one()
            label = notice_label(event - timedelta(hours=1))
            session.add(NoticeSent(game_id=game_id, number=0, kind="late", label=label))
            session.commit()
    # no delay after the last orders: processed as soon as the seventh mail is read
    make_game(
        engine,
        "early",
        "SET TIMING DELAY 0",
        deadline=t0 + timedelta(days=2),
        processed_at=t0,
    )
    port = free_port()
    proc = start_judge(tmp_path, db_url, relay, port)
    try:
        with smtplib.SMTP("127.0.0.1", port) as smtp:
            for n, power in enumerate(OPENINGS):
                s = seat("early", power)
                smtp.sendmail(s.address, [JUDGE], orders_mail(n, s))
        wait_for(lambda: len(about(relay, "early", "Results")) == 9, 20, what="early results")
        assert game_row(engine, "early").number == 1

        sleep_until(event - timedelta(seconds=2))
        for name in ("remind", "late", "graced", "waiting"):
            assert about(relay, name, "") == [], f"{name}: mail before its time"

        wait_for(lambda: len(about(relay, "remind", "Reminder")) == 7, 15, what="reminders")
        wait_for(lambda: len(about(relay, "late", "Late Notice")) == 9, 15, what="late notices")
        wait_for(lambda: len(about(relay, "graced", "Results")) == 9, 15, what="grace results")
        wait_for(lambda: about(relay, "waiting", "Master"), 15, what="word to the master")
        time.sleep(2)  # nothing is sent twice
        assert len(about(relay, "remind", "")) == 7
        assert len(about(relay, "late", "")) == 9
        late_to_players = [s for s in about(relay, "late", "") if s.startswith("[You are late!]")]
        assert len(late_to_players) == 7
        assert len(about(relay, "graced", "")) == 9
        assert about(relay, "waiting", "") == ["JUDGE:waiting - S1901M Waiting for the Master"]
        assert game_row(engine, "graced").number == 1
        waiting = game_row(engine, "waiting")
        assert waiting.waiting_for_master and waiting.number == 0
        assert game_row(engine, "late").grace_until is not None
    finally:
        stop_judge(proc, tmp_path)
    log = (tmp_path / "judge.log").read_text()
    assert "game early: S1901M processed (early)" in log
    assert "game remind: S1901M reminder to" in log
