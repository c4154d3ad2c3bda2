"""Deadlines through the real daemon: `judge run` as a subprocess, mail in over its own
SMTP server on loopback, mail out to an aiosmtpd relay that records it.

* a daemon stopped (SIGTERM) before a deadline and started again after it processes
  the phase at once, and the report reaches the relay exactly once;
* reminders, late notices, grace expiry (process and wait) and early processing
  after the last order mail happen on time in a running daemon.

Game rows are set up directly in the database; the daemon reads them when it starts
and again after each mail it handles.  Spans are seconds, so the tests wait for real,
but never on a guess about how fast the machine is: they wait for conditions (with
generous time limits), check "nothing before its time" on the times the outbox rows
were written, and check "nothing twice" after the daemon has gone through every game
once more (a deadline run counted in its debug log after a mail that asks for one).
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
from email.message import EmailMessage
from pathlib import Path

import pytest
from games import OPENINGS, Seat2, orders_mail
from rig import Relay, free_port, wait_for
from sqlmodel import Session, select

from judge.clock.planner import notice_label
from judge.game.games import Seat
from judge.store.mail import OUT_PENDING, OutboxMessage
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


def start_judge(
    tmp_path: Path, db_url: str, relay: Relay, smtp_port: int, *, verbose: bool = False
) -> subprocess.Popen:
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
        [sys.executable, "-m", "judge", "run", "--config", str(config)]
        + (["--verbose"] if verbose else []),
        cwd=ROOT,
        env=dict(os.environ),
        stdout=log,
        stderr=log,
    )
    wait_for(
        lambda: b"judge daemon ready" in (tmp_path / "judge.log").read_bytes() or proc.poll(),
        60,
        what="the daemon to start",
    )
    assert proc.poll() is None, (tmp_path / "judge.log").read_text()
    return proc


def stop_judge(proc: subprocess.Popen, tmp_path: Path) -> None:
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(60) == 0, (tmp_path / "judge.log").read_text()


def subjects(relay: Relay) -> list[str]:
    return [
        str(email.message_from_bytes(raw, policy=policy.default)["Subject"])
        for _, _, raw in relay.messages
    ]


def about(relay: Relay, game: str, kind: str) -> list[str]:
    """Subjects of the relayed mail about ``game`` whose subject ends with ``kind``."""
    return [s for s in subjects(relay) if f":{game} - " in s and s.endswith(kind)]


def deadline_runs(tmp_path: Path) -> int:
    """How many deadline runs the daemon (started with ``verbose``) has finished."""
    return (tmp_path / "judge.log").read_text().count("next deadline run at")


def nudge(port: int, n: int) -> None:
    """Mail the daemon something it stores and never answers (an automatic reply):
    handling it makes the daemon look at every game again."""
    msg = EmailMessage()
    msg["From"] = "robot@elsewhere.example.com"
    msg["To"] = JUDGE
    msg["Subject"] = "Out of office"
    msg["Auto-Submitted"] = "auto-replied"
    msg["Message-ID"] = f"<nudge-{n}@elsewhere.example.com>"
    msg.set_content("I am away.\n")
    with smtplib.SMTP("127.0.0.1", port, timeout=30) as smtp:
        smtp.send_message(msg)


def one_more_full_run(tmp_path: Path, port: int) -> None:
    """Return once a deadline run that started after this call has finished: a run
    may be under way now, so wait for two more, each asked for by a mail."""
    before = deadline_runs(tmp_path)
    for n in (1, 2):
        nudge(port, n)
        wait_for(lambda n=n: deadline_runs(tmp_path) >= before + n, 60, what=f"deadline run {n}")


def queued_at(engine, game: str) -> list[datetime]:  # noqa: ANN001
    """When each outbox row of ``game`` was written (UTC)."""
    with Session(engine) as session:
        rows = session.exec(select(OutboxMessage).where(OutboxMessage.game == game)).all()
    return [r.created_at.replace(tzinfo=r.created_at.tzinfo or UTC) for r in rows]


def outbox_drained(engine) -> bool:  # noqa: ANN001
    """True when every mail the daemon queued has been handed to the relay."""
    with Session(engine) as session:
        rows = session.exec(select(OutboxMessage)).all()
    return all(r.state != OUT_PENDING for r in rows)


def sleep_until(moment: datetime) -> None:
    left = (moment - datetime.now(UTC)).total_seconds()
    if left > 0:
        time.sleep(left)


def test_a_deadline_passed_while_the_judge_was_down_is_processed_once_on_restart(
    tmp_path: Path, db_url: str, engine, relay: Relay
) -> None:  # noqa: ANN001
    make_game(
        engine,
        "downtime",
        "SET DEADLINE GRACE 0 REMIND NONE",
        deadline=datetime.now(UTC) + timedelta(hours=1),
    )
    port = free_port()

    proc = start_judge(tmp_path, db_url, relay, port, verbose=True)
    wait_for(lambda: deadline_runs(tmp_path) >= 1, 60, what="the first deadline run")
    stop_judge(proc, tmp_path)
    assert game_row(engine, "downtime").number == 0
    assert relay.messages == []

    # While the judge is down, the deadline comes closer and passes (the daemon keeps
    # no plan of its own: it reads the deadline from the game when it starts).
    deadline = datetime.now(UTC) + timedelta(seconds=1)
    with Session(engine) as session:
        game = session.exec(select(Game).where(Game.name == "downtime")).one()
        game.deadline = deadline
        session.add(game)
        session.commit()
    sleep_until(deadline + timedelta(seconds=1))

    proc = start_judge(tmp_path, db_url, relay, port, verbose=True)
    try:
        wait_for(lambda: len(relay.messages) >= 9, 60, what="the report to everyone")
        one_more_full_run(tmp_path, port)  # a second run or report would show by now
        wait_for(lambda: outbox_drained(engine), 60, what="the outbox to be sent")
        reports = about(relay, "downtime", "Results")
        assert reports == ["JUDGE:downtime - S1901M Results"] * 9, subjects(relay)
        assert len(relay.messages) == 9
        assert all(at > deadline for at in queued_at(engine, "downtime"))
        game = game_row(engine, "downtime")
        assert (game.number, game.phase) == (1, "F1901M")
        with Session(engine) as session:
            stored = session.exec(select(GameReport).where(GameReport.game_id == game.id)).all()
        assert [r.phase for r in stored] == ["S1901M"]
    finally:
        stop_judge(proc, tmp_path)
    assert "game downtime: S1901M processed (grace)" in (tmp_path / "judge.log").read_text()


def make_timed_games(engine, event: datetime) -> None:  # noqa: ANN001
    """Four games with something due at ``event``: a reminder, late notices, and the
    end of a grace period that processes the phase or waits for the master."""
    long_ago = event - timedelta(hours=1)
    # reminder one minute before a deadline 1 min after the event
    make_game(
        engine,
        "remind",
        "SET DEADLINE REMIND 1m",
        deadline=event + timedelta(minutes=1),
        processed_at=long_ago,
    )
    # deadline at the event, one minute of grace: late notices at the deadline
    make_game(engine, "late", "SET DEADLINE GRACE 1m REMIND NONE", deadline=event)
    # grace that ends at the event: process, or wait for the master
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


def test_reminders_late_notices_grace_and_early_processing_happen_on_time(
    tmp_path: Path, db_url: str, engine, relay: Relay
) -> None:  # noqa: ANN001
    t0 = datetime.now(UTC)
    # no delay after the last orders: processed as soon as the seventh mail is read
    make_game(
        engine,
        "early",
        "SET TIMING DELAY 0",
        deadline=t0 + timedelta(days=2),
        processed_at=t0,
    )
    port = free_port()
    proc = start_judge(tmp_path, db_url, relay, port, verbose=True)
    try:
        # The timed games come once the daemon runs, their moment a few seconds
        # ahead; the daemon reads them after the next mail it handles.
        event = datetime.now(UTC) + timedelta(seconds=6)
        make_timed_games(engine, event)
        with smtplib.SMTP("127.0.0.1", port) as smtp:
            for n, power in enumerate(OPENINGS):
                s = seat("early", power)
                smtp.sendmail(s.address, [JUDGE], orders_mail(n, s))
        wait_for(lambda: len(about(relay, "early", "Results")) == 9, 60, what="early results")
        assert game_row(engine, "early").number == 1

        wait_for(lambda: len(about(relay, "remind", "Reminder")) == 7, 60, what="reminders")
        # njudge's subject: "... Late Notice: AEF" names the late powers (issue 28)
        late = lambda: [s for s in about(relay, "late", "") if "Late Notice" in s]  # noqa: E731
        wait_for(lambda: len(late()) == 9, 60, what="late notices")
        wait_for(lambda: len(about(relay, "graced", "Results")) == 9, 60, what="grace results")
        wait_for(lambda: about(relay, "waiting", "Master"), 60, what="word to the master")
        one_more_full_run(tmp_path, port)  # nothing is sent twice
        wait_for(lambda: outbox_drained(engine), 60, what="the outbox to be sent")
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
        # Nothing before its time: every mail of these games was written at the event
        # or later (its report or notice), whenever the test looked.
        for name in ("remind", "late", "graced", "waiting"):
            times = queued_at(engine, name)
            assert times, f"{name}: nothing queued"
            early = [t for t in times if t < event]
            assert not early, f"{name}: mail written {event - min(early)} before its time"
    finally:
        stop_judge(proc, tmp_path)
    log = (tmp_path / "judge.log").read_text()
    assert "game early: S1901M processed (early)" in log
    assert "game remind: S1901M reminder to" in log
