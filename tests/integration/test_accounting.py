"""The standing accounting test of issue 9, against real `judge run` processes.

The promise: a mail acknowledged (SMTP 250) is stored, answered exactly once, and the
orders its reply lists are the ones adjudicated; every phase is processed once.

* Ten standard games with deadlines seconds apart and no delay before early
  processing, so phases are processed while order mail arrives; 800 order mails in
  bursts of 100 over four SMTP connections; the daemon SIGKILLed 30 times at random
  moments (seeded) and restarted; the senders resend what was not answered 250.
  Then :func:`accounting.account` checks everything from the database and the relay.
* A game master's signed PROCESS sent at the moment of the deadline, in several
  games: each phase is still processed (and reported) once.

Both run on SQLite (a file) and on PostgreSQL.
"""

from __future__ import annotations

import random
import shutil
import signal
import smtplib
import subprocess
import sys
import tempfile
import threading
import time
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.policy import SMTP
from pathlib import Path

import pytest
from accounting import JUDGE, VARIANTS, MailSender, OrderMail, account, describe
from games import OPENINGS
from rig import Relay, free_port, wait_for
from sqlmodel import Session, select
from test_deadline_daemon import make_game, sleep_until

from judge.demo.keys import DemoSigner
from judge.store.db import make_engine
from judge.store.mail import InboundMessage, OutboxMessage
from judge.store.models import GameReport
from tests.migrated import migrated_sqlite_file
from tests.scheduler.helpers import MASTER

ROOT = Path(__file__).resolve().parents[2]
SEED = 9
GAMES = 10
MAILS = 800
BURST = 100
KILLS = 30
RULES = "SET DEADLINE 1m GRACE 0 REMIND NONE DELAY 0"

pytestmark = [pytest.mark.reliability, pytest.mark.timeout(300)]


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A migrated database of each kind (copies of the session's templates)."""
    if request.param == "sqlite":
        return migrated_sqlite_file(tmp_path / "judge.db")
    return request.getfixturevalue("migrated_postgres_url")


class Daemon:
    """`judge run` on loopback (SMTP intake on ``port``), started and killed at will."""

    def __init__(self, tmp_path: Path, db_url: str, relay: Relay) -> None:
        self.port = free_port()
        self.state = tempfile.mkdtemp(prefix="ja-", dir="/tmp")  # short: gpg-agent socket
        self.config = tmp_path / "judge.toml"
        self.log = tmp_path / "judge.log"
        self.config.write_text(
            f"""
[judge]
address = "{JUDGE}"
state_dir = "{self.state}"
[database]
url = "{db_url}"
[inbound]
mode = "smtp"
[inbound.smtp]
port = {self.port}
[outbound]
port = {relay.port}
timeout_seconds = 5.0
[limits]
replies_per_sender_per_hour = 100000
"""
        )
        self.proc: subprocess.Popen | None = None
        self.starts = 0
        self.kills = 0

    def judge(self, *args: str) -> subprocess.CompletedProcess:
        """Run a `judge` command on this configuration."""
        cmd = [sys.executable, "-m", "judge", *args[:1], "--config", str(self.config), *args[1:]]
        return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=60)

    def start(self) -> None:
        offset = self.log.stat().st_size if self.log.exists() else 0
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "judge", "run", "--config", str(self.config)],
                cwd=ROOT,
                stdout=log,
                stderr=log,
            )
        self.starts += 1
        proc = self.proc

        def ready() -> bool:
            with open(self.log, "rb") as log:
                log.seek(offset)
                return b"judge daemon ready" in log.read() or proc.poll() is not None

        wait_for(ready, 30, what="the daemon to start")
        assert proc.poll() is None, self.tail()

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)
        self.proc = None
        self.kills += 1

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.send_signal(signal.SIGTERM)
            code = self.proc.wait(30)
            self.proc = None
            assert code == 0, self.tail()

    def cleanup(self) -> None:
        """Kill what is still running; remove the state directory (the keyring)."""
        if self.proc is not None:
            self.kill()
        gpg_home = Path(self.state, "gnupg")
        subprocess.run(["gpgconf", "--homedir", str(gpg_home), "--kill", "all"], check=False,
                       capture_output=True)  # fmt: skip
        shutil.rmtree(self.state, ignore_errors=True)

    def tail(self) -> str:
        return self.log.read_text(errors="replace")[-3000:]


def settled(engine, relay: Relay) -> tuple[int, int, int]:  # noqa: ANN001
    """(stored, outbox, reports) once every stored mail is processed and every outbox
    row sent and at the relay; raises AssertionError (for wait_for) otherwise."""
    with Session(engine) as s:
        statuses = list(s.exec(select(InboundMessage.status)))
        outbox = list(s.exec(select(OutboxMessage.sent_at)))
        reports = len(list(s.exec(select(GameReport.id))))
    if any(st == "pending" for st in statuses) or any(t is None for t in outbox):
        return (-1, -1, -1)
    if len(relay.messages) < len(outbox):
        return (-1, -1, -1)
    return (len(statuses), len(outbox), reports)


def wait_quiet(engine, relay: Relay, quiet: float = 2.0, timeout: float = 90) -> None:  # noqa: ANN001
    """Wait until nothing is pending and nothing changed for ``quiet`` seconds (early
    processing after the last mail, its reports, their delivery)."""
    end = time.monotonic() + timeout
    last, since = None, time.monotonic()
    while time.monotonic() < end:
        now = settled(engine, relay)
        if now != last or now[0] < 0:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= quiet:
            return
        time.sleep(0.2)
    raise AssertionError(f"the judge did not settle: {settled(engine, relay)}")


def test_acknowledged_orders_are_adjudicated_through_sigkills_and_bursts(
    tmp_path: Path, database: str, relay: Relay
) -> None:
    rng = random.Random(SEED)
    engine = make_engine(database)
    t0 = datetime.now(UTC)
    for g in range(GAMES):  # first deadlines 8 s to 35 s from now, then every minute
        make_game(engine, f"acct{g}", RULES, deadline=t0 + timedelta(seconds=8 + 3 * g))
    powers = list(OPENINGS)
    mails = [
        OrderMail(n, f"acct{rng.randrange(GAMES)}", rng.choice(powers), rng.choice(VARIANTS))
        for n in range(MAILS)
    ]
    bursts = [mails[i : i + BURST] for i in range(0, MAILS, BURST)]
    # Bursts start right after some restarts, spread over the kills.
    burst_at = {round(i * KILLS / len(bursts)): b for i, b in enumerate(bursts)}
    daemon = Daemon(tmp_path, database, relay)
    sender = MailSender(daemon.port).start()
    started = time.monotonic()
    try:
        for k in range(KILLS):
            daemon.start()
            if k in burst_at:
                sender.put(burst_at[k])
            time.sleep(rng.uniform(0.05, 1.0))
            daemon.kill()
        daemon.start()
        wait_for(lambda: len(sender.acked) == MAILS, 90, what="every mail acknowledged")
        wait_quiet(engine, relay)
        daemon.stop()
    finally:
        sender.stop()
        daemon.cleanup()
    elapsed = time.monotonic() - started
    acc = account(engine, relay.messages, sender.acked)
    engine.dispose()
    print(
        f"\n{database.split(':')[0]}: {daemon.kills} kills, {sender.resends} resends, "
        f"{acc.stored} stored, {acc.acknowledged} power-phases acknowledged, "
        f"{acc.phases} phases reported, {len(acc.violations)} violations, {elapsed:.0f} s"
    )
    assert daemon.kills >= KILLS
    assert acc.stored == MAILS
    assert acc.phases >= GAMES, "too few phases were processed to test anything"
    assert not acc.violations, describe(acc)


def master_mail(signer: DemoSigner, game: str, word: str) -> bytes:
    """The game master's clear-signed ``GAME <game>`` / ``<word> S1901M`` mail."""
    msg = EmailMessage()
    msg["From"] = MASTER
    msg["To"] = JUDGE
    msg["Subject"] = "process"
    msg["Message-ID"] = f"<race-{game}-{word}@masters.test>"
    text = f"GAME {game}\n{word} S1901M\n"
    msg.set_content(signer.clearsign(text).decode("utf-8"), cte="quoted-printable")
    return msg.as_bytes(policy=SMTP)


RACE_GAMES = 8
# Each game gets three PROCESS mails around its deadline (seconds): the keyword's case
# differs so that each mail carries its own signature.
RACE_OFFSETS = {"PROCESS": -0.03, "process": 0.0, "Process": 0.03}


def prepare_race(engine, daemon: Daemon, tmp_path: Path) -> list[tuple[datetime, bytes]]:  # noqa: ANN001
    """Register the master's key, make the games, sign the mails; return (when to
    send, mail) in time order."""
    signer = DemoSigner("Race Master", MASTER)
    try:
        key = tmp_path / "master.asc"
        key.write_bytes(signer.public_key())
        added = daemon.judge("gm", "add", MASTER, str(key))
        assert added.returncode == 0, added.stderr
        names = [f"race{g}" for g in range(RACE_GAMES)]
        mails = {(n, w): master_mail(signer, n, w) for n in names for w in RACE_OFFSETS}
    finally:
        signer.close()
    t0 = datetime.now(UTC)  # the daemon starts in about two seconds
    deadlines = {name: t0 + timedelta(seconds=6 + 1.5 * g) for g, name in enumerate(names)}
    for name, deadline in deadlines.items():
        make_game(engine, name, RULES, deadline=deadline)
    return sorted(
        (deadlines[name] + timedelta(seconds=RACE_OFFSETS[word]), raw)
        for (name, word), raw in mails.items()
    )


def test_a_masters_process_at_the_deadline_processes_the_phase_once(
    tmp_path: Path, database: str, relay: Relay
) -> None:
    engine = make_engine(database)
    daemon = Daemon(tmp_path, database, relay)
    try:
        plan = prepare_race(engine, daemon, tmp_path)
        daemon.start()
        assert datetime.now(UTC) < plan[0][0] - timedelta(seconds=1), "the daemon started late"

        def send(at: datetime, raw: bytes) -> None:
            sleep_until(at)
            with smtplib.SMTP("127.0.0.1", daemon.port, timeout=30) as smtp:
                smtp.sendmail(MASTER, [JUDGE], raw)

        threads = [threading.Thread(target=send, args=(at, raw)) for at, raw in plan]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        wait_quiet(engine, relay)
        daemon.stop()
    finally:
        daemon.cleanup()
    acc = account(engine, relay.messages, set())
    engine.dispose()
    log = daemon.log.read_text()
    by_runner = log.count("S1901M processed (grace)")
    replies = [raw for _, _, raw in relay.messages if b"In-Reply-To: <race-" in raw]
    by_master = sum(b"S1901M processed and the results" in raw for raw in replies)
    print(
        f"\n{database.split(':')[0]}: {RACE_GAMES} games, processed by the runner "
        f"{by_runner}, by the master {by_master}; {len(acc.violations)} violations"
    )
    assert acc.stored == len(plan)
    assert acc.phases == RACE_GAMES, describe(acc)
    assert not acc.violations, describe(acc)
