"""Several `judge run` daemons on one database (issue 25, item 5), with real processes.

* Three daemons on one PostgreSQL database, each with its own SMTP intake, take
  bursts of order and press mail for several games whose deadlines coincide; one
  daemon is SIGKILLed in the middle of a burst and started again later.  Then the
  whole accounting of :func:`accounting.account` (every acknowledged mail stored
  once and answered once, every phase reported once, the orders acknowledged are
  the orders adjudicated), each press mail delivered once, and no outbox row at
  the relay twice beyond the documented window (the mail in hand when a daemon is
  killed).
* PostgreSQL restarted (``pg_ctl restart -m fast``) in the middle of a burst, at the
  moment the games' deadlines fall: everything is processed and delivered within a
  minute of the restart, with the same accounting.
* On SQLite a second daemon on the same database refuses to start, with the reason.
"""

from __future__ import annotations

import email
import random
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from email import policy
from email.message import EmailMessage
from pathlib import Path

import pytest
from accounting import DOMAIN, JUDGE, VARIANTS, MailSender, OrderMail, account, describe
from games import OPENINGS
from rig import Relay, wait_for
from sqlalchemy.exc import OperationalError
from sqlmodel import Session, select
from test_accounting import Daemon, settled, wait_quiet
from test_deadline_daemon import make_game, sleep_until

from judge.store.db import make_engine, migrate
from judge.store.mail import OutboxMessage
from judge.store.models import GameReport
from tests.conftest import _create_database
from tests.pgserver import PostgresServer

pytestmark = [pytest.mark.reliability, pytest.mark.timeout(300)]

SEED = 25
GAMES = 6
BURST = 60  # mails in each burst
# the first deadline is set by the test; the next is an hour later: the test ends
# before it (no phase is processed while the daemons stop)
RULES = "SET DEADLINE 1h GRACE 0 REMIND NONE DELAY 0"
POWERS = list(OPENINGS)


class PressMail(OrderMail):
    """A press mail from ``power`` of ``game`` to the next power, with a token of its own
    in its text (``variant`` unused)."""

    @property
    def message_id(self) -> str:
        return f"<press-{self.n}.{self.game}.{self.power}@{DOMAIN}>"

    @property
    def token(self) -> str:
        return f"token-{self.n}-{self.game}"

    def raw(self) -> bytes:
        to = POWERS[(POWERS.index(self.power) + 1) % len(POWERS)]
        msg = EmailMessage()
        msg["From"] = self.address
        msg["To"] = JUDGE
        msg["Subject"] = f"press {self.n}"
        msg["Message-ID"] = self.message_id
        signon = f"SIGNON {self.power[0].upper()}{self.game} pw{self.power[:3]}"
        body = [signon, f"PRESS TO {to}", f"Hello from {self.power}, {self.token}.", "ENDPRESS"]
        msg.set_content("\n".join(body) + "\n")
        return msg.as_bytes(policy=policy.SMTP)


def mails(rng: random.Random, games: list[str], count: int, start: int) -> list[OrderMail]:
    """``count`` mails numbered from ``start``: orders, and press one time in six."""
    out: list[OrderMail] = []
    for n in range(start, start + count):
        kind = PressMail if rng.random() < 1 / 6 else OrderMail
        out.append(kind(n, rng.choice(games), rng.choice(POWERS), rng.choice(VARIANTS)))
    return out


def order_acks(senders: list[MailSender], bursts: list[list[OrderMail]]) -> set[int]:
    """The numbers of the order mails (not press) the daemons answered 250."""
    orders = {m.n for b in bursts for m in b if not isinstance(m, PressMail)}
    return orders.intersection(*[set().union(*(s.acked for s in senders))])


def check_delivery(engine, relay: Relay, press: list[OrderMail], window: int) -> list[str]:  # noqa: ANN001
    """What went wrong in delivery: a press mail not relayed exactly once (by distinct
    Message-ID, to its one recipient), an outbox row not at the relay, or more copies at
    the relay than ``window`` allows (a mail in hand when a daemon was killed)."""
    wrong: list[str] = []
    with Session(engine) as s:
        outbox = list(s.exec(select(OutboxMessage)))
    at_relay = Counter(
        str(email.message_from_bytes(raw, policy=policy.default)["Message-ID"])
        for _, _, raw in relay.messages
    )
    for row in outbox:
        mid = str(email.message_from_bytes(row.raw, policy=policy.default)["Message-ID"])
        if at_relay[mid] == 0:
            wrong.append(f"outbox {row.id} ({row.state}) never reached the relay")
    extra = sum(count - 1 for count in at_relay.values())
    if extra > window:
        wrong.append(f"{extra} copies at the relay beyond the first (window {window})")
    for mail in press:
        assert isinstance(mail, PressMail)
        token = mail.token.encode()
        rows = [r for r in outbox if token in r.raw and b"Press from" in r.raw]
        relayed = {mid for mid, c in at_relay.items() if c and any(mid == _mid(r) for r in rows)}
        if len(rows) != 1 or len(relayed) != 1:
            wrong.append(f"press {mail.n}: {len(rows)} outbox rows, {len(relayed)} relayed")
    return wrong


def _mid(row: OutboxMessage) -> str:
    return str(email.message_from_bytes(row.raw, policy=policy.default)["Message-ID"])


def all_done(engine, relay: Relay) -> bool:  # noqa: ANN001
    """Every stored mail handled, every game past S1901M, every outbox row sent and at
    the relay (False while the database cannot be read)."""
    try:
        stored, outbox, _ = settled(engine, relay)
        with Session(engine) as s:
            spring = s.exec(select(GameReport.id).where(GameReport.phase == "S1901M"))
            return stored >= 0 and outbox >= 0 and len(list(spring)) >= GAMES
    except OperationalError:
        return False


def start_all(daemons: list[Daemon]) -> None:
    for daemon in daemons:
        daemon.start()


def stop_all(daemons: list[Daemon]) -> None:
    for daemon in daemons:
        daemon.stop()


def cleanup_all(daemons: list[Daemon], senders: list[MailSender]) -> None:
    for sender in senders:
        sender.stop()
    for daemon in daemons:
        daemon.cleanup()


def report(label: str, acc, wrong: list[str], elapsed: float) -> None:  # noqa: ANN001
    print(
        f"\n{label}: {acc.stored} stored, {acc.acknowledged} power-phases acknowledged, "
        f"{acc.phases} phases reported, {len(acc.violations)} violations, "
        f"{len(wrong)} delivery faults, {elapsed:.0f} s"
    )


def test_three_daemons_on_one_postgresql_apply_and_send_each_mail_once(
    tmp_path: Path, migrated_postgres_url: str, relay: Relay
) -> None:
    rng = random.Random(SEED)
    engine = make_engine(migrated_postgres_url)
    games = [f"many{g}" for g in range(GAMES)]
    deadline = datetime.now(UTC) + timedelta(seconds=20)  # the same for every game
    for name in games:
        make_game(engine, name, RULES, deadline=deadline)
    for i in range(3):
        (tmp_path / f"d{i}").mkdir()
    daemons = [Daemon(tmp_path / f"d{i}", migrated_postgres_url, relay) for i in range(3)]
    senders = [MailSender(d.port, clients=2).start() for d in daemons]
    bursts = [mails(rng, games, BURST, BURST * b) for b in range(3)]
    started = time.monotonic()
    try:
        start_all(daemons)
        for number, burst in enumerate(bursts):
            for i, mail in enumerate(burst):
                senders[i % 3].put([mail])
            if number == 1:  # the second daemon dies in the middle of this burst
                time.sleep(rng.uniform(1.0, 2.0))
                daemons[1].kill()
                sleep_until(deadline + timedelta(seconds=2))
                daemons[1].start()
            wait_for(lambda: sum(s.pending() for s in senders) == 0, 120, what="the burst")
        wait_for(lambda: sum(len(s.acked) for s in senders) == 3 * BURST, 120,
                 what="every mail acknowledged")  # fmt: skip
        wait_quiet(engine, relay, quiet=3.0)
        stop_all(daemons)
    finally:
        cleanup_all(daemons, senders)
    acc = account(engine, relay.messages, order_acks(senders, bursts))
    press = [m for b in bursts for m in b if isinstance(m, PressMail)]
    wrong = check_delivery(engine, relay, press, window=1)
    engine.dispose()
    report("three daemons", acc, wrong, time.monotonic() - started)
    assert acc.stored == 3 * BURST
    assert acc.phases >= GAMES, "too few phases were processed to test anything"
    assert not acc.violations, describe(acc)
    assert not wrong, wrong


@pytest.fixture
def own_postgres() -> Iterator[PostgresServer]:
    """A PostgreSQL server of the test's own (it is restarted; the session's is not)."""
    server = PostgresServer(fsync=False)
    server.start()
    yield server
    server.stop()


def test_everything_is_processed_within_a_minute_of_a_postgresql_restart(
    tmp_path: Path, own_postgres: PostgresServer, relay: Relay
) -> None:
    url = _create_database(own_postgres.port)
    migrate(url)
    rng = random.Random(SEED + 1)
    engine = make_engine(url)
    games = [f"restart{g}" for g in range(GAMES)]
    deadline = datetime.now(UTC) + timedelta(seconds=15)
    for name in games:
        make_game(engine, name, RULES, deadline=deadline)
    for i in range(2):
        (tmp_path / f"d{i}").mkdir()
    daemons = [Daemon(tmp_path / f"d{i}", url, relay) for i in range(2)]
    senders = [MailSender(d.port, clients=2).start() for d in daemons]
    burst = mails(rng, games, 200, 0)
    started = time.monotonic()
    try:
        start_all(daemons)
        sleep_until(deadline - timedelta(seconds=4))
        for i, mail in enumerate(burst):
            senders[i % 2].put([mail])
        sleep_until(deadline)  # the deadlines fall and the burst is going in
        own_postgres.restart()
        restarted = time.monotonic()
        wait_for(lambda: sum(len(s.acked) for s in senders) == len(burst), 60,
                 what="every mail acknowledged")  # fmt: skip
        wait_for(lambda: all_done(engine, relay), 60 - (time.monotonic() - restarted),
                 what="every mail handled, S1901M reported, the outbox sent")  # fmt: skip
        settled_after = time.monotonic() - restarted
        wait_quiet(engine, relay, quiet=3.0)
        stop_all(daemons)
    finally:
        cleanup_all(daemons, senders)
    acc = account(engine, relay.messages, order_acks(senders, [burst]))
    press = [m for m in burst if isinstance(m, PressMail)]
    wrong = check_delivery(engine, relay, press, window=0)
    engine.dispose()
    report(f"restart (settled {settled_after:.0f} s after it)", acc, wrong,
           time.monotonic() - started)  # fmt: skip
    assert acc.phases >= GAMES, describe(acc)
    assert not acc.violations, describe(acc)
    assert not wrong, wrong


def test_a_second_daemon_on_one_sqlite_database_refuses_to_start(
    tmp_path: Path, db_url: str, relay: Relay
) -> None:
    for i in range(2):
        (tmp_path / f"d{i}").mkdir()
    first, second = (Daemon(tmp_path / f"d{i}", db_url, relay) for i in range(2))
    try:
        first.start()
        refused = subprocess.run(
            [sys.executable, "-m", "judge", "run", "--config", str(second.config)],
            cwd=Path(__file__).resolve().parents[2],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert refused.returncode != 0
        assert "another judge daemon is already running" in refused.stderr
        assert "use PostgreSQL" in refused.stderr
        assert first.proc is not None and first.proc.poll() is None  # the first runs on
        first.kill()  # a SIGKILL leaves no stale lock behind
        second.start()
        second.stop()
    finally:
        first.cleanup()
        second.cleanup()
